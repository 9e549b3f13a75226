//! What the audit found about one agent: what each card path answered, and the findings.

use serde::{Serialize, Serializer};

use super::Endpoint;
use crate::{Code, Diagnostic, Severity};

/// Everything the audit found about one agent. Serialized (as `a2a-card check --format
/// json` prints it) with the findings as `{level, code, url, header?, pointer?, message}`.
///
/// ```
/// use a2a_card::check::Report;
/// let report = Report::new("https://a.example", Vec::new(), Vec::new());
/// assert!(report.passed());
/// assert_eq!(report.errors(), 0);
/// ```
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    base_url: String,
    reachable: bool,
    endpoints: Vec<Endpoint>,
    #[serde(serialize_with = "findings_json")]
    findings: Vec<Diagnostic>,
    errors: usize,
    warnings: usize,
    notes: usize,
}

impl Report {
    /// A report of an agent that answered; the findings are sorted errors first, then
    /// warnings, then notes, each in the order found.
    pub fn new(base: &str, endpoints: Vec<Endpoint>, mut findings: Vec<Diagnostic>) -> Self {
        findings.sort_by_key(|f| f.severity);
        let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
        Self {
            base_url: base.to_owned(),
            reachable: true,
            endpoints,
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            notes: count(Severity::Note),
            findings,
        }
    }

    /// A report of an agent whose canonical card URL could not be reached at all.
    pub(super) fn unreachable(base: &str, endpoint: Endpoint) -> Self {
        Self {
            reachable: false,
            ..Self::new(base, vec![endpoint], Vec::new())
        }
    }

    /// The base URL audited, normalized (no trailing slash, query or well-known path).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// False when the canonical card URL could not be reached at all (nothing else was
    /// asked; [`endpoints`](Self::endpoints) says why).
    pub fn is_reachable(&self) -> bool {
        self.reachable
    }

    /// What each card path answered: the canonical path, then the legacy one.
    pub fn endpoints(&self) -> &[Endpoint] {
        &self.endpoints
    }

    /// The findings, errors first.
    pub fn findings(&self) -> &[Diagnostic] {
        &self.findings
    }

    /// The findings with this code.
    pub fn with_code(&self, code: Code) -> impl Iterator<Item = &Diagnostic> {
        self.findings.iter().filter(move |f| f.code == code)
    }

    /// How many errors.
    pub fn errors(&self) -> usize {
        self.errors
    }

    /// How many warnings.
    pub fn warnings(&self) -> usize {
        self.warnings
    }

    /// How many notes.
    pub fn notes(&self) -> usize {
        self.notes
    }

    /// Reachable and without errors.
    pub fn passed(&self) -> bool {
        self.reachable && self.errors == 0
    }
}

/// One finding as the report's JSON has always shown it.
#[derive(Serialize)]
struct FindingJson<'a> {
    level: Severity,
    code: Code,
    url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    header: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pointer: Option<&'a str>,
    message: &'a str,
}

fn findings_json<S: Serializer>(findings: &[Diagnostic], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(findings.iter().map(|f| FindingJson {
        level: f.severity,
        code: f.code,
        url: f.url.as_deref().unwrap_or_default(),
        header: f.header.as_deref(),
        pointer: f.body_pointer(),
        message: &f.message,
    }))
}
