//! MCP tool specs as the Agent Registry accepts them (shared/seeds/003):
//! `{"tools": [{name, description, inputSchema, annotations}]}`.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::card::shape::json_kind;
use crate::diagnostic::shown;
use crate::diagnostic::{Code, Diagnostic};

/// The annotation hints, all booleans.
const HINTS: &[&str] = &[
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];

/// Checks an MCP tool spec document.
pub(crate) fn check(doc: &Value, out: &mut Vec<Diagnostic>) {
    let Value::Object(root) = doc else {
        out.push(Diagnostic::new(
            Code::NotAnObject,
            "",
            format!(
                "an MCP tool spec is a JSON object with a `tools` array, found {}",
                json_kind(doc)
            ),
        ));
        return;
    };
    let tools = match root.get("tools") {
        Some(Value::Array(tools)) => tools,
        Some(other) => {
            out.push(Diagnostic::new(
                Code::McpToolsMissing,
                "/tools",
                format!(
                    "`tools` must be an array of tools, found {}",
                    json_kind(other)
                ),
            ));
            return;
        }
        None => {
            out.push(Diagnostic::new(
                Code::McpToolsMissing,
                "/tools",
                "missing `tools`: an MCP tool spec is {\"tools\": [...]}, as tools/list returns it",
            ));
            return;
        }
    };
    let mut first_seen: HashMap<&str, usize> = HashMap::new();
    for (i, tool) in tools.iter().enumerate() {
        let at = format!("/tools/{i}");
        let Value::Object(fields) = tool else {
            out.push(Diagnostic::new(
                Code::WrongType,
                &at,
                format!("a tool is an object, found {}", json_kind(tool)),
            ));
            continue;
        };
        if let Some(name) = required_string(fields, "name", &at, out) {
            if let Some(first) = first_seen.get(name) {
                out.push(Diagnostic::new(
                    Code::McpDuplicateTool,
                    format!("{at}/name"),
                    format!(
                        "tool name {} is already used by /tools/{first}; names must be unique",
                        shown(name)
                    ),
                ));
            } else {
                first_seen.insert(name, i);
            }
        }
        required_string(fields, "description", &at, out);
        input_schema(fields.get("inputSchema"), &at, out);
        annotations(fields.get("annotations"), &at, out);
    }
}

fn required_string<'a>(
    fields: &'a Map<String, Value>,
    key: &str,
    at: &str,
    out: &mut Vec<Diagnostic>,
) -> Option<&'a str> {
    let pointer = format!("{at}/{key}");
    match fields.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s),
        Some(Value::String(_)) | None | Some(Value::Null) => {
            out.push(Diagnostic::new(
                Code::MissingField,
                pointer,
                format!("missing REQUIRED tool field `{key}` (a non-empty string)"),
            ));
            None
        }
        Some(other) => {
            out.push(Diagnostic::new(
                Code::WrongType,
                pointer,
                format!("expected a string, found {}", json_kind(other)),
            ));
            None
        }
    }
}

fn input_schema(schema: Option<&Value>, at: &str, out: &mut Vec<Diagnostic>) {
    let pointer = format!("{at}/inputSchema");
    match schema {
        None | Some(Value::Null) => out.push(Diagnostic::new(
            Code::MissingField,
            pointer,
            "missing REQUIRED tool field `inputSchema` (a JSON Schema with \"type\": \"object\")",
        )),
        Some(Value::Object(schema)) => match schema.get("type") {
            Some(Value::String(t)) if t == "object" => {
                if let Some(props) = schema.get("properties") {
                    if !props.is_object() {
                        out.push(Diagnostic::new(
                            Code::McpInputSchema,
                            format!("{pointer}/properties"),
                            format!("`properties` must be an object, found {}", json_kind(props)),
                        ));
                    }
                }
            }
            other => out.push(Diagnostic::new(
                Code::McpInputSchema,
                format!("{pointer}/type"),
                format!(
                    "inputSchema must be a JSON Schema of \"type\": \"object\", found {}",
                    other.map_or("no type".to_owned(), |t| match t {
                        Value::String(text) => shown(text),
                        _ => shown(&t.to_string()),
                    })
                ),
            )),
        },
        Some(other) => out.push(Diagnostic::new(
            Code::McpInputSchema,
            pointer,
            format!(
                "inputSchema must be a JSON Schema object, found {}",
                json_kind(other)
            ),
        )),
    }
}

fn annotations(annotations: Option<&Value>, at: &str, out: &mut Vec<Diagnostic>) {
    let pointer = format!("{at}/annotations");
    let fields = match annotations {
        None | Some(Value::Null) => return,
        Some(Value::Object(fields)) => fields,
        Some(other) => {
            out.push(Diagnostic::new(
                Code::WrongType,
                pointer,
                format!("annotations must be an object, found {}", json_kind(other)),
            ));
            return;
        }
    };
    if let Some(title) = fields.get("title") {
        if !title.is_string() {
            out.push(Diagnostic::new(
                Code::WrongType,
                format!("{pointer}/title"),
                format!("expected a string, found {}", json_kind(title)),
            ));
        }
    }
    for hint in HINTS {
        if let Some(value) = fields.get(*hint) {
            if !value.is_boolean() {
                out.push(Diagnostic::new(
                    Code::McpAnnotationHint,
                    format!("{pointer}/{hint}"),
                    format!("{hint} must be true or false, found {}", json_kind(value)),
                ));
            }
        }
    }
}
