//! The AI Catalog of the cards a layer serves (features `serve` + `catalog`): built with the
//! cards, swapped with them in one step, answered like them.
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

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use http::{HeaderMap, HeaderValue};

use super::error::BuildError;
use super::representation::{CardSet, Representation};
use super::settings::Settings;
use crate::catalog::{
    A2A_AGENT_CARD_JSON, AI_CATALOG_JSON, AiCatalog, CatalogEntry, HostInfo, LINK_RELATION,
    Publisher, WELL_KNOWN_PATH,
};
use crate::validate::{DocumentKind, Profile, validate_value};

/// What the layer puts in its catalog (see
/// [`AgentCardLayerBuilder::catalog`](super::AgentCardLayerBuilder::catalog)).
///
/// Entries are the main card and every tenant's, in that order (tenants by name). Each entry
/// is `identifier` (from [`identifier`](Self::identifier), else
/// [`identifier_prefix`](Self::identifier_prefix) + tenant name, the main card taking the
/// prefix without its trailing `:` or `/`, else the card's URL), `displayName` (the card's
/// name), `mediaType` `application/a2a-agent-card+json`, `url` (the card's canonical URL under
/// [`base_url`](Self::base_url)) or, with [`inline_cards`](Self::inline_cards), `data` (the
/// card as served), the card's description and version, its skills' tags, and the publisher
/// (from [`publisher`](Self::publisher), else the card's provider).
///
/// ```
/// use a2a_card::catalog::{HostInfo, Publisher};
/// use a2a_card::serve::{AgentCardLayer, CatalogOptions};
/// # let card = a2a_card::__doctest::example_card();
/// let layer = AgentCardLayer::builder(card.clone())
///     .tenant("travel", card)
///     .catalog(
///         CatalogOptions::new()
///             .base_url("https://agents.example.com")
///             .host(HostInfo::new("Example Agents"))
///             .identifier_prefix("urn:example:agent:")
///             .publisher(Publisher::new("did:web:example.com", "Example Inc.")),
///     )
///     .build()?;
/// let catalog = layer.handle().catalog().unwrap();
/// assert_eq!(catalog.entries[1].identifier, "urn:example:agent:travel");
/// assert_eq!(
///     catalog.entries[1].url.as_deref(),
///     Some("https://agents.example.com/travel/.well-known/agent-card.json")
/// );
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct CatalogOptions {
    pub(crate) base_url: Option<String>,
    pub(crate) inline: bool,
    pub(crate) host: Option<HostInfo>,
    pub(crate) publisher: Option<Publisher>,
    pub(crate) prefix: Option<String>,
    /// By tenant; `None` is the main card.
    pub(crate) identifiers: HashMap<Option<String>, String>,
}

impl CatalogOptions {
    /// No host, entries by URL (which needs [`base_url`](Self::base_url)).
    pub fn new() -> Self {
        Self::default()
    }

    /// Where the layer's paths are reachable from outside, e.g. `https://agents.example.com`
    /// (the mount prefix is added after it). Entry URLs must be absolute.
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some(url.into().trim_end_matches('/').to_owned());
        self
    }

    /// Entries carry each card inline (`data`) instead of its URL.
    pub fn inline_cards(mut self, inline: bool) -> Self {
        self.inline = inline;
        self
    }

    /// The host object (Level 2 of the draft).
    pub fn host(mut self, host: HostInfo) -> Self {
        self.host = Some(host);
        self
    }

    /// The publisher of every entry (else each card's provider, when it has one).
    pub fn publisher(mut self, publisher: Publisher) -> Self {
        self.publisher = Some(publisher);
        self
    }

    /// Identifiers are this prefix + the tenant's name, e.g. `urn:example:agent:`.
    pub fn identifier_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = Some(prefix.into());
        self
    }

    /// The identifier of one card (`None`: the main card), over the prefix.
    pub fn identifier(mut self, tenant: Option<&str>, identifier: impl Into<String>) -> Self {
        self.identifiers
            .insert(tenant.map(str::to_owned), identifier.into());
        self
    }

    fn identifier_of(&self, tenant: Option<&str>, url: Option<&str>) -> Option<String> {
        if let Some(id) = self.identifiers.get(&tenant.map(str::to_owned)) {
            return Some(id.clone());
        }
        match (&self.prefix, tenant) {
            (Some(prefix), Some(tenant)) => Some(format!("{prefix}{tenant}")),
            (Some(prefix), None) => Some(prefix.trim_end_matches([':', '/']).to_owned()),
            (None, _) => url.map(str::to_owned),
        }
    }
}

/// The path of the catalog on this server.
pub(crate) fn catalog_path(settings: &Settings) -> String {
    format!("{}{WELL_KNOWN_PATH}", settings.prefix)
}

/// `Link: <path>; rel="ai-catalog"` for card responses, when a catalog is served; `base` is
/// the public path prefix the card is reached under (a proxy strips it before this server
/// sees the path, so the link names it).
pub(crate) fn catalog_link(settings: &Settings, base: &str) -> Option<HeaderValue> {
    settings.catalog.as_ref()?;
    let link = format!(
        "<{base}{}>; rel=\"{LINK_RELATION}\"",
        catalog_path(settings)
    );
    Some(HeaderValue::from_str(&link).expect("paths are checked at build"))
}

/// The catalog as served: its one representation. The model ([`CatalogSet::catalog`]) is
/// assembled on demand from the entries' parts, so it is not kept beside the bytes.
#[derive(Debug)]
pub(crate) struct CatalogSet {
    host: Option<HostInfo>,
    pub(crate) representation: Representation,
}

/// One card's entry, built once per card (in parallel with the others) and reused by every
/// catalog built while that card is served: a swap of one tenant builds one part.
#[derive(Debug)]
pub(crate) struct EntryPart {
    /// The entry as serialized in the catalog (compact JSON).
    json: Box<[u8]>,
    /// Its identifier and version: unique within the catalog.
    identifier: Box<str>,
    version: Option<Box<str>>,
    /// What the validator found in the entry alone (pointers under `/entries/0`).
    errors: Vec<crate::Diagnostic>,
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
/// signed) once, when the card is new ([`EntryPart`], on all cores); a build then sorts the
/// names, checks identifiers are unique, joins the entries' bytes and precompresses the
/// result (at levels that keep a large catalog's encoding in the tens of milliseconds, see
/// `encoding.rs`).
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
    let built = super::tenants::parallel_map(missing, |(tenant, set)| {
        entry_part(settings, options, tenant, set).map(|part| (set, part))
    });
    for result in built {
        let (set, part) = result?;
        // A set is built for one tenant name, so its part is always the same.
        let _ = set.catalog_part.set(Arc::new(part));
    }
    // The catalog without entries: its members are checked once here, the entries on their own.
    let mut shell = AiCatalog::new(Vec::new());
    shell.host = options.host.clone();
    let mut errors: Vec<_> = validate_value(
        &shell.to_value(),
        Profile::Spec,
        Some(DocumentKind::AiCatalog),
    )
    .diagnostics
    .into_iter()
    .filter(|d| d.is_error())
    .collect();
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

/// One card's entry: built, signed (Level 3, with the layer's signer: a trust manifest naming
/// the SHA-256 of the card bytes served) and validated on its own.
fn entry_part(
    settings: &Settings,
    options: &CatalogOptions,
    tenant: Option<&str>,
    set: &CardSet,
) -> Result<EntryPart, BuildError> {
    #[allow(unused_mut)]
    let mut entry = entry(settings, options, tenant, set)?;
    #[cfg(feature = "sign")]
    if let Some(signer) = &settings.signer {
        sign_entry(&mut entry, set.v10.body(), signer)?;
    }
    let alone = AiCatalog::new(vec![entry]);
    let errors = validate_value(
        &alone.to_value(),
        Profile::Spec,
        Some(DocumentKind::AiCatalog),
    )
    .diagnostics
    .into_iter()
    .filter(|d| d.is_error())
    .collect();
    let entry = alone.entries.into_iter().next().expect("one entry");
    Ok(EntryPart {
        json: serde_json::to_vec(&entry)
            .expect("an entry serializes")
            .into_boxed_slice(),
        identifier: entry.identifier.into_boxed_str(),
        version: entry.version.map(String::into_boxed_str),
        errors,
    })
}

fn entry(
    settings: &Settings,
    options: &CatalogOptions,
    tenant: Option<&str>,
    set: &CardSet,
) -> Result<CatalogEntry, BuildError> {
    let card = &set.card();
    // The layer's public URL, when no base URL is given: where its paths are reachable.
    let public = settings.public_url.as_ref().map(|url| url.to_string());
    let url = options
        .base_url
        .as_ref()
        .or(public.as_ref())
        .map(|base| format!("{base}{}", settings.canonical_path(tenant)));
    let Some(identifier) = options.identifier_of(tenant, url.as_deref()) else {
        return Err(BuildError::CatalogSetting(
            "a catalog needs identifiers: set an identifier prefix or a base URL".to_owned(),
        ));
    };
    let (url, data) = match (options.inline, url) {
        (true, _) => (None, Some(card.to_value())),
        (false, Some(url)) => (Some(url), None),
        (false, None) => {
            return Err(BuildError::CatalogSetting(
                "a catalog listing card URLs needs the base URL the cards are reachable at \
                 (or inline cards)"
                    .to_owned(),
            ));
        }
    };
    let tags: BTreeSet<&String> = card.skills.iter().flat_map(|s| &s.tags).collect();
    let publisher = options.publisher.clone().or_else(|| {
        let p = card.provider.as_ref()?;
        Some(Publisher::new(&p.url, &p.organization))
    });
    Ok(CatalogEntry {
        identifier,
        display_name: card.name.clone(),
        media_type: A2A_AGENT_CARD_JSON.to_owned(),
        url,
        data,
        version: (!card.version.is_empty()).then(|| card.version.clone()),
        description: (!card.description.is_empty()).then(|| card.description.clone()),
        tags: tags.into_iter().cloned().collect(),
        publisher,
        ..CatalogEntry::default()
    })
}

impl super::respond::Shared {
    /// The response for a request naming the catalog, or `None` when it does not.
    pub(crate) fn respond_catalog(
        &self,
        method: &http::Method,
        path: &str,
        headers: &HeaderMap,
    ) -> Option<super::respond::CardResponse> {
        use super::respond::{METHODS, conditional_response, empty};
        use http::{Method, StatusCode};
        // Without a catalog, no comparison (this runs for every card request).
        self.settings.catalog.as_ref()?;
        let rest = super::bytes_eq::strip_prefix(path, &self.settings.prefix)?;
        if !super::bytes_eq::same_bytes(rest.as_bytes(), WELL_KNOWN_PATH.as_bytes()) {
            return None;
        }
        let published = self.published.load();
        let set = published.catalog.as_ref()?;
        let get = |head| {
            let mut response = conditional_response(head, &set.representation, headers);
            // 200 and 304 carry it prebuilt.
            if response.status() == StatusCode::PRECONDITION_FAILED {
                if let Some(vary) = self.settings.vary(false) {
                    response.headers_mut().insert(http::header::VARY, vary);
                }
            }
            response
        };
        let mut response = match *method {
            Method::GET => get(false),
            Method::HEAD => get(true),
            Method::OPTIONS => self.options(headers),
            _ => {
                let mut response = empty(StatusCode::METHOD_NOT_ALLOWED);
                response
                    .headers_mut()
                    .insert(http::header::ALLOW, HeaderValue::from_static(METHODS));
                response
            }
        };
        self.add_cors(headers, response.headers_mut());
        tracing::debug!(target: "a2a_card", %method, path, status = response.status().as_u16(), "AI catalog request answered");
        Some(response)
    }
}

/// Level 3: the entry gets a trust manifest naming the SHA-256 of the card bytes served
/// (provenance `publishedFrom`), signed (detached JWS over its RFC 8785 form) with the
/// layer's card signer. Once per card, never per request.
#[cfg(feature = "sign")]
fn sign_entry(
    entry: &mut CatalogEntry,
    served: &[u8],
    signer: &crate::sign::CardSigner,
) -> Result<(), BuildError> {
    let mut manifest = crate::catalog::TrustManifest {
        identity: entry.identifier.clone(),
        provenance: vec![crate::catalog::ProvenanceLink {
            relation: "publishedFrom".to_owned(),
            source_id: entry
                .url
                .clone()
                .unwrap_or_else(|| entry.identifier.clone()),
            source_digest: Some(crate::catalog::sha256_source_digest(served)),
            ..Default::default()
        }],
        ..Default::default()
    };
    crate::catalog::sign_trust_manifest(&mut manifest, signer)?;
    entry.trust_manifest = Some(manifest);
    Ok(())
}
