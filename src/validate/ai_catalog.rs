//! AI Catalogs (the working draft of 2026-04-30): required members, exactly one of `url` and
//! `data`, media types, identifiers (unique, URN/URI), absolute URLs, digests, timestamps,
//! trust manifests bound to their entry, and nested catalogs given inline, followed to
//! [`MAX_NESTING_DEPTH`] with references back to an enclosing catalog refused. A2A cards given
//! inline are validated as cards, their findings pointed into `data`.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::script_url::{UrlField, script_url};
use super::syntax::{host_is_this_machine, is_absolute_url, is_data_url, is_media_type, is_uri};
use super::{DocumentKind, Profile, validate_value};
use crate::card::shape::json_kind;
use crate::catalog::{A2A_AGENT_CARD_JSON, AI_CATALOG_JSON, MAX_NESTING_DEPTH};
use crate::diagnostic::{Code, Diagnostic, pointer_push, shown};
// What an A2A card URL answers with (A2A §14.1); not what a catalog entry names.
use crate::protocol::A2A_JSON;

/// The nested catalogs a walk is inside of: their `url` (when they have one) and identifier.
#[derive(Default)]
struct Enclosing<'a> {
    urls: Vec<&'a str>,
    identifiers: Vec<&'a str>,
}

pub(super) fn check(doc: &Value, profile: Profile, out: &mut Vec<Diagnostic>) {
    if !doc.is_object() {
        out.push(Diagnostic::new(
            Code::NotAnObject,
            "",
            format!(
                "an AI Catalog is a JSON object with `specVersion` and `entries`, found {}",
                json_kind(doc)
            ),
        ));
        return;
    }
    let mut walk = Walk { profile, out };
    walk.catalog(doc, "", 0, &mut Enclosing::default());
}

struct Walk<'o> {
    profile: Profile,
    out: &'o mut Vec<Diagnostic>,
}

impl Walk<'_> {
    fn push(&mut self, code: Code, at: impl Into<String>, message: impl Into<String>) {
        self.out.push(Diagnostic::new(code, at, message));
    }

    fn catalog<'a>(&mut self, doc: &'a Value, at: &str, depth: usize, up: &mut Enclosing<'a>) {
        let Some(fields) = self.object(doc, at, "an AI Catalog") else {
            return;
        };
        if let Some(version) = self.required_string(fields, "specVersion", at, "an AI Catalog") {
            spec_version(version, &format!("{at}/specVersion"), self.out);
        }
        if let Some(host) = fields.get("host") {
            self.host(host, &format!("{at}/host"));
        }
        self.metadata(fields, at);
        let entries_at = format!("{at}/entries");
        let entries = match fields.get("entries") {
            None | Some(Value::Null) => {
                self.push(
                    Code::CatalogMemberMissing,
                    entries_at,
                    "missing REQUIRED member `entries` of an AI Catalog (an array, may be empty)",
                );
                return;
            }
            Some(Value::Array(entries)) => entries,
            Some(other) => {
                self.wrong_type(&entries_at, "an array of entries", other);
                return;
            }
        };
        let mut first_seen: HashMap<(&str, Option<&str>), usize> = HashMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let entry_at = format!("{entries_at}/{i}");
            let Some(key) = self.entry(entry, &entry_at, depth, up) else {
                continue;
            };
            match first_seen.get(&key) {
                Some(first) => {
                    let version = key
                        .1
                        .map_or(String::new(), |v| format!(" version {}", shown(v)));
                    self.push(
                        Code::CatalogDuplicateIdentifier,
                        format!("{entry_at}/identifier"),
                        format!(
                            "identifier {}{version} is already used by {entries_at}/{first}; an \
                             identifier (with its version, when there is one) must be unique \
                             within a catalog",
                            shown(key.0)
                        ),
                    );
                }
                None => {
                    first_seen.insert(key, i);
                }
            }
        }
    }

    /// Checks one entry; gives its (identifier, version) when it has an identifier.
    fn entry<'a>(
        &mut self,
        entry: &'a Value,
        at: &str,
        depth: usize,
        up: &mut Enclosing<'a>,
    ) -> Option<(&'a str, Option<&'a str>)> {
        let fields = self.object(entry, at, "a catalog entry")?;
        let what = "a catalog entry";
        let identifier = self.required_string(fields, "identifier", at, what);
        if let Some(id) = identifier {
            if !is_uri(id) {
                self.push(
                    Code::CatalogIdentifierNotUri,
                    format!("{at}/identifier"),
                    format!(
                        "identifier {} is neither a URN nor a URI; use one anchored to a domain \
                         you control (urn:example:agent:name, did:web:..., https://...)",
                        shown(id)
                    ),
                );
            }
        }
        self.required_string(fields, "displayName", at, what);
        let media_type = self.required_string(fields, "mediaType", at, what);
        let essence = media_type.map(|m| {
            let e = m
                .split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase();
            if !is_media_type(m) {
                self.push(
                    Code::MediaType,
                    format!("{at}/mediaType"),
                    format!("{} is not a media type (type/subtype)", shown(m)),
                );
            } else if e == A2A_JSON {
                self.push(
                    Code::CatalogCardMediaType,
                    format!("{at}/mediaType"),
                    format!(
                        "an A2A Agent Card entry is `{A2A_AGENT_CARD_JSON}` in an AI Catalog; \
                         `{}` is what the card URL answers with",
                        A2A_JSON
                    ),
                );
            }
            e
        });
        let url = present(fields, "url");
        let data = present(fields, "data");
        match (url, data) {
            (None, None) => self.push(
                Code::CatalogEntryContent,
                at,
                "a catalog entry needs exactly one of `url` (where the artifact is) and `data` \
                 (the artifact inline); it has neither",
            ),
            (Some(_), Some(_)) => self.push(
                Code::CatalogEntryContent,
                format!("{at}/data"),
                "a catalog entry needs exactly one of `url` and `data`; it has both",
            ),
            _ => {}
        }
        let url_at = format!("{at}/url");
        let url = match url.map(|u| (u, u.as_str())) {
            Some((_, Some(text))) => self.url(text, &url_at, false),
            Some((other, None)) => {
                self.wrong_type(&url_at, "a string (a URL)", other);
                None
            }
            None => None,
        };
        for key in ["version", "description"] {
            self.optional_string(fields, key, at);
        }
        self.strings(fields, "tags", at);
        if let Some(updated) = self.optional_string(fields, "updatedAt", at) {
            if !is_rfc3339(updated) {
                self.push(
                    Code::CatalogTimestamp,
                    format!("{at}/updatedAt"),
                    format!(
                        "{} is not an RFC 3339 date-time such as 2026-02-22T16:30:00Z",
                        shown(updated)
                    ),
                );
            }
        }
        if let Some(publisher) = present(fields, "publisher") {
            let p_at = format!("{at}/publisher");
            if let Some(p) = self.object(publisher, &p_at, "a publisher") {
                self.required_string(p, "identifier", &p_at, "a publisher");
                self.required_string(p, "displayName", &p_at, "a publisher");
                self.optional_string(p, "identityType", &p_at);
            }
        }
        if let Some(manifest) = present(fields, "trustManifest") {
            self.trust_manifest(manifest, &format!("{at}/trustManifest"), identifier);
        }
        self.metadata(fields, at);
        let version = fields.get("version").and_then(Value::as_str);
        let key = identifier.map(|id| (id, version));
        match essence.as_deref() {
            Some(AI_CATALOG_JSON) => self.nested(url, data, identifier, at, depth, up),
            Some(A2A_AGENT_CARD_JSON) => {
                // With a `url` too the entry is already wrong; the data is not checked as well.
                if let (Some(card), None) = (data, present(fields, "url")) {
                    self.inline_card(card, &format!("{at}/data"));
                }
            }
            _ => {}
        }
        key
    }

    fn nested<'a>(
        &mut self,
        url: Option<&'a str>,
        data: Option<&'a Value>,
        identifier: Option<&'a str>,
        at: &str,
        depth: usize,
        up: &mut Enclosing<'a>,
    ) {
        if let Some(url) = url {
            if up.urls.contains(&url) {
                self.push(
                    Code::CatalogCircular,
                    format!("{at}/url"),
                    format!(
                        "this nested catalog's url {} is the url of a catalog it is inside of: a \
                         circular reference",
                        shown(url)
                    ),
                );
                return;
            }
        }
        if let Some(id) = identifier {
            if up.identifiers.contains(&id) {
                self.push(
                    Code::CatalogCircular,
                    format!("{at}/identifier"),
                    format!(
                        "this nested catalog has the identifier {} of a catalog it is inside of: \
                         the catalog contains itself",
                        shown(id)
                    ),
                );
                return;
            }
        }
        let Some(data) = data else { return };
        if depth + 1 > MAX_NESTING_DEPTH {
            self.push(
                Code::CatalogTooDeep,
                format!("{at}/data"),
                format!(
                    "nested catalogs go deeper than {MAX_NESTING_DEPTH} levels, the limit this \
                     validator (and the draft's recommendation) sets"
                ),
            );
            return;
        }
        let (urls, ids) = (up.urls.len(), up.identifiers.len());
        up.urls.extend(url);
        up.identifiers.extend(identifier);
        self.catalog(data, &format!("{at}/data"), depth + 1, up);
        up.urls.truncate(urls);
        up.identifiers.truncate(ids);
    }

    fn inline_card(&mut self, card: &Value, at: &str) {
        let report = validate_value(card, self.profile, Some(DocumentKind::Card));
        for mut d in report.diagnostics {
            d.pointer = format!("{at}{}", d.pointer);
            self.out.push(d);
        }
    }

    fn host(&mut self, host: &Value, at: &str) {
        let Some(fields) = self.object(host, at, "a host") else {
            return;
        };
        self.required_string(fields, "displayName", at, "a host");
        let identifier = self.optional_string(fields, "identifier", at);
        if let Some(url) = self.optional_string(fields, "documentationUrl", at) {
            self.url(url, &format!("{at}/documentationUrl"), false);
        }
        if let Some(url) = self.optional_string(fields, "logoUrl", at) {
            self.url(url, &format!("{at}/logoUrl"), true);
        }
        if let Some(manifest) = present(fields, "trustManifest") {
            // On a host the identity SHOULD (not MUST) match, so it is not checked.
            let _ = identifier;
            self.trust_manifest(manifest, &format!("{at}/trustManifest"), None);
        }
    }

    fn trust_manifest(&mut self, manifest: &Value, at: &str, entry: Option<&str>) {
        let what = "a trust manifest";
        let Some(fields) = self.object(manifest, at, what) else {
            return;
        };
        if let (Some(identity), Some(entry)) =
            (self.required_string(fields, "identity", at, what), entry)
        {
            // The one comparison: `verify` and `check` refuse by it too.
            if !crate::catalog::identity_matches(identity, entry) {
                self.push(
                    Code::TrustManifestIdentity,
                    format!("{at}/identity"),
                    format!(
                        "identity {} is not the entry's identifier {}; consumers must reject \
                         this trust manifest",
                        shown(identity),
                        shown(entry)
                    ),
                );
            }
        }
        for key in ["identityType", "signature"] {
            self.optional_string(fields, key, at);
        }
        for key in ["privacyPolicyUrl", "termsOfServiceUrl"] {
            if let Some(url) = self.optional_string(fields, key, at) {
                self.url(url, &pointer_push(at, key), false);
            }
        }
        if let Some(schema) = present(fields, "trustSchema") {
            let s_at = format!("{at}/trustSchema");
            if let Some(s) = self.object(schema, &s_at, "a trust schema") {
                self.required_string(s, "identifier", &s_at, "a trust schema");
                self.required_string(s, "version", &s_at, "a trust schema");
            }
        }
        let lists: [(&str, &str, &[&str], &str); 2] = [
            (
                "attestations",
                "an attestation",
                &["type", "uri", "mediaType"],
                "digest",
            ),
            (
                "provenance",
                "a provenance link",
                &["relation", "sourceId"],
                "sourceDigest",
            ),
        ];
        for (key, what, required, digest_key) in lists {
            let Some(list) = present(fields, key) else {
                continue;
            };
            let l_at = format!("{at}/{key}");
            let Some(items) = list.as_array() else {
                self.wrong_type(&l_at, "an array", list);
                continue;
            };
            for (i, item) in items.iter().enumerate() {
                let i_at = format!("{l_at}/{i}");
                let Some(item) = self.object(item, &i_at, what) else {
                    continue;
                };
                for member in required {
                    self.required_string(item, member, &i_at, what);
                }
                if let Some(digest) = self.optional_string(item, digest_key, &i_at) {
                    if let Err(why) = check_digest(digest) {
                        self.push(Code::CatalogDigest, format!("{i_at}/{digest_key}"), why);
                    }
                }
            }
        }
        self.metadata(fields, at);
    }

    fn metadata(&mut self, fields: &Map<String, Value>, at: &str) {
        let Some(metadata) = present(fields, "metadata") else {
            return;
        };
        let m_at = format!("{at}/metadata");
        match metadata {
            Value::Object(map) if map.contains_key("") => self.push(
                Code::CatalogMetadataKey,
                pointer_push(&m_at, ""),
                "metadata keys must be non-empty strings",
            ),
            Value::Object(_) => {}
            other => self.wrong_type(&m_at, "an object", other),
        }
    }

    /// Checks a URL; gives it back when it can be used to compare references.
    fn url<'a>(&mut self, text: &'a str, at: &str, data_ok: bool) -> Option<&'a str> {
        let field = if data_ok {
            UrlField::Image
        } else {
            UrlField::Link
        };
        if let Some(refused) = script_url(text, at, field) {
            self.out.push(refused);
            return Some(text);
        }
        if is_data_url(text) && data_ok {
            return Some(text);
        }
        if !is_absolute_url(text) {
            self.push(
                Code::NotAbsoluteUrl,
                at,
                format!("{} is not an absolute URL (scheme://host/...)", shown(text)),
            );
        } else if text
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case("http://"))
            && !is_loopback(text)
        {
            self.push(
                Code::CatalogInsecureUrl,
                at,
                format!(
                    "{} is plain http://; serve catalogs and artifacts over HTTPS",
                    shown(text)
                ),
            );
        }
        Some(text)
    }

    fn object<'a>(
        &mut self,
        value: &'a Value,
        at: &str,
        what: &str,
    ) -> Option<&'a Map<String, Value>> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.wrong_type(at, &format!("{what} (an object)"), other);
                None
            }
        }
    }

    fn wrong_type(&mut self, at: &str, expected: &str, found: &Value) {
        self.push(
            Code::WrongType,
            at,
            format!("expected {expected}, found {}", json_kind(found)),
        );
    }

    fn required_string<'a>(
        &mut self,
        fields: &'a Map<String, Value>,
        key: &str,
        at: &str,
        what: &str,
    ) -> Option<&'a str> {
        let k_at = pointer_push(at, key);
        match fields.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s),
            None | Some(Value::Null) | Some(Value::String(_)) => {
                self.push(
                    Code::CatalogMemberMissing,
                    k_at,
                    format!("missing REQUIRED member `{key}` of {what} (a non-empty string)"),
                );
                None
            }
            Some(other) => {
                self.wrong_type(&k_at, "a string", other);
                None
            }
        }
    }

    fn optional_string<'a>(
        &mut self,
        fields: &'a Map<String, Value>,
        key: &str,
        at: &str,
    ) -> Option<&'a str> {
        let value = present(fields, key)?;
        if let Some(text) = value.as_str() {
            Some(text)
        } else {
            self.wrong_type(&pointer_push(at, key), "a string", value);
            None
        }
    }

    fn strings(&mut self, fields: &Map<String, Value>, key: &str, at: &str) {
        let Some(value) = present(fields, key) else {
            return;
        };
        let k_at = pointer_push(at, key);
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if !item.is_string() {
                        self.wrong_type(&format!("{k_at}/{i}"), "a string", item);
                    }
                }
            }
            other => self.wrong_type(&k_at, "an array of strings", other),
        }
    }
}

/// A member that is there and not null.
fn present<'a>(fields: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    fields.get(key).filter(|v| !v.is_null())
}

fn spec_version(version: &str, at: &str, out: &mut Vec<Diagnostic>) {
    let parts: Vec<&str> = version.split('.').collect();
    let numbers = parts.len() == 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if !numbers {
        out.push(Diagnostic::new(
            Code::CatalogSpecVersion,
            at,
            format!(
                "specVersion {} is not a \"Major.Minor\" version such as \"1.0\"",
                shown(version)
            ),
        ));
    } else if parts[0].trim_start_matches('0') != "1" {
        out.push(Diagnostic::new(
            Code::CatalogSpecVersion,
            at,
            format!(
                "specVersion {} has a major version this validator does not support (it checks \
                 1.x, the working draft of 2026-04-30)",
                shown(version)
            ),
        ));
    }
}

/// `algorithm:lowercase-hex`, SHA-256 or stronger.
fn check_digest(digest: &str) -> Result<(), String> {
    let Some((algorithm, hex)) = digest.split_once(':') else {
        return Err(format!(
            "{} is not a digest of the form algorithm:hex (sha256:9f86...)",
            shown(digest)
        ));
    };
    let bits = match algorithm {
        "sha256" | "sha512-256" | "sha3-256" | "blake3" => 256,
        "sha384" | "sha3-384" => 384,
        "sha512" | "sha3-512" => 512,
        _ => {
            return Err(format!(
                "digest algorithm {} is unknown or shorter than SHA-256; use sha256 or stronger",
                shown(algorithm)
            ));
        }
    };
    let hex_ok =
        hex.len() == bits / 4 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !hex_ok {
        return Err(format!(
            "the {algorithm} value is not {} lowercase hexadecimal digits",
            bits / 4
        ));
    }
    Ok(())
}

/// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`.
fn is_rfc3339(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
            .then(|| text[r].parse::<u32>().unwrap_or(99))
    };
    let (Some(_), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        digits(0..4),
        digits(5..7),
        digits(8..10),
        digits(11..13),
        digits(14..16),
        digits(17..19),
    ) else {
        return false;
    };
    let separators = b.get(4) == Some(&b'-')
        && b.get(7) == Some(&b'-')
        && matches!(b.get(10), Some(b'T' | b't' | b' '))
        && b.get(13) == Some(&b':')
        && b.get(16) == Some(&b':');
    let ranges = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && hour < 24
        && minute < 60
        && second <= 60;
    let mut rest = &text[19.min(text.len())..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let n = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &fraction[n..];
    }
    let zone = match rest.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit()),
        _ => false,
    };
    separators && ranges && zone
}

/// `http://localhost...`, `http://127.0.0.1...`, `http://[::1]...`: local development. The
/// host is judged by the one rule of what names this machine (`host_is_this_machine`), so a
/// name that merely starts like an address (`127.example.com`) is not taken for one.
fn is_loopback(url: &str) -> bool {
    let rest = &url[7..];
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let name = if host.starts_with('[') {
        host.split(']').next().unwrap_or("").trim_start_matches('[')
    } else {
        host.split(':').next().unwrap_or("")
    };
    host_is_this_machine(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_and_digests() {
        assert!(is_rfc3339("2026-02-22T16:30:00Z"));
        assert!(is_rfc3339("2026-02-22T16:30:00.123+01:00"));
        assert!(!is_rfc3339("2026-02-22"));
        assert!(!is_rfc3339("2026-13-22T16:30:00Z"));
        assert!(!is_rfc3339("2026-02-22T16:30:00"));
        assert!(check_digest(&format!("sha256:{}", "a".repeat(64))).is_ok());
        assert!(check_digest(&format!("sha1:{}", "a".repeat(40))).is_err());
        assert!(check_digest(&format!("sha256:{}", "A".repeat(64))).is_err());
        assert!(is_loopback("http://127.0.0.1:8080/x"));
        assert!(!is_loopback("http://example.com/x"));
        // Each spelling of this machine, and names that only look like one.
        for local in [
            "http://localhost/x",
            "http://LOCALHOST:8080",
            "http://api.localhost/x",
            "http://127.0.0.1/x",
            "http://127.255.0.9:1/x",
            "http://[::1]:8080/x",
            "http://user@127.0.0.1/x",
        ] {
            assert!(is_loopback(local), "{local}");
        }
        for remote in [
            "http://127.example.com/x",
            "http://127.0.0.1.example.com/x",
            "http://localhost.example.com/x",
            "http://128.0.0.1/x",
            "http://[::2]/x",
            "http://127.0.0.1@example.com/x",
            "http://localhost@example.com:80/x",
        ] {
            assert!(!is_loopback(remote), "{remote}");
        }
    }
}
