//! `a2a-card studio`'s JSON API over real sockets: the binary on 127.0.0.1:0, the page and
//! every endpoint with good and bad input (the fetcher's edge cases are in
//! `studio_fetch.rs`). Bad input always gets a 4xx JSON error that names the problem,
//! never a 5xx.

mod binary_server;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Command;

use binary_server::{Server, expect_error as error, studio};
use serde_json::{Value, json};

const BROKEN_CARD: &str = r#"{
  "name": "AI Assistant",
  "description": "Helps.",
  "supportedInterfaces": [{"url": "https://a.example/rpc", "protocolBinding": "JSONRPC",
                           "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text"],
  "skills": [{"id": "plan", "name": "Plan", "description": "Plans a route between places.",
              "examples": ["Lyon to Turin"]}]
}"#;

const V03_CARD: &str = r#"{
  "protocolVersion": "0.3.0", "name": "Route Planner",
  "description": "Plans driving routes with live traffic.",
  "url": "https://routes.example.com/a2a", "preferredTransport": "JSONRPC",
  "version": "2.1.0", "capabilities": {"stateTransitionHistory": true},
  "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-API-Key"}},
  "security": [{"key": []}],
  "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "route", "name": "Route", "description": "Plans a route.", "tags": []}]
}"#;

/// The text a span covers (offsets are UTF-16 code units, as in the browser).
fn spanned(text: &str, span: &Value) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let (start, end) = (
        span["start"].as_u64().unwrap(),
        span["end"].as_u64().unwrap(),
    );
    String::from_utf16(&units[start as usize..end as usize]).unwrap()
}

/// The diagnostic with `code` at `pointer`, or a panic listing what there is.
fn diagnostic<'a>(answer: &'a Value, code: &str, pointer: &str) -> &'a Value {
    let list = answer["diagnostics"].as_array().expect("diagnostics");
    list.iter()
        .find(|d| d["code"] == code && d["pointer"] == pointer)
        .unwrap_or_else(|| panic!("no {code} at {pointer} in {list:#?}"))
}

#[test]
fn the_page_and_its_assets_come_from_the_binary() {
    let studio = studio();
    let page = studio.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.text().contains(r#"<script src="/studio.js" defer>"#));
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"));
    // No remote asset of any kind: every src/href is local.
    for remote in ["src=\"http", "href=\"http", "src=\"//", "href=\"//"] {
        assert!(!page.text().contains(remote), "{remote}");
    }
    for (path, kind) in [
        ("/studio.js", "text/javascript"),
        ("/studio.css", "text/css"),
    ] {
        let asset = studio.get(path);
        assert_eq!(asset.status, 200, "{path}");
        assert!(asset.header("content-type").unwrap().starts_with(kind));
        assert!(
            !asset.text().contains("https://"),
            "{path} loads nothing remote"
        );
    }
    assert_eq!(studio.get("/nothing-here").status, 404);
    assert_eq!(studio.request("POST", "/", &[], b"").status, 405);
}

#[test]
fn validate_lists_every_diagnostic_with_the_span_of_its_pointer() {
    let studio = studio();
    let response = studio.post_json("/api/validate", BROKEN_CARD.as_bytes());
    assert_eq!(response.status, 200, "{}", response.text());
    let answer = response.json();
    assert_eq!(answer["valid"], false);
    assert_eq!(answer["kind"], "card");
    assert_eq!(answer["sourceVersion"], "1.0");
    assert_eq!(answer["profile"], "spec");
    assert_eq!(answer["registryMaxBytes"], 10_000);
    let compact = serde_json::to_vec(&serde_json::from_str::<Value>(BROKEN_CARD).unwrap()).unwrap();
    assert_eq!(answer["compactSize"], compact.len());
    // "text" is not a media type: a warning in the spec profile (issue 28).
    let media_type = diagnostic(&answer, "A2A-W019", "/defaultOutputModes/0");
    assert_eq!(media_type["severity"], "warning");
    assert_eq!(spanned(BROKEN_CARD, &media_type["span"]), "\"text\"");
    assert_eq!(media_type["span"]["line"], 9);
    assert_eq!(media_type["span"]["exact"], true);
    let name = diagnostic(&answer, "A2A-W010", "/name");
    assert_eq!(spanned(BROKEN_CARD, &name["span"]), "\"AI Assistant\"");
    // A missing field points at the object that should hold it.
    let tags = diagnostic(&answer, "A2A-E010", "/skills/0/tags");
    assert!(spanned(BROKEN_CARD, &tags["span"]).starts_with(r#"{"id": "plan""#));
    assert_eq!(tags["span"]["exact"], false);
    let errors = answer["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error");
    assert_eq!(answer["errors"], errors.count());
}

#[test]
fn validate_shows_hidden_instructions_with_their_spans_in_both_profiles() {
    // Issue 36: the studio's validate API reports the lints for text a model reads, each
    // with the span of the attacked field, escaped in the message.
    let card = std::fs::read(a2a_card_test_support::fixture(
        "poisoned/bidi-override.json",
    ))
    .unwrap();
    let text = String::from_utf8(card.clone()).unwrap();
    let studio = studio();
    let spec = studio.post_json("/api/validate?profile=spec", &card).json();
    let found = diagnostic(&spec, "A2A-W070", "/skills/0/name");
    assert_eq!(found["severity"], "warning");
    assert!(
        found["message"].as_str().unwrap().contains("\\u{202e}"),
        "{found}"
    );
    assert_eq!(
        spanned(&text, &found["span"]),
        "\"Route \\u202eetuor\\u202c\""
    );
    assert_eq!(spec["valid"], true);
    let registry = studio
        .post_json("/api/validate?profile=registry", &card)
        .json();
    assert_eq!(
        diagnostic(&registry, "A2A-E070", "/skills/0/name")["severity"],
        "error"
    );
    assert_eq!(registry["valid"], false);
    let look_alike = std::fs::read(a2a_card_test_support::fixture(
        "poisoned/look-alike-names.json",
    ))
    .unwrap();
    let answer = studio.post_json("/api/validate", &look_alike).json();
    diagnostic(&answer, "A2A-W074", "/provider/organization");
}

#[test]
fn validate_profiles_kinds_and_v03_pointers() {
    let studio = studio();
    let big = json!({"name": "x".repeat(12_000)}).to_string();
    let spec = studio
        .post_json("/api/validate?profile=spec", big.as_bytes())
        .json();
    let registry = studio
        .post_json("/api/validate?profile=registry", big.as_bytes())
        .json();
    assert_eq!(registry["profile"], "registry");
    let has_size_error = |a: &Value| {
        a["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "A2A-E040")
    };
    assert!(!has_size_error(&spec) && has_size_error(&registry));
    // A v0.3 card is checked against v0.3, with pointers (and spans) into the text sent:
    // empty tags are valid v0.3, a note for the migration (issue 28).
    let v03 = studio
        .post_json("/api/validate", V03_CARD.as_bytes())
        .json();
    assert_eq!(v03["sourceVersion"], "0.3");
    let empty_tags = diagnostic(&v03, "A2A-N020", "/skills/0/tags");
    assert_eq!(spanned(V03_CARD, &empty_tags["span"]), "[]");
    // MCP tool specs are detected, or named with kind=.
    let tools = br#"{"tools": [{"name": "a", "inputSchema": {"type": "string"}}]}"#;
    let mcp = studio.post_json("/api/validate", tools).json();
    assert_eq!(mcp["kind"], "mcp-tools");
    assert!(
        spanned(
            std::str::from_utf8(tools).unwrap(),
            &diagnostic(&mcp, "A2A-E051", "/tools/0/inputSchema/type")["span"]
        ) == "\"string\""
    );
    let as_card = studio.post_json("/api/validate?kind=card", tools).json();
    assert_eq!(as_card["kind"], "card");
}

#[test]
fn validate_refuses_bad_requests_by_name() {
    let studio = studio();
    let not_json = studio.post_json("/api/validate", b"{\n  \"name\": \"x\",\n  oops\n}");
    let message = error(&not_json, 400, "not-json");
    assert!(message.contains("line 3"), "{message}");
    assert_eq!(not_json.json()["error"]["line"], 3);
    assert_eq!(not_json.json()["error"]["column"], 3);
    let message = error(
        &studio.post_json("/api/validate?profile=strict", b"{}"),
        400,
        "unknown-profile",
    );
    assert!(
        message.contains("\"strict\"") && message.contains("registry"),
        "{message}"
    );
    error(
        &studio.post_json("/api/validate?kind=yaml", b"{}"),
        400,
        "bad-parameter",
    );
    error(
        &studio.post_json("/api/validate?profle=spec", b"{}"),
        400,
        "unknown-parameter",
    );
    // A card whose values have the wrong types is a finding, not a bad request.
    let typed = studio.post_json("/api/validate", br#"{"name": 5}"#);
    assert_eq!(typed.status, 200);
    assert_eq!(
        spanned(
            r#"{"name": 5}"#,
            &diagnostic(&typed.json(), "A2A-E002", "/name")["span"]
        ),
        "5"
    );
    // Not JSON at all, the wrong method, the wrong media type, an unknown endpoint.
    let plain = studio.request(
        "POST",
        "/api/validate",
        &[("content-type", "text/plain")],
        b"{}",
    );
    error(&plain, 415, "not-json-media-type");
    let get = studio.get("/api/validate");
    error(&get, 405, "method-not-allowed");
    assert_eq!(get.header("allow"), Some("POST"));
    error(
        &studio.post_json("/api/nothing", b"{}"),
        404,
        "no-such-endpoint",
    );
    // A page on another domain that resolves to 127.0.0.1 does not get to use the API.
    let rebound = studio.request(
        "POST",
        "/api/validate",
        &[
            ("host", "attacker.example:8090"),
            ("content-type", "application/json"),
        ],
        b"{}",
    );
    error(&rebound, 403, "foreign-host");
}

#[test]
fn bodies_over_one_mebibyte_get_413() {
    let studio = studio();
    let just_right = format!("[{}1]", " ".repeat(1024 * 1024 - 3));
    assert_eq!(
        studio
            .post_json("/api/validate", just_right.as_bytes())
            .status,
        200
    );
    let too_big = vec![b' '; 1024 * 1024 + 1];
    let message = error(
        &studio.post_json("/api/validate", &too_big),
        413,
        "too-large",
    );
    assert!(message.contains("1048576"), "{message}");
    // Far too big: refused from its Content-Length, before any of it is read.
    let mut stream = std::net::TcpStream::connect(&studio.addr).unwrap();
    write!(
        stream,
        "POST /api/generate HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\n\
         content-length: 999999999\r\nconnection: close\r\n\r\n",
        studio.addr
    )
    .unwrap();
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw);
    assert!(raw.starts_with("HTTP/1.1 413"), "{raw}");
}

#[test]
fn migrate_gives_what_the_cli_gives() {
    let studio = studio();
    let answer = studio.post_json("/api/migrate", V03_CARD.as_bytes());
    assert_eq!(answer.status, 200, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(
        (answer["sourceVersion"].as_str(), answer["to"].as_str()),
        (Some("0.3"), Some("1.0"))
    );
    let lost = diagnostic(&answer, "A2A-W021", "/capabilities/stateTransitionHistory");
    assert_eq!(spanned(V03_CARD, &lost["span"]), "true");
    // The same card and the same diagnostics as `a2a-card migrate` on the same bytes.
    let dir = std::env::temp_dir().join(format!("studio-migrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("v03.json");
    std::fs::write(&file, V03_CARD).unwrap();
    let cli = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .arg("migrate")
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    // Empty tags are valid v0.3 but not v1.0: the converted card is shown to the studio with
    // its errors, and `migrate` prints nothing (issue 28).
    assert!(
        cli.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&cli.stdout)
    );
    assert_eq!(cli.status.code(), Some(1));
    assert_eq!(answer["valid"], false);
    let result = answer["resultErrors"].as_array().unwrap();
    assert!(
        result
            .iter()
            .any(|d| d["code"] == "A2A-E011" && d["pointer"] == "/skills/0/tags"),
        "{result:?}"
    );
    let mut tagged: Value = serde_json::from_str(V03_CARD).unwrap();
    tagged["skills"][0]["tags"] = json!(["maps"]);
    let tagged = tagged.to_string();
    let file = dir.join("v03-tagged.json");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&file, &tagged).unwrap();
    let printed = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .arg("migrate")
        .arg(&file)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let same = studio.post_json("/api/migrate", tagged.as_bytes()).json();
    assert_eq!(same["valid"], true);
    assert_eq!(
        String::from_utf8_lossy(&printed.stdout).trim_end(),
        same["card"].as_str().unwrap()
    );
    let stderr = String::from_utf8_lossy(&cli.stderr);
    for d in answer["diagnostics"].as_array().unwrap() {
        let line = format!(
            "{} {} {}: {}",
            d["severity"].as_str().unwrap(),
            d["code"].as_str().unwrap(),
            d["pointer"].as_str().unwrap(),
            d["message"].as_str().unwrap()
        );
        assert!(stderr.contains(&line), "{line} not in\n{stderr}");
    }
    assert_eq!(
        answer["errors"], 0,
        "empty tags are a note (A2A-N020) in v0.3"
    );
    let v03 = studio
        .post_json("/api/migrate?to=0.3", V03_CARD.as_bytes())
        .json();
    assert!(
        v03["card"]
            .as_str()
            .unwrap()
            .contains("\"preferredTransport\"")
    );
}

#[test]
fn migrate_refuses_what_it_cannot_convert() {
    let studio = studio();
    let typed = studio.post_json(
        "/api/migrate",
        br#"{"url": "https://a.example", "name": ["x"]}"#,
    );
    error(&typed, 422, "not-convertible");
    let wrong = &typed.json()["error"]["diagnostics"];
    let name = wrong
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "A2A-E002")
        .expect("E002");
    assert_eq!(name["pointer"], "/name");
    let sent = r#"{"url": "https://a.example", "name": ["x"]}"#;
    assert_eq!(spanned(sent, &name["span"]), r#"["x"]"#);
    error(&studio.post_json("/api/migrate", b"nope"), 400, "not-json");
    error(
        &studio.post_json("/api/migrate?to=2.0", V03_CARD.as_bytes()),
        400,
        "bad-parameter",
    );
}

#[test]
fn generate_builds_a_valid_card_from_the_form() {
    let studio = studio();
    let form = json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "version": "1.0.0",
        "interfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
                        "protocolVersion": "1.0"}],
        "capabilities": {"streaming": true},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
                    "tags": ["maps"], "examples": ["Lyon to Turin"]}],
        "securitySchemes": [{"name": "oidc", "type": "openIdConnect",
                             "openIdConnectUrl": "https://id.example.com/.well-known/openid-configuration"}],
        "securityRequirements": [{"oidc": ["openid"]}]
    });
    let answer = studio.post_json("/api/generate", form.to_string().as_bytes());
    assert_eq!(answer.status, 200, "{}", answer.text());
    let answer = answer.json();
    assert_eq!(answer["valid"], true, "{answer:#}");
    assert_eq!(answer["diagnostics"], json!([]));
    let card = answer["card"].as_str().unwrap();
    let report = a2a_card::validate::validate_document(
        card.as_bytes(),
        a2a_card::validate::Profile::Registry,
        None,
    )
    .unwrap();
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    // An empty form: a card whose diagnostics point into the generated text.
    let empty = studio
        .post_json("/api/generate?profile=registry", b"{}")
        .json();
    let name = diagnostic(&empty, "A2A-E010", "/name");
    assert_eq!(
        spanned(empty["card"].as_str().unwrap(), &name["span"]),
        "\"\""
    );
}

#[test]
fn generate_names_the_field_that_is_wrong() {
    let studio = studio();
    let message = error(
        &studio.post_json("/api/generate", br#"{"name": 5}"#),
        400,
        "bad-field",
    );
    assert!(
        message.contains("line 1, column 10") && message.contains("expected a string"),
        "{message}"
    );
    let message = error(
        &studio.post_json("/api/generate", br#"{"nmae": "x"}"#),
        400,
        "bad-field",
    );
    assert!(message.contains("nmae"), "{message}");
    let scheme = br#"{"securitySchemes": [{"name": "x", "type": "kerberos"}]}"#;
    let message = error(&studio.post_json("/api/generate", scheme), 400, "bad-field");
    assert!(message.contains("kerberos"), "{message}");
    let message = error(&studio.post_json("/api/generate", b"[]"), 400, "bad-field");
    assert!(
        message.contains("must be a JSON object, found an array"),
        "{message}"
    );
    let message = error(
        &studio.post_json("/api/generate", br#"{"skills": [{"tags": "maps"}]}"#),
        400,
        "bad-field",
    );
    assert!(message.contains("expected a sequence"), "{message}");
    error(&studio.post_json("/api/generate", b"{"), 400, "not-json");
    error(
        &studio.post_json("/api/generate?profile=x", b"{}"),
        400,
        "unknown-profile",
    );
}

#[test]
fn fetch_reads_both_well_known_paths_of_a_served_card() {
    let studio = studio();
    let cards = Server::start(&["serve", "--addr", "127.0.0.1:0", "--legacy", "redirect"]);
    let answer = studio.post_json(
        "/api/fetch",
        json!({"url": cards.url()}).to_string().as_bytes(),
    );
    assert_eq!(answer.status, 200, "{}", answer.text());
    let answer = answer.json();
    let attempts = answer["attempts"].as_array().unwrap();
    let direct = &attempts[0];
    assert_eq!(
        direct["url"],
        format!("{}/.well-known/agent-card.json", cards.url())
    );
    assert_eq!(direct["status"], 200);
    assert_eq!(direct["contentType"], "application/a2a+json");
    let served = cards.get("/.well-known/agent-card.json");
    assert_eq!(direct["size"], served.body.len());
    assert_eq!(direct["error"], Value::Null);
    // The legacy path redirects to the current one; the redirect is followed and reported.
    let legacy = &attempts[1];
    assert_eq!(
        legacy["url"],
        format!("{}/.well-known/agent.json", cards.url())
    );
    assert_eq!(
        legacy["redirects"],
        json!([format!("{}/.well-known/agent-card.json", cards.url())])
    );
    assert_eq!(legacy["status"], 200);
    let card = &answer["card"];
    assert_eq!(card["valid"], true, "{card:#}");
    assert_eq!(card["url"], direct["url"]);
    assert_eq!(
        card["document"].as_str().unwrap().as_bytes(),
        served.body.as_slice()
    );
    // A URL that names the card itself is fetched as given; the registry profile applies.
    let url = format!("{}/.well-known/agent-card.json", cards.url());
    let one = studio
        .post_json(
            "/api/fetch",
            json!({"url": url, "profile": "registry"})
                .to_string()
                .as_bytes(),
        )
        .json();
    assert_eq!(one["attempts"].as_array().unwrap().len(), 1);
    assert_eq!(one["card"]["profile"], "registry");
}

#[test]
fn fetch_reports_unreachable_targets_and_refuses_bad_requests() {
    let studio = studio();
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let answer = studio.post_json(
        "/api/fetch",
        json!({"url": format!("http://{closed}")})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(answer.status, 200);
    let answer = answer.json();
    assert_eq!(answer["card"], Value::Null);
    for attempt in answer["attempts"].as_array().unwrap() {
        assert_eq!(attempt["status"], Value::Null);
        assert!(
            attempt["error"]
                .as_str()
                .unwrap()
                .starts_with(&format!("cannot connect to {closed}")),
            "{attempt}"
        );
    }
    // HTTPS to a server that speaks plain HTTP: a TLS error, not a hang or a crash.
    let cards = Server::start(&["serve", "--addr", "127.0.0.1:0"]);
    let https = json!({"url": format!("https://{}", cards.addr)}).to_string();
    let answer = studio.post_json("/api/fetch", https.as_bytes()).json();
    let tls_error = answer["attempts"][0]["error"].as_str().unwrap();
    assert!(tls_error.starts_with("TLS handshake with"), "{tls_error}");
    for (body, code) in [
        (r#"{"url": 5}"#, "bad-field"),
        (r#"{}"#, "bad-field"),
        (r#"["http://a.example"]"#, "bad-field"),
        (r#"{"url": "ftp://agent.example.com"}"#, "bad-field"),
        (r#"{"url": "agent.example.com"}"#, "bad-field"),
        (r#"{"url": "http://a.example", "extra": 1}"#, "bad-field"),
        (
            r#"{"url": "http://a.example", "profile": "loose"}"#,
            "unknown-profile",
        ),
        ("{\"url\": ", "not-json"),
    ] {
        let message = error(&studio.post_json("/api/fetch", body.as_bytes()), 400, code);
        assert!(!message.is_empty(), "{body}");
    }
}
