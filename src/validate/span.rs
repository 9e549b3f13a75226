//! Where a diagnostic points in the text: an RFC 6901 JSON pointer mapped to the place in the
//! original JSON text that it names, so an editor (the studio, an IDE plugin, a CI annotation)
//! can highlight a diagnostic's value in the document as the user wrote it.
//!
//! serde_json keeps no positions, so this walks the text with the crate's own scanner along
//! the pointer's reference tokens, skipping every value it does not descend into. It never
//! fails: a pointer to something the document lacks (a missing REQUIRED field) resolves to the
//! deepest value that exists on the way (the object that should hold the field), with
//! `exact: false`.

use serde::Serialize;

use crate::json_scan::Scanner;

/// Where a pointer's value sits in the text. Offsets count UTF-16 code units, as a browser's
/// `textarea.setSelectionRange` does; line and column (1-based, in characters) are for people.
///
/// ```
/// let span = a2a_card::validate::locate("{\"a\": 1}", "/a").unwrap();
/// assert_eq!((span.start, span.end, span.line, span.column, span.exact), (6, 7, 1, 7, true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Span {
    /// Where the value starts, in UTF-16 code units from the start of the text.
    pub start: usize,
    /// Where the value ends (exclusive), in UTF-16 code units.
    pub end: usize,
    /// The 1-based line the value starts on.
    pub line: usize,
    /// The 1-based column (in characters) the value starts at.
    pub column: usize,
    /// False when the pointer names something the document lacks and the span is its
    /// nearest existing parent.
    pub exact: bool,
}

/// The span of the value `pointer` names in `text`, or `None` when `text` is not JSON that
/// this scanner can walk (the studio only locates in documents that parsed).
///
/// ```
/// use a2a_card::validate::locate;
///
/// let text = "{\n  \"name\": \"Route Planner\",\n  \"skills\": []\n}";
/// let span = locate(text, "/skills").unwrap();
/// assert_eq!((span.line, span.column, span.exact), (3, 13, true));
/// assert_eq!(&text[span.start..span.end], "[]"); // ASCII: UTF-16 units are bytes
/// // A missing field resolves to the object that should hold it.
/// assert!(!locate(text, "/version").unwrap().exact);
/// ```
pub fn locate(text: &str, pointer: &str) -> Option<Span> {
    let tokens = reference_tokens(pointer)?;
    let scanner = Scanner::new(text.as_bytes());
    let start = scanner.skip_space(0);
    let (byte_start, byte_end, exact) = scanner.descend(start, &tokens)?;
    Some(to_span(text, byte_start, byte_end, exact))
}

/// The unescaped reference tokens of a pointer; `None` for a pointer that is not RFC 6901.
fn reference_tokens(pointer: &str) -> Option<Vec<String>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    // `~1` before `~0`, so `~01` becomes `~1` and not `/` (RFC 6901 §4).
    Some(
        rest.split('/')
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect(),
    )
}

fn to_span(text: &str, byte_start: usize, byte_end: usize, exact: bool) -> Span {
    let before = &text[..byte_start];
    let utf16 = |s: &str| s.encode_utf16().count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Span {
        start: utf16(before),
        end: utf16(&text[..byte_end]),
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
        exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The located text, for readable assertions.
    fn found(text: &str, pointer: &str) -> (String, bool) {
        let span = locate(text, pointer).expect("locatable");
        let units: Vec<u16> = text.encode_utf16().collect();
        (
            String::from_utf16(&units[span.start..span.end]).unwrap(),
            span.exact,
        )
    }

    use crate::json_scan::tests::CARD;

    #[test]
    fn finds_values_at_every_depth() {
        assert_eq!(found(CARD, ""), (CARD.to_owned(), true));
        assert_eq!(found(CARD, "/name"), ("\"Route Planner\"".into(), true));
        assert_eq!(found(CARD, "/skills/0/tags/1"), ("\"y\"".into(), true));
        assert_eq!(found(CARD, "/skills/1/id"), ("\"b}]\"".into(), true));
        assert_eq!(
            found(CARD, "/skills/1/examples/1"),
            ("{\"k\": null}".into(), true)
        );
        assert_eq!(found(CARD, "/skills/1/examples/1/k"), ("null".into(), true));
        assert_eq!(found(CARD, "/n"), ("-1.5e3".into(), true));
    }

    #[test]
    fn unescapes_reference_tokens() {
        assert_eq!(found(CARD, "/securitySchemes/a~1b/x"), ("1".into(), true));
        assert_eq!(found(CARD, "/securitySchemes/m~0n"), ("true".into(), true));
        assert_eq!(found(CARD, "/securitySchemes/"), ("false".into(), true));
    }

    #[test]
    fn missing_members_resolve_to_their_nearest_parent() {
        let (text, exact) = found(CARD, "/skills/0/description");
        assert_eq!(text, r#"{"id": "a", "tags": ["x", "y"]}"#);
        assert!(!exact);
        let (text, exact) = found(CARD, "/skills/7/tags");
        assert!(text.starts_with('[') && !exact);
        // A token that is not an index, or a leading zero, does not index an array.
        assert!(!found(CARD, "/skills/01").1);
        assert!(!found(CARD, "/skills/x").1);
        assert!(!found(CARD, "/name/deeper").1);
    }

    #[test]
    fn keys_with_escapes_match_their_decoded_text() {
        let text = r#"{"a\"b": 1, "\u0041": 2}"#;
        assert_eq!(found(text, "/a\"b"), ("1".into(), true));
        assert_eq!(found(text, "/A"), ("2".into(), true));
    }

    #[test]
    fn a_repeated_key_locates_the_last_like_the_reader() {
        assert_eq!(found(r#"{"a": 1, "a": 22}"#, "/a"), ("22".into(), true));
    }

    #[test]
    fn offsets_are_utf16_units_and_lines_count_from_one() {
        let text = "{\"d\": \"日本😀\",\n \"v\": 3}";
        let span = locate(text, "/v").unwrap();
        // 😀 is two UTF-16 units: 7 + "日本😀" (4) + "\",\n " (4) ... the located text is 3.
        assert_eq!(found(text, "/v"), ("3".into(), true));
        assert_eq!((span.line, span.column), (2, 7));
        assert_eq!(span.end - span.start, 1);
    }

    #[test]
    fn a_byte_order_mark_and_odd_pointers_are_handled() {
        let text = "\u{feff}{\"a\": [true]}";
        assert_eq!(found(text, "/a/0"), ("true".into(), true));
        assert_eq!(locate(text, "a"), None, "not a pointer");
        assert_eq!(locate("{\"a\": ", "/a"), None, "not JSON");
        assert_eq!(locate("", ""), None);
    }
}
