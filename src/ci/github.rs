//! GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=T::message`): each
//! becomes an annotation on the line of the file it names, in the run and the pull request.

use super::{Artifact, Failure, Located};
use crate::Severity;
use crate::diagnostic::terminal_safe;

/// One diagnostic as a workflow command: `::error`, `::warning` or `::notice` (for notes),
/// titled with its code. A file gets `file`, `line` and `col`; a URL (an audit finding) is
/// not a file of the repository, so it starts the message instead.
///
/// Text is escaped as GitHub's runner reads it: `%`, CR and LF in the message (`%25`, `%0D`,
/// `%0A`), and also `:` and `,` in the properties, so nothing a document holds can end the
/// command early or start another; other control characters are written as escapes.
///
/// ```
/// use a2a_card::{Code, Diagnostic, ci::{Located, github_annotation}};
///
/// let d = Diagnostic::new(Code::ShortDescription, "/description", "100% too\nshort");
/// let at = Located::in_file(&d, "cards/a,b.json", b"{\n  \"description\": \"x\"\n}");
/// assert_eq!(
///     github_annotation(&at),
///     "::warning file=cards/a%2Cb.json,line=2,col=18,title=A2A-W011::/description: 100%25 too%0Ashort"
/// );
/// ```
pub fn github_annotation(located: &Located<'_>) -> String {
    let diagnostic = located.diagnostic;
    let command = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    let mut properties = Vec::new();
    let mut message = String::new();
    match &located.artifact {
        Artifact::File(path) => {
            properties.push(format!("file={}", escape_property(path)));
            if let Some(span) = located.span {
                properties.push(format!("line={}", span.line));
                properties.push(format!("col={}", span.column));
            }
        }
        Artifact::Url(url) => {
            message.push_str(url);
            if let Some(header) = &diagnostic.header {
                message.push_str(&format!(" [{header}]"));
            }
        }
    }
    properties.push(format!("title={}", diagnostic.code));
    match (diagnostic.body_pointer(), &located.artifact) {
        (Some(pointer), Artifact::Url(_)) => message.push_str(&format!("#{pointer}")),
        (Some(""), Artifact::File(_)) => message.push_str("(root)"),
        (Some(pointer), Artifact::File(_)) => message.push_str(pointer),
        (None, _) => {}
    }
    message.push_str(": ");
    message.push_str(&diagnostic.message);
    format!(
        "::{command} {}::{}",
        properties.join(","),
        escape_data(&message)
    )
}

/// A document that could not be checked, as an `::error` command (at the syntax error's
/// line and column when there is one).
///
/// ```
/// use a2a_card::{AgentCard, ci::{Failure, github_failure}};
/// let error = AgentCard::from_json_slice(b"{\"name\": }").unwrap_err();
/// let line = github_failure(&Failure::unreadable("card.json", &error));
/// assert!(line.starts_with("::error file=card.json,line=1,col=10::"), "{line}");
/// ```
pub fn github_failure(failure: &Failure) -> String {
    let mut properties = Vec::new();
    let message = match &failure.artifact {
        Artifact::File(path) => {
            properties.push(format!("file={}", escape_property(path)));
            if let Some((line, column)) = failure.position {
                properties.push(format!("line={line}"));
                properties.push(format!("col={column}"));
            }
            failure.message.clone()
        }
        Artifact::Url(url) => format!("{url}: {}", failure.message),
    };
    format!(
        "::error {}::{}",
        properties.join(","),
        escape_data(&message)
    )
}

/// A message: `%`, CR and LF escaped (the runner turns them back), then the remaining
/// control characters written as escapes.
fn escape_data(text: &str) -> String {
    let escaped = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    terminal_safe(&escaped).into_owned()
}

/// A property value: as a message, and `:` and `,` too (they end a value).
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}
