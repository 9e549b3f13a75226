//! What a verifier is: something that looks at a request for one security scheme of the card
//! and says whether the caller presented a valid credential for it.

use std::collections::BTreeSet;
use std::future::Future;
use std::pin::Pin;

use http::request::Parts;

use crate::SecurityScheme;

/// The future a [`Verifier`] returns.
pub type VerifyFuture<'a> = Pin<Box<dyn Future<Output = Verdict> + Send + 'a>>;

/// Checks one security scheme of the card against a request. Implement it for your own
/// credentials; the crate provides API keys, HTTP Basic, bearer tokens and mutual TLS.
///
/// ```
/// use a2a_card::security::{Grant, Verdict, Verifier, VerifyFuture};
/// use a2a_card::{SchemeKind, SecurityScheme};
///
/// /// Trusts a header set by the gateway in front of the agent.
/// struct GatewayUser;
///
/// impl Verifier for GatewayUser {
///     fn fits(&self, scheme: &SecurityScheme) -> Result<(), String> {
///         match scheme.kind() {
///             Some(SchemeKind::ApiKey(_)) => Ok(()),
///             _ => Err("an apiKeySecurityScheme".into()),
///         }
///     }
///     fn verify<'a>(&'a self, request: &'a http::request::Parts, _: &'a SecurityScheme) -> VerifyFuture<'a> {
///         let user = request.headers.get("x-gateway-user").and_then(|v| v.to_str().ok());
///         let verdict = match user {
///             Some(user) => Verdict::Accepted(Grant::subject(user)),
///             None => Verdict::Missing,
///         };
///         Box::pin(async move { verdict })
///     }
/// }
///
/// let scheme = SecurityScheme::api_key("header", "X-API-Key");
/// assert!(GatewayUser.fits(&scheme).is_ok());
/// assert_eq!(GatewayUser.fits(&SecurityScheme::mutual_tls()).unwrap_err(), "an apiKeySecurityScheme");
/// let runtime = tokio::runtime::Builder::new_current_thread().build()?;
/// let (parts, ()) = http::Request::get("/").header("x-gateway-user", "alice").body(())?.into_parts();
/// assert_eq!(runtime.block_on(GatewayUser.verify(&parts, &scheme)), Verdict::Accepted(Grant::subject("alice")));
/// let (parts, ()) = http::Request::get("/").body(())?.into_parts();
/// assert_eq!(runtime.block_on(GatewayUser.verify(&parts, &scheme)), Verdict::Missing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Verifier: Send + Sync + 'static {
    /// `Ok` when this verifier can check `scheme` as the card declares it; otherwise what it
    /// can check (e.g. "an httpAuthSecurityScheme with scheme Basic"), for the build error.
    fn fits(&self, scheme: &SecurityScheme) -> Result<(), String>;

    /// Checks the request's credential for `scheme`. Never called for a scheme `fits`
    /// refused.
    fn verify<'a>(&'a self, request: &'a Parts, scheme: &'a SecurityScheme) -> VerifyFuture<'a>;
}

/// What a verifier found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No credential for this scheme in the request.
    Missing,
    /// A credential was presented and is not valid. The reason is for logs and never
    /// contains the credential.
    Rejected(&'static str),
    /// A valid credential.
    Accepted(Grant),
}

/// Who the caller is and which scopes their credential grants.
///
/// ```
/// let grant = a2a_card::security::Grant::subject("alice").with_scopes(["cards.read"]);
/// assert!(grant.scopes.contains("cards.read"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Grant {
    /// The caller, when the credential names one (user name, token `sub`, certificate).
    pub subject: Option<String>,
    /// Scopes granted (OAuth `scope` / `scp`); empty for keys and passwords.
    pub scopes: BTreeSet<String>,
}

impl Grant {
    /// A grant for a named caller, without scopes.
    ///
    /// ```
    /// assert_eq!(a2a_card::security::Grant::subject("bob").subject.as_deref(), Some("bob"));
    /// ```
    pub fn subject(subject: impl Into<String>) -> Self {
        Grant {
            subject: Some(subject.into()),
            scopes: BTreeSet::new(),
        }
    }

    /// Adds scopes.
    ///
    /// ```
    /// let g = a2a_card::security::Grant::default().with_scopes(["a", "b"]);
    /// assert_eq!(g.scopes.len(), 2);
    /// ```
    pub fn with_scopes<I, S>(mut self, scopes: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.scopes.extend(scopes.into_iter().map(Into::into));
        self
    }
}
