//! What the commands that run a server share: the runtime and listener, the limits as
//! flags, the shutdown signal and a 404 service. The accept loop itself (HTTP/1.1 and HTTP/2,
//! TLS, the deadlines against slow clients, the connection cap, graceful shutdown) is the
//! server package's [`a2a_card_server`]; its module docs say where each deadline lives. Request
//! bodies are the layers' own deadline ([`BodyTimeout`](a2a_card::body::BodyTimeout),
//! `--body-timeout`), since they know what to answer.

use std::convert::Infallible;
use std::future::Future;
use std::time::Duration;

use a2a_card_server::{Server, ServerEvent};
use bytes::Bytes;
use http::{Request, Response};
use hyper::body::Incoming;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio_rustls::TlsAcceptor;

use super::Outcome;
use super::output::{Output, errln};

/// Starts the runtime and listens on `addr`: the runtime, the listener and the address it
/// listens on (port 0 resolved). Failures are reported on stderr and give the exit outcome.
pub(crate) fn listen(
    addr: &str,
    output: &mut Output,
) -> Result<(Runtime, TcpListener, String), Outcome> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            errln!(output, "a2a-card: cannot start the runtime: {e}");
            Outcome::Unreadable
        })?;
    let listener = runtime.block_on(TcpListener::bind(addr)).map_err(|e| {
        errln!(output, "a2a-card: cannot listen on {addr}: {e}");
        Outcome::Unreadable
    })?;
    let local = listener
        .local_addr()
        .map_or_else(|_| addr.to_owned(), |a| a.to_string());
    Ok((runtime, listener, local))
}

/// Limits against slow and numerous clients, as flags (`serve` flattens them in).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct Limits {
    /// Seconds a client may take to send a request's headers, counted from when the
    /// connection waits for them: on a new connection, and on a keep-alive connection after
    /// each response (so this is also the idle keep-alive timeout).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(crate) header_timeout: u64,
    /// Seconds a client may take to send a request body the server reads (a JSON-RPC call
    /// on the card's interface, read to learn its method); later, it gets 408 and the
    /// connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(crate) body_timeout: u64,
    /// Seconds a response the client does not take (an HTTP/2 stream given no window, a
    /// socket nobody reads) may go without moving before its connection is closed, whatever
    /// else the client sends; with not a byte moving either, the connection goes after
    /// --header-timeout.
    #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(crate) send_timeout: u64,
    /// Mebibytes of request bodies the server may hold at once, all connections and streams
    /// together, while it reads JSON-RPC calls to learn their method; a call beyond it gets
    /// 503 with Retry-After: 1 at once.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub(crate) body_budget: u32,
    /// Connections open at once; further connections wait (unaccepted, in the listen
    /// backlog) until one closes. Keep it below the file-descriptor limit (`ulimit -n`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) max_connections: u32,
    /// Whether requests carry their peer address (for --trusted-proxy); not a flag.
    #[arg(skip)]
    pub(crate) peer_addresses: bool,
}

/// The default of `--max-connections`: well under the common file-descriptor limit of 1024.
pub(crate) const DEFAULT_MAX_CONNECTIONS: u32 = 512;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: 10,
            body_timeout: 10,
            send_timeout: 20,
            body_budget: 16,
            peer_addresses: false,
            max_connections: DEFAULT_MAX_CONNECTIONS,
        }
    }
}

impl Limits {
    /// How a layer reads the start of request bodies: the default peek size, the body
    /// deadline on tokio's timer, and a budget of `--body-budget` held bytes that the layer
    /// given it shares across all connections.
    pub(crate) fn peek(&self) -> a2a_card::body::PeekSettings {
        let after = Duration::from_secs(self.body_timeout);
        let timeout = a2a_card::body::BodyTimeout::new(after, tokio::time::sleep);
        let budget = a2a_card::body::BodyBudget::new(self.body_budget as usize * 1024 * 1024);
        a2a_card::body::PeekSettings::default()
            .timeout(timeout)
            .budget(budget)
    }
}

/// Serves `service` on `listener` until `shutdown` completes, with the library's accept
/// loop ([`a2a_card_server::Server`]: HTTP/1.1 and h2c, or h2 and HTTP/1.1 by ALPN with
/// `tls`) under `limits`. The first time the connection cap is reached, `output` (when
/// given) says so.
pub(crate) async fn serve<S, B>(
    listener: TcpListener,
    service: S,
    tls: Option<TlsAcceptor>,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
    output: Option<&std::cell::RefCell<&mut Output>>,
) where
    S: tower::Service<Request<Incoming>, Response = Response<B>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let mut server = Server::builder()
        .header_timeout(Duration::from_secs(limits.header_timeout))
        .send_timeout(Duration::from_secs(limits.send_timeout))
        .peer_addresses(limits.peer_addresses)
        .max_connections(limits.max_connections as usize);
    if let Some(tls) = tls {
        server = server.tls(tls);
    }
    let mut told = false;
    let on_event = |event| match event {
        ServerEvent::AtCapacity { open } if !told => {
            told = true;
            if let Some(output) = output {
                errln!(
                    output.borrow_mut(),
                    "a2a-card: {open} connections open (--max-connections); new connections wait until one closes (said once)"
                );
            }
        }
        _ => {}
    };
    server
        .build()
        .serve_with(listener, service, shutdown, on_event)
        .await;
}

/// Completes on Ctrl-C or, on Unix, SIGTERM. The handlers are installed when this is
/// called (inside the runtime), not when the future is first polled, so a signal that
/// arrives right after the server announced itself still shuts it down cleanly.
pub(crate) fn shutdown_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let interrupt = signal(SignalKind::interrupt()).ok();
        let terminate = signal(SignalKind::terminate()).ok();
        async move {
            // A handler that could not be installed never fires (rather than firing at once).
            let wait = |handler: Option<tokio::signal::unix::Signal>| async move {
                match handler {
                    Some(mut handler) => {
                        handler.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(interrupt) => {}
                () = wait(terminate) => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// The inner service of a server that only serves what its layers answer: 404 for the rest.
pub(crate) async fn not_found<B>(_request: Request<B>) -> Result<Response<String>, Infallible> {
    let mut response = Response::new(String::from("not found\n"));
    *response.status_mut() = http::StatusCode::NOT_FOUND;
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(response)
}
