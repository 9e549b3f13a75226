//! Reading a v0.3 card as v1.0, the top-level fields: interfaces, the extended-card flag,
//! provider name and the removed stateTransitionHistory capability. The names come from the
//! table in [`super`]; [`upgrade`](crate::card::upgrade) calls these in order.

use serde_json::{Map, Value};

use super::{
    CAPABILITIES, EXTENDED_CARD, Field, INTERFACES, MAIN_BINDING, MAIN_URL, MAIN_VERSION,
    TRANSPORT, main_pointer_v1, main_pointer_v03, version_to_v1,
};
use crate::card::conversion::Conversion;
use crate::diagnostic::{Code, Diagnostic};
use crate::protocol::Binding;

pub(crate) fn interfaces_from_v03(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let version = match doc.remove(MAIN_VERSION.v03) {
        // "0.3.0" and "0.3" name the same version: nothing is lost.
        Some(Value::String(v)) => match version_to_v1(&v) {
            Some((short, "0")) => Value::String(short),
            Some((short, _)) => {
                conv.notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    main_pointer_v03(MAIN_VERSION),
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
                main_pointer_v03(MAIN_VERSION),
                "the card declares no protocolVersion; it was read as 0.3 (the v0.3 schema's \
                 default), and the migrated interfaces say \"0.3\": check which version the \
                 endpoint speaks",
            ));
            Value::String("0.3".into())
        }
        Some(other) => other,
    };
    let preferred = doc.remove(MAIN_BINDING.v03).filter(|v| !v.is_null());
    if preferred.is_some() && doc.get(MAIN_URL.v03).is_none_or(Value::is_null) {
        conv.notes.push(Diagnostic::new(
            Code::ConversionLoss,
            main_pointer_v03(MAIN_BINDING),
            "preferredTransport names the transport of `url`, which is missing; it was dropped",
        ));
    }
    // v0.3 made JSON-RPC the transport of `url` when none was named.
    let binding = preferred.unwrap_or_else(|| Value::String(Binding::JsonRpc.as_str().into()));

    let mut interfaces = Vec::new();
    if let Some(url) = doc.remove(MAIN_URL.v03).filter(|v| !v.is_null()) {
        let mut first = Map::new();
        first.insert(MAIN_URL.v1.into(), url);
        first.insert(MAIN_BINDING.v1.into(), binding);
        first.insert(MAIN_VERSION.v1.into(), version.clone());
        interfaces.push(Value::Object(first));
        for field in [MAIN_URL, MAIN_BINDING, MAIN_VERSION] {
            conv.pointers
                .record(main_pointer_v1(field), main_pointer_v03(field));
        }
        conv.pointers
            .record(format!("/{}/0", INTERFACES.v1), main_pointer_v03(MAIN_URL));
    }
    conv.pointers
        .record(format!("/{}", INTERFACES.v1), main_pointer_v03(MAIN_URL));

    if let Some(additional) = doc.remove(INTERFACES.v03).filter(|v| !v.is_null()) {
        let Value::Array(items) = additional else {
            conv.errors.push(Diagnostic::new(
                Code::WrongType,
                format!("/{}", INTERFACES.v03),
                format!(
                    "expected an array of interfaces ({{\"url\": ..., \"transport\": ...}}), \
                     found {}",
                    crate::card::shape::json_kind(&additional)
                ),
            ));
            return finish_interfaces(doc, interfaces);
        };
        for (j, item) in items.into_iter().enumerate() {
            let source = format!("/{}/{j}", INTERFACES.v03);
            // Which keys the author wrote decides where their values are pointed back to.
            let (had_binding, had_version) = match &item {
                Value::Object(fields) => (
                    fields.contains_key(TRANSPORT.v1),
                    fields.contains_key(MAIN_VERSION.v1),
                ),
                _ => (false, false),
            };
            let item = match item {
                Value::Object(mut fields) => {
                    if let Some(transport) = fields.remove(TRANSPORT.v03) {
                        fields.insert(TRANSPORT.v1.into(), transport);
                    }
                    if !had_version {
                        fields.insert(MAIN_VERSION.v1.into(), version.clone());
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
                                format!("/{}/0/{key}", INTERFACES.v1),
                                format!("{source}/{key}"),
                            );
                        }
                    }
                    *first = item;
                    continue;
                }
            }
            let k = interfaces.len();
            let target = format!("/{}/{k}", INTERFACES.v1);
            // v0.3 spells the binding `transport` (REQUIRED there): a finding about it, even
            // a missing one, names the v0.3 member, unless the author wrote the v1.0 name.
            if !had_binding {
                conv.pointers.record(
                    format!("{target}/{}", TRANSPORT.v1),
                    format!("{source}/{}", TRANSPORT.v03),
                );
            }
            if !had_version {
                conv.pointers.record(
                    format!("{target}/{}", MAIN_VERSION.v1),
                    main_pointer_v03(MAIN_VERSION),
                );
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
    const DEFINED: [&str; 4] = [MAIN_URL.v1, MAIN_BINDING.v1, MAIN_VERSION.v1, "tenant"];
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
        doc.insert(INTERFACES.v1.into(), Value::Array(interfaces));
    }
}

pub(crate) fn extended_card_flag(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Field { v03, v1 } = EXTENDED_CARD;
    let Some(flag) = doc.remove(v03) else {
        return;
    };
    let capabilities = doc
        .entry(CAPABILITIES)
        .or_insert_with(|| Value::Object(Map::new()));
    // `null` is unset: the flag still has to land somewhere.
    if capabilities.is_null() {
        *capabilities = Value::Object(Map::new());
    }
    if let Value::Object(capabilities) = capabilities {
        if let Some(existing) = capabilities.get(v1) {
            if *existing != flag {
                conv.notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    format!("/{v03}"),
                    "capabilities.extendedAgentCard is already set and disagrees; \
                     supportsAuthenticatedExtendedCard was dropped",
                ));
            }
        } else {
            capabilities.insert(v1.into(), flag);
            conv.pointers
                .record(format!("/{CAPABILITIES}/{v1}"), format!("/{v03}"));
        }
    }
}

pub(crate) fn provider_name(doc: &mut Map<String, Value>, conv: &mut Conversion) {
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

pub(crate) fn state_transition_history(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(Value::Object(capabilities)) = doc.get_mut(CAPABILITIES) else {
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
