//! Sending: redirects followed under one deadline, connections made under the policies.

use std::time::Duration;

use bytes::Bytes;
use http::header::LOCATION;
use http::{Method, Response, StatusCode, Uri};
use rustls::pki_types::ServerName;
use tokio::net::TcpStream;
use tokio::time::Instant;

use super::connection::Connection;
use super::url::resolve;
use super::{Client, ClientError, Exchange, Origin, Outgoing};

/// How long connecting (TCP and TLS) may take, within the exchange's own deadline.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// What one connection answered: the first request's result is the call's, later ones are
/// per request.
type Answers = Vec<Result<Response<Bytes>, ClientError>>;

impl Client {
    /// Sends `outgoing` to `url`. GET and HEAD follow redirects up to the limit; other
    /// methods get the redirect itself (re-sending a body elsewhere is the caller's
    /// decision). A redirect to another origin drops the caller's headers, which may be
    /// credentials. One deadline bounds the whole chain.
    pub async fn send(&self, url: &Uri, outgoing: &Outgoing) -> Exchange {
        let mut redirects = Vec::new();
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
    ) -> Result<Response<Bytes>, ClientError> {
        let follows = (outgoing.method == Method::GET || outgoing.method == Method::HEAD)
            && self.max_redirects > 0;
        let mut uri = url.clone();
        let mut request = outgoing.clone();
        loop {
            let answers = self
                .exchange_by(&uri, std::slice::from_ref(&request), deadline)
                .await?;
            // One request sent gives one result.
            let response = answers
                .into_iter()
                .next()
                .unwrap_or(Err(ClientError::BadRedirect { status: 0 }))?;
            let status = response.status();
            if !follows || !status.is_redirection() || status == StatusCode::NOT_MODIFIED {
                return Ok(response);
            }
            let next = response
                .headers()
                .get(LOCATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|location| resolve(&uri, location))
                .ok_or(ClientError::BadRedirect {
                    status: status.as_u16(),
                })?;
            if redirects.len() == self.max_redirects {
                return Err(ClientError::TooManyRedirects {
                    limit: self.max_redirects,
                    at: next.to_string(),
                });
            }
            if Origin::of(&next) != Origin::of(&uri) {
                request.headers.clear();
            }
            redirects.push(next.clone());
            uri = next;
        }
    }

    /// Sends each request in turn on one connection to `uri` (no redirects followed).
    /// Connecting and the first request share one deadline, each later request has its
    /// own, so a stall after an answer keeps that answer. A request after one that failed
    /// is not sent. The first request's error is the call's; later failures are per
    /// request, so a caller can tell what a server did to the connection after an answer
    /// (a body after a HEAD answer is read as the next response).
    pub async fn exchange(&self, uri: &Uri, requests: &[Outgoing]) -> Result<Answers, ClientError> {
        self.exchange_by(uri, requests, Instant::now() + self.timeout)
            .await
    }

    async fn exchange_by(
        &self,
        uri: &Uri,
        requests: &[Outgoing],
        deadline: Instant,
    ) -> Result<Answers, ClientError> {
        self.plain_http.admits(uri)?;
        let authority = uri.authority().map_or(String::new(), |a| a.to_string());
        let Some((first_request, later)) = requests.split_first() else {
            return Ok(Vec::new());
        };
        let timed_out = || ClientError::Timeout {
            authority: authority.clone(),
            timeout: self.timeout,
        };
        let mut connection = tokio::time::timeout_at(deadline, self.connect(uri, &authority))
            .await
            .map_err(|_| timed_out())??;
        let first = connection.send(uri, first_request, deadline).await?;
        let mut results = vec![Ok(first)];
        for outgoing in later {
            let sent = connection
                .send(uri, outgoing, Instant::now() + self.timeout)
                .await;
            let failed = sent.is_err();
            results.push(sent);
            if failed {
                break;
            }
        }
        Ok(results)
    }

    async fn connect(&self, uri: &Uri, authority: &str) -> Result<Connection, ClientError> {
        let host = uri.host().unwrap_or_default();
        // `Uri::host` keeps the brackets of an IPv6 literal; connecting and SNI need it bare.
        let bare_host = host.trim_start_matches('[').trim_end_matches(']');
        let https = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        let tcp = tokio::time::timeout(CONNECT_TIMEOUT, self.tcp(uri, bare_host, port, authority))
            .await
            .map_err(|_| ClientError::Connect {
                authority: authority.to_owned(),
                reason: format!("timed out after {CONNECT_TIMEOUT:?}"),
            })??;
        let _ = tcp.set_nodelay(true);
        let limits = (self.user_agent.as_str(), self.timeout, self.max_body_bytes);
        if !https {
            return Connection::handshake(tcp, authority, limits).await;
        }
        let tls_failed = |reason: String| ClientError::Tls {
            authority: authority.to_owned(),
            reason,
        };
        let name = ServerName::try_from(bare_host.to_owned())
            .map_err(|e| tls_failed(format!("{bare_host:?} is not a valid server name: {e}")))?;
        let stream = tokio::time::timeout(CONNECT_TIMEOUT, self.tls.connect(name, tcp))
            .await
            .map_err(|_| tls_failed(format!("timed out after {CONNECT_TIMEOUT:?}")))?
            .map_err(|e| tls_failed(e.to_string()))?;
        Connection::handshake(stream, authority, limits).await
    }

    /// A TCP connection to the first address of `host` the destination policy allows and
    /// that accepts one.
    async fn tcp(
        &self,
        uri: &Uri,
        host: &str,
        port: u16,
        authority: &str,
    ) -> Result<TcpStream, ClientError> {
        let connect_failed = |reason: String| ClientError::Connect {
            authority: authority.to_owned(),
            reason,
        };
        let addresses = tokio::net::lookup_host((host, port))
            .await
            .map_err(|e| connect_failed(e.to_string()))?;
        let mut refused = None;
        let mut last_error = None;
        for address in addresses {
            if let Err(reason) = self.destinations.allows(uri, address) {
                refused = Some(reason);
                continue;
            }
            match TcpStream::connect(address).await {
                Ok(stream) => return Ok(stream),
                Err(error) => last_error = Some(error.to_string()),
            }
        }
        Err(match (last_error, refused) {
            (Some(error), _) => connect_failed(error),
            (None, Some(reason)) => ClientError::Refused {
                authority: authority.to_owned(),
                reason,
            },
            (None, None) => connect_failed("the host has no address".to_owned()),
        })
    }
}
