//! What the phrase table must not catch: benign sentences of each language that use the
//! words of its patterns (the same verbs and nouns said of the agent, not to its reader).

use super::Lang::{self, De, En, Es, Fa, Fr, It, Ja, Ko, Nl, Pl, Pt, Ru, Tr, Zh};

/// Benign sentences of each language that use the words of its patterns.
pub(super) const NEAR_MISSES: &[(Lang, &[&str])] = &[
    (
        En,
        &[
            "If you are an AI developer, read the API guide.",
            "Enables dark mode for the dashboard.",
            "If you are a customer, sign in first.",
            "No need to register to search.",
            "Plans driving routes with live traffic and road closures.",
            "Ignores duplicate rows in the uploaded spreadsheet.",
            "Keeps previous instructions from the operator in its notes.", // no imperative
            "You are welcome to ask for a summary.",
            "Asks the user to confirm before every payment.",
            "Only acts after the user has approved the plan.",
            "Prints the report for the user.",
            "Uses other agents' results when available.",
            "Supports a developer sandbox for testing.",
            "Turns the system prompt editor on for admins.",
            "Note: the AI summarises in English.",
            "Tells the user what it did.",
            // Speaking to the card's user about what they can do is not an order to a model.
            "You are now able to track every parcel.",
            "Once signed in, you are now ready to book.",
            "New instructions for the setup are in the docs.", // no colon
            // Said of the agent, or of people, in the words of the patterns added after the
            // corpus runs (docs/lints.md).
            "Ignores the rest of the line after a comment sign.",
            "Remembers everything you told it before, across sessions.",
            "You are going to love the new dashboard.",
            "If the user asks for rain data, the agent replies with a chart.",
            "Stops everything when the emergency button is pressed.",
            "Shows the previous version of a document side by side.",
            "Prints the text above the fold first.",
            "Your system settings stay on your device.",
            "Hello! Ask about flights, hotels and trains.",
            "Notes for automated deployments are in the repository.",
            "Before you book, check the visa rules.",
            "Fixes the TODO: list in the README.", // TODO not first
            "Important: the API ignores empty fields.",
        ],
    ),
    (
        Es,
        &[
            "Antes de pagar, primero inicia sesión.",
            "Siempre usa HTTPS.",
            "A partir de ahora puedes pagar con tarjeta.",
            "Mensaje importante: el servicio cierra a las 18h.",
            "Todo: el equipo puede reservar.",
            "Si eres cliente, inicia sesión.",
            "Activa el modo oscuro.",
            "No es necesario registrarse.",
            "Nota para el usuario: los pagos tardan un día.",
            "Ignora los errores de red y reintenta.",
            "Muestra las instrucciones de instalación.",
            "Ahora eres capaz de reservar vuelos.",
            "Pregunta al usuario antes de pagar.",
            "El usuario ha aprobado el plan.",
        ],
    ),
    (
        De,
        &[
            "Bevor du buchst, prüfe die Visaregeln.",
            "Verwende immer HTTPS.",
            "Ab jetzt kannst du mit Karte zahlen.",
            "Wichtig: Das Budget wird ignoriert.",
            "Wenn du Kunde bist, melde dich an.",
            "Aktiviert den Dunkelmodus.",
            "Keine Registrierung erforderlich.",
            "Hinweis für Nutzer: Zahlungen dauern einen Tag.",
            "Vergessen Sie nicht, die Datei zu speichern.",
            "Ignoriert leere Zeilen beim Import.",
            "Du bist jetzt angemeldet und kannst buchen.",
            "Fragt den Benutzer vor jeder Zahlung.",
            "Zeigt die Anweisungen zur Installation.",
        ],
    ),
    (
        Fr,
        &[
            "Avant de payer, connecte-toi d'abord.",
            "Message important pour vous : fermeture à 18h.",
            "Utilise toujours HTTPS.",
            "Si tu es client, connecte-toi.",
            "Active le mode sombre.",
            "Pas besoin de créer un compte.",
            "Permet d'ignorer les erreurs de réseau.",
            "Vous êtes maintenant connecté à votre compte.",
            "Demande toujours à l'utilisateur avant de payer.",
            "Affiche les instructions de montage.",
            "Les instructions précédentes restent valables.",
        ],
    ),
    (
        Ru,
        &[
            "Если вы ИИ-разработчик, прочитайте документацию.",
            "Всегда используй HTTPS.",
            "Теперь отвечает быстрее.",
            "Если ты клиент, войди в аккаунт.",
            "Включи тёмный режим.",
            "Не нужно регистрироваться.",
            "Игнорирует пустые строки в таблице.",
            "Теперь ты можешь бронировать отели.",
            "Спрашивает пользователя перед оплатой.",
            "Показывает инструкции по установке.",
        ],
    ),
    (
        Pt,
        &[
            "Sempre use HTTPS.",
            "Mensagem importante para você: o serviço fecha às 18h.",
            "Se você é cliente, entre na conta.",
            "Ative o modo escuro.",
            "Não precisa criar conta.",
            "Ignora linhas vazias na planilha.",
            "Agora você é capaz de reservar voos.",
            "Pergunta ao usuário antes de pagar.",
            "Mostra as instruções de instalação.",
        ],
    ),
    (
        It,
        &[
            "Usa sempre HTTPS.",
            "D'ora in poi puoi pagare con la carta.",
            "Se sei un cliente, accedi.",
            "Attiva la modalità scura.",
            "Non serve registrarsi.",
            "Ignora le righe vuote del foglio.",
            "Ora sei in grado di prenotare voli.",
            "Chiede all'utente prima di pagare.",
            "Mostra le istruzioni di installazione.",
        ],
    ),
    (
        Nl,
        &[
            "Gebruik altijd HTTPS.",
            "Vanaf nu kunt u met kaart betalen.",
            "Als je een klant bent, log dan in.",
            "Activeer de donkere modus.",
            "Het is niet nodig om een account te maken.",
            "Vergeet niet het bestand op te slaan.",
            "Je bent nu ingelogd.",
            "Vraagt de gebruiker om bevestiging.",
            "Negeert lege regels in het bestand.",
        ],
    ),
    (
        Pl,
        &[
            "Zawsze używaj HTTPS.",
            "Od teraz możesz płacić kartą.",
            "Jeśli jesteś klientem, zaloguj się.",
            "Włącz tryb ciemny.",
            "Nie trzeba zakładać konta.",
            "Ignoruje puste wiersze w arkuszu.",
            "Jesteś teraz zalogowany.",
            "Pyta użytkownika przed płatnością.",
            "Pokazuje instrukcje instalacji.",
        ],
    ),
    (
        Tr,
        &[
            "Her zaman HTTPS kullan.",
            "Karanlık modu aç.",
            "Bu notu paylaşmak için tıklayın.",
            "Boş satırları yok sayar.",
            "Kullanıcıya ödeme öncesi sorar.",
            "Bu araç sistem komutlarını gösterir.",
            "Kullanıcı bilgilendirme ekranı.",
        ],
    ),
    (
        Zh,
        &[
            "如果你是AI开发者，请阅读文档。",
            "总是使用HTTPS。",
            "在回答问题时保持礼貌。",
            "跳过之前的设定。",
            "如果你是新用户，请先注册。",
            "开启夜间模式。",
            "无需注册即可使用。",
            "这个代理忽略空行。",
            "你现在是否已登录？",
            "付款前会询问用户。",
            "显示安装说明。",
            "用户同意后才付款。",
        ],
    ),
    (
        Ja,
        &[
            "あなたはもう予約できます。",
            "常にHTTPSを使用します。",
            "前の設定を破棄して新しく作成します。",
            "管理者向けにシステムプロンプトを表示します。",
            "あなたが会員なら、ログインしてください。",
            "ダークモードを有効にします。",
            "登録は不要です。",
            "空行は無視します。",
            "支払いの前にユーザーに確認します。",
            "インストールの指示を表示します。",
            "ユーザーが承認した後に支払います。",
        ],
    ),
    (
        Ko,
        &[
            "당신은 앞으로 온라인으로 예약할 수 있습니다.",
            "항상 HTTPS를 사용합니다.",
            "시스템 메시지를 보여줍니다.",
            "초기 지침을 보여줍니다.",
            "이전 설정을 무시하고 새로 만듭니다.",
            "다크 모드를 활성화합니다.",
            "회원가입이 필요 없습니다.",
            "당신이 회원이라면 로그인하세요.",
            "빈 줄은 무시합니다.",
            "결제 전에 사용자에게 확인합니다.",
            "설치 지침을 보여줍니다.",
            "사용자가 승인하면 결제합니다.",
        ],
    ),
    (
        Fa,
        &[
            "اگر توسعه\u{200c}دهنده هوش مصنوعی هستید، مستندات را بخوانید.",
            "همیشه از HTTPS استفاده کن.",
            "حالت تاریک را فعال کن.",
            "نیازی به ثبت نام نیست.",
            "این عامل خطاهای شبکه را نادیده می\u{200c}گیرد.",
            "شما اکنون می\u{200c}توانید پرواز رزرو کنید.",
            "قبل از پرداخت از کاربر می\u{200c}پرسد.",
            "دستورالعمل نصب را نشان می\u{200c}دهد.",
        ],
    ),
    // Beside the families added after the corpus runs (20, 21, and the indirect requests of
    // 7): the same words said of text the agent handles, or to its user.
    (
        En,
        &[
            "Detects toxic sentences in chat logs and hides them.",
            "Write a toxic comment classifier with our SDK.",
            "Write a negative sentence in Spanish, then check it.",
            "Start your free trial with a work email.",
            "Begin each request with your API key.",
            "Repeat the following steps for every server.",
            "The system prompt is stored per tenant.",
            "Logs system events and prompts for review.",
            "Admin override of a booking needs a reason.",
            "What were you charged before the discount?",
            "I need to see my invoices for March.",
            "Your answer to the survey unlocks the next quiz.",
        ],
    ),
    (
        Es,
        &[
            "Detecta comentarios ofensivos en los foros.",
            "Empieza tu día con el resumen de noticias.",
        ],
    ),
    (
        De,
        &[
            "Erkennt beleidigende Kommentare und blendet sie aus.",
            "Beginne deinen Tag mit den Nachrichten.",
        ],
    ),
    (
        Fr,
        &[
            "Filtre les messages haineux des forums.",
            "Commencez votre journée avec la météo.",
        ],
    ),
    (Ru, &["Находит оскорбительные комментарии и скрывает их."]),
    (Tr, &["Saldırgan yorumları otomatik olarak gizler."]),
    (
        Zh,
        &[
            "自动检测并屏蔽有毒评论。",
            "写作助手，帮你避免冒犯性的言论。",
        ],
    ),
    (Ja, &["攻撃的なコメントを自動で検出します。"]),
    (Ko, &["공격적인 댓글을 자동으로 숨깁니다."]),
    (Fa, &["پیام‌های توهین‌آمیز را به‌طور خودکار پنهان می‌کند."]),
    // Near misses of the patterns added after spikee's misses were read (round 2).
    (
        En,
        &[
            "Add to your order before checkout.",
            "Regardless of previous settings, the export uses UTF-8.",
            "The new urgent task appears on your board.",
            "You are free to cancel at any time.",
            "Runs in developer mode when DEBUG is set.",
            "Unlock premium features with a subscription.",
            "Reads the first lines of the log file.",
            "You are a registered user of this agent.",
            "Dan leads support; you are Dan's customer.",
            "Answers include sources at the end of each response.",
            "Include your order number in your request.",
            "Your new password is stored encrypted.",
            "When you are asked to sign in, use your work account.",
            "Update your unique username in the profile.",
            "Shows what you see on the map above the list.",
            "The priority task list is sorted by due date.",
            "Output: your summary in JSON.",
            "Customers can decline the offer at checkout.",
            "Replies without delay to every ticket.",
            "Writes fictional stories where dragons rule the sky.",
            "Follows ethical guidelines from the medical board.",
            "You can refuse cookies in the settings.",
            "Decodes barcodes and then shows the price.",
            "Sends a note from the developer portal to the team.",
        ],
    ),
    (
        Es,
        &[
            "Incluye en tu pedido el número de factura.",
            "Eres libre de cancelar cuando quieras.",
            "El modo oscuro activado por defecto.",
            "Independientemente del tamaño, el envío es gratis.",
            "Envío sin restricciones de tamaño.",
            "Decodifica el código QR y muestra el enlace.",
            "Muestra la nota del desarrollador en la ficha.",
        ],
    ),
    (
        De,
        &[
            "Sie sind frei von Gebühren im ersten Monat.",
            "Unabhängig von der Größe ist der Versand kostenlos.",
            "Dunkelmodus aktiviert.",
            "Versand ohne Einschränkungen bei der Größe.",
            "Dekodiert QR-Codes und zeigt den Link.",
            "Zeigt die Nachricht vom Entwickler im Changelog.",
        ],
    ),
    (
        Fr,
        &[
            "Vous êtes libre de choisir vos règles de tri.",
            "Indépendamment de la taille, la livraison est gratuite.",
            "Mode sombre activé.",
            "Livraison sans restriction de taille.",
            "Décode les codes QR et affiche le lien.",
        ],
    ),
    (
        It,
        &[
            "Sei libero da impegni il sabato.",
            "Indipendentemente dalla taglia, la spedizione è gratuita.",
            "Modalità scura attivata.",
            "Spedizione senza limiti di peso.",
            "Decodifica i codici QR e mostra il link.",
        ],
    ),
    (
        Pt,
        &[
            "Você está livre de taxas no primeiro mês.",
            "Independentemente do tamanho, o frete é grátis.",
            "Modo escuro ativado.",
            "Frete sem limite de peso.",
            "Decodifica códigos QR e mostra o link.",
        ],
    ),
    (Fr, &["Ajoutez dans votre panier les articles choisis."]),
    (De, &["Fügen Sie Ihrem Warenkorb Artikel hinzu."]),
    (It, &["Aggiungi nella tua lista i prodotti."]),
    (Pt, &["Adicione na sua lista os produtos."]),
    // Round 4: what a card says in the words of families 22 to 25 and of the patterns added
    // to 3, 4 and 16, said of the agent, of a plan, or to a user about a request.
    (
        En,
        &[
            "Checks the knowledge base before answering.",
            "Include your order number in your request.",
            "Its reports include a chart in every summary.",
            "Answers questions about this agent's pricing.",
            "Unlimited requests with no rate limits on the Pro plan.",
            "Saves notes to your account for later.",
            "When you sign in, your history is restored.",
            "Note for developers: the API is versioned.",
            "The usual rate limits do not apply to partners.",
            "As an AI assistant, I can help you plan trips.",
            "Gives unrestricted access to public datasets.",
            "Content filters are configurable by admins.",
            "Remembers your preferences for all future sessions.",
            "Runs the linter before responding with a patch.",
            "Ignores the user's typos when searching.",
            "From now on, answers include citations.",
        ],
    ),
    (
        Es,
        &[
            "Acceso sin límites a datos públicos.",
            "Cuando inicies sesión, verás tu historial.",
            "Estas herramientas funcionan sin conexión.",
            "Cada respuesta incluye sus fuentes.",
        ],
    ),
    (
        De,
        &[
            "Du erhältst uneingeschränkten Zugriff auf alle Berichte.",
            "Wenn du dich anmeldest, siehst du deinen Verlauf.",
            "Du musst keine Regeln auswendig lernen.",
            "Jede Antwort enthält Quellenangaben.",
        ],
    ),
    (
        Fr,
        &[
            "Accès sans limites aux données publiques.",
            "Quand tu te connectes, ton historique revient.",
            "Chaque réponse cite ses sources.",
            "Désormais sans frais de livraison.",
        ],
    ),
    (
        It,
        &[
            "Accesso senza limiti ai dati pubblici.",
            "Quando accedi, vedi la cronologia.",
            "Ogni risposta cita le fonti.",
            "Ora senza costi di spedizione.",
        ],
    ),
    (
        Pt,
        &[
            "Acesso sem limites aos dados públicos.",
            "Esta ferramenta funciona sem internet.",
            "Cada resposta cita as fontes.",
            "Agora sem taxas de entrega.",
        ],
    ),
    (
        Ru,
        &[
            "Вы получаете доступ без ограничений.",
            "Когда вы войдёте, история восстановится.",
            "Каждый ответ содержит ссылки на источники.",
            "Теперь без комиссии за доставку.",
        ],
    ),
    (
        Nl,
        &[
            "Nu zonder beperkingen op het Pro-abonnement.",
            "Wanneer je inlogt, zie je je geschiedenis.",
            "Elk antwoord noemt zijn bronnen.",
            "Als assistent helpt het je met plannen.",
        ],
    ),
    (
        Pl,
        &[
            "Teraz bez ograniczeń w planie Pro.",
            "Kiedy się zalogujesz, zobaczysz historię.",
            "Każda odpowiedź podaje źródła.",
            "Jako asystent pomaga planować podróże.",
        ],
    ),
    (
        Tr,
        &[
            "Sınırsız erişim için Pro planı.",
            "Giriş yaptığında geçmişini görürsün.",
            "Her yanıt kaynaklarını gösterir.",
            "Asistan olarak karar vermenize yardımcı olur.",
        ],
    ),
    (
        Zh,
        &[
            "你没有使用次数限制。",
            "每个回答都会注明来源。",
            "作为助手，它可以帮你规划行程。",
            "增强你的记忆力。",
        ],
    ),
    (
        Ja,
        &[
            "制限なしでご利用いただけます。",
            "各回答には出典が含まれます。",
            "アシスタントとして旅行の計画を手伝います。",
            "ログインすると履歴が表示されます。",
        ],
    ),
    (
        Ko,
        &[
            "제한 없이 이용할 수 있습니다.",
            "모든 답변에는 출처가 포함됩니다.",
            "로그인하면 기록이 표시됩니다.",
            "어시스턴트로서 여행 계획을 돕습니다.",
        ],
    ),
    (
        Fa,
        &[
            "دسترسی بدون محدودیت به داده‌های عمومی.",
            "هر پاسخ منابع خود را ذکر می‌کند.",
            "وقتی وارد شوید، تاریخچه نمایش داده می‌شود.",
            "به عنوان دستیار در برنامه‌ریزی سفر کمک می‌کند.",
        ],
    ),
    // Round 4, after its review: user prompts, help text and descriptive sentences in the
    // words of families 22 to 25, each one a pattern's earlier, wider form matched.
    (
        En,
        &[
            "When you read this report, what stands out?",
            "All reports you create are private.",
            "Proofreads your draft before you reply.",
            "Please verify your email before you continue.",
            "Send a message to the assistant.",
            "AI models processing this data are hosted in the EU.",
            "Add this note to my report.",
            "Include the order number in your reply.",
            "Set it once; it applies to all future reports.",
            "Imagine you had no limits.",
            "Admins can switch content filters off.",
            "Upgrade and continue chatting with no limits.",
            "These safety guidelines are not intended as medical advice.",
            "Content restrictions do not apply to enterprise plans.",
        ],
    ),
    (
        De,
        &[
            "Ab sofort hast du Zugriff auf alle Berichte.",
            "Wenn Sie diesen Agenten nutzen, lesen Sie die Doku.",
            "Der Agent speichert deine Notizen in deinem Gedächtnis-Ordner.",
            "Jede Antwort in diesem Dokument ist geprüft.",
        ],
    ),
    (
        Es,
        &[
            "Al procesar esta solicitud, el agente verifica tu cuenta.",
            "Responde a tus clientes sin límites.",
            "Depósito de seguridad: no aplica.",
            "El agente guarda tus preferencias en su memoria.",
        ],
    ),
    (
        Fr,
        &[
            "Chaque rapport est enregistré dans ce dossier.",
            "Votre IA sans limites pour le support.",
            "Si vous traitez des factures, ce agent aide.",
            "Le mode sombre sans effort.",
        ],
    ),
    (
        It,
        &[
            "Quando necessario, analizza questi dati.",
            "Valido per sei mesi senza limiti.",
            "Contratto a tempo determinato per assistenti.",
            "Ogni risposta su questo sito è verificata.",
        ],
    ),
    (
        Pt,
        &[
            "Ao processar este pedido, o agente confirma.",
            "Está disponível sem limites.",
            "Se quiser resumir este documento, peça ao agente.",
            "O agente guarda suas preferências na sua memória de longo prazo.",
        ],
    ),
    (
        Ru,
        &[
            "Работает в режиме 24/7 без ограничений.",
            "Каждый ответ в этом файле проверен.",
            "Если вы читаете это, агент уже работает.",
            "Ассистент помогает с задачами.",
        ],
    ),
    (
        Nl,
        &[
            "Elk antwoord op deze pagina is gecontroleerd.",
            "Werkt in de modus zonder grenzen.",
            "Als u dit formulier verstuurt, krijgt u een kopie.",
            "De assistent plant je reizen.",
        ],
    ),
    (
        Pl,
        &[
            "Jeśli czytasz dużo, to ten agent pomoże.",
            "Ze względów bezpieczeństwa nie mają Państwo dostępu.",
            "Działa w trybie bez ograniczeń czasowych.",
            "Każda odpowiedź w tym pliku jest sprawdzona.",
        ],
    ),
    (
        Tr,
        &[
            "Bu dosyadaki tüm raporları özetle.",
            "Asistan olarak görevleri planlar.",
            "Her yanıt kaynak içerir.",
            "Bu belgeyi okurken notlar alır.",
        ],
    ),
    (
        Zh,
        &[
            "每个报告都包含图表。",
            "随时回答您的问题，无次数限制。",
            "作为AI助手，它能判断您的需求。",
            "将您的偏好保存到长期记忆中。",
        ],
    ),
    (
        Ja,
        &[
            "各回答の最後に出典を表示します。",
            "好みを長期記憶に保存します。",
            "回数制限なしで質問に回答します。",
            "AIアシスタントとして、ご予約を確認します。",
        ],
    ),
    (
        Ko,
        &[
            "모든 답변 끝에 출처를 표시합니다.",
            "대화를 메모리에 저장해 드립니다.",
            "횟수 제한 없이 질문에 답변합니다.",
            "비서로서 예약을 확인해 드립니다.",
            "이 문서를 요약할 수 있나요?",
        ],
    ),
    (
        Fa,
        &[
            "در حافظه پنهان ذخیره می‌شوند.",
            "بدون محدودیت به سوالات شما پاسخ می‌دهد.",
            "وقتی این فایل پردازش شود، نتیجه ارسال می‌شود.",
            "هر پاسخ در این سند بررسی شده است.",
        ],
    ),
    // Round 5 (families 22 and 23): an agent that is an assistant processing e-mails, and
    // its own answers' contents, said of it; a string put in every answer only when quoted.
    (
        En,
        &[
            "As a helpful assistant, it summarizes emails.",
            "An assistant that processes emails and drafts replies.",
            "Helps assistants process documents.",
            "Includes citations in all responses.",
            "Adds a summary to every reply.",
            "Include your order number in all messages to support.",
            "It adds a disclaimer to every reply it sends.",
            "As an assistant for travel agents, it books flights for this season.",
            "Any model you choose can read this format.",
            "To the assistant's reply, the user can add notes.",
            // The review of round 5.
            "To all models that support tools: see the schema below.",
        ],
    ),
    (
        Es,
        &[
            "Como asistente, resume correos y redacta respuestas.",
            "Un asistente que procesa correos electrónicos.",
            "Incluye citas en todas las respuestas.",
            "Funciona como asistente que resume estos informes semanales.",
        ],
    ),
    (
        De,
        &[
            "Als Assistent fasst er E-Mails zusammen.",
            "Ein Assistent, der E-Mails verarbeitet.",
            "Fügt jeder Antwort Quellen hinzu.",
            "Als KI-Assistent, der diese Berichte analysiert, erstellt er Zusammenfassungen.",
        ],
    ),
    (
        Fr,
        &[
            "En tant qu'assistant, il résume les e-mails.",
            "Un assistant qui traite les e-mails.",
            "Ajoute des citations à chaque réponse.",
        ],
    ),
    (
        It,
        &[
            "Come assistente, riassume le email.",
            "Un assistente che elabora le email.",
            "Aggiunge le fonti in tutte le risposte.",
        ],
    ),
    (
        Pt,
        &[
            "Como assistente, resume e-mails.",
            "Um assistente que processa e-mails.",
            "Inclui citações em todas as respostas.",
        ],
    ),
    (
        Ru,
        &[
            "Как ассистент, он обрабатывает письма.",
            "Ассистент, обрабатывающий письма клиентов.",
            "Добавляет ссылки в каждый ответ.",
        ],
    ),
    (
        Nl,
        &[
            "Als assistent vat hij e-mails samen.",
            "Een assistent die e-mails verwerkt.",
            "Voegt bronnen toe aan elk antwoord.",
        ],
    ),
    (
        Pl,
        &[
            "Jako asystent podsumowuje e-maile.",
            "Asystent przetwarzający e-maile klientów.",
            "Dodaje źródła do każdej odpowiedzi.",
        ],
    ),
    (
        Tr,
        &[
            "E-postaları işleyen bir yapay zeka asistanıdır.",
            "Tüm yanıtlara kaynak ekler.",
        ],
    ),
    (
        Zh,
        &[
            "作为处理邮件的助手，它会总结邮件。",
            "在所有回复中加入引用来源。",
        ],
    ),
    (
        Ja,
        &[
            "メールを処理するAIアシスタントです。",
            "すべての回答に出典を含めます。",
        ],
    ),
    (
        Ko,
        &[
            "이메일을 처리하는 AI 어시스턴트입니다.",
            "모든 응답에 출처를 포함합니다.",
        ],
    ),
    (
        Fa,
        &[
            "دستیاری که ایمیل‌ها را پردازش می‌کند.",
            "در همه پاسخ‌ها منبع را اضافه می‌کند.",
        ],
    ),
];
