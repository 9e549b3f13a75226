//! The command-line tool's HTTP(S) client, shared by `studio` (its fetch API) and `check`.
//!
//! One hyper HTTP/1.1 connection per exchange (a card is one small GET, so pooling would buy
//! nothing), TLS by rustls with the ring backend and the Mozilla roots from webpki-roots plus
//! any CA file the user names. Every step is bounded: connecting, the whole exchange, the
//! body size, and redirects.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::header::{HOST, LOCATION, USER_AGENT};
use http::{HeaderMap, Method, Request, Response, StatusCode, Uri};
use http_body_util::{BodyExt, Full, Limited};
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{ClientConfig, RootCertStore};
use tokio_rustls::TlsConnector;

/// How long connecting (TCP and TLS) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one exchange may take by default, from connecting to the last byte of the body.
pub(crate) const EXCHANGE_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest body read; a card is a few kilobytes (the registry takes at most 10 KB).
pub(crate) const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Redirects followed before giving up.
pub(crate) const MAX_REDIRECTS: usize = 3;

/// Why one exchange failed, in words that say what to check.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FetchError {
    #[error("{0:?} is not an absolute http:// or https:// URL")]
    NotHttpUrl(String),
    #[error("cannot connect to {authority}: {reason}")]
    Connect { authority: String, reason: String },
    #[error("TLS handshake with {authority} failed: {reason}")]
    Tls { authority: String, reason: String },
    #[error("no answer from {authority} within {seconds} seconds")]
    Timeout { authority: String, seconds: u64 },
    #[error("{authority} answered but the body did not arrive within {seconds} seconds")]
    BodyTimeout { authority: String, seconds: u64 },
    #[error("HTTP exchange with {authority} failed: {reason}")]
    Http { authority: String, reason: String },
    #[error("the body is larger than {MAX_BODY_BYTES} bytes; a card is a few kilobytes")]
    TooLarge,
    #[error("more than {MAX_REDIRECTS} redirects; stopped at {0}")]
    TooManyRedirects(String),
    #[error("a redirect ({status}) without a usable Location header")]
    BadRedirect { status: u16 },
    #[error("the URL has a user:password@ part; send credentials with --header instead")]
    UserInfo,
    #[error("cannot set up TLS: {0}")]
    TlsSetup(String),
    #[error("cannot use the CA certificates in {path}: {reason}")]
    CaFile { path: String, reason: String },
}

impl FetchError {
    /// True when nothing answered at all (no TCP connection, no TLS session, or no answer in
    /// time), as opposed to a server that answered badly.
    pub(crate) fn is_unreachable(&self) -> bool {
        matches!(
            self,
            FetchError::Connect { .. } | FetchError::Tls { .. } | FetchError::Timeout { .. }
        )
    }
}

/// One request to send: its method, the caller's headers and a body (empty for GET).
#[derive(Debug, Clone)]
pub(crate) struct Outgoing {
    pub(crate) method: Method,
    pub(crate) headers: HeaderMap,
    pub(crate) body: Bytes,
}

impl Outgoing {
    /// A request with no headers of the caller's and no body.
    pub(crate) fn new(method: Method) -> Self {
        Self {
            method,
            headers: HeaderMap::new(),
            body: Bytes::new(),
        }
    }

    /// Adds one header.
    pub(crate) fn header(mut self, name: http::HeaderName, value: http::HeaderValue) -> Self {
        self.headers.append(name, value);
        self
    }
}

/// A response and the way to it.
#[derive(Debug)]
pub(crate) struct Exchange {
    /// Every URL a redirect led to, in order (the last one answered).
    pub(crate) redirects: Vec<Uri>,
    /// What failed, if anything; `response` is then absent.
    pub(crate) result: Result<Response<Bytes>, FetchError>,
}

/// The HTTP(S) client; built once, shared by every request.
pub(crate) struct Fetcher {
    tls: TlsConnector,
    user_agent: &'static str,
    timeout: Duration,
}

impl Fetcher {
    /// A client that trusts the Mozilla roots, the system's CA store (as OpenSSL would find
    /// it, `SSL_CERT_FILE` and `SSL_CERT_DIR` included) and the PEM certificates in `ca_file`
    /// (for agents behind a private CA), and names itself `user_agent`.
    pub(crate) fn new(
        ca_file: Option<&Path>,
        user_agent: &'static str,
    ) -> Result<Self, FetchError> {
        let mut roots = RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        // A store that cannot be read in part still gives the certificates it could read;
        // the Mozilla roots stand in for a machine without one.
        let system = rustls_native_certs::load_native_certs();
        roots.add_parsable_certificates(system.certs);
        if let Some(path) = ca_file {
            let added = add_pem_roots(&mut roots, path).map_err(|reason| FetchError::CaFile {
                path: path.display().to_string(),
                reason,
            })?;
            if added == 0 {
                return Err(FetchError::CaFile {
                    path: path.display().to_string(),
                    reason: "no usable CERTIFICATE block in it".to_owned(),
                });
            }
        }
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| FetchError::TlsSetup(e.to_string()))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Self {
            tls: TlsConnector::from(Arc::new(config)),
            user_agent,
            timeout: EXCHANGE_TIMEOUT,
        })
    }

    /// The same client with another bound on each exchange.
    pub(crate) fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The bound on each exchange.
    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Sends `outgoing` to `url`. GET and HEAD follow up to three redirects; other methods
    /// return the redirect itself (re-sending a body elsewhere is the caller's decision).
    /// A redirect to another origin drops the caller's headers, which may be credentials.
    pub(crate) async fn send(&self, url: &Uri, outgoing: &Outgoing) -> Exchange {
        let mut redirects = Vec::new();
        // One bound for the whole chain: --timeout is what a request may take, redirects
        // included.
        let deadline = Instant::now() + self.timeout;
        let result = self.follow(url, outgoing, &mut redirects, deadline).await;
        Exchange { redirects, result }
    }

    async fn follow(
        &self,
        url: &Uri,
        outgoing: &Outgoing,
        redirects: &mut Vec<Uri>,
        deadline: Instant,
    ) -> Result<Response<Bytes>, FetchError> {
        let follows = outgoing.method == Method::GET || outgoing.method == Method::HEAD;
        let mut uri = url.clone();
        let mut headers = outgoing.headers.clone();
        loop {
            let request = Outgoing {
                method: outgoing.method.clone(),
                headers: headers.clone(),
                body: outgoing.body.clone(),
            };
            // One request sent gives one result (its error is the exchange's).
            let answers = self.exchange_by(&uri, &[request], deadline).await?;
            let response = answers
                .into_iter()
                .next()
                .unwrap_or(Err(FetchError::BadRedirect { status: 0 }))?;
            let status = response.status();
            if !follows || !status.is_redirection() || status == StatusCode::NOT_MODIFIED {
                return Ok(response);
            }
            let next = response
                .headers()
                .get(LOCATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|location| resolve(&uri, location))
                .ok_or(FetchError::BadRedirect {
                    status: status.as_u16(),
                })?;
            if redirects.len() == MAX_REDIRECTS {
                return Err(FetchError::TooManyRedirects(next.to_string()));
            }
            if origin(&next) != origin(&uri) {
                headers.clear();
            }
            redirects.push(next.clone());
            uri = next;
        }
    }

    /// Sends each request in turn on one connection to `uri` (no redirects followed), the
    /// whole within the timeout. A request after one that failed is not sent. The error of
    /// the first request is the whole call's; later failures are per request, so a caller
    /// can tell what a server did to the connection after an answer.
    pub(crate) async fn exchange(
        &self,
        uri: &Uri,
        requests: &[Outgoing],
    ) -> Result<Vec<Result<Response<Bytes>, FetchError>>, FetchError> {
        self.exchange_by(uri, requests, Instant::now() + self.timeout)
            .await
    }

    /// [`Self::exchange`] with the first request (and connecting) due by `deadline`.
    async fn exchange_by(
        &self,
        uri: &Uri,
        requests: &[Outgoing],
        deadline: Instant,
    ) -> Result<Vec<Result<Response<Bytes>, FetchError>>, FetchError> {
        let authority = uri.authority().map_or(String::new(), |a| a.to_string());
        let seconds = self.timeout.as_secs();
        // Connecting and the first request share one bound; each later request has its own,
        // so a stall after an answer keeps that answer.
        let Some((first_request, later)) = requests.split_first() else {
            return Ok(Vec::new());
        };
        let mut connection = tokio::time::timeout_at(deadline, self.connect(uri, &authority))
            .await
            .map_err(|_| FetchError::Timeout {
                authority: authority.clone(),
                seconds,
            })??;
        let first = connection
            .send(uri, first_request, self.user_agent, deadline, seconds)
            .await?;
        let mut results = vec![Ok(first)];
        for outgoing in later {
            let deadline = Instant::now() + self.timeout;
            let sent = connection
                .send(uri, outgoing, self.user_agent, deadline, seconds)
                .await;
            let failed = sent.is_err();
            results.push(sent);
            if failed {
                break;
            }
        }
        Ok(results)
    }

    async fn connect(&self, uri: &Uri, authority: &str) -> Result<Connection, FetchError> {
        let host = uri.host().unwrap_or_default();
        // `Uri::host` keeps the brackets of an IPv6 literal; connecting and SNI need it bare.
        let bare_host = host.trim_start_matches('[').trim_end_matches(']');
        let https = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        let connect_failed = |reason: String| FetchError::Connect {
            authority: authority.to_owned(),
            reason,
        };
        let tcp = tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect((bare_host, port)))
            .await
            .map_err(|_| connect_failed(format!("timed out after {CONNECT_TIMEOUT:?}")))?
            .map_err(|e| connect_failed(e.to_string()))?;
        let _ = tcp.set_nodelay(true);
        if !https {
            return Connection::handshake(tcp, authority).await;
        }
        let tls_failed = |reason: String| FetchError::Tls {
            authority: authority.to_owned(),
            reason,
        };
        let name = ServerName::try_from(bare_host.to_owned())
            .map_err(|e| tls_failed(format!("{bare_host:?} is not a valid server name: {e}")))?;
        let stream = tokio::time::timeout(CONNECT_TIMEOUT, self.tls.connect(name, tcp))
            .await
            .map_err(|_| tls_failed(format!("timed out after {CONNECT_TIMEOUT:?}")))?
            .map_err(|e| tls_failed(e.to_string()))?;
        Connection::handshake(stream, authority).await
    }
}

/// One HTTP/1.1 connection, driven by its own task until the sender is dropped.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    authority: String,
}

impl Connection {
    async fn handshake<S>(io: S, authority: &str) -> Result<Self, FetchError>
    where
        S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
            .await
            .map_err(|e| http_failed(authority, &e))?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        Ok(Self {
            sender,
            authority: authority.to_owned(),
        })
    }

    /// Sends one request and reads the response, its body capped, all by `deadline`. No
    /// answer by then is a timeout; an answer whose body stalls is an HTTP failure (the
    /// server was reached).
    async fn send(
        &mut self,
        uri: &Uri,
        outgoing: &Outgoing,
        user_agent: &str,
        deadline: Instant,
        seconds: u64,
    ) -> Result<Response<Bytes>, FetchError> {
        let authority = self.authority.as_str();
        let path = uri.path_and_query().map_or("/", |p| p.as_str());
        let mut request = Request::builder()
            .method(outgoing.method.clone())
            .uri(path)
            .header(HOST, authority)
            .header(USER_AGENT, user_agent)
            .body(Full::new(outgoing.body.clone()))
            .map_err(|e| http_failed(authority, &e))?;
        for (name, value) in &outgoing.headers {
            request.headers_mut().append(name, value.clone());
        }
        let timed_out = || FetchError::Timeout {
            authority: authority.to_owned(),
            seconds,
        };
        let sender = &mut self.sender;
        let response = tokio::time::timeout_at(deadline, async {
            sender.ready().await?;
            sender.send_request(request).await
        })
        .await
        .map_err(|_| timed_out())?
        .map_err(|e| http_failed(authority, &e))?;
        let (parts, body) = response.into_parts();
        let collected =
            tokio::time::timeout_at(deadline, Limited::new(body, MAX_BODY_BYTES).collect())
                .await
                .map_err(|_| FetchError::BodyTimeout {
                    authority: authority.to_owned(),
                    seconds,
                })?;
        let body = collected
            .map_err(|e| {
                if e.is::<http_body_util::LengthLimitError>() {
                    FetchError::TooLarge
                } else {
                    http_failed(authority, &*e)
                }
            })?
            .to_bytes();
        Ok(Response::from_parts(parts, body))
    }
}

fn http_failed(authority: &str, error: &dyn std::fmt::Display) -> FetchError {
    FetchError::Http {
        authority: authority.to_owned(),
        reason: error.to_string(),
    }
}

/// Adds every certificate of a PEM file to `roots`; how many were usable.
fn add_pem_roots(roots: &mut RootCertStore, path: &Path) -> Result<usize, String> {
    let certificates = CertificateDer::pem_file_iter(path)
        .map_err(|e| e.to_string())?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let (added, _unusable) = roots.add_parsable_certificates(certificates);
    Ok(added)
}

/// Scheme, host and port: what decides whether credentials may follow a redirect.
fn origin(uri: &Uri) -> (Option<&str>, Option<&str>, Option<u16>) {
    (uri.scheme_str(), uri.host(), uri.port_u16())
}

/// An absolute http(s) URL with a host, or why not.
pub(crate) fn parse_http_url(url: &str) -> Result<Uri, FetchError> {
    let not_http = || FetchError::NotHttpUrl(url.to_owned());
    let uri: Uri = url.trim().parse().map_err(|_| not_http())?;
    let scheme_ok = matches!(uri.scheme_str(), Some("http" | "https"));
    if !scheme_ok || uri.host().is_none_or(str::is_empty) {
        return Err(not_http());
    }
    // A user:password@ part would end up in every message and in the Host header; it is
    // refused without repeating the URL.
    if uri.authority().is_some_and(|a| a.as_str().contains('@')) {
        return Err(FetchError::UserInfo);
    }
    Ok(uri)
}

/// The target of a redirect: an absolute URL, or a path on the same origin (RFC 9110
/// §10.2.2 allows relative references; a card server sends absolute paths in practice).
fn resolve(base: &Uri, location: &str) -> Option<Uri> {
    if let Ok(absolute) = parse_http_url(location) {
        return Some(absolute);
    }
    let scheme = base.scheme_str()?;
    // A network-path reference (`//host/path`) keeps only the scheme.
    if location.starts_with("//") {
        return parse_http_url(&format!("{scheme}:{location}")).ok();
    }
    let authority = base.authority()?;
    let path = if location.starts_with('/') {
        location.to_owned()
    } else {
        // Relative to the directory of the current path.
        let current = base.path();
        let dir = &current[..current.rfind('/').map_or(0, |i| i + 1)];
        format!("{dir}{location}")
    };
    format!("{scheme}://{authority}{path}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_absolute_http_urls_are_fetched() {
        assert!(parse_http_url("https://agent.example.com").is_ok());
        assert!(parse_http_url("http://127.0.0.1:8080/x").is_ok());
        for bad in [
            "ftp://a.example/",
            "agent.example.com",
            "/path",
            "",
            "http://",
            "https://user:secret@a.example/",
        ] {
            assert!(parse_http_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn redirects_resolve_against_the_current_url() {
        let base: Uri = "http://a.example:8080/.well-known/agent.json"
            .parse()
            .unwrap();
        let at = |l: &str| resolve(&base, l).map(|u| u.to_string());
        assert_eq!(
            at("/.well-known/agent-card.json").as_deref(),
            Some("http://a.example:8080/.well-known/agent-card.json")
        );
        assert_eq!(
            at("agent-card.json").as_deref(),
            Some("http://a.example:8080/.well-known/agent-card.json")
        );
        assert_eq!(
            at("https://b.example/c").as_deref(),
            Some("https://b.example/c")
        );
        assert_eq!(at("//b.example/c").as_deref(), Some("http://b.example/c"));
    }

    #[test]
    fn credentials_follow_only_to_the_same_origin() {
        let at = |u: &str| -> Uri { u.parse().unwrap() };
        assert_eq!(
            origin(&at("https://a.example/x")),
            origin(&at("https://a.example/y?z"))
        );
        assert_ne!(
            origin(&at("https://a.example/x")),
            origin(&at("http://a.example/x"))
        );
        assert_ne!(
            origin(&at("https://a.example/x")),
            origin(&at("https://b.example/x"))
        );
        assert_ne!(
            origin(&at("https://a.example/x")),
            origin(&at("https://a.example:8443/x"))
        );
    }
}
