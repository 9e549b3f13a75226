//! API keys, read from exactly where the card says (header, query parameter or cookie) and
//! compared in constant time.

use http::request::Parts;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::error::SecurityError;
use super::verifier::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// Accepts any of a set of API keys. Keys are kept only as SHA-256 digests, and a candidate
/// is hashed before it is compared (in constant time, with every key), so neither the
/// comparison's time nor the keys' lengths tell an attacker anything.
///
/// ```
/// use a2a_card::security::ApiKeys;
/// let keys = ApiKeys::new(["k1-7f3a9c", "k2-b81e44"])?;
/// assert_eq!(format!("{keys:?}"), "ApiKeys { keys: 2 }"); // never the keys
/// # Ok::<(), a2a_card::security::SecurityError>(())
/// ```
#[derive(Clone)]
pub struct ApiKeys {
    digests: Vec<[u8; 32]>,
}

impl std::fmt::Debug for ApiKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKeys")
            .field("keys", &self.digests.len())
            .finish()
    }
}

impl ApiKeys {
    /// The accepted keys; at least one, none empty.
    ///
    /// ```
    /// assert!(a2a_card::security::ApiKeys::new(Vec::<String>::new()).is_err());
    /// ```
    pub fn new<I, S>(keys: I) -> Result<Self, SecurityError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut digests = Vec::new();
        for key in keys {
            let key = key.as_ref();
            if key.is_empty() {
                return Err(SecurityError::EmptySecret("API key"));
            }
            digests.push(digest(key.as_bytes()));
        }
        if digests.is_empty() {
            return Err(SecurityError::NoSecrets("API keys"));
        }
        Ok(ApiKeys { digests })
    }

    /// Keys from an environment variable, comma separated (spaces around keys ignored).
    ///
    /// ```
    /// let err = a2a_card::security::ApiKeys::from_env("A2A_CARD_DOC_UNSET_VARIABLE").unwrap_err();
    /// assert!(err.to_string().contains("A2A_CARD_DOC_UNSET_VARIABLE"));
    /// ```
    pub fn from_env(variable: &str) -> Result<Self, SecurityError> {
        let value =
            std::env::var(variable).map_err(|_| SecurityError::MissingEnv(variable.to_owned()))?;
        Self::new(value.split(',').map(str::trim).filter(|k| !k.is_empty()))
            .map_err(|_| SecurityError::MissingEnv(variable.to_owned()))
    }

    fn accepts(&self, candidate: &[u8]) -> bool {
        let candidate = digest(candidate);
        // Every key is compared, so the time does not depend on which one matches.
        self.digests
            .iter()
            .fold(subtle::Choice::from(0), |found, key| {
                found | key.ct_eq(&candidate)
            })
            .into()
    }
}

pub(crate) fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

impl Verifier for ApiKeys {
    fn fits(&self, scheme: &SecurityScheme) -> Result<(), String> {
        match scheme.kind() {
            Some(SchemeKind::ApiKey(key))
                if matches!(key.location.as_str(), "header" | "query" | "cookie")
                    && !key.name.is_empty() =>
            {
                Ok(())
            }
            _ => Err(
                "an apiKeySecurityScheme with a name and a location of header, query or cookie"
                    .into(),
            ),
        }
    }

    fn verify<'a>(&'a self, request: &'a Parts, scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        let verdict = match scheme.kind() {
            Some(SchemeKind::ApiKey(declared)) => {
                let found = match declared.location.as_str() {
                    "header" => from_header(request, &declared.name),
                    "query" => from_query(request, &declared.name),
                    _ => from_cookie(request, &declared.name),
                };
                match found {
                    Found::None => Verdict::Missing,
                    Found::Several => Verdict::Rejected("the API key is given more than once"),
                    Found::One(key) if self.accepts(&key) => Verdict::Accepted(Grant::default()),
                    Found::One(_) => Verdict::Rejected("unknown API key"),
                }
            }
            _ => Verdict::Missing,
        };
        Box::pin(std::future::ready(verdict))
    }
}

enum Found {
    None,
    One(Vec<u8>),
    Several,
}

fn one(mut values: impl Iterator<Item = Vec<u8>>) -> Found {
    match (values.next(), values.next()) {
        (None, _) => Found::None,
        (Some(value), None) => Found::One(value),
        (Some(_), Some(_)) => Found::Several,
    }
}

fn from_header(request: &Parts, name: &str) -> Found {
    one(request
        .headers
        .get_all(name)
        .iter()
        .map(|v| v.as_bytes().to_vec()))
}

fn from_query(request: &Parts, name: &str) -> Found {
    let query = request.uri.query().unwrap_or("");
    one(query.split('&').filter_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (percent_decode(key.as_bytes()) == name.as_bytes())
            .then(|| percent_decode(value.as_bytes()))
    }))
}

fn from_cookie(request: &Parts, name: &str) -> Found {
    one(request
        .headers
        .get_all(http::header::COOKIE)
        .iter()
        .flat_map(|line| line.as_bytes().split(|&b| b == b';'))
        .filter_map(|pair| {
            let pair = pair.trim_ascii();
            let at = pair.iter().position(|&b| b == b'=')?;
            let value = &pair[at + 1..];
            // RFC 6265 lets a cookie value be quoted.
            let value = match value {
                [b'"', inner @ .., b'"'] => inner,
                other => other,
            };
            (&pair[..at] == name.as_bytes()).then(|| value.to_vec())
        }))
}

/// `%XX` escapes and `+` (a space in form encoding) decoded; a malformed escape is kept as
/// written.
fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        match input[i] {
            b'%' if i + 2 < input.len() => {
                let hex = std::str::from_utf8(&input[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            byte => out.push(byte),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::percent_decode;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode(b"a%20b+c"), b"a b c");
        assert_eq!(percent_decode(b"%zz%4"), b"%zz%4");
        assert_eq!(percent_decode(b"%41"), b"A");
        assert_eq!(percent_decode(b"%"), b"%");
    }
}
