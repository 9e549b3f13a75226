//! A walk over JSON text that keeps positions, which serde_json does not: where a pointer's
//! value sits in the text (`crate::validate::locate`), the JSON-RPC peek of the middlewares
//! ([`jsonrpc::scan_call`], re-exported as `body::scan_call`), and member names that repeat within one object
//! ([`duplicate_members`]): serde_json keeps the last of them and says nothing, other readers
//! keep the first, and I-JSON (RFC 7493 §2.3), which RFC 8785 signatures expect, forbids them.

// What a JSON-RPC request body asks for, for the middlewares that read bodies.
#[cfg(feature = "auth")]
pub(crate) mod jsonrpc;

/// The deepest nesting [`duplicate_members`] walks into, as deep as serde_json reads.
const MAX_DEPTH: usize = 128;

/// The JSON pointer of every member name that repeats within one object of `text`, once
/// per object and name, in the order the repeats appear. Names are compared decoded
/// (`"a"` and `"\u0061"` are the same name). Text this scanner cannot walk (not JSON) gives
/// what was found before the point it stopped; nesting deeper than 128 levels is not
/// entered (serde_json refuses such documents anyway).
pub(crate) fn duplicate_members(text: &[u8]) -> Vec<String> {
    let scanner = Scanner { bytes: text };
    let mut found = Vec::new();
    let mut pointer = String::new();
    let start = scanner.skip_space(0);
    // `None` only says where the walk stopped; what it found until then is kept.
    let _ = scanner.repeated_names(start, &mut pointer, 0, &mut found);
    found
}

/// An array index token: digits without a leading zero (RFC 6901 §4), or `None`.
fn array_index(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    token.parse().ok()
}

/// A walk over JSON text that skips values without building them, shared by
/// `crate::validate::locate`, [`duplicate_members`] and the JSON-RPC peek of the middlewares
/// ([`jsonrpc::scan_call`], re-exported as `body::scan_call`). It is tolerant where lenient readers are (numbers of any size, `NaN` and `Infinity`, any nesting depth, lone surrogate
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
    pub(crate) fn descend(&self, at: usize, tokens: &[String]) -> Option<(usize, usize, bool)> {
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
        if !inner.contains(&b'\\') {
            // No escape: the UTF-16 round trip of `unescape` would give back exactly this
            // text, and this is nearly every name and method a JSON-RPC call has.
            return Some(String::from_utf8_lossy(inner).into_owned());
        }
        unescape(inner)
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

/// The text of a string literal's inside, `inner`, escapes decoded (see
/// [`Scanner::string_text`]).
fn unescape(inner: &[u8]) -> Option<String> {
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

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// A byte of a number or literal as lenient readers take them (`-Infinity`, `1e999`, `NaN`).
fn is_scalar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A card with every kind of JSON value, escapes in names, and brackets inside strings
    /// (also walked by `validate::span`'s tests).
    pub(crate) const CARD: &str = r#"{
  "name": "Route Planner",
  "skills": [
    {"id": "a", "tags": ["x", "y"]},
    {"id": "b}]", "examples": [[1, 2], {"k": null}]}
  ],
  "securitySchemes": {"a/b": {"x": 1}, "m~n": true, "": false},
  "n": -1.5e3
}"#;

    #[test]
    fn a_string_without_escapes_reads_as_the_escape_decoder_would_read_it() {
        let inputs: [&[u8]; 8] = [
            b"",
            b"method",
            b"GetExtendedAgentCard",
            "r\u{e9}sum\u{e9} \u{1f600} \u{2028}".as_bytes(),
            b"\xff\xfe half \xe2\x82",
            b"\xed\xa0\x80 an encoded surrogate",
            b"tab\tand\x00nul",
            b"/slash/",
        ];
        for inner in inputs {
            let literal = [b"\"".as_slice(), inner, b"\""].concat();
            let scanner = Scanner { bytes: &literal };
            assert_eq!(
                scanner.string_text(0, literal.len()),
                unescape(inner),
                "{inner:?}"
            );
        }
        // With an escape, the decoder reads it.
        let literal = br#""m\u0065thod""#;
        let scanner = Scanner { bytes: literal };
        assert_eq!(
            scanner.string_text(0, literal.len()).as_deref(),
            Some("method")
        );
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
    fn repeated_names_are_found_by_their_decoded_text() {
        let text = br#"{"name": "Evil", "name": "Route Planner",
                 "supportedInterfaces": [{"url": "a", "u\u0072l": "b", "url": "c"}]}"#;
        assert_eq!(
            duplicate_members(text),
            ["/name", "/supportedInterfaces/0/url"]
        );
        assert!(duplicate_members(br#"{"a": {"b": 1}, "c": {"b": 2}}"#).is_empty());
    }
}
