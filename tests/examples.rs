//! The examples run as a reader would run them, and do what their docs say.

mod support;

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
    let card = support::request(example.addr, "GET", CARD, gzip, b"");
    assert_eq!(card.status, 200);
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
