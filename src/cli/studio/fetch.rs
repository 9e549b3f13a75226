//! Fetching a published card over HTTP or HTTPS, for the studio's fetch API.
//!
//! One hyper HTTP/1.1 connection per request (a card is one small GET, so pooling would buy
//! nothing), TLS by rustls with the ring backend and the Mozilla roots from webpki-roots.
//! Every step is bounded: connecting, the whole exchange, the body size, and redirects.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE, HOST, LOCATION, USER_AGENT};
use http::{Request, Uri};
use http_body_util::{BodyExt, Empty, Limited};
use hyper_util::rt::TokioIo;
use serde::Serialize;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{ClientConfig, RootCertStore};
use tokio_rustls::TlsConnector;

/// How long connecting (TCP and TLS) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long one request may take from connecting to the last byte of the body.
const EXCHANGE_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest body read; a card is a few kilobytes (the registry takes at most 10 KB).
pub(crate) const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Redirects followed before giving up.
const MAX_REDIRECTS: usize = 3;

/// Why one fetch failed, in words that say what to check.
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
    #[error("HTTP exchange with {authority} failed: {reason}")]
    Http { authority: String, reason: String },
    #[error("the body is larger than {MAX_BODY_BYTES} bytes; a card is a few kilobytes")]
    TooLarge,
    #[error("more than {MAX_REDIRECTS} redirects; stopped at {0}")]
    TooManyRedirects(String),
    #[error("a redirect ({status}) without a usable Location header")]
    BadRedirect { status: u16 },
    #[error("cannot set up TLS: {0}")]
    TlsSetup(String),
    #[error("cannot use the CA certificates in {path}: {reason}")]
    CaFile { path: String, reason: String },
}

/// What fetching one URL gave: where it ended up, what answered, and the body.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Fetched {
    /// The URL asked for.
    pub(crate) url: String,
    /// Every URL a redirect led to, in order (the last one answered).
    pub(crate) redirects: Vec<String>,
    pub(crate) status: Option<u16>,
    pub(crate) content_type: Option<String>,
    /// Body size in bytes.
    pub(crate) size: Option<usize>,
    pub(crate) error: Option<String>,
    #[serde(skip)]
    pub(crate) body: Option<Bytes>,
}

/// The HTTP(S) client of the studio; built once, shared by every request.
pub(crate) struct Fetcher {
    tls: TlsConnector,
}

impl Fetcher {
    /// A client that trusts the Mozilla roots, plus the PEM certificates in `ca_file` (for
    /// agents behind a private CA).
    pub(crate) fn new(ca_file: Option<&Path>) -> Result<Self, FetchError> {
        let mut roots = RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
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
        })
    }

    /// GETs `url`, following up to three redirects. Never fails: what went wrong is in
    /// `error`, next to whatever was learnt before it went wrong.
    pub(crate) async fn get(&self, url: &str) -> Fetched {
        let mut fetched = Fetched {
            url: url.to_owned(),
            redirects: Vec::new(),
            status: None,
            content_type: None,
            size: None,
            error: None,
            body: None,
        };
        if let Err(error) = self.follow(url, &mut fetched).await {
            fetched.error = Some(error.to_string());
        }
        fetched
    }

    async fn follow(&self, url: &str, fetched: &mut Fetched) -> Result<(), FetchError> {
        let mut uri = parse_http_url(url)?;
        loop {
            let response = self.exchange(&uri).await?;
            let status = response.status();
            fetched.status = Some(status.as_u16());
            fetched.content_type = header_text(&response, CONTENT_TYPE);
            if status.is_redirection() && status != http::StatusCode::NOT_MODIFIED {
                let location = header_text(&response, LOCATION).ok_or(FetchError::BadRedirect {
                    status: status.as_u16(),
                })?;
                let next = resolve(&uri, &location).ok_or(FetchError::BadRedirect {
                    status: status.as_u16(),
                })?;
                if fetched.redirects.len() == MAX_REDIRECTS {
                    return Err(FetchError::TooManyRedirects(next.to_string()));
                }
                fetched.redirects.push(next.to_string());
                uri = next;
                continue;
            }
            let body = response.into_body();
            fetched.size = Some(body.len());
            fetched.body = Some(body);
            return Ok(());
        }
    }

    /// One request on a fresh connection, bounded in time and size.
    async fn exchange(&self, uri: &Uri) -> Result<http::Response<Bytes>, FetchError> {
        let authority = uri.authority().map_or(String::new(), |a| a.to_string());
        let timeout = FetchError::Timeout {
            authority: authority.clone(),
            seconds: EXCHANGE_TIMEOUT.as_secs(),
        };
        tokio::time::timeout(EXCHANGE_TIMEOUT, self.connect_and_send(uri, &authority))
            .await
            .map_err(|_| timeout)?
    }

    async fn connect_and_send(
        &self,
        uri: &Uri,
        authority: &str,
    ) -> Result<http::Response<Bytes>, FetchError> {
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
            return send(tcp, uri, authority).await;
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
        send(stream, uri, authority).await
    }
}

/// Sends a GET for `uri` over `io` and reads the response, its body capped.
async fn send<S>(io: S, uri: &Uri, authority: &str) -> Result<http::Response<Bytes>, FetchError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let failed = |e: &dyn std::fmt::Display| FetchError::Http {
        authority: authority.to_owned(),
        reason: e.to_string(),
    };
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(|e| failed(&e))?;
    // The connection is driven by its own task and ends with the response (or the timeout,
    // which drops `sender` and so closes it).
    tokio::spawn(async move {
        let _ = connection.await;
    });
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let request = Request::get(path)
        .header(HOST, authority)
        .header(
            ACCEPT,
            "application/a2a+json, application/json;q=0.9, */*;q=0.1",
        )
        .header(
            USER_AGENT,
            concat!("a2a-card-studio/", env!("CARGO_PKG_VERSION")),
        )
        .body(Empty::<Bytes>::new())
        .map_err(|e| failed(&e))?;
    let response = sender.send_request(request).await.map_err(|e| failed(&e))?;
    let (parts, body) = response.into_parts();
    let body = Limited::new(body, MAX_BODY_BYTES)
        .collect()
        .await
        .map_err(|e| {
            if e.is::<http_body_util::LengthLimitError>() {
                FetchError::TooLarge
            } else {
                failed(&e)
            }
        })?
        .to_bytes();
    Ok(http::Response::from_parts(parts, body))
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

fn header_text<B>(response: &http::Response<B>, name: http::HeaderName) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// An absolute http(s) URL with a host, or why not.
pub(crate) fn parse_http_url(url: &str) -> Result<Uri, FetchError> {
    let not_http = || FetchError::NotHttpUrl(url.to_owned());
    let uri: Uri = url.trim().parse().map_err(|_| not_http())?;
    let scheme_ok = matches!(uri.scheme_str(), Some("http" | "https"));
    if !scheme_ok || uri.host().is_none_or(str::is_empty) {
        return Err(not_http());
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
    }
}
