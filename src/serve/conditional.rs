//! The decision RFC 9110 §13.2.2 prescribes for a GET or HEAD of the card, from the request's
//! precondition headers and the representation's validators.

use std::time::SystemTime;

use http::header::{IF_MATCH, IF_MODIFIED_SINCE, IF_NONE_MATCH, IF_UNMODIFIED_SINCE};
use http::{HeaderMap, HeaderName, HeaderValue};

use super::etag::{any_matches, Comparison};
use crate::http_headers::http_date;

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

/// Evaluates the preconditions of a GET or HEAD in the order of RFC 9110 §13.2.2. Invalid
/// dates and malformed tags never fail the request: a date that does not parse is ignored,
/// a tag that does not parse matches nothing.
pub(crate) fn evaluate(
    headers: &HeaderMap,
    etag: &HeaderValue,
    last_modified: Option<SystemTime>,
) -> Decision {
    // Most requests carry no precondition: one pass over the names present is cheaper than
    // the four lookups below (this runs for every card request).
    let precondition = |name: &HeaderName| {
        name == IF_MATCH
            || name == IF_NONE_MATCH
            || name == IF_MODIFIED_SINCE
            || name == IF_UNMODIFIED_SINCE
    };
    if !headers.keys().any(precondition) {
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
        evaluate(&headers, &HeaderValue::from_static(TAG), modified)
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
}
