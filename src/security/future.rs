//! The response future of [`RequireCardSecurityService`](super::RequireCardSecurityService).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::Response;

use crate::body::ResponseBody;

type Boxed<B, E> = Pin<Box<dyn Future<Output = Result<Response<ResponseBody<B>>, E>> + Send>>;

/// The future of [`RequireCardSecurityService`](super::RequireCardSecurityService):
/// verification may wait (a key fetch, a token introspection), so the work inside is boxed.
/// Resolves with the inner service's response, or with the refusal (401 or 403).
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity, RequireCardSecurityLayer, ResponseFuture};
/// use tower::{Layer, Service};
/// # let card = a2a_card::__doctest::example_card();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let mut service = RequireCardSecurityLayer::builder(security).build().layer(tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
/// }));
/// let future: ResponseFuture<String, std::convert::Infallible> = service.call(http::Request::new(String::new()));
/// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
/// assert_eq!(run(future)?.status(), 401);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ResponseFuture<B, E> {
    future: Boxed<B, E>,
}

impl<B, E> ResponseFuture<B, E> {
    pub(crate) fn new(
        future: impl Future<Output = Result<Response<ResponseBody<B>>, E>> + Send + 'static,
    ) -> Self {
        ResponseFuture {
            future: Box::pin(future),
        }
    }
}

impl<B, E> Future for ResponseFuture<B, E> {
    type Output = Result<Response<ResponseBody<B>>, E>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.future.as_mut().poll(cx)
    }
}

impl<B, E> fmt::Debug for ResponseFuture<B, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResponseFuture").finish_non_exhaustive()
    }
}
