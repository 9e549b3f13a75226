//! Small syntax checks: absolute URLs, media types, protocol version numbers.

use http::Uri;

/// True when `text` is an absolute URL: a scheme, `://`, a non-empty host and, if a port is
/// given, a port number that fits 16 bits. Non-ASCII hosts and paths (IRIs such as
/// `https://例え.jp/docs`) are accepted as browsers accept them.
pub(crate) fn is_absolute_url(text: &str) -> bool {
    if !text.contains("://") || text.chars().any(char::is_whitespace) {
        return false;
    }
    let Ok(uri) = ascii_stand_in(text).parse::<Uri>() else {
        return false;
    };
    let Some(authority) = uri.authority() else {
        return false;
    };
    let host_ok = uri.scheme().is_some() && !authority.host().is_empty();
    // `Uri` accepts any digits after the colon; a port must fit 16 bits.
    let after_host = authority.as_str().rsplit(']').next().unwrap_or("");
    let port_ok = match after_host.rsplit_once(':') {
        Some((_, port)) => port.is_empty() || port.parse::<u16>().is_ok(),
        None => true,
    };
    host_ok && port_ok
}

/// True when a URL's host (IPv6 in brackets or not, any case) names the machine it is used
/// on: `localhost` or a name under `.localhost` (RFC 6761), a loopback address
/// (`127.0.0.0/8`, `::1`) or an unspecified one (`0.0.0.0/8`, "this host" in RFC 1122, and
/// `::`), IPv4 carried in IPv6 read as the IPv4 address. A card that names such a host can be
/// reached only from where the agent runs.
pub(crate) fn host_is_this_machine(host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    match literal
        .parse::<std::net::IpAddr>()
        .map(|ip| ip.to_canonical())
    {
        Ok(std::net::IpAddr::V4(v4)) => v4.is_loopback() || v4.octets()[0] == 0,
        Ok(std::net::IpAddr::V6(v6)) => v6.is_loopback() || v6.is_unspecified(),
        Err(_) => false,
    }
}

/// Stands an ASCII letter in for every non-ASCII character, so IRIs (international hosts
/// and paths) can be checked by the URI parser; the result is only used for the check.
fn ascii_stand_in(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii() { c } else { 'x' })
        .collect()
}

/// True for an RFC 2397 `data:` URL, which is an absolute URL without a host (icons).
pub(crate) fn is_data_url(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() > 5 && bytes[..5].eq_ignore_ascii_case(b"data:") && text.contains(',')
}

/// True when `text` is a URI scheme (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-`
/// or `.`).
pub(crate) fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// True when `text` is a URI naming a custom protocol binding (`scheme:rest`).
pub(crate) fn is_uri(text: &str) -> bool {
    match text.split_once(':') {
        Some((scheme, rest)) => {
            is_scheme(scheme) && !rest.is_empty() && !text.chars().any(char::is_whitespace)
        }
        None => false,
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
        assert!(is_absolute_url("https://例え.jp/docs"));
        assert!(is_absolute_url("https://[::1]:8443/a2a"));
        assert!(!is_absolute_url("https://example.com:99999/"));
        assert!(!is_absolute_url("https://example.com:80a/"));
    }

    #[test]
    fn other_url_forms() {
        assert!(is_data_url("data:image/png;base64,iVBORw0KGgo="));
        assert!(!is_data_url("data:"));
        assert!(!is_data_url("abcdé"));
        assert!(!is_data_url("ʼʼʼʼʼ"));
        assert!(is_uri("https://example.com/bindings/mqtt"));
        assert!(is_uri("urn:example:binding"));
        assert!(!is_uri("REST"));
        assert!(!is_uri("HTTP+JSON"));
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
