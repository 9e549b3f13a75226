//! The extended card as each caller may see it: skills whose own requirements the caller
//! does not meet are left out. Skills with the same requirements come and go together, so a
//! view is one subset of the distinct requirement lists ("groups"). With up to
//! [`MAX_CACHED_VARIANTS`] views, all of them are built (bytes and ETag for v1.0 and for the
//! v0.3 rendering, signed when a signer is set, gzip and brotli too when precompression is on)
//! with the layer; beyond that, each view is built when first asked for and kept, up to the
//! bound.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::HeaderValue;
use http::request::Parts;

use super::error::ExtendedError;
use crate::http_headers::content_coding::Encodings;
use crate::http_headers::entity_tag::strong_etag;
use crate::protocol::{ExtendedCardOperation, ProtocolVersion};
use crate::security::{AuthFailure, CardSecurity, Verdicts};
use crate::{AgentCard, SecurityRequirement};

/// How many distinct views are kept; beyond this, views are built per request (correct,
/// just slower) so memory stays bounded whatever callers do.
const MAX_CACHED_VARIANTS: usize = 64;
/// With this many groups or fewer, every view is built with the layer (2^6 = 64 views).
const MAX_PREBUILT_GROUPS: usize = MAX_CACHED_VARIANTS.trailing_zeros() as usize;

/// Signs a view once, when it is built.
#[cfg(feature = "sign")]
pub(crate) type Signer = Arc<crate::sign::CardSigner>;
/// Without the `sign` feature there is nothing to sign with.
#[cfg(not(feature = "sign"))]
pub(crate) type Signer = std::convert::Infallible;

/// Bytes and ETag of one rendering in one content coding.
#[derive(Debug)]
pub(crate) struct Prebuilt {
    pub(crate) body: Bytes,
    pub(crate) etag: HeaderValue,
    /// `Content-Encoding`; `None` for the identity bytes.
    pub(crate) coding: Option<&'static str>,
}

/// A rendering in each content coding it is sent in (the identity only, for a JSON-RPC
/// result: its envelope carries the caller's id, so it cannot be encoded ahead).
pub(crate) type Rendering = Encodings<Prebuilt>;

fn rendering(body: Vec<u8>, precompress: bool) -> Rendering {
    Encodings::new(body, precompress, |body, coding| Prebuilt {
        etag: strong_etag(&body),
        body: Bytes::from(body),
        coding,
    })
}

/// One view's renderings.
#[derive(Debug)]
pub(crate) struct Variant {
    v1_0: Rendering,
    v0_3: Rendering,
    /// The v1.0 rendering as the proto's `AgentCard`, length-prefixed: the gRPC answer.
    /// `None` only if it does not read as the message, which the layer's build rules out for
    /// the whole card (and so for every view of it).
    #[cfg(feature = "grpc")]
    grpc: Option<Bytes>,
}

impl Variant {
    /// The rendering in the version of the operation asked for.
    pub(crate) fn rendering(&self, operation: ExtendedCardOperation) -> &Rendering {
        match operation.version() {
            ProtocolVersion::V0_3 => &self.v0_3,
            _ => &self.v1_0,
        }
    }

    /// The gRPC answer's message.
    #[cfg(feature = "grpc")]
    pub(crate) fn grpc(&self) -> Option<&Bytes> {
        self.grpc.as_ref()
    }
}

/// The views: all built with the layer, or built when asked for and kept up to the bound.
#[derive(Debug)]
enum Views {
    /// Indexed by the groups shown, as bits (group `i` is bit `i`).
    Prebuilt(Vec<Arc<Variant>>),
    Cached(Mutex<HashMap<Vec<bool>, Arc<Variant>>>),
}

/// The configured extended card and its views.
#[derive(Debug)]
pub(crate) struct ExtendedCard {
    card: AgentCard,
    /// The distinct non-empty requirement lists of the skills.
    groups: Vec<Vec<SecurityRequirement>>,
    /// Per skill, its group; `None` for a skill every caller of the card sees.
    skill_group: Vec<Option<usize>>,
    views: Views,
    /// Whether gzip and brotli bytes are built with each view that is kept.
    precompress: bool,
}

impl ExtendedCard {
    /// Groups the skills and, when there are few enough views, builds (and signs) them all.
    /// A signer with more views than can be built up front is refused: a view would then be
    /// signed per request.
    pub(crate) fn new(
        card: AgentCard,
        signer: Option<&Signer>,
        precompress: bool,
    ) -> Result<Self, ExtendedError> {
        let mut groups: Vec<Vec<SecurityRequirement>> = Vec::new();
        let skill_group = card
            .skills
            .iter()
            .map(|skill| {
                let requirements = &skill.security_requirements;
                if requirements.is_empty() {
                    return None;
                }
                Some(match groups.iter().position(|g| g == requirements) {
                    Some(index) => index,
                    None => {
                        groups.push(requirements.clone());
                        groups.len() - 1
                    }
                })
            })
            .collect();
        let mut extended = ExtendedCard {
            card,
            groups,
            skill_group,
            views: Views::Cached(Mutex::new(HashMap::new())),
            precompress,
        };
        if extended.groups.len() <= MAX_PREBUILT_GROUPS {
            let views = (0..1_usize << extended.groups.len())
                .map(|bits| {
                    let shown: Vec<bool> = (0..extended.groups.len())
                        .map(|i| bits & (1 << i) != 0)
                        .collect();
                    let card = sign(extended.view(&shown), signer)?;
                    Ok::<_, ExtendedError>(Arc::new(render(&card, precompress)))
                })
                .collect::<Result<_, _>>()?;
            extended.views = Views::Prebuilt(views);
        } else if signer.is_some() {
            return Err(ExtendedError::TooManySignedViews {
                groups: extended.groups.len(),
                max: MAX_PREBUILT_GROUPS,
            });
        }
        Ok(extended)
    }

    /// The view for this caller. `verdicts` carries what the card-level check already
    /// verified, so no credential is checked twice.
    pub(crate) async fn for_caller(
        &self,
        security: &CardSecurity,
        request: &Parts,
        verdicts: &mut Verdicts,
    ) -> Arc<Variant> {
        let mut shown = Vec::with_capacity(self.groups.len());
        for requirements in &self.groups {
            let met = security
                .check_alternatives(requirements, request, verdicts)
                .await
                .is_ok();
            shown.push(met);
        }
        match &self.views {
            Views::Prebuilt(views) => {
                let bits = shown
                    .iter()
                    .enumerate()
                    .fold(0, |bits, (i, &met)| bits | usize::from(met) << i);
                views[bits].clone()
            }
            Views::Cached(cache) => self.cached(cache, shown),
        }
    }

    /// Whether the caller meets the requirements of every skill that has its own, so that
    /// it would see every skill: for a call whose method the layer cannot read, which the
    /// agent behind might answer with the whole card. The first group the caller does not
    /// meet is the refusal (401 or 403, as for the card-level check).
    pub(crate) async fn check_every_skill(
        &self,
        security: &CardSecurity,
        request: &Parts,
        verdicts: &mut Verdicts,
    ) -> Result<(), AuthFailure> {
        for requirements in &self.groups {
            security
                .check_alternatives(requirements, request, verdicts)
                .await?;
        }
        Ok(())
    }

    fn cached(
        &self,
        cache: &Mutex<HashMap<Vec<bool>, Arc<Variant>>>,
        shown: Vec<bool>,
    ) -> Arc<Variant> {
        let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(variant) = cache.get(&shown) {
            return variant.clone();
        }
        // Never signed here: a signer with this many views is refused at build. Encoded only
        // when kept: a view past the bound is built for one request, and encoding it would
        // cost that request more than the bytes it saves.
        let keep = cache.len() < MAX_CACHED_VARIANTS;
        let variant = Arc::new(render(&self.view(&shown), self.precompress && keep));
        if keep {
            cache.insert(shown, variant.clone());
        }
        variant
    }

    /// The card showing the skills of every group in `shown` (and those without
    /// requirements). A view that leaves skills out drops the card's own signatures: they
    /// cover the whole card.
    fn view(&self, shown: &[bool]) -> AgentCard {
        let mut card = self.card.clone();
        let mut groups = self.skill_group.iter();
        card.skills
            .retain(|_| groups.next().is_some_and(|g| g.is_none_or(|g| shown[g])));
        if card.skills.len() != self.card.skills.len() {
            card.signatures.clear();
        }
        card
    }
}

/// A view's bytes and ETags, as served.
fn render(card: &AgentCard, precompress: bool) -> Variant {
    let v0_3 = serde_json::to_vec(&card.to_v03().json).expect("a JSON value serializes");
    let v1_0 = card.to_json_vec();
    #[cfg(feature = "grpc")]
    let grpc = proto_message(&v1_0).ok();
    Variant {
        v1_0: rendering(v1_0, precompress),
        v0_3: rendering(v0_3, precompress),
        #[cfg(feature = "grpc")]
        grpc,
    }
}

/// The card's JSON as the gRPC answer's length-prefixed `AgentCard`.
#[cfg(feature = "grpc")]
pub(crate) fn proto_message(json: &[u8]) -> Result<Bytes, crate::protocol::grpc::ProtoError> {
    use crate::protocol::grpc::{agent_card_to_proto, frame};
    let value: serde_json::Value = serde_json::from_slice(json).expect("the card's own JSON");
    agent_card_to_proto(&value).map(|message| frame(&message))
}

/// A view that carries no signature is signed, once, when it is built.
#[cfg(feature = "sign")]
fn sign(card: AgentCard, signer: Option<&Signer>) -> Result<AgentCard, ExtendedError> {
    match signer {
        Some(signer) if card.signatures.is_empty() => Ok(signer.sign(&card)?),
        _ => Ok(card),
    }
}

#[cfg(not(feature = "sign"))]
fn sign(card: AgentCard, signer: Option<&Signer>) -> Result<AgentCard, ExtendedError> {
    match signer {
        Some(never) => match *never {},
        None => Ok(card),
    }
}

#[cfg(test)]
#[path = "variants_tests.rs"]
mod tests;
