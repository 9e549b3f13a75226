//! One HTTP/1.1 connection, driven inside the caller's task while it has a request in
//! flight (no spawned task, so no tokio runtime feature is needed).

use std::future::Future;
use std::pin::{Pin, pin};
use std::task::Poll;
use std::time::Duration;

use bytes::Bytes;
use http::header::{HOST, USER_AGENT};
use http::{Request, Response, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::time::Instant;

use super::{ClientError, Outgoing};

/// The connection's own future: reads and writes the socket.
type Driver = Pin<Box<dyn Future<Output = hyper::Result<()>> + Send>>;

pub(super) struct Connection {
    sender: SendRequest<Full<Bytes>>,
    /// `None` once the connection has finished.
    driver: Option<Driver>,
    authority: String,
    user_agent: String,
    timeout: Duration,
    max_body_bytes: usize,
}

impl Connection {
    /// `limits`: the User-Agent, the exchange bound (for messages) and the body cap.
    pub(super) async fn handshake<S>(
        io: S,
        authority: &str,
        limits: (&str, Duration, usize),
    ) -> Result<Self, ClientError>
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
            .await
            .map_err(|e| http_failed(authority, &e))?;
        let (user_agent, timeout, max_body_bytes) = limits;
        Ok(Self {
            sender,
            driver: Some(Box::pin(connection)),
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
        let path = uri.path_and_query().map_or("/", |p| p.as_str());
        let mut request = Request::builder()
            .method(outgoing.method.clone())
            .uri(path)
            .header(HOST, authority)
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
                sender.ready().await?;
                sender.send_request(request).await
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
                })?;
            let body = collected
                .map_err(|e| {
                    if e.is::<http_body_util::LengthLimitError>() {
                        ClientError::TooLarge { limit: max }
                    } else {
                        http_failed(authority, &*e)
                    }
                })?
                .to_bytes();
            Ok(Response::from_parts(parts, body))
        };
        drive(&mut self.driver, authority, work).await
    }
}

/// Polls `work` and the connection together until `work` is done. A connection that ends
/// (cleanly or not) is dropped, which hands any request still in flight an error; a
/// response already delivered stays delivered (a server that sends a body after a HEAD
/// answer breaks the connection only for the next request). When the work fails after the
/// connection did, the connection's error is the one reported: it says what happened.
async fn drive<T>(
    driver: &mut Option<Driver>,
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
            match driver
                .as_mut()
                .map(|connection| connection.as_mut().poll(cx))
            {
                Some(Poll::Ready(result)) => {
                    *driver = None;
                    failure = result.err();
                }
                _ => return Poll::Pending,
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
