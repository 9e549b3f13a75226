//! Many tenants at once: [`CardHandle::update_tenants`] and its shorthands build every changed
//! tenant's representations on all cores and publish them, with one catalog, in one step.
//!
//! Costs (see `benches/README.md` for the measured figures): a batch of `k` tenants on a layer
//! serving `n` does `k` card builds (validation, rendering, hashing, gzip and brotli, and each
//! card's catalog entry) spread over the cores, then one publish: a copy of the name table
//! (`n` pointers), and, with a catalog, one catalog (the `n` entries' bytes joined, then
//! precompressed). A swap of one tenant never rebuilds another tenant's bytes.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use super::card_build::{checked_card_set, dated_after};
use super::error::BuildError;
use super::handle::CardHandle;
use super::representation::CardSet;
use super::route::check_tenant_name;
use super::settings::Settings;
use super::state::SwapDates;
use crate::AgentCard;
use crate::http_headers::path::canonical_segment;

/// Checks and builds the card sets of many tenants on all cores; the first refusal (in the
/// order given) is the error. The workers take the tenants from `tenants` one at a time, so
/// only the cards being built are held besides those built (a caller's iterator may read
/// each card as it is taken).
pub(crate) fn build_tenant_sets<I>(
    settings: &Settings,
    tenants: I,
) -> Result<Vec<(String, Arc<CardSet>)>, BuildError>
where
    I: Iterator<Item = (String, AgentCard, Option<SystemTime>)> + Send,
{
    let source = Mutex::new((tenants.enumerate(), HashSet::new()));
    let failed = AtomicBool::new(false);
    let work = || {
        let mut done = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let (index, name, card, modified, repeated) = {
                let mut source = source.lock().unwrap_or_else(|p| p.into_inner());
                let Some((index, (name, card, modified))) = source.0.next() else {
                    break;
                };
                let repeated = !source.1.insert(name.clone());
                (index, name, card, modified, repeated)
            };
            let built = match repeated {
                true => Err(BuildError::DuplicateTenant(name.clone())),
                false => check_tenant_name(&name)
                    .and_then(|()| checked_card_set(settings, Some(&name), card, modified)),
            };
            if built.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            done.push((index, built.map(|set| (name, set))));
        }
        done
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut done = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut done = work();
        for other in others {
            done.extend(
                other
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
        }
        done
    });
    done.sort_unstable_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, built)| built).collect()
}

impl CardHandle {
    /// Adds or replaces many tenants' cards, and removes others, in one step: every new card
    /// is checked and built first (on all cores), then the cards and their catalog are
    /// published together, once. Readers see the tenants as they were before the call or as
    /// they are after it, never a mix. When any card is refused (or the catalog would be
    /// invalid) nothing changes and the error names the refusal found first. The cards are
    /// taken from `replace` as the cores are free to build them, so an iterator that reads
    /// each card when asked holds only those being built.
    ///
    /// Each card is dated by its own `modified` (e.g. its file's mtime), moved later when
    /// needed as with [`replace_tenant_modified_at`](Self::replace_tenant_modified_at); a
    /// card whose bytes did not change keeps its date. A name both replaced and removed is
    /// replaced. Gives how many tenants were removed.
    ///
    /// ```
    /// use std::time::SystemTime;
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).tenant("old", card.clone()).build()?.handle();
    /// let cards = ["a", "b", "c"].map(|name| (name.to_owned(), card.clone(), SystemTime::UNIX_EPOCH));
    /// let removed = handle.update_tenants(cards, ["old"])?;
    /// assert_eq!(removed, 1);
    /// assert!(handle.tenant_card("b").is_some() && handle.tenant_card("old").is_none());
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn update_tenants<R, N>(&self, replace: R, remove: N) -> Result<usize, BuildError>
    where
        R: IntoIterator<Item = (String, AgentCard, SystemTime)>,
        R::IntoIter: Send,
        N: IntoIterator,
        N::Item: AsRef<str>,
    {
        let state = self.state();
        let dated = state.swap_dates != SwapDates::Never;
        let replace = replace
            .into_iter()
            .map(|(name, card, modified)| (name, card, dated.then_some(modified)));
        let built = build_tenant_sets(&state.settings, replace).inspect_err(|error| {
            tracing::warn!(target: "a2a_card", %error, "tenant cards refused");
        })?;
        let replaced: HashSet<&str> = built.iter().map(|(name, _)| name.as_str()).collect();
        let remove: Vec<String> = remove
            .into_iter()
            .map(|name| canonical_segment(name.as_ref()).into_owned())
            .filter(|name| !replaced.contains(name.as_str()))
            .collect();
        let settings = &state.settings;
        let published = state
            .publish(|current| {
                let mut tenants: HashMap<String, Arc<CardSet>> = current.tenants.clone();
                let mut removed = 0;
                for name in &remove {
                    removed += usize::from(tenants.remove(name).is_some());
                }
                let mut changed = removed > 0;
                for (name, set) in built {
                    let set = match current.tenants.get(&name) {
                        // Same bytes: nothing changed, and Last-Modified must not move either.
                        Some(previous) if previous.v10.etag() == set.v10.etag() => continue,
                        Some(previous) => dated_after(settings, Some(&name), previous, set),
                        None => set,
                    };
                    tenants.insert(name, set);
                    changed = true;
                }
                changed.then(|| (current.main.clone(), tenants, removed))
            })
            .inspect_err(
                |error| tracing::warn!(target: "a2a_card", %error, "tenant cards refused"),
            )?;
        let Some(removed) = published else {
            return Ok(0);
        };
        tracing::info!(target: "a2a_card", removed, "tenant cards replaced");
        Ok(removed)
    }

    /// Adds or replaces many tenants' cards in one step, each dated by its own time (see
    /// [`update_tenants`](Self::update_tenants)): the way to start with thousands of tenants,
    /// in time linear in their number.
    ///
    /// ```
    /// use std::time::SystemTime;
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).build()?.handle();
    /// handle.replace_tenants((0..100).map(|i| (format!("t{i}"), card.clone(), SystemTime::UNIX_EPOCH)))?;
    /// assert!(handle.tenant_card("t99").is_some());
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn replace_tenants<R>(&self, tenants: R) -> Result<(), BuildError>
    where
        R: IntoIterator<Item = (String, AgentCard, SystemTime)>,
        R::IntoIter: Send,
    {
        self.update_tenants(tenants, std::iter::empty::<&str>())
            .map(drop)
    }

    /// Stops serving these tenants, in one step; gives how many were served.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let handle = a2a_card::serve::AgentCardLayer::builder(card.clone()).tenant("a", card.clone()).tenant("b", card).build()?.handle();
    /// assert_eq!(handle.remove_tenants(["a", "b", "c"]), 2);
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn remove_tenants<N>(&self, tenants: N) -> usize
    where
        N: IntoIterator,
        N::Item: AsRef<str>,
    {
        self.update_tenants(std::iter::empty(), tenants)
            .unwrap_or_else(|error| {
                tracing::warn!(target: "a2a_card", %error, "tenant removal refused");
                0
            })
    }
}
