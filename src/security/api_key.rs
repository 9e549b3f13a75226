//! API keys, read from exactly where the card says (header, query parameter or cookie) and
//! compared in constant time.

use http::request::Parts;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::error::SecurityError;
use super::scheme_verifier::{Grant, Verdict, Verifier, VerifyFuture};
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
        Self::from_env_value(variable, std::env::var(variable).ok())
    }

    /// [`from_env`](Self::from_env) of the variable's value (`None`: unset or not UTF-8);
    /// apart so tests need not change the process's environment.
    fn from_env_value(variable: &str, value: Option<String>) -> Result<Self, SecurityError> {
        let value = value.ok_or_else(|| SecurityError::MissingEnv(variable.to_owned()))?;
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

/// The cookie named `name`, exactly. Frameworks read a `Cookie` header differently: Starlette
/// trims names and keeps the last of a repeated name, others keep the first, PHP
/// percent-decodes names, some compare without case. Wherever the layer's reading and such
/// a reading could pick different values, the key is refused: a header naming the cookie more
/// than once in any of those spellings (`sid`, ` sid `, `SID`, `s%69d`) is [`Found::Several`].
fn from_cookie(request: &Parts, name: &str) -> Found {
    let mut spellings = 0;
    let mut exact = None;
    let pairs = request
        .headers
        .get_all(http::header::COOKIE)
        .iter()
        .flat_map(|line| line.as_bytes().split(|&b| b == b';'));
    for pair in pairs {
        let pair = pair.trim_ascii();
        let Some(at) = pair.iter().position(|&b| b == b'=') else {
            continue;
        };
        let (written, value) = (pair[..at].trim_ascii(), &pair[at + 1..]);
        if !percent_decode(written).eq_ignore_ascii_case(name.as_bytes()) {
            continue;
        }
        spellings += 1;
        if written == name.as_bytes() {
            // RFC 6265 lets a cookie value be quoted.
            let value = match value {
                [b'"', inner @ .., b'"'] => inner,
                other => other,
            };
            exact = Some(value.to_vec());
        }
    }
    match (spellings, exact) {
        (0, _) | (1, None) => Found::None,
        (1, Some(value)) => Found::One(value),
        _ => Found::Several,
    }
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
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode(b"a%20b+c"), b"a b c");
        assert_eq!(percent_decode(b"%zz%4"), b"%zz%4");
        assert_eq!(percent_decode(b"%41"), b"A");
        assert_eq!(percent_decode(b"%"), b"%");
    }

    #[test]
    fn percent_decoding_at_the_edges() {
        assert_eq!(percent_decode(b"a%4"), b"a%4");
        assert_eq!(percent_decode(b"a%41"), b"aA");
        assert_eq!(percent_decode(b"%41%42"), b"AB");
        assert_eq!(percent_decode(b"%%41"), b"%A");
        assert_eq!(percent_decode(b"%4G"), b"%4G");
        assert_eq!(percent_decode(b"%c3%A9"), "é".as_bytes());
        assert_eq!(percent_decode(b"++"), b"  ");
        assert_eq!(percent_decode(b""), b"");
    }

    fn scheme(location: &str, name: &str) -> SecurityScheme {
        SecurityScheme::api_key(location, name)
    }

    fn run(keys: &ApiKeys, scheme: &SecurityScheme, request: http::request::Builder) -> Verdict {
        let (parts, ()) = request.body(()).unwrap().into_parts();
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(keys.verify(&parts, scheme))
    }

    fn keys() -> ApiKeys {
        ApiKeys::new(["k1-7f3a9c", "k2-b81e44", "k3 with space"]).unwrap()
    }

    const ACCEPTED: Verdict = Verdict::Accepted(Grant {
        subject: None,
        scopes: std::collections::BTreeSet::new(),
    });
    const UNKNOWN: Verdict = Verdict::Rejected("unknown API key");
    const SEVERAL: Verdict = Verdict::Rejected("the API key is given more than once");

    #[test]
    fn keys_need_at_least_one_and_none_empty() {
        assert!(matches!(
            ApiKeys::new(["k1", ""]),
            Err(SecurityError::EmptySecret("API key"))
        ));
        assert!(matches!(
            ApiKeys::new(Vec::<String>::new()),
            Err(SecurityError::NoSecrets("API keys"))
        ));
        assert_eq!(format!("{:?}", keys()), "ApiKeys { keys: 3 }");
    }

    #[test]
    fn keys_from_the_environment() {
        let name = "A2A_CARD_TEST_API_KEYS_FROM_ENV";
        let value = |v: &str| Some(v.to_owned());
        let keys = ApiKeys::from_env_value(name, value(" k1-7f3a9c , ,k2-b81e44,")).unwrap();
        assert_eq!(format!("{keys:?}"), "ApiKeys { keys: 2 }");
        let header = scheme("header", "X-API-Key");
        let with = |key: &str| http::Request::get("/").header("X-API-Key", key);
        assert_eq!(run(&keys, &header, with("k1-7f3a9c")), ACCEPTED);
        assert_eq!(run(&keys, &header, with("k2-b81e44")), ACCEPTED);
        assert_eq!(run(&keys, &header, with(" k1-7f3a9c ")), UNKNOWN);
        let blank = ApiKeys::from_env_value(name, value(" , "));
        assert!(matches!(blank, Err(SecurityError::MissingEnv(v)) if v == name));
        // The environment itself: unset, and a variable cargo sets for every test run.
        assert!(matches!(ApiKeys::from_env(name), Err(SecurityError::MissingEnv(v)) if v == name));
        let from_cargo = ApiKeys::from_env("CARGO_PKG_NAME").unwrap();
        let with_key = |key: &str| http::Request::get("/").header("X-API-Key", key);
        assert_eq!(run(&from_cargo, &header, with_key("a2a-card")), ACCEPTED);
    }

    #[test]
    fn fits_only_api_key_schemes_with_a_name_and_a_known_location() {
        let keys = keys();
        for location in ["header", "query", "cookie"] {
            assert!(keys.fits(&scheme(location, "k")).is_ok(), "{location}");
            assert!(keys.fits(&scheme(location, "")).is_err(), "{location}");
        }
        for location in ["body", "path", "Header", ""] {
            assert!(keys.fits(&scheme(location, "k")).is_err(), "{location}");
        }
        let basic: SecurityScheme =
            serde_json::from_str(r#"{"httpAuthSecurityScheme": {"scheme": "Basic"}}"#).unwrap();
        assert!(keys.fits(&basic).is_err());
        // Verified against a scheme that is no API key: no credential for it.
        let request = http::Request::get("/").header("X-API-Key", "k1-7f3a9c");
        assert_eq!(run(&keys, &basic, request), Verdict::Missing);
    }

    #[test]
    fn a_header_key() {
        let keys = keys();
        let s = scheme("header", "X-API-Key");
        let get = || http::Request::get("/");
        assert_eq!(run(&keys, &s, get()), Verdict::Missing);
        for key in ["k1-7f3a9c", "k2-b81e44", "k3 with space"] {
            assert_eq!(
                run(&keys, &s, get().header("x-api-key", key)),
                ACCEPTED,
                "{key}"
            );
        }
        for wrong in [
            "k1-7f3a9",
            "k1-7f3a9c0",
            "K1-7F3A9C",
            "",
            "k1-7f3a9c,k2-b81e44",
        ] {
            assert_eq!(
                run(&keys, &s, get().header("X-API-Key", wrong)),
                UNKNOWN,
                "{wrong}"
            );
        }
        let twice = get()
            .header("X-API-Key", "k1-7f3a9c")
            .header("X-API-Key", "k1-7f3a9c");
        assert_eq!(run(&keys, &s, twice), SEVERAL);
        // Elsewhere than the card says: not there.
        assert_eq!(
            run(&keys, &s, http::Request::get("/?X-API-Key=k1-7f3a9c")),
            Verdict::Missing
        );
        assert_eq!(
            run(&keys, &s, get().header("Cookie", "X-API-Key=k1-7f3a9c")),
            Verdict::Missing
        );
    }

    #[test]
    fn a_query_key() {
        let keys = keys();
        let s = scheme("query", "api_key");
        let at = |uri: &str| http::Request::get(uri);
        assert_eq!(run(&keys, &s, at("/")), Verdict::Missing);
        assert_eq!(run(&keys, &s, at("/?other=k1-7f3a9c")), Verdict::Missing);
        assert_eq!(run(&keys, &s, at("/?api_key2=k1-7f3a9c")), Verdict::Missing);
        for uri in [
            "/?api_key=k1-7f3a9c",
            "/?a=1&api_key=k2-b81e44&b=2",
            "/?api_key=k3+with+space",
            "/?api_key=k3%20with%20space",
            "/?api%5Fkey=k1-7f3a9c",
            "/?api_key=k%31-7f3a9c",
        ] {
            assert_eq!(run(&keys, &s, at(uri)), ACCEPTED, "{uri}");
        }
        for uri in [
            "/?api_key",
            "/?api_key=",
            "/?api_key=k1-7f3a9c0",
            "/?api_key=k1-7f3a9c=",
        ] {
            assert_eq!(run(&keys, &s, at(uri)), UNKNOWN, "{uri}");
        }
        assert_eq!(
            run(&keys, &s, at("/?api_key=k1-7f3a9c&api_key=k1-7f3a9c")),
            SEVERAL
        );
        assert_eq!(
            run(&keys, &s, at("/?api_key=x&api%5fkey=k1-7f3a9c")),
            SEVERAL
        );
        assert_eq!(
            run(&keys, &s, at("/").header("api_key", "k1-7f3a9c")),
            Verdict::Missing
        );
    }

    #[test]
    fn a_cookie_key() {
        let keys = keys();
        let s = scheme("cookie", "sid");
        let with = |line: &str| http::Request::get("/").header("Cookie", line);
        assert_eq!(run(&keys, &s, http::Request::get("/")), Verdict::Missing);
        for line in [
            "sid=k1-7f3a9c",
            "a=b; sid=k2-b81e44",
            "a=b;sid=k1-7f3a9c;c=d",
            "  sid=k1-7f3a9c  ",
            "sid=\"k1-7f3a9c\"",
            "flag; sid=k1-7f3a9c",
        ] {
            assert_eq!(run(&keys, &s, with(line)), ACCEPTED, "{line}");
        }
        for line in [
            "sid2=k1-7f3a9c",
            "Sid=k1-7f3a9c",
            "xsid=k1-7f3a9c",
            "sid",
            "a=sid",
        ] {
            assert_eq!(run(&keys, &s, with(line)), Verdict::Missing, "{line}");
        }
        for line in [
            "sid=",
            "sid=k1-7f3a9c=",
            "sid=\"k1-7f3a9c",
            "sid=k1-7f3a9c\"",
        ] {
            assert_eq!(run(&keys, &s, with(line)), UNKNOWN, "{line}");
        }
        assert_eq!(
            run(&keys, &s, with("sid=k1-7f3a9c; sid=k1-7f3a9c")),
            SEVERAL
        );
        // The name once as the layer reads it and once as a framework could (Starlette trims
        // names and keeps the last; others ignore case or percent-decode names): refused
        // whichever comes first.
        for other in [
            "sid =x", " sid=x", "sid\t=x", "SID=x", "Sid=x", "s%69d=x", "%73id=x", "sId = x",
        ] {
            for line in [
                format!("sid=k1-7f3a9c; {other}"),
                format!("{other}; sid=k1-7f3a9c"),
                format!("sid=k1-7f3a9c;{other}"),
            ] {
                assert_eq!(run(&keys, &s, with(&line)), SEVERAL, "{line}");
            }
            // One spelling alone: the key's cookie when its trimmed name is the declared
            // name as written (here "x", an unknown key), else no key.
            let alone = run(&keys, &s, with(other));
            let trimmed = other.split('=').next().unwrap().trim() == "sid";
            let expected = if trimmed { UNKNOWN } else { Verdict::Missing };
            assert_eq!(alone, expected, "{other}");
        }
        // A trimmed name is the declared name: read.
        assert_eq!(run(&keys, &s, with("sid =k1-7f3a9c")), ACCEPTED);
        // Other cookies with names close to it are not the key's.
        for other in ["sidx=x", "xsid=x", "si=x", "s_id=x", "sid2=x"] {
            let line = format!("sid=k1-7f3a9c; {other}");
            assert_eq!(run(&keys, &s, with(&line)), ACCEPTED, "{line}");
        }
        let two_lines = with("sid=k1-7f3a9c").header("Cookie", "a=b; sid=x");
        assert_eq!(run(&keys, &s, two_lines), SEVERAL);
    }

    #[test]
    fn a_key_listed_twice_is_still_accepted() {
        // Every digest is compared: a key that matches two entries (a list that repeats
        // it, as an environment variable edited twice may) matches all the same.
        let s = scheme("header", "X-API-Key");
        for (keys, k2) in [
            (ApiKeys::new(["k1-7f3a9c", "k1-7f3a9c"]).unwrap(), UNKNOWN),
            (
                ApiKeys::new(["k1-7f3a9c", "k2-b81e44", "k1-7f3a9c", "k1-7f3a9c"]).unwrap(),
                ACCEPTED,
            ),
        ] {
            let request = http::Request::get("/").header("X-API-Key", "k1-7f3a9c");
            assert_eq!(run(&keys, &s, request), ACCEPTED);
            let request = http::Request::get("/").header("X-API-Key", "k2-b81e44");
            assert_eq!(run(&keys, &s, request), k2);
        }
    }
}
