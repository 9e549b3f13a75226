//! [`RequireCardSecurityService`]: lets a request through only when it meets the card's
//! requirements.

use std::task::{Context, Poll};

use bytes::Bytes;
use http::{Method, Request, Response};
use serde_json::Value;
use tower::Service;

use super::failure::ErrorStyle;
use super::future::ResponseFuture;
use super::requirements::CardSecurity;
use crate::body::{Call, PeekSettings, ResponseBody, scan_call, timed_out};

/// The service made by [`RequireCardSecurityLayer`](super::RequireCardSecurityLayer).
///
/// ```
/// # let card = a2a_card::__doctest::example_card();
/// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
/// use tower::Layer;
/// let service = a2a_card::security::RequireCardSecurityLayer::builder(security).build().layer(());
/// # let _: a2a_card::security::RequireCardSecurityService<()> = service;
/// ```
#[derive(Debug, Clone)]
pub struct RequireCardSecurityService<S> {
    inner: S,
    security: CardSecurity,
    read: Read,
}

/// How a refused request's body is read.
#[derive(Debug, Clone)]
pub(crate) struct Read {
    /// `None`: the style of each request.
    pub(crate) style: Option<ErrorStyle>,
    pub(crate) peek: PeekSettings,
}

impl<S> RequireCardSecurityService<S> {
    pub(crate) fn new(inner: S, security: CardSecurity, read: Read) -> Self {
        RequireCardSecurityService {
            inner,
            security,
            read,
        }
    }

    inner_service_accessors!(
        "# let card = a2a_card::__doctest::example_card();
# let security = a2a_card::security::CardSecurity::builder(&card).verifier(\"apiKey\", a2a_card::security::ApiKeys::new([\"k1\"]).unwrap()).build().unwrap();
# let layer = a2a_card::security::RequireCardSecurityLayer::builder(security).build();"
    );
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for RequireCardSecurityService<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    ReqBody: http_body::Body<Data = Bytes> + Send + 'static,
    ResBody: 'static,
{
    type Response = Response<ResponseBody<ResBody>>;
    type Error = S::Error;
    type Future = ResponseFuture<ResBody, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        // The ready service handles this request; a fresh clone waits for the next one.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let security = self.security.clone();
        let read = self.read.clone();
        ResponseFuture::new(async move {
            let (mut parts, body) = request.into_parts();
            match security.check(&parts).await {
                Ok(context) => {
                    parts.extensions.insert(context);
                    let response = inner.call(Request::from_parts(parts, body)).await?;
                    Ok(response.map(ResponseBody::inner))
                }
                Err(failure) => {
                    tracing::debug!(target: "a2a_card", reasons = ?failure.reasons(), status = failure.status().as_u16(), "request refused");
                    let response = match refusal_style(&read, &parts, body).await {
                        Some((style, id)) => failure.to_response(style, id),
                        None => timed_out(read.style == Some(ErrorStyle::JsonRpc)),
                    };
                    Ok(ResponseBody::own(response))
                }
            }
        })
    }
}

/// The style of a refusal and the JSON-RPC id to echo: fixed by the layer, or read from the
/// start of the refused request's body with the tolerant walk the extended-card layer uses
/// (a JSON-RPC request is a POST of a JSON object with a `jsonrpc` member, or of a batch).
/// `None` when the body did not arrive within the deadline.
async fn refusal_style<B>(
    read: &Read,
    parts: &http::request::Parts,
    body: B,
) -> Option<(ErrorStyle, Option<Value>)>
where
    B: http_body::Body<Data = Bytes>,
{
    // A gRPC client reads nothing but a gRPC status, whatever style the layer was given.
    #[cfg(feature = "grpc")]
    if crate::protocol::grpc::is_grpc(&parts.headers) || read.style == Some(ErrorStyle::Grpc) {
        return Some((ErrorStyle::Grpc, None));
    }
    let method = &parts.method;
    let fixed = read.style;
    if fixed == Some(ErrorStyle::Rest) || fixed.is_none() && method != Method::POST {
        return Some((ErrorStyle::Rest, None));
    }
    let call = match read.peek.read(body).await {
        Ok(((bytes, _, None), _held)) => scan_call(&bytes),
        Err(crate::body::ReadFailure::TimedOut) => return None,
        _ => Call::Unreadable,
    };
    Some(match (fixed, call) {
        (_, Call::Single { id, jsonrpc, .. }) if jsonrpc || fixed.is_some() => {
            (ErrorStyle::JsonRpc, Some(id))
        }
        (_, Call::Batch { .. }) => (ErrorStyle::JsonRpc, None),
        (None, _) => (ErrorStyle::Rest, None),
        _ => (ErrorStyle::JsonRpc, None),
    })
}

#[cfg(test)]
mod tests {
    use crate::security::{ApiKeys, AuthContext, CardSecurity, RequireCardSecurityLayer};
    use std::convert::Infallible;
    use tower::{Layer, Service, ServiceExt};

    fn security() -> CardSecurity {
        let card = crate::__doctest::example_card();
        CardSecurity::builder(&card)
            .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
            .build()
            .unwrap()
    }

    fn run<T>(future: impl std::future::Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(future)
    }

    /// Answers with the subject of the AuthContext the layer left, or 500 without one.
    fn app() -> impl Service<
        http::Request<String>,
        Response = http::Response<crate::body::ResponseBody<String>>,
        Error = Infallible,
    > + Clone {
        RequireCardSecurityLayer::builder(security())
            .build()
            .layer(tower::service_fn(
                |request: http::Request<String>| async move {
                    let found = request.extensions().get::<AuthContext>().is_some();
                    let status = if found { 200 } else { 500 };
                    let mut response = http::Response::new(String::from("inner"));
                    *response.status_mut() = http::StatusCode::from_u16(status).unwrap();
                    Ok::<_, Infallible>(response)
                },
            ))
    }

    async fn body_of(
        response: http::Response<crate::body::ResponseBody<String>>,
    ) -> serde_json::Value {
        use http_body_util::BodyExt;
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null)
    }

    #[test]
    fn a_request_with_the_credential_reaches_the_inner_service_with_its_context() {
        let request = http::Request::get("/a2a")
            .header("X-API-Key", "k1")
            .body(String::new())
            .unwrap();
        let response = run(app().oneshot(request)).unwrap();
        assert_eq!(response.status(), 200);
    }

    /// A gRPC call is refused with a gRPC status, whatever style the layer was given; gRPC-Web
    /// and other near-miss content types are not gRPC.
    #[cfg(feature = "grpc")]
    #[test]
    fn a_grpc_call_is_refused_with_a_grpc_status() {
        use crate::protocol::grpc::{Code, GrpcStatus};
        use crate::security::ErrorStyle;
        use http_body_util::BodyExt;
        let inner = tower::service_fn(|_: http::Request<String>| async {
            Ok::<_, Infallible>(http::Response::new(String::from("inner")))
        });
        for style in [None, Some(ErrorStyle::Rest), Some(ErrorStyle::JsonRpc)] {
            for content_type in [
                "application/grpc",
                "application/grpc+proto",
                "Application/GRPC; x=y",
            ] {
                let mut builder = RequireCardSecurityLayer::builder(security());
                if let Some(style) = style {
                    builder = builder.style(style);
                }
                let app = builder.build().layer(inner);
                let call = http::Request::post("/lf.a2a.v1.A2AService/SendMessage")
                    .header("content-type", content_type)
                    .body(String::from("\0\0\0\0\0"))
                    .unwrap();
                let response = run(app.oneshot(call)).unwrap();
                assert_eq!(response.status(), 200, "{style:?} {content_type}");
                let status = GrpcStatus::from_headers(response.headers()).unwrap();
                assert_eq!(status.code(), Code::Unauthenticated);
                assert_eq!(status.reason(), Some("UNAUTHENTICATED"));
                assert_eq!(response.headers()["content-type"], "application/grpc");
                assert!(response.headers().contains_key("www-authenticate"));
                let body = run(response.into_body().collect()).unwrap();
                assert!(body.trailers().is_none() && body.to_bytes().is_empty());
            }
        }
        for content_type in [
            "application/grpc-web",
            "application/grpcx",
            "application/json",
        ] {
            let call = http::Request::post("/lf.a2a.v1.A2AService/SendMessage")
                .header("content-type", content_type)
                .body(String::new())
                .unwrap();
            let response = run(app().oneshot(call)).unwrap();
            assert_eq!(response.status(), 401, "{content_type}");
            assert!(
                !response.headers().contains_key("grpc-status"),
                "{content_type}"
            );
        }
        // `.style(ErrorStyle::Grpc)`: every refusal is a gRPC status.
        let fixed = RequireCardSecurityLayer::builder(security())
            .style(ErrorStyle::Grpc)
            .build()
            .layer(inner);
        let get = http::Request::get("/x").body(String::new()).unwrap();
        let response = run(fixed.oneshot(get)).unwrap();
        assert_eq!(response.headers()["grpc-status"], "16");
        // With the key, the call reaches the service.
        let keyed = http::Request::post("/lf.a2a.v1.A2AService/SendMessage")
            .header("content-type", "application/grpc")
            .header("x-api-key", "k1")
            .body(String::new())
            .unwrap();
        let response = run(app().oneshot(keyed)).unwrap();
        assert_eq!(response.status(), 200);
        assert!(!response.headers().contains_key("grpc-status"));
    }

    #[test]
    fn a_refusal_speaks_the_callers_style() {
        // GET: the REST error.
        let get = http::Request::get("/a2a").body(String::new()).unwrap();
        let response = run(app().oneshot(get)).unwrap();
        assert_eq!(response.status(), 401);
        let body = run(body_of(response));
        assert_eq!(body["error"]["code"], 401);
        // A JSON-RPC call: a JSON-RPC error echoing its id.
        let call = http::Request::post("/a2a")
            .header("content-type", "application/json")
            .body(String::from(
                r#"{"jsonrpc": "2.0", "id": 7, "method": "SendMessage"}"#,
            ))
            .unwrap();
        let response = run(app().oneshot(call)).unwrap();
        assert_eq!(response.status(), 401);
        let body = run(body_of(response));
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["id"], 7);
        // A GET is never a JSON-RPC call, whatever its body.
        let get = http::Request::get("/a2a")
            .body(String::from(
                r#"{"jsonrpc": "2.0", "id": 7, "method": "SendMessage"}"#,
            ))
            .unwrap();
        let body = run(body_of(run(app().oneshot(get)).unwrap()));
        assert_eq!(body["error"]["code"], 401);
        // A batch: a JSON-RPC error without id.
        let batch = http::Request::post("/a2a")
            .body(String::from(
                r#"[{"jsonrpc": "2.0", "id": 1, "method": "SendMessage"}]"#,
            ))
            .unwrap();
        let body = run(body_of(run(app().oneshot(batch)).unwrap()));
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["id"], serde_json::Value::Null);
        // An object without a `jsonrpc` member is no JSON-RPC call.
        let object = http::Request::post("/a2a")
            .body(String::from(r#"{"id": 7, "method": "SendMessage"}"#))
            .unwrap();
        let body = run(body_of(run(app().oneshot(object)).unwrap()));
        assert_eq!(body["error"]["code"], 401);
        // A POST that is no JSON-RPC call: REST again.
        let post = http::Request::post("/a2a")
            .body(String::from("plain"))
            .unwrap();
        let body = run(body_of(run(app().oneshot(post)).unwrap()));
        assert_eq!(body["error"]["code"], 401);
    }

    #[test]
    fn ready_when_the_inner_service_is() {
        let mut pending =
            RequireCardSecurityLayer::builder(security())
                .build()
                .layer(tower::service_fn(|_: http::Request<String>| async {
                    Ok::<_, Infallible>(http::Response::new(String::new()))
                }));
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        assert!(pending.poll_ready(&mut cx).is_ready());
        // An inner service that is never ready keeps the layer's service not ready.
        let mut never = RequireCardSecurityLayer::builder(security())
            .build()
            .layer(Never);
        assert!(Service::<http::Request<String>>::poll_ready(&mut never, &mut cx).is_pending());
    }

    #[test]
    fn the_future_shows_nothing_of_the_request() {
        let mut service =
            RequireCardSecurityLayer::builder(security())
                .build()
                .layer(tower::service_fn(|_: http::Request<String>| async {
                    Ok::<_, Infallible>(http::Response::new(String::new()))
                }));
        let request = http::Request::get("/a2a").body(String::new()).unwrap();
        let future = service.call(request);
        assert_eq!(format!("{future:?}"), "ResponseFuture { .. }");
    }

    #[derive(Clone)]
    struct Never;

    impl Service<http::Request<String>> for Never {
        type Response = http::Response<String>;
        type Error = Infallible;
        type Future = std::future::Ready<Result<Self::Response, Infallible>>;
        fn poll_ready(
            &mut self,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Result<(), Infallible>> {
            std::task::Poll::Pending
        }
        fn call(&mut self, _: http::Request<String>) -> Self::Future {
            std::future::ready(Ok(http::Response::new(String::new())))
        }
    }

    /// A request body whose bytes never come.
    struct Stalled;

    impl http_body::Body for Stalled {
        type Data = bytes::Bytes;
        type Error = Infallible;
        fn poll_frame(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<http_body::Frame<bytes::Bytes>, Infallible>>> {
            std::task::Poll::Pending
        }
    }

    #[test]
    fn a_refused_body_that_never_arrives_is_a_408_in_the_layers_style() {
        use crate::body::{BodyTimeout, PeekSettings};
        use crate::security::ErrorStyle;
        use std::time::Duration;
        for (style, jsonrpc) in [(None, false), (Some(ErrorStyle::JsonRpc), true)] {
            let timeout = BodyTimeout::new(Duration::from_millis(20), tokio::time::sleep);
            let mut builder = RequireCardSecurityLayer::builder(security())
                .peek(PeekSettings::default().timeout(timeout));
            if let Some(style) = style {
                builder = builder.style(style);
            }
            let app = builder
                .build()
                .layer(tower::service_fn(|_: http::Request<Stalled>| async {
                    Ok::<_, Infallible>(http::Response::new(String::new()))
                }));
            let request = http::Request::post("/a2a").body(Stalled).unwrap();
            let response = run(app.oneshot(request)).unwrap();
            assert_eq!(response.status(), 408, "{style:?}");
            let body = run(body_of(response));
            assert_eq!(body["jsonrpc"] == "2.0", jsonrpc, "{style:?}: {body}");
        }
    }
}
