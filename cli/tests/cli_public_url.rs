//! `a2a-card serve --public-url` and `--trusted-proxy`/`--public-host`, as a person runs them:
//! a card written for `http://0.0.0.0:8000` is served with the public URL in the card and
//! the catalog, the same bytes and ETags from two processes; with a trusted proxy, a request
//! naming an allowed host gets that host's variant and every other request the default.

mod binary_server;
use a2a_card_test_support::scratch;

use binary_server::Server;
use scratch::Scratch;

const CARD_PATH: &str = "/.well-known/agent-card.json";

/// The example card with its JSON-RPC interface on 0.0.0.0:8000, in a fresh file removed
/// when the guard is dropped.
fn local_card(name: &str) -> Scratch {
    let mut card: serde_json::Value =
        serde_json::from_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    card["supportedInterfaces"][0]["url"] = "http://0.0.0.0:8000/a2a/v1".into();
    Scratch::file_with(
        &format!("cli-public-{name}.json"),
        serde_json::to_vec_pretty(&card).unwrap(),
    )
}

fn first_url(body: &[u8]) -> String {
    let card: serde_json::Value = serde_json::from_slice(body).unwrap();
    card["supportedInterfaces"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn public_url_rebases_the_card_and_catalog_alike_in_two_processes() {
    let card = local_card("two");
    let args = [
        "serve",
        "--addr",
        "127.0.0.1:0",
        card.text(),
        "--public-url",
        "https://agents.example.com/billing",
        "--catalog",
        "--catalog-identifier-prefix",
        "urn:example:agent:",
    ];
    let (first, second) = (Server::start(&args), Server::start(&args));
    for path in [CARD_PATH, "/.well-known/ai-catalog.json"] {
        let (a, b) = (first.get(path), second.get(path));
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.body, b.body, "{path}: the same bytes from both processes");
        assert_eq!(a.header("etag"), b.header("etag"), "{path}");
    }
    let served = first.get(CARD_PATH);
    assert_eq!(
        first_url(&served.body),
        "https://agents.example.com/billing/a2a/v1"
    );
    let catalog: serde_json::Value =
        serde_json::from_slice(&first.get("/.well-known/ai-catalog.json").body).unwrap();
    assert_eq!(
        catalog["entries"][0]["url"],
        "https://agents.example.com/billing/.well-known/agent-card.json"
    );
}

#[test]
fn a_trusted_proxy_picks_an_allowed_hosts_variant_and_nothing_else_does() {
    let card = local_card("proxy");
    // The test connects from 127.0.0.1: trusted here, so the allowlist is what is tested.
    let server = Server::start(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        card.text(),
        "--trusted-proxy",
        "127.0.0.1/32",
        "--public-host",
        "https://agents.example.com",
    ]);
    let plain = server.get(CARD_PATH);
    assert_eq!(first_url(&plain.body), "http://0.0.0.0:8000/a2a/v1");
    let allowed = server.request(
        "GET",
        CARD_PATH,
        &[
            ("X-Forwarded-Proto", "https"),
            ("X-Forwarded-Host", "agents.example.com"),
        ],
        b"",
    );
    assert_eq!(
        first_url(&allowed.body),
        "https://agents.example.com/a2a/v1"
    );
    assert_ne!(allowed.header("etag"), plain.header("etag"));
    let unlisted = server.request(
        "GET",
        CARD_PATH,
        &[
            ("X-Forwarded-Proto", "https"),
            ("X-Forwarded-Host", "evil.example"),
        ],
        b"",
    );
    assert_eq!(unlisted.body, plain.body);
    assert!(plain.header("vary").unwrap().contains("X-Forwarded-Host"));
}

#[test]
fn a_trusted_proxy_without_a_public_host_is_a_usage_error() {
    let card = local_card("usage");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            card.text(),
            "--trusted-proxy",
            "10.0.0.0/8",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(64), "a usage error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--public-host"), "{stderr}");
}
