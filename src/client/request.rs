//! What is sent and what comes back.

use bytes::Bytes;
use http::{HeaderMap, HeaderName, HeaderValue, Method, Response, Uri};

use super::ClientError;

/// One request to send: its method, the caller's headers and a body (empty for GET).
///
/// ```
/// use a2a_card::client::Outgoing;
/// use http::{header::ACCEPT, HeaderValue, Method};
/// let get = Outgoing::new(Method::GET).header(ACCEPT, HeaderValue::from_static("application/json"));
/// assert!(get.body.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The method.
    pub method: Method,
    /// Headers besides `Host` and `User-Agent`, which the client sets.
    pub headers: HeaderMap,
    /// The body.
    pub body: Bytes,
}

impl Outgoing {
    /// A request with no headers of the caller's and no body.
    pub fn new(method: Method) -> Self {
        Self {
            method,
            headers: HeaderMap::new(),
            body: Bytes::new(),
        }
    }

    /// Adds one header.
    pub fn header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.append(name, value);
        self
    }

    /// Sets the body.
    pub fn body(mut self, body: impl Into<Bytes>) -> Self {
        self.body = body.into();
        self
    }
}

/// A response and the way to it.
#[derive(Debug)]
pub struct Exchange {
    /// Every URL a redirect led to, in order (the last one answered).
    pub redirects: Vec<Uri>,
    /// The response, its body read in full, or what failed.
    pub result: Result<Response<Bytes>, ClientError>,
}

/// The trailers that ended a response's body, in the response's extensions when there were
/// any (gRPC sends its status there, HTTP/2's trailing HEADERS frame).
///
/// ```
/// use a2a_card::client::Trailers;
/// let response = http::Response::new(bytes::Bytes::new());
/// assert!(response.extensions().get::<Trailers>().is_none());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Trailers(pub HeaderMap);
