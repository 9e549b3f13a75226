//! Which request paths the layer answers: the well-known paths, a tenant's path under the
//! mount prefix, the catalog's; and the rule for a tenant's name.

use std::borrow::Cow;

use super::error::BuildError;
use crate::http_headers::bytes_eq::{same_bytes, strip_prefix};
use crate::http_headers::path::{canonical_segment, is_plain_segment};

/// The canonical path of the card (A2A v0.3 and later).
pub const CANONICAL_PATH: &str = "/.well-known/agent-card.json";
/// The path used up to A2A v0.2.
pub const LEGACY_PATH: &str = "/.well-known/agent.json";

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

/// Matches a request path, in its [one spelling](canonical_segment) (the service passes it
/// so; no other decoding, no trailing slash), exactly: `{prefix}{path}` or
/// `{prefix}/{tenant}{path}`, `prefix` the normalized mount prefix. Everything else is not
/// ours.
pub(crate) fn target<'a>(prefix: &str, path: &'a str) -> Option<Target<'a>> {
    let rest = strip_prefix(path, prefix)?;
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

/// The canonical path of the default card (`tenant: None`) or of a tenant's card, under the
/// mount prefix.
pub(crate) fn canonical_path(prefix: &str, tenant: Option<&str>) -> String {
    match tenant {
        Some(tenant) => format!("{prefix}/{tenant}{CANONICAL_PATH}"),
        None => format!("{prefix}{CANONICAL_PATH}"),
    }
}

/// The path of the AI Catalog under the mount prefix.
#[cfg(feature = "catalog")]
pub(crate) fn catalog_path(prefix: &str) -> String {
    format!("{prefix}{}", crate::catalog::WELL_KNOWN_PATH)
}

/// Whether a request path (in its one spelling) is the catalog's, exactly. Compared without
/// `memcmp` (see [`same_bytes`]): this runs for every card request when a catalog is served.
#[cfg(feature = "catalog")]
pub(crate) fn names_catalog(prefix: &str, path: &str) -> bool {
    strip_prefix(path, prefix)
        .is_some_and(|rest| same_bytes(rest.as_bytes(), crate::catalog::WELL_KNOWN_PATH.as_bytes()))
}

/// `Link: <path>; rel="ai-catalog"` for card responses when a catalog is served; `base` is
/// the public path prefix the card is reached under (a proxy strips it before this server
/// sees the path, so the link names it).
#[cfg(feature = "catalog")]
pub(crate) fn catalog_link(prefix: &str, base: &str) -> http::HeaderValue {
    let link = format!(
        "<{base}{}>; rel=\"{}\"",
        catalog_path(prefix),
        crate::catalog::LINK_RELATION
    );
    http::HeaderValue::from_str(&link).expect("paths are checked at build")
}

/// Compared without `memcmp` (see [`same_bytes`]): this runs for every card request.
fn route_of(path: &str) -> Option<Route> {
    if same_bytes(path.as_bytes(), CANONICAL_PATH.as_bytes()) {
        Some(Route::Canonical)
    } else if same_bytes(path.as_bytes(), LEGACY_PATH.as_bytes()) {
        Some(Route::Legacy)
    } else {
        None
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http_headers::path::normalize_prefix;

    #[test]
    fn targets() {
        let t = |p| target("", p);
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
        let prefix = normalize_prefix("/agents/travel/").unwrap();
        assert_eq!(prefix, "/agents/travel");
        assert!(target(&prefix, "/agents/travel/.well-known/agent-card.json").is_some());
        assert!(target(&prefix, CANONICAL_PATH).is_none());
        assert_eq!(
            canonical_path(&prefix, Some("t1")),
            "/agents/travel/t1/.well-known/agent-card.json"
        );
    }

    #[cfg(feature = "catalog")]
    #[test]
    fn the_catalog_path_exactly() {
        assert!(names_catalog("", "/.well-known/ai-catalog.json"));
        assert!(names_catalog("/a", "/a/.well-known/ai-catalog.json"));
        assert!(!names_catalog("/a", "/.well-known/ai-catalog.json"));
        assert!(!names_catalog("", "/.well-known/ai-catalog.json/"));
        assert!(!names_catalog("", "/t/.well-known/ai-catalog.json"));
        assert_eq!(
            catalog_link("/a", "/public"),
            "</public/a/.well-known/ai-catalog.json>; rel=\"ai-catalog\""
        );
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
}
