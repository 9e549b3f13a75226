//! The response future of [`ExtendedCardService`](super::ExtendedCardService).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::Response;
use pin_project_lite::pin_project;

use crate::body::ResponseBody;

type Boxed<B, E> = Pin<Box<dyn Future<Output = Result<Response<ResponseBody<B>>, E>> + Send>>;

pin_project! {
    /// The future of [`ExtendedCardService`](super::ExtendedCardService): the inner
    /// service's future as it is for requests that are not the extended card's, and the
    /// layer's own work (authentication may wait, a JSON-RPC body is read), boxed, for those
    /// that are.
    ///
    /// ```
    /// use a2a_card::extended::{ExtendedCardLayer, ResponseFuture, RequestBody};
    /// use a2a_card::security::{ApiKeys, CardSecurity};
    /// use std::convert::Infallible;
    /// use tower::{Layer, Service};
    /// # let public = a2a_card::__doctest::example_card();
    /// let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
    /// let layer = ExtendedCardLayer::builder(&public, security).extended_card(public.clone()).build()?;
    /// let mut service = layer.layer(tower::service_fn(|_req: http::Request<RequestBody<String>>| async {
    ///     Ok::<_, Infallible>(http::Response::new(String::from("the agent")))
    /// }));
    /// let request = http::Request::get("/a2a/rest/extendedAgentCard").body(String::new())?;
    /// let future = service.call(request);
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// assert_eq!(run(future)?.status(), 401);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub struct ResponseFuture<F, B, E> {
        #[pin]
        kind: Kind<F, B, E>,
    }
}

pin_project! {
    #[project = KindProj]
    enum Kind<F, B, E> {
        Inner { #[pin] future: F },
        Ours { future: Boxed<B, E> },
    }
}

impl<F, B, E> ResponseFuture<F, B, E> {
    pub(crate) fn inner(future: F) -> Self {
        ResponseFuture {
            kind: Kind::Inner { future },
        }
    }

    pub(crate) fn ours(
        future: impl Future<Output = Result<Response<ResponseBody<B>>, E>> + Send + 'static,
    ) -> Self {
        ResponseFuture {
            kind: Kind::Ours {
                future: Box::pin(future),
            },
        }
    }
}

impl<F, B, E> Future for ResponseFuture<F, B, E>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = Result<Response<ResponseBody<B>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project().kind.project() {
            KindProj::Inner { future } => future
                .poll(cx)
                .map_ok(|response| response.map(ResponseBody::inner)),
            KindProj::Ours { future } => future.as_mut().poll(cx),
        }
    }
}

impl<F, B, E> fmt::Debug for ResponseFuture<F, B, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match &self.kind {
            Kind::Inner { .. } => "Inner",
            Kind::Ours { .. } => "Ours",
        };
        f.debug_tuple("ResponseFuture").field(&kind).finish()
    }
}
