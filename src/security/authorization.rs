//! Reading the `Authorization` header for one scheme (`Basic`, `Bearer`).

use http::request::Parts;

/// What the request's `Authorization` header holds for a scheme.
pub(crate) enum Authorization<'a> {
    /// No header, or a header for another scheme.
    Missing,
    /// More than one `Authorization` line: ambiguous, so refused.
    Several,
    /// The credentials after `<scheme> `.
    Credentials(&'a str),
    /// A header that is not text: a credential was sent and cannot be used.
    Unreadable,
}

/// The credentials for `scheme` (compared case-insensitively, RFC 9110 §11.1).
pub(crate) fn authorization<'a>(request: &'a Parts, scheme: &str) -> Authorization<'a> {
    let mut lines = request.headers.get_all(http::header::AUTHORIZATION).iter();
    let Some(line) = lines.next() else {
        return Authorization::Missing;
    };
    if lines.next().is_some() {
        return Authorization::Several;
    }
    let Ok(line) = line.to_str() else {
        return Authorization::Unreadable;
    };
    match line.trim().split_once(' ') {
        Some((name, credentials)) if name.eq_ignore_ascii_case(scheme) => {
            Authorization::Credentials(credentials.trim())
        }
        _ => Authorization::Missing,
    }
}
