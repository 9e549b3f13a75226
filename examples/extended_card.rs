//! The public card, the authenticated extended card and the agent's own JSON-RPC route, all
//! guarded by what the card declares: an API key in `X-API-Key`.
//!
//! ```text
//! AGENT_API_KEYS=k1-7f3a9c cargo run --example extended_card -- 127.0.0.1:3000
//! curl -i http://127.0.0.1:3000/a2a/rest/extendedAgentCard                      # 401
//! curl -i -H 'X-API-Key: k1-7f3a9c' http://127.0.0.1:3000/a2a/rest/extendedAgentCard
//! ```

use a2a_card::AgentCard;
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle, RequireCardSecurityLayer};
use a2a_card::serve::AgentCardLayer;
use axum::Router;
use axum::routing::post;

/// Stands in for the agent's JSON-RPC endpoint.
async fn jsonrpc(body: String) -> String {
    let id = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|request| request.get("id").cloned())
        .unwrap_or_default();
    serde_json::json!({"jsonrpc": "2.0", "id": id, "result": {"ok": true}}).to_string()
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:3000".into());
    let public = AgentCard::from_json_slice(include_bytes!("agent-card.json"))?;
    let mut extended = public.clone();
    extended
        .description
        .push_str(" Signed-in callers also get fleet routing.");

    // One verifier per scheme the card requires; a missing one is a build error.
    let keys = match std::env::var("AGENT_API_KEYS") {
        Ok(_) => ApiKeys::from_env("AGENT_API_KEYS")?,
        Err(_) => ApiKeys::new(["k1-7f3a9c"])?, // a demo key, so the example runs as is
    };
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", keys)
        .build()?;

    let app = Router::new()
        .route(
            "/a2a/v1",
            post(jsonrpc).layer(
                RequireCardSecurityLayer::builder(security.clone())
                    .style(ErrorStyle::JsonRpc)
                    .build(),
            ),
        )
        .layer(
            ExtendedCardLayer::builder(&public, security)
                .extended_card(extended)
                .build()?,
        )
        .layer(AgentCardLayer::builder(public).build()?);

    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await?;
    Ok(())
}
