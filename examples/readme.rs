use a2a_card::{AgentCard, serve::AgentCardLayer};
use axum::{Router, routing::post};
use serde_json::{Value, json};

// The card this agent publishes (v1.0 or v0.3 JSON; a file read at start works the same).
const CARD: &str = r#"{
  "name": "Route Planner",
  "description": "Plans driving routes with live traffic and road closures.",
  "supportedInterfaces": [{"url": "http://127.0.0.1:3000/a2a/v1",
                           "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["application/json"],
  "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
              "tags": ["maps"], "examples": ["Drive from Lyon to Turin avoiding tolls"]}]
}"#;

// The agent's JSON-RPC endpoint: here every method is "not found".
async fn jsonrpc(body: String) -> String {
    let id = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|r| r.get("id").cloned());
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}})
        .to_string()
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let card = AgentCard::from_json_str(CARD)?;
    let cards = AgentCardLayer::builder(card).build()?; // refuses a card with errors

    // The layer answers /.well-known/agent-card.json (and the legacy agent.json) itself
    // and passes every other request to the router.
    let app = Router::new().route("/a2a/v1", post(jsonrpc)).layer(cards);

    let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await?;
    Ok(())
}
