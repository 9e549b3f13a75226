//! [`Binding`]: how an interface carries A2A (`AgentInterface.protocolBinding`).

use super::string_serde;

/// A protocol binding, as `supportedInterfaces[].protocolBinding` names it. The three core
/// bindings are matched exactly as the specification spells them; anything else is a custom
/// binding (the specification wants a URI there; validation flags one that is not).
///
/// ```
/// use a2a_card::protocol::Binding;
/// assert_eq!(Binding::parse("JSONRPC"), Binding::JsonRpc);
/// assert_eq!(Binding::parse("HTTP+JSON").as_str(), "HTTP+JSON");
/// let custom: Binding = "https://example.com/bindings/mqtt".parse().unwrap();
/// assert_eq!(custom, Binding::Custom("https://example.com/bindings/mqtt".into()));
/// assert_eq!(serde_json::to_string(&Binding::Grpc).unwrap(), r#""GRPC""#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Binding {
    /// `JSONRPC`: JSON-RPC 2.0 over HTTP POST to the interface URL.
    JsonRpc,
    /// `HTTP+JSON`: the REST binding, one route per operation below the interface URL.
    HttpJson,
    /// `GRPC`.
    Grpc,
    /// Any other value: a custom binding, kept as written.
    Custom(String),
}

impl Binding {
    /// The binding named by `text`, matched exactly (`"jsonrpc"` is a custom binding).
    ///
    /// ```
    /// use a2a_card::protocol::Binding;
    /// assert_eq!(Binding::parse("GRPC"), Binding::Grpc);
    /// assert_eq!(Binding::parse("jsonrpc"), Binding::Custom("jsonrpc".into()));
    /// ```
    pub fn parse(text: &str) -> Binding {
        match text {
            "JSONRPC" => Binding::JsonRpc,
            "HTTP+JSON" => Binding::HttpJson,
            "GRPC" => Binding::Grpc,
            other => Binding::Custom(other.to_owned()),
        }
    }

    /// The three bindings the specification defines, in the order its text lists them.
    ///
    /// ```
    /// use a2a_card::protocol::Binding;
    /// assert!(Binding::CORE.iter().all(|b| !matches!(b, Binding::Custom(_))));
    /// ```
    pub const CORE: [Binding; 3] = [Binding::JsonRpc, Binding::Grpc, Binding::HttpJson];

    /// The binding as a card writes it.
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::Binding::JsonRpc.as_str(), "JSONRPC");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            Binding::JsonRpc => "JSONRPC",
            Binding::HttpJson => "HTTP+JSON",
            Binding::Grpc => "GRPC",
            Binding::Custom(text) => text,
        }
    }

    /// Whether the binding is plain HTTP requests (JSON-RPC or HTTP+JSON): what an HTTP
    /// middleware can route and an HTTP client can probe.
    ///
    /// ```
    /// use a2a_card::protocol::Binding;
    /// assert!(Binding::HttpJson.is_http());
    /// assert!(!Binding::Grpc.is_http());
    /// ```
    pub fn is_http(&self) -> bool {
        matches!(self, Binding::JsonRpc | Binding::HttpJson)
    }
}

string_serde!(Binding);
