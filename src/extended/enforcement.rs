//! Whether a new card may replace the one an extended-card layer and its `CardSecurity` were
//! built from without rebuilding them.

use crate::AgentCard;

/// True when `new` needs exactly the security `old` does and derives the same extended-card
/// routes: the same schemes, requirements and `extendedAgentCard` flag, and interfaces with
/// the same binding, version, tenant and URL path. The host is not part of a route, so a card
/// may move its interfaces to another host or port (a new deployment). A server that swaps
/// cards (`a2a-card serve --watch`) refuses a replacement for which this is false: what it
/// enforces was fixed when the layers were built.
///
/// ```
/// use a2a_card::{extended::enforces_the_same, AgentCard};
/// let old = AgentCard::from_json_str(r#"{"supportedInterfaces": [{"url": "https://a.example/rpc",
///     "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}"#).unwrap();
/// let mut moved = old.clone();
/// moved.supported_interfaces[0].url = "https://b.example:8443/rpc".into();
/// assert!(enforces_the_same(&old, &moved));
/// let mut renamed = old.clone();
/// renamed.supported_interfaces[0].url = "https://a.example/v2/rpc".into();
/// assert!(!enforces_the_same(&old, &renamed));
/// ```
pub fn enforces_the_same(old: &AgentCard, new: &AgentCard) -> bool {
    old.security_schemes == new.security_schemes
        && old.security_requirements == new.security_requirements
        && routes_of(old) == routes_of(new)
        && old.capabilities.extended_agent_card == new.capabilities.extended_agent_card
}

/// What the extended-card routes are built from: each interface's binding, version, tenant
/// and URL path.
fn routes_of(card: &AgentCard) -> Vec<(&str, &str, &str, Option<String>)> {
    card.supported_interfaces
        .iter()
        .map(|i| {
            let path = i
                .url
                .parse::<http::Uri>()
                .ok()
                .map(|uri| uri.path().trim_end_matches('/').to_owned());
            (
                i.protocol_binding.as_str(),
                i.protocol_version.as_str(),
                i.tenant.as_str(),
                path,
            )
        })
        .collect()
}
