//! Proto field names (`supported_interfaces`), read as the JSON names.

use serde_json::{Map, Value};

use super::Conversion;
use crate::card::schema::{Kind, Message};
use crate::diagnostic::{Code, Diagnostic, pointer_push};

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
pub(super) struct At<'a> {
    pub(super) v1: &'a str,
    pub(super) source: &'a str,
    /// An ancestor was renamed, so the two paths differ below it.
    pub(super) renamed: bool,
}

fn proto_name_note(snake: &str, json: &str, source: &str, ignored: bool) -> Diagnostic {
    let message = if ignored {
        format!(
            "`{snake}` is the proto field name of `{json}`, which is also present; `{snake}` \
             was ignored (keep one spelling, `{json}`)"
        )
    } else {
        format!(
            "`{snake}` is the proto field name; it was read as `{json}`, the JSON name A2A \
             clients look for"
        )
    };
    Diagnostic::new(Code::ProtoFieldName, source, message)
}

/// ProtoJSON readers accept the proto field names too; they are renamed to the JSON names
/// (with a warning: most A2A clients only know the JSON names).
pub(super) fn proto_names(
    obj: &mut Map<String, Value>,
    message: &Message,
    at: At<'_>,
    conv: &mut Conversion,
) {
    for field in message.fields {
        let mut renamed_here = None;
        if field.name.bytes().any(|b| b.is_ascii_uppercase()) {
            let snake = proto_name(field.name);
            if obj.contains_key(&snake) {
                let source = pointer_push(at.source, &snake);
                if obj.contains_key(field.name) {
                    conv.notes
                        .push(proto_name_note(&snake, field.name, &source, true));
                } else if let Some(value) = obj.remove(&snake) {
                    conv.notes
                        .push(proto_name_note(&snake, field.name, &source, false));
                    obj.insert(field.name.to_owned(), value);
                    renamed_here = Some(snake);
                }
            }
        }
        let Some(value) = obj.get_mut(field.name) else {
            continue;
        };
        let renamed = at.renamed || renamed_here.is_some();
        let nested = matches!(field.kind, Kind::Message(_) | Kind::List(_) | Kind::Map(_));
        if !renamed && !nested {
            continue;
        }
        let v1 = pointer_push(at.v1, field.name);
        let source = pointer_push(at.source, renamed_here.as_deref().unwrap_or(field.name));
        if renamed {
            conv.pointers.record(&v1, &source);
        }
        let at = At {
            v1: &v1,
            source: &source,
            renamed,
        };
        proto_names_in(value, &field.kind, at, conv);
    }
}

fn proto_names_in(value: &mut Value, kind: &Kind, at: At<'_>, conv: &mut Conversion) {
    // Arrays and maps differ only in how a child is named in a pointer.
    let (inner, children): (&Kind, Vec<(String, &mut Value)>) = match (kind, value) {
        (Kind::Message(m), Value::Object(obj)) => return proto_names(obj, m, at, conv),
        (Kind::List(inner), Value::Array(items)) => {
            let named = items.iter_mut().enumerate();
            (inner, named.map(|(i, v)| (i.to_string(), v)).collect())
        }
        (Kind::Map(inner), Value::Object(entries)) => (
            inner,
            entries.iter_mut().map(|(k, v)| (k.clone(), v)).collect(),
        ),
        _ => return,
    };
    for (token, item) in children {
        let (v1, source) = (pointer_push(at.v1, &token), pointer_push(at.source, &token));
        let renamed = at.renamed;
        proto_names_in(
            item,
            inner,
            At {
                v1: &v1,
                source: &source,
                renamed,
            },
            conv,
        );
    }
}
