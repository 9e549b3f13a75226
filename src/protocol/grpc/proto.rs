//! The spec's protobuf messages, read from its proto compiled into a descriptor set
//! (`a2a-v1.0.1.binpb`, checked against `proto/a2a-v1.0.1.proto` by
//! tests/grpc_descriptor.rs). ProtoJSON, the proto's JSON reading, is the A2A JSON a card is
//! written in (§5.1), so the binary `AgentCard` of a card is its JSON read through the
//! descriptor: no hand-written mapping to drift from the spec.

use std::sync::OnceLock;

use prost::Message;
use prost_reflect::{DescriptorPool, DeserializeOptions, DynamicMessage, MessageDescriptor, Value};

use super::SERVICE;

/// The descriptor set: the spec's proto and the well-known types it imports.
const DESCRIPTOR_SET: &[u8] = include_bytes!("a2a-v1.0.1.binpb");

/// Why bytes or JSON are not the message asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtoError {
    /// The JSON does not read as the message (a member of the wrong type, an enum value the
    /// proto does not define).
    #[error("the JSON does not read as lf.a2a.v1.{message} (ProtoJSON): {reason}")]
    Json {
        /// The message type.
        message: &'static str,
        /// What the reader said.
        reason: String,
    },
    /// The bytes are not the message's wire encoding.
    #[error("the bytes are not an lf.a2a.v1.{message} message: {reason}")]
    Decode {
        /// The message type.
        message: &'static str,
        /// What the decoder said.
        reason: String,
    },
}

fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    // Constant data, compiled from the spec's proto and checked by tests/grpc_descriptor.rs
    // and this module's tests: it decodes or the crate was built from a broken checkout.
    POOL.get_or_init(|| DescriptorPool::decode(DESCRIPTOR_SET).expect("the embedded descriptor"))
}

fn message(name: &'static str) -> MessageDescriptor {
    pool()
        .get_message_by_name(&format!("lf.a2a.v1.{name}"))
        .expect("a message of the spec's proto")
}

/// `GetExtendedAgentCardRequest`, looked up once: it is read on every gRPC call for the card.
fn extended_card_request_message() -> &'static MessageDescriptor {
    static REQUEST: OnceLock<MessageDescriptor> = OnceLock::new();
    REQUEST.get_or_init(|| message("GetExtendedAgentCardRequest"))
}

/// Whether `method` is one of `lf.a2a.v1.A2AService`'s methods, spelled exactly.
///
/// ```
/// use a2a_card::protocol::grpc::is_method;
/// assert!(is_method("SendMessage"));
/// assert!(is_method("GetExtendedAgentCard"));
/// assert!(!is_method("getExtendedAgentCard"));
/// ```
pub fn is_method(method: &str) -> bool {
    pool()
        .get_service_by_name(SERVICE)
        .is_some_and(|service| service.methods().any(|m| m.name() == method))
}

/// The card's JSON (A2A v1.0) as the proto's `AgentCard` message, the bytes a gRPC
/// `GetExtendedAgentCard` answers with. Members the proto does not define are left out, as
/// ProtoJSON readers do.
///
/// ```
/// use a2a_card::protocol::grpc::{agent_card_from_proto, agent_card_to_proto};
/// let card = serde_json::to_value(a2a_card::__doctest::example_card())?;
/// let message = agent_card_to_proto(&card)?;
/// assert_eq!(agent_card_from_proto(&message)?["name"], card["name"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn agent_card_to_proto(card: &serde_json::Value) -> Result<Vec<u8>, ProtoError> {
    let options = DeserializeOptions::new().deny_unknown_fields(false);
    DynamicMessage::deserialize_with_options(message("AgentCard"), card, &options)
        .map(|card| card.encode_to_vec())
        .map_err(|error| ProtoError::Json {
            message: "AgentCard",
            reason: error.to_string(),
        })
}

/// An `AgentCard` message as its ProtoJSON (members at their default left out, as the JSON
/// writers of the SDKs do).
///
/// ```
/// use a2a_card::protocol::grpc::agent_card_from_proto;
/// // Field 1 (name), a string of two bytes.
/// assert_eq!(agent_card_from_proto(b"\x0a\x02Hi")?, serde_json::json!({"name": "Hi"}));
/// assert!(agent_card_from_proto(b"\x0a\x09Hi").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn agent_card_from_proto(bytes: &[u8]) -> Result<serde_json::Value, ProtoError> {
    let card = decode("AgentCard", bytes)?;
    Ok(serde_json::to_value(&card).expect("a decoded message serializes"))
}

/// A `GetExtendedAgentCardRequest` for `tenant` (empty: none), unframed.
///
/// ```
/// use a2a_card::protocol::grpc::{extended_card_request, read_extended_card_request};
/// assert_eq!(extended_card_request(""), b"");
/// assert_eq!(read_extended_card_request(&extended_card_request("t1"))?, "t1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn extended_card_request(tenant: &str) -> Vec<u8> {
    let mut request = DynamicMessage::new(extended_card_request_message().clone());
    request.set_field_by_name("tenant", Value::String(tenant.to_owned()));
    request.encode_to_vec()
}

/// The tenant a `GetExtendedAgentCardRequest` names (empty: none).
///
/// ```
/// use a2a_card::protocol::grpc::read_extended_card_request;
/// assert_eq!(read_extended_card_request(b"\x0a\x02t1")?, "t1");
/// assert_eq!(read_extended_card_request(b"")?, "");
/// // Field 1 with the wire type of an integer.
/// assert!(read_extended_card_request(b"\x08\x01").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_extended_card_request(bytes: &[u8]) -> Result<String, ProtoError> {
    let descriptor = extended_card_request_message().clone();
    let request =
        DynamicMessage::decode(descriptor, bytes).map_err(|error| ProtoError::Decode {
            message: "GetExtendedAgentCardRequest",
            reason: error.to_string(),
        })?;
    let tenant = request.get_field_by_name("tenant");
    Ok(tenant
        .as_deref()
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned())
}

fn decode(name: &'static str, bytes: &[u8]) -> Result<DynamicMessage, ProtoError> {
    DynamicMessage::decode(message(name), bytes).map_err(|error| ProtoError::Decode {
        message: name,
        reason: error.to_string(),
    })
}

#[cfg(test)]
#[path = "proto_tests.rs"]
mod tests;
