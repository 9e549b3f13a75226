//! The layer's fixed configuration: what the builder resolved, unchanged when a card is
//! replaced.

use http::HeaderValue;

use super::options::{CorsPolicy, Legacy};
use crate::http_headers::vary::vary;

/// The default `Cache-Control` of the public card.
pub const DEFAULT_CACHE_CONTROL: &str = "public, max-age=3600";

/// Resolved settings; they do not change when the card is replaced.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    pub(crate) content_type: HeaderValue,
    pub(crate) cache_control: HeaderValue,
    pub(crate) legacy: Legacy,
    pub(crate) negotiate_version: bool,
    pub(crate) cors: CorsPolicy,
    /// `""` or `/segments` without a trailing slash.
    pub(crate) prefix: String,
    /// Whether gzip and brotli bytes are built and offered (always false without the
    /// `compression` feature).
    pub(crate) precompress: bool,
    /// Interface URLs that point at the agent itself are rebased onto this when set.
    pub(crate) public_url: Option<super::public_url::PublicUrl>,
    /// Variants for the public origins trusted proxies name, when set.
    pub(crate) forwarded: Option<super::forwarded::TrustedProxies>,
    /// Cards are signed with this when set (at build and at every swap, never per request).
    #[cfg(feature = "sign")]
    pub(crate) signer: Option<std::sync::Arc<crate::sign::CardSigner>>,
    /// Cards that arrive signed must verify with this when set.
    #[cfg(feature = "sign")]
    pub(crate) verifier: Option<std::sync::Arc<crate::sign::CardVerifier>>,
    /// The AI Catalog of the cards, when one is served.
    #[cfg(feature = "catalog")]
    pub(crate) catalog: Option<super::catalog_options::CatalogOptions>,
}

impl Settings {
    /// `Vary` of a GET or HEAD answer: the request headers that chose what was sent
    /// (`negotiated`: the `A2A-Version` header, on the canonical path with negotiation on),
    /// the believed proxy headers last when trusted proxies choose variants.
    pub(crate) fn vary(&self, negotiated: bool) -> Option<HeaderValue> {
        let by_origin = matches!(self.cors, CorsPolicy::Origins(_));
        let forwarded = self.forwarded.as_ref().map(|f| f.family.vary_names());
        vary(&[
            (negotiated, "A2A-Version"),
            (by_origin, "Origin"),
            (self.precompress, "Accept-Encoding"),
            // Static names: always a header value.
            (forwarded.is_some(), forwarded.unwrap_or_default()),
        ])
    }
}
