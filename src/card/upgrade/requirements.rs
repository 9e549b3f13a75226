//! The three spellings of security requirements, read as the v1.0 one.

use serde_json::{Map, Value};

use super::Conversion;
use crate::card::v03::{REQUIREMENT_SCHEMES as SCHEMES, REQUIREMENT_SCOPES as LIST, SECURITY};
use crate::diagnostic::{Code, Diagnostic, pointer_push};

/// The shape of one security requirement item.
enum Spelling {
    /// `{"schemes": {"name": {"list": [...]}}}`: v1.0, and Google's v0.3 docs.
    Schemes,
    /// `{"name": ["scope"]}`: the v0.3 JSON spelling.
    NameToScopes,
    /// Anything else: left for the shape check to report.
    Unknown,
}

fn spelling(item: &Value, v03_card: bool) -> Spelling {
    let Value::Object(fields) = item else {
        return Spelling::Unknown;
    };
    // `{}` is an empty requirement in either spelling (ProtoJSON writes it that way).
    // `"schemes": null` is an unset map: an empty requirement too. In a v1.0 card `schemes`
    // is the v1.0 field whatever its type (the shape check reports a wrong one); only a v0.3
    // card may name a scheme "schemes".
    let schemes = fields.get(SCHEMES);
    let v1_shape = match schemes {
        Some(Value::Object(_)) | Some(Value::Null) => true,
        Some(_) => !v03_card,
        None => false,
    };
    if fields.is_empty() || v1_shape {
        Spelling::Schemes
    } else {
        // Every other object maps names to scopes; scopes of the wrong type become a wrong
        // `list` that the shape check reports where the author wrote them.
        Spelling::NameToScopes
    }
}

/// Normalizes `security` / `securityRequirements` of a card (base `""`) or a skill.
pub(super) fn requirements(
    obj: &mut Map<String, Value>,
    base: &str,
    expected: bool,
    conv: &mut Conversion,
) {
    let target = format!("{base}/{}", SECURITY.v1);
    if !obj.contains_key(SECURITY.v1) {
        if let Some(security) = obj.remove(SECURITY.v03) {
            let source = format!("{base}/{}", SECURITY.v03);
            if !expected {
                conv.notes.push(Diagnostic::new(
                    Code::PreV1Field,
                    &source,
                    "`security` is the pre-v1.0 name; it was read as `securityRequirements`, \
                     the name v1.0 clients look for",
                ));
            }
            conv.pointers.record(&target, &source);
            obj.insert(SECURITY.v1.into(), security);
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
    let Some(Value::Array(items)) = obj.get_mut(SECURITY.v1) else {
        return;
    };
    for (i, item) in items.iter_mut().enumerate() {
        let item_target = format!("{target}/{i}");
        let item_source = format!("{source}/{i}");
        match spelling(item, expected) {
            Spelling::Schemes => {
                // In a v0.3 card this is the v1.0 shape (Google's v0.3 docs write it so); the
                // v0.3 schema spells a requirement {"name": [scopes]}. Accepted, not silently.
                let written_as_v1 = item.get(SCHEMES).is_some_and(Value::is_object);
                let v03_name = source.rsplit('/').next() == Some(SECURITY.v03);
                if expected && written_as_v1 && v03_name {
                    conv.notes.push(Diagnostic::new(
                        Code::PreV1Field,
                        &item_source,
                        "`{\"schemes\": {\"name\": ...}}` is not how v0.3 spells a security \
                         requirement (its schema: `{\"name\": [scopes]}`); it was read as the \
                         v1.0 shape",
                    ));
                }
                if let Some(Value::Object(schemes)) = item.get_mut(SCHEMES) {
                    for (name, scopes) in schemes.iter_mut() {
                        if scopes.is_array() {
                            let list = std::mem::take(scopes);
                            *scopes = Value::Object(Map::from_iter([(LIST.into(), list)]));
                            let t = pointer_push(&format!("{item_target}/{SCHEMES}"), name);
                            let s = pointer_push(&format!("{item_source}/{SCHEMES}"), name);
                            conv.pointers.record(format!("{t}/{LIST}"), &s);
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
                    let t = pointer_push(&format!("{item_target}/{SCHEMES}"), &name);
                    let s = pointer_push(&item_source, &name);
                    conv.pointers.record(format!("{t}/{LIST}"), &s);
                    conv.pointers.record(t, s);
                    let list = Map::from_iter([(LIST.into(), scopes)]);
                    schemes.insert(name, Value::Object(list));
                }
                conv.pointers
                    .record(format!("{item_target}/{SCHEMES}"), &item_source);
                *item = Value::Object(Map::from_iter([(SCHEMES.into(), Value::Object(schemes))]));
            }
            Spelling::Unknown => {}
        }
    }
}
