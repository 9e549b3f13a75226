//! Text planted in data for the model that will read it (an e-mail, a ticket, a README, a
//! tool's output, a card): it names the moment of reading ("when you process this") or
//! dictates what the reader's later answers and memory must carry (a token in every summary,
//! a note saved to its long-term memory). A card describes an agent to its callers; neither
//! is its business.

use super::super::Family;
use super::super::Lang::{De, En, Es, Fa, Fr, It, Ja, Ko, Nl, Pl, Pt, Ru, Tr, Zh};

/// Family 22: put this in every answer, or into your memory. An order (an imperative, or
/// "must be included") whose object is the reader's own outputs ("your summary", "every reply
/// you produce", "every future report") or its memory: a card says what *its* answers contain
/// ("its reports include a chart"), and a user is asked to include things in a request, which
/// is not listed. What is put in is an identifier (a token, a code, an id): the canary of
/// published indirect injections. Other languages name "every answer about this document" (a
/// preposition, then the text itself), the end of every answer with an order to add, or the
/// reader's memory with an imperative, since their descriptive sentences use the same nouns.
pub(super) const READER_OUTPUT: Family = Family {
    name: "put this in every answer or in your memory",
    patterns: &[
        (
            En,
            "include|append|add|insert|embed|put|repeat|attach the|this|that ~2 \
             token|code|id|ids|identifier|reference|marker|string|hash|canary|signature ~4 \
             in|into|to|within|at+the+end+of your|every|each|all|any \
             [future|subsequent] summary|summaries|review|reviews|report|reports|reply|replies|\
             response|responses|answer|answers|output|outputs",
        ),
        (
            En,
            "include|append|add|insert|embed|put|repeat|mention|must+be+included|\
             must+be+appended|must+be+added|should+be+included ~6 \
             in|into|to|within|at+the+end+of every|each|all|any \
             future|subsequent|later summary|summaries|review|reviews|report|reports|reply|\
             replies|response|responses|answer|answers|output|outputs",
        ),
        (
            En,
            "include|append|add|insert|embed|put|repeat|mention|must+be+included|\
             must+be+appended|must+be+added|should+be+included ~6 \
             in|into|to|within|at+the+end+of every|each|all|any \
             summary|summaries|review|reviews|report|reports|reply|replies|response|responses|\
             answer|answers|output|outputs you|u produce|generate|write|give|create|send|return|\
             make",
        ),
        (
            En,
            "every|each|all|any summary|summaries|review|reviews|report|reports|reply|replies|\
             response|responses|answer|answers ~2 about|concerning|regarding this \
             document|file|ticket|record|filing|page|email|text|repository|message",
        ),
        (
            En,
            "save|store|write|add|commit|keep|record|persist|remember ~6 to|in|into your \
             [long+term|persistent|permanent|durable] memory|memories",
        ),
        (
            En,
            "^ remember|memorize|memorise for|in all|every future|subsequent",
        ),
        (
            En,
            "please|always remember|memorize|memorise for|in all|every future|subsequent",
        ),
        (
            Es,
            "cada|cualquier|toda|todas+las respuesta|respuestas|resumen|resúmenes|resumenes|\
             informe|informes sobre|acerca+de|relativa+a|relativo+a|relativas+a este|esta \
             documento|archivo|ticket|registro|correo|página|pagina",
        ),
        (
            Es,
            "guarda|guarde|almacena|almacene|memoriza|memorice ~5 en tu [larga] memoria",
        ),
        (Es, "guarde|almacene|memorice ~5 en su [larga] memoria"),
        (
            De,
            "jeder|jede|jedes|allen|alle antwort|antworten|zusammenfassung|zusammenfassungen|\
             bericht|berichte zu|über|uber|betreffend diesem|dieses|dieser \
             dokument|datei|ticket|eintrag|vorgang",
        ),
        (
            De,
            "speichere|speichern|merke|merk|schreibe|schreib ~5 in|im deinem|ihrem|dein \
             gedächtnis|gedachtnis|langzeitgedächtnis|langzeitgedachtnis",
        ),
        (
            Fr,
            "toute|chaque|toutes+les réponse|réponses|reponse|reponses|résumé|resume|résumés|\
             resumes|rapport|rapports concernant|sur|relative+à|relative+a|relatif+à|relatif+a|\
             à+propos+de|a+propos+de ce|cet|cette document|fichier|ticket|dossier|courriel|page",
        ),
        (
            Fr,
            "enregistre|enregistrez|mémorise|memorise|mémorisez|memorisez|garde|gardez|\
             sauvegarde|sauvegardez ~5 dans ta|votre mémoire|memoire",
        ),
        (
            It,
            "ogni|qualsiasi|tutte+le risposta|risposte|riepilogo|riassunto|rapporto \
             relativa+a|relativo+a|relative+a|riguardante|riguardo+a|su|su+questo \
             questo|questa documento|file|ticket|pagina|email|registro",
        ),
        (
            It,
            "salva|memorizza|registra|ricorda ~5 nella tua|vostra memoria",
        ),
        (
            Pt,
            "cada|qualquer|todas+as resposta|respostas|resumo|resumos|relatório|relatorio \
             sobre|acerca+de|relativa+a|relativo+a|referente+a este|esta \
             documento|arquivo|ficheiro|ticket|registro|página|pagina",
        ),
        (
            Pt,
            "salve|guarde|memorize|armazene ~5 na sua|tua memória|memoria",
        ),
        (
            Pt,
            "salva|guarda|memoriza|armazena ~5 na tua memória|memoria",
        ),
        (
            Ru,
            "каждого|каждому|каждом|любого|любому|любом ответ|ответа|ответу|резюме|отчета|\
             отчёта|отчету|отчёту по|о|об|к|касательно|относительно этому|этого|этом|этот \
             документ|документу|документа|документе|файл|файлу|файла|файле|тикет|тикету|письмо|\
             письму|письме",
        ),
        (
            Ru,
            "сохрани|сохраните|запомни|запомните|запиши|запишите ~5 в свою|вашу|твою \
             [долговременную] память",
        ),
        (
            Nl,
            "elk|ieder|elke|iedere antwoord|samenvatting|rapport|verslag over|betreffende|bij dit|\
             deze document|bestand|ticket|pagina|e+mail",
        ),
        (
            Nl,
            "sla|bewaar|onthoud ~5 in je|jouw|uw [lange+termijn] geheugen",
        ),
        (
            Pl,
            "każdej|kazdej|każdego|kazdego|każdą|kazda odpowiedzi|odpowiedź|odpowiedz|\
             podsumowania|podsumowaniu|raportu dotyczącej|dotyczacej|dotyczącego|dotyczacego|\
             na+temat|w+sprawie tego|tej dokumentu|pliku|zgłoszenia|zgloszenia|strony",
        ),
        (
            Pl,
            "zapisz|zapamiętaj|zapamietaj|zachowaj ~5 w swojej|twojej pamięci|pamieci",
        ),
        (
            Tr,
            "bu belge*|dosya*|kayit*|bilet*|e+posta* ilgili|hakkinda|hakkindaki her|tüm|tum \
             yanit*|cevap*|cevab*|özet*|ozet*|rapor*",
        ),
        (
            Tr,
            "hafizana|belleğine|bellegine|uzun+süreli+belleğine ~4 kaydet|kaydedin|ekle|sakla|yaz",
        ),
        (
            Zh,
            "每个|每個|每一个|每一個|任何 ~1 回答|回复|回覆|答复|答覆|总结|總結|摘要|报告|報告 ~4 \
             末尾|结尾|結尾 ~6 附加|附上|加上|添加|写上|寫上",
        ),
        (
            Zh,
            "保存|存储|儲存|写入|寫入|存入 ~4 到|进|進|入 你的 ~2 记忆|記憶",
        ),
        (
            Ja,
            "すべての|全ての|各|毎回の ~1 回答|返答|応答|要約|レポート ~3 末尾|最後 ~8 \
             付けて|追加して|入れて|記載して",
        ),
        (
            Ja,
            "記憶 ~3 保存してください|保存して下さい|覚えてください|記録してください|保存せよ|保存しろ",
        ),
        (
            Ko,
            "모든|각 ~1 답변|응답|요약|보고서 ~3 끝에|마지막에 ~8 \
             붙이세요|붙여|추가하세요|추가해|넣으세요|넣어",
        ),
        (
            Ko,
            "기억에|메모리에 ~3 저장하세요|저장하십시오|기록하세요|기록하십시오",
        ),
        (
            Fa,
            "هر|همه|تمام پاسخ|پاسخی|جواب|خلاصه|گزارش درباره|راجع+به|در+مورد|در+باره این \
             سند|فایل|پرونده|تیکت|ایمیل",
        ),
        (
            Fa,
            "حافظه|حافظهی ~3 ذخیره+کن|ذخیره+کنید|بسپار|بسپارید|نگه+دار|نگه+دارید",
        ),
    ],
};

/// Family 23: "when you read this, do that". The reader's moment of reading or processing
/// the text named as the trigger, followed by the order (English), or the reader addressed by
/// what it is and a colon ("Note to the bot:"): a card is read by a caller's agent, but
/// describes the agent's skills rather than what its reader must do on reading it, and a
/// user's prompt asks about "this report" without an order to send or save it.
pub(super) const WHEN_YOU_READ_THIS: Family = Family {
    name: "when you read this, do that",
    patterns: &[
        (
            En,
            "when|whenever|while|once|as+soon+as|if you|u \
             read|process|summarize|summarise|parse|analyze|analyse|handle|ingest|scan|index \
             this|these|the+following ~4 \
             send|email|forward|include|add|append|save|remember|ignore|call|reply|respond|\
             output|write|print|delete|run|execute|post|upload|you+must|you+should",
        ),
        (
            En,
            "ai|llm assistant|assistants|system|systems|bot|bots|chatbot|model|models \
             reading|processing|parsing|summarizing|summarising|reviewing|analyzing|handling \
             this|these :",
        ),
        (
            En,
            "note|notice|message|reminder|important|attention to|for the|any|all \
             bot|bots|chatbot|assistant|assistants|llm|llms|language+model|ai+assistant|\
             ai+system|ai+systems :",
        ),
        (
            Es,
            "cuando|si ~1 leas|lea|proceses|procese|resumas|resuma|analices|analice este|esta|\
             esto",
        ),
        (
            De,
            "wenn|sobald|falls|während|wahrend du|sie dies|diesen|diese|dieses ~1 \
             liest|lesen|verarbeitest|verarbeiten|zusammenfasst|zusammenfassen|analysierst",
        ),
        (
            Fr,
            "lorsque|quand|si|dès+que|des+que tu|vous lis|lisez|traites|traitez|résumes|resumes|\
             résumez|resumez|analyses|analysez ce|cet|cette|ceci",
        ),
        (
            It,
            "quando|se|mentre ~1 leggi|legga|elabori|riassumi|riassuma|analizzi questo|questa|\
             questi|ciò|cio",
        ),
        (
            Pt,
            "quando|se você|voce|tu ler|leres|processar|resumir|analisar|leia|processe este|esta|\
             isto|esse|essa",
        ),
        (
            Ru,
            "когда|если ~1 ты|вы прочитаешь|прочитаете|обработаешь|обработаете ~1 это|этот|эту|этого",
        ),
        (
            Nl,
            "wanneer|als|zodra je|jij|u dit|deze ~1 leest|verwerkt|samenvat|analyseert",
        ),
        (
            Pl,
            "kiedy|gdy|jeśli|jesli|jeżeli|jezeli ~1 przeczytasz|czytasz|przetworzysz|przetwarzasz|\
             podsumujesz|przeanalizujesz to|ten|tę|te|tego",
        ),
        (
            Tr,
            "bunu|bu+metni|bu+belgeyi|bu+mesaji ~2 okuduğunda|okudugunda|işlediğinde|isledigin*|\
             özetlediğinde|ozetledigin*",
        ),
        (
            Zh,
            "当你|當你|在你 ~2 阅读|閱讀|读到|讀到|处理|處理|总结|總結 ~2 这|這|此|本",
        ),
        (
            Ja,
            "これを|この文書を|このメッセージを|このテキストを ~2 読んだら|読んだとき|処理したら|要約したら",
        ),
        (
            Ko,
            "이것을|이걸|이글을|이문서를|이메시지를|이텍스트를 ~2 읽으면|처리하면|요약하면",
        ),
        (
            Fa,
            "وقتی|هنگامی|زمانی|اگر ~2 این|اینرا ~2 میخوانی|میخوانید|می+خوانی|می+خوانید|خواندی|\
             خواندید|پردازش+کنی|پردازش+کنید|پردازش+کردی",
        ),
    ],
};
