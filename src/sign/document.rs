//! The card as it is written: the JSON document a signature is made over and checked
//! against (A2A §8.4.1 canonicalizes "the JSON representation" of the card, not a
//! re-rendering of it).
//!
//! The spec's form is computed here from the document itself: `signatures` removed, the
//! presence rules applied to the members the document has (a member without explicit
//! presence at its default, such as an empty repeated field, is left out), nothing added,
//! members outside the proto kept as written. A v0.3 card is its own v0.3 JSON: the v0.3
//! spec has no presence rules, so v0.3-era signers (and any plain RFC 8785 signer) sign the
//! document minus `signatures`, which is what is kept here.

use serde_json::{Map, Value};

use super::canonical::{PayloadForm, canonicalize, model_form};
use crate::card::read::not_an_object;
use crate::card::schema::{AGENT_CARD, Kind, Message, Presence, keep_known_fields};
use crate::card::upgrade::detect;
use crate::{AgentCard, CardVersion, ReadError};

/// An Agent Card as written (the parsed JSON document, with its model), which signatures
/// are computed over. [`CardSigner::sign_document`](super::CardSigner::sign_document) and
/// [`CardVerifier::verify_document`](super::CardVerifier::verify_document) take one; a card
/// built in code is its own rendering ([`CardDocument::from_card`]).
///
/// ```
/// use a2a_card::sign::{CardDocument, PayloadForm};
///
/// // The spec's §8.4.1 example, as written: `extensions: []` is at its default and dropped,
/// // nothing is added.
/// let doc = CardDocument::from_json_slice(br#"{"name": "Example Agent", "description": "",
///     "capabilities": {"streaming": false, "pushNotifications": false, "extensions": []},
///     "skills": []}"#)?;
/// assert_eq!(
///     String::from_utf8(doc.payload(PayloadForm::Spec))?,
///     r#"{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CardDocument {
    value: Map<String, Value>,
    version: CardVersion,
    card: AgentCard,
}

impl CardDocument {
    /// Reads a card document from JSON bytes. The card must read as a card
    /// ([`AgentCard::read`]): a member name given twice is refused, since the signature would
    /// vouch for one value while a reader keeping the other sees another.
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_json_slice(br#"{"url": "https://a.example/rpc"}"#)?;
    /// assert_eq!(doc.version(), a2a_card::CardVersion::V0_3);
    /// assert!(a2a_card::sign::CardDocument::from_json_slice(br#"{"name": "a", "name": "b"}"#).is_err());
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn from_json_slice(bytes: &[u8]) -> Result<Self, ReadError> {
        let value = crate::card::read::parse_card(bytes)?;
        Self::from_value(value)
    }

    /// A card document from a parsed value (which has one value per member name).
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_value(serde_json::json!({"name": "Atlas"}))?;
    /// assert_eq!(doc.card().name, "Atlas");
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn from_value(value: Value) -> Result<Self, ReadError> {
        let Value::Object(members) = value else {
            return Err(ReadError::Shape(vec![not_an_object(&value)]));
        };
        let read = AgentCard::from_value(Value::Object(members.clone()))?;
        Ok(Self {
            version: detect(&members),
            value: members,
            card: read.card,
        })
    }

    /// The document of a card built or read with the model: its v1.0 rendering, which is
    /// what a server serves.
    ///
    /// ```
    /// let card = a2a_card::AgentCard { name: "Atlas".into(), ..Default::default() };
    /// let doc = a2a_card::sign::CardDocument::from_card(&card);
    /// assert_eq!(doc.as_value()["name"], "Atlas");
    /// ```
    pub fn from_card(card: &AgentCard) -> Self {
        let value = match card.to_value() {
            Value::Object(value) => value,
            _ => Map::new(),
        };
        Self {
            value,
            version: CardVersion::V1_0,
            card: card.clone(),
        }
    }

    /// The version the document is written in.
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_card(&a2a_card::AgentCard::default());
    /// assert_eq!(doc.version(), a2a_card::CardVersion::V1_0);
    /// ```
    pub fn version(&self) -> CardVersion {
        self.version
    }

    /// The card as the model reads it (v1.0; a v0.3 document migrated).
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_json_slice(br#"{"name": "Atlas"}"#)?;
    /// assert_eq!(doc.card().name, "Atlas");
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn card(&self) -> &AgentCard {
        &self.card
    }

    /// The document as written.
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_json_slice(br#"{"x-note": 1}"#)?;
    /// assert_eq!(doc.as_value()["x-note"], 1);
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn as_value(&self) -> &Map<String, Value> {
        &self.value
    }

    /// The document as JSON text, pretty-printed.
    ///
    /// ```
    /// let doc = a2a_card::sign::CardDocument::from_json_slice(br#"{"name":"A"}"#)?;
    /// assert_eq!(doc.to_json_pretty(), "{\n  \"name\": \"A\"\n}");
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.value).unwrap_or_default()
    }

    /// The document with `signatures` appended (as JSON) to its `signatures` member, the
    /// rest as written.
    pub(crate) fn with_signatures(&self, added: Vec<Value>) -> Self {
        let mut doc = self.clone();
        let entry = doc
            .value
            .entry("signatures")
            .or_insert_with(|| Value::Array(Vec::new()));
        if !entry.is_array() {
            *entry = Value::Array(Vec::new());
        }
        if let Value::Array(list) = entry {
            list.extend(added);
        }
        // The model follows the document; a signature is always a valid card member.
        if let Ok(read) = AgentCard::from_value(Value::Object(doc.value.clone())) {
            doc.card = read.card;
        }
        doc
    }

    /// The canonical payload of the document in `form` (RFC 8785 bytes).
    ///
    /// ```
    /// use a2a_card::sign::{CardDocument, PayloadForm};
    /// let doc = CardDocument::from_json_slice(br#"{"name": "A", "x-team": "maps", "skills": []}"#)?;
    /// assert_eq!(doc.payload(PayloadForm::Spec), br#"{"name":"A","skills":[],"x-team":"maps"}"#);
    /// assert_eq!(doc.payload(PayloadForm::Proto), br#"{"name":"A","skills":[]}"#);
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn payload(&self, form: PayloadForm) -> Vec<u8> {
        canonicalize(&self.value_in(form, &mut Vec::new()))
    }

    /// Every form's payload, in [`PayloadForm::ALL`] order.
    ///
    /// ```
    /// use a2a_card::sign::{CardDocument, PayloadForm};
    /// let doc = CardDocument::from_json_slice(br#"{"name": "A"}"#)?;
    /// let payloads = doc.payloads();
    /// assert_eq!(payloads.len(), PayloadForm::ALL.len());
    /// assert_eq!(payloads[0], (PayloadForm::Spec, br#"{"name":"A"}"#.to_vec()));
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn payloads(&self) -> Vec<(PayloadForm, Vec<u8>)> {
        PayloadForm::ALL
            .into_iter()
            .map(|form| (form, self.payload(form)))
            .collect()
    }

    /// JSON pointers of what a signature in `form` does not cover in this document: members
    /// outside the proto for the forms that drop them, the empty values the SDK forms delete,
    /// and `securitySchemes` for the JS SDK's typed path. Empty for the spec's form and the
    /// document as written.
    ///
    /// ```
    /// use a2a_card::sign::{CardDocument, PayloadForm};
    /// let doc = CardDocument::from_json_slice(br#"{"name": "A", "x-team": "maps"}"#)?;
    /// assert!(doc.uncovered(PayloadForm::Spec).is_empty());
    /// assert_eq!(doc.uncovered(PayloadForm::Proto), ["/x-team"]);
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    pub fn uncovered(&self, form: PayloadForm) -> Vec<String> {
        let mut uncovered = Vec::new();
        self.value_in(form, &mut uncovered);
        uncovered
    }

    /// The payload value in `form`; what it leaves out is pushed to `uncovered`.
    fn value_in(&self, form: PayloadForm, uncovered: &mut Vec<String>) -> Value {
        let mut value = self.value.clone();
        value.remove("signatures");
        let mut value = Value::Object(value);
        match form {
            PayloadForm::Written => value,
            PayloadForm::Spec | PayloadForm::Proto if self.version == CardVersion::V0_3 => value,
            PayloadForm::Spec => {
                apply_presence(&mut value, &AGENT_CARD);
                value
            }
            PayloadForm::Proto => {
                apply_presence(&mut value, &AGENT_CARD);
                keep_known_fields(&mut value, &AGENT_CARD, "", uncovered);
                value
            }
            model => model_form(&self.card, model, uncovered),
        }
    }
}

/// §8.4.1 rule 1 on the members present: a member the proto defines without explicit
/// presence, not REQUIRED and at its default, is left out; everything else stays as written,
/// members outside the proto included.
fn apply_presence(value: &mut Value, message: &Message) {
    let Value::Object(members) = value else {
        return;
    };
    members.retain(|name, member| {
        let Some(field) = message.fields.iter().find(|field| field.name == name) else {
            return true;
        };
        apply_in_kind(member, &field.kind);
        match field.presence {
            Presence::Required => true,
            Presence::Explicit => !member.is_null(),
            Presence::Optional => !is_default(member, &field.kind),
        }
    });
}

fn apply_in_kind(value: &mut Value, kind: &Kind) {
    match (kind, value) {
        (Kind::Message(message), value) => apply_presence(value, message),
        (Kind::List(item), Value::Array(items)) => {
            items
                .iter_mut()
                .for_each(|entry| apply_in_kind(entry, item));
        }
        (Kind::Map(item), Value::Object(entries)) => {
            entries
                .values_mut()
                .for_each(|entry| apply_in_kind(entry, item));
        }
        _ => {}
    }
}

/// Whether a member without explicit presence is at its proto default. A message (and a
/// `google.protobuf.Struct`) has explicit presence: `{}` is set, only `null` is not.
fn is_default(value: &Value, kind: &Kind) -> bool {
    match (kind, value) {
        (_, Value::Null) => true,
        (Kind::Str, Value::String(text)) => text.is_empty(),
        (Kind::Bool, Value::Bool(flag)) => !flag,
        (Kind::List(_), Value::Array(items)) => items.is_empty(),
        (Kind::Map(_), Value::Object(entries)) => entries.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> String {
        let doc = CardDocument::from_json_slice(text.as_bytes()).unwrap();
        String::from_utf8(doc.payload(PayloadForm::Spec)).unwrap()
    }

    #[test]
    fn members_at_their_default_without_explicit_presence_are_dropped() {
        assert_eq!(
            spec(
                r#"{"name": "", "capabilities": {"extensions": [{"uri": "u", "required": false,
                "description": ""}, {"uri": "v", "required": true, "params": {}}],
                "streaming": false}, "securitySchemes": {}, "securityRequirements": [],
                "iconUrl": "", "provider": {}}"#
            ),
            r#"{"capabilities":{"extensions":[{"uri":"u"},{"params":{},"required":true,"uri":"v"}],"streaming":false},"iconUrl":"","name":"","provider":{}}"#
        );
    }

    #[test]
    fn required_members_at_their_default_and_unknown_members_stay() {
        assert_eq!(
            spec(
                r#"{"skills": [], "defaultInputModes": [], "x": [], "capabilities": {"y": false}}"#
            ),
            r#"{"capabilities":{"y":false},"defaultInputModes":[],"skills":[],"x":[]}"#
        );
    }

    #[test]
    fn a_v03_document_is_signed_as_its_own_json() {
        let text = r#"{"url": "https://a.example", "capabilities": {"extensions": []},
            "signatures": [{"protected": "e30", "signature": "c2ln"}]}"#;
        assert_eq!(
            spec(text),
            r#"{"capabilities":{"extensions":[]},"url":"https://a.example"}"#
        );
    }

    #[test]
    fn null_is_not_set_unless_required() {
        assert_eq!(
            spec(r#"{"iconUrl": null, "provider": null, "description": null}"#),
            r#"{"description":null}"#
        );
    }
}
