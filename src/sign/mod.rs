//! Agent Card signatures (A2A §8.4): the RFC 8785 canonical payload, detached JWS signing
//! and verification against a trust store the verifier chooses, and key loading and
//! generation. Feature `sign` (the `a2a-card-cli` package turns it on); pure-Rust crypto (RustCrypto),
//! no OpenSSL.
//!
//! - The payload is the card as written ([`CardDocument`]) without `signatures`, with the
//!   §8.4.1 presence rules applied to the members it has, canonicalized with RFC 8785
//!   ([`CardDocument::payload`], [`canonical_payload`]); other forms are signed and accepted
//!   too ([`PayloadForm`]).
//! - A signature is `{"protected": BASE64URL(header), "signature": BASE64URL(sig)}` where
//!   `sig` signs `protected || '.' || BASE64URL(payload)` and the header is
//!   `{"alg", "typ": "JOSE", "kid", "jku"?}` ([`CardSigner`]).
//! - A card verifies when at least one signature verifies with a trusted key of the same
//!   `kid` and algorithm ([`CardVerifier`], [`TrustStore`]). `jku` is never fetched by this
//!   crate: a signature naming a `jku` needs its key in the store, or the `jku` allowlisted
//!   and a [`JwksFetcher`] supplied by the caller.
//!
//! Algorithms: ES256, EdDSA (Ed25519), RS256, PS256. Keys: PKCS#8 PEM or JWK for signing,
//! JWK/JWKS or SubjectPublicKeyInfo PEM for verifying.
//!
//! ```
//! use a2a_card::AgentCard;
//! use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, Jwks, SigningKey, TrustStore};
//!
//! // The publisher: one key, its public half in a JWKS.
//! let key = SigningKey::generate(Algorithm::EdDsa)?;
//! let jwks = Jwks { keys: vec![key.public_jwk("2026-01")] }.to_json_pretty();
//! let signer = CardSigner::new(key, "2026-01");
//! let card = AgentCard::from_json_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json")))?;
//! let served = signer.sign(&card)?.to_json_vec();
//!
//! // A client: its own trust store, the card as received.
//! let verifier = CardVerifier::new(TrustStore::from_jwks_json(jwks.as_bytes())?);
//! let received = AgentCard::from_json_slice(&served)?;
//! let verified = verifier.verify(&received)?;
//! assert_eq!((verified.kid.as_str(), verified.algorithm), ("2026-01", Algorithm::EdDsa));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod algorithm;
mod canonical;
mod card_verifier;
mod document;
mod error;
mod header;
mod jwk;
mod keys;
pub(crate) mod material;
mod signer;
pub(crate) mod trust;

pub use algorithm::{Algorithm, UnsupportedAlgorithmError};
pub use canonical::{
    PayloadForm, UnknownPayloadFormError, canonical_payload, canonicalize, payload_in_form,
    uncovered_in_form, unsigned_fields,
};
pub use card_verifier::{CardVerifier, JwksFetcher, VerifiedSignature};
pub use document::CardDocument;
pub use error::{KeyError, SignError, VerifyError};
pub use jwk::{Jwk, Jwks};
pub use keys::SigningKey;
pub use signer::CardSigner;
pub use trust::{MAX_KEYS_PER_KID, TrustStore, TrustedKey};
