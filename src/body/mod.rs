//! Bodies shared by the middlewares (`serve`, `security`, `extended`): the response body, a body
//! of the middleware's own (prebuilt bytes, or nothing) or the inner service's body
//! untouched; and the bounded read of a JSON-RPC request's start, which the extended-card
//! layer uses to learn the method and the security layer to answer a refusal in JSON-RPC
//! style with the request's id.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;

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
    /// use http_body::Body;
    /// let body = a2a_card::body::ResponseBody::inner(http_body_util::Full::new(bytes::Bytes::from("ok")));
    /// assert_eq!(body.size_hint().exact(), Some(2)); // the inner body's, passed through
    /// assert!(!body.is_end_stream());
    /// let empty = a2a_card::body::ResponseBody::inner(http_body_util::Empty::<bytes::Bytes>::new());
    /// assert!(empty.is_end_stream());
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

#[cfg(feature = "auth")]
mod budget;
#[cfg(feature = "auth")]
pub(crate) use budget::Held;
#[cfg(feature = "auth")]
pub use budget::{BodyBudget, DEFAULT_BODY_BUDGET};
#[cfg(feature = "auth")]
pub use request::BodyTimeout;
#[cfg(feature = "auth")]
pub(crate) use request::{Call, ReadFailure, over_budget, read_up_to, scan_call, timed_out};

/// Reading the start of a request body: bounded in size and (with a [`BodyTimeout`]) in
/// time, and what it says as a JSON-RPC call. Only the layers that read bodies need it.
#[cfg(feature = "auth")]
mod request {
    use std::future::Future;
    use std::pin::Pin;
    use std::sync::Arc;
    use std::task::Poll;
    use std::time::Duration;

    use bytes::Bytes;
    use http::HeaderMap;
    use http_body::Body;
    use serde_json::Value;

    /// A runtime's sleep, boxed.
    type Sleep = dyn Fn(Duration) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync;

    /// A deadline for reading a request body, with the timer it runs on: the middlewares are
    /// runtime-agnostic, so the caller gives the sleep function of its runtime
    /// (`tokio::time::sleep`, `async_io::Timer::after`, ...). When a layer needs a request's body
    /// (the extended-card layer to learn a JSON-RPC call's method, the security layer to write a
    /// refusal in JSON-RPC style) and the body has not arrived in full by then, the layer answers
    /// `408 Request Timeout` with `Connection: close` and drops the request: a client that sends
    /// headers with `Content-Length: 100` and no body, or trickles it, no longer holds the
    /// connection open for as long as it likes.
    ///
    /// ```
    /// use std::time::Duration;
    /// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep);
    /// assert_eq!(timeout.duration(), Duration::from_secs(10));
    /// ```
    #[derive(Clone)]
    pub struct BodyTimeout {
        after: Duration,
        sleep: Arc<Sleep>,
    }

    impl BodyTimeout {
        /// A deadline of `after` from the moment the layer starts reading, timed by `sleep`
        /// (a function that returns a future completing after the duration it is given).
        ///
        /// ```
        /// use std::time::Duration;
        /// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_millis(500), tokio::time::sleep);
        /// assert_eq!(timeout.duration(), Duration::from_millis(500));
        /// assert!(format!("{timeout:?}").contains("500ms"));
        /// ```
        pub fn new<F, Fut>(after: Duration, sleep: F) -> Self
        where
            F: Fn(Duration) -> Fut + Send + Sync + 'static,
            Fut: Future<Output = ()> + Send + 'static,
        {
            BodyTimeout {
                after,
                sleep: Arc::new(move |d| Box::pin(sleep(d))),
            }
        }

        /// How long a body may take.
        ///
        /// ```
        /// # use std::time::Duration;
        /// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_secs(3), tokio::time::sleep);
        /// assert_eq!(timeout.duration().as_secs(), 3);
        /// ```
        pub fn duration(&self) -> Duration {
            self.after
        }
    }

    impl std::fmt::Debug for BodyTimeout {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("BodyTimeout")
                .field("after", &self.after)
                .finish_non_exhaustive()
        }
    }

    /// Why the start of a body could not be read.
    pub(crate) enum ReadFailure<E> {
        /// The body itself failed (the client went away, a framing error).
        Body(E),
        /// The [`BodyTimeout`] passed first.
        TimedOut,
        /// Holding the bytes read would have gone over the [`BodyBudget`](super::BodyBudget).
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
        budget: &super::BodyBudget,
    ) -> Result<(Read<B>, super::Held), ReadFailure<B::Error>>
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
        mut held: super::Held,
    ) -> Result<(Read<B>, super::Held), ReadFailure<B::Error>>
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
    /// not be held within the [`BodyBudget`](super::BodyBudget): the server holds too many
    /// bodies at once now.
    pub(crate) fn over_budget() -> http::Response<Bytes> {
        let body = serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {
            "code": crate::protocol::ErrorCode::InternalError.code(),
            "message": "The server is reading too many request bodies at once; retry shortly",
        }});
        let mut response = json_error(http::StatusCode::SERVICE_UNAVAILABLE, &body);
        let retry = http::HeaderValue::from_static("1");
        response
            .headers_mut()
            .insert(http::header::RETRY_AFTER, retry);
        response
    }

    /// An error of the layers' own: `status`, `body` as JSON, never stored by a cache.
    fn json_error(status: http::StatusCode, body: &Value) -> http::Response<Bytes> {
        let mut response = http::Response::new(Bytes::from(body.to_string()));
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
    pub(crate) fn timed_out(jsonrpc: bool) -> http::Response<Bytes> {
        const MESSAGE: &str = "The request body did not arrive in time";
        let body = if jsonrpc {
            serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {
                "code": crate::protocol::ErrorCode::InvalidRequest.code(), "message": MESSAGE,
            }})
        } else {
            serde_json::json!({"error": {"code": 408, "status": "DEADLINE_EXCEEDED", "message": MESSAGE}})
        };
        let mut response = json_error(http::StatusCode::REQUEST_TIMEOUT, &body);
        let close = http::HeaderValue::from_static("close");
        response
            .headers_mut()
            .insert(http::header::CONNECTION, close);
        response
    }

    /// What the start of a JSON-RPC request body says, read with the crate's tolerant JSON
    /// walk (the one [`locate`](crate::validate::locate) uses; the way the most lenient JSON
    /// reader would: `NaN`, `1e999`, any depth, lone surrogates, a byte order mark, duplicate
    /// names), without building values.
    #[derive(Debug, Clone, PartialEq)]
    pub(crate) enum Call {
        /// One request: the text of every top-level `method` member that is a string (a
        /// repeated name keeps every occurrence, so no reader's choice of first or last is
        /// missed), its `id` (the last one; `null` when absent or unreadable), and whether it
        /// has a `jsonrpc` member.
        Single {
            methods: Vec<String>,
            id: Value,
            jsonrpc: bool,
        },
        /// A batch: the methods of all its requests.
        Batch { methods: Vec<String> },
        /// Nothing that carries a method: an empty body, or a top-level string, number or
        /// literal.
        NoMethod,
        /// Text no JSON reader, however lenient, reads the way this walk does (single quotes,
        /// comments, another encoding, truncated): whether it names a method cannot be told.
        Unreadable,
    }

    /// Reads what a JSON-RPC request body asks for (see [`Call`]).
    pub(crate) fn scan_call(body: &[u8]) -> Call {
        let scanner = crate::json_scan::Scanner::new(body);
        let start = scanner.skip_space(0);
        let scanned = match scanner.byte(start) {
            None => return Call::NoMethod,
            Some(b'{') => single(&scanner, start),
            Some(b'[') => {
                let (mut methods, mut readable) = (Vec::new(), true);
                let end = scanner.elements(start, |at, _| match single(&scanner, at) {
                    Some((Call::Single { methods: m, .. }, _)) => methods.extend(m),
                    // A request that is not an object is no call; one that cannot be read may be.
                    _ => readable &= scanner.byte(at) != Some(b'{'),
                });
                end.filter(|_| readable)
                    .map(|end| (Call::Batch { methods }, end))
            }
            Some(_) => scanner.skip_value(start).map(|end| (Call::NoMethod, end)),
        };
        match scanned {
            // Anything after the value (a second document, garbage) is read differently by
            // different readers.
            Some((call, end)) if scanner.skip_space(end) == scanner.len() => call,
            _ => Call::Unreadable,
        }
    }

    /// One request object at `at`, and the byte after it.
    fn single(scanner: &crate::json_scan::Scanner<'_>, at: usize) -> Option<(Call, usize)> {
        let (mut methods, mut id, mut jsonrpc, mut readable) = (Vec::new(), None, false, true);
        let end = scanner.members(at, |name, start, end| match name {
            "method" if scanner.byte(start) == Some(b'"') => {
                match scanner.string_text(start, end) {
                    Some(method) => methods.push(method),
                    None => readable = false,
                }
            }
            "id" => id = Some((start, end)),
            "jsonrpc" => jsonrpc = true,
            _ => {}
        })?;
        let id = id
            .and_then(|(start, end)| serde_json::from_slice(scanner.slice(start, end)).ok())
            .unwrap_or(Value::Null);
        readable.then_some((
            Call::Single {
                methods,
                id,
                jsonrpc,
            },
            end,
        ))
    }
}

#[cfg(all(test, feature = "auth"))]
mod tests {
    use super::{Call, scan_call};
    use serde_json::json;

    fn methods(body: &str) -> Option<Vec<String>> {
        match scan_call(body.as_bytes()) {
            Call::Single { methods, .. } | Call::Batch { methods } => Some(methods),
            Call::NoMethod => Some(Vec::new()),
            Call::Unreadable => None,
        }
    }

    #[test]
    fn reads_what_lenient_readers_read() {
        let m = |s: &str| Some(vec![s.to_owned()]);
        assert_eq!(
            methods(r#"{"method":"a","params":[NaN,-Infinity,1e999]}"#),
            m("a")
        );
        assert_eq!(
            methods(r#"{"params":{"s":"\ud800\"}"},"method":"a"}"#),
            m("a")
        );
        assert_eq!(methods("\u{feff} {\"method\" : \"\\u0061\" , }"), m("a"));
        assert_eq!(
            methods(&format!("[{}{}]", "[".repeat(5000), "]".repeat(5000))),
            Some(vec![])
        );
        assert_eq!(
            methods(r#"{"method":"a","method":"b"}"#),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            methods(r#"[{"method":"a"},7,{"method":"b"}]"#),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(methods(r#"{"method":1,"Method":"a"}"#), Some(vec![]));
        assert_eq!(methods("  "), Some(vec![]));
        assert_eq!(methods("\"GetExtendedAgentCard\""), Some(vec![]));
        let Call::Single { id, jsonrpc, .. } = scan_call(br#"{"jsonrpc":"2.0","id":[1,{"a":2}]}"#)
        else {
            panic!("one call")
        };
        assert_eq!((id, jsonrpc), (json!([1, {"a": 2}]), true));
        let Call::Single { id, .. } = scan_call(br#"{"id":NaN}"#) else {
            panic!("one call")
        };
        assert_eq!(id, json!(null));
    }

    #[test]
    fn what_readers_could_read_otherwise_is_unreadable() {
        for body in [
            "{'method':'a'}",
            "{method:\"a\"}",
            "{\"a\":1 /* c */,\"method\":\"a\"}",
            "{\"a\":[1}],\"method\":\"a\"}",
            "{\"a\":{'x':'}'},\"method\":\"a\"}",
            "{\"method\":\"a\"} {\"method\":\"b\"}",
            "{\"method\":\"a\"",
            "{\"method\":\"\\q\"}",
            "{\"method\":\"\\u+041\"}",
            "[{\"method\" \"a\"}]",
            "{\"a\":tr\"ue\"}",
            "{\"a\":\u{e9}}",
        ] {
            assert_eq!(methods(body), None, "{body}");
        }
    }
}
