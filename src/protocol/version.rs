//! [`ProtocolVersion`]: the A2A version an interface speaks (`AgentInterface.protocolVersion`)
//! or a client asks for (`A2A-Version`).

use super::string_serde;

/// An A2A protocol version. The specification writes `Major.Minor` (`"1.0"`, `"0.3"`); v0.3
/// cards often carry a patch (`"0.3.0"`), which belongs to the same version.
///
/// ```
/// use a2a_card::protocol::ProtocolVersion;
/// assert_eq!(ProtocolVersion::parse("0.3.0"), ProtocolVersion::V0_3);
/// assert_eq!(ProtocolVersion::parse("1.0"), ProtocolVersion::V1_0);
/// let other = ProtocolVersion::parse("0.2.5");
/// assert_eq!(other, ProtocolVersion::Other("0.2.5".into()));
/// // A pre-1.0 version speaks the v0.3 names of the operations.
/// assert!(other.is_pre_v1());
/// assert_eq!(other.to_string(), "0.2.5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// `0.3` (or `0.3.x`).
    V0_3,
    /// `1.0` (or `1.0.x`).
    V1_0,
    /// Any other value, kept as written.
    Other(String),
}

impl ProtocolVersion {
    /// The version named by `text`: `0.3`, `1.0` (each with or without a patch) or another.
    /// Nothing is trimmed; trim a header value before.
    ///
    /// ```
    /// use a2a_card::protocol::ProtocolVersion;
    /// assert_eq!(ProtocolVersion::parse("0.3"), ProtocolVersion::V0_3);
    /// assert_eq!(ProtocolVersion::parse("0.30"), ProtocolVersion::Other("0.30".into()));
    /// ```
    pub fn parse(text: &str) -> ProtocolVersion {
        let is = |version: &str| {
            text.strip_prefix(version)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
        };
        if is("0.3") {
            ProtocolVersion::V0_3
        } else if is("1.0") {
            ProtocolVersion::V1_0
        } else {
            ProtocolVersion::Other(text.to_owned())
        }
    }

    /// The version as written (`"0.3"`, `"1.0"`, or the other value).
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::ProtocolVersion::V0_3.as_str(), "0.3");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            ProtocolVersion::V0_3 => "0.3",
            ProtocolVersion::V1_0 => "1.0",
            ProtocolVersion::Other(text) => text,
        }
    }

    /// A `0.x` version: one that speaks the v0.3 names of the operations and the v0.3 card
    /// shape. Every other version is taken to speak v1.0.
    ///
    /// ```
    /// use a2a_card::protocol::ProtocolVersion;
    /// assert!(ProtocolVersion::V0_3.is_pre_v1());
    /// assert!(!ProtocolVersion::parse("1.1").is_pre_v1());
    /// ```
    pub fn is_pre_v1(&self) -> bool {
        match self {
            ProtocolVersion::V0_3 => true,
            ProtocolVersion::V1_0 => false,
            ProtocolVersion::Other(text) => text.starts_with("0."),
        }
    }
}

string_serde!(ProtocolVersion);
