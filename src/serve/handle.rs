//! [`CardHandle`]: replaces the served card while requests keep flowing.

use std::sync::Arc;
use std::time::SystemTime;

use super::error::BuildError;
use super::representation::CardSet;
use super::respond::{Published, Shared, SwapDates};
use super::settings::{Settings, canonical_segment, check_tenant_name};
use crate::{AgentCard, validate::Profile};

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
    shared: Arc<Shared>,
}

impl CardHandle {
    pub(crate) fn new(shared: Arc<Shared>) -> Self {
        CardHandle { shared }
    }

    pub(super) fn shared(&self) -> &Shared {
        &self.shared
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
        Arc::new(self.shared.published.load().main.card())
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
        let published = self.shared.published.load();
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
        let shared = &self.shared;
        let _writer = shared
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let current = shared.published.load_full();
        if !current.tenants.contains_key(tenant) {
            return false;
        }
        let mut tenants = current.tenants.clone();
        tenants.remove(tenant);
        match Published::new(&shared.settings, current.main.clone(), tenants) {
            Ok(published) => shared.published.store(Arc::new(published)),
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "tenant removal refused");
                return false;
            }
        }
        true
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
        let published = self.shared.published.load();
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
        let published = self.shared.published.load();
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
        let published = self.shared.published.load();
        let set = published.catalog.as_ref()?;
        Some(Arc::new(set.catalog(&published.main, &published.tenants)))
    }

    fn swap(
        &self,
        tenant: Option<&str>,
        card: AgentCard,
        modified: Option<SystemTime>,
    ) -> Result<(), BuildError> {
        let shared = &self.shared;
        let modified = match shared.swap_dates {
            SwapDates::Never => None,
            SwapDates::Given => modified,
            SwapDates::Clock => Some(modified.unwrap_or_else(SystemTime::now)),
        };
        let mut set = match checked_card_set(&shared.settings, tenant, card, modified) {
            Ok(set) => set,
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "card replacement refused");
                return Err(error);
            }
        };
        // Readers never wait: they keep the old `Published` until they load the new one.
        let _writer = shared
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let current = shared.published.load_full();
        let previous = match tenant {
            None => Some(&current.main),
            Some(tenant) => current.tenants.get(tenant),
        };
        if let Some(previous) = previous {
            if previous.v10.etag() == set.v10.etag() {
                // Same bytes: nothing changed, and Last-Modified must not move either.
                return Ok(());
            }
            // New bytes must never look older than (or as old as) any sent before, or a
            // client revalidating with If-Modified-Since would keep the old card. Files
            // copied with their times kept, or saved twice in one second, do exactly that.
            // Nor may a date be later than now (RFC 9110 §8.8.2.1). See `dated_after`.
            set = super::tenants::dated_after(&shared.settings, tenant, previous, set);
        }
        let mut tenants = current.tenants.clone();
        let main = match tenant {
            None => set,
            Some(tenant) => {
                tenants.insert(tenant.to_owned(), set);
                current.main.clone()
            }
        };
        let published = match Published::new(&shared.settings, main, tenants) {
            Ok(published) => published,
            Err(error) => {
                tracing::warn!(target: "a2a_card", tenant, %error, "card replacement refused");
                return Err(error);
            }
        };
        // One store: the cards and their catalog change together.
        shared.published.store(Arc::new(published));
        tracing::info!(target: "a2a_card", tenant, "agent card replaced");
        Ok(())
    }
}

/// Checks a card and builds what serving it needs; refuses a card with errors.
pub(crate) fn checked_card_set(
    settings: &Settings,
    tenant: Option<&str>,
    card: AgentCard,
    last_modified: Option<SystemTime>,
) -> Result<Arc<CardSet>, BuildError> {
    let errors: Vec<_> = card
        .validate(Profile::Spec)
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    if !errors.is_empty() {
        return Err(BuildError::InvalidCard {
            tenant: tenant.map(str::to_owned),
            diagnostics: errors,
        });
    }
    let canonical = settings.canonical_path(tenant);
    let last_modified = last_modified.and_then(sendable_date);
    // One variant per origin of the trusted proxies, each rebased from the card as given.
    let mut variants = Vec::new();
    for origin in settings.forwarded.iter().flat_map(|f| &f.origins) {
        let origin = match &settings.public_url {
            Some(default) => origin.clone().with_internals_of(default),
            None => origin.clone(),
        };
        let card = rebased_onto(Some(&origin), tenant, card.clone())?;
        #[cfg(feature = "sign")]
        let card = signed(settings, card)?;
        let base = origin.parts().2;
        let set = CardSet::new(card, settings, &canonical, base, last_modified);
        variants.push(Arc::new(set));
    }
    let card = rebased(settings, tenant, card)?;
    #[cfg(feature = "sign")]
    let card = signed(settings, card)?;
    let base = settings.public_url.as_ref().map_or("", |url| url.parts().2);
    let mut set = CardSet::new(card, settings, &canonical, base, last_modified);
    set.variants = variants;
    Ok(Arc::new(set))
}

/// The card with its interface URLs rebased onto the public URL, when one is set; a card
/// that arrives signed and would change is refused (its signature covers the URLs).
fn rebased(
    settings: &Settings,
    tenant: Option<&str>,
    card: AgentCard,
) -> Result<AgentCard, BuildError> {
    rebased_onto(settings.public_url.as_ref(), tenant, card)
}

/// The card rebased onto `public` when given (see [`rebased`]).
fn rebased_onto(
    public: Option<&super::public_url::PublicUrl>,
    tenant: Option<&str>,
    mut card: AgentCard,
) -> Result<AgentCard, BuildError> {
    let Some(public) = public else {
        return Ok(card);
    };
    let signed = !card.signatures.is_empty();
    let changed = public.rebase_card(&mut card);
    if signed && !changed.is_empty() {
        return Err(BuildError::SignedCardRebased {
            tenant: tenant.map(str::to_owned),
            pointers: changed,
        });
    }
    Ok(card)
}

/// A card that arrives signed is served as it is (after its signatures verify, when a
/// verifier is set); an unsigned one is signed when a signer is set. Signing happens here,
/// once per card, so the bytes and the ETag are the same for every request; ES256, EdDSA and
/// RS256 signatures are deterministic, so replicas agree too.
#[cfg(feature = "sign")]
fn signed(settings: &Settings, card: AgentCard) -> Result<AgentCard, BuildError> {
    if !card.signatures.is_empty() {
        if let Some(verifier) = &settings.verifier {
            verifier.verify(&card)?;
        }
        return Ok(card);
    }
    match &settings.signer {
        Some(signer) => Ok(signer.sign(&card)?),
        None => Ok(card),
    }
}

/// A modification time as `Last-Modified` may carry it: never in the future (RFC 9110
/// §8.8.2.1 says to send the time of the response instead), and none at all before 1970,
/// which an HTTP date cannot express (a file's time can be anything).
fn sendable_date(time: SystemTime) -> Option<SystemTime> {
    if time < SystemTime::UNIX_EPOCH {
        return None;
    }
    Some(time.min(SystemTime::now()))
}
