//! # a2a-card
//!
//! Make an A2A Agent Card correct, fast and safe to publish: a typed v1.0 card model that
//! reads every card shape found in the wild (v1.0, v0.3, three spellings of security
//! requirements) without losing a field, validation with JSON-pointer diagnostics, and
//! migration between v0.3 and v1.0 ([`migrate`]), pointers mapped back to the text
//! ([`validate::locate`]), and the A2A wire vocabulary ([`protocol`]: bindings,
//! versions, the extended-card operation, error codes, header names). On top of it, one
//! cargo feature each:
//!
//! - `serve`: [`serve::AgentCardLayer`], the card from prebuilt bytes with strong ETags and
//!   RFC 9110 conditional requests (no async runtime needed);
//! - `compression` (with `serve`): gzip and brotli bytes of every card representation, built
//!   with it and picked by `Accept-Encoding` (pure Rust: flate2 on miniz_oxide, brotli);
//! - `auth`: [`security`] (the card's own security requirements, enforced, as a layer for
//!   any route);
//! - `extended` (`auth` + `serve`): [`extended`] (the authenticated extended card);
//! - `sign`: [`sign`], RFC 8785 + detached JWS card signatures;
//! - `jwt`: JWT bearer tokens against a JWKS (`security::jwt`); `jwks-fetch` adds fetching
//!   key sets over HTTPS;
//! - `client`: [`client::Client`], the one bounded HTTP(S) client (deadlines, body cap,
//!   redirects, credential and destination policies); `native-roots` adds the system's CA
//!   store;
//! - `check`: [`check`], the audit of a live agent's card endpoints, as [`Diagnostic`]s;
//! - `mtls-subject`: [`security::ClientCertificate::from_der`] reads the certificate's
//!   common name;
//!
//! The default is `serve` and `compression`: the layer, no async runtime, no TLS stack. The `a2a-card`
//! command line is a separate package (`a2a-card-cli`, in the repository's `cli/` folder) that
//! parses arguments, prints, and starts the runtime for these features.
//!
//! ## Quick start
//!
//! ```
//! use a2a_card::{AgentCard, Profile};
//!
//! let card = AgentCard::from_json_slice(br#"{
//!   "name": "Route Planner",
//!   "description": "Plans driving routes with live traffic and road closures.",
//!   "supportedInterfaces": [{"url": "https://routes.example.com/a2a",
//!                            "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
//!   "version": "2.1.0",
//!   "capabilities": {"streaming": true},
//!   "defaultInputModes": ["text/plain"],
//!   "defaultOutputModes": ["application/json"],
//!   "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
//!               "tags": ["maps"], "examples": ["Drive from Lyon to Turin avoiding tolls"]}]
//! }"#)?;
//! let diagnostics = card.validate(Profile::Spec);
//! assert!(diagnostics.is_empty(), "{diagnostics:?}");
//! // Always v1.0 ProtoJSON, same bytes for the same card.
//! assert_eq!(card.to_json_vec(), AgentCard::from_json_slice(&card.to_json_vec())?.to_json_vec());
//! # Ok::<(), a2a_card::ReadError>(())
//! ```
#![deny(missing_docs, unsafe_code, unreachable_pub)]
// docs.rs builds with --cfg docsrs: each item shows the cargo feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// Not public API: wrappers over internal parsers for the fuzz targets in fuzz/.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod __fuzz;
#[macro_use]
mod macros;
// Base64url for card signatures and JWTs, with the padding rule said at each call.
#[cfg(feature = "sign")]
mod base64url;
#[cfg(any(feature = "serve", feature = "auth"))]
pub mod body;
#[cfg(any(feature = "jwt", feature = "client"))]
mod bounded_file;
pub mod card;
#[cfg(feature = "catalog")]
pub mod catalog;
#[cfg(feature = "check")]
pub mod check;
#[cfg(feature = "client")]
pub mod client;
mod diagnostic;
#[cfg(feature = "extended")]
pub mod extended;
// The JSON walk that keeps positions: `validate::locate`, duplicate names, the JSON-RPC peek.
mod json_scan;
pub mod migrate;
pub mod protocol;
#[cfg(feature = "auth")]
pub mod security;
// Header parsers shared by the middleware and the audit.
#[cfg(any(feature = "serve", feature = "check"))]
mod http_headers;
#[cfg(feature = "serve")]
pub mod serve;
#[cfg(feature = "sign")]
pub mod sign;
pub mod validate;

pub use card::{
    AgentCapabilities, AgentCard, AgentCardSignature, AgentExtension, AgentInterface,
    AgentProvider, AgentSkill, ApiKeySecurityScheme, AuthorizationCodeOAuthFlow, CardVersion,
    ClientCredentialsOAuthFlow, DeviceCodeOAuthFlow, HttpAuthSecurityScheme, ImplicitOAuthFlow,
    MutualTlsSecurityScheme, OAuth2SecurityScheme, OAuthFlow, OAuthFlows,
    OpenIdConnectSecurityScheme, PasswordOAuthFlow, PointerMap, ReadCard, ReadError, SchemeKind,
    SecurityRequirement, SecurityScheme, StringList, V03Rendering,
};
pub use diagnostic::{pointer_push, Code, Diagnostic, Severity};
pub use validate::{validate_document, validate_value, DocumentKind, Profile, Report};
