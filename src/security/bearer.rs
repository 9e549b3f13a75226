//! Bearer tokens (`Authorization: Bearer`, RFC 6750) for HTTP Bearer, OAuth 2.0 and OpenID
//! Connect schemes, checked by a [`TokenVerifier`].

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use http::request::Parts;

use super::authorization::{authorization, Authorization};
use super::verifier::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// The future a [`TokenVerifier`] returns.
pub type TokenFuture<'a> = Pin<Box<dyn Future<Output = Result<Grant, TokenError>> + Send + 'a>>;

/// Checks a bearer token and says what it grants: a JWT checked against a JWKS, an opaque
/// token looked up by introspection, anything.
///
/// ```
/// use a2a_card::security::{Grant, TokenError, TokenFuture, TokenVerifier};
/// struct Static;
/// impl TokenVerifier for Static {
///     fn verify_token<'a>(&'a self, token: &'a str) -> TokenFuture<'a> {
///         let result = if token == "let-me-in" {
///             Ok(Grant::subject("tester").with_scopes(["cards.read"]))
///         } else {
///             Err(TokenError::Invalid("unknown token"))
///         };
///         Box::pin(async move { result })
///     }
/// }
/// let bearer = a2a_card::security::Bearer::new(Static);
/// # let _ = bearer;
/// ```
pub trait TokenVerifier: Send + Sync + 'static {
    /// The grant of a valid token, or why it is not valid.
    fn verify_token<'a>(&'a self, token: &'a str) -> TokenFuture<'a>;
}

/// Why a token was refused. The messages name the check, never the token.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TokenError {
    /// Not a well-formed token (e.g. not three base64url parts).
    #[error("the token is malformed: {0}")]
    Malformed(&'static str),
    /// The signature does not verify, or the algorithm is not allowed.
    #[error("the token's signature is not valid: {0}")]
    Signature(&'static str),
    /// No trusted key has the token's `kid`.
    #[error("no trusted key has the token's key id")]
    UnknownKey,
    /// `exp` is in the past.
    #[error("the token has expired")]
    Expired,
    /// `nbf` is in the future.
    #[error("the token is not valid yet")]
    NotYetValid,
    /// `iss` is not the configured issuer.
    #[error("the token was issued by another issuer")]
    WrongIssuer,
    /// `aud` does not name this agent.
    #[error("the token is meant for another audience")]
    WrongAudience,
    /// Any other reason.
    #[error("the token is not valid: {0}")]
    Invalid(&'static str),
}

impl TokenError {
    fn reason(&self) -> &'static str {
        match self {
            TokenError::Malformed(_) => "malformed token",
            TokenError::Signature(_) => "bad token signature",
            TokenError::UnknownKey => "unknown token key",
            TokenError::Expired => "expired token",
            TokenError::NotYetValid => "token not valid yet",
            TokenError::WrongIssuer => "wrong token issuer",
            TokenError::WrongAudience => "wrong token audience",
            TokenError::Invalid(reason) => reason,
        }
    }
}

/// Satisfies HTTP Bearer, OAuth 2.0 and OpenID Connect schemes with a [`TokenVerifier`].
///
/// ```
/// # use a2a_card::security::{Grant, TokenFuture, TokenVerifier, Verifier, Bearer};
/// # struct Any; impl TokenVerifier for Any { fn verify_token<'a>(&'a self, _: &'a str) -> TokenFuture<'a> { Box::pin(async { Ok(Grant::default()) }) } }
/// let bearer = Bearer::new(Any);
/// assert!(bearer.fits(&a2a_card::SecurityScheme::http("Bearer")).is_ok());
/// assert!(bearer.fits(&a2a_card::SecurityScheme::http("Basic")).is_err());
/// ```
#[derive(Clone)]
pub struct Bearer {
    tokens: Arc<dyn TokenVerifier>,
}

impl std::fmt::Debug for Bearer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bearer").finish_non_exhaustive()
    }
}

impl Bearer {
    /// Bearer tokens checked by `tokens`.
    ///
    /// ```
    /// # use a2a_card::security::{Grant, TokenFuture, TokenVerifier};
    /// # struct Any; impl TokenVerifier for Any { fn verify_token<'a>(&'a self, _: &'a str) -> TokenFuture<'a> { Box::pin(async { Ok(Grant::default()) }) } }
    /// let bearer = a2a_card::security::Bearer::new(Any);
    /// # let _ = bearer;
    /// ```
    pub fn new(tokens: impl TokenVerifier) -> Self {
        Bearer {
            tokens: Arc::new(tokens),
        }
    }
}

impl Verifier for Bearer {
    fn fits(&self, scheme: &SecurityScheme) -> Result<(), String> {
        match scheme.kind() {
            Some(SchemeKind::HttpAuth(http)) if http.scheme.eq_ignore_ascii_case("bearer") => {
                Ok(())
            }
            Some(SchemeKind::OAuth2(_) | SchemeKind::OpenIdConnect(_)) => Ok(()),
            _ => Err("an httpAuthSecurityScheme with scheme Bearer, an oauth2SecurityScheme or an openIdConnectSecurityScheme".into()),
        }
    }

    fn verify<'a>(&'a self, request: &'a Parts, _scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        Box::pin(async move {
            match authorization(request, "bearer") {
                Authorization::Missing => Verdict::Missing,
                Authorization::Several => Verdict::Rejected("several Authorization headers"),
                Authorization::Unreadable => {
                    Verdict::Rejected("an Authorization header that is not text")
                }
                Authorization::Credentials("") => Verdict::Rejected("empty bearer token"),
                Authorization::Credentials(token) => match self.tokens.verify_token(token).await {
                    Ok(grant) => Verdict::Accepted(grant),
                    Err(error) => Verdict::Rejected(error.reason()),
                },
            }
        })
    }
}

/// Whether a scheme is checked with bearer tokens (so a failure gets RFC 6750 errors).
pub(crate) fn is_bearer(scheme: &SecurityScheme) -> bool {
    match scheme.kind() {
        Some(SchemeKind::HttpAuth(http)) => http.scheme.eq_ignore_ascii_case("bearer"),
        Some(SchemeKind::OAuth2(_) | SchemeKind::OpenIdConnect(_)) => true,
        _ => false,
    }
}

debug_as_display!(TokenError);
