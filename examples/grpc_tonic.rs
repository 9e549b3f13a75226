//! The echo agent of `examples/official_sdk.rs` over gRPC: the official Rust SDK's gRPC
//! binding (`a2a-grpc`: `GrpcHandler` over the SDK's `DefaultRequestHandler`) served by
//! tonic as a tower service, with this crate's layers in front of it:
//! `ExtendedCardLayer` answers `GetExtendedAgentCard` itself (the card's requirement checked,
//! the card encoded as the proto's `AgentCard` once, when the layer is built), and
//! `RequireCardSecurityLayer` guards every other method of `lf.a2a.v1.A2AService`, refusing
//! with a gRPC status (`UNAUTHENTICATED`, the A2A reason in `grpc-status-details-bin`).
//! The card declares one GRPC interface and an API key sent as gRPC metadata `x-api-key`.
//!
//! ```text
//! cargo run --example grpc_tonic --features extended,jwt,grpc -- 127.0.0.1:50051
//! # An empty GetExtendedAgentCardRequest is five zero bytes framed; curl speaks h2c.
//! U=http://127.0.0.1:50051/lf.a2a.v1.A2AService/GetExtendedAgentCard
//! printf '\0\0\0\0\0' | curl -s --http2-prior-knowledge -H 'content-type: application/grpc' \
//!     --data-binary @- -D - -o /dev/null $U                       # grpc-status: 16
//! printf '\0\0\0\0\0' | curl -s --http2-prior-knowledge -H 'content-type: application/grpc' \
//!     -H 'x-api-key: grpc-demo-key' --data-binary @- -o card.bin $U  # the AgentCard, framed
//! ```
//!
//! `AGENT_API_KEYS` (comma separated) replaces the demo key. The server speaks HTTP/2 with
//! prior knowledge (h2c), as gRPC clients do on a plain-text channel.

use std::error::Error;
use std::sync::Arc;

// The echo agent and its card, as the SDK's own example spells them: the same executor
// behind another binding.
#[path = "official_sdk.rs"]
#[allow(dead_code)]
mod official_sdk;

use a2a::{AgentInterface, ApiKeySecurityScheme, SecurityScheme, TRANSPORT_PROTOCOL_GRPC};
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::security::{ApiKeys, CardSecurity, RequireCardSecurityLayer};
use a2a_grpc::GrpcHandler;
use a2a_pb::proto::a2a_service_server::A2aServiceServer;
use a2a_server::{DefaultRequestHandler, InMemoryTaskStore};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::service::TowerToHyperService;
use official_sdk::Echo;
use tower::ServiceBuilder;

/// The demo API key, used when `AGENT_API_KEYS` is not set.
pub const DEMO_API_KEY: &str = "grpc-demo-key";
/// The gRPC metadata (an HTTP/2 header) the card's API-key scheme names.
pub const API_KEY_METADATA: &str = "x-api-key";

/// The public card as the SDK spells it: the echo agent's, with one GRPC interface at
/// `origin` and an API key in gRPC metadata as its one requirement.
pub fn sdk_card(origin: &str) -> a2a::AgentCard {
    let mut card = official_sdk::sdk_card(origin);
    // The SDK writes a plain-text gRPC interface as host:port (its `http://` dropped), the
    // form gRPC clients take as a channel target.
    card.supported_interfaces = vec![AgentInterface::new(origin, TRANSPORT_PROTOCOL_GRPC)];
    let api_key = SecurityScheme::ApiKey(ApiKeySecurityScheme {
        location: "header".into(),
        name: API_KEY_METADATA.into(),
        description: Some("gRPC metadata x-api-key".into()),
    });
    card.security_schemes = Some([("apiKey".to_owned(), api_key)].into());
    card.security_requirements = Some(vec![[("apiKey".to_owned(), Vec::new())].into()]);
    card
}

/// The public card and the extended one (a second skill, for callers with a key), in this
/// crate's model.
pub fn cards(origin: &str) -> Result<(a2a_card::AgentCard, a2a_card::AgentCard), Box<dyn Error>> {
    official_sdk::public_and_extended(&sdk_card(origin), " Callers with a key may shout.")
}

/// The agent for `origin` (`http://HOST:PORT`): the SDK's gRPC service behind the card's
/// requirement, and the extended card in front of it. docs/api.md shows these lines
/// (tests/readme.rs keeps them the same).
pub fn agent(origin: &str, keys: ApiKeys) -> Result<Agent, Box<dyn Error>> {
    let (public, extended) = cards(origin)?;
    let handler = Arc::new(DefaultRequestHandler::new(Echo, InMemoryTaskStore::new()));
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", keys)
        .build()?;
    // The SDK's gRPC server: tonic's generated service (a tower service) over its handler.
    let grpc = A2aServiceServer::new(GrpcHandler::new(handler));
    let agent = ServiceBuilder::new()
        // Outermost: GetExtendedAgentCard answered here, from the card encoded once.
        .layer(
            ExtendedCardLayer::builder(&public, security.clone())
                .extended_card(extended)
                .build()?,
        )
        // Every other method: only callers that meet the card's requirement reach the SDK.
        .layer(RequireCardSecurityLayer::builder(security).build())
        .service(grpc);
    Ok(agent)
}

/// The agent's service: what [`agent`] builds, named so a test can hold it.
pub type Agent = a2a_card::extended::ExtendedCardService<
    a2a_card::security::RequireCardSecurityService<
        A2aServiceServer<GrpcHandler<DefaultRequestHandler>>,
    >,
>;

/// Serves `agent` on `listener` over HTTP/2 with prior knowledge (h2c), each connection
/// in a task of its own, until the task running this is dropped.
pub async fn serve(listener: tokio::net::TcpListener, agent: Agent) -> std::io::Result<()> {
    loop {
        let (stream, _) = listener.accept().await?;
        let service = TowerToHyperService::new(agent.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http2::Builder::new(TokioExecutor::new())
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:50051".into());
    // Bound first, so the card names the real port even for `127.0.0.1:0`.
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let origin = format!("http://{}", listener.local_addr()?);
    let keys = match std::env::var("AGENT_API_KEYS") {
        Ok(_) => ApiKeys::from_env("AGENT_API_KEYS")?,
        Err(_) => ApiKeys::new([DEMO_API_KEY])?,
    };
    let agent = agent(&origin, keys)?;
    println!("listening on {origin}");
    serve(listener, agent).await?;
    Ok(())
}
