//! The A2A wire vocabulary, in one place: the protocol bindings ([`Binding`]) and versions
//! ([`ProtocolVersion`]) a card's `supportedInterfaces` name, how each of them asks for the
//! authenticated extended card ([`ExtendedCardOperation`]), the error codes ([`ErrorCode`])
//! and the header names ([`header`]). Always compiled; it depends on nothing but std and
//! serde, so every other module (and any client) can speak it.
//!
//! ```
//! use a2a_card::protocol::{Binding, ExtendedCardOperation, ProtocolVersion};
//!
//! let binding = Binding::parse("HTTP+JSON");
//! let version = ProtocolVersion::parse("0.3");
//! let operation = ExtendedCardOperation::of(&binding, &version).unwrap();
//! assert_eq!(operation, ExtendedCardOperation::RestV0_3);
//! assert_eq!(operation.rest_suffix(), Some("/v1/card"));
//!
//! let v1 = ExtendedCardOperation::of(&Binding::JsonRpc, &ProtocolVersion::V1_0).unwrap();
//! assert_eq!(v1.jsonrpc_method(), Some("GetExtendedAgentCard"));
//! // gRPC is not an HTTP route: no operation this crate can route or probe.
//! assert_eq!(ExtendedCardOperation::of(&Binding::Grpc, &version), None);
//! ```

mod binding;
mod error;
#[cfg(feature = "grpc")]
pub mod grpc;
pub mod header;
// The layers' own JSON-RPC answers (security, extended, body): nothing else writes them.
#[cfg(feature = "auth")]
pub(crate) mod jsonrpc;
mod operation;
mod version;

pub use binding::Binding;
pub use error::{ERROR_DOMAIN, ERROR_INFO_TYPE, ErrorCode};
pub use operation::{
    EXTENDED_AGENT_CARD_PATH, ExtendedCardOperation, GET_AUTHENTICATED_EXTENDED_CARD,
    GET_EXTENDED_AGENT_CARD, V0_3_CARD_PATH,
};
pub use version::ProtocolVersion;

/// The media type of an Agent Card (A2A §14.1): the `Content-Type` a card is served with and
/// the first type a client asks for.
///
/// ```
/// assert_eq!(a2a_card::protocol::A2A_JSON, "application/a2a+json");
/// ```
pub const A2A_JSON: &str = "application/a2a+json";

/// Parsing, display and serde for a type with `parse(&str)` and `as_str()`: the enums here
/// are strings on the wire, and every string reads as one of them.
macro_rules! string_serde {
    ($type:ty) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                Ok(<$type>::parse(&text))
            }
        }

        impl std::str::FromStr for $type {
            type Err = std::convert::Infallible;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Ok(<$type>::parse(text))
            }
        }

        impl From<&str> for $type {
            fn from(text: &str) -> Self {
                <$type>::parse(text)
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
use string_serde;
