//! The public origin a request came through, believed only from trusted proxies and only for
//! origins on an allowlist: which prebuilt variant of a card a request gets.

mod cidr;
mod claims;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use http::{Extensions, HeaderMap};

use super::public_url::PublicUrl;
use cidr::Cidr;
pub use cidr::ProxyWarning;
use claims::ProxyClaims;

/// Which forwarding headers of a trusted proxy are believed: the family the proxy sets (and
/// so replaces whatever a client sent). A header of the other family passes through most
/// proxies untouched, as the client wrote it; believing it would let any client choose the
/// variant. The default is [`XForwarded`](Self::XForwarded), what nginx, HAProxy, Envoy,
/// Traefik and the cloud load balancers set.
///
/// ```
/// use a2a_card::serve::{ProxyHeaders, TrustedProxies};
/// assert_eq!(ProxyHeaders::default(), ProxyHeaders::XForwarded);
/// assert_eq!("forwarded".parse::<ProxyHeaders>(), Ok(ProxyHeaders::Forwarded));
/// let proxies = TrustedProxies::new().proxy("10.0.0.0/8")?.headers(ProxyHeaders::Forwarded);
/// # let _ = proxies;
/// # Ok::<(), a2a_card::serve::InvalidProxyError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProxyHeaders {
    /// `Forwarded` (RFC 7239) only: its `proto` and `host`. It has no path prefix, so only
    /// origins without one can be named.
    Forwarded,
    /// `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Forwarded-Prefix` only.
    #[default]
    XForwarded,
    /// Both, `Forwarded` first: only for a proxy that sets or clears all four headers.
    Both,
}

impl ProxyHeaders {
    /// The request headers that choose a variant, named in `Vary` by every card response.
    pub(crate) fn vary_names(self) -> &'static str {
        match self {
            ProxyHeaders::Forwarded => "Forwarded",
            ProxyHeaders::XForwarded => "X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix",
            ProxyHeaders::Both => {
                "Forwarded, X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix"
            }
        }
    }
}

/// A name that is not one of `forwarded`, `x-forwarded`, `both`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a proxy header family: expected forwarded, x-forwarded or both")]
pub struct InvalidProxyHeadersError(String);

impl std::str::FromStr for ProxyHeaders {
    type Err = InvalidProxyHeadersError;

    /// `forwarded`, `x-forwarded` or `both`, in any case.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name.to_ascii_lowercase().as_str() {
            "forwarded" => Ok(ProxyHeaders::Forwarded),
            "x-forwarded" => Ok(ProxyHeaders::XForwarded),
            "both" => Ok(ProxyHeaders::Both),
            _ => Err(InvalidProxyHeadersError(name.to_owned())),
        }
    }
}

/// How a layer finds the address of the peer a request came from.
type PeerOf = dyn Fn(&Extensions) -> Option<IpAddr> + Send + Sync;

/// The proxies whose forwarding headers (`X-Forwarded-Proto` / `-Host` / `-Prefix`, or
/// `Forwarded` of RFC 7239, or both: [`headers`](Self::headers)) a layer believes, and the
/// public origins it serves a variant for.
///
/// Each allowed origin gets its own prebuilt variant of every card (the card
/// [rebased](PublicUrl) onto it: its own bytes and ETag, built when the card is built or
/// swapped, never per request). A request gets an origin's variant only when both hold: the
/// peer it came from (the TCP connection's address) is a trusted proxy, and what that proxy
/// says the public scheme, host and path prefix were is exactly an allowed origin. Any other
/// request (from any other peer, naming an unlisted host, or saying nothing) gets the default
/// variant, byte for byte, so no header a client can send changes what a shared cache stores.
/// Every card response names the headers in `Vary`.
///
/// The peer address comes from the request's extensions: a [`SocketAddr`] by default (what
/// `a2a_card_server::Server` inserts with `peer_addresses(true)`), or what
/// [`peer_address`](Self::peer_address) reads (axum's `ConnectInfo<SocketAddr>`, say). A
/// request without one is not from a trusted proxy.
///
/// Only the believed family is read ([`ProxyHeaders`], `X-Forwarded-*` by default); the
/// proxy must set those headers itself, replacing a client's. Of a `Forwarded` header the
/// last element is read (the one the nearest proxy wrote), and with both families believed it
/// wins over the `X-Forwarded-*` headers; a `Forwarded` header that is not RFC 7239 (a pair
/// without `=`, a parameter twice in one element, an unclosed quote) is not believed at all.
/// Of an `X-Forwarded-*` header the last line's last member is read. `X-Forwarded-Prefix` (or
/// the path of nothing) is the path prefix; a missing `proto` or host makes the request's own
/// apply (`http`, `Host`).
///
/// ```
/// use a2a_card::serve::{PublicUrl, TrustedProxies};
/// let proxies = TrustedProxies::new()
///     .proxy("10.0.0.0/8")?
///     .proxy("192.0.2.7")?
///     .origin(PublicUrl::parse("https://agents.example.com/billing")?)
///     .origin(PublicUrl::parse("https://billing.example.org")?);
/// # let _ = proxies;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct TrustedProxies {
    proxies: Vec<Cidr>,
    pub(crate) origins: Vec<PublicUrl>,
    pub(crate) family: ProxyHeaders,
    peer: Arc<PeerOf>,
    /// What the blocks as written probably did not mean.
    block_warnings: Vec<ProxyWarning>,
}

impl std::fmt::Debug for TrustedProxies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TrustedProxies")
            .field("proxies", &self.proxies)
            .field("origins", &self.origins)
            .field("family", &self.family)
            .finish_non_exhaustive()
    }
}

impl Default for TrustedProxies {
    fn default() -> Self {
        Self::new()
    }
}

/// A proxy address that is not an IP address or a CIDR block.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or a CIDR block such as \"10.0.0.0/8\" or \"fd00::/8\"")]
pub struct InvalidProxyError(String);

impl TrustedProxies {
    /// No proxy trusted and no origin allowed yet: every request gets the default variant.
    ///
    /// ```
    /// let proxies = a2a_card::serve::TrustedProxies::new();
    /// assert_eq!(format!("{proxies:?}"), "TrustedProxies { proxies: [], origins: [], family: XForwarded, .. }");
    /// ```
    pub fn new() -> Self {
        TrustedProxies {
            proxies: Vec::new(),
            origins: Vec::new(),
            family: ProxyHeaders::default(),
            block_warnings: Vec::new(),
            peer: Arc::new(|extensions: &Extensions| {
                extensions.get::<SocketAddr>().map(SocketAddr::ip)
            }),
        }
    }

    /// Trusts the peers in `block`: an address (`10.1.2.3`, `::1`) or a CIDR block
    /// (`10.0.0.0/8`, `fd00::/8`). An IPv4 peer carried in IPv6 (`::ffff:10.1.2.3`) is
    /// matched as the IPv4 address, so `10.0.0.0/8` holds `::ffff:10.1.2.3` (a dual-stack
    /// listener sees IPv4 proxies so); an IPv4-mapped block (`::ffff:10.0.0.0/104`) is the
    /// IPv4 block. An IPv4 block holds no other IPv6 peer.
    ///
    /// A block with host bits set (`10.0.0.1/8`) or of every address (`0.0.0.0/0`) is taken,
    /// and reported by [`warnings`](Self::warnings).
    ///
    /// ```
    /// let proxies = a2a_card::serve::TrustedProxies::new().proxy("172.16.0.0/12")?;
    /// assert!(proxies.warnings().is_empty());
    /// assert!(a2a_card::serve::TrustedProxies::new().proxy("10.0.0.0/33").is_err());
    /// # Ok::<(), a2a_card::serve::InvalidProxyError>(())
    /// ```
    pub fn proxy(mut self, block: &str) -> Result<Self, InvalidProxyError> {
        let cidr = Cidr::parse(block).ok_or_else(|| InvalidProxyError(block.to_owned()))?;
        self.block_warnings.extend(cidr.warning(block));
        self.proxies.push(cidr);
        Ok(self)
    }

    /// Which forwarding headers are believed (see [`ProxyHeaders`]); `X-Forwarded-*` unless
    /// set. Choose the family the proxies set; the other passes through them as a client sent
    /// it.
    ///
    /// ```
    /// use a2a_card::serve::{ProxyHeaders, TrustedProxies};
    /// let proxies = TrustedProxies::new().proxy("10.0.0.0/8")?.headers(ProxyHeaders::Both);
    /// assert!(format!("{proxies:?}").contains("family: Both"));
    /// # Ok::<(), a2a_card::serve::InvalidProxyError>(())
    /// ```
    pub fn headers(mut self, family: ProxyHeaders) -> Self {
        self.family = family;
        self
    }

    /// What these settings say that is probably not meant: a block with host bits set, a
    /// block of every address, an origin with a path prefix when only `Forwarded` (which
    /// cannot carry one) is believed. Nothing is refused for these; show them to whoever
    /// configured the proxies.
    ///
    /// ```
    /// use a2a_card::serve::{ProxyHeaders, PublicUrl, TrustedProxies};
    /// let proxies = TrustedProxies::new()
    ///     .proxy("2001:db8::1/32")?
    ///     .origin(PublicUrl::parse("https://agents.example.com/billing")?)
    ///     .headers(ProxyHeaders::Forwarded);
    /// for warning in proxies.warnings() {
    ///     eprintln!("warning: {warning}");
    /// }
    /// assert_eq!(proxies.warnings().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn warnings(&self) -> Vec<ProxyWarning> {
        let mut warnings = self.block_warnings.clone();
        if self.family == ProxyHeaders::Forwarded {
            let prefixed = self.origins.iter().filter(|o| !o.parts().2.is_empty());
            warnings.extend(prefixed.map(|origin| ProxyWarning::PrefixNeverForwarded {
                origin: origin.to_string(),
            }));
        }
        warnings
    }

    /// Allows a public origin (scheme, host, port and path prefix): requests a trusted proxy
    /// forwarded for it get a variant of every card rebased onto it.
    ///
    /// ```
    /// use a2a_card::serve::{PublicUrl, TrustedProxies};
    /// let proxies = TrustedProxies::new().origin(PublicUrl::parse("https://agents.example.com")?);
    /// # let _ = proxies;
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn origin(mut self, origin: PublicUrl) -> Self {
        self.origins.push(origin);
        self
    }

    /// Where the peer address is in a request's extensions; by default a [`SocketAddr`]. With
    /// axum, `|e| e.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())`.
    ///
    /// ```
    /// use std::net::IpAddr;
    /// use a2a_card::serve::{AgentCardLayer, PublicUrl, TrustedProxies};
    /// use http_body_util::BodyExt;
    /// use tower::{Layer, ServiceExt};
    ///
    /// /// Where this server's connection code puts the peer's address.
    /// #[derive(Clone)]
    /// struct Peer(IpAddr);
    ///
    /// # let mut card = a2a_card::__doctest::example_card();
    /// card.supported_interfaces[0].url = "http://0.0.0.0:8000/a2a/v1".into();
    /// let proxies = TrustedProxies::new()
    ///     .proxy("10.0.0.0/8")?
    ///     .origin(PublicUrl::parse("https://agents.example.com")?)
    ///     .peer_address(|e: &http::Extensions| e.get::<Peer>().map(|p| p.0));
    /// let app = AgentCardLayer::builder(card).trusted_proxies(proxies).build()?.layer(
    ///     tower::service_fn(|_req: http::Request<String>| async {
    ///         Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
    ///     }),
    /// );
    /// let card_from = |peer: &str| -> Result<String, Box<dyn std::error::Error>> {
    ///     let mut request = http::Request::get("/.well-known/agent-card.json")
    ///         .header("x-forwarded-proto", "https")
    ///         .header("x-forwarded-host", "agents.example.com")
    ///         .body(String::new())?;
    ///     request.extensions_mut().insert(Peer(peer.parse()?));
    ///     let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    ///     let body = runtime.block_on(async {
    ///         let response = app.clone().oneshot(request).await?;
    ///         response.into_body().collect().await
    ///     })?;
    ///     Ok(String::from_utf8(body.to_bytes().to_vec())?)
    /// };
    /// // A trusted proxy, found where `peer_address` looks: the card rebased onto the origin.
    /// assert!(card_from("10.1.2.3")?.contains("https://agents.example.com/a2a/v1"));
    /// // Any other peer: the card as written.
    /// assert!(card_from("192.0.2.1")?.contains("http://0.0.0.0:8000/a2a/v1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn peer_address<F>(mut self, peer: F) -> Self
    where
        F: Fn(&Extensions) -> Option<IpAddr> + Send + Sync + 'static,
    {
        self.peer = Arc::new(peer);
        self
    }

    /// Which allowed origin (its index) a request came through, if it is to be believed.
    pub(crate) fn select(&self, extensions: &Extensions, headers: &HeaderMap) -> Option<usize> {
        let peer = (self.peer)(extensions)?.to_canonical();
        if !self.proxies.iter().any(|block| block.contains(peer)) {
            return None;
        }
        let claims = ProxyClaims::from_headers(headers, self.family)?;
        self.origins.iter().position(|origin| claims.is(origin))
    }
}

#[cfg(test)]
mod tests;
