//! Entity tags and lists of them (RFC 9110 §8.8.3, §13.1.1-2), read byte by byte: commas
//! are legal inside a quoted tag, so a list is scanned, not split.

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

/// True when `value` is exactly one entity-tag, `"opaque"` or `W/"opaque"` (what an `ETag`
/// header must hold).
pub(crate) fn is_entity_tag(value: &[u8]) -> bool {
    let (member, rest) = next_member(value);
    matches!(member, Member::Tag { .. }) && rest.is_empty()
}

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
}
