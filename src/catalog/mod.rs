//! AI Catalogs: a JSON list of the AI artifacts a host offers (A2A agents, MCP servers,
//! datasets, other catalogs). Feature `catalog`.
//!
//! This module implements the **AI Catalog working draft of 2026-04-30**, `specVersion`
//! [`SPEC_VERSION`] (`"1.0"`): the model ([`AiCatalog`], [`CatalogEntry`], [`HostInfo`],
//! [`Publisher`], [`TrustManifest`]; every object keeps the members it does not know in
//! `extra`, so a catalog read and written again loses nothing), the media types
//! ([`AI_CATALOG_JSON`], [`A2A_AGENT_CARD_JSON`]), the well-known path ([`WELL_KNOWN_PATH`])
//! and link relation ([`LINK_RELATION`]). Validation is
//! [`validate_document`](crate::validate::validate_document) with
//! [`DocumentKind::AiCatalog`](crate::validate::DocumentKind::AiCatalog) (codes `A2A-E060`..`A2A-E069`,
//! `A2A-W060`..`A2A-W062`); nested catalogs given inline are followed up to
//! [`MAX_NESTING_DEPTH`] levels.
//!
//! With feature `sign`, trust manifests are signed and verified ([`sign_trust_manifest`],
//! [`verify_catalog`], [`CatalogVerification`]); a manifest verifies only on its own entry:
//! its `identity` must be the entry's `identifier` and its `publishedFrom` links' `sourceId`
//! the entry's `url` ([`CatalogEntry::manifest_mismatches`]; validation's A2A-E066 uses the
//! same comparison, [`identity_matches`]), so a signed manifest moved, swapped or copied onto
//! another entry is refused.
//!
//! With feature `serve`, [`AgentCardLayer`](crate::serve::AgentCardLayer) serves a catalog of
//! the cards it holds (see [`CatalogOptions`](crate::serve::CatalogOptions)).
//!
//! ```
//! use a2a_card::catalog::AiCatalog;
//! let catalog = AiCatalog::from_json_slice(br#"{"specVersion": "1.0", "entries": [
//!   {"identifier": "urn:example:a2a:research", "displayName": "Research Assistant",
//!    "mediaType": "application/a2a-agent-card+json",
//!    "url": "https://agents.example.com/.well-known/agent-card.json", "x-new": 1}]}"#)?;
//! assert_eq!(catalog.entries[0].display_name, "Research Assistant");
//! assert_eq!(catalog.entries[0].extra["x-new"], 1); // unknown members are kept
//! # Ok::<(), serde_json::Error>(())
//! ```

mod binding;
mod digest;
mod model;
#[cfg(feature = "sign")]
mod trust;
#[cfg(feature = "sign")]
mod verdict;

pub use binding::{ManifestMismatch, identity_matches, resolve_url, source_matches};
pub use digest::{digest_hex, sha256_source_digest};
pub use model::{
    AiCatalog, Attestation, CatalogEntry, HostInfo, ProvenanceLink, Publisher, TrustManifest,
    TrustSchema,
};

/// The `specVersion` this crate writes and checks against (the working draft of 2026-04-30).
pub const SPEC_VERSION: &str = "1.0";
#[cfg(feature = "sign")]
pub use trust::{
    ManifestError, sign_trust_manifest, trust_manifest_payload, verify_catalog,
    verify_trust_manifest,
};
#[cfg(feature = "sign")]
pub use verdict::{CatalogVerification, ManifestCheck};

/// The media type of an AI Catalog.
pub const AI_CATALOG_JSON: &str = "application/ai-catalog+json";
/// The media type the AI Catalog draft gives an A2A Agent Card entry. A2A itself serves the
/// card as `application/a2a+json` (A2A §14.1); see [`crate::serve::CatalogOptions`] for why
/// the entry names this one all the same.
pub const A2A_AGENT_CARD_JSON: &str = "application/a2a-agent-card+json";
/// Whether an entry's `mediaType` lists an A2A Agent Card: the draft's
/// [`A2A_AGENT_CARD_JSON`] or A2A's own [`A2A_JSON`](crate::protocol::A2A_JSON) (which the
/// catalog's validation warns about, A2A-W061), parameters and case ignored.
///
/// ```
/// use a2a_card::catalog::is_agent_card_media_type;
///
/// assert!(is_agent_card_media_type("application/a2a-agent-card+json"));
/// assert!(is_agent_card_media_type("Application/A2A+JSON; charset=utf-8"));
/// assert!(!is_agent_card_media_type("application/json"));
/// assert!(!is_agent_card_media_type("application/a2a+jsonx"));
/// ```
pub fn is_agent_card_media_type(media_type: &str) -> bool {
    let essence = media_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case(A2A_AGENT_CARD_JSON)
        || essence.eq_ignore_ascii_case(crate::protocol::A2A_JSON)
}
/// The well-known path of a host's catalog (RFC 8615).
pub const WELL_KNOWN_PATH: &str = "/.well-known/ai-catalog.json";
/// The link relation that points at a catalog (`Link: <...>; rel="ai-catalog"`).
pub const LINK_RELATION: &str = "ai-catalog";
/// How deep nested catalogs are followed (the draft RECOMMENDS 4).
pub const MAX_NESTING_DEPTH: usize = 4;
