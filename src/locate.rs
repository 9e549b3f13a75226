//! Where a diagnostic points in the text: an RFC 6901 JSON pointer mapped to the place in the
//! original JSON text that it names, so an editor (the studio, an IDE plugin, a CI annotation)
//! can highlight a diagnostic's value in the document as the user wrote it.
//!
//! serde_json keeps no positions, so this is a small scanner of its own: it walks the text
//! along the pointer's reference tokens, skipping every value it does not descend into. It
//! never fails: a pointer to something the document lacks (a missing REQUIRED field) resolves
//! to the deepest value that exists on the way (the object that should hold the field), with
//! `exact: false`.
//!
//! ```
//! use a2a_card::locate::locate;
//!
//! let text = "{\n  \"name\": \"Route Planner\",\n  \"skills\": []\n}";
//! let span = locate(text, "/skills").unwrap();
//! assert_eq!((span.line, span.column, span.exact), (3, 13, true));
//! assert_eq!(&text[span.start..span.end], "[]"); // ASCII: UTF-16 units are bytes
//! // A missing field resolves to the object that should hold it.
//! assert!(!locate(text, "/version").unwrap().exact);
//! ```
//!
//! The same scanner finds member names that repeat within one object
//! ([`duplicate_members`]): serde_json keeps the last of them and says nothing, other readers
//! keep the first, and I-JSON (RFC 7493 §2.3), which RFC 8785 signatures expect, forbids them.

use serde::Serialize;

/// Where a pointer's value sits in the text. Offsets count UTF-16 code units, as a browser's
/// `textarea.setSelectionRange` does; line and column (1-based, in characters) are for people.
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
pub fn locate(text: &str, pointer: &str) -> Option<Span> {
    let tokens = reference_tokens(pointer)?;
    let scanner = Scanner::new(text.as_bytes());
    let start = scanner.skip_space(0);
    let (byte_start, byte_end, exact) = scanner.descend(start, &tokens)?;
    Some(to_span(text, byte_start, byte_end, exact))
}

/// The deepest nesting [`duplicate_members`] walks into, as deep as serde_json reads.
const MAX_DEPTH: usize = 128;

/// The JSON pointer of every member name that repeats within one object of `text`, once
/// per object and name, in the order the repeats appear. Names are compared decoded
/// (`"a"` and `"\u0061"` are the same name). Text this scanner cannot walk (not JSON) gives
/// what was found before the point it stopped; nesting deeper than 128 levels is not
/// entered (serde_json refuses such documents anyway).
///
/// ```
/// use a2a_card::locate::duplicate_members;
///
/// let text = br#"{"name": "Evil", "name": "Route Planner",
///                 "supportedInterfaces": [{"url": "a", "u\u0072l": "b", "url": "c"}]}"#;
/// assert_eq!(duplicate_members(text), ["/name", "/supportedInterfaces/0/url"]);
/// assert!(duplicate_members(br#"{"a": {"b": 1}, "c": {"b": 2}}"#).is_empty());
/// ```
pub fn duplicate_members(text: &[u8]) -> Vec<String> {
    let scanner = Scanner { bytes: text };
    let mut found = Vec::new();
    let mut pointer = String::new();
    let start = scanner.skip_space(0);
    // `None` only says where the walk stopped; what it found until then is kept.
    let _ = scanner.repeated_names(start, &mut pointer, 0, &mut found);
    found
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

/// An array index token: digits without a leading zero (RFC 6901 §4), or `None`.
fn array_index(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    token.parse().ok()
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

/// A walk over JSON text that skips values without building them, shared by [`locate`] and
/// the JSON-RPC peek of the middlewares (`body::scan_call`). It is tolerant where lenient
/// readers are (numbers of any size, `NaN` and `Infinity`, any nesting depth, lone surrogate
/// escapes, raw control characters in strings, a trailing comma) and strict about structure:
/// outside strings, only JSON's brackets, separators and the characters of numbers and
/// literals may appear, so anything a parser could read another way (comments, single
/// quotes, bare words with other characters) makes the walk fail rather than guess.
pub(crate) struct Scanner<'a> {
    bytes: &'a [u8],
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Scanner { bytes }
    }

    /// The byte at `at`, if any.
    #[cfg(feature = "auth")]
    pub(crate) fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// The length of the text.
    #[cfg(feature = "auth")]
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// The text of `start..end`.
    #[cfg(feature = "auth")]
    pub(crate) fn slice(&self, start: usize, end: usize) -> &'a [u8] {
        &self.bytes[start..end]
    }

    /// From the value starting at `at`, follows `tokens`; returns the byte range of the value
    /// reached and whether it is the one asked for.
    fn descend(&self, at: usize, tokens: &[String]) -> Option<(usize, usize, bool)> {
        let end = self.skip_value(at)?;
        let Some((token, rest)) = tokens.split_first() else {
            return Some((at, end, true));
        };
        let child = match self.bytes.get(at)? {
            b'{' => self.member(at, token)?,
            b'[' => match array_index(token) {
                Some(index) => self.element(at, index)?,
                None => None,
            },
            _ => None,
        };
        match child {
            Some(child) => self.descend(child, rest),
            None => Some((at, end, false)),
        }
    }

    /// Walks the value at `at` (whose pointer is `pointer`), adding the pointer of each
    /// member name repeated in one of its objects to `found`; returns the byte after it.
    fn repeated_names(
        &self,
        at: usize,
        pointer: &mut String,
        depth: usize,
        found: &mut Vec<String>,
    ) -> Option<usize> {
        let open = *self.bytes.get(at)?;
        if !matches!(open, b'{' | b'[') || depth >= MAX_DEPTH {
            return self.skip_value(at);
        }
        let close = if open == b'{' { b'}' } else { b']' };
        let mut i = self.skip_space(at + 1);
        if self.bytes.get(i) == Some(&close) {
            return Some(i + 1);
        }
        let mut names = std::collections::HashSet::new();
        let mut reported = std::collections::HashSet::new();
        for index in 0usize.. {
            let base = pointer.len();
            if open == b'{' {
                let key_end = self.skip_string(i)?;
                let name = self.string_text(i, key_end)?;
                i = self.skip_space(key_end);
                if self.bytes.get(i) != Some(&b':') {
                    return None;
                }
                i = self.skip_space(i + 1);
                pointer.push('/');
                pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
                if !names.insert(name.clone()) && reported.insert(name) {
                    found.push(pointer.clone());
                }
            } else {
                pointer.push('/');
                pointer.push_str(&index.to_string());
            }
            let end = self.repeated_names(i, pointer, depth + 1, found);
            pointer.truncate(base);
            i = self.skip_space(end?);
            match self.bytes.get(i)? {
                b',' => i = self.skip_space(i + 1),
                b if *b == close => return Some(i + 1),
                _ => return None,
            }
        }
        None
    }

    /// The start of the value of `key` in the object at `at` (the last one when a key repeats,
    /// as serde_json keeps the last); `Ok(None)` when the object has no such key.
    fn member(&self, at: usize, key: &str) -> Option<Option<usize>> {
        let mut found = None;
        self.members(at, |name, value, _| {
            if name == key {
                found = Some(value);
            }
        })?;
        Some(found)
    }

    /// The start of element `index` of the array at `at`; `Ok(None)` when it is shorter.
    fn element(&self, at: usize, index: usize) -> Option<Option<usize>> {
        let mut found = None;
        let mut n = 0;
        self.elements(at, |value, _| {
            if n == index {
                found = Some(value);
            }
            n += 1;
        })?;
        Some(found)
    }

    /// Walks the members of the object at `at`, calling `visit` with each decoded name and
    /// the range of its value; the byte just after the object, or `None` when the text is
    /// not an object this walk can read.
    pub(crate) fn members(
        &self,
        at: usize,
        mut visit: impl FnMut(&str, usize, usize),
    ) -> Option<usize> {
        if self.bytes.get(at) != Some(&b'{') {
            return None;
        }
        let mut i = self.skip_space(at + 1);
        loop {
            if self.bytes.get(i) == Some(&b'}') {
                return Some(i + 1);
            }
            let key_end = self.skip_string(i)?;
            let name = self.string_text(i, key_end)?;
            i = self.skip_space(key_end);
            if self.bytes.get(i) != Some(&b':') {
                return None;
            }
            let value = self.skip_space(i + 1);
            let value_end = self.skip_value(value)?;
            visit(&name, value, value_end);
            i = self.skip_space(value_end);
            match self.bytes.get(i)? {
                b',' => i = self.skip_space(i + 1),
                b'}' => return Some(i + 1),
                _ => return None,
            }
        }
    }

    /// Walks the elements of the array at `at`, calling `visit` with the range of each; the
    /// byte just after the array, or `None`.
    pub(crate) fn elements(&self, at: usize, mut visit: impl FnMut(usize, usize)) -> Option<usize> {
        if self.bytes.get(at) != Some(&b'[') {
            return None;
        }
        let mut i = self.skip_space(at + 1);
        loop {
            if self.bytes.get(i) == Some(&b']') {
                return Some(i + 1);
            }
            let end = self.skip_value(i)?;
            visit(i, end);
            i = self.skip_space(end);
            match self.bytes.get(i)? {
                b',' => i = self.skip_space(i + 1),
                b']' => return Some(i + 1),
                _ => return None,
            }
        }
    }

    /// The byte just after the value starting at `at`. Containers are skipped with a stack
    /// of open brackets on the heap, so any nesting depth is walked without recursion.
    pub(crate) fn skip_value(&self, at: usize) -> Option<usize> {
        match self.bytes.get(at)? {
            b'"' => self.skip_string(at),
            b'{' | b'[' => {
                let mut open = Vec::new();
                let mut i = at;
                while i < self.bytes.len() {
                    match self.bytes[i] {
                        b'"' => {
                            i = self.skip_string(i)?;
                            continue;
                        }
                        b @ (b'{' | b'[') => open.push(if b == b'{' { b'}' } else { b']' }),
                        b @ (b'}' | b']') => {
                            if open.pop()? != b {
                                return None;
                            }
                            if open.is_empty() {
                                return Some(i + 1);
                            }
                        }
                        b if b == b',' || b == b':' || is_space(b) || is_scalar(b) => {}
                        _ => return None,
                    }
                    i += 1;
                }
                None
            }
            _ => {
                // A number (of any size, NaN and Infinity included), true, false or null.
                let len = self.bytes[at..]
                    .iter()
                    .position(|&b| !is_scalar(b))
                    .unwrap_or(self.bytes.len() - at);
                (len > 0).then_some(at + len)
            }
        }
    }

    /// The byte just after the string starting at `at` (its closing quote included).
    pub(crate) fn skip_string(&self, at: usize) -> Option<usize> {
        if self.bytes.get(at) != Some(&b'"') {
            return None;
        }
        let mut i = at + 1;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b'\\' => i += 2,
                b'"' => return Some(i + 1),
                _ => i += 1,
            }
        }
        None
    }

    /// The decoded text of the string literal `at..end`, read leniently: a lone surrogate
    /// escape becomes U+FFFD (it can never spell a name this crate looks for), bytes that are
    /// not UTF-8 likewise; `None` for an escape no reader accepts.
    pub(crate) fn string_text(&self, at: usize, end: usize) -> Option<String> {
        let inner = self.bytes.get(at + 1..end.checked_sub(1)?)?;
        let mut units: Vec<u16> = Vec::with_capacity(inner.len());
        let mut i = 0;
        while i < inner.len() {
            let run = inner[i..]
                .iter()
                .position(|&b| b == b'\\')
                .unwrap_or(inner.len() - i);
            units.extend(String::from_utf8_lossy(&inner[i..i + run]).encode_utf16());
            i += run;
            if i == inner.len() {
                break;
            }
            let unit = match *inner.get(i + 1)? {
                b'"' => u16::from(b'"'),
                b'\\' => u16::from(b'\\'),
                b'/' => u16::from(b'/'),
                b'b' => 0x08,
                b'f' => 0x0c,
                b'n' => u16::from(b'\n'),
                b'r' => u16::from(b'\r'),
                b't' => u16::from(b'\t'),
                b'u' => {
                    let hex = inner.get(i + 2..i + 6)?;
                    if !hex.iter().all(u8::is_ascii_hexdigit) {
                        return None;
                    }
                    i += 4;
                    u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?
                }
                _ => return None,
            };
            units.push(unit);
            i += 2;
        }
        Some(
            char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect(),
        )
    }

    /// The first byte at or after `at` that is not JSON whitespace (or a byte order mark,
    /// which the reader ignores at the start of a document).
    pub(crate) fn skip_space(&self, mut at: usize) -> usize {
        if self.bytes[at.min(self.bytes.len())..].starts_with(b"\xEF\xBB\xBF") {
            at += 3;
        }
        while self.bytes.get(at).is_some_and(|&b| is_space(b)) {
            at += 1;
        }
        at
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// A byte of a number or literal as lenient readers take them (`-Infinity`, `1e999`, `NaN`).
fn is_scalar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
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

    const CARD: &str = r#"{
  "name": "Route Planner",
  "skills": [
    {"id": "a", "tags": ["x", "y"]},
    {"id": "b}]", "examples": [[1, 2], {"k": null}]}
  ],
  "securitySchemes": {"a/b": {"x": 1}, "m~n": true, "": false},
  "n": -1.5e3
}"#;

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
    fn repeated_member_names_are_found_at_every_depth() {
        assert!(duplicate_members(CARD.as_bytes()).is_empty());
        let text = r#"{"a": 1, "b": [{"x": 1, "x": 2, "x": 3}, {"y": {"a~/b": 0, "a~/b": 1}}],
                       "a": 2, "\u0062": null, "s": "{\"k\": 1, \"k\": 2}"}"#;
        assert_eq!(
            duplicate_members(text.as_bytes()),
            ["/b/0/x", "/b/1/y/a~0~1b", "/a", "/b"]
        );
        // Not JSON: what was found before the scanner stopped.
        assert_eq!(duplicate_members(br#"{"a": 1, "a": 2, "b": }"#), ["/a"]);
        assert!(duplicate_members(b"").is_empty());
        // Deeper than serde_json reads is not entered, and does not overflow the stack.
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(duplicate_members(deep.as_bytes()).is_empty());
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
