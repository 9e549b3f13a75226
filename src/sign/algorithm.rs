//! The JWS algorithms a card can be signed with (RFC 7518 §3, RFC 8037 for EdDSA).

use std::fmt;
use std::str::FromStr;

/// A JWS `alg` this crate signs and verifies with.
///
/// The names are the JOSE ones, case-sensitive as RFC 7515 requires.
///
/// ```
/// use a2a_card::sign::Algorithm;
///
/// let alg: Algorithm = "EdDSA".parse().unwrap();
/// assert_eq!(alg, Algorithm::EdDsa);
/// assert_eq!(Algorithm::Es256.to_string(), "ES256");
/// assert!("es256".parse::<Algorithm>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// ECDSA with P-256 and SHA-256; the signature is the 64-byte `R || S`. Deterministic
    /// (RFC 6979), so a card signed twice with the same key gives the same bytes.
    Es256,
    /// Ed25519 (RFC 8037). Deterministic.
    EdDsa,
    /// RSASSA-PKCS1-v1_5 with SHA-256. Deterministic.
    Rs256,
    /// RSASSA-PSS with SHA-256 and a 32-byte salt. Randomized: every signature differs.
    Ps256,
}

impl Algorithm {
    /// Every supported algorithm, in the order they are listed to people.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::Algorithm::ALL.len(), 4);
    /// ```
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Es256,
        Algorithm::EdDsa,
        Algorithm::Rs256,
        Algorithm::Ps256,
    ];

    /// The JOSE name, as written in the `alg` header parameter and in a JWK.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::Algorithm::Ps256.as_str(), "PS256");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Algorithm::Es256 => "ES256",
            Algorithm::EdDsa => "EdDSA",
            Algorithm::Rs256 => "RS256",
            Algorithm::Ps256 => "PS256",
        }
    }

    /// Whether this algorithm signs with an RSA key (RS256 and PS256 share key material).
    ///
    /// ```
    /// assert!(a2a_card::sign::Algorithm::Ps256.uses_rsa());
    /// ```
    pub fn uses_rsa(self) -> bool {
        matches!(self, Algorithm::Rs256 | Algorithm::Ps256)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An `alg` value this crate does not sign or verify with.
///
/// ```
/// let err = "HS256".parse::<a2a_card::sign::Algorithm>().unwrap_err();
/// assert!(err.to_string().contains("HS256"));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error("unsupported algorithm {0:?}; supported: ES256, EdDSA, RS256, PS256")]
pub struct UnsupportedAlgorithmError(pub String);

impl FromStr for Algorithm {
    type Err = UnsupportedAlgorithmError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|alg| alg.as_str() == name)
            .ok_or_else(|| UnsupportedAlgorithmError(name.to_owned()))
    }
}

debug_as_display!(UnsupportedAlgorithmError);
