//! The shape check: JSON types and REQUIRED fields, walked from the table in
//! `card::schema`, each finding with its exact JSON pointer.

use serde_json::Value;

use crate::card::schema::{self, Field, Kind, Message, Presence};
use crate::diagnostic::{pointer_push, Code, Diagnostic};

/// A short name for the JSON type of a value, for messages.
pub(crate) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Checks a v1.0 card document (already converted from older shapes).
pub(crate) fn check_card(doc: &Value) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_message(doc, &schema::AGENT_CARD, "", &mut out);
    out
}

fn expected(kind: &Kind) -> String {
    match kind {
        Kind::Str => "a string".into(),
        Kind::Bool => "a boolean (true or false)".into(),
        Kind::AnyObject => "an object".into(),
        Kind::Message(m) => format!("an object ({})", m.name),
        Kind::List(inner) => format!("an array of {}", expected(inner)),
        Kind::Map(inner) => format!("an object whose values are {}", expected(inner)),
    }
}

fn check_message(
    value: &Value,
    message: &'static Message,
    pointer: &str,
    out: &mut Vec<Diagnostic>,
) {
    let Value::Object(fields) = value else {
        return wrong_type(value, &Kind::Message(message), pointer, out);
    };
    for field in message.fields {
        let at = pointer_push(pointer, field.name);
        match fields.get(field.name) {
            None | Some(Value::Null) => {
                if field.presence == Presence::Required {
                    out.push(missing(field, message, &at));
                }
            }
            Some(present) => check_field(present, field, message, &at, out),
        }
    }
}

fn check_field(
    value: &Value,
    field: &Field,
    message: &Message,
    at: &str,
    out: &mut Vec<Diagnostic>,
) {
    let required = field.presence == Presence::Required;
    match (&field.kind, value) {
        (Kind::Str, Value::String(s)) if required && s.trim().is_empty() => {
            out.push(Diagnostic::new(
                Code::MissingField,
                at,
                format!(
                    "`{}` of {} is REQUIRED and must not be empty",
                    field.name, message.name
                ),
            ));
        }
        (Kind::List(_), Value::Array(items)) if required && items.is_empty() => {
            out.push(Diagnostic::new(
                Code::EmptyArray,
                at,
                format!(
                    "`{}` of {} is REQUIRED and must list at least one entry",
                    field.name, message.name
                ),
            ));
        }
        _ => check_kind(value, &field.kind, at, out),
    }
}

fn check_kind(value: &Value, kind: &Kind, at: &str, out: &mut Vec<Diagnostic>) {
    match (kind, value) {
        (Kind::Str, Value::String(_)) | (Kind::Bool, Value::Bool(_)) => {}
        (Kind::AnyObject, Value::Object(_)) => {}
        (Kind::Message(m), Value::Object(_)) => check_message(value, m, at, out),
        (Kind::List(inner), Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                check_kind(item, inner, &format!("{at}/{i}"), out);
            }
        }
        (Kind::Map(inner), Value::Object(entries)) => {
            for (key, item) in entries {
                check_kind(item, inner, &pointer_push(at, key), out);
            }
        }
        _ => wrong_type(value, kind, at, out),
    }
}

fn wrong_type(value: &Value, kind: &Kind, at: &str, out: &mut Vec<Diagnostic>) {
    out.push(Diagnostic::new(
        Code::WrongType,
        at,
        format!("expected {}, found {}", expected(kind), json_kind(value)),
    ));
}

fn missing(field: &Field, message: &Message, at: &str) -> Diagnostic {
    let hint = match field.kind {
        Kind::List(_) => " (an array with at least one entry)",
        Kind::Map(_) => " (an object; it may be empty)",
        Kind::Message(_) => " (an object)",
        _ => "",
    };
    Diagnostic::new(
        Code::MissingField,
        at,
        format!(
            "missing REQUIRED field `{}` of {}{hint}",
            field.name, message.name
        ),
    )
}
