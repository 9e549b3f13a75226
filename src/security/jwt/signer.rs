//! [`JwtSigner`]: makes compact JWTs with a [`SigningKey`], for tests, benchmarks, examples
//! and small issuers of service tokens.

use serde_json::{Map, Value};

use crate::sign::{SignError, SigningKey};

use crate::base64url;

/// Signs JWTs: header `{"alg", "typ": "JWT", "kid"?}` plus any parameters added, the claims
/// as given.
///
/// `Debug` never shows the key.
///
/// ```
/// use a2a_card::security::jwt::JwtSigner;
/// use a2a_card::sign::{Algorithm, SigningKey};
///
/// let signer = JwtSigner::new(SigningKey::generate(Algorithm::Es256)?).kid("k1");
/// let token = signer.sign(&serde_json::json!({"iss": "https://id.example", "sub": "alice"}))?;
/// assert_eq!(token.split('.').count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct JwtSigner {
    key: SigningKey,
    header: Map<String, Value>,
}

impl JwtSigner {
    /// A signer with `key`; the header's `alg` is the key's algorithm.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, SigningKey};
    /// let signer = a2a_card::security::jwt::JwtSigner::new(SigningKey::generate(Algorithm::EdDsa)?);
    /// # let _ = signer;
    /// # Ok::<(), a2a_card::sign::KeyError>(())
    /// ```
    pub fn new(key: SigningKey) -> Self {
        let mut header = Map::new();
        header.insert("alg".into(), key.algorithm().as_str().into());
        header.insert("typ".into(), "JWT".into());
        JwtSigner { key, header }
    }

    /// Names the key in the header (`kid`), so verifiers find it in their key set.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// let signer = a2a_card::security::jwt::JwtSigner::new(SigningKey::generate(Algorithm::EdDsa)?).kid("2026-01");
    /// # let _ = signer;
    /// # Ok::<(), a2a_card::sign::KeyError>(())
    /// ```
    pub fn kid(self, kid: impl Into<String>) -> Self {
        self.header_param("kid", Value::String(kid.into()))
    }

    /// Sets any header parameter, `alg` included: the signature is still made with the
    /// key's own algorithm, so a different `alg` makes a token verifiers must refuse (which
    /// is what tests need).
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// let signer = a2a_card::security::jwt::JwtSigner::new(SigningKey::generate(Algorithm::EdDsa)?)
    ///     .header_param("typ", "at+jwt".into());
    /// # let _ = signer;
    /// # Ok::<(), a2a_card::sign::KeyError>(())
    /// ```
    pub fn header_param(mut self, name: impl Into<String>, value: Value) -> Self {
        self.header.insert(name.into(), value);
        self
    }

    /// The compact JWT `header.payload.signature` carrying `claims`.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, SigningKey};
    /// let signer = a2a_card::security::jwt::JwtSigner::new(SigningKey::generate(Algorithm::Es256)?);
    /// let token = signer.sign(&serde_json::json!({"sub": "alice"}))?;
    /// assert!(token.starts_with("eyJ"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sign(&self, claims: &Value) -> Result<String, SignError> {
        // JSON values always serialize.
        let header = base64url::encode(serde_json::to_vec(&self.header).unwrap_or_default());
        let payload = base64url::encode(serde_json::to_vec(claims).unwrap_or_default());
        let input = format!("{header}.{payload}");
        let signature =
            self.key
                .sign_bytes(input.as_bytes())
                .map_err(|reason| SignError::Crypto {
                    algorithm: self.key.algorithm(),
                    reason,
                })?;
        Ok(format!("{input}.{}", base64url::encode(&signature)))
    }
}
