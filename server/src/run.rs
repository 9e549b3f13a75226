//! The accept loop: connection slots, the per-connection task and the shutdown.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response};
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::TokioIo;
use hyper_util::server::conn::auto;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::task::AbortHandle;

use super::coalesce::Coalesced;
use super::connection::{Control, Deadlines, Metered, watchdog};
use super::executor::FirstPollInline;
use super::protocol::{self, Protocol};
use super::server::{Server, ServerEvent};
use super::service::Counted;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Sets a builder's HTTP/2 settings from the server's: hyper's own HTTP/2 builder and the
/// auto builder's have the same methods but no trait in common. The timer drives the
/// keep-alive pings.
macro_rules! http2_settings {
    ($builder:expr, $server:expr) => {{
        let server: &Server = $server;
        $builder
            .max_concurrent_streams(server.http2_max_concurrent_streams)
            .max_header_list_size(server.http2_max_header_list_size)
            .initial_stream_window_size(server.http2_stream_window)
            .initial_connection_window_size(server.http2_connection_window)
            .timer(hyper_util::rt::TokioTimer::new())
            .keep_alive_interval(server.http2_keep_alive_interval)
            .keep_alive_timeout(server.http2_keep_alive_timeout);
    }};
}

impl Server {
    /// Serves `service` on `listener` until `shutdown` completes, then lets open connections
    /// finish their requests for up to the drain timeout. A connection that fails (a client
    /// gone mid-request, a failed handshake) is that connection's end, never the server's.
    ///
    /// ```no_run
    /// # async fn run(app: tower::util::BoxCloneService<http::Request<hyper::body::Incoming>, http::Response<String>, std::convert::Infallible>) -> std::io::Result<()> {
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
    /// let shutdown = async { let _ = tokio::signal::ctrl_c().await; };
    /// a2a_card_server::Server::builder().build().serve(listener, app, shutdown).await;
    /// # Ok(()) }
    /// ```
    pub async fn serve<S, B>(
        &self,
        listener: TcpListener,
        service: S,
        shutdown: impl Future<Output = ()>,
    ) where
        S: tower::Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<BoxError>,
    {
        self.serve_with(listener, service, shutdown, |_| {}).await;
    }

    /// [`serve`](Self::serve), reporting [`ServerEvent`]s to `on_event` (called from the
    /// accept loop, so it may borrow what the caller's task owns).
    ///
    /// ```no_run
    /// # async fn run(listener: tokio::net::TcpListener, app: tower::util::BoxCloneService<http::Request<hyper::body::Incoming>, http::Response<String>, std::convert::Infallible>) {
    /// use a2a_card_server::{Server, ServerEvent};
    /// let on_event = |event| match event {
    ///     ServerEvent::AtCapacity { open } => eprintln!("{open} connections open, new ones wait"),
    ///     _ => {}
    /// };
    /// Server::builder().build().serve_with(listener, app, std::future::pending(), on_event).await;
    /// # }
    /// ```
    pub async fn serve_with<S, B>(
        &self,
        listener: TcpListener,
        service: S,
        shutdown: impl Future<Output = ()>,
        mut on_event: impl FnMut(ServerEvent),
    ) where
        S: tower::Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
        S::Future: Send + 'static,
        S::Error: Into<BoxError>,
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<BoxError>,
    {
        let http = Arc::new(self.http());
        let slots = Arc::new(Semaphore::new(self.max_connections));
        let (stopping, stop) = watch::channel(false);
        tokio::pin!(shutdown);
        loop {
            // A slot first: at the cap, nothing is accepted until a connection closes.
            let slot = match slots.clone().try_acquire_owned() {
                Ok(slot) => slot,
                Err(_) => {
                    on_event(ServerEvent::AtCapacity {
                        open: self.max_connections,
                    });
                    tokio::select! {
                        slot = slots.clone().acquire_owned() => match slot {
                            Ok(slot) => slot,
                            Err(_) => break,
                        },
                        () = &mut shutdown => break,
                    }
                }
            };
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _peer)) => stream,
                    Err(_) => {
                        // Out of file descriptors and the like: back off instead of spinning.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let _ = stream.set_nodelay(true);
            // The slot is given back when the connection ends, however it ends: it goes with
            // the handshake's task, then with the task that serves the requests.
            let connection =
                self.connection(stream, service.clone(), http.clone(), stop.clone(), slot);
            tokio::spawn(connection);
        }
        drop(listener);
        let _ = stopping.send(true);
        // Every slot back means every connection has ended.
        let all = u32::try_from(self.max_connections).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(self.drain_timeout, slots.acquire_many(all)).await;
    }

    /// hyper's connection builders, configured for every connection alike.
    fn http(&self) -> Http {
        let mut http1 = http1::Builder::new();
        // The header deadline is the watchdog's (see connection.rs): no timer per request.
        http1.header_read_timeout(None);
        let mut http2 = http2::Builder::new(FirstPollInline);
        http2_settings!(http2, self);
        let mut auto = auto::Builder::new(FirstPollInline);
        auto.http1().header_read_timeout(None);
        http2_settings!(auto.http2(), self);
        Http { http1, http2, auto }
    }

    /// The deadlines each connection's watchdog enforces.
    fn deadlines(&self) -> Deadlines {
        Deadlines {
            header: self.header_timeout,
            send: self.send_timeout,
        }
    }

    /// One connection's start: the TLS handshake (when configured) or the first bytes, then
    /// its requests, in a task of their own (see [`spawn_requests`]).
    fn connection<S, B>(
        &self,
        stream: TcpStream,
        service: S,
        http: Arc<Http>,
        stop: watch::Receiver<bool>,
        slot: OwnedSemaphorePermit,
    ) -> impl Future<Output = ()> + Send + 'static + use<S, B>
    where
        S: AppService<B>,
        B: AppBody,
    {
        let deadlines = self.deadlines();
        let peer = self
            .peer_addresses
            .then(|| stream.peer_addr().ok())
            .flatten();
        let service = crate::WithConnectionInfo::new(service, peer);
        #[cfg(feature = "tls")]
        let tls = self
            .tls
            .clone()
            .map(|acceptor| (acceptor.0, self.handshake_timeout));
        async move {
            let connection = Connection {
                control: Control::new(),
                deadlines,
                stop,
                slot,
            };
            #[cfg(feature = "tls")]
            if let Some((acceptor, handshake_timeout)) = tls {
                let stream = Metered::new(stream, connection.control.clone());
                let Ok(Ok(stream)) =
                    tokio::time::timeout(handshake_timeout, acceptor.accept(stream)).await
                else {
                    return;
                };
                let session = stream.get_ref().1;
                let version = protocol::from_alpn(session.alpn_protocol());
                let certificate = crate::tls::client_certificate(session);
                let service = crate::WithConnectionInfo::new(service, certificate);
                if version == Protocol::Http2 {
                    // h2's frames, gathered into one TLS record and one write (coalesce/mod.rs).
                    let io = TokioIo::new(Coalesced::new(stream, connection.control.clone()));
                    spawn_requests(&http, io, version, service, connection);
                } else {
                    // HTTP/1.1 writes a response as one vectored write already.
                    spawn_requests(&http, TokioIo::new(stream), version, service, connection);
                }
                return;
            }
            // Nothing sent within the header timeout, closed at once, or the server shutting
            // down meanwhile: nothing to serve.
            let mut stopping = connection.stop.clone();
            let version = tokio::select! {
                version = protocol::peek(&stream, deadlines.header) => version,
                _ = stopping.wait_for(|stopping| *stopping) => None,
            };
            let Some(version) = version else {
                return;
            };
            let io = Metered::new(stream, connection.control.clone());
            if version == Protocol::Http2 {
                // h2's frames, gathered into one write (coalesce/mod.rs).
                let io = TokioIo::new(Coalesced::new(io, connection.control.clone()));
                spawn_requests(&http, io, version, service, connection);
            } else {
                spawn_requests(&http, TokioIo::new(io), version, service, connection);
            }
        }
    }
}

/// hyper's builders: one per HTTP version, and the auto builder for connections whose
/// version is not known before they are read (see protocol.rs).
#[derive(Debug)]
struct Http {
    http1: http1::Builder,
    http2: http2::Builder<FirstPollInline>,
    auto: auto::Builder<FirstPollInline>,
}

/// What the server asks of the service it runs, named once for the private functions.
trait AppService<B>:
    tower::Service<
        Request<Incoming>,
        Response = Response<B>,
        Future: Send + 'static,
        Error: Into<BoxError>,
    > + Clone
    + Send
    + 'static
{
}

impl<S, B> AppService<B> for S
where
    S: tower::Service<Request<Incoming>, Response = Response<B>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Into<BoxError>,
{
}

/// What the server asks of the response bodies.
trait AppBody: http_body::Body<Data = Bytes, Error: Into<BoxError>> + Send + 'static {}

impl<B> AppBody for B
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
}

/// Serves the requests of one connection until it ends, times out waiting for a request
/// head, or finishes gracefully after shutdown, in a task of its own: the connection driven
/// by its [`Control`], with nothing else in the task's future, so every wake-up only enters
/// the connection (see [`Driven`](super::connection::Driven)). The task holds the
/// connection's slot and stops its watchdog when it ends.
fn spawn_requests<I, S, B>(
    http: &Arc<Http>,
    io: I,
    version: Protocol,
    service: S,
    connection: Connection,
) where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
    S: AppService<B>,
    B: AppBody,
{
    let Connection {
        control,
        deadlines,
        stop,
        slot,
    } = connection;
    let dog = tokio::spawn(watchdog(control.clone(), deadlines, stop));
    let ends = Ends {
        watchdog: dog.abort_handle(),
        _slot: slot,
    };
    let service = Counted::new(service, control.clone());
    match version {
        Protocol::Http1 => {
            let connection = http.http1.serve_connection(io, service);
            tokio::spawn(control.drive(connection, |c| c.graceful_shutdown(), ends));
        }
        Protocol::Http2 => {
            let connection = http.http2.serve_connection(io, service);
            tokio::spawn(control.drive(connection, |c| c.graceful_shutdown(), ends));
        }
        Protocol::Undecided => {
            // hyper-util's connection borrows its builder: the task keeps the builders alive.
            // The rare case (no ALPN, or a part of the h2 preface that stalled), so the task's
            // `async` block around the connection costs nothing that matters.
            let http = Arc::clone(http);
            tokio::spawn(async move {
                let connection = http.auto.serve_connection(io, service);
                control
                    .drive(connection, |c| c.graceful_shutdown(), ends)
                    .await;
            });
        }
    }
}

/// One connection's control and deadlines, the server's stop signal and the connection's slot.
struct Connection {
    control: Arc<Control>,
    deadlines: Deadlines,
    stop: watch::Receiver<bool>,
    slot: OwnedSemaphorePermit,
}

/// What a connection's task holds until it ends: its slot, and its watchdog, stopped then.
struct Ends {
    watchdog: AbortHandle,
    _slot: OwnedSemaphorePermit,
}

impl Drop for Ends {
    fn drop(&mut self) {
        self.watchdog.abort();
    }
}
