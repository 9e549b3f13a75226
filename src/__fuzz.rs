//! **Not public API.** Thin wrappers over the crate's internal parsers, for the fuzz targets
//! in `fuzz/` (see `fuzz/run.sh`). Compiled only with the non-default `fuzzing` feature,
//! hidden from the documentation, and free to change or vanish in any release.

use std::time::{Duration, SystemTime};

use http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use serde_json::Value;

use crate::http_headers::conditional::{self, Decision};
use crate::http_headers::entity_tag::{self, Comparison};
use crate::protocol::ExtendedCardOperation;
use crate::security::{Grant, TokenError};
use crate::sign::Algorithm;

/// The strong ETag the middleware sends for `bytes`.
pub fn strong_etag(bytes: &[u8]) -> HeaderValue {
    entity_tag::strong_etag(bytes)
}

/// Whether a member of the `name` lines of `headers` matches `ours`: the strong comparison
/// of `If-Match` (`strong`), or the weak one of `If-None-Match`.
pub fn etag_matches(
    headers: &HeaderMap,
    name: HeaderName,
    ours: &HeaderValue,
    strong: bool,
) -> bool {
    let comparison = if strong {
        Comparison::Strong
    } else {
        Comparison::Weak
    };
    entity_tag::any_matches(headers.get_all(name), ours, comparison)
}

/// The RFC 9110 §13.2.2 decision for a GET of a representation with these validators, as
/// the status it gives: 200, 304 or 412.
pub fn conditional_status(
    headers: &HeaderMap,
    etag: &HeaderValue,
    last_modified: Option<SystemTime>,
) -> StatusCode {
    let asks = conditional::VaryingHeaders::of(headers);
    match conditional::evaluate(headers, asks, etag, last_modified) {
        Decision::Serve => StatusCode::OK,
        Decision::NotModified => StatusCode::NOT_MODIFIED,
        Decision::PreconditionFailed => StatusCode::PRECONDITION_FAILED,
    }
}

/// The date of the `name` header as the conditional decision reads it (`None`: ignored).
pub fn header_date(headers: &HeaderMap, name: HeaderName) -> Option<SystemTime> {
    conditional::single_date(headers, name)
}

/// A card's modification time as `Last-Modified` keeps it (whole seconds).
pub fn whole_seconds(time: SystemTime) -> SystemTime {
    conditional::whole_seconds(time)
}

/// A compact JWS whose form is right, as the JWT verifier reads it before any key is used.
#[derive(Debug)]
pub struct Token {
    /// The header's `alg`.
    pub alg: Algorithm,
    /// The header's `kid`.
    pub kid: Option<String>,
    /// The header's `typ`.
    pub typ: Option<String>,
    /// `header '.' payload`, the signed bytes.
    pub signing_input: String,
    /// The payload, still base64url.
    pub payload: String,
    /// The decoded signature.
    pub signature: Vec<u8>,
}

/// Reads the form of a token no longer than `max_bytes` (no key, no claims).
pub fn jwt_parse(token: &str, max_bytes: usize) -> Result<Token, TokenError> {
    let compact = crate::security::jwt::compact::parse(token, max_bytes)?;
    Ok(Token {
        alg: compact.alg,
        kid: compact.kid,
        typ: compact.typ,
        signing_input: compact.signing_input.to_owned(),
        payload: compact.payload.to_owned(),
        signature: compact.signature,
    })
}

/// Strict base64url, as the JWT verifier decodes token parts.
pub fn base64url(part: &str) -> Option<Vec<u8>> {
    crate::base64url::decode(part, crate::base64url::Padding::Forbidden)
}

/// Checks a decoded JWT payload at `now` (seconds since the epoch).
pub fn jwt_claims(
    payload: &[u8],
    issuer: &str,
    audiences: &[&str],
    leeway: Duration,
    now: f64,
) -> Result<Grant, TokenError> {
    let rules = crate::security::jwt::claims::ClaimRules {
        issuer: issuer.to_owned(),
        audiences: audiences.iter().map(|&a| a.to_owned()).collect(),
        leeway,
    };
    rules.check(payload, now)
}

/// What the extended-card layer makes of a JSON-RPC request body.
#[derive(Debug, Clone, PartialEq)]
pub enum CallTarget {
    /// The extended-card method, with the request's id.
    Ours {
        /// The operation the method names (its version's spelling).
        operation: ExtendedCardOperation,
        /// The request's id (`null` when absent).
        id: Value,
    },
    /// A batch that contains the extended-card method.
    Batched,
    /// The method cannot be told (too large, compressed, unreadable): the card's security
    /// is required by default.
    Undecided,
    /// Anything else, passed to the agent.
    NotOurs,
}

/// Whose business a JSON-RPC body is, read the way the extended-card layer reads it.
pub fn jsonrpc_call_target(body: &[u8]) -> CallTarget {
    use crate::extended::CallTarget as Layer;
    match crate::extended::call_target(body) {
        Layer::Ours(operation, id) => CallTarget::Ours { operation, id },
        Layer::Batched => CallTarget::Batched,
        Layer::Undecided => CallTarget::Undecided,
        Layer::NotOurs => CallTarget::NotOurs,
    }
}
