use a2a_card_test_support::pki;

use std::convert::Infallible;

use http::Request;
use tower::ServiceExt;

use super::*;

/// Answers with the subject of the request's client certificate ("-" when there is none).
async fn whoami(request: Request<()>) -> Result<String, Infallible> {
    let certificate = request.extensions().get::<ClientCertificate>();
    Ok(certificate.map_or_else(
        || "-".to_owned(),
        |c| format!("{} {}", c.subject().unwrap_or("?"), c.der().len()),
    ))
}

/// What `whoami` answers to each of `requests`, all on one connection's wrapper.
fn answers(certificate: Option<ClientCertificate>, requests: Vec<Request<()>>) -> Vec<String> {
    let service = crate::WithConnectionInfo::new(tower::service_fn(whoami), certificate);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    requests
        .into_iter()
        .map(|request| runtime.block_on(service.clone().oneshot(request)).unwrap())
        .collect()
}

fn call(certificate: Option<ClientCertificate>, request: Request<()>) -> String {
    answers(certificate, vec![request]).remove(0)
}

#[test]
fn every_request_of_a_verified_connection_carries_the_certificate() {
    let certificate = ClientCertificate::new(vec![0x30, 0x03, 1, 2, 3], Some("CN=a".into()));
    let requests = (0..3).map(|_| Request::new(())).collect();
    assert_eq!(answers(Some(certificate), requests), ["CN=a 5"; 3]);
}

#[test]
fn a_connection_without_a_certificate_carries_none() {
    assert_eq!(call(None, Request::new(())), "-");
    // Nothing upstream of the acceptor can vouch for a certificate either.
    let mut request = Request::new(());
    request
        .extensions_mut()
        .insert(ClientCertificate::new(vec![1], Some("CN=forged".into())));
    assert_eq!(call(None, request), "-");
}

#[test]
fn the_acceptors_certificate_replaces_any_other() {
    let mut request = Request::new(());
    request
        .extensions_mut()
        .insert(ClientCertificate::new(vec![1], Some("CN=forged".into())));
    let verified = ClientCertificate::new(vec![1, 2], Some("CN=real".into()));
    assert_eq!(call(Some(verified), request), "CN=real 2");
}

/// The certificate a test client presents.
#[derive(Clone, Copy)]
enum Presents {
    Nothing,
    /// One signed by the CA of `--client-ca`.
    Trusted,
    /// One signed by another CA.
    Stranger,
}

/// A handshake over an in-memory pipe against the acceptor `serve` builds from the
/// test PKI's files: `None` when it fails, else the certificate the requests would carry.
fn handshake(
    client_ca: bool,
    presents: Presents,
    version: &'static rustls::SupportedProtocolVersion,
) -> Option<Option<ClientCertificate>> {
    let pki = pki::Pki::new();
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("a2a-card-tls-unit-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = pki.write(&dir);
    let client_ca = client_ca.then_some(files.client_ca.as_path());
    let read = |path: &Path| PemInput::from_file(path, 1 << 20).unwrap();
    let client_ca = client_ca.map(read);
    let acceptor = acceptor(&read(&files.cert), &read(&files.key), client_ca.as_ref()).unwrap();
    let client = match presents {
        Presents::Nothing => None,
        Presents::Trusted => Some(&pki.client),
        Presents::Stranger => Some(&pki.stranger),
    };
    let config = pki.client_config(client, &[version]);
    let connector = tokio_rustls::TlsConnector::from(config);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let certificate = runtime.block_on(async {
        let (client_io, server_io) = tokio::io::duplex(64 * 1024);
        let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
        let (_client, server) = tokio::join!(
            connector.connect(name, client_io),
            acceptor.accept(server_io)
        );
        server.ok().map(|tls| client_certificate(tls.get_ref().1))
    });
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(Some(verified)) = &certificate {
        assert_eq!(
            verified.der(),
            pki.client.der.as_ref(),
            "only the trusted client's"
        );
    }
    certificate
}

const VERSIONS: [&rustls::SupportedProtocolVersion; 2] =
    [&rustls::version::TLS13, &rustls::version::TLS12];

#[test]
fn a_client_certificate_from_the_client_ca_is_verified_and_carried() {
    for version in VERSIONS {
        let certificate = handshake(true, Presents::Trusted, version)
            .expect("handshake")
            .expect("a verified certificate");
        assert_eq!(certificate.subject(), Some("CN=agent-client"));
    }
}

#[test]
fn without_a_client_certificate_the_handshake_succeeds_and_carries_none() {
    for version in VERSIONS {
        assert_eq!(handshake(true, Presents::Nothing, version), Some(None));
        assert_eq!(handshake(false, Presents::Nothing, version), Some(None));
    }
}

#[test]
fn a_client_certificate_from_another_ca_fails_the_handshake() {
    for version in VERSIONS {
        assert_eq!(handshake(true, Presents::Stranger, version), None);
    }
}

#[test]
fn without_client_ca_no_certificate_is_asked_for_or_carried() {
    for version in VERSIONS {
        for presents in [Presents::Trusted, Presents::Stranger] {
            assert_eq!(handshake(false, presents, version), Some(None));
        }
    }
}

/// h2 first, so a client offering both (every browser) gets HTTP/2; http/1.1 for the rest.
/// (What clients offering each get from `a2a-card serve` is `cli/tests/cli_h2.rs`.)
#[test]
fn alpn_offers_h2_then_http11() {
    let pki = pki::Pki::new();
    let chain = PemInput::new("chain", format!("{}{}", pki.server.pem, pki.ca.pem));
    let key = PemInput::new("key", pki.server.key_pem());
    let config = server_config(&chain, &key, None).unwrap();
    assert_eq!(config.alpn_protocols, [&b"h2"[..], &b"http/1.1"[..]]);
}
