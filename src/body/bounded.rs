//! The bounded read of a request body's start (in size, in held bytes and, with a
//! [`BodyTimeout`], in time), and the canned answers when it fails: `408` for a body that did
//! not arrive in time, `503` for one the [`BodyBudget`] cannot hold.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

use bytes::Bytes;
use http::HeaderMap;
use http_body::Body;

use super::{BodyBudget, BodyTimeout, Held};
use crate::protocol::{ErrorCode, jsonrpc};

/// Why the start of a body could not be read.
pub(crate) enum ReadFailure<E> {
    /// The body itself failed (the client went away, a framing error).
    Body(E),
    /// The [`BodyTimeout`] passed first.
    TimedOut,
    /// Holding the bytes read would have gone over the [`BodyBudget`](BodyBudget).
    OverBudget,
}

/// What was read of a body: the bytes, any trailers, and the rest of the body when it did
/// not end within the limit; then the bytes' holding in the budget.
pub(crate) type Read<B> = (Bytes, Option<HeaderMap>, Option<Pin<Box<B>>>);

/// Reads `body` until it ends or more than `limit` bytes were read, within `timeout` when
/// one is given, holding what it read in `budget`.
pub(crate) async fn read_up_to<B>(
    body: B,
    limit: usize,
    timeout: Option<&BodyTimeout>,
    budget: &BodyBudget,
) -> Result<(Read<B>, Held), ReadFailure<B::Error>>
where
    B: Body<Data = Bytes>,
{
    let read = read_start(body, limit, budget.hold());
    let Some(timeout) = timeout else {
        return read.await;
    };
    let mut read = std::pin::pin!(read);
    let mut sleep = (timeout.sleep)(timeout.after);
    std::future::poll_fn(|cx| {
        if let Poll::Ready(result) = read.as_mut().poll(cx) {
            return Poll::Ready(result);
        }
        sleep.as_mut().poll(cx).map(|()| Err(ReadFailure::TimedOut))
    })
    .await
}

async fn read_start<B>(
    body: B,
    limit: usize,
    mut held: Held,
) -> Result<(Read<B>, Held), ReadFailure<B::Error>>
where
    B: Body<Data = Bytes>,
{
    let mut body = Box::pin(body);
    let mut read = bytes::BytesMut::new();
    loop {
        if read.len() > limit {
            return Ok(((read.freeze(), None, Some(body)), held));
        }
        let frame = std::future::poll_fn(|cx| body.as_mut().poll_frame(cx)).await;
        match frame {
            None => return Ok(((read.freeze(), None, None), held)),
            Some(Err(error)) => return Err(ReadFailure::Body(error)),
            Some(Ok(frame)) => match frame.into_data() {
                Ok(data) if held.grow(data.len()) => read.extend_from_slice(&data),
                Ok(_) => return Err(ReadFailure::OverBudget),
                Err(frame) => {
                    let trailers = frame.into_trailers().ok();
                    return Ok(((read.freeze(), trailers, None), held));
                }
            },
        }
    }
}

/// `503 Service Unavailable` with `Retry-After: 1` for a JSON-RPC call whose start could
/// not be held within the [`BodyBudget`](BodyBudget): the server holds too many
/// bodies at once now.
#[cfg(feature = "extended")]
pub(crate) fn over_budget() -> http::Response<Bytes> {
    let error = jsonrpc::error_object(
        ErrorCode::InternalError,
        "The server is reading too many request bodies at once; retry shortly",
        None,
    );
    let body = jsonrpc::error(None, &error);
    let mut response = json_error(http::StatusCode::SERVICE_UNAVAILABLE, body);
    let retry = http::HeaderValue::from_static("1");
    response
        .headers_mut()
        .insert(http::header::RETRY_AFTER, retry);
    response
}

/// An error of the layers' own: `status`, `body` (JSON), never stored by a cache.
fn json_error(status: http::StatusCode, body: Vec<u8>) -> http::Response<Bytes> {
    let mut response = http::Response::new(Bytes::from(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    let json = http::HeaderValue::from_static("application/json");
    headers.insert(http::header::CONTENT_TYPE, json);
    let no_store = http::HeaderValue::from_static("no-store");
    headers.insert(http::header::CACHE_CONTROL, no_store);
    response
}

/// `408 Request Timeout` for a body that did not arrive in time, in JSON-RPC style or the
/// HTTP+JSON binding's; the connection is closed after it.
pub(crate) fn timed_out(as_jsonrpc: bool) -> http::Response<Bytes> {
    const MESSAGE: &str = "The request body did not arrive in time";
    let body = if as_jsonrpc {
        jsonrpc::error(
            None,
            &jsonrpc::error_object(ErrorCode::InvalidRequest, MESSAGE, None),
        )
    } else {
        let status = serde_json::json!({"error": {"code": 408, "status": "DEADLINE_EXCEEDED", "message": MESSAGE}});
        status.to_string().into_bytes()
    };
    let mut response = json_error(http::StatusCode::REQUEST_TIMEOUT, body);
    let close = http::HeaderValue::from_static("close");
    response
        .headers_mut()
        .insert(http::header::CONNECTION, close);
    response
}
