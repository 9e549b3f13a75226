//! The public origin a request came through, believed only from trusted proxies and only for
//! origins on an allowlist: which prebuilt variant of a card a request gets.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use http::{Extensions, HeaderMap, HeaderValue};

use super::public_url::PublicUrl;

/// The request headers that choose a variant, named in `Vary` by every card response of a
/// layer with [`TrustedProxies`].
pub(crate) const VARY_NAMES: &str =
    "Forwarded, X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix";

/// How a layer finds the address of the peer a request came from.
type PeerOf = dyn Fn(&Extensions) -> Option<IpAddr> + Send + Sync;

/// The proxies whose `Forwarded` (RFC 7239) and `X-Forwarded-Proto` / `-Host` / `-Prefix`
/// headers a layer believes, and the public origins it serves a variant for.
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
/// Of a `Forwarded` header the last element is read (the one the nearest proxy wrote), and
/// it wins over the `X-Forwarded-*` headers; of an `X-Forwarded-*` header with a list, the last
/// member. `X-Forwarded-Prefix` (or the path of nothing) is the path prefix; a missing
/// `proto` or host makes the request's own apply (`http`, `Host`).
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
    peer: Arc<PeerOf>,
}

impl std::fmt::Debug for TrustedProxies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TrustedProxies")
            .field("proxies", &self.proxies)
            .field("origins", &self.origins)
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
pub struct InvalidProxy(String);

impl TrustedProxies {
    /// No proxy trusted and no origin allowed yet: every request gets the default variant.
    ///
    /// ```
    /// let proxies = a2a_card::serve::TrustedProxies::new();
    /// assert_eq!(format!("{proxies:?}"), "TrustedProxies { proxies: [], origins: [], .. }");
    /// ```
    pub fn new() -> Self {
        TrustedProxies {
            proxies: Vec::new(),
            origins: Vec::new(),
            peer: Arc::new(|extensions: &Extensions| {
                extensions.get::<SocketAddr>().map(SocketAddr::ip)
            }),
        }
    }

    /// Trusts the peers in `block`: an address (`10.1.2.3`, `::1`) or a CIDR block
    /// (`10.0.0.0/8`, `fd00::/8`). An IPv4 peer carried in IPv6 (`::ffff:10.1.2.3`) is
    /// matched as the IPv4 address.
    ///
    /// ```
    /// let proxies = a2a_card::serve::TrustedProxies::new().proxy("172.16.0.0/12")?;
    /// assert!(a2a_card::serve::TrustedProxies::new().proxy("10.0.0.0/33").is_err());
    /// # Ok::<(), a2a_card::serve::InvalidProxy>(())
    /// ```
    pub fn proxy(mut self, block: &str) -> Result<Self, InvalidProxy> {
        self.proxies
            .push(Cidr::parse(block).ok_or_else(|| InvalidProxy(block.to_owned()))?);
        Ok(self)
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
    /// # let mut card = a2a_card::AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json"))).unwrap();
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
        let said = Said::from_headers(headers)?;
        self.origins.iter().position(|origin| said.is(origin))
    }
}

/// An IP block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cidr {
    network: IpAddr,
    bits: u8,
}

impl Cidr {
    fn parse(text: &str) -> Option<Cidr> {
        let (address, bits) = match text.split_once('/') {
            Some((address, bits)) => (address, Some(bits)),
            None => (text, None),
        };
        let network = address.trim().parse::<IpAddr>().ok()?.to_canonical();
        let max = if network.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(bits) if bits.bytes().all(|b| b.is_ascii_digit()) && !bits.is_empty() => {
                bits.parse::<u8>().ok().filter(|&b| b <= max)?
            }
            Some(_) => return None,
        };
        Some(Cidr { network, bits })
    }

    fn contains(&self, ip: IpAddr) -> bool {
        match (self.network, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.bits))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// What a proxy said of the public request: scheme, host (with any port), path prefix.
#[derive(Debug, PartialEq, Eq)]
struct Said {
    scheme: String,
    host: String,
    prefix: String,
}

impl Said {
    fn from_headers(headers: &HeaderMap) -> Option<Said> {
        let (mut scheme, mut host) = (None, None);
        if let Some(element) = last_member(headers, "forwarded") {
            for pair in element.split(';') {
                let Some((name, value)) = pair.split_once('=') else {
                    continue;
                };
                let value = unquote(value.trim());
                match name.trim().to_ascii_lowercase().as_str() {
                    "proto" => scheme = Some(value),
                    "host" => host = Some(value),
                    _ => {}
                }
            }
        }
        let scheme = scheme
            .or_else(|| last_member(headers, "x-forwarded-proto"))
            .unwrap_or_else(|| "http".to_owned());
        let host = host
            .or_else(|| last_member(headers, "x-forwarded-host"))
            .or_else(|| text(headers.get(http::header::HOST)?).map(str::to_owned))?;
        let prefix = last_member(headers, "x-forwarded-prefix").unwrap_or_default();
        Some(Said {
            scheme: scheme.to_ascii_lowercase(),
            host: host.to_ascii_lowercase(),
            prefix: prefix.trim_end_matches('/').to_owned(),
        })
    }

    /// Whether this is exactly `origin` (its default port left out or given).
    fn is(&self, origin: &PublicUrl) -> bool {
        let (scheme, authority, path) = origin.parts();
        let default = if scheme == "https" { ":443" } else { ":80" };
        let host = self.host.strip_suffix(default).unwrap_or(&self.host);
        self.scheme == scheme && host == authority && self.prefix == path
    }
}

/// The last comma-separated member of the last line of `name`, trimmed; `None` when absent,
/// empty or not text.
fn last_member(headers: &HeaderMap, name: &str) -> Option<String> {
    let line = text(headers.get_all(name).iter().next_back()?)?;
    let member = line.rsplit(',').next()?.trim();
    (!member.is_empty()).then(|| member.to_owned())
}

fn text(value: &HeaderValue) -> Option<&str> {
    value.to_str().ok()
}

fn unquote(value: &str) -> String {
    match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => inner.replace("\\\"", "\"").replace("\\\\", "\\"),
        None => value.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxies() -> TrustedProxies {
        TrustedProxies::new()
            .proxy("10.0.0.0/8")
            .unwrap()
            .proxy("2001:db8::/32")
            .unwrap()
            .proxy("192.0.2.7")
            .unwrap()
            .origin(PublicUrl::parse("https://agents.example.com/billing").unwrap())
            .origin(PublicUrl::parse("https://b.example.org").unwrap())
    }

    fn from(peer: &str, headers: &[(&str, &str)]) -> Option<usize> {
        let mut extensions = Extensions::new();
        extensions.insert(SocketAddr::new(peer.parse().unwrap(), 40000));
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        proxies().select(&extensions, &map)
    }

    const BILLING: &[(&str, &str)] = &[
        ("x-forwarded-proto", "https"),
        ("x-forwarded-host", "agents.example.com"),
        ("x-forwarded-prefix", "/billing"),
    ];

    #[test]
    fn each_block_boundary_is_in_and_its_neighbours_are_out() {
        for peer in [
            "10.0.0.0",
            "10.0.0.1",
            "10.255.255.255",
            "192.0.2.7",
            "::ffff:10.1.2.3",
            "2001:db8::1",
            "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
        ] {
            assert_eq!(from(peer, BILLING), Some(0), "{peer}");
        }
        for peer in [
            "9.255.255.255",
            "11.0.0.0",
            "192.0.2.6",
            "192.0.2.8",
            "127.0.0.1",
            "2001:db7:ffff::1",
            "2001:db9::",
            "::ffff:11.0.0.0",
        ] {
            assert_eq!(from(peer, BILLING), None, "{peer}");
        }
    }

    #[test]
    fn cidr_blocks_parse_strictly() {
        for good in [
            "0.0.0.0/0",
            "10.0.0.0/8",
            "1.2.3.4/32",
            "1.2.3.4",
            "::/0",
            "fd00::/8",
            "::1/128",
        ] {
            assert!(Cidr::parse(good).is_some(), "{good}");
        }
        for bad in [
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "10.0.0.0/-1",
            "10.0.0.0/+8",
            "10.0.0/8",
            "host",
            "",
            "10.0.0.0/8/8",
        ] {
            assert!(Cidr::parse(bad).is_none(), "{bad}");
        }
        let all = Cidr::parse("0.0.0.0/0").unwrap();
        assert!(all.contains("255.255.255.255".parse().unwrap()));
        assert!(
            !all.contains("::1".parse().unwrap()),
            "an IPv4 block holds no IPv6 peer"
        );
    }

    #[test]
    fn only_an_allowed_origin_exactly_is_believed() {
        assert_eq!(
            from(
                "10.0.0.1",
                &[
                    ("x-forwarded-proto", "https"),
                    ("x-forwarded-host", "b.example.org")
                ]
            ),
            Some(1)
        );
        assert_eq!(
            from(
                "10.0.0.1",
                &[
                    ("x-forwarded-proto", "https"),
                    ("x-forwarded-host", "B.Example.Org:443")
                ]
            ),
            Some(1)
        );
        for near in [
            &[
                ("x-forwarded-proto", "http"),
                ("x-forwarded-host", "b.example.org"),
            ][..],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "b.example.org:8443"),
            ],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "evil.example"),
            ],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "b.example.org.evil.example"),
            ],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "agents.example.com"),
            ],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "agents.example.com"),
                ("x-forwarded-prefix", "/billing2"),
            ],
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "agents.example.com"),
                ("x-forwarded-prefix", "/bill"),
            ],
        ] {
            assert_eq!(from("10.0.0.1", near), None, "{near:?}");
        }
        assert_eq!(
            from(
                "10.0.0.1",
                &[
                    ("x-forwarded-proto", "https"),
                    ("x-forwarded-host", "agents.example.com"),
                    ("x-forwarded-prefix", "/billing/")
                ]
            ),
            Some(0),
            "a trailing slash on the prefix is the same prefix"
        );
    }

    #[test]
    fn forwarded_wins_and_its_last_element_is_read() {
        let forwarded = [(
            "forwarded",
            r#"for=1.2.3.4;host=evil.example;proto=https, for=10.0.0.9;host="b.example.org";proto=https"#,
        )];
        assert_eq!(from("10.0.0.1", &forwarded), Some(1));
        let first_only = [("forwarded", "proto=https;host=b.example.org, for=10.0.0.9")];
        assert_eq!(
            from("10.0.0.1", &first_only),
            None,
            "the nearest element says nothing"
        );
        let both = [
            ("forwarded", "proto=https;host=b.example.org"),
            ("x-forwarded-host", "evil.example"),
        ];
        assert_eq!(from("10.0.0.1", &both), Some(1));
        let lists = [
            ("x-forwarded-proto", "http, https"),
            ("x-forwarded-host", "evil.example, b.example.org"),
        ];
        assert_eq!(
            from("10.0.0.1", &lists),
            Some(1),
            "the last member is the nearest proxy's"
        );
        let host_only = [("host", "b.example.org")];
        assert_eq!(
            from("10.0.0.1", &host_only),
            None,
            "no proto: http, not the https origin"
        );
    }

    #[test]
    fn no_peer_address_is_no_trust() {
        let mut map = HeaderMap::new();
        map.insert("x-forwarded-proto", "https".parse().unwrap());
        map.insert("x-forwarded-host", "b.example.org".parse().unwrap());
        assert_eq!(proxies().select(&Extensions::new(), &map), None);
        let custom = proxies().peer_address(|_| Some("10.0.0.1".parse().unwrap()));
        assert_eq!(custom.select(&Extensions::new(), &map), Some(1));
    }
}
