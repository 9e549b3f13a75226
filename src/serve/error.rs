//! Why a layer could not be built or a card could not be swapped in.

use crate::Diagnostic;

/// A card, a setting or a tenant that cannot be served. Nothing is served from a failed
/// build, and a failed replacement leaves the previous card serving.
///
/// ```
/// use a2a_card::serve::{AgentCardLayer, BuildError};
/// let mut card = a2a_card::__doctest::example_card();
/// card.name.clear();
/// let err = AgentCardLayer::builder(card).build().unwrap_err();
/// assert!(matches!(err, BuildError::InvalidCard { .. }));
/// assert!(err.to_string().contains("/name"), "{err}");
/// ```
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The card has errors; every one of them is listed.
    #[error("{} has {} error(s) and is not served:{}", card_name(tenant), diagnostics.len(), list(diagnostics))]
    InvalidCard {
        /// `None` for the default card, else the tenant whose card it is.
        tenant: Option<String>,
        /// The diagnostics with severity error (warnings do not stop a card).
        diagnostics: Vec<Diagnostic>,
    },
    /// A configured header value cannot be sent (control characters, non-ASCII...).
    #[error("the {header} value {value:?} cannot be sent as an HTTP header value")]
    InvalidHeader {
        /// The header's name.
        header: &'static str,
        /// The value given, escaped.
        value: String,
    },
    /// The mount prefix is not a plain absolute path.
    #[error(
        "mount prefix {0:?} must be an absolute path such as \"/agents/travel\" (no query, no empty or '..' segments)"
    )]
    InvalidPrefix(String),
    /// A tenant name is not a single plain path segment (a dot segment, encoded or not, or
    /// one holding an encoded `/`, `\`, `%` or control character is not).
    #[error(
        "tenant {0:?} must be a single path segment such as \"acme\" (no '/' or '\\', encoded or not; no spaces; not '.' or '..', encoded or not)"
    )]
    InvalidTenant(String),
    /// A tenant name that RFC 3986 §6.2.2 spells another way too, and names must have one
    /// spelling: an escape of an unreserved character (`%41` for `A`, `%2D` for `-`, `%7E`
    /// for `~`; letters, digits, `-`, `.`, `_`, `~`, §2.3), or an escape in lower-case hex
    /// (`%c3%a9` for `%C3%A9`). `canonical` is the spelling to use.
    #[error(
        "tenant {name:?} is the same URI path segment as {canonical:?} (RFC 3986 §6.2.2: an encoded letter, digit, '-', '.', '_' or '~' is that character, and percent-encodings are not case-sensitive); a tenant name has one spelling: name it {canonical:?}"
    )]
    NonCanonicalTenant {
        /// The name given.
        name: String,
        /// Its one spelling.
        canonical: String,
    },
    /// The card could not be signed.
    #[cfg(feature = "sign")]
    #[error("the card could not be signed: {0}")]
    Sign(#[from] crate::sign::SignError),
    /// The card arrived signed and no signature verifies with the trusted keys.
    #[cfg(feature = "sign")]
    #[error("the card's signatures do not verify, so it is not served: {0}")]
    Signature(#[from] crate::sign::VerifyError),
    /// The AI Catalog of the cards would have errors (two cards with one identifier...).
    #[cfg(feature = "catalog")]
    #[error("the AI Catalog of the cards has {} error(s) and is not served:{}", .0.len(), list(.0))]
    InvalidCatalog(Vec<Diagnostic>),
    /// The catalog options cannot give every entry what it needs.
    #[cfg(feature = "catalog")]
    #[error("the AI Catalog cannot be built: {0}")]
    CatalogSetting(String),
    /// The card arrived signed, and its interface URLs at these pointers point at the agent
    /// itself, so the [public URL](super::PublicUrl) would rewrite them and the signature
    /// would no longer verify. Sign the card with its public URLs, or leave it unsigned and
    /// let the layer sign the rebased card.
    #[error("{} arrived signed, but its interface URLs at {} point at the agent itself and the public URL would rewrite them, breaking the signature; sign the card with its public URLs, or serve it unsigned and sign the rebased card (a signing key on the layer)", card_name(tenant), pointers.join(", "))]
    SignedCardRebased {
        /// `None` for the default card, else the tenant whose card it is.
        tenant: Option<String>,
        /// The JSON pointers of the URLs that would change.
        pointers: Vec<String>,
    },
    /// The same tenant was given twice to the builder.
    #[error("tenant {0:?} is given twice")]
    DuplicateTenant(String),
}

fn card_name(tenant: &Option<String>) -> String {
    match tenant {
        Some(tenant) => format!("the card of tenant {tenant:?}"),
        None => "the agent card".to_owned(),
    }
}

fn list(diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(|d| format!("\n  {d}")).collect()
}

debug_as_display!(BuildError);
