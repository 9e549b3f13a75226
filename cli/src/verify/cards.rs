//! `verify CATALOG --cards DIR`: each A2A entry's card compared, offline, with a local copy.
//!
//! **Which file.** DIR stands for the root of the site the catalog describes: an entry's card
//! is the file at DIR + the path of the entry's `url` (resolved against `--catalog-url` when
//! relative; scheme, host, query and fragment dropped; each segment percent-decoded). So
//! `https://agents.example.com/travel/.well-known/agent-card.json` is
//! `DIR/travel/.well-known/agent-card.json`, and the main card
//! `DIR/.well-known/agent-card.json`. A path with a `.` or `..` segment, a segment that decodes
//! to one or holds `/`, `\` or NUL, or no file name, names no file (the entry fails). Entries
//! are matched by URL only, never by identifier: the URL is what the digest is bound to.
//!
//! **What is compared.** The entry's trust manifest names the card's digest in a provenance
//! link with relation `publishedFrom` (its `sourceId` the entry's `url`, which the binding
//! check already demands) and a `sourceDigest` `sha256:HEX` (`sha384` and `sha512` too): the
//! file's bytes must hash to every such digest. An entry whose manifest names no digest, whose
//! file is missing, or whose bytes differ fails. Entries that are not A2A cards, and cards
//! given inline (`data`), are noted and not compared.

use std::path::{Path, PathBuf};

use crate::input;
use crate::output::shown_path;
use a2a_card::catalog::{CatalogEntry, digest_hex, is_agent_card_media_type, resolve_url};

/// One entry's comparison with its local file.
pub(super) struct CardCheck {
    /// Where the result points (`/entries/1/url`, `/entries/1/trustManifest/...`).
    pub(super) pointer: String,
    /// The entry's identifier.
    pub(super) identifier: String,
    /// `Ok(message)`: compared and equal, or not compared (`counts` false); `Err`: why not.
    pub(super) result: Result<String, String>,
    /// Whether the entry counts as a card compared (true for every `Err`).
    pub(super) counts: bool,
}

/// Every entry of `entries` compared with its file under `dir`.
pub(super) fn compare(
    entries: &[CatalogEntry],
    dir: &Path,
    catalog_url: Option<&str>,
) -> Vec<CardCheck> {
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| compare_one(i, entry, dir, catalog_url))
        .collect()
}

fn compare_one(i: usize, entry: &CatalogEntry, dir: &Path, catalog_url: Option<&str>) -> CardCheck {
    let at = format!("/entries/{i}");
    let check = |pointer: String, result: Result<String, String>, counts: bool| CardCheck {
        pointer,
        identifier: entry.identifier.clone(),
        result,
        counts,
    };
    if !is_agent_card_media_type(&entry.media_type) {
        let note = format!("not an A2A card ({}): not compared", entry.media_type);
        return check(format!("{at}/mediaType"), Ok(note), false);
    }
    let Some(url) = &entry.url else {
        let note = "the card is inline (data): no local file to compare".to_owned();
        return check(at, Ok(note), false);
    };
    let url_at = format!("{at}/url");
    let file = match local_file(dir, url, catalog_url) {
        Ok(file) => file,
        Err(why) => return check(url_at, Err(why), true),
    };
    let digests: Vec<(usize, &str)> = entry
        .trust_manifest
        .iter()
        .flat_map(|m| m.provenance.iter().enumerate())
        .filter(|(_, link)| link.relation == "publishedFrom")
        .filter_map(|(j, link)| Some((j, link.source_digest.as_deref()?)))
        .collect();
    if digests.is_empty() {
        let why = "its trust manifest names no digest of the card (a publishedFrom \
                   provenance link with a sourceDigest), so the local copy cannot be compared";
        return check(url_at, Err(why.to_owned()), true);
    }
    let bytes = match input::read_file(&file, "") {
        Ok(bytes) => bytes,
        Err(why) => return check(url_at, Err(format!("no local copy: {why}")), true),
    };
    for (j, named) in digests {
        let pointer = format!("{at}/trustManifest/provenance/{j}/sourceDigest");
        match digest_of(named, &bytes) {
            Err(why) => return check(pointer, Err(why), true),
            Ok((want, got)) if want != got => {
                let algorithm = named.split_once(':').map_or("", |(a, _)| a);
                let why = format!(
                    "{} hashes to {algorithm}:{got}, the trust manifest names {named}: the \
                     local card is not the one the catalog vouches for",
                    shown_path(&file)
                );
                return check(pointer, Err(why), true);
            }
            Ok(_) => {}
        }
    }
    let message = format!(
        "{} matches the digest its trust manifest names",
        shown_path(&file)
    );
    check(url_at, Ok(message), true)
}

/// The file of a card URL under `dir` (see the module's docs).
fn local_file(dir: &Path, url: &str, catalog_url: Option<&str>) -> Result<PathBuf, String> {
    let resolved = resolve_url(url, catalog_url).unwrap_or_else(|| url.to_owned());
    let path = path_of(&resolved);
    let mut file = dir.to_path_buf();
    let mut named = false;
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        let decoded = percent_decode(segment)
            .filter(|d| !matches!(d.as_str(), "." | ".."))
            .filter(|d| !d.contains(['/', '\\', '\0']))
            .ok_or_else(|| {
                format!("the path of {url:?} has a segment {segment:?} that names no file under the folder")
            })?;
        file.push(decoded);
        named = true;
    }
    if !named || path.ends_with('/') {
        return Err(format!("the path of {url:?} names no file"));
    }
    Ok(file)
}

/// The path of a URL or relative reference: scheme, authority, query and fragment dropped.
fn path_of(url: &str) -> &str {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    let mut rest = &url[..end];
    let scheme_end = rest.find(':').filter(|&i| {
        rest[..i]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            && i > 0
    });
    if let Some(i) = scheme_end.filter(|&i| !rest[..i].contains('/')) {
        rest = &rest[i + 1..];
    }
    if let Some(after) = rest.strip_prefix("//") {
        rest = after.find('/').map_or("", |i| &after[i..]);
    }
    rest
}

/// `%XX` decoded; `None` for a malformed escape or bytes that are not UTF-8.
fn percent_decode(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = segment.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `(named hex, computed hex)` for a `algorithm:hex` digest, lowercase.
fn digest_of(named: &str, bytes: &[u8]) -> Result<(String, String), String> {
    let Some((algorithm, hex)) = named.split_once(':') else {
        return Err(format!("the digest {named:?} is not algorithm:hex"));
    };
    let Some(got) = digest_hex(algorithm, bytes) else {
        return Err(format!(
            "the digest's algorithm {:?} is not one this tool computes (sha256, sha384, sha512)",
            algorithm.to_ascii_lowercase()
        ));
    };
    Ok((hex.to_ascii_lowercase(), got))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_the_file_at_its_path_under_the_folder() {
        let dir = Path::new("/site");
        let at = |url: &str, base: Option<&str>| local_file(dir, url, base);
        assert_eq!(
            at("https://a.example/travel/.well-known/agent-card.json", None).unwrap(),
            Path::new("/site/travel/.well-known/agent-card.json")
        );
        assert_eq!(
            at("/.well-known/agent-card.json?x#y", None).unwrap(),
            Path::new("/site/.well-known/agent-card.json")
        );
        let base = Some("https://a.example/.well-known/ai-catalog.json");
        assert_eq!(
            at("../food/card.json", base).unwrap(),
            Path::new("/site/food/card.json")
        );
        assert_eq!(
            at("https://a.example/a%20b/card.json", None).unwrap(),
            Path::new("/site/a b/card.json")
        );
        for bad in [
            "https://a.example/",
            "https://a.example",
            "../card.json",
            "https://a.example/%2e%2e/card.json",
            "https://a.example/a%2fb/card.json",
            "https://a.example/a%5cb/card.json",
            "https://a.example/a%00/card.json",
            "https://a.example/%zz/card.json",
            "https://a.example/travel/",
        ] {
            assert!(at(bad, None).is_err(), "{bad}");
        }
    }

    #[test]
    fn digests_are_compared_in_lowercase_hex() {
        let hex = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";
        let (want, got) = digest_of(&format!("SHA256:{}", hex.to_uppercase()), b"hello").unwrap();
        assert_eq!(want, got);
        assert!(digest_of("md5:00", b"hello").is_err());
        assert!(digest_of("nocolon", b"hello").is_err());
    }
}
