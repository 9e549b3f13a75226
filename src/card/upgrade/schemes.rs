//! v0.3 `type`-discriminated security schemes, read as the v1.0 wrapper keys.

use serde_json::{Map, Value};

use super::Conversion;
use crate::card::v03::{KEY_LOCATION, SCHEME_TYPE, type_of_wrapper, wrapper_of_type};
use crate::diagnostic::{Code, Diagnostic, pointer_push};

/// Preference when a v0.3 scheme declares several flows and v1.0 allows one.
const FLOW_PREFERENCE: &[&str] = &[
    "authorizationCode",
    "clientCredentials",
    "deviceCode",
    "password",
    "implicit",
];

pub(super) fn schemes(doc: &mut Map<String, Value>, expected: bool, conv: &mut Conversion) {
    let Some(Value::Object(schemes)) = doc.get_mut("securitySchemes") else {
        return;
    };
    for (name, scheme) in schemes.iter_mut() {
        let Value::Object(fields) = scheme else {
            continue;
        };
        let Some(Value::String(kind)) = fields.get(SCHEME_TYPE) else {
            continue;
        };
        // A scheme that already has its v1.0 wrapper keeps it; the stray `type` is left for
        // validation to flag.
        if fields.keys().any(|k| type_of_wrapper(k).is_some()) {
            continue;
        }
        let kind = kind.clone();
        let Some(wrapper) = wrapper_of_type(&kind) else {
            continue;
        };
        let base = pointer_push("/securitySchemes", name);
        let mut inner = std::mem::take(fields);
        inner.remove(SCHEME_TYPE);
        if let Some(location) = inner.remove(KEY_LOCATION.v03) {
            inner.insert(KEY_LOCATION.v1.into(), location);
            conv.pointers.record(
                format!("{base}/{wrapper}/{}", KEY_LOCATION.v1),
                format!("{base}/{}", KEY_LOCATION.v03),
            );
        }
        if wrapper == "oauth2SecurityScheme" {
            single_flow(&mut inner, &base, conv);
        }
        if !expected {
            conv.notes.push(Diagnostic::new(
                Code::PreV1Field,
                format!("{base}/{SCHEME_TYPE}"),
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
