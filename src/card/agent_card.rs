//! The v1.0 Agent Card messages (a2a-v1.0.1.proto, `AgentCard` and what it contains).
//!
//! Field order follows the proto, so the same card always serializes to the same bytes.
//! REQUIRED fields are always written, even when empty; other fields are omitted when unset,
//! as ProtoJSON does. Every message keeps the fields it does not know in `extra`, so a card
//! read and written again loses nothing a newer spec or an extension added.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::security::{SecurityRequirement, SecurityScheme};
use super::serde_util::{is_false, null_as_default};

/// A self-describing manifest for an agent: identity, interfaces, capabilities, skills and
/// security requirements.
///
/// ```
/// use a2a_card::AgentCard;
///
/// let card = AgentCard::from_json_slice(br#"{
///     "name": "Recipe Agent",
///     "description": "Finds recipes and plans meals from what is in the fridge.",
///     "supportedInterfaces": [{"url": "https://recipes.example.com/a2a",
///                              "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
///     "version": "1.0.0",
///     "capabilities": {"streaming": true},
///     "defaultInputModes": ["text/plain"],
///     "defaultOutputModes": ["text/plain"],
///     "skills": [{"id": "find", "name": "Find recipes",
///                 "description": "Finds recipes by ingredient.", "tags": ["cooking"]}]
/// }"#).unwrap();
/// assert_eq!(card.capabilities.streaming, Some(true));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCard {
    /// Human-readable name of the agent (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub name: String,
    /// What the agent does and when to call it (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub description: String,
    /// Ordered interfaces; the first one is preferred (REQUIRED, non-empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub supported_interfaces: Vec<AgentInterface>,
    /// The organization that operates the agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<AgentProvider>,
    /// Version of the agent itself, not of the protocol (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub version: String,
    /// Link to human-readable documentation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
    /// Optional protocol features the agent supports (REQUIRED, may be empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub capabilities: AgentCapabilities,
    /// Named security schemes callers can use.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub security_schemes: BTreeMap<String, SecurityScheme>,
    /// Alternatives (OR) of scheme sets (AND) a caller must satisfy.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub security_requirements: Vec<SecurityRequirement>,
    /// Media types accepted across all skills (REQUIRED, non-empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub default_input_modes: Vec<String>,
    /// Media types produced across all skills (REQUIRED, non-empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub default_output_modes: Vec<String>,
    /// What the agent can do (REQUIRED, non-empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub skills: Vec<AgentSkill>,
    /// JWS signatures over the canonical card.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub signatures: Vec<AgentCardSignature>,
    /// Link to an icon for the agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_url: Option<String>,
    /// Fields this version of the crate does not know; written back unchanged.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One URL + protocol binding + protocol version where the agent can be reached.
///
/// ```
/// use a2a_card::AgentInterface;
///
/// let interface = AgentInterface::new("https://agent.example.com/a2a", "JSONRPC", "1.0");
/// assert_eq!(interface.protocol_binding, "JSONRPC");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentInterface {
    /// Where the interface is served (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub url: String,
    /// `JSONRPC`, `GRPC`, `HTTP+JSON` or a URI naming a custom binding (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub protocol_binding: String,
    /// Opaque routing value clients put in the `tenant` field of their requests.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub tenant: String,
    /// A2A protocol version spoken here, `Major.Minor` (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub protocol_version: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl AgentInterface {
    /// An interface without tenant.
    ///
    /// ```
    /// let i = a2a_card::AgentInterface::new("https://a.example/rpc", "JSONRPC", "1.0");
    /// assert!(i.tenant.is_empty());
    /// ```
    pub fn new(
        url: impl Into<String>,
        protocol_binding: impl Into<String>,
        protocol_version: impl Into<String>,
    ) -> Self {
        Self {
            url: url.into(),
            protocol_binding: protocol_binding.into(),
            protocol_version: protocol_version.into(),
            ..Self::default()
        }
    }
}

/// The service provider of an agent.
///
/// ```
/// let p = a2a_card::AgentProvider { organization: "Example Inc.".into(),
///     url: "https://example.com".into(), ..Default::default() };
/// assert_eq!(p.organization, "Example Inc.");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentProvider {
    /// The provider's website or documentation (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub url: String,
    /// The provider's organization name (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub organization: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Optional protocol features an agent supports.
///
/// ```
/// let c = a2a_card::AgentCapabilities { streaming: Some(true), ..Default::default() };
/// assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"streaming":true}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCapabilities {
    /// Streaming responses are supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub streaming: Option<bool>,
    /// Push notifications for task updates are supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push_notifications: Option<bool>,
    /// Protocol extensions the agent supports.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub extensions: Vec<AgentExtension>,
    /// An extended card is available to authenticated callers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extended_agent_card: Option<bool>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A protocol extension the agent supports.
///
/// ```
/// let e = a2a_card::AgentExtension { uri: "https://example.com/ext/v1".into(),
///     ..Default::default() };
/// // `required: false` is the proto default and is omitted.
/// assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"uri":"https://example.com/ext/v1"}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentExtension {
    /// URI identifying the extension.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub uri: String,
    /// How this agent uses the extension.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// Clients must understand the extension to talk to this agent.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_false"
    )]
    pub required: bool,
    /// Extension-specific configuration (a `google.protobuf.Struct`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<Map<String, Value>>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A focused capability of the agent; skills are what routers and registries match tasks on.
///
/// ```
/// let s = a2a_card::AgentSkill { id: "route".into(), name: "Route planner".into(),
///     description: "Plans driving routes.".into(), tags: vec!["maps".into()],
///     ..Default::default() };
/// assert_eq!(s.tags, ["maps"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentSkill {
    /// Unique identifier of the skill (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub id: String,
    /// Human-readable name (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub name: String,
    /// What the skill does (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub description: String,
    /// Keywords for discovery (REQUIRED, non-empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub tags: Vec<String>,
    /// Example prompts the skill handles.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub examples: Vec<String>,
    /// Accepted media types, overriding the card's defaults.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub input_modes: Vec<String>,
    /// Produced media types, overriding the card's defaults.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub output_modes: Vec<String>,
    /// Security requirements for this skill (OR of ANDs).
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub security_requirements: Vec<SecurityRequirement>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A JWS signature of the card (RFC 7515 JSON serialization, detached payload).
///
/// ```
/// let s = a2a_card::AgentCardSignature { protected: "eyJhbGciOiJFUzI1NiJ9".into(),
///     signature: "c2ln".into(), ..Default::default() };
/// assert!(s.header.is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentCardSignature {
    /// Base64url-encoded protected header (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub protected: String,
    /// Base64url-encoded signature (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub signature: String,
    /// Unprotected header values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<Map<String, Value>>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
