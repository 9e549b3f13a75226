//! The examples run as a reader would run them, and do what their docs say.

use a2a_card_test_support as support;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

const CARD: &str = "/.well-known/agent-card.json";

/// A running example binary, killed (by its id) when dropped.
struct Example {
    child: Child,
    addr: SocketAddr,
}

impl Example {
    fn start(name: &str) -> Example {
        Example::start_with_env(name, &[])
    }

    /// Started with these environment variables set.
    fn start_with_env(name: &str, env: &[(&str, &std::ffi::OsStr)]) -> Example {
        // Integration tests run from target/<profile>/deps; cargo builds examples beside it.
        let exe: PathBuf = std::env::current_exe().unwrap();
        let path = exe
            .parent()
            .unwrap()
            .parent()
            .unwrap()
            .join("examples")
            .join(name);
        let mut child = Command::new(&path)
            .arg("127.0.0.1:0")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", path.display()));
        let addr = support::listening_addr(&mut child);
        Example { child, addr }
    }
}

impl Drop for Example {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn axum_example_serves_the_card_beside_its_jsonrpc_route() {
    let example = Example::start("axum");
    let card = support::request(example.addr, "GET", CARD, &[], b"");
    assert_eq!(card.status, 200);
    assert!(card.etag_matches_body());
    let rpc = support::request(
        example.addr,
        "POST",
        "/a2a/v1",
        &[],
        br#"{"jsonrpc":"2.0","id":7,"method":"x"}"#,
    );
    assert_eq!(rpc.json()["id"], 7);
    assert_eq!(rpc.json()["error"]["code"], -32601);
}

#[test]
fn hyper_example_serves_the_card_and_passes_the_rest() {
    let example = Example::start("hyper");
    let card = support::request(example.addr, "GET", CARD, &[], b"");
    assert_eq!(card.status, 200);
    assert_eq!(card.header("content-type"), Some("application/a2a+json"));
    assert_eq!(
        support::request(example.addr, "GET", "/other", &[], b"").status,
        404
    );
}

#[test]
fn tower_http_stack_never_compresses_the_card_under_its_etag() {
    let example = Example::start("tower_http_stack");
    let gzip: &[(&str, &[u8])] = &[("Accept-Encoding", b"gzip")];
    // The card layer's own gzip bytes, under their own ETag.
    let card = support::request(example.addr, "GET", CARD, gzip, b"");
    assert_eq!(card.status, 200);
    assert_eq!(card.header("content-encoding"), Some("gzip"));
    assert!(card.etag_matches_body());
    // A coding the card layer does not have: its identity bytes, under their ETag.
    let deflate: &[(&str, &[u8])] = &[("Accept-Encoding", b"deflate")];
    let card = support::request(example.addr, "GET", CARD, deflate, b"");
    assert!(!card.has("content-encoding"));
    assert!(card.etag_matches_body());
    // The application's own responses are still compressed.
    let report = support::request(example.addr, "GET", "/report", gzip, b"");
    assert_eq!(report.header("content-encoding"), Some("gzip"));
}

#[test]
fn extended_card_example_guards_the_card_and_the_agent_route() {
    let example = Example::start("extended_card");
    let key: &[(&str, &[u8])] = &[("X-API-Key", b"k1-7f3a9c")];
    let rest = "/a2a/rest/extendedAgentCard";
    assert_eq!(
        support::request(example.addr, "GET", CARD, &[], b"").status,
        200
    );
    assert_eq!(
        support::request(example.addr, "GET", rest, &[], b"").status,
        401
    );
    let card = support::request(example.addr, "GET", rest, key, b"");
    assert_eq!(card.status, 200);
    assert!(String::from_utf8_lossy(&card.body).contains("fleet routing"));
    let call = br#"{"jsonrpc":"2.0","id":4,"method":"SendMessage"}"#;
    let refused = support::request(example.addr, "POST", "/a2a/v1", &[], call);
    assert_eq!(refused.status, 401);
    let answered = support::request(example.addr, "POST", "/a2a/v1", key, call);
    assert_eq!(answered.json()["result"]["ok"], true);
    let extended_over_rpc = support::request(
        example.addr,
        "POST",
        "/a2a/v1",
        key,
        br#"{"jsonrpc":"2.0","id":5,"method":"GetExtendedAgentCard"}"#,
    );
    assert_eq!(extended_over_rpc.json()["result"]["name"], "Route Planner");
}

/// A JSON-RPC `SendMessage` call of the A2A v1.0 wire format.
#[cfg(all(feature = "extended", feature = "jwt"))]
fn send_message(id: u32, text: &str) -> Vec<u8> {
    serde_json::json!({
        "jsonrpc": "2.0", "id": id, "method": "SendMessage",
        "params": {"message": {"messageId": format!("m{id}"), "role": "ROLE_USER", "parts": [{"text": text}]}},
    })
    .to_string()
    .into_bytes()
}

#[cfg(all(feature = "extended", feature = "jwt"))]
#[test]
fn official_sdk_example_serves_both_cards_and_guards_the_sdk_routers() {
    use a2a_card::security::jwt::JwtSigner;
    use a2a_card::sign::{Algorithm, Jwks, SigningKey};

    // The identity provider: its public key in a JWKS file the example reads; tokens signed
    // here with the private half, and one signed by a key the example does not trust.
    let idp = SigningKey::generate(Algorithm::Es256).unwrap();
    let set = Jwks {
        keys: vec![idp.public_jwk("idp-1")],
    };
    // Removed when the test ends, whether it passes or fails.
    let jwks = support::Scratch::file_with("official-sdk-jwks.json", set.to_json_pretty());
    let exp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 600;
    let claims = serde_json::json!({
        "iss": "https://id.example", "aud": "echo-agent", "sub": "alice", "exp": exp,
    });
    let token = JwtSigner::new(idp).kid("idp-1").sign(&claims).unwrap();
    let stranger = SigningKey::generate(Algorithm::Es256).unwrap();
    let forged = JwtSigner::new(stranger).kid("idp-1").sign(&claims).unwrap();

    let example = Example::start_with_env(
        "official_sdk",
        &[
            ("AGENT_JWKS_FILE", jwks.as_os_str()),
            ("AGENT_API_KEYS", std::ffi::OsStr::new("key-one,key-two")),
        ],
    );
    let addr = example.addr;
    let origin = format!("http://{addr}");

    // The public card: the SDK's card converted, naming the real port and the SDK's mounts.
    let card = support::request(addr, "GET", CARD, &[], b"");
    assert_eq!(card.status, 200);
    assert_eq!(card.header("content-type"), Some("application/a2a+json"));
    assert!(card.etag_matches_body());
    let public = card.json();
    assert_eq!(public["name"], "Echo Agent");
    assert_eq!(
        public["supportedInterfaces"][0]["url"],
        format!("{origin}/jsonrpc")
    );
    assert_eq!(
        public["supportedInterfaces"][1]["url"],
        format!("{origin}/rest")
    );
    assert_eq!(public["skills"].as_array().unwrap().len(), 1);
    // Ours, not the SDK's card route (which sends application/json with ETag "1.0.0").
    let etag = card.header("etag").unwrap().as_bytes();
    let again = support::request(addr, "GET", CARD, &[("If-None-Match", etag)], b"");
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());

    let rest_card = "/rest/extendedAgentCard";
    let rpc_card = br#"{"jsonrpc":"2.0","id":9,"method":"GetExtendedAgentCard"}"#;
    let v1: (&str, &[u8]) = ("A2A-Version", b"1.0");
    let key: (&str, &[u8]) = ("X-API-Key", b"key-two");
    let bearer = format!("Bearer {token}");
    let bearer: (&str, &[u8]) = ("Authorization", bearer.as_bytes());
    let forged = format!("Bearer {forged}");
    let forged: (&str, &[u8]) = ("Authorization", forged.as_bytes());

    // Refused without a credential, with a wrong key and with a token of an untrusted key.
    for headers in [&[][..], &[("X-API-Key", &b"echo-demo-key"[..])], &[forged]] {
        let refused = support::request(addr, "GET", rest_card, headers, b"");
        assert_eq!(refused.status, 401, "{headers:?}");
        let challenges: Vec<_> = refused
            .headers
            .iter()
            .filter(|(n, _)| n == "www-authenticate")
            .map(|(_, v)| v.as_str())
            .collect();
        assert!(
            challenges.iter().any(|c| c.contains("X-API-Key")),
            "{challenges:?}"
        );
        assert!(
            challenges.iter().any(|c| c.starts_with("Bearer")),
            "{challenges:?}"
        );
        assert!(!String::from_utf8_lossy(&refused.body).contains("shout"));
        let refused = support::request(addr, "POST", "/jsonrpc", headers, rpc_card);
        assert_eq!(refused.status, 401, "{headers:?}");
        assert!(refused.json()["error"]["code"].is_i64(), "{refused:?}");
    }

    // Given with either credential, on both bindings.
    for credential in [key, bearer] {
        let got = support::request(addr, "GET", rest_card, &[credential], b"");
        assert_eq!(got.status, 200, "{credential:?}: {got:?}");
        let extended = got.json();
        let skills: Vec<_> = extended["skills"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap())
            .collect();
        assert_eq!(skills, ["echo", "shout"]);
        assert!(
            extended["description"]
                .as_str()
                .unwrap()
                .ends_with("Signed-in callers may shout.")
        );
        let over_rpc = support::request(addr, "POST", "/jsonrpc", &[credential], rpc_card);
        assert_eq!(over_rpc.json()["id"], 9);
        assert_eq!(over_rpc.json()["result"], extended);
    }

    // SendMessage reaches the SDK's handlers through RequireCardSecurityLayer, and only with a
    // credential.
    let refused = support::request(addr, "POST", "/jsonrpc", &[v1], &send_message(1, "hi"));
    assert_eq!(refused.status, 401);
    assert!(refused.json().get("result").is_none());
    let answered = support::request(addr, "POST", "/jsonrpc", &[v1, key], &send_message(2, "hi"));
    assert_eq!(answered.status, 200, "{answered:?}");
    let reply = &answered.json()["result"]["message"];
    assert_eq!(reply["role"], "ROLE_AGENT");
    assert_eq!(reply["parts"][0]["text"], "echo: hi");

    let rest_call =
        br#"{"message":{"messageId":"r1","role":"ROLE_USER","parts":[{"text":"over rest"}]}}"#;
    let json: (&str, &[u8]) = ("Content-Type", b"application/json");
    let refused = support::request(addr, "POST", "/rest/message:send", &[v1, json], rest_call);
    assert_eq!(refused.status, 401);
    let answered = support::request(
        addr,
        "POST",
        "/rest/message:send",
        &[v1, json, bearer],
        rest_call,
    );
    assert_eq!(answered.status, 200, "{answered:?}");
    assert_eq!(
        answered.json()["message"]["parts"][0]["text"],
        "echo: over rest"
    );
}
