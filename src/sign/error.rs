//! Errors of key loading, signing and verification. No message ever contains key material.

use super::algorithm::Algorithm;

/// A key cannot be read, generated or used with the asked algorithm.
///
/// ```
/// let err = a2a_card::sign::SigningKey::from_pkcs8_pem("not a key").unwrap_err();
/// assert_eq!(err.to_string(), "cannot read the key: not a PEM document");
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// The PEM text is not a supported key document.
    #[error("cannot read the key: {0}")]
    Pem(String),
    /// A JWK member is missing or malformed.
    #[error("malformed JWK: {0}")]
    Jwk(String),
    /// The key's type or size is not one this crate signs or verifies with.
    #[error("unsupported key: {0}")]
    UnsupportedKey(String),
    /// The key cannot be used with the algorithm asked for.
    #[error("{key} cannot be used with {algorithm}")]
    AlgorithmMismatch {
        /// What the key is (`an Ed25519 key`).
        key: &'static str,
        /// The algorithm asked for.
        algorithm: Algorithm,
    },
    /// A JWK's `alg` is missing where the key type does not imply one, or unsupported.
    #[error("JWK `alg`: {0}")]
    Algorithm(String),
    /// The operating system's random number generator failed.
    #[error("cannot generate a key: {0}")]
    Random(String),
    /// A JWKS document is not `{"keys": [...]}`.
    #[error("not a JWKS document ({{\"keys\": [...]}}): {0}")]
    Jwks(String),
    /// One key of a JWKS cannot be used.
    #[error("key {index} of the JWKS{}: {source}", kid_suffix(kid))]
    InJwks {
        /// Position of the key in `keys`.
        index: usize,
        /// The key's `kid`, when it has one.
        kid: Option<String>,
        /// What is wrong with it.
        source: Box<KeyError>,
    },
}

fn kid_suffix(kid: &Option<String>) -> String {
    kid.as_ref()
        .map(|k| format!(" (kid {k:?})"))
        .unwrap_or_default()
}

/// A card cannot be signed.
///
/// ```
/// use a2a_card::sign::{Algorithm, CardSigner, SignError, SigningKey};
///
/// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "");
/// let err = signer.sign(&a2a_card::AgentCard::default()).unwrap_err();
/// assert_eq!(err, SignError::EmptyKid);
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SignError {
    /// The protected header needs a `kid` so verifiers can find the key.
    #[error("the key id (kid) is empty; verifiers find the key by it")]
    EmptyKid,
    /// The signature primitive failed (for PS256, the random number generator).
    #[error("{algorithm} signing failed: {reason}")]
    Crypto {
        /// The algorithm that failed.
        algorithm: Algorithm,
        /// What the primitive said.
        reason: String,
    },
}

/// Why a card's signatures do not verify. Messages name the place in the card as a JSON
/// pointer (`/signatures/0/protected`).
///
/// ```
/// use a2a_card::sign::{CardVerifier, TrustStore, VerifyError};
///
/// let verifier = CardVerifier::new(TrustStore::new());
/// let err = verifier.verify(&a2a_card::AgentCard::default()).unwrap_err();
/// assert_eq!(err, VerifyError::NoSignatures);
/// assert!(err.to_string().contains("/signatures"));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// The card has no signature at all.
    #[error("/signatures: the card is not signed (no signatures)")]
    NoSignatures,
    /// The card carries fields outside the v1.0 proto and the verifier refuses them.
    #[error(
        "the card has fields outside the v1.0 proto, which proto-based readers drop, so no \
         signature they check covers them: {}; remove them or verify without refusing unsigned \
         fields",
        pointers.join(", ")
    )]
    UnsignedFields {
        /// JSON pointers of the unsigned fields.
        pointers: Vec<String>,
    },
    /// The protected header cannot be decoded or lacks `alg` or `kid`.
    #[error("/signatures/{index}/protected: the protected header {problem}")]
    MalformedHeader {
        /// Index in `signatures`.
        index: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// The header's `alg` is not one the verifier accepts.
    #[error("/signatures/{index}/protected: algorithm {alg:?} is not allowed (allowed: {allowed})")]
    AlgorithmNotAllowed {
        /// Index in `signatures`.
        index: usize,
        /// The `alg` of the header.
        alg: String,
        /// The algorithms the verifier accepts.
        allowed: String,
    },
    /// The header's `kid` is not in the trust store and its `jku` is not on the allowlist.
    #[error(
        "/signatures/{index}/protected: kid {kid:?} is not a trusted key and jku {jku:?} is not \
         on the allowlist; keys come only from the trust store and allowlisted key set URLs"
    )]
    JkuNotAllowed {
        /// Index in `signatures`.
        index: usize,
        /// The `kid` of the header.
        kid: String,
        /// The `jku` of the header.
        jku: String,
    },
    /// The `jku` is allowlisted but its key set was neither loaded nor fetchable.
    #[error(
        "/signatures/{index}/protected: jku {jku:?} is allowlisted but its key set was not \
         loaded; this crate does not fetch URLs itself: add the set with \
         TrustStore::add_jwks_from_jku or give the verifier a JwksFetcher"
    )]
    JkuNotLoaded {
        /// Index in `signatures`.
        index: usize,
        /// The `jku` of the header.
        jku: String,
    },
    /// The verifier's [`JwksFetcher`](super::JwksFetcher) failed for an allowlisted `jku`.
    #[error("/signatures/{index}/protected: cannot fetch the key set at jku {jku:?}: {reason}")]
    JkuFetch {
        /// Index in `signatures`.
        index: usize,
        /// The `jku` of the header.
        jku: String,
        /// What the fetcher said.
        reason: String,
    },
    /// No trusted key has the header's `kid` (for its `jku`, when it names one).
    #[error(
        "/signatures/{index}/protected: kid {kid:?} is not a trusted key (trusted kids: {known})"
    )]
    UnknownKid {
        /// Index in `signatures`.
        index: usize,
        /// The `kid` of the header.
        kid: String,
        /// The kids the trust store has, for the message.
        known: String,
    },
    /// The trusted key with that `kid` is for another algorithm than the header's.
    #[error(
        "/signatures/{index}/protected: key {kid:?} is trusted for {key_alg}, but the header \
         says {alg}"
    )]
    KeyAlgorithmMismatch {
        /// Index in `signatures`.
        index: usize,
        /// The `kid` of the header.
        kid: String,
        /// The header's algorithm.
        alg: Algorithm,
        /// The algorithm the key is trusted for.
        key_alg: Algorithm,
    },
    /// The `signature` member is not base64url.
    #[error("/signatures/{index}/signature: not base64url")]
    MalformedSignature {
        /// Index in `signatures`.
        index: usize,
    },
    /// The signature does not match the card's canonical payload, in any accepted form, with
    /// the trusted key.
    #[error(
        "/signatures/{index}: the {alg} signature by key {kid:?} does not match the card{}; \
         the card was changed after signing, or was signed over another canonical form",
        in_forms(forms)
    )]
    PayloadMismatch {
        /// Index in `signatures`.
        index: usize,
        /// The `kid` of the header.
        kid: String,
        /// The header's algorithm.
        alg: Algorithm,
        /// The canonical forms tried, comma-separated (empty for a detached JWS).
        forms: String,
    },
    /// Several signatures, none valid: why each failed.
    #[error("none of the {} signatures verifies: {}", failures.len(), list(failures))]
    NoneValid {
        /// One error per signature, in card order.
        failures: Vec<VerifyError>,
    },
}

fn in_forms(forms: &str) -> String {
    if forms.is_empty() {
        String::new()
    } else {
        format!(" in any accepted form ({forms})")
    }
}

fn list(failures: &[VerifyError]) -> String {
    failures
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

debug_as_display!(KeyError, SignError, VerifyError);
