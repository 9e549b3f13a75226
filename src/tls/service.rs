//! The per-connection service that hands the verified client certificate to the layers.

use std::task::{Context, Poll};

use http::Request;

use crate::security::ClientCertificate;

/// Puts the connection's verified [`ClientCertificate`] (when there is one) into every
/// request's extensions before the layers see it, and removes any other: extensions cannot
/// come from the wire, and only the acceptor vouches for a certificate. Make one per
/// connection, from [`client_certificate`](super::client_certificate).
///
/// ```
/// use a2a_card::security::ClientCertificate;
/// use a2a_card::tls::WithClientCertificate;
/// use tower::ServiceExt;
///
/// let whoami = tower::service_fn(|request: http::Request<()>| async move {
///     let subject = request.extensions().get::<ClientCertificate>().and_then(|c| c.subject().map(str::to_owned));
///     Ok::<_, std::convert::Infallible>(subject)
/// });
/// let verified = ClientCertificate::new(vec![0x30, 0x00], Some("CN=agent-client".into()));
/// let service = WithClientCertificate::new(whoami, Some(verified));
/// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
/// let subject = run(service.oneshot(http::Request::new(())))?;
/// assert_eq!(subject.as_deref(), Some("CN=agent-client"));
/// # Ok::<(), std::convert::Infallible>(())
/// ```
#[derive(Debug, Clone)]
pub struct WithClientCertificate<S> {
    inner: S,
    certificate: Option<ClientCertificate>,
}

impl<S> WithClientCertificate<S> {
    /// `inner` behind a connection whose verified client certificate is `certificate`.
    pub fn new(inner: S, certificate: Option<ClientCertificate>) -> Self {
        WithClientCertificate { inner, certificate }
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

impl<S, B> tower::Service<Request<B>> for WithClientCertificate<S>
where
    S: tower::Service<Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        match &self.certificate {
            Some(certificate) => {
                request.extensions_mut().insert(certificate.clone());
            }
            None => {
                request.extensions_mut().remove::<ClientCertificate>();
            }
        }
        self.inner.call(request)
    }
}
