//! The vocabulary of [`super`]: commands, files and names, lowercase (the rules read folded
//! text). The lists follow MITRE ATT&CK's techniques for Linux, macOS and Windows, named
//! at each list; the file names are the ones those techniques and the tools that audit for
//! them (secret scanners, host-integrity checkers) list.

/// Commands that show a file's content when the file is their next argument (options
/// aside), in a shell or PowerShell; those of [`WORD_READERS`] only where a command starts.
pub(super) const SHOWS_FILE: &[&str] = &[
    "cat",
    "tac",
    "more",
    "less",
    "head",
    "tail",
    "strings",
    "xxd",
    "od",
    "hexdump",
    "base64",
    "nl",
    "bat",
    "type",
    "get-content",
    "gc",
];

/// A program's functions that read the file named in their call (`open('...')`,
/// `fs.readFileSync('...')`, Ruby's `File.read('...')`): a call or nothing.
pub(super) const CALL_READERS: &[&str] = &[
    "open",
    "read_text",
    "read_bytes",
    "readfile",
    "readfilesync",
    "file_get_contents",
    "fopen",
    "file.read",
    "file.open",
    "file.readlines",
];

/// Readers that are also English words ("one or more `.env` files").
pub(super) const WORD_READERS: &[&str] = &[
    "more", "less", "head", "tail", "type", "nl", "bat", "gc", "od", "strings",
];

/// Commands that copy, pack or send what any of their arguments names (T1048 exfiltration
/// over another protocol; T1560 archive collected data). The copies' last argument is where
/// to, not what.
pub(super) const TRANSFERS: &[&str] = &[
    "scp", "rsync", "sftp", "ftp", "nc", "ncat", "netcat", "socat", "tar", "zip", "7z", "sendmail",
];

/// Copies whose last argument is where to. (A local `cp` of a secret, `cp .env .env.bak`,
/// sends it nowhere, and `gpg` encrypts: neither is in [`TRANSFERS`].)
pub(super) const COPIES: &[&str] = &["scp", "rsync"];

/// HTTP clients, which send a file only when told to upload it (`-d @file`, `-F f=@file`,
/// `-T file`, `--post-file=file`): a key file given for TLS (`--key client.key`) is use.
pub(super) const HTTP_CLIENTS: &[&str] = &["curl", "wget", "http", "https"];

/// The options of [`HTTP_CLIENTS`] that upload the file named next.
pub(super) const UPLOADS: &[&str] = &["-t", "--upload-file", "--post-file", "--body-file"];

/// Calls that print their argument: a call (`print(`) or nothing ("Print the report").
pub(super) const PRINT_CALLS: &[&str] = &[
    "print",
    "println",
    "console.log",
    "console.error",
    "console.info",
    "pprint",
    "print_r",
    "var_dump",
    "logging.info",
    "logging.warning",
];

/// Commands that print their arguments, where a command starts.
pub(super) const PRINT_COMMANDS: &[&str] =
    &["echo", "printf", "puts", "pp", "write-output", "write-host"];

/// Commands whose output a redirection writes (`echo ... >> ~/.bashrc`).
pub(super) const PRODUCES: &[&str] = &[
    "echo",
    "printf",
    "cat",
    "print",
    "curl",
    "wget",
    "base64",
    "env",
    "printenv",
    "type",
    "write-output",
];

/// Options that name what a transfer leaves out (`tar --exclude=.env`, `zip -x .env`).
pub(super) const EXCLUDES: &[&str] = &["--exclude", "--exclude-from", "-x", "--filter"];

/// Files that hold secrets, by the end of their path (T1552.001 credentials in files,
/// T1552.004 private keys, T1003.008 /etc/passwd and /etc/shadow, T1552.003 shell history).
pub(super) const SECRET_FILE_ENDS: &[&str] = &[
    "/.env",
    "/.envrc",
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    ".netrc",
    "_netrc",
    ".npmrc",
    ".pypirc",
    ".git-credentials",
    ".pgpass",
    ".my.cnf",
    ".htpasswd",
    "/etc/shadow",
    "/etc/passwd",
    "/etc/gshadow",
    "/etc/sudoers",
    ".bash_history",
    ".zsh_history",
    ".python_history",
    ".psql_history",
    ".mysql_history",
    ".docker/config.json",
    ".kube/config",
    // MCP clients' server lists, which hold the servers' API keys in their `env`: the file a
    // poisoned tool description asks for (Invariant Labs, 2025).
    "/mcp.json",
    "claude_desktop_config.json",
    // Command-line tools' stored tokens.
    "gh/hosts.yml",
    ".cargo/credentials",
    ".cargo/credentials.toml",
    ".gem/credentials",
    ".composer/auth.json",
    ".terraformrc",
    "credentials.tfrc.json",
    ".vault-token",
    ".aws/credentials",
    ".aws/config",
    ".azure/accesstokens.json",
    "application_default_credentials.json",
    "credentials.json",
    "credentials.db",
    "wp-config.php",
    "terraform.tfstate",
    "master.key",
    "/environ",
    "key.pem",
    ".key",
    ".p12",
    ".pfx",
    ".jks",
    ".keystore",
    ".kdbx",
];

/// Folders whose files hold secrets (T1552.004, T1555 credentials from password stores).
pub(super) const SECRET_FOLDERS: &[&str] = &[
    ".ssh/",
    ".gnupg/",
    ".aws/",
    ".config/gcloud/",
    ".azure/",
    ".password-store/",
    "/keychains/",
];

/// Words in a file's or a variable's name that say it holds a secret.
pub(super) const SECRET_NAME_WORDS: &[&str] = &[
    "secret",
    "token",
    "pass",
    "credential",
    "private",
    "key",
    "auth",
    "cookie",
    "session",
    "dsn",
    "database_url",
    "db_url",
    "conn_str",
    "connection_string",
    "signing",
];

/// Variable names that name something else than a secret though a word of
/// [`SECRET_NAME_WORDS`] or `key` is in them.
pub(super) const NOT_SECRET_NAMES: &[&str] = &[
    "pwd",
    "oldpwd",
    "author",
    "authority",
    "keyboard",
    "session_name",
    "key_path",
    "keymap",
    "hotkey",
    "passenger",
    "compass",
    "bypass",
];

/// Endings of a file name that say it is a template of a secret file, not the file.
pub(super) const TEMPLATE_ENDS: &[&str] = &[
    ".example",
    ".sample",
    ".template",
    ".dist",
    ".defaults",
    ".tmpl",
    ".pub",
    "_example",
];

/// Commands that download (T1105 ingress tool transfer).
pub(super) const FETCHES: &[&str] = &[
    "curl",
    "wget",
    "iwr",
    "invoke-webrequest",
    "irm",
    "invoke-restmethod",
    "aria2c",
    "fetch",
    "downloadstring",
    "downloadfile",
    "start-bitstransfer",
    "urlopen",
    "requests.get",
    "urllib.request.urlopen",
    "certutil",
    "bitsadmin",
];

/// Commands that turn text back into a program (T1140 deobfuscate/decode files).
pub(super) const DECODES: &[&str] = &["base64", "base32", "xxd", "openssl", "gunzip", "zcat"];

/// Interpreters a command's output can be piped into (T1059 command and scripting
/// interpreter).
pub(super) const INTERPRETERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "ksh",
    "dash",
    "fish",
    "csh",
    "tcsh",
    "/bin/sh",
    "/bin/bash",
    "/bin/zsh",
    "/usr/bin/bash",
    "python",
    "python2",
    "python3",
    "py",
    "node",
    "nodejs",
    "deno",
    "bun",
    "perl",
    "ruby",
    "php",
    "iex",
    "invoke-expression",
    "pwsh",
    "powershell",
    "cmd",
    "source",
];

/// Words that may stand before an interpreter at the head of a pipeline stage.
pub(super) const PREFIXES: &[&str] = &["sudo", "exec", "env", "-", "doas", "nohup"];

/// Verbs that order a file read or sent (T1552.001, credentials in files) when a path follows
/// them:
/// "read ~/.ssh/id_rsa", "open ~/.aws/credentials", in the imperative of the table's
/// languages written with the Latin and Cyrillic scripts ("lee ~/.ssh/id_rsa", "lis
/// ~/.netrc", "öffne ~/.aws/credentials"). Alone they are prose.
pub(super) const PROSE_READERS: &[&str] = &[
    "read",
    "open",
    "load",
    "show",
    "display",
    "dump", // English
    // Sent on as well ("upload ~/.ssh to https://..."): T1048, exfiltration.
    "upload",
    "send",
    "copy",
    "post",
    "transfer",
    "exfiltrate",
    "lee",
    "abre",
    "carga",
    "muestra", // Spanish
    "lis",
    "ouvre",
    "charge",
    "affiche", // French
    "lies",
    "öffne",
    "oeffne",
    "lade",
    "zeige", // German
    "leia",
    "abra",
    "carregue",
    "mostre", // Portuguese
    "leggi",
    "apri",
    "carica",
    "mostra", // Italian
    "lees",
    "toon", // Dutch
    "przeczytaj",
    "otwórz",
    "otworz",
    "pokaż",
    "pokaz", // Polish
    "oku",
    "aç", // Turkish
    "прочитай",
    "прочти",
    "открой",
    "покажи",
    "загрузи", // Russian
];

/// How many words after such a verb its path is looked for: the path itself, or after an
/// article and a noun ("read the file ~/.ssh/id_rsa").
pub(super) const PROSE_READ_REACH: usize = 3;

/// Words after an interpreter's name that go on with a sentence, not with the command: "pipe
/// it to bash to install it", "| sh and restart". No script is named so.
pub(super) const PROSE_AFTER_COMMAND: &[&str] = &[
    "to", "and", "then", "so", "for", "before", "after", "first", "which", "when", "if", "once",
];

/// An interpreter's flag that runs the text after it as a program, and the calls that start
/// a shell from that program (T1059.006 Python, T1059.007 JavaScript, T1059.004 Unix
/// shell): a command hidden inside a one-liner.
pub(super) const ONE_LINERS: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["python", "python2", "python3", "py"],
        &["-c"],
        &[
            "os.system",
            "os.popen",
            "subprocess.run",
            "subprocess.call",
            "subprocess.popen",
            "subprocess.check_output",
            "subprocess.check_call",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
            "pty.spawn",
            "os.exec",
            "commands.getoutput",
            "__import__('os')",
            "__import__(\"os\")",
        ],
    ),
    (
        &["node", "nodejs", "deno", "bun"],
        &["-e", "--eval", "-p", "--print"],
        &["child_process", "execsync", "spawnsync", "execfilesync"],
    ),
    (&["perl"], &["-e"], &["system", "exec", "qx"]),
    (&["ruby"], &["-e"], &["system", "exec", "%x", "spawn"]),
    (
        &["php"],
        &["-r"],
        &[
            "system",
            "exec",
            "shell_exec",
            "passthru",
            "popen",
            "proc_open",
        ],
    ),
];

/// What in a line opens a shell to another machine (T1059.004 with T1095: reverse shells).
pub(super) const REVERSE_SHELLS: &[&str] = &[
    "/dev/tcp/",
    "/dev/udp/",
    "nc -e",
    "nc -c",
    "ncat -e",
    "ncat --exec",
    "ncat -c",
    "netcat -e",
    "exec:/bin/",
    "exec:bash",
    "exec:sh",
    "bash -i >&",
    "sh -i >&",
    "-encodedcommand",
    "-enc ",
];

/// Files and folders whose content runs on its own later: the shell's start-up files
/// (T1546.004), scheduled jobs (T1053.003), SSH keys let in (T1098.004), services and
/// agents (T1543), preloaded libraries (T1574.006), Python's start-up hooks (T1546.018),
/// git hooks, the files coding agents take their instructions from, and the lists of
/// packages a project installs (T1195.001 supply chain).
pub(super) const PERSISTS: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".zlogin",
    ".cshrc",
    ".tcshrc",
    ".kshrc",
    "config.fish",
    "/etc/profile",
    "/etc/bash.bashrc",
    "/etc/environment",
    "/etc/rc.local",
    "/etc/init.d/",
    "/etc/systemd/",
    ".config/systemd/",
    ".config/autostart/",
    "/etc/crontab",
    "/etc/cron.d/",
    "/etc/cron.hourly/",
    "/etc/cron.daily/",
    "/etc/cron.weekly/",
    "/etc/cron.monthly/",
    "/var/spool/cron/",
    "/etc/ld.so.preload",
    "/etc/sudoers",
    "authorized_keys",
    ".git/hooks/",
    "launchagents/",
    "launchdaemons/",
    "sitecustomize.py",
    "usercustomize.py",
    "$profile",
    "powershell_profile.ps1",
    // Windows's start-up folder (`...\Start Menu\Programs\Startup\`): paths are read with
    // forward slashes.
    "programs/startup/",
    ".claude/settings.json",
    ".vscode/tasks.json",
    ".vscode/settings.json",
];

/// The files coding agents take their instructions from: written to (`>>`, `tee -a`), they
/// carry an instruction to every later session; linked or copied, they are a project's own.
pub(super) const AGENT_FILES: &[&str] = &[
    ".cursorrules",
    ".cursor/rules",
    ".windsurfrules",
    ".clinerules",
    "copilot-instructions.md",
    "claude.md",
    "agents.md",
    "gemini.md",
];

/// A project's package lists: appending a package to one installs it on every later setup
/// (T1195.001); writing one afresh (`pip freeze > requirements.txt`) is everyday work.
pub(super) const APPENDED: &[&str] = &["requirements.txt", "constraints.txt"];

/// Commands that write the file their last argument names (besides `>` and `>>`).
pub(super) const WRITES: &[&str] = &[
    "tee",
    "cp",
    "mv",
    "ln",
    "add-content",
    "set-content",
    "out-file",
    "open",
    "write_text",
    "writefilesync",
    "appendfilesync",
    "file_put_contents",
];

/// Commands that schedule or register something to run later (T1053, T1543, T1547.001).
pub(super) const SCHEDULES: &[&[&str]] = &[
    &["crontab", "-"],
    &["crontab", "-e"],
    &["|", "crontab"],
    &["systemctl", "enable"],
    &["systemctl", "--user", "enable"],
    &["launchctl", "load"],
    &["launchctl", "bootstrap"],
    &["schtasks", "/create"],
    &["register-scheduledtask"],
    &["update-rc.d"],
    &["currentversion\\run"],
];

/// Commands that destroy data or what recovers it (T1485, T1561, T1490), as the words they
/// start with and a target each needs.
pub(super) const DESTROYS: &[(&str, &[&str])] = &[
    ("mkfs", &[""]),
    ("dd", &["of=/dev/"]),
    ("shred", &["/dev/"]),
    ("vssadmin", &["delete"]),
    ("wbadmin", &["delete"]),
    ("bcdedit", &["recoveryenabled"]),
    ("format", &["c:"]),
    ("diskpart", &["clean"]),
];

/// The removing commands of the shells: `rm`, PowerShell's `Remove-Item` (`ri`), cmd's `rd`,
/// `rmdir` and `del`.
pub(super) const REMOVES: &[&str] = &["rm", "remove-item", "ri", "rd", "rmdir", "del"];

/// What `rm -rf` (and PowerShell's `remove-item -recurse -force`, `rd /s /q`) may not be
/// pointed at: everything, a home, the system's folders, a project's history.
pub(super) const NOT_TO_REMOVE: &[&str] = &[
    "/", "/*", "~", "~/", "~/*", "$home", "*", ".", "./", "..", ".git", "/home", "/etc", "/usr",
    "/var", "/boot", "/root", "c:\\", "c:/",
];

/// Commands that turn off a defense or cover tracks (T1562 impair defenses, T1070.003
/// clear command history, T1553 subvert trust controls).
pub(super) const DISARMS: &[&[&str]] = &[
    &["setenforce", "0"],
    &["ufw", "disable"],
    &["systemctl", "stop", "firewalld"],
    &["systemctl", "disable", "firewalld"],
    &["systemctl", "stop", "apparmor"],
    &["systemctl", "stop", "auditd"],
    &["auditctl", "-e", "0"],
    &["iptables", "-f"],
    &["set-mppreference", "-disablerealtimemonitoring"],
    &["csrutil", "disable"],
    &["spctl", "--master-disable"],
    &["history", "-c"],
    &["unset", "histfile"],
    &["histfile=/dev/null"],
    &["http.sslverify", "false"],
    &["strict-ssl", "false"],
    &["node_tls_reject_unauthorized=0"],
    &["pythonhttpsverify=0"],
    &["git_ssl_no_verify=1"],
    &["git_ssl_no_verify=true"],
];
