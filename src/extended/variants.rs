//! The extended card as each caller may see it: skills whose own requirements the caller
//! does not meet are left out. Each distinct set of visible skills is built once (bytes and
//! ETag for v1.0 and for the v0.3 rendering) and kept, up to a bound.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::request::Parts;
use http::HeaderValue;

use crate::protocol::{ExtendedCardOperation, ProtocolVersion};
use crate::security::{CardSecurity, Verdicts};
use crate::serve::strong_etag;
use crate::{AgentCard, SecurityRequirement};

/// How many distinct visible-skill sets are kept; beyond this, variants are built per
/// request (correct, just slower) so memory stays bounded whatever callers do.
const MAX_CACHED_VARIANTS: usize = 64;

/// Bytes and ETag of one rendering.
#[derive(Debug)]
pub(crate) struct Prebuilt {
    pub(crate) body: Bytes,
    pub(crate) etag: HeaderValue,
}

impl Prebuilt {
    fn new(body: Vec<u8>) -> Self {
        Prebuilt {
            etag: strong_etag(&body),
            body: Bytes::from(body),
        }
    }
}

/// One visible-skill set's renderings.
#[derive(Debug)]
pub(crate) struct Variant {
    v1_0: Prebuilt,
    v0_3: Prebuilt,
}

impl Variant {
    /// The rendering in the version of the operation asked for.
    pub(crate) fn rendering(&self, operation: ExtendedCardOperation) -> &Prebuilt {
        match operation.version() {
            ProtocolVersion::V0_3 => &self.v0_3,
            _ => &self.v1_0,
        }
    }
}

/// The configured extended card and its cache of variants.
#[derive(Debug)]
pub(crate) struct ExtendedCard {
    card: AgentCard,
    skill_requirements: Vec<Vec<SecurityRequirement>>,
    cache: Mutex<HashMap<Vec<bool>, Arc<Variant>>>,
}

impl ExtendedCard {
    pub(crate) fn new(card: AgentCard) -> Self {
        let skill_requirements = card
            .skills
            .iter()
            .map(|s| s.security_requirements.clone())
            .collect();
        ExtendedCard {
            card,
            skill_requirements,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The variant for this caller. `verdicts` carries what the card-level check already
    /// verified, so no credential is checked twice.
    pub(crate) async fn for_caller(
        &self,
        security: &CardSecurity,
        request: &Parts,
        verdicts: &mut Verdicts,
    ) -> Arc<Variant> {
        let mut visible = Vec::with_capacity(self.skill_requirements.len());
        for requirements in &self.skill_requirements {
            let shown = requirements.is_empty()
                || security
                    .check_alternatives(requirements, request, verdicts)
                    .await
                    .is_ok();
            visible.push(shown);
        }
        self.variant(visible)
    }

    fn variant(&self, visible: Vec<bool>) -> Arc<Variant> {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(variant) = cache.get(&visible) {
            return variant.clone();
        }
        let variant = Arc::new(self.build(&visible));
        if cache.len() < MAX_CACHED_VARIANTS {
            cache.insert(visible, variant.clone());
        }
        variant
    }

    fn build(&self, visible: &[bool]) -> Variant {
        let mut card = self.card.clone();
        let mut shown = visible.iter();
        card.skills.retain(|_| *shown.next().unwrap_or(&false));
        let v0_3 = serde_json::to_vec(&card.to_v03().json).expect("a JSON value serializes");
        Variant {
            v1_0: Prebuilt::new(card.to_json_vec()),
            v0_3: Prebuilt::new(v0_3),
        }
    }
}
