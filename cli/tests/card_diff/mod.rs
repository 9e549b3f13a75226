//! Comparing a card as we wrote it with the same card as an SDK parsed it and wrote it back.
#![allow(dead_code)]

use std::collections::BTreeSet;

use serde_json::Value;

/// Where `theirs` (a card as an SDK parsed and wrote it back) differs from `ours`. Protobuf
/// writers leave out default values, so a missing field equals an empty or zero one; numbers
/// compare by value, since protobuf's Struct keeps them as doubles.
pub fn differences(ours: &Value, theirs: &Value, at: &str, out: &mut Vec<String>) {
    let is_default = |v: &Value| match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Number(n) => n.as_f64() == Some(0.0),
    };
    match (ours, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for key in keys {
                match (a.get(key), b.get(key)) {
                    (Some(x), Some(y)) => differences(x, y, &format!("{at}/{key}"), out),
                    (Some(v), None) | (None, Some(v)) if is_default(v) => {}
                    (x, y) => out.push(format!("{at}/{key}: ours {x:?} vs theirs {y:?}")),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{at}/{i}"), out);
            }
        }
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => {}
        _ if ours == theirs => {}
        _ => out.push(format!("{at}: ours {ours} vs theirs {theirs}")),
    }
}
