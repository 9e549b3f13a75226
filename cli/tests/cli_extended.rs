//! `a2a-card serve CARD --extended-card FILE --auth FILE` with TLS and client certificates:
//! a real process, real certificates (rcgen), real JWTs, and the auth file's errors.

mod binary_server;
use a2a_card_test_support as support;
use a2a_card_test_support::pki;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, LazyLock};
use std::time::{Duration, SystemTime};

use a2a_card::security::jwt::JwtSigner;
use a2a_card::sign::{Algorithm, Jwks, SigningKey};
use base64::Engine;
use binary_server::Server;
use rustls::ClientConfig;
use rustls::pki_types::ServerName;
use serde_json::json;
use support::RawResponse;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
static PUBLIC: LazyLock<String> = LazyLock::new(|| support::fixture("extended/public.json"));
static EXTENDED: LazyLock<String> = LazyLock::new(|| support::fixture("extended/extended.json"));
const REST: &str = "/rest/extendedAgentCard";

fn temp_dir(name: &str) -> support::Scratch {
    support::Scratch::dir(&format!("cli-extended-{name}"))
}

fn shown(path: &Path) -> String {
    path.to_str().unwrap().to_owned()
}

/// One request over TLS on a fresh connection.
fn https(
    addr: SocketAddr,
    config: &Arc<ClientConfig>,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> RawResponse {
    let tcp = TcpStream::connect(addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let name = ServerName::IpAddress(addr.ip().into());
    let connection = rustls::ClientConnection::new(config.clone(), name).unwrap();
    let mut tls = rustls::StreamOwned::new(connection, tcp);
    let mut request =
        format!("{method} {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    tls.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    tls.read_to_end(&mut raw).unwrap();
    RawResponse::parse(&raw, method == "HEAD")
}

/// The test's identity provider: a key, its JWKS file, and tokens.
struct Issuer {
    signer: JwtSigner,
}

impl Issuer {
    fn new(dir: &Path) -> (Issuer, PathBuf) {
        let key = SigningKey::generate(Algorithm::Es256).unwrap();
        let jwks = Jwks {
            keys: vec![key.public_jwk("idp-1")],
        };
        let path = dir.join("jwks.json");
        std::fs::write(&path, jwks.to_json_pretty()).unwrap();
        let signer = JwtSigner::new(key).kid("idp-1");
        (Issuer { signer }, path)
    }

    fn token(&self, scope: &str) -> String {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        self.signer
            .sign(&json!({"iss": "https://id.example", "aud": "fleet-router",
                          "sub": "partner-7", "exp": now + 300, "scope": scope}))
            .unwrap()
    }
}

fn auth_file(dir: &Path, jwks: &Path) -> PathBuf {
    let path = dir.join("auth.toml");
    let text = format!(
        r#"
[apiKey]
keys = ["k1-header"]
[queryKey]
keys = ["k2"]
[cookieKey]
keys = ["k3"]
[basic]
users = ["alice:s3cret"]
[bearer]
jwks_file = {jwks:?}
issuer = "https://id.example"
audience = "fleet-router"
[mtls]
"#,
        jwks = shown(jwks)
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn skills(response: &RawResponse) -> Vec<String> {
    response.json()["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn every_scheme_of_the_card_is_enforced_end_to_end() {
    let dir = temp_dir("e2e");
    let pki = pki::Pki::new();
    let files = pki.write(&dir);
    let (issuer, jwks) = Issuer::new(&dir);
    let auth = auth_file(&dir, &jwks);
    let server = Server::start(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        &PUBLIC,
        "--extended-card",
        &EXTENDED,
        "--auth",
        &shown(&auth),
        "--tls-cert",
        &shown(&files.cert),
        "--tls-key",
        &shown(&files.key),
        "--client-ca",
        &shown(&files.client_ca),
    ]);
    let addr: SocketAddr = server.addr.parse().unwrap();
    let versions = [&rustls::version::TLS13, &rustls::version::TLS12];
    let anonymous = pki.client_config(None, &versions);
    let with_cert = pki.client_config(Some(&pki.client), &versions);

    // The public card needs nothing; the extended card needs a credential.
    assert_eq!(
        https(
            addr,
            &anonymous,
            "GET",
            "/.well-known/agent-card.json",
            &[],
            ""
        )
        .status,
        200
    );
    let refused = https(addr, &anonymous, "GET", REST, &[], "");
    assert_eq!(refused.status, 401);

    let key = https(
        addr,
        &anonymous,
        "GET",
        REST,
        &[("X-API-Key", "k1-header")],
        "",
    );
    assert_eq!(skills(&key), ["route"]);
    let query = https(addr, &anonymous, "GET", &format!("{REST}?key=k2"), &[], "");
    assert_eq!(query.status, 200);
    let cookie = https(
        addr,
        &anonymous,
        "GET",
        REST,
        &[("Cookie", "session=k3")],
        "",
    );
    assert_eq!(cookie.status, 200);

    let partner = format!("Bearer {}", issuer.token("cards.read partner"));
    let partner = https(
        addr,
        &anonymous,
        "GET",
        REST,
        &[("Authorization", &partner)],
        "",
    );
    assert_eq!(skills(&partner), ["route", "depots"]);
    let reader = format!("Bearer {}", issuer.token("profile"));
    let short = https(
        addr,
        &anonymous,
        "GET",
        REST,
        &[("Authorization", &reader)],
        "",
    );
    assert_eq!(short.status, 403);

    // Basic AND mTLS: the verified client certificate of the TLS connection is the second half.
    let basic = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode("alice:s3cret")
    );
    let operator = https(
        addr,
        &with_cert,
        "GET",
        REST,
        &[("Authorization", &basic)],
        "",
    );
    assert_eq!(operator.status, 200);
    assert_eq!(skills(&operator), ["route", "admin"]);
    let no_cert = https(
        addr,
        &anonymous,
        "GET",
        REST,
        &[("Authorization", &basic)],
        "",
    );
    assert_eq!(no_cert.status, 401);
    let cert_only = https(addr, &with_cert, "GET", REST, &[], "");
    assert_eq!(cert_only.status, 401);

    // JSON-RPC on the card's JSONRPC interface.
    let call = r#"{"jsonrpc":"2.0","id":9,"method":"GetExtendedAgentCard"}"#;
    let rpc = https(
        addr,
        &anonymous,
        "POST",
        "/rpc",
        &[("X-API-Key", "k1-header")],
        call,
    );
    assert_eq!(rpc.json()["id"], 9);
    assert_eq!(rpc.json()["result"]["name"], "Fleet Router");
    let other = https(
        addr,
        &anonymous,
        "POST",
        "/rpc",
        &[],
        r#"{"jsonrpc":"2.0","id":1,"method":"SendMessage"}"#,
    );
    // Other calls reach what stands behind the layer: no agent, so the protocol's error.
    assert_eq!(other.status, 200);
    assert_eq!(other.json()["id"], 1);
    assert_eq!(other.json()["error"]["code"], -32601);
}

fn run_to_end(args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let output = Command::new(BIN)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn auth_file_mistakes_stop_the_server_at_start_with_a_reason() {
    let dir = temp_dir("mistakes");
    let (_, jwks) = Issuer::new(&dir);
    let full = std::fs::read_to_string(auth_file(&dir, &jwks)).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        shown(&path)
    };
    let start = |auth: &str| {
        run_to_end(
            &[
                "serve",
                "--addr",
                "127.0.0.1:0",
                &PUBLIC,
                "--extended-card",
                &EXTENDED,
                "--auth",
                auth,
            ],
            &[],
        )
    };
    // [mtls] without --client-ca.
    let (code, stderr) = start(&write("full.toml", &full));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("[mtls]") && stderr.contains("--client-ca"),
        "{stderr}"
    );
    // From here on, without [mtls]: each case shows its own mistake first.
    let full = full.replace("[mtls]\n", "");
    // A scheme the card requires with no table.
    let (code, stderr) = start(&write(
        "no-basic.toml",
        &full.replace("[basic]\nusers = [\"alice:s3cret\"]\n", ""),
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("\"basic\" is required by the card") && stderr.contains("no [basic] table"),
        "{stderr}"
    );
    // A table for a scheme the card does not declare.
    let (code, stderr) = start(&write(
        "stranger.toml",
        &format!("{full}\n[oauth]\nkeys = [\"x\"]\n"),
    ));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("[oauth] is not a security scheme of the card"),
        "{stderr}"
    );
    // A field that does not fit the scheme's type.
    let (code, stderr) = start(&write(
        "misfit.toml",
        &full.replace("users = [\"alice:s3cret\"]", "keys = [\"x\"]"),
    ));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("[basic]") && stderr.contains("keys does not apply"),
        "{stderr}"
    );
    // A TOML mistake is located, and the line (which may hold a secret) is not quoted.
    let (code, stderr) = start(&write(
        "typo.toml",
        "[apiKey]\nkeys = [\"k1-supersecret\", 5]\n",
    ));
    assert_eq!(code, 1);
    assert!(stderr.contains("line 2"), "{stderr}");
    assert!(!stderr.contains("supersecret"), "{stderr}");
    // Not TOML.
    let (code, stderr) = start(&write("broken.toml", "[apiKey\nkeys = 1"));
    assert_eq!(code, 1);
    assert!(stderr.contains("broken.toml"), "{stderr}");
    // An environment variable that is not set.
    let env_file = write(
        "env.toml",
        &full.replace(
            "keys = [\"k1-header\"]",
            "keys_env = \"A2A_TEST_KEYS_UNSET\"",
        ),
    );
    let (code, stderr) = start(&env_file);
    assert_eq!(code, 1);
    assert!(stderr.contains("A2A_TEST_KEYS_UNSET"), "{stderr}");
    // --extended-card needs --auth.
    let (code, _) = run_to_end(&["serve", &PUBLIC, "--extended-card", &EXTENDED], &[]);
    assert_eq!(code, 64);
    // The secrets of the file never appear in what is printed.
    let (_, stderr) = start(&write("full2.toml", &full));
    assert!(
        !stderr.contains("k1-header") && !stderr.contains("s3cret"),
        "{stderr}"
    );
}

#[test]
fn keys_from_the_environment() {
    let dir = temp_dir("env");
    let card = dir.join("card.json");
    // The example card: one apiKey scheme, required; it declares an extended card.
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json"),
        &card,
    )
    .unwrap();
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys_env = \"A2A_TEST_AGENT_KEYS\"\n").unwrap();
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            &shown(&card),
            "--extended-card",
            &shown(&card),
            "--auth",
            &shown(&auth),
        ])
        .env("A2A_TEST_AGENT_KEYS", "alpha, beta")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let addr = support::listening_addr(&mut child);
    let get = |key: &[u8]| {
        support::request(
            addr,
            "GET",
            "/a2a/rest/extendedAgentCard",
            &[("X-API-Key", key)],
            b"",
        )
    };
    assert_eq!(get(b"beta").status, 200);
    assert_eq!(get(b"alpha").status, 200);
    assert_eq!(get(b"gamma").status, 401);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn an_extended_card_with_other_interfaces_is_pointed_out() {
    let dir = temp_dir("interfaces");
    let mut extended: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&*EXTENDED).unwrap()).unwrap();
    extended["supportedInterfaces"][0]["url"] = json!("https://elsewhere.example.com/rpc");
    let path = dir.join("extended.json");
    std::fs::write(&path, extended.to_string()).unwrap();
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys = [\"k\"]\n").unwrap();
    // The auth file lacks schemes, so the server stops right after the check.
    let (code, stderr) = run_to_end(
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            &PUBLIC,
            "--extended-card",
            &shown(&path),
            "--auth",
            &shown(&auth),
        ],
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        stderr.contains("supportedInterfaces differ from the public card's"),
        "{stderr}"
    );
}

#[test]
fn watch_never_changes_what_auth_enforces() {
    let dir = temp_dir("watch");
    let card = dir.join("card.json");
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/agent-card.json"
    ))
    .unwrap();
    std::fs::write(&card, &original).unwrap();
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys = [\"k1\"]\n").unwrap();
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            &shown(&card),
            "--extended-card",
            &shown(&card),
            "--auth",
            &shown(&auth),
            "--watch",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let addr = support::listening_addr(&mut child);
    let (lines, stderr) = std::sync::mpsc::channel();
    let err = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(err)).map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let wait_for = |needle: &str| loop {
        let line = stderr
            .recv_timeout(Duration::from_secs(20))
            .expect("no such log line");
        if line.contains(needle) {
            break;
        }
    };
    // Dropping the requirement would silently open the extended card: refused.
    let mut open: serde_json::Value = serde_json::from_str(&original).unwrap();
    open["securitySchemes"]["basic"] = json!({"httpAuthSecurityScheme": {"scheme": "Basic"}});
    open["securityRequirements"] = json!([{"schemes": {"basic": {}}}]);
    std::fs::write(&card, open.to_string()).unwrap();
    wait_for("what --auth enforces is fixed at start");
    let public = support::request(addr, "GET", "/.well-known/agent-card.json", &[], b"");
    assert_eq!(
        public.json()["securityRequirements"][0]["schemes"]["apiKey"],
        json!({})
    );
    let extended = support::request(
        addr,
        "GET",
        "/a2a/rest/extendedAgentCard",
        &[("X-API-Key", b"k1")],
        b"",
    );
    assert_eq!(extended.status, 200);
    // A change that leaves security alone is reloaded as usual.
    std::fs::write(&card, original.replace("\"2.1.0\"", "\"2.2.0\"")).unwrap();
    wait_for("reloaded");
    let public = support::request(addr, "GET", "/.well-known/agent-card.json", &[], b"");
    assert_eq!(public.json()["version"], "2.2.0");
    // Moving the interfaces to another host keeps every route: reloaded.
    let moved = original.replace("routes.example.com", "routes2.example.com:8443");
    std::fs::write(&card, &moved).unwrap();
    wait_for("reloaded");
    // Moving one to another path changes a route: refused.
    std::fs::write(&card, moved.replace("/a2a/rest", "/a2a/rest2")).unwrap();
    wait_for("what --auth enforces is fixed at start");
    let public = support::request(addr, "GET", "/.well-known/agent-card.json", &[], b"");
    assert_eq!(
        public.json()["supportedInterfaces"][1]["url"],
        "https://routes2.example.com:8443/a2a/rest"
    );
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_declared_extended_card_left_out_is_warned_about_and_answered_not_configured() {
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");
    let dir = temp_dir("not-configured");
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys = [\"k1\"]\n").unwrap();
    let auth = shown(&auth);
    let plain = ["serve", "--addr", "127.0.0.1:0", card];
    let with_auth = [&plain[..], &["--auth", &auth]].concat();
    for (args, key) in [(&plain[..], None), (&with_auth[..], Some("k1"))] {
        let server = Server::start_logged(args);
        let call = br#"{"jsonrpc":"2.0","id":42,"method":"GetExtendedAgentCard"}"#;
        if key.is_some() {
            // Authentication still comes first.
            assert_eq!(server.get("/a2a/rest/extendedAgentCard").status, 401);
            assert_eq!(server.post_json("/a2a/v1", call).json()["id"], 42);
        }
        let headers: Vec<(&str, &str)> = key.map(|k| ("X-API-Key", k)).into_iter().collect();
        let rest = server.request("GET", "/a2a/rest/extendedAgentCard", &headers, b"");
        assert_eq!(rest.status, 400, "{}", rest.text());
        let info = &rest.json()["error"]["details"][0];
        assert_eq!(info["reason"], "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
        assert_eq!(info["domain"], "a2a-protocol.org");
        let headers = [&headers[..], &[("content-type", "application/json")]].concat();
        let rpc = server.request("POST", "/a2a/v1", &headers, call);
        assert_eq!(rpc.status, 200, "{}", rpc.text());
        assert_eq!(rpc.json()["id"], 42);
        assert_eq!(rpc.json()["error"]["code"], -32007);
        // The public card is still served.
        assert_eq!(server.get("/.well-known/agent-card.json").status, 200);
        let stderr = server.stderr_lines().join("\n");
        assert!(
            stderr.contains("warning") && stderr.contains("--extended-card"),
            "{stderr}"
        );
    }
}
