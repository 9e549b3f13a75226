//! [`UndecidedCall`]: what the extended-card layer does with a JSON-RPC call whose method it
//! cannot tell.

/// What [`ExtendedCardLayer`](super::ExtendedCardLayer) does with a `POST` to one of its
/// JSON-RPC routes when it cannot tell whether the call is the extended-card method: the body
/// is larger than the peek ([`peek`](super::ExtendedCardLayerBuilder::peek), [`PeekSettings::max_bytes`](crate::body::PeekSettings::max_bytes)),
/// compressed (a `Content-Encoding` other than `identity`), or text that no JSON reader,
/// however lenient, reads the way the layer's tolerant walk does (single quotes, comments,
/// UTF-16, a truncated document, a second document after the first). An agent behind the
/// layer might still read `GetExtendedAgentCard` in such a body and answer it with the full
/// card, so the default fails closed.
///
/// The walk itself reads what lenient readers accept (`NaN`, `-Infinity`, `1e999`, any
/// nesting depth, lone surrogate escapes, raw control characters in strings, a byte order
/// mark, a trailing comma, repeated names: the call is the extended-card call when any
/// `method` member names it), so ordinary calls, odd ones included, are decided and pass on
/// as before.
///
/// ```
/// use a2a_card::extended::{ExtendedCardLayer, UndecidedCall};
/// use a2a_card::security::{ApiKeys, CardSecurity};
/// # let public = a2a_card::__doctest::example_card();
/// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// assert_eq!(UndecidedCall::default(), UndecidedCall::RequireSecurity);
/// // The agent's JSON-RPC route has RequireCardSecurityLayer of its own: let such calls through.
/// let layer = ExtendedCardLayer::builder(&public, security)
///     .extended_card(public.clone())
///     .undecided_call(UndecidedCall::PassThrough)
///     .build()?;
/// # let _ = layer;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum UndecidedCall {
    /// The default: the call must meet the card's security requirements and those of
    /// every skill that has its own `securityRequirements` (401 or 403 in JSON-RPC style
    /// otherwise), then reaches the agent byte for byte. The agent might read the call as
    /// the extended-card method and answer with every skill, so only a caller who would see
    /// every skill anyway may send a call the layer cannot read; the skill filtering holds
    /// on every call. Large calls from such callers (a message with a file part) keep
    /// working; a caller entitled to fewer skills sends its calls uncompressed and within
    /// the peek. Chosen over refusing every undecided call when skills have requirements:
    /// that would break large calls for every caller, the fully entitled ones included.
    #[default]
    RequireSecurity,
    /// Refuse the call: HTTP 400 with JSON-RPC error -32600 (Invalid Request), whoever sends
    /// it. The agent never sees a call the layer could not read.
    Refuse,
    /// Pass the call to the agent unauthenticated, as for any other method: for agents that
    /// guard their own JSON-RPC route with
    /// [`RequireCardSecurityLayer`](crate::security::RequireCardSecurityLayer) (or stricter).
    PassThrough,
}
