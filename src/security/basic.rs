//! HTTP Basic (RFC 7617): user names and passwords compared in constant time.

use base64::Engine;
use http::request::Parts;
use subtle::ConstantTimeEq;

use super::api_key::digest;
use super::authorization::{Authorization, authorization};
use super::error::SecurityError;
use super::scheme_verifier::{Grant, Verdict, Verifier, VerifyFuture};
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
        Self::from_env_value(variable, std::env::var(variable).ok())
    }

    /// [`from_env`](Self::from_env) of the variable's value (`None`: unset or not UTF-8);
    /// apart so tests need not change the process's environment.
    fn from_env_value(variable: &str, value: Option<String>) -> Result<Self, SecurityError> {
        let value = value.ok_or_else(|| SecurityError::MissingEnv(variable.to_owned()))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE};

    fn scheme() -> SecurityScheme {
        serde_json::from_str(r#"{"httpAuthSecurityScheme": {"scheme": "Basic"}}"#).unwrap()
    }

    /// What `users` answer to an `Authorization` header holding exactly these bytes.
    fn verdict_for_header(users: &BasicUsers, header: &[u8]) -> Verdict {
        let (parts, ()) = http::Request::get("/")
            .header(
                http::header::AUTHORIZATION,
                http::HeaderValue::from_bytes(header).unwrap(),
            )
            .body(())
            .unwrap()
            .into_parts();
        let scheme = scheme();
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(users.verify(&parts, &scheme))
    }

    /// `Basic` + the standard base64 (padded) of `pair`.
    fn verdict(users: &BasicUsers, pair: &[u8]) -> Verdict {
        let header = format!("Basic {}", STANDARD.encode(pair));
        verdict_for_header(users, header.as_bytes())
    }

    fn accepted_as(verdict: Verdict) -> Option<String> {
        match verdict {
            Verdict::Accepted(grant) => grant.subject,
            _ => None,
        }
    }

    #[test]
    fn the_user_ends_at_the_first_colon_and_the_password_keeps_the_rest() {
        // RFC 7617 §2: the user-id cannot contain a colon, the password can.
        let users = BasicUsers::new(["user:pa:ss"]).unwrap();
        assert_eq!(
            format!("{users:?}"),
            "BasicUsers { users: [\"user\"] }",
            "user `user`, password `pa:ss`"
        );
        assert_eq!(
            accepted_as(verdict(&users, b"user:pa:ss")).as_deref(),
            Some("user")
        );
        // Near misses of the colon-holding password are refused.
        for wrong in [
            &b"user:pa"[..],
            b"user:ss",
            b"user:pa:ss:",
            b"user:pa:s",
            b"user:pass",
            b"user::pa:ss",
            b"user:pa:ss ",
            b"user",
        ] {
            assert_eq!(
                verdict(&users, wrong),
                Verdict::Rejected("unknown user or wrong password"),
                "{}",
                String::from_utf8_lossy(wrong)
            );
        }
        // A password that is only colons is a password.
        let colons = BasicUsers::new(["u:::"]).unwrap();
        assert_eq!(format!("{colons:?}"), "BasicUsers { users: [\"u\"] }");
        assert_eq!(accepted_as(verdict(&colons, b"u:::")).as_deref(), Some("u"));
        assert!(matches!(verdict(&colons, b"u::"), Verdict::Rejected(_)));
    }

    #[test]
    fn each_user_is_bound_to_their_own_password() {
        let users = BasicUsers::new(["alice:s3cret", "bob:hunter22"]).unwrap();
        assert_eq!(
            accepted_as(verdict(&users, b"alice:s3cret")).as_deref(),
            Some("alice")
        );
        assert_eq!(
            accepted_as(verdict(&users, b"bob:hunter22")).as_deref(),
            Some("bob")
        );
        // Another user's password, a known password under an unknown name, swapped halves.
        for wrong in [
            &b"alice:hunter22"[..],
            b"bob:s3cret",
            b"mallory:s3cret",
            b"s3cret:alice",
            b"Alice:s3cret",
            b"alice:S3cret",
        ] {
            assert!(
                matches!(verdict(&users, wrong), Verdict::Rejected(_)),
                "{}",
                String::from_utf8_lossy(wrong)
            );
        }
    }

    #[test]
    fn configured_users_need_a_name_a_colon_and_a_password() {
        for bad in ["user:", ":password", ":", "no-colon-at-all", ""] {
            assert!(
                matches!(BasicUsers::new([bad]), Err(SecurityError::MalformedUser)),
                "{bad:?}"
            );
        }
        // One bad entry spoils the list.
        assert!(BasicUsers::new(["alice:s3cret", "bob:"]).is_err());
        assert!(matches!(
            BasicUsers::new(Vec::<String>::new()),
            Err(SecurityError::NoSecrets("users"))
        ));
    }

    #[test]
    fn empty_halves_and_colonless_credentials_are_refused() {
        let users = BasicUsers::new(["alice:s3cret"]).unwrap();
        for wrong in [
            &b"alice:"[..],
            b":s3cret",
            b":",
            b"alices3cret",
            b"alice",
            b"s3cret",
        ] {
            assert!(
                matches!(verdict(&users, wrong), Verdict::Rejected(_)),
                "{}",
                String::from_utf8_lossy(wrong)
            );
        }
        // `Basic` with nothing after it is not a credential for Basic at all.
        assert_eq!(verdict_for_header(&users, b"Basic"), Verdict::Missing);
        assert!(matches!(
            verdict_for_header(&users, b"Basic "),
            Verdict::Missing | Verdict::Rejected(_)
        ));
        assert_eq!(verdict_for_header(&users, b"Bearer abc"), Verdict::Missing);
    }

    #[test]
    fn credentials_are_utf8_and_compared_byte_for_byte() {
        // RFC 7617 §2.1: charset UTF-8. The Latin-1 bytes of the same password are another
        // password.
        let users = BasicUsers::new(["jürgen:pässwort"]).unwrap();
        assert_eq!(
            accepted_as(verdict(&users, "jürgen:pässwort".as_bytes())).as_deref(),
            Some("jürgen")
        );
        let latin1: Vec<u8> = "jürgen:pässwort".chars().map(|c| c as u8).collect();
        assert!(std::str::from_utf8(&latin1).is_err());
        assert!(matches!(verdict(&users, &latin1), Verdict::Rejected(_)));
        // Bytes that are no text at all decode and match nobody.
        assert!(matches!(
            verdict(&users, b"\xff\xfe:\x80\x81"),
            Verdict::Rejected(_)
        ));
        // A header that is not text is a credential that cannot be used, not an absent one.
        assert_eq!(
            verdict_for_header(&users, b"Basic \xe4\xf6\xfc"),
            Verdict::Rejected("an Authorization header that is not text")
        );
    }

    #[test]
    fn base64_is_the_padded_standard_alphabet() {
        let users = BasicUsers::new(["user:pa:ss"]).unwrap();
        let pair = b"user:pa:ss"; // 10 bytes: two padding characters
        let padded = STANDARD.encode(pair);
        assert!(padded.ends_with("=="), "{padded}");
        let header = |b64: &str| format!("Basic {b64}");
        let ok = |b64: &str| accepted_as(verdict_for_header(&users, header(b64).as_bytes()));
        assert_eq!(ok(&padded).as_deref(), Some("user"));
        // Whitespace around the token and the scheme's case do not matter.
        assert_eq!(ok(&format!("  {padded}  ")).as_deref(), Some("user"));
        assert_eq!(
            accepted_as(verdict_for_header(
                &users,
                format!("bAsIc {padded}").as_bytes()
            ))
            .as_deref(),
            Some("user")
        );
        // Padding missing, short, doubled, or base64 that is not the standard alphabet:
        // refused rather than guessed at.
        let unpadded = STANDARD_NO_PAD.encode(pair);
        for wrong in [
            unpadded.clone(),
            format!("{unpadded}="),
            format!("{padded}="),
            format!("{padded}=="),
            format!("{padded}AA=="),
            padded.replace('=', ""),
            format!("{padded}."),
            "dXNlcjpwYTpzcw=".to_owned(),
            "!!!!".to_owned(),
        ] {
            assert!(
                matches!(
                    verdict_for_header(&users, header(&wrong).as_bytes()),
                    Verdict::Rejected(_)
                ),
                "{wrong}"
            );
        }
        // A pair whose standard encoding holds `+` or `/` is refused in the URL-safe alphabet.
        let users = BasicUsers::new(["u:\u{fb}\u{ff}\u{fe}"]).unwrap();
        let pair = "u:\u{fb}\u{ff}\u{fe}".as_bytes();
        let standard = STANDARD.encode(pair);
        let url_safe = URL_SAFE.encode(pair);
        assert_ne!(standard, url_safe, "the pair must exercise + or /");
        assert_eq!(ok_for(&users, &standard).as_deref(), Some("u"));
        assert!(ok_for(&users, &url_safe).is_none());
        // Each padding length (0, 1, 2) decodes.
        for pair in ["ab:cde", "ab:cdef", "ab:cdefg"] {
            let users = BasicUsers::new([pair]).unwrap();
            assert_eq!(
                ok_for(&users, &STANDARD.encode(pair)).as_deref(),
                Some("ab"),
                "{pair}"
            );
        }
    }

    fn ok_for(users: &BasicUsers, b64: &str) -> Option<String> {
        accepted_as(verdict_for_header(users, format!("Basic {b64}").as_bytes()))
    }

    #[test]
    fn users_from_the_environment() {
        let name = "A2A_CARD_TEST_BASIC_USERS_FROM_ENV";
        let value = |v: &str| Some(v.to_owned());
        let users = BasicUsers::from_env_value(name, value(" alice:s3cret , ,bob:pa:ss,")).unwrap();
        assert_eq!(
            format!("{users:?}"),
            "BasicUsers { users: [\"alice\", \"bob\"] }"
        );
        assert_eq!(
            accepted_as(verdict(&users, b"bob:pa:ss")).as_deref(),
            Some("bob")
        );
        assert!(matches!(
            BasicUsers::from_env_value(name, value(" , ")),
            Err(SecurityError::NoSecrets("users"))
        ));
        // The environment itself: an unset variable.
        assert!(matches!(
            BasicUsers::from_env(name),
            Err(SecurityError::MissingEnv(v)) if v == name
        ));
    }

    #[test]
    fn fits_http_basic_only() {
        let users = BasicUsers::new(["alice:s3cret"]).unwrap();
        assert!(users.fits(&scheme()).is_ok());
        assert!(users.fits(&SecurityScheme::http("basic")).is_ok());
        for other in [
            SecurityScheme::http("Bearer"),
            SecurityScheme::http("Basicx"),
            SecurityScheme::api_key("header", "Authorization"),
            SecurityScheme::mutual_tls(),
        ] {
            assert!(users.fits(&other).is_err(), "{other:?}");
        }
    }
}
