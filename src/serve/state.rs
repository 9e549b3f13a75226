//! What a layer, its services and its handles hold together: the settings, the cards being
//! served (swapped as a whole), and how a swapped card is dated.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arc_swap::ArcSwap;

use super::error::BuildError;
use super::representation::CardSet;
use super::settings::Settings;

/// The cards being served right now.
#[derive(Debug)]
pub(crate) struct Published {
    pub(crate) main: Arc<CardSet>,
    pub(crate) tenants: HashMap<String, Arc<CardSet>>,
    /// The AI Catalog of exactly these cards, built with them.
    #[cfg(feature = "catalog")]
    pub(crate) catalog: Option<Arc<super::catalog_set::CatalogSet>>,
}

impl Published {
    /// The cards to serve, and (when configured) their catalog, built in the same step.
    pub(crate) fn new(
        settings: &Settings,
        main: Arc<CardSet>,
        tenants: HashMap<String, Arc<CardSet>>,
    ) -> Result<Self, BuildError> {
        #[cfg(feature = "catalog")]
        let catalog = super::catalog_set::build_catalog(settings, &main, &tenants)?;
        #[cfg(not(feature = "catalog"))]
        let _ = settings;
        Ok(Published {
            main,
            tenants,
            #[cfg(feature = "catalog")]
            catalog,
        })
    }
}

/// The state of one layer, shared by the layer, every service it made and every handle.
#[derive(Debug)]
pub(crate) struct LayerState {
    pub(crate) settings: Settings,
    /// Swapped as a whole: a response is built from one `CardSet`, so its body and ETag
    /// always belong to the same card.
    pub(crate) published: ArcSwap<Published>,
    /// Serializes replacements so two concurrent swaps cannot lose one another's tenant.
    pub(crate) writer: Mutex<()>,
    /// Which `Last-Modified` a replaced card gets.
    pub(crate) swap_dates: SwapDates,
}

/// The cards to serve after a change: the main card, the tenants' cards, and what the change
/// tells its caller.
pub(crate) type Change<T> = (Arc<CardSet>, HashMap<String, Arc<CardSet>>, T);

impl LayerState {
    /// Publishes what `change` makes of the cards being served, as one step: under the
    /// writer lock (two swaps never lose one another's tenant), one store of the cards with
    /// the catalog built for exactly them. `change` sees the cards served now and returns
    /// `None` to leave them be (`Ok(None)`); a catalog that cannot be built refuses the whole
    /// change and the old cards keep serving. Readers never wait: they keep the old
    /// `Published` until they load the new one.
    pub(crate) fn publish<T>(
        &self,
        change: impl FnOnce(&Published) -> Option<Change<T>>,
    ) -> Result<Option<T>, BuildError> {
        let _writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let current = self.published.load_full();
        let Some((main, tenants, outcome)) = change(&current) else {
            return Ok(None);
        };
        let published = Published::new(&self.settings, main, tenants)?;
        self.published.store(Arc::new(published));
        Ok(Some(outcome))
    }
}

/// Which `Last-Modified` a card swapped in through the handle gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SwapDates {
    /// None (the builder asked for no `Last-Modified` at all).
    Never,
    /// The date given with the swap (`replace_modified_at`), else none: the default, so no
    /// replica invents a date another would not.
    Given,
    /// The date given with the swap, else the time of the swap (`last_modified_build_time`).
    Clock,
}
