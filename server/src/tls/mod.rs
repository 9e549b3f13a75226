//! Terminating TLS yourself (feature `tls`): a rustls [`ServerConfig`] from PEM
//! certificate, key and client-CA inputs, and [`client_certificate`], the verified client
//! certificate of a handshake, which [`WithConnectionInfo`](crate::WithConnectionInfo) hands
//! to the card's mtls scheme ([`MutualTls`](a2a_card::security::MutualTls)) as a
//! [`ClientCertificate`]. This is what `a2a-card serve --tls-cert --tls-key --client-ca` runs.
//!
//! With client CAs, client certificates are requested and verified against them; a client
//! without one still connects (its requests carry no [`ClientCertificate`], so an mTLS
//! requirement answers 401 while the public card stays reachable); a client whose
//! certificate does not verify fails the handshake. ALPN offers `h2`, then `http/1.1`. rustls runs on
//! ring (no aws-lc-rs, no cmake).
//!
//! ```no_run
//! use a2a_card_server::tls::{acceptor, client_certificate, PemInput};
//! use a2a_card_server::WithConnectionInfo;
//!
//! # async fn run(app: impl Clone) -> Result<(), Box<dyn std::error::Error>> {
//! let cap = 1024 * 1024;
//! let tls = acceptor(
//!     &PemInput::from_file("cert.pem".as_ref(), cap)?,
//!     &PemInput::from_file("key.pem".as_ref(), cap)?,
//!     Some(&PemInput::from_file("client-ca.pem".as_ref(), cap)?),
//! )?;
//! let listener = tokio::net::TcpListener::bind("0.0.0.0:8443").await?;
//! loop {
//!     let (stream, _) = listener.accept().await?;
//!     let stream = tls.accept(stream).await?;
//!     let service = WithConnectionInfo::new(app.clone(), client_certificate(stream.get_ref().1));
//!     // ... serve the connection with hyper (hyper_util::service::TowerToHyperService).
//! #   drop(service);
//! }
//! # }
//! ```

mod error;

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::{self, PemObject};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::{RootCertStore, ServerConfig, ServerConnection};
use tokio_rustls::TlsAcceptor;

pub use error::TlsError;

use a2a_card::security::ClientCertificate;

/// A PEM input (a certificate chain, a private key, CA certificates) and how messages name
/// it. `Debug` never shows the bytes, which may be a private key.
///
/// ```
/// use a2a_card_server::tls::PemInput;
/// let key = PemInput::new("--tls-key key.pem", "-----BEGIN PRIVATE KEY-----\n...");
/// assert_eq!(key.name(), "--tls-key key.pem");
/// assert!(!format!("{key:?}").contains("PRIVATE"));
/// ```
#[derive(Clone)]
pub struct PemInput {
    name: String,
    bytes: Vec<u8>,
}

impl PemInput {
    /// PEM bytes that messages call `name`.
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        PemInput {
            name: name.into(),
            bytes: bytes.into(),
        }
    }

    /// A PEM file of at most `max_bytes` bytes (a device or a runaway file is refused at the
    /// cap), named by its path.
    pub fn from_file(path: &Path, max_bytes: u64) -> Result<Self, TlsError> {
        let name = path.display().to_string();
        match read_at_most(path, max_bytes) {
            Ok(bytes) => Ok(PemInput { name, bytes }),
            Err(reason) => Err(TlsError::Read { name, reason }),
        }
    }

    /// The same input, named `name` in messages (as the option that gave it and its path).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// How messages name the input.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Debug for PemInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PemInput")
            .field("name", &self.name)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// The TLS server configuration of `chain` (leaf first) and its private `key` (PKCS#8,
/// PKCS#1 or SEC1) and, with `client_ca`, client certificates requested and verified
/// against those CAs (optional for the client). ALPN offers `h2`, then `http/1.1`: the
/// [`Server`](crate::Server) loop (or any hyper auto builder) speaks whichever the client
/// picked; a client without ALPN gets HTTP/1.1 unless it opens with the HTTP/2 preface.
pub fn server_config(
    chain: &PemInput,
    key: &PemInput,
    client_ca: Option<&PemInput>,
) -> Result<ServerConfig, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let certificates_of_chain = certificates(chain)?;
    let key_der = private_key(key)?;
    let builder = ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Protocol)?;
    let builder = match client_ca {
        None => builder.with_no_client_auth(),
        Some(cas) => {
            let mut roots = RootCertStore::empty();
            for ca in certificates(cas)? {
                roots.add(ca).map_err(|source| TlsError::UnusableCa {
                    name: cas.name.clone(),
                    source,
                })?;
            }
            let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
                .allow_unauthenticated()
                .build()
                .map_err(|source| TlsError::ClientVerifier {
                    name: cas.name.clone(),
                    source,
                })?;
            builder.with_client_cert_verifier(verifier)
        }
    };
    let mut config = builder
        .with_single_cert(certificates_of_chain, key_der)
        .map_err(|e| match e {
            rustls::Error::InconsistentKeys(rustls::InconsistentKeys::KeyMismatch) => {
                TlsError::KeyMismatch {
                    chain: chain.name.clone(),
                    key: key.name.clone(),
                }
            }
            source => TlsError::UnusableCertificate {
                chain: chain.name.clone(),
                key: key.name.clone(),
                source,
            },
        })?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(config)
}

/// [`server_config`] as a tokio-rustls acceptor.
pub fn acceptor(
    chain: &PemInput,
    key: &PemInput,
    client_ca: Option<&PemInput>,
) -> Result<TlsAcceptor, TlsError> {
    server_config(chain, key, client_ca).map(|config| TlsAcceptor::from(Arc::new(config)))
}

/// The client certificate rustls verified on this connection, if any, for
/// [`WithConnectionInfo`](crate::WithConnectionInfo). rustls only reports peer certificates that passed the client
/// verifier (client CAs given); without one, none is requested and none is reported.
pub fn client_certificate(connection: &ServerConnection) -> Option<ClientCertificate> {
    let leaf = connection.peer_certificates()?.first()?;
    Some(ClientCertificate::from_der(leaf.to_vec()))
}

/// Every certificate of a PEM input; at least one.
fn certificates(input: &PemInput) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let chain = CertificateDer::pem_slice_iter(&input.bytes)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| TlsError::NotPem {
            name: input.name.clone(),
            source,
        })?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate {
            name: input.name.clone(),
        });
    }
    Ok(chain)
}

/// The first private key of a PEM input. Its content never appears in an error.
fn private_key(input: &PemInput) -> Result<PrivateKeyDer<'static>, TlsError> {
    let name = input.name.clone();
    PrivateKeyDer::from_pem_slice(&input.bytes).map_err(|e| match e {
        pem::Error::NoItemsFound => TlsError::NoPrivateKey { name },
        pem::Error::Base64Decode(_) => TlsError::KeyNotBase64 { name },
        _ => TlsError::KeyNotPem { name },
    })
}

#[cfg(test)]
mod tests;

/// The file's bytes, or why not in words: it cannot be read, is not a regular file (a named
/// pipe is refused without waiting for a writer), or is larger than `cap` bytes (a runaway
/// file must not fill the memory).
fn read_at_most(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    a2a_card::bounded_file::read(path, cap).map_err(|error| error.reason("a PEM file"))
}
