//! A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format): one run of the tool
//! `a2a-card`, a rule for every diagnostic code, a result for every diagnostic, and the
//! documents that could not be checked as notifications of the invocation.

use serde_json::{Map, Value, json};

use super::{Artifact, Failure, Located};
use crate::{Code, Severity};

/// The schema the log declares (the OASIS standard's, errata 01).
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Where each code is documented (the variant's anchor is its name).
const CODE_DOCS: &str = "https://docs.rs/a2a-card/latest/a2a_card/enum.Code.html";

/// A SARIF 2.1.0 log being built: push located diagnostics and failures, then
/// [`to_json`](Self::to_json).
///
/// The rules are every [`Code`], in order (`ruleIndex` is the code's place in
/// [`Code::ALL`]), each with its summary, description, documentation link and default level.
/// A result's location is its file (or URL) with the line and column its JSON pointer leads
/// to; the pointer itself is kept as the location's logical location and in the result's
/// `properties.pointer`. Columns count Unicode code points (`columnKind`).
///
/// ```
/// use a2a_card::{Code, Diagnostic, ci::{Located, SarifLog}};
///
/// let d = Diagnostic::new(Code::ShortDescription, "/description", "too short");
/// let mut log = SarifLog::new("1.2.3");
/// log.push(&Located::in_file(&d, "card.json", b"{\"description\": \"x\"}"));
/// let log = log.to_json();
/// let result = &log["runs"][0]["results"][0];
/// assert_eq!(result["ruleId"], "A2A-W011");
/// assert_eq!(result["level"], "warning");
/// let place = &result["locations"][0]["physicalLocation"];
/// assert_eq!(place["artifactLocation"]["uri"], "card.json");
/// assert_eq!(place["region"]["startColumn"], 17);
/// ```
#[derive(Debug, Clone)]
pub struct SarifLog {
    tool_version: String,
    results: Vec<Value>,
    notifications: Vec<Value>,
}

impl SarifLog {
    /// An empty log of the tool `a2a-card` at `tool_version`.
    pub fn new(tool_version: impl Into<String>) -> Self {
        Self {
            tool_version: tool_version.into(),
            results: Vec::new(),
            notifications: Vec::new(),
        }
    }

    /// Adds a result for one diagnostic.
    pub fn push(&mut self, located: &Located<'_>) -> &mut Self {
        let diagnostic = located.diagnostic;
        let mut location = Map::new();
        location.insert(
            "physicalLocation".into(),
            physical_location(
                &located.artifact,
                located.span.map(|span| (span.line, span.column)),
            ),
        );
        let mut properties = Map::new();
        if let Some(pointer) = diagnostic.body_pointer() {
            location.insert(
                "logicalLocations".into(),
                json!([{"fullyQualifiedName": pointer, "kind": "element"}]),
            );
            properties.insert("pointer".into(), json!(pointer));
        }
        if let Some(span) = located.span {
            // False when the pointer names a missing member and the place is its parent.
            properties.insert("exact".into(), json!(span.exact));
        }
        if let Some(header) = &diagnostic.header {
            properties.insert("header".into(), json!(header));
        }
        self.results.push(json!({
            "ruleId": diagnostic.code.as_str(),
            "ruleIndex": rule_index(diagnostic.code),
            "level": level(diagnostic.severity),
            "message": {"text": diagnostic.message},
            "locations": [location],
            "properties": properties,
        }));
        self
    }

    /// Adds a document that could not be checked: an error notification of the invocation,
    /// which is then not successful.
    pub fn push_failure(&mut self, failure: &Failure) -> &mut Self {
        self.notifications.push(json!({
            "level": "error",
            "message": {"text": failure.message},
            "locations": [{"physicalLocation": physical_location(&failure.artifact, failure.position)}],
        }));
        self
    }

    /// The log as JSON.
    pub fn to_json(&self) -> Value {
        let rules: Vec<Value> = Code::ALL.iter().map(|&code| rule(code)).collect();
        json!({
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "a2a-card",
                    "version": self.tool_version,
                    "informationUri": "https://docs.rs/a2a-card",
                    "rules": rules,
                }},
                "invocations": [{
                    "executionSuccessful": self.notifications.is_empty(),
                    "toolExecutionNotifications": self.notifications,
                }],
                "columnKind": "unicodeCodePoints",
                "results": self.results,
            }],
        })
    }
}

/// The rule of one code.
fn rule(code: Code) -> Value {
    let description = code.description();
    json!({
        "id": code.as_str(),
        "name": code.name(),
        "shortDescription": {"text": code.summary()},
        "fullDescription": {"text": description, "markdown": description},
        "helpUri": format!("{CODE_DOCS}#variant.{}", code.name()),
        "defaultConfiguration": {"level": level(code.severity())},
    })
}

fn rule_index(code: Code) -> usize {
    Code::ALL
        .iter()
        .position(|&c| c == code)
        .expect("Code::ALL lists every code")
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn physical_location(artifact: &Artifact, position: Option<(usize, usize)>) -> Value {
    let mut location = json!({"artifactLocation": {"uri": artifact.uri()}});
    if let Some((line, column)) = position {
        location["region"] = json!({"startLine": line, "startColumn": column});
    }
    location
}
