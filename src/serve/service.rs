//! [`AgentCardService`]: answers card requests, passes everything else on.

use std::sync::Arc;
use std::task::{Context, Poll};

use http::{Request, Response};
use tower::Service;

use super::answer::respond;
use super::future::ResponseFuture;
use super::state::LayerState;
use crate::body::ResponseBody;
use crate::http_headers::path::canonical_segment;

/// Serves the agent card in front of an inner service. Made by
/// [`AgentCardLayer`](super::AgentCardLayer); see the [module docs](super) for what it
/// answers.
///
/// ```
/// use a2a_card::serve::AgentCardLayer;
/// use tower::Layer;
/// # let card = a2a_card::__doctest::example_card();
/// let inner = tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("inner")))
/// });
/// let service = AgentCardLayer::builder(card).build()?.layer(inner);
/// # let _ = service;
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone)]
pub struct AgentCardService<S> {
    inner: S,
    state: Arc<LayerState>,
}

impl<S> AgentCardService<S> {
    pub(crate) fn new(inner: S, state: Arc<LayerState>) -> Self {
        AgentCardService { inner, state }
    }

    inner_service_accessors!(
        "# let card = a2a_card::__doctest::example_card();
# let layer = a2a_card::serve::AgentCardLayer::builder(card).build().unwrap();"
    );
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for AgentCardService<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
{
    type Response = Response<ResponseBody<ResBody>>;
    type Error = S::Error;
    type Future = ResponseFuture<S::Future, ResBody>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        // Paths are matched in their one RFC 3986 §6.2.2 spelling, as tenant names and the
        // extended-card routes are: `/.well-known/%61gent-card.json` is the card, not a path
        // for the inner service (borrowed, no copy, when the path has no `%`).
        let path = canonical_segment(request.uri().path());
        // Every card path ends in ".json"; anything else goes straight through.
        if path.ends_with(".json") {
            if let Some(response) = respond(
                &self.state,
                request.method(),
                &path,
                request.headers(),
                request.extensions(),
            ) {
                return ResponseFuture::card(response.map(ResponseBody::card));
            }
        }
        ResponseFuture::inner(self.inner.call(request))
    }
}
