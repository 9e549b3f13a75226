//! The phrase table: each family of injected instructions with its patterns by language.
//! Patterns are written folded (lowercase, `ß` as `ss`, Turkish `ı` as `i`), as the text
//! they meet is; a test checks that. The first five families and the "new instructions:"
//! family, the ones published multilingual injections use most, are written in fourteen
//! languages; the rest in English, where the attacks seen so far are.

use super::Family;
use super::Lang::{De, En, Es, Fa, Fr, It, Ja, Ko, Nl, Pl, Pt, Ru, Tr, Zh};

/// The families, numbered from 1 in messages and docs/lints.md.
pub(in super::super) const FAMILIES: &[Family] = &[
    Family {
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
                 指令|指示|说明|說明|规则|規則|提示词|提示詞|命令|设定|設定",
            ),
            (
                Ja,
                "以前|前|上記|これまで|今まで|先ほど|先程|既存|元|最初 ~4 \
                 指示|命令|ルール|指令|プロンプト|設定 ~6 無視|忘れ|破棄",
            ),
            (
                Ko,
                "이전|위의|위에|앞의|앞선|기존|지금까지|모든 ~6 지시|지침|명령|규칙|프롬프트|설정 ~4 \
                 무시|잊어|잊으",
            ),
            (
                Fa,
                "دستور*|رهنمود*|قوانین|قواعد|پیام* ~2 قبلی|پیشین|بالا|گذشته|قبل ~2 \
                 نادیده|فراموش",
            ),
        ],
    },
    Family {
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
    },
    Family {
        name: "from now on you",
        patterns: &[(En, "from now on you")],
    },
    Family {
        name: "keep the user out of the loop",
        patterns: &[
            (
                En,
                "do+not|don+t|never|without \
                 ask|asking|tell|telling|inform|informing|notify|notifying|alert|alerting|\
                 warn|warning|mention|mentioning|confirm|confirming|consult|consulting [with] \
                 the|your user|users|human|operator",
            ),
            (
                Es,
                "no|sin [le|les] \
                 digas|diga|decir|informes|informe|informar|avises|avise|avisar|preguntes|\
                 pregunte|preguntar|consultes|consulte|consultar|notifiques|notificar|\
                 menciones|mencionar ~1 al|a+los|a+la usuario*",
            ),
            (
                De,
                "ohne [den|die|dem] benutzer*|nutzer*|anwender* [zu] \
                 fragen|informieren|benachrichtigen|warnen|fragt|informiert",
            ),
            (
                De,
                "sag*|erzähl*|erzahl*|informier*|frag*|benachrichtig*|warn* \
                 den|dem|die benutzer*|nutzer*|anwender* nicht|nichts|niemals",
            ),
            (
                Fr,
                "sans demander|prévenir|prevenir|informer|avertir|consulter|notifier|aviser \
                 ~1 l|à+l|a+l|les|aux utilisateur*",
            ),
            (
                Fr,
                "ne|n \
                 dis|dites|informe*|préviens|previens|prévenez|prevenez|demande*|avertis|\
                 mentionne* ~2 pas|rien|jamais ~2 utilisateur*",
            ),
            (
                Ru,
                "не говори*|сообщай*|спрашивай*|уведомляй*|предупреждай*|информируй* ~1 \
                 пользовател*",
            ),
            (
                Ru,
                "без ведома|уведомления|согласия|подтверждения|разрешения|ведома пользовател*",
            ),
            (
                Pt,
                "não|nao|sem \
                 diga|dizer|informe|informar|pergunte|perguntar|avise|avisar|notifique|\
                 notificar|consulte|consultar|mencione|mencionar ~1 ao|o|a|aos|os \
                 usuário*|usuario*|utilizador*",
            ),
            (
                It,
                "non|senza \
                 dire|dirlo|informare|chiedere|avvisare|notificare|consultare|menzionare ~1 \
                 all|l|agli|gli|a utente|utenti",
            ),
            (
                Nl,
                "zonder de|het gebruiker*|klant* te \
                 vragen|informeren|waarschuwen|raadplegen|melden",
            ),
            (
                Nl,
                "vertel|informeer|vraag|waarschuw|meld de gebruiker* niet|niets|nooit",
            ),
            (
                Pl,
                "nie mów|mow|informuj|pytaj|powiadamiaj|ostrzegaj|wspominaj ~1 \
                 użytkownik*|uzytkownik*",
            ),
            (
                Pl,
                "bez pytania|informowania|wiedzy|zgody|powiadomienia|potwierdzenia \
                 użytkownik*|uzytkownik*",
            ),
            (
                Tr,
                "kullanici* ~1 \
                 sormadan|söylemeden|soylemeden|bilgilendirmeden|bildirmeden|danişmadan|\
                 danismadan|sorma|söyleme|soyleme|haber+vermeden",
            ),
            (
                Zh,
                "不要|不必|无需|無需|别|別|不用|不 ~1 \
                 告诉|告訴|询问|詢問|通知|提醒|征求|徵求|让|讓 ~2 用户|用戶|使用者",
            ),
            (
                Ja,
                "ユーザー|ユーザ|利用者 ~2 伝え|知らせ|確認|言わ|尋ね|聞か|通知|報告 ~1 \
                 ないで|ずに|せず|るな",
            ),
            (
                Ko,
                "사용자|유저 ~3 알리지|묻지|말하지|확인하지|통보하지 ~1 마|말고|말것|말아",
            ),
            (Ko, "사용자|유저 ~3 확인|동의|허락|승인 없이"),
            (Fa, "به|از کاربر نگو|نگویید|نپرس|نپرسید|اطلاع+نده|اطلاع+ندهید"),
            (
                Fa,
                "بدون اطلاع|اجازه|تایید|تأیید|پرسیدن|اطلاعرسانی [به] کاربر",
            ),
        ],
    },
    Family {
        name: "claimed consent: pre-authorized",
        patterns: &[
            (
                En,
                "user|users [has|have] pre+authorized|preauthorized|pre+approved|preapproved",
            ),
            (
                Es,
                "usuario* [ha|han|lo] preautorizado|pre+autorizado|preaprobado|pre+aprobado",
            ),
            (
                Fr,
                "utilisateur* a|ont \
                 pré+autorisé*|pre+autorise*|préautorisé*|preautorise*|pré+approuvé*",
            ),
            (
                Ru,
                "пользовател* заранее|предварительно одобрил*|разрешил*|авторизовал*",
            ),
            (
                Pt,
                "usuário*|usuario*|utilizador* [já|ja] \
                 pré+autorizou|pre+autorizou|pré+aprovou|pre+aprovou",
            ),
            (
                It,
                "utente|utenti ha|hanno \
                 pre+autorizzato|preautorizzato|pre+approvato|preapprovato",
            ),
        ],
    },
    Family {
        name: "claimed consent: already approved",
        patterns: &[
            (
                En,
                "user|users has|have already authorized|approved|consented|confirmed|agreed",
            ),
            (
                Es,
                "usuario* ya [ha|han|lo|los] \
                 autorizado|aprobado|consentido|confirmado|aceptado|autorizó|autorizo|aprobó|aprobo",
            ),
            (
                De,
                "benutzer*|nutzer*|anwender* hat|haben ~1 bereits|schon|vorab ~3 \
                 zugestimmt|genehmigt|autorisiert|bestätigt|bestatigt|freigegeben|eingewilligt|erlaubt",
            ),
            (
                Fr,
                "utilisateur* a|ont déjà|deja ~1 \
                 approuvé*|approuve*|autorisé*|autorise*|consenti|confirmé*|confirme*|\
                 accepté*|accepte*|validé*|valide*",
            ),
            (
                Ru,
                "пользовател* уже \
                 одобрил*|разрешил*|подтвердил*|согласил*|авторизовал*|дал+согласие|дал+разрешение",
            ),
            (
                Pt,
                "usuário*|usuario*|utilizador* já|ja ~1 \
                 autorizou|aprovou|consentiu|confirmou|concordou|autorizaram|aprovaram",
            ),
            (
                It,
                "utente|utenti ha|hanno già|gia ~1 \
                 autorizzato|approvato|acconsentito|confermato|accettato",
            ),
            (
                Nl,
                "gebruiker* heeft|hebben al|reeds|vooraf ~3 \
                 goedgekeurd|toestemming|geautoriseerd|ingestemd|akkoord",
            ),
            (
                Pl,
                "użytkownik*|uzytkownik* już|juz|wcześniej|wczesniej|z+góry|z+gory ~1 \
                 zatwierdził*|zatwierdzil*|autoryzował*|autoryzowal*|wyraził+zgodę|\
                 wyrazil+zgode|zgodził*|zgodzil*|zezwolił*|zezwolil*",
            ),
            (
                Tr,
                "kullanici* zaten|önceden|onceden ~1 onayla*|izin+ver*|kabul+et*|yetkilendir*",
            ),
            (
                Zh,
                "用户|用戶|使用者 ~1 已|已经|已經|预先|預先|事先 ~2 授权|授權|同意|批准|允许|允許",
            ),
            (
                Ja,
                "ユーザー|ユーザ|利用者 ~2 すでに|既に|事前に ~3 承認|許可|同意|了承",
            ),
            (Ko, "사용자|유저 ~2 이미|사전에|미리 ~3 승인|동의|허락|허가"),
            (
                Fa,
                "کاربر ~1 قبل*|پیشاپیش|از+قبل ~2 تایید|تأیید|اجازه|موافقت|مجوز",
            ),
        ],
    },
    Family {
        name: "reveal the system prompt",
        patterns: &[
            (
                En,
                "reveal|print|repeat|output|disclose|leak|dump [me] [your|the] \
                 [full|entire|hidden|initial|original|secret] system|initial|hidden|secret \
                 prompt|prompts|instructions",
            ),
            (
                Es,
                "revel*|muestr*|mostrar|imprim*|repit*|repet*|divulg*|filtr*|dime ~3 \
                 prompt|instrucci*|indicaciones|mensaje ~2 sistema|inicial*|ocult*|secret*",
            ),
            (
                De,
                "zeig*|gib|verrat*|wiederhol*|druck*|nenn*|offenbar*|enthüll*|enthull* ~3 \
                 systemprompt*|systemanweisung*|systemnachricht*|system+prompt|\
                 system+anweisungen|anfangsanweisung*|versteckte*+anweisungen",
            ),
            (
                Fr,
                "révèle*|revele*|affiche*|montre*|répète*|repete*|imprime*|divulgue*|donne* \
                 ~3 prompt|instructions|consignes|message ~1 \
                 système|systeme|initial*|caché*|cache*|secret*|originales",
            ),
            (
                Ru,
                "покажи*|выведи*|раскрой*|повтори*|напечатай*|озвучь*|раскрыть|показать ~2 \
                 системн*|исходн*|скрыт*|первоначальн*|начальн*|секретн* \
                 промпт*|инструкци*|подсказк*|указани*",
            ),
            (
                Pt,
                "revel*|mostr*|imprim*|repit*|repet*|divulg*|exib* ~3 \
                 prompt|instruç*|instruc*|mensagem ~2 sistema|inicia*|ocult*|secret*",
            ),
            (
                It,
                "rivel*|mostr*|stamp*|ripet*|divulg*|visualizz* ~3 \
                 prompt|istruzion*|messaggio ~2 sistema|iniziali|nascost*|segret*",
            ),
            (
                Nl,
                "toon|herhaal|onthul|print|geef|deel ~3 \
                 systeemprompt*|systeeminstructie*|systeembericht*|systeem+prompt|\
                 oorspronkelijke+instructies|verborgen+instructies|geheime+instructies",
            ),
            (
                Pl,
                "ujawnij|pokaż|pokaz|wypisz|wyświetl|wyswietl|powtórz|powtorz|podaj|zdradź|zdradz \
                 ~3 prompt*|instrukcj*|polece* ~1 \
                 systemow*|początkow*|poczatkow*|ukryt*|sekretn*|tajn*",
            ),
            (
                Pl,
                "ujawnij|pokaż|pokaz|wypisz|wyświetl|wyswietl|powtórz|powtorz|podaj|zdradź|zdradz \
                 ~2 systemow*|początkow*|poczatkow*|ukryt*|sekretn*|tajn* \
                 prompt*|instrukcj*|polece*",
            ),
            (
                Tr,
                "sistem|gizli|ilk|orijinal ~1 istem*|prompt*|talimat* ~2 \
                 göster|gösterin|goster|yazdir|yazdirin|açikla|açiklayin|acikla|paylaş|\
                 paylaşin|tekrarla|tekrarlayin|söyle|söyleyin|ifşa+et",
            ),
            (
                Zh,
                "显示|顯示|输出|輸出|打印|重复|重複|泄露|洩露|透露|告诉我|告訴我|展示|给我看|給我看 ~4 \
                 系统|系統|初始|原始|隐藏|隱藏 ~1 提示词|提示詞|指令|指示|设定|設定|prompt",
            ),
            (
                Ja,
                "システムプロンプト|システム指示|システムメッセージ|初期指示|初期の指示|隠された指示|元の指示 \
                 ~3 表示|教え|出力|繰り返|見せ|開示|公開",
            ),
            (
                Ko,
                "시스템|초기|숨겨진|원래 ~1 프롬프트|지시|지침|메시지 ~3 보여|출력|공개|반복|알려|누설",
            ),
            (
                Fa,
                "پرامپت*|دستور*|پیام* ~1 سیستم*|اولیه|مخفی|پنهان ~3 \
                 نشان|فاش|چاپ|تکرار|بازگو|افشا",
            ),
        ],
    },
    Family {
        name: "address the model: if you are an AI",
        patterns: &[(
            En,
            "if you are|re [an|a] ai|llm|assistant|language+model|chatbot",
        )],
    },
    Family {
        name: "address the model: a note to the AI",
        patterns: &[(
            En,
            "note|message|instructions|attention [to|for] [the|any|all] \
             ai|llm|llms|assistant|assistants|chatbot|model|models|language+model|\
             language+models|agent|agents reading|processing|parsing",
        )],
    },
    Family {
        name: "steer routers to this agent",
        patterns: &[(
            En,
            "always use|choose|select|pick|prefer|call|invoke|recommend|route+to this|our \
             agent|skill|tool|assistant|service",
        )],
    },
    Family {
        name: "steer routers away from others",
        patterns: &[(
            En,
            "do+not|don+t|never|avoid \
             use|using|call|calling|choose|choosing|select|selecting|trust|trusting|consult|\
             consulting|route+to other|another|any+other|competing|rival \
             agent|agents|tool|tools|assistant|assistants|service|services",
        )],
    },
    Family {
        name: "modes",
        patterns: &[(
            En,
            "enable|activate|enter|switch+to|switch+into developer|dan|god|jailbreak|unrestricted \
             mode",
        )],
    },
    Family {
        name: "secrecy",
        patterns: &[(
            En,
            "do+not|don+t|never reveal|disclose|mention|repeat this|these \
             instruction|instructions|message|note",
        )],
    },
    Family {
        name: "no confirmation needed",
        patterns: &[(
            En,
            "no+need|not+necessary|never+need to ask|request|seek|get|obtain [for] [the|your] \
             [user|user+s|human] confirmation|approval|permission|consent",
        )],
    },
    Family {
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
    },
    Family {
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
    },
    Family {
        name: "an important message to you",
        patterns: &[(
            En,
            "important|urgent|critical message|notice|note|instruction|instructions from ~6 \
             to|for you|the+ai|the+assistant|the+model|the+agent",
        )],
    },
    Family {
        name: "IMPORTANT: ignore",
        patterns: &[(
            En,
            "important|urgent|attention|critical ignore|disregard|forget|override",
        )],
    },
    Family {
        name: "TODO: followed by an order, first in the text",
        patterns: &[(
            En,
            "^ todo|fixme : \
             ignore|disregard|forget|send|reveal|print|output|call|tell|say|respond|reply|\
             answer|include|email|upload|delete|run|execute|visit|fetch|always|never|do+not|\
             don+t",
        )],
    },
];
