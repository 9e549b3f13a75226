//! [`RequireCardSecurityService`]: lets a request through only when it meets the card's
//! requirements.

use std::task::{Context, Poll};

use bytes::Bytes;
use http::{Method, Request, Response};
use serde_json::Value;
use tower::Service;

use super::failure::ErrorStyle;
use super::future::SecuredFuture;
use super::requirements::CardSecurity;
use crate::body::{read_up_to, scan_call, timed_out, BodyBudget, BodyTimeout, Call, ResponseBody};

/// The service made by [`RequireCardSecurity`](super::RequireCardSecurity).
///
/// ```
/// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
/// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
/// use tower::Layer;
/// let service = a2a_card::security::RequireCardSecurity::new(security).layer(());
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
    pub(crate) peek: usize,
    pub(crate) timeout: Option<BodyTimeout>,
    pub(crate) budget: BodyBudget,
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
        "# let card = a2a_card::AgentCard::from_json_slice(include_bytes!(\"../../examples/agent-card.json\")).unwrap();
# let security = a2a_card::security::CardSecurity::builder(&card).verifier(\"apiKey\", a2a_card::security::ApiKeys::new([\"k1\"]).unwrap()).build().unwrap();
# let layer = a2a_card::security::RequireCardSecurity::new(security);"
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
    type Future = SecuredFuture<ResBody, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        // The ready service handles this request; a fresh clone waits for the next one.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let security = self.security.clone();
        let read = self.read.clone();
        SecuredFuture::new(async move {
            let (mut parts, body) = request.into_parts();
            match security.check(&parts).await {
                Ok(context) => {
                    parts.extensions.insert(context);
                    let response = inner.call(Request::from_parts(parts, body)).await?;
                    Ok(response.map(ResponseBody::inner))
                }
                Err(failure) => {
                    tracing::debug!(target: "a2a_card", reasons = ?failure.reasons(), status = failure.status().as_u16(), "request refused");
                    let response = match refusal_style(&read, &parts.method, body).await {
                        Some((style, id)) => failure.to_response(style, id),
                        None => timed_out(read.style == Some(ErrorStyle::JsonRpc)),
                    };
                    Ok(response.map(|bytes| ResponseBody::card(Some(bytes))))
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
    method: &Method,
    body: B,
) -> Option<(ErrorStyle, Option<Value>)>
where
    B: http_body::Body<Data = Bytes>,
{
    let fixed = read.style;
    if fixed == Some(ErrorStyle::Rest) || fixed.is_none() && method != Method::POST {
        return Some((ErrorStyle::Rest, None));
    }
    let call = match read_up_to(body, read.peek, read.timeout.as_ref(), &read.budget).await {
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
