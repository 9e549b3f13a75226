//! The response body of the middlewares: bytes of their own (the card, an error, or nothing)
//! or the inner service's body untouched.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
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
        /// Bytes of ours, sent as one frame; `None` once sent or when there is no body.
        Card { data: Option<Bytes> },
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

    pub(crate) fn card(data: Option<Bytes>) -> Self {
        ResponseBody {
            kind: Kind::Card {
                data: data.filter(|d| !d.is_empty()),
            },
        }
    }
}

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
            KindProj::Card { data } => Poll::Ready(data.take().map(|d| Ok(Frame::data(d)))),
            KindProj::Inner { body } => body.poll_frame(cx),
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.kind {
            Kind::Card { data } => data.is_none(),
            Kind::Inner { body } => body.is_end_stream(),
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Kind::Card { data } => {
                SizeHint::with_exact(data.as_ref().map_or(0, |d| d.len() as u64))
            }
            Kind::Inner { body } => body.size_hint(),
        }
    }
}
