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
    // The proxy strips /billing; the link to the catalog puts it back.
    assert_eq!(
        served.header("link"),
        Some("</billing/.well-known/ai-catalog.json>; rel=\"ai-catalog\"")
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

/// Every stderr line of `server` up to and including the first one containing `last`.
fn stderr_until(server: &Server, last: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for _ in 0..200 {
        lines.extend(server.stderr_lines());
        if lines.iter().any(|line| line.contains(last)) {
            return lines;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("no stderr line with {last:?}: {lines:?}");
}

#[test]
fn trusted_proxy_blocks_probably_not_meant_are_warned_of() {
    let card = local_card("warn");
    let mut args = vec!["serve", "--addr", "127.0.0.1:0", card.text()];
    for block in [
        "10.0.0.0/8",
        "10.0.0.1/8",
        "192.0.2.7/32",
        "2001:db8::1/32",
        "2001:db8::/32",
        "0.0.0.0/0",
    ] {
        args.extend(["--trusted-proxy", block]);
    }
    args.extend(["--public-host", "https://agents.example.com"]);
    let server = Server::start_logged(&args);
    let lines = stderr_until(&server, "0.0.0.0/0");
    let warnings: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("warning: --trusted-proxy"))
        .collect();
    assert_eq!(warnings.len(), 3, "{lines:?}");
    assert!(
        warnings[0]
            .starts_with("a2a-card: warning: --trusted-proxy: \"10.0.0.1/8\" has host bits set")
            && warnings[0].contains("10.0.0.0/8"),
        "{lines:?}"
    );
    assert!(
        warnings[1].contains("\"2001:db8::1/32\" has host bits set")
            && warnings[1].contains("2001:db8::/32"),
        "{lines:?}"
    );
    assert!(
        warnings[2].contains("\"0.0.0.0/0\" trusts every address"),
        "{lines:?}"
    );
    // Taken all the same: the server serves.
    assert_eq!(server.get(CARD_PATH).status, 200);
}

#[test]
fn proxy_headers_chooses_the_family_believed() {
    let card = local_card("family");
    let x_forwarded: &[(&str, &str)] = &[
        ("X-Forwarded-Proto", "https"),
        ("X-Forwarded-Host", "agents.example.com"),
    ];
    let forwarded: &[(&str, &str)] = &[("Forwarded", "proto=https;host=agents.example.com")];
    let rebased = "https://agents.example.com/a2a/v1";
    let written = "http://0.0.0.0:8000/a2a/v1";
    for (family, by_x, by_forwarded, vary) in [
        (
            None,
            rebased,
            written,
            "X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix",
        ),
        (
            Some("x-forwarded"),
            rebased,
            written,
            "X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix",
        ),
        (Some("forwarded"), written, rebased, "Forwarded"),
        (
            Some("both"),
            rebased,
            rebased,
            "Forwarded, X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix",
        ),
    ] {
        let mut args = vec![
            "serve",
            "--addr",
            "127.0.0.1:0",
            card.text(),
            "--trusted-proxy",
            "127.0.0.1",
            "--public-host",
            "https://agents.example.com",
        ];
        if let Some(family) = family {
            args.extend(["--proxy-headers", family]);
        }
        let server = Server::start(&args);
        let by = |headers| first_url(&server.request("GET", CARD_PATH, headers, b"").body);
        assert_eq!(by(x_forwarded), by_x, "{family:?}");
        assert_eq!(by(forwarded), by_forwarded, "{family:?}");
        // Vary names the believed headers, and only those of the forwarding ones.
        let said = server.get(CARD_PATH).header("vary").unwrap().to_owned();
        let forwarding: Vec<&str> = said
            .split(", ")
            .filter(|name| name.contains("Forwarded"))
            .collect();
        assert_eq!(forwarding.join(", "), vary, "{family:?}: {said}");
    }
}
