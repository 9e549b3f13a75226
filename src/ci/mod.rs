//! Diagnostics in the formats CI systems read: a SARIF 2.1.0 log for code scanning
//! ([`SarifLog`]) and GitHub Actions workflow commands that annotate a file's lines
//! ([`github_annotation`]).
//!
//! Both take a diagnostic with its place: a [`Located`] names the file (with the line and
//! column its JSON pointer leads to in the text, from [`validate::locate`]) or, for the
//! audit of a live agent, the URL fetched. A document that could not be checked at all (not
//! JSON, not readable) is a [`Failure`].
//!
//! ```
//! use a2a_card::ci::{Located, SarifLog, github_annotation};
//! use a2a_card::validate::{Profile, validate_document};
//!
//! let text = b"{\n  \"name\": \"Agent\"\n}";
//! let report = validate_document(text, Profile::Spec, None).unwrap();
//! let mut sarif = SarifLog::new("0.1.0");
//! let mut annotations = Vec::new();
//! for diagnostic in &report.diagnostics {
//!     let located = Located::in_file(diagnostic, "agent-card.json", text);
//!     sarif.push(&located);
//!     annotations.push(github_annotation(&located));
//! }
//! // The missing `description` belongs in the object that starts on line 1.
//! assert!(annotations.contains(
//!     &"::error file=agent-card.json,line=1,col=1,title=A2A-E010::/description: \
//!       missing REQUIRED field `description` of AgentCard".to_owned()
//! ), "{annotations:#?}");
//! let log = sarif.to_json();
//! assert_eq!(log["version"], "2.1.0");
//! assert!(!log["runs"][0]["results"].as_array().unwrap().is_empty());
//! ```
//!
//! [`validate::locate`]: crate::validate::locate

mod github;
mod sarif;

pub use github::{github_annotation, github_failure};
pub use sarif::SarifLog;

use crate::validate::{Span, locate};
use crate::{Diagnostic, ReadError};

/// What a finding is about: a file (a path as the user gave it) or a URL fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Artifact {
    /// A local file, named as given (relative paths stay relative: code scanning resolves
    /// them against the repository's root).
    File(String),
    /// A URL the audit fetched.
    Url(String),
}

impl Artifact {
    /// The artifact as a URI reference, for SARIF's `artifactLocation.uri`: a URL as it
    /// is; a relative path percent-encoded where a URI needs it (`my card.json` becomes
    /// `my%20card.json`); an absolute path as a `file://` URI.
    ///
    /// ```
    /// use a2a_card::ci::Artifact;
    /// assert_eq!(Artifact::File("cards/my card.json".into()).uri(), "cards/my%20card.json");
    /// assert_eq!(Artifact::File("/srv/agent.json".into()).uri(), "file:///srv/agent.json");
    /// assert_eq!(Artifact::Url("https://a.example/x".into()).uri(), "https://a.example/x");
    /// ```
    pub fn uri(&self) -> String {
        match self {
            Artifact::Url(url) => url.clone(),
            Artifact::File(path) if path.starts_with('/') => {
                format!("file://{}", percent_encode_path(path))
            }
            Artifact::File(path) => percent_encode_path(path),
        }
    }
}

/// Percent-encodes every byte a URI path may not hold as it is. `:` is encoded too, so a
/// relative path's first segment is never read as a scheme (`c:card.json`).
fn percent_encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        let keep = byte.is_ascii_alphanumeric()
            || matches!(
                byte,
                b'/' | b'-'
                    | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'@'
            );
        if keep {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A diagnostic and where it is.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    /// The finding.
    pub diagnostic: &'a Diagnostic,
    /// The file or URL it is about.
    pub artifact: Artifact,
    /// Where its pointer leads in the file's text (`None` for an audit finding, or text
    /// that is not UTF-8 JSON).
    pub span: Option<Span>,
}

impl<'a> Located<'a> {
    /// A diagnostic about the file at `path` whose bytes are `text`: its pointer located in
    /// the text (a pointer to a missing field resolves to the object that should hold it).
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic, ci::Located};
    /// let d = Diagnostic::new(Code::MissingField, "/version", "add a version");
    /// let at = Located::in_file(&d, "card.json", b"{\n  \"name\": \"x\"\n}");
    /// let span = at.span.unwrap();
    /// assert_eq!((span.line, span.column, span.exact), (1, 1, false));
    /// ```
    pub fn in_file(diagnostic: &'a Diagnostic, path: &str, text: &[u8]) -> Self {
        let span = std::str::from_utf8(text)
            .ok()
            .and_then(|text| locate(text, &diagnostic.pointer));
        Self {
            diagnostic,
            artifact: Artifact::File(path.to_owned()),
            span,
        }
    }

    /// An audit finding: about the URL it names, or `base_url` when it names none.
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic, ci::{Artifact, Located}};
    /// let d = Diagnostic::new(Code::NoEtag, "", "no ETag").at_url("https://a.example/card");
    /// let at = Located::finding(&d, "https://a.example");
    /// assert_eq!(at.artifact, Artifact::Url("https://a.example/card".into()));
    /// ```
    pub fn finding(diagnostic: &'a Diagnostic, base_url: &str) -> Self {
        let url = diagnostic.url.as_deref().unwrap_or(base_url);
        Self {
            diagnostic,
            artifact: Artifact::Url(url.to_owned()),
            span: None,
        }
    }
}

/// A document that could not be checked: not readable, or not JSON (then with the line and
/// column of the syntax error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The file or URL.
    pub artifact: Artifact,
    /// The 1-based line and column of a syntax error.
    pub position: Option<(usize, usize)>,
    /// Why it could not be checked.
    pub message: String,
}

impl Failure {
    /// A failure without a position (a file that cannot be read, an agent that does not
    /// answer).
    pub fn new(artifact: Artifact, message: impl Into<String>) -> Self {
        Self {
            artifact,
            position: None,
            message: message.into(),
        }
    }

    /// A file whose text is not a document (not JSON, not an object); a syntax error keeps
    /// its line and column.
    ///
    /// ```
    /// use a2a_card::{AgentCard, ci::Failure};
    /// let error = AgentCard::from_json_slice(b"{\n  \"name\": }").unwrap_err();
    /// let failure = Failure::unreadable("card.json", &error);
    /// assert_eq!(failure.position, Some((2, 11)));
    /// ```
    pub fn unreadable(path: &str, error: &ReadError) -> Self {
        let position = match error {
            ReadError::Syntax { line, column, .. } => Some((*line, *column)),
            _ => None,
        };
        Self {
            artifact: Artifact::File(path.to_owned()),
            position,
            message: error.to_string(),
        }
    }
}
