//! The claims of a token whose signature verified (RFC 7519 §4.1): `iss`, `aud`, `exp`,
//! `nbf`, `iat`, and what the grant carries: `sub` and the scopes (`scope`, RFC 8693 §4.2,
//! or `scp`, as several identity providers write them).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value};

use crate::security::{Grant, TokenError};

/// What the claims must say.
#[derive(Debug, Clone)]
pub(crate) struct ClaimRules {
    pub(crate) issuer: String,
    pub(crate) audiences: Vec<String>,
    pub(crate) leeway: Duration,
}

/// Seconds since the epoch, as NumericDate counts them.
pub(crate) fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// Where a verifier reads the time: the system's clock, or in tests one they move.
#[derive(Clone)]
pub(crate) struct Clock(Arc<dyn Fn() -> f64 + Send + Sync>);

impl Clock {
    pub(crate) fn system() -> Self {
        Clock(Arc::new(now))
    }

    /// A clock reading `read` (tests drive time through it).
    #[cfg(test)]
    pub(crate) fn from_fn(read: impl Fn() -> f64 + Send + Sync + 'static) -> Self {
        Clock(Arc::new(read))
    }

    /// Seconds since the epoch.
    pub(crate) fn now(&self) -> f64 {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

/// A token's time claims (NumericDates, seconds since the epoch): what a cached token is
/// checked against again on every use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Times {
    pub(crate) exp: f64,
    pub(crate) nbf: Option<f64>,
    pub(crate) iat: Option<f64>,
}

impl ClaimRules {
    /// Checks the decoded payload at time `now` and returns what it grants.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn check(&self, payload: &[u8], now: f64) -> Result<Grant, TokenError> {
        self.check_claims(payload, now).map(|(grant, _)| grant)
    }

    /// Whether a token with these time claims is valid at `now`: `exp` not past, `nbf` and
    /// `iat` not in the future, each with the leeway.
    pub(crate) fn check_times(&self, times: &Times, now: f64) -> Result<(), TokenError> {
        let leeway = self.leeway.as_secs_f64();
        if now >= times.exp + leeway {
            return Err(TokenError::Expired);
        }
        for time in [times.nbf, times.iat].into_iter().flatten() {
            if time > now + leeway {
                return Err(TokenError::NotYetValid);
            }
        }
        Ok(())
    }

    /// Checks the decoded payload at time `now`; returns what it grants and its time claims.
    pub(crate) fn check_claims(
        &self,
        payload: &[u8],
        now: f64,
    ) -> Result<(Grant, Times), TokenError> {
        let Ok(Value::Object(claims)) = serde_json::from_slice::<Value>(payload) else {
            return Err(TokenError::Malformed("the payload is not a JSON object"));
        };
        let Some(exp) = time(&claims, "exp")? else {
            return Err(TokenError::Invalid("the token has no exp (expiry) claim"));
        };
        let times = Times {
            exp,
            nbf: time(&claims, "nbf")?,
            iat: time(&claims, "iat")?,
        };
        self.check_times(&times, now)?;
        match claims.get("iss") {
            Some(Value::String(iss)) if *iss == self.issuer => {}
            _ => return Err(TokenError::WrongIssuer),
        }
        let audience_ok = match claims.get("aud") {
            Some(Value::String(aud)) => self.audiences.contains(aud),
            Some(Value::Array(auds)) => auds.iter().any(|aud| {
                aud.as_str()
                    .is_some_and(|a| self.audiences.iter().any(|x| x == a))
            }),
            _ => false,
        };
        if !audience_ok {
            return Err(TokenError::WrongAudience);
        }
        let mut grant = Grant::default();
        match claims.get("sub") {
            None => {}
            Some(Value::String(sub)) => grant.subject = Some(sub.clone()),
            Some(_) => return Err(TokenError::Malformed("the sub claim is not a string")),
        }
        for name in ["scope", "scp"] {
            match claims.get(name) {
                None => {}
                Some(Value::String(scopes)) => {
                    grant = grant.with_scopes(scopes.split_ascii_whitespace());
                }
                Some(Value::Array(scopes)) if name == "scp" => {
                    for scope in scopes {
                        let scope = scope
                            .as_str()
                            .ok_or(TokenError::Malformed("the scp claim holds a non-string"))?;
                        grant = grant.with_scopes(scope.split_ascii_whitespace());
                    }
                }
                Some(_) => {
                    return Err(TokenError::Malformed(
                        "the scope claim is not a space-separated string (or scp an array)",
                    ));
                }
            }
        }
        Ok((grant, times))
    }
}

/// A NumericDate claim: absent, or a JSON number (fractions allowed).
fn time(claims: &Map<String, Value>, name: &'static str) -> Result<Option<f64>, TokenError> {
    match claims.get(name) {
        None => Ok(None),
        Some(Value::Number(n)) => n
            .as_f64()
            .map(Some)
            .ok_or(TokenError::Malformed("a time claim is not a number")),
        Some(_) => Err(TokenError::Malformed(
            "a time claim (exp, nbf, iat) is not a number of seconds",
        )),
    }
}

#[cfg(test)]
#[path = "claims_tests.rs"]
mod tests;
