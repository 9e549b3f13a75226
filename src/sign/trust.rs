//! The keys a verifier trusts: chosen by the verifier (a JWKS file, keys in code), never
//! taken from the card.

use std::collections::BTreeSet;
use std::fmt;

use super::algorithm::{Algorithm, UnsupportedAlgorithmError};
use super::error::KeyError;
use super::jwk::{Jwk, Jwks};
use super::material::{KeyType, PublicMaterial};

/// The most keys of one `kid` (and algorithm) a signature is checked with: a key set that
/// repeats a kid more often than this cannot make one signature cost more checks.
pub const MAX_KEYS_PER_KID: usize = 8;

/// The values that occur more than once, each once, sorted.
pub(crate) fn repeated<'a>(kids: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut repeated = BTreeSet::new();
    for kid in kids {
        if !seen.insert(kid) {
            repeated.insert(kid.to_owned());
        }
    }
    repeated.into_iter().collect()
}

/// A public key the verifier trusts for one `kid` and one algorithm, optionally tied to the
/// key set URL (`jku`) it was loaded from.
///
/// ```
/// use a2a_card::sign::{Algorithm, SigningKey, TrustedKey};
///
/// let jwk = SigningKey::generate(Algorithm::Es256).unwrap().public_jwk("2026-01");
/// let trusted = TrustedKey::from_jwk(&jwk).unwrap();
/// assert_eq!((trusted.kid(), trusted.algorithm()), ("2026-01", Algorithm::Es256));
/// ```
#[derive(Clone)]
pub struct TrustedKey {
    kid: String,
    algorithm: Algorithm,
    jku: Option<String>,
    material: PublicMaterial,
}

impl TrustedKey {
    /// Reads a public JWK. It needs a `kid`; its `alg`, when present, must suit the key type.
    /// An RSA key needs an `alg` (RS256 or PS256): the signature must not choose it.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey, TrustedKey};
    /// let mut jwk = SigningKey::generate(Algorithm::EdDsa).unwrap().public_jwk("k");
    /// jwk.kid = None;
    /// assert!(TrustedKey::from_jwk(&jwk).unwrap_err().to_string().contains("kid"));
    /// ```
    pub fn from_jwk(jwk: &Jwk) -> Result<Self, KeyError> {
        let kid = jwk
            .kid
            .clone()
            .filter(|kid| !kid.is_empty())
            .ok_or_else(|| KeyError::Jwk("no `kid`: signatures find their key by it".to_owned()))?;
        let material = PublicMaterial::from_jwk(jwk)?;
        let algorithm = match (&jwk.alg, material.key_type()) {
            (Some(alg), _) => alg
                .parse()
                .map_err(|e: UnsupportedAlgorithmError| KeyError::Algorithm(e.to_string()))?,
            (None, KeyType::Rsa) => {
                return Err(KeyError::Algorithm(
                    "an RSA key needs `alg` (RS256 or PS256); the signature must not choose it"
                        .to_owned(),
                ));
            }
            (None, key_type) => key_type.natural_algorithm(),
        };
        Self::checked(kid, algorithm, material)
    }

    /// Reads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`) for `kid` and
    /// `algorithm`.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, TrustedKey};
    /// let err = TrustedKey::from_public_key_pem("k", Algorithm::Es256, "nope").unwrap_err();
    /// assert!(err.to_string().contains("PUBLIC KEY"));
    /// ```
    pub fn from_public_key_pem(
        kid: &str,
        algorithm: Algorithm,
        pem: &str,
    ) -> Result<Self, KeyError> {
        Self::checked(
            kid.to_owned(),
            algorithm,
            PublicMaterial::from_public_key_pem(pem)?,
        )
    }

    pub(crate) fn from_parts(kid: String, algorithm: Algorithm, material: PublicMaterial) -> Self {
        Self {
            kid,
            algorithm,
            jku: None,
            material,
        }
    }

    fn checked(
        kid: String,
        algorithm: Algorithm,
        material: PublicMaterial,
    ) -> Result<Self, KeyError> {
        let key_type = material.key_type();
        if !key_type.supports(algorithm) {
            return Err(KeyError::AlgorithmMismatch {
                key: key_type.describe(),
                algorithm,
            });
        }
        Ok(Self::from_parts(kid, algorithm, material))
    }

    /// The key id signatures name in their protected header.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// let key = SigningKey::generate(Algorithm::EdDsa).unwrap().trusted_key("k1");
    /// assert_eq!(key.kid(), "k1");
    /// ```
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The one algorithm this key is trusted for.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// let key = SigningKey::generate(Algorithm::EdDsa).unwrap().trusted_key("k1");
    /// assert_eq!(key.algorithm(), Algorithm::EdDsa);
    /// ```
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The key set URL this key was loaded from, if any (see
    /// [`TrustStore::add_jwks_from_jku`]).
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// assert!(SigningKey::generate(Algorithm::EdDsa).unwrap().trusted_key("k").jku().is_none());
    /// ```
    pub fn jku(&self) -> Option<&str> {
        self.jku.as_deref()
    }

    /// The public key's bytes, for the JWT verifier's own signature checks.
    #[cfg(feature = "jwt")]
    pub(crate) fn raw_public(&self) -> super::material::RawPublicKey {
        self.material.raw()
    }

    /// Whether `signature` is this key's signature of `message`.
    pub(crate) fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        self.material.verify(self.algorithm, message, signature)
    }
}

impl fmt::Debug for TrustedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrustedKey")
            .field("kid", &self.kid)
            .field("algorithm", &format_args!("{}", self.algorithm))
            .field("jku", &self.jku)
            .finish_non_exhaustive()
    }
}

/// The keys a verifier trusts, and the key set URLs (`jku`) it accepts.
///
/// A signature is checked with the trusted key of the same `kid`. Keys added plainly are
/// trusted whatever `jku` a signature names; keys added with
/// [`TrustStore::add_jwks_from_jku`] only for signatures naming that `jku`. This crate
/// never fetches a URL itself: fetch the key set yourself (over HTTPS) and add it, or give
/// the verifier a [`JwksFetcher`](super::JwksFetcher).
///
/// ```
/// use a2a_card::sign::{Algorithm, SigningKey, TrustStore};
///
/// let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
/// let store = TrustStore::new().with_key(key.trusted_key("k1"));
/// assert_eq!(store.keys().len(), 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct TrustStore {
    keys: Vec<TrustedKey>,
    allowed_jku: BTreeSet<String>,
    skipped: Vec<String>,
}

impl TrustStore {
    /// An empty store: nothing verifies until keys are added.
    ///
    /// ```
    /// assert!(a2a_card::sign::TrustStore::new().keys().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The store with one more key.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey, TrustStore};
    /// let key = SigningKey::generate(Algorithm::EdDsa).unwrap().trusted_key("k1");
    /// assert_eq!(TrustStore::new().with_key(key).keys()[0].kid(), "k1");
    /// ```
    pub fn with_key(mut self, key: TrustedKey) -> Self {
        self.keys.push(key);
        self
    }

    /// Reads a JWKS document (`{"keys": [...]}`); see [`TrustStore::add_jwks`].
    ///
    /// ```
    /// let store = a2a_card::sign::TrustStore::from_jwks_json(br#"{"keys": []}"#).unwrap();
    /// assert!(store.keys().is_empty());
    /// ```
    pub fn from_jwks_json(bytes: &[u8]) -> Result<Self, KeyError> {
        let mut store = Self::new();
        store.add_jwks(&Jwks::from_json(bytes)?)?;
        Ok(store)
    }

    /// Adds the signing keys of a key set. Keys for another use (`"use": "enc"`), without a
    /// `kid`, or of a type or algorithm this crate does not verify (ES384, ...) are left out
    /// and listed by [`TrustStore::skipped`]; a malformed key of a supported type is an error.
    ///
    /// ```
    /// use a2a_card::sign::{Jwks, TrustStore};
    /// let jwks = Jwks::from_json(br#"{"keys": [{"kty": "EC", "crv": "P-384", "kid": "old"}]}"#).unwrap();
    /// let mut store = TrustStore::new();
    /// store.add_jwks(&jwks).unwrap();
    /// assert!(store.keys().is_empty());
    /// assert!(store.skipped()[0].contains("P-384"));
    /// ```
    pub fn add_jwks(&mut self, jwks: &Jwks) -> Result<(), KeyError> {
        self.add_jwks_scoped(jwks, None)
    }

    /// Adds a key set fetched (by the caller) from `jku`, and allows that URL: its keys are
    /// trusted only for signatures whose protected header names this `jku`.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, Jwks, SigningKey, TrustStore};
    /// let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    /// let jwks = Jwks { keys: vec![key.public_jwk("k1")] };
    /// let mut store = TrustStore::new();
    /// store.add_jwks_from_jku("https://agent.example.com/jwks.json", &jwks).unwrap();
    /// assert_eq!(store.keys()[0].jku(), Some("https://agent.example.com/jwks.json"));
    /// assert!(store.is_jku_allowed("https://agent.example.com/jwks.json"));
    /// ```
    pub fn add_jwks_from_jku(&mut self, jku: &str, jwks: &Jwks) -> Result<(), KeyError> {
        self.allowed_jku.insert(jku.to_owned());
        self.add_jwks_scoped(jwks, Some(jku))
    }

    /// Allows a key set URL: a signature naming it whose key is not in the store may have
    /// its key fetched by the verifier's [`JwksFetcher`](super::JwksFetcher).
    ///
    /// ```
    /// let store = a2a_card::sign::TrustStore::new().allow_jku("https://a.example/jwks.json");
    /// assert!(store.is_jku_allowed("https://a.example/jwks.json"));
    /// assert!(!store.is_jku_allowed("https://evil.example/jwks.json"));
    /// ```
    pub fn allow_jku(mut self, jku: &str) -> Self {
        self.allowed_jku.insert(jku.to_owned());
        self
    }

    /// Whether `jku` is on the allowlist (exact match).
    ///
    /// ```
    /// assert!(!a2a_card::sign::TrustStore::new().is_jku_allowed("https://a.example/jwks.json"));
    /// ```
    pub fn is_jku_allowed(&self, jku: &str) -> bool {
        self.allowed_jku.contains(jku)
    }

    /// The trusted keys.
    ///
    /// ```
    /// assert!(a2a_card::sign::TrustStore::new().keys().is_empty());
    /// ```
    pub fn keys(&self) -> &[TrustedKey] {
        &self.keys
    }

    /// Why keys of the key sets added were left out, one sentence each.
    ///
    /// ```
    /// assert!(a2a_card::sign::TrustStore::new().skipped().is_empty());
    /// ```
    pub fn skipped(&self) -> &[String] {
        &self.skipped
    }

    /// The keys for a signature's `kid`, `jku` and algorithm: plainly trusted keys, or ones
    /// loaded from that very `jku`, in the store's order and at most
    /// [`MAX_KEYS_PER_KID`] of them. Several keys may share a kid (a key set mid-rotation,
    /// or two sets merged): each is tried, so a stale key listed first cannot make a valid
    /// signature fail. When no key of that kid has the algorithm, the first key of the kid
    /// is returned alone, so the verifier can say the algorithms differ.
    pub(crate) fn find(
        &self,
        kid: &str,
        jku: Option<&str>,
        algorithm: Algorithm,
    ) -> Vec<&TrustedKey> {
        let candidates = || {
            self.keys
                .iter()
                .filter(|key| key.kid == kid && (key.jku.is_none() || key.jku.as_deref() == jku))
        };
        let matching: Vec<&TrustedKey> = candidates()
            .filter(|key| key.algorithm == algorithm)
            .take(MAX_KEYS_PER_KID)
            .collect();
        if matching.is_empty() {
            return candidates().take(1).collect();
        }
        matching
    }

    /// The kids that more than one key of the store carries, each once, sorted. Signatures
    /// naming one of them are checked with each such key (up to [`MAX_KEYS_PER_KID`]); a
    /// repeated kid is usually a mistake worth a warning at start-up.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey, TrustStore};
    /// let one = SigningKey::generate(Algorithm::EdDsa).unwrap();
    /// let two = SigningKey::generate(Algorithm::EdDsa).unwrap();
    /// let store = TrustStore::new()
    ///     .with_key(one.trusted_key("k1"))
    ///     .with_key(two.trusted_key("k1"))
    ///     .with_key(two.trusted_key("k2"));
    /// assert_eq!(store.repeated_kids(), ["k1"]);
    /// ```
    pub fn repeated_kids(&self) -> Vec<String> {
        repeated(self.keys.iter().map(TrustedKey::kid))
    }

    /// The kids in the store, for messages.
    pub(crate) fn kid_list(&self) -> String {
        if self.keys.is_empty() {
            return "none".to_owned();
        }
        self.keys
            .iter()
            .map(|key| format!("{:?}", key.kid))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn add_jwks_scoped(&mut self, jwks: &Jwks, jku: Option<&str>) -> Result<(), KeyError> {
        for (index, jwk) in jwks.keys.iter().enumerate() {
            let name = match &jwk.kid {
                Some(kid) => format!("key {index} (kid {kid:?})"),
                None => format!("key {index}"),
            };
            if let Some(key_use) = jwk.key_use.as_deref().filter(|u| *u != "sig") {
                self.skipped
                    .push(format!("{name}: use {key_use:?}, not for signatures"));
                continue;
            }
            match TrustedKey::from_jwk(jwk) {
                Ok(mut key) => {
                    key.jku = jku.map(str::to_owned);
                    self.keys.push(key);
                }
                Err(KeyError::UnsupportedKey(why) | KeyError::Algorithm(why)) => {
                    self.skipped.push(format!("{name}: {why}"));
                }
                Err(KeyError::Jwk(why)) if jwk.kid.is_none() => {
                    self.skipped.push(format!("{name}: {why}"));
                }
                Err(source) => {
                    return Err(KeyError::InJwks {
                        index,
                        kid: jwk.kid.clone(),
                        source: Box::new(source),
                    });
                }
            }
        }
        Ok(())
    }
}
