//! The bytes a card signature covers (A2A §8.4.1): the forms ([`PayloadForm`]) and RFC 8785
//! (JCS) itself. The forms over the card as written live in [`CardDocument`]; the forms the
//! model's rendering gives (what earlier a2a-card versions and the official SDKs sign) here.
//!
//! The model writes ProtoJSON field presence: REQUIRED fields always, optional ones only when
//! set, proto3 defaults (`"required": false`, `"list": []`) never, and fields the proto does
//! not define are dropped from its forms, because a ProtoJSON implementation drops them when
//! it reads the card; [`unsigned_fields`] lists them. The JSON is canonicalized by
//! `serde_json_canonicalizer`, which formats every number as an IEEE double the ES6 way, as
//! `google.protobuf.Struct` (the type of extension `params`) holds numbers.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

use super::document::CardDocument;
use crate::AgentCard;
use crate::card::schema::{AGENT_CARD, keep_known_fields};
use crate::diagnostic::pointer_push;

/// A canonical form of the signed payload. The spec defines one (A2A §8.4.1) and the
/// implementations in use each compute another, so a card signed for every reader carries
/// one signature per distinct form ([`CardSigner`](super::CardSigner)) and a verifier
/// accepts each ([`CardVerifier`](super::CardVerifier)). Forms are computed over the card
/// as written ([`CardDocument`]).
///
/// - [`Spec`](Self::Spec), [`Written`](Self::Written) and [`Proto`](Self::Proto) start from
///   the document as written: nothing is added, a v0.3 card stays v0.3.
/// - [`Rendered`](Self::Rendered) and the SDK forms start from the model's v1.0 ProtoJSON
///   rendering: REQUIRED members added when missing, a v0.3 card migrated, members outside
///   the proto dropped. The SDK forms then delete, recursively, every empty string, list
///   and object (and `null`), and each container left empty by that; `false` and `0` stay.
///   What they delete, no signature in that form covers ([`uncovered_in_form`]).
///
/// ```
/// use a2a_card::sign::PayloadForm;
/// assert_eq!(PayloadForm::default(), PayloadForm::Spec);
/// assert_eq!(PayloadForm::ALL.map(PayloadForm::as_str),
///     ["spec", "jcs", "proto", "rendered", "a2a-sdk-1.3", "a2a-js-1.3", "a2a-js-typed"]);
/// assert_eq!("a2a-js-1.3".parse::<PayloadForm>(), Ok(PayloadForm::A2aJs13));
/// assert!(!PayloadForm::ACCEPTED_BY_DEFAULT.contains(&PayloadForm::A2aJsTyped));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PayloadForm {
    /// A2A §8.4.1 over the card as written: `signatures` removed, a member without explicit
    /// presence at its default (an empty list, `"required": false`) dropped, REQUIRED and
    /// `optional` members kept as written, nothing added; members outside the proto kept (as
    /// the conformance kit's vectors do). A v0.3 card is its own JSON.
    #[default]
    Spec,
    /// RFC 8785 over the card exactly as written, `signatures` removed and nothing else: what
    /// a plain RFC 8785 signer (and a v0.3-era signer) signs.
    Written,
    /// The spec's form without the members the v1.0 proto does not define: what a
    /// proto-based SDK signs once it has read the card into its own type and written it back.
    /// For a v0.3 card, its own JSON.
    Proto,
    /// The model's rendering: v1.0 ProtoJSON with REQUIRED members added when missing and
    /// members outside the proto dropped. What earlier a2a-card versions signed as their spec
    /// form; accepted so that those signatures still verify.
    Rendered,
    /// What the official Python SDK (`a2a-sdk` 1.3, `a2a.utils.signing`) signs and verifies:
    /// the rendered form without empty values; a card with nothing else is `null`.
    A2aSdk13,
    /// What the official JavaScript SDK (`@a2a-js/sdk` 1.3, `canonicalizeAgentCard`) signs
    /// and verifies over a plain JSON card: the rendered form without empty values; a card
    /// with nothing else is `{}`.
    A2aJs13,
    /// What `@a2a-js/sdk` 1.3 computes when handed its own `AgentCard` instance (the
    /// client's `AgentCard.fromJSON` path, a2a-js#663): the `a2a-js-1.3` form without
    /// `securitySchemes`. It covers no security scheme, so it is never signed or accepted
    /// unless asked for.
    A2aJsTyped,
}

impl PayloadForm {
    /// Every known form, in the order signers write and verifiers prefer them.
    pub const ALL: [PayloadForm; 7] = [
        Self::Spec,
        Self::Written,
        Self::Proto,
        Self::Rendered,
        Self::A2aSdk13,
        Self::A2aJs13,
        Self::A2aJsTyped,
    ];

    /// The forms [`CardSigner`](super::CardSigner) signs unless told otherwise: the spec's,
    /// the proto-only one, and each official SDK's (forms of the same bytes share one
    /// signature).
    pub const SIGNED_BY_DEFAULT: [PayloadForm; 4] =
        [Self::Spec, Self::Proto, Self::A2aSdk13, Self::A2aJs13];

    /// The forms [`CardVerifier`](super::CardVerifier) accepts unless told otherwise: every
    /// form but the JS SDK's typed path.
    pub const ACCEPTED_BY_DEFAULT: [PayloadForm; 6] = [
        Self::Spec,
        Self::Written,
        Self::Proto,
        Self::Rendered,
        Self::A2aSdk13,
        Self::A2aJs13,
    ];

    /// The forms that cover every member of the card as written (`--require-spec-form`).
    pub const COVERING: [PayloadForm; 2] = [Self::Spec, Self::Written];

    /// The form's name on the command line and in messages.
    ///
    /// ```
    /// assert_eq!(a2a_card::sign::PayloadForm::A2aSdk13.as_str(), "a2a-sdk-1.3");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::Written => "jcs",
            Self::Proto => "proto",
            Self::Rendered => "rendered",
            Self::A2aSdk13 => "a2a-sdk-1.3",
            Self::A2aJs13 => "a2a-js-1.3",
            Self::A2aJsTyped => "a2a-js-typed",
        }
    }

    /// Who signs this form, for messages.
    ///
    /// ```
    /// use a2a_card::sign::PayloadForm;
    /// assert_eq!(PayloadForm::Spec.describe(), "the spec's form (A2A §8.4.1, the card as written)");
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            Self::Spec => "the spec's form (A2A §8.4.1, the card as written)",
            Self::Written => "the card as written (plain RFC 8785)",
            Self::Proto => "the spec's form of the proto's members only",
            Self::Rendered => "the form earlier a2a-card versions signed (the model's rendering)",
            Self::A2aSdk13 => "the Python a2a-sdk 1.3 form (empty values deleted)",
            Self::A2aJs13 => "the @a2a-js/sdk 1.3 form (empty values deleted)",
            Self::A2aJsTyped => "the @a2a-js/sdk typed-path form (no securitySchemes)",
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
/// assert!(err.to_string().starts_with("unknown payload form \"python\" (known: spec, jcs, proto,"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown payload form {0:?} (known: spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3, a2a-js-typed)"
)]
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
/// The card is its model's rendering (REQUIRED members written even when empty); members
/// outside the proto that the model kept are part of it, `signatures` is not; key order and
/// whitespace of the card as received do not matter.
///
/// ```
/// use a2a_card::AgentCard;
///
/// let card = AgentCard::from_json_str(r#"{"version": "1", "name": "Atlas", "x-note": 1,
///     "signatures": [{"protected": "e30", "signature": "c2ln"}]}"#).unwrap();
/// let payload = String::from_utf8(a2a_card::sign::canonical_payload(&card)).unwrap();
/// assert!(payload.starts_with(r#"{"capabilities":{},"defaultInputModes":[],"#));
/// assert!(payload.contains(r#""x-note":1"#) && !payload.contains("signatures"));
/// ```
pub fn canonical_payload(card: &AgentCard) -> Vec<u8> {
    payload_in_form(card, PayloadForm::Spec)
}

/// The payload of a card built or read with the model (its rendering is the document) in
/// the given form; see [`PayloadForm`]. For a card as written, use
/// [`CardDocument::payload`].
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
    CardDocument::from_card(card).payload(form)
}

/// JSON pointers of the values of `card` that a signature in `form` does not cover: the
/// topmost of each deleted empty value for the SDK forms, members outside the proto for the
/// forms that drop them. Empty for the spec form.
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
    CardDocument::from_card(card).uncovered(form)
}

/// The payload value of a form computed from the model's rendering of `card`; the pointers
/// of what the form leaves out are pushed to `uncovered`.
pub(crate) fn model_form(
    card: &AgentCard,
    form: PayloadForm,
    uncovered: &mut Vec<String>,
) -> Value {
    let mut unknown = Vec::new();
    let value = proto_form(card, &mut unknown);
    let empty = match form {
        PayloadForm::A2aSdk13 => Value::Null,
        PayloadForm::A2aJs13 | PayloadForm::A2aJsTyped => Value::Object(Map::new()),
        _ => {
            uncovered.extend(unknown);
            return value;
        }
    };
    let mut value = without_empty_values(value, "", uncovered).unwrap_or_else(|| {
        uncovered.push(String::new());
        empty
    });
    if form == PayloadForm::A2aJsTyped {
        if let Value::Object(members) = &mut value {
            if members.remove("securitySchemes").is_some() {
                uncovered.push("/securitySchemes".to_owned());
            }
        }
    }
    value
}

/// JSON pointers of the fields of `card` the v1.0 proto does not define, `signatures`
/// excepted: the spec form covers them, the forms proto-based readers compute do not.
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
