//! The hyper service a connection runs: the tower service stack, with each request counted
//! from its head until its response body is dropped, and counted as waiting on the
//! application while its handler or its body has nothing yet (see
//! [`Control`](super::connection::Control)).

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use http::{Request, Response};
use http_body::{Body, Frame, SizeHint};
use pin_project_lite::pin_project;
use tower::ServiceExt;
use tower::util::Oneshot;

use super::connection::{AppWait, Busy, Control};

/// A tower service as hyper's `Service`, counting its requests on the connection's control.
///
/// One service serves all of a connection's requests, as it would in a tower server, instead
/// of a clone per request: a clone of a layered stack touches reference counts that every
/// connection shares (the layers' `Arc`s), and under load those cache lines bounced between
/// the cores on every request. hyper's `call` takes `&self`, hence the `RefCell`; it is
/// borrowed only inside `call`, which hyper never re-enters, so the borrow cannot fail.
#[derive(Debug)]
pub(crate) struct Counted<S> {
    inner: RefCell<S>,
    control: Arc<Control>,
}

impl<S> Counted<S> {
    pub(crate) fn new(inner: S, control: Arc<Control>) -> Self {
        Counted {
            inner: RefCell::new(inner),
            control,
        }
    }
}

impl<S, ReqBody, ResBody> hyper::service::Service<Request<ReqBody>> for Counted<S>
where
    S: tower::Service<Request<ReqBody>, Response = Response<ResBody>> + Clone,
{
    type Response = Response<CountedBody<ResBody>>;
    type Error = S::Error;
    type Future = CountedFuture<S, Request<ReqBody>>;

    fn call(&self, request: Request<ReqBody>) -> Self::Future {
        let busy = Some(self.control.begin());
        let mut service = self.inner.borrow_mut();
        // Call the service now when it is ready, as a plain hyper service would: the request
        // (whose head still borrows hyper's read buffer) is then consumed before hyper reads
        // on, so the buffer is reused instead of reallocated for every request. A service that
        // is not ready yet goes, with whatever its readiness has reserved (a semaphore's place
        // in line, say), to `Oneshot`, which polls it again with the real waker (asking again
        // is allowed; the no-op waker here only means no wake-up is lost); a clone of it
        // serves the connection's next requests.
        let mut noop = Context::from_waker(std::task::Waker::noop());
        let call = match service.poll_ready(&mut noop) {
            Poll::Ready(Ok(())) => Call::Called {
                future: service.call(request),
            },
            _ => wait_for_ready(&mut *service, request),
        };
        CountedFuture {
            busy,
            waiting: None,
            call,
        }
    }
}

/// The service that is not ready, with the request, to `Oneshot`; a clone takes its place.
/// Out of line and cold: hyper's read path, into which `call` is inlined, then keeps a small
/// stack frame (every request's call pays for the stack its frame reserves, even on a path
/// it does not take).
#[cold]
#[inline(never)]
fn wait_for_ready<S, Req>(service: &mut S, request: Req) -> Call<S, Req>
where
    S: tower::Service<Req> + Clone,
{
    let fresh = service.clone();
    let waiting = std::mem::replace(service, fresh);
    Call::Waiting {
        oneshot: Box::pin(waiting.oneshot(request)),
    }
}

pin_project! {
    /// The response of a counted request; the count moves into its body.
    pub(crate) struct CountedFuture<S, Req>
    where
        S: tower::Service<Req>,
    {
        busy: Option<Busy>,
        // Set while the handler has not answered: the request waits on the application.
        waiting: Option<AppWait>,
        #[pin]
        call: Call<S, Req>,
    }
}

pin_project! {
    /// The service's call: made at once, or once the service is ready.
    #[project = CallProjection]
    enum Call<S, Req>
    where
        S: tower::Service<Req>,
    {
        Called { #[pin] future: S::Future },
        // Boxed: the rare case, and unboxed it (a service and a request) would make every
        // request's future, which hyper moves into place, several hundred bytes larger.
        Waiting { oneshot: Pin<Box<Oneshot<S, Req>>> },
    }
}

impl<S, Req, ResBody> Future for CountedFuture<S, Req>
where
    S: tower::Service<Req, Response = Response<ResBody>>,
{
    type Output = Result<Response<CountedBody<ResBody>>, S::Error>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let polled = match this.call.project() {
            CallProjection::Called { future } => future.poll(cx),
            CallProjection::Waiting { oneshot } => oneshot.as_mut().poll(cx),
        };
        let Poll::Ready(response) = polled else {
            if this.waiting.is_none() {
                *this.waiting = this.busy.as_ref().map(|busy| busy.control().app_wait());
            }
            return Poll::Pending;
        };
        *this.waiting = None;
        let busy = this.busy.take();
        Poll::Ready(response.map(|response| {
            response.map(|inner| CountedBody {
                inner,
                busy,
                waiting: None,
            })
        }))
    }
}

pin_project! {
    /// A response body that keeps its request counted until hyper drops it (sent, or the
    /// client went away), tells the connection each chunk it gives, and counts the request
    /// as waiting on the application while it has nothing to give (a stream of events).
    pub(crate) struct CountedBody<B> {
        #[pin]
        inner: B,
        busy: Option<Busy>,
        waiting: Option<AppWait>,
    }
}

impl<B: Body> Body for CountedBody<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.project();
        let polled = this.inner.poll_frame(cx);
        if let Some(busy) = this.busy.as_ref() {
            match &polled {
                Poll::Pending if this.waiting.is_none() => {
                    *this.waiting = Some(busy.control().app_wait());
                }
                Poll::Pending => {}
                Poll::Ready(ready) => {
                    *this.waiting = None;
                    if ready.is_some() {
                        busy.control().moved();
                    }
                }
            }
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
