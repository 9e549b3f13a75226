//! JWT bearer tokens for the card's HTTP Bearer, OAuth 2.0 and OpenID Connect schemes
//! (feature `jwt`; fetching key sets needs feature `jwks-fetch`).
//!
//! [`JwtVerifier`] is a [`TokenVerifier`](super::TokenVerifier): give it to
//! [`Bearer`](super::Bearer) and name it as the verifier of the scheme in
//! [`CardSecurity`](super::CardSecurity). It checks the compact JWS signature with the key
//! the header's `kid` names (the `alg` must be that key's algorithm and an allowed one;
//! `none` never is), then `iss`, `aud`, `exp`, `nbf` and `iat`, and grants `sub` and the
//! scopes of `scope`/`scp`, which the card's requirements then ask for.
//!
//! Keys come from a [`JwksSource`]: keys in code, a JWKS file, or (feature `jwks-fetch`) a
//! JWKS URL, an OpenID Connect discovery document, RFC 8414 metadata, or whichever of the
//! last two the card's own scheme names ([`JwksSource::from_card`]). Fetched keys are
//! cached and refetched on an unknown `kid` at most once per minimum interval. Fetches go
//! over https only (rustls, webpki roots); plain http is allowed to a loopback address
//! when asked for, which tests use.
//!
//! [`JwtSigner`] makes tokens, for tests and examples.
//!
//! # Cheap refusals first
//!
//! Before any signature check: the size bound, the three base64url parts, the header
//! (`alg` supported and allowed, no `crit`, `typ` when required), the payload's base64url,
//! a `kid` the key set lacks. Signatures are checked with ring for ES256, RS256 and PS256
//! (several times faster than RustCrypto for P-256 and RSA), and with ed25519-dalek's
//! `verify_strict` for EdDSA.
//!
//! # The verified-token cache
//!
//! A verifier remembers the tokens that verified (on by default), so the same bearer token
//! sent again costs a SHA-256 digest and a lookup rather than a signature check:
//!
//! - keyed by the SHA-256 of the whole token, per verifier (and its clones): a token
//!   verified for one audience or issuer is never taken by another verifier;
//! - an entry ends at the token's `exp` or after
//!   [`cache_max_age`](JwtVerifierBuilder::cache_max_age) (default 5 minutes), whichever comes
//!   first, and `exp`, `nbf` and `iat` are checked again, with the leeway, on every use;
//! - an entry remembers the key that verified it (`kid`, algorithm, a digest of the public
//!   key) and counts only while the current key set still holds that key: a key rotated out
//!   of a fetched set takes its tokens with it;
//! - refusals are never cached;
//! - bounded in entries ([`cache_max_entries`](JwtVerifierBuilder::cache_max_entries),
//!   default 10,000) and in bytes ([`cache_max_bytes`](JwtVerifierBuilder::cache_max_bytes),
//!   default 8 MiB); when full, an entry not used lately makes room.
//!
//! [`JwtVerifierBuilder::without_cache`] turns it off; [`JwtVerifier::cache_stats`] counts
//! its entries, bytes, hits, misses and evictions. A cached token stays accepted until its
//! `exp` or the maximum age: lower the maximum age to bound how long a token is taken
//! without a signature check.
//!
//! ```
//! use a2a_card::security::jwt::{JwksSource, JwtSigner, JwtVerifier};
//! use a2a_card::security::{Bearer, CardSecurity};
//! use a2a_card::sign::{Algorithm, SigningKey};
//! use a2a_card::AgentCard;
//!
//! let card = AgentCard::from_json_str(r#"{
//!   "name": "Route Planner", "description": "Plans driving routes with live traffic.",
//!   "supportedInterfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
//!   "version": "1.0.0", "capabilities": {},
//!   "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}},
//!   "securityRequirements": [{"schemes": {"bearer": {"list": ["routes.read"]}}}],
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
//!   "skills": [{"id": "r", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}]
//! }"#)?;
//!
//! // The identity provider's key; the agent trusts its public half.
//! let idp = SigningKey::generate(Algorithm::Es256)?;
//! let verifier = JwtVerifier::builder(JwksSource::keys([idp.trusted_key("2026-01")])?)
//!     .issuer("https://id.example")
//!     .audience("route-planner")
//!     .build()?;
//! let security = CardSecurity::builder(&card).verifier("bearer", Bearer::new(verifier)).build()?;
//!
//! let exp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs() + 300;
//! let token = JwtSigner::new(idp).kid("2026-01").sign(&serde_json::json!({
//!     "iss": "https://id.example", "aud": "route-planner", "exp": exp,
//!     "sub": "alice", "scope": "routes.read routes.write",
//! }))?;
//! let (request, ()) = http::Request::get("/a2a")
//!     .header("Authorization", format!("Bearer {token}"))
//!     .body(())?
//!     .into_parts();
//! # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
//! let auth = run(security.check(&request)).expect("a valid token");
//! assert_eq!(auth.subject.as_deref(), Some("alice"));
//! assert!(auth.scopes.contains("routes.read"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cache;
pub(crate) mod claims;
pub(crate) mod compact;
mod error;
#[cfg(feature = "jwks-fetch")]
mod fetch;
mod header;
mod keys;
#[cfg(feature = "jwks-fetch")]
mod remote;
mod signature;
mod signer;
mod source;
mod token_verifier;

pub use cache::{
    CacheStats, DEFAULT_CACHE_MAX_AGE, DEFAULT_CACHE_MAX_BYTES, DEFAULT_CACHE_MAX_ENTRIES,
};
pub use error::JwtError;
pub use signer::JwtSigner;
pub use source::{JwksSource, MAX_JWKS_FILE_BYTES};
pub use token_verifier::{DEFAULT_MAX_TOKEN_BYTES, JwtVerifier, JwtVerifierBuilder};
