//! Validation: every finding as a [`Diagnostic`] with a JSON pointer, a stable [`Code`],
//! a severity and a message a publisher can act on.
//!
//! Two profiles: [`Profile::Spec`] checks the A2A specification plus the common mistakes
//! publishers make; [`Profile::Registry`] adds the Agent Registry's limits (10 KB compact,
//! protocol v1.0 or v0.3 only). MCP tool specs are checked too ([`DocumentKind::McpTools`]).
//!
//! ```
//! use a2a_card::{Code, validate::{validate_document, Profile}};
//!
//! let report = validate_document(br#"{
//!   "name": "AI Assistant", "description": "Helps.",
//!   "supportedInterfaces": [{"url": "https://a.example/rpc", "protocolBinding": "JSONRPC",
//!                            "protocolVersion": "1.0"}],
//!   "version": "1.0.0", "capabilities": {},
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text"],
//!   "skills": []
//! }"#, Profile::Spec, None).unwrap();
//! assert!(report.has_errors());
//! let found: Vec<(&str, &str)> = report.diagnostics.iter()
//!     .map(|d| (d.code.as_str(), d.pointer.as_str())).collect();
//! assert!(found.contains(&("A2A-E011", "/skills")));
//! assert!(found.contains(&("A2A-W019", "/defaultOutputModes/0"))); // "text": use text/plain
//! assert!(found.contains(&("A2A-W010", "/name")));
//! ```
//!
//! Each card is judged by the spec of its own version: a v0.3 card against what v0.3
//! requires (its schema's `required` members, `protocolVersion` included), with v0.3 names
//! and pointers; what only v1.0 requires is a note (`A2A-N020`). Errors are what the spec
//! says MUST (or what the registry profile requires); a card whose declared version
//! contradicts its shape is an error in every profile (`A2A-E037`).
//!
//! ```
//! use a2a_card::{Code, validate::{validate_document, Profile}};
//! let v03 = br#"{"protocolVersion": "0.3.0", "name": "Hello World Agent",
//!   "description": "Greets whoever asks it to.", "url": "https://hello.example.com/",
//!   "version": "1.0.0", "capabilities": {}, "defaultInputModes": ["text/plain"],
//!   "defaultOutputModes": ["text/plain"], "skills": []}"#;
//! let report = validate_document(v03, Profile::Spec, None).unwrap();
//! assert!(!report.has_errors()); // the v0.3 schema sets no minimum on `skills`
//! assert!(report.diagnostics.iter().any(|d| d.code == Code::NeededForV1 && d.pointer == "/skills"));
//! ```
//!
//! A diagnostic's pointer names a place in the document; [`locate`] finds that place in the
//! text as written (offsets, line and column: a [`Span`]), for an editor to highlight it.

#[cfg(feature = "catalog")]
mod ai_catalog;
mod credentials;
mod document;
pub(crate) mod grpc_url;
mod lints;
mod mcp;
#[cfg(feature = "lint-injection")]
mod prompt;
mod rules;
mod script_url;
mod span;
pub(crate) mod syntax;

pub use span::{Span, locate};

use serde::Serialize;
use serde_json::Value;

use crate::card::{AgentCard, CardVersion, ReadError, read};
use crate::diagnostic::{Code, Diagnostic, Severity};

/// Which set of rules to apply.
///
/// ```
/// use a2a_card::validate::{validate_value, Profile};
/// let big = serde_json::json!({"name": "x".repeat(20_000)});
/// let spec = validate_value(&big, Profile::Spec, None);
/// let registry = validate_value(&big, Profile::Registry, None);
/// assert!(registry.diagnostics.len() > spec.diagnostics.len()); // + A2A-E040
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Profile {
    /// The A2A specification and the common-mistake warnings.
    #[default]
    Spec,
    /// `Spec` plus the Agent Registry's limits: at most 10 KB compact, v1.0 or v0.3 only.
    Registry,
}

/// The Agent Registry's size limit for cards and MCP tool specs, in bytes of compact JSON.
///
/// ```
/// assert_eq!(a2a_card::validate::REGISTRY_MAX_BYTES, 10_000);
/// ```
pub const REGISTRY_MAX_BYTES: usize = 10_000;

/// What a document is.
///
/// ```
/// use a2a_card::validate::{validate_document, DocumentKind, Profile};
/// let report = validate_document(br#"{"tools": []}"#, Profile::Spec, None).unwrap();
/// assert_eq!(report.kind, DocumentKind::McpTools);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DocumentKind {
    /// An A2A Agent Card (v1.0 or v0.3).
    Card,
    /// An MCP tool spec: `{"tools": [...]}`.
    McpTools,
    /// An AI Catalog (`application/ai-catalog+json`, feature `catalog`): detected as an
    /// object with `specVersion` and `entries` and no `name`.
    #[cfg(feature = "catalog")]
    AiCatalog,
}

impl DocumentKind {
    /// Guesses the kind: an object with a `tools` array and no card fields is an MCP spec.
    ///
    /// ```
    /// use a2a_card::validate::DocumentKind;
    /// let v = serde_json::json!({"tools": []});
    /// assert_eq!(DocumentKind::detect(&v), DocumentKind::McpTools);
    /// ```
    pub fn detect(doc: &Value) -> Self {
        let is_tools = doc.get("tools").is_some()
            && ["name", "skills", "supportedInterfaces", "url"]
                .iter()
                .all(|k| doc.get(k).is_none());
        #[cfg(feature = "catalog")]
        if doc.get("specVersion").is_some()
            && doc.get("entries").is_some()
            && doc.get("name").is_none()
        {
            return DocumentKind::AiCatalog;
        }
        if is_tools {
            DocumentKind::McpTools
        } else {
            DocumentKind::Card
        }
    }
}

/// The result of validating one document.
///
/// ```
/// use a2a_card::{CardVersion, validate::{validate_document, Profile}};
/// let report = validate_document(br#"{"url": "https://a.example/rpc"}"#, Profile::Spec, None)
///     .unwrap();
/// assert_eq!(report.source_version, Some(CardVersion::V0_3));
/// assert!(report.has_errors());
/// assert_eq!(
///     report.error_count() + report.warning_count() + report.note_count(),
///     report.diagnostics.len()
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// What was validated.
    pub kind: DocumentKind,
    /// For cards: the version the document was written in.
    #[serde(
        serialize_with = "version_str",
        skip_serializing_if = "Option::is_none"
    )]
    pub source_version: Option<CardVersion>,
    /// Size of the document as compact JSON, in bytes.
    pub compact_size: usize,
    /// Every finding, errors first.
    pub diagnostics: Vec<Diagnostic>,
}

fn version_str<S: serde::Serializer>(v: &Option<CardVersion>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_str(v.as_str()),
        None => s.serialize_none(),
    }
}

impl Report {
    /// True when any diagnostic is an error.
    ///
    /// ```
    /// let r = a2a_card::validate::validate_value(&serde_json::json!([]), Default::default(), None);
    /// assert!(r.has_errors()); // A2A-E003: not an object
    /// ```
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// How many errors.
    ///
    /// ```
    /// let r = a2a_card::validate::validate_value(&serde_json::json!({}), Default::default(), None);
    /// assert_eq!(r.error_count(), 8); // every REQUIRED field of the card is missing
    /// ```
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// How many warnings.
    ///
    /// ```
    /// let r = a2a_card::validate::validate_value(&serde_json::json!({}), Default::default(), None);
    /// assert_eq!(r.warning_count(), 0);
    /// ```
    pub fn warning_count(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// How many notes (what a v0.3 card will need in v1.0, a value reading had to guess).
    ///
    /// ```
    /// let v03 = serde_json::json!({"url": "https://a.example/rpc"});
    /// let r = a2a_card::validate::validate_value(&v03, Default::default(), None);
    /// assert_eq!(r.note_count(), 1); // no protocolVersion: read as 0.3, a guess (A2A-N021)
    /// ```
    pub fn note_count(&self) -> usize {
        self.count(Severity::Note)
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// Validates JSON bytes. Fails only when the bytes are not JSON (the error has line and
/// column); everything else is a diagnostic in the report. `kind: None` detects the kind.
/// A member name repeated within one object is an `A2A-E004` at its pointer (cards and MCP
/// tool specs alike); [`validate_value`] cannot see those, the parsed value kept one.
///
/// ```
/// use a2a_card::{Code, validate::validate_document};
/// let err = validate_document(b"{\"name\": ", Default::default(), None).unwrap_err();
/// assert!(err.to_string().contains("line 1"));
/// let report = validate_document(br#"{"tools": [], "tools": []}"#, Default::default(), None)
///     .unwrap();
/// assert_eq!(report.diagnostics[0].code, Code::DuplicateMember);
/// assert_eq!(report.diagnostics[0].pointer, "/tools");
/// ```
pub fn validate_document(
    bytes: &[u8],
    profile: Profile,
    kind: Option<DocumentKind>,
) -> Result<Report, ReadError> {
    let value = read::parse(bytes)?;
    let mut report = validate_value(&value, profile, kind);
    // Only the text shows a repeated member name; the parsed value kept one of them.
    let repeated = read::duplicate_members(bytes);
    if !repeated.is_empty() {
        report.diagnostics.splice(0..0, repeated);
        report.diagnostics.sort_by_key(|d| d.severity);
    }
    Ok(report)
}

/// Validates a parsed JSON document.
///
/// ```
/// use a2a_card::validate::{validate_value, Profile};
/// let report = validate_value(&serde_json::json!({"tools": [{"name": "x"}]}), Profile::Spec, None);
/// assert!(report.has_errors());
/// ```
pub fn validate_value(doc: &Value, profile: Profile, kind: Option<DocumentKind>) -> Report {
    let kind = kind.unwrap_or_else(|| DocumentKind::detect(doc));
    let compact_size = serde_json::to_vec(doc).map_or(0, |v| v.len());
    let mut diagnostics = Vec::new();
    let mut source_version = None;
    match kind {
        DocumentKind::McpTools => {
            mcp::check(doc, &mut diagnostics);
            size_limit(compact_size, "an MCP tool spec", &mut diagnostics);
        }
        #[cfg(feature = "catalog")]
        DocumentKind::AiCatalog => ai_catalog::check(doc, profile, &mut diagnostics),
        DocumentKind::Card => {
            source_version = document::check_card_document(doc, profile, &mut diagnostics);
            if profile == Profile::Registry {
                size_limit(compact_size, "an Agent Card", &mut diagnostics);
            }
        }
    }
    diagnostics.sort_by_key(|d| d.severity);
    Report {
        kind,
        source_version,
        compact_size,
        diagnostics,
    }
}

pub(crate) fn size_limit(size: usize, what: &str, out: &mut Vec<Diagnostic>) {
    if size > REGISTRY_MAX_BYTES {
        out.push(Diagnostic::new(
            Code::TooLarge,
            "",
            format!(
                "{what} is {size} bytes as compact JSON; the Agent Registry accepts at most \
                 {REGISTRY_MAX_BYTES}"
            ),
        ));
    }
}

/// The errors (no warnings, no notes) the spec profile finds in `doc`, read as `kind`: what
/// the layers refuse to serve, a card at build or swap, an AI Catalog and each of its entries.
#[cfg(feature = "serve")]
pub(crate) fn spec_errors(doc: &Value, kind: DocumentKind) -> Vec<Diagnostic> {
    let report = validate_value(doc, Profile::Spec, Some(kind));
    report
        .diagnostics
        .into_iter()
        .filter(|d| d.is_error())
        .collect()
}

impl AgentCard {
    /// Validates the card (as the v1.0 model holds it).
    ///
    /// ```
    /// use a2a_card::{AgentCard, validate::Profile};
    /// let diagnostics = AgentCard::default().validate(Profile::Spec);
    /// assert!(diagnostics.iter().any(|d| d.pointer == "/name"));
    /// ```
    pub fn validate(&self, profile: Profile) -> Vec<Diagnostic> {
        validate_value(&self.to_value(), profile, Some(DocumentKind::Card)).diagnostics
    }

    /// True when [`AgentCard::validate`] finds no error.
    ///
    /// ```
    /// assert!(!a2a_card::AgentCard::default().is_valid(a2a_card::validate::Profile::Spec));
    /// ```
    pub fn is_valid(&self, profile: Profile) -> bool {
        !self
            .validate(profile)
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_never_repeat_a_secret() {
        let card = json!({
            "name": "Route Planner",
            "description": "Plans driving routes with live traffic.",
            "supportedInterfaces": [{"url": "/rpc?api_key=supersecret123",
                                     "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
            "version": "1.0.0",
            "capabilities": {"extensions": [{"uri": "https://x.example/ext",
                "params": {"token": "sk-abcdefghijklmnopqrstuvwx"}}]},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "a", "name": "A", "description": "Does a thing for people.",
                        "tags": ["t"], "examples": ["e"]}]
        });
        let report = validate_value(&card, Profile::Spec, None);
        let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert!(codes.contains(&"A2A-E033"), "{codes:?}");
        assert!(codes.contains(&"A2A-W014"), "{codes:?}");
        for d in &report.diagnostics {
            assert!(!d.message.contains("supersecret123"), "{d}");
            assert!(!d.message.contains("abcdefghijklmnop"), "{d}");
        }
    }

    /// The example card, as a value to edit.
    fn example() -> serde_json::Value {
        serde_json::from_slice(include_bytes!("../../examples/agent-card.json")).unwrap()
    }

    #[test]
    fn note_count_counts_notes_and_nothing_else() {
        let report = |diagnostics: Vec<Diagnostic>| Report {
            kind: DocumentKind::Card,
            source_version: None,
            compact_size: 0,
            diagnostics,
        };
        let note = || Diagnostic::new(Code::GuessedValue, "/protocolVersion", "guessed");
        let warning = || Diagnostic::new(Code::SkillWithoutExamples, "/skills/0", "examples");
        let error = || Diagnostic::new(Code::MissingField, "/name", "missing");
        assert_eq!(report(vec![]).note_count(), 0);
        // Warnings and errors are not notes, however many.
        assert_eq!(report(vec![error(), warning(), warning()]).note_count(), 0);
        assert_eq!(
            report(vec![note(), error(), warning(), note()]).note_count(),
            2
        );
        // A note whose severity was raised is no longer one.
        let mut raised = note();
        raised.severity = Severity::Warning;
        let mixed = report(vec![raised, note()]);
        assert_eq!((mixed.note_count(), mixed.warning_count()), (1, 1));

        // From validation: a v0.3 card without protocolVersion is read as 0.3, a guess
        // (A2A-N021); saying "0.3.0" leaves nothing to guess.
        let v03 = json!({"url": "https://a.example/rpc"});
        let guessed = validate_value(&v03, Profile::Spec, None);
        let mut said = v03.clone();
        said["protocolVersion"] = json!("0.3.0");
        let said = validate_value(&said, Profile::Spec, None);
        assert_eq!(guessed.note_count(), said.note_count() + 1);
        assert!(
            !said
                .diagnostics
                .iter()
                .any(|d| d.code == Code::GuessedValue)
        );
    }

    #[test]
    fn a_card_is_valid_with_warnings_and_invalid_with_one_error() {
        let card = |value: serde_json::Value| AgentCard::from_value(value).unwrap().card;
        let base = card(example());
        assert!(base.is_valid(Profile::Spec));
        assert!(base.is_valid(Profile::Registry));
        // A warning (a skill without examples) is not an error.
        let mut warned = example();
        warned["skills"][0]
            .as_object_mut()
            .unwrap()
            .remove("examples");
        let warned = card(warned);
        let diagnostics = warned.validate(Profile::Spec);
        assert!(diagnostics.iter().any(|d| d.severity == Severity::Warning));
        assert!(
            !diagnostics.iter().any(Diagnostic::is_error),
            "{diagnostics:?}"
        );
        assert!(warned.is_valid(Profile::Spec));
        // One error is enough: an empty name.
        let mut unnamed = base.clone();
        unnamed.name.clear();
        assert!(!unnamed.is_valid(Profile::Spec));
    }

    #[test]
    fn the_registry_profile_refuses_a_card_one_byte_over_its_limit() {
        // The example card grown to exactly the limit (compact JSON), then one byte more.
        let sized = |size: usize| {
            let mut card = AgentCard::from_value(example()).unwrap().card;
            let base = serde_json::to_vec(&card.to_value()).unwrap().len();
            card.description.push_str(&"x".repeat(size - base));
            assert_eq!(serde_json::to_vec(&card.to_value()).unwrap().len(), size);
            card
        };
        let at_limit = sized(REGISTRY_MAX_BYTES);
        let over = sized(REGISTRY_MAX_BYTES + 1);
        assert!(at_limit.is_valid(Profile::Registry));
        assert!(!over.is_valid(Profile::Registry));
        // The spec sets no size limit.
        assert!(over.is_valid(Profile::Spec));
    }
}
