//! The request body the inner service receives: the original body, or (after the layer read
//! the start of a JSON-RPC request to learn its method) the bytes it read followed by the
//! rest, byte for byte.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::HeaderMap;
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;

use crate::body::Held;

pin_project! {
    /// The inner service's request body under [`ExtendedCardLayer`](super::ExtendedCardLayer).
    ///
    /// ```
    /// use a2a_card::extended::RequestBody;
    /// use http_body::Body;
    /// let body = RequestBody::new(String::from("{}"));
    /// assert_eq!(body.size_hint().exact(), Some(2));
    /// ```
    #[derive(Debug)]
    pub struct RequestBody<B> {
        #[pin]
        kind: Kind<B>,
    }
}

pin_project! {
    #[project = KindProj]
    #[derive(Debug)]
    enum Kind<B> {
        Original { #[pin] body: B },
        Replay {
            read: Option<Bytes>,
            // The read bytes' share of the body budget, given back once they are handed on.
            held: Option<Held>,
            trailers: Option<HeaderMap>,
            rest: Option<Pin<Box<B>>>,
        },
    }
}

impl<B> RequestBody<B> {
    /// The original body, untouched.
    ///
    /// ```
    /// use http_body::Body;
    /// let body = a2a_card::extended::RequestBody::new(String::from("{}"));
    /// assert_eq!(body.size_hint().exact(), Some(2)); // the original body's
    /// assert!(a2a_card::extended::RequestBody::new(String::new()).is_end_stream());
    /// ```
    pub fn new(body: B) -> Self {
        RequestBody {
            kind: Kind::Original { body },
        }
    }

    /// The bytes already read, any trailers already read, then what is left of the body.
    pub(crate) fn replay(
        read: Bytes,
        trailers: Option<HeaderMap>,
        rest: Option<Pin<Box<B>>>,
        held: Held,
    ) -> Self {
        RequestBody {
            kind: Kind::Replay {
                held: (!read.is_empty()).then_some(held),
                read: (!read.is_empty()).then_some(read),
                trailers,
                rest,
            },
        }
    }
}

impl<B> Body for RequestBody<B>
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
            KindProj::Original { body } => body.poll_frame(cx),
            KindProj::Replay {
                read,
                held,
                trailers,
                rest,
            } => {
                if let Some(bytes) = read.take() {
                    *held = None;
                    return Poll::Ready(Some(Ok(Frame::data(bytes))));
                }
                if let Some(rest) = rest {
                    match rest.as_mut().poll_frame(cx) {
                        Poll::Ready(None) => {}
                        other => return other,
                    }
                }
                *rest = None;
                Poll::Ready(trailers.take().map(|t| Ok(Frame::trailers(t))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match &self.kind {
            Kind::Original { body } => body.is_end_stream(),
            Kind::Replay {
                read,
                trailers,
                rest,
                ..
            } => {
                read.is_none()
                    && trailers.is_none()
                    && rest.as_ref().is_none_or(|r| r.is_end_stream())
            }
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.kind {
            Kind::Original { body } => body.size_hint(),
            Kind::Replay { read, rest, .. } => {
                let read = read.as_ref().map_or(0, |b| b.len() as u64);
                match rest {
                    None => SizeHint::with_exact(read),
                    Some(rest) => {
                        let hint = rest.size_hint();
                        let mut sum = SizeHint::new();
                        sum.set_lower(hint.lower() + read);
                        if let Some(upper) = hint.upper() {
                            sum.set_upper(upper + read);
                        }
                        sum
                    }
                }
            }
        }
    }
}
