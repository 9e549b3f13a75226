//! `serve --tls-cert/--tls-key [--client-ca]`: the rustls server configuration, and the
//! per-connection service wrapper that hands a verified client certificate to the layers as
//! [`ClientCertificate`].

#[cfg(test)]
#[path = "../../tests/support/pki.rs"]
mod pki;

use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::task::{Context, Poll};

use a2a_card::security::ClientCertificate;
use clap::Args;
use http::Request;
use rustls::pki_types::pem::{self, PemObject};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::{RootCertStore, ServerConfig, ServerConnection};
use tokio_rustls::TlsAcceptor;

/// The TLS options of `serve`.
#[derive(Debug, Args)]
pub(crate) struct TlsArgs {
    /// Serve HTTPS with this certificate chain (PEM, leaf first); needs --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM: PKCS#8, PKCS#1 or SEC1).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Ask clients for a certificate and verify it against these CAs (PEM); a verified one
    /// satisfies the card's mtlsSecurityScheme. Clients without one still get the public card.
    // Client certificates are verified exactly when this is set: an `[mtls]` auth section
    // needs it.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub(crate) client_ca: Option<PathBuf>,
}

impl TlsArgs {
    /// The acceptor these options describe; `None` without `--tls-cert` (plain HTTP).
    pub(crate) fn acceptor(&self) -> Result<Option<TlsAcceptor>, String> {
        match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => acceptor(cert, key, self.client_ca.as_deref()).map(Some),
            _ => Ok(None),
        }
    }
}

/// Builds the TLS acceptor of `serve`: the certificate chain of `cert`, the private key of
/// `key` and, with `client_ca`, client certificates requested and verified against those
/// CAs. A client without a certificate still connects (its requests carry no
/// [`ClientCertificate`], so an mTLS requirement answers 401 while the public card stays
/// reachable); a client whose certificate does not verify fails the handshake. Errors name
/// the option, the file and what is wrong with it.
fn acceptor(cert: &Path, key: &Path, client_ca: Option<&Path>) -> Result<TlsAcceptor, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let chain = certificates("--tls-cert", cert)?;
    let key_der = private_key(key)?;
    let builder = ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?;
    let builder = match client_ca {
        None => builder.with_no_client_auth(),
        Some(path) => {
            let mut roots = RootCertStore::empty();
            for ca in certificates("--client-ca", path)? {
                roots.add(ca).map_err(|e| {
                    format!(
                        "--client-ca {}: not a usable CA certificate: {e}",
                        path.display()
                    )
                })?;
            }
            let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                .allow_unauthenticated()
                .build()
                .map_err(|e| format!("--client-ca {}: {e}", path.display()))?;
            builder.with_client_cert_verifier(verifier)
        }
    };
    let mut config = builder
        .with_single_cert(chain, key_der)
        .map_err(|e| match e {
            rustls::Error::InconsistentKeys(rustls::InconsistentKeys::KeyMismatch) => format!(
                "--tls-key {} is not the private key of the certificate in --tls-cert {}",
                key.display(),
                cert.display()
            ),
            other => format!(
                "--tls-cert {} with --tls-key {}: not a usable certificate and key: {other}",
                cert.display(),
                key.display()
            ),
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Every certificate of a PEM file; at least one.
fn certificates(option: &str, path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let shown = path.display();
    let bytes = crate::input::read_file(path, option)?;
    let chain = CertificateDer::pem_slice_iter(&bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{option} {shown}: not a PEM file: {e}"))?;
    if chain.is_empty() {
        return Err(format!(
            "{option} {shown}: no certificate found (expected PEM \"BEGIN CERTIFICATE\" blocks)"
        ));
    }
    Ok(chain)
}

/// The first private key of a PEM file: PKCS#8, PKCS#1 (RSA) or SEC1 (EC). The file's
/// content never appears in an error.
fn private_key(path: &Path) -> Result<PrivateKeyDer<'static>, String> {
    let shown = path.display();
    let bytes = crate::input::read_file(path, "--tls-key")?;
    PrivateKeyDer::from_pem_slice(&bytes).map_err(|e| match e {
        pem::Error::NoItemsFound => format!(
            "--tls-key {shown}: no private key found (expected a PKCS#8, PKCS#1 or SEC1 PEM key)"
        ),
        pem::Error::Base64Decode(_) => format!("--tls-key {shown}: a PEM block is not base64"),
        _ => format!("--tls-key {shown}: not a PEM file"),
    })
}

/// The client certificate rustls verified on this connection, if any. rustls only reports
/// peer certificates that passed the client verifier (with `--client-ca`); without it, no
/// certificate is requested and none is reported.
pub(crate) fn client_certificate(connection: &ServerConnection) -> Option<ClientCertificate> {
    let leaf = connection.peer_certificates()?.first()?;
    Some(ClientCertificate::from_der(leaf.to_vec()))
}

/// Puts the connection's verified [`ClientCertificate`] (when there is one) into every
/// request's extensions before the layers see it. Extensions cannot come from the wire, so a
/// client cannot forge it.
#[derive(Debug, Clone)]
pub(crate) struct WithClientCertificate<S> {
    inner: S,
    certificate: Option<ClientCertificate>,
}

impl<S> WithClientCertificate<S> {
    pub(crate) fn new(inner: S, certificate: Option<ClientCertificate>) -> Self {
        WithClientCertificate { inner, certificate }
    }
}

impl<S, B> tower::Service<Request<B>> for WithClientCertificate<S>
where
    S: tower::Service<Request<B>, Error = Infallible>,
{
    type Response = S::Response;
    type Error = Infallible;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        match &self.certificate {
            Some(certificate) => {
                request.extensions_mut().insert(certificate.clone());
            }
            None => {
                // Only the acceptor vouches for a certificate.
                request.extensions_mut().remove::<ClientCertificate>();
            }
        }
        self.inner.call(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::ServiceExt;

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
        let service = WithClientCertificate::new(tower::service_fn(whoami), certificate);
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
        let dir =
            std::env::temp_dir().join(format!("a2a-card-tls-unit-{}-{run}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let files = pki.write(&dir);
        let client_ca = client_ca.then_some(files.client_ca.as_path());
        let acceptor = acceptor(&files.cert, &files.key, client_ca).unwrap();
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
}
