//! Entity tags: the strong ETag we send, and matching the lists clients send back in
//! `If-Match` and `If-None-Match` (RFC 9110 §8.8.3 and §13.1.1-2).

use http::HeaderValue;
use http::header::GetAll;
use sha2::{Digest, Sha256};

use super::bytes_eq::same_bytes;
use crate::http_headers::entity_tag::{Member, members};

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

/// How two entity tags are compared (RFC 9110 §8.8.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Comparison {
    /// Both tags strong and their opaque parts equal (`If-Match`).
    Strong,
    /// Opaque parts equal, `W/` ignored (`If-None-Match`).
    Weak,
}

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

/// One header line: `*`, or a comma-separated list of `"tag"` / `W/"tag"` with optional
/// whitespace. Malformed members match nothing and never stop the scan.
fn line_matches(line: &[u8], ours: &[u8], comparison: Comparison) -> bool {
    // A client revalidating sends back exactly the tag it was given: no list to parse
    // (and no `memcmp`, see bytes_eq.rs).
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

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderMap;
    use http::header::IF_NONE_MATCH;

    fn matches(lines: &[&[u8]], comparison: Comparison) -> bool {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append(IF_NONE_MATCH, HeaderValue::from_bytes(line).unwrap());
        }
        let ours = HeaderValue::from_static("\"abc\"");
        any_matches(headers.get_all(IF_NONE_MATCH), &ours, comparison)
    }

    #[test]
    fn strong_etag_is_quoted_sha256_hex() {
        let tag = strong_etag(b"");
        assert_eq!(
            tag,
            "\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\""
        );
    }

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
