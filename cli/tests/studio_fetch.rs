//! The edges of `a2a-card studio`'s fetcher, over real sockets: a redirect loop, an oversized
//! body, a server that never answers, HTTPS with a private CA (and without it), and an
//! unusable --ca-file. The everyday fetch cases are in `studio_api.rs`.

mod binary_server;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Command;

use binary_server::{studio, Server};
use serde_json::{json, Value};

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
