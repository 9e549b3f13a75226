//! `a2a-card check BASE_URL`, run as a person would run it, against `a2a-card serve` (a clean
//! report) and against small, deliberately wrong servers started here (each finding).

mod binary_server;
use a2a_card_test_support::pki;
use a2a_card_test_support::scratch;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use binary_server::Server;
use scratch::Scratch;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
const API_KEY: &str = "k-check-s3cret-value";

fn temp_dir(name: &str) -> Scratch {
    Scratch::dir(&format!("check-{name}"))
}

fn shown(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs `a2a-card check ARGS`: exit code, stdout, stderr.
fn check(args: &[&str]) -> (i32, String, String) {
    finished(Command::new(BIN).arg("check").args(args))
}

/// Runs `command` to its end: exit code, stdout, stderr.
fn finished(command: &mut Command) -> (i32, String, String) {
    let output = command.output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Runs `check --format json` and returns the exit code and the report.
fn check_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = check(&all);
    let report = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\nstderr: {stderr}"));
    (code, report)
}

/// The findings of a report with this code.
fn with_code<'r>(report: &'r Value, code: &str) -> Vec<&'r Value> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == code)
        .collect()
}

fn codes(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_owned())
        .collect()
}

/// A card whose interfaces live at `origin`, protected by an API key header.
fn card(origin: &str, name: &str) -> Value {
    json!({
        "name": name,
        "description": "Plans delivery routes for a city fleet, with live traffic data.",
        "supportedInterfaces": [
            {"url": format!("{origin}/rpc"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": format!("{origin}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
        ],
        "provider": {"organization": "Example Fleet Ltd.", "url": "https://fleet.example.com"},
        "version": "1.0.0",
        "capabilities": {"extendedAgentCard": true},
        "securitySchemes": {
            "apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}
        },
        "securityRequirements": [{"schemes": {"apiKey": {}}}],
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{
            "id": "route", "name": "Route a fleet", "description": "Plans routes for a fleet.",
            "tags": ["routing"], "examples": ["Plan tomorrow's deliveries."]
        }]
    })
}

#[test]
fn a2a_card_serve_gets_a_clean_report_over_https_with_signature_and_extended_card() {
    let dir = temp_dir("clean");
    let pki = pki::Pki::new();
    let files = pki.write(&dir);
    let (key, jwks) = (dir.join("signing.pem"), dir.join("jwks.json"));
    let made = Command::new(BIN)
        .args(["keygen", "--alg", "ES256", "--kid", "check-1"])
        .args(["--out", shown(&key), "--jwks", shown(&jwks)])
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let public = dir.join("card.json");
    let extended = dir.join("extended.json");
    let auth = dir.join("auth.toml");
    // The interfaces must name the server's own port, which is known only once it listens:
    // start with a placeholder and let --watch pick up the real one.
    std::fs::write(
        &public,
        card("https://127.0.0.1:1", "Fleet Router").to_string(),
    )
    .unwrap();
    let mut extended_card = card("https://127.0.0.1:1", "Fleet Router");
    extended_card["skills"].as_array_mut().unwrap().push(json!({
        "id": "depots", "name": "Depot planning", "description": "Plans depot capacity.",
        "tags": ["depots"], "examples": ["How many vans fit depot 4?"]
    }));
    std::fs::write(&extended, extended_card.to_string()).unwrap();
    std::fs::write(&auth, format!("[apiKey]\nkeys = [\"{API_KEY}\"]\n")).unwrap();
    let server = Server::start(&[
        "serve",
        shown(&public),
        "--addr",
        "127.0.0.1:0",
        "--watch",
        "--extended-card",
        shown(&extended),
        "--auth",
        shown(&auth),
        "--tls-cert",
        shown(&files.cert),
        "--tls-key",
        shown(&files.key),
        "--sign-key",
        shown(&key),
        "--kid",
        "check-1",
    ]);
    let origin = server.url();
    assert!(origin.starts_with("https://127.0.0.1:"), "{origin}");
    // A card replacing another within the second of that one's date is served without
    // Last-Modified (it must not be dated in the future); let a second pass first.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(&public, card(&origin, "Fleet Router").to_string()).unwrap();

    let ca = shown(&files.client_ca); // the CA that issued the server's certificate
    let header = format!("X-API-Key: {API_KEY}");
    let args = [
        origin.as_str(),
        "--ca",
        ca,
        "--jwks",
        shown(&jwks),
        "--header",
        &header,
    ];
    // Wait for the reload: the interfaces answer once the served card names this port.
    let deadline = Instant::now() + Duration::from_secs(20);
    let report = loop {
        let (_, report) = check_json(&args);
        if with_code(&report, "A2A-C400").is_empty() || Instant::now() > deadline {
            break report;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(report["errors"], 0, "{report:#}");
    assert_eq!(report["warnings"], 0, "{report:#}");
    assert_eq!(
        codes(&report),
        ["A2A-C302"],
        "only the verified signature is noted: {report:#}"
    );
    assert_eq!(report["endpoints"][0]["status"], 200);
    assert_eq!(
        report["endpoints"][0]["contentType"],
        "application/a2a+json"
    );

    // As a person runs it: text, exit 0, the secret never printed.
    let (code, stdout, stderr) = check(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        // The signature verified, and no AI Catalog (a host of one agent needs none).
        stdout.contains(&format!("{origin}: passed: 0 errors, 0 warnings, 2 notes")),
        "{stdout}"
    );
    assert!(stdout.contains("note A2A-C302"), "{stdout}");
    assert!(stdout.contains("GET https://127.0.0.1:"), "{stdout}");
    assert!(!stdout.contains(API_KEY) && !stderr.contains(API_KEY));

    // Without credentials the extended card is refused (no finding) and noted as unfetched.
    let (code, report) = check_json(&[origin.as_str(), "--ca", ca]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(codes(&report), ["A2A-C303", "A2A-C409"], "{report:#}");
    // A wrong key: the extended card is not handed out.
    let (code, report) = check_json(&[origin.as_str(), "--ca", ca, "-H", "X-API-Key: wrong"]);
    assert_eq!(code, 1);
    assert_eq!(with_code(&report, "A2A-C406").len(), 2, "{report:#}");
    // Without --ca the certificate is not trusted: nothing can be reached.
    let (code, _, stderr) = check(&[origin.as_str()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot reach the agent"), "{stderr}");
    assert!(stderr.contains("TLS"), "{stderr}");
    // A CA in the system store (here named by SSL_CERT_FILE, as OpenSSL reads it) is trusted.
    let system = Command::new(BIN)
        .args(["check", origin.as_str()])
        .env("SSL_CERT_FILE", ca)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&system.stdout);
    assert_eq!(system.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains(": passed: 0 errors"), "{stdout}");
}

// ---------------------------------------------------------------------------------------
// Deliberately wrong servers: plain HTTP/1.1 written by hand, so they can do what a proper
// server library would not (a body after a HEAD answer, say).

/// What a wrong server received.
struct Asked {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Asked {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What it answers: status, headers and body, written as they are (a HEAD answer included).
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    /// Send Content-Length for the body but not the body (a correct HEAD answer).
    length_only: bool,
}

impl Answer {
    fn new(status: u16, body: impl Into<Vec<u8>>) -> Self {
        Answer {
            status,
            headers: Vec::new(),
            body: body.into(),
            length_only: false,
        }
    }

    fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }
}

type Handler = dyn Fn(&Asked) -> Answer + Send + Sync;

/// Every header line any wrong server received: (its port, name, value).
static SEEN_HEADERS: std::sync::Mutex<Vec<(u16, String, String)>> =
    std::sync::Mutex::new(Vec::new());

fn port_of(stream: &TcpStream) -> u16 {
    stream.local_addr().map_or(0, |a| a.port())
}

/// Whether the wrong server on `port` ever received `value` in any header.
fn saw(port: u16, value: &str) -> bool {
    SEEN_HEADERS
        .lock()
        .unwrap()
        .iter()
        .any(|(p, _, v)| *p == port && v.contains(value))
}

/// A keep-alive HTTP/1.1 server on 127.0.0.1:0; stops accepting when dropped.
struct WrongServer {
    port: u16,
    stop: Arc<AtomicBool>,
}

impl WrongServer {
    fn start(handler: impl Fn(&Asked) -> Answer + Send + Sync + 'static) -> WrongServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let handler = Arc::clone(&handler);
                std::thread::spawn(move || serve_connection(stream, &*handler));
            }
        });
        WrongServer { port, stop }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for WrongServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn serve_connection(stream: TcpStream, handler: &Handler) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let mut parts = line.split_whitespace();
        let (method, path) = (
            parts.next().unwrap_or("").to_owned(),
            parts.next().unwrap_or("").to_owned(),
        );
        let mut headers = Vec::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.push((name.trim().to_owned(), value.trim().to_owned()));
            }
        }
        let length = headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or(0);
        SEEN_HEADERS.lock().unwrap().extend(
            headers
                .iter()
                .map(|(n, v)| (port_of(&writer), n.to_ascii_lowercase(), v.clone())),
        );
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let asked = Asked {
            method,
            path,
            headers,
            body,
        };
        let answer = handler(&asked);
        let mut head = format!("HTTP/1.1 {} X\r\n", answer.status);
        for (name, value) in &answer.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", answer.body.len()));
        let mut bytes = head.into_bytes();
        if !answer.length_only {
            bytes.extend_from_slice(&answer.body);
        }
        if writer.write_all(&bytes).is_err() {
            return;
        }
    }
}

/// How a wrong server deviates from a good one.
#[derive(Clone)]
struct Faults {
    content_type: &'static str,
    etag: Option<&'static str>,
    answers_304: bool,
    legacy: bool,
    card: Value,
    /// The extended card is handed to anyone.
    open_extended: bool,
    head_with_body: bool,
    /// What a request with the right key gets as the extended card.
    extended: Option<Value>,
    extended_cache_control: &'static str,
    /// A 304 without the ETag.
    bare_304: bool,
    cache_control: &'static str,
    last_modified: &'static str,
    /// The 401 carries WWW-Authenticate.
    challenge: bool,
    /// HEAD answers with another Content-Type than GET.
    head_content_type: Option<&'static str>,
    /// The AI Catalog at /.well-known/ai-catalog.json, if any.
    catalog: Option<Value>,
    /// Cards at /{name}/.well-known/agent-card.json, answered as the main card is.
    tenants: Vec<(String, Value)>,
}

const DATE: &str = "Tue, 03 Nov 2026 10:00:00 GMT";

impl Faults {
    /// Everything right: a card at both paths, strong ETag, 304s, CORS, 405, a protected
    /// extended card.
    fn none(origin: &str) -> Faults {
        Faults {
            content_type: "application/a2a+json",
            etag: Some("\"v1\""),
            answers_304: true,
            legacy: true,
            card: card(origin, "Fleet Router"),
            open_extended: false,
            head_with_body: false,
            extended: None,
            extended_cache_control: "private, no-cache",
            bare_304: false,
            head_content_type: None,
            cache_control: "public, max-age=600",
            last_modified: DATE,
            challenge: true,
            catalog: None,
            tenants: Vec::new(),
        }
    }

    fn answer(&self, asked: &Asked) -> Answer {
        if let (Some(catalog), "/.well-known/ai-catalog.json") = (&self.catalog, &*asked.path) {
            return Answer::new(200, catalog.to_string())
                .header("Content-Type", "application/ai-catalog+json");
        }
        for (name, card) in &self.tenants {
            if asked.path == format!("/{name}/.well-known/agent-card.json") {
                let tenant = Faults {
                    card: card.clone(),
                    ..self.clone()
                };
                return tenant.card_answer(asked);
            }
        }
        let card_path = matches!(
            asked.path.as_str(),
            "/.well-known/agent-card.json" | "/.well-known/agent.json"
        );
        if card_path {
            if asked.path.ends_with("agent.json") && !self.legacy {
                return Answer::new(404, "not found");
            }
            return self.card_answer(asked);
        }
        let extended = matches!(
            (asked.method.as_str(), asked.path.as_str()),
            ("POST", "/rpc") | ("GET", "/rest/extendedAgentCard")
        );
        if !extended {
            return Answer::new(404, "not found");
        }
        let keyed = asked.header("x-api-key") == Some(API_KEY);
        if !keyed && !self.open_extended {
            let refused = Answer::new(401, r#"{"error": "unauthenticated"}"#);
            return if self.challenge {
                refused.header("WWW-Authenticate", "ApiKey header=\"X-API-Key\"")
            } else {
                refused
            };
        }
        let card = self.extended.clone().unwrap_or_else(|| self.card.clone());
        let body = if asked.method == "POST" {
            let request: Value = serde_json::from_slice(&asked.body).unwrap();
            json!({"jsonrpc": "2.0", "id": request["id"], "result": card})
        } else {
            card
        };
        Answer::new(200, body.to_string())
            .header("Content-Type", "application/json")
            .header("Cache-Control", self.extended_cache_control)
    }

    fn card_answer(&self, asked: &Asked) -> Answer {
        let with_headers = |answer: Answer| {
            let answer = answer
                .header("Content-Type", self.content_type)
                .header("Cache-Control", self.cache_control)
                .header("Last-Modified", self.last_modified)
                .header("Access-Control-Allow-Origin", "*");
            match self.etag {
                Some(tag) => answer.header("ETag", tag),
                None => answer,
            }
        };
        let body = self.card.to_string();
        match asked.method.as_str() {
            "GET" => {
                let fresh = self.answers_304
                    && (asked
                        .header("if-none-match")
                        .is_some_and(|t| Some(t) == self.etag)
                        || asked.header("if-modified-since") == Some(DATE));
                if fresh && self.bare_304 {
                    Answer::new(304, "")
                } else if fresh {
                    with_headers(Answer::new(304, ""))
                } else {
                    with_headers(Answer::new(200, body))
                }
            }
            "HEAD" if self.head_with_body => with_headers(Answer::new(200, body)),
            "HEAD" if self.head_content_type.is_some() => Answer {
                length_only: true,
                ..Answer::new(200, body).header("Content-Type", self.head_content_type.unwrap())
            },
            // Content-Length says what a GET would send; the body stays out.
            "HEAD" => Answer {
                length_only: true,
                ..with_headers(Answer::new(200, body))
            },
            _ => Answer::new(405, "").header("Allow", "GET, HEAD"),
        }
    }
}

/// Starts a wrong server whose card names its own origin, with `change` applied.
fn wrong_server(change: impl FnOnce(&mut Faults)) -> WrongServer {
    let listener_origin = Arc::new(std::sync::OnceLock::<Faults>::new());
    let faults = Arc::clone(&listener_origin);
    let server = WrongServer::start(move |asked| faults.get().unwrap().answer(asked));
    let mut configured = Faults::none(&server.url());
    change(&mut configured);
    let _ = listener_origin.set(configured);
    server
}

#[test]
fn a_correct_hand_written_server_gets_no_error_and_no_warning() {
    // The reference for every wrong server below: same code, no fault.
    let server = wrong_server(|_| {});
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["errors"], 0, "{report:#}");
    // Plain http:// interfaces are warned about by validation (A2A-W012), nothing else.
    let warnings: Vec<_> = with_code(&report, "A2A-W012");
    assert_eq!(report["warnings"], warnings.len(), "{report:#}");
    assert_eq!(
        codes(&report)
            .iter()
            .filter(|c| c.starts_with("A2A-C"))
            .collect::<Vec<_>>(),
        ["A2A-C409"]
    );
}

#[test]
fn plain_application_json_is_a_warning_naming_the_header() {
    let server = wrong_server(|f| f.content_type = "application/json; charset=utf-8");
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "a warning alone does not fail: {report:#}");
    let found = with_code(&report, "A2A-C102");
    assert_eq!(found.len(), 2, "both paths: {report:#}");
    assert_eq!(found[0]["header"], "Content-Type");
    assert_eq!(found[0]["level"], "warning");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("application/a2a+json")
    );
    let server = wrong_server(|f| f.content_type = "text/html");
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    assert_eq!(with_code(&report, "A2A-C103")[0]["level"], "error");
}

#[test]
fn no_etag_is_a_warning_and_skips_the_if_none_match_check() {
    let server = wrong_server(|f| f.etag = None);
    let (_, report) = check_json(&[&server.url()]);
    let found = with_code(&report, "A2A-C106");
    assert_eq!(found.len(), 2, "{report:#}");
    assert_eq!(found[0]["header"], "ETag");
    assert!(with_code(&report, "A2A-C200").is_empty());
    // Last-Modified still revalidates.
    assert!(with_code(&report, "A2A-C202").is_empty(), "{report:#}");
}

#[test]
fn a_server_that_never_answers_304_fails_both_revalidations() {
    let server = wrong_server(|f| f.answers_304 = false);
    let (code, stdout, _) = check(&[&server.url()]);
    assert_eq!(code, 1, "{stdout}");
    let card_url = format!("{}/.well-known/agent-card.json", server.url());
    assert!(
        stdout.contains(&format!("error A2A-C200 {card_url} [If-None-Match]: If-None-Match with the card's own ETag got 200 OK, not 304")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("warning A2A-C202 {card_url} [If-Modified-Since]")),
        "{stdout}"
    );
    assert!(stdout.contains(": failed: 1 error"), "{stdout}");
}

#[test]
fn a_weak_etag_only_is_a_warning() {
    let server = wrong_server(|f| f.etag = Some("W/\"v1\""));
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "{report:#}");
    let found = with_code(&report, "A2A-C107");
    assert_eq!(found.len(), 2, "{report:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("W/\\\"v1\\\"")
    );
    let server = wrong_server(|f| f.etag = Some("v1"));
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C108").len(), 2, "{report:#}");
}

#[test]
fn a_missing_legacy_path_is_a_warning() {
    let server = wrong_server(|f| f.legacy = false);
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "{report:#}");
    let found = with_code(&report, "A2A-C112");
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(
        found[0]["url"],
        format!("{}/.well-known/agent.json", server.url())
    );
    assert!(found[0]["message"].as_str().unwrap().contains("HTTP 404"));
    assert_eq!(report["endpoints"][1]["status"], 404);
}

#[test]
fn an_invalid_card_gets_the_validation_codes_with_pointers() {
    let server = wrong_server(|f| {
        f.card["skills"][0].as_object_mut().unwrap().remove("tags");
        f.card["securityRequirements"][0]["schemes"]["oauth"] = json!({});
    });
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let card_url = format!("{}/.well-known/agent-card.json", server.url());
    let missing = with_code(&report, "A2A-E010");
    assert_eq!(missing[0]["url"], card_url.as_str());
    assert_eq!(missing[0]["pointer"], "/skills/0/tags");
    let undeclared = with_code(&report, "A2A-E031");
    assert_eq!(
        undeclared[0]["pointer"],
        "/securityRequirements/0/schemes/oauth"
    );
    // The same codes `validate` gives for the same document.
    let (_, stdout, _) = check(&[&server.url()]);
    assert!(
        stdout.contains(&format!("error A2A-E010 {card_url}#/skills/0/tags: ")),
        "{stdout}"
    );
    // A body that is not JSON at all.
    let server =
        WrongServer::start(|_| Answer::new(200, "<html>").header("Content-Type", "text/html"));
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    assert!(!with_code(&report, "A2A-C101").is_empty(), "{report:#}");
}

#[test]
fn an_extended_card_handed_out_without_credentials_is_an_error_per_interface() {
    let server = wrong_server(|f| f.open_extended = true);
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let found = with_code(&report, "A2A-C401");
    let urls: Vec<_> = found.iter().map(|f| f["url"].as_str().unwrap()).collect();
    assert_eq!(
        urls,
        [
            format!("{}/rpc", server.url()),
            format!("{}/rest/extendedAgentCard", server.url())
        ],
        "{report:#}"
    );
}

#[test]
fn a_fetched_extended_card_is_validated_and_its_caching_checked() {
    let server = wrong_server(|f| {
        let mut extended = f.card.clone();
        extended["skills"][0]["tags"] = json!([]);
        f.extended = Some(extended);
        f.extended_cache_control = "public, max-age=60";
    });
    let header = format!("X-API-Key: {API_KEY}");
    let (code, report) = check_json(&[&server.url(), "--header", &header]);
    assert_eq!(code, 1, "{report:#}");
    let empty = with_code(&report, "A2A-E011");
    // Reported once (both interfaces serve the same card), pointing into the JSON-RPC answer.
    assert_eq!(empty.len(), 1, "{report:#}");
    assert_eq!(empty[0]["url"], format!("{}/rpc", server.url()));
    assert_eq!(empty[0]["pointer"], "/result/skills/0/tags");
    let cacheable = with_code(&report, "A2A-C408");
    assert_eq!(cacheable.len(), 2, "{report:#}");
    assert_eq!(cacheable[0]["header"], "Cache-Control");
    assert!(!report.to_string().contains(API_KEY));
}

#[test]
fn a_head_answer_with_a_body_is_caught_on_the_next_request() {
    let server = wrong_server(|f| f.head_with_body = true);
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C204").len(), 1, "{report:#}");
    let server = wrong_server(|_| {});
    let (_, report) = check_json(&[&server.url()]);
    assert!(with_code(&report, "A2A-C204").is_empty(), "{report:#}");
    assert!(with_code(&report, "A2A-C203").is_empty(), "{report:#}");
    // Other headers on HEAD than on GET: an error per header that differs.
    let server = wrong_server(|f| f.head_content_type = Some("text/plain"));
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let found = with_code(&report, "A2A-C203");
    assert_eq!(found.len(), 4, "{report:#}"); // Content-Type, ETag, Last-Modified, Cache-Control
    assert_eq!(found[0]["header"], "Content-Type");
}

#[test]
fn a_304_must_repeat_the_etag() {
    let server = wrong_server(|f| f.bare_304 = true);
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let found = with_code(&report, "A2A-C201");
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(found[0]["header"], "ETag");
}

#[test]
fn signatures_are_checked_against_the_given_keys() {
    let dir = temp_dir("signatures");
    let (key, jwks) = (dir.join("k.pem"), dir.join("jwks.json"));
    let made = Command::new(BIN)
        .args(["keygen", "--alg", "EdDSA", "--kid", "k1"])
        .args(["--out", shown(&key), "--jwks", shown(&jwks)])
        .output()
        .unwrap();
    assert!(made.status.success());
    let unsigned = wrong_server(|_| {});
    let (code, report) = check_json(&[&unsigned.url(), "--jwks", shown(&jwks)]);
    assert_eq!(code, 1);
    assert_eq!(with_code(&report, "A2A-C300")[0]["pointer"], "/signatures");
    // A signature by another key than the JWKS holds.
    let other = dir.join("other.pem");
    let made = Command::new(BIN)
        .args(["keygen", "--alg", "EdDSA", "--kid", "k1"])
        .args([
            "--out",
            shown(&other),
            "--jwks",
            shown(&dir.join("other.json")),
        ])
        .output()
        .unwrap();
    assert!(made.status.success());
    let plain = dir.join("card.json");
    std::fs::write(
        &plain,
        card("http://127.0.0.1:1", "Fleet Router").to_string(),
    )
    .unwrap();
    let signed = Command::new(BIN)
        .args(["sign", shown(&plain), "--key", shown(&other), "--kid", "k1"])
        .output()
        .unwrap();
    assert!(signed.status.success());
    let forged: Value = serde_json::from_slice(&signed.stdout).unwrap();
    let server = wrong_server(move |f| f.card = forged);
    let (code, report) = check_json(&[&server.url(), "--jwks", shown(&jwks)]);
    assert_eq!(code, 1);
    let found = with_code(&report, "A2A-C301");
    assert_eq!(found.len(), 1, "{report:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("no signature verifies")
    );
    // The signer's own keys verify it.
    let (_, report) = check_json(&[&server.url(), "--jwks", shown(&dir.join("other.json"))]);
    assert_eq!(with_code(&report, "A2A-C302").len(), 1, "{report:#}");
    assert!(with_code(&report, "A2A-C305").is_empty(), "{report:#}");
    // A field outside the proto added after signing: the proto form still verifies, and
    // the field it leaves out is warned about.
    let mut widened: Value = serde_json::from_slice(&signed.stdout).unwrap();
    widened["x-price"] = json!("free");
    let server = wrong_server(move |f| f.card = widened);
    let mut jwks_doc: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("other.json")).unwrap()).unwrap();
    // A key this crate cannot use is left out, and said so.
    jwks_doc["keys"]
        .as_array_mut()
        .unwrap()
        .push(json!({"kty": "oct", "kid": "hmac", "k": "c2VjcmV0"}));
    let mixed = dir.join("mixed.json");
    std::fs::write(&mixed, jwks_doc.to_string()).unwrap();
    // (Its interfaces are on port 1: errors there, beside the point here.)
    let (_, report) = check_json(&[&server.url(), "--jwks", shown(&mixed)]);
    assert_eq!(with_code(&report, "A2A-C302").len(), 1, "{report:#}");
    let unsigned = with_code(&report, "A2A-C305");
    assert_eq!(unsigned.len(), 1, "{report:#}");
    assert!(
        unsigned[0]["message"]
            .as_str()
            .unwrap()
            .contains("/x-price"),
        "{report:#}"
    );
    let left_out = with_code(&report, "A2A-C304");
    assert_eq!(left_out.len(), 1, "{report:#}");
    assert!(
        left_out[0]["message"].as_str().unwrap().contains("hmac"),
        "{report:#}"
    );
    // Signed in the Python SDK's form only (as that SDK signs): verified, naming the form,
    // and warned that the scope-less requirement, which that form deletes, is not covered.
    let sdk_signed = Command::new(BIN)
        .args(["sign", shown(&plain), "--key", shown(&other), "--kid", "k1"])
        .args(["--form", "a2a-sdk-1.3"])
        .output()
        .unwrap();
    assert!(sdk_signed.status.success());
    let sdk_card: Value = serde_json::from_slice(&sdk_signed.stdout).unwrap();
    let server = wrong_server(move |f| f.card = sdk_card);
    let (_, report) = check_json(&[&server.url(), "--jwks", shown(&dir.join("other.json"))]);
    let verified = with_code(&report, "A2A-C302");
    assert_eq!(verified.len(), 1, "{report:#}");
    assert!(
        verified[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("over the Python a2a-sdk 1.3 form (empty values deleted)"),
        "{report:#}"
    );
    let uncovered = with_code(&report, "A2A-C305");
    assert_eq!(uncovered.len(), 1, "{report:#}");
    assert_eq!(uncovered[0]["pointer"], "/signatures/0", "{report:#}");
    assert!(
        uncovered[0]["message"]
            .as_str()
            .unwrap()
            .contains("leaves out /securityRequirements:"),
        "{report:#}"
    );
}

#[test]
fn other_methods_must_get_405_with_allow() {
    let server = WrongServer::start(|asked| {
        let mut faults = Faults::none("http://127.0.0.1:1");
        faults.legacy = false;
        match asked.method.as_str() {
            "POST" => Answer::new(405, ""),
            _ => faults.answer(asked),
        }
    });
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C206")[0]["header"], "Allow");
    let server = WrongServer::start(|asked| match asked.method.as_str() {
        "POST" => Answer::new(200, "{}"),
        _ => Faults::none("http://127.0.0.1:1").answer(asked),
    });
    let (_, report) = check_json(&[&server.url()]);
    let found = with_code(&report, "A2A-C205");
    assert!(
        found[0]["message"].as_str().unwrap().contains("200"),
        "{report:#}"
    );
}

#[test]
fn missing_caching_and_cors_headers_are_named() {
    let server = WrongServer::start(|asked| {
        if asked.path == "/.well-known/agent-card.json" {
            Answer::new(200, card("http://127.0.0.1:1", "Fleet Router").to_string())
                .header("Content-Type", "application/a2a+json")
        } else {
            Answer::new(404, "")
        }
    });
    let (_, report) = check_json(&[&server.url()]);
    for (code, header) in [
        ("A2A-C104", "Cache-Control"),
        ("A2A-C106", "ETag"),
        ("A2A-C109", "Last-Modified"),
        ("A2A-C110", "Access-Control-Allow-Origin"),
    ] {
        let found = with_code(&report, code);
        assert_eq!(found.len(), 1, "{code}: {report:#}");
        assert_eq!(found[0]["header"], header);
    }
    // Interfaces that do not answer are errors.
    assert_eq!(with_code(&report, "A2A-C400").len(), 2, "{report:#}");
}

#[test]
fn redirects_are_followed_and_reported() {
    let target = wrong_server(|_| {});
    let to = target.url();
    let server = WrongServer::start(move |asked| {
        Answer::new(308, "").header("Location", &format!("{to}{}", asked.path))
    });
    let (_, report) = check_json(&[&server.url()]);
    let found = with_code(&report, "A2A-C111");
    assert_eq!(found.len(), 2, "{report:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains(&target.url())
    );
    assert_eq!(report["endpoints"][0]["status"], 200);
}

#[test]
fn a_legacy_path_with_another_card_is_a_warning() {
    let server = WrongServer::start(|asked| {
        let mut faults = Faults::none("http://127.0.0.1:1");
        if asked.path.ends_with("agent.json") {
            faults.card["name"] = json!("Another Agent");
        }
        faults.answer(asked)
    });
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C113").len(), 1, "{report:#}");
}

#[test]
fn an_unreachable_base_url_exits_2() {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    }; // closed again: nothing listens there now
    let (code, stdout, stderr) = check(&[&format!("http://127.0.0.1:{port}")]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("cannot reach the agent"), "{stderr}");
    let (code, report) = check_json(&[&format!("http://127.0.0.1:{port}")]);
    assert_eq!(code, 2);
    assert_eq!(report["reachable"], false);
    let (code, _, stderr) = check(&["not a url"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not an absolute http"), "{stderr}");
    let (code, _, stderr) = check(&["http://127.0.0.1:1", "--header", "no colon"]);
    assert_eq!(code, 64, "{stderr}");
}

#[test]
fn a_server_that_hangs_is_cut_off_by_the_timeout() {
    // Accepts connections and never answers.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // The connection is held until check has returned: only its own deadline can end it,
    // however slow the machine.
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let held = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let _ = wait.recv();
        let _ = stream.shutdown(Shutdown::Both);
    });
    let (code, _, stderr) = check(&[&format!("http://127.0.0.1:{port}"), "--timeout", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no answer from 127.0.0.1"), "{stderr}");
    assert!(stderr.contains("within 1 second"), "{stderr}");
    done.send(()).unwrap();
    held.join().unwrap();
}

#[test]
fn with_the_capability_off_interfaces_must_answer_unsupported_operation() {
    // The spec's answer: JSON-RPC -32004, HTTP 400. No finding.
    let spec = WrongServer::start(|asked| {
        let mut faults = Faults::none("http://127.0.0.1:1");
        faults.card["capabilities"] = json!({});
        match (asked.method.as_str(), asked.path.as_str()) {
            ("POST", "/rpc") => Answer::new(
                200,
                r#"{"jsonrpc": "2.0", "id": "a2a-card-check", "error": {"code": -32004, "message": "unsupported"}}"#,
            ),
            ("GET", "/rest/extendedAgentCard") => Answer::new(400, r#"{"error": {"code": 400}}"#),
            _ => faults.answer(asked),
        }
    });
    let origin = spec.url();
    let on_its_own_origin = WrongServer::start(move |asked| {
        let mut faults = Faults::none(&origin);
        faults.card["capabilities"] = json!({});
        faults.answer(asked)
    });
    let (_, report) = check_json(&[&on_its_own_origin.url()]);
    let interface_codes: Vec<_> = codes(&report)
        .into_iter()
        .filter(|c| c.starts_with("A2A-C4"))
        .collect();
    assert!(interface_codes.is_empty(), "{report:#}");
    // A 404 (no such route) is not the spec's answer: a warning per interface.
    let missing = WrongServer::start(|asked| {
        let mut faults = Faults::none("http://127.0.0.1:1");
        faults.card["capabilities"] = json!({});
        match asked.path.as_str() {
            "/rpc" | "/rest/extendedAgentCard" => Answer::new(404, ""),
            _ => faults.answer(asked),
        }
    });
    let origin = missing.url();
    let pointing_there = WrongServer::start(move |asked| {
        let mut faults = Faults::none(&origin);
        faults.card["capabilities"] = json!({});
        faults.answer(asked)
    });
    let (code, report) = check_json(&[&pointing_there.url()]);
    assert_eq!(code, 0, "{report:#}");
    let found = with_code(&report, "A2A-C404");
    assert_eq!(found.len(), 2, "{report:#}");
    assert!(found[0]["message"].as_str().unwrap().contains("HTTP 404"));
}

#[test]
fn a_redirect_loop_stops_after_three_hops() {
    let server = WrongServer::start(|asked| {
        Answer::new(302, "").header("Location", &format!("{}x", asked.path))
    });
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let missing = with_code(&report, "A2A-C100");
    assert!(
        missing[0]["message"]
            .as_str()
            .unwrap()
            .contains("more than 3 redirects"),
        "{report:#}"
    );
    assert_eq!(
        report["endpoints"][0]["redirects"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn only_the_first_sixteen_interfaces_are_probed() {
    let server = wrong_server(|f| {
        let many: Vec<Value> = (0..40)
            .map(|n| json!({"url": format!("http://127.0.0.1:1/i{n}"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}))
            .collect();
        f.card["supportedInterfaces"] = json!(many);
    });
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C400").len(), 16, "{report:#}");
    let rest = with_code(&report, "A2A-C405");
    assert_eq!(rest[0]["pointer"], "/supportedInterfaces/16");
    assert!(rest[0]["message"].as_str().unwrap().starts_with("24 more"));
}

#[test]
fn credentials_go_only_to_the_base_urls_origin_unless_allowed() {
    // The card's interfaces live on another server (another origin: another port).
    let elsewhere = wrong_server(|_| {});
    let other = elsewhere.url();
    let server = WrongServer::start(move |asked| Faults::none(&other).answer(asked));
    let header = format!("X-API-Key: {API_KEY}");
    let (code, report) = check_json(&[&server.url(), "--header", &header]);
    assert_eq!(code, 0, "{report:#}");
    let withheld = with_code(&report, "A2A-C411");
    assert_eq!(withheld.len(), 2, "{report:#}");
    assert!(
        !saw(elsewhere.port, API_KEY),
        "the key reached another origin"
    );
    // Named with --credentials-origin, that origin gets them.
    let (code, report) = check_json(&[
        &server.url(),
        "--header",
        &header,
        "--credentials-origin",
        &elsewhere.url(),
    ]);
    assert_eq!(code, 0, "{report:#}");
    assert!(with_code(&report, "A2A-C411").is_empty(), "{report:#}");
    assert!(saw(elsewhere.port, API_KEY));
}

#[test]
fn a_redirect_to_another_origin_drops_the_credentials() {
    let target = wrong_server(|_| {});
    let to = target.url();
    // Same origin as the card, so the key is sent; its REST route redirects elsewhere.
    let server = WrongServer::start(move |asked| {
        let me = format!("http://{}", asked.header("host").unwrap_or_default());
        if asked.path == "/rest/extendedAgentCard" {
            return Answer::new(307, "").header("Location", &format!("{to}{}", asked.path));
        }
        Faults::none(&me).answer(asked)
    });
    let header = format!("X-API-Key: {API_KEY}");
    let (_, report) = check_json(&[&server.url(), "--header", &header]);
    assert!(saw(server.port, API_KEY), "the same origin gets the key");
    assert!(!saw(target.port, API_KEY), "the redirect target must not");
    let redirected = with_code(&report, "A2A-C111");
    assert!(
        redirected
            .iter()
            .any(|f| f["url"] == format!("{}/rest/extendedAgentCard", server.url())),
        "{report:#}"
    );
    // Without the key the redirect target refuses: reported, not hidden.
    assert!(!with_code(&report, "A2A-C406").is_empty(), "{report:#}");
}

#[test]
fn secrets_never_reach_the_output_even_from_a_mistyped_header_or_url() {
    let (code, _, stderr) = check(&[
        "http://127.0.0.1:1",
        "--header",
        "X-API-Key s3cret-no-colon",
    ]);
    assert_eq!(code, 64);
    assert!(stderr.contains("no colon"), "{stderr}");
    assert!(!stderr.contains("s3cret"), "{stderr}");
    let (code, _, stderr) = check(&["http://127.0.0.1:1", "-H", "X-API-Key: s3cret\u{7}"]);
    assert_eq!(code, 64);
    assert!(!stderr.contains("s3cret"), "{stderr}");
    let (code, stdout, stderr) = check(&["http://user:s3cret@127.0.0.1:1/"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--header"), "{stderr}");
    assert!(
        !stdout.contains("s3cret") && !stderr.contains("s3cret"),
        "{stderr}"
    );
}

#[test]
fn caching_headers_need_a_max_age_for_clients() {
    for cache_control in ["no-store", "public, s-maxage=600", "max-age=soon", "public"] {
        let server = wrong_server(|f| f.cache_control = cache_control);
        let (_, report) = check_json(&[&server.url()]);
        let found = with_code(&report, "A2A-C105");
        assert_eq!(found.len(), 2, "{cache_control}: {report:#}");
        assert_eq!(found[0]["header"], "Cache-Control");
    }
    let server = wrong_server(|f| f.cache_control = "public, max-age=\"60\"");
    let (_, report) = check_json(&[&server.url()]);
    assert!(with_code(&report, "A2A-C105").is_empty(), "{report:#}");
}

#[test]
fn a_malformed_last_modified_is_named_and_not_sent_back() {
    let server = wrong_server(|f| f.last_modified = "yesterday");
    let (_, report) = check_json(&[&server.url()]);
    assert_eq!(with_code(&report, "A2A-C114").len(), 2, "{report:#}");
    // A server must ignore an invalid If-Modified-Since: not blamed for it.
    assert!(with_code(&report, "A2A-C202").is_empty(), "{report:#}");
}

#[test]
fn an_extended_card_request_must_be_refused_with_a_challenge() {
    // Capability on, but the routes do not exist.
    let server = WrongServer::start(|asked| {
        let me = format!("http://{}", asked.header("host").unwrap_or_default());
        match asked.path.as_str() {
            "/rpc" | "/rest/extendedAgentCard" => Answer::new(404, ""),
            _ => Faults::none(&me).answer(asked),
        }
    });
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 1);
    let found = with_code(&report, "A2A-C402");
    assert_eq!(found.len(), 2, "{report:#}");
    assert!(found[1]["message"].as_str().unwrap().contains("HTTP 404"));
    // A 401 without WWW-Authenticate.
    let server = wrong_server(|f| f.challenge = false);
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(with_code(&report, "A2A-C403").len(), 2, "{report:#}");
}

#[test]
fn an_http_interface_without_a_usable_url_is_a_warning() {
    let server = wrong_server(|f| {
        f.card["supportedInterfaces"][0]["url"] = json!("/rpc");
    });
    let (_, report) = check_json(&[&server.url()]);
    let found = with_code(&report, "A2A-C410");
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(found[0]["pointer"], "/supportedInterfaces/0/url");
}

#[test]
fn a_body_that_stalls_after_the_headers_is_an_error_not_an_unreachable_agent() {
    // Answers the status line and headers at once, then holds the body back.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // The body is held back until check has returned (only its deadline can end it).
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let held = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut request = [0u8; 1024];
        let _ = stream.read(&mut request);
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/a2a+json\r\nContent-Length: 100\r\n\r\n{";
        let _ = stream.write_all(head.as_bytes());
        let _ = wait.recv();
    });
    let url = format!("http://127.0.0.1:{port}");
    let (code, report) = check_json(&[&url, "--timeout", "1"]);
    done.send(()).unwrap();
    assert_eq!(code, 1, "the agent answered: {report:#}");
    assert_eq!(report["reachable"], true);
    let missing = with_code(&report, "A2A-C100");
    assert!(
        missing[0]["message"]
            .as_str()
            .unwrap()
            .contains("body did not arrive within 1 second"),
        "{report:#}"
    );
    held.join().unwrap();
}

/// `check ARGS` with one environment variable set: exit code, stdout, stderr.
fn check_with_env(args: &[&str], var: &str, value: &str) -> (i32, String, String) {
    finished(Command::new(BIN).arg("check").args(args).env(var, value))
}

#[test]
fn credentials_come_from_a_header_file_kept_out_of_the_command_line() {
    let server = wrong_server(|_| {});
    let dir = temp_dir("header-file");
    let file = dir.join("headers.txt");
    std::fs::write(
        &file,
        format!("# the agent's key\r\n\r\nX-API-Key: {API_KEY}\r\n"),
    )
    .unwrap();
    let (code, report) = check_json(&[&server.url(), "--header-file", shown(&file)]);
    assert_eq!(code, 0, "{report:#}");
    // The extended card was fetched with the key: no "pass --header" note, no refusal.
    assert!(with_code(&report, "A2A-C409").is_empty(), "{report:#}");
    assert!(with_code(&report, "A2A-C406").is_empty(), "{report:#}");
    assert!(saw(server.port, API_KEY));
    assert!(!report.to_string().contains(API_KEY));
    // The same credential-origin policy: interfaces on another origin do not get them.
    let elsewhere = wrong_server(|_| {});
    let other = elsewhere.url();
    let front = WrongServer::start(move |asked| Faults::none(&other).answer(asked));
    let (code, report) = check_json(&[&front.url(), "--header-file", shown(&file)]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(with_code(&report, "A2A-C411").len(), 2, "{report:#}");
    assert!(!saw(elsewhere.port, API_KEY));
    // A line that is not a header is named by its number, its text never repeated.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "X-API-Key: fine\nX-API-Key s3cret-no-colon\n").unwrap();
    let (code, stdout, stderr) = check(&[&server.url(), "--header-file", shown(&bad)]);
    assert_eq!(code, 64, "{stderr}");
    assert!(stderr.contains("line 2 of --header-file"), "{stderr}");
    assert!(stderr.contains("no colon"), "{stderr}");
    assert!(
        !stderr.contains("s3cret") && !stdout.contains("s3cret"),
        "{stderr}"
    );
    // A file that cannot be read exits 2 and says which.
    let missing = dir.join("missing.txt");
    let (code, _, stderr) = check(&[&server.url(), "--header-file", shown(&missing)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("missing.txt"), "{stderr}");
}

#[test]
fn credentials_come_from_an_environment_variable_never_echoed() {
    let server = wrong_server(|_| {});
    let var = "A2A_CARD_TEST_CHECK_HEADERS";
    let headers = format!("X-API-Key: {API_KEY}\nX-Trace: 1");
    let (code, stdout, stderr) = check_with_env(
        &["--format", "json", &server.url(), "--header-env", var],
        var,
        &headers,
    );
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert!(with_code(&report, "A2A-C409").is_empty(), "{report:#}");
    assert!(saw(server.port, API_KEY));
    assert!(!stdout.contains(API_KEY) && !stderr.contains(API_KEY));
    // A value a header cannot carry: named by variable and line, the secret left out.
    let (code, stdout, stderr) = check_with_env(
        &[&server.url(), "--header-env", var],
        var,
        "X-API-Key: s3cret\u{7}",
    );
    assert_eq!(code, 64, "{stderr}");
    assert!(
        stderr.contains("line 1 of --header-env A2A_CARD_TEST_CHECK_HEADERS"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("s3cret") && !stdout.contains("s3cret"),
        "{stderr}"
    );
    // An unset variable is a usage error naming it.
    let (code, _, stderr) = check(&[
        &server.url(),
        "--header-env",
        "A2A_CARD_TEST_CHECK_UNSET_VARIABLE",
    ]);
    assert_eq!(code, 64, "{stderr}");
    assert!(
        stderr.contains("A2A_CARD_TEST_CHECK_UNSET_VARIABLE is not set"),
        "{stderr}"
    );
}

/// A card of the wrong server's, its interfaces replaced with `interfaces`.
fn card_with_interfaces(origin: &str, interfaces: Value) -> Value {
    let mut card = card(origin, "Fleet Router");
    card["supportedInterfaces"] = interfaces;
    card["capabilities"]["extendedAgentCard"] = json!(false);
    card
}

#[test]
fn interfaces_on_internal_addresses_are_refused_naming_the_flag() {
    let server = wrong_server(|f| {
        f.card = card_with_interfaces(
            "unused",
            json!([
                {"url": "http://169.254.169.254/latest/meta-data", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                {"url": "http://10.0.0.1/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
                {"url": "http://[fc00::1]/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                {"url": "10.0.0.1:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}
            ]),
        );
    });
    // The base is on loopback, so loopback is allowed; these classes are not. With a 300 s
    // timeout, a connection attempted to any of them would hold the run for minutes.
    let (code, report) = check_json(&[&server.url(), "--timeout", "300", "--budget", "3600"]);
    assert_eq!(code, 1, "{report:#}");
    let refused = with_code(&report, "A2A-C412");
    assert_eq!(refused.len(), 4, "{report:#}");
    for (finding, address) in
        refused
            .iter()
            .zip(["169.254.169.254", "10.0.0.1", "fc00::1", "10.0.0.1"])
    {
        let message = finding["message"].as_str().unwrap();
        assert!(message.contains(address), "{message}");
        assert!(
            message.contains("--allow-private-destinations"),
            "{message}"
        );
    }
    assert!(with_code(&report, "A2A-C400").is_empty(), "{report:#}");
    assert!(
        refused[0]["message"]
            .as_str()
            .unwrap()
            .contains("link-local")
    );
}

#[test]
fn the_run_budget_reports_stalled_interfaces_as_not_done() {
    // Accepts connections and never answers; counts them.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let stalled = format!("http://{}", listener.local_addr().unwrap());
    let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = Arc::clone(&accepted);
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming() {
            counter.fetch_add(1, Ordering::SeqCst);
            held.push(stream);
        }
    });
    let interfaces: Vec<Value> = (0..6)
        .map(|i| json!({"url": format!("{stalled}/rpc{i}"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}))
        .collect();
    let server = wrong_server(|f| f.card = card_with_interfaces("unused", json!(interfaces)));
    let (code, report) = check_json(&[&server.url(), "--timeout", "300", "--budget", "2"]);
    assert_eq!(code, 1, "{report:#}");
    let not_done = with_code(&report, "A2A-C413");
    assert!(!not_done.is_empty(), "{report:#}");
    assert!(
        not_done
            .iter()
            .any(|f| f["message"].as_str().unwrap().contains("not done")),
        "{report:#}"
    );
    // The budget ran out on the first stalled probe at the latest: the others never
    // connected.
    assert!(accepted.load(Ordering::SeqCst) <= 1, "{report:#}");
}

/// A catalog entry for an A2A card at `url`.
fn entry(identifier: &str, url: &str) -> Value {
    json!({"identifier": identifier, "displayName": identifier,
           "mediaType": "application/a2a-agent-card+json", "url": url})
}

#[test]
fn the_hosts_catalog_is_read_and_a_broken_listed_card_is_found_under_its_entry() {
    let server = wrong_server(|f| {
        let origin = f.card["supportedInterfaces"][0]["url"]
            .as_str()
            .unwrap()
            .trim_end_matches("/rpc")
            .to_owned();
        let mut broken = card(&origin, "Broken");
        broken["name"] = json!("");
        f.tenants = vec![
            ("travel".to_owned(), card(&origin, "Travel")),
            ("broken".to_owned(), broken),
        ];
        let at = |path: &str| format!("{origin}{path}/.well-known/agent-card.json");
        f.catalog = Some(json!({"specVersion": "1.0", "entries": [
            entry("urn:example:agent", &at("")),
            entry("urn:example:agent:travel", &at("/travel")),
            entry("urn:example:agent:broken", &at("/broken")),
            entry("urn:example:agent:gone", &at("/gone")),
        ]}));
    });
    let base = server.url();
    let (code, report) = check_json(&[&base]);
    assert_eq!(code, 1, "{report:#}");
    // The base card's findings are its own; the catalog's are grouped under its entries.
    assert_eq!(
        codes(&report)
            .iter()
            .filter(|c| c.starts_with("A2A-C"))
            .collect::<Vec<_>>(),
        ["A2A-C409"],
        "{report:#}"
    );
    let catalog = &report["catalog"];
    assert_eq!(catalog["endpoint"]["status"], 200, "{report:#}");
    assert_eq!(catalog["entries"], 4);
    let cards = catalog["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 4);
    assert_eq!(cards[0]["auditedAbove"], true);
    let codes_of = |i: usize| -> Vec<&str> {
        cards[i]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect()
    };
    // The travel card was fetched and audited: its interfaces too (the extended card is
    // offered, no --header given).
    assert_eq!(cards[1]["endpoint"]["status"], 200);
    assert!(codes_of(1).contains(&"A2A-C409"), "{:?}", codes_of(1));
    assert!(!codes_of(1).iter().any(|c| c.starts_with("A2A-E")));
    // The broken one: validation's error, pointing into the card at its own URL.
    let broken: Vec<&Value> = cards[2]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "A2A-E010")
        .collect();
    assert_eq!(broken.len(), 1, "{:#}", cards[2]);
    assert_eq!(broken[0]["pointer"], "/name");
    assert!(
        broken[0]["url"]
            .as_str()
            .unwrap()
            .ends_with("/broken/.well-known/agent-card.json")
    );
    // The missing one.
    assert_eq!(codes_of(3), ["A2A-C501"], "{:#}", cards[3]);
    assert!(report["errors"].as_u64().unwrap() >= 2);

    // As a person reads it: each card under a line naming its entry.
    let (code, stdout, _) = check(&[&base]);
    assert_eq!(code, 1);
    assert!(stdout.contains("GET http://127.0.0.1:"), "{stdout}");
    assert!(
        stdout.contains("/.well-known/ai-catalog.json: 200, application/ai-catalog+json"),
        "{stdout}"
    );
    assert!(
        stdout.contains("entry /entries/0 urn:example:agent \"urn:example:agent\": "),
        "{stdout}"
    );
    assert!(stdout.contains("the card audited above"), "{stdout}");
    assert!(
        stdout.contains(
            "entry /entries/2 urn:example:agent:broken \"urn:example:agent:broken\" (1 error): GET "
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n  error A2A-E010 http://127.0.0.1:"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n  error A2A-C501 http://127.0.0.1:"),
        "{stdout}"
    );
}

#[test]
fn without_a_catalog_the_report_notes_it() {
    let server = wrong_server(|_| {});
    let (code, report) = check_json(&[&server.url()]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["catalog"]["endpoint"]["status"], 404);
    assert_eq!(report["catalog"]["findings"][0]["code"], "A2A-C502");
    assert_eq!(report["catalog"]["findings"][0]["level"], "note");
}
