//! [`JwtVerifier`]: a [`TokenVerifier`] for JWT bearer tokens signed with a key of a JWKS.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use crate::base64url::{self, Padding};
use crate::security::{Grant, TokenError, TokenFuture, TokenVerifier};
use crate::sign::Algorithm;

use super::cache::{self, CacheStats, Limits, TokenCache, Verified};
use super::claims::{ClaimRules, Clock};
use super::compact::{check_size, parse};
use super::error::JwtError;
use super::keys::{KeySet, Lookup};
#[cfg(feature = "jwks-fetch")]
use super::remote::{RemoteKeys, Timing};
use super::source::{JwksSource, SourceKind};

/// Tokens longer than this are refused before anything is decoded (default of
/// [`JwtVerifierBuilder::max_token_bytes`]).
pub const DEFAULT_MAX_TOKEN_BYTES: usize = 16 * 1024;

/// Checks JWT bearer tokens (RFC 7519, compact JWS): the signature with the key the header's
/// `kid` names, whose algorithm must be the header's `alg` and one of the allowed ones
/// (`none` never is); `iss` equal to the issuer; `aud` (a string or an array) naming the
/// audience; `exp` present and not past, `nbf` and `iat` not in the future, each with a
/// leeway (default 60 s). Headers with `crit` are refused. The grant carries `sub` and the
/// scopes of `scope` (space-separated) and `scp` (array or string).
///
/// A token without `kid` is checked only when the key set holds exactly one key: with one
/// key there is nothing to choose, and the header's `alg` must still be that key's.
///
/// Cheap refusals come before any signature check: the size bound, the form of the three
/// parts, the header (`alg` supported and allowed, no `crit`, `typ` when required), a `kid`
/// the key set lacks. Signatures are checked with ring (ES256, RS256, PS256) and
/// ed25519-dalek (EdDSA).
///
/// Tokens that verified are cached (on by default; see [`JwtVerifierBuilder::cache_max_entries`]
/// and the [module docs](super#the-verified-token-cache)): the same token sent again costs a
/// SHA-256 digest and a lookup, while its time claims are checked again on every use and the
/// key that verified it must still be in the key set. The cache belongs to this verifier and
/// its clones, never to another verifier.
///
/// ```
/// use a2a_card::security::jwt::{JwksSource, JwtVerifier};
/// use a2a_card::security::Bearer;
/// use a2a_card::sign::{Algorithm, SigningKey};
///
/// let key = SigningKey::generate(Algorithm::EdDsa)?;
/// let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k1")])?)
///     .issuer("https://id.example")
///     .audience("route-planner")
///     .build()?;
/// let bearer = Bearer::new(verifier); // the verifier of an OAuth2/OIDC/Bearer scheme
/// # let _ = bearer;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct JwtVerifier {
    inner: Arc<Inner>,
}

struct Inner {
    keys: KeySource,
    algorithms: BTreeSet<Algorithm>,
    rules: ClaimRules,
    max_token_bytes: usize,
    token_type: Option<String>,
    cache: Option<TokenCache>,
    clock: Clock,
}

enum KeySource {
    Static(Arc<KeySet>),
    #[cfg(feature = "jwks-fetch")]
    Remote(Box<RemoteKeys>),
}

impl std::fmt::Debug for JwtVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys = match &self.inner.keys {
            KeySource::Static(set) => format!("{} static keys", set.len()),
            #[cfg(feature = "jwks-fetch")]
            KeySource::Remote(_) => "fetched".to_owned(),
        };
        f.debug_struct("JwtVerifier")
            .field("issuer", &self.inner.rules.issuer)
            .field("audiences", &self.inner.rules.audiences)
            .field("algorithms", &self.inner.algorithms)
            .field("leeway", &self.inner.rules.leeway)
            .field("keys", &keys)
            .field("cache", &self.inner.cache.as_ref().map(TokenCache::limits))
            .finish()
    }
}

/// Builds a [`JwtVerifier`]; see [`JwtVerifier::builder`].
#[derive(Debug)]
#[must_use = "call .build()"]
pub struct JwtVerifierBuilder {
    keys: JwksSource,
    issuer: String,
    audiences: Vec<String>,
    leeway: Duration,
    algorithms: BTreeSet<Algorithm>,
    max_token_bytes: usize,
    token_type: Option<String>,
    cache: Limits,
    clock: Clock,
}

impl JwtVerifier {
    /// Starts a verifier of tokens signed with keys from `keys`. An issuer and an audience
    /// are required.
    ///
    /// ```
    /// use a2a_card::security::jwt::{JwksSource, JwtError, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let err = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).build().unwrap_err();
    /// assert_eq!(err, JwtError::NoIssuer);
    /// # Ok::<(), JwtError>(())
    /// ```
    pub fn builder(keys: JwksSource) -> JwtVerifierBuilder {
        JwtVerifierBuilder {
            keys,
            issuer: String::new(),
            audiences: Vec::new(),
            leeway: Duration::from_secs(60),
            algorithms: Algorithm::ALL.into_iter().collect(),
            max_token_bytes: DEFAULT_MAX_TOKEN_BYTES,
            token_type: None,
            cache: Limits::default(),
            clock: Clock::system(),
        }
    }

    /// Loads the key set now, ignoring the refetch interval, and says how many keys it
    /// holds: call it at start-up to fail early when the identity provider cannot be
    /// reached. For keys in code or a file it only counts them.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// # let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).issuer("i").audience("a").build()?;
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// assert_eq!(run(verifier.refresh_keys())?, 1);
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub async fn refresh_keys(&self) -> Result<usize, JwtError> {
        match &self.inner.keys {
            KeySource::Static(set) => Ok(set.len()),
            #[cfg(feature = "jwks-fetch")]
            KeySource::Remote(remote) => Ok(remote.fetch_now().await?.len()),
        }
    }

    /// Checks a token and returns what it grants (the same as the [`TokenVerifier`]
    /// method).
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # use a2a_card::security::TokenError;
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// # let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).issuer("i").audience("a").build()?;
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// assert!(matches!(run(verifier.verify("not.a.jwt")), Err(TokenError::Malformed(_))));
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub async fn verify(&self, token: &str) -> Result<Grant, TokenError> {
        let inner = &*self.inner;
        check_size(token, inner.max_token_bytes)?;
        let now = inner.clock.now();
        let Some(cache) = &inner.cache else {
            return self.check(token, now).await.map(|verified| verified.grant);
        };
        let digest = cache::digest(token);
        if let Some(hit) = cache.get(&digest, now) {
            // Time moves on and key sets change: both are checked again on every use.
            inner.rules.check_times(&hit.times, now)?;
            let keys = inner.keys.current().await?;
            if keys.holds(hit.kid.as_deref(), hit.alg, &hit.key) {
                return Ok(hit.grant.clone());
            }
            // The key left the key set: check the token in full, as if never seen.
            cache.remove(&digest);
        }
        let verified = self.check(token, now).await?;
        let grant = verified.grant.clone();
        cache.insert(digest, verified, now);
        Ok(grant)
    }

    /// What the verified-token cache holds and has done, or `None` when it is off.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .issuer("i").audience("a").build()?;
    /// assert_eq!(verifier.cache_stats().unwrap().entries, 0);
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn cache_stats(&self) -> Option<CacheStats> {
        self.inner.cache.as_ref().map(TokenCache::stats)
    }

    /// The full check of a token at `now`: its form and header, its key, its signature,
    /// its claims. The cheap refusals come first, the signature check last but the claims.
    async fn check(&self, token: &str, now: f64) -> Result<Verified, TokenError> {
        let inner = &*self.inner;
        let compact = parse(token, inner.max_token_bytes)?;
        if !inner.algorithms.contains(&compact.alg) {
            return Err(TokenError::Signature(
                "the token's algorithm is not allowed",
            ));
        }
        if let Some(wanted) = &inner.token_type {
            // An ID token (typ JWT) must not pass for an access token (typ at+jwt).
            if compact.typ.as_deref().map(media_type).as_ref() != Some(wanted) {
                return Err(TokenError::Invalid(
                    "the token is not of the required type (typ)",
                ));
            }
        }
        let payload = base64url::decode(compact.payload, Padding::Forbidden)
            .ok_or(TokenError::Malformed("the payload is not base64url"))?;
        let kid = compact.kid.as_deref();
        let mut keys = inner.keys.current().await?;
        if matches!(keys.find(kid, compact.alg), Lookup::Unknown) && kid.is_some() {
            if let Some(refetched) = inner.keys.refetch().await {
                keys = refetched;
            }
        }
        let candidates = match keys.find(kid, compact.alg) {
            Lookup::Found(candidates) => candidates,
            Lookup::OtherAlgorithm => {
                return Err(TokenError::Signature(
                    "the token's alg is not the algorithm of the key its kid names",
                ));
            }
            Lookup::Unknown if kid.is_none() => {
                return Err(TokenError::Invalid(
                    "the token has no kid and the key set has several keys",
                ));
            }
            Lookup::Unknown => return Err(TokenError::UnknownKey),
        };
        // Each key of the kid and algorithm (a bounded few, see MAX_KEYS_PER_KID): a set
        // listing another key under the signer's kid first must not refuse a valid token.
        let input = compact.signing_input.as_bytes();
        let Some(key) = candidates
            .iter()
            .find(|key| key.verifies(input, &compact.signature))
        else {
            return Err(TokenError::Signature("the signature does not verify"));
        };
        let (grant, times) = inner.rules.check_claims(&payload, now)?;
        Ok(Verified {
            grant,
            times,
            kid: compact.kid,
            alg: compact.alg,
            key: *key.fingerprint(),
        })
    }
}

impl KeySource {
    async fn current(&self) -> Result<Arc<KeySet>, TokenError> {
        match self {
            KeySource::Static(set) => Ok(set.clone()),
            #[cfg(feature = "jwks-fetch")]
            KeySource::Remote(remote) => remote.current().await.ok_or(TokenError::Invalid(
                "the token keys are not available: the key set could not be fetched",
            )),
        }
    }

    /// Keys fetched again after an unknown kid, when the source fetches at all.
    async fn refetch(&self) -> Option<Arc<KeySet>> {
        match self {
            KeySource::Static(_) => None,
            #[cfg(feature = "jwks-fetch")]
            KeySource::Remote(remote) => remote.refetch().await,
        }
    }
}

impl TokenVerifier for JwtVerifier {
    fn verify_token<'a>(&'a self, token: &'a str) -> TokenFuture<'a> {
        Box::pin(self.verify(token))
    }
}

impl JwtVerifierBuilder {
    /// The issuer tokens must name in `iss`, exactly (e.g. `https://id.example`, no
    /// trailing slash unless the issuer writes one).
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).issuer("https://id.example");
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn issuer(mut self, issuer: impl Into<String>) -> Self {
        self.issuer = issuer.into();
        self
    }

    /// An audience tokens may name in `aud`; call again to accept several.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .audience("route-planner").audience("https://routes.example.com/a2a");
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn audience(mut self, audience: impl Into<String>) -> Self {
        self.audiences.push(audience.into());
        self
    }

    /// Clock skew tolerated for `exp`, `nbf` and `iat` (default 60 s).
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .leeway(std::time::Duration::from_secs(5));
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn leeway(mut self, leeway: Duration) -> Self {
        self.leeway = leeway;
        self
    }

    /// The algorithms a token may be signed with (default: ES256, EdDSA, RS256, PS256).
    /// A key is used only for its own algorithm either way.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// use a2a_card::sign::Algorithm;
    /// # let key = a2a_card::sign::SigningKey::generate(Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .algorithms([Algorithm::Es256, Algorithm::EdDsa]);
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn algorithms(mut self, algorithms: impl IntoIterator<Item = Algorithm>) -> Self {
        self.algorithms = algorithms.into_iter().collect();
        self
    }

    /// Longest token accepted, in bytes; longer ones are refused before decoding (default
    /// [`DEFAULT_MAX_TOKEN_BYTES`], 16 KiB).
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).max_token_bytes(4096);
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn max_token_bytes(mut self, max: usize) -> Self {
        self.max_token_bytes = max;
        self
    }

    /// Requires the header's `typ` to be this type, e.g. `at+jwt` for RFC 9068 access tokens,
    /// so an OpenID Connect ID token for the same audience is not taken for an access token.
    /// `application/` may be left out on either side, and case is ignored (RFC 7515 §4.1.9).
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).token_type("at+jwt");
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn token_type(mut self, typ: impl Into<String>) -> Self {
        self.token_type = Some(typ.into());
        self
    }

    /// The most tokens the verified-token cache holds (default
    /// [`DEFAULT_CACHE_MAX_ENTRIES`](super::DEFAULT_CACHE_MAX_ENTRIES), 10,000); 0 turns the
    /// cache off. When full, a token not used lately makes room.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).cache_max_entries(1000);
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn cache_max_entries(mut self, max: usize) -> Self {
        self.cache.max_entries = max;
        self
    }

    /// The most bytes the verified-token cache's entries are counted as (default
    /// [`DEFAULT_CACHE_MAX_BYTES`](super::DEFAULT_CACHE_MAX_BYTES), 8 MiB): an entry counts
    /// its subject, scopes and kid besides a fixed part, so tokens with many scopes fill it
    /// sooner than the entry count says. 0 turns the cache off.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?).cache_max_bytes(1 << 20);
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn cache_max_bytes(mut self, max: usize) -> Self {
        self.cache.max_bytes = max;
        self
    }

    /// How long a verified token stays cached at most (default
    /// [`DEFAULT_CACHE_MAX_AGE`](super::DEFAULT_CACHE_MAX_AGE), 5 minutes), however late its
    /// `exp`; never past its `exp` either. Zero turns the cache off.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let builder = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .cache_max_age(std::time::Duration::from_secs(60));
    /// # let _ = builder;
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn cache_max_age(mut self, max_age: Duration) -> Self {
        self.cache.max_age = max_age;
        self
    }

    /// No verified-token cache: every token is checked in full, signature included, every
    /// time.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .issuer("i").audience("a").without_cache().build()?;
    /// assert_eq!(verifier.cache_stats(), None);
    /// # Ok::<(), a2a_card::security::jwt::JwtError>(())
    /// ```
    pub fn without_cache(mut self) -> Self {
        self.cache.max_entries = 0;
        self
    }

    /// The clock tokens are checked against (tests move it).
    #[cfg(test)]
    pub(crate) fn clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The verifier, or why it would not check what it should.
    ///
    /// ```
    /// # use a2a_card::security::jwt::{JwksSource, JwtError, JwtVerifier};
    /// # let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::Es256).unwrap();
    /// let err = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")])?)
    ///     .issuer("https://id.example").build().unwrap_err();
    /// assert_eq!(err, JwtError::NoAudience);
    /// # Ok::<(), JwtError>(())
    /// ```
    pub fn build(self) -> Result<JwtVerifier, JwtError> {
        if self.issuer.is_empty() {
            return Err(JwtError::NoIssuer);
        }
        if self.audiences.is_empty() || self.audiences.iter().any(String::is_empty) {
            return Err(JwtError::NoAudience);
        }
        if self.algorithms.is_empty() {
            return Err(JwtError::NoAlgorithms);
        }
        let keys = match self.keys.kind {
            SourceKind::Static(set) => KeySource::Static(set),
            #[cfg(feature = "jwks-fetch")]
            SourceKind::Remote(locator) => {
                let options = self.keys.fetch;
                let fetcher = super::fetch::Fetcher::new(
                    super::fetch::tls_config(&options.extra_roots_pem)?,
                    options.timeout,
                    options.max_body_bytes,
                    options.allow_loopback_http,
                );
                let timing = Timing {
                    min_refetch_interval: options.min_refetch_interval,
                    max_age: options.max_age,
                    max_stale: options.max_stale,
                };
                KeySource::Remote(Box::new(RemoteKeys::new(
                    locator,
                    self.issuer.clone(),
                    fetcher,
                    timing,
                )?))
            }
        };
        Ok(JwtVerifier {
            inner: Arc::new(Inner {
                keys,
                algorithms: self.algorithms,
                rules: ClaimRules {
                    issuer: self.issuer,
                    audiences: self.audiences,
                    leeway: self.leeway,
                },
                max_token_bytes: self.max_token_bytes,
                token_type: self.token_type.as_deref().map(media_type),
                cache: TokenCache::new(self.cache),
                clock: self.clock,
            }),
        })
    }
}

/// A `typ` value compared as RFC 7515 says: without an `application/` prefix, ignoring case.
fn media_type(typ: &str) -> String {
    let lower = typ.to_ascii_lowercase();
    lower
        .strip_prefix("application/")
        .map(str::to_owned)
        .unwrap_or(lower)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sign::{Algorithm, SigningKey};
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    /// A token of exactly `len` bytes (its signature is not valid).
    fn token_of(len: usize) -> String {
        let header = URL_SAFE_NO_PAD.encode(r#"{"alg":"ES256","kid":"k"}"#);
        let signature = URL_SAFE_NO_PAD.encode("sig");
        let payload = "A".repeat(len - header.len() - signature.len() - 2);
        format!("{header}.{payload}.{signature}")
    }

    #[test]
    fn the_default_size_bound_is_16_kib() {
        let key = SigningKey::generate(Algorithm::Es256).unwrap();
        let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")]).unwrap())
            .issuer("https://id.example")
            .audience("agent")
            .build()
            .unwrap();
        let run = |token: String| {
            tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap()
                .block_on(verifier.verify(&token))
        };
        let too_large = TokenError::Malformed("the token is larger than the size limit");
        let at_bound = run(token_of(16 * 1024)).unwrap_err();
        assert_ne!(at_bound, too_large);
        assert_eq!(run(token_of(16 * 1024 + 1)).unwrap_err(), too_large);
    }

    fn claims() -> serde_json::Value {
        serde_json::json!({
            "iss": "https://id.example", "aud": "agent", "exp": 4_000_000_000_u64,
            "sub": "alice", "scope": "cards.read"
        })
    }

    fn run(verifier: &JwtVerifier, token: &str) -> Result<Grant, TokenError> {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(verifier.verify(token))
    }

    fn verifier_for(keys: Vec<crate::sign::TrustedKey>) -> JwtVerifierBuilder {
        JwtVerifier::builder(JwksSource::keys(keys).unwrap())
            .issuer("https://id.example")
            .audience("agent")
    }

    #[test]
    fn a_signed_token_grants_its_subject_and_scopes_and_nothing_else_does() {
        use crate::security::jwt::JwtSigner;
        let key = SigningKey::generate(Algorithm::Es256).unwrap();
        let other = SigningKey::generate(Algorithm::Es256).unwrap();
        let ed = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let verifier = verifier_for(vec![key.trusted_key("k")]).build().unwrap();
        let signer = |key: &SigningKey, kid: Option<&str>| {
            let signer =
                JwtSigner::new(SigningKey::from_pkcs8_pem(&key.to_pkcs8_pem().unwrap()).unwrap());
            match kid {
                Some(kid) => signer.kid(kid),
                None => signer,
            }
        };
        let good = signer(&key, Some("k")).sign(&claims()).unwrap();
        let grant = run(&verifier, &good).unwrap();
        assert_eq!(grant.subject.as_deref(), Some("alice"));
        assert!(grant.scopes.contains("cards.read"));
        // One key and no kid: that key.
        let no_kid = signer(&key, None).sign(&claims()).unwrap();
        assert!(run(&verifier, &no_kid).is_ok());
        // Another key under the same kid: the signature does not verify.
        let forged = signer(&other, Some("k")).sign(&claims()).unwrap();
        assert_eq!(
            run(&verifier, &forged),
            Err(TokenError::Signature("the signature does not verify"))
        );
        // A kid the set does not have.
        let unknown = signer(&key, Some("k2")).sign(&claims()).unwrap();
        assert_eq!(run(&verifier, &unknown), Err(TokenError::UnknownKey));
        // The claims are checked once the signature is.
        let mut elsewhere = claims();
        elsewhere["aud"] = "agent2".into();
        let elsewhere = signer(&key, Some("k")).sign(&elsewhere).unwrap();
        assert_eq!(run(&verifier, &elsewhere), Err(TokenError::WrongAudience));
        // A payload changed after signing.
        let mut parts: Vec<&str> = good.split('.').collect();
        let changed = crate::base64url::encode(
            br#"{"iss":"https://id.example","aud":"agent","exp":4000000000,"sub":"mallory"}"#,
        );
        parts[1] = &changed;
        assert_eq!(
            run(&verifier, &parts.join(".")),
            Err(TokenError::Signature("the signature does not verify"))
        );
        // An EdDSA token: the algorithm is allowed by default, but not the kid's key's.
        let wrong_alg = signer(&ed, Some("k")).sign(&claims()).unwrap();
        assert!(matches!(
            run(&verifier, &wrong_alg),
            Err(TokenError::Signature(_))
        ));
    }

    #[test]
    fn a_signed_header_naming_a_member_twice_is_refused() {
        let key = SigningKey::generate(Algorithm::Es256).unwrap();
        let verifier = verifier_for(vec![key.trusted_key("k"), key.trusted_key("k2")])
            .build()
            .unwrap();
        // Signed as it stands: only the repetition can be what is refused.
        let signed = |header: &str| {
            let input = format!(
                "{}.{}",
                crate::base64url::encode(header),
                crate::base64url::encode(claims().to_string())
            );
            let signature = key.sign_bytes(input.as_bytes()).unwrap();
            format!("{input}.{}", crate::base64url::encode(signature))
        };
        assert!(run(&verifier, &signed(r#"{"alg":"ES256","kid":"k"}"#)).is_ok());
        let twice = TokenError::Malformed("the header names a member twice");
        for header in [
            r#"{"alg":"ES256","kid":"k","kid":"k2"}"#,
            r#"{"alg":"ES256","kid":"k","kid":"k"}"#,
            r#"{"alg":"ES256","alg":"ES256","kid":"k"}"#,
            r#"{"alg":"ES256","kid":"k","typ":"JWT","typ":"at+jwt"}"#,
            r#"{"alg":"ES256","kid":"k","k\u0069d":"k2"}"#,
        ] {
            assert_eq!(
                run(&verifier, &signed(header)),
                Err(twice.clone()),
                "{header}"
            );
        }
    }

    #[test]
    fn algorithms_kid_rules_and_token_types() {
        use crate::security::jwt::JwtSigner;
        let es = SigningKey::generate(Algorithm::Es256).unwrap();
        let ed = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let pem =
            |key: &SigningKey| SigningKey::from_pkcs8_pem(&key.to_pkcs8_pem().unwrap()).unwrap();
        // Only EdDSA allowed: an ES256 token with a trusted ES256 key is refused.
        let only_ed = verifier_for(vec![es.trusted_key("e"), ed.trusted_key("d")])
            .algorithms([Algorithm::EdDsa])
            .build()
            .unwrap();
        let es_token = JwtSigner::new(pem(&es)).kid("e").sign(&claims()).unwrap();
        assert_eq!(
            run(&only_ed, &es_token),
            Err(TokenError::Signature(
                "the token's algorithm is not allowed"
            ))
        );
        let ed_token = JwtSigner::new(pem(&ed)).kid("d").sign(&claims()).unwrap();
        assert!(run(&only_ed, &ed_token).is_ok());
        // Two keys and no kid: which one is unknown.
        let no_kid = JwtSigner::new(pem(&ed)).sign(&claims()).unwrap();
        assert_eq!(
            run(&only_ed, &no_kid),
            Err(TokenError::Invalid(
                "the token has no kid and the key set has several keys"
            ))
        );
        // A required type: at+jwt, with or without `application/`, in any case.
        let access = verifier_for(vec![ed.trusted_key("d")])
            .token_type("at+jwt")
            .build()
            .unwrap();
        for (typ, ok) in [
            (Some("at+jwt"), true),
            (Some("application/AT+JWT"), true),
            (Some("JWT"), false),
            (None, false),
        ] {
            let mut signer = JwtSigner::new(pem(&ed)).kid("d");
            signer = match typ {
                Some(typ) => signer.header_param("typ", typ.into()),
                None => signer.header_param("typ", serde_json::Value::Null),
            };
            let token = if typ.is_none() {
                // A header without typ at all.
                let header = crate::base64url::encode(br#"{"alg":"EdDSA","kid":"d"}"#);
                let payload = crate::base64url::encode(serde_json::to_vec(&claims()).unwrap());
                let input = format!("{header}.{payload}");
                let signature = pem(&ed).sign_bytes(input.as_bytes()).unwrap();
                format!("{input}.{}", crate::base64url::encode(&signature))
            } else {
                signer.sign(&claims()).unwrap()
            };
            assert_eq!(run(&access, &token).is_ok(), ok, "{typ:?}");
        }
        // Without a required type, any typ passes.
        let any = verifier_for(vec![ed.trusted_key("d")]).build().unwrap();
        assert!(run(&any, &ed_token).is_ok());
    }

    #[test]
    fn debug_and_refresh_name_the_static_keys() {
        let a = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let b = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let verifier = verifier_for(vec![a.trusted_key("a"), b.trusted_key("b")])
            .build()
            .unwrap();
        let debug = format!("{verifier:?}");
        assert!(debug.starts_with("JwtVerifier {"), "{debug}");
        assert!(debug.contains("https://id.example"), "{debug}");
        assert!(debug.contains("2 static keys"), "{debug}");
        let refreshed = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(verifier.refresh_keys());
        assert_eq!(refreshed.unwrap(), 2);
    }

    #[test]
    fn an_audience_is_required_and_never_empty() {
        let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let builder = || JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")]).unwrap());
        assert!(builder().issuer("https://id.example").build().is_err());
        assert!(
            builder()
                .issuer("https://id.example")
                .audience("")
                .build()
                .is_err()
        );
        assert!(
            builder()
                .issuer("https://id.example")
                .audience("agent")
                .audience("")
                .build()
                .is_err()
        );
        assert!(
            builder()
                .issuer("https://id.example")
                .audience("agent")
                .build()
                .is_ok()
        );
    }
}
