//! A card made ready to serve, at build and at every swap alike: checked (a card with errors
//! is refused), rebased onto the public URL and each trusted proxy's origin, signed or
//! verified, dated, and built into its representations.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::error::BuildError;
use super::public_url::PublicUrl;
use super::representation::CardSet;
use super::route::canonical_path;
use super::settings::Settings;
use crate::AgentCard;
use crate::validate::{DocumentKind, spec_errors};

/// Checks a card and builds what serving it needs; refuses a card with errors.
pub(crate) fn checked_card_set(
    settings: &Settings,
    tenant: Option<&str>,
    card: AgentCard,
    last_modified: Option<SystemTime>,
) -> Result<Arc<CardSet>, BuildError> {
    let errors = spec_errors(&card.to_value(), DocumentKind::Card);
    if !errors.is_empty() {
        return Err(BuildError::InvalidCard {
            tenant: tenant.map(str::to_owned),
            diagnostics: errors,
        });
    }
    let canonical = canonical_path(&settings.prefix, tenant);
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
    public: Option<&PublicUrl>,
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

/// `set`, replacing `previous`, dated as `CardHandle::replace_tenant_modified_at` dates a
/// swap: never older than (or as old as) any date sent for the cards before it, never later
/// than now (RFC 9110 §8.8.2.1; a card replacing another within the second of that one's date
/// gets no `Last-Modified`), and an undated card keeps the floor for the next.
pub(crate) fn dated_after(
    settings: &Settings,
    tenant: Option<&str>,
    previous: &CardSet,
    mut set: Arc<CardSet>,
) -> Arc<CardSet> {
    if let (Some(floor), Some(new)) = (previous.dated_up_to, set.v10.last_modified) {
        if new <= floor {
            let later = floor + Duration::from_secs(1);
            let date = (later <= SystemTime::now()).then_some(later);
            let canonical = canonical_path(&settings.prefix, tenant);
            let mut redated = set.redated(settings, &canonical, date);
            redated.dated_up_to = Some(date.unwrap_or(floor));
            set = Arc::new(redated);
        }
    }
    if let Some(fresh) = Arc::get_mut(&mut set) {
        if fresh.dated_up_to.is_none() {
            fresh.dated_up_to = previous.dated_up_to;
        }
    }
    set
}
