//! HTTP Basic (RFC 7617): user names and passwords compared in constant time.

use base64::Engine;
use http::request::Parts;
use subtle::ConstantTimeEq;

use super::api_key::digest;
use super::authorization::{authorization, Authorization};
use super::error::SecurityError;
use super::verifier::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// Accepts `Authorization: Basic` for configured users. Each `user:password` pair is kept
/// only as a SHA-256 digest and every pair is compared in constant time, so the answer's
/// timing tells nothing about which users exist.
///
/// ```
/// use a2a_card::security::BasicUsers;
/// let users = BasicUsers::new(["alice:s3cret", "bob:hunter22"])?;
/// assert_eq!(format!("{users:?}"), "BasicUsers { users: [\"alice\", \"bob\"] }");
/// # Ok::<(), a2a_card::security::SecurityError>(())
/// ```
#[derive(Clone)]
pub struct BasicUsers {
    users: Vec<(String, [u8; 32])>,
}

impl std::fmt::Debug for BasicUsers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.users.iter().map(|(u, _)| u.as_str()).collect();
        f.debug_struct("BasicUsers").field("users", &names).finish()
    }
}

impl BasicUsers {
    /// Users as `name:password`; the name may not contain `:` (RFC 7617), the password may.
    ///
    /// ```
    /// assert!(a2a_card::security::BasicUsers::new(["no-password"]).is_err());
    /// ```
    pub fn new<I, S>(users: I) -> Result<Self, SecurityError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut out = Vec::new();
        for entry in users {
            let entry = entry.as_ref();
            let Some((user, password)) = entry.split_once(':') else {
                return Err(SecurityError::MalformedUser);
            };
            if user.is_empty() || password.is_empty() {
                return Err(SecurityError::MalformedUser);
            }
            out.push((user.to_owned(), digest(entry.as_bytes())));
        }
        if out.is_empty() {
            return Err(SecurityError::NoSecrets("users"));
        }
        Ok(BasicUsers { users: out })
    }

    /// Users from an environment variable, comma separated `name:password` entries.
    ///
    /// ```
    /// assert!(a2a_card::security::BasicUsers::from_env("A2A_CARD_DOC_UNSET_VARIABLE").is_err());
    /// ```
    pub fn from_env(variable: &str) -> Result<Self, SecurityError> {
        let value =
            std::env::var(variable).map_err(|_| SecurityError::MissingEnv(variable.to_owned()))?;
        Self::new(value.split(',').map(str::trim).filter(|u| !u.is_empty()))
    }

    fn user_of(&self, pair: &[u8]) -> Option<&str> {
        let candidate = digest(pair);
        let mut found = None;
        for (user, stored) in &self.users {
            if bool::from(stored.ct_eq(&candidate)) {
                found = Some(user.as_str());
            }
        }
        found
    }
}

impl Verifier for BasicUsers {
    fn fits(&self, scheme: &SecurityScheme) -> Result<(), String> {
        match scheme.kind() {
            Some(SchemeKind::HttpAuth(http)) if http.scheme.eq_ignore_ascii_case("basic") => Ok(()),
            _ => Err("an httpAuthSecurityScheme with scheme Basic".into()),
        }
    }

    fn verify<'a>(&'a self, request: &'a Parts, _scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        let verdict = match authorization(request, "basic") {
            Authorization::Missing => Verdict::Missing,
            Authorization::Several => Verdict::Rejected("several Authorization headers"),
            Authorization::Unreadable => {
                Verdict::Rejected("an Authorization header that is not text")
            }
            Authorization::Credentials(encoded) => {
                let decoded = base64::engine::general_purpose::STANDARD.decode(encoded.trim());
                match decoded.ok().as_deref().and_then(|pair| self.user_of(pair)) {
                    Some(user) => Verdict::Accepted(Grant::subject(user)),
                    None => Verdict::Rejected("unknown user or wrong password"),
                }
            }
        };
        Box::pin(std::future::ready(verdict))
    }
}
