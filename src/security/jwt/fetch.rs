//! One GET over HTTPS (rustls with ring, webpki roots plus any roots the user adds) with a
//! time limit on the whole exchange and a cap on the body. Plain HTTP only to a loopback
//! address, and only when asked for (tests, a local identity provider).

use std::future::Future;
use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use bytes::Bytes;
use http::header::{ACCEPT, HOST, USER_AGENT};
use http::{Request, StatusCode, Uri};
use http_body_util::{BodyExt, Empty, Limited};
use hyper_util::rt::TokioIo;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};

use super::error::JwtError;

/// How fetches are made.
#[derive(Clone)]
pub(crate) struct Fetcher {
    tls: Arc<rustls::ClientConfig>,
    pub(crate) timeout: Duration,
    pub(crate) max_body_bytes: usize,
    pub(crate) allow_loopback_http: bool,
}

impl std::fmt::Debug for Fetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fetcher")
            .field("timeout", &self.timeout)
            .field("max_body_bytes", &self.max_body_bytes)
            .field("allow_loopback_http", &self.allow_loopback_http)
            .finish_non_exhaustive()
    }
}

/// Root certificates: the webpki set (Mozilla's) and the user's own, as PEM.
pub(crate) fn tls_config(extra_roots_pem: &[Vec<u8>]) -> Result<rustls::ClientConfig, JwtError> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    for pem in extra_roots_pem {
        let mut found = false;
        for cert in CertificateDer::pem_slice_iter(pem) {
            let cert = cert.map_err(|e| JwtError::RootCertificates(e.to_string()))?;
            roots
                .add(cert)
                .map_err(|e| JwtError::RootCertificates(e.to_string()))?;
            found = true;
        }
        if !found {
            return Err(JwtError::RootCertificates(
                "no -----BEGIN CERTIFICATE----- block in the PEM text".to_owned(),
            ));
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| JwtError::RootCertificates(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

/// A URL keys may be fetched from: `https://`, or `http://` to a loopback host when
/// allowed. No user name or password in it.
pub(crate) fn check_url(url: &str, allow_loopback_http: bool) -> Result<Uri, JwtError> {
    let bad = |reason: &str| JwtError::Url {
        url: url.to_owned(),
        reason: reason.to_owned(),
    };
    let uri: Uri = url.parse().map_err(|_| bad("not a valid absolute URL"))?;
    let authority = uri.authority().ok_or_else(|| bad("not an absolute URL"))?;
    if authority.as_str().contains('@') {
        return Err(bad("credentials in the URL are not supported"));
    }
    let host = unbracket(authority.host());
    match uri.scheme_str() {
        Some("https") => Ok(uri),
        Some("http") if allow_loopback_http && is_loopback(host) => Ok(uri),
        Some("http") if allow_loopback_http => Err(bad(
            "plain http is allowed only to a loopback address (127.0.0.0/8, ::1, localhost)",
        )),
        Some("http") => Err(bad(
            "keys must be fetched over https; plain http to a loopback address needs allow_loopback_http()",
        )),
        _ => Err(bad("the scheme must be https")),
    }
}

fn unbracket(host: &str) -> &str {
    host.trim_start_matches('[').trim_end_matches(']')
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

impl Fetcher {
    pub(crate) fn new(
        tls: rustls::ClientConfig,
        timeout: Duration,
        max_body_bytes: usize,
        allow_loopback_http: bool,
    ) -> Self {
        Fetcher {
            tls: Arc::new(tls),
            timeout,
            max_body_bytes,
            allow_loopback_http,
        }
    }

    /// The body of a 200 answer to `GET url`.
    pub(crate) async fn get(&self, url: &str) -> Result<Bytes, JwtError> {
        let uri = check_url(url, self.allow_loopback_http)?;
        let failed = |reason: String| JwtError::Fetch {
            url: url.to_owned(),
            reason,
        };
        match tokio::time::timeout(self.timeout, self.exchange(&uri)).await {
            Ok(result) => result.map_err(failed),
            Err(_) => Err(failed(format!(
                "no complete answer within {} ms",
                self.timeout.as_millis()
            ))),
        }
    }

    async fn exchange(&self, uri: &Uri) -> Result<Bytes, String> {
        let https = uri.scheme_str() == Some("https");
        let authority = uri.authority().ok_or("no host")?;
        let host = unbracket(authority.host()).to_owned();
        let port = authority.port_u16().unwrap_or(if https { 443 } else { 80 });
        let tcp = tokio::net::TcpStream::connect((host.as_str(), port))
            .await
            .map_err(|e| format!("cannot connect: {e}"))?;
        let request = Request::get(uri.path_and_query().map_or("/", |p| p.as_str()))
            .header(HOST, authority.as_str())
            .header(ACCEPT, "application/json")
            .header(USER_AGENT, concat!("a2a-card/", env!("CARGO_PKG_VERSION")))
            .body(Empty::<Bytes>::new())
            .map_err(|e| e.to_string())?;
        if https {
            let name = ServerName::try_from(host).map_err(|e| format!("bad host name: {e}"))?;
            let tls = tokio_rustls::TlsConnector::from(self.tls.clone())
                .connect(name, tcp)
                .await
                .map_err(|e| format!("TLS: {e}"))?;
            self.send(TokioIo::new(tls), request).await
        } else {
            self.send(TokioIo::new(tcp), request).await
        }
    }

    /// Sends the request on a fresh HTTP/1.1 connection and reads the answer, driving the
    /// connection in the same task (no spawning: no runtime feature needed beyond I/O).
    async fn send<T>(&self, io: T, request: Request<Empty<Bytes>>) -> Result<Bytes, String>
    where
        T: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
    {
        let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
            .await
            .map_err(|e| format!("HTTP: {e}"))?;
        let max = self.max_body_bytes;
        let exchange = async move {
            let response = sender
                .send_request(request)
                .await
                .map_err(|e| format!("HTTP: {e}"))?;
            let status = response.status();
            if status != StatusCode::OK {
                return Err(if status.is_redirection() {
                    format!("the server answered {status}; redirects are not followed, configure the final URL")
                } else {
                    format!("the server answered {status}")
                });
            }
            let body = Limited::new(response.into_body(), max)
                .collect()
                .await
                .map_err(|e| {
                    if e.is::<http_body_util::LengthLimitError>() {
                        format!("the answer is larger than {max} bytes")
                    } else {
                        format!("reading the answer: {e}")
                    }
                })?;
            Ok(body.to_bytes())
        };
        let mut exchange = pin!(exchange);
        let mut connection = pin!(connection);
        let mut connection_done = false;
        std::future::poll_fn(move |cx| {
            if let Poll::Ready(result) = exchange.as_mut().poll(cx) {
                return Poll::Ready(result);
            }
            if !connection_done {
                if let Poll::Ready(result) = connection.as_mut().poll(cx) {
                    connection_done = true;
                    if let Err(e) = result {
                        return Poll::Ready(Err(format!("HTTP: {e}")));
                    }
                    // The connection finished cleanly; the exchange completes on its own.
                    return exchange.as_mut().poll(cx);
                }
            }
            Poll::Pending
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_or_opted_in_loopback_http() {
        assert!(check_url("https://id.example/jwks", false).is_ok());
        assert!(check_url("http://id.example/jwks", false).is_err());
        assert!(check_url("http://id.example/jwks", true).is_err());
        assert!(check_url("http://127.0.0.1:8080/jwks", false).is_err());
        for ok in [
            "http://127.0.0.1:8080/jwks",
            "http://[::1]/jwks",
            "http://localhost/jwks",
        ] {
            assert!(check_url(ok, true).is_ok(), "{ok}");
        }
        assert!(check_url("https://user:pw@id.example/jwks", false).is_err());
        assert!(check_url("ftp://id.example/jwks", false).is_err());
        assert!(check_url("/jwks", false).is_err());
        let message = check_url("http://id.example/jwks", false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("https"), "{message}");
    }
}
