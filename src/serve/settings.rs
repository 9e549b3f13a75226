//! The layer's fixed configuration, and which request paths it answers.

use http::HeaderValue;

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
    /// Matches a request path exactly (no decoding, no trailing slash): `{prefix}{path}` or
    /// `{prefix}/{tenant}{path}`. Everything else is not ours.
    pub(crate) fn target<'a>(&self, path: &'a str) -> Option<Target<'a>> {
        let rest = path.strip_prefix(self.prefix.as_str())?;
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

fn route_of(path: &str) -> Option<Route> {
    match path {
        CANONICAL_PATH => Some(Route::Canonical),
        LEGACY_PATH => Some(Route::Legacy),
        _ => None,
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

/// A path segment usable as written: non-empty, not `.`/`..`, and only characters a path
/// may carry unencoded (RFC 3986 pchar, `%` escapes allowed).
pub(crate) fn is_plain_segment(segment: &str) -> bool {
    !segment.is_empty()
        && segment != "."
        && segment != ".."
        && segment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@%".contains(&b))
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
        assert!(s
            .target("/agents/travel/.well-known/agent-card.json")
            .is_some());
        assert!(s.target(CANONICAL_PATH).is_none());
        assert_eq!(
            s.canonical_path(Some("t1")),
            "/agents/travel/t1/.well-known/agent-card.json"
        );
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
