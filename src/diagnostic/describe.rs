//! What each code means, in words: its documentation read back at run time, for the places
//! that list the codes to a user (the rules of a SARIF log, a code's help).

use super::Code;

impl Code {
    /// What the code means: its documentation, one paragraph of Markdown, with a link to
    /// another code written as that code (`` `A2A-N020` ``).
    ///
    /// ```
    /// use a2a_card::Code;
    /// assert_eq!(Code::DuplicateSkillId.description(), "Two skills share one id.");
    /// let text = Code::EmptyArray.description();
    /// assert!(text.contains("gets `A2A-N020` instead"), "{text}");
    /// ```
    pub fn description(self) -> String {
        let joined = self
            .doc()
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        code_links_as_codes(&joined)
    }

    /// The first sentence of [`description`](Self::description): a one-line summary.
    ///
    /// ```
    /// use a2a_card::Code;
    /// assert_eq!(
    ///     Code::MissingField.summary(),
    ///     "A REQUIRED field is missing, null or an empty string."
    /// );
    /// ```
    pub fn summary(self) -> String {
        let description = self.description();
        match description.find(". ") {
            Some(end) => description[..=end].to_owned(),
            None => description,
        }
    }
}

/// Rewrites each intra-doc link to a code, ``[`Code::NeededForV1`]``, as the code itself,
/// `` `A2A-N020` ``: the reader of a description has no rustdoc to follow the link.
fn code_links_as_codes(text: &str) -> String {
    const OPEN: &str = "[`Code::";
    const CLOSE: &str = "`]";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let after = &rest[at + OPEN.len()..];
        let name_end = after.find(CLOSE);
        let code = name_end.and_then(|end| Code::ALL.iter().find(|c| c.name() == &after[..end]));
        match (code, name_end) {
            (Some(code), Some(end)) => {
                out.push('`');
                out.push_str(code.as_str());
                out.push('`');
                rest = &after[end + CLOSE.len()..];
            }
            _ => {
                out.push_str(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_one_line_summary_ending_a_sentence() {
        for code in Code::ALL {
            let summary = code.summary();
            assert!(!summary.is_empty(), "{code}");
            assert!(!summary.contains('\n'), "{code}: {summary}");
            assert!(
                summary.ends_with('.') || summary.ends_with(':') || summary.ends_with(')'),
                "{code}: {summary}"
            );
            assert!(!code.description().contains("[`Code::"), "{code}");
        }
    }

    #[test]
    fn descriptions_join_doc_lines_and_keep_every_line() {
        let text = Code::OAuthFlowCount.description();
        assert!(text.starts_with("OAuth flows set no flow, or more than one. Error: v1.0"));
        assert!(
            text.ends_with("split by the migration (A2A-W021)."),
            "{text}"
        );
        assert!(text.contains("`A2A-N020` note"), "{text}");
        assert!(!text.contains("  "), "{text}");
    }

    #[test]
    fn a_link_to_something_else_is_left_as_written() {
        assert_eq!(
            code_links_as_codes("see [`Code::Nope`] and [`Code::MediaType`]"),
            "see [`Code::Nope`] and `A2A-E034`"
        );
        assert_eq!(code_links_as_codes("[`Code::unclosed"), "[`Code::unclosed");
    }
}
