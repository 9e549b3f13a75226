//! Conditional requests: which validators a request carries, and the decision RFC 9110
//! §13.2.2 prescribes for a GET or HEAD from them and the representation's validators (the
//! public card, the AI Catalog and the extended card's REST answer are all decided here).

use std::time::SystemTime;

use http::header::{
    ACCEPT_ENCODING, IF_MATCH, IF_MODIFIED_SINCE, IF_NONE_MATCH, IF_UNMODIFIED_SINCE,
};
use http::{HeaderMap, HeaderName, HeaderValue};

use super::entity_tag::{Comparison, any_matches};
use super::http_date;

/// What to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    /// 200 with the representation.
    Serve,
    /// 304: the client's copy is current.
    NotModified,
    /// 412: a precondition the client set is false.
    PreconditionFailed,
}

/// Which of the request headers that can change a card answer are present: a content coding
/// asked for, or a precondition. Found in one pass over the request's header names, because
/// most card requests carry none of them and one lookup per name would hash each name again
/// (this runs for every card request).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct VaryingHeaders {
    /// `Accept-Encoding` is present.
    pub(crate) coding: bool,
    /// `If-Match`, `If-None-Match`, `If-Modified-Since` or `If-Unmodified-Since` is present.
    pub(crate) preconditions: bool,
}

impl VaryingHeaders {
    pub(crate) fn of(headers: &HeaderMap) -> Self {
        let mut asks = VaryingHeaders::default();
        for name in headers.keys() {
            if name == ACCEPT_ENCODING {
                asks.coding = true;
            } else if name == IF_MATCH
                || name == IF_NONE_MATCH
                || name == IF_MODIFIED_SINCE
                || name == IF_UNMODIFIED_SINCE
            {
                asks.preconditions = true;
            }
        }
        asks
    }
}

/// Evaluates the preconditions of a GET or HEAD in the order of RFC 9110 §13.2.2. Invalid
/// dates and malformed tags never fail the request: a date that does not parse is ignored,
/// a tag that does not parse matches nothing. `asks` is [`VaryingHeaders::of`] these headers.
pub(crate) fn evaluate(
    headers: &HeaderMap,
    asks: VaryingHeaders,
    etag: &HeaderValue,
    last_modified: Option<SystemTime>,
) -> Decision {
    if !asks.preconditions {
        return Decision::Serve;
    }
    // Step 1 / 2: If-Match, else If-Unmodified-Since.
    if headers.contains_key(IF_MATCH) {
        if !any_matches(headers.get_all(IF_MATCH), etag, Comparison::Strong) {
            return Decision::PreconditionFailed;
        }
    } else if let (Some(since), Some(modified)) =
        (single_date(headers, IF_UNMODIFIED_SINCE), last_modified)
    {
        if modified > since {
            return Decision::PreconditionFailed;
        }
    }
    // Step 3 / 4: If-None-Match, else If-Modified-Since (GET and HEAD only, which is all
    // that reaches here).
    if headers.contains_key(IF_NONE_MATCH) {
        if any_matches(headers.get_all(IF_NONE_MATCH), etag, Comparison::Weak) {
            return Decision::NotModified;
        }
    } else if let (Some(since), Some(modified)) =
        (single_date(headers, IF_MODIFIED_SINCE), last_modified)
    {
        if modified <= since {
            return Decision::NotModified;
        }
    }
    Decision::Serve
}

/// The date of a header that appears exactly once and parses as an HTTP-date in any of the
/// three formats (IMF-fixdate, RFC 850, asctime; before 1970 too). Several lines or a bad
/// date: ignored, as RFC 9110 §13.1.3-4 require.
pub(crate) fn single_date(headers: &HeaderMap, name: HeaderName) -> Option<SystemTime> {
    let mut lines = headers.get_all(name).iter();
    let line = lines.next()?;
    if lines.next().is_some() {
        return None;
    }
    http_date::parse(line.to_str().ok()?, SystemTime::now())
}

/// Rounds down to whole seconds: HTTP dates have no fractions, and a fractional
/// Last-Modified would never compare equal to the date a client echoes back.
pub(crate) fn whole_seconds(time: SystemTime) -> SystemTime {
    httpdate::HttpDate::from(time).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const TAG: &str = "\"abc\"";

    fn decide(pairs: &[(&str, &str)], modified: Option<u64>) -> Decision {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(
                HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
        }
        let modified = modified.map(|s| SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        evaluate(
            &headers,
            VaryingHeaders::of(&headers),
            &HeaderValue::from_static(TAG),
            modified,
        )
    }

    #[test]
    fn asks_names_the_coding_and_precondition_headers_present() {
        let asks = |names: &[&str]| {
            let mut headers = HeaderMap::new();
            for name in names {
                let name = HeaderName::from_bytes(name.as_bytes()).unwrap();
                headers.append(name, HeaderValue::from_static("x"));
            }
            VaryingHeaders::of(&headers)
        };
        let none = VaryingHeaders::default();
        assert_eq!(asks(&[]), none);
        assert_eq!(asks(&["host", "user-agent", "x-if-match", "accept"]), none);
        assert!(asks(&["host", "Accept-Encoding"]).coding);
        assert!(!asks(&["accept-encoding"]).preconditions);
        for precondition in [
            "if-match",
            "if-none-match",
            "if-modified-since",
            "if-unmodified-since",
        ] {
            let found = asks(&["host", precondition]);
            assert!(found.preconditions && !found.coding, "{precondition}");
        }
        let both = asks(&["if-none-match", "accept-encoding"]);
        assert!(both.preconditions && both.coding);
    }

    // 784111777 = Sun, 06 Nov 1994 08:49:37 GMT
    const T: Option<u64> = Some(784_111_777);

    #[test]
    fn order_of_rfc_9110() {
        use Decision::*;
        assert_eq!(decide(&[], T), Serve);
        assert_eq!(decide(&[("if-match", "\"x\"")], T), PreconditionFailed);
        // If-Match wins over If-Unmodified-Since, which is then ignored.
        assert_eq!(
            decide(
                &[
                    ("if-match", TAG),
                    ("if-unmodified-since", "Sat, 01 Jan 1994 00:00:00 GMT")
                ],
                T
            ),
            Serve
        );
        assert_eq!(
            decide(
                &[("if-unmodified-since", "Sat, 01 Jan 1994 00:00:00 GMT")],
                T
            ),
            PreconditionFailed
        );
        // If-None-Match present: If-Modified-Since is not consulted.
        assert_eq!(
            decide(
                &[
                    ("if-none-match", "\"x\""),
                    ("if-modified-since", "Sun, 06 Nov 1994 08:49:37 GMT")
                ],
                T
            ),
            Serve
        );
        assert_eq!(
            decide(
                &[("if-modified-since", "Sunday, 06-Nov-94 08:49:37 GMT")],
                T
            ),
            NotModified
        );
        assert_eq!(
            decide(&[("if-modified-since", "Sun Nov  6 08:49:37 1994")], T),
            NotModified
        );
        assert_eq!(
            decide(&[("if-modified-since", "Sun, 06 Nov 1994 08:49:36 GMT")], T),
            Serve
        );
        assert_eq!(decide(&[("if-modified-since", "yesterday")], T), Serve);
        assert_eq!(
            decide(
                &[("if-modified-since", "Sun, 06 Nov 1994 08:49:37 GMT")],
                None
            ),
            Serve
        );
        assert_eq!(
            decide(
                &[
                    ("if-modified-since", "Sun, 06 Nov 1994 08:49:37 GMT"),
                    ("if-modified-since", "Sun, 06 Nov 1994 08:49:37 GMT")
                ],
                T
            ),
            Serve
        );
    }

    /// Found by tests/properties.rs: a valid date before 1970 was ignored, so a card modified
    /// since then was served instead of failing the precondition.
    #[test]
    fn if_unmodified_since_before_1970_fails_the_precondition() {
        use Decision::*;
        for date in ["Wed, 31 Dec 1969 23:59:59 GMT", "Wed Dec 31 23:59:59 1969"] {
            assert_eq!(
                decide(&[("if-unmodified-since", date)], Some(0)),
                PreconditionFailed
            );
            assert_eq!(decide(&[("if-modified-since", date)], Some(0)), Serve);
        }
    }

    #[test]
    fn whole_seconds_drops_the_fraction() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_millis(1_500);
        assert_eq!(
            whole_seconds(t),
            SystemTime::UNIX_EPOCH + Duration::from_secs(1)
        );
    }

    #[test]
    fn dates_equal_to_last_modified_and_either_side() {
        use Decision::*;
        let before = "Sun, 06 Nov 1994 08:49:36 GMT";
        let equal = "Sun, 06 Nov 1994 08:49:37 GMT";
        let after = "Sun, 06 Nov 1994 08:49:38 GMT";
        // If-Unmodified-Since: fails only when the card changed after the date.
        assert_eq!(
            decide(&[("if-unmodified-since", before)], T),
            PreconditionFailed
        );
        assert_eq!(decide(&[("if-unmodified-since", equal)], T), Serve);
        assert_eq!(decide(&[("if-unmodified-since", after)], T), Serve);
        assert_eq!(decide(&[("if-unmodified-since", before)], None), Serve);
        assert_eq!(
            decide(
                &[
                    ("if-unmodified-since", before),
                    ("if-unmodified-since", before)
                ],
                T
            ),
            Serve
        );
        // If-Modified-Since: not modified unless the card changed after the date.
        assert_eq!(decide(&[("if-modified-since", before)], T), Serve);
        assert_eq!(decide(&[("if-modified-since", equal)], T), NotModified);
        assert_eq!(decide(&[("if-modified-since", after)], T), NotModified);
        // If-Unmodified-Since passing, then If-Modified-Since decides.
        assert_eq!(
            decide(
                &[("if-unmodified-since", after), ("if-modified-since", after)],
                T
            ),
            NotModified
        );
        assert_eq!(
            decide(
                &[
                    ("if-unmodified-since", before),
                    ("if-modified-since", after)
                ],
                T
            ),
            PreconditionFailed
        );
    }

    #[test]
    fn entity_tags_decide_before_dates() {
        use Decision::*;
        let equal = "Sun, 06 Nov 1994 08:49:37 GMT";
        let long_ago = "Sat, 01 Jan 1994 00:00:00 GMT";
        assert_eq!(decide(&[("if-none-match", TAG)], T), NotModified);
        assert_eq!(decide(&[("if-none-match", "W/\"abc\"")], T), NotModified);
        assert_eq!(
            decide(&[("if-none-match", "\"x\", \"abc\"")], T),
            NotModified
        );
        assert_eq!(decide(&[("if-none-match", "*")], T), NotModified);
        assert_eq!(decide(&[("if-none-match", "\"x\"")], None), Serve);
        // A matching If-None-Match wins over an If-Modified-Since that would serve.
        assert_eq!(
            decide(
                &[("if-none-match", TAG), ("if-modified-since", long_ago)],
                T
            ),
            NotModified
        );
        // If-Match is strong: a weak tag never matches, and a failed If-Match wins.
        assert_eq!(decide(&[("if-match", "W/\"abc\"")], T), PreconditionFailed);
        assert_eq!(decide(&[("if-match", TAG)], T), Serve);
        assert_eq!(decide(&[("if-match", "*")], T), Serve);
        assert_eq!(
            decide(&[("if-match", "\"x\""), ("if-none-match", "\"x\"")], T),
            PreconditionFailed
        );
        assert_eq!(
            decide(&[("if-match", TAG), ("if-none-match", TAG)], T),
            NotModified
        );
        assert_eq!(
            decide(&[("if-match", "\"x\""), ("if-modified-since", equal)], T),
            PreconditionFailed
        );
    }

    #[test]
    fn preconditions_are_read_only_when_asks_says_so() {
        let mut headers = HeaderMap::new();
        headers.insert(IF_MATCH, HeaderValue::from_static("\"x\""));
        let tag = HeaderValue::from_static(TAG);
        assert_eq!(
            evaluate(&headers, VaryingHeaders::default(), &tag, None),
            Decision::Serve
        );
        assert_eq!(
            evaluate(&headers, VaryingHeaders::of(&headers), &tag, None),
            Decision::PreconditionFailed
        );
    }

    #[test]
    fn single_date_needs_one_parseable_line() {
        let mut headers = HeaderMap::new();
        assert_eq!(single_date(&headers, IF_MODIFIED_SINCE), None);
        headers.append(
            IF_MODIFIED_SINCE,
            HeaderValue::from_static("Sun, 06 Nov 1994 08:49:37 GMT"),
        );
        assert_eq!(
            single_date(&headers, IF_MODIFIED_SINCE),
            Some(SystemTime::UNIX_EPOCH + Duration::from_secs(784_111_777))
        );
        assert_eq!(single_date(&headers, IF_UNMODIFIED_SINCE), None);
        headers.append(
            IF_MODIFIED_SINCE,
            HeaderValue::from_static("Sun, 06 Nov 1994 08:49:37 GMT"),
        );
        assert_eq!(single_date(&headers, IF_MODIFIED_SINCE), None);
        let mut bad = HeaderMap::new();
        bad.insert(IF_MODIFIED_SINCE, HeaderValue::from_bytes(b"\xff").unwrap());
        assert_eq!(single_date(&bad, IF_MODIFIED_SINCE), None);
    }
}
