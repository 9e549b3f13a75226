//! [`Server`] and its builder: the limits and deadlines of the accept loop.

use std::time::Duration;

/// The accept loop with its limits; see the [module docs](super). Built by
/// [`Server::builder`], run by [`Server::serve`].
///
/// ```
/// use a2a_card_server::Server;
/// use std::time::Duration;
///
/// let server = Server::builder()
///     .header_timeout(Duration::from_secs(5))
///     .max_connections(1024)
///     .build();
/// assert_eq!(server.max_connections(), 1024);
/// ```
#[derive(Debug, Clone)]
pub struct Server {
    pub(super) header_timeout: Duration,
    pub(super) send_timeout: Duration,
    pub(super) peer_addresses: bool,
    pub(super) max_connections: usize,
    pub(super) drain_timeout: Duration,
    pub(super) http2_max_concurrent_streams: u32,
    pub(super) http2_max_header_list_size: u32,
    pub(super) http2_stream_window: u32,
    pub(super) http2_connection_window: u32,
    pub(super) http2_keep_alive_interval: Option<Duration>,
    pub(super) http2_keep_alive_timeout: Duration,
    #[cfg(feature = "tls")]
    pub(super) handshake_timeout: Duration,
    #[cfg(feature = "tls")]
    pub(super) tls: Option<Acceptor>,
}

/// The TLS acceptor, with a `Debug` that says only that there is one.
#[cfg(feature = "tls")]
#[derive(Clone)]
pub(super) struct Acceptor(pub(super) tokio_rustls::TlsAcceptor);

#[cfg(feature = "tls")]
impl std::fmt::Debug for Acceptor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TlsAcceptor")
    }
}

/// Something the accept loop reports to [`Server::serve_with`]'s callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServerEvent {
    /// All [`max_connections`](ServerBuilder::max_connections) slots are taken: new
    /// connections wait in the listen backlog until one closes. Reported each time the cap is
    /// reached after having been below it.
    AtCapacity {
        /// The cap.
        open: usize,
    },
}

impl Server {
    /// A builder with the defaults: 10 s header timeout, 20 s send timeout, 512 connections,
    /// 5 s drain, 100 concurrent HTTP/2 streams, 64 KiB of HTTP/2 header list, HTTP/2 receive
    /// windows of 64 KiB per stream and 256 KiB per connection, an HTTP/2 ping after 20 s
    /// without a frame from the client, answered within 10 s.
    ///
    /// ```
    /// let server = a2a_card_server::Server::builder().build();
    /// assert_eq!(server.max_connections(), 512);
    /// ```
    pub fn builder() -> ServerBuilder {
        ServerBuilder {
            server: Server {
                header_timeout: Duration::from_secs(10),
                send_timeout: DEFAULT_SEND_TIMEOUT,
                peer_addresses: false,
                max_connections: 512,
                drain_timeout: Duration::from_secs(5),
                // RFC 9113 §6.5.2 asks for no fewer than 100, so clients do not serialize.
                http2_max_concurrent_streams: 100,
                // A card request's headers are small; hyper's default (16 MiB) is far more
                // than any client here needs to send, and is memory an attacker could pin.
                http2_max_header_list_size: 64 * 1024,
                // What a client may send ahead of what the application has read: per stream
                // the RFC's initial window, per connection four streams' worth. hyper's
                // defaults (1 MiB and 1 MiB) let 512 connections park 512 MiB of unread
                // request bodies in the server.
                http2_stream_window: 64 * 1024,
                http2_connection_window: 256 * 1024,
                http2_keep_alive_interval: Some(Duration::from_secs(20)),
                http2_keep_alive_timeout: Duration::from_secs(10),
                #[cfg(feature = "tls")]
                handshake_timeout: Duration::from_secs(10),
                #[cfg(feature = "tls")]
                tls: None,
            },
        }
    }

    /// How many connections may be open at once.
    ///
    /// ```
    /// let server = a2a_card_server::Server::builder().max_connections(8).build();
    /// assert_eq!(server.max_connections(), 8);
    /// ```
    pub fn max_connections(&self) -> usize {
        self.max_connections
    }
}

/// The default [send timeout](ServerBuilder::send_timeout).
pub const DEFAULT_SEND_TIMEOUT: Duration = Duration::from_secs(20);

/// Builds a [`Server`].
///
/// ```
/// use a2a_card_server::Server;
/// let server = Server::builder().http2_max_concurrent_streams(200).build();
/// # let _ = server;
/// ```
#[derive(Debug, Clone)]
pub struct ServerBuilder {
    server: Server,
}

impl ServerBuilder {
    /// How long a connection may wait for a request head: on a new connection, and on a
    /// keep-alive one after each response (so this is also the idle timeout). Once it has
    /// waited this long, it is closed, within a quarter of this more. Default 10 s; at least
    /// 1 ms.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().header_timeout(std::time::Duration::from_secs(3));
    /// # let _ = builder;
    /// ```
    pub fn header_timeout(mut self, timeout: Duration) -> Self {
        self.server.header_timeout = timeout.max(Duration::from_millis(1));
        self
    }

    /// How long a response the client does not take may stay so: a response that is ready
    /// but that the client does not read (an HTTP/2 stream it gives no send window, a socket
    /// it does not read) and that has not moved (no chunk of any response body taken, no
    /// request begun or ended on the connection) for this long has its connection closed,
    /// whatever else the client sends (HTTP/2 pings included). A connection with such a
    /// response that reads and writes no byte at all is closed sooner, after the
    /// [header timeout](Self::header_timeout). A response whose body waits on the application
    /// (a stream of events with nothing to send yet), and a handler still working, are not
    /// limited: they are the application's to bound. A body's single chunk must be taken
    /// within this time. Default 20 s ([`DEFAULT_SEND_TIMEOUT`]); at least 1 ms.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().send_timeout(std::time::Duration::from_secs(30));
    /// # let _ = builder;
    /// ```
    pub fn send_timeout(mut self, timeout: Duration) -> Self {
        self.server.send_timeout = timeout.max(Duration::from_millis(1));
        self
    }

    /// Whether each request carries its connection's peer address, a
    /// [`SocketAddr`](std::net::SocketAddr), in its extensions: what
    /// [`TrustedProxies`](a2a_card::serve::TrustedProxies) reads to know whether a request comes
    /// from a trusted proxy. Off by default (it costs an extensions map per request).
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().peer_addresses(true);
    /// # let _ = builder;
    /// ```
    pub fn peer_addresses(mut self, on: bool) -> Self {
        self.server.peer_addresses = on;
        self
    }

    /// How long an HTTP/2 connection may go without a frame from the client before the server
    /// sends a ping, which the client must answer within the
    /// [keep-alive timeout](Self::http2_keep_alive_timeout) or be closed: a peer that vanished
    /// without closing is found. `None` sends no pings. Default 20 s.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder()
    ///     .http2_keep_alive_interval(Some(std::time::Duration::from_secs(30)));
    /// # let _ = builder;
    /// ```
    pub fn http2_keep_alive_interval(mut self, interval: Option<Duration>) -> Self {
        self.server.http2_keep_alive_interval = interval;
        self
    }

    /// How long a client has to answer an HTTP/2 keep-alive ping. Default 10 s.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder()
    ///     .http2_keep_alive_timeout(std::time::Duration::from_secs(5));
    /// # let _ = builder;
    /// ```
    pub fn http2_keep_alive_timeout(mut self, timeout: Duration) -> Self {
        self.server.http2_keep_alive_timeout = timeout;
        self
    }

    /// How many bytes of request bodies an HTTP/2 client may send ahead of what the
    /// application has read: per stream, and per connection (all its streams together). They
    /// bound the memory a connection's unread bodies hold in the server. Defaults 64 KiB and
    /// 256 KiB; small windows slow large uploads.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().http2_receive_windows(32 * 1024, 128 * 1024);
    /// # let _ = builder;
    /// ```
    pub fn http2_receive_windows(mut self, stream: u32, connection: u32) -> Self {
        // RFC 9113 §6.9.1: a window may not exceed 2^31 - 1.
        self.server.http2_stream_window = stream.clamp(1, i32::MAX as u32);
        self.server.http2_connection_window = connection.clamp(1, i32::MAX as u32);
        self
    }

    /// Connections open at once; further ones wait, unaccepted, until one closes. Keep it
    /// below the process's file-descriptor limit. Default 512; at least 1.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().max_connections(64);
    /// # let _ = builder;
    /// ```
    pub fn max_connections(mut self, max: usize) -> Self {
        // The permits are counted in u32 when the loop waits for all of them at shutdown.
        self.server.max_connections = max.clamp(1, u32::MAX as usize >> 4);
        self
    }

    /// How long open connections get to finish their requests once shutdown starts.
    /// Default 5 s.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().drain_timeout(std::time::Duration::from_secs(1));
    /// # let _ = builder;
    /// ```
    pub fn drain_timeout(mut self, timeout: Duration) -> Self {
        self.server.drain_timeout = timeout;
        self
    }

    /// The most HTTP/2 streams a client may have open on one connection. Default 100.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().http2_max_concurrent_streams(32);
    /// # let _ = builder;
    /// ```
    pub fn http2_max_concurrent_streams(mut self, max: u32) -> Self {
        self.server.http2_max_concurrent_streams = max.max(1);
        self
    }

    /// The largest HTTP/2 header list (RFC 9113 `SETTINGS_MAX_HEADER_LIST_SIZE`) a request
    /// may send, in bytes. Default 64 KiB.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().http2_max_header_list_size(16 * 1024);
    /// # let _ = builder;
    /// ```
    pub fn http2_max_header_list_size(mut self, max: u32) -> Self {
        self.server.http2_max_header_list_size = max;
        self
    }

    /// How long a client may take to complete the TLS handshake. Default 10 s.
    ///
    /// ```
    /// let builder = a2a_card_server::Server::builder().handshake_timeout(std::time::Duration::from_secs(5));
    /// # let _ = builder;
    /// ```
    #[cfg(feature = "tls")]
    pub fn handshake_timeout(mut self, timeout: Duration) -> Self {
        self.server.handshake_timeout = timeout;
        self
    }

    /// Serve HTTPS: every connection starts with a handshake on this acceptor (ALPN `h2`,
    /// then `http/1.1`, when it comes from [`tls::acceptor`](crate::tls::acceptor)), and its
    /// requests carry the client certificate the handshake verified, as a
    /// [`ClientCertificate`](a2a_card::security::ClientCertificate) extension
    /// ([`WithConnectionInfo`](crate::WithConnectionInfo)).
    ///
    /// ```no_run
    /// use a2a_card_server::tls::{acceptor, PemInput};
    /// let chain = PemInput::new("cert.pem", std::fs::read("cert.pem")?);
    /// let key = PemInput::new("key.pem", std::fs::read("key.pem")?);
    /// let server = a2a_card_server::Server::builder().tls(acceptor(&chain, &key, None)?).build();
    /// # let _ = server;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "tls")]
    pub fn tls(mut self, acceptor: tokio_rustls::TlsAcceptor) -> Self {
        self.server.tls = Some(Acceptor(acceptor));
        self
    }

    /// The server.
    ///
    /// ```
    /// let server = a2a_card_server::Server::builder().build();
    /// # let _ = server;
    /// ```
    pub fn build(self) -> Server {
        self.server
    }
}
