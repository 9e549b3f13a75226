//! The response body of the middlewares: bytes of their own (the card, an error, or nothing)
//! or the inner service's body untouched.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::HeaderMap;
#[cfg(feature = "auth")]
use http::Response;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;

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
        /// Bytes of ours, sent as one frame; `None` once sent or when there is no body. Then
        /// the trailers, when there are any (a gRPC answer's status).
        Card { data: Option<Bytes>, trailers: Option<HeaderMap> },
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

    #[cfg(feature = "serve")]
    pub(crate) fn card(data: Option<Bytes>) -> Self {
        ResponseBody {
            kind: Kind::Card {
                data: data.filter(|d| !d.is_empty()),
                trailers: None,
            },
        }
    }

    /// A response of the middleware's own: its bytes, then the trailers it was given as a
    /// [`Trailers`] extension (a gRPC answer's status), if any.
    #[cfg(feature = "auth")]
    pub(crate) fn own(mut response: Response<Bytes>) -> Response<Self> {
        let trailers = response.extensions_mut().remove::<Trailers>();
        response.map(|data| ResponseBody {
            kind: Kind::Card {
                data: Some(data).filter(|d| !d.is_empty()),
                trailers: trailers.map(|t| t.0),
            },
        })
    }
}

/// Trailers to send after the body of a response of the middleware's own, carried to
/// [`ResponseBody::own`] as an extension of the `Response<Bytes>` the answer is written in.
#[cfg(feature = "auth")]
#[derive(Debug, Clone)]
pub(crate) struct Trailers(pub(crate) HeaderMap);

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
            KindProj::Card { data, trailers } => Poll::Ready(match data.take() {
                Some(data) => Some(Ok(Frame::data(data))),
                None => trailers.take().map(|t| Ok(Frame::trailers(t))),
            }),
            KindProj::Inner { body } => body.poll_frame(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.kind {
            Kind::Card { data, trailers } => data.is_none() && trailers.is_none(),
            Kind::Inner { body } => body.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Kind::Card { data, .. } => {
                SizeHint::with_exact(data.as_ref().map_or(0, |d| d.len() as u64))
            }
            Kind::Inner { body } => body.size_hint(),
        }
    }
}
