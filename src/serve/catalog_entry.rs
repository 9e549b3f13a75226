//! One card's AI Catalog entry (features `serve` + `catalog`): built, signed and validated
//! once per card, and reused by every catalog built while that card is served.

use std::collections::BTreeSet;

use super::catalog_options::CatalogOptions;
use super::error::BuildError;
use super::route::canonical_path;
use super::settings::Settings;
use crate::AgentCard;
use crate::catalog::{A2A_AGENT_CARD_JSON, AiCatalog, CatalogEntry, Publisher};
use crate::validate::{DocumentKind, spec_errors};

/// One card's entry, built once per card (in parallel with the others) and reused by every
/// catalog built while that card is served: a swap of one tenant builds one part.
#[derive(Debug)]
pub(crate) struct EntryPart {
    /// The entry as serialized in the catalog (compact JSON).
    pub(super) json: Box<[u8]>,
    /// Its identifier and version: unique within the catalog.
    pub(super) identifier: Box<str>,
    pub(super) version: Option<Box<str>>,
    /// What the validator found in the entry alone (pointers under `/entries/0`).
    pub(super) errors: Vec<crate::Diagnostic>,
}

/// One card's entry: built, signed (Level 3, with the layer's signer: a trust manifest naming
/// the SHA-256 of the card bytes served) and validated on its own. `card` is the card as
/// served, `served` its v1.0 bytes.
pub(super) fn entry_part(
    settings: &Settings,
    options: &CatalogOptions,
    tenant: Option<&str>,
    card: &AgentCard,
    served: &[u8],
) -> Result<EntryPart, BuildError> {
    #[allow(unused_mut)]
    let mut entry = entry(settings, options, tenant, card)?;
    #[cfg(feature = "sign")]
    if let Some(signer) = &settings.signer {
        sign_entry(&mut entry, served, signer)?;
    }
    #[cfg(not(feature = "sign"))]
    let _ = served;
    let alone = AiCatalog::new(vec![entry]);
    let errors = spec_errors(&alone.to_value(), DocumentKind::AiCatalog);
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
    card: &AgentCard,
) -> Result<CatalogEntry, BuildError> {
    // The layer's public URL, when no base URL is given: where its paths are reachable.
    let public = settings.public_url.as_ref().map(|url| url.to_string());
    let url = options
        .base_url
        .as_ref()
        .or(public.as_ref())
        .map(|base| format!("{base}{}", canonical_path(&settings.prefix, tenant)));
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
