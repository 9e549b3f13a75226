//! Warnings for the common mistakes publishers make (shared/seeds/004): valid cards that
//! route badly, leak, or still carry pre-v1.0 fields.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::card::AgentCard;
use crate::card::v03::V03_TOP_LEVEL;
use crate::diagnostic::shown;
use crate::diagnostic::{Code, Diagnostic, pointer_push};

/// Names that tell a router nothing about the agent.
const GENERIC_NAMES: &[&str] = &[
    "agent",
    "ai agent",
    "ai assistant",
    "assistant",
    "bot",
    "chatbot",
    "demo agent",
    "example agent",
    "helper",
    "my agent",
    "new agent",
    "sample agent",
    "test agent",
    "untitled",
];

/// Descriptions shorter than this give routers too little to match.
const MIN_DESCRIPTION_CHARS: usize = 20;

/// Runs every lint.
pub(crate) fn check(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    generic_name(card, out);
    short_descriptions(card, out);
    insecure_interfaces(card, out);
    unused_schemes(card, out);
    deprecated_flows(card, out);
    pre_v1_fields(card, out);
    skills_without_examples(card, out);
}

fn generic_name(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    let name = card.name.trim().to_lowercase();
    if GENERIC_NAMES.contains(&name.as_str()) {
        out.push(Diagnostic::new(
            Code::GenericName,
            "/name",
            format!(
                "{} is a generic name that gives routers and people nothing to tell this \
                 agent apart; name what it does, such as \"Route Planner\"",
                shown(&card.name)
            ),
        ));
    }
}

fn short_description(text: &str, pointer: &str, out: &mut Vec<Diagnostic>) {
    let length = text.trim().chars().count();
    if length > 0 && length < MIN_DESCRIPTION_CHARS {
        out.push(Diagnostic::new(
            Code::ShortDescription,
            pointer,
            format!(
                "the description has {length} characters; routers match tasks on it, so say \
                 what the agent does and for whom in at least {MIN_DESCRIPTION_CHARS}"
            ),
        ));
    }
}

fn short_descriptions(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    short_description(&card.description, "/description", out);
    for (k, skill) in card.skills.iter().enumerate() {
        short_description(&skill.description, &format!("/skills/{k}/description"), out);
    }
}

fn insecure_interfaces(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (i, interface) in card.supported_interfaces.iter().enumerate() {
        let url = interface.url.to_ascii_lowercase();
        // grpc:// is the cleartext spelling some gRPC tools give h2c (grpcs:// is TLS).
        if ["http://", "ws://", "grpc://"]
            .iter()
            .any(|s| url.starts_with(s))
        {
            out.push(Diagnostic::new(
                Code::InsecureUrl,
                format!("/supportedInterfaces/{i}/url"),
                "the interface is not encrypted (http://, ws:// or grpc://); serve A2A over TLS \
                 in production",
            ));
        }
    }
}

/// Interface URLs on this machine, in a card checked for publication (registry profile).
pub(crate) fn local_interfaces(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (i, interface) in card.supported_interfaces.iter().enumerate() {
        let Ok(uri) = interface.url.parse::<http::Uri>() else {
            continue;
        };
        if uri.host().is_some_and(super::syntax::host_is_this_machine) {
            out.push(Diagnostic::new(
                Code::LocalInterfaceUrl,
                format!("/supportedInterfaces/{i}/url"),
                format!(
                    "{} names the machine the agent runs on, which no caller elsewhere reaches; \
                     publish the URL callers use (`a2a-card serve --public-url \
                     https://PUBLIC-HOST/PREFIX`, or the layer's `public_url`, rebases it)",
                    shown(&interface.url)
                ),
            ));
        }
    }
}

fn unused_schemes(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    let used: BTreeSet<&str> = card
        .security_requirements
        .iter()
        .chain(
            card.skills
                .iter()
                .flat_map(|s| s.security_requirements.iter()),
        )
        .flat_map(|r| r.schemes.keys().map(String::as_str))
        .collect();
    for name in card.security_schemes.keys() {
        if !used.contains(name.as_str()) {
            out.push(Diagnostic::new(
                Code::UnusedScheme,
                pointer_push("/securitySchemes", name),
                format!(
                    "{} is declared but no securityRequirements entry uses it, so \
                     clients cannot tell whether it is enforced; require it or remove it",
                    shown(name)
                ),
            ));
        }
    }
}

fn deprecated_flows(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (name, scheme) in &card.security_schemes {
        let Some(oauth) = &scheme.oauth2_security_scheme else {
            continue;
        };
        let base = format!(
            "{}/oauth2SecurityScheme/flows",
            pointer_push("/securitySchemes", name)
        );
        let deprecated = [
            (
                oauth.flows.implicit.is_some(),
                "implicit",
                "authorizationCode with PKCE",
            ),
            (
                oauth.flows.password.is_some(),
                "password",
                "authorizationCode with PKCE or deviceCode",
            ),
        ];
        for (_, flow, instead) in deprecated.into_iter().filter(|(set, _, _)| *set) {
            out.push(Diagnostic::new(
                Code::DeprecatedFlow,
                format!("{base}/{flow}"),
                format!("the {flow} flow is deprecated; use {instead}"),
            ));
        }
    }
}

fn leftover(
    extra: &Map<String, Value>,
    key: &str,
    pointer: &str,
    instead: &str,
    out: &mut Vec<Diagnostic>,
) {
    if extra.contains_key(key) {
        out.push(Diagnostic::new(
            Code::PreV1Field,
            pointer_push(pointer, key),
            format!("`{key}` is a pre-v1.0 field that v1.0 clients ignore; {instead}"),
        ));
    }
}

fn pre_v1_fields(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for key in V03_TOP_LEVEL {
        let instead = match *key {
            "supportsAuthenticatedExtendedCard" => "use capabilities.extendedAgentCard",
            "protocolVersion" => "declare protocolVersion on each supportedInterfaces entry",
            _ => "list every endpoint in supportedInterfaces (first = preferred)",
        };
        leftover(&card.extra, key, "", instead, out);
    }
    leftover(&card.extra, "security", "", "use securityRequirements", out);
    if let Some(provider) = &card.provider {
        leftover(
            &provider.extra,
            "name",
            "/provider",
            "use provider.organization",
            out,
        );
    }
    if card.extra.contains_key("authentication") {
        out.push(Diagnostic::new(
            Code::PreV1Field,
            "/authentication",
            "`authentication` is a field of the drafts before v0.2 that clients ignore; \
             declare securitySchemes and require them (securityRequirements in v1.0, security \
             in v0.3)",
        ));
    }
    unknown_capabilities(card, out);
    let remove = "remove it (model the behaviour as an extension if clients rely on it)";
    leftover(
        &card.capabilities.extra,
        "stateTransitionHistory",
        "/capabilities",
        remove,
        out,
    );
    for (i, interface) in card.supported_interfaces.iter().enumerate() {
        let at = format!("/supportedInterfaces/{i}");
        leftover(
            &interface.extra,
            "transport",
            &at,
            "use protocolBinding",
            out,
        );
    }
    for (name, scheme) in &card.security_schemes {
        let at = pointer_push("/securitySchemes", name);
        let instead = "the v1.0 wrapper key already says which kind of scheme this is; remove it";
        // Without a wrapper the scheme sets no variant, and A2A-E020 already says so.
        if !scheme.variant_names().is_empty() {
            leftover(&scheme.extra, "type", &at, instead, out);
        }
        if let Some(key) = &scheme.api_key_security_scheme {
            let at = format!("{at}/apiKeySecurityScheme");
            leftover(&key.extra, "in", &at, "use location", out);
        }
    }
    for (k, skill) in card.skills.iter().enumerate() {
        leftover(
            &skill.extra,
            "security",
            &format!("/skills/{k}"),
            "use securityRequirements",
            out,
        );
    }
}

/// Members of `capabilities` that no version of the spec defines (`stateTransitionHistory`,
/// a v0.3 member, has a message of its own).
fn unknown_capabilities(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for key in card.capabilities.extra.keys() {
        if key == "stateTransitionHistory" {
            continue;
        }
        out.push(Diagnostic::new(
            Code::PreV1Field,
            pointer_push("/capabilities", key),
            format!(
                "{} is not a member of AgentCapabilities in any version of the spec (v1.0 \
                 defines streaming, pushNotifications, extensions and extendedAgentCard), so \
                 clients ignore it; declare the behaviour as an extension",
                shown(key)
            ),
        ));
    }
}

fn skills_without_examples(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (k, skill) in card.skills.iter().enumerate() {
        if skill.examples.is_empty() {
            out.push(Diagnostic::new(
                Code::SkillWithoutExamples,
                format!("/skills/{k}/examples"),
                format!(
                    "skill {} has no examples; a few example prompts help routers and \
                     people see what it handles",
                    shown(&skill.id)
                ),
            ));
        }
    }
}
