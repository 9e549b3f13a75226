//! The HTTP/1.1 accept loop shared by the commands that run a server: hyper on tokio, over
//! plain TCP or TLS, with header and handshake timeouts against slow clients, a cap on open
//! connections and a graceful shutdown.
//!
//! Slow clients, and where each deadline lives:
//! - request headers: hyper's header-read timer, which starts whenever a connection waits
//!   for a request head, the first one or the next one on a keep-alive connection, so it is
//!   also the idle keep-alive timeout (`--header-timeout`);
//! - request bodies: the layers that read a body (the extended-card layer's JSON-RPC peek)
//!   carry their own deadline, [`BodyTimeout`](a2a_card::body::BodyTimeout) on tokio's timer
//!   (`--body-timeout`), and answer 408. It sits in the layer rather than here because the
//!   layer is where the wait happens and knows what to answer, and because agents that use
//!   the library in their own servers get the same protection; the layers take the timer as
//!   a function so the library needs no runtime;
//! - TLS handshakes: a fixed deadline here;
//! - open connections: at most `--max-connections`. Beyond it the loop stops accepting, so
//!   new connections wait in the kernel's listen backlog and are served as soon as one
//!   closes (at the latest when the deadlines above end a slow one) rather than being
//!   refused; held connections cannot exhaust the process's file descriptors or memory.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use a2a_card::tls::{client_certificate, WithClientCertificate};
use bytes::Bytes;
use http::{Request, Response};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::runtime::Runtime;
use tokio_rustls::TlsAcceptor;

use super::output::{errln, Output};
use super::Outcome;

/// How long a client may take to complete the TLS handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long open connections get to finish once shutdown starts.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(5);

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
    /// Connections open at once; further connections wait (unaccepted, in the listen
    /// backlog) until one closes. Keep it below the file-descriptor limit (`ulimit -n`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) max_connections: u32,
}

/// The default of `--max-connections`: well under the common file-descriptor limit of 1024.
pub(crate) const DEFAULT_MAX_CONNECTIONS: u32 = 512;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: 10,
            body_timeout: 10,
            max_connections: DEFAULT_MAX_CONNECTIONS,
        }
    }
}

impl Limits {
    /// The deadline for request bodies the layers read, on tokio's timer.
    pub(crate) fn body_timeout(&self) -> a2a_card::body::BodyTimeout {
        let after = Duration::from_secs(self.body_timeout);
        a2a_card::body::BodyTimeout::new(after, tokio::time::sleep)
    }
}

/// Serves `service` on `listener` until `shutdown` completes, then lets open connections
/// finish (up to a few seconds). With `tls`, every connection starts with a TLS handshake
/// (bounded in time; a failed one just closes that connection) and its requests carry the
/// client certificate the handshake verified, if any. At most `limits.max_connections` are
/// open at once; the first time the cap is reached, `output` (when given) says so.
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
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(limits.header_timeout));
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(tokio::sync::Semaphore::new(limits.max_connections as usize));
    let mut told = false;
    tokio::pin!(shutdown);
    loop {
        // A slot first: at the cap, nothing is accepted until a connection closes.
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                if !told {
                    told = true;
                    if let Some(output) = output {
                        errln!(
                            output.borrow_mut(),
                            "a2a-card: {} connections open (--max-connections); new connections wait until one closes (said once)",
                            limits.max_connections
                        );
                    }
                }
                tokio::select! {
                    slot = slots.clone().acquire_owned() => match slot {
                        Ok(slot) => slot,
                        Err(_) => break,
                    },
                    () = &mut shutdown => break,
                }
            }
        };
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _peer)) => stream,
                    Err(_) => {
                        // Out of file descriptors and the like: back off instead of spinning.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let service = service.clone();
                let http = http.clone();
                let watcher = graceful.watcher();
                let tls = tls.clone();
                tokio::spawn(async move {
                    // The slot is given back when the connection ends, however it ends.
                    let _slot = slot;
                    // A client that goes away mid-request (or fails its handshake) is not
                    // the server's failure.
                    let Some(tls) = tls else {
                        let service = WithClientCertificate::new(service, None);
                        let connection = http.serve_connection(
                            TokioIo::new(stream),
                            TowerToHyperService::new(service),
                        );
                        let _ = watcher.watch(connection).await;
                        return;
                    };
                    let Ok(Ok(stream)) =
                        tokio::time::timeout(HANDSHAKE_TIMEOUT, tls.accept(stream)).await
                    else {
                        return;
                    };
                    let certificate = client_certificate(stream.get_ref().1);
                    let service = WithClientCertificate::new(service, certificate);
                    let connection = http.serve_connection(
                        TokioIo::new(stream),
                        TowerToHyperService::new(service),
                    );
                    let _ = watcher.watch(connection).await;
                });
            }
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN_TIMEOUT) => {}
    }
}

/// Completes on Ctrl-C or, on Unix, SIGTERM. The handlers are installed when this is
/// called (inside the runtime), not when the future is first polled, so a signal that
/// arrives right after the server announced itself still shuts it down cleanly.
pub(crate) fn shutdown_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
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
