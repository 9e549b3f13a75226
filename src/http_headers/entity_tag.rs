//! Entity tags (RFC 9110 §8.8.3): the strong ETag the layers send, lists of tags read byte by
//! byte (commas are legal inside a quoted tag, so a list is scanned, not split), and matching
//! the lists clients send back in `If-Match` and `If-None-Match` (§13.1.1-2).

#[cfg(feature = "serve")]
use http::HeaderValue;
#[cfg(feature = "serve")]
use http::header::GetAll;
#[cfg(feature = "serve")]
use sha2::{Digest, Sha256};

#[cfg(feature = "serve")]
use super::bytes_eq::same_bytes;

#[cfg(feature = "serve")]
/// The strong ETag of `bytes`: the SHA-256 of exactly what is served, in hex, quoted.
/// It depends on the bytes alone, so every replica serving the same card sends the same tag.
pub(crate) fn strong_etag(bytes: &[u8]) -> HeaderValue {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(bytes);
    let mut tag = Vec::with_capacity(2 + 2 * digest.len());
    tag.push(b'"');
    for byte in digest {
        tag.push(HEX[usize::from(byte >> 4)]);
        tag.push(HEX[usize::from(byte & 0xf)]);
    }
    tag.push(b'"');
    HeaderValue::from_bytes(&tag).expect("hex digits in quotes are a valid header value")
}

#[cfg(feature = "serve")]
/// How two entity tags are compared (RFC 9110 §8.8.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Comparison {
    /// Both tags strong and their opaque parts equal (`If-Match`).
    Strong,
    /// Opaque parts equal, `W/` ignored (`If-None-Match`).
    Weak,
}

#[cfg(feature = "serve")]
/// True when any member of the header lines matches our strong tag `ours` (quotes included),
/// or a member is `*`. Members that are not entity tags match nothing and never stop the
/// scan, so a malformed header is never an error: it simply does not match.
pub(crate) fn any_matches(
    lines: GetAll<'_, HeaderValue>,
    ours: &HeaderValue,
    comparison: Comparison,
) -> bool {
    let ours = ours.as_bytes();
    lines
        .iter()
        .any(|line| line_matches(line.as_bytes(), ours, comparison))
}

#[cfg(feature = "serve")]
/// One header line: `*`, or a comma-separated list of `"tag"` / `W/"tag"` with optional
/// whitespace. Malformed members match nothing and never stop the scan.
fn line_matches(line: &[u8], ours: &[u8], comparison: Comparison) -> bool {
    // A client revalidating sends back exactly the tag it was given: no list to parse
    // (and no `memcmp`, see [`same_bytes`]).
    if same_bytes(line, ours) {
        return true;
    }
    members(line).any(|member| match member {
        Member::Any => true,
        Member::Tag { weak, quoted } => {
            (comparison == Comparison::Weak || !weak) && same_bytes(quoted, ours)
        }
        Member::Malformed => false,
    })
}

/// One member of an entity-tag list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Member<'a> {
    /// `*`.
    Any,
    /// `"tag"` or `W/"tag"`; `quoted` keeps its double quotes, to compare with a header
    /// value as sent.
    Tag { weak: bool, quoted: &'a [u8] },
    /// Anything else, up to the next comma.
    Malformed,
}

/// The members of one header line, separators and whitespace skipped.
#[cfg(feature = "serve")]
pub(crate) fn members(line: &[u8]) -> impl Iterator<Item = Member<'_>> {
    let mut rest = line;
    std::iter::from_fn(move || {
        rest = trim_separators(rest);
        if rest.is_empty() {
            return None;
        }
        let (member, after) = next_member(rest);
        rest = after;
        Some(member)
    })
}

#[cfg(feature = "check")]
/// True when `value` is exactly one entity-tag, `"opaque"` or `W/"opaque"` (what an `ETag`
/// header must hold).
pub(crate) fn is_entity_tag(value: &[u8]) -> bool {
    let (member, rest) = next_member(value);
    matches!(member, Member::Tag { .. }) && rest.is_empty()
}

#[cfg(feature = "serve")]
fn trim_separators(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t' | b',', tail @ ..] = s {
        s = tail;
    }
    s
}

/// Reads one member and returns it with what follows it.
fn next_member(s: &[u8]) -> (Member<'_>, &[u8]) {
    if let Some(tail) = s.strip_prefix(b"*") {
        return end_of_member(Member::Any, tail);
    }
    let (weak, tagged) = match s.strip_prefix(b"W/") {
        Some(tail) => (true, tail),
        None => (false, s),
    };
    if let Some(inner) = tagged.strip_prefix(b"\"") {
        // etagc excludes DQUOTE, so the first quote closes the tag.
        if let Some(close) = inner.iter().position(|&b| b == b'"') {
            let quoted = &tagged[..close + 2];
            let valid = inner[..close].iter().all(|&b| is_etagc(b));
            let member = if valid {
                Member::Tag { weak, quoted }
            } else {
                Member::Malformed
            };
            return end_of_member(member, &tagged[close + 2..]);
        }
    }
    skip_to_comma(s)
}

/// After a member only whitespace and then a comma (or the end) may follow; anything else
/// makes the member malformed.
fn end_of_member<'a>(member: Member<'a>, tail: &'a [u8]) -> (Member<'a>, &'a [u8]) {
    let mut rest = tail;
    while let [b' ' | b'\t', t @ ..] = rest {
        rest = t;
    }
    match rest {
        [] | [b',', ..] => (member, rest),
        _ => skip_to_comma(rest),
    }
}

fn skip_to_comma(s: &[u8]) -> (Member<'_>, &[u8]) {
    let at = s.iter().position(|&b| b == b',').unwrap_or(s.len());
    (Member::Malformed, &s[at..])
}

/// `etagc = %x21 / %x23-7E / obs-text`
fn is_etagc(b: u8) -> bool {
    b == 0x21 || (0x23..=0x7e).contains(&b) || b >= 0x80
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "serve")]
    use http::HeaderMap;
    #[cfg(feature = "serve")]
    use http::header::IF_NONE_MATCH;

    #[cfg(feature = "check")]
    #[test]
    fn one_entity_tag_or_not() {
        for tag in ["\"abc\"", "W/\"abc\"", "\"\"", "\"a,b\"", "\"\u{e9}\""] {
            assert!(is_entity_tag(tag.as_bytes()), "{tag}");
        }
        for not in [
            "abc",
            "\"abc",
            "w/\"abc\"",
            "\"a\", \"b\"",
            "\"a b\"",
            "*",
            "",
        ] {
            assert!(!is_entity_tag(not.as_bytes()), "{not}");
        }
    }

    #[cfg(feature = "serve")]
    #[test]
    fn a_list_is_scanned_member_by_member() {
        let found: Vec<_> = members(b" \"a\", garbage ,W/\"b\",*").collect();
        assert_eq!(
            found,
            [
                Member::Tag {
                    weak: false,
                    quoted: b"\"a\""
                },
                Member::Malformed,
                Member::Tag {
                    weak: true,
                    quoted: b"\"b\""
                },
                Member::Any,
            ]
        );
    }

    #[cfg(feature = "serve")]
    fn matches(lines: &[&[u8]], comparison: Comparison) -> bool {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(IF_NONE_MATCH, HeaderValue::from_bytes(line).unwrap());
        }
        let ours = HeaderValue::from_static("\"abc\"");
        any_matches(headers.get_all(IF_NONE_MATCH), &ours, comparison)
    }

    #[cfg(feature = "serve")]
    #[test]
    fn strong_etag_is_quoted_sha256_hex() {
        let tag = strong_etag(b"");
        assert_eq!(
            tag,
            "\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\""
        );
    }

    #[cfg(feature = "serve")]
    #[test]
    fn lists_wildcards_weak_tags_and_garbage() {
        use Comparison::{Strong, Weak};
        assert!(matches(&[b"\"abc\""], Strong));
        assert!(matches(&[b"  \"x\" ,\t\"abc\"  "], Strong));
        assert!(matches(&[b"\"x\"", b"\"abc\""], Strong));
        assert!(matches(&[b"*"], Strong));
        assert!(matches(&[b"W/\"abc\""], Weak));
        assert!(!matches(&[b"W/\"abc\""], Strong));
        assert!(!matches(&[b"\"abcd\""], Weak));
        assert!(!matches(&[b"abc"], Weak));
        assert!(!matches(&[b"\"abc"], Weak));
        assert!(!matches(&[b"\"abc\"x"], Weak));
        assert!(!matches(&[b"w/\"abc\""], Weak));
        assert!(matches(&[b"garbage, \"abc\""], Weak));
        assert!(matches(&[b"\"a,b\", \"abc\""], Weak));
        assert!(!matches(&[b"**"], Weak));
        assert!(!matches(&[b""], Weak));
        assert!(!matches(&[b",,,"], Weak));
        assert!(!matches(&[b"\"a b\""], Weak));
    }
}
