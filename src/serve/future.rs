//! The response future of [`AgentCardService`](super::AgentCardService).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use http::Response;
use pin_project_lite::pin_project;

use crate::body::ResponseBody;

pin_project! {
    /// Resolves at once with the card's response, or when the inner service answers.
    ///
    /// Returned by [`AgentCardService::call`](tower::Service::call); there is nothing to
    /// do with it but await it.
    #[derive(Debug)]
    pub struct ResponseFuture<F, B> {
        #[pin]
        kind: Kind<F, B>,
    }
}

pin_project! {
    #[project = KindProj]
    #[derive(Debug)]
    enum Kind<F, B> {
        Card { response: Option<Response<ResponseBody<B>>> },
        Inner { #[pin] future: F },
    }
}

impl<F, B> ResponseFuture<F, B> {
    pub(crate) fn card(response: Response<ResponseBody<B>>) -> Self {
        ResponseFuture {
            kind: Kind::Card {
                response: Some(response),
            },
        }
    }

    pub(crate) fn inner(future: F) -> Self {
        ResponseFuture {
            kind: Kind::Inner { future },
        }
    }
}

impl<F, B, E> Future for ResponseFuture<F, B>
where
    F: Future<Output = Result<Response<B>, E>>,
{
    type Output = Result<Response<ResponseBody<B>>, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project().kind.project() {
            KindProj::Card { response } => Poll::Ready(Ok(response
                .take()
                .expect("ResponseFuture polled after it completed"))),
            KindProj::Inner { future } => future
                .poll(cx)
                .map_ok(|response| response.map(ResponseBody::inner)),
        }
    }
}
