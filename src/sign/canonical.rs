//! The bytes a card signature covers (A2A §8.4.1): the card as v1.0 ProtoJSON without
//! `signatures`, canonicalized with RFC 8785 (JCS).
//!
//! The model already writes ProtoJSON field presence: REQUIRED fields always, optional ones
//! only when set, proto3 defaults (`"required": false`, `"list": []`) never. Two things are
//! left to do here. Fields the proto does not define are dropped, because a ProtoJSON
//! implementation (the official SDKs) drops them when it reads the card, so it could never
//! verify a signature that covered them; [`unsigned_fields`] lists them so a verifier can
//! refuse such cards. And the JSON is canonicalized by `serde_json_canonicalizer`, which
//! formats every number as an IEEE double the ES6 way, as `google.protobuf.Struct` (the type
//! of extension `params`) holds numbers.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

use crate::AgentCard;
use crate::card::schema::{AGENT_CARD, keep_known_fields};
use crate::diagnostic::pointer_push;

/// A canonical form of the signed payload. The spec defines one (A2A §8.4.1); the official
/// SDKs each sign another, so a card signed for every reader carries one signature per
/// distinct form ([`CardSigner`](super::CardSigner)) and a verifier accepts each
/// ([`CardVerifier`](super::CardVerifier)).
///
/// The two SDK forms start from the same ProtoJSON as the spec's and then delete, recursively,
/// every empty string, list and object (and `null`), and each container left empty by that;
/// `false` and `0` stay. They differ only for a card with nothing left: the Python SDK
/// signs `null`, the JavaScript SDK `{}`. What they delete, no signature in that form
/// covers: anyone may add or remove such a value, for instance a security requirement
/// without scopes (`{"schemes": {"apiKey": {}}}`) ([`uncovered_in_form`]).
///
/// ```
/// use a2a_card::sign::PayloadForm;
/// assert_eq!(PayloadForm::default(), PayloadForm::Spec);
/// assert_eq!(PayloadForm::ALL.map(PayloadForm::as_str), ["spec", "a2a-sdk-1.3", "a2a-js-1.3"]);
/// assert_eq!("a2a-js-1.3".parse::<PayloadForm>(), Ok(PayloadForm::A2aJs13));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PayloadForm {
    /// A2A §8.4.1: REQUIRED fields kept even when empty, map keys kept.
    #[default]
    Spec,
    /// What the official Python SDK (`a2a-sdk` 1.3, `a2a.utils.signing`) signs and verifies:
    /// the spec form without empty values; a card with nothing else is `null`.
    A2aSdk13,
    /// What the official JavaScript SDK (`@a2a-js/sdk` 1.3, `canonicalizeAgentCard`) signs
    /// and verifies: the spec form without empty values; a card with nothing else is `{}`.
    A2aJs13,
}

impl PayloadForm {
    /// Every known form, the spec's first: the order signers write and verifiers prefer.
    pub const ALL: [PayloadForm; 3] = [Self::Spec, Self::A2aSdk13, Self::A2aJs13];

    /// The form's name on the command line and in messages.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::PayloadForm::A2aSdk13.as_str(), "a2a-sdk-1.3");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::A2aSdk13 => "a2a-sdk-1.3",
            Self::A2aJs13 => "a2a-js-1.3",
        }
    }

    /// Who signs this form, for messages.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::PayloadForm::Spec.describe(), "the spec's form (A2A §8.4.1)");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Self::Spec => "the spec's form (A2A §8.4.1)",
            Self::A2aSdk13 => "the Python a2a-sdk 1.3 form (empty values deleted)",
            Self::A2aJs13 => "the @a2a-js/sdk 1.3 form (empty values deleted)",
        }
    }
}

impl fmt::Display for PayloadForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not a known [`PayloadForm`].
///
/// ```
/// let err = "python".parse::<a2a_card::sign::PayloadForm>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown payload form \"python\" (known: spec, a2a-sdk-1.3, a2a-js-1.3)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown payload form {0:?} (known: spec, a2a-sdk-1.3, a2a-js-1.3)")]
pub struct UnknownPayloadFormError(pub String);

impl FromStr for PayloadForm {
    type Err = UnknownPayloadFormError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|form| form.as_str() == name)
            .ok_or_else(|| UnknownPayloadFormError(name.to_owned()))
    }
}

/// The RFC 8785 canonical bytes of any JSON value.
///
/// ```
/// let value = serde_json::json!({"b": [1.0, 1e21, -0.0], "a": "\u{20ac}"});
/// assert_eq!(a2a_card::sign::canonicalize(&value), "{\"a\":\"€\",\"b\":[1,1e+21,0]}".as_bytes());
/// ```
pub fn canonicalize(value: &Value) -> Vec<u8> {
    // A serde_json::Value holds no NaN or infinity and its keys are strings, so writing it
    // into a Vec cannot fail.
    serde_json_canonicalizer::to_vec(value).unwrap_or_default()
}

/// The payload a card signature covers, in the spec's canonical form (A2A §8.4.1).
///
/// Unknown fields and `signatures` are not part of it; key order and whitespace of the card
/// as received do not matter.
///
/// ```
/// use a2a_card::AgentCard;
///
/// let card = AgentCard::from_json_str(r#"{"version": "1", "name": "Atlas", "x-note": 1,
///     "signatures": [{"protected": "e30", "signature": "c2ln"}]}"#).unwrap();
/// let payload = String::from_utf8(a2a_card::sign::canonical_payload(&card)).unwrap();
/// assert!(payload.starts_with(r#"{"capabilities":{},"defaultInputModes":[],"#));
/// assert!(!payload.contains("x-note") && !payload.contains("signatures"));
/// ```
pub fn canonical_payload(card: &AgentCard) -> Vec<u8> {
    payload_in_form(card, PayloadForm::Spec)
}

/// The payload in the given form; see [`PayloadForm`].
///
/// ```
/// use a2a_card::sign::{payload_in_form, PayloadForm};
///
/// let card = a2a_card::AgentCard { name: "Atlas".into(), ..Default::default() };
/// let sdk = String::from_utf8(payload_in_form(&card, PayloadForm::A2aSdk13)).unwrap();
/// // Empty REQUIRED fields (`description`, `skills`, `capabilities`...) are gone.
/// assert_eq!(sdk, r#"{"name":"Atlas"}"#);
/// let empty = a2a_card::AgentCard::default();
/// assert_eq!(payload_in_form(&empty, PayloadForm::A2aSdk13), b"null");
/// assert_eq!(payload_in_form(&empty, PayloadForm::A2aJs13), b"{}");
/// ```
pub fn payload_in_form(card: &AgentCard, form: PayloadForm) -> Vec<u8> {
    canonicalize(&in_form(card, form, &mut Vec::new()))
}

/// JSON pointers of the values of `card` (as the spec's form has them) that a signature in
/// `form` does not cover: the topmost of each deleted empty value. Empty for the spec form.
/// Fields outside the proto, covered by no form, are [`unsigned_fields`].
///
/// ```
/// use a2a_card::sign::{uncovered_in_form, PayloadForm};
/// let card = a2a_card::AgentCard::from_json_str(r#"{"name": "A", "description": "",
///     "securityRequirements": [{"schemes": {"apiKey": {}}}, {"schemes": {"oauth": {"list": ["read"]}}}]}"#).unwrap();
/// let uncovered = uncovered_in_form(&card, PayloadForm::A2aSdk13);
/// assert!(uncovered.contains(&"/securityRequirements/0".to_owned()), "{uncovered:?}");
/// assert!(uncovered.contains(&"/description".to_owned()));
/// assert!(uncovered_in_form(&card, PayloadForm::Spec).is_empty());
/// ```
pub fn uncovered_in_form(card: &AgentCard, form: PayloadForm) -> Vec<String> {
    let mut uncovered = Vec::new();
    in_form(card, form, &mut uncovered);
    uncovered
}

/// The payload value in `form`; the pointers of what the form deletes are pushed to
/// `deleted`.
fn in_form(card: &AgentCard, form: PayloadForm, deleted: &mut Vec<String>) -> Value {
    let value = proto_form(card, &mut Vec::new());
    let empty = match form {
        PayloadForm::Spec => return value,
        PayloadForm::A2aSdk13 => Value::Null,
        PayloadForm::A2aJs13 => Value::Object(Map::new()),
    };
    without_empty_values(value, "", deleted).unwrap_or_else(|| {
        deleted.push(String::new());
        empty
    })
}

/// JSON pointers of the fields of `card` that no signature covers: fields the v1.0 proto
/// does not define (they are dropped from the payload), `signatures` excepted.
///
/// ```
/// let card = a2a_card::AgentCard::from_json_str(
///     r#"{"name": "Atlas", "x-team": "maps", "capabilities": {"x-beta": true}}"#).unwrap();
/// assert_eq!(a2a_card::sign::unsigned_fields(&card), ["/capabilities/x-beta", "/x-team"]);
/// ```
pub fn unsigned_fields(card: &AgentCard) -> Vec<String> {
    // The payload is the proto's fields: what the model keeps beyond them is unsigned.
    card.unknown_fields()
}

/// The card as ProtoJSON of the fields the proto defines, without `signatures`; the
/// pointers of the fields left out are pushed to `dropped`.
fn proto_form(card: &AgentCard, dropped: &mut Vec<String>) -> Value {
    let mut value = card.to_value();
    if let Value::Object(fields) = &mut value {
        fields.remove("signatures");
    }
    keep_known_fields(&mut value, &AGENT_CARD, "", dropped);
    value
}

/// The SDKs' rule: empty strings, lists and objects (and nulls) disappear, and so does a
/// container that only held such values. `None` when `value` itself disappears; the pointer
/// of each topmost value that disappears (below `pointer`) is pushed to `deleted`.
fn without_empty_values(value: Value, pointer: &str, deleted: &mut Vec<String>) -> Option<Value> {
    // A container that ends up empty is reported by its parent, not by its members.
    let before = deleted.len();
    let mut keep = |child: Value, name: &str| {
        let here = pointer_push(pointer, name);
        let kept = without_empty_values(child, &here, deleted);
        if kept.is_none() {
            deleted.push(here);
        }
        kept
    };
    let kept = match value {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::Array(items) => {
            let kept: Vec<Value> = items
                .into_iter()
                .enumerate()
                .filter_map(|(index, item)| keep(item, &index.to_string()))
                .collect();
            (!kept.is_empty()).then_some(Value::Array(kept))
        }
        Value::Object(fields) => {
            let kept: Map<String, Value> = fields
                .into_iter()
                .filter_map(|(name, v)| keep(v, &name).map(|v| (name, v)))
                .collect();
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        other => Some(other),
    };
    if kept.is_none() {
        deleted.truncate(before);
    }
    kept
}
