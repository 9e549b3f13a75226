//! Whether an entry's trust manifest is that entry's (the draft's "Identity" section): a
//! signature vouches for the manifest's bytes, not for where the manifest sits, so a signed
//! manifest copied onto another entry, swapped with another entry's, or left on an entry whose
//! `identifier` was renamed still verifies. The binding is what refuses it:
//!
//! - the manifest's `identity` MUST be the entry's `identifier` (the draft: "Consumers MUST
//!   reject a Trust Manifest whose `identity` does not match the containing entry's
//!   `identifier`"); compared as strings, exactly ([`identity_matches`]; validation's A2A-E066
//!   uses the same function);
//! - every provenance link with relation `publishedFrom` names in `sourceId` the entry's `url`
//!   ([`source_matches`]): the digest it carries is of the bytes at that URL, so a manifest
//!   whose link names another URL vouches for another artifact. A relative `url` or `sourceId`
//!   is resolved against the catalog's own URL when it is known (RFC 3986 §5.2), and compared
//!   with scheme and host in lower case; when it is not known, a relative reference matches
//!   only the same string. An entry without a `url` (its artifact inline in `data`) has
//!   nothing to compare a `sourceId` with, so its links are not checked.
//!
//! A host's manifest is not bound: the draft says its identity SHOULD (not MUST) match.

use std::fmt;

use super::CatalogEntry;

/// True when a trust manifest's `identity` is the entry's `identifier`: the same string.
///
/// ```
/// use a2a_card::catalog::identity_matches;
/// assert!(identity_matches("urn:example:agent:travel", "urn:example:agent:travel"));
/// assert!(!identity_matches("urn:example:agent:travel", "urn:example:agent:Travel"));
/// ```
pub fn identity_matches(identity: &str, identifier: &str) -> bool {
    identity == identifier
}

/// True when a `publishedFrom` link's `sourceId` names the entry's `url`: the same string,
/// or the same absolute URL once both are resolved against `catalog_url` (the URL the catalog
/// was fetched from, when known) and scheme and host are lowercased.
///
/// ```
/// use a2a_card::catalog::source_matches;
/// let at = Some("https://agents.example.com/.well-known/ai-catalog.json");
/// assert!(source_matches("https://agents.example.com/a/card.json", "/a/card.json", at));
/// assert!(source_matches("HTTPS://Agents.Example.com/a/card.json", "/a/card.json", at));
/// assert!(!source_matches("https://evil.example/a/card.json", "/a/card.json", at));
/// assert!(!source_matches("https://agents.example.com/a/card.json", "/a/card.json", None));
/// ```
pub fn source_matches(source_id: &str, url: &str, catalog_url: Option<&str>) -> bool {
    if source_id == url {
        return true;
    }
    match (
        resolve_url(source_id, catalog_url),
        resolve_url(url, catalog_url),
    ) {
        (Some(source), Some(url)) => source == url,
        _ => false,
    }
}

/// Why a trust manifest is not its entry's.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ManifestMismatch {
    /// The manifest's `identity` is not the entry's `identifier`.
    Identity {
        /// JSON pointer of the `identity`, e.g. `/entries/2/trustManifest/identity`.
        pointer: String,
        /// The manifest's `identity`.
        identity: String,
        /// The entry's `identifier`.
        identifier: String,
    },
    /// A `publishedFrom` link's `sourceId` is not the entry's `url`.
    Source {
        /// JSON pointer of the `sourceId`, e.g. `/entries/2/trustManifest/provenance/0/sourceId`.
        pointer: String,
        /// The link's `sourceId`.
        source_id: String,
        /// The entry's `url`.
        url: String,
    },
}

impl ManifestMismatch {
    /// Where in the catalog the mismatch is.
    pub fn pointer(&self) -> &str {
        match self {
            ManifestMismatch::Identity { pointer, .. }
            | ManifestMismatch::Source { pointer, .. } => pointer,
        }
    }
}

impl fmt::Display for ManifestMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManifestMismatch::Identity {
                identity,
                identifier,
                ..
            } => write!(
                f,
                "the trust manifest's identity {identity:?} is not the entry's identifier \
                 {identifier:?}: it vouches for another entry (moved, swapped or relabelled), \
                 and the draft says to reject it"
            ),
            ManifestMismatch::Source { source_id, url, .. } => write!(
                f,
                "the trust manifest's publishedFrom sourceId {source_id:?} is not the entry's \
                 url {url:?}: its digest vouches for another artifact"
            ),
        }
    }
}

impl CatalogEntry {
    /// Every way this entry's trust manifest is not the entry's (none when it has no
    /// manifest). `at` is the entry's JSON pointer (`/entries/2`), `catalog_url` the URL the
    /// catalog was fetched from, when known, to resolve relative URLs against.
    ///
    /// ```
    /// use a2a_card::catalog::{CatalogEntry, TrustManifest};
    /// let entry = CatalogEntry {
    ///     identifier: "urn:evil:agent".into(),
    ///     trust_manifest: Some(TrustManifest { identity: "urn:example:agent".into(), ..Default::default() }),
    ///     ..Default::default()
    /// };
    /// let found = entry.manifest_mismatches("/entries/2", None);
    /// assert_eq!(found[0].pointer(), "/entries/2/trustManifest/identity");
    /// ```
    pub fn manifest_mismatches(
        &self,
        at: &str,
        catalog_url: Option<&str>,
    ) -> Vec<ManifestMismatch> {
        let Some(manifest) = &self.trust_manifest else {
            return Vec::new();
        };
        let mut found = Vec::new();
        if !identity_matches(&manifest.identity, &self.identifier) {
            found.push(ManifestMismatch::Identity {
                pointer: format!("{at}/trustManifest/identity"),
                identity: manifest.identity.clone(),
                identifier: self.identifier.clone(),
            });
        }
        if let Some(url) = &self.url {
            for (j, link) in manifest.provenance.iter().enumerate() {
                if link.relation == PUBLISHED_FROM
                    && !source_matches(&link.source_id, url, catalog_url)
                {
                    found.push(ManifestMismatch::Source {
                        pointer: format!("{at}/trustManifest/provenance/{j}/sourceId"),
                        source_id: link.source_id.clone(),
                        url: url.clone(),
                    });
                }
            }
        }
        found
    }
}

/// The provenance relation whose `sourceId` is the artifact's own URL.
pub(crate) const PUBLISHED_FROM: &str = "publishedFrom";

/// `reference` as an absolute URL: resolved against `base` when relative (RFC 3986 §5.2, dot
/// segments removed), scheme and host lowercased; `None` when it is relative and there is no
/// absolute base. How the binding compares URLs, and how `a2a-card verify --cards` finds an
/// entry's local file.
///
/// ```
/// use a2a_card::catalog::resolve_url;
/// let at = Some("https://Agents.example.com/.well-known/ai-catalog.json");
/// assert_eq!(
///     resolve_url("../travel/card.json", at).as_deref(),
///     Some("https://agents.example.com/travel/card.json")
/// );
/// assert_eq!(resolve_url("/card.json", None), None);
/// ```
pub fn resolve_url(reference: &str, base: Option<&str>) -> Option<String> {
    let reference = reference.trim();
    if let Some(absolute) = Parts::absolute(reference) {
        return Some(absolute.normalized());
    }
    let base = Parts::absolute(base?.trim())?;
    let (rest, fragment) = split_off(reference, '#');
    let (rest, query) = split_off(rest, '?');
    let mut target = Parts {
        scheme: base.scheme,
        authority: base.authority,
        path: String::new(),
        query,
        fragment,
    };
    if let Some(network) = rest.strip_prefix("//") {
        let end = network.find('/').unwrap_or(network.len());
        target.authority = Some(&network[..end]);
        target.path = remove_dot_segments(&network[end..]);
    } else if rest.is_empty() {
        target.path = base.path.clone();
        target.query = query.or(base.query);
    } else if rest.starts_with('/') {
        target.path = remove_dot_segments(rest);
    } else {
        let merged = if base.authority.is_some() && base.path.is_empty() {
            format!("/{rest}")
        } else {
            let dir = &base.path[..base.path.rfind('/').map_or(0, |i| i + 1)];
            format!("{dir}{rest}")
        };
        target.path = remove_dot_segments(&merged);
    }
    Some(target.normalized())
}

/// A URL's five components (RFC 3986 §3).
struct Parts<'a> {
    scheme: &'a str,
    authority: Option<&'a str>,
    path: String,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    /// The parts of a URL with a scheme; `None` for a relative reference.
    fn absolute(text: &'a str) -> Option<Self> {
        let colon = text.find(':')?;
        let scheme = &text[..colon];
        if !crate::validate::syntax::is_scheme(scheme) {
            return None;
        }
        let (rest, fragment) = split_off(&text[colon + 1..], '#');
        let (rest, query) = split_off(rest, '?');
        let (authority, path) = match rest.strip_prefix("//") {
            Some(after) => {
                let end = after.find('/').unwrap_or(after.len());
                (Some(&after[..end]), &after[end..])
            }
            None => (None, rest),
        };
        Some(Parts {
            scheme,
            authority,
            path: remove_dot_segments(path),
            query,
            fragment,
        })
    }

    /// Recomposed (RFC 3986 §5.3), scheme and host in lower case.
    fn normalized(&self) -> String {
        let mut out = self.scheme.to_ascii_lowercase();
        out.push(':');
        if let Some(authority) = self.authority {
            out.push_str("//");
            match authority.rsplit_once('@') {
                Some((user, host)) => {
                    out.push_str(user);
                    out.push('@');
                    out.push_str(&host.to_ascii_lowercase());
                }
                None => out.push_str(&authority.to_ascii_lowercase()),
            }
        }
        out.push_str(&self.path);
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

/// `text` split at the first `at`: before, and after when `at` occurs.
fn split_off(text: &str, at: char) -> (&str, Option<&str>) {
    match text.split_once(at) {
        Some((before, after)) => (before, Some(after)),
        None => (text, None),
    }
}

/// RFC 3986 §5.2.4.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") || input == "/.." {
            input = if input == "/.." { "/" } else { &input[3..] };
            output.pop();
        } else if input == "." || input == ".." {
            input = "";
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push(&input[..end]);
            input = &input[end..];
        }
    }
    output.concat()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{ProvenanceLink, TrustManifest};

    const CATALOG_URL: &str = "https://agents.example.com/.well-known/ai-catalog.json";

    #[test]
    fn a_scheme_starts_with_a_letter_and_holds_only_scheme_characters() {
        let base = Some("https://h.example/dir/x");
        // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); anything else before a
        // colon is a relative path.
        assert_eq!(
            resolve_url("1a:b", base).as_deref(),
            Some("https://h.example/dir/1a:b")
        );
        assert_eq!(
            resolve_url("a_b:c", base).as_deref(),
            Some("https://h.example/dir/a_b:c")
        );
        assert_eq!(resolve_url("a+b-c.d:e", base).as_deref(), Some("a+b-c.d:e"));
        assert_eq!(resolve_url("A1:x", None).as_deref(), Some("a1:x"));
    }

    #[test]
    fn a_path_of_only_dot_segments_is_removed() {
        // RFC 3986 §5.2.4, step 2D: an input of only "." or ".." is removed.
        assert_eq!(resolve_url("x:.", None).as_deref(), Some("x:"));
        assert_eq!(resolve_url("x:..", None).as_deref(), Some("x:"));
    }

    #[test]
    fn relative_references_resolve_as_rfc_3986_says() {
        let base = Some("http://a/b/c/d;p?q");
        // RFC 3986 §5.4.1 and §5.4.2 (a selection).
        for (reference, want) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            ("..g", "http://a/b/c/..g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/../h", "http://a/b/c/h"),
        ] {
            assert_eq!(
                resolve_url(reference, base).as_deref(),
                Some(want),
                "{reference:?}"
            );
        }
        assert_eq!(resolve_url("g", None), None);
        assert_eq!(
            resolve_url("HTTPS://Agents.EXAMPLE.com/A/../B", None).as_deref(),
            Some("https://agents.example.com/B")
        );
    }

    #[test]
    fn a_source_is_the_entry_url_exactly_or_once_resolved() {
        let at = Some(CATALOG_URL);
        let absolute = "https://agents.example.com/travel/.well-known/agent-card.json";
        assert!(source_matches(absolute, absolute, None));
        assert!(source_matches(
            absolute,
            "/travel/.well-known/agent-card.json",
            at
        ));
        assert!(source_matches(
            absolute,
            "../travel/.well-known/agent-card.json",
            at
        ));
        assert!(source_matches(
            "/travel/.well-known/agent-card.json",
            absolute,
            at
        ));
        assert!(source_matches("relative.json", "relative.json", None));
        // Near misses.
        assert!(!source_matches(
            absolute,
            "/food/.well-known/agent-card.json",
            at
        ));
        assert!(!source_matches(
            absolute,
            "/travel/.well-known/agent-card.json",
            None
        ));
        assert!(!source_matches(
            "https://agents.example.com.evil.example/travel/.well-known/agent-card.json",
            absolute,
            at
        ));
        assert!(!source_matches(&format!("{absolute}?x"), absolute, at));
        // A url that is the sourceId with more after it is another URL, compared as written
        // and once resolved (`/card.json/../other` resolves to `/other`).
        for (source, url, at) in [
            (
                "https://a.example/card.json",
                "https://a.example/card.jsonx",
                None,
            ),
            (
                "https://a.example/card.json",
                "https://a.example/card.json/../other",
                None,
            ),
            (
                "https://a.example/card.json",
                "https://a.example/card.json/x",
                None,
            ),
            (
                "https://a.example/card.json",
                "https://a.example/card.json?v=2",
                None,
            ),
            (
                "https://a.example/card.json",
                "https://a.example/card.jsonx",
                at,
            ),
            (
                "https://a.example/card.json",
                "https://a.example/card.json/../other",
                at,
            ),
            ("https://agents.example.com/card.json", "/card.jsonx", at),
            ("/card.json", "/card.jsonx", at),
            ("/card.json", "/card.json/../other", at),
            ("card.json", "card.jsonx", None),
            ("card.json", "card.json/../other", None),
        ] {
            assert!(!source_matches(source, url, at), "{source} {url} {at:?}");
            assert!(!source_matches(url, source, at), "{url} {source} {at:?}");
        }
        // The path is case-sensitive; scheme and host are not.
        assert!(!source_matches(
            "https://agents.example.com/Travel/.well-known/agent-card.json",
            absolute,
            at
        ));
        assert!(source_matches(
            "HTTPS://AGENTS.example.com/travel/.well-known/agent-card.json",
            absolute,
            at
        ));
    }

    fn entry(identifier: &str, url: &str, identity: &str, source: &str) -> CatalogEntry {
        CatalogEntry {
            identifier: identifier.into(),
            url: Some(url.into()),
            trust_manifest: Some(TrustManifest {
                identity: identity.into(),
                provenance: vec![ProvenanceLink {
                    relation: "publishedFrom".into(),
                    source_id: source.into(),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    #[test]
    fn each_mismatch_is_named_with_its_pointer() {
        let e = entry(
            "urn:b",
            "https://b.example/c.json",
            "urn:a",
            "https://a.example/c.json",
        );
        let found = e.manifest_mismatches("/entries/3", None);
        let pointers: Vec<&str> = found.iter().map(ManifestMismatch::pointer).collect();
        assert_eq!(
            pointers,
            [
                "/entries/3/trustManifest/identity",
                "/entries/3/trustManifest/provenance/0/sourceId"
            ]
        );
        assert!(found[0].to_string().contains("\"urn:a\""), "{}", found[0]);
        assert!(found[1].to_string().contains("https://b.example/c.json"));
        // Bound: nothing; other relations and entries without a url are not compared.
        let e = entry(
            "urn:a",
            "https://a.example/c.json",
            "urn:a",
            "https://a.example/c.json",
        );
        assert!(e.manifest_mismatches("/entries/0", None).is_empty());
        let mut e = entry(
            "urn:a",
            "https://a.example/c.json",
            "urn:a",
            "https://github.com/a",
        );
        e.trust_manifest.as_mut().unwrap().provenance[0].relation = "derivedFrom".into();
        assert!(e.manifest_mismatches("/entries/0", None).is_empty());
        e.trust_manifest.as_mut().unwrap().provenance[0].relation = "publishedFrom".into();
        assert_eq!(e.manifest_mismatches("/entries/0", None).len(), 1);
        e.url = None;
        assert!(e.manifest_mismatches("/entries/0", None).is_empty());
        e.trust_manifest = None;
        assert!(e.manifest_mismatches("/entries/0", None).is_empty());
    }
}
