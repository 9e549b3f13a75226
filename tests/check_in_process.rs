//! The audit (`a2a_card::check`) in process, against real servers on 127.0.0.1: an agent
//! serving its card with `AgentCardLayer` passes; one serving it as plain JSON without
//! validators gets the findings that say so.
#![cfg(all(feature = "check", feature = "serve"))]

use a2a_card::check::Audit;
use a2a_card::serve::AgentCardLayer;
use a2a_card::{AgentCard, Code, Severity};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};

/// A card whose one interface is the test server's own JSON-RPC route.
fn card_at(base: &str) -> AgentCard {
    AgentCard::from_json_slice(json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": [{"url": format!("{base}/rpc"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "2.1.0",
        "capabilities": {},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
                    "tags": ["maps"], "examples": ["Drive from Lyon to Turin avoiding tolls"]}]
    }).to_string().as_bytes())
    .unwrap()
}

/// The agent has no extended card: every call gets UnsupportedOperationError.
async fn jsonrpc(body: String) -> ([(http::HeaderName, &'static str); 1], String) {
    let id = serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|request| request.get("id").cloned())
        .unwrap_or(Value::Null);
    let answer = json!({"jsonrpc": "2.0", "id": id,
                        "error": {"code": -32004, "message": "Unsupported operation"}});
    (
        [(http::header::CONTENT_TYPE, "application/json")],
        answer.to_string(),
    )
}

/// Serves `app(base URL)` on 127.0.0.1, port 0, in the test's runtime.
async fn start(app: impl FnOnce(&str) -> Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let router = app(&base);
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

async fn audit(base: &str) -> a2a_card::check::Report {
    let client = a2a_card::check::client().build().unwrap();
    Audit::new(base).unwrap().run(&client).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_serving_its_card_with_the_layer_passes() {
    let base = start(|base| {
        let cards = AgentCardLayer::builder(card_at(base)).build().unwrap();
        Router::new().route("/rpc", post(jsonrpc)).layer(cards)
    })
    .await;
    let report = audit(&base).await;
    let errors: Vec<String> = report
        .findings()
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(ToString::to_string)
        .collect();
    assert!(report.passed(), "{errors:#?}");
    assert!(report.is_reachable());
    assert_eq!(report.endpoints()[0].status, Some(200));
    assert_eq!(report.with_code(Code::NoEtag).count(), 0);
    // Every finding names the URL it is about.
    assert!(report.findings().iter().all(|f| f.url.is_some()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_json_without_an_etag_is_reported() {
    let base = start(|base| {
        let body = card_at(base).to_json_vec();
        let card = move || {
            let body = body.clone();
            async move { ([(http::header::CONTENT_TYPE, "application/json")], body) }
        };
        Router::new()
            .route("/.well-known/agent-card.json", get(card))
            .route("/rpc", post(jsonrpc))
    })
    .await;
    let report = audit(&base).await;
    let no_etag: Vec<_> = report.with_code(Code::NoEtag).collect();
    assert_eq!(no_etag.len(), 1, "{:#?}", report.findings());
    assert_eq!(no_etag[0].header.as_deref(), Some("ETag"));
    assert_eq!(
        no_etag[0].url.as_deref(),
        Some(format!("{base}/.well-known/agent-card.json").as_str())
    );
    assert_eq!(report.with_code(Code::PlainJsonType).count(), 1);
    // Nothing at the legacy path, and POST is not refused with 405.
    assert_eq!(report.with_code(Code::LegacyMissing).count(), 1);
    assert!(report.warnings() > 0);
    assert_eq!(
        a2a_card::check::check(&base).await.unwrap().warnings(),
        report.warnings()
    );
}

#[tokio::test]
async fn an_agent_that_is_not_there_is_unreachable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let report = audit(&base).await;
    assert!(!report.is_reachable());
    assert!(!report.passed());
    assert!(report.endpoints()[0].error.is_some());
}
