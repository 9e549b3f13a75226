//! Enforce the card's own security requirements: `securitySchemes` say how callers
//! authenticate, `securityRequirements` say which schemes (alternatives, each a set that must
//! all pass with their scopes) a request must meet. [`CardSecurity`] is built from the card
//! plus one [`Verifier`] per scheme name and refuses to build when a named scheme has no
//! verifier or the verifier does not fit the declared type: nothing is configured twice,
//! nothing can drift, and it fails closed.
//!
//! Verifiers: [`ApiKeys`] (header, query or cookie, exactly where the card says; constant
//! time), [`BasicUsers`] (HTTP Basic; constant time), [`Bearer`] with any [`TokenVerifier`]
//! (HTTP Bearer, OAuth 2.0, OpenID Connect), [`MutualTls`] (a [`ClientCertificate`] the TLS
//! acceptor put in the request), or your own type implementing [`Verifier`]. For JWT bearer
//! tokens checked against a JWKS (a file, a URL, or discovered from the card's OpenID
//! Connect or OAuth 2.0 metadata URL), see the `jwt` module (features `jwt` and `jwks-fetch`).
//!
//! Failures: 401 with a `WWW-Authenticate` challenge for each scheme of the requirements
//! (`error="invalid_token"` when a bearer token was given and failed), 403 with
//! `error="insufficient_scope"` and the scopes needed when the caller authenticated without
//! them. [`RequireCardSecurityLayer`] puts this in front of any route.
//!
//! ```
//! use a2a_card::security::{ApiKeys, BasicUsers, CardSecurity, RequireCardSecurityLayer};
//! use a2a_card::AgentCard;
//! use tower::{Layer, ServiceExt};
//!
//! let card = AgentCard::from_json_str(r#"{
//!   "name": "Route Planner", "description": "Plans driving routes with live traffic.",
//!   "supportedInterfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
//!   "version": "1.0.0", "capabilities": {},
//!   "securitySchemes": {
//!     "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}},
//!     "basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}
//!   },
//!   "securityRequirements": [{"schemes": {"key": {}}}, {"schemes": {"basic": {}}}],
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
//!   "skills": [{"id": "r", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}]
//! }"#)?;
//! let security = CardSecurity::builder(&card)
//!     .verifier("key", ApiKeys::new(["k1-7f3a9c"])?)
//!     .verifier("basic", BasicUsers::new(["alice:s3cret"])?)
//!     .build()?;
//! let app = RequireCardSecurityLayer::builder(security).build().layer(tower::service_fn(|_req: http::Request<String>| async {
//!     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("ok")))
//! }));
//!
//! # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
//! let anonymous = http::Request::get("/a2a").body(String::new())?;
//! assert_eq!(run(app.clone().oneshot(anonymous))?.status(), 401);
//! let with_key = http::Request::get("/a2a").header("X-API-Key", "k1-7f3a9c").body(String::new())?;
//! assert_eq!(run(app.oneshot(with_key))?.status(), 200);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod api_key;
mod authorization;
mod basic;
mod bearer;
#[cfg(feature = "mtls-subject")]
mod cert_subject;
mod error;
mod failure;
mod future;
#[cfg(feature = "jwt")]
pub mod jwt;
mod layer;
mod mtls;
mod requirements;
mod scheme_verifier;
mod service;

pub use api_key::ApiKeys;
pub use basic::BasicUsers;
pub use bearer::{Bearer, TokenError, TokenFuture, TokenVerifier};
pub use error::SecurityError;
pub use failure::{AuthFailure, ErrorStyle};
pub use future::ResponseFuture;
pub use layer::{RequireCardSecurityLayer, RequireCardSecurityLayerBuilder};
pub use mtls::{ClientCertificate, MutualTls};
#[cfg(feature = "extended")]
pub(crate) use requirements::Verdicts;
pub use requirements::{AuthContext, CardSecurity, CardSecurityBuilder};
pub use scheme_verifier::{Grant, Verdict, Verifier, VerifyFuture};
pub use service::RequireCardSecurityService;
