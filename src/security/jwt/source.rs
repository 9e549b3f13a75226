//! Where a [`JwtVerifier`](super::JwtVerifier) gets its keys: given in code, read from a
//! JWKS file, or (feature `jwks-fetch`) fetched from a URL found directly or through the
//! card's OpenID Connect or OAuth 2.0 metadata URL.

use std::path::Path;
use std::sync::Arc;
#[cfg(feature = "jwks-fetch")]
use std::time::Duration;

use crate::sign::{Jwks, TrustedKey};
#[cfg(feature = "jwks-fetch")]
use crate::{AgentCard, SchemeKind};

use super::error::JwtError;
use super::keys::KeySet;
#[cfg(feature = "jwks-fetch")]
use super::remote::Locator;

/// The largest key set file [`JwksSource::jwks_file`] reads: 1 MiB.
///
/// ```
/// assert_eq!(a2a_card::security::jwt::MAX_JWKS_FILE_BYTES, 1024 * 1024);
/// ```
pub const MAX_JWKS_FILE_BYTES: u64 = 1024 * 1024;

/// The keys tokens are checked with.
///
/// Keys in code and JWKS files are read when the source is made and never change. Fetched
/// key sets (feature `jwks-fetch`) are fetched on the first token (or by
/// [`JwtVerifier::refresh_keys`](super::JwtVerifier::refresh_keys)), kept, fetched again
/// when older than [`max_age`](JwksSource::max_age) or when a token names a `kid` they lack,
/// but never twice within [`min_refetch_interval`](JwksSource::min_refetch_interval): a
/// flood of tokens with made-up kids costs the identity provider one request per interval.
/// When a fetch fails the keys already loaded stay in use.
///
/// ```
/// use a2a_card::security::jwt::JwksSource;
/// use a2a_card::sign::{Algorithm, SigningKey};
///
/// let key = SigningKey::generate(Algorithm::Es256)?;
/// let source = JwksSource::keys([key.trusted_key("2026-01")])?;
/// # let _ = source;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct JwksSource {
    pub(crate) kind: SourceKind,
    #[cfg(feature = "jwks-fetch")]
    pub(crate) fetch: FetchOptions,
}

#[derive(Debug, Clone)]
pub(crate) enum SourceKind {
    Static(Arc<KeySet>),
    #[cfg(feature = "jwks-fetch")]
    Remote(Locator),
}

/// How fetched key sets are fetched and cached.
#[cfg(feature = "jwks-fetch")]
#[derive(Debug, Clone)]
pub(crate) struct FetchOptions {
    pub(crate) min_refetch_interval: Duration,
    pub(crate) max_age: Duration,
    pub(crate) max_stale: Duration,
    pub(crate) timeout: Duration,
    pub(crate) max_body_bytes: usize,
    pub(crate) allow_loopback_http: bool,
    pub(crate) extra_roots_pem: Vec<Vec<u8>>,
}

#[cfg(feature = "jwks-fetch")]
impl Default for FetchOptions {
    fn default() -> Self {
        FetchOptions {
            min_refetch_interval: Duration::from_secs(30),
            max_age: Duration::from_secs(3600),
            max_stale: Duration::from_secs(24 * 3600),
            timeout: Duration::from_secs(10),
            max_body_bytes: 256 * 1024,
            allow_loopback_http: false,
            extra_roots_pem: Vec::new(),
        }
    }
}

impl JwksSource {
    fn fixed(set: KeySet) -> Result<Self, JwtError> {
        Ok(JwksSource {
            kind: SourceKind::Static(Arc::new(set.usable()?)),
            #[cfg(feature = "jwks-fetch")]
            fetch: FetchOptions::default(),
        })
    }

    /// Keys given in code, each trusted for its own `kid` and algorithm.
    ///
    /// ```
    /// use a2a_card::security::jwt::JwksSource;
    /// assert!(JwksSource::keys([]).is_err());
    /// ```
    pub fn keys(keys: impl IntoIterator<Item = TrustedKey>) -> Result<Self, JwtError> {
        Self::fixed(KeySet::from_trusted(keys))
    }

    /// The signing keys of a JWKS. Keys for encryption (`"use": "enc"`) or of types this
    /// crate does not verify (ES384, ...) are left out; at least one must be usable. An RSA
    /// key without `alg` is taken as RS256.
    ///
    /// ```
    /// use a2a_card::security::jwt::JwksSource;
    /// use a2a_card::sign::{Algorithm, Jwks, SigningKey};
    /// let key = SigningKey::generate(Algorithm::EdDsa)?;
    /// let source = JwksSource::jwks(&Jwks { keys: vec![key.public_jwk("k1")] })?;
    /// # let _ = source;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jwks(jwks: &Jwks) -> Result<Self, JwtError> {
        let set = KeySet::from_jwks(jwks);
        for reason in &set.skipped {
            tracing::warn!(target: "a2a_card", reason = %reason, "a key of the JWKS is left out");
        }
        for kid in set.repeated_kids() {
            tracing::warn!(target: "a2a_card", kid = %kid, "several keys of the JWKS share one kid; tokens naming it are checked with each");
        }
        Self::fixed(set)
    }

    /// The kids that more than one key of the set carries, each once, sorted: tokens naming
    /// one are checked with each of its keys (at most
    /// [`MAX_KEYS_PER_KID`](crate::sign::MAX_KEYS_PER_KID)), which is allowed but usually a
    /// mistake worth a warning at start-up. Empty for a fetched key set, which is not known
    /// until fetched (a repeated kid there is logged at each fetch).
    ///
    /// ```
    /// use a2a_card::security::jwt::JwksSource;
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let (old, new) = (SigningKey::generate(Algorithm::EdDsa)?, SigningKey::generate(Algorithm::EdDsa)?);
    /// let source = JwksSource::keys([old.trusted_key("k1"), new.trusted_key("k1")])?;
    /// assert_eq!(source.repeated_kids(), ["k1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repeated_kids(&self) -> Vec<String> {
        match &self.kind {
            SourceKind::Static(set) => set.repeated_kids(),
            #[cfg(feature = "jwks-fetch")]
            SourceKind::Remote(_) => Vec::new(),
        }
    }

    /// A JWKS document (`{"keys": [...]}`); see [`JwksSource::jwks`].
    ///
    /// ```
    /// let err = a2a_card::security::jwt::JwksSource::jwks_json(b"{").unwrap_err();
    /// assert!(err.to_string().contains("not valid JSON"));
    /// ```
    pub fn jwks_json(bytes: &[u8]) -> Result<Self, JwtError> {
        Self::jwks(&Jwks::from_json(bytes)?)
    }

    /// A JWKS file, read now (a changed file is read again only by making a new source).
    ///
    /// ```
    /// let err = a2a_card::security::jwt::JwksSource::jwks_file("/nonexistent/jwks.json").unwrap_err();
    /// assert!(err.to_string().contains("/nonexistent/jwks.json"));
    /// # #[cfg(unix)] {
    /// let err = a2a_card::security::jwt::JwksSource::jwks_file("/dev/zero").unwrap_err();
    /// assert!(err.to_string().contains("not a regular file"), "{err}");
    /// # }
    /// ```
    ///
    /// A file larger than [`MAX_JWKS_FILE_BYTES`] is refused (a key set is a few kilobytes; a
    /// runaway file must not fill the memory), and so is anything but a regular file (a
    /// device, a named pipe), unread: see [`bounded_file::read`](crate::bounded_file::read).
    pub fn jwks_file(path: impl AsRef<Path>) -> Result<Self, JwtError> {
        let path = path.as_ref();
        let bytes = crate::bounded_file::read_at_most(path, MAX_JWKS_FILE_BYTES, "a key set file")
            .map_err(|reason| JwtError::File {
                path: path.display().to_string(),
                reason,
            })?;
        Self::jwks_json(&bytes)
    }
}

#[cfg(feature = "jwks-fetch")]
impl JwksSource {
    fn remote(locator: Locator) -> Self {
        JwksSource {
            kind: SourceKind::Remote(locator),
            fetch: FetchOptions::default(),
        }
    }

    /// A JWKS fetched from `url` (https; checked when the verifier is built).
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// let verifier = |source| JwtVerifier::builder(source).issuer("https://id.example").audience("a").build();
    /// assert!(verifier(JwksSource::jwks_url("https://id.example/jwks.json")).is_ok());
    /// let err = verifier(JwksSource::jwks_url("http://id.example/jwks.json")).unwrap_err();
    /// assert!(err.to_string().contains("must be fetched over https"), "{err}");
    /// ```
    pub fn jwks_url(url: impl Into<String>) -> Self {
        Self::remote(Locator::Jwks(url.into()))
    }

    /// The JWKS named by the `jwks_uri` of an OpenID Connect discovery document
    /// (`https://issuer/.well-known/openid-configuration`), whose `issuer` must be the
    /// verifier's issuer.
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// let verifier = |source| JwtVerifier::builder(source).issuer("https://id.example").audience("a").build();
    /// assert!(verifier(JwksSource::openid_connect("https://id.example/.well-known/openid-configuration")).is_ok());
    /// let err = verifier(JwksSource::openid_connect("id.example")).unwrap_err();
    /// assert!(err.to_string().contains("not an absolute https URL"), "{err}");
    /// ```
    pub fn openid_connect(discovery_url: impl Into<String>) -> Self {
        Self::remote(Locator::OpenIdConnect(discovery_url.into()))
    }

    /// The JWKS named by the `jwks_uri` of RFC 8414 authorization server metadata, whose
    /// `issuer` must be the verifier's issuer.
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// let verifier = |source| JwtVerifier::builder(source).issuer("https://id.example").audience("a").build();
    /// assert!(verifier(JwksSource::oauth_metadata("https://id.example/.well-known/oauth-authorization-server")).is_ok());
    /// let err = verifier(JwksSource::oauth_metadata("https://user:pw@id.example/meta")).unwrap_err();
    /// assert!(err.to_string().contains("credentials in the URL"), "{err}");
    /// ```
    pub fn oauth_metadata(metadata_url: impl Into<String>) -> Self {
        Self::remote(Locator::OAuthMetadata(metadata_url.into()))
    }

    /// Discovered from the card itself: the `openIdConnectUrl` of an
    /// `openIdConnectSecurityScheme`, or the `oauth2MetadataUrl` of an
    /// `oauth2SecurityScheme`, for the scheme named `scheme` in `securitySchemes`.
    ///
    /// ```
    /// use a2a_card::security::jwt::JwksSource;
    /// # let card = a2a_card::__doctest::example_card();
    /// let err = JwksSource::from_card(&card, "apiKey").unwrap_err();
    /// assert!(err.to_string().contains("apiKey"));
    /// ```
    pub fn from_card(card: &AgentCard, scheme: &str) -> Result<Self, JwtError> {
        let refuse = |reason: &str| JwtError::NotDiscoverable {
            scheme: scheme.to_owned(),
            reason: reason.to_owned(),
        };
        let declared = card
            .security_schemes
            .get(scheme)
            .ok_or_else(|| refuse("securitySchemes does not declare it"))?;
        match declared.kind() {
            Some(SchemeKind::OpenIdConnect(oidc)) if !oidc.open_id_connect_url.is_empty() => {
                Ok(Self::openid_connect(oidc.open_id_connect_url.clone()))
            }
            Some(SchemeKind::OAuth2(oauth)) if !oauth.oauth2_metadata_url.is_empty() => {
                Ok(Self::oauth_metadata(oauth.oauth2_metadata_url.clone()))
            }
            Some(SchemeKind::OAuth2(_)) => Err(refuse(
                "the oauth2SecurityScheme has no oauth2MetadataUrl; give a JWKS URL or file",
            )),
            _ => Err(refuse(
                "only an openIdConnectSecurityScheme or an oauth2SecurityScheme with oauth2MetadataUrl names where its keys are; give a JWKS URL or file",
            )),
        }
    }

    /// Fetches no more often than this, however many tokens name an unknown `kid`
    /// (default 30 s).
    ///
    /// ```
    /// # use std::time::Duration;
    /// let source = a2a_card::security::jwt::JwksSource::jwks_url("https://id.example/jwks.json")
    ///     .min_refetch_interval(Duration::from_secs(60));
    /// assert!(format!("{source:?}").contains("min_refetch_interval: 60s"));
    /// ```
    pub fn min_refetch_interval(mut self, interval: Duration) -> Self {
        self.fetch.min_refetch_interval = interval;
        self
    }

    /// Fetches again on the next token once the keys are this old, so a key the identity
    /// provider withdrew stops being trusted (default 1 hour).
    ///
    /// ```
    /// # use std::time::Duration;
    /// let source = a2a_card::security::jwt::JwksSource::jwks_url("https://id.example/jwks.json")
    ///     .max_age(Duration::from_secs(600));
    /// assert!(format!("{source:?}").contains("max_age: 600s"));
    /// ```
    pub fn max_age(mut self, max_age: Duration) -> Self {
        self.fetch.max_age = max_age;
        self
    }

    /// How long keys may still be used when the identity provider cannot be reached to
    /// refresh them (default 24 hours). After that, tokens are refused until a fetch works:
    /// an attacker who keeps the key set from being fetched cannot keep a withdrawn key
    /// trusted for ever.
    ///
    /// ```
    /// # use std::time::Duration;
    /// let source = a2a_card::security::jwt::JwksSource::jwks_url("https://id.example/jwks.json")
    ///     .max_stale(Duration::from_secs(6 * 3600));
    /// assert!(format!("{source:?}").contains("max_stale: 21600s"));
    /// ```
    pub fn max_stale(mut self, max_stale: Duration) -> Self {
        self.fetch.max_stale = max_stale;
        self
    }

    /// Time limit for one fetch, connection to last byte (default 10 s).
    ///
    /// ```
    /// # use std::time::Duration;
    /// let source = a2a_card::security::jwt::JwksSource::jwks_url("https://id.example/jwks.json")
    ///     .timeout(Duration::from_secs(3));
    /// assert!(format!("{source:?}").contains("timeout: 3s"));
    /// ```
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.fetch.timeout = timeout;
        self
    }

    /// Largest document accepted (default 256 KiB).
    ///
    /// ```
    /// let source = a2a_card::security::jwt::JwksSource::jwks_url("https://id.example/jwks.json")
    ///     .max_body_bytes(64 * 1024);
    /// assert!(format!("{source:?}").contains("max_body_bytes: 65536"));
    /// ```
    pub fn max_body_bytes(mut self, max: usize) -> Self {
        self.fetch.max_body_bytes = max;
        self
    }

    /// Allows plain `http://` to a loopback address (127.0.0.0/8, `::1`, `localhost`), for
    /// tests and an identity provider on the same host. Other hosts always need https.
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// let verifier = |source| JwtVerifier::builder(source).issuer("http://127.0.0.1:8080").audience("a").build();
    /// let local = || JwksSource::jwks_url("http://127.0.0.1:8080/jwks.json");
    /// assert!(verifier(local()).is_err());
    /// assert!(verifier(local().allow_loopback_http()).is_ok());
    /// // Still https for any other host:
    /// let err = verifier(JwksSource::jwks_url("http://id.example/jwks.json").allow_loopback_http()).unwrap_err();
    /// assert!(err.to_string().contains("only to a loopback address"), "{err}");
    /// ```
    pub fn allow_loopback_http(mut self) -> Self {
        self.fetch.allow_loopback_http = true;
        self
    }

    /// Also trusts these root certificates (PEM) for https, besides the webpki roots: an
    /// identity provider with a private certificate authority. Checked when the verifier is
    /// built.
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// let source = JwksSource::jwks_url("https://id.internal/jwks.json").root_certificates_pem(b"nope");
    /// let err = JwtVerifier::builder(source).issuer("i").audience("a").build().unwrap_err();
    /// assert!(err.to_string().contains("root certificates"));
    /// ```
    pub fn root_certificates_pem(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.fetch.extra_roots_pem.push(pem.into());
        self
    }
}

#[cfg(test)]
#[path = "source_tests.rs"]
pub(super) mod tests;
