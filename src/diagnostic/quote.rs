//! Quoting a value from a document in a message, and making text from a document safe to
//! print on a terminal.

use std::borrow::Cow;

use super::secret_kind;

/// Text from a document (a key in a pointer, a header value, a message quoting one) made safe
/// for one terminal line: control characters (a newline would start what looks like another
/// diagnostic line, an escape sequence would drive the terminal) and the invisible format
/// characters that reorder or hide text (the bidirectional controls U+061C, U+200E, U+200F,
/// U+202A to U+202E and U+2066 to U+2069, and the zero-width U+200B to U+200D, U+2060 and
/// U+FEFF: "Trojan Source"; the tag characters U+E0000 to U+E007F, which spell ASCII no one
/// sees) are written as escapes; everything else as is.
///
/// Diagnostics and audit lines escape their text with it; a program printing a file name or
/// a tenant's name it did not choose (from a folder listing) escapes it the same way, so a
/// name cannot forge a line.
///
/// ```
/// assert_eq!(a2a_card::terminal_safe("travel.json"), "travel.json");
/// assert_eq!(a2a_card::terminal_safe("x\na2a-card: reloaded"), "x\\na2a-card: reloaded");
/// assert_eq!(a2a_card::terminal_safe("\u{1b}[2Jx\u{202e}nosj.exe"), "\\u{1b}[2Jx\\u{202e}nosj.exe");
/// assert_eq!(a2a_card::terminal_safe("Zürich 東京"), "Zürich 東京");
/// assert_eq!(a2a_card::terminal_safe("ok\u{e0041}"), "ok\\u{e0041}");
/// ```
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let escaped = text
        .chars()
        .map(|c| {
            if needs_escape(c) {
                c.escape_default().collect::<String>()
            } else {
                c.to_string()
            }
        })
        .collect();
    Cow::Owned(escaped)
}

/// A control character, or an invisible character that reorders or hides text (the
/// Unicode tag characters U+E0000 to U+E007F spell ASCII no one sees).
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
                | '\u{e0000}'..='\u{e007f}'
        )
}

/// A value from the document quoted for a message, with the characters `hidden` picks
/// written as escapes (`\u{e0041}`) besides those [`terminal_safe`] escapes, and quotes and
/// backslashes escaped; withheld like [`shown`] when it looks like a credential. The caller
/// cuts the excerpt: every character shown is kept.
#[cfg(any(test, feature = "lint-injection"))]
pub(crate) fn shown_escaped(text: &str, hidden: impl Fn(char) -> bool) -> String {
    if secret_kind(None, text).is_some() {
        return "the value (withheld: it looks like a credential)".to_owned();
    }
    let mut quoted = String::from("\"");
    for c in text.chars() {
        if needs_escape(c) || hidden(c) || matches!(c, '"' | '\\') {
            quoted.extend(c.escape_default());
        } else {
            quoted.push(c);
        }
    }
    quoted.push('"');
    quoted
}

/// A value from the document, quoted for a message: control characters escaped, long values
/// cut, and anything that looks like a credential withheld, so messages never leak secrets.
pub(crate) fn shown(text: &str) -> String {
    const MAX_CHARS: usize = 60;
    if secret_kind(None, text).is_some() {
        return "the value (withheld: it looks like a credential)".to_owned();
    }
    if text.chars().count() > MAX_CHARS {
        let cut: String = text.chars().take(MAX_CHARS).collect();
        format!("{:?}...", cut)
    } else {
        format!("{text:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::{shown, shown_escaped, terminal_safe};

    #[test]
    fn control_and_invisible_characters_are_escaped_for_the_terminal() {
        assert_eq!(terminal_safe("/skills/0"), "/skills/0");
        assert_eq!(terminal_safe("a\nb"), "a\\nb");
        assert_eq!(terminal_safe("/x\u{202e}gnp.exe"), "/x\\u{202e}gnp.exe");
        assert_eq!(terminal_safe("Zürich 東京"), "Zürich 東京"); // letters of any script stay
        // Tag characters, first and last of their block, and just outside it.
        assert_eq!(terminal_safe("a\u{e0000}"), "a\\u{e0000}");
        assert_eq!(terminal_safe("a\u{e0041}"), "a\\u{e0041}");
        assert_eq!(terminal_safe("a\u{e007f}"), "a\\u{e007f}");
        assert_eq!(terminal_safe("a\u{e0080}"), "a\u{e0080}");
        assert_eq!(terminal_safe("a\u{dffff}"), "a\u{dffff}");
    }

    #[test]
    fn excerpts_escape_what_the_caller_calls_hidden_and_keep_the_rest() {
        let excerpt = "Füße \"ok\" 👍\u{fe0f}\u{fe0f}";
        assert_eq!(
            shown_escaped(excerpt, |c| c == '\u{fe0f}'),
            "\"Füße \\\"ok\\\" 👍\\u{fe0f}\\u{fe0f}\""
        );
        assert_eq!(
            shown_escaped("a\u{e0041}\\", |_| false),
            "\"a\\u{e0041}\\\\\""
        );
        assert!(shown_escaped("sk-abcdefghijklmnopqrstuvwx", |_| false).contains("withheld"));
    }

    #[test]
    fn long_values_are_cut_in_messages() {
        let long = "x".repeat(500);
        assert!(shown(&long).len() < 80);
        assert_eq!(shown("text"), "\"text\"");
        assert_eq!(shown("a\nb"), "\"a\\nb\"");
    }
}
