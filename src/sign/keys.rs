//! Private signing keys: loading (PKCS#8 PEM, JWK), generation and export.

use std::fmt;

use super::algorithm::Algorithm;
use super::error::KeyError;
use super::jwk::Jwk;
use super::material::PrivateMaterial;
use super::trust::TrustedKey;

/// A private key and the algorithm it signs with: P-256 (ES256), Ed25519 (EdDSA) or RSA of
/// at least 2048 bits (RS256 or PS256).
///
/// `Debug` shows the algorithm only, never the key.
///
/// ```
/// use a2a_card::sign::{Algorithm, SigningKey};
///
/// let key = SigningKey::generate(Algorithm::Es256)?;
/// let pem = key.to_pkcs8_pem()?;
/// assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"));
/// let again = SigningKey::from_pkcs8_pem(&pem)?;
/// assert_eq!(again.public_jwk("k"), key.public_jwk("k"));
/// assert_eq!(format!("{key:?}"), "SigningKey { algorithm: ES256, key: \"<redacted>\" }");
/// # Ok::<(), a2a_card::sign::KeyError>(())
/// ```
pub struct SigningKey {
    material: PrivateMaterial,
    algorithm: Algorithm,
}

impl SigningKey {
    /// A new random key for `algorithm` (RSA keys have 2048 bits).
    ///
    /// ```
    /// let key = a2a_card::sign::SigningKey::generate(a2a_card::sign::Algorithm::EdDsa).unwrap();
    /// assert_eq!(key.algorithm(), a2a_card::sign::Algorithm::EdDsa);
    /// ```
    pub fn generate(algorithm: Algorithm) -> Result<Self, KeyError> {
        Ok(Self {
            material: PrivateMaterial::generate(algorithm)?,
            algorithm,
        })
    }

    /// Reads an unencrypted PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`). The
    /// algorithm is the key type's: ES256, EdDSA, or RS256 for RSA (see
    /// [`SigningKey::with_algorithm`] for PS256).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let pem = SigningKey::generate(Algorithm::EdDsa).unwrap().to_pkcs8_pem().unwrap();
    /// assert_eq!(SigningKey::from_pkcs8_pem(&pem).unwrap().algorithm(), Algorithm::EdDsa);
    /// ```
    pub fn from_pkcs8_pem(pem: &str) -> Result<Self, KeyError> {
        let material = PrivateMaterial::from_pkcs8_pem(pem)?;
        Ok(Self {
            algorithm: material.key_type().natural_algorithm(),
            material,
        })
    }

    /// Reads a private JWK (`d`, and for RSA `n`, `e`, `p`, `q`). Its `alg`, when present,
    /// must suit the key type and is the algorithm used; otherwise the key type's.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, Jwk, SigningKey};
    ///
    /// // RFC 8037, appendix A.1.
    /// let jwk: Jwk = serde_json::from_str(r#"{"kty": "OKP", "crv": "Ed25519",
    ///     "d": "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
    ///     "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#).unwrap();
    /// let key = SigningKey::from_jwk(&jwk).unwrap();
    /// assert_eq!(key.algorithm(), Algorithm::EdDsa);
    /// assert_eq!(key.public_jwk("k").x, jwk.x);
    /// ```
    pub fn from_jwk(jwk: &Jwk) -> Result<Self, KeyError> {
        if !jwk.is_private() {
            return Err(KeyError::Jwk(
                "no `d` member: this is a public key; signing needs the private key".to_owned(),
            ));
        }
        let material = PrivateMaterial::from_jwk(jwk)?;
        let key = Self {
            algorithm: material.key_type().natural_algorithm(),
            material,
        };
        match &jwk.alg {
            None => Ok(key),
            Some(alg) => {
                let algorithm =
                    alg.parse()
                        .map_err(|e: super::algorithm::UnsupportedAlgorithmError| {
                            KeyError::Algorithm(e.to_string())
                        })?;
                key.with_algorithm(algorithm)
            }
        }
    }

    /// The same key signing with another algorithm; only RSA keys have a choice (RS256 or
    /// PS256).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let ec = SigningKey::generate(Algorithm::Es256).unwrap();
    /// assert!(ec.with_algorithm(Algorithm::Ps256).is_err());
    /// ```
    pub fn with_algorithm(self, algorithm: Algorithm) -> Result<Self, KeyError> {
        if !self.material.key_type().supports(algorithm) {
            return Err(KeyError::AlgorithmMismatch {
                key: self.material.key_type().describe(),
                algorithm,
            });
        }
        Ok(Self { algorithm, ..self })
    }

    /// The algorithm this key signs with.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// assert_eq!(SigningKey::generate(Algorithm::Es256).unwrap().algorithm(), Algorithm::Es256);
    /// ```
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The private key as unencrypted PKCS#8 PEM. This is the secret: store it like one.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let pem = SigningKey::generate(Algorithm::EdDsa).unwrap().to_pkcs8_pem().unwrap();
    /// assert!(pem.trim_end().ends_with("-----END PRIVATE KEY-----"));
    /// ```
    pub fn to_pkcs8_pem(&self) -> Result<String, KeyError> {
        self.material.to_pkcs8_pem()
    }

    /// The public key as a JWK with `kid`, `alg` and `use: "sig"`, for a JWKS.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let jwk = SigningKey::generate(Algorithm::Es256).unwrap().public_jwk("2026-01");
    /// assert_eq!((jwk.kty.as_str(), jwk.crv.as_deref()), ("EC", Some("P-256")));
    /// assert_eq!(jwk.alg.as_deref(), Some("ES256"));
    /// assert!(!jwk.is_private());
    /// ```
    pub fn public_jwk(&self, kid: &str) -> Jwk {
        Jwk {
            key_use: Some("sig".to_owned()),
            alg: Some(self.algorithm.as_str().to_owned()),
            kid: Some(kid.to_owned()),
            ..self.material.public().to_jwk()
        }
    }

    /// The public half as a key a [`TrustStore`](super::TrustStore) can hold.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let trusted = SigningKey::generate(Algorithm::EdDsa).unwrap().trusted_key("k1");
    /// assert_eq!(trusted.kid(), "k1");
    /// ```
    pub fn trusted_key(&self, kid: &str) -> TrustedKey {
        TrustedKey::from_parts(kid.to_owned(), self.algorithm, self.material.public())
    }

    /// The raw JWS signature of `message` with this key's algorithm.
    pub(crate) fn sign_bytes(&self, message: &[u8]) -> Result<Vec<u8>, String> {
        self.material.sign(self.algorithm, message)
    }
}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey")
            .field("algorithm", &format_args!("{}", self.algorithm))
            .field("key", &"<redacted>")
            .finish()
    }
}
