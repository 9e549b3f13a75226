//! Why an extended-card layer could not be built.

use crate::Diagnostic;

/// A configuration that cannot serve the extended card safely.
///
/// ```
/// use a2a_card::extended::{ExtendedCardLayer, ExtendedError};
/// use a2a_card::security::{ApiKeys, CardSecurity};
/// # let card = a2a_card::__doctest::example_card();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// // The card says it has an extended card, but none is given.
/// let err = ExtendedCardLayer::builder(&card, security).build().unwrap_err();
/// assert!(matches!(err, ExtendedError::NotConfigured));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum ExtendedError {
    /// The public card declares `capabilities.extendedAgentCard: true` and no extended card
    /// was given.
    #[error(
        "the public card declares capabilities.extendedAgentCard but no extended card was given"
    )]
    NotConfigured,
    /// An extended card was given but the public card does not declare the capability, so
    /// no client would ask for it.
    #[error(
        "an extended card was given but the public card does not set capabilities.extendedAgentCard to true"
    )]
    NotDeclared,
    /// The extended card has errors.
    #[error("the extended card has {} error(s):{}", .0.len(), .0.iter().map(|d| format!("\n  {d}")).collect::<String>())]
    InvalidCard(Vec<Diagnostic>),
    /// The extended card does not read as the proto's `AgentCard` (ProtoJSON), which the
    /// gRPC answer is (feature `grpc`).
    #[cfg(feature = "grpc")]
    #[error("the extended card cannot be answered over gRPC: {0}")]
    NotProtobuf(crate::protocol::grpc::ProtoError),
    /// An interface URL has no path the layer can route (not an absolute http(s) URL).
    #[error(
        "{pointer}: {url:?} is not an absolute http(s) URL, so its extended-card route cannot be served"
    )]
    Unroutable {
        /// Where the interface is in the public card.
        pointer: String,
        /// The URL as declared.
        url: String,
    },
    /// The public card declares no JSONRPC or HTTP+JSON interface.
    #[error(
        "the public card declares no JSONRPC or HTTP+JSON interface, so there is no route for the extended card"
    )]
    NoRoutes,
    /// The extended card's skills require a scheme the
    /// [`CardSecurity`](crate::security::CardSecurity) cannot enforce: undeclared, without a
    /// verifier or a fitting one, or redefining a scheme of the public card (fail closed).
    #[error("the extended card's skills: {0}")]
    SkillSecurity(crate::security::SecurityError),
    /// [`ExtendedCardLayer::not_configured`](super::ExtendedCardLayer::not_configured) has no
    /// security to guard a card with, so it takes none.
    #[error(
        "an extended card was given to a not-configured layer, which has no security to guard it; use ExtendedCardLayer::builder with a CardSecurity"
    )]
    CardWithoutSecurity,
    /// A view of the extended card could not be signed.
    #[cfg(feature = "sign")]
    #[error("a view of the extended card could not be signed: {0}")]
    Sign(#[from] crate::sign::SignError),
    /// A signer was given, but the skills' requirements make more views than are built up
    /// front, so some would be signed per request.
    #[error(
        "the extended card's skills have {groups} distinct securityRequirements lists, more than the {max} whose views are signed once at build; give skills the same requirements, or do not sign the extended card"
    )]
    TooManySignedViews {
        /// Distinct requirement lists among the skills.
        groups: usize,
        /// The most that are signed up front.
        max: usize,
    },
    /// The extended card arrived signed, and the public URL would rewrite its interface URLs
    /// at these pointers, breaking the signature.
    #[error("the extended card arrived signed, but its interface URLs at {} point at the agent itself and the public URL would rewrite them, breaking the signature; sign it with its public URLs, or give it unsigned with a signing key on the layer", .0.join(", "))]
    SignedCardRebased(Vec<String>),
    /// The `Cache-Control` given would let shared caches keep a card meant for one caller.
    #[error(
        "Cache-Control {0:?} would let shared caches store the extended card; use private or no-store"
    )]
    PublicCacheControl(String),
}

debug_as_display!(ExtendedError);
