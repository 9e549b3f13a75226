//! The HTTP/1.1 accept loop shared by the commands that run a server: hyper on tokio, over
//! plain TCP or TLS, with header and handshake timeouts against slow clients and a graceful
//! shutdown.

use std::convert::Infallible;
use std::future::Future;
use std::time::Duration;

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
use super::tls::{self, WithClientCertificate};
use super::Outcome;

/// How long a client may take to send its request headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
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

/// Serves `service` on `listener` until `shutdown` completes, then lets open connections
/// finish (up to a few seconds). With `tls`, every connection starts with a TLS handshake
/// (bounded in time; a failed one just closes that connection) and its requests carry the
/// client certificate the handshake verified, if any.
pub(crate) async fn serve<S, B>(
    listener: TcpListener,
    service: S,
    tls: Option<TlsAcceptor>,
    shutdown: impl Future<Output = ()>,
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
        .header_read_timeout(HEADER_TIMEOUT);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
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
                    let certificate = tls::client_certificate(stream.get_ref().1);
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
