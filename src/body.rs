//! Bodies shared by the middlewares ([`serve`](crate::serve),
//! [`security`](crate::security), [`extended`](crate::extended)): the response body, a body
//! of the middleware's own (prebuilt bytes, or nothing) or the inner service's body
//! untouched; and the bounded read of a JSON-RPC request's start, which the extended-card
//! layer uses to learn the method and the security layer to answer a refusal in JSON-RPC
//! style with the request's id.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::HeaderMap;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use serde_json::Value;

/// How much of a JSON-RPC request body the middlewares read (to learn its method, or its id
/// for a refusal); a larger body is not read further.
///
/// ```
/// assert_eq!(a2a_card::body::DEFAULT_JSONRPC_PEEK, 64 * 1024);
/// ```
pub const DEFAULT_JSONRPC_PEEK: usize = 64 * 1024;

pin_project! {
    /// Either a body of the middleware's own (the card, an error, or an empty body for
    /// HEAD, 304 and the like) or the inner service's body.
    ///
    /// ```
    /// use a2a_card::body::ResponseBody;
    /// use http_body::Body;
    /// let body: ResponseBody<String> = ResponseBody::inner("hello".to_owned());
    /// assert_eq!(body.size_hint().exact(), Some(5));
    /// ```
    #[derive(Debug)]
    pub struct ResponseBody<B> {
        #[pin]
        kind: Kind<B>,
    }
}

pin_project! {
    #[project = KindProj]
    #[derive(Debug)]
    enum Kind<B> {
        /// Bytes of ours, sent as one frame; `None` once sent or when there is no body.
        Card { data: Option<Bytes> },
        Inner { #[pin] body: B },
    }
}

impl<B> ResponseBody<B> {
    /// Wraps the inner service's body.
    ///
    /// ```
    /// let body = a2a_card::body::ResponseBody::inner(http_body_util::Empty::<bytes::Bytes>::new());
    /// # let _ = body;
    /// ```
    pub fn inner(body: B) -> Self {
        ResponseBody {
            kind: Kind::Inner { body },
        }
    }

    pub(crate) fn card(data: Option<Bytes>) -> Self {
        ResponseBody {
            kind: Kind::Card {
                data: data.filter(|d| !d.is_empty()),
            },
        }
    }
}

impl<B> Body for ResponseBody<B>
where
    B: Body<Data = Bytes>,
{
    type Data = Bytes;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        match self.project().kind.project() {
            KindProj::Card { data } => Poll::Ready(data.take().map(|d| Ok(Frame::data(d)))),
            KindProj::Inner { body } => body.poll_frame(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.kind {
            Kind::Card { data } => data.is_none(),
            Kind::Inner { body } => body.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Kind::Card { data } => {
                SizeHint::with_exact(data.as_ref().map_or(0, |d| d.len() as u64))
            }
            Kind::Inner { body } => body.size_hint(),
        }
    }
}

/// Reads `body` until it ends or more than `limit` bytes were read. Returns the bytes read,
/// any trailers, and the rest of the body when it did not end.
pub(crate) async fn read_up_to<B>(
    body: B,
    limit: usize,
) -> Result<(Bytes, Option<HeaderMap>, Option<Pin<Box<B>>>), B::Error>
where
    B: Body<Data = Bytes>,
{
    let mut body = Box::pin(body);
    let mut read = bytes::BytesMut::new();
    loop {
        if read.len() > limit {
            return Ok((read.freeze(), None, Some(body)));
        }
        let frame = std::future::poll_fn(|cx| body.as_mut().poll_frame(cx)).await;
        match frame {
            None => return Ok((read.freeze(), None, None)),
            Some(Err(error)) => return Err(error),
            Some(Ok(frame)) => match frame.into_data() {
                Ok(data) => read.extend_from_slice(&data),
                Err(frame) => {
                    let trailers = frame.into_trailers().ok();
                    return Ok((read.freeze(), trailers, None));
                }
            },
        }
    }
}

/// A JSON-RPC request body read the way a lenient JSON-RPC server reads it (a byte order
/// mark skipped, the last of duplicate keys winning); `None` when it is not JSON.
pub(crate) fn jsonrpc_json(body: &[u8]) -> Option<Value> {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    serde_json::from_slice(body).ok()
}

/// The id of a JSON-RPC request (`null` when it has none, or for a batch).
pub(crate) fn jsonrpc_id(call: &Value) -> Value {
    call.get("id").cloned().unwrap_or(Value::Null)
}
