//! The v0.3 top-level fields: interfaces, the extended-card flag, provider name and the
//! removed stateTransitionHistory capability.

use serde_json::{Map, Value};

use super::Conversion;
use crate::diagnostic::{Code, Diagnostic};
use crate::protocol::Binding;

/// `(Major.Minor, patch)` of a `Major.Minor.Patch` version string.
fn split_patch(version: &str) -> Option<(String, &str)> {
    let mut parts = version.split('.');
    let (major, minor, patch) = (parts.next()?, parts.next()?, parts.next()?);
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole = parts.next().is_none() && numeric(major) && numeric(minor) && numeric(patch);
    whole.then(|| (format!("{major}.{minor}"), patch))
}

pub(super) fn interfaces_from_v03(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let version = match doc.remove("protocolVersion") {
        // "0.3.0" and "0.3" name the same version: nothing is lost.
        Some(Value::String(v)) => match split_patch(&v) {
            Some((short, "0")) => Value::String(short),
            Some((short, _)) => {
                conv.notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    "/protocolVersion",
                    format!(
                        "v1.0 declares the protocol version per interface as Major.Minor: \
                         \"{v}\" becomes \"{short}\" and the patch part is dropped"
                    ),
                ));
                Value::String(short)
            }
            None => Value::String(v),
        },
        // The v0.3 schema requires protocolVersion (its default is 0.3.0): a guess, said.
        None | Some(Value::Null) => {
            conv.notes.push(Diagnostic::new(
                Code::GuessedValue,
                "/protocolVersion",
                "the card declares no protocolVersion; it was read as 0.3 (the v0.3 schema's \
                 default), and the migrated interfaces say \"0.3\": check which version the \
                 endpoint speaks",
            ));
            Value::String("0.3".into())
        }
        Some(other) => other,
    };
    let preferred = doc.remove("preferredTransport").filter(|v| !v.is_null());
    if preferred.is_some() && doc.get("url").is_none_or(Value::is_null) {
        conv.notes.push(Diagnostic::new(
            Code::ConversionLoss,
            "/preferredTransport",
            "preferredTransport names the transport of `url`, which is missing; it was dropped",
        ));
    }
    // v0.3 made JSON-RPC the transport of `url` when none was named.
    let binding = preferred.unwrap_or_else(|| Value::String(Binding::JsonRpc.as_str().into()));

    let mut interfaces = Vec::new();
    if let Some(url) = doc.remove("url").filter(|v| !v.is_null()) {
        let mut first = Map::new();
        first.insert("url".into(), url);
        first.insert("protocolBinding".into(), binding);
        first.insert("protocolVersion".into(), version.clone());
        interfaces.push(Value::Object(first));
        conv.pointers.record("/supportedInterfaces/0/url", "/url");
        conv.pointers.record(
            "/supportedInterfaces/0/protocolBinding",
            "/preferredTransport",
        );
        conv.pointers
            .record("/supportedInterfaces/0/protocolVersion", "/protocolVersion");
        conv.pointers.record("/supportedInterfaces/0", "/url");
    }
    conv.pointers.record("/supportedInterfaces", "/url");

    if let Some(additional) = doc.remove("additionalInterfaces").filter(|v| !v.is_null()) {
        let Value::Array(items) = additional else {
            conv.errors.push(Diagnostic::new(
                Code::WrongType,
                "/additionalInterfaces",
                format!(
                    "expected an array of interfaces ({{\"url\": ..., \"transport\": ...}}), \
                     found {}",
                    crate::card::shape::json_kind(&additional)
                ),
            ));
            return finish_interfaces(doc, interfaces);
        };
        for (j, item) in items.into_iter().enumerate() {
            let source = format!("/additionalInterfaces/{j}");
            // Which keys the author wrote decides where their values are pointed back to.
            let (had_binding, had_version) = match &item {
                Value::Object(fields) => (
                    fields.contains_key("protocolBinding"),
                    fields.contains_key("protocolVersion"),
                ),
                _ => (false, false),
            };
            let item = match item {
                Value::Object(mut fields) => {
                    if let Some(transport) = fields.remove("transport") {
                        fields.insert("protocolBinding".into(), transport);
                    }
                    if !had_version {
                        fields.insert("protocolVersion".into(), version.clone());
                    }
                    Value::Object(fields)
                }
                other => other,
            };
            // v0.3 cards usually repeat the main interface here; it is already first. A
            // repeat that adds fields v1.0 does not know completes the main interface (as the
            // v0.3 rendering writes its unknown fields) rather than doubling it.
            if let Some(first) = interfaces.first_mut() {
                if repeats_main(first, &item) {
                    if let (Value::Object(known), Value::Object(fields)) = (&*first, &item) {
                        for key in fields.keys().filter(|k| !known.contains_key(*k)) {
                            conv.pointers.record(
                                format!("/supportedInterfaces/0/{key}"),
                                format!("{source}/{key}"),
                            );
                        }
                    }
                    *first = item;
                    continue;
                }
            }
            let k = interfaces.len();
            let target = format!("/supportedInterfaces/{k}");
            // v0.3 spells the binding `transport` (REQUIRED there): a finding about it, even
            // a missing one, names the v0.3 member, unless the author wrote the v1.0 name.
            if !had_binding {
                conv.pointers.record(
                    format!("{target}/protocolBinding"),
                    format!("{source}/transport"),
                );
            }
            if !had_version {
                conv.pointers
                    .record(format!("{target}/protocolVersion"), "/protocolVersion");
            }
            conv.pointers.record(target, source);
            interfaces.push(item);
        }
    }
    finish_interfaces(doc, interfaces);
}

/// True when `item` has every field of the main interface `first`, with the same values, and
/// otherwise only fields an AgentInterface does not define (one with its own tenant, say, is
/// an interface of its own).
fn repeats_main(first: &Value, item: &Value) -> bool {
    const DEFINED: [&str; 4] = ["url", "protocolBinding", "protocolVersion", "tenant"];
    let (Value::Object(first), Value::Object(item)) = (first, item) else {
        return false;
    };
    first
        .iter()
        .all(|(key, value)| item.get(key) == Some(value))
        && item
            .keys()
            .all(|key| first.contains_key(key) || !DEFINED.contains(&key.as_str()))
}

fn finish_interfaces(doc: &mut Map<String, Value>, interfaces: Vec<Value>) {
    if !interfaces.is_empty() {
        doc.insert("supportedInterfaces".into(), Value::Array(interfaces));
    }
}

pub(super) fn extended_card_flag(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(flag) = doc.remove("supportsAuthenticatedExtendedCard") else {
        return;
    };
    let capabilities = doc
        .entry("capabilities")
        .or_insert_with(|| Value::Object(Map::new()));
    // `null` is unset: the flag still has to land somewhere.
    if capabilities.is_null() {
        *capabilities = Value::Object(Map::new());
    }
    if let Value::Object(capabilities) = capabilities {
        if let Some(existing) = capabilities.get("extendedAgentCard") {
            if *existing != flag {
                conv.notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    "/supportsAuthenticatedExtendedCard",
                    "capabilities.extendedAgentCard is already set and disagrees; \
                     supportsAuthenticatedExtendedCard was dropped",
                ));
            }
        } else {
            capabilities.insert("extendedAgentCard".into(), flag);
            conv.pointers.record(
                "/capabilities/extendedAgentCard",
                "/supportsAuthenticatedExtendedCard",
            );
        }
    }
}

pub(super) fn provider_name(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(Value::Object(provider)) = doc.get_mut("provider") else {
        return;
    };
    let Some(name) = provider.remove("name") else {
        return;
    };
    // No version of the spec has provider.name; reading it as organization is a courtesy,
    // never silent. A missing organization stays an error of the card (validation says so).
    match provider.get("organization") {
        None | Some(Value::Null) => {
            conv.notes.push(Diagnostic::new(
                Code::PreV1Field,
                "/provider/name",
                "`name` is not a member of AgentProvider in any version of the spec, which \
                 spells it `organization`; it was read as organization: rename it",
            ));
            provider.insert("organization".into(), name);
            conv.pointers
                .record("/provider/organization", "/provider/name");
        }
        Some(org) if *org == name => conv.notes.push(Diagnostic::new(
            Code::PreV1Field,
            "/provider/name",
            "`name` is not a member of AgentProvider in any version of the spec (it repeats \
             `organization`, the spec's spelling); remove it",
        )),
        Some(_) => conv.notes.push(Diagnostic::new(
            Code::ConversionLoss,
            "/provider/name",
            "provider.name differs from provider.organization; v1.0 keeps only organization, \
             so name was dropped",
        )),
    }
}

pub(super) fn state_transition_history(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(Value::Object(capabilities)) = doc.get_mut("capabilities") else {
        return;
    };
    if let Some(value) = capabilities.remove("stateTransitionHistory") {
        if value == Value::Bool(true) {
            conv.notes.push(Diagnostic::new(
                Code::ConversionLoss,
                "/capabilities/stateTransitionHistory",
                "v1.0 has no stateTransitionHistory capability; it was dropped (declare the \
                 behaviour as an extension if clients rely on it)",
            ));
        }
    }
}
