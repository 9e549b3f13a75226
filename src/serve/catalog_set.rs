//! The AI Catalog of the cards a layer serves (features `serve` + `catalog`): built with the
//! cards, swapped with them in one step, answered like them (`answer.rs`).
//!
//! The catalog follows the **AI Catalog working draft of 2026-04-30** (`specVersion` "1.0",
//! [`crate::catalog::SPEC_VERSION`]) and is served at `{prefix}/.well-known/ai-catalog.json`
//! with `Content-Type: application/ai-catalog+json`, a strong ETag, the cards' `Cache-Control`
//! and CORS, conditional GET, HEAD, OPTIONS and 405 as the cards are. It has no
//! `Last-Modified`: it changes whenever any card changes or a tenant goes away, and no date
//! can say that monotonically; clients revalidate it by its ETag. Every card response carries
//! `Link: <{prefix}/.well-known/ai-catalog.json>; rel="ai-catalog"` (Level 2 discovery).
//!
//! **Media types.** An entry names its card `application/a2a-agent-card+json`, the media type
//! the draft lists for A2A Agent Cards; the card URL answers `application/a2a+json`, the media
//! type A2A §14.1 registers for the card. The draft says the URL "SHOULD" answer with the
//! entry's type, A2A clients (and the A2A spec's own discovery) expect `application/a2a+json`
//! at the card URL, and a client choosing entries reads `mediaType` without fetching. So the
//! entry uses the draft's name (what a catalog consumer filters on) and the card URL keeps
//! A2A's (what an A2A client parses); the draft's SHOULD is the one left unmet.

use std::collections::HashMap;
use std::sync::Arc;

use http::HeaderValue;

use super::catalog_entry::entry_part;
use super::error::BuildError;
use super::parallel::parallel_map;
use super::representation::{CardSet, Representation};
use super::settings::Settings;
use crate::catalog::{AI_CATALOG_JSON, AiCatalog, HostInfo};
use crate::validate::{DocumentKind, spec_errors};

/// The catalog as served: its one representation. The model ([`CatalogSet::catalog`]) is
/// assembled on demand from the entries' parts, so it is not kept beside the bytes.
#[derive(Debug)]
pub(crate) struct CatalogSet {
    host: Option<HostInfo>,
    pub(crate) representation: Representation,
}

impl CatalogSet {
    /// The catalog's model, assembled from the parts of the cards served with it.
    pub(crate) fn catalog(
        &self,
        main: &CardSet,
        tenants: &HashMap<String, Arc<CardSet>>,
    ) -> AiCatalog {
        let entries = in_entry_order(main, tenants)
            .into_iter()
            .filter_map(|(_, set)| set.catalog_part.get())
            .map(|part| {
                serde_json::from_slice(&part.json).expect("an entry we serialized reads back")
            })
            .collect();
        let mut catalog = AiCatalog::new(entries);
        catalog.host = self.host.clone();
        catalog
    }
}

/// The main card, then the tenants by name: the order of the catalog's entries.
fn in_entry_order<'a>(
    main: &'a CardSet,
    tenants: &'a HashMap<String, Arc<CardSet>>,
) -> Vec<(Option<&'a str>, &'a CardSet)> {
    let mut by_name: Vec<(&str, &CardSet)> =
        tenants.iter().map(|(k, v)| (k.as_str(), &**v)).collect();
    by_name.sort_unstable_by(|a, b| a.0.cmp(b.0));
    std::iter::once((None, main))
        .chain(by_name.into_iter().map(|(k, v)| (Some(k), v)))
        .collect()
}

/// Builds the catalog of exactly these cards, or `None` when no catalog is configured. A
/// catalog the validator finds errors in is refused (so is the change that led to it).
///
/// Cost: each card's entry is built, validated (and, with a signer, its trust manifest
/// signed) once, when the card is new ([`EntryPart`](super::catalog_entry::EntryPart), on
/// all cores); a build then sorts the names, checks identifiers are unique, joins the
/// entries' bytes and precompresses the result (at levels that keep a large catalog's
/// encoding in the tens of milliseconds, see `http_headers/content_coding.rs`).
pub(crate) fn build_catalog(
    settings: &Settings,
    main: &CardSet,
    tenants: &HashMap<String, Arc<CardSet>>,
) -> Result<Option<Arc<CatalogSet>>, BuildError> {
    let Some(options) = &settings.catalog else {
        return Ok(None);
    };
    let ordered = in_entry_order(main, tenants);
    let missing: Vec<(Option<&str>, &CardSet)> = ordered
        .iter()
        .filter(|(_, set)| set.catalog_part.get().is_none())
        .copied()
        .collect();
    let built = parallel_map(missing, |(tenant, set)| {
        entry_part(settings, options, tenant, &set.card(), set.v10.body()).map(|part| (set, part))
    });
    for result in built {
        let (set, part) = result?;
        // A set is built for one tenant name, so its part is always the same.
        let _ = set.catalog_part.set(Arc::new(part));
    }
    // The catalog without entries: its members are checked once here, the entries on their own.
    let mut shell = AiCatalog::new(Vec::new());
    shell.host = options.host.clone();
    let mut errors = spec_errors(&shell.to_value(), DocumentKind::AiCatalog);
    let mut seen: HashMap<(&str, Option<&str>), usize> = HashMap::with_capacity(ordered.len());
    let mut body = shell.to_json_vec();
    // `{"specVersion":..,"entries":[]}`: the entries go between the brackets (`metadata`,
    // the one member after `entries`, is never set here).
    debug_assert!(body.ends_with(b"[]}"));
    let tail = body.split_off(body.len() - 2);
    for (i, (_, set)) in ordered.iter().enumerate() {
        let part = set.catalog_part.get().expect("built above");
        for error in &part.errors {
            let mut error = error.clone();
            error.pointer = error
                .pointer
                .replacen("/entries/0", &format!("/entries/{i}"), 1);
            errors.push(error);
        }
        let key = (&*part.identifier, part.version.as_deref());
        if let Some(first) = seen.insert(key, i) {
            errors.push(crate::Diagnostic::new(
                crate::diagnostic::Code::CatalogDuplicateIdentifier,
                format!("/entries/{i}/identifier"),
                format!(
                    "identifier {}{} is already used by /entries/{first}; an identifier (with \
                     its version, when there is one) must be unique within a catalog",
                    crate::diagnostic::shown(key.0),
                    key.1.map_or(String::new(), |v| format!(
                        " version {}",
                        crate::diagnostic::shown(v)
                    )),
                ),
            ));
        }
        if i > 0 {
            body.push(b',');
        }
        body.extend_from_slice(&part.json);
    }
    body.extend_from_slice(&tail);
    if !errors.is_empty() {
        return Err(BuildError::InvalidCatalog(errors));
    }
    let catalog_type = HeaderValue::from_static(AI_CATALOG_JSON);
    Ok(Some(Arc::new(CatalogSet {
        representation: Representation::new(
            body,
            settings,
            &catalog_type,
            None,
            None,
            settings.vary(false),
        ),
        host: options.host.clone(),
    })))
}
