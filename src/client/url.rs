//! URLs the client accepts, redirect targets, and origins.

use std::net::IpAddr;

use http::Uri;

use super::ClientError;

/// An absolute http(s) URL with a host and no `user:password@` part, or why not.
///
/// ```
/// use a2a_card::client::parse_http_url;
/// assert!(parse_http_url("https://agent.example.com/.well-known/agent-card.json").is_ok());
/// assert!(parse_http_url("ftp://agent.example.com/").is_err());
/// assert!(parse_http_url("https://user:secret@agent.example.com/").is_err());
/// ```
pub fn parse_http_url(url: &str) -> Result<Uri, ClientError> {
    let not_http = || ClientError::NotHttpUrl(url.to_owned());
    let uri: Uri = url.trim().parse().map_err(|_| not_http())?;
    let scheme_ok = matches!(uri.scheme_str(), Some("http" | "https"));
    if !scheme_ok || uri.host().is_none_or(str::is_empty) {
        return Err(not_http());
    }
    // A user:password@ part would end up in every message and in the Host header; it is
    // refused without repeating the URL.
    if uri.authority().is_some_and(|a| a.as_str().contains('@')) {
        return Err(ClientError::UserInfo);
    }
    Ok(uri)
}

/// Scheme, host and port (the default port filled in, scheme and host lowercased): what
/// decides whether credentials may go somewhere or follow a redirect.
///
/// ```
/// use a2a_card::client::Origin;
/// let at = |u: &str| Origin::of(&u.parse().unwrap());
/// assert_eq!(at("https://A.example/x"), at("https://a.example:443/y"));
/// assert_ne!(at("https://a.example/"), at("http://a.example/"));
/// assert!(at("http://[::1]:8080/").is_loopback());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    scheme: String,
    host: String,
    port: u16,
}

impl Origin {
    /// The origin of `uri` (`https` when it has no scheme).
    pub fn of(uri: &Uri) -> Origin {
        let scheme = uri.scheme_str().unwrap_or("https").to_ascii_lowercase();
        let port = uri
            .port_u16()
            .unwrap_or(if scheme == "http" { 80 } else { 443 });
        let host = uri.host().unwrap_or_default().to_ascii_lowercase();
        Origin { scheme, host, port }
    }

    /// True for plain `http`.
    pub fn is_plain_http(&self) -> bool {
        self.scheme == "http"
    }

    /// True when the host is `localhost` or a loopback address (127.0.0.0/8, `::1`).
    pub fn is_loopback(&self) -> bool {
        let host = self.host.trim_start_matches('[').trim_end_matches(']');
        host == "localhost" || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }
}

/// The target of a redirect: an absolute URL, or a reference resolved against the current
/// URL (RFC 9110 §10.2.2 allows relative references; card servers send absolute paths in
/// practice).
pub(super) fn resolve(base: &Uri, location: &str) -> Option<Uri> {
    if let Ok(absolute) = parse_http_url(location) {
        return Some(absolute);
    }
    let scheme = base.scheme_str()?;
    // A network-path reference (`//host/path`) keeps only the scheme.
    if location.starts_with("//") {
        return parse_http_url(&format!("{scheme}:{location}")).ok();
    }
    let authority = base.authority()?;
    let path = if location.starts_with('/') {
        location.to_owned()
    } else {
        // Relative to the directory of the current path.
        let current = base.path();
        let dir = &current[..current.rfind('/').map_or(0, |i| i + 1)];
        format!("{dir}{location}")
    };
    format!("{scheme}://{authority}{path}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_absolute_http_urls_are_fetched() {
        assert!(parse_http_url("https://agent.example.com").is_ok());
        assert!(parse_http_url("http://127.0.0.1:8080/x").is_ok());
        for bad in [
            "ftp://a.example/",
            "agent.example.com",
            "/path",
            "",
            "http://",
            "https://user:secret@a.example/",
        ] {
            assert!(parse_http_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn redirects_resolve_against_the_current_url() {
        let base: Uri = "http://a.example:8080/.well-known/agent.json"
            .parse()
            .unwrap();
        let at = |l: &str| resolve(&base, l).map(|u| u.to_string());
        assert_eq!(
            at("/.well-known/agent-card.json").as_deref(),
            Some("http://a.example:8080/.well-known/agent-card.json")
        );
        assert_eq!(
            at("agent-card.json").as_deref(),
            Some("http://a.example:8080/.well-known/agent-card.json")
        );
        assert_eq!(
            at("https://b.example/c").as_deref(),
            Some("https://b.example/c")
        );
        assert_eq!(at("//b.example/c").as_deref(), Some("http://b.example/c"));
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        let at = |u: &str| Origin::of(&u.parse().unwrap());
        assert_eq!(at("https://a.example/x"), at("https://a.example/y?z"));
        assert_ne!(at("https://a.example/x"), at("http://a.example/x"));
        assert_ne!(at("https://a.example/x"), at("https://b.example/x"));
        assert_ne!(at("https://a.example/x"), at("https://a.example:8443/x"));
        assert!(at("http://localhost:1/").is_loopback());
        assert!(at("http://127.0.0.2/").is_loopback());
        assert!(!at("http://a.example/").is_loopback());
    }
}
