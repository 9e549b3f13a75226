//! Why a [`JwtVerifier`](super::JwtVerifier) could not be set up or could not load its keys.

use crate::sign::KeyError;

/// A JWT verifier that cannot be built, or a key set that cannot be loaded. Messages name
/// the file, URL or setting to fix; they never contain a token or key material.
///
/// ```
/// use a2a_card::security::jwt::{JwksSource, JwtError};
/// let err = JwksSource::jwks_json(br#"{"keys": []}"#).unwrap_err();
/// assert!(matches!(err, JwtError::NoUsableKey { .. }));
/// assert!(err.to_string().contains("no key"));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JwtError {
    /// The issuer (`iss`) to accept is empty.
    #[error("the token issuer to accept is empty; configure the issuer's exact `iss` value")]
    NoIssuer,
    /// The audience (`aud`) to accept is empty.
    #[error(
        "the token audience to accept is empty; configure the value tokens for this agent carry in `aud`"
    )]
    NoAudience,
    /// No algorithm is allowed.
    #[error("no signature algorithm is allowed; allow at least one of ES256, EdDSA, RS256, PS256")]
    NoAlgorithms,
    /// A key set holds no key a token could be checked with.
    #[error(
        "the key set has no key usable for token signatures{}",
        skipped_suffix(skipped)
    )]
    NoUsableKey {
        /// Why each key of the set was left out.
        skipped: Vec<String>,
    },
    /// A key or key set is malformed.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// A JWKS file cannot be read.
    #[error("cannot read the JWKS file {path}: {reason}")]
    File {
        /// The file.
        path: String,
        /// What the operating system said.
        reason: String,
    },
    /// A URL cannot be used (malformed, not HTTPS, credentials in it).
    #[error("cannot use {url:?} to fetch keys: {reason}")]
    Url {
        /// The URL.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The card gives no way to discover the keys of a scheme.
    #[error("cannot discover token keys from the card's scheme {scheme:?}: {reason}")]
    NotDiscoverable {
        /// The scheme's name in the card.
        scheme: String,
        /// Why.
        reason: String,
    },
    /// Extra root certificates cannot be read.
    #[error("cannot read the root certificates: {0}")]
    RootCertificates(String),
    /// A fetch failed: connection, TLS, timeout, status, size, or a body that is not JSON.
    #[error("cannot fetch {url}: {reason}")]
    Fetch {
        /// The URL fetched.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// A discovery or metadata document is not usable.
    #[error("the metadata document at {url} {reason}")]
    Discovery {
        /// The document's URL.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A discovery or metadata document names another issuer than the configured one
    /// (OpenID Connect Discovery §4.3, RFC 8414 §3.3: they must be identical).
    #[error(
        "the metadata document at {url} is for issuer {found:?}, but tokens must come from {expected:?}; fix the configured issuer or the metadata URL"
    )]
    IssuerMismatch {
        /// The document's URL.
        url: String,
        /// The configured issuer.
        expected: String,
        /// The document's `issuer`.
        found: String,
    },
}

fn skipped_suffix(skipped: &[String]) -> String {
    if skipped.is_empty() {
        " (it has no key)".to_owned()
    } else {
        format!(" (left out: {})", skipped.join("; "))
    }
}

debug_as_display!(JwtError);
