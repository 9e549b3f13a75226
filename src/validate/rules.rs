//! Specification rules the shape alone cannot express: one variant per union, API key
//! locations, version numbers, scheme names, skill ids, URLs, media types and the extended
//! card's authentication.

use std::collections::HashMap;

use super::grpc_url::grpc_url_problem;
use super::syntax::{
    VersionForm, is_absolute_url, is_data_url, is_media_type, is_uri, version_form,
};
use crate::card::{AgentCard, OAuthFlows, SecurityRequirement, SecurityScheme};
use crate::diagnostic::shown;
use crate::diagnostic::{Code, Diagnostic, pointer_push};
use crate::protocol::Binding;

use super::Profile;
use super::script_url::{UrlField, script_url};

/// Runs every rule on a card read into the model.
pub(crate) fn check(card: &AgentCard, profile: Profile, out: &mut Vec<Diagnostic>) {
    interfaces(card, out);
    card_urls(card, out);
    schemes(card, out);
    requirement_names(card, out);
    skill_ids(card, out);
    media_types(card, profile, out);
    extended_card(card, out);
}

fn interfaces(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (i, interface) in card.supported_interfaces.iter().enumerate() {
        let base = format!("/supportedInterfaces/{i}");
        let version = &interface.protocol_version;
        match version_form(version) {
            _ if version.is_empty() => {}
            VersionForm::MajorMinor => {}
            VersionForm::WithPatch => out.push(Diagnostic::new(
                Code::ProtocolVersionPatch,
                format!("{base}/protocolVersion"),
                format!(
                    "{} has a patch part; the spec writes protocol versions as \
                     Major.Minor ({})",
                    shown(version),
                    version
                        .rsplit_once('.')
                        .map_or(version.as_str(), |(mm, _)| mm)
                ),
            )),
            VersionForm::Invalid => out.push(Diagnostic::new(
                Code::ProtocolVersion,
                format!("{base}/protocolVersion"),
                format!(
                    "{} is not a protocol version; write Major.Minor, such as \"1.0\"",
                    shown(version)
                ),
            )),
        }
        binding(&interface.protocol_binding, &base, out);
        let url = &interface.url;
        if let Some(refused) = script_url(url, &format!("{base}/url"), UrlField::Link) {
            out.push(refused);
            continue;
        }
        // The binding's name is case-sensitive (E036), but a mistyped "grpc" still means
        // gRPC: its URL is held to gRPC's forms rather than reported twice.
        if interface.protocol_binding.eq_ignore_ascii_case("GRPC") {
            if let Some(problem) = grpc_url_problem(url) {
                out.push(Diagnostic::new(
                    Code::NotAbsoluteUrl,
                    format!("{base}/url"),
                    format!("{} is not a gRPC address: {problem}", shown(url)),
                ));
            }
        } else if !url.is_empty() && !is_absolute_url(url) {
            out.push(Diagnostic::new(
                Code::NotAbsoluteUrl,
                format!("{base}/url"),
                format!(
                    "{} is not an absolute URL such as https://agent.example.com/a2a",
                    shown(url)
                ),
            ));
        }
    }
}

/// The bindings the spec defines; anything else must be a URI naming a custom binding.
fn binding(binding: &str, base: &str, out: &mut Vec<Diagnostic>) {
    let core = !matches!(Binding::parse(binding), Binding::Custom(_));
    if binding.is_empty() || core || is_uri(binding) {
        return;
    }
    let hint = match Binding::CORE
        .iter()
        .map(Binding::as_str)
        .find(|b| b.eq_ignore_ascii_case(binding))
    {
        Some(core) => format!("write it as {core}: binding names are case-sensitive"),
        None => "use JSONRPC, GRPC or HTTP+JSON, or a URI naming a custom binding".to_owned(),
    };
    out.push(Diagnostic::new(
        Code::UnknownBinding,
        format!("{base}/protocolBinding"),
        format!("{} is not a protocol binding; {hint}", shown(binding)),
    ));
}

fn url_rule(url: &str, pointer: String, out: &mut Vec<Diagnostic>) {
    if let Some(refused) = script_url(url, &pointer, UrlField::Link) {
        out.push(refused);
    } else if !url.is_empty() && !is_absolute_url(url) {
        out.push(Diagnostic::new(
            Code::NotAbsoluteUrl,
            pointer,
            format!("{} is not an absolute URL (scheme://host/...)", shown(url)),
        ));
    }
}

fn card_urls(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    if let Some(url) = &card.documentation_url {
        url_rule(url, "/documentationUrl".into(), out);
    }
    if let Some(url) = &card.icon_url {
        if let Some(refused) = script_url(url, "/iconUrl", UrlField::Image) {
            out.push(refused);
        } else if !is_data_url(url) {
            url_rule(url, "/iconUrl".into(), out);
        }
    }
    if let Some(provider) = &card.provider {
        url_rule(&provider.url, "/provider/url".into(), out);
    }
    // An extension's URI names it and may be a URN, so only a script or data URL is refused.
    for (k, extension) in card.capabilities.extensions.iter().enumerate() {
        let at = format!("/capabilities/extensions/{k}/uri");
        out.extend(script_url(&extension.uri, &at, UrlField::Link));
    }
}

fn schemes(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (name, scheme) in &card.security_schemes {
        let base = pointer_push("/securitySchemes", name);
        variant_count(scheme, &base, out);
        if let Some(key) = &scheme.api_key_security_scheme {
            let location = &key.location;
            if !location.is_empty() && !matches!(location.as_str(), "query" | "header" | "cookie") {
                out.push(Diagnostic::new(
                    Code::ApiKeyLocation,
                    format!("{base}/apiKeySecurityScheme/location"),
                    format!(
                        "{} is not an API key location; use query, header or cookie",
                        shown(location)
                    ),
                ));
            }
        }
        if let Some(oauth) = &scheme.oauth2_security_scheme {
            let at = format!("{base}/oauth2SecurityScheme");
            url_rule(
                &oauth.oauth2_metadata_url,
                format!("{at}/oauth2MetadataUrl"),
                out,
            );
            flows(&oauth.flows, &format!("{at}/flows"), out);
        }
        if let Some(oidc) = &scheme.open_id_connect_security_scheme {
            let at = format!("{base}/openIdConnectSecurityScheme/openIdConnectUrl");
            url_rule(&oidc.open_id_connect_url, at, out);
        }
    }
}

fn variant_count(scheme: &SecurityScheme, base: &str, out: &mut Vec<Diagnostic>) {
    let set = scheme.variant_names();
    let message = match set.len() {
        1 => return,
        0 => {
            let legacy = match scheme.extra.get("type").and_then(|t| t.as_str()) {
                Some(t) => format!(
                    " (`\"type\": {}` is not one of apiKey, http, oauth2, openIdConnect, mutualTLS)",
                    shown(t)
                ),
                None => String::new(),
            };
            format!(
                "the scheme sets no variant{legacy}; set exactly one of apiKeySecurityScheme, \
                 httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, \
                 mtlsSecurityScheme"
            )
        }
        _ => format!(
            "the scheme sets {} variants ({}); a SecurityScheme holds exactly one: split it \
             into one scheme per variant",
            set.len(),
            set.join(", ")
        ),
    };
    out.push(Diagnostic::new(Code::SchemeVariantCount, base, message));
}

fn flows(flows: &OAuthFlows, at: &str, out: &mut Vec<Diagnostic>) {
    let set = flows.flow_names();
    if set.len() != 1 {
        let message = if set.is_empty() {
            "no OAuth flow is set; set exactly one of authorizationCode, clientCredentials, \
             deviceCode (implicit and password are deprecated)"
                .to_owned()
        } else {
            format!(
                "{} flows are set ({}); v1.0 allows exactly one per scheme: declare one scheme \
                 per flow",
                set.len(),
                set.join(", ")
            )
        };
        out.push(Diagnostic::new(Code::OAuthFlowCount, at, message));
    }
    let mut urls: Vec<(String, &str)> = Vec::new();
    if let Some(f) = &flows.authorization_code {
        urls.push((
            format!("{at}/authorizationCode/authorizationUrl"),
            &f.authorization_url,
        ));
        urls.push((format!("{at}/authorizationCode/tokenUrl"), &f.token_url));
        urls.push((format!("{at}/authorizationCode/refreshUrl"), &f.refresh_url));
    }
    if let Some(f) = &flows.client_credentials {
        urls.push((format!("{at}/clientCredentials/tokenUrl"), &f.token_url));
        urls.push((format!("{at}/clientCredentials/refreshUrl"), &f.refresh_url));
    }
    if let Some(f) = &flows.device_code {
        urls.push((
            format!("{at}/deviceCode/deviceAuthorizationUrl"),
            &f.device_authorization_url,
        ));
        urls.push((format!("{at}/deviceCode/tokenUrl"), &f.token_url));
        urls.push((format!("{at}/deviceCode/refreshUrl"), &f.refresh_url));
    }
    if let Some(f) = &flows.implicit {
        urls.push((
            format!("{at}/implicit/authorizationUrl"),
            &f.authorization_url,
        ));
        urls.push((format!("{at}/implicit/refreshUrl"), &f.refresh_url));
    }
    if let Some(f) = &flows.password {
        urls.push((format!("{at}/password/tokenUrl"), &f.token_url));
        urls.push((format!("{at}/password/refreshUrl"), &f.refresh_url));
    }
    for (pointer, url) in urls {
        url_rule(url, pointer, out);
    }
}

fn undeclared(
    card: &AgentCard,
    requirements: &[SecurityRequirement],
    base: &str,
    out: &mut Vec<Diagnostic>,
) {
    for (i, requirement) in requirements.iter().enumerate() {
        for name in requirement.schemes.keys() {
            if !card.security_schemes.contains_key(name) {
                let declared: Vec<String> =
                    card.security_schemes.keys().map(|k| shown(k)).collect();
                let declared = if declared.is_empty() {
                    "securitySchemes declares none".to_owned()
                } else {
                    format!("declared: {}", declared.join(", "))
                };
                out.push(Diagnostic::new(
                    Code::UndeclaredScheme,
                    pointer_push(&format!("{base}/{i}/schemes"), name),
                    format!(
                        "{} is not a key of securitySchemes ({declared})",
                        shown(name)
                    ),
                ));
            }
        }
    }
}

fn requirement_names(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    undeclared(
        card,
        &card.security_requirements,
        "/securityRequirements",
        out,
    );
    for (k, skill) in card.skills.iter().enumerate() {
        let base = format!("/skills/{k}/securityRequirements");
        undeclared(card, &skill.security_requirements, &base, out);
    }
}

fn skill_ids(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    let mut first_seen: HashMap<&str, usize> = HashMap::new();
    for (k, skill) in card.skills.iter().enumerate() {
        if skill.id.is_empty() {
            continue;
        }
        if let Some(first) = first_seen.get(skill.id.as_str()) {
            out.push(Diagnostic::new(
                Code::DuplicateSkillId,
                format!("/skills/{k}/id"),
                format!(
                    "skill id {} is already used by /skills/{first}; ids must be unique",
                    shown(&skill.id)
                ),
            ));
        } else {
            first_seen.insert(&skill.id, k);
        }
    }
}

/// The media type an author most likely meant by a bare mode token such as `"text"`.
fn meant(mode: &str) -> Option<&'static str> {
    Some(match mode.trim().to_ascii_lowercase().as_str() {
        "text" | "txt" | "string" | "plain" | "plaintext" | "plain_text" | "text/" => "text/plain",
        "json" | "data" | "object" | "structured" => "application/json",
        "markdown" | "md" => "text/markdown",
        "html" => "text/html",
        "csv" => "text/csv",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "file" | "binary" | "bytes" => "application/octet-stream",
        "image" | "img" | "png" => "image/png",
        "jpeg" | "jpg" => "image/jpeg",
        "audio" => "audio/mpeg",
        "video" => "video/mp4",
        _ => return None,
    })
}

/// Modes that are not media types: a warning in the spec profile (the spec defines modes as
/// media types but states no MUST), an error in the registry profile.
fn media_type_list(modes: &[String], base: &str, profile: Profile, out: &mut Vec<Diagnostic>) {
    for (i, mode) in modes.iter().enumerate() {
        if is_media_type(mode) {
            continue;
        }
        let instead = match meant(mode) {
            Some(media_type) => format!("use {media_type:?}"),
            None => "write type/subtype, such as \"text/plain\"".to_owned(),
        };
        let (code, why) = match profile {
            Profile::Spec => (
                Code::ModeNotMediaType,
                "the spec defines input and output modes as media types",
            ),
            Profile::Registry => (
                Code::MediaType,
                "the Agent Registry requires input and output modes to be media types",
            ),
        };
        out.push(Diagnostic::new(
            code,
            format!("{base}/{i}"),
            format!("{} is not a media type; {why}: {instead}", shown(mode)),
        ));
    }
}

fn media_types(card: &AgentCard, profile: Profile, out: &mut Vec<Diagnostic>) {
    media_type_list(
        &card.default_input_modes,
        "/defaultInputModes",
        profile,
        out,
    );
    media_type_list(
        &card.default_output_modes,
        "/defaultOutputModes",
        profile,
        out,
    );
    for (k, skill) in card.skills.iter().enumerate() {
        let at = format!("/skills/{k}");
        media_type_list(
            &skill.input_modes,
            &format!("{at}/inputModes"),
            profile,
            out,
        );
        media_type_list(
            &skill.output_modes,
            &format!("{at}/outputModes"),
            profile,
            out,
        );
    }
}

fn extended_card(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    if card.capabilities.extended_agent_card != Some(true) {
        return;
    }
    let requirements = &card.security_requirements;
    let message = if requirements.is_empty() {
        "the extended card must require authentication, but the card declares no \
         securityRequirements; declare the scheme callers must use, or set extendedAgentCard \
         to false"
    } else if requirements.iter().any(|r| r.schemes.is_empty()) {
        // Requirements are alternatives: an empty one lets anonymous callers through.
        "the extended card must require authentication, but one securityRequirements entry \
         names no scheme, which lets anonymous callers in; remove the empty entry"
    } else {
        return;
    };
    out.push(Diagnostic::new(
        Code::ExtendedCardWithoutSecurity,
        "/capabilities/extendedAgentCard",
        message,
    ));
}
