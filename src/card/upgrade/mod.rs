//! Reading older shapes: v0.3 cards become v1.0 cards, and the pre-v1.0 spellings of
//! security requirements and schemes become the v1.0 ones. How each v0.3 field corresponds
//! to a v1.0 one is said once, in [`v03`](super::v03), which also holds the reading of the
//! v0.3 top-level fields and the rendering the other way.
//!
//! The conversion works on the JSON document before the typed model is built, so a field it
//! does not know is carried along untouched, and every move is recorded in a [`PointerMap`]
//! so diagnostics can point into the file as written. Whatever cannot be carried across is
//! reported as a warning, never dropped silently.

use serde_json::{Map, Value};

pub(crate) use super::conversion::Conversion;
use super::schema;
use super::v03::read::{
    extended_card_flag, interfaces_from_v03, provider_name, state_transition_history,
};
use super::v03::{INTERFACES, V03_TOP_LEVEL};
use crate::diagnostic::{Code, Diagnostic};

mod proto_names;
mod requirements;
mod schemes;

use proto_names::{At, proto_names};
use requirements::requirements;
use schemes::schemes;

/// The two shapes of an Agent Card: the one a document was read in, and the one
/// [`migrate`](crate::migrate::migrate) writes. (The version an interface speaks on the wire
/// is [`ProtocolVersion`](crate::protocol::ProtocolVersion), which is open-ended.)
///
/// ```
/// use a2a_card::{AgentCard, CardVersion};
/// let read = AgentCard::read(br#"{"supportedInterfaces": []}"#).unwrap();
/// assert_eq!(read.source_version, CardVersion::V1_0);
/// assert_eq!(CardVersion::parse("0.3"), Some(CardVersion::V0_3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardVersion {
    /// A v1.0 card (it has `supportedInterfaces`, or no v0.3 marker).
    V1_0,
    /// A v0.3 (or older v0.x) card: top-level `url`, `preferredTransport`, `protocolVersion`...
    V0_3,
}

impl CardVersion {
    /// `"1.0"` or `"0.3"` as a card version; anything else is `None`.
    ///
    /// ```
    /// assert_eq!(a2a_card::CardVersion::parse("2.0"), None);
    /// ```
    pub fn parse(text: &str) -> Option<CardVersion> {
        match text {
            "1.0" => Some(CardVersion::V1_0),
            "0.3" => Some(CardVersion::V0_3),
            _ => None,
        }
    }

    /// `"1.0"` or `"0.3"`.
    ///
    /// ```
    /// assert_eq!(a2a_card::CardVersion::V0_3.as_str(), "0.3");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            CardVersion::V1_0 => "1.0",
            CardVersion::V0_3 => "0.3",
        }
    }
}

/// The protocol version whose card shape the document had.
///
/// ```
/// use a2a_card::protocol::ProtocolVersion;
/// assert_eq!(ProtocolVersion::from(a2a_card::CardVersion::V0_3), ProtocolVersion::V0_3);
/// ```
impl From<CardVersion> for crate::protocol::ProtocolVersion {
    fn from(version: CardVersion) -> Self {
        match version {
            CardVersion::V1_0 => crate::protocol::ProtocolVersion::V1_0,
            CardVersion::V0_3 => crate::protocol::ProtocolVersion::V0_3,
        }
    }
}

/// Detects the version of a card document.
pub(crate) fn detect(doc: &Map<String, Value>) -> CardVersion {
    // The proto field name counts too: ProtoJSON writers may use it.
    if doc.contains_key(INTERFACES.v1) || doc.contains_key("supported_interfaces") {
        return CardVersion::V1_0;
    }
    if V03_TOP_LEVEL.iter().any(|key| doc.contains_key(*key)) {
        CardVersion::V0_3
    } else {
        CardVersion::V1_0
    }
}

/// Converts `doc` in place to the v1.0 shape.
pub(crate) fn to_v1(doc: &mut Map<String, Value>, version: CardVersion) -> Conversion {
    let mut conv = Conversion::default();
    if version == CardVersion::V1_0 {
        let root = At {
            v1: "",
            source: "",
            renamed: false,
        };
        proto_names(doc, &schema::AGENT_CARD, root, &mut conv);
    }
    if version == CardVersion::V0_3 {
        interfaces_from_v03(doc, &mut conv);
        extended_card_flag(doc, &mut conv);
        provider_name(doc, &mut conv);
        state_transition_history(doc, &mut conv);
        if doc
            .get("signatures")
            .is_some_and(|s| s.as_array().is_some_and(|a| !a.is_empty()))
        {
            conv.notes.push(Diagnostic::new(
                Code::StaleSignatures,
                "/signatures",
                "the signatures cover the v0.3 form of this card and will not verify against \
                 the v1.0 form; sign the migrated card again",
            ));
        }
    }
    let legacy_is_expected = version == CardVersion::V0_3;
    requirements(doc, "", legacy_is_expected, &mut conv);
    if let Some(Value::Array(skills)) = doc.get_mut("skills") {
        for (i, skill) in skills.iter_mut().enumerate() {
            if let Value::Object(skill) = skill {
                let base = format!("/skills/{i}");
                requirements(skill, &base, legacy_is_expected, &mut conv);
            }
        }
    }
    schemes(doc, legacy_is_expected, &mut conv);
    let signed = doc
        .get("signatures")
        .is_some_and(|s| s.as_array().is_some_and(|a| !a.is_empty()));
    let converted = conv.notes.iter().any(|n| n.code == Code::PreV1Field);
    if version == CardVersion::V1_0 && signed && converted {
        conv.notes.push(Diagnostic::new(
            Code::StaleSignatures,
            "/signatures",
            "the card uses pre-v1.0 spellings that were read as their v1.0 form; signatures \
             computed over the card as written will not verify against the v1.0 form",
        ));
    }
    // Notes were written with v1.0 names for the parents of what they point at; after a
    // proto-name rename those parents are spelled differently in the document.
    for note in &mut conv.notes {
        note.pointer = conv.pointers.to_source(&note.pointer);
    }
    conv
}
