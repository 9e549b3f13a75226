//! The shape check: JSON types and REQUIRED fields, walked from the table in
//! `card::schema`, each finding with its exact JSON pointer.
//!
//! A value of the wrong type is reported and then replaced by an empty value of the right
//! type, so the rest of the card can still be read into the model and every other rule can
//! run: a publisher sees all the problems at once, not one per attempt.

use serde_json::{Map, Value};

use crate::card::schema::{self, Field, Kind, Message, Presence};
use crate::diagnostic::{Code, Diagnostic, pointer_push};

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

/// Checks a v1.0 card document (already converted from older shapes), replacing values of
/// the wrong type by empty ones.
pub(crate) fn check_card(doc: &mut Value) -> Vec<Diagnostic> {
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

/// The empty value of a kind: what a wrong value is replaced with.
fn empty(kind: &Kind) -> Value {
    match kind {
        Kind::Str => Value::String(String::new()),
        Kind::Bool => Value::Bool(false),
        Kind::AnyObject | Kind::Message(_) | Kind::Map(_) => Value::Object(Map::new()),
        Kind::List(_) => Value::Array(Vec::new()),
    }
}

fn check_message(
    value: &mut Value,
    message: &'static Message,
    pointer: &str,
    out: &mut Vec<Diagnostic>,
) {
    let Value::Object(fields) = value else {
        return wrong_type(value, &Kind::Message(message), pointer, out);
    };
    for field in message.fields {
        let at = pointer_push(pointer, field.name);
        match fields.get_mut(field.name) {
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
    value: &mut Value,
    field: &Field,
    message: &Message,
    at: &str,
    out: &mut Vec<Diagnostic>,
) {
    let required = field.presence == Presence::Required;
    match (&field.kind, &*value) {
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

fn check_kind(value: &mut Value, kind: &Kind, at: &str, out: &mut Vec<Diagnostic>) {
    match (kind, &mut *value) {
        (Kind::Str, Value::String(_)) | (Kind::Bool, Value::Bool(_)) => {}
        (Kind::AnyObject, Value::Object(_)) => {}
        (Kind::Message(m), Value::Object(_)) => check_message(value, m, at, out),
        (Kind::List(inner), Value::Array(items)) => {
            for (i, item) in items.iter_mut().enumerate() {
                check_kind(item, inner, &format!("{at}/{i}"), out);
            }
        }
        (Kind::Map(inner), Value::Object(entries)) => {
            for (key, item) in entries.iter_mut() {
                check_kind(item, inner, &pointer_push(at, key), out);
            }
        }
        _ => wrong_type(value, kind, at, out),
    }
}

fn wrong_type(value: &mut Value, kind: &Kind, at: &str, out: &mut Vec<Diagnostic>) {
    out.push(Diagnostic::new(
        Code::WrongType,
        at,
        format!("expected {}, found {}", expected(kind), json_kind(value)),
    ));
    *value = empty(kind);
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
