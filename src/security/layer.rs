//! [`RequireCardSecurity`]: the card's requirements in front of any route.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::{Request, Response};
use tower::{Layer, Service};

use super::failure::ErrorStyle;
use super::requirements::CardSecurity;
use crate::serve::ResponseBody;

/// A tower layer that lets a request through only when it meets the card's security
/// requirements, with the [`AuthContext`](super::AuthContext) in its extensions; otherwise
/// it answers 401 or 403 itself. Use it on the agent's own routes (its JSON-RPC endpoint, its
/// REST routes) so they demand exactly what the card declares.
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle, RequireCardSecurity};
/// use tower::Layer;
/// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let rpc = tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("{}")))
/// });
/// let protected = RequireCardSecurity::new(security).style(ErrorStyle::JsonRpc).layer(rpc);
/// # let _ = protected;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RequireCardSecurity {
    security: CardSecurity,
    style: ErrorStyle,
}

impl RequireCardSecurity {
    /// Enforces `security`; refusals in the HTTP+JSON style unless [`style`](Self::style)
    /// says otherwise.
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security);
    /// # let _ = layer;
    /// ```
    pub fn new(security: CardSecurity) -> Self {
        RequireCardSecurity {
            security,
            style: ErrorStyle::default(),
        }
    }

    /// How refusals are written (JSON-RPC error or HTTP+JSON error).
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security)
    ///     .style(a2a_card::security::ErrorStyle::JsonRpc);
    /// # let _ = layer;
    /// ```
    pub fn style(mut self, style: ErrorStyle) -> Self {
        self.style = style;
        self
    }
}

impl<S> Layer<S> for RequireCardSecurity {
    type Service = RequireCardSecurityService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        RequireCardSecurityService {
            inner,
            security: self.security.clone(),
            style: self.style,
        }
    }
}

/// The service made by [`RequireCardSecurity`].
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
    style: ErrorStyle,
}

/// The future of [`RequireCardSecurityService`]: verification may wait (a key fetch, a
/// token introspection), so it is boxed.
pub type SecuredFuture<B, E> =
    Pin<Box<dyn Future<Output = Result<Response<ResponseBody<B>>, E>> + Send>>;

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for RequireCardSecurityService<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    ReqBody: Send + 'static,
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
        let style = self.style;
        Box::pin(async move {
            let (mut parts, body) = request.into_parts();
            match security.check(&parts).await {
                Ok(context) => {
                    parts.extensions.insert(context);
                    let response = inner.call(Request::from_parts(parts, body)).await?;
                    Ok(response.map(ResponseBody::inner))
                }
                Err(failure) => {
                    tracing::debug!(target: "a2a_card", reasons = ?failure.reasons(), status = failure.status().as_u16(), "request refused");
                    let response = failure.to_response(style, None);
                    Ok(response.map(|bytes| ResponseBody::card(Some(bytes))))
                }
            }
        })
    }
}
