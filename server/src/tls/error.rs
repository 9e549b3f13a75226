//! Why a TLS server configuration could not be built.

/// A certificate, key or client-CA file that cannot make a TLS server configuration. Each
/// message names the input as [`PemInput::named`](super::PemInput::named) gave it; none
/// quotes a file's content (a private key).
///
/// ```
/// use a2a_card_server::tls::{server_config, PemInput, TlsError};
/// let chain = PemInput::new("--tls-cert cert.pem", "not a certificate\n");
/// let key = PemInput::new("--tls-key key.pem", "");
/// let err = server_config(&chain, &key, None).unwrap_err();
/// assert!(matches!(err, TlsError::NoCertificate { .. }));
/// assert_eq!(err.to_string(), "--tls-cert cert.pem: no certificate found (expected PEM \"BEGIN CERTIFICATE\" blocks)");
/// ```
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum TlsError {
    /// The file could not be read, or is larger than the cap.
    #[error("cannot read {name}: {reason}")]
    Read {
        /// The input, as messages name it.
        name: String,
        /// Why, in words.
        reason: String,
    },
    /// A certificate file is not PEM.
    #[error("{name}: not a PEM file: {source}")]
    NotPem {
        /// The input, as messages name it.
        name: String,
        /// The PEM parser's error.
        source: rustls::pki_types::pem::Error,
    },
    /// A certificate file holds no certificate.
    #[error("{name}: no certificate found (expected PEM \"BEGIN CERTIFICATE\" blocks)")]
    NoCertificate {
        /// The input, as messages name it.
        name: String,
    },
    /// The key file holds no private key.
    #[error("{name}: no private key found (expected a PKCS#8, PKCS#1 or SEC1 PEM key)")]
    NoPrivateKey {
        /// The input, as messages name it.
        name: String,
    },
    /// A PEM block of the key file is not base64.
    #[error("{name}: a PEM block is not base64")]
    KeyNotBase64 {
        /// The input, as messages name it.
        name: String,
    },
    /// The key file is not PEM.
    #[error("{name}: not a PEM file")]
    KeyNotPem {
        /// The input, as messages name it.
        name: String,
    },
    /// A certificate of the client-CA file cannot be a trust anchor.
    #[error("{name}: not a usable CA certificate: {source}")]
    UnusableCa {
        /// The input, as messages name it.
        name: String,
        /// rustls's error.
        source: rustls::Error,
    },
    /// The client-certificate verifier cannot be built from the client CAs.
    #[error("{name}: {source}")]
    ClientVerifier {
        /// The input, as messages name it.
        name: String,
        /// rustls's error.
        source: rustls::server::VerifierBuilderError,
    },
    /// The private key is not the key of the chain's leaf certificate.
    #[error("{key} is not the private key of the certificate in {chain}")]
    KeyMismatch {
        /// The chain input, as messages name it.
        chain: String,
        /// The key input, as messages name it.
        key: String,
    },
    /// The chain and key cannot make a server certificate.
    #[error("{chain} with {key}: not a usable certificate and key: {source}")]
    UnusableCertificate {
        /// The chain input, as messages name it.
        chain: String,
        /// The key input, as messages name it.
        key: String,
        /// rustls's error.
        source: rustls::Error,
    },
    /// rustls refused the protocol versions.
    #[error("TLS: {0}")]
    Protocol(rustls::Error),
}

a2a_card::debug_as_display!(TlsError);
