//! The authenticated extended card (A2A §13.3, §9.4.8): routes derived from the public
//! card's interfaces, the card's own security requirements enforced, skills filtered per
//! caller.
//!
//! Routes, from each `supportedInterfaces[].url` path `P` of the public card: every path a
//! backend could route to an extended card.
//! - REST, under every HTTP interface path (JSON-RPC and HTTP+JSON alike, whatever version
//!   each declares: SDKs serve both versions' routes, and some mount JSON-RPC and REST at one
//!   prefix): `GET P/extendedAgentCard` and `GET P/v1/card` (the v0.3 rendering), each also
//!   with a tenant segment after `P`, before it (the Python SDK mounts its REST routes under
//!   `/{tenant}` too) or both;
//! - JSONRPC: a `POST P` whose method is `GetExtendedAgentCard` (v1.0) or
//!   `agent/getAuthenticatedExtendedCard` (v0.3) is answered with a JSON-RPC result; any
//!   other call passes to the inner service with its body byte for byte (the layer reads at
//!   most [`DEFAULT_JSONRPC_PEEK`](crate::body::DEFAULT_JSONRPC_PEEK) bytes to learn the method,
//!   within the deadline of its [`peek`](ExtendedCardLayerBuilder::peek) settings when one
//!   is set, else 408). The
//!   method is read the way the most lenient JSON reader would; a call whose method cannot
//!   be told (larger than the peek, compressed, unreadable) must meet the card's security
//!   by default ([`UndecidedCall`]).
//! - gRPC (feature `grpc`, A2A §10): a call to `lf.a2a.v1.A2AService/GetExtendedAgentCard`,
//!   after any path prefix and whether or not the card declares a GRPC interface (a gRPC
//!   server may answer on the port of the HTTP ones), is answered with the proto's
//!   `AgentCard` message, built with each view like the JSON bytes; credentials are read from
//!   the call's metadata (HTTP/2 headers) as the card's schemes say; refusals and errors are
//!   gRPC statuses (UNAUTHENTICATED, PERMISSION_DENIED, FAILED_PRECONDITION with the A2A
//!   ErrorInfo). The service's other methods pass on untouched; a method the service does not
//!   define, and v0.3's `a2a.v1.A2AService/GetAgentCard` (v0.3's extended card, whose message
//!   the layer does not write), are undecided ([`UndecidedCall`]); a spelling that is either
//!   extended-card method only to a lenient server is refused (UNIMPLEMENTED).
//!
//! Authentication comes first: an anonymous caller gets 401 (or 403 without the scopes)
//! whether or not an extended card exists, and a 401 is never turned into a 304. After it,
//! the card is served from prebuilt bytes with a strong ETag, `Cache-Control: private,
//! no-cache` and `Vary` naming the credential headers; conditional GET works. Skills whose
//! own `securityRequirements` the caller does not meet are left out; each distinct set of
//! visible skills is built once and kept (up to 64 sets).
//!
//! ```
//! use a2a_card::extended::ExtendedCardLayer;
//! use a2a_card::security::{ApiKeys, CardSecurity};
//! use a2a_card::AgentCard;
//! use tower::{Layer, ServiceExt};
//!
//! let public = AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json")))?;
//! let mut extended = public.clone();
//! extended.description.push_str(" Partners also see the fleet skills.");
//! let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1-7f3a9c"])?).build()?;
//! let app = ExtendedCardLayer::builder(&public, security)
//!     .extended_card(extended)
//!     .build()?
//!     .layer(tower::service_fn(|_req: http::Request<a2a_card::extended::RequestBody<String>>| async {
//!         Ok::<_, std::convert::Infallible>(http::Response::new(String::from("the agent")))
//!     }));
//!
//! # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
//! // The example card's HTTP+JSON interface is https://routes.example.com/a2a/rest.
//! let anonymous = http::Request::get("/a2a/rest/extendedAgentCard").body(String::new())?;
//! assert_eq!(run(app.clone().oneshot(anonymous))?.status(), 401);
//! let partner = http::Request::get("/a2a/rest/extendedAgentCard")
//!     .header("X-API-Key", "k1-7f3a9c")
//!     .body(String::new())?;
//! let response = run(app.oneshot(partner))?;
//! assert_eq!(response.status(), 200);
//! assert_eq!(response.headers()["cache-control"], "private, no-cache");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod body;
mod error;
mod future;
#[cfg(feature = "grpc")]
mod grpc;
mod layer;
mod policy;
mod responses;
mod routes;
mod service;
#[cfg(test)]
mod tests;
mod unimplemented;
mod variants;

#[cfg(feature = "fuzzing")]
pub(crate) use service::{CallTarget, call_target};

pub use body::RequestBody;
pub use error::ExtendedError;
pub use future::ResponseFuture;
pub use layer::{EXTENDED_CACHE_CONTROL, ExtendedCardLayer, ExtendedCardLayerBuilder};
pub use policy::UndecidedCall;
pub use service::ExtendedCardService;
pub use unimplemented::{UnimplementedAgent, UnimplementedFuture};
