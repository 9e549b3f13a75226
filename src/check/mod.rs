//! The audit of a live agent (feature `check`): fetch its card endpoints the way a careful
//! client would, and report every finding as a [`Diagnostic`] with a stable `A2A-C...` code
//! (or the validation code of a problem in a card it served), a severity and a place (a
//! URL, plus a header name or a JSON pointer into the body).
//!
//! The order: the canonical path (everything else depends on the card it serves), the legacy
//! path, revalidation / HEAD / an unsupported method, validation, signatures, every declared
//! interface (does it answer, does it refuse the extended card without credentials, and with
//! them does it hand it out; a GRPC interface gets an unauthenticated `GetExtendedAgentCard`
//! over HTTP/2: h2c for `http://` and `grpc://` URLs, TLS with ALPN `h2` for `https://`,
//! `grpcs://`, `host:port` and `dns:` targets), and finally the host's AI Catalog at
//! `/.well-known/ai-catalog.json` when there is one: validated, and each A2A card it lists
//! (at most [`MAX_LISTED`]) audited the same way, its findings grouped under its entry
//! ([`AuditReport::catalog`]). Requests run one after another: a card
//! server should not see a burst from a checker, and the report then reads in the order
//! things were asked. Every request goes through the crate's [`Client`], so every one is
//! bounded, and the whole run has one time budget ([`Audit::budget`], default
//! [`DEFAULT_BUDGET`]): what is left when it runs out is reported as not done (A2A-C413).
//!
//! The card and its redirects come from the server being audited, so they do not decide
//! where the audit connects: URLs they lead to may not reach loopback, link-local
//! (169.254.169.254), private, unique-local or any other internal address unless the base
//! URL is on one of that class ([`Client::for_base`]); a refused one is a finding
//! (A2A-C412), never a connection. [`Audit::allow_private_destinations`] lifts that. A URL
//! reached through a redirect to another origin gets only GET and HEAD (A2A-C207).
//!
//! An agent's own integration test, asserting that its server publishes its card well:
//!
//! ```no_run
//! use a2a_card::check::Audit;
//! use a2a_card::Severity;
//!
//! # async fn agent_passes_the_audit() -> Result<(), Box<dyn std::error::Error>> {
//! // Start the agent's server (on 127.0.0.1, port 0) the way its tests do, then:
//! let base = "http://127.0.0.1:8080";
//! let client = a2a_card::check::client().build()?;
//! let report = Audit::new(base)?.run(&client).await;
//! let errors: Vec<String> = report
//!     .findings()
//!     .iter()
//!     .filter(|f| f.severity == Severity::Error)
//!     .map(ToString::to_string)
//!     .collect();
//! assert!(report.passed(), "{errors:#?}");
//! // Or with the defaults, in one call:
//! assert!(a2a_card::check::check(base).await?.passed());
//! # Ok(())
//! # }
//! ```

mod addresses;
mod card;
mod endpoint;
mod finding;
mod grpc;
mod host_catalog;
mod http_semantics;
mod interfaces;
mod probe;
mod report;

use std::time::Duration;

use http::{HeaderMap, Uri};

use crate::Diagnostic;
use crate::client::{
    Client, ClientBuilder, ClientError, CredentialPolicy, Origin, PlainHttp, parse_http_url,
};
use crate::sign::TrustStore;
use card::{Keys, legacy_findings, served_card, signature_findings};
use endpoint::fetch_card;
use interfaces::Credentials;

pub use endpoint::Endpoint;
pub use host_catalog::MAX_LISTED;
pub use report::{AuditReport, CatalogReport, ListedCard};

const CANONICAL_PATH: &str = "/.well-known/agent-card.json";
const LEGACY_PATH: &str = "/.well-known/agent.json";
const USER_AGENT: &str = concat!("a2a-card-check/", env!("CARGO_PKG_VERSION"));

/// The time budget of a whole audit by default: 16 interfaces that never answer cannot keep
/// it running for 16 timeouts.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(60);

/// Why an audit could not start.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The base URL is not an absolute http(s) URL.
    #[error(transparent)]
    BaseUrl(ClientError),
    /// The client could not be built.
    #[error(transparent)]
    Client(ClientError),
}

/// A client with the audit's defaults: it names itself `a2a-card-check/VERSION`, and
/// plain http may go anywhere (an agent served over plain http is audited, and warned
/// about); credentials still go over plain http only to loopback.
///
/// ```
/// let client = a2a_card::check::client().timeout(std::time::Duration::from_secs(3)).build()?;
/// # let _ = client;
/// # Ok::<(), a2a_card::client::ClientError>(())
/// ```
pub fn client() -> ClientBuilder {
    Client::builder()
        .user_agent(USER_AGENT)
        .plain_http(PlainHttp::Allowed)
}

/// Audits the agent at `base_url` with the defaults: no keys, no credentials.
///
/// ```no_run
/// # async fn run() -> Result<(), a2a_card::check::CheckError> {
/// let report = a2a_card::check::check("https://agent.example.com").await?;
/// for finding in report.findings() {
///     println!("{finding}");
/// }
/// # Ok(())
/// # }
/// ```
pub async fn check(base_url: &str) -> Result<AuditReport, CheckError> {
    let client = client().build().map_err(CheckError::Client)?;
    Ok(Audit::new(base_url)?.run(&client).await)
}

/// One audit: the base URL, and what to check with (keys for signatures, credentials for
/// the extended card).
///
/// ```
/// use a2a_card::check::Audit;
/// let audit = Audit::new("https://a.example/.well-known/agent-card.json")?;
/// assert_eq!(audit.base_url(), "https://a.example");
/// assert!(Audit::new("a.example").is_err());
/// # Ok::<(), a2a_card::check::CheckError>(())
/// ```
pub struct Audit {
    base: String,
    keys: Option<Keys>,
    credentials: Credentials,
    budget: Duration,
    internal_destinations: bool,
}

impl std::fmt::Debug for Audit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The credentials are secrets: only how many there are.
        f.debug_struct("Audit")
            .field("base", &self.base)
            .field("keys", &self.keys.is_some())
            .field("credentials", &self.credentials.headers.len())
            .field("budget", &self.budget)
            .field("internal_destinations", &self.internal_destinations)
            .finish_non_exhaustive()
    }
}

impl Audit {
    /// An audit of the agent at `base_url` (`https://agent.example.com`); a URL ending in
    /// one of the well-known card paths is taken as its base.
    pub fn new(base_url: &str) -> Result<Audit, CheckError> {
        let base = base_url_of(base_url).map_err(CheckError::BaseUrl)?;
        let mut policy = CredentialPolicy::default();
        if let Ok(uri) = parse_http_url(&base) {
            policy.allow(&uri);
        }
        Ok(Audit {
            base,
            keys: None,
            credentials: Credentials {
                headers: HeaderMap::new(),
                policy,
            },
            budget: DEFAULT_BUDGET,
            internal_destinations: false,
        })
    }

    /// The base URL: no trailing slash, query or well-known path.
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// Verifies the card's signatures against these keys; `source` names them in findings
    /// (a file name).
    pub fn keys(mut self, keys: TrustStore, source: &str) -> Self {
        self.keys = Some(Keys::new(keys, source));
        self
    }

    /// Headers sent with extended-card requests: the credentials the card's security
    /// requirements ask for. They go only to interfaces on the base URL's origin (and the
    /// origins of [`credential_origin`](Self::credential_origin)), and over plain http
    /// only to loopback. Mark their values sensitive so hyper never logs them.
    pub fn credentials(mut self, headers: HeaderMap) -> Self {
        self.credentials.headers = headers;
        self
    }

    /// Also sends the credentials to interfaces on the origin of `uri`.
    pub fn credential_origin(mut self, uri: &Uri) -> Self {
        self.credentials.policy.allow(uri);
        self
    }

    /// The time budget of the whole run (default [`DEFAULT_BUDGET`]); each request also
    /// keeps the client's own timeout. Probes left when it runs out are reported as not done
    /// (A2A-C413).
    pub fn budget(mut self, budget: Duration) -> Self {
        self.budget = budget;
        self
    }

    /// Lets URLs from the card and from redirects reach internal addresses (loopback,
    /// link-local, private, unique-local...) even when the base URL is not on one: for an
    /// agent whose interfaces are meant to be reached from inside one network. Without it
    /// such a URL gets no connection, and a finding (A2A-C412).
    pub fn allow_private_destinations(mut self) -> Self {
        self.internal_destinations = true;
        self
    }

    /// Runs every check with `client` (see [`client()`] for the audit's defaults), under
    /// the run's budget and, unless [`allow_private_destinations`](Self::allow_private_destinations),
    /// the destinations the base URL allows ([`Client::for_base`]; the client's own
    /// destination policy is asked too).
    pub async fn run(&self, client: &Client) -> AuditReport {
        let base = self.base.as_str();
        let client = client.with_budget(self.budget);
        let client = match parse_http_url(base) {
            Ok(uri) if !self.internal_destinations => client.for_base(&uri).await,
            _ => client,
        };
        let client = &client;
        let mut findings: Vec<Diagnostic> = Vec::new();
        let canonical_url = at(base, CANONICAL_PATH);
        let canonical = fetch_card(client, &canonical_url).await;
        if canonical.unreachable {
            return AuditReport::unreachable(base, canonical.endpoint);
        }
        let card = served_card(&canonical, &mut findings);
        if let (Some(response), Ok(url)) = (
            canonical.response.as_ref().filter(|_| card.is_some()),
            parse_http_url(canonical.endpoint.final_url()),
        ) {
            let cross_origin = Origin::of(&url) != Origin::of(&canonical_url);
            http_semantics::protocol_findings(client, &url, response, cross_origin, &mut findings)
                .await;
        }
        let legacy = fetch_card(client, &at(base, LEGACY_PATH)).await;
        legacy_findings(&legacy, card.as_ref(), &mut findings);
        if let Some(card) = &card {
            let url = canonical.endpoint.final_url();
            let body = canonical.card_body().map(|b| &b[..]);
            signature_findings(card, body, self.keys.as_ref(), url, &mut findings);
            interfaces::interface_findings(client, card, url, &self.credentials, &mut findings)
                .await;
        }
        let catalog = match parse_http_url(base) {
            Ok(base_uri) => Some(
                host_catalog::catalog_report(
                    client,
                    &host_catalog::Base {
                        base: &base_uri,
                        canonical: &canonical,
                        keys: self.keys.as_ref(),
                        credentials: &self.credentials,
                    },
                )
                .await,
            ),
            Err(_) => None,
        };
        let report = AuditReport::new(base, vec![canonical.endpoint, legacy.endpoint], findings);
        match catalog {
            Some(catalog) => report.with_catalog(catalog),
            None => report,
        }
    }
}

/// The base URL without a trailing slash, query or well-known path.
fn base_url_of(text: &str) -> Result<String, ClientError> {
    let uri = parse_http_url(text)?;
    let path = uri.path();
    let path = path
        .strip_suffix(CANONICAL_PATH)
        .or_else(|| path.strip_suffix(LEGACY_PATH))
        .unwrap_or(path)
        .trim_end_matches('/');
    let scheme = uri.scheme_str().unwrap_or("https");
    let authority = uri.authority().map_or("", |a| a.as_str());
    Ok(format!("{scheme}://{authority}{path}"))
}

fn at(base: &str, path: &str) -> Uri {
    // The base was parsed as a URL and a well-known path only adds path characters.
    parse_http_url(&format!("{base}{path}")).unwrap_or_default()
}

debug_as_display!(CheckError);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_url_drops_well_known_paths_and_slashes() {
        for (given, base) in [
            ("https://a.example", "https://a.example"),
            ("https://a.example/", "https://a.example"),
            ("https://a.example/agents/x/", "https://a.example/agents/x"),
            (
                "http://127.0.0.1:8080/.well-known/agent-card.json",
                "http://127.0.0.1:8080",
            ),
            (
                "https://a.example/.well-known/agent.json?x=1",
                "https://a.example",
            ),
        ] {
            assert_eq!(base_url_of(given).ok().as_deref(), Some(base), "{given}");
        }
        assert!(base_url_of("a.example").is_err());
    }
}
