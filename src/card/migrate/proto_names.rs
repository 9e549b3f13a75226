//! Proto field names (`supported_interfaces`), read as the JSON names.

use serde_json::{Map, Value};

use super::Conversion;
use crate::card::schema::{Kind, Message};
use crate::diagnostic::{pointer_push, Code, Diagnostic};

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
