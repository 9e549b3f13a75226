//! Serve an Agent Card from prebuilt bytes: a tower [`Layer`](tower::Layer) that answers
//! `GET /.well-known/agent-card.json` (and the legacy `/.well-known/agent.json`) in front of
//! any service, and passes every other request through untouched.
//!
//! Everything is built once per card, when the layer is built or the card is swapped: the
//! compact v1.0 JSON, its gzip and brotli encodings (feature `compression`, on by default), a
//! strong ETag for each (SHA-256 of exactly the bytes sent, so every replica sends the same
//! one), `Content-Type: application/a2a+json`, `Cache-Control` (`public, max-age=3600` by
//! default), `Content-Length`, and `Last-Modified` when the builder is given a date (none by
//! default: see [`AgentCardLayerBuilder::last_modified`]). A request only matches its path,
//! picks a content coding, compares validators and clones those values.
//!
//! - Methods: `GET`, `HEAD` (same headers, no body), `OPTIONS` (`Allow`, CORS preflight);
//!   anything else is `405` with `Allow: GET, HEAD, OPTIONS`.
//! - Conditional requests in the order of RFC 9110 §13.2.2: `If-Match` and
//!   `If-Unmodified-Since` give `412`; `If-None-Match` (weak comparison) and, when it is
//!   absent, `If-Modified-Since` give `304`. Malformed validators are ignored, never a 5xx.
//! - The legacy path: [`Legacy::Alias`] (default), [`Legacy::Redirect`] (308),
//!   [`Legacy::V03`] (a v0.3 rendering with its own ETag) or [`Legacy::Off`].
//! - CORS: `Access-Control-Allow-Origin: *` without credentials by default ([`Cors`]).
//! - A [`CardHandle`] swaps the card atomically; a card with errors is refused and the old
//!   one keeps serving.
//!
//! - Content codings (RFC 9110 §12.5.3): `Accept-Encoding` picks brotli (`br`), gzip (or
//!   `x-gzip`) or identity by weight, brotli then gzip then identity on equal weights; a
//!   coding is only offered when its bytes are smaller. Without the header, or when nothing
//!   offered is acceptable (even `identity;q=0`), the identity bytes are sent: RFC 9110 §12.1
//!   lets a server disregard a preference rather than answer 406, and a public card had better
//!   be readable. An encoded answer has `Content-Encoding`, the `Content-Length` and the ETag
//!   of the encoded bytes (never the identity's), and preconditions are evaluated against that
//!   ETag. Every GET and HEAD answer carries `Vary: Accept-Encoding` (merged into one `Vary`
//!   with `A2A-Version` and `Origin` when they apply). The bytes are deterministic (fixed
//!   levels, no timestamps): same crate versions and features, same bytes and ETags on every
//!   replica. [`AgentCardLayerBuilder::precompress`] turns this off.
//!
//! Place the layer outside any compression layer such as tower-http's `CompressionLayer`.
//! Inside one, the card's encoded answers pass untouched (tower-http leaves a response that
//! already has `Content-Encoding` alone) but its identity answers would be compressed again
//! under the identity bytes' strong ETag, and with `precompress(false)` every answer would.
//!
//! ```
//! use a2a_card::{serve::AgentCardLayer, AgentCard};
//! use http::{header, Request, Response, StatusCode};
//! use tower::{service_fn, Layer, ServiceExt};
//!
//! # tokio_test_block_on(async {
//! let card = AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json")))?;
//! let app = AgentCardLayer::builder(card).build()?.layer(service_fn(|_req: Request<String>| async {
//!     Ok::<_, std::convert::Infallible>(Response::new(String::from("the agent")))
//! }));
//!
//! let request = Request::get("/.well-known/agent-card.json").body(String::new())?;
//! let response = app.clone().oneshot(request).await?;
//! assert_eq!(response.status(), StatusCode::OK);
//! assert_eq!(response.headers()[header::CONTENT_TYPE], "application/a2a+json");
//! let etag = response.headers()[header::ETAG].clone();
//!
//! // Revalidation: the same ETag back gives 304 and no body.
//! let request = Request::get("/.well-known/agent-card.json")
//!     .header(header::IF_NONE_MATCH, etag.clone())
//!     .body(String::new())?;
//! assert_eq!(app.clone().oneshot(request).await?.status(), StatusCode::NOT_MODIFIED);
//!
//! // A client that takes gzip gets the gzip bytes, under their own ETag.
//! let request = Request::get("/.well-known/agent-card.json")
//!     .header(header::ACCEPT_ENCODING, "gzip")
//!     .body(String::new())?;
//! let response = app.clone().oneshot(request).await?;
//! assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
//! assert_eq!(response.headers()[header::VARY], "Accept-Encoding");
//! assert_ne!(response.headers()[header::ETAG], etag);
//!
//! // Anything else reaches the inner service.
//! let request = Request::post("/a2a").body(String::from("{}"))?;
//! assert_eq!(app.oneshot(request).await?.status(), StatusCode::OK);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! # }).unwrap();
//! # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f)
//! # }
//! ```

mod answer;
mod card_build;
#[cfg(feature = "catalog")]
mod catalog_entry;
#[cfg(feature = "catalog")]
mod catalog_options;
#[cfg(feature = "catalog")]
mod catalog_set;
mod error;
mod forwarded;
mod future;
mod handle;
mod layer;
mod options;
mod parallel;
mod public_url;
mod representation;
mod route;
mod service;
mod settings;
mod state;
mod tenants;

#[cfg(feature = "catalog")]
pub use catalog_options::CatalogOptions;
pub use error::BuildError;
pub use forwarded::{
    InvalidProxyError, InvalidProxyHeadersError, ProxyHeaders, ProxyWarning, TrustedProxies,
};
pub use future::ResponseFuture;
pub use handle::CardHandle;
pub use layer::{AgentCardLayer, AgentCardLayerBuilder};
pub use options::{Cors, Legacy};
pub use parallel::parallel_map;
pub use public_url::{PublicUrl, PublicUrlError};
pub use route::{CANONICAL_PATH, LEGACY_PATH};
pub use service::AgentCardService;
pub use settings::DEFAULT_CACHE_CONTROL;
