//! The protected header of a compact JWS, read in one pass over its JSON: only `alg`, `kid`,
//! `typ` and `crit` matter to the verifier, so no map of every member is built. Every token
//! that is not in the verified-token cache is read this way, forged ones included, before
//! any signature check.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A header member the verifier reads, as found: a string or anything else.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Member<'h> {
    /// A JSON string, unescaped.
    Text(Cow<'h, str>),
    /// A number, `true`, `false`, `null`, an array or an object.
    NotText,
}

impl Member<'_> {
    /// The string, owned, or `None` for anything else.
    pub(crate) fn into_text(self) -> Option<String> {
        match self {
            Member::Text(text) => Some(text.into_owned()),
            Member::NotText => None,
        }
    }
}

/// What the header says, as far as the verifier reads it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Header<'h> {
    pub(crate) alg: Option<Member<'h>>,
    pub(crate) kid: Option<Member<'h>>,
    pub(crate) typ: Option<Member<'h>>,
    /// Whether `crit` is present, whatever its value (even `null`).
    pub(crate) crit: bool,
    /// Whether one of the four names above appears twice: RFC 7515 §4 lets a parser refuse
    /// such a header or take the last, and two readers taking different ones is how a token
    /// means one thing to its issuer and another here, so it is refused.
    pub(crate) repeated: bool,
}

/// Reads a header's JSON; `None` when it is not one JSON object.
pub(crate) fn read(json: &[u8]) -> Option<Header<'_>> {
    serde_json::from_slice(json).ok()
}

impl<'de> Deserialize<'de> for Header<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(HeaderVisitor)
    }
}

struct HeaderVisitor;

impl<'de> Visitor<'de> for HeaderVisitor {
    type Value = Header<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JOSE header (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Header<'de>, A::Error> {
        let mut header = Header::default();
        while let Some(name) = map.next_key::<Name>()? {
            let slot = match name {
                Name::Alg => &mut header.alg,
                Name::Kid => &mut header.kid,
                Name::Typ => &mut header.typ,
                Name::Crit => {
                    header.repeated |= header.crit;
                    header.crit = true;
                    map.next_value::<Skipped>()?;
                    continue;
                }
                Name::Other => {
                    map.next_value::<Skipped>()?;
                    continue;
                }
            };
            header.repeated |= slot.is_some();
            *slot = Some(map.next_value::<Member<'de>>()?);
        }
        Ok(header)
    }
}

/// A member's name, unescaped, sorted into the four the verifier reads and the rest.
enum Name {
    Alg,
    Kid,
    Typ,
    Crit,
    Other,
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(NameVisitor)
    }
}

struct NameVisitor;

impl Visitor<'_> for NameVisitor {
    type Value = Name;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a member name")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Name, E> {
        Ok(match name {
            "alg" => Name::Alg,
            "kid" => Name::Kid,
            "typ" => Name::Typ,
            "crit" => Name::Crit,
            _ => Name::Other,
        })
    }
}

impl<'de> Deserialize<'de> for Member<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MemberVisitor)
    }
}

struct MemberVisitor;

impl<'de> Visitor<'de> for MemberVisitor {
    type Value = Member<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Member<'de>, E> {
        Ok(Member::Text(Cow::Borrowed(text)))
    }

    fn visit_str<E>(self, text: &str) -> Result<Member<'de>, E> {
        Ok(Member::Text(Cow::Owned(text.to_owned())))
    }

    fn visit_string<E>(self, text: String) -> Result<Member<'de>, E> {
        Ok(Member::Text(Cow::Owned(text)))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Member<'de>, E> {
        Ok(Member::NotText)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Member<'de>, E> {
        Ok(Member::NotText)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Member<'de>, E> {
        Ok(Member::NotText)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Member<'de>, E> {
        Ok(Member::NotText)
    }

    fn visit_unit<E>(self) -> Result<Member<'de>, E> {
        Ok(Member::NotText)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Member<'de>, A::Error> {
        while seq.next_element::<Skipped>()?.is_some() {}
        Ok(Member::NotText)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Member<'de>, A::Error> {
        while map.next_entry::<Skipped, Skipped>()?.is_some() {}
        Ok(Member::NotText)
    }
}

/// A value the verifier does not use, read in full all the same: serde's `IgnoredAny` would
/// skip it unchecked (serde_json then takes invalid UTF-8, a lone surrogate escape, `1e999`
/// or any depth), and a header is JSON or it is refused.
struct Skipped;

impl<'de> Deserialize<'de> for Skipped {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(SkippedVisitor)
    }
}

struct SkippedVisitor;

impl<'de> Visitor<'de> for SkippedVisitor {
    type Value = Skipped;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_str<E>(self, _: &str) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_unit<E>(self) -> Result<Skipped, E> {
        Ok(Skipped)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Skipped, A::Error> {
        while seq.next_element::<Skipped>()?.is_some() {}
        Ok(Skipped)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Skipped, A::Error> {
        while map.next_entry::<Skipped, Skipped>()?.is_some() {}
        Ok(Skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Option<Member<'_>> {
        Some(Member::Text(Cow::Borrowed(s)))
    }

    #[test]
    fn the_four_members_are_read_and_the_rest_skipped() {
        let header = read(
            br#"{"x5c":["a",{"b":[1,2.5,null]}],"alg":"ES256","kid":"k\u0031","typ":"at+jwt","n":-3,"t":true}"#,
        )
        .unwrap();
        assert_eq!(header.alg, text("ES256"));
        assert_eq!(header.kid, text("k1"), "escapes are read");
        assert_eq!(header.typ, text("at+jwt"));
        assert!(!header.crit && !header.repeated);
        assert_eq!(read(b"{}").unwrap(), Header::default());
    }

    #[test]
    fn a_member_that_is_not_a_string_is_told_apart() {
        for value in [
            "1",
            "-1",
            "1.5",
            "true",
            "false",
            "null",
            "[]",
            r#"{"a":1}"#,
        ] {
            let json = format!(r#"{{"alg":{value},"kid":{value},"typ":{value}}}"#);
            let header = read(json.as_bytes()).unwrap();
            assert_eq!(
                [header.alg, header.kid, header.typ],
                [
                    Some(Member::NotText),
                    Some(Member::NotText),
                    Some(Member::NotText)
                ],
                "{value}"
            );
        }
    }

    #[test]
    fn crit_counts_whatever_its_value_and_however_its_name_is_spelled() {
        for json in [
            r#"{"crit":["exp"]}"#,
            r#"{"crit":null}"#,
            r#"{"crit":[]}"#,
            r#"{"\u0063rit":1}"#,
        ] {
            assert!(read(json.as_bytes()).unwrap().crit, "{json}");
        }
        for json in [r#"{"Crit":1}"#, r#"{"crit ":1}"#, r#"{"cri":1}"#] {
            assert!(!read(json.as_bytes()).unwrap().crit, "{json}");
        }
    }

    #[test]
    fn a_repeated_member_is_noticed() {
        for json in [
            r#"{"alg":"ES256","alg":"none"}"#,
            r#"{"kid":"a","kid":"b"}"#,
            r#"{"typ":"JWT","\u0074yp":"at+jwt"}"#,
            r#"{"crit":[],"crit":[]}"#,
            r#"{"kid":1,"kid":"b"}"#,
        ] {
            assert!(read(json.as_bytes()).unwrap().repeated, "{json}");
        }
        assert!(!read(br#"{"x":1,"x":2,"alg":"ES256"}"#).unwrap().repeated);
    }

    #[test]
    fn anything_but_one_object_is_refused() {
        for json in [
            "",
            "[]",
            r#"["ES256"]"#,
            r#""ES256""#,
            "null",
            "1",
            r#"{"alg":"ES256"} {}"#,
            r#"{"alg":"ES256""#,
            r#"{"alg":"ES256",}"#,
            "{'alg':'ES256'}",
        ] {
            assert!(read(json.as_bytes()).is_none(), "{json}");
        }
        assert!(
            read(b" {\"alg\":\"ES256\"} ").is_some(),
            "whitespace is JSON"
        );
    }

    #[test]
    fn what_a_json_parser_refuses_anywhere_in_the_header_is_refused() {
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        let bad_values: [&[u8]; 7] = [
            b"\"\xff\"",
            br#""\ud800""#,
            br#""\x41""#,
            b"1e999",
            b"[1,]",
            br#"{"a":1,}"#,
            deep.as_bytes(),
        ];
        for value in bad_values {
            for name in ["x", "alg", "kid", "typ", "crit"] {
                for nest in [false, true] {
                    let mut json = format!(r#"{{"alg":"ES256","{name}":"#).into_bytes();
                    json.extend_from_slice(if nest { b"[" } else { b"" });
                    json.extend_from_slice(value);
                    json.extend_from_slice(if nest { b"]}" } else { b"}" });
                    let shown = String::from_utf8_lossy(&json).into_owned();
                    assert!(
                        serde_json::from_slice::<serde_json::Value>(&json).is_err(),
                        "serde_json reads it: {shown}"
                    );
                    assert!(read(&json).is_none(), "{shown}");
                }
            }
        }
        assert!(read(b"{\"\xff\":1}").is_none(), "an invalid byte in a name");
        let shallow = format!(r#"{{"x":{}1{}}}"#, "[".repeat(100), "]".repeat(100));
        assert!(
            read(shallow.as_bytes()).is_some(),
            "within serde_json's depth"
        );
    }
}
