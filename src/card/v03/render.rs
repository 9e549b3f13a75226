//! Rendering a v1.0 card in the v0.3 shape, for clients that only know v0.3 (the legacy
//! `/.well-known/agent.json` path serves it). The names come from the table in [`super`].

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{
    CAPABILITIES, EXTENDED_CARD, INTERFACES, KEY_LOCATION, MAIN_BINDING, MAIN_URL, MAIN_VERSION,
    REQUIREMENT_SCHEMES, REQUIREMENT_SCOPES, SCHEME_TYPE, SECURITY, TRANSPORT, type_of_wrapper,
    version_to_v03,
};
use crate::card::{AgentCard, AgentInterface};
use crate::diagnostic::shown;
use crate::diagnostic::{Code, Diagnostic, pointer_push};
use crate::protocol::ProtocolVersion;

/// A card rendered in the v0.3 shape, with warnings for what v0.3 cannot express.
///
/// ```
/// use a2a_card::{AgentCard, AgentInterface, SecurityRequirement};
/// let card = AgentCard {
///     supported_interfaces: vec![AgentInterface::new("https://a.example/rpc", "JSONRPC", "0.3")],
///     security_requirements: vec![SecurityRequirement::new([("key", Vec::<String>::new())])],
///     ..Default::default()
/// };
/// let v03 = card.to_v03();
/// assert_eq!(v03.json["security"], serde_json::json!([{"key": []}]));
/// assert!(v03.notes.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct V03Rendering {
    /// The v0.3 JSON document.
    pub json: Value,
    /// What could not be carried across (pointers into the v1.0 card).
    pub notes: Vec<Diagnostic>,
}

/// The interface v0.3 clients are sent to: the first one that speaks a 0.x protocol,
/// otherwise the preferred one.
fn main_interface(card: &AgentCard) -> Option<(usize, &AgentInterface)> {
    let interfaces = &card.supported_interfaces;
    interfaces
        .iter()
        .enumerate()
        .find(|(_, i)| ProtocolVersion::parse(&i.protocol_version).is_pre_v1())
        .or_else(|| interfaces.iter().enumerate().next())
}

/// Schemes v0.3 cannot express at all: OAuth 2.0 whose only flow is the device code flow,
/// which v0.3 lacks. Rendered, they would be `{"type": "oauth2", "flows": {}}`, which v0.3
/// clients reject (and with it the whole card), so they are left out with the requirement
/// alternatives that need them.
fn unrenderable_schemes(card: &AgentCard) -> BTreeSet<String> {
    card.security_schemes
        .iter()
        .filter(|(_, scheme)| {
            scheme
                .oauth2_security_scheme
                .as_ref()
                .is_some_and(|oauth| oauth.flows.flow_names() == ["deviceCode"])
        })
        .map(|(name, _)| name.clone())
        .collect()
}

pub(crate) fn render(card: &AgentCard) -> V03Rendering {
    let mut notes = Vec::new();
    let left_out = unrenderable_schemes(card);
    let Value::Object(mut doc) = card.to_value() else {
        unreachable!("an AgentCard always serializes to a JSON object")
    };
    let interfaces = doc.remove(INTERFACES.v1);
    let mut out = Map::new();
    if let Some((index, main)) = main_interface(card) {
        if !ProtocolVersion::parse(&main.protocol_version).is_pre_v1() {
            notes.push(Diagnostic::new(
                Code::ConversionLoss,
                format!("/{}/{index}/{}", INTERFACES.v1, MAIN_VERSION.v1),
                format!(
                    "no interface declares a 0.x protocol version; v0.3 clients will be sent \
                     to {} which speaks {}",
                    shown(&main.url),
                    shown(&main.protocol_version)
                ),
            ));
        }
        out.insert(
            MAIN_VERSION.v03.into(),
            version_to_v03(&main.protocol_version).into(),
        );
        out.insert(MAIN_URL.v03.into(), main.url.clone().into());
        out.insert(
            MAIN_BINDING.v03.into(),
            main.protocol_binding.clone().into(),
        );
        if !main.tenant.is_empty() {
            notes.push(Diagnostic::new(
                Code::ConversionLoss,
                format!("/{}/{index}/tenant", INTERFACES.v1),
                "v0.3 has no tenant for the main interface; it is kept only in \
                 additionalInterfaces",
            ));
        }
        // The top-level url / preferredTransport pair has no room for fields v1.0 does not
        // know either; like the tenant, they travel in additionalInterfaces only.
        for key in main.extra.keys() {
            notes.push(Diagnostic::new(
                Code::ConversionLoss,
                pointer_push(&format!("/{}/{index}", INTERFACES.v1), key),
                "v0.3 has no place for this field of the main interface; it is kept only in \
                 additionalInterfaces",
            ));
        }
    }
    if let Some(Value::Array(items)) = interfaces {
        let additional = additional_interfaces(card, items, &mut notes);
        // The main interface alone needs no list (`url` says it all), unless the list is
        // where its tenant or its fields unknown to v1.0 are kept. Decided after leaving out
        // what v0.3 clients cannot use, so the rendering read back renders the same again.
        let keeps_more = |i: &Value| {
            i.as_object().is_some_and(|fields| {
                fields.iter().any(|(key, value)| match key.as_str() {
                    "tenant" => value.as_str().is_some_and(|t| !t.is_empty()),
                    key => key != MAIN_URL.v03 && key != TRANSPORT.v03,
                })
            })
        };
        if additional.len() > 1 || additional.iter().any(keeps_more) {
            out.insert(INTERFACES.v03.into(), Value::Array(additional));
        }
    }
    // The remaining fields keep their names, with the v0.3 renames applied. Unknown fields
    // come last and never replace a value derived from the v1.0 card: a leftover pre-v1.0
    // `url` must not override the interface the card declares.
    let mut unknown = Vec::new();
    for (key, value) in doc {
        if card.extra.contains_key(&key) {
            unknown.push((key, value));
            continue;
        }
        match key.as_str() {
            CAPABILITIES => {
                let mut caps = value;
                if let Some(flag) = caps
                    .as_object_mut()
                    .and_then(|c| c.remove(EXTENDED_CARD.v1))
                {
                    out.insert(EXTENDED_CARD.v03.into(), flag);
                }
                out.insert(key, caps);
            }
            "securitySchemes" => {
                out.insert(key, schemes_to_v03(value, &left_out, &mut notes));
            }
            k if k == SECURITY.v1 => {
                let base = format!("/{}", SECURITY.v1);
                let security = requirements_to_v03(value, &base, &left_out, &mut notes);
                out.insert(SECURITY.v03.into(), security);
            }
            "skills" => {
                out.insert(key, skills_to_v03(value, &left_out, &mut notes));
            }
            "signatures" => {
                notes.push(Diagnostic::new(
                    Code::StaleSignatures,
                    "/signatures",
                    "the signatures cover the v1.0 form of this card and will not verify \
                     against the v0.3 rendering",
                ));
                out.insert(key, value);
            }
            _ => {
                out.insert(key, value);
            }
        }
    }
    for (key, value) in unknown {
        insert_unless_derived(&mut out, key, value, "", &mut notes);
    }
    V03Rendering {
        json: Value::Object(out),
        notes,
    }
}

/// Adds a field the model does not know, unless the rendering already derived that key from
/// the v1.0 card; a conflicting leftover is left out and noted.
fn insert_unless_derived(
    out: &mut Map<String, Value>,
    key: String,
    value: Value,
    base: &str,
    notes: &mut Vec<Diagnostic>,
) {
    match out.get(&key) {
        None => {
            out.insert(key, value);
        }
        Some(derived) if *derived == value => {}
        Some(_) => notes.push(Diagnostic::new(
            Code::ConversionLoss,
            pointer_push(base, &key),
            format!(
                "the card also carries a leftover `{key}` that disagrees with the value derived \
                 from its v1.0 fields; the leftover was left out of the v0.3 rendering"
            ),
        )),
    }
}

fn additional_interfaces(
    card: &AgentCard,
    items: Vec<Value>,
    notes: &mut Vec<Diagnostic>,
) -> Vec<Value> {
    let main_version = main_interface(card).map(|(_, i)| i.protocol_version.as_str());
    // v0.3 clients speak v0.3: when some interfaces do, list only those; an interface that
    // speaks 1.0 would only fail them.
    let speaks_v03 = |i: &AgentInterface| ProtocolVersion::parse(&i.protocol_version).is_pre_v1();
    let any_v03 = card.supported_interfaces.iter().any(speaks_v03);
    items
        .into_iter()
        .zip(&card.supported_interfaces)
        .enumerate()
        .filter_map(|(k, (item, interface))| {
            let at = format!("/{}/{k}", INTERFACES.v1);
            if any_v03 && !speaks_v03(interface) {
                notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    at,
                    format!(
                        "this interface speaks protocol {}, which v0.3 clients cannot use; it \
                         was left out of the v0.3 rendering",
                        shown(&interface.protocol_version)
                    ),
                ));
                return None;
            }
            let Value::Object(mut fields) = item else {
                return Some(item);
            };
            if let Some(binding) = fields.remove(TRANSPORT.v1) {
                fields.insert(TRANSPORT.v03.into(), binding);
            }
            let version = fields.remove(MAIN_VERSION.v1);
            if version.as_ref().and_then(Value::as_str) != main_version {
                notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    format!("{at}/{}", MAIN_VERSION.v1),
                    "v0.3 has one protocol version per card; this interface's own version \
                     cannot be expressed",
                ));
            }
            Some(Value::Object(fields))
        })
        .collect()
}

/// `{"schemes": {"name": {"list": [...]}}}` -> `{"name": [...]}`. The v0.3 spelling has no
/// room for fields beside the scopes; dropping one is noted.
fn requirements_to_v03(
    value: Value,
    base: &str,
    left_out: &BTreeSet<String>,
    notes: &mut Vec<Diagnostic>,
) -> Value {
    let Value::Array(items) = value else {
        return value;
    };
    // An alternative that needs a scheme left out cannot be met in v0.3: drop it whole,
    // rather than weaken it to the schemes that remain.
    let needs_left_out = |item: &Value| {
        item.get(REQUIREMENT_SCHEMES)
            .and_then(Value::as_object)
            .is_some_and(|schemes| schemes.keys().any(|name| left_out.contains(name)))
    };
    let items: Vec<(usize, Value)> = items
        .into_iter()
        .enumerate()
        .filter(|(i, item)| {
            let keep = !needs_left_out(item);
            if !keep {
                notes.push(Diagnostic::new(
                    Code::ConversionLoss,
                    format!("{base}/{i}"),
                    "this requirement needs a scheme v0.3 cannot express (device code flow \
                     only); it was left out of the v0.3 rendering",
                ));
            }
            keep
        })
        .collect();
    let mut dropped = |pointer: String| {
        notes.push(Diagnostic::new(
            Code::ConversionLoss,
            pointer,
            "the v0.3 spelling of a security requirement ({\"name\": [scopes]}) cannot carry \
             this field; it was left out of the v0.3 rendering",
        ))
    };
    let converted = items
        .into_iter()
        .map(|(i, item)| {
            let Value::Object(mut fields) = item else {
                return item;
            };
            let schemes = match fields.remove(REQUIREMENT_SCHEMES) {
                Some(Value::Object(schemes)) => schemes,
                _ => Map::new(),
            };
            for extra in fields.keys() {
                dropped(pointer_push(&format!("{base}/{i}"), extra));
            }
            let by_name = schemes
                .into_iter()
                .map(|(name, scopes)| {
                    let at = pointer_push(&format!("{base}/{i}/{REQUIREMENT_SCHEMES}"), &name);
                    let Value::Object(mut scopes) = scopes else {
                        return (name, Value::Array(vec![]));
                    };
                    let list = scopes
                        .remove(REQUIREMENT_SCOPES)
                        .unwrap_or_else(|| Value::Array(vec![]));
                    for extra in scopes.keys() {
                        dropped(pointer_push(&at, extra));
                    }
                    (name, list)
                })
                .collect();
            Value::Object(by_name)
        })
        .collect();
    Value::Array(converted)
}

fn skills_to_v03(value: Value, left_out: &BTreeSet<String>, notes: &mut Vec<Diagnostic>) -> Value {
    let Value::Array(skills) = value else {
        return value;
    };
    let converted = skills
        .into_iter()
        .enumerate()
        .map(|(k, skill)| {
            let Value::Object(fields) = skill else {
                return skill;
            };
            let renamed = fields
                .into_iter()
                .map(|(key, value)| match key.as_str() {
                    key if key == SECURITY.v1 => {
                        let base = format!("/skills/{k}/{}", SECURITY.v1);
                        (
                            SECURITY.v03.to_owned(),
                            requirements_to_v03(value, &base, left_out, notes),
                        )
                    }
                    _ => (key, value),
                })
                .collect();
            Value::Object(renamed)
        })
        .collect();
    Value::Array(converted)
}

fn schemes_to_v03(value: Value, left_out: &BTreeSet<String>, notes: &mut Vec<Diagnostic>) -> Value {
    let Value::Object(schemes) = value else {
        return value;
    };
    let (dropped, kept): (Vec<_>, Vec<_>) = schemes
        .into_iter()
        .partition(|(name, _)| left_out.contains(name));
    for (name, _) in dropped {
        notes.push(Diagnostic::new(
            Code::ConversionLoss,
            pointer_push("/securitySchemes", &name),
            "its only OAuth flow is the device code flow, which v0.3 lacks; the scheme was left \
             out of the v0.3 rendering",
        ));
    }
    let converted = kept
        .into_iter()
        .map(|(name, scheme)| {
            let base = pointer_push("/securitySchemes", &name);
            let converted = scheme_to_v03(scheme, &base, notes);
            (name, converted)
        })
        .collect();
    Value::Object(converted)
}

fn scheme_to_v03(scheme: Value, base: &str, notes: &mut Vec<Diagnostic>) -> Value {
    let Value::Object(fields) = scheme else {
        return scheme;
    };
    let wrappers: Vec<&String> = fields
        .keys()
        .filter(|k| type_of_wrapper(k).is_some())
        .collect();
    if wrappers.len() != 1 {
        return Value::Object(fields);
    }
    let wrapper = wrappers[0].clone();
    let mut fields = fields;
    let Some(Value::Object(inner)) = fields.remove(&wrapper) else {
        return Value::Object(fields);
    };
    let mut out = Map::new();
    out.insert(
        SCHEME_TYPE.into(),
        type_of_wrapper(&wrapper).unwrap_or_default().into(),
    );
    for (key, value) in inner {
        match key.as_str() {
            key if key == KEY_LOCATION.v1 => {
                out.insert(KEY_LOCATION.v03.into(), value);
            }
            "flows" => {
                out.insert(
                    key,
                    flows_to_v03(value, &format!("{base}/{wrapper}/flows"), notes),
                );
            }
            _ => {
                out.insert(key, value);
            }
        }
    }
    for (key, value) in fields {
        insert_unless_derived(&mut out, key, value, base, notes);
    }
    Value::Object(out)
}

fn flows_to_v03(value: Value, base: &str, notes: &mut Vec<Diagnostic>) -> Value {
    let Value::Object(mut flows) = value else {
        return value;
    };
    if flows.remove("deviceCode").is_some() {
        notes.push(Diagnostic::new(
            Code::ConversionLoss,
            format!("{base}/deviceCode"),
            "v0.3 has no device code flow; it was left out of the v0.3 rendering",
        ));
    }
    for (name, flow) in flows.iter_mut() {
        let Value::Object(flow) = flow else { continue };
        if flow.remove("pkceRequired") == Some(Value::Bool(true)) {
            notes.push(Diagnostic::new(
                Code::ConversionLoss,
                format!("{base}/{name}/pkceRequired"),
                "v0.3 cannot say that PKCE is required; v0.3 clients will not know",
            ));
        }
        // v1.0 omits the empty scopes of the deprecated flows; v0.3 requires the field.
        flow.entry("scopes")
            .or_insert_with(|| Value::Object(Map::new()));
        let endpoint = match name.as_str() {
            "implicit" => "authorizationUrl",
            "password" => "tokenUrl",
            _ => continue,
        };
        if !flow.contains_key(endpoint) {
            notes.push(Diagnostic::new(
                Code::ConversionLoss,
                format!("{base}/{name}/{endpoint}"),
                format!("v0.3 requires {endpoint} for the {name} flow; v0.3 clients may reject it"),
            ));
        }
    }
    Value::Object(flows)
}
