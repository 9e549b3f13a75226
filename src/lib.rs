//! # a2a-card
//!
//! Serve an A2A Agent Card the way clients and caches expect, from any tower stack: the card
//! from prebuilt bytes at `/.well-known/agent-card.json` (and the legacy `agent.json`) with
//! `application/a2a+json`, a strong ETag and RFC 9110 conditional requests; the
//! authenticated extended card, guarded by the security requirements the card itself
//! declares; and the card's model, validation, migration and signatures underneath.
//!
//! ```
//! use a2a_card::{serve::AgentCardLayer, AgentCard};
//! use axum::{routing::post, Router};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let card = AgentCard::from_json_str(r#"{
//!   "name": "Route Planner",
//!   "description": "Plans driving routes with live traffic and road closures.",
//!   "supportedInterfaces": [{"url": "http://127.0.0.1:8080/a2a/v1",
//!                            "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
//!   "version": "1.0.0",
//!   "capabilities": {},
//!   "defaultInputModes": ["text/plain"],
//!   "defaultOutputModes": ["application/json"],
//!   "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
//!               "tags": ["maps"], "examples": ["Drive from Lyon to Turin avoiding tolls"]}]
//! }"#)?; // or AgentCard::from_json_slice(&std::fs::read("agent-card.json")?)?
//! // The agent's own routes, as they are; the layer answers the card's paths before routing.
//! let app: Router = Router::new()
//!     .route("/a2a/v1", post(|body: String| async move { body }))
//!     .layer(AgentCardLayer::builder(card).build()?);
//! // axum::serve(tokio::net::TcpListener::bind("0.0.0.0:8080").await?, app).await?;
//! # let _ = app;
//! # Ok(())
//! # }
//! ```
//!
//! The three layers, each a module with `XLayer`, its builder, `XService` and
//! `ResponseFuture`, configured the same way (`XLayer::builder(...)`, settings, `.build()`):
//! `serve::AgentCardLayer` (the public card, catalog and tenants),
//! `extended::ExtendedCardLayer` (the extended card) and
//! `security::RequireCardSecurityLayer` (the card's requirements in front of any route).
//!
//! Underneath, with no feature: the typed v1.0 card model, which reads every card shape found
//! in the wild (v1.0, v0.3, three spellings of security requirements) without losing a field
//! ([`AgentCard`]); validation with JSON-pointer diagnostics ([`validate`], [`Code`]);
//! migration between v0.3 and v1.0 ([`migrate`]); pointers mapped back to the text
//! ([`validate::locate`]); and the A2A wire vocabulary ([`protocol`]: bindings, versions, the
//! extended-card operation, error codes, header names). One cargo feature per capability
//! ([features](#features): what each opens and brings in); the map of every public module and
//! its main types is [`guides::api`], and the
//! guides (serving, proxies, the extended card, signatures, catalogs, the audit) are the other
//! modules of [`guides`], their examples compiled as doc tests.
//!
//! The default features are `serve` and `compression`: the layer, no async runtime, no TLS
//! stack. An accept loop with deadlines, TLS termination and the auth file are the package
//! `a2a-card-server`; the `a2a-card` command line is the package `a2a-card-cli`.
//!
//! ## Validating a card
//!
//! ```
//! use a2a_card::{AgentCard, validate::Profile};
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
//!
//! ## Features
//!
//! Each cargo feature opens a module (or a part of one) and brings in the crates it needs;
//! what a feature turns on in turn is in its row. This table is the one place for it
//! (`tests/features_doc.rs` keeps it equal to `Cargo.toml`); [`guides::api`] maps each module
//! to its main types and its guide.
//!
//! | feature | opens | brings in |
//! |---|---|---|
//! | `default` | `serve` and `compression` | what those two bring in |
//! | `serve` | `serve` (`AgentCardLayer`), `body` (`ResponseBody`) | tower, sha2, httpdate, bytes, http-body, arc-swap, pin-project-lite, tracing |
//! | `compression` | gzip and brotli bytes of every representation in `serve` (and of the extended card, with `extended`); turns on `serve` | flate2, brotli (pure Rust) |
//! | `catalog` | `catalog` (AI Catalogs); with `serve`, the layer serves one; with `sign`, signed | sha2 |
//! | `auth` | `security` (`RequireCardSecurityLayer`, `CardSecurity`, the verifiers), `body` (`PeekSettings`, `BodyTimeout`, `BodyBudget`) | tower, sha2, bytes, http-body, pin-project-lite, tracing, subtle, base64 |
//! | `extended` | `extended` (`ExtendedCardLayer`); turns on `auth` and `serve` | nothing more |
//! | `sign` | `sign` (RFC 8785, JWS card signatures, keys, trust stores) | serde_json_canonicalizer, base64, p256, ed25519-dalek, rsa, getrandom |
//! | `jwt` | `security::jwt` (`JwtVerifier`, `JwtSigner`); turns on `auth` and `sign` | ring |
//! | `jwks-fetch` | key sets fetched by URL or discovery in `security::jwt`; turns on `jwt` and `client` | nothing more |
//! | `client` | `client` (`Client`, the one bounded HTTP(S) client; HTTP/1.1, and HTTP/2 with `Client::http2_only`) | bytes, tokio (no runtime), hyper-util, http-body-util, hyper, rustls, tokio-rustls, webpki-roots |
//! | `native-roots` | the system's CA store in `client`; turns on `client` | rustls-native-certs |
//! | `check` | `check` (`Audit`, the audit of a live agent, a GRPC interface's call included); turns on `client`, `sign`, `catalog`, `grpc` and `lint-injection` | httpdate, sha2 |
//! | `lint-injection` | in `validate`, the lints for instructions hidden in a card's text (A2A-W070 to A2A-W074, A2A-W076, A2A-W077) | unicode-security, unicode-script, unicode-normalization, unicode-properties |
//! | `mtls-subject` | `security::ClientCertificate::from_der`; turns on `auth` | webpki (rustls-webpki), rustls-pki-types |
//! | `grpc` | `protocol::grpc` (`GrpcStatus`, the spec's `AgentCard` and request messages); `extended` answers `GetExtendedAgentCard` over gRPC and `security` refuses gRPC calls with gRPC statuses; turns on `auth` | prost, prost-types, prost-reflect, base64 |
//! | `ci` | `ci` (`SarifLog`, GitHub Actions annotations) | nothing more |
//! | `fuzzing` | `__fuzz`, wrappers for the fuzz targets (not public API); turns on `jwt` and `extended` | nothing more |
//!
//! Without any feature: the card model, [`validate`], [`migrate`], [`protocol`],
//! [`bounded_file`] and [`guides`], on http, serde, serde_json and thiserror (and libc on Unix).
#![deny(missing_docs, unsafe_code, unreachable_pub)]
// docs.rs builds with --cfg docsrs: each item shows the cargo feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// Not public API: the card the documentation's examples load.
#[doc(hidden)]
pub mod __doctest;
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
pub mod bounded_file;
mod card;
#[cfg(feature = "catalog")]
pub mod catalog;
#[cfg(feature = "check")]
pub mod check;
#[cfg(feature = "ci")]
pub mod ci;
#[cfg(feature = "client")]
pub mod client;
mod diagnostic;
#[cfg(feature = "extended")]
pub mod extended;
// The docs/*.md pages as modules, their Rust blocks compiled as doc tests.
pub mod guides;
// The HTTP helpers below serve, extended and check: entity tags, HTTP dates, conditional
// requests, content codings, the canonical and lenient readings of a path, `Vary`.
#[cfg(any(feature = "serve", feature = "check"))]
mod http_headers;
// The JSON walk that keeps positions: `validate::locate`, duplicate names, the JSON-RPC peek.
mod json_scan;
pub mod migrate;
pub mod protocol;
#[cfg(feature = "auth")]
pub mod security;
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
pub use diagnostic::{Code, Diagnostic, Severity, pointer_push, terminal_safe};
