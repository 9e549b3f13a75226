//! The JWS protected header of a card signature (A2A §8.4.2): `alg`, `typ: "JOSE"`, `kid`,
//! and optionally `jku`.

use serde::Serialize;
use serde_json::Value;

use super::algorithm::Algorithm;
use crate::base64url::{self, Padding};

/// The header a [`CardSigner`](super::CardSigner) writes, in the spec's key order.
#[derive(Serialize)]
pub(crate) struct ProtectedHeader<'a> {
    pub(crate) alg: &'static str,
    pub(crate) typ: &'static str,
    pub(crate) kid: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) jku: Option<&'a str>,
}

impl ProtectedHeader<'_> {
    /// The base64url (no padding) of the header's JSON: the `protected` member.
    pub(crate) fn encode(&self) -> String {
        // Four string fields always serialize.
        base64url::encode(serde_json::to_vec(self).unwrap_or_default())
    }
}

/// What a verifier reads from a received `protected` member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ReceivedHeader {
    pub(crate) alg: String,
    pub(crate) kid: String,
    pub(crate) jku: Option<String>,
}

/// Why a received protected header cannot be used; the verifier adds where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HeaderProblem {
    NotBase64,
    NotJsonObject,
    Missing(&'static str),
    NotString(&'static str),
    /// RFC 7515 §4.1.11: a verifier must refuse critical extensions it does not understand,
    /// and this one understands none.
    Critical(String),
}

impl std::fmt::Display for HeaderProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeaderProblem::NotBase64 => f.write_str("is not base64url"),
            HeaderProblem::NotJsonObject => f.write_str("does not decode to a JSON object"),
            HeaderProblem::Missing(name) => write!(f, "has no `{name}`"),
            HeaderProblem::NotString(name) => write!(f, "has a `{name}` that is not a string"),
            HeaderProblem::Critical(names) => {
                write!(
                    f,
                    "lists critical extensions this verifier does not support: {names}"
                )
            }
        }
    }
}

/// Decodes a `protected` member. Trailing padding is ignored (some encoders add it).
pub(crate) fn decode(protected: &str) -> Result<ReceivedHeader, HeaderProblem> {
    let bytes = base64url::decode(protected, Padding::Ignored).ok_or(HeaderProblem::NotBase64)?;
    let Ok(Value::Object(header)) = serde_json::from_slice::<Value>(&bytes) else {
        return Err(HeaderProblem::NotJsonObject);
    };
    if let Some(crit) = header.get("crit") {
        return Err(HeaderProblem::Critical(crit.to_string()));
    }
    let text = |name: &'static str| -> Result<Option<String>, HeaderProblem> {
        match header.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(HeaderProblem::NotString(name)),
        }
    };
    Ok(ReceivedHeader {
        alg: text("alg")?.ok_or(HeaderProblem::Missing("alg"))?,
        kid: text("kid")?.ok_or(HeaderProblem::Missing("kid"))?,
        jku: text("jku")?,
    })
}

/// The JWS Signing Input (RFC 7515 §5.1): `protected || '.' || BASE64URL(payload)`.
pub(crate) fn signing_input(protected: &str, payload: &[u8]) -> Vec<u8> {
    let mut input = Vec::with_capacity(protected.len() + 1 + payload.len() * 4 / 3 + 4);
    input.extend_from_slice(protected.as_bytes());
    input.push(b'.');
    input.extend_from_slice(base64url::encode(payload).as_bytes());
    input
}

/// The header of a signature this crate writes.
pub(crate) fn for_signing<'a>(
    alg: Algorithm,
    kid: &'a str,
    jku: Option<&'a str>,
) -> ProtectedHeader<'a> {
    ProtectedHeader {
        alg: alg.as_str(),
        typ: "JOSE",
        kid,
        jku,
    }
}
