//! [`ExtendedCardOperation`]: how each binding and version asks for the authenticated
//! extended card (§13.3, §9.4.8; v0.3 §7.10).

use super::{Binding, ProtocolVersion};

/// The JSON-RPC method of the extended card in v1.0 (no params).
pub const GET_EXTENDED_AGENT_CARD: &str = "GetExtendedAgentCard";
/// The JSON-RPC method of the extended card in v0.3.
pub const GET_AUTHENTICATED_EXTENDED_CARD: &str = "agent/getAuthenticatedExtendedCard";
/// What follows the interface path (and the tenant, when there is one) in the v1.0
/// HTTP+JSON route: `GET {path}[/{tenant}]/extendedAgentCard`.
pub const EXTENDED_AGENT_CARD_PATH: &str = "/extendedAgentCard";
/// What follows the interface path in the v0.3 HTTP+JSON route: `GET {path}/v1/card`.
pub const V0_3_CARD_PATH: &str = "/v1/card";

/// The extended-card operation of one interface: its binding and version decide the
/// method name or the route.
///
/// ```
/// use a2a_card::protocol::{Binding, ExtendedCardOperation, ProtocolVersion};
/// let op = ExtendedCardOperation::of(&Binding::HttpJson, &ProtocolVersion::V1_0).unwrap();
/// assert_eq!(op.rest_suffix(), Some("/extendedAgentCard"));
/// assert!(op.takes_tenant());
/// assert_eq!(op.version(), ProtocolVersion::V1_0);
/// assert_eq!(
///     ExtendedCardOperation::from_jsonrpc_method("agent/getAuthenticatedExtendedCard"),
///     Some(ExtendedCardOperation::JsonRpcV0_3),
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtendedCardOperation {
    /// v1.0 JSON-RPC: a POST to the interface URL with method `GetExtendedAgentCard`.
    JsonRpcV1_0,
    /// v0.3 JSON-RPC: method `agent/getAuthenticatedExtendedCard`.
    JsonRpcV0_3,
    /// v1.0 HTTP+JSON: `GET {path}/extendedAgentCard` or `GET {path}/{tenant}/extendedAgentCard`.
    RestV1_0,
    /// v0.3 HTTP+JSON: `GET {path}/v1/card`.
    RestV0_3,
}

impl ExtendedCardOperation {
    /// The operation of an interface with this binding and version; `None` for bindings
    /// that are not plain HTTP (gRPC, custom). A `0.x` version uses the v0.3 names, any
    /// other the v1.0 ones.
    ///
    /// ```
    /// use a2a_card::protocol::{Binding, ExtendedCardOperation as Op, ProtocolVersion};
    /// let v = |s| ProtocolVersion::parse(s);
    /// assert_eq!(Op::of(&Binding::JsonRpc, &v("0.3.0")), Some(Op::JsonRpcV0_3));
    /// assert_eq!(Op::of(&Binding::JsonRpc, &v("1.1")), Some(Op::JsonRpcV1_0));
    /// assert_eq!(Op::of(&Binding::Custom("urn:x".into()), &v("1.0")), None);
    /// ```
    pub fn of(binding: &Binding, version: &ProtocolVersion) -> Option<ExtendedCardOperation> {
        let v0_3 = version.is_pre_v1();
        match binding {
            Binding::JsonRpc if v0_3 => Some(ExtendedCardOperation::JsonRpcV0_3),
            Binding::JsonRpc => Some(ExtendedCardOperation::JsonRpcV1_0),
            Binding::HttpJson if v0_3 => Some(ExtendedCardOperation::RestV0_3),
            Binding::HttpJson => Some(ExtendedCardOperation::RestV1_0),
            _ => None,
        }
    }

    /// The operation a JSON-RPC method names, if it is the extended card's (either version).
    ///
    /// ```
    /// use a2a_card::protocol::ExtendedCardOperation as Op;
    /// assert_eq!(Op::from_jsonrpc_method("GetExtendedAgentCard"), Some(Op::JsonRpcV1_0));
    /// assert_eq!(Op::from_jsonrpc_method("SendMessage"), None);
    /// ```
    pub fn from_jsonrpc_method(method: &str) -> Option<ExtendedCardOperation> {
        match method {
            GET_EXTENDED_AGENT_CARD => Some(ExtendedCardOperation::JsonRpcV1_0),
            GET_AUTHENTICATED_EXTENDED_CARD => Some(ExtendedCardOperation::JsonRpcV0_3),
            _ => None,
        }
    }

    /// The binding the operation belongs to.
    ///
    /// ```
    /// use a2a_card::protocol::{Binding, ExtendedCardOperation};
    /// assert_eq!(ExtendedCardOperation::RestV0_3.binding(), Binding::HttpJson);
    /// ```
    pub fn binding(self) -> Binding {
        match self {
            ExtendedCardOperation::JsonRpcV1_0 | ExtendedCardOperation::JsonRpcV0_3 => {
                Binding::JsonRpc
            }
            ExtendedCardOperation::RestV1_0 | ExtendedCardOperation::RestV0_3 => Binding::HttpJson,
        }
    }

    /// The version whose spelling (and card shape) the operation uses: the card answered
    /// is the v0.3 rendering for the v0.3 operations.
    ///
    /// ```
    /// use a2a_card::protocol::{ExtendedCardOperation, ProtocolVersion};
    /// assert_eq!(ExtendedCardOperation::JsonRpcV0_3.version(), ProtocolVersion::V0_3);
    /// ```
    pub fn version(self) -> ProtocolVersion {
        match self {
            ExtendedCardOperation::JsonRpcV1_0 | ExtendedCardOperation::RestV1_0 => {
                ProtocolVersion::V1_0
            }
            ExtendedCardOperation::JsonRpcV0_3 | ExtendedCardOperation::RestV0_3 => {
                ProtocolVersion::V0_3
            }
        }
    }

    /// The JSON-RPC method, for the JSON-RPC operations.
    ///
    /// ```
    /// use a2a_card::protocol::ExtendedCardOperation;
    /// assert_eq!(ExtendedCardOperation::JsonRpcV0_3.jsonrpc_method(), Some("agent/getAuthenticatedExtendedCard"));
    /// assert_eq!(ExtendedCardOperation::RestV1_0.jsonrpc_method(), None);
    /// ```
    pub fn jsonrpc_method(self) -> Option<&'static str> {
        match self {
            ExtendedCardOperation::JsonRpcV1_0 => Some(GET_EXTENDED_AGENT_CARD),
            ExtendedCardOperation::JsonRpcV0_3 => Some(GET_AUTHENTICATED_EXTENDED_CARD),
            _ => None,
        }
    }

    /// What follows the interface path in the route, for the HTTP+JSON operations.
    ///
    /// ```
    /// use a2a_card::protocol::ExtendedCardOperation;
    /// assert_eq!(ExtendedCardOperation::RestV0_3.rest_suffix(), Some("/v1/card"));
    /// ```
    pub fn rest_suffix(self) -> Option<&'static str> {
        match self {
            ExtendedCardOperation::RestV1_0 => Some(EXTENDED_AGENT_CARD_PATH),
            ExtendedCardOperation::RestV0_3 => Some(V0_3_CARD_PATH),
            _ => None,
        }
    }

    /// Whether the route may carry a tenant segment before the suffix (v1.0 HTTP+JSON only).
    ///
    /// ```
    /// use a2a_card::protocol::ExtendedCardOperation;
    /// assert!(!ExtendedCardOperation::RestV0_3.takes_tenant());
    /// ```
    pub fn takes_tenant(self) -> bool {
        self == ExtendedCardOperation::RestV1_0
    }
}
