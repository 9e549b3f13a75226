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

use serde_json::{Map, Value};

use crate::AgentCard;
use crate::card::schema::{AGENT_CARD, keep_known_fields};

/// Which canonical form a signature is checked against.
///
/// ```
/// use a2a_card::sign::PayloadForm;
/// assert_eq!(PayloadForm::default(), PayloadForm::Spec);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PayloadForm {
    /// A2A §8.4.1: REQUIRED fields kept even when empty, map keys kept.
    #[default]
    Spec,
    /// What the official Python SDK (`a2a-sdk` 1.3, `a2a.utils.signing`) signs: the spec form
    /// with every empty string, list and object deleted, recursively. It differs from the
    /// spec whenever a card has an empty REQUIRED value, such as a security requirement
    /// without scopes (`{"schemes": {"bearer": {}}}` loses the whole requirement). Only for
    /// verifying cards that SDK signed; never for signing.
    A2aSdk13,
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
/// ```
pub fn payload_in_form(card: &AgentCard, form: PayloadForm) -> Vec<u8> {
    let mut value = proto_form(card, &mut Vec::new());
    if form == PayloadForm::A2aSdk13 {
        value = without_empty_values(value).unwrap_or_else(|| Value::Object(Map::new()));
    }
    canonicalize(&value)
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

/// The a2a-sdk 1.3 rule: empty strings, lists and objects (and nulls) disappear, and so does
/// a container that only held such values. `None` when `value` itself disappears.
fn without_empty_values(value: Value) -> Option<Value> {
    match value {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::Array(items) => {
            let kept: Vec<Value> = items.into_iter().filter_map(without_empty_values).collect();
            (!kept.is_empty()).then_some(Value::Array(kept))
        }
        Value::Object(fields) => {
            let kept: Map<String, Value> = fields
                .into_iter()
                .filter_map(|(k, v)| without_empty_values(v).map(|v| (k, v)))
                .collect();
            (!kept.is_empty()).then_some(Value::Object(kept))
        }
        other => Some(other),
    }
}
