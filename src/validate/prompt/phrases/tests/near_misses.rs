//! What the phrase table must not catch: benign sentences of each language that use the
//! words of its patterns (the same verbs and nouns said of the agent, not to its reader).

use super::Lang::{self, De, En, Es, Fa, Fr, It, Ja, Ko, Nl, Pl, Pt, Ru, Tr, Zh};

/// Benign sentences of each language that use the words of its patterns.
pub(super) const NEAR_MISSES: &[(Lang, &[&str])] = &[
    (
        En,
        &[
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
            "Before you book, check the visa rules.",
            "Fixes the TODO: list in the README.", // TODO not first
            "Important: the API ignores empty fields.",
        ],
    ),
    (
        Es,
        &[
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
            "حالت تاریک را فعال کن.",
            "نیازی به ثبت نام نیست.",
            "این عامل خطاهای شبکه را نادیده می\u{200c}گیرد.",
            "شما اکنون می\u{200c}توانید پرواز رزرو کنید.",
            "قبل از پرداخت از کاربر می\u{200c}پرسد.",
            "دستورالعمل نصب را نشان می\u{200c}دهد.",
        ],
    ),
];
