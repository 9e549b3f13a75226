//! An echo agent on the official Rust A2A SDK (`a2a-server-lf`, imported as `a2a_server`)
//! with this crate's layers in front of the SDK's routers: the public card
//! (`AgentCardLayer`), the extended card behind an API key or a bearer JWT
//! (`ExtendedCardLayer`), and the same requirement on the JSON-RPC and REST routers
//! (`RequireCardSecurityLayer`).
//!
//! ```text
//! cargo run --example official_sdk --features extended,jwt -- 127.0.0.1:3000
//! curl -i http://127.0.0.1:3000/.well-known/agent-card.json
//! curl -i http://127.0.0.1:3000/rest/extendedAgentCard                         # 401
//! curl -i -H 'X-API-Key: echo-demo-key' http://127.0.0.1:3000/rest/extendedAgentCard
//! curl -i -H "Authorization: Bearer $TOKEN" http://127.0.0.1:3000/rest/extendedAgentCard
//! ```
//!
//! `AGENT_API_KEYS` (comma separated) replaces the demo key; `AGENT_JWKS_FILE` names the
//! identity provider's public keys (a JWKS file). Without it the example makes a demo key
//! and prints a token signed with it on stderr (`$TOKEN` above).

use std::collections::HashMap;
use std::error::Error;
use std::sync::Arc;

// The SDK's types, as its own examples import them. This crate's model has the same names
// (AgentCard, AgentSkill, AgentProvider, ...): name those by path, never in a `use` beside
// the glob, or the SDK's struct literals below would get this crate's types.
use a2a::*;
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::security::jwt::{JwksSource, JwtVerifier};
use a2a_card::security::{ApiKeys, Bearer, CardSecurity, RequireCardSecurityLayer};
use a2a_card::serve::AgentCardLayer;
use a2a_server::{AgentExecutor, DefaultRequestHandler, ExecutorContext, InMemoryTaskStore};
use futures::stream::BoxStream;

/// The demo API key, used when `AGENT_API_KEYS` is not set.
pub const DEMO_API_KEY: &str = "echo-demo-key";
/// What a bearer token's `iss` and `aud` must be.
pub const ISSUER: &str = "https://id.example";
pub const AUDIENCE: &str = "echo-agent";

/// The agent: answers every message with its text, prefixed by `echo: `.
pub struct Echo;

impl AgentExecutor for Echo {
    fn execute(
        &self,
        ctx: ExecutorContext,
    ) -> BoxStream<'static, Result<StreamResponse, A2AError>> {
        let text = ctx.message.as_ref().and_then(Message::text).unwrap_or("");
        let mut reply = Message::new(Role::Agent, vec![Part::text(format!("echo: {text}"))]);
        reply.context_id = Some(ctx.context_id.clone());
        Box::pin(futures::stream::iter([Ok(StreamResponse::Message(reply))]))
    }

    fn cancel(&self, ctx: ExecutorContext) -> BoxStream<'static, Result<StreamResponse, A2AError>> {
        let refused = A2AError::task_not_cancelable(&ctx.task_id);
        Box::pin(futures::stream::iter([Err(refused)]))
    }
}

/// The public card as the SDK spells it. Its interfaces name the paths where the SDK's
/// routers are mounted below: the extended-card layer derives its routes from them.
pub fn sdk_card(origin: &str) -> AgentCard {
    let no_scopes = |scheme: &str| HashMap::from([(scheme.to_owned(), Vec::new())]);
    AgentCard {
        name: "Echo Agent".into(),
        description: "Sends each message back, prefixed with echo.".into(),
        version: "1.0.0".into(),
        supported_interfaces: vec![
            AgentInterface::new(format!("{origin}/jsonrpc"), TRANSPORT_PROTOCOL_JSONRPC),
            AgentInterface::new(format!("{origin}/rest"), TRANSPORT_PROTOCOL_HTTP_JSON),
        ],
        capabilities: AgentCapabilities {
            streaming: Some(true),
            extended_agent_card: Some(true),
            ..AgentCapabilities::default()
        },
        default_input_modes: vec!["text/plain".into()],
        default_output_modes: vec!["text/plain".into()],
        skills: vec![AgentSkill {
            id: "echo".into(),
            name: "Echo".into(),
            description: "Sends the message back.".into(),
            tags: vec!["echo".into()],
            examples: Some(vec!["hello".into()]),
            input_modes: None,
            output_modes: None,
            security_requirements: None,
        }],
        provider: None,
        documentation_url: None,
        icon_url: None,
        security_schemes: Some(HashMap::from([
            (
                "apiKey".to_owned(),
                SecurityScheme::ApiKey(ApiKeySecurityScheme {
                    location: "header".into(),
                    name: "X-API-Key".into(),
                    description: None,
                }),
            ),
            (
                "bearer".to_owned(),
                SecurityScheme::HttpAuth(HttpAuthSecurityScheme {
                    scheme: "Bearer".into(),
                    description: None,
                    bearer_format: Some("JWT".into()),
                }),
            ),
        ])),
        // Either credential: an API key, or a bearer JWT.
        security_requirements: Some(vec![no_scopes("apiKey"), no_scopes("bearer")]),
        signatures: None,
    }
}

/// An SDK card read into this crate's model, and its extended card: the same with a second
/// skill (`shout`) and `addendum` after the description.
pub fn public_and_extended(
    sdk_card: &AgentCard,
    addendum: &str,
) -> Result<(a2a_card::AgentCard, a2a_card::AgentCard), Box<dyn Error>> {
    // The SDK's card into this crate's model, through Serialize: unknown fields are kept
    // (`unknown_fields()` lists them), anything a conversion could not carry is in `notes`.
    let read = a2a_card::AgentCard::from_serialize(sdk_card)?;
    for note in &read.notes {
        eprintln!("card: {note}");
    }
    let public = read.card;
    let mut extended = public.clone();
    extended.description.push_str(addendum);
    let mut shout = extended.skills[0].clone();
    shout.id = "shout".into();
    shout.name = "Shout".into();
    shout.description = "Sends the message back, louder.".into();
    extended.skills.push(shout);
    Ok((public, extended))
}

/// The agent's router for `origin` (`http://HOST:PORT`): the SDK's JSON-RPC and REST routers
/// behind the card's requirements, and the cards in front of everything.
pub fn agent(
    origin: &str,
    keys: ApiKeys,
    jwks: JwksSource,
) -> Result<axum::Router, Box<dyn Error>> {
    let (public, extended) =
        public_and_extended(&sdk_card(origin), " Signed-in callers may shout.")?;

    let tokens = JwtVerifier::builder(jwks)
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .build()?;
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", keys)
        .verifier("bearer", Bearer::new(tokens))
        .build()?;

    let handler = Arc::new(DefaultRequestHandler::new(Echo, InMemoryTaskStore::new()));
    let jsonrpc = a2a_server::jsonrpc::jsonrpc_router(handler.clone())
        .layer(RequireCardSecurityLayer::builder(security.clone()).build());
    let rest = a2a_server::rest::rest_router(handler)
        .layer(RequireCardSecurityLayer::builder(security.clone()).build());
    // No `agent_card_router`: the card layer answers the well-known paths before it would.
    Ok(axum::Router::new()
        .nest("/jsonrpc", jsonrpc)
        .nest("/rest", rest)
        .layer(
            ExtendedCardLayer::builder(&public, security)
                .extended_card(extended)
                .build()?,
        )
        .layer(AgentCardLayer::builder(public).build()?))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:3000".into());
    // Bound first, so the card names the real port even for `127.0.0.1:0`.
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    let origin = format!("http://{}", listener.local_addr()?);

    let keys = match std::env::var("AGENT_API_KEYS") {
        Ok(_) => ApiKeys::from_env("AGENT_API_KEYS")?,
        Err(_) => ApiKeys::new([DEMO_API_KEY])?,
    };
    let jwks = match std::env::var_os("AGENT_JWKS_FILE") {
        Some(path) => JwksSource::jwks_file(path)?,
        None => demo_identity_provider()?,
    };
    let app = agent(&origin, keys, jwks)?;

    println!("listening on {origin}");
    axum::serve(listener, app).await?;
    Ok(())
}

/// A key made now, standing in for an identity provider; prints a token it signed.
fn demo_identity_provider() -> Result<JwksSource, Box<dyn Error>> {
    use a2a_card::security::jwt::JwtSigner;
    use a2a_card::sign::{Algorithm, SigningKey};
    let key = SigningKey::generate(Algorithm::Es256)?;
    let source = JwksSource::keys([key.trusted_key("demo")])?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?;
    let token = JwtSigner::new(key).kid("demo").sign(&serde_json::json!({
        "iss": ISSUER, "aud": AUDIENCE, "sub": "demo", "exp": now.as_secs() + 3600,
    }))?;
    eprintln!("demo bearer token (valid for an hour): {token}");
    Ok(source)
}
