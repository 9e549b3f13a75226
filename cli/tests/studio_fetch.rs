//! The edges of `a2a-card studio`'s fetcher, over real sockets: a redirect loop, an oversized
//! body, a server that never answers, HTTPS with a private CA (and without it), and an
//! unusable --ca-file. The everyday fetch cases are in `studio_api.rs`.

mod binary_server;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Command;

use binary_server::{Server, studio};
use serde_json::{Value, json};

/// A one-thread server that answers every connection with `response`, `count` times.
fn canned_server(response: Vec<u8>, count: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(count) {
            let Ok(mut stream) = stream else { continue };
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let _ = stream.write_all(&response);
        }
    });
    addr
}

#[test]
fn fetch_stops_after_three_redirects_and_caps_the_body() {
    let studio = studio();
    let redirect =
        b"HTTP/1.1 302 Found\r\nlocation: /again\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
    let looping = canned_server(redirect.to_vec(), 4);
    let body = json!({"url": format!("http://{looping}/card.json")}).to_string();
    let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
    let attempt = &answer["attempts"][0];
    assert_eq!(
        attempt["redirects"].as_array().unwrap().len(),
        3,
        "{attempt}"
    );
    assert!(
        attempt["error"]
            .as_str()
            .unwrap()
            .starts_with("more than 3 redirects"),
        "{attempt}"
    );
    let mut huge =
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n".to_vec();
    huge.extend(std::iter::repeat_n(b' ', 2 * 1024 * 1024));
    let big = canned_server(huge, 1);
    let body = json!({"url": format!("http://{big}/card.json")}).to_string();
    let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
    let error = answer["attempts"][0]["error"].as_str().unwrap();
    assert!(error.contains("larger than 1048576 bytes"), "{error}");
    assert_eq!(answer["card"], Value::Null);
}

#[test]
fn fetch_gives_up_on_a_server_that_never_answers() {
    let studio = studio();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    // Accepts one connection and says nothing until the test has its answer, so the only
    // way the fetch can end is its own deadline (however slow the machine).
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let held = std::thread::spawn(move || {
        if let Ok((stream, _)) = listener.accept() {
            let _ = wait.recv();
            drop(stream);
        }
    });
    let body = json!({"url": format!("http://{addr}/agent-card.json")}).to_string();
    let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
    let error = answer["attempts"][0]["error"].as_str().unwrap();
    assert_eq!(error, format!("no answer from {addr} within 10 seconds"));
    done.send(()).unwrap();
    held.join().unwrap();
}

/// A one-thread HTTPS server with a certificate for `localhost` issued by a fresh CA:
/// its address and the CA certificate (PEM). Answers `count` connections with `body`.
fn https_server(body: &'static str, count: usize) -> (String, String) {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
    use rustls::pki_types::PrivateKeyDer;
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let ca_pem = ca_params.self_signed(&ca_key).unwrap().pem();
    let issuer = Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["localhost".to_owned()])
        .unwrap()
        .signed_by(&key, &issuer)
        .unwrap();
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![cert.der().clone()],
            PrivateKeyDer::Pkcs8(key.serialize_der().into()),
        )
        .unwrap();
    let config = std::sync::Arc::new(config);
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(count) {
            let Ok(stream) = stream else { continue };
            let connection = rustls::ServerConnection::new(config.clone()).unwrap();
            let mut tls = rustls::StreamOwned::new(connection, stream);
            let mut request = Vec::new();
            let mut buffer = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match tls.read(&mut buffer) {
                    Ok(0) | Err(_) => break, // a client that refused the certificate
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let _ = write!(
                tls,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{body}",
                body.len()
            );
            tls.conn.send_close_notify();
            let _ = tls.flush();
        }
    });
    (format!("localhost:{port}"), ca_pem)
}

#[test]
fn fetch_over_https_verifies_the_certificate() {
    let card = include_str!("../../examples/agent-card.json");
    let (addr, ca_pem) = https_server(card, 2);
    let url = json!({"url": format!("https://{addr}/.well-known/agent-card.json")}).to_string();
    // Without the CA the certificate is refused, and the error says why.
    let untrusting = studio();
    let answer = untrusting.post_json("/api/fetch", url.as_bytes()).json();
    let error = answer["attempts"][0]["error"].as_str().unwrap();
    assert!(
        error.starts_with("TLS handshake with") && error.contains("UnknownIssuer"),
        "{error}"
    );
    // With --ca-file the card is fetched and validated.
    let dir = std::env::temp_dir().join(format!("studio-ca-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca_pem).unwrap();
    let trusting = Server::start(&[
        "studio",
        "--addr",
        "127.0.0.1:0",
        "--ca-file",
        ca_file.to_str().unwrap(),
    ]);
    let answer = trusting.post_json("/api/fetch", url.as_bytes()).json();
    let _ = std::fs::remove_dir_all(&dir);
    let attempt = &answer["attempts"][0];
    assert_eq!(attempt["status"], 200, "{attempt}");
    assert_eq!(attempt["size"], card.len());
    assert_eq!(answer["card"]["valid"], true);
}

#[test]
fn an_unusable_ca_file_stops_the_studio_with_a_reason() {
    let output = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args([
            "studio",
            "--addr",
            "127.0.0.1:0",
            "--ca-file",
            "/nonexistent/ca.pem",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot use the CA certificates in /nonexistent/ca.pem"),
        "{stderr}"
    );
}

#[test]
fn fetch_follows_redirects_only_to_the_address_classes_of_the_url_typed() {
    let studio = studio();
    // On loopback, the URL typed allows loopback: a redirect to another port is followed.
    let card = include_str!("../../examples/agent-card.json");
    let mut ok = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n",
        card.len()
    )
    .into_bytes();
    ok.extend_from_slice(card.as_bytes());
    let target = canned_server(ok, 1);
    let moved = format!(
        "HTTP/1.1 302 Found\r\nlocation: http://{target}/card.json\r\ncontent-length: 0\r\n\
         connection: close\r\n\r\n"
    );
    let base = canned_server(moved.into_bytes(), 1);
    let body = json!({"url": format!("http://{base}/card.json")}).to_string();
    let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
    assert_eq!(answer["attempts"][0]["status"], 200, "{answer}");
    assert_eq!(answer["card"]["valid"], true, "{answer}");
    // But not to the cloud metadata address, the local network or unique-local IPv6: no
    // connection is made, and the error says why.
    for (internal, class) in [
        ("169.254.169.254", "link-local"),
        ("10.0.0.1", "private"),
        ("[fc00::1]", "unique-local"),
    ] {
        let moved = format!(
            "HTTP/1.1 302 Found\r\nlocation: http://{internal}/latest/meta-data/\r\n\
             content-length: 0\r\nconnection: close\r\n\r\n"
        );
        let base = canned_server(moved.into_bytes(), 1);
        let body = json!({"url": format!("http://{base}/card.json")}).to_string();
        let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
        let attempt = &answer["attempts"][0];
        let error = attempt["error"].as_str().unwrap_or_default();
        assert!(error.starts_with("refused to connect to"), "{attempt}");
        assert!(error.contains(class), "{attempt}");
        assert_eq!(
            attempt["redirects"].as_array().unwrap().len(),
            1,
            "{attempt}"
        );
    }
}

/// Serves `listener` by path (`(path, status, content type, body)`; anything else is a
/// 404), `count` connections, one request each.
fn routed_server(
    listener: TcpListener,
    routes: Vec<(&'static str, u16, &'static str, String)>,
    count: usize,
) {
    std::thread::spawn(move || {
        for stream in listener.incoming().take(count) {
            let Ok(mut stream) = stream else { continue };
            let mut request = [0u8; 4096];
            let n = stream.read(&mut request).unwrap_or(0);
            let line = String::from_utf8_lossy(&request[..n]);
            let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
            let (status, kind, body) = routes.iter().find(|(p, ..)| *p == path).map_or(
                (404, "text/plain", "not found".to_owned()),
                |(_, s, k, b)| (*s, *k, b.clone()),
            );
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body.as_bytes());
        }
    });
}

#[test]
fn a_hosts_catalog_is_shown_with_its_cards_and_listed_urls_keep_the_address_classes() {
    let studio = studio();
    // Bound first: the catalog names the host's own port.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let origin = listener.local_addr().unwrap().to_string();
    let entry = |id: &str, media_type: &str, url: String| json!({"identifier": id, "displayName": id, "mediaType": media_type, "url": url});
    let card_type = "application/a2a-agent-card+json";
    let catalog = json!({"specVersion": "1.0", "entries": [
        entry("urn:x:a", card_type, format!("http://{origin}/agents/a/card.json")),
        entry("urn:x:meta", card_type, "http://10.0.0.1/card.json".to_owned()),
        entry("urn:x:gone", card_type, format!("http://{origin}/agents/gone/card.json")),
        entry("urn:x:tools", "application/mcp-server+json", format!("http://{origin}/mcp")),
    ]});
    let card = include_str!("../../examples/agent-card.json").to_owned();
    let routes = vec![
        (
            "/.well-known/ai-catalog.json",
            200,
            "application/ai-catalog+json",
            catalog.to_string(),
        ),
        ("/agents/a/card.json", 200, "application/a2a+json", card),
    ];
    // Both card paths, the catalog, and two listed cards (never 10.0.0.1).
    routed_server(listener, routes, 5);
    let body = json!({"url": format!("http://{origin}")}).to_string();
    let answer = studio.post_json("/api/fetch", body.as_bytes()).json();
    assert_eq!(
        answer["card"],
        Value::Null,
        "no card at the base: {answer:#}"
    );
    let attempts = answer["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 3);
    assert_eq!(attempts[2]["status"], 200);
    let catalog = &answer["catalog"];
    assert_eq!(catalog["valid"], true, "{catalog:#}");
    let entries = catalog["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    assert_eq!(entries[0]["card"]["valid"], true, "{:#}", entries[0]);
    assert_eq!(entries[0]["fetched"]["status"], 200);
    // A catalog on loopback cannot send the studio to the local network.
    let refused = entries[1]["card"]["error"].as_str().unwrap();
    assert!(refused.starts_with("refused to connect to"), "{refused}");
    assert!(refused.contains("private"), "{refused}");
    assert_eq!(entries[2]["card"]["error"], "no card here: HTTP 404");
    assert_eq!(entries[3]["isCard"], false);
    assert_eq!(entries[3]["note"], "not an A2A card");
}
