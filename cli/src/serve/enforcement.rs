//! Whether a new card may replace the one an extended-card layer and its `CardSecurity` were
//! built from without rebuilding them.

use a2a_card::AgentCard;

/// True when `new` needs exactly the security `old` does and derives the same extended-card
/// routes: the same schemes, requirements and `extendedAgentCard` flag, and interfaces with
/// the same binding, version, tenant and URL path. The host is not part of a route, so a card
/// may move its interfaces to another host or port (a new deployment). A server that swaps
/// cards (`a2a-card serve --watch`) refuses a replacement for which this is false: what it
/// enforces was fixed when the layers were built.
pub(crate) fn enforces_the_same(old: &AgentCard, new: &AgentCard) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> AgentCard {
        AgentCard::from_json_str(
            r#"{"name": "A", "description": "d", "version": "1", "capabilities": {"extendedAgentCard": true},
            "supportedInterfaces": [
              {"url": "https://a.example/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
              {"url": "https://a.example/rest/", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "t1"}],
            "securitySchemes": {"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}},
            "securityRequirements": [{"schemes": {"key": {}}}],
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "s", "name": "S", "description": "d", "tags": ["t"]}]}"#,
        )
        .unwrap()
    }

    /// A change to a card, named.
    type Change = (&'static str, fn(&mut AgentCard));

    #[test]
    fn what_is_enforced_must_stay_the_same() {
        let old = card();
        assert!(enforces_the_same(&old, &old.clone()));
        let changes: [Change; 9] = [
            ("another scheme", |c| {
                c.security_schemes
                    .insert("other".into(), a2a_card::SecurityScheme::http("Bearer"));
            }),
            ("the key's header renamed", |c| {
                c.security_schemes.insert(
                    "key".into(),
                    a2a_card::SecurityScheme::api_key("header", "X-Other"),
                );
            }),
            ("no requirements", |c| c.security_requirements.clear()),
            ("another requirement", |c| {
                let again = c.security_requirements[0].clone();
                c.security_requirements.push(again);
            }),
            ("no extended card", |c| {
                c.capabilities.extended_agent_card = Some(false)
            }),
            ("another path", |c| {
                c.supported_interfaces[0].url = "https://a.example/v2/rpc".into()
            }),
            ("another binding", |c| {
                c.supported_interfaces[0].protocol_binding = "GRPC".into()
            }),
            ("another version", |c| {
                c.supported_interfaces[0].protocol_version = "0.3".into()
            }),
            ("another tenant", |c| {
                c.supported_interfaces[1].tenant = "t2".into()
            }),
        ];
        for (what, change) in changes {
            let mut new = old.clone();
            change(&mut new);
            assert!(!enforces_the_same(&old, &new), "{what}");
            assert!(!enforces_the_same(&new, &old), "{what}");
        }
        let mut fewer = old.clone();
        fewer.supported_interfaces.pop();
        assert!(!enforces_the_same(&old, &fewer));
    }

    #[test]
    fn what_is_not_enforced_may_change() {
        let old = card();
        let mut new = old.clone();
        new.supported_interfaces[0].url = "http://b.example:8080/rpc".into();
        new.supported_interfaces[1].url = "https://c.example/rest".into();
        new.name = "B".into();
        new.description = "another".into();
        new.skills.clear();
        assert!(enforces_the_same(&old, &new));
    }
}
