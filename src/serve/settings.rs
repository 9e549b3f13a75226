//! The layer's fixed configuration, and which request paths it answers.

use std::borrow::Cow;

use http::HeaderValue;

use super::bytes_eq::{same_bytes, strip_prefix};
use super::error::BuildError;
use super::options::{CorsPolicy, Legacy};

/// The canonical path of the card (A2A v0.3 and later).
pub const CANONICAL_PATH: &str = "/.well-known/agent-card.json";
/// The path used up to A2A v0.2.
pub const LEGACY_PATH: &str = "/.well-known/agent.json";

/// Resolved settings; they do not change when the card is replaced.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    pub(crate) content_type: HeaderValue,
    pub(crate) cache_control: HeaderValue,
    pub(crate) legacy: Legacy,
    pub(crate) negotiate_version: bool,
    pub(crate) cors: CorsPolicy,
    /// `""` or `/segments` without a trailing slash.
    pub(crate) prefix: String,
    /// Whether gzip and brotli bytes are built and offered (always false without the
    /// `compression` feature).
    pub(crate) precompress: bool,
    /// Interface URLs that point at the agent itself are rebased onto this when set.
    pub(crate) public_url: Option<super::public_url::PublicUrl>,
    /// Variants for the public origins trusted proxies name, when set.
    pub(crate) forwarded: Option<super::forwarded::TrustedProxies>,
    /// Cards are signed with this when set (at build and at every swap, never per request).
    #[cfg(feature = "sign")]
    pub(crate) signer: Option<std::sync::Arc<crate::sign::CardSigner>>,
    /// Cards that arrive signed must verify with this when set.
    #[cfg(feature = "sign")]
    pub(crate) verifier: Option<std::sync::Arc<crate::sign::CardVerifier>>,
    /// The AI Catalog of the cards, when one is served.
    #[cfg(feature = "catalog")]
    pub(crate) catalog: Option<super::catalog::CatalogOptions>,
}

impl Settings {
    /// `Vary` of a GET or HEAD answer: the request headers that chose what was sent
    /// (`negotiated`: the `A2A-Version` header, on the canonical path with negotiation on).
    /// One header, so a cache never has to merge lines.
    pub(crate) fn vary(&self, negotiated: bool) -> Option<HeaderValue> {
        let by_origin = matches!(self.cors, CorsPolicy::Origins(_));
        let vary = match (negotiated, by_origin, self.precompress) {
            _ if self.forwarded.is_some() => return Some(self.vary_with_forwarded(negotiated)),
            (false, false, false) => return None,
            (true, false, false) => "A2A-Version",
            (false, true, false) => "Origin",
            (true, true, false) => "A2A-Version, Origin",
            (false, false, true) => "Accept-Encoding",
            (true, false, true) => "A2A-Version, Accept-Encoding",
            (false, true, true) => "Origin, Accept-Encoding",
            (true, true, true) => "A2A-Version, Origin, Accept-Encoding",
        };
        Some(HeaderValue::from_static(vary))
    }
}

impl Settings {
    /// `Vary` when trusted proxies choose variants: the believed family's headers after the
    /// others.
    fn vary_with_forwarded(&self, negotiated: bool) -> HeaderValue {
        let by_origin = matches!(self.cors, CorsPolicy::Origins(_));
        let family = self.forwarded.as_ref().map(|f| f.family.vary_names());
        let names = [
            (negotiated, "A2A-Version"),
            (by_origin, "Origin"),
            (self.precompress, "Accept-Encoding"),
            (true, family.unwrap_or_default()),
        ];
        let list: Vec<&str> = names
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        HeaderValue::from_str(&list.join(", ")).expect("header names are a header value")
    }
}

/// Which of the two well-known paths a request named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route {
    Canonical,
    Legacy,
}

/// A request path that names a card: which tenant (if any) and which path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Target<'a> {
    pub(crate) tenant: Option<&'a str>,
    pub(crate) route: Route,
}

impl Settings {
    /// Matches a request path, in its [one spelling](canonical_segment) (the service passes
    /// it so; no other decoding, no trailing slash), exactly: `{prefix}{path}` or
    /// `{prefix}/{tenant}{path}`. Everything else is not ours.
    pub(crate) fn target<'a>(&self, path: &'a str) -> Option<Target<'a>> {
        let rest = strip_prefix(path, &self.prefix)?;
        if let Some(route) = route_of(rest) {
            return Some(Target {
                tenant: None,
                route,
            });
        }
        let segments = rest.strip_prefix('/')?;
        let slash = segments.find('/')?;
        let (tenant, well_known) = segments.split_at(slash);
        let route = route_of(well_known)?;
        (!tenant.is_empty()).then_some(Target {
            tenant: Some(tenant),
            route,
        })
    }

    /// The canonical path of the default card (`tenant: None`) or of a tenant's card.
    pub(crate) fn canonical_path(&self, tenant: Option<&str>) -> String {
        match tenant {
            Some(tenant) => format!("{}/{tenant}{CANONICAL_PATH}", self.prefix),
            None => format!("{}{CANONICAL_PATH}", self.prefix),
        }
    }
}

/// Compared without `memcmp` (see bytes_eq.rs): this runs for every card request.
fn route_of(path: &str) -> Option<Route> {
    if same_bytes(path.as_bytes(), CANONICAL_PATH.as_bytes()) {
        Some(Route::Canonical)
    } else if same_bytes(path.as_bytes(), LEGACY_PATH.as_bytes()) {
        Some(Route::Legacy)
    } else {
        None
    }
}

/// Normalizes a mount prefix: `""`, `"/"` -> `""`; `"/a/b/"` -> `"/a/b"`. It must start with
/// `/` and be a plain path (no query, fragment, spaces or `..`).
pub(crate) fn normalize_prefix(prefix: &str) -> Option<String> {
    let trimmed = prefix.trim_end_matches('/');
    if trimmed.is_empty() {
        return Some(String::new());
    }
    let plain = trimmed.starts_with('/')
        && trimmed.split('/').skip(1).all(is_plain_segment)
        && HeaderValue::from_str(trimmed).is_ok();
    plain.then(|| trimmed.to_owned())
}

/// A path segment usable as written: non-empty, only characters a path may carry
/// unencoded (RFC 3986 pchar, `%` escapes allowed), and the same segment once decoded: not a
/// dot segment (`.`, `..`, `%2e`, `%2E%2e`, ...) and without an encoded `/`, `\`, `%` or
/// control character (`a%2Fb`, `%5c`, `%252e`). A proxy in front that decodes or normalises
/// paths must see the path this layer sees, so segments that change under either are refused.
pub(crate) fn is_plain_segment(segment: &str) -> bool {
    let pchar = segment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@%".contains(&b));
    let Some(decoded) = percent_decoded(segment) else {
        return false; // a `%` not followed by two hex digits
    };
    pchar
        && !decoded.is_empty()
        && decoded != b"."
        && decoded != b".."
        && !decoded
            .iter()
            .any(|&b| matches!(b, b'/' | b'\\' | b'%') || b.is_ascii_control())
}

/// The one spelling of `segment` among those RFC 3986 §6.2.2 calls the same: an escape of an
/// unreserved character decoded (§6.2.2.2, §2.3: `%41` is `A`, `%7E` is `~`, `%2D` is `-`),
/// every other escape's hex in upper case (§6.2.2.1: `%c3%a9` is `%C3%A9`). Borrowed when
/// `segment` is already that spelling. A malformed escape is left as it is (such a segment is
/// not [plain](is_plain_segment) anyway). A whole path too: `/` is no escape and stays, `%2F`
/// is one of a reserved character and stays an escape.
pub(crate) fn canonical_segment(segment: &str) -> Cow<'_, str> {
    if !segment.contains('%') {
        return Cow::Borrowed(segment);
    }
    let bytes = segment.as_bytes();
    let mut out = String::with_capacity(segment.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'%')
            .then(|| segment.get(i + 1..i + 3))
            .flatten()
            .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escape {
            Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') => {
                out.push(char::from(b));
                i += 3;
            }
            Some(b) => {
                out.push_str(&format!("%{b:02X}"));
                i += 3;
            }
            None => {
                // One character as written (a `%` without two hex digits, or any other).
                let len = segment[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&segment[i..i + len]);
                i += len;
            }
        }
    }
    if out == segment {
        Cow::Borrowed(segment)
    } else {
        Cow::Owned(out)
    }
}

/// A tenant name is a [plain](is_plain_segment) segment in its
/// [one spelling](canonical_segment): `A`, never `%41`; `%C3%A9`, never `%c3%a9`. Requests in
/// another spelling of a name find the same tenant (the layer looks their segment up in this
/// spelling when it is not a name as written).
pub(crate) fn check_tenant_name(name: &str) -> Result<(), BuildError> {
    if !is_plain_segment(name) {
        return Err(BuildError::InvalidTenant(name.to_owned()));
    }
    match canonical_segment(name) {
        Cow::Borrowed(_) => Ok(()),
        Cow::Owned(canonical) => Err(BuildError::NonCanonicalTenant {
            name: name.to_owned(),
            canonical,
        }),
    }
}

/// The bytes `%XX` escapes stand for, or `None` for a malformed escape.
fn percent_decoded(segment: &str) -> Option<Vec<u8>> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(prefix: &str) -> Settings {
        Settings {
            content_type: HeaderValue::from_static("application/a2a+json"),
            cache_control: HeaderValue::from_static("no-cache"),
            legacy: Legacy::Alias,
            negotiate_version: false,
            cors: CorsPolicy::AnyOrigin,
            prefix: normalize_prefix(prefix).unwrap(),
            precompress: false,
            public_url: None,
            forwarded: None,
            #[cfg(feature = "sign")]
            signer: None,
            #[cfg(feature = "sign")]
            verifier: None,
            #[cfg(feature = "catalog")]
            catalog: None,
        }
    }

    #[test]
    fn targets() {
        let s = settings("");
        let t = |p| s.target(p);
        assert_eq!(t(CANONICAL_PATH).unwrap().route, Route::Canonical);
        assert_eq!(t(LEGACY_PATH).unwrap().route, Route::Legacy);
        assert_eq!(
            t("/acme/.well-known/agent.json").unwrap().tenant,
            Some("acme")
        );
        assert_eq!(t("//.well-known/agent.json"), None);
        assert_eq!(t("/a/b/.well-known/agent.json"), None);
        assert_eq!(t("/.well-known/agent-card.json/"), None);
        assert_eq!(t("/.WELL-KNOWN/agent-card.json"), None);
        let s = settings("/agents/travel/");
        assert_eq!(s.prefix, "/agents/travel");
        assert!(
            s.target("/agents/travel/.well-known/agent-card.json")
                .is_some()
        );
        assert!(s.target(CANONICAL_PATH).is_none());
        assert_eq!(
            s.canonical_path(Some("t1")),
            "/agents/travel/t1/.well-known/agent-card.json"
        );
    }

    #[test]
    fn segments_that_change_when_decoded_or_normalised_are_not_plain() {
        for good in ["acme", "a.b", "...", "a%20b", "%41cme", "t~1", "x:y@z"] {
            assert!(is_plain_segment(good), "{good}");
        }
        for bad in [
            "", ".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "a%2Fb", "%2f",
            "a%5cb", "%5C", "a\\b", "a/b", "%252e", "%25", "%00", "%0a", "%", "%2", "%zz", "a b",
        ] {
            assert!(!is_plain_segment(bad), "{bad:?}");
        }
        assert!(normalize_prefix("/a/%2e%2e/b").is_none());
    }

    #[test]
    fn a_segment_has_one_spelling() {
        for (given, canonical) in [
            ("%41", "A"),
            ("%61cme", "acme"),
            ("%30", "0"),
            ("t%39", "t9"),
            ("%2D", "-"),
            ("%2d", "-"),
            ("a%2Eb", "a.b"),
            ("%5F", "_"),
            ("%7E", "~"),
            ("%7e", "~"),
            ("caf%c3%a9", "caf%C3%A9"),
            ("a%3ab", "a%3Ab"),
            ("%2f", "%2F"),
        ] {
            assert_eq!(canonical_segment(given), canonical, "{given}");
            assert!(matches!(canonical_segment(given), Cow::Owned(_)), "{given}");
        }
        for already in [
            "acme",
            "caf%C3%A9",
            "a%3Ab",
            "a%20b",
            "x:y@z",
            "%",
            "%zz",
            "é",
        ] {
            assert!(
                matches!(canonical_segment(already), Cow::Borrowed(s) if s == already),
                "{already}"
            );
        }
    }

    #[test]
    fn tenant_names_are_refused_in_any_spelling_but_their_one() {
        // Each unreserved class escaped (RFC 3986 §2.3): a letter, a digit, - . _ ~, in
        // either case of hex; and lower-case hex of an escape that stays one.
        for (name, canonical) in [
            ("%41", "A"),
            ("%61cme", "acme"),
            ("t%31", "t1"),
            ("a%2Db", "a-b"),
            ("a%2eb", "a.b"),
            ("a%5fb", "a_b"),
            ("a%7Eb", "a~b"),
            ("caf%c3%a9", "caf%C3%A9"),
            ("a%3ab", "a%3Ab"),
        ] {
            match check_tenant_name(name) {
                Err(BuildError::NonCanonicalTenant {
                    name: n,
                    canonical: c,
                }) => {
                    assert_eq!((n.as_str(), c.as_str()), (name, canonical));
                }
                other => panic!("{name}: {other:?}"),
            }
            let message = check_tenant_name(name).unwrap_err().to_string();
            assert!(
                message.contains(&format!("name it {canonical:?}")),
                "{message}"
            );
        }
        // Escapes of reserved and other characters, in upper case, stay allowed.
        for name in [
            "acme",
            "a%3Ab",
            "a%40b",
            "a%20b",
            "caf%C3%A9",
            "x:y@z",
            "t~1",
        ] {
            assert!(check_tenant_name(name).is_ok(), "{name}");
        }
        // Not a plain segment at all: the older refusal.
        for name in ["", "a/b", "..", "%2e", "%2E%2E", "a%2Fb", "a b"] {
            assert!(
                matches!(check_tenant_name(name), Err(BuildError::InvalidTenant(_))),
                "{name}"
            );
        }
    }

    #[test]
    fn prefixes() {
        assert_eq!(normalize_prefix("/").unwrap(), "");
        assert!(normalize_prefix("agents").is_none());
        assert!(normalize_prefix("/a/../b").is_none());
        assert!(normalize_prefix("/a?b").is_none());
        assert!(normalize_prefix("/a//b").is_none());
    }
}
