//! Key sets and metadata documents fetched with the crate's client: one GET, https only
//! (plain http only to a loopback address, and only when asked for: tests, a local
//! identity provider), no redirects (the configured URL is the one trusted), the body
//! capped and the whole exchange bounded. A `jwks_uri` a discovery document names may
//! reach only the address classes of the configured document's URL
//! (`Client::for_base`): a metadata document on a public address cannot point the
//! verifier at this machine, the cloud metadata address or the local network.

use std::time::Duration;

use bytes::Bytes;
use http::header::ACCEPT;
use http::{HeaderValue, Method, StatusCode, Uri};

use super::error::JwtError;
use crate::client::{Client, ClientError, Outgoing, PlainHttp};

/// How fetches are made.
#[derive(Debug, Clone)]
pub(crate) struct Fetcher {
    client: Client,
    pub(crate) allow_loopback_http: bool,
}

/// A client trusting the webpki roots (Mozilla's) and the user's own, as PEM.
pub(crate) fn tls_config(extra_roots_pem: &[Vec<u8>]) -> Result<Client, JwtError> {
    extra_roots_pem
        .iter()
        .fold(Client::builder(), |builder, pem| {
            builder.root_certificates_pem(pem.clone())
        })
        .build()
        .map_err(|e| JwtError::RootCertificates(e.to_string()))
}

/// A URL keys may be fetched from: `https://`, or `http://` to a loopback host when
/// allowed. No user name or password in it.
pub(crate) fn check_url(url: &str, allow_loopback_http: bool) -> Result<Uri, JwtError> {
    let bad = |reason: &str| JwtError::Url {
        url: url.to_owned(),
        reason: reason.to_owned(),
    };
    let uri = crate::client::parse_http_url(url).map_err(|e| match e {
        ClientError::UserInfo => bad("credentials in the URL are not supported"),
        _ => bad("not an absolute https URL"),
    })?;
    match plain_http(allow_loopback_http).admits(&uri) {
        Ok(()) => Ok(uri),
        Err(_) if allow_loopback_http => Err(bad(
            "plain http is allowed only to a loopback address (127.0.0.0/8, ::1, localhost)",
        )),
        Err(_) => Err(bad(
            "keys must be fetched over https; plain http to a loopback address needs allow_loopback_http()",
        )),
    }
}

fn plain_http(allow_loopback_http: bool) -> PlainHttp {
    if allow_loopback_http {
        PlainHttp::LoopbackOnly
    } else {
        PlainHttp::Refused
    }
}

impl Fetcher {
    pub(crate) fn new(
        client: Client,
        timeout: Duration,
        max_body_bytes: usize,
        allow_loopback_http: bool,
    ) -> Self {
        Fetcher {
            client: client.with_limits(timeout, max_body_bytes, 0, plain_http(allow_loopback_http)),
            allow_loopback_http,
        }
    }

    /// The body of a 200 answer to `GET url`.
    pub(crate) async fn get(&self, url: &str) -> Result<Bytes, JwtError> {
        self.get_with(&self.client, url).await
    }

    /// The body of a 200 answer to `GET url`, a URL the document at `found_at` named: only
    /// to the address classes of `found_at` (global ones always).
    pub(crate) async fn get_found_at(&self, url: &str, found_at: &str) -> Result<Bytes, JwtError> {
        let base = check_url(found_at, self.allow_loopback_http)?;
        let client = self.client.for_base(&base).await;
        self.get_with(&client, url).await
    }

    async fn get_with(&self, client: &Client, url: &str) -> Result<Bytes, JwtError> {
        let uri = check_url(url, self.allow_loopback_http)?;
        let failed = |reason: String| JwtError::Fetch {
            url: url.to_owned(),
            reason,
        };
        let request =
            Outgoing::new(Method::GET).header(ACCEPT, HeaderValue::from_static("application/json"));
        let response = client
            .send(&uri, &request)
            .await
            .result
            .map_err(|e| failed(e.to_string()))?;
        let status = response.status();
        if status.is_redirection() {
            return Err(failed(format!(
                "the server answered {status}; redirects are not followed, configure the final URL"
            )));
        }
        if status != StatusCode::OK {
            return Err(failed(format!("the server answered {status}")));
        }
        Ok(response.into_body())
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
