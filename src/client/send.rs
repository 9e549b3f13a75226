//! Sending: redirects followed under one deadline, connections made under the policies.

use std::net::{IpAddr, SocketAddr};
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
        let deadline = self.deadline();
        let result = match self.out_of_time() {
            Some(error) => Err(error),
            None => self.follow(url, outgoing, &mut redirects, deadline).await,
        };
        Exchange {
            redirects,
            result: self.budgeted(result),
        }
    }

    /// Now plus the timeout, or the end of the run's budget when that comes first.
    fn deadline(&self) -> Instant {
        let own = Instant::now() + self.timeout;
        match self.budget {
            Some((end, _)) => own.min(end),
            None => own,
        }
    }

    /// The error of a call begun after the run's budget ran out.
    fn out_of_time(&self) -> Option<ClientError> {
        let (_, budget) = self.budget?;
        self.is_out_of_time()
            .then_some(ClientError::OutOfTime { budget })
    }

    /// A timeout that the run's budget caused is reported as that.
    fn budgeted<T>(&self, result: Result<T, ClientError>) -> Result<T, ClientError> {
        match (result, self.out_of_time()) {
            (
                Err(
                    ClientError::Timeout { .. }
                    | ClientError::BodyTimeout { .. }
                    | ClientError::Connect { .. },
                ),
                Some(out),
            ) => Err(out),
            (result, _) => result,
        }
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
        if let Some(error) = self.out_of_time() {
            return Err(error);
        }
        let result = self.exchange_by(uri, requests, self.deadline()).await;
        self.budgeted(result).map(|answers| {
            answers
                .into_iter()
                .map(|answer| self.budgeted(answer))
                .collect()
        })
    }

    /// Opens a TCP connection to `host:port` under the destination policy and the
    /// deadlines, and closes it: whether something accepts connections there (a service
    /// this client does not speak). The address connected to is returned.
    pub async fn connect_tcp(&self, host: &str, port: u16) -> Result<SocketAddr, ClientError> {
        if let Some(error) = self.out_of_time() {
            return Err(error);
        }
        let bare_host = host.trim_start_matches('[').trim_end_matches(']');
        let authority = if bare_host.contains(':') {
            format!("[{bare_host}]:{port}")
        } else {
            format!("{bare_host}:{port}")
        };
        let uri: Uri = authority.parse().map_err(|_| ClientError::Connect {
            authority: authority.clone(),
            reason: "not a host and port".to_owned(),
        })?;
        let connected = tokio::time::timeout_at(
            self.deadline(),
            tokio::time::timeout(CONNECT_TIMEOUT, self.tcp(&uri, bare_host, port, &authority)),
        )
        .await;
        let result = match connected {
            Ok(Ok(result)) => result.and_then(|stream| {
                stream.peer_addr().map_err(|e| ClientError::Connect {
                    authority: authority.clone(),
                    reason: e.to_string(),
                })
            }),
            _ => Err(ClientError::Connect {
                authority: authority.clone(),
                reason: "no connection in time".to_owned(),
            }),
        };
        self.budgeted(result)
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
            let sent = connection.send(uri, outgoing, self.deadline()).await;
            let failed = sent.is_err();
            results.push(sent);
            if failed {
                break;
            }
        }
        Ok(results)
    }

    async fn connect(&self, uri: &Uri, authority: &str) -> Result<Connection, ClientError> {
        let (bare_host, port) = host_and_port(uri);
        let bare_host = bare_host.as_str();
        let https = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
        let tcp = tokio::time::timeout(CONNECT_TIMEOUT, self.tcp(uri, bare_host, port, authority))
            .await
            .map_err(|_| ClientError::Connect {
                authority: authority.to_owned(),
                reason: format!("timed out after {CONNECT_TIMEOUT:?}"),
            })??;
        let _ = tcp.set_nodelay(true);
        let limits = (self.user_agent.as_str(), self.timeout, self.max_body_bytes);
        if !https {
            return Connection::handshake(tcp, authority, self.http2, limits).await;
        }
        let tls_failed = |reason: String| ClientError::Tls {
            authority: authority.to_owned(),
            reason,
        };
        let name = ServerName::try_from(bare_host.to_owned())
            .map_err(|e| tls_failed(format!("{bare_host:?} is not a valid server name: {e}")))?;
        let connector = if self.http2 { &self.tls_h2 } else { &self.tls };
        let no_h2 = || ClientError::Http {
            authority: authority.to_owned(),
            reason: "the server does not speak HTTP/2 over TLS (it did not agree to ALPN h2)"
                .to_owned(),
        };
        let stream = tokio::time::timeout(CONNECT_TIMEOUT, connector.connect(name, tcp))
            .await
            .map_err(|_| tls_failed(format!("timed out after {CONNECT_TIMEOUT:?}")))?
            .map_err(|e| {
                // A server whose ALPN list lacks h2 ends the handshake with this alert: it
                // was reached, and speaks another protocol.
                let refused_h2 = e
                    .get_ref()
                    .and_then(|inner| inner.downcast_ref::<rustls::Error>())
                    .is_some_and(|error| {
                        *error
                            == rustls::Error::AlertReceived(
                                rustls::AlertDescription::NoApplicationProtocol,
                            )
                    });
                if self.http2 && refused_h2 {
                    no_h2()
                } else {
                    tls_failed(e.to_string())
                }
            })?;
        if self.http2 && stream.get_ref().1.alpn_protocol() != Some(b"h2") {
            return Err(no_h2());
        }
        Connection::handshake(stream, authority, self.http2, limits).await
    }

    /// The addresses of `host` (an IP literal is its own), from the client's resolver.
    pub(super) async fn lookup(
        &self,
        host: &str,
        port: u16,
        authority: &str,
    ) -> Result<Vec<SocketAddr>, ClientError> {
        if let Ok(ip) = host.parse::<IpAddr>() {
            return Ok(vec![SocketAddr::new(ip, port)]);
        }
        let addresses =
            self.resolver
                .resolve(host, port)
                .await
                .map_err(|e| ClientError::Connect {
                    authority: authority.to_owned(),
                    reason: e.to_string(),
                })?;
        if addresses.is_empty() {
            return Err(ClientError::Connect {
                authority: authority.to_owned(),
                reason: "the host has no address".to_owned(),
            });
        }
        Ok(addresses)
    }

    /// A TCP connection to an address of `host` that accepts one. Every address the host
    /// resolves to is put to the destination policy first, and one refused refuses the
    /// host: a name that mixes internal and public addresses is how a rebinding attack
    /// races. Only addresses checked here are connected to.
    async fn tcp(
        &self,
        uri: &Uri,
        host: &str,
        port: u16,
        authority: &str,
    ) -> Result<TcpStream, ClientError> {
        let addresses = self.lookup(host, port, authority).await?;
        for address in &addresses {
            if let Err(reason) = self.destinations.allows(uri, *address) {
                return Err(ClientError::Refused {
                    authority: authority.to_owned(),
                    reason,
                });
            }
        }
        let mut last_error = String::new();
        for address in addresses {
            match TcpStream::connect(address).await {
                Ok(stream) => return Ok(stream),
                Err(error) => last_error = error.to_string(),
            }
        }
        Err(ClientError::Connect {
            authority: authority.to_owned(),
            reason: last_error,
        })
    }
}

/// The host of `uri` without the brackets of an IPv6 literal (connecting and SNI need it
/// bare), and its port (the scheme's default filled in).
pub(super) fn host_and_port(uri: &Uri) -> (String, u16) {
    let host = uri.host().unwrap_or_default();
    let bare_host = host.trim_start_matches('[').trim_end_matches(']');
    let https = uri.scheme() == Some(&http::uri::Scheme::HTTPS);
    let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
    (bare_host.to_owned(), port)
}
