//! Request paths read two ways. The canonical reading (RFC 3986 §6.2.2): a segment's one
//! spelling among those the RFC calls the same, whether a segment is plain (the same once
//! decoded or normalised by a proxy), and a mount prefix's normal form; the layers match
//! routes and tenant names on it. The lenient reading is in [`lenient_path`](super::lenient_path).

use std::borrow::Cow;

use http::HeaderValue;

/// Normalizes a mount prefix: `""`, `"/"` -> `""`; `"/a/b/"` -> `"/a/b"`. It must start with
/// `/` and be a plain path (no query, fragment, spaces or `..`).
pub(crate) fn normalize_prefix(prefix: &str) -> Option<String> {
    let trimmed = prefix.trim_end_matches('/');
    if trimmed.is_empty() {
        return Some(String::new());
    }
    let plain = trimmed.starts_with('/')
        && trimmed.split('/').skip(1).all(is_plain_segment)
        && HeaderValue::from_str(trimmed).is_ok();
    plain.then(|| trimmed.to_owned())
}

/// A path segment usable as written: non-empty, only characters a path may carry
/// unencoded (RFC 3986 pchar, `%` escapes allowed), and the same segment once decoded: not a
/// dot segment (`.`, `..`, `%2e`, `%2E%2e`, ...) and without an encoded `/`, `\`, `%` or
/// control character (`a%2Fb`, `%5c`, `%252e`). A proxy in front that decodes or normalises
/// paths must see the path this layer sees, so segments that change under either are refused.
pub(crate) fn is_plain_segment(segment: &str) -> bool {
    let pchar = segment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@%".contains(&b));
    let Some(decoded) = percent_decoded(segment) else {
        return false; // a `%` not followed by two hex digits
    };
    pchar
        && !decoded.is_empty()
        && decoded != b"."
        && decoded != b".."
        && !decoded
            .iter()
            .any(|&b| matches!(b, b'/' | b'\\' | b'%') || b.is_ascii_control())
}

/// The one spelling of `segment` among those RFC 3986 §6.2.2 calls the same: an escape of an
/// unreserved character decoded (§6.2.2.2, §2.3: `%41` is `A`, `%7E` is `~`, `%2D` is `-`),
/// every other escape's hex in upper case (§6.2.2.1: `%c3%a9` is `%C3%A9`). Borrowed when
/// `segment` is already that spelling. A malformed escape is left as it is (such a segment is
/// not [plain](is_plain_segment) anyway). A whole path too: `/` is no escape and stays, `%2F`
/// is one of a reserved character and stays an escape.
pub(crate) fn canonical_segment(segment: &str) -> Cow<'_, str> {
    if !segment.contains('%') {
        return Cow::Borrowed(segment);
    }
    let bytes = segment.as_bytes();
    let mut out = String::with_capacity(segment.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'%')
            .then(|| segment.get(i + 1..i + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escape {
            Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') => {
                out.push(char::from(b));
                i += 3;
            }
            Some(b) => {
                out.push_str(&format!("%{b:02X}"));
                i += 3;
            }
            None => {
                // One character as written (a `%` without two hex digits, or any other).
                let len = segment[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&segment[i..i + len]);
                i += len;
            }
        }
    }
    if out == segment {
        Cow::Borrowed(segment)
    } else {
        Cow::Owned(out)
    }
}

/// The bytes `%XX` escapes stand for, or `None` for a malformed escape.
fn percent_decoded(segment: &str) -> Option<Vec<u8>> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_that_change_when_decoded_or_normalised_are_not_plain() {
        for good in ["acme", "a.b", "...", "a%20b", "%41cme", "t~1", "x:y@z"] {
            assert!(is_plain_segment(good), "{good}");
        }
        for bad in [
            "", ".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "a%2Fb", "%2f",
            "a%5cb", "%5C", "a\\b", "a/b", "%252e", "%25", "%00", "%0a", "%", "%2", "%zz", "a b",
        ] {
            assert!(!is_plain_segment(bad), "{bad:?}");
        }
        assert!(normalize_prefix("/a/%2e%2e/b").is_none());
    }

    #[test]
    fn a_segment_has_one_spelling() {
        for (given, canonical) in [
            ("%41", "A"),
            ("%61cme", "acme"),
            ("%30", "0"),
            ("t%39", "t9"),
            ("%2D", "-"),
            ("%2d", "-"),
            ("a%2Eb", "a.b"),
            ("%5F", "_"),
            ("%7E", "~"),
            ("%7e", "~"),
            ("caf%c3%a9", "caf%C3%A9"),
            ("a%3ab", "a%3Ab"),
            ("%2f", "%2F"),
        ] {
            assert_eq!(canonical_segment(given), canonical, "{given}");
            assert!(matches!(canonical_segment(given), Cow::Owned(_)), "{given}");
        }
        for already in [
            "acme",
            "caf%C3%A9",
            "a%3Ab",
            "a%20b",
            "x:y@z",
            "%",
            "%zz",
            "é",
        ] {
            assert!(
                matches!(canonical_segment(already), Cow::Borrowed(s) if s == already),
                "{already}"
            );
        }
    }

    #[test]
    fn prefixes() {
        assert_eq!(normalize_prefix("/").unwrap(), "");
        assert!(normalize_prefix("agents").is_none());
        assert!(normalize_prefix("/a/../b").is_none());
        assert!(normalize_prefix("/a?b").is_none());
        assert!(normalize_prefix("/a//b").is_none());
    }
}
