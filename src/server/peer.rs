//! The peer address of a connection, put in each request's extensions when asked for.

use std::net::SocketAddr;
use std::task::{Context, Poll};

use http::Request;

/// A service that inserts the connection's peer address (a [`SocketAddr`]) into each
/// request's extensions, when there is one to insert
/// ([`ServerBuilder::peer_addresses`](super::ServerBuilder::peer_addresses)).
#[derive(Debug, Clone)]
pub(crate) struct WithPeer<S> {
    inner: S,
    peer: Option<SocketAddr>,
}

impl<S> WithPeer<S> {
    pub(crate) fn new(inner: S, peer: Option<SocketAddr>) -> Self {
        WithPeer { inner, peer }
    }
}

impl<S, B> tower::Service<Request<B>> for WithPeer<S>
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
        if let Some(peer) = self.peer {
            request.extensions_mut().insert(peer);
        }
        self.inner.call(request)
    }
}
