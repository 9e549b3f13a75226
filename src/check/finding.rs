//! Making the audit's findings: a [`Diagnostic`] with a code, a message and a place (a URL,
//! plus a header name or a JSON pointer into the body).

use crate::{Code, Diagnostic, Severity};

/// Where a finding is: a URL, and in it a header or a JSON pointer into the body.
#[derive(Clone)]
pub(super) struct Place {
    url: String,
    header: Option<String>,
    pointer: String,
}

impl Place {
    pub(super) fn url(url: impl ToString) -> Self {
        Self {
            url: url.to_string(),
            header: None,
            pointer: String::new(),
        }
    }

    pub(super) fn header(url: impl ToString, name: &str) -> Self {
        Self {
            header: Some(name.to_owned()),
            ..Self::url(url)
        }
    }

    pub(super) fn pointer(url: impl ToString, pointer: impl Into<String>) -> Self {
        Self {
            pointer: pointer.into(),
            ..Self::url(url)
        }
    }
}

/// A finding of the audit's own.
pub(super) fn finding(code: Code, place: Place, message: impl Into<String>) -> Diagnostic {
    let found = Diagnostic::new(code, place.pointer, message).at_url(place.url);
    match place.header {
        Some(header) => found.at_header(header),
        None => found,
    }
}

/// A validation diagnostic of a card found at `url`; `prefix` is the pointer of the card
/// inside the body (`/result` in a JSON-RPC answer, empty otherwise).
pub(super) fn from_validation(diagnostic: &Diagnostic, url: &str, prefix: &str) -> Diagnostic {
    let mut found = diagnostic.clone().at_url(url);
    found.pointer = format!("{prefix}{}", diagnostic.pointer);
    // Validation has errors and warnings only; anything else is advice here too.
    if found.severity != Severity::Error {
        found.severity = Severity::Warning;
    }
    found
}

/// A value a server sent, quoted for a message: escaped, and cut after 80 characters.
pub(super) fn quoted(value: &str) -> String {
    let cut: String = value.chars().take(80).collect();
    if cut.len() < value.len() {
        format!("{cut:?}…")
    } else {
        format!("{cut:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_codes_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL.iter().filter(|c| c.is_check()) {
            let text = code.as_str();
            assert!(seen.insert(text), "{text} twice");
            assert!(text.len() == 8, "{text}");
        }
        assert_eq!(seen.len(), 56);
    }

    #[test]
    fn a_finding_is_one_line_naming_its_place() {
        let found = finding(
            Code::NoEtag,
            Place::header("http://a.example/.well-known/agent-card.json", "ETag"),
            "none\nerror A2A-C100 forged",
        );
        let line = found.to_string();
        assert_eq!(line.lines().count(), 1);
        let forged_place = finding(
            Code::InterfaceNotProbed,
            Place::url("x\nerror A2A-C100 forged"),
            "m",
        );
        assert_eq!(forged_place.to_string().lines().count(), 1);
        assert!(line.starts_with(
            "warning A2A-C106 http://a.example/.well-known/agent-card.json [ETag]: none"
        ));
        let in_body = finding(Code::Unsigned, Place::pointer("u", "/signatures"), "m");
        assert_eq!(in_body.to_string(), "error A2A-C300 u#/signatures: m");
    }

    #[test]
    fn validation_diagnostics_keep_their_code_under_the_cards_pointer() {
        let d = Diagnostic::new(Code::MissingField, "/skills/0/tags", "add a tag");
        let found = from_validation(&d, "https://a.example/rpc", "/result");
        assert_eq!(
            found.to_string(),
            "error A2A-E010 https://a.example/rpc#/result/skills/0/tags: add a tag"
        );
        let root = Diagnostic::new(Code::V03Card, "", "v0.3");
        assert!(
            from_validation(&root, "u", "")
                .to_string()
                .contains("u#: v0.3")
        );
    }

    #[test]
    fn long_values_are_cut_when_quoted() {
        assert_eq!(quoted("a\"b"), "\"a\\\"b\"");
        assert!(quoted(&"x".repeat(200)).ends_with("\"…"));
    }
}
