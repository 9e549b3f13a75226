//! [`ExtendedCardService`]: answers the extended-card operation, passes the rest on.

use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::request::Parts;
use http::{HeaderValue, Method, Request, Response, StatusCode};
use serde_json::Value;
use tower::Service;

use super::body::RequestBody;
use super::future::ResponseFuture;
use super::policy::UndecidedCall;
use super::responses::{
    A2aError, allow, bad_tenant, batched, jsonrpc_card, lenient_route, rest_card, undecided,
    unreadable_body,
};
use super::routes::{Ask, Routes};
use super::variants::ExtendedCard;
use crate::body::{
    Call, PeekSettings, ReadFailure, ResponseBody, over_budget, scan_call, timed_out,
};
use crate::protocol::ExtendedCardOperation;
use crate::security::{CardSecurity, ErrorStyle, Verdicts};

/// What the layer and every clone of its service share: the routes, the card, its security,
/// the prebuilt headers and how a call is read.
#[derive(Debug, Clone)]
pub(crate) struct ExtendedState {
    pub(crate) routes: Routes,
    pub(crate) capability: bool,
    pub(crate) card: Option<Arc<ExtendedCard>>,
    /// `None` only for [`ExtendedCardLayer::not_configured`](super::ExtendedCardLayer::not_configured):
    /// no card, so nothing to guard.
    pub(crate) security: Option<CardSecurity>,
    pub(crate) cache_control: HeaderValue,
    /// `Vary` of a JSON-RPC result: the credential headers.
    pub(crate) vary: HeaderValue,
    /// `Vary` of a REST answer: the same, and `Accept-Encoding` when it picks a coding.
    pub(crate) rest_vary: HeaderValue,
    pub(crate) peek: PeekSettings,
    pub(crate) undecided: UndecidedCall,
}

/// The service made by [`ExtendedCardLayer`](super::ExtendedCardLayer). The inner service
/// receives [`RequestBody`]: the original body, or for a JSON-RPC call the layer had to read
/// to learn its method, the same bytes replayed.
///
/// ```
/// # use a2a_card::security::{ApiKeys, CardSecurity};
/// # let public = a2a_card::__doctest::example_card();
/// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
/// use tower::Layer;
/// let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
///     .extended_card(public.clone()).build()?;
/// let service = layer.layer(tower::service_fn(|_req: http::Request<a2a_card::extended::RequestBody<String>>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
/// }));
/// # let _ = service;
/// # Ok::<(), a2a_card::extended::ExtendedError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExtendedCardService<S> {
    inner: S,
    shared: Arc<ExtendedState>,
}

impl<S> ExtendedCardService<S> {
    pub(crate) fn new(inner: S, shared: Arc<ExtendedState>) -> Self {
        ExtendedCardService { inner, shared }
    }

    inner_service_accessors!(
        "# use a2a_card::security::{ApiKeys, CardSecurity};
# let public = a2a_card::__doctest::example_card();
# let security = CardSecurity::builder(&public).verifier(\"apiKey\", ApiKeys::new([\"k1\"]).unwrap()).build().unwrap();
# let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security).extended_card(public.clone()).build().unwrap();"
    );
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for ExtendedCardService<S>
where
    S: Service<Request<RequestBody<ReqBody>>, Response = Response<ResBody>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    ReqBody: http_body::Body<Data = Bytes> + Send + 'static,
    ReqBody::Error: Send,
    ResBody: Send + 'static,
{
    type Response = Response<ResponseBody<ResBody>>;
    type Error = S::Error;
    type Future = ResponseFuture<S::Future, ResBody, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let Some(ask) = self
            .shared
            .routes
            .ask(request.method(), request.uri().path())
        else {
            return ResponseFuture::inner(self.inner.call(request.map(RequestBody::new)));
        };
        ours_to_handle(self, request, ask)
    }
}

/// A request for the extended card, handled in a boxed future. Out of line: that future is
/// built on the stack before it is boxed, and it is large (it holds the authentication and
/// the body read); inlined into `call`, and from there into the server's per-request read
/// path, its stack frame would be reserved, and its pages touched, by every request, the
/// public card's included.
#[inline(never)]
fn ours_to_handle<S, ReqBody, ResBody>(
    service: &mut ExtendedCardService<S>,
    request: Request<ReqBody>,
    ask: Ask,
) -> ResponseFuture<S::Future, ResBody, S::Error>
where
    S: Service<Request<RequestBody<ReqBody>>, Response = Response<ResBody>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
    ReqBody: http_body::Body<Data = Bytes> + Send + 'static,
    ReqBody::Error: Send,
    ResBody: Send + 'static,
{
    // The ready service is taken for this request (it may pass a JSON-RPC call on);
    // a clone waits for the next one.
    let clone = service.inner.clone();
    let inner = std::mem::replace(&mut service.inner, clone);
    let shared = service.shared.clone();
    ResponseFuture::ours(handle(shared, inner, request, ask))
}

fn ours<B>(response: Response<Bytes>) -> Response<ResponseBody<B>> {
    ResponseBody::own(response)
}

async fn handle<S, ReqBody, ResBody>(
    shared: Arc<ExtendedState>,
    mut inner: S,
    request: Request<ReqBody>,
    ask: Ask,
) -> Result<Response<ResponseBody<ResBody>>, S::Error>
where
    S: Service<Request<RequestBody<ReqBody>>, Response = Response<ResBody>>,
    ReqBody: http_body::Body<Data = Bytes>,
{
    let (parts, body) = request.into_parts();
    if ask == Ask::BadTenant {
        return Ok(ours(bad_tenant()));
    }
    if ask == Ask::Lenient {
        #[cfg(feature = "grpc")]
        if crate::protocol::grpc::is_grpc(&parts.headers) {
            return Ok(ours(super::grpc::lenient_route()));
        }
        return Ok(ours(lenient_route()));
    }
    if let Ask::Rest(operation) = ask {
        return Ok(ours(match Asked::rest(&parts.method, operation) {
            Ok(asked) => answer(&shared, &parts, asked).await,
            Err(status) => allow(status),
        }));
    }
    #[cfg(feature = "grpc")]
    if let Ask::Grpc(call) = ask {
        return grpc_call(&shared, inner, parts, body, call).await;
    }
    let (target, body) = if compressed(&parts.headers) {
        (CallTarget::Undecided, RequestBody::new(body))
    } else {
        match shared.peek.read(body).await {
            Err(ReadFailure::TimedOut) => return Ok(ours(timed_out(true))),
            Err(ReadFailure::OverBudget) => return Ok(ours(over_budget())),
            Err(ReadFailure::Body(_)) => return Ok(ours(unreadable_body())),
            Ok(((read, trailers, rest), held)) => {
                let target = match rest {
                    None => call_target(&read),
                    Some(_) => CallTarget::Undecided,
                };
                (target, RequestBody::replay(read, trailers, rest, held))
            }
        }
    };
    match target {
        CallTarget::Ours(operation, id) => {
            let asked = Asked::JsonRpc { id, operation };
            return Ok(ours(answer(&shared, &parts, asked).await));
        }
        CallTarget::Batched => return Ok(ours(batched())),
        CallTarget::Undecided => match shared.undecided {
            UndecidedCall::Refuse => return Ok(ours(undecided())),
            UndecidedCall::RequireSecurity => {
                if let Err(failure) = every_requirement(&shared, &parts).await {
                    return Ok(ours(failure.to_response(ErrorStyle::JsonRpc, None)));
                }
            }
            UndecidedCall::PassThrough => {}
        },
        CallTarget::NotOurs => {}
    }
    let response = inner.call(Request::from_parts(parts, body)).await?;
    Ok(response.map(ResponseBody::inner))
}

/// A gRPC call the layer handles: the extended card answered from the call's message, or a
/// call it cannot answer (a method the service does not define, v0.3's `GetAgentCard`), which
/// the [`UndecidedCall`] policy decides.
#[cfg(feature = "grpc")]
async fn grpc_call<S, ReqBody, ResBody>(
    shared: &ExtendedState,
    mut inner: S,
    parts: Parts,
    body: ReqBody,
    call: super::routes::GrpcCall,
) -> Result<Response<ResponseBody<ResBody>>, S::Error>
where
    S: Service<Request<RequestBody<ReqBody>>, Response = Response<ResBody>>,
    ReqBody: http_body::Body<Data = Bytes>,
{
    use super::grpc;
    use super::routes::GrpcCall;
    match call {
        GrpcCall::ExtendedCard => {
            let answer = match grpc::read_request(&shared.peek, &parts.headers, body).await {
                Ok(_tenant) => answer(shared, &parts, Asked::Grpc).await,
                Err(status) => status,
            };
            return Ok(ours(answer));
        }
        GrpcCall::Undecided | GrpcCall::V0_3Card => match shared.undecided {
            UndecidedCall::Refuse => return Ok(ours(grpc::undecided())),
            UndecidedCall::RequireSecurity => {
                if let Err(failure) = every_requirement(shared, &parts).await {
                    return Ok(ours(failure.to_response(ErrorStyle::Grpc, None)));
                }
            }
            UndecidedCall::PassThrough => {}
        },
    }
    let request = Request::from_parts(parts, RequestBody::new(body));
    Ok(inner.call(request).await?.map(ResponseBody::inner))
}

/// Whether the body is compressed (any `Content-Encoding` but `identity`): its method cannot
/// be read without inflating it, which the layer does not do.
fn compressed(headers: &http::HeaderMap) -> bool {
    headers
        .get_all(http::header::CONTENT_ENCODING)
        .iter()
        .flat_map(|value| value.as_bytes().split(|&b| b == b','))
        .any(|coding| {
            let coding = coding.trim_ascii();
            !coding.is_empty() && !coding.eq_ignore_ascii_case(b"identity")
        })
}

/// Whose business a JSON-RPC call is: the layer's (the extended card), the agent's, or not
/// to be told.
pub(crate) enum CallTarget {
    /// The extended card (the method names the operation, so the version), with the
    /// request's id.
    Ours(ExtendedCardOperation, Value),
    /// A batch containing the extended-card method: refused whole, so the agent behind never
    /// answers that method for a caller the layer did not check.
    Batched,
    /// The method cannot be told (see [`UndecidedCall`]).
    Undecided,
    /// Anything else: the agent's business.
    NotOurs,
}

/// Reads the method the way the most lenient JSON-RPC server would (the tolerant walk of
/// [`scan_call`]: `NaN`, `1e999`, any depth, lone surrogates, a byte order mark), and takes
/// the call for ours when any `method` member names the operation (readers differ on which
/// of repeated names wins). Text no lenient reader reads the same way is undecided, never
/// "not ours".
pub(crate) fn call_target(body: &[u8]) -> CallTarget {
    let ours = |methods: &[String]| {
        methods
            .iter()
            .rev()
            .find_map(|m| ExtendedCardOperation::from_jsonrpc_method(m))
    };
    match scan_call(body) {
        Call::Single { methods, id, .. } => match ours(&methods) {
            Some(operation) => CallTarget::Ours(operation, id),
            None => CallTarget::NotOurs,
        },
        Call::Batch { methods } if ours(&methods).is_some() => CallTarget::Batched,
        Call::Unreadable => CallTarget::Undecided,
        Call::Batch { .. } | Call::NoMethod => CallTarget::NotOurs,
    }
}

/// Why a caller was refused, for operators (never a credential).
fn refused(failure: &crate::security::AuthFailure) {
    tracing::debug!(
        target: "a2a_card",
        status = failure.status().as_u16(),
        reasons = ?failure.reasons(),
        "extended card refused"
    );
}

/// The card-level check, first on every route (a refused caller learns nothing, and a 401
/// is never a 304). A layer built with
/// [`not_configured`](super::ExtendedCardLayer::not_configured) has no card to guard and
/// lets every caller through to the error.
async fn authenticated(
    shared: &ExtendedState,
    parts: &Parts,
    verdicts: &mut Verdicts,
) -> Result<(), crate::security::AuthFailure> {
    let Some(security) = &shared.security else {
        return Ok(());
    };
    security
        .check_keeping(parts, verdicts)
        .await
        .map(drop)
        .inspect_err(refused)
}

/// For a call whose method cannot be read: the card-level requirements, then those of every
/// skill that has its own. The agent behind may read the call as the extended-card method
/// and answer with every skill, so only a caller who would see every skill may send one.
async fn every_requirement(
    shared: &ExtendedState,
    parts: &Parts,
) -> Result<(), crate::security::AuthFailure> {
    let mut verdicts = Verdicts::default();
    authenticated(shared, parts, &mut verdicts).await?;
    match (&shared.security, &shared.card) {
        (Some(security), Some(card)) => card
            .check_every_skill(security, parts, &mut verdicts)
            .await
            .inspect_err(refused),
        _ => Ok(()),
    }
}

/// How the operation was asked, which decides how each answer is written: the binding,
/// and the version of the card for the JSON ones.
enum Asked {
    /// Over HTTP+JSON: `GET`, or `HEAD` for the headers alone.
    Rest {
        head: bool,
        operation: ExtendedCardOperation,
    },
    /// Over JSON-RPC, with the call's id to echo.
    JsonRpc {
        id: Value,
        operation: ExtendedCardOperation,
    },
    /// Over gRPC (A2A v1.0: `lf.a2a.v1.A2AService`).
    #[cfg(feature = "grpc")]
    Grpc,
}

impl Asked {
    /// The method of a REST request: `GET` or `HEAD`, else the status of the answer with
    /// `Allow` to give instead (204 to OPTIONS, 405 otherwise).
    fn rest(method: &Method, operation: ExtendedCardOperation) -> Result<Asked, StatusCode> {
        match *method {
            Method::GET => Ok(Asked::Rest {
                head: false,
                operation,
            }),
            Method::HEAD => Ok(Asked::Rest {
                head: true,
                operation,
            }),
            Method::OPTIONS => Err(StatusCode::NO_CONTENT),
            _ => Err(StatusCode::METHOD_NOT_ALLOWED),
        }
    }

    fn error(&self, error: A2aError) -> Response<Bytes> {
        match self {
            Asked::Rest { .. } => error.rest(),
            Asked::JsonRpc { id, .. } => error.jsonrpc(id),
            #[cfg(feature = "grpc")]
            Asked::Grpc => super::grpc::error(error),
        }
    }

    fn refusal(&self, failure: &crate::security::AuthFailure) -> Response<Bytes> {
        match self {
            Asked::Rest { .. } => failure.to_response(ErrorStyle::Rest, None),
            Asked::JsonRpc { id, .. } => failure.to_response(ErrorStyle::JsonRpc, Some(id.clone())),
            #[cfg(feature = "grpc")]
            Asked::Grpc => failure.to_response(ErrorStyle::Grpc, None),
        }
    }
}

/// The extended-card operation, answered in the binding it was asked in: unsupported when
/// the card declares no extended card, then the caller authenticated (before anything else is
/// said), then the view of the card for the caller's skills, or that none is configured.
async fn answer(shared: &ExtendedState, parts: &Parts, asked: Asked) -> Response<Bytes> {
    if !shared.capability {
        return asked.error(A2aError::UnsupportedOperation);
    }
    let mut verdicts = Verdicts::default();
    if let Err(failure) = authenticated(shared, parts, &mut verdicts).await {
        return asked.refusal(&failure);
    }
    let (Some(security), Some(card)) = (&shared.security, &shared.card) else {
        return asked.error(A2aError::NotConfigured);
    };
    let variant = card.for_caller(security, parts, &mut verdicts).await;
    match asked {
        Asked::Rest { head, operation } => rest_card(
            variant.rendering(operation),
            head,
            &parts.headers,
            &shared.cache_control,
            &shared.rest_vary,
        ),
        Asked::JsonRpc { id, operation } => {
            jsonrpc_card(variant.rendering(operation), &id, &shared.vary)
        }
        #[cfg(feature = "grpc")]
        Asked::Grpc => super::grpc::card(variant.grpc(), &shared.vary),
    }
}
