//! JSON Web Keys (RFC 7517) and key sets, as far as card signatures need them.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::KeyError;

/// One JSON Web Key: public members, optional private members, and `kid`, `alg`, `use`.
///
/// `Debug` shows the key's type and id, never a private member.
///
/// ```
/// use a2a_card::sign::Jwk;
///
/// let jwk: Jwk = serde_json::from_str(r#"{"kty": "OKP", "crv": "Ed25519",
///     "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "d": "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
///     "kid": "k1"}"#).unwrap();
/// assert!(jwk.is_private());
/// let shown = format!("{jwk:?}");
/// assert!(shown.contains("k1") && !shown.contains("nWGx"));
/// ```
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Jwk {
    /// Key type: `EC`, `OKP` or `RSA`.
    pub kty: String,
    /// Intended use; `sig` for signing keys.
    #[serde(rename = "use", default, skip_serializing_if = "Option::is_none")]
    pub key_use: Option<String>,
    /// The algorithm the key is for (`ES256`, `EdDSA`, `RS256`, `PS256`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alg: Option<String>,
    /// Key id, matched against the `kid` of a signature's protected header.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kid: Option<String>,
    /// Curve of an `EC` (`P-256`) or `OKP` (`Ed25519`) key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crv: Option<String>,
    /// Public `x` coordinate (EC) or public key (OKP), base64url.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<String>,
    /// Public `y` coordinate (EC), base64url.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<String>,
    /// RSA modulus, base64url.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<String>,
    /// RSA public exponent, base64url.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e: Option<String>,
    /// Private scalar (EC), seed (OKP) or private exponent (RSA). Secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d: Option<String>,
    /// First RSA prime. Secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<String>,
    /// Second RSA prime. Secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    /// Other members (`dp`, `dq`, `qi`, `x5c`, ...), kept as they are. May hold secrets.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl Jwk {
    /// Whether the key has private members (`d`).
    ///
    /// ```
    /// assert!(!a2a_card::sign::Jwk::default().is_private());
    /// ```
    pub fn is_private(&self) -> bool {
        self.d.is_some()
    }
}

impl fmt::Debug for Jwk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Public members are fine to show; private ones and unknown members are not.
        f.debug_struct("Jwk")
            .field("kty", &self.kty)
            .field("crv", &self.crv)
            .field("kid", &self.kid)
            .field("alg", &self.alg)
            .field("use", &self.key_use)
            .field("private", &self.is_private())
            .finish_non_exhaustive()
    }
}

/// A JSON Web Key Set: `{"keys": [...]}`.
///
/// ```
/// use a2a_card::sign::{Algorithm, Jwks, SigningKey};
///
/// let key = SigningKey::generate(Algorithm::Es256).unwrap();
/// let jwks = Jwks { keys: vec![key.public_jwk("2026-01")] };
/// let text = jwks.to_json_pretty();
/// assert_eq!(Jwks::from_json(text.as_bytes()).unwrap(), jwks);
/// assert!(!text.contains("\"d\""));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Jwks {
    /// The keys, in file order.
    pub keys: Vec<Jwk>,
}

impl Jwks {
    /// Reads a JWKS document.
    ///
    /// ```
    /// let err = a2a_card::sign::Jwks::from_json(b"[]").unwrap_err();
    /// assert!(err.to_string().starts_with("not a JWKS document"));
    /// ```
    pub fn from_json(bytes: &[u8]) -> Result<Self, KeyError> {
        // serde's own message can quote a value of the document, which may be a secret, so
        // only the kind of problem and its place are reported.
        serde_json::from_slice(bytes).map_err(|e| {
            let what = match e.classify() {
                serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                    "not valid JSON"
                }
                _ => "a member has the wrong type or is missing",
            };
            KeyError::Jwks(format!("{what} at line {} column {}", e.line(), e.column()))
        })
    }

    /// The set as indented JSON, for a file people read.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::Jwks::default().to_json_pretty(), "{\n  \"keys\": []\n}");
    /// ```
    pub fn to_json_pretty(&self) -> String {
        // Strings and JSON values always serialize.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
