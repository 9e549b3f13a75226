//! The layer inside an axum application: on a Router (so it answers before routing) and
//! around a whole Router; the app's own routes keep working.

use a2a_card_test_support as support;

use a2a_card::serve::AgentCardLayer;
use axum::Router;
use axum::routing::{get, post};
use support::{TestServer, example_card};
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

/// Trusted proxies under axum: the peer address comes from axum's `ConnectInfo`, read by the
/// extractor the layer is given. The test's own connection (127.0.0.1) is the trusted proxy.
#[test]
fn trusted_proxies_read_the_peer_from_axum_connect_info() {
    use a2a_card::serve::{PublicUrl, TrustedProxies};
    use axum::extract::ConnectInfo;
    use std::net::SocketAddr;

    let proxies = TrustedProxies::new()
        .proxy("127.0.0.1")
        .unwrap()
        .origin(PublicUrl::parse("https://agents.example.com").unwrap())
        .peer_address(|e| e.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()));
    let mut card = example_card();
    card.supported_interfaces[0].url = "http://0.0.0.0:8000/a2a/v1".to_owned();
    let cards = AgentCardLayer::builder(card)
        .trusted_proxies(proxies)
        .build()
        .unwrap();
    let app = app().layer(cards);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, service).await.unwrap();
    });
    let url = |response: &support::RawResponse| {
        response.json()["supportedInterfaces"][0]["url"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let forwarded: &[(&str, &[u8])] = &[
        ("X-Forwarded-Proto", b"https"),
        ("X-Forwarded-Host", b"agents.example.com"),
    ];
    let variant = support::request(addr, "GET", CARD, forwarded, b"");
    assert_eq!(url(&variant), "https://agents.example.com/a2a/v1");
    let plain = support::request(addr, "GET", CARD, &[], b"");
    assert_eq!(url(&plain), "http://0.0.0.0:8000/a2a/v1");
    assert_ne!(variant.header("etag"), plain.header("etag"));
}
