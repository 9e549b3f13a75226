//! `a2a-card serve --tls-cert/--tls-key [--client-ca]`: a real process, real sockets, real
//! certificates made by rcgen in the test, and a rustls client.
//!
//! What the connection's verified client certificate does to requests (the
//! `ClientCertificate` extension) is tested in the library's unit tests (`src/tls/tests.rs`); end
//! to end it shows once the extended card with an mTLS scheme is served.

mod binary_server;
use a2a_card_test_support as support;
use a2a_card_test_support::pki;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use binary_server::Server;
use rustls::pki_types::ServerName;
use rustls::{ClientConfig, SupportedProtocolVersion};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
const CARD: &str = "/.well-known/agent-card.json";
const VERSIONS: [&SupportedProtocolVersion; 2] = [&rustls::version::TLS13, &rustls::version::TLS12];

/// A running `a2a-card serve` and the address it listens on.
struct Served {
    server: Server,
    addr: SocketAddr,
}

/// Starts `a2a-card serve ARGS` on a free port; checks that it says it listens on `scheme`.
fn serve(scheme: &str, args: &[String]) -> Served {
    let mut all = vec!["serve", "--addr", "127.0.0.1:0"];
    all.extend(args.iter().map(String::as_str));
    let server = Server::start(&all);
    assert!(
        server.url().starts_with(&format!("{scheme}://")),
        "{}",
        server.url()
    );
    let addr = server.addr.parse().unwrap();
    Served { server, addr }
}

/// `GET target` over TLS on a fresh connection; an error when the TLS exchange fails.
fn https_get(
    addr: SocketAddr,
    config: Arc<ClientConfig>,
    target: &str,
) -> std::io::Result<support::RawResponse> {
    let tcp = TcpStream::connect(addr)?;
    tcp.set_read_timeout(Some(Duration::from_secs(20)))?;
    let name = ServerName::IpAddress(addr.ip().into());
    let connection = rustls::ClientConnection::new(config, name).map_err(std::io::Error::other)?;
    let mut tls = rustls::StreamOwned::new(connection, tcp);
    let request = format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    tls.write_all(request.as_bytes())?;
    let mut raw = Vec::new();
    tls.read_to_end(&mut raw)?;
    assert_eq!(tls.conn.alpn_protocol(), Some(&b"http/1.1"[..]));
    Ok(support::RawResponse::parse(&raw, false))
}

/// `--tls-cert F --tls-key F` and, with `client_ca`, `--client-ca F`.
fn tls_args(files: &pki::PkiFiles, client_ca: bool) -> Vec<String> {
    let mut args = vec![
        "--tls-cert".to_owned(),
        shown(&files.cert),
        "--tls-key".to_owned(),
        shown(&files.key),
    ];
    if client_ca {
        args.extend(["--client-ca".to_owned(), shown(&files.client_ca)]);
    }
    args
}

fn shown(path: &Path) -> String {
    path.to_str().unwrap().to_owned()
}

fn temp_dir(name: &str) -> support::Scratch {
    support::Scratch::dir(&format!("cli-tls-{name}"))
}

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");

#[test]
fn https_serves_the_card_with_the_etag_plain_http_gives() {
    let pki = pki::Pki::new();
    let dir = temp_dir("https");
    let files = pki.write(&dir);
    let mut args = vec![EXAMPLE.to_owned()];
    args.extend(tls_args(&files, false));
    let tls = serve("https", &args);
    let plain = serve("http", &[EXAMPLE.to_owned()]);
    let expected = support::request(plain.addr, "GET", CARD, &[], b"");
    for version in VERSIONS {
        let response = https_get(tls.addr, pki.client_config(None, &[version]), CARD).unwrap();
        assert_eq!(response.status, 200);
        assert!(response.etag_matches_body());
        assert_eq!(response.body, expected.body);
        assert_eq!(response.header("etag"), expected.header("etag"));
        assert_eq!(
            response.header("last-modified"),
            expected.header("last-modified")
        );
    }
}

#[test]
fn with_client_ca_the_public_card_needs_no_client_certificate() {
    let pki = pki::Pki::new();
    let dir = temp_dir("client-ca");
    let files = pki.write(&dir);
    let served = serve("https", &tls_args(&files, true));
    for version in VERSIONS {
        for client in [Some(&pki.client), None] {
            let config = pki.client_config(client, &[version]);
            let response = https_get(served.addr, config, CARD).unwrap();
            assert_eq!(response.status, 200);
            assert_eq!(response.json()["name"], "Route Planner");
        }
    }
}

/// A certificate the client CA did not sign is not treated as "no certificate": the server
/// refuses the handshake (TLS alert `unknown_ca`), so no request is read on that connection.
/// In TLS 1.3 the client learns it on its first read, after it has sent its request.
#[test]
fn a_client_certificate_from_another_ca_fails_the_handshake() {
    let pki = pki::Pki::new();
    let dir = temp_dir("stranger");
    let files = pki.write(&dir);
    let served = serve("https", &tls_args(&files, true));
    for version in VERSIONS {
        let config = pki.client_config(Some(&pki.stranger), &[version]);
        let error = https_get(served.addr, config, CARD).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("UnknownCA"), "{version:?}: {message}");
    }
    // The server goes on serving.
    let config = pki.client_config(Some(&pki.client), &VERSIONS);
    assert_eq!(https_get(served.addr, config, CARD).unwrap().status, 200);
}

#[test]
fn plain_http_and_stalled_handshakes_do_not_stop_the_server() {
    let pki = pki::Pki::new();
    let dir = temp_dir("stalled");
    let files = pki.write(&dir);
    let served = serve("https", &tls_args(&files, false));
    // A client that connects and says nothing holds no one else up.
    let _silent = TcpStream::connect(served.addr).unwrap();
    // Plain HTTP on the TLS port: the handshake fails and the connection closes unanswered.
    let mut plain = TcpStream::connect(served.addr).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    plain
        .write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    let _ = plain.read_to_end(&mut answer);
    assert!(!answer.starts_with(b"HTTP/"), "{answer:?}");
    let config = pki.client_config(None, &VERSIONS);
    assert_eq!(https_get(served.addr, config, CARD).unwrap().status, 200);
}

fn run_to_end(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn unusable_tls_files_exit_2_naming_the_file_and_the_problem() {
    let pki = pki::Pki::new();
    let dir = temp_dir("bad-files");
    let files = pki.write(&dir);
    let write = |name: &str, content: &str| {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        shown(&path)
    };
    let garbage = write("garbage.pem", "not a key\n");
    let broken = write(
        "broken.pem",
        "-----BEGIN PRIVATE KEY-----\n%%%%\n-----END PRIVATE KEY-----\n",
    );
    let other_key = write("other.key", &pki.client.key_pem());
    let not_der = write(
        "not-der.pem",
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
    );
    let missing = shown(&dir.join("missing.pem"));
    let (cert, key) = (&shown(&files.cert), &shown(&files.key));
    let (c, k, ca) = ("--tls-cert", "--tls-key", "--client-ca");
    let cases: [(&[&str], &str, &str); 8] = [
        (&[c, cert, k, &garbage], &garbage, "no private key found"),
        (&[c, cert, k, cert], cert, "no private key found"),
        (&[c, cert, k, &broken], &broken, "not base64"),
        (&[c, cert, k, &missing], &missing, "cannot read"),
        (&[c, &garbage, k, key], &garbage, "no certificate found"),
        (&[c, &not_der, k, key], &not_der, "not a usable certificate"),
        (
            &[c, cert, k, &other_key],
            &other_key,
            "is not the private key of the certificate",
        ),
        (
            &[c, cert, k, key, ca, &garbage],
            &garbage,
            "no certificate found",
        ),
    ];
    for (args, file, problem) in cases {
        let (code, stdout, stderr) = run_to_end(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.contains(file), "{stderr}");
        assert!(stderr.contains(problem), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("%%%%"),
            "the key file's content leaked: {stderr}"
        );
    }
}

#[test]
fn tls_options_that_need_each_other_are_usage_errors() {
    for args in [
        &["--client-ca", "x.pem"][..],
        &["--tls-cert", "x.pem"],
        &["--tls-key", "x.pem"],
        &["--tls-key", "x.pem", "--client-ca", "x.pem"],
    ] {
        let (code, _, stderr) = run_to_end(args);
        assert_eq!(code, 64, "{args:?}: {stderr}");
    }
}

#[test]
fn sigterm_stops_the_tls_server_cleanly() {
    let pki = pki::Pki::new();
    let dir = temp_dir("sigterm");
    let files = pki.write(&dir);
    let mut served = serve("https", &tls_args(&files, true));
    let config = pki.client_config(Some(&pki.client), &VERSIONS);
    assert_eq!(https_get(served.addr, config, CARD).unwrap().status, 200);
    assert_eq!(served.server.terminate(), Some(0));
}

#[test]
fn a_sec1_key_serves_as_well_as_a_pkcs8_one() {
    let pki = pki::Pki::new();
    let dir = temp_dir("sec1");
    let files = pki.write(&dir);
    let sec1 = p256::SecretKey::from_pem(&pki.server.key_pem())
        .unwrap()
        .to_sec1_pem(Default::default())
        .unwrap();
    assert!(sec1.starts_with("-----BEGIN EC PRIVATE KEY-----"));
    std::fs::write(&files.key, sec1.as_bytes()).unwrap();
    let served = serve("https", &tls_args(&files, false));
    let config = pki.client_config(None, &VERSIONS);
    assert_eq!(https_get(served.addr, config, CARD).unwrap().status, 200);
}
