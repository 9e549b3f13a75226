//! The layer inside an axum application: on a Router (so it answers before routing) and
//! around a whole Router; the app's own routes keep working.

mod support;

use a2a_card::serve::AgentCardLayer;
use axum::routing::{get, post};
use axum::Router;
use support::{example_card, TestServer};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";

fn app() -> Router {
    Router::new()
        .route(
            "/a2a/v1",
            post(|body: String| async move { format!("rpc:{body}") }),
        )
        .route("/health", get(|| async { "ok" }))
}

fn check(server: &TestServer) {
    let card = server.get(CARD);
    assert_eq!(card.status, 200);
    assert_eq!(card.header("content-type"), Some("application/a2a+json"));
    assert!(card.etag_matches_body());
    assert_eq!(server.get("/.well-known/agent.json").body, card.body);
    let rpc = support::request(server.addr, "POST", "/a2a/v1", &[], b"{\"id\":1}");
    assert_eq!(rpc.status, 200);
    assert_eq!(rpc.body, b"rpc:{\"id\":1}");
    assert_eq!(server.get("/health").body, b"ok");
    assert_eq!(server.get("/nope").status, 404);
    // The router still answers 405 for its own routes.
    assert_eq!(server.get("/a2a/v1").status, 405);
}

#[test]
fn inside_router_layer() {
    let cards = AgentCardLayer::builder(example_card()).build().unwrap();
    let server = TestServer::start(app().layer(cards));
    check(&server);
}

#[test]
fn around_a_whole_router() {
    let cards = AgentCardLayer::builder(example_card()).build().unwrap();
    let server = TestServer::start(cards.layer(app()));
    check(&server);
}
