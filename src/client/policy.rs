//! What the client may do: where plain http may go, where credentials may go, and (a hook
//! for now) which addresses it may connect to.

use std::fmt;
use std::net::SocketAddr;

use http::Uri;

use super::{ClientError, Origin};

/// Where plain `http://` may go. TLS protects both what is sent and what is read back (a
/// card, a key set), so the default is https everywhere but this machine.
///
/// ```
/// use a2a_card::client::PlainHttp;
/// assert_eq!(PlainHttp::default(), PlainHttp::LoopbackOnly);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlainHttp {
    /// https only.
    Refused,
    /// Plain http to `localhost` and loopback addresses only (tests, a local identity
    /// provider, an agent under development).
    #[default]
    LoopbackOnly,
    /// Plain http anywhere: for tools that report what a server does over plain http (the
    /// audit warns about it). Credentials still go over plain http only to loopback.
    Allowed,
}

impl PlainHttp {
    /// `Ok` when `uri` may be asked for under this rule.
    pub(crate) fn admits(self, uri: &Uri) -> Result<(), ClientError> {
        let origin = Origin::of(uri);
        let allowed = match self {
            _ if !origin.is_plain_http() => return Ok(()),
            PlainHttp::Allowed => return Ok(()),
            PlainHttp::LoopbackOnly if origin.is_loopback() => return Ok(()),
            PlainHttp::LoopbackOnly => "only to a loopback address (127.0.0.0/8, ::1, localhost)",
            PlainHttp::Refused => "nowhere",
        };
        Err(ClientError::PlainHttp {
            url: uri.to_string(),
            allowed,
        })
    }
}

/// Where credentials (API keys, tokens) may be sent: to the origins allowed, and over plain
/// http only to loopback. A URL to send them to often comes from a document the other side
/// wrote (a card's interfaces), which must not be able to send them elsewhere. The client
/// itself also drops the caller's headers when a redirect leads to another origin.
///
/// ```
/// use a2a_card::client::{CredentialPolicy, CredentialRefusal};
/// let uri = |u: &str| u.parse().unwrap();
/// let mut policy = CredentialPolicy::default();
/// policy.allow(&uri("https://agent.example"));
/// policy.allow(&uri("http://agent.example"));
/// assert!(policy.allows(&uri("https://agent.example/rpc")).is_ok());
/// assert_eq!(policy.allows(&uri("https://other.example/rpc")), Err(CredentialRefusal::OtherOrigin));
/// assert_eq!(policy.allows(&uri("http://agent.example/rpc")), Err(CredentialRefusal::PlainHttp));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CredentialPolicy {
    origins: Vec<Origin>,
}

/// Why credentials may not go to a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CredentialRefusal {
    /// Plain http beyond loopback.
    PlainHttp,
    /// An origin not allowed.
    OtherOrigin,
}

impl fmt::Display for CredentialRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CredentialRefusal::PlainHttp => "plain http beyond loopback",
            CredentialRefusal::OtherOrigin => "an origin not allowed",
        })
    }
}

impl CredentialPolicy {
    /// Allows the origin of `uri`.
    pub fn allow(&mut self, uri: &Uri) {
        let origin = Origin::of(uri);
        if !self.origins.contains(&origin) {
            self.origins.push(origin);
        }
    }

    /// `Ok` when credentials may be sent to `uri`.
    pub fn allows(&self, uri: &Uri) -> Result<(), CredentialRefusal> {
        let origin = Origin::of(uri);
        if origin.is_plain_http() && !origin.is_loopback() {
            return Err(CredentialRefusal::PlainHttp);
        }
        if !self.origins.contains(&origin) {
            return Err(CredentialRefusal::OtherOrigin);
        }
        Ok(())
    }
}

/// Which addresses the client may connect to, asked for every address a host resolves to
/// before connecting (so a name that resolves to a forbidden address is caught after DNS,
/// where SSRF protection has to look). The default, [`AnyDestination`], allows all; a
/// server that fetches URLs from untrusted input (a card's interfaces, a discovery
/// document) can refuse private, link-local or metadata addresses here.
///
/// ```
/// use std::net::SocketAddr;
/// use a2a_card::client::{Client, DestinationPolicy};
///
/// #[derive(Debug)]
/// struct PublicOnly;
/// impl DestinationPolicy for PublicOnly {
///     fn allows(&self, _url: &http::Uri, address: SocketAddr) -> Result<(), String> {
///         match address.ip() {
///             std::net::IpAddr::V4(ip) if ip.is_private() || ip.is_loopback() => {
///                 Err(format!("{ip} is not a public address"))
///             }
///             _ => Ok(()),
///         }
///     }
/// }
/// let client = Client::builder().destination_policy(PublicOnly).build()?;
/// # let _ = client;
/// # Ok::<(), a2a_card::client::ClientError>(())
/// ```
pub trait DestinationPolicy: fmt::Debug + Send + Sync + 'static {
    /// `Ok` when the client may connect to `address`, one of the addresses of `url`'s
    /// host; the error says why not.
    fn allows(&self, url: &Uri, address: SocketAddr) -> Result<(), String>;
}

/// The default [`DestinationPolicy`]: every address.
///
/// ```
/// use a2a_card::client::{AnyDestination, DestinationPolicy};
/// let url = "https://a.example/".parse().unwrap();
/// assert!(AnyDestination.allows(&url, "10.0.0.1:443".parse().unwrap()).is_ok());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct AnyDestination;

impl DestinationPolicy for AnyDestination {
    fn allows(&self, _url: &Uri, _address: SocketAddr) -> Result<(), String> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_http_follows_the_rule() {
        let uri = |u: &str| -> Uri { u.parse().unwrap() };
        assert!(PlainHttp::Refused.admits(&uri("https://a.example")).is_ok());
        assert!(PlainHttp::Refused.admits(&uri("http://127.0.0.1")).is_err());
        assert!(
            PlainHttp::LoopbackOnly
                .admits(&uri("http://[::1]:8/"))
                .is_ok()
        );
        assert!(
            PlainHttp::LoopbackOnly
                .admits(&uri("http://a.example"))
                .is_err()
        );
        assert!(PlainHttp::Allowed.admits(&uri("http://a.example")).is_ok());
    }

    #[test]
    fn credentials_go_only_to_allowed_origins_over_tls_or_loopback() {
        let uri = |u: &str| -> Uri { u.parse().unwrap() };
        let mut policy = CredentialPolicy::default();
        for allowed in [
            "https://a.example",
            "http://127.0.0.1:8080",
            "http://a.example",
        ] {
            policy.allow(&uri(allowed));
        }
        assert!(policy.allows(&uri("https://a.example:443/rpc")).is_ok());
        assert!(policy.allows(&uri("http://127.0.0.1:8080/rpc")).is_ok());
        assert!(policy.allows(&uri("https://b.example/rpc")).is_err());
        assert!(policy.allows(&uri("http://127.0.0.1:9/rpc")).is_err());
        // Allowed, but cleartext beyond this machine.
        assert!(policy.allows(&uri("http://a.example/rpc")).is_err());
    }
}
