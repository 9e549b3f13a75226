//! The typed Agent Card model (A2A v1.0), reading of every card shape found in the wild,
//! migration from v0.3 and rendering for v0.3 clients.
//!
//! Reading accepts v1.0 ProtoJSON, v0.3 JSON, and the three spellings of security
//! requirements; writing always produces v1.0 ProtoJSON with a stable key order, so the same
//! card always gives the same bytes. Fields the model does not know are kept and written back.
//!
//! ```
//! use a2a_card::{AgentCard, CardVersion};
//!
//! // A v0.3 card, with the v0.3 spelling of security requirements.
//! let v03 = br#"{
//!   "protocolVersion": "0.3.0", "name": "Route Planner",
//!   "description": "Plans driving routes with live traffic.",
//!   "url": "https://routes.example.com/a2a", "preferredTransport": "JSONRPC",
//!   "version": "2.1.0", "capabilities": {},
//!   "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-API-Key"}},
//!   "security": [{"key": []}],
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
//!   "skills": [{"id": "route", "name": "Route", "description": "Plans a route.",
//!               "tags": ["maps"]}],
//!   "x-team": "maps"
//! }"#;
//! let read = AgentCard::read(v03).unwrap();
//! assert_eq!(read.source_version, CardVersion::V0_3);
//! let card = read.card;
//! assert_eq!(card.supported_interfaces[0].protocol_version, "0.3");
//! assert!(card.security_requirements[0].schemes.contains_key("key"));
//! // The unknown field survives; the output is v1.0.
//! let json = String::from_utf8(card.to_json_vec()).unwrap();
//! assert!(json.contains(r#""x-team":"maps""#));
//! assert!(json.contains(r#""apiKeySecurityScheme":{"location":"header","name":"X-API-Key"}"#));
//! ```

mod agent_card;
mod conversion;
mod oauth;
mod oneof;
mod pointer_map;
pub(crate) mod read;
pub(crate) mod schema;
mod security;
mod serde_util;
pub(crate) mod shape;
pub(crate) mod upgrade;
pub(crate) mod v03;

pub use agent_card::{
    AgentCapabilities, AgentCard, AgentCardSignature, AgentExtension, AgentInterface,
    AgentProvider, AgentSkill,
};
pub use oauth::{
    AuthorizationCodeOAuthFlow, ClientCredentialsOAuthFlow, DeviceCodeOAuthFlow, ImplicitOAuthFlow,
    OAuthFlow, OAuthFlows, PasswordOAuthFlow,
};
pub use pointer_map::PointerMap;
pub use read::{ReadCard, ReadError};
pub use security::{
    ApiKeySecurityScheme, HttpAuthSecurityScheme, MutualTlsSecurityScheme, OAuth2SecurityScheme,
    OpenIdConnectSecurityScheme, SchemeKind, SecurityRequirement, SecurityScheme, StringList,
};
pub use upgrade::CardVersion;
pub use v03::V03Rendering;

use serde_json::Value;

impl AgentCard {
    /// Reads a card (v1.0 or v0.3 JSON) into the v1.0 model.
    ///
    /// Fails only when the bytes are not JSON, a value has a type no card can hold, or a
    /// member name repeats within one object ([`ReadError::Shape`] with an `A2A-E004` at each
    /// repeated name: the bytes say two things and readers disagree on which counts); a card
    /// with missing or invalid fields is read and [`AgentCard::validate`] reports them.
    ///
    /// ```
    /// let err = a2a_card::AgentCard::from_json_slice(br#"{"name": 5}"#).unwrap_err();
    /// assert!(err.to_string().contains("/name"));
    /// let err = a2a_card::AgentCard::from_json_slice(br#"{"name": "Evil", "name": "Atlas"}"#)
    ///     .unwrap_err();
    /// assert!(err.to_string().contains("A2A-E004"), "{err}");
    /// ```
    pub fn from_json_slice(bytes: &[u8]) -> Result<Self, ReadError> {
        Ok(Self::read(bytes)?.card)
    }

    /// Like [`AgentCard::from_json_slice`], for a string.
    ///
    /// ```
    /// let card = a2a_card::AgentCard::from_json_str(r#"{"name": "Atlas"}"#).unwrap();
    /// assert_eq!(card.name, "Atlas");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn from_json_str(json: &str) -> Result<Self, ReadError> {
        Self::from_json_slice(json.as_bytes())
    }

    /// Reads a card and also returns the source version, conversion warnings and the map
    /// from v1.0 pointers back to the document as written.
    ///
    /// ```
    /// let read = a2a_card::AgentCard::read(br#"{"url": "https://a.example/rpc"}"#).unwrap();
    /// assert_eq!(read.source_version, a2a_card::CardVersion::V0_3);
    /// assert_eq!(read.pointers.to_source("/supportedInterfaces/0/url"), "/url");
    /// ```
    pub fn read(bytes: &[u8]) -> Result<ReadCard, ReadError> {
        read::read_value(read::parse_card(bytes)?)
    }

    /// Reads a card from an already parsed JSON value. A parsed value has one value per
    /// member name, so repeated names in the text it came from are not seen here: read bytes
    /// with [`AgentCard::read`] to have them refused.
    ///
    /// ```
    /// let value = serde_json::json!({"name": "Atlas", "version": "1.0.0"});
    /// assert_eq!(a2a_card::AgentCard::from_value(value).unwrap().card.version, "1.0.0");
    /// ```
    pub fn from_value(value: Value) -> Result<ReadCard, ReadError> {
        read::read_value(value)
    }

    /// Reads a card from any value that serializes to a card's JSON: another A2A SDK's
    /// card type (the official Rust SDK's `a2a::AgentCard`, a generated proto type), a
    /// `serde_json::Value`, a struct of your own. The value goes through the same reading as
    /// bytes do: v1.0 or v0.3, the three spellings of security requirements.
    ///
    /// What it keeps and notes: every field the v1.0 model does not define is kept, in the
    /// `extra` maps of the model, and listed by [`AgentCard::unknown_fields`] (they are
    /// written back out, but no signature covers them); every conversion from an older shape
    /// that could not carry everything across is in [`ReadCard::notes`], with pointers into
    /// the value as it serialized.
    ///
    /// ```
    /// #[derive(serde::Serialize)]
    /// #[serde(rename_all = "camelCase")]
    /// struct SdkCard { name: String, version: String, protocol_version: String, url: String,
    ///                  x_team: String }
    ///
    /// let sdk = SdkCard { name: "Atlas".into(), version: "1.0.0".into(),
    ///                     protocol_version: "0.3.0".into(), url: "https://a.example/rpc".into(),
    ///                     x_team: "maps".into() };
    /// let read = a2a_card::AgentCard::from_serialize(&sdk)?;
    /// assert_eq!(read.source_version, a2a_card::CardVersion::V0_3); // converted to v1.0
    /// assert!(read.notes.is_empty()); // nothing was lost on the way
    /// assert_eq!(read.card.supported_interfaces[0].url, "https://a.example/rpc");
    /// assert_eq!(read.card.unknown_fields(), ["/xTeam"]); // kept, and listed
    /// # Ok::<(), a2a_card::ReadError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Shape`] when a value has a type no card can hold, or when the value
    /// cannot be serialized to JSON at all (a map with non-string keys, say).
    pub fn from_serialize<T: serde::Serialize + ?Sized>(card: &T) -> Result<ReadCard, ReadError> {
        let value = serde_json::to_value(card).map_err(|error| {
            ReadError::Shape(vec![crate::Diagnostic::new(
                crate::Code::NotAnObject,
                "",
                format!("the value does not serialize to JSON: {error}"),
            )])
        })?;
        read::read_value(value)
    }

    /// JSON pointers of the fields this card carries that the v1.0 model does not define
    /// (kept in the model's `extra` maps), sorted. No signature covers them.
    ///
    /// ```
    /// let card = a2a_card::AgentCard::from_json_str(
    ///     r#"{"name": "Atlas", "x-team": "maps", "capabilities": {"x-beta": true}}"#).unwrap();
    /// assert_eq!(card.unknown_fields(), ["/capabilities/x-beta", "/x-team"]);
    /// ```
    pub fn unknown_fields(&self) -> Vec<String> {
        let mut unknown = Vec::new();
        let mut value = self.to_value();
        if let Value::Object(fields) = &mut value {
            // Signatures are defined; what they hold is signed separately.
            fields.remove("signatures");
        }
        schema::keep_known_fields(&mut value, &schema::AGENT_CARD, "", &mut unknown);
        unknown.sort();
        unknown
    }

    /// The card as compact v1.0 ProtoJSON bytes. The same card always gives the same bytes.
    ///
    /// ```
    /// let card = a2a_card::AgentCard { name: "Atlas".into(), ..Default::default() };
    /// assert!(card.to_json_vec().starts_with(br#"{"name":"Atlas","description":"""#));
    /// ```
    pub fn to_json_vec(&self) -> Vec<u8> {
        // Serializing plain structs, strings, bools and JSON values into a Vec cannot fail.
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// The card as indented v1.0 ProtoJSON, for people.
    ///
    /// ```
    /// let card = a2a_card::AgentCard::default();
    /// assert!(card.to_json_pretty().contains("\n  \"name\": \"\""));
    /// ```
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The card as a JSON value (v1.0 ProtoJSON).
    ///
    /// ```
    /// let v = a2a_card::AgentCard::default().to_value();
    /// assert!(v["skills"].as_array().unwrap().is_empty());
    /// ```
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Renders the card in the v0.3 shape for clients that only know v0.3, with warnings for
    /// what v0.3 cannot express.
    ///
    /// ```
    /// use a2a_card::{AgentCard, AgentInterface};
    /// let card = AgentCard { supported_interfaces: vec![
    ///     AgentInterface::new("https://a.example/rpc", "JSONRPC", "0.3")], ..Default::default() };
    /// let v03 = card.to_v03();
    /// assert_eq!(v03.json["url"], "https://a.example/rpc");
    /// assert_eq!(v03.json["protocolVersion"], "0.3.0");
    /// ```
    pub fn to_v03(&self) -> V03Rendering {
        v03::render(self)
    }
}
