//! Bearer tokens (`Authorization: Bearer`, RFC 6750) for HTTP Bearer, OAuth 2.0 and OpenID
//! Connect schemes, checked by a [`TokenVerifier`].

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use http::request::Parts;

use super::authorization::{Authorization, authorization};
use super::scheme_verifier::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// The future a [`TokenVerifier`] returns.
pub type TokenFuture<'a> = Pin<Box<dyn Future<Output = Result<Grant, TokenError>> + Send + 'a>>;

/// Checks a bearer token and says what it grants: a JWT checked against a JWKS, an opaque
/// token looked up by introspection, anything.
///
/// ```
/// use a2a_card::security::{Grant, TokenError, TokenFuture, TokenVerifier, Verdict, Verifier};
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
/// let runtime = tokio::runtime::Builder::new_current_thread().build()?;
/// let grant = runtime.block_on(Static.verify_token("let-me-in")).unwrap();
/// assert_eq!(grant.subject.as_deref(), Some("tester"));
/// assert_eq!(runtime.block_on(Static.verify_token("guess")), Err(TokenError::Invalid("unknown token")));
///
/// // Checking `Authorization: Bearer ...` for the card's bearer scheme:
/// let bearer = a2a_card::security::Bearer::new(Static);
/// let scheme = a2a_card::SecurityScheme::http("Bearer");
/// let (parts, ()) = http::Request::get("/").header("authorization", "Bearer let-me-in").body(())?.into_parts();
/// assert_eq!(runtime.block_on(bearer.verify(&parts, &scheme)), Verdict::Accepted(grant));
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// use a2a_card::security::Verifier;
    /// use a2a_card::SecurityScheme;
    /// let bearer = a2a_card::security::Bearer::new(Any);
    /// assert!(bearer.fits(&SecurityScheme::http("bearer")).is_ok());
    /// assert!(bearer.fits(&SecurityScheme::http("Basic")).is_err());
    /// assert!(bearer.fits(&SecurityScheme::api_key("header", "X-API-Key")).is_err());
    /// assert_eq!(format!("{bearer:?}"), "Bearer { .. }"); // nothing of the token verifier
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::security::{ClientCertificate, MutualTls};

    /// Accepts the token `good` (subject `alice`, scope `s`); every other token fails with
    /// the error its text names.
    struct Tokens;

    impl TokenVerifier for Tokens {
        fn verify_token<'a>(&'a self, token: &'a str) -> TokenFuture<'a> {
            let result = match token {
                "good" => Ok(Grant::subject("alice").with_scopes(["s"])),
                "expired" => Err(TokenError::Expired),
                "audience" => Err(TokenError::WrongAudience),
                _ => Err(TokenError::Signature("test")),
            };
            Box::pin(std::future::ready(result))
        }
    }

    fn run(verifier: &dyn Verifier, scheme: &SecurityScheme, parts: &Parts) -> Verdict {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(verifier.verify(parts, scheme))
    }

    fn with_authorization(lines: &[&[u8]]) -> Parts {
        let mut request = http::Request::get("/");
        for line in lines {
            request = request.header(
                http::header::AUTHORIZATION,
                http::HeaderValue::from_bytes(line).unwrap(),
            );
        }
        request.body(()).unwrap().into_parts().0
    }

    #[test]
    fn a_bearer_token_reaches_the_token_verifier() {
        let bearer = Bearer::new(Tokens);
        let scheme = SecurityScheme::http("Bearer");
        let verdict = |lines: &[&[u8]]| run(&bearer, &scheme, &with_authorization(lines));
        assert_eq!(
            verdict(&[b"Bearer good"]),
            Verdict::Accepted(Grant::subject("alice").with_scopes(["s"]))
        );
        assert_eq!(verdict(&[b"bearer   good  "]), verdict(&[b"Bearer good"]));
        assert_eq!(verdict(&[]), Verdict::Missing);
        assert_eq!(verdict(&[b"Basic good"]), Verdict::Missing);
        assert_eq!(verdict(&[b"Bearergood"]), Verdict::Missing);
        assert_eq!(verdict(&[b"Bearer"]), Verdict::Missing);
        assert_eq!(verdict(&[b"Bearer  "]), Verdict::Missing);
        assert_eq!(
            verdict(&[b"Bearer good bad"]),
            Verdict::Rejected("bad token signature")
        );
        assert_eq!(
            verdict(&[b"Bearer expired"]),
            Verdict::Rejected("expired token")
        );
        assert_eq!(
            verdict(&[b"Bearer audience"]),
            Verdict::Rejected("wrong token audience")
        );
        assert_eq!(
            verdict(&[b"Bearer good", b"Bearer good"]),
            Verdict::Rejected("several Authorization headers")
        );
        assert_eq!(
            verdict(&[b"Bearer g\xf6\xf6d"]),
            Verdict::Rejected("an Authorization header that is not text")
        );
    }

    #[test]
    fn whitespace_after_the_scheme_is_no_token() {
        // The header is trimmed before it is split, so `Bearer` + whitespace is `Bearer`
        // alone: no bearer credential (and the verifier never sees an empty token).
        let bearer = Bearer::new(Tokens);
        let scheme = SecurityScheme::http("Bearer");
        for line in [&b"Bearer \t"[..], b"Bearer \t ", b"  Bearer"] {
            assert_eq!(
                run(&bearer, &scheme, &with_authorization(&[line])),
                Verdict::Missing
            );
        }
    }

    #[test]
    fn every_token_error_has_its_reason() {
        let reasons = [
            (TokenError::Malformed("x"), "malformed token"),
            (TokenError::Signature("x"), "bad token signature"),
            (TokenError::UnknownKey, "unknown token key"),
            (TokenError::Expired, "expired token"),
            (TokenError::NotYetValid, "token not valid yet"),
            (TokenError::WrongIssuer, "wrong token issuer"),
            (TokenError::WrongAudience, "wrong token audience"),
            (TokenError::Invalid("its own words"), "its own words"),
        ];
        for (error, reason) in reasons {
            assert_eq!(error.reason(), reason, "{error}");
        }
    }

    #[test]
    fn bearer_fits_bearer_oauth2_and_openid_connect_only() {
        let bearer = Bearer::new(Tokens);
        let oauth2: SecurityScheme =
            serde_json::from_str(r#"{"oauth2SecurityScheme": {"flows": {}}}"#).unwrap();
        let oidc =
            SecurityScheme::open_id_connect("https://id.example/.well-known/openid-configuration");
        for fitting in [
            SecurityScheme::http("Bearer"),
            SecurityScheme::http("bearer"),
            oauth2,
            oidc,
        ] {
            assert!(bearer.fits(&fitting).is_ok(), "{fitting:?}");
            assert!(is_bearer(&fitting), "{fitting:?}");
        }
        for other in [
            SecurityScheme::http("Basic"),
            SecurityScheme::http("Bearerx"),
            SecurityScheme::api_key("header", "X-Key"),
            SecurityScheme::mutual_tls(),
        ] {
            assert!(bearer.fits(&other).is_err(), "{other:?}");
            assert!(!is_bearer(&other), "{other:?}");
        }
    }

    #[test]
    fn mutual_tls_is_the_certificate_the_tls_layer_put_in_the_request() {
        let scheme = SecurityScheme::mutual_tls();
        assert!(MutualTls.fits(&scheme).is_ok());
        assert!(MutualTls.fits(&SecurityScheme::http("Bearer")).is_err());
        let (mut parts, ()) = http::Request::get("/").body(()).unwrap().into_parts();
        assert_eq!(run(&MutualTls, &scheme, &parts), Verdict::Missing);
        parts.extensions.insert(ClientCertificate::new(
            vec![1, 2, 3],
            Some("agent-7".into()),
        ));
        assert_eq!(
            run(&MutualTls, &scheme, &parts),
            Verdict::Accepted(Grant::subject("agent-7"))
        );
        parts
            .extensions
            .insert(ClientCertificate::new(vec![1, 2, 3], None));
        assert_eq!(
            run(&MutualTls, &scheme, &parts),
            Verdict::Accepted(Grant::default())
        );
        let cert = ClientCertificate::new(vec![4, 5], Some("x".into()));
        assert_eq!((cert.der(), cert.subject()), (&[4_u8, 5][..], Some("x")));
    }

    #[test]
    fn debug_shows_no_verifier_internals() {
        assert_eq!(format!("{:?}", Bearer::new(Tokens)), "Bearer { .. }");
        assert_eq!(
            format!("{:?}", TokenError::Expired),
            "the token has expired"
        );
    }
}
