//! `a2a-card check` against the Python a2a-sdk's own server (1.3.0, Starlette under
//! uvicorn, set up as the SDK documents it): the findings are what that server really gets
//! wrong, read off real HTTP, and a2a-card's own server gets none of them.

mod sdk_server;
use a2a_card_test_support as support;

use std::process::{Command, Stdio};

use sdk_server::SdkServer;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
// Fixtures (names under tests/fixtures/): the cards, with an `{origin}` placeholder.
const CARD: &str = "interop/check/card.json";
const EXTENDED: &str = "interop/check/extended.json";

fn check_json(url: &str) -> (i32, Value) {
    let output = Command::new(BIN)
        .args(["check", url, "--format", "json"])
        .output()
        .unwrap();
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&output.stdout));
    });
    (output.status.code().unwrap_or(-1), report)
}

/// `code` and, for header findings, the header, in the order reported.
fn findings(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["header"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[test]
fn the_python_sdk_server_hands_out_its_extended_card_and_serves_the_card_loosely() {
    let server = SdkServer::start(CARD, EXTENDED);
    let (code, report) = check_json(&server.url);
    assert_eq!(code, 1, "{report:#}");
    let found = findings(&report);
    let has = |code: &str, header: &str| found.iter().any(|(c, h)| c == code && h == header);
    // The extended card is given to a caller without credentials, on both interfaces.
    let unprotected: Vec<_> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "A2A-C401")
        .map(|f| f["url"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        unprotected,
        [
            format!("{}/rpc", server.url),
            format!("{}/rest/extendedAgentCard", server.url)
        ],
        "{report:#}"
    );
    // How the card itself is served.
    assert!(
        has("A2A-C102", "Content-Type"),
        "application/json: {report:#}"
    );
    assert!(
        has("A2A-C104", "Cache-Control"),
        "no Cache-Control: {report:#}"
    );
    assert!(has("A2A-C107", "ETag"), "weak ETag: {report:#}");
    assert!(has("A2A-C109", "Last-Modified"), "{report:#}");
    assert!(has("A2A-C110", "Access-Control-Allow-Origin"), "{report:#}");
    assert!(has("A2A-C112", ""), "no legacy path: {report:#}");
    // What it does right: a 304 for its own (weak) ETag, HEAD like GET, a valid card.
    assert!(
        has("A2A-C205", ""),
        "POST answered 404, not 405: {report:#}"
    );
    for fine in ["A2A-C200", "A2A-C201", "A2A-C203", "A2A-C204", "A2A-C101"] {
        assert!(!found.iter().any(|(c, _)| c == fine), "{fine}: {report:#}");
    }
    assert_eq!(report["endpoints"][0]["status"], 200);
    assert_eq!(report["endpoints"][1]["status"], 404);
}

#[test]
fn a2a_card_serve_with_the_same_cards_gets_none_of_those_findings() {
    // The same cards behind `a2a-card serve --extended-card --auth --watch`, their interfaces
    // pointing at that server (known once it listens; --watch takes the rewritten card).
    let dir = support::Scratch::dir("interop-check");
    let write = |name: &str, from: &str, origin: &str| {
        let text = std::fs::read_to_string(support::fixture(from)).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text.replace("{origin}", origin)).unwrap();
        path
    };
    let placeholder = "http://127.0.0.1:1";
    let card = write("card.json", CARD, placeholder);
    let extended = write("extended.json", EXTENDED, placeholder);
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys = [\"k1\"]\n").unwrap();
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--watch"])
        .arg(&card)
        .arg("--extended-card")
        .arg(&extended)
        .arg("--auth")
        .arg(&auth)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let addr = support::listening_addr(&mut child);
    let origin = format!("http://{addr}");
    // A card replacing another within the second of its date goes without Last-Modified.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    write("card.json", CARD, &origin);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let report = loop {
        let (_, report) = check_json(&origin);
        let stale = findings(&report).iter().any(|(c, _)| c == "A2A-C400");
        if !stale || std::time::Instant::now() > deadline {
            break report;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let _ = child.kill();
    let _ = child.wait();
    let codes: Vec<_> = findings(&report)
        .into_iter()
        .map(|(code, _)| code)
        .collect();
    // Only validation's warnings about plain http:// interfaces and the note that no
    // credentials were given remain: the extended card is refused without a key.
    assert!(
        codes.iter().all(|c| c == "A2A-W012" || c == "A2A-C409"),
        "{report:#}"
    );
    assert!(codes.contains(&"A2A-C409".to_owned()), "{report:#}");
    assert_eq!(report["errors"], 0, "{report:#}");
}
