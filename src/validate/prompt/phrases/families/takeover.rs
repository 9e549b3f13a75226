//! Taking over the model's instructions: overriding them, giving it a new role or new orders, and the urgent wrappers such orders come in.

use super::super::Family;
use super::super::Lang::{De, En, Es, Fa, Fr, It, Ja, Ko, Nl, Pl, Pt, Ru, Tr, Zh};

/// Family 1: override earlier instructions.
pub(super) const OVERRIDE: Family = Family {
    name: "override earlier instructions",
    patterns: &[
        (
            En,
            "ignore|disregard|forget|override|bypass [all] [of] \
             [the|your|any|my|these|those] \
             previous|prior|above|earlier|preceding|former|system|original|existing \
             instructions|instruction|prompts|prompt|rules|directions|directives|\
             guidelines|context|messages",
        ),
        (
            En,
            "ignore|disregard|forget|override|bypass [all] [of] the|these|those|your|any \
             instructions|instruction|prompts|prompt|rules|directions|directives|\
             guidelines|messages above|before|earlier|so+far",
        ),
        (
            Es,
            "ignor*|olvid*|omit*|descart*|desestim* ~3 \
             instrucci*|indicaciones|reglas|ordenes|órdenes|directrices ~1 \
             anterior*|previa*|precedente*|arriba",
        ),
        (
            De,
            "ignorier*|vergiss|vergessen|missachte*|übergeh* ~3 \
             vorherig*|bisherig*|obig*|vorangegangen*|früher*|vorigen|alten|ursprünglich* \
             anweisung*|instruktion*|befehl*|regeln|vorgaben|anordnungen",
        ),
        (
            De,
            "anweisung*|instruktion*|befehl*|regeln ~2 oben|zuvor|vorher|bisher ~1 \
             ignorieren|vergessen|missachten",
        ),
        (
            Fr,
            "ignore*|oublie*|néglige*|neglige*|écarte*|ecarte* ~3 \
             instruction*|consigne*|directive*|règles|regles|ordres ~1 \
             précédent*|precedent*|antérieur*|anterieur*|ci+dessus|plus+haut|d+avant",
        ),
        (
            Ru,
            "игнориру*|проигнориру*|забудь*|отбрось*|не+обращай* ~3 \
             предыдущ*|прежн*|вышеуказанн*|прошл*|ранее|выше|исходн* ~1 \
             инструкци*|указани*|правил*|команд*|промпт*|директив*",
        ),
        (
            Ru,
            "игнориру*|проигнориру*|забудь* ~3 инструкци*|указани*|правил* выше|ранее",
        ),
        (
            Pt,
            "ignor*|esqueç*|esquec*|desconsider*|descart* ~3 \
             instruç*|instruc*|orientaç*|regras|ordens|diretrizes ~1 \
             anterior*|prévia*|previa*|acima|precedente*",
        ),
        (
            It,
            "ignor*|dimentic*|trascur*|non+considerare ~3 \
             istruzion*|indicazion*|regole|direttive|ordini ~1 \
             precedent*|anterior*|sopra|di+sopra",
        ),
        (
            Nl,
            "negeer|negeren|vergeet|vergeten ~3 \
             vorige|eerdere|voorgaande|bovenstaande|oude|oorspronkelijke ~1 \
             instructies|instructie|aanwijzingen|opdrachten|regels|prompts",
        ),
        (
            Pl,
            "zignoruj*|ignoruj*|zapomnij*|pomiń|pomin ~3 \
             poprzedni*|wcześniejsz*|wczesniejsz*|powyższ*|powyzsz*|dotychczasow* ~1 \
             instrukcj*|polece*|zasad*|reguł*|regul*|wytyczn*",
        ),
        (
            Tr,
            "önceki|onceki|yukaridaki|eski|tüm ~2 talimat*|kural*|yönerge*|yonerge* ~2 \
             yoksay*|görmezden|gormezden|unut",
        ),
        (
            Zh,
            "忽略|无视|無視|忽视|忽視|忘记|忘記|不要理会|不理会|跳过|跳過 ~4 \
             之前|以上|上面|先前|前面|上述|此前|以前|原来|原來|原有|系统|系統 ~4 \
             指令|指示|说明|說明|规则|規則|提示词|提示詞|命令",
        ),
        (
            Ja,
            "以前|前|上記|これまで|今まで|先ほど|先程|既存|元|最初 ~4 \
             指示|命令|ルール|指令|プロンプト ~6 無視|忘れ|破棄",
        ),
        (
            Ko,
            "이전|위의|위에|앞의|앞선|기존|지금까지|모든 ~6 지시|지침|명령|규칙|프롬프트 ~4 \
             무시|잊어|잊으",
        ),
        (
            Fa,
            "دستور*|رهنمود*|قوانین|قواعد|پیام* ~2 قبلی|پیشین|بالا|گذشته|قبل ~2 \
             نادیده|فراموش",
        ),
    ],
};

/// Family 2: you are now.
pub(super) const YOU_ARE_NOW: Family = Family {
    name: "you are now",
    patterns: &[
        (
            En,
            "you|u are|re now \
             !able|ready|connected|logged|signed|subscribed|registered|done|all+set|\
             using|viewing|browsing|in+the|on+the|leaving",
        ),
        (Es, "ahora eres|serás|seras !capaz|libre"),
        (Es, "eres|serás|seras ahora !capaz|libre"),
        (
            De,
            "du bist jetzt|nun|ab+sofort \
             !in+der+lage|fertig|angemeldet|eingeloggt|verbunden|bereit",
        ),
        (De, "ab|von jetzt|sofort [an] bist du"),
        (
            Fr,
            "tu|vous es|êtes|etes maintenant|désormais|desormais|dorénavant|dorenavant \
             !connecté*|connecte*|inscrit*|prêt*|pret*|abonné*|abonne*|en+mesure|capable*|libre*",
        ),
        (
            Ru,
            "ты теперь|отныне !можешь|сможешь|подключен*|зарегистрирован*|готов*",
        ),
        (
            Ru,
            "теперь|отныне ты !можешь|сможешь|подключен*|зарегистрирован*|готов*",
        ),
        (Pt, "agora você|voce|tu é|e|és|es !capaz|livre|pronto"),
        (Pt, "você|voce|tu agora é|e|és|es !capaz|livre|pronto"),
        (
            It,
            "ora|adesso|d+ora+in+poi sei|siete !in+grado|connesso*|registrat*|pront*|liber*",
        ),
        (
            Nl,
            "je|jij|u bent nu !ingelogd|verbonden|klaar|aangemeld|geregistreerd|in+staat",
        ),
        (Nl, "vanaf nu ben je|jij|u"),
        (
            Pl,
            "jesteś|jestes teraz \
             !zalogowan*|połączon*|polaczon*|gotow*|w+stanie|zarejestrowan*",
        ),
        (Pl, "od teraz|odtąd|odtad jesteś|jestes"),
        (Tr, "sen artik|şimdi|simdi"),
        (Tr, "artik|şimdi|simdi sen"),
        (
            Zh,
            "你现在|你現在|现在你|現在你|从现在起你|從現在起你|从现在开始你|從現在開始你 \
             是|扮演|成为|成為 !否",
        ),
        (Ja, "あなたは|君は|お前は 今から|これから|今後|もう"),
        (Ja, "今から|これから|今後 [は] あなたは|君は|お前は"),
        (Ko, "너는|당신은|넌 이제|지금부터|앞으로"),
        (Ko, "이제부터|지금부터 ~1 너는|당신은|넌"),
        (Fa, "تو|شما اکنون|الان|حالا !میتوانید|میتوانی"),
        (Fa, "از+این+پس|از+حالا+به+بعد تو|شما"),
    ],
};

/// Family 3: from now on you.
pub(super) const FROM_NOW_ON: Family = Family {
    name: "from now on you",
    patterns: &[(En, "from now on you")],
};

/// Family 15: new instructions:.
pub(super) const NEW_INSTRUCTIONS: Family = Family {
    name: "new instructions:",
    patterns: &[
        (
            En,
            "new|updated|revised|real|actual|true|secret|hidden \
             instructions|instruction|directive|directives|orders|rules|system+prompt :",
        ),
        (
            Es,
            "nuevas|actualizadas|verdaderas|reales|nueva|verdadera \
             instrucciones|instrucción|instruccion|indicaciones|órdenes|ordenes|reglas :",
        ),
        (
            Es,
            "instrucciones|indicaciones nuevas|actualizadas|reales|verdaderas :",
        ),
        (
            De,
            "neue|aktualisierte|eigentliche|echte|wahre|geheime \
             anweisungen|anweisung|instruktionen|befehle|regeln|vorgaben :",
        ),
        (
            Fr,
            "nouvelles|vraies|véritables|veritables|nouvelle|vraie|secrètes|secretes \
             instructions|instruction|consignes|consigne|directives|règles|regles :",
        ),
        (
            Fr,
            "instructions|consignes nouvelles|réelles|reelles|mises+à+jour|mises+a+jour :",
        ),
        (
            Ru,
            "новые|новая|обновлённые|обновленные|настоящие|истинные|секретные \
             инструкции|инструкция|указания|правила|директивы :",
        ),
        (
            Pt,
            "novas|nova|verdadeiras|reais|atualizadas \
             instruções|instrucoes|instrução|instrucao|ordens|regras|diretrizes :",
        ),
        (Pt, "instruções|instrucoes novas|atualizadas|verdadeiras :"),
        (
            It,
            "nuove|nuova|vere|aggiornate|reali|segrete \
             istruzioni|istruzione|regole|direttive|indicazioni|ordini :",
        ),
        (It, "istruzioni nuove|aggiornate|reali|segrete :"),
        (
            Nl,
            "nieuwe|echte|bijgewerkte|werkelijke|geheime \
             instructies|instructie|aanwijzingen|opdrachten|regels :",
        ),
        (
            Pl,
            "nowe|nowa|prawdziwe|zaktualizowane|właściwe|wlasciwe|tajne \
             instrukcje|instrukcja|polecenia|zasady|reguły|reguly|wytyczne :",
        ),
        (
            Tr,
            "yeni|gerçek|gercek|güncel|guncel|gizli talimat*|kural*|yönerge*|yonerge* :",
        ),
        (
            Zh,
            "新的|新|更新的|更新后的|更新後的|真正的|真实的|真實的|最新的|秘密 \
             指令|指示|规则|規則 :",
        ),
        (
            Ja,
            "新しい|新たな|本当の|真の|更新された|秘密の 指示|命令|指令|ルール :",
        ),
        (
            Ko,
            "새로운|새|진짜|실제|변경된|업데이트된|비밀 지시|지침|명령|규칙 [사항] :",
        ),
        (
            Fa,
            "دستورالعمل*|دستور*|قوانین|رهنمود* جدید|تازه|واقعی|اصلی|مخفی :",
        ),
    ],
};

/// Family 16: before you answer, do this first.
pub(super) const BEFORE_YOU_ANSWER: Family = Family {
    name: "before you answer, do this first",
    patterns: &[
        (
            En,
            "before ~6 do|perform|execute|complete|run the following [steps|tasks|actions] \
             first",
        ),
        (
            En,
            "before responding|answering|replying|you+respond|you+answer|you+reply ~8 \
             first|must|always",
        ),
    ],
};

/// Family 17: an important message to you.
pub(super) const IMPORTANT_MESSAGE: Family = Family {
    name: "an important message to you",
    patterns: &[(
        En,
        "important|urgent|critical message|notice|note|instruction|instructions from ~6 \
         to|for you|the+ai|the+assistant|the+model|the+agent",
    )],
};

/// Family 18: IMPORTANT: ignore.
pub(super) const IMPORTANT_IGNORE: Family = Family {
    name: "IMPORTANT: ignore",
    patterns: &[(
        En,
        "important|urgent|attention|critical ignore|disregard|forget|override",
    )],
};

/// Family 19: TODO: followed by an order, first in the text.
pub(super) const TODO_ORDER: Family = Family {
    name: "TODO: followed by an order, first in the text",
    patterns: &[(
        En,
        "^ todo|fixme : \
         ignore|disregard|forget|send|reveal|print|output|call|tell|say|respond|reply|\
         answer|include|email|upload|delete|run|execute|visit|fetch|always|never|do+not|\
         don+t",
    )],
};
