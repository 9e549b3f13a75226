//! `ClientBuilder::root_certificates_file`: a CA file read when the client is built makes
//! the servers that CA signed trusted, and only those; a file that is missing, empty or
//! holds no certificate fails the build, naming the file.
#![cfg(feature = "client")]

use a2a_card_test_support::pki;
use a2a_card_test_support::scratch;

use std::sync::Arc;

use a2a_card::client::{Client, ClientError, Outgoing, parse_http_url};
use http::Method;
use scratch::Scratch;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// An https server on 127.0.0.1 with `leaf` (a certificate for 127.0.0.1 and localhost)
/// that answers every request `200 ok`; its URL.
async fn https_server(leaf: &pki::Leaf) -> String {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![leaf.der.clone()], leaf.key_der())
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("https://{}/", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(stream).await else {
                    return;
                };
                let mut request = [0u8; 4096];
                let _ = tls.read(&mut request).await;
                let _ = tls
                    .write_all(
                        b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok",
                    )
                    .await;
                let _ = tls.shutdown().await;
            });
        }
    });
    url
}

async fn get(client: &Client, url: &str) -> Result<Vec<u8>, ClientError> {
    let url = parse_http_url(url).unwrap();
    let response = client
        .send(&url, &Outgoing::new(Method::GET))
        .await
        .result?;
    Ok(response.body().to_vec())
}

#[tokio::test]
async fn a_ca_file_makes_the_servers_it_signed_trusted_and_no_others() {
    let pki = pki::Pki::new();
    let url = https_server(&pki.server).await;
    let ca_file = Scratch::file_with("client-roots-ca.pem", &pki.ca.pem);
    let other_ca_file = Scratch::file_with("client-roots-other.pem", &pki.other_ca.pem);

    let trusting = Client::builder()
        .root_certificates_file(&*ca_file)
        .build()
        .unwrap();
    assert_eq!(get(&trusting, &url).await.unwrap(), b"ok");

    // Near misses: no CA file (the server's CA is in no public store), and a CA file of
    // another authority.
    let default = Client::builder().build().unwrap();
    let error = get(&default, &url).await.unwrap_err();
    assert!(matches!(error, ClientError::Tls { .. }), "{error}");
    let other = Client::builder()
        .root_certificates_file(&*other_ca_file)
        .build()
        .unwrap();
    let error = get(&other, &url).await.unwrap_err();
    assert!(matches!(error, ClientError::Tls { .. }), "{error}");

    // Several files add up: the other CA's does not hide this one's.
    let both = Client::builder()
        .root_certificates_file(&*other_ca_file)
        .root_certificates_file(&*ca_file)
        .build()
        .unwrap();
    assert_eq!(get(&both, &url).await.unwrap(), b"ok");
}

#[test]
fn a_ca_file_without_a_usable_certificate_fails_the_build_and_names_the_file() {
    let pki = pki::Pki::new();
    let missing = Scratch::file("client-roots-missing.pem");
    let empty = Scratch::file_with("client-roots-empty.pem", "");
    let key_only = Scratch::file_with("client-roots-key.pem", pki.server.key_pem());
    let mangled = Scratch::file_with(
        "client-roots-mangled.pem",
        "-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n",
    );
    for file in [&missing, &empty, &key_only, &mangled] {
        let error = Client::builder()
            .root_certificates_file(&**file)
            .build()
            .unwrap_err();
        match &error {
            ClientError::RootCertificates { place, .. } => assert_eq!(place, file.text()),
            other => panic!("{}: {other}", file.text()),
        }
        assert!(error.to_string().contains(file.text()), "{error}");
    }
    // The same bytes as a good file build.
    let good = Scratch::file_with("client-roots-good.pem", &pki.ca.pem);
    assert!(
        Client::builder()
            .root_certificates_file(&*good)
            .build()
            .is_ok()
    );
}
