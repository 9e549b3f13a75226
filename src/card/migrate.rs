//! Reading older shapes: v0.3 cards become v1.0 cards, and the pre-v1.0 spellings of
//! security requirements and schemes become the v1.0 ones.
//!
//! The conversion works on the JSON document before the typed model is built, so a field it
//! does not know is carried along untouched, and every move is recorded in a [`PointerMap`]
//! so diagnostics can point into the file as written. Whatever cannot be carried across is
//! reported as a warning, never dropped silently.

use serde_json::{Map, Value};

use super::schema::{self, Kind, Message};
use super::PointerMap;
use crate::diagnostic::{pointer_push, Code, Diagnostic};

/// The version of the document that was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceVersion {
    /// A v1.0 card (it has `supportedInterfaces`, or no v0.3 marker).
    V1_0,
    /// A v0.3 (or older v0.x) card: top-level `url`, `preferredTransport`, `protocolVersion`...
    V0_3,
}

impl SourceVersion {
    /// `"1.0"` or `"0.3"`.
    ///
    /// ```
    /// assert_eq!(a2a_card::SourceVersion::V0_3.as_str(), "0.3");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            SourceVersion::V1_0 => "1.0",
            SourceVersion::V0_3 => "0.3",
        }
    }
}

/// Top-level fields only a pre-v1.0 card has.
pub(crate) const V03_TOP_LEVEL: &[&str] = &[
    "url",
    "preferredTransport",
    "additionalInterfaces",
    "protocolVersion",
    "supportsAuthenticatedExtendedCard",
];

/// What converting a document found.
#[derive(Debug, Default)]
pub(crate) struct Conversion {
    /// Warnings about what was converted (pointers into the source document).
    pub(crate) notes: Vec<Diagnostic>,
    /// Values of a type the conversion cannot use (pointers into the source document).
    pub(crate) errors: Vec<Diagnostic>,
    pub(crate) pointers: PointerMap,
}

/// Detects the version of a card document.
pub(crate) fn detect(doc: &Map<String, Value>) -> SourceVersion {
    if doc.contains_key("supportedInterfaces") {
        return SourceVersion::V1_0;
    }
    if V03_TOP_LEVEL.iter().any(|key| doc.contains_key(*key)) {
        SourceVersion::V0_3
    } else {
        SourceVersion::V1_0
    }
}

/// Converts `doc` in place to the v1.0 shape.
pub(crate) fn to_v1(doc: &mut Map<String, Value>, version: SourceVersion) -> Conversion {
    let mut conv = Conversion::default();
    if version == SourceVersion::V1_0 {
        let root = At { v1: "", source: "" };
        proto_names(doc, &schema::AGENT_CARD, root, &mut conv);
    }
    if version == SourceVersion::V0_3 {
        interfaces_from_v03(doc, &mut conv);
        extended_card_flag(doc, &mut conv);
        provider_name(doc, &mut conv);
        state_transition_history(doc, &mut conv);
        if doc
            .get("signatures")
            .is_some_and(|s| s.as_array().is_some_and(|a| !a.is_empty()))
        {
            conv.notes.push(Diagnostic::new(
                Code::StaleSignatures,
                "/signatures",
                "the signatures cover the v0.3 form of this card and will not verify against \
                 the v1.0 form; sign the migrated card again",
            ));
        }
    }
    let legacy_is_expected = version == SourceVersion::V0_3;
    requirements(doc, "", legacy_is_expected, &mut conv);
    if let Some(Value::Array(skills)) = doc.get_mut("skills") {
        for (i, skill) in skills.iter_mut().enumerate() {
            if let Value::Object(skill) = skill {
                let base = format!("/skills/{i}");
                requirements(skill, &base, legacy_is_expected, &mut conv);
            }
        }
    }
    schemes(doc, legacy_is_expected, &mut conv);
    let signed = doc
        .get("signatures")
        .is_some_and(|s| s.as_array().is_some_and(|a| !a.is_empty()));
    let converted = conv.notes.iter().any(|n| n.code == Code::PreV1Field);
    if version == SourceVersion::V1_0 && signed && converted {
        conv.notes.push(Diagnostic::new(
            Code::StaleSignatures,
            "/signatures",
            "the card uses pre-v1.0 spellings that were read as their v1.0 form; signatures \
             computed over the card as written will not verify against the v1.0 form",
        ));
    }
    conv
}

/// `(Major.Minor, patch)` of a `Major.Minor.Patch` version string.
fn split_patch(version: &str) -> Option<(String, &str)> {
    let mut parts = version.split('.');
    let (major, minor, patch) = (parts.next()?, parts.next()?, parts.next()?);
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole = parts.next().is_none() && numeric(major) && numeric(minor) && numeric(patch);
    whole.then(|| (format!("{major}.{minor}"), patch))
}

fn interfaces_from_v03(doc: &mut Map<String, Value>, conv: &mut Conversion) {
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
        // The v0.3 schema's default.
        None | Some(Value::Null) => Value::String("0.3".into()),
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
    let binding = preferred.unwrap_or_else(|| Value::String("JSONRPC".into()));

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
                    crate::validate::shape::json_kind(&additional)
                ),
            ));
            return finish_interfaces(doc, interfaces);
        };
        for (j, item) in items.into_iter().enumerate() {
            let source = format!("/additionalInterfaces/{j}");
            let item = match item {
                Value::Object(mut fields) => {
                    if let Some(transport) = fields.remove("transport") {
                        fields.insert("protocolBinding".into(), transport);
                    }
                    if !fields.contains_key("protocolVersion") {
                        fields.insert("protocolVersion".into(), version.clone());
                    }
                    Value::Object(fields)
                }
                other => other,
            };
            // v0.3 cards usually repeat the main interface here; it is already first.
            if interfaces.first() == Some(&item) {
                continue;
            }
            let k = interfaces.len();
            let target = format!("/supportedInterfaces/{k}");
            conv.pointers.record(
                format!("{target}/protocolBinding"),
                format!("{source}/transport"),
            );
            conv.pointers
                .record(format!("{target}/protocolVersion"), "/protocolVersion");
            conv.pointers
                .record(format!("{target}/url"), format!("{source}/url"));
            conv.pointers
                .record(format!("{target}/tenant"), format!("{source}/tenant"));
            conv.pointers.record(target, source);
            interfaces.push(item);
        }
    }
    finish_interfaces(doc, interfaces);
}

fn finish_interfaces(doc: &mut Map<String, Value>, interfaces: Vec<Value>) {
    if !interfaces.is_empty() {
        doc.insert("supportedInterfaces".into(), Value::Array(interfaces));
    }
}

fn extended_card_flag(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(flag) = doc.remove("supportsAuthenticatedExtendedCard") else {
        return;
    };
    let capabilities = doc
        .entry("capabilities")
        .or_insert_with(|| Value::Object(Map::new()));
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

fn provider_name(doc: &mut Map<String, Value>, conv: &mut Conversion) {
    let Some(Value::Object(provider)) = doc.get_mut("provider") else {
        return;
    };
    let Some(name) = provider.remove("name") else {
        return;
    };
    match provider.get("organization") {
        None | Some(Value::Null) => {
            provider.insert("organization".into(), name);
            conv.pointers
                .record("/provider/organization", "/provider/name");
        }
        Some(org) if *org == name => {}
        Some(_) => conv.notes.push(Diagnostic::new(
            Code::ConversionLoss,
            "/provider/name",
            "provider.name differs from provider.organization; v1.0 keeps only organization, \
             so name was dropped",
        )),
    }
}

fn state_transition_history(doc: &mut Map<String, Value>, conv: &mut Conversion) {
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

/// The shape of one security requirement item.
enum Spelling {
    /// `{"schemes": {"name": {"list": [...]}}}`: v1.0, and Google's v0.3 docs.
    Schemes,
    /// `{"name": ["scope"]}`: the v0.3 JSON spelling.
    NameToScopes,
    /// Anything else: left for the shape check to report.
    Unknown,
}

fn spelling(item: &Value) -> Spelling {
    let Value::Object(fields) = item else {
        return Spelling::Unknown;
    };
    // `{}` is an empty requirement in either spelling (ProtoJSON writes it that way).
    // `"schemes": null` is an unset map: an empty requirement too.
    let schemes = fields.get("schemes");
    if fields.is_empty() || matches!(schemes, Some(Value::Object(_)) | Some(Value::Null)) {
        Spelling::Schemes
    } else {
        // Every other object maps names to scopes; scopes of the wrong type become a wrong
        // `list` that the shape check reports where the author wrote them.
        Spelling::NameToScopes
    }
}

/// Normalizes `security` / `securityRequirements` of a card (base `""`) or a skill.
fn requirements(obj: &mut Map<String, Value>, base: &str, expected: bool, conv: &mut Conversion) {
    let target = format!("{base}/securityRequirements");
    if !obj.contains_key("securityRequirements") {
        if let Some(security) = obj.remove("security") {
            let source = format!("{base}/security");
            if !expected {
                conv.notes.push(Diagnostic::new(
                    Code::PreV1Field,
                    &source,
                    "`security` is the pre-v1.0 name; it was read as `securityRequirements`, \
                     the name v1.0 clients look for",
                ));
            }
            conv.pointers.record(&target, &source);
            obj.insert("securityRequirements".into(), security);
            convert_items(obj, &target, &source, expected, conv);
            return;
        }
    }
    convert_items(obj, &target, &target, expected, conv);
}

fn convert_items(
    obj: &mut Map<String, Value>,
    target: &str,
    source: &str,
    expected: bool,
    conv: &mut Conversion,
) {
    let Some(Value::Array(items)) = obj.get_mut("securityRequirements") else {
        return;
    };
    for (i, item) in items.iter_mut().enumerate() {
        let item_target = format!("{target}/{i}");
        let item_source = format!("{source}/{i}");
        match spelling(item) {
            Spelling::Schemes => {
                if let Some(Value::Object(schemes)) = item.get_mut("schemes") {
                    for (name, scopes) in schemes.iter_mut() {
                        if scopes.is_array() {
                            let list = std::mem::take(scopes);
                            *scopes = Value::Object(Map::from_iter([("list".into(), list)]));
                            let t = pointer_push(&format!("{item_target}/schemes"), name);
                            let s = pointer_push(&format!("{item_source}/schemes"), name);
                            conv.pointers.record(format!("{t}/list"), &s);
                        }
                    }
                }
            }
            Spelling::NameToScopes => {
                let Value::Object(fields) = std::mem::take(item) else {
                    unreachable!("spelling() only answers NameToScopes for objects")
                };
                if !expected {
                    conv.notes.push(Diagnostic::new(
                        Code::PreV1Field,
                        &item_source,
                        "`{\"name\": [scopes]}` is the pre-v1.0 spelling of a security \
                         requirement; it was read as `{\"schemes\": {\"name\": {\"list\": [scopes]}}}`",
                    ));
                }
                let mut schemes = Map::new();
                for (name, scopes) in fields {
                    let t = pointer_push(&format!("{item_target}/schemes"), &name);
                    let s = pointer_push(&item_source, &name);
                    conv.pointers.record(format!("{t}/list"), &s);
                    conv.pointers.record(t, s);
                    let list = Map::from_iter([("list".into(), scopes)]);
                    schemes.insert(name, Value::Object(list));
                }
                conv.pointers
                    .record(format!("{item_target}/schemes"), &item_source);
                *item = Value::Object(Map::from_iter([("schemes".into(), Value::Object(schemes))]));
            }
            Spelling::Unknown => {}
        }
    }
}

/// The v1.0 wrapper key for a v0.3 `type` discriminator.
fn wrapper_for(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "apiKey" => "apiKeySecurityScheme",
        "http" => "httpAuthSecurityScheme",
        "oauth2" => "oauth2SecurityScheme",
        "openIdConnect" => "openIdConnectSecurityScheme",
        "mutualTLS" => "mtlsSecurityScheme",
        _ => return None,
    })
}

/// The v0.3 `type` for a v1.0 wrapper key.
pub(crate) fn type_of_wrapper(wrapper: &str) -> Option<&'static str> {
    Some(match wrapper {
        "apiKeySecurityScheme" => "apiKey",
        "httpAuthSecurityScheme" => "http",
        "oauth2SecurityScheme" => "oauth2",
        "openIdConnectSecurityScheme" => "openIdConnect",
        "mtlsSecurityScheme" => "mutualTLS",
        _ => return None,
    })
}

/// Preference when a v0.3 scheme declares several flows and v1.0 allows one.
const FLOW_PREFERENCE: &[&str] = &[
    "authorizationCode",
    "clientCredentials",
    "deviceCode",
    "password",
    "implicit",
];

fn schemes(doc: &mut Map<String, Value>, expected: bool, conv: &mut Conversion) {
    let Some(Value::Object(schemes)) = doc.get_mut("securitySchemes") else {
        return;
    };
    for (name, scheme) in schemes.iter_mut() {
        let Value::Object(fields) = scheme else {
            continue;
        };
        let Some(Value::String(kind)) = fields.get("type") else {
            continue;
        };
        // A scheme that already has its v1.0 wrapper keeps it; the stray `type` is left for
        // validation to flag.
        if fields.keys().any(|k| type_of_wrapper(k).is_some()) {
            continue;
        }
        let kind = kind.clone();
        let Some(wrapper) = wrapper_for(&kind) else {
            continue;
        };
        let base = pointer_push("/securitySchemes", name);
        let mut inner = std::mem::take(fields);
        inner.remove("type");
        if let Some(location) = inner.remove("in") {
            inner.insert("location".into(), location);
            conv.pointers
                .record(format!("{base}/{wrapper}/location"), format!("{base}/in"));
        }
        if wrapper == "oauth2SecurityScheme" {
            single_flow(&mut inner, &base, conv);
        }
        if !expected {
            conv.notes.push(Diagnostic::new(
                Code::PreV1Field,
                format!("{base}/type"),
                format!(
                    "`\"type\": \"{kind}\"` is the pre-v1.0 form; it was read as \
                     `{{\"{wrapper}\": {{...}}}}`, the form v1.0 clients look for"
                ),
            ));
        }
        conv.pointers.record(format!("{base}/{wrapper}"), &base);
        fields.insert(wrapper.into(), Value::Object(inner));
    }
}

fn single_flow(scheme: &mut Map<String, Value>, base: &str, conv: &mut Conversion) {
    let Some(Value::Object(flows)) = scheme.get_mut("flows") else {
        return;
    };
    let present: Vec<&str> = FLOW_PREFERENCE
        .iter()
        .copied()
        .filter(|f| flows.contains_key(*f))
        .collect();
    if present.len() < 2 {
        return;
    }
    for dropped in &present[1..] {
        flows.remove(*dropped);
    }
    conv.notes.push(Diagnostic::new(
        Code::ConversionLoss,
        format!("{base}/flows"),
        format!(
            "v1.0 allows one OAuth flow per scheme: kept {}, dropped {}; declare another \
             scheme for each dropped flow if clients need it",
            present[0],
            present[1..].join(", ")
        ),
    ));
}

/// The proto field name of a JSON (lowerCamelCase) name: `supportedInterfaces` ->
/// `supported_interfaces`.
fn proto_name(json_name: &str) -> String {
    let mut out = String::with_capacity(json_name.len() + 4);
    for c in json_name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Where a value is in the v1.0 document and in the document as written.
struct At<'a> {
    v1: &'a str,
    source: &'a str,
}

/// ProtoJSON readers accept the proto field names too; they are renamed to the JSON names
/// (with a warning: most A2A clients only know the JSON names).
fn proto_names(obj: &mut Map<String, Value>, message: &Message, at: At<'_>, conv: &mut Conversion) {
    for field in message.fields {
        let snake = proto_name(field.name);
        let mut source_name = field.name.to_owned();
        if snake != field.name && !obj.contains_key(field.name) {
            if let Some(value) = obj.remove(&snake) {
                let source = pointer_push(at.source, &snake);
                conv.notes.push(Diagnostic::new(
                    Code::ProtoFieldName,
                    &source,
                    format!(
                        "`{snake}` is the proto field name; it was read as `{}`, the JSON name \
                         A2A clients look for",
                        field.name
                    ),
                ));
                obj.insert(field.name.to_owned(), value);
                source_name = snake;
            }
        }
        let v1 = pointer_push(at.v1, field.name);
        let source = pointer_push(at.source, &source_name);
        if v1 != source {
            conv.pointers.record(&v1, &source);
        }
        if let Some(value) = obj.get_mut(field.name) {
            let at = At {
                v1: &v1,
                source: &source,
            };
            proto_names_in(value, &field.kind, at, conv);
        }
    }
}

fn proto_names_in(value: &mut Value, kind: &Kind, at: At<'_>, conv: &mut Conversion) {
    match (kind, value) {
        (Kind::Message(m), Value::Object(obj)) => proto_names(obj, m, at, conv),
        (Kind::List(inner), Value::Array(items)) => {
            for (i, item) in items.iter_mut().enumerate() {
                let (v1, source) = (format!("{}/{i}", at.v1), format!("{}/{i}", at.source));
                proto_names_in(
                    item,
                    inner,
                    At {
                        v1: &v1,
                        source: &source,
                    },
                    conv,
                );
            }
        }
        (Kind::Map(inner), Value::Object(entries)) => {
            for (key, item) in entries.iter_mut() {
                let (v1, source) = (pointer_push(at.v1, key), pointer_push(at.source, key));
                proto_names_in(
                    item,
                    inner,
                    At {
                        v1: &v1,
                        source: &source,
                    },
                    conv,
                );
            }
        }
        _ => {}
    }
}
