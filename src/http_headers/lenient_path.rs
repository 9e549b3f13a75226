//! A request path as the most lenient server behind the layer could read it.
//!
//! The layer matches its routes on the path in its one RFC 3986 §6.2.2 spelling (escapes of
//! unreserved characters decoded, see [`canonical_segment`](super::path::canonical_segment)): `/%72pc` is
//! `/rpc`. Other spellings are other URIs by the RFC, yet servers differ in what they make
//! of them: Starlette decodes every escape (`%2F` too) before routing, some proxies decode
//! twice or resolve `..` after decoding, Java servers drop `;` parameters, IIS reads `\` as
//! `/` and routes without regard to case. A path that such a server could take to an
//! extended-card route must not pass by the layer unchecked, so the layer refuses it (404
//! whoever asks): [`segments`] is that reading, and a route matches it when their segments
//! are equal ignoring ASCII case.

use std::borrow::Cow;

/// `path` with every escape decoded, as far as any server could (see [`fully_decoded`]);
/// borrowed when it has none. Split it with [`segments`].
pub(crate) fn decoded(path: &str) -> Cow<'_, [u8]> {
    if path.contains('%') {
        Cow::Owned(fully_decoded(path.as_bytes()))
    } else {
        Cow::Borrowed(path.as_bytes())
    }
}

/// The segments of a [decoded](decoded) path read as leniently as any server could: `\` a
/// separator like `/`, a `;` and what follows it in a segment dropped, empty and `.`
/// segments dropped, `..` dropping the segment before. A trailing slash leaves no segment,
/// so `/rpc/` reads as `/rpc`.
pub(crate) fn segments(decoded: &[u8]) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = Vec::new();
    for segment in decoded.split(|&b| b == b'/' || b == b'\\') {
        let segment = match segment.iter().position(|&b| b == b';') {
            Some(semicolon) => &segment[..semicolon],
            None => segment,
        };
        match segment {
            b"" | b"." => {}
            b".." => {
                out.pop();
            }
            _ => out.push(segment),
        }
    }
    out
}

/// Whether `read` (from [`segments`]) is `expected` (from [`split`]) ignoring ASCII case.
pub(crate) fn same_segments<'a>(
    read: &[&[u8]],
    expected: impl Iterator<Item = &'a str> + Clone,
) -> bool {
    read.len() == expected.clone().count()
        && read
            .iter()
            .zip(expected)
            .all(|(a, b)| a.eq_ignore_ascii_case(b.as_bytes()))
}

/// The non-empty segments of a plain path (`""` and `/` have none).
pub(crate) fn split(path: &str) -> impl Iterator<Item = &str> + Clone {
    path.split('/').filter(|s| !s.is_empty())
}

/// `input` with every `%XX` decoded, and decoded again where a decoded `%` makes a new
/// escape (`%2541` is `%41` is `A`), in one pass: escapes never overlap (a hex digit is not
/// `%`), so decoding the newest one first reaches the same bytes as decoding round after
/// round, without a round per level of encoding.
fn fully_decoded(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for &b in input {
        out.push(b);
        while let [.., b'%', high, low] = out[..] {
            let (Some(high), Some(low)) = (hex(high), hex(low)) else {
                break;
            };
            out.truncate(out.len() - 3);
            out.push(high << 4 | low);
        }
    }
    out
}

fn hex(digit: u8) -> Option<u8> {
    char::from(digit)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &str) -> Vec<String> {
        segments(&decoded(path))
            .iter()
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .collect()
    }

    #[test]
    fn decoding_goes_on_until_no_escape_is_left() {
        assert_eq!(fully_decoded(b"%72pc"), b"rpc");
        assert_eq!(fully_decoded(b"%2572pc"), b"rpc");
        assert_eq!(fully_decoded(b"%252572pc"), b"rpc");
        assert_eq!(fully_decoded(b"%%3732"), b"s2"); // %37 is 7, then %73 is s
        assert_eq!(fully_decoded(b"%2%41"), b"*"); // %41 is A, then %2A is *
        assert_eq!(fully_decoded(b"%c3%A9"), "é".as_bytes());
        for kept in [&b"%"[..], b"%4", b"%zz", b"%4g", b"100%", b""] {
            assert_eq!(fully_decoded(kept), kept);
        }
    }

    #[test]
    fn what_a_lenient_server_could_make_of_a_path() {
        for (path, expected) in [
            ("/rpc", &["rpc"][..]),
            ("/rpc/", &["rpc"]),
            ("//rpc", &["rpc"]),
            ("/%72pc", &["rpc"]),
            ("/a%2Frpc", &["a", "rpc"]),
            ("/a%5crpc", &["a", "rpc"]),
            ("/a\\rpc", &["a", "rpc"]),
            ("/x/../rpc", &["rpc"]),
            ("/x/%2e%2e/rpc", &["rpc"]),
            ("/x/%252e%252E/rpc", &["rpc"]),
            ("/x%2F..%2Frpc", &["rpc"]),
            ("/./rpc", &["rpc"]),
            ("/rpc;jsessionid=1", &["rpc"]),
            ("/rpc%3Bx", &["rpc"]),
            ("/../../rpc", &["rpc"]),
            ("/", &[]),
        ] {
            assert_eq!(read(path), expected, "{path}");
        }
    }

    #[test]
    fn segments_compare_without_case() {
        let expected = split("/a2a/Rest/extendedAgentCard");
        assert!(expected.clone().eq(["a2a", "Rest", "extendedAgentCard"]));
        assert!(same_segments(
            &segments(&decoded("/A2A/rest/EXTENDEDagentcard")),
            expected.clone()
        ));
        assert!(!same_segments(
            &segments(&decoded("/a2a/rest")),
            expected.clone()
        ));
        assert!(!same_segments(
            &segments(&decoded("/a2a/rest/extendedAgentCardx")),
            expected.clone()
        ));
        assert!(!same_segments(
            &segments(&decoded("/b2a/rest/extendedAgentCard")),
            expected.clone()
        ));
        assert_eq!(split("/").count() + split("").count(), 0);
    }
}
