//! [`UnimplementedAgent`]: the inner service of a server that serves cards and no agent. It
//! answers the card's own interfaces in their protocol's error format, so an A2A client
//! learns "not implemented" in words it decodes rather than a plain-text 404.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode};
use serde_json::Value;
use tower::Service;

use super::error::ExtendedError;
use super::responses::{jsonrpc_error, rest_error};
use super::routes::Routes;
use crate::AgentCard;
use crate::body::{Call, PeekSettings, ResponseBody, scan_call};
use crate::protocol::{Binding, ErrorCode};

/// A service for the inside of [`ExtendedCardLayer`](super::ExtendedCardLayer) and
/// [`AgentCardLayer`](crate::serve::AgentCardLayer) when no agent stands behind them (what
/// `a2a-card serve` runs). On the interfaces the card declares it answers in the protocol's
/// error format:
/// - a `POST` to a JSON-RPC interface: a JSON-RPC error with the caller's `id`,
///   MethodNotFound (-32601) for a call, InvalidRequest (-32600) for a batch or a body with
///   no method, JSONParseError (-32700) for text that is not JSON, each with the
///   `google.rpc.ErrorInfo` detail; HTTP 200, as the SDKs' servers send JSON-RPC errors (their
///   clients read the error from a 200 and fail on the status of anything else). Other
///   methods there get 405 with `Allow: POST`.
/// - a path at or below an HTTP+JSON interface: the A2A error body (google.rpc.Status with
///   `ErrorInfo`, §11.6) of MethodNotFound, HTTP 404.
///
/// - with feature `grpc`, when the card declares a GRPC interface: any gRPC call (a `POST`
///   with `content-type: application/grpc`, `+proto` or other suffixes) on any path, a
///   trailers-only UNIMPLEMENTED status (HTTP 200, `grpc-status: 12`), what a gRPC server
///   answers for a method it does not have. A card without a GRPC interface leaves gRPC
///   calls to the rules above.
///
/// Every other path is a plain 404. The extended-card operation itself never gets here: the
/// extended layer answers it (with UnsupportedOperationError when the card declares no
/// extended card).
///
/// ```
/// use a2a_card::extended::{ExtendedCardLayer, UnimplementedAgent};
/// use tower::{Layer, ServiceExt};
/// # let public = a2a_card::__doctest::example_card();
/// let app = ExtendedCardLayer::not_configured(&public)
///     .build()?
///     .layer(UnimplementedAgent::new(&public)?);
/// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
/// // The example card's JSON-RPC interface is https://routes.example.com/a2a/v1.
/// let call = http::Request::post("/a2a/v1")
///     .body(r#"{"jsonrpc":"2.0","id":3,"method":"SendMessage"}"#.to_owned())?;
/// let response = run(app.oneshot(call))?;
/// assert_eq!(response.status(), 200);
/// assert_eq!(response.headers()["content-type"], "application/json");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct UnimplementedAgent {
    shared: Arc<Settings>,
}

#[derive(Debug, Clone)]
struct Settings {
    routes: Routes,
    peek: PeekSettings,
    /// The card declares a GRPC interface: gRPC calls get a gRPC status.
    #[cfg(feature = "grpc")]
    grpc: bool,
}

impl UnimplementedAgent {
    /// The service for the interfaces `card` declares; an interface URL with no path to
    /// route is refused, as [`ExtendedCardLayer`](super::ExtendedCardLayer) refuses it.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let agent = a2a_card::extended::UnimplementedAgent::new(&card)?;
    /// # let _ = agent;
    /// # Ok::<(), a2a_card::extended::ExtendedError>(())
    /// ```
    pub fn new(card: &AgentCard) -> Result<Self, ExtendedError> {
        let routes = Routes::from_interfaces(&card.supported_interfaces)?;
        Ok(UnimplementedAgent {
            shared: Arc::new(Settings {
                routes,
                peek: PeekSettings::default(),
                #[cfg(feature = "grpc")]
                grpc: card
                    .supported_interfaces
                    .iter()
                    .any(|i| Binding::parse(&i.protocol_binding) == Binding::Grpc),
            }),
        })
    }

    /// How the start of a JSON-RPC call is read for its `id` (see [`PeekSettings`]): default
    /// 64 KiB, no deadline (as long as the server lets a body take) and a budget of its own;
    /// give it the budget the layers in front of it have
    /// ([`ExtendedCardLayerBuilder::peek`](super::ExtendedCardLayerBuilder::peek)).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// use a2a_card::body::{BodyBudget, BodyTimeout, PeekSettings};
    /// use std::time::Duration;
    /// let peek = PeekSettings::default()
    ///     .timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep))
    ///     .budget(BodyBudget::new(8 << 20));
    /// let agent = a2a_card::extended::UnimplementedAgent::new(&card)?.peek(peek);
    /// # let _ = agent;
    /// # Ok::<(), a2a_card::extended::ExtendedError>(())
    /// ```
    pub fn peek(self, settings: PeekSettings) -> Self {
        self.with(|shared| shared.peek = settings)
    }

    fn with(self, change: impl FnOnce(&mut Settings)) -> Self {
        let mut settings = Arc::unwrap_or_clone(self.shared);
        change(&mut settings);
        UnimplementedAgent {
            shared: Arc::new(settings),
        }
    }
}

/// The future of [`UnimplementedAgent`]: boxed, since it may read the start of a body.
pub struct UnimplementedFuture {
    inner: Pin<Box<dyn Future<Output = Response<ResponseBody<String>>> + Send>>,
}

impl std::fmt::Debug for UnimplementedFuture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnimplementedFuture")
            .finish_non_exhaustive()
    }
}

impl Future for UnimplementedFuture {
    type Output = Result<Response<ResponseBody<String>>, std::convert::Infallible>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.inner.as_mut().poll(cx).map(Ok)
    }
}

impl<B> Service<Request<B>> for UnimplementedAgent
where
    B: http_body::Body<Data = Bytes> + Send + 'static,
{
    type Response = Response<ResponseBody<String>>;
    type Error = std::convert::Infallible;
    type Future = UnimplementedFuture;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let shared = self.shared.clone();
        #[cfg(feature = "grpc")]
        if shared.grpc
            && request.method() == Method::POST
            && crate::protocol::grpc::is_grpc(request.headers())
        {
            return UnimplementedFuture {
                inner: Box::pin(std::future::ready(ours(grpc_unimplemented()))),
            };
        }
        let interface = shared.routes.interface(request.uri().path());
        let inner: Pin<Box<dyn Future<Output = _> + Send>> = match interface {
            Some(Binding::JsonRpc) if request.method() == Method::POST => {
                Box::pin(async move { ours(jsonrpc(&shared, request.into_body()).await) })
            }
            Some(Binding::JsonRpc) => Box::pin(std::future::ready(ours(post_only()))),
            Some(_) => Box::pin(std::future::ready(ours(rest_error(
                ErrorCode::MethodNotFound,
                "This server serves Agent Cards only: it implements no A2A operation",
            )))),
            None => Box::pin(std::future::ready(ours(not_found()))),
        };
        UnimplementedFuture { inner }
    }
}

fn ours(response: Response<Bytes>) -> Response<ResponseBody<String>> {
    ResponseBody::own(response)
}

/// The JSON-RPC error for a call, read far enough to learn its `id`.
async fn jsonrpc<B>(settings: &Settings, body: B) -> Response<Bytes>
where
    B: http_body::Body<Data = Bytes>,
{
    let (code, message, id) = match settings.peek.read(body).await {
        Ok(((read, _, None), _held)) => match scan_call(&read) {
            Call::Single { methods, id, .. } if !methods.is_empty() => (
                ErrorCode::MethodNotFound,
                "Method not found: this server serves Agent Cards only",
                id,
            ),
            Call::Batch { .. } => (
                ErrorCode::InvalidRequest,
                "Batch requests are not supported",
                Value::Null,
            ),
            Call::Single { .. } | Call::NoMethod => (
                ErrorCode::InvalidRequest,
                "Request payload validation error: no method",
                Value::Null,
            ),
            Call::Unreadable => (ErrorCode::ParseError, "Invalid JSON payload", Value::Null),
        },
        // Larger than the peek, failed, stalled or over the budget: the id is not known.
        _ => (
            ErrorCode::InvalidRequest,
            "Request payload validation error: the call could not be read",
            Value::Null,
        ),
    };
    jsonrpc_error(code, message, &id, StatusCode::OK)
}

/// gRPC's answer for a method the server does not have, trailers-only.
#[cfg(feature = "grpc")]
fn grpc_unimplemented() -> Response<Bytes> {
    use crate::protocol::grpc::{Code, GrpcStatus};
    GrpcStatus::new(
        Code::Unimplemented,
        "This server serves Agent Cards only: it implements no A2A operation",
    )
    .trailers_only()
}

fn post_only() -> Response<Bytes> {
    let mut response = Response::new(Bytes::new());
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
        .headers_mut()
        .insert(http::header::ALLOW, HeaderValue::from_static("POST"));
    response
}

fn not_found() -> Response<Bytes> {
    let mut response = Response::new(Bytes::from_static(b"not found\n"));
    *response.status_mut() = StatusCode::NOT_FOUND;
    response.headers_mut().insert(
        http::header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    /// JSON-RPC at `/a2a/v1` and HTTP+JSON at `/a2a/rest`.
    fn agent() -> UnimplementedAgent {
        let card = crate::__doctest::example_card();
        UnimplementedAgent::new(&card).unwrap()
    }

    fn answer(method: Method, path: &str, body: &str) -> (StatusCode, HeaderMapLite, Value) {
        answer_by(agent(), method, path, body)
    }

    fn answer_by(
        agent: UnimplementedAgent,
        method: Method,
        path: &str,
        body: &str,
    ) -> (StatusCode, HeaderMapLite, Value) {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(body.to_owned())
            .unwrap();
        let run = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let response = run.block_on(agent.oneshot(request)).unwrap();
        let (parts, body) = response.into_parts();
        let bytes = run.block_on(body.collect()).unwrap().to_bytes();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        let headers = |name: http::header::HeaderName| {
            parts
                .headers
                .get(name)
                .map(|v| v.to_str().unwrap().to_owned())
        };
        let lite = HeaderMapLite {
            content_type: headers(http::header::CONTENT_TYPE),
            allow: headers(http::header::ALLOW),
        };
        (parts.status, lite, json)
    }

    struct HeaderMapLite {
        content_type: Option<String>,
        allow: Option<String>,
    }

    #[test]
    fn a_call_gets_its_jsonrpc_error_with_its_id() {
        for (body, code, id) in [
            (
                r#"{"jsonrpc":"2.0","id":4,"method":"SendMessage"}"#,
                -32601,
                json_id("4"),
            ),
            (
                r#"{"jsonrpc":"2.0","id":"s","method":"x"}"#,
                -32601,
                json_id("\"s\""),
            ),
            (r#"{"jsonrpc":"2.0","id":4}"#, -32600, Value::Null),
            (
                r#"[{"jsonrpc":"2.0","id":4,"method":"x"}]"#,
                -32600,
                Value::Null,
            ),
            ("", -32600, Value::Null),
            ("{nope", -32700, Value::Null),
        ] {
            for path in ["/a2a/v1", "/a2a/v1/", "/a2a/%76%31"] {
                let (status, headers, json) = answer(Method::POST, path, body);
                assert_eq!(status, StatusCode::OK, "{body}");
                assert_eq!(headers.content_type.as_deref(), Some("application/json"));
                assert_eq!(json["jsonrpc"], "2.0");
                assert_eq!(json["id"], id, "{body}");
                assert_eq!(json["error"]["code"], code, "{body}");
                assert_eq!(json["error"]["data"][0]["domain"], "a2a-protocol.org");
            }
        }
        // A body larger than the peek: its id is not read.
        let large = format!(
            r#"{{"id":9,"method":"x","p":"{}"}}"#,
            "x".repeat(crate::body::DEFAULT_JSONRPC_PEEK)
        );
        let (_, _, json) = answer(Method::POST, "/a2a/v1", &large);
        assert_eq!(
            (json["id"].clone(), json["error"]["code"].clone()),
            (Value::Null, (-32600).into())
        );
    }

    #[test]
    fn the_peek_settings_given_bound_the_read() {
        use crate::body::{BodyBudget, PeekSettings};
        let call = r#"{"jsonrpc":"2.0","id":4,"method":"SendMessage"}"#;
        let id_and_code = |peek: PeekSettings| {
            let (status, _, json) = answer_by(agent().peek(peek), Method::POST, "/a2a/v1", call);
            assert_eq!(status, StatusCode::OK);
            (json["id"].clone(), json["error"]["code"].clone())
        };
        let read = (json_id("4"), (-32601).into());
        let unread = (Value::Null, (-32600).into());
        assert_eq!(id_and_code(PeekSettings::default()), read);
        assert_eq!(
            id_and_code(PeekSettings::default().max_bytes(call.len())),
            read
        );
        assert_eq!(id_and_code(PeekSettings::default().max_bytes(16)), unread);
        let budget = BodyBudget::new(call.len() - 1);
        assert_eq!(id_and_code(PeekSettings::default().budget(budget)), unread);
    }

    fn json_id(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn other_methods_on_the_jsonrpc_path_are_not_allowed() {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, headers, _) = answer(method.clone(), "/a2a/v1", "");
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
            assert_eq!(headers.allow.as_deref(), Some("POST"));
        }
    }

    #[test]
    fn paths_below_the_rest_interface_get_the_a2a_error_body() {
        for (method, path) in [
            (Method::GET, "/a2a/rest"),
            (Method::GET, "/a2a/rest/"),
            (Method::POST, "/a2a/rest/message:send"),
            (Method::GET, "/a2a/rest/tasks/t-1"),
            (Method::GET, "/a2a/%72est/tasks"),
        ] {
            let (status, _, json) = answer(method, path, "");
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(json["error"]["code"], 404, "{path}");
            assert_eq!(json["error"]["status"], "UNIMPLEMENTED", "{path}");
            assert_eq!(json["error"]["details"][0]["reason"], "METHOD_NOT_FOUND");
        }
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn grpc_calls_get_unimplemented_when_the_card_declares_grpc() {
        use crate::protocol::grpc::{Code, GrpcStatus};
        let mut card = crate::__doctest::example_card();
        let without = UnimplementedAgent::new(&card).unwrap();
        card.supported_interfaces.push(crate::AgentInterface::new(
            "https://routes.example.com/a2a/grpc",
            "GRPC",
            "1.0",
        ));
        let with = UnimplementedAgent::new(&card).unwrap();
        let run = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let call = |agent: &UnimplementedAgent, method: Method, path: &str, content_type: &str| {
            let request = Request::builder()
                .method(method)
                .uri(path)
                .header(http::header::CONTENT_TYPE, content_type)
                .body(String::new())
                .unwrap();
            let response = run.block_on(agent.clone().oneshot(request)).unwrap();
            let status = GrpcStatus::from_headers(response.headers());
            let body = run
                .block_on(response.into_body().collect())
                .unwrap()
                .to_bytes();
            (status, body)
        };
        for path in [
            "/a2a/grpc/lf.a2a.v1.A2AService/SendMessage",
            "/lf.a2a.v1.A2AService/SendMessage",
            "/a2a/v1",
            "/other.Service/Method",
        ] {
            for content_type in [
                "application/grpc",
                "application/grpc+proto",
                "Application/GRPC;x=y",
            ] {
                let (status, body) = call(&with, Method::POST, path, content_type);
                let status = status.unwrap_or_else(|| panic!("{path} {content_type}: no status"));
                assert_eq!(status.code(), Code::Unimplemented, "{path}");
                assert!(status.message().contains("Agent Cards only"));
                assert!(body.is_empty());
            }
            // Without a GRPC interface, the answers of before: the JSON-RPC error on its
            // path, a 404 elsewhere; never a gRPC status.
            let (status, _) = call(&without, Method::POST, path, "application/grpc");
            assert!(status.is_none(), "{path}");
        }
        // Near misses: gRPC-Web, JSON, a GET with the gRPC content type.
        for (method, content_type) in [
            (Method::POST, "application/grpc-web"),
            (Method::POST, "application/json"),
            (Method::GET, "application/grpc"),
        ] {
            let (status, _) = call(&with, method.clone(), "/a2a/v1", content_type);
            assert!(status.is_none(), "{method} {content_type}");
        }
    }

    #[test]
    fn other_paths_are_a_plain_404() {
        for (method, path) in [
            (Method::GET, "/"),
            (Method::POST, "/a2a"),
            (Method::POST, "/a2a/v1x"),
            (Method::POST, "/a2a/v1/x"),
            (Method::GET, "/a2a/restx"),
            (Method::GET, "/x/a2a/rest"),
        ] {
            let (status, headers, json) = answer(method, path, "{}");
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(json, Value::Null, "{path}");
            let text = headers.content_type.unwrap();
            assert!(text.starts_with("text/plain"), "{path}");
        }
    }
}
