//! One connection, HTTP/1.1 or HTTP/2, driven inside the caller's task while it has a
//! request in flight (no spawned task, so no tokio runtime feature is needed). HTTP/2's
//! connection hands hyper futures to run beside it (the connection task, each request's
//! send); a local executor keeps them, and the caller's task polls them with the rest.

use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use bytes::Bytes;
use http::header::{HOST, USER_AGENT};
use http::{Request, Response, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::{http1, http2};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::time::Instant;

use super::{ClientError, Outgoing, Trailers};

/// The connection's own future: reads and writes the socket.
type Driver = Pin<Box<dyn Future<Output = hyper::Result<()>> + Send>>;

/// A future hyper handed to the executor.
type Task = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The executor given to hyper's HTTP/2 client: it only queues what hyper spawns, for
/// [`drive`] to poll in the caller's task.
#[derive(Clone, Default)]
struct LocalTasks(Arc<Mutex<Vec<Task>>>);

impl<F> hyper::rt::Executor<F> for LocalTasks
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, future: F) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Box::pin(future));
    }
}

impl LocalTasks {
    /// The futures queued since the last call.
    fn take(&self) -> Vec<Task> {
        std::mem::take(
            &mut *self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

/// Which protocol the connection speaks.
enum Sender {
    Http1(http1::SendRequest<Full<Bytes>>),
    /// HTTP/2: the request carries its scheme and authority (`:scheme`, `:authority`).
    Http2(http2::SendRequest<Full<Bytes>>),
}

/// What runs beside the requests: the connection's future and, for HTTP/2, the futures
/// hyper spawned.
struct Running {
    /// `None` once the connection has finished.
    driver: Option<Driver>,
    spawned: LocalTasks,
    tasks: Vec<Task>,
}

pub(super) struct Connection {
    sender: Sender,
    running: Running,
    authority: String,
    user_agent: String,
    timeout: Duration,
    max_body_bytes: usize,
}

impl Connection {
    /// `limits`: the User-Agent, the exchange bound (for messages) and the body cap. With
    /// `http2`, HTTP/2 is spoken from the first byte (prior knowledge, or after ALPN h2).
    pub(super) async fn handshake<S>(
        io: S,
        authority: &str,
        http2: bool,
        limits: (&str, Duration, usize),
    ) -> Result<Self, ClientError>
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let spawned = LocalTasks::default();
        let (sender, driver): (Sender, Driver) = if http2 {
            let (sender, connection) = http2::Builder::new(spawned.clone())
                .handshake(TokioIo::new(io))
                .await
                .map_err(|e| http_failed(authority, &e))?;
            (Sender::Http2(sender), Box::pin(connection))
        } else {
            let (sender, connection) = http1::handshake(TokioIo::new(io))
                .await
                .map_err(|e| http_failed(authority, &e))?;
            (Sender::Http1(sender), Box::pin(connection))
        };
        let (user_agent, timeout, max_body_bytes) = limits;
        Ok(Self {
            sender,
            running: Running {
                driver: Some(driver),
                spawned,
                tasks: Vec::new(),
            },
            authority: authority.to_owned(),
            user_agent: user_agent.to_owned(),
            timeout,
            max_body_bytes,
        })
    }

    /// Sends one request and reads the response, its body capped, all by `deadline`. No
    /// answer by then is a timeout; an answer whose body stalls is a body timeout (the
    /// server was reached).
    pub(super) async fn send(
        &mut self,
        uri: &Uri,
        outgoing: &Outgoing,
        deadline: Instant,
    ) -> Result<Response<Bytes>, ClientError> {
        let authority = self.authority.as_str();
        let builder = match self.sender {
            // HTTP/1.1: the path, and the Host header.
            Sender::Http1(_) => Request::builder()
                .uri(uri.path_and_query().map_or("/", |p| p.as_str()))
                .header(HOST, authority),
            // HTTP/2: the whole URI, which gives :scheme and :authority.
            Sender::Http2(_) => Request::builder().uri(uri.clone()),
        };
        let mut request = builder
            .method(outgoing.method.clone())
            .header(USER_AGENT, self.user_agent.as_str())
            .body(Full::new(outgoing.body.clone()))
            .map_err(|e| http_failed(authority, &e))?;
        for (name, value) in &outgoing.headers {
            request.headers_mut().append(name, value.clone());
        }
        let (timeout, max) = (self.timeout, self.max_body_bytes);
        let sender = &mut self.sender;
        let work = async move {
            let response = tokio::time::timeout_at(deadline, async {
                match sender {
                    Sender::Http1(sender) => {
                        sender.ready().await?;
                        sender.send_request(request).await
                    }
                    Sender::Http2(sender) => {
                        sender.ready().await?;
                        sender.send_request(request).await
                    }
                }
            })
            .await
            .map_err(|_| ClientError::Timeout {
                authority: authority.to_owned(),
                timeout,
            })?
            .map_err(|e| http_failed(authority, &e))?;
            let (parts, body) = response.into_parts();
            let collected = tokio::time::timeout_at(deadline, Limited::new(body, max).collect())
                .await
                .map_err(|_| ClientError::BodyTimeout {
                    authority: authority.to_owned(),
                    timeout,
                })?
                .map_err(|e| {
                    if e.is::<http_body_util::LengthLimitError>() {
                        ClientError::TooLarge { limit: max }
                    } else {
                        http_failed(authority, &*e)
                    }
                })?;
            // gRPC puts its status in the trailers; they go with the response.
            let trailers = collected.trailers().cloned();
            let mut response = Response::from_parts(parts, collected.to_bytes());
            if let Some(trailers) = trailers {
                response.extensions_mut().insert(Trailers(trailers));
            }
            Ok(response)
        };
        drive(&mut self.running, authority, work).await
    }
}

/// Polls `work` and the connection together until `work` is done. A connection that ends
/// (cleanly or not) is dropped, which hands any request still in flight an error; a
/// response already delivered stays delivered (a server that sends a body after a HEAD
/// answer breaks the connection only for the next request). When the work fails after the
/// connection did, the connection's error is the one reported: it says what happened.
async fn drive<T>(
    running: &mut Running,
    authority: &str,
    work: impl Future<Output = Result<T, ClientError>>,
) -> Result<T, ClientError> {
    let mut work = pin!(work);
    let mut failure: Option<hyper::Error> = None;
    std::future::poll_fn(move |cx| {
        loop {
            if let Poll::Ready(result) = work.as_mut().poll(cx) {
                return Poll::Ready(match (result, failure.take()) {
                    (Err(ClientError::Http { .. }), Some(error)) => {
                        Err(http_failed(authority, &error))
                    }
                    (result, _) => result,
                });
            }
            let mut progress = false;
            if let Some(Poll::Ready(result)) = running
                .driver
                .as_mut()
                .map(|connection| connection.as_mut().poll(cx))
            {
                running.driver = None;
                failure = result.err();
                progress = true;
            }
            // What hyper spawned (HTTP/2's connection and sends), polled here; a future
            // spawned while polling means another round, since it may be what `work` awaits.
            running.tasks.extend(running.spawned.take());
            running
                .tasks
                .retain_mut(|task| task.as_mut().poll(cx).is_pending());
            let spawned = running.spawned.take();
            if !spawned.is_empty() {
                running.tasks.extend(spawned);
                progress = true;
            }
            if !progress {
                return Poll::Pending;
            }
        }
    })
    .await
}

fn http_failed(authority: &str, error: &dyn std::fmt::Display) -> ClientError {
    ClientError::Http {
        authority: authority.to_owned(),
        reason: error.to_string(),
    }
}
