//! The keys a [`JwtVerifier`](super::JwtVerifier) checks signatures with, looked up by the
//! token's `kid` and held to one algorithm each.

use crate::sign::{Algorithm, Jwks, MAX_KEYS_PER_KID, TrustedKey};

use super::error::JwtError;
use super::signature::{KeyFingerprint, TokenKey};

/// One trusted key, ready to check signatures; `kid` is `None` for a JWK published without
/// one.
#[derive(Debug, Clone)]
struct JwtKey {
    kid: Option<String>,
    key: TokenKey,
}

/// What a lookup found.
#[derive(Debug)]
pub(crate) enum Lookup<'k> {
    /// The keys for the token, its algorithm the header's: one, or (a kid repeated in the
    /// set) each key of that kid and algorithm, at most [`MAX_KEYS_PER_KID`].
    Found(Vec<&'k TokenKey>),
    /// A key of that kid exists, for another algorithm than the header's.
    OtherAlgorithm,
    /// No key has the kid (or the token has none and the set has several keys).
    Unknown,
}

/// A usable set of verification keys, and why keys of the JWKS were left out.
#[derive(Debug, Clone, Default)]
pub(crate) struct KeySet {
    keys: Vec<JwtKey>,
    pub(crate) skipped: Vec<String>,
}

impl KeySet {
    pub(crate) fn from_trusted(keys: impl IntoIterator<Item = TrustedKey>) -> Self {
        KeySet {
            keys: keys
                .into_iter()
                .map(|key| JwtKey {
                    kid: Some(key.kid().to_owned()),
                    key: TokenKey::new(&key),
                })
                .collect(),
            skipped: Vec::new(),
        }
    }

    /// The signing keys of a JWKS. Keys for encryption, of unsupported types or malformed
    /// are left out (an identity provider's set often holds such keys); an RSA key without
    /// `alg` is taken as RS256, the algorithm identity providers sign tokens with when
    /// they do not say (the header must then say RS256 too).
    pub(crate) fn from_jwks(jwks: &Jwks) -> Self {
        let mut set = KeySet::default();
        for (index, jwk) in jwks.keys.iter().enumerate() {
            let name = match &jwk.kid {
                Some(kid) => format!("key {index} (kid {kid:?})"),
                None => format!("key {index}"),
            };
            if let Some(key_use) = jwk.key_use.as_deref().filter(|u| *u != "sig") {
                set.skipped
                    .push(format!("{name}: use {key_use:?}, not for signatures"));
                continue;
            }
            let mut jwk = jwk.clone();
            let kid = jwk.kid.clone().filter(|kid| !kid.is_empty());
            // TrustedKey wants a kid; a key published without one gets a placeholder that
            // lookups never see (they use `kid` above).
            jwk.kid = Some(kid.clone().unwrap_or_else(|| format!("#{index}")));
            if jwk.kty == "RSA" && jwk.alg.is_none() {
                jwk.alg = Some(Algorithm::Rs256.as_str().to_owned());
            }
            match TrustedKey::from_jwk(&jwk) {
                Ok(key) => set.keys.push(JwtKey {
                    kid,
                    key: TokenKey::new(&key),
                }),
                Err(error) => set.skipped.push(format!("{name}: {error}")),
            }
        }
        set
    }

    /// The set, or an error naming why no key could be used.
    pub(crate) fn usable(self) -> Result<Self, JwtError> {
        if self.keys.is_empty() {
            return Err(JwtError::NoUsableKey {
                skipped: self.skipped,
            });
        }
        Ok(self)
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The key for a token's `kid` and `alg`. A token without `kid` is checked with the
    /// set's key only when the set holds exactly one: with several, trying each would let
    /// one token cost many signature checks.
    pub(crate) fn find(&self, kid: Option<&str>, alg: Algorithm) -> Lookup<'_> {
        let mut candidates: Vec<&JwtKey> = match kid {
            Some(kid) => self
                .keys
                .iter()
                .filter(|k| k.kid.as_deref() == Some(kid))
                .collect(),
            None if self.keys.len() == 1 => self.keys.iter().collect(),
            None => Vec::new(),
        };
        if candidates.is_empty() {
            return Lookup::Unknown;
        }
        candidates.retain(|k| k.key.algorithm() == alg);
        if candidates.is_empty() {
            return Lookup::OtherAlgorithm;
        }
        Lookup::Found(
            candidates
                .into_iter()
                .take(MAX_KEYS_PER_KID)
                .map(|k| &k.key)
                .collect(),
        )
    }

    /// Whether the key a token was verified with (its kid and algorithm, the key's
    /// fingerprint) is still one the token would be checked with: a cached token counts
    /// only while it is.
    pub(crate) fn holds(&self, kid: Option<&str>, alg: Algorithm, key: &KeyFingerprint) -> bool {
        match self.find(kid, alg) {
            Lookup::Found(candidates) => candidates.iter().any(|k| k.fingerprint() == key),
            Lookup::OtherAlgorithm | Lookup::Unknown => false,
        }
    }

    /// The kids more than one key of the set carries, each once, sorted.
    pub(crate) fn repeated_kids(&self) -> Vec<String> {
        crate::sign::trust::repeated(self.keys.iter().filter_map(|k| k.kid.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sign::SigningKey;

    #[test]
    fn lookups_by_kid_and_algorithm() {
        let ec = SigningKey::generate(Algorithm::Es256).unwrap();
        let ed = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let mut unnamed = ed.public_jwk("x");
        unnamed.kid = None;
        let mut enc = ec.public_jwk("enc");
        enc.key_use = Some("enc".into());
        let set = KeySet::from_jwks(&Jwks {
            keys: vec![ec.public_jwk("a"), enc],
        });
        assert_eq!(set.len(), 1);
        assert!(set.skipped[0].contains("enc"));
        assert!(matches!(
            set.find(Some("a"), Algorithm::Es256),
            Lookup::Found(_)
        ));
        assert!(matches!(set.find(None, Algorithm::Es256), Lookup::Found(_)));
        assert!(matches!(
            set.find(Some("a"), Algorithm::EdDsa),
            Lookup::OtherAlgorithm
        ));
        assert!(matches!(
            set.find(Some("b"), Algorithm::Es256),
            Lookup::Unknown
        ));

        let two = KeySet::from_jwks(&Jwks {
            keys: vec![ec.public_jwk("a"), unnamed],
        });
        assert_eq!(two.len(), 2);
        assert!(matches!(two.find(None, Algorithm::EdDsa), Lookup::Unknown));
        assert!(matches!(
            two.find(Some("#1"), Algorithm::EdDsa),
            Lookup::Unknown
        ));
        assert!(KeySet::default().usable().is_err());
    }

    #[test]
    fn every_key_of_a_repeated_kid_is_a_candidate() {
        let keys: Vec<SigningKey> = (0..10)
            .map(|_| SigningKey::generate(Algorithm::EdDsa).unwrap())
            .collect();
        let mut jwks: Vec<_> = keys.iter().map(|k| k.public_jwk("k1")).collect();
        jwks.push(keys[0].public_jwk("k2"));
        let set = KeySet::from_jwks(&Jwks { keys: jwks });
        assert_eq!(set.repeated_kids(), ["k1"]);
        match set.find(Some("k1"), Algorithm::EdDsa) {
            Lookup::Found(found) => assert_eq!(found.len(), MAX_KEYS_PER_KID),
            other => panic!("{other:?}"),
        }
        match set.find(Some("k2"), Algorithm::EdDsa) {
            Lookup::Found(found) => assert_eq!(found.len(), 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rsa_keys_without_alg_are_rs256() {
        let rsa = SigningKey::generate(Algorithm::Rs256).unwrap();
        let mut jwk = rsa.public_jwk("r");
        jwk.alg = None;
        let set = KeySet::from_jwks(&Jwks { keys: vec![jwk] });
        assert!(matches!(
            set.find(Some("r"), Algorithm::Rs256),
            Lookup::Found(_)
        ));
        assert!(matches!(
            set.find(Some("r"), Algorithm::Ps256),
            Lookup::OtherAlgorithm
        ));
    }

    #[test]
    fn trusted_keys_are_found_by_their_kid() {
        let ec = SigningKey::generate(Algorithm::Es256).unwrap();
        let ed = SigningKey::generate(Algorithm::EdDsa).unwrap();
        let set = KeySet::from_trusted([ec.trusted_key("a"), ed.trusted_key("b")]);
        assert_eq!(set.len(), 2);
        assert!(matches!(
            set.find(Some("a"), Algorithm::Es256),
            Lookup::Found(found) if found.len() == 1
        ));
        assert!(matches!(
            set.find(Some("b"), Algorithm::EdDsa),
            Lookup::Found(_)
        ));
        assert!(matches!(
            set.find(Some("b"), Algorithm::Es256),
            Lookup::OtherAlgorithm
        ));
        assert!(set.skipped.is_empty());
        assert!(set.usable().is_ok());
    }

    #[test]
    fn only_rsa_keys_without_alg_get_rs256() {
        // An RSA key that names PS256 keeps it; an EC key without alg is not made RS256.
        let rsa = SigningKey::generate(Algorithm::Ps256).unwrap();
        let ec = SigningKey::generate(Algorithm::Es256).unwrap();
        let mut ec_jwk = ec.public_jwk("e");
        ec_jwk.alg = None;
        let set = KeySet::from_jwks(&Jwks {
            keys: vec![rsa.public_jwk("p"), ec_jwk],
        });
        assert!(set.skipped.is_empty(), "{:?}", set.skipped);
        assert!(matches!(
            set.find(Some("p"), Algorithm::Ps256),
            Lookup::Found(_)
        ));
        assert!(matches!(
            set.find(Some("p"), Algorithm::Rs256),
            Lookup::OtherAlgorithm
        ));
        assert!(matches!(
            set.find(Some("e"), Algorithm::Es256),
            Lookup::Found(_)
        ));
    }
}
