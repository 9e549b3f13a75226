//! What the accept loop knows about a connection (its peer address, its verified client
//! certificate), handed to the layers in each request's extensions.

use std::task::{Context, Poll};

use http::Request;

/// Puts a fact about the connection (a `T`: the peer's [`SocketAddr`](std::net::SocketAddr),
/// a verified [`ClientCertificate`](a2a_card::security::ClientCertificate)) into every
/// request's extensions before the layers see it, replacing any `T` already there, and
/// removing it when the connection has none: extensions cannot come from the wire, so only
/// the accept loop vouches for them. One per connection; the [`Server`](crate::Server) makes
/// them itself, a hand-written loop makes its own (as in the [`tls`](crate::tls) example).
///
/// ```
/// use a2a_card::security::ClientCertificate;
/// use a2a_card_server::WithConnectionInfo;
/// use tower::ServiceExt;
///
/// let whoami = tower::service_fn(|request: http::Request<()>| async move {
///     let subject = request.extensions().get::<ClientCertificate>().and_then(|c| c.subject().map(str::to_owned));
///     Ok::<_, std::convert::Infallible>(subject)
/// });
/// let verified = ClientCertificate::new(vec![0x30, 0x00], Some("CN=agent-client".into()));
/// let service = WithConnectionInfo::new(whoami, Some(verified));
/// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
/// let subject = run(service.oneshot(http::Request::new(())))?;
/// assert_eq!(subject.as_deref(), Some("CN=agent-client"));
/// # Ok::<(), std::convert::Infallible>(())
/// ```
#[derive(Debug, Clone)]
pub struct WithConnectionInfo<S, T> {
    inner: S,
    info: Option<T>,
}

impl<S, T> WithConnectionInfo<S, T> {
    /// `inner` behind a connection whose fact of type `T` is `info` (`None`: it has none).
    pub fn new(inner: S, info: Option<T>) -> Self {
        WithConnectionInfo { inner, info }
    }

    /// The wrapped service.
    pub fn get_ref(&self) -> &S {
        &self.inner
    }

    /// The wrapped service, mutably.
    pub fn get_mut(&mut self) -> &mut S {
        &mut self.inner
    }

    /// The wrapped service, unwrapped.
    pub fn into_inner(self) -> S {
        self.inner
    }
}

impl<S, T, B> tower::Service<Request<B>> for WithConnectionInfo<S, T>
where
    S: tower::Service<Request<B>>,
    T: Clone + Send + Sync + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        match &self.info {
            Some(info) => {
                request.extensions_mut().insert(info.clone());
            }
            None => {
                request.extensions_mut().remove::<T>();
            }
        }
        self.inner.call(request)
    }
}
