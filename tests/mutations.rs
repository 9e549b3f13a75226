//! Every value of three cards replaced, one at a time, by a value of each JSON type: reading,
//! validating and rendering never panic, and every finding points into the mutated document
//! (at the value itself, or at the object that lacks it). In the v1.0 cards, a value of the
//! wrong type in a field the model defines is always found: a validator that returned nothing
//! would fail here.

use a2a_card::{
    AgentCard,
    validate::{Profile, validate_value},
};
use serde_json::{Value, json};

const CARDS: &[&str] = &[
    "tests/fixtures/cards/base/v1.0.json",
    "tests/fixtures/cards/base/v0.3.json",
    "tests/fixtures/interop/every-field.json",
];

/// Every JSON pointer in a document, the root included.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let token = k.replace('~', "~0").replace('/', "~1");
                pointers(v, format!("{at}/{token}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                pointers(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The JSON type of a value, for comparing a replacement with what it replaced.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn parent(pointer: &str) -> &str {
    pointer.rfind('/').map_or("", |cut| &pointer[..cut])
}

#[test]
fn every_value_of_every_type_is_handled() {
    let replacements = [
        Value::Null,
        json!(true),
        json!(-1.5e300),
        json!("~1/ é \n"),
        json!([]),
        json!({}),
        json!([{"x": null}]),
    ];
    let mut cases = 0;
    for file in CARDS {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/").to_owned() + file;
        let card: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let mut all = Vec::new();
        pointers(&card, String::new(), &mut all);
        // Fields the model does not define (kept as they are), extension params and a
        // signature's unprotected header (any JSON object) may hold any type; every other
        // value has one type only.
        let v1 = !file.contains("v0.3");
        let free: Vec<String> = AgentCard::from_value(card.clone())
            .unwrap()
            .card
            .unknown_fields();
        let typed = |pointer: &str| {
            v1 && !pointer.contains("/params")
                && !pointer.contains("/header/")
                && !free
                    .iter()
                    .any(|f| pointer == f || pointer.starts_with(&format!("{f}/")))
        };
        for pointer in all.iter().skip(1) {
            for replacement in &replacements {
                let mut doc = card.clone();
                *doc.pointer_mut(pointer).unwrap() = replacement.clone();
                cases += 1;
                let original = card.pointer(pointer).unwrap();
                // A requirement's scopes may be spelled as a bare list (`{"key": ["read"]}`),
                // which reading accepts as the v1.0 `{"list": [...]}`.
                let scopes_as_list =
                    parent(pointer).ends_with("/schemes") && replacement.is_array();
                let wrong_type = !replacement.is_null()
                    && kind(replacement) != kind(original)
                    && !scopes_as_list;
                for profile in [Profile::Spec, Profile::Registry] {
                    let report = validate_value(&doc, profile, None);
                    if wrong_type && typed(pointer) {
                        assert!(
                            report.diagnostics.iter().any(|d| d.is_error()
                                && (d.pointer == *pointer || pointer.starts_with(&d.pointer))),
                            "{file}: {pointer} := {replacement} (was a {}) found nothing: {:?}",
                            kind(original),
                            report.diagnostics
                        );
                    }
                    for d in &report.diagnostics {
                        assert!(
                            doc.pointer(&d.pointer).is_some()
                                || doc.pointer(parent(&d.pointer)).is_some(),
                            "{file}: {pointer} := {replacement}: {d} points outside the document"
                        );
                    }
                }
                if let Ok(read) = AgentCard::read(doc.to_string().as_bytes()) {
                    let again = AgentCard::from_json_slice(&read.card.to_json_vec()).unwrap();
                    assert_eq!(again, read.card, "{file}: {pointer} := {replacement}");
                    let _ = read.card.to_v03();
                    let _ = read.card.validate(Profile::Spec);
                }
            }
        }
    }
    assert!(cases > 1000, "only {cases} cases");
}
