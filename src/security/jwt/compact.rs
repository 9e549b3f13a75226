//! Reading a compact JWS (`header.payload.signature`, RFC 7515 §7.1) up to the point where
//! a key is needed: size bound, three base64url parts, and a protected header whose `alg` is
//! a supported algorithm and which names no critical extension.

use super::header::{self, Member};
use crate::base64url::{self, Padding};
use crate::security::TokenError;
use crate::sign::Algorithm;

/// A token whose form is right; nothing about it is trusted yet.
#[derive(Debug)]
pub(crate) struct Compact<'t> {
    /// The header's `alg`, a supported algorithm.
    pub(crate) alg: Algorithm,
    /// The header's `kid`, when it names one.
    pub(crate) kid: Option<String>,
    /// `header '.' payload` as received: the bytes the signature covers.
    pub(crate) signing_input: &'t str,
    /// The payload part, still base64url.
    pub(crate) payload: &'t str,
    /// The decoded signature.
    pub(crate) signature: Vec<u8>,
    /// The header's `typ`, when it has one.
    pub(crate) typ: Option<String>,
}

/// Refuses a token longer than `max_bytes`, before anything else is done with it.
pub(crate) fn check_size(token: &str, max_bytes: usize) -> Result<(), TokenError> {
    if token.len() > max_bytes {
        return Err(TokenError::Malformed(
            "the token is larger than the size limit",
        ));
    }
    Ok(())
}

/// Splits and checks the form of a token no longer than `max_bytes`.
pub(crate) fn parse(token: &str, max_bytes: usize) -> Result<Compact<'_>, TokenError> {
    check_size(token, max_bytes)?;
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::Malformed(
            "not a compact JWS (three base64url parts separated by dots)",
        ));
    };
    // A compact JWS has one spelling: padding is refused (RFC 7515 §2).
    let header_bytes = base64url::decode(header, Padding::Forbidden)
        .ok_or(TokenError::Malformed("the header is not base64url"))?;
    let Some(header_json) = header::read(&header_bytes) else {
        return Err(TokenError::Malformed("the header is not a JSON object"));
    };
    if header_json.repeated {
        return Err(TokenError::Malformed("the header names a member twice"));
    }
    // RFC 7515 §4.1.11: extensions marked critical must be understood; this verifier
    // understands none (`b64: false` among them), so any `crit` is refused.
    if header_json.crit {
        return Err(TokenError::Invalid(
            "the token names critical header extensions, which are not supported",
        ));
    }
    let alg = match header_json.alg {
        Some(Member::Text(alg)) if alg.eq_ignore_ascii_case("none") => {
            return Err(TokenError::Signature(
                "unsigned tokens (alg none) are refused",
            ));
        }
        Some(Member::Text(alg)) => alg
            .parse::<Algorithm>()
            .map_err(|_| TokenError::Signature("the token's algorithm is not supported"))?,
        Some(Member::NotText) => {
            return Err(TokenError::Malformed("the header's alg is not a string"));
        }
        None => return Err(TokenError::Malformed("the header has no alg")),
    };
    let kid = match header_json.kid.map(Member::into_text) {
        None => None,
        Some(Some(kid)) => Some(kid),
        Some(None) => return Err(TokenError::Malformed("the header's kid is not a string")),
    };
    let typ = match header_json.typ.map(Member::into_text) {
        None => None,
        Some(Some(typ)) => Some(typ),
        Some(None) => return Err(TokenError::Malformed("the header's typ is not a string")),
    };
    if payload.is_empty() || signature.is_empty() {
        return Err(TokenError::Malformed("a part of the token is empty"));
    }
    let signature = base64url::decode(signature, Padding::Forbidden)
        .ok_or(TokenError::Malformed("the signature is not base64url"))?;
    Ok(Compact {
        alg,
        kid,
        signing_input: &token[..header.len() + 1 + payload.len()],
        payload,
        signature,
        typ,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(text: &str) -> String {
        base64url::encode(text)
    }

    #[test]
    fn form_is_checked_before_anything_else() {
        let h = b64(r#"{"alg":"ES256","kid":"k"}"#);
        let ok = format!("{h}.{}.{}", b64("{}"), b64("sig"));
        let parsed = parse(&ok, 1024).unwrap();
        assert_eq!(
            (parsed.alg, parsed.kid.as_deref()),
            (Algorithm::Es256, Some("k"))
        );
        assert_eq!(parsed.signing_input, &ok[..ok.rfind('.').unwrap()]);

        assert!(matches!(parse(&ok, 10), Err(TokenError::Malformed(_))));
        assert!(matches!(parse("a.b", 1024), Err(TokenError::Malformed(_))));
        assert!(matches!(
            parse("a.b.c.d.e", 1024),
            Err(TokenError::Malformed(_))
        ));
        let padded = format!("{h}=.{}.{}", b64("{}"), b64("sig"));
        assert!(matches!(
            parse(&padded, 1024),
            Err(TokenError::Malformed(_))
        ));
        for header in [
            r#"{"alg":"none"}"#,
            r#"{"alg":"NONE"}"#,
            r#"{"alg":"HS256"}"#,
            r#"{"alg":"ES256","crit":["exp"]}"#,
            r#"{"alg":1}"#,
            r#"{"kid":"k"}"#,
            r#"["ES256"]"#,
        ] {
            let token = format!("{}.{}.{}", b64(header), b64("{}"), b64("sig"));
            assert!(parse(&token, 1024).is_err(), "{header} was accepted");
        }
    }

    fn token(header: &str, payload: &str, signature: &str) -> String {
        format!("{}.{payload}.{signature}", b64(header))
    }

    #[test]
    fn the_size_limit_is_inclusive() {
        let ok = token(r#"{"alg":"EdDSA"}"#, &b64("{}"), &b64("sig"));
        assert!(parse(&ok, ok.len()).is_ok());
        assert_eq!(
            parse(&ok, ok.len() - 1).unwrap_err(),
            TokenError::Malformed("the token is larger than the size limit")
        );
    }

    #[test]
    fn every_part_is_read_and_kept() {
        let header = r#"{"alg":"EdDSA","kid":"key-1","typ":"at+jwt"}"#;
        let payload = b64(r#"{"sub":"a"}"#);
        let ok = token(header, &payload, &b64("the signature"));
        let parsed = parse(&ok, 4096).unwrap();
        assert_eq!(parsed.alg, Algorithm::EdDsa);
        assert_eq!(parsed.kid.as_deref(), Some("key-1"));
        assert_eq!(parsed.typ.as_deref(), Some("at+jwt"));
        assert_eq!(parsed.payload, payload);
        assert_eq!(parsed.signature, b"the signature");
        assert_eq!(parsed.signing_input, format!("{}.{payload}", b64(header)));
        // Neither kid nor typ: none.
        let bare = token(r#"{"alg":"ES256"}"#, &payload, &b64("s"));
        let bare = parse(&bare, 4096).unwrap();
        assert_eq!((bare.kid, bare.typ), (None, None));
    }

    #[test]
    fn each_malformed_part_is_named() {
        let p = b64("{}");
        let s = b64("sig");
        let cases = [
            (
                token(r#"{"alg":"ES256","kid":5}"#, &p, &s),
                "the header's kid is not a string",
            ),
            (
                token(r#"{"alg":"ES256","typ":["JWT"]}"#, &p, &s),
                "the header's typ is not a string",
            ),
            (
                token(r#"{"alg":"ES256"}"#, "", &s),
                "a part of the token is empty",
            ),
            (
                token(r#"{"alg":"ES256"}"#, &p, ""),
                "a part of the token is empty",
            ),
            (
                token(r#"{"alg":"ES256"}"#, &p, "sig+/"),
                "the signature is not base64url",
            ),
            (
                token(r#"{"alg":"ES256"}"#, &p, &format!("{s}=")),
                "the signature is not base64url",
            ),
            (token(r#"{"kid":"k"}"#, &p, &s), "the header has no alg"),
            (
                token(r#"{"alg":null}"#, &p, &s),
                "the header's alg is not a string",
            ),
            (token("not json", &p, &s), "the header is not a JSON object"),
            (
                token(r#"{"alg":"ES256","alg":"none"}"#, &p, &s),
                "the header names a member twice",
            ),
            (
                token(r#"{"alg":"ES256","kid":"a","kid":"b"}"#, &p, &s),
                "the header names a member twice",
            ),
            (format!("e30+.{p}.{s}"), "the header is not base64url"),
        ];
        for (token, reason) in cases {
            assert_eq!(
                parse(&token, 4096).unwrap_err(),
                TokenError::Malformed(reason),
                "{token}"
            );
        }
        assert_eq!(
            parse(&token(r#"{"alg":"nOnE"}"#, &p, &s), 4096).unwrap_err(),
            TokenError::Signature("unsigned tokens (alg none) are refused")
        );
        assert_eq!(
            parse(&token(r#"{"alg":"HS256"}"#, &p, &s), 4096).unwrap_err(),
            TokenError::Signature("the token's algorithm is not supported")
        );
        assert!(matches!(
            parse(&token(r#"{"alg":"ES256","crit":[]}"#, &p, &s), 4096),
            Err(TokenError::Invalid(_))
        ));
    }
}
