//! [`CardHandle`]: replaces the served card while requests keep flowing.

use std::sync::Arc;
use std::time::SystemTime;

use super::card_build::{checked_card_set, dated_after};
use super::error::BuildError;
use super::route::check_tenant_name;
use super::state::{LayerState, SwapDates};
use crate::AgentCard;
use crate::http_headers::path::canonical_segment;

/// Replaces the card a layer serves, atomically. The new card is checked first; a card with
/// errors is refused (with every diagnostic) and the old card keeps serving. A response is
/// always built from one card: its body and its ETag never come from two different cards.
///
/// A new card's `Last-Modified` is later than every date sent for the cards it replaced (so
/// `If-Modified-Since` never calls it current by mistake) and never later than now: a card
/// replacing another within the second of that one's date is sent without `Last-Modified`
/// (clients revalidate it by its ETag).
///
/// ```
/// use a2a_card::serve::AgentCardLayer;
/// # let card = a2a_card::__doctest::example_card();
/// let layer = AgentCardLayer::builder(card.clone()).build()?;
/// let handle = layer.handle();
/// let before = handle.etag();
///
/// let mut newer = card.clone();
/// newer.version = "2.2.0".into();
/// handle.replace(newer)?;
/// assert_ne!(handle.etag(), before);
///
/// let mut broken = card;
/// broken.name.clear();
/// assert!(handle.replace(broken).is_err());
/// assert_eq!(handle.card().version, "2.2.0"); // still the last good card
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone)]
pub struct CardHandle {
    state: Arc<LayerState>,
}

impl CardHandle {
    pub(crate) fn new(state: Arc<LayerState>) -> Self {
        CardHandle { state }
    }

    /// The layer's state, for the batch updates of `tenants.rs`.
    pub(super) fn state(&self) -> &LayerState {
        &self.state
    }

    /// Serves `card` from now on. It has no `Last-Modified` unless the layer was built with
    /// [`last_modified_build_time`](super::AgentCardLayerBuilder::last_modified_build_time)
    /// (then the time of this swap): a date taken from this process's clock is not one other
    /// replicas would send. To date it, use [`replace_modified_at`](Self::replace_modified_at).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).build()?.handle();
    /// handle.replace(card)?;
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn replace(&self, card: AgentCard) -> Result<(), BuildError> {
        self.swap(None, card, None)
    }

    /// Serves `card` from now on, last modified at `modified` (e.g. its file's mtime; none
    /// when the layer was built
    /// [`without_last_modified`](super::AgentCardLayerBuilder::without_last_modified)).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).build()?.handle();
    /// handle.replace_modified_at(card, std::time::SystemTime::UNIX_EPOCH)?;
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn replace_modified_at(
        &self,
        card: AgentCard,
        modified: SystemTime,
    ) -> Result<(), BuildError> {
        self.swap(None, card, Some(modified))
    }

    /// Serves `card` for `tenant` from now on (adding the tenant if it is new). The name has
    /// one spelling, as with
    /// [`AgentCardLayerBuilder::tenant`](super::AgentCardLayerBuilder::tenant): `%41` for `A`
    /// or lower-case hex is refused ([`BuildError::NonCanonicalTenant`]). Dated as
    /// [`replace`](Self::replace) dates a card: none unless the layer dates swaps by the clock.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).build()?.handle();
    /// handle.replace_tenant("acme", card)?;
    /// assert!(handle.tenant_card("acme").is_some());
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn replace_tenant(&self, tenant: &str, card: AgentCard) -> Result<(), BuildError> {
        check_tenant_name(tenant)?;
        self.swap(Some(tenant), card, None)
    }

    /// The card being served.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card).build()?.handle();
    /// assert_eq!(handle.card().version, "2.1.0");
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn card(&self) -> Arc<AgentCard> {
        Arc::new(self.state.published.load().main.card())
    }

    /// The card being served and its ETag, read together (two separate calls could straddle a
    /// swap).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card).build()?.handle();
    /// let (card, etag) = handle.card_and_etag();
    /// assert_eq!(etag, handle.etag());
    /// # let _ = card;
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn card_and_etag(&self) -> (Arc<AgentCard>, String) {
        let published = self.state.published.load();
        let etag = String::from_utf8_lossy(published.main.v10.etag().as_bytes()).into_owned();
        (Arc::new(published.main.card()), etag)
    }

    /// Stops serving a tenant's card (its requests then reach the inner service). True when
    /// the tenant was served.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).tenant("acme", card).build()?.handle();
    /// assert!(handle.remove_tenant("acme"));
    /// assert!(handle.tenant_card("acme").is_none());
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn remove_tenant(&self, tenant: &str) -> bool {
        // `%41` names tenant `A`, as in requests.
        let tenant = &*canonical_segment(tenant);
        let removed = self.state.publish(|current| {
            let mut tenants = current.tenants.clone();
            tenants.remove(tenant)?;
            Some((current.main.clone(), tenants, ()))
        });
        match removed {
            Ok(removed) => removed.is_some(),
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "tenant removal refused");
                false
            }
        }
    }

    /// Serves `card` for `tenant`, last modified at `modified`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).build()?.handle();
    /// handle.replace_tenant_modified_at("acme", card, std::time::SystemTime::UNIX_EPOCH)?;
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn replace_tenant_modified_at(
        &self,
        tenant: &str,
        card: AgentCard,
        modified: SystemTime,
    ) -> Result<(), BuildError> {
        check_tenant_name(tenant)?;
        self.swap(Some(tenant), card, Some(modified))
    }

    /// A tenant's card, if that tenant is served (named in any spelling: `%41` is `A`).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card).build()?.handle();
    /// assert!(handle.tenant_card("nobody").is_none());
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn tenant_card(&self, tenant: &str) -> Option<Arc<AgentCard>> {
        let published = self.state.published.load();
        published
            .tenants
            .get(&*canonical_segment(tenant))
            .map(|set| Arc::new(set.card()))
    }

    /// The ETag served for the card's v1.0 JSON right now, quotes included: the ETag of the
    /// identity bytes (a gzip or brotli response carries the ETag of its own bytes).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card).build()?.handle();
    /// assert!(handle.etag().starts_with('"'));
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn etag(&self) -> String {
        let published = self.state.published.load();
        String::from_utf8_lossy(published.main.v10.etag().as_bytes()).into_owned()
    }

    /// The AI Catalog served right now (feature `catalog`), if the layer serves one.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card).build()?.handle();
    /// assert!(handle.catalog().is_none()); // no catalog configured
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    #[cfg(feature = "catalog")]
    pub fn catalog(&self) -> Option<Arc<crate::catalog::AiCatalog>> {
        let published = self.state.published.load();
        let set = published.catalog.as_ref()?;
        Some(Arc::new(set.catalog(&published.main, &published.tenants)))
    }

    fn swap(
        &self,
        tenant: Option<&str>,
        card: AgentCard,
        modified: Option<SystemTime>,
    ) -> Result<(), BuildError> {
        let state = &*self.state;
        let modified = match state.swap_dates {
            SwapDates::Never => None,
            SwapDates::Given => modified,
            SwapDates::Clock => Some(modified.unwrap_or_else(SystemTime::now)),
        };
        let mut set = match checked_card_set(&state.settings, tenant, card, modified) {
            Ok(set) => set,
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "card replacement refused");
                return Err(error);
            }
        };
        let replaced = state.publish(|current| {
            let previous = match tenant {
                None => Some(&current.main),
                Some(tenant) => current.tenants.get(tenant),
            };
            if let Some(previous) = previous {
                if previous.v10.etag() == set.v10.etag() {
                    // Same bytes: nothing changed, and Last-Modified must not move either.
                    return None;
                }
                // New bytes must never look older than (or as old as) any sent before, or a
                // client revalidating with If-Modified-Since would keep the old card. Files
                // copied with their times kept, or saved twice in one second, do exactly
                // that. Nor may a date be later than now (RFC 9110 §8.8.2.1). See
                // `dated_after`.
                set = dated_after(&state.settings, tenant, previous, set);
            }
            let mut tenants = current.tenants.clone();
            let main = match tenant {
                None => set,
                Some(tenant) => {
                    tenants.insert(tenant.to_owned(), set);
                    current.main.clone()
                }
            };
            Some((main, tenants, ()))
        });
        match replaced {
            Ok(Some(())) => {}
            Ok(None) => return Ok(()),
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "card replacement refused");
                return Err(error);
            }
        }
        tracing::info!(target: "a2a_card", tenant, "agent card replaced");
        Ok(())
    }
}
