//! Small syntax checks: absolute URLs, media types, protocol version numbers.

use http::Uri;

/// True when `text` is an absolute URL: a scheme, `://` and a non-empty host.
pub(crate) fn is_absolute_url(text: &str) -> bool {
    if !text.contains("://") {
        return false;
    }
    match text.parse::<Uri>() {
        Ok(uri) => uri.scheme().is_some() && uri.host().is_some_and(|h| !h.is_empty()),
        Err(_) => false,
    }
}

/// True when `text` is `host:port`, the form gRPC targets often take.
pub(crate) fn is_host_port(text: &str) -> bool {
    let Some((host, port)) = text.rsplit_once(':') else {
        return false;
    };
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'[' | b']' | b':'));
    host_ok && !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit())
}

/// RFC 9110 `token` characters.
fn is_token(text: &str) -> bool {
    !text.is_empty()
        && text.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'!' | b'#'
                        | b'$'
                        | b'%'
                        | b'&'
                        | b'\''
                        | b'*'
                        | b'+'
                        | b'-'
                        | b'.'
                        | b'^'
                        | b'_'
                        | b'`'
                        | b'|'
                        | b'~'
                )
        })
}

/// True when `text` is `type/subtype`, optionally followed by `; parameters`.
pub(crate) fn is_media_type(text: &str) -> bool {
    let essence = text.split(';').next().unwrap_or("").trim();
    match essence.split_once('/') {
        Some((kind, subtype)) => is_token(kind) && is_token(subtype),
        None => false,
    }
}

/// How a protocol version string reads.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum VersionForm {
    /// `Major.Minor`, as the spec writes it.
    MajorMinor,
    /// `Major.Minor.Patch`: accepted with a warning.
    WithPatch,
    /// Anything else.
    Invalid,
}

pub(crate) fn version_form(text: &str) -> VersionForm {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = text.split('.').collect();
    match parts.as_slice() {
        [major, minor] if numeric(major) && numeric(minor) => VersionForm::MajorMinor,
        [major, minor, patch] if numeric(major) && numeric(minor) && numeric(patch) => {
            VersionForm::WithPatch
        }
        _ => VersionForm::Invalid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_urls() {
        assert!(is_absolute_url("https://agent.example.com/a2a/v1"));
        assert!(is_absolute_url("http://localhost:8080"));
        assert!(!is_absolute_url("/a2a/v1"));
        assert!(!is_absolute_url("agent.example.com/a2a"));
        assert!(!is_absolute_url("https://"));
        assert!(!is_absolute_url("https://exa mple.com/"));
        assert!(!is_absolute_url(""));
    }

    #[test]
    fn host_port() {
        assert!(is_host_port("grpc.example.com:443"));
        assert!(is_host_port("127.0.0.1:50051"));
        assert!(!is_host_port("grpc.example.com"));
        assert!(!is_host_port("grpc example:443"));
        assert!(!is_host_port(":443"));
    }

    #[test]
    fn media_types() {
        assert!(is_media_type("text/plain"));
        assert!(is_media_type("application/vnd.geo+json"));
        assert!(is_media_type("text/plain; charset=utf-8"));
        assert!(!is_media_type("text"));
        assert!(!is_media_type("text/"));
        assert!(!is_media_type("/plain"));
        assert!(!is_media_type("text/pl ain"));
    }

    #[test]
    fn versions() {
        assert_eq!(version_form("1.0"), VersionForm::MajorMinor);
        assert_eq!(version_form("0.3"), VersionForm::MajorMinor);
        assert_eq!(version_form("1.0.0"), VersionForm::WithPatch);
        assert_eq!(version_form("v1"), VersionForm::Invalid);
        assert_eq!(version_form("1"), VersionForm::Invalid);
        assert_eq!(version_form("1.0-beta"), VersionForm::Invalid);
        assert_eq!(version_form(""), VersionForm::Invalid);
    }
}
