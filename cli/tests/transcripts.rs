//! The command transcripts of `README.md` and `cli/README.md`, run: a sample that no longer
//! matches what the binary prints fails here, naming the sample and the line.
//!
//! A transcript is a fenced block right after a marker line that survives rendering (an HTML
//! comment is not shown):
//!
//! ````text
//! <!-- transcript: NAME -->
//! ```text
//! $ a2a-card validate broken.json
//! error A2A-E010 ...
//! ```
//! ````
//!
//! Each `$ ` line is a command (split on spaces, no shell; `a2a-card` is the binary under
//! test, anything else is looked up on `PATH`), and the lines up to the next `$ ` are what it
//! prints, stdout and stderr together as a terminal shows them. `a2a-card serve` keeps running
//! in the background, and its output is its lines up to `listening on`. A command naming
//! `127.0.0.1:PORT` with a fixed port talks to the last server the transcript started, on
//! the free port it got. What a command needs before it runs (files, a server) is set up by
//! [`setup`], by the transcript's NAME. What legitimately differs from run to run is masked
//! on both sides by [`mask`].

use a2a_card_test_support::scratch;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use scratch::Scratch;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
const READMES: [&str; 2] = ["README.md", "cli/README.md"];

/// Every transcript the READMEs must have (file, NAME): a marker deleted or renamed by
/// mistake fails here instead of silently leaving a sample untested.
const EXPECTED: &[(&str, &str)] = &[
    ("cli/README.md", "serve"),
    ("cli/README.md", "validate"),
    ("cli/README.md", "check"),
    ("cli/README.md", "verify"),
];

/// Replaces what legitimately varies between runs with a placeholder. Applied to the README's
/// line and to the binary's line alike, so the README shows real output and the rest of
/// the line is still compared.
fn mask(line: &str) -> String {
    // Ports: every server is started on 127.0.0.1:0 and gets a free port; the README shows
    // the one it got when the sample was made.
    let mut line = with_port(line, |_| "<port>".to_owned());
    // The `date:` header is the server's clock at the request.
    if line.to_ascii_lowercase().starts_with("date: ") {
        line = "date: <now>".to_owned();
    }
    // ETags (and `serving ... (ETag ...)`) are the SHA-256 of the served bytes: 64 hex digits
    // nobody reads, which any edit of the demo card (cli/demo-card.json) changes;
    // cli_serve.rs checks that the tag is the body's digest.
    line = mask_sha256_hex(&line);
    // The resolver's words for a name that does not resolve depend on the machine (glibc
    // says "Name or service not known", a machine without DNS "Temporary failure in name
    // resolution"); the check's own words before them are compared.
    if let Some(at) = line.find("failed to lookup address information: ") {
        line.replace_range(at.., "failed to lookup address information: <resolver>");
    }
    line
}

/// `text` with the port of every `127.0.0.1:PORT` (PORT not 0) replaced by `port(PORT)`.
fn with_port(text: &str, port: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("127.0.0.1:") {
        let (before, after) = rest.split_at(at + "127.0.0.1:".len());
        out.push_str(before);
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match &after[..digits] {
            "" | "0" => out.push_str(&after[..digits]),
            fixed => out.push_str(&port(fixed)),
        }
        rest = &after[digits..];
    }
    out + rest
}

fn mask_sha256_hex(line: &str) -> String {
    let bytes = line.as_bytes();
    let (mut out, mut from, mut i) = (String::new(), 0, 0);
    while i < bytes.len() {
        let run = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        if run == 64 {
            out.push_str(&line[from..i]);
            out.push_str("<sha256>");
            from = i + run;
        }
        i += run.max(1);
    }
    out + &line[from..]
}

/// One `$ ` command of a transcript and what the README says it prints.
struct Step {
    /// 1-based line of the `$ ` line in the README.
    line: usize,
    command: String,
    /// The README's lines, each with its 1-based line number.
    expected: Vec<(usize, String)>,
}

struct Transcript {
    file: &'static str,
    name: String,
    steps: Vec<Step>,
}

/// The transcripts of one README: a marker line, then a fenced block of commands and output.
fn transcripts(file: &'static str) -> Vec<Transcript> {
    let text = std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some(name) = line
            .trim()
            .strip_prefix("<!-- transcript:")
            .and_then(|rest| rest.strip_suffix("-->"))
        else {
            continue;
        };
        let name = name.trim().to_owned();
        let fence = lines.get(at + 1).copied().unwrap_or_default();
        assert!(
            fence.starts_with("```"),
            "{file}:{}: the transcript marker `{name}` must be followed by a fenced block",
            at + 1
        );
        let mut steps: Vec<Step> = Vec::new();
        for (n, line) in lines.iter().enumerate().skip(at + 2) {
            if line.starts_with("```") {
                break;
            }
            if let Some(command) = line.strip_prefix("$ ") {
                let (line, command, expected) = (n + 1, command.to_owned(), Vec::new());
                steps.push(Step {
                    line,
                    command,
                    expected,
                });
            } else {
                let step = steps.last_mut().unwrap_or_else(|| {
                    panic!("{file}:{}: transcript `{name}` starts with output", n + 1)
                });
                step.expected.push((n + 1, line.to_string()));
            }
        }
        found.push(Transcript { file, name, steps });
    }
    found
}

/// A background `a2a-card serve`; killed (by its own process id) when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, from its `listening on` line.
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `argv` in `dir` with stdout and stderr both going to one file, as they go to one
/// terminal, so their lines keep the order the program wrote them in.
fn spawn(argv: &[&str], dir: &Path) -> (Child, PathBuf) {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let path = dir.join(format!(
        "output-{}.log",
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let out = std::fs::File::create(&path).unwrap();
    let program = if argv[0] == "a2a-card" { BIN } else { argv[0] };
    let child = Command::new(program)
        .args(&argv[1..])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run `{}`: {e}", argv.join(" ")));
    (child, path)
}

/// Runs `a2a-card serve ...` in the background: the server and its lines up to, and
/// including, `listening on ...`.
fn serve(argv: &[&str], dir: &Path) -> (Server, String) {
    let (child, log) = spawn(argv, dir);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let printed = std::fs::read_to_string(&log).unwrap();
        if let Some(at) = printed.find("listening on http://") {
            let end = at + printed[at..].find('\n').unwrap_or(printed.len() - at);
            let addr = printed[at + "listening on http://".len()..end].to_owned();
            return (Server { child, addr }, printed[..end].to_owned());
        }
        assert!(
            Instant::now() < deadline,
            "`{argv:?}` did not start:\n{printed}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What `argv` prints, run to its end in `dir`.
fn run(argv: &[&str], dir: &Path) -> String {
    let (mut child, log) = spawn(argv, dir);
    child.wait().unwrap();
    std::fs::read_to_string(log).unwrap()
}

/// What a transcript needs before its first command, by its NAME: files in `dir`, and servers
/// its commands talk to.
fn setup(name: &str, dir: &Path) -> Vec<Server> {
    let fixture = |from: &str, to: &str| std::fs::copy(Path::new(ROOT).join(from), dir.join(to));
    match name {
        "validate" => {
            fixture("tests/fixtures/cli/broken-v1.json", "broken.json").unwrap();
        }
        // The demo card, as the sample says, on a free port.
        "check" => return vec![serve(&["a2a-card", "serve", "--addr", "127.0.0.1:0"], dir).0],
        // A key "2026-01", the demo card signed with it, and a copy changed after signing.
        "verify" => {
            let keygen = "a2a-card keygen --alg ES256 --kid 2026-01 --out key.pem --jwks jwks.json";
            run(&keygen.split(' ').collect::<Vec<_>>(), dir);
            let card = format!("{ROOT}/examples/agent-card.json");
            let argv = [
                "a2a-card", "sign", &card, "--key", "key.pem", "--kid", "2026-01",
            ];
            let output = Command::new(BIN).args(&argv[1..]).current_dir(dir).output();
            let signed = String::from_utf8(output.unwrap().stdout).unwrap();
            assert!(signed.contains("\"signatures\""), "not signed: {signed}");
            std::fs::write(dir.join("signed.json"), &signed).unwrap();
            let tampered = signed.replacen("Route Planner", "Route Planner Pro", 1);
            std::fs::write(dir.join("tampered.json"), tampered).unwrap();
        }
        _ => {}
    }
    Vec::new()
}

/// Runs one transcript; the differences found, each naming the README line.
fn replay(transcript: &Transcript) -> Vec<String> {
    let Transcript { file, name, .. } = transcript;
    // One transcript's files; removed when it ends, passing or failing.
    let scratch = Scratch::dir(&format!("transcript-{name}"));
    let mut servers = setup(name, &scratch);
    let mut problems = Vec::new();
    for step in &transcript.steps {
        let port = |_: &str| match servers.last() {
            Some(server) => server.addr.rsplit(':').next().unwrap().to_owned(),
            None => panic!("{file}:{}: no server runs on a fixed port", step.line),
        };
        let command = with_port(&step.command, port);
        let argv: Vec<&str> = command.split_whitespace().collect();
        if argv[0] == "curl" && Command::new("curl").arg("-V").output().is_err() {
            println!(
                "skipped `{}` of {file}:{}: no curl on PATH",
                step.command, step.line
            );
            continue;
        }
        let printed = if argv.starts_with(&["a2a-card", "serve"]) {
            let (server, printed) = serve(&argv, &scratch);
            servers.push(server);
            printed
        } else {
            run(&argv, &scratch)
        };
        // A blank line that ends the output (curl's, after the headers) is not shown.
        let printed = printed.trim_end();
        let actual: Vec<String> = printed.lines().map(|l| mask(l.trim_end())).collect();
        let expected: Vec<String> = step
            .expected
            .iter()
            .map(|(_, l)| mask(l.trim_end()))
            .collect();
        let Some(i) =
            (0..actual.len().max(expected.len())).find(|&i| actual.get(i) != expected.get(i))
        else {
            continue;
        };
        let at = step
            .expected
            .get(i)
            .map_or(step.line + expected.len() + 1, |(n, _)| *n);
        let none = "(no line)".to_owned();
        problems.push(format!(
            "{file}:{at}: transcript `{name}`, `$ {}`: line {} differs\n  README: {}\n  binary: {}\n\
             what the binary printed (masked):\n{}\n",
            step.command,
            i + 1,
            expected.get(i).unwrap_or(&none),
            actual.get(i).unwrap_or(&none),
            actual.join("\n"),
        ));
    }
    problems
}

#[test]
fn every_readme_transcript_is_what_the_binary_prints() {
    let all: Vec<Transcript> = READMES.into_iter().flat_map(transcripts).collect();
    for (file, name) in EXPECTED {
        assert!(
            all.iter().any(|t| t.file == *file && t.name == *name),
            "{file} has no `<!-- transcript: {name} -->` block"
        );
    }
    for t in &all {
        assert!(
            !t.steps.is_empty(),
            "{}: transcript `{}` has no `$ ` command",
            t.file,
            t.name
        );
    }
    let problems: Vec<String> = all.iter().flat_map(replay).collect();
    assert!(
        problems.is_empty(),
        "README samples differ from the binary:\n\n{}",
        problems.join("\n")
    );
}

/// The examples quoted in `--help` (an installed binary's only documentation) name codes the
/// `Code` registry has, and the help sends no one to a README the binary does not carry.
#[test]
fn help_texts_quote_real_codes_and_no_readme() {
    let known: Vec<&str> = a2a_card::Code::ALL.iter().map(|c| c.as_str()).collect();
    for command in [
        "", "validate", "migrate", "serve", "keygen", "sign", "verify", "studio", "check",
    ] {
        let argv: Vec<&str> = [command, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let output = Command::new(BIN).args(&argv).output().unwrap();
        assert!(output.status.success(), "a2a-card {argv:?}");
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(
            !help.contains("README"),
            "`a2a-card {command} --help` cites a README:\n{help}"
        );
        // A code is A2A-, a letter and digits (`A2A-Version` is a header, not a code).
        for (at, _) in help.match_indices("A2A-") {
            let tail: String = help[at + 4..]
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            let digits = tail.get(1..).unwrap_or_default();
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let code = format!("A2A-{tail}");
            assert!(
                known.contains(&code.as_str()),
                "`a2a-card {command} --help` quotes {code}, not in Code::ALL"
            );
        }
    }
}
