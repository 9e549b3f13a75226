//! Why an exchange failed, in words that say what to check.

use std::fmt;
use std::time::Duration;

/// Why the client could not be built or an exchange failed.
///
/// ```
/// use a2a_card::client::{parse_http_url, ClientError};
/// let error = parse_http_url("agent.example.com").unwrap_err();
/// assert!(matches!(error, ClientError::NotHttpUrl(_)));
/// assert!(!error.is_unreachable());
/// ```
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The URL is not an absolute `http://` or `https://` URL with a host.
    #[error("{0:?} is not an absolute http:// or https:// URL")]
    NotHttpUrl(String),
    /// The URL carries a `user:password@` part (never repeated in messages).
    #[error("the URL has a user:password@ part; send credentials in a header instead")]
    UserInfo,
    /// Plain http to a host the [`PlainHttp`](super::PlainHttp) rule does not allow.
    #[error("{url} uses plain http, which is allowed {allowed}; use https")]
    PlainHttp {
        /// The URL.
        url: String,
        /// Where plain http is allowed ("nowhere", "only to a loopback address ...").
        allowed: &'static str,
    },
    /// The [`DestinationPolicy`](super::DestinationPolicy) refused every address of the host.
    #[error("refused to connect to {authority}: {reason}")]
    Refused {
        /// Host and port.
        authority: String,
        /// What the policy said.
        reason: String,
    },
    /// No TCP connection (DNS, refused, unreachable, or no connection in time).
    #[error("cannot connect to {authority}: {reason}")]
    Connect {
        /// Host and port.
        authority: String,
        /// What failed.
        reason: String,
    },
    /// The TLS handshake failed (an unknown issuer, a name mismatch, plain http spoken...).
    #[error("TLS handshake with {authority} failed: {reason}")]
    Tls {
        /// Host and port.
        authority: String,
        /// What rustls said.
        reason: String,
    },
    /// No answer before the deadline.
    #[error("no answer from {authority} within {}", Span(*.timeout))]
    Timeout {
        /// Host and port.
        authority: String,
        /// The bound on the exchange.
        timeout: Duration,
    },
    /// An answer whose body did not arrive before the deadline (the server was reached).
    #[error("{authority} answered but the body did not arrive within {}", Span(*.timeout))]
    BodyTimeout {
        /// Host and port.
        authority: String,
        /// The bound on the exchange.
        timeout: Duration,
    },
    /// The time budget of a whole run ([`Client::with_budget`](super::Client::with_budget))
    /// ran out before this exchange was done (or before it began).
    #[error("not done: the run's time budget of {} ran out", Span(*.budget))]
    OutOfTime {
        /// The budget of the run.
        budget: Duration,
    },
    /// The HTTP exchange itself failed (a broken or closed connection, a bad response).
    #[error("HTTP exchange with {authority} failed: {reason}")]
    Http {
        /// Host and port.
        authority: String,
        /// What hyper said.
        reason: String,
    },
    /// The body is larger than the cap.
    #[error("the body is larger than {limit} bytes")]
    TooLarge {
        /// The cap.
        limit: usize,
    },
    /// More redirects than the limit.
    #[error("more than {limit} redirects; stopped at {at}")]
    TooManyRedirects {
        /// The limit.
        limit: usize,
        /// The redirect not followed.
        at: String,
    },
    /// A redirect without a usable `Location`.
    #[error("a redirect ({status}) without a usable Location header")]
    BadRedirect {
        /// Its status code.
        status: u16,
    },
    /// Root certificates given to the builder cannot be used.
    #[error("cannot use the CA certificates in {place}: {reason}")]
    RootCertificates {
        /// The file (or "the PEM text").
        place: String,
        /// What is wrong.
        reason: String,
    },
    /// rustls refused the configuration.
    #[error("cannot set up TLS: {0}")]
    TlsSetup(String),
}

impl ClientError {
    /// True when nothing answered at all (no TCP connection, no TLS session, no answer in
    /// time, or the destination refused), as opposed to a server that answered badly.
    ///
    /// ```
    /// use a2a_card::client::ClientError;
    /// assert!(ClientError::Connect { authority: "a:1".into(), reason: "refused".into() }.is_unreachable());
    /// assert!(!ClientError::TooLarge { limit: 1 }.is_unreachable());
    /// ```
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            ClientError::Connect { .. }
                | ClientError::Tls { .. }
                | ClientError::Timeout { .. }
                | ClientError::Refused { .. }
        )
    }
}

/// A bound for a message: whole seconds as `10 seconds`, anything finer in milliseconds.
struct Span(Duration);

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.subsec_nanos() == 0 {
            write!(f, "{} seconds", self.0.as_secs())
        } else {
            write!(f, "{} ms", self.0.as_millis())
        }
    }
}

debug_as_display!(ClientError);
