//! What the audit found about one agent: what each card path answered, and the findings;
//! and about the host's AI Catalog, when it was read: its own findings and each listed card's.

use serde::{Serialize, Serializer};

use super::Endpoint;
use crate::{Code, Diagnostic, Severity};

/// Everything the audit found about one agent. Serialized (as `a2a-card check --format
/// json` prints it) with the findings as `{level, code, url, header?, pointer?, message}`.
///
/// ```
/// use a2a_card::check::AuditReport;
/// let report = AuditReport::new("https://a.example", Vec::new(), Vec::new());
/// assert!(report.passed());
/// assert_eq!(report.errors(), 0);
/// ```
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditReport {
    base_url: String,
    reachable: bool,
    endpoints: Vec<Endpoint>,
    #[serde(serialize_with = "findings_json")]
    findings: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    catalog: Option<CatalogReport>,
    errors: usize,
    warnings: usize,
    notes: usize,
}

impl AuditReport {
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
            catalog: None,
        }
    }

    /// The same report with what the host's catalog gave (its findings are counted).
    pub(super) fn with_catalog(mut self, catalog: CatalogReport) -> Self {
        for found in catalog.all_findings() {
            match found.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Note => self.notes += 1,
            }
        }
        self.catalog = Some(catalog);
        self
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

    /// The findings about the agent at the base URL, errors first (the catalog's and its
    /// listed cards' are in [`catalog`](Self::catalog); [`all_findings`](Self::all_findings)
    /// has every one).
    pub fn findings(&self) -> &[Diagnostic] {
        &self.findings
    }

    /// What the host's AI Catalog gave: `None` when the audit did not get that far (the
    /// base URL could not be reached).
    pub fn catalog(&self) -> Option<&CatalogReport> {
        self.catalog.as_ref()
    }

    /// Every finding: the agent's, then the catalog's, then each listed card's.
    pub fn all_findings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.findings
            .iter()
            .chain(self.catalog.iter().flat_map(CatalogReport::all_findings))
    }

    /// The findings with this code, wherever they are (the catalog and its cards included).
    pub fn with_code(&self, code: Code) -> impl Iterator<Item = &Diagnostic> {
        self.all_findings().filter(move |f| f.code == code)
    }

    /// How many errors (the catalog and its cards included).
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

/// The host's AI Catalog (`/.well-known/ai-catalog.json` under the base URL): what it
/// answered, the findings about the catalog itself (its validation, with the catalog's URL
/// and a pointer), and each A2A card it lists with that card's own findings.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CatalogReport {
    /// What the catalog URL answered.
    pub endpoint: Endpoint,
    /// How many entries the catalog has (A2A cards or not).
    pub entries: usize,
    /// The findings about the catalog itself, errors first.
    #[serde(serialize_with = "findings_json")]
    pub findings: Vec<Diagnostic>,
    /// The A2A cards it lists that were audited, in catalog order.
    pub cards: Vec<ListedCard>,
}

impl CatalogReport {
    /// Every finding: the catalog's, then each listed card's.
    pub fn all_findings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.findings
            .iter()
            .chain(self.cards.iter().flat_map(|c| c.findings.iter()))
    }
}

/// One A2A card a catalog lists, and what auditing it found.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ListedCard {
    /// The entry's JSON pointer in the catalog (`/entries/2`).
    pub pointer: String,
    /// The entry's `identifier`.
    pub identifier: String,
    /// The entry's `displayName`.
    pub display_name: String,
    /// The entry's `url`; `None` for a card given inline (`data`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// What the card URL answered; `None` for an inline card, or for the card at the base
    /// URL, audited above.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<Endpoint>,
    /// The entry names the card at the base URL (audited as the agent itself).
    pub audited_above: bool,
    /// The findings about this card, errors first.
    #[serde(serialize_with = "findings_json")]
    pub findings: Vec<Diagnostic>,
}

impl ListedCard {
    /// How many of its findings are errors.
    pub fn errors(&self) -> usize {
        self.findings.iter().filter(|f| f.is_error()).count()
    }
}

/// One line for a person: `entry /entries/1 urn:example:agent:travel "Travel" (2 errors):
/// GET URL: 200, ...` (what its card URL answered, or that it is the card audited above, or
/// given inline). Text from the catalog is escaped as [`Endpoint`]'s line is.
impl std::fmt::Display for ListedCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match (&self.endpoint, &self.url) {
            (_, Some(url)) if self.audited_above => format!("{url}, the card audited above"),
            (Some(endpoint), _) => endpoint.to_string(),
            (None, Some(url)) => url.clone(),
            (None, None) => "a card given inline".to_owned(),
        };
        let verdict = match self.errors() {
            0 => String::new(),
            1 => " (1 error)".to_owned(),
            n => format!(" ({n} errors)"),
        };
        let line = format!(
            "entry {} {} {:?}{verdict}: {what}",
            self.pointer, self.identifier, self.display_name
        );
        f.write_str(&crate::diagnostic::terminal_safe(&line))
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

#[cfg(test)]
mod tests {
    use super::{Endpoint, ListedCard};
    use crate::{Code, Diagnostic};

    fn card(url: Option<&str>, endpoint: Option<Endpoint>, errors: usize) -> ListedCard {
        ListedCard {
            pointer: "/entries/1".into(),
            identifier: "urn:example:agent:travel".into(),
            display_name: "Travel\u{202e}".into(),
            url: url.map(str::to_owned),
            endpoint,
            audited_above: false,
            findings: (0..errors)
                .map(|_| Diagnostic::new(Code::MissingField, "/name", "missing"))
                .collect(),
        }
    }

    #[test]
    fn a_listed_card_is_one_escaped_line_saying_what_its_url_answered() {
        let endpoint = Endpoint {
            url: "https://a.example/travel.json".into(),
            status: Some(200),
            size: Some(1234),
            ..Endpoint::default()
        };
        assert_eq!(
            card(Some("https://a.example/travel.json"), Some(endpoint), 2).to_string(),
            "entry /entries/1 urn:example:agent:travel \"Travel\\u{202e}\" (2 errors): \
             GET https://a.example/travel.json: 200, 1234 bytes"
        );
        assert_eq!(
            card(None, None, 1).to_string(),
            "entry /entries/1 urn:example:agent:travel \"Travel\\u{202e}\" (1 error): a card given inline"
        );
        let mut above = card(Some("https://a.example/card.json"), None, 0);
        above.audited_above = true;
        assert!(
            above
                .to_string()
                .ends_with(": https://a.example/card.json, the card audited above")
        );
        let unfetched = card(Some("https://b.example/c.json"), None, 0).to_string();
        assert!(
            unfetched.ends_with("\": https://b.example/c.json"),
            "{unfetched}"
        );
    }
}
