//! Where callers reach the agent from outside, and the rebasing of a card's interface URLs
//! onto it when the card is built or swapped.

use http::Uri;

use crate::AgentCard;

/// The public base URL of an agent behind a proxy, a load balancer, an ingress or a platform
/// URL: `https://agents.example.com/billing`. With it, every interface URL of the cards a
/// layer serves that points at the agent itself is rebased onto it when the card is built or
/// swapped (never per request, so bytes and ETags stay prebuilt and the same on every
/// replica with the same settings): the scheme, host and port become the public ones, and the
/// public path goes before the URL's own path, so `http://0.0.0.0:8000/a2a/v1` becomes
/// `https://agents.example.com/billing/a2a/v1`.
///
/// An interface URL points at the agent itself when its host is a loopback address
/// (`127.0.0.0/8`, `::1`), an unspecified one (`0.0.0.0/8`, `::`), `localhost` (or a name under
/// `.localhost`), or when its origin is one named [internal](Self::internal_origin) (the
/// container's address, the listening origin). Every other URL (another host's, a public one
/// already) is left as written.
///
/// A card that arrives signed and would change is refused
/// ([`BuildError::SignedCardRebased`](super::BuildError::SignedCardRebased)): its signature
/// covers the URLs, and serving it rewritten would serve a card whose signature no longer
/// verifies. Sign after rebasing instead (a layer with a signing key signs the rebased card).
///
/// ```
/// use a2a_card::serve::PublicUrl;
/// let public = PublicUrl::parse("https://agents.example.com/billing")?
///     .internal_origin("http://10.1.2.3:8000")?;
/// let rebased = |url: &str| public.rebase(url);
/// assert_eq!(rebased("http://0.0.0.0:8000/a2a/v1").as_deref(), Some("https://agents.example.com/billing/a2a/v1"));
/// assert_eq!(rebased("http://localhost:8000/rpc?x=1").as_deref(), Some("https://agents.example.com/billing/rpc?x=1"));
/// assert_eq!(rebased("http://10.1.2.3:8000/rpc").as_deref(), Some("https://agents.example.com/billing/rpc"));
/// assert_eq!(rebased("https://elsewhere.example/rpc"), None);
/// # Ok::<(), a2a_card::serve::PublicUrlError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl {
    scheme: String,
    /// `host` or `host:port`, as given (lower-cased host), without a default port.
    authority: String,
    /// `""` or `/segments` without a trailing slash.
    path: String,
    /// Origins that point at the agent itself, as `scheme://host:port` with an explicit port.
    internal: Vec<String>,
    /// Another public URL the agent is known by: URLs under it (its prefix included) are
    /// rebased too, that prefix replaced by this one's.
    previous: Option<Box<PublicUrl>>,
}

/// Why a public URL or an internal origin was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PublicUrlError {
    /// Not an absolute `http` or `https` URL with a host.
    #[error(
        "{0:?} is not an absolute http:// or https:// URL with a host, such as \"https://agents.example.com/billing\""
    )]
    NotAbsolute(String),
    /// A public URL with a query, a fragment or user information: only a scheme, a host, a
    /// port and a path prefix can be the base of interface URLs.
    #[error(
        "{0:?} has a query, a fragment or user information; a public URL is a scheme, a host, an optional port and an optional path prefix"
    )]
    NotABase(String),
    /// An internal origin with a path: an origin is a scheme, a host and a port.
    #[error(
        "internal origin {0:?} has a path; an origin is only a scheme, a host and an optional port, such as \"http://10.0.0.5:8000\""
    )]
    NotAnOrigin(String),
}

impl PublicUrl {
    /// Reads a public base URL: `http` or `https`, a host, an optional port and an optional
    /// path prefix (a trailing `/` is dropped); no query, fragment or user information.
    ///
    /// ```
    /// use a2a_card::serve::PublicUrl;
    /// assert_eq!(PublicUrl::parse("https://Agents.Example.com/billing/")?.to_string(), "https://agents.example.com/billing");
    /// assert!(PublicUrl::parse("agents.example.com").is_err());
    /// assert!(PublicUrl::parse("https://agents.example.com/?q=1").is_err());
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn parse(url: &str) -> Result<Self, PublicUrlError> {
        if url.contains(['#', '?', '@']) {
            return Err(PublicUrlError::NotABase(url.to_owned()));
        }
        let (scheme, authority, path) =
            split(url).ok_or_else(|| PublicUrlError::NotAbsolute(url.to_owned()))?;
        Ok(PublicUrl {
            authority: without_default_port(&scheme, &authority),
            scheme,
            path: path.trim_end_matches('/').to_owned(),
            internal: Vec::new(),
            previous: None,
        })
    }

    /// Also rebases URLs whose origin is `origin` (`http://10.0.0.5:8000`: a container's
    /// address, the origin the server listens on). Loopback and unspecified hosts need not be
    /// named.
    ///
    /// ```
    /// use a2a_card::serve::PublicUrl;
    /// let public = PublicUrl::parse("https://agents.example.com")?.internal_origin("http://agent-svc:8000")?;
    /// assert!(public.rebase("http://agent-svc:8000/rpc").is_some());
    /// assert!(public.rebase("http://agent-svc:8001/rpc").is_none(), "another port is another origin");
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn internal_origin(mut self, origin: &str) -> Result<Self, PublicUrlError> {
        let (scheme, authority, path) =
            split(origin).ok_or_else(|| PublicUrlError::NotAbsolute(origin.to_owned()))?;
        if !path.trim_end_matches('/').is_empty() || origin.contains(['#', '?', '@']) {
            return Err(PublicUrlError::NotAnOrigin(origin.to_owned()));
        }
        self.internal.push(with_port(&scheme, &authority));
        Ok(self)
    }

    /// `url` rebased onto this public URL when it points at the agent itself (see the type's
    /// docs); `None` when it is left as it is (another host, or not an absolute http(s) URL).
    ///
    /// ```
    /// let public = a2a_card::serve::PublicUrl::parse("https://agents.example.com/billing")?;
    /// assert_eq!(public.rebase("http://127.0.0.1:8000/").as_deref(), Some("https://agents.example.com/billing/"));
    /// assert_eq!(public.rebase("http://[::1]/rpc").as_deref(), Some("https://agents.example.com/billing/rpc"));
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn rebase(&self, url: &str) -> Option<String> {
        let uri: Uri = url.parse().ok()?;
        if let Some(rest) = self.previous.as_ref().and_then(|p| p.strip(url)) {
            let rebased = format!("{}://{}{}{rest}", self.scheme, self.authority, self.path);
            return (rebased != url).then_some(rebased);
        }
        let scheme = uri.scheme_str()?.to_ascii_lowercase();
        let authority = uri.authority()?;
        if !matches!(scheme.as_str(), "http" | "https") || authority.as_str().contains('@') {
            return None;
        }
        let host = authority.host().to_ascii_lowercase();
        let own = crate::validate::syntax::host_is_this_machine(&host)
            || self.internal.contains(&with_port(
                &scheme,
                &authority.as_str().to_ascii_lowercase(),
            ));
        if !own {
            return None;
        }
        let path_and_query = uri.path_and_query().map_or("/", |p| p.as_str());
        let rebased = format!(
            "{}://{}{}{path_and_query}",
            self.scheme, self.authority, self.path
        );
        (rebased != url).then_some(rebased)
    }

    /// What follows this base in `url` (`/a2a/v1?x`), when `url` is under it.
    fn strip<'u>(&self, url: &'u str) -> Option<&'u str> {
        let base = self.to_string();
        let rest = url
            .get(..base.len())
            .filter(|head| head.eq_ignore_ascii_case(&base))?;
        let rest = &url[rest.len()..];
        (rest.is_empty() || rest.starts_with(['/', '?'])).then_some(rest)
    }

    /// Rebases every interface URL of `card` that points at the agent itself; the JSON
    /// pointers of those it changed.
    ///
    /// ```
    /// # let mut card = a2a_card::__doctest::example_card();
    /// card.supported_interfaces[0].url = "http://0.0.0.0:8000/a2a/v1".into();
    /// let public = a2a_card::serve::PublicUrl::parse("https://agents.example.com/billing")?;
    /// assert_eq!(public.rebase_card(&mut card), ["/supportedInterfaces/0/url"]);
    /// assert_eq!(card.supported_interfaces[0].url, "https://agents.example.com/billing/a2a/v1");
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn rebase_card(&self, card: &mut AgentCard) -> Vec<String> {
        let mut changed = Vec::new();
        for (i, interface) in card.supported_interfaces.iter_mut().enumerate() {
            if let Some(rebased) = self.rebase(&interface.url) {
                interface.url = rebased;
                changed.push(format!("/supportedInterfaces/{i}/url"));
            }
        }
        changed
    }
}

impl PublicUrl {
    /// Scheme, authority (no default port) and path prefix.
    pub(crate) fn parts(&self) -> (&str, &str, &str) {
        (&self.scheme, &self.authority, &self.path)
    }

    /// This base with `other`'s internal origins added, and `other` itself taken for the
    /// agent's own (a URL already rebased onto it is rebased onto this one, its prefix
    /// replaced).
    pub(crate) fn with_internals_of(mut self, other: &PublicUrl) -> PublicUrl {
        self.internal.extend(other.internal.iter().cloned());
        self.previous = Some(Box::new(other.clone()));
        self
    }
}

impl std::fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}{}", self.scheme, self.authority, self.path)
    }
}

/// `(scheme, authority, path)` of an absolute http(s) URL, scheme and authority lower-cased.
fn split(url: &str) -> Option<(String, String, String)> {
    let uri: Uri = url.parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?.as_str().to_ascii_lowercase();
    if !matches!(scheme.as_str(), "http" | "https") || uri.host()?.is_empty() {
        return None;
    }
    Some((scheme, authority, uri.path().to_owned()))
}

/// The authority with the scheme's default port dropped.
fn without_default_port(scheme: &str, authority: &str) -> String {
    let default = if scheme == "https" { ":443" } else { ":80" };
    authority
        .strip_suffix(default)
        .unwrap_or(authority)
        .to_owned()
}

/// `scheme://host:port` with the port explicit, so `http://a` and `http://a:80` compare equal.
fn with_port(scheme: &str, authority: &str) -> String {
    let has_port = authority.rsplit_once(':').is_some_and(|(host, port)| {
        !port.is_empty() && !host.ends_with('[') && !port.contains(']')
    });
    match has_port {
        true => format!("{scheme}://{authority}"),
        false => {
            let port = if scheme == "https" { 443 } else { 80 };
            format!("{scheme}://{authority}:{port}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public() -> PublicUrl {
        PublicUrl::parse("https://agents.example.com/billing").unwrap()
    }

    #[test]
    fn each_host_of_this_machine_is_rebased_and_its_neighbours_are_not() {
        for own in [
            "http://0.0.0.0:8000/a",
            "http://0.1.2.3/a",
            "http://127.0.0.1/a",
            "http://127.255.255.254:1/a",
            "http://[::1]:8000/a",
            "http://[::]/a",
            "http://[::ffff:127.0.0.1]/a",
            "http://localhost/a",
            "http://LOCALHOST:9/a",
            "http://agent.localhost/a",
            "https://localhost/a",
        ] {
            assert!(public().rebase(own).is_some(), "{own}");
        }
        for other in [
            "http://1.0.0.0/a",
            "http://126.255.255.255/a",
            "http://128.0.0.1/a",
            "http://[::2]/a",
            "http://[::ffff:10.0.0.1]/a",
            "http://localhost.example.com/a",
            "http://notlocalhost/a",
            "http://10.0.0.5:8000/a",
            "https://agents.example.com/billing/a",
            "ftp://localhost/a",
            "/relative/a",
            "http://user@localhost/a",
        ] {
            assert_eq!(public().rebase(other), None, "{other}");
        }
    }

    #[test]
    fn an_internal_origin_matches_its_scheme_host_and_port_only() {
        let public = public().internal_origin("http://agent-svc:8000").unwrap();
        assert!(public.rebase("http://agent-svc:8000/rpc").is_some());
        assert!(public.rebase("http://AGENT-SVC:8000/rpc").is_some());
        assert!(public.rebase("https://agent-svc:8000/rpc").is_none());
        assert!(public.rebase("http://agent-svc:8001/rpc").is_none());
        assert!(public.rebase("http://agent-svc/rpc").is_none());
        let default_port = PublicUrl::parse("https://a.example")
            .unwrap()
            .internal_origin("http://svc")
            .unwrap();
        assert!(default_port.rebase("http://svc:80/x").is_some());
        assert!(default_port.rebase("http://svc/x").is_some());
    }

    #[test]
    fn the_path_query_and_public_prefix_are_kept_in_order() {
        let rebased = |url| public().rebase(url).unwrap();
        assert_eq!(
            rebased("http://localhost:8000/a2a/v1"),
            "https://agents.example.com/billing/a2a/v1"
        );
        assert_eq!(
            rebased("http://localhost:8000"),
            "https://agents.example.com/billing/"
        );
        assert_eq!(
            rebased("http://localhost/x?y=1&z"),
            "https://agents.example.com/billing/x?y=1&z"
        );
        let root = PublicUrl::parse("http://agents.example.com:8443/").unwrap();
        assert_eq!(
            root.rebase("http://127.0.0.1:1/rpc").unwrap(),
            "http://agents.example.com:8443/rpc"
        );
        let default_port = PublicUrl::parse("https://agents.example.com:443").unwrap();
        assert_eq!(default_port.to_string(), "https://agents.example.com");
    }

    #[test]
    fn bases_and_origins_that_are_not_are_refused() {
        for bad in [
            "agents.example.com",
            "/billing",
            "ftp://a.example",
            "https://",
            "https://a.example/x#f",
        ] {
            assert!(PublicUrl::parse(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            PublicUrl::parse("https://u:p@a.example"),
            Err(PublicUrlError::NotABase(_))
        ));
        assert!(matches!(
            public().internal_origin("http://svc:8000/path"),
            Err(PublicUrlError::NotAnOrigin(_))
        ));
        assert!(public().internal_origin("http://svc:8000/").is_ok());
    }
}
