//! An existing axum application with an A2A JSON-RPC route; the card is added with one
//! `.layer(...)`. The layer answers the well-known paths before routing, so the app needs no
//! route for them.
//!
//! ```text
//! cargo run --example axum -- 127.0.0.1:3000
//! curl -i http://127.0.0.1:3000/.well-known/agent-card.json
//! ```

use a2a_card::AgentCard;
use a2a_card::serve::AgentCardLayer;
use axum::Router;
use axum::routing::post;
use serde_json::{Value, json};

/// Stands in for the agent's JSON-RPC endpoint: every call is answered "method not found".
async fn jsonrpc(body: String) -> String {
    let id = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|request| request.get("id").cloned())
        .unwrap_or(Value::Null);
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}})
        .to_string()
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:3000".into());
    let card = AgentCard::from_json_slice(include_bytes!("agent-card.json"))?;
    let cards = AgentCardLayer::builder(card).build()?;

    let app = Router::new().route("/a2a/v1", post(jsonrpc)).layer(cards);

    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await?;
    Ok(())
}
