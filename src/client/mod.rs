//! One bounded HTTP(S) client (feature `client`), for everything this crate fetches: JWKS
//! and discovery documents, the audit of a live agent (module `check`), a tool fetching
//! published cards.
//!
//! Every exchange is bounded: one deadline across connecting, redirects and the last byte of
//! the body; a cap on the body; a limit on redirects. TLS is rustls with the ring backend
//! and the Mozilla roots (plus the system's store with feature `native-roots`, plus any CA
//! file given). Plain http goes only where [`PlainHttp`] allows (loopback by default).
//! Credentials go only where a [`CredentialPolicy`] allows, and the caller's headers are
//! dropped when a redirect leads to another origin. A [`DestinationPolicy`] sees every
//! address before a connection is made: the client's own (the default allows all), and
//! for URLs someone else chose (a card's interfaces, a redirect, a discovery document)
//! [`Client::for_base`], which refuses loopback, link-local (169.254.169.254), private,
//! unique-local and every other internal [`AddressClass`] unless the URL the user gave is on
//! one. Every address a name resolves to is checked before connecting, and the client
//! connects only to one it checked (DNS rebinding gains nothing). [`Client::with_budget`]
//! bounds a whole run of exchanges with one deadline.
//!
//! One HTTP/1.1 connection per exchange (a card or a key set is one small GET, so pooling
//! would buy nothing), driven inside the caller's task: no runtime feature of tokio is
//! needed beyond I/O and timers. [`Client::http2_only`] speaks HTTP/2 instead (h2c with
//! prior knowledge for `http://`, ALPN `h2` over TLS), for gRPC: the same connection rules,
//! the futures HTTP/2 runs beside a request polled in the caller's task too.
//!
//! ```no_run
//! use a2a_card::client::{parse_http_url, Client, Outgoing};
//! use http::Method;
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let client = Client::builder()
//!     .user_agent("my-agent/1.0")
//!     .timeout(std::time::Duration::from_secs(5))
//!     .build()?;
//! let url = parse_http_url("https://agent.example.com/.well-known/agent-card.json")?;
//! let exchange = client.send(&url, &Outgoing::new(Method::GET)).await;
//! let response = exchange.result?;
//! assert!(response.status().is_success(), "{}", response.status());
//! println!("{} after {} redirect(s), {} bytes", response.status(), exchange.redirects.len(), response.body().len());
//! # Ok(())
//! # }
//! ```

mod builder;
mod connection;
mod destination;
mod error;
mod policy;
mod request;
mod send;
mod url;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http::Uri;
use tokio::time::Instant;

pub use builder::{ClientBuilder, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT};
pub use destination::{AddressClass, AddressClasses, Resolve, Resolving, SystemResolver};
pub use error::ClientError;
pub use policy::{
    AnyDestination, CredentialPolicy, CredentialRefusal, DestinationPolicy, PlainHttp,
};
pub use request::{Exchange, Outgoing, Trailers};
pub use url::{Origin, parse_http_url};

/// The HTTP(S) client: built once, shared by every request (it is cheap to clone).
///
/// ```
/// use a2a_card::client::{Client, PlainHttp};
/// let client = Client::builder().plain_http(PlainHttp::Refused).build()?;
/// assert_eq!(client.timeout(), a2a_card::client::DEFAULT_TIMEOUT);
/// assert!(client.check_url("http://127.0.0.1/jwks").is_err());
/// assert!(client.check_url("https://id.example/jwks").is_ok());
/// # Ok::<(), a2a_card::client::ClientError>(())
/// ```
#[derive(Clone)]
pub struct Client {
    tls: tokio_rustls::TlsConnector,
    /// The same roots, offering only `h2` by ALPN (for [`Client::http2_only`]).
    tls_h2: tokio_rustls::TlsConnector,
    /// HTTP/2 only ([`Client::http2_only`]).
    http2: bool,
    user_agent: String,
    timeout: Duration,
    max_body_bytes: usize,
    max_redirects: usize,
    plain_http: PlainHttp,
    destinations: Arc<dyn DestinationPolicy>,
    resolver: Arc<dyn Resolve>,
    /// The end of the run's budget, and the budget (for messages).
    budget: Option<(Instant, Duration)>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("user_agent", &self.user_agent)
            .field("timeout", &self.timeout)
            .field("max_body_bytes", &self.max_body_bytes)
            .field("max_redirects", &self.max_redirects)
            .field("plain_http", &self.plain_http)
            .field("http2", &self.http2)
            .field("destinations", &self.destinations)
            .field("resolver", &self.resolver)
            .field("budget", &self.budget.map(|(_, budget)| budget))
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A builder with the defaults: 10 s per exchange, 1 MiB bodies, 3 redirects, plain
    /// http to loopback only, every destination, the Mozilla roots.
    ///
    /// ```
    /// let client = a2a_card::client::Client::builder().max_redirects(0).build()?;
    /// # let _ = client;
    /// # Ok::<(), a2a_card::client::ClientError>(())
    /// ```
    pub fn builder() -> ClientBuilder {
        ClientBuilder::default()
    }

    /// The bound on one exchange.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// `url` parsed, if the client would ask for it: absolute http(s), no user info, and
    /// plain http only where allowed.
    pub fn check_url(&self, url: &str) -> Result<http::Uri, ClientError> {
        let uri = parse_http_url(url)?;
        self.plain_http.admits(&uri)?;
        Ok(uri)
    }

    /// The same client, with `policy` asked first about every address (the client's own
    /// policy is then asked only about what `policy` allowed).
    pub fn restrict_destinations(&self, policy: impl DestinationPolicy) -> Client {
        let mut client = self.clone();
        client.destinations = Arc::new(destination::Both {
            first: Arc::new(policy),
            then: self.destinations.clone(),
        });
        client
    }

    /// The same client, restricted for URLs reached from `base` (the URL the user gave):
    /// global addresses, plus the [`AddressClass`]es `base`'s host resolves to now. A base
    /// on loopback lets redirects and card URLs reach loopback; a base on a public address
    /// lets them reach no internal address at all. The base's own host is held to the same
    /// classes later (a name that resolves elsewhere the second time gets nothing more). A
    /// base that cannot be resolved allows global addresses only.
    ///
    /// ```
    /// # async fn run() -> Result<(), a2a_card::client::ClientError> {
    /// use a2a_card::client::{parse_http_url, Client};
    /// let base = parse_http_url("http://127.0.0.1:8080/")?;
    /// let client = Client::builder().build()?.for_base(&base).await;
    /// # let _ = client;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn for_base(&self, base: &Uri) -> Client {
        let addresses = self.addresses_of(base).await.unwrap_or_default();
        self.restrict_destinations(
            AddressClasses::global_only().allow_classes_of(addresses.iter().map(|a| a.ip())),
        )
    }

    /// The same client with one deadline, `budget` from now, over every exchange it makes
    /// from here on (each also keeps its own timeout). An exchange cut short by it, or begun
    /// after it, fails with [`ClientError::OutOfTime`].
    pub fn with_budget(&self, budget: Duration) -> Client {
        let mut client = self.clone();
        client.budget = Some((Instant::now() + budget, budget));
        client
    }

    /// The same client speaking HTTP/2 only, as gRPC needs: with prior knowledge (h2c) to
    /// `http://` URLs, and over TLS offering only `h2` by ALPN to `https://` URLs (a server
    /// that does not agree to it is an [`ClientError::Http`] failure, not a TLS one: it was
    /// reached). Policies, deadlines and caps are the client's own; redirects are followed
    /// as on HTTP/1.1, and response trailers come in the response's extensions
    /// ([`Trailers`]).
    ///
    /// ```
    /// let client = a2a_card::client::Client::builder().build()?.http2_only();
    /// # let _ = client;
    /// # Ok::<(), a2a_card::client::ClientError>(())
    /// ```
    pub fn http2_only(&self) -> Client {
        let mut client = self.clone();
        client.http2 = true;
        client
    }

    /// True when the run's budget ([`with_budget`](Self::with_budget)) has run out.
    pub fn is_out_of_time(&self) -> bool {
        self.budget
            .is_some_and(|(deadline, _)| deadline <= Instant::now())
    }

    /// The addresses of `uri`'s host (an IP literal is its own address), with the port
    /// filled in; not yet checked by any policy.
    pub async fn addresses_of(&self, uri: &Uri) -> Result<Vec<SocketAddr>, ClientError> {
        let (host, port) = send::host_and_port(uri);
        let authority = uri.authority().map_or(String::new(), |a| a.to_string());
        self.lookup(&host, port, &authority).await
    }
}

#[cfg(feature = "jwks-fetch")]
impl Client {
    /// The same client (same TLS roots) with other bounds and plain-http rule: the JWKS
    /// source takes its roots and its limits from two separate settings.
    pub(crate) fn with_limits(
        mut self,
        timeout: Duration,
        max_body_bytes: usize,
        max_redirects: usize,
        plain_http: PlainHttp,
    ) -> Client {
        self.timeout = timeout;
        self.max_body_bytes = max_body_bytes;
        self.max_redirects = max_redirects;
        self.plain_http = plain_http;
        self
    }
}
