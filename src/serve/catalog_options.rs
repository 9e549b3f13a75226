//! [`CatalogOptions`]: what the layer puts in its AI Catalog (features `serve` + `catalog`).

use std::collections::HashMap;

use crate::catalog::{HostInfo, Publisher};

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

    /// The identifier of a card's entry: given, else prefix + tenant, else the card's URL.
    pub(super) fn identifier_of(&self, tenant: Option<&str>, url: Option<&str>) -> Option<String> {
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
