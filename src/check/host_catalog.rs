//! The host's AI Catalog (the working draft of 2026-04-30): read at
//! `BASE_URL/.well-known/ai-catalog.json` when there is one (none is a note), validated (its
//! findings at the catalog's URL, with pointers), and each A2A card it lists audited as the
//! card at the base URL is: fetched, validated, revalidated, its signatures and interfaces
//! checked; a card given inline (`data`) is validated in place. At most [`MAX_LISTED`] cards
//! are audited (the rest are noted), one after another, under the run's budget, through the
//! same client: a listed URL on an internal address is refused (A2A-C412) unless the base URL
//! is on one of that class, and a listed card on another origin than the base's gets no POST.
//! When an entry's trust manifest names the SHA-256 of the card bytes (provenance
//! `publishedFrom` with the entry's URL as source), the bytes served must hash to it. A trust
//! manifest that is not its entry's (moved, swapped or relabelled: see
//! [`CatalogEntry::manifest_mismatches`]) is refused (A2A-C301) whatever its signature.

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use http::{HeaderValue, Method, StatusCode, Uri};
use serde_json::Value;

use super::card::{Keys, card_found, signature_findings};
use super::endpoint::{CardFetch, fetch, fetch_card, header_text, redirect_findings};
use super::finding::{Place, finding, from_validation, quoted};
use super::interfaces::{Credentials, interface_findings};
use super::report::{CatalogReport, ListedCard};
use super::{at, http_semantics};
use crate::catalog::{
    A2A_AGENT_CARD_JSON, AI_CATALOG_JSON, CatalogEntry, ManifestMismatch, WELL_KNOWN_PATH,
    is_agent_card_media_type, sha256_source_digest, source_matches, verify_trust_manifest,
};
use crate::client::{Client, Origin, Outgoing, parse_http_url};
use crate::{
    Code, Diagnostic,
    validate::{DocumentKind, Profile, validate_document, validate_value},
};

/// A2A cards of one catalog audited at most: a catalog is a host's few agents, and a hostile
/// one must not turn the audit into a crawler.
pub const MAX_LISTED: usize = 16;

/// What the audit of the base URL's own card leaves for the catalog's.
pub(super) struct Base<'a> {
    pub(super) base: &'a Uri,
    /// The canonical card's fetch: an entry naming that URL is not fetched again.
    pub(super) canonical: &'a CardFetch,
    pub(super) keys: Option<&'a Keys>,
    pub(super) credentials: &'a Credentials,
}

/// One A2A entry chosen for the audit.
struct Listed<'a> {
    pointer: String,
    entry: &'a Value,
    essence: String,
}

/// Reads, validates and walks the host's catalog.
pub(super) async fn catalog_report(client: &Client, base: &Base<'_>) -> CatalogReport {
    let base_text = base.base.to_string();
    let url = at(base_text.trim_end_matches('/'), WELL_KNOWN_PATH);
    let request = Outgoing::new(Method::GET).header(
        ACCEPT,
        HeaderValue::from_static("application/ai-catalog+json, application/json;q=0.9"),
    );
    let fetched = fetch(client, &url, request).await;
    let mut report = CatalogReport {
        endpoint: fetched.endpoint.clone(),
        entries: 0,
        findings: Vec::new(),
        cards: Vec::new(),
    };
    read_catalog(client, base, &fetched, &mut report).await;
    report.findings.sort_by_key(|f| f.severity);
    for card in &mut report.cards {
        card.findings.sort_by_key(|f| f.severity);
    }
    report
}

async fn read_catalog(
    client: &Client,
    base: &Base<'_>,
    fetched: &CardFetch,
    report: &mut CatalogReport,
) {
    let url = fetched.endpoint.final_url().to_owned();
    let findings = &mut report.findings;
    redirect_findings(&fetched.endpoint, findings);
    if let Some((code, message)) = &fetched.stopped {
        findings.push(finding(*code, Place::url(&url), message.clone()));
        return;
    }
    let Some(response) = &fetched.response else {
        findings.push(finding(
            Code::CatalogUnreadable,
            Place::url(&url),
            format!("cannot read the AI Catalog: {}", fetched.endpoint.answer()),
        ));
        return;
    };
    if response.status() != StatusCode::OK {
        findings.push(finding(
            Code::NoCatalog,
            Place::url(&url),
            format!(
                "no AI Catalog here (HTTP {}); a host of several agents can list them at \
                 {WELL_KNOWN_PATH}",
                response.status().as_u16()
            ),
        ));
        return;
    }
    content_type(&url, response.headers(), findings);
    let body = response.body();
    let validation = match validate_document(body, Profile::Spec, Some(DocumentKind::AiCatalog)) {
        Ok(validation) => validation.diagnostics,
        Err(error) => {
            findings.push(finding(
                Code::CatalogUnreadable,
                Place::url(&url),
                format!("the body is not an AI Catalog: {error}"),
            ));
            return;
        }
    };
    let doc: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let entries = doc
        .get("entries")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    report.entries = entries.len();
    let listed = choose(entries, &url, findings);
    report.cards = listed
        .iter()
        .map(|l| ListedCard {
            pointer: l.pointer.clone(),
            identifier: text(l.entry, "identifier").unwrap_or_default().to_owned(),
            display_name: text(l.entry, "displayName").unwrap_or_default().to_owned(),
            url: text(l.entry, "url").map(str::to_owned),
            endpoint: None,
            audited_above: false,
            findings: Vec::new(),
        })
        .collect();
    // Validation's findings about an audited entry go with its card.
    for diagnostic in &validation {
        let found = from_validation(diagnostic, &url, "");
        match listed
            .iter()
            .position(|l| under(&diagnostic.pointer, &l.pointer))
        {
            Some(i) => report.cards[i].findings.push(found),
            None => report.findings.push(found),
        }
    }
    trust_manifests(&listed, &url, base.keys, report);
    for (i, listed) in listed.iter().enumerate() {
        if client.is_out_of_time() {
            report.findings.push(finding(
                Code::NotDone,
                Place::url(&url),
                format!(
                    "{} listed card(s) not audited: the run's time budget ran out",
                    report.cards.len() - i
                ),
            ));
            break;
        }
        let card = &mut report.cards[i];
        match (text(listed.entry, "url"), listed.entry.get("data")) {
            (Some(at_url), _) => listed_url(client, base, listed, at_url, &url, card).await,
            (None, Some(data)) if listed.essence != A2A_AGENT_CARD_JSON => {
                // The catalog's validation checks inline cards of its own media type only.
                let prefix = format!("{}/data", listed.pointer);
                let validation = validate_value(data, Profile::Spec, Some(DocumentKind::Card));
                card.findings.extend(
                    validation
                        .diagnostics
                        .iter()
                        .map(|d| from_validation(d, &url, &prefix)),
                );
            }
            _ => {}
        }
    }
}

/// The A2A entries to audit (the first [`MAX_LISTED`]); the rest, and entries that are not
/// A2A cards, are noted.
fn choose<'a>(entries: &'a [Value], url: &str, findings: &mut Vec<Diagnostic>) -> Vec<Listed<'a>> {
    let mut listed = Vec::new();
    let mut others = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let pointer = format!("/entries/{i}");
        let essence = text(entry, "mediaType")
            .map(|m| {
                m.split(';')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            })
            .unwrap_or_default();
        let content = text(entry, "url").is_some() || entry.get("data").is_some();
        if is_agent_card_media_type(&essence) && content {
            listed.push(Listed {
                pointer,
                entry,
                essence,
            });
        } else {
            others.push(pointer);
        }
    }
    if listed.len() > MAX_LISTED {
        findings.push(finding(
            Code::ListedCardsNotAudited,
            Place::url(url),
            format!(
                "{} A2A cards are listed; the first {MAX_LISTED} were audited, the other {} not",
                listed.len(),
                listed.len() - MAX_LISTED
            ),
        ));
        listed.truncate(MAX_LISTED);
    }
    if !others.is_empty() {
        let shown: Vec<&str> = others.iter().take(8).map(String::as_str).collect();
        let more = if others.len() > 8 { ", …" } else { "" };
        findings.push(finding(
            Code::EntriesNotCards,
            Place::url(url),
            format!(
                "{} entr{} not A2A cards with a url or data (MCP servers, nested catalogs...), \
                 not audited: {}{more}",
                others.len(),
                if others.len() == 1 { "y is" } else { "ies are" },
                shown.join(", ")
            ),
        ));
    }
    listed
}

/// A card the catalog lists by URL: fetched and audited, or (the card at the base URL)
/// compared with the one audited above.
async fn listed_url(
    client: &Client,
    base: &Base<'_>,
    listed: &Listed<'_>,
    text: &str,
    catalog_url: &str,
    card: &mut ListedCard,
) {
    let findings = &mut card.findings;
    let Ok(uri) = parse_http_url(text) else {
        findings.push(finding(
            Code::ListedCardMissing,
            Place::pointer(catalog_url, format!("{}/url", listed.pointer)),
            format!("{} is not an http(s) URL: not fetched", quoted(text)),
        ));
        return;
    };
    let shown = uri.to_string();
    let canonical = &base.canonical.endpoint;
    if shown == canonical.url || shown == canonical.final_url() {
        card.audited_above = true;
        digest_findings(
            listed,
            catalog_url,
            &shown,
            base.canonical.card_body(),
            findings,
        );
        return;
    }
    let fetched = fetch_card(client, &uri).await;
    let pointer = &listed.pointer;
    let found = card_found(&fetched, findings, |got| {
        (
            Code::ListedCardMissing,
            format!("the catalog lists a card here ({pointer}), but got {got}"),
        )
    });
    card.endpoint = Some(fetched.endpoint.clone());
    let final_url = fetched.endpoint.final_url();
    if let (Some(agent), Some(response), Ok(served_at)) = (
        found.as_ref(),
        fetched.response.as_ref(),
        parse_http_url(final_url),
    ) {
        // The catalog comes from the server audited: it may not aim the audit's POST at
        // another origin than the base's.
        let cross_origin = Origin::of(&served_at) != Origin::of(base.base);
        http_semantics::protocol_findings(client, &served_at, response, cross_origin, findings)
            .await;
        let body = fetched.card_body().map(|b| &b[..]);
        signature_findings(agent, body, base.keys, final_url, findings);
        interface_findings(client, agent, final_url, base.credentials, findings).await;
    }
    digest_findings(
        listed,
        catalog_url,
        final_url,
        fetched.card_body(),
        findings,
    );
}

/// The card bytes served must hash to the digest the entry's trust manifest names for that
/// URL (provenance `publishedFrom`, source the entry's URL, `sha256:`).
fn digest_findings(
    listed: &Listed<'_>,
    catalog_url: &str,
    url: &str,
    body: Option<&Bytes>,
    findings: &mut Vec<Diagnostic>,
) {
    let Some(body) = body else { return };
    let source = text(listed.entry, "url");
    let links = listed
        .entry
        .pointer("/trustManifest/provenance")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let got = sha256_source_digest(body);
    for (j, link) in links.iter().enumerate() {
        let named = text(link, "sourceDigest").and_then(|d| {
            let (algorithm, hex) = d.split_once(':')?;
            algorithm
                .eq_ignore_ascii_case("sha256")
                .then(|| hex.to_ascii_lowercase())
        });
        let Some(want) = named else { continue };
        let named_here = match (text(link, "sourceId"), source) {
            (Some(id), Some(source)) => source_matches(id, source, Some(catalog_url)),
            _ => false,
        };
        if text(link, "relation") != Some("publishedFrom") || !named_here {
            continue;
        }
        if format!("sha256:{want}") != got {
            findings.push(finding(
                Code::ListedCardDigest,
                Place::url(url),
                format!(
                    "the catalog names sha256:{want} for this card ({}/trustManifest/provenance/\
                     {j}/sourceDigest), but the bytes served hash to {got}: the catalog \
                     and the card disagree",
                    listed.pointer
                ),
            ));
        }
    }
}

/// Each audited entry's trust manifest: refused when it is not the entry's (its `identity`
/// not the entry's `identifier`, a `publishedFrom` link's `sourceId` not the entry's `url`,
/// resolved against the catalog's URL: a manifest moved, swapped or relabelled), else its
/// signature verified with the keys given (or one note that they were not checked). The
/// identity mismatch is validation's A2A-E066 too (the same comparison); a `sourceId` that
/// names another URL is A2A-C506, since the digest beside it is another artifact's.
fn trust_manifests(
    listed: &[Listed<'_>],
    url: &str,
    keys: Option<&Keys>,
    report: &mut CatalogReport,
) {
    let mut unchecked = 0;
    for (l, card) in listed.iter().zip(report.cards.iter_mut()) {
        let Some(entry) = l
            .entry
            .get("trustManifest")
            .and_then(|_| serde_json::from_value::<CatalogEntry>(l.entry.clone()).ok())
        else {
            continue;
        };
        let mismatches = entry.manifest_mismatches(&l.pointer, Some(url));
        for mismatch in &mismatches {
            if let ManifestMismatch::Source { pointer, .. } = mismatch {
                card.findings.push(finding(
                    Code::ListedCardDigest,
                    Place::pointer(url, pointer.clone()),
                    format!("{mismatch}; the catalog and the card disagree"),
                ));
            }
        }
        let Some(manifest) = entry.trust_manifest.filter(|m| m.signature.is_some()) else {
            continue;
        };
        let place = Place::pointer(url, format!("{}/trustManifest/signature", l.pointer));
        if !mismatches.is_empty() {
            let why: Vec<String> = mismatches
                .iter()
                .map(|m| format!("{} ({})", m, m.pointer()))
                .collect();
            card.findings.push(finding(
                Code::SignatureInvalid,
                place,
                format!(
                    "the trust manifest is refused whatever its signature: it is not this                      entry's: {}",
                    why.join("; ")
                ),
            ));
            continue;
        }
        let Some(keys) = keys else {
            unchecked += 1;
            continue;
        };
        card.findings
            .push(match verify_trust_manifest(&manifest, keys.verifier()) {
                Ok(verified) => finding(
                    Code::SignatureVerified,
                    place,
                    format!(
                        "trust manifest verified: {} signature by kid {:?}",
                        verified.algorithm, verified.kid
                    ),
                ),
                Err(error) => finding(
                    Code::SignatureInvalid,
                    place,
                    format!("the trust manifest's signature does not verify: {error}"),
                ),
            });
    }
    if unchecked > 0 {
        report.findings.push(finding(
            Code::SignatureNotChecked,
            Place::url(url),
            format!(
                "{unchecked} trust manifest signature(s) not verified; pass --jwks with the \
                 signer's public keys"
            ),
        ));
    }
}

fn content_type(url: &str, headers: &http::HeaderMap, findings: &mut Vec<Diagnostic>) {
    let value = header_text(headers, CONTENT_TYPE);
    let essence = value
        .as_deref()
        .and_then(|v| v.split(';').next())
        .map(|e| e.trim().to_ascii_lowercase());
    if essence.as_deref() != Some(AI_CATALOG_JSON) {
        let seen = value.map_or("no Content-Type".to_owned(), |v| quoted(&v));
        findings.push(finding(
            Code::CatalogContentType,
            Place::header(url, "Content-Type"),
            format!("served as {seen}; an AI Catalog is {AI_CATALOG_JSON}"),
        ));
    }
}

/// A string member.
fn text<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

/// `pointer` is `entry` or inside it: `/entries/1/url` is under `/entries/1`,
/// `/entries/10` is not.
fn under(pointer: &str, entry: &str) -> bool {
    pointer
        .strip_prefix(entry)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pointer_is_under_its_entry_only() {
        assert!(under("/entries/1", "/entries/1"));
        assert!(under("/entries/1/data/name", "/entries/1"));
        assert!(!under("/entries/10/url", "/entries/1"));
        assert!(!under("/host", "/entries/1"));
    }

    #[test]
    fn entries_that_are_not_cards_are_noted_and_the_count_is_bounded() {
        let mut entries: Vec<Value> = (0..20)
            .map(|i| {
                serde_json::json!({"identifier": format!("urn:x:{i}"), "displayName": "x",
                    "mediaType": A2A_AGENT_CARD_JSON, "url": format!("https://a.example/{i}")})
            })
            .collect();
        entries.push(
            serde_json::json!({"identifier": "urn:mcp", "displayName": "m",
            "mediaType": "application/mcp-server+json", "url": "https://a.example/mcp"}),
        );
        let mut findings = Vec::new();
        let listed = choose(&entries, "https://a.example/c", &mut findings);
        assert_eq!(listed.len(), MAX_LISTED);
        let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
        assert_eq!(
            codes,
            [Code::ListedCardsNotAudited, Code::EntriesNotCards],
            "{findings:#?}"
        );
        assert!(findings[1].message.contains("/entries/20"));
    }

    /// The catalog's walk refuses what `verify` refuses: swapped manifests whose signatures
    /// verify get A2A-C301, not C302; a sourceId naming another URL is A2A-C506 too.
    #[test]
    fn manifests_moved_between_entries_are_refused_by_the_walk() {
        use crate::catalog::{ProvenanceLink, TrustManifest, sign_trust_manifest};
        use crate::sign::{Algorithm, CardSigner, SigningKey, TrustStore};
        let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
        let url = "https://a.example/.well-known/ai-catalog.json";
        let entry = |name: &str| {
            let identifier = format!("urn:x:{name}");
            let at = format!("/{name}/.well-known/agent-card.json");
            let mut manifest = TrustManifest {
                identity: identifier.clone(),
                provenance: vec![ProvenanceLink {
                    relation: "publishedFrom".into(),
                    source_id: format!("https://a.example{at}"),
                    ..Default::default()
                }],
                ..Default::default()
            };
            sign_trust_manifest(&mut manifest, &signer).unwrap();
            // The entry's url is relative: resolved against the catalog's URL it is the
            // manifest's source.
            serde_json::json!({"identifier": identifier, "displayName": name,
                "mediaType": A2A_AGENT_CARD_JSON, "url": at, "trustManifest": manifest})
        };
        let keys = Keys::new(
            TrustStore::new().with_key(signer.trusted_key()),
            "keys.json",
        );
        let walk = |entries: &[Value]| {
            let mut findings = Vec::new();
            let listed = choose(entries, url, &mut findings);
            let mut report = CatalogReport {
                endpoint: Default::default(),
                entries: entries.len(),
                findings,
                cards: listed
                    .iter()
                    .map(|l| ListedCard {
                        pointer: l.pointer.clone(),
                        identifier: String::new(),
                        display_name: String::new(),
                        url: None,
                        endpoint: None,
                        audited_above: false,
                        findings: Vec::new(),
                    })
                    .collect(),
            };
            trust_manifests(&listed, url, Some(&keys), &mut report);
            report
                .cards
                .iter()
                .flat_map(|c| c.findings.iter().map(|f| (f.code, f.pointer.clone())))
                .collect::<Vec<_>>()
        };
        let mut entries = vec![entry("travel"), entry("food")];
        let signature = |i: usize| format!("/entries/{i}/trustManifest/signature");
        assert_eq!(
            walk(&entries),
            [
                (Code::SignatureVerified, signature(0)),
                (Code::SignatureVerified, signature(1))
            ]
        );
        let travel = entries[0]["trustManifest"].take();
        entries[0]["trustManifest"] = entries[1]["trustManifest"].take();
        entries[1]["trustManifest"] = travel;
        let source = |i: usize| format!("/entries/{i}/trustManifest/provenance/0/sourceId");
        assert_eq!(
            walk(&entries),
            [
                (Code::ListedCardDigest, source(0)),
                (Code::SignatureInvalid, signature(0)),
                (Code::ListedCardDigest, source(1)),
                (Code::SignatureInvalid, signature(1)),
            ]
        );
        // Appended: another identifier and URL, a copied manifest.
        let mut entries = vec![entry("travel"), entry("food")];
        let mut evil = entries[0].clone();
        evil["identifier"] = "urn:evil:agent".into();
        evil["url"] = "https://evil.example/card.json".into();
        entries.push(evil);
        let found = walk(&entries);
        assert_eq!(
            found[2..],
            [
                (Code::ListedCardDigest, source(2)),
                (Code::SignatureInvalid, signature(2))
            ]
        );
    }
}
