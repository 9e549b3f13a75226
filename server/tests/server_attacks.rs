//! The accept loop under the HTTP/2 attacks of hardening round 3, driven by a real HTTP/2
//! client (the `h2` crate) on real sockets: connections that give the server no send window
//! and answer its pings, and streams that send most of a JSON-RPC body and never end it. The
//! card is asked for on another connection throughout. Counts are small so the test is quick;
//! `cli/tests/attacks.rs` runs the full-size attack against `a2a-card serve` and measures its
//! memory. No test asserts how long anything took: each waits for what the server does, with
//! an outer bound only so a broken server fails instead of hanging.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use a2a_card::AgentCard;
use a2a_card::body::{BodyBudget, PeekSettings};
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::security::{ApiKeys, CardSecurity};
use a2a_card::serve::AgentCardLayer;
use a2a_card_server::Server;
use bytes::Bytes;
use http::{Request, Response, StatusCode};
use tower::Layer;

/// Long enough that no healthy step here comes near it.
const OUTER_BOUND: Duration = Duration::from_secs(60);

fn card() -> AgentCard {
    AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap()
}

/// The card layers over an agent that answers "ok", served by `server` until the runtime ends.
async fn start(server: Server, budget: BodyBudget) -> SocketAddr {
    let card = card();
    let security = CardSecurity::builder(&card)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .build()
        .unwrap();
    let extended = ExtendedCardLayer::builder(&card, security)
        .extended_card(card.clone())
        .peek(PeekSettings::default().budget(budget))
        .build()
        .unwrap();
    let cards = AgentCardLayer::builder(card).build().unwrap();
    let agent = tower::service_fn(|_request| async {
        Ok::<_, Infallible>(Response::new(http_body_util::Full::new(
            Bytes::from_static(b"ok"),
        )))
    });
    let app = cards.layer(extended.layer(agent));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        server.serve(listener, app, std::future::pending()).await;
    });
    addr
}

/// An HTTP/2 connection with prior knowledge; its connection task ends when the server
/// closes it (the `JoinHandle` completes).
async fn h2_connect(
    addr: SocketAddr,
    builder: &h2::client::Builder,
) -> (
    h2::client::SendRequest<Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
) {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (client, connection) = builder.handshake::<_, Bytes>(tcp).await.unwrap();
    (client, tokio::spawn(connection))
}

/// The public card's status over a fresh HTTP/1.1 connection.
async fn card_status(addr: SocketAddr) -> StatusCode {
    get_card(addr).await.0
}

/// The public card over a fresh HTTP/1.1 connection.
async fn get_card(addr: SocketAddr) -> (StatusCode, Bytes) {
    use http_body_util::BodyExt;
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let io = hyper_util::rt::TokioIo::new(tcp);
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io).await.unwrap();
    tokio::spawn(connection);
    let request = Request::get("/.well-known/agent-card.json")
        .header("host", "test")
        .body(http_body_util::Empty::<Bytes>::new())
        .unwrap();
    let response = sender.send_request(request).await.unwrap();
    let status = response.status();
    (
        status,
        response.into_body().collect().await.unwrap().to_bytes(),
    )
}

/// Problem 1: a client that sets `INITIAL_WINDOW_SIZE=0`, asks for the card and never sends a
/// WINDOW_UPDATE, while it answers the server's pings (the h2 client does), held its
/// connection, and the connection's slot, forever. Each such connection is now closed at the
/// send timeout, and a fresh client is served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_with_no_send_window_are_closed_and_a_fresh_client_is_served() {
    const ATTACKERS: usize = 16;
    let server = Server::builder()
        .header_timeout(Duration::from_secs(2))
        .send_timeout(Duration::from_secs(1))
        // Pings every 200 ms without a frame: bytes keep moving, the response does not.
        .http2_keep_alive_interval(Some(Duration::from_millis(200)))
        .max_connections(ATTACKERS + 1)
        .build();
    let addr = start(server, BodyBudget::default()).await;
    let mut attack = h2::client::Builder::new();
    attack.initial_window_size(0);
    let mut held = Vec::new();
    for _ in 0..ATTACKERS {
        let (client, connection) = h2_connect(addr, &attack).await;
        let mut client = client.ready().await.unwrap();
        let request = Request::get(format!("http://{addr}/.well-known/agent-card.json"))
            .body(())
            .unwrap();
        let (response, _) = client.send_request(request, true).unwrap();
        // The head is not flow-controlled and arrives; the body never can.
        let response = response.await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        held.push((client, response, connection));
    }
    // Every slot but one is taken by an attacker: the last one serves a fresh client.
    assert_eq!(card_status(addr).await, StatusCode::OK);
    for (_client, _response, connection) in held {
        tokio::time::timeout(OUTER_BOUND, connection)
            .await
            .expect("the server closed the connection that gave it no window")
            .unwrap()
            .ok();
    }
    // All the slots are free again.
    for _ in 0..ATTACKERS + 1 {
        assert_eq!(card_status(addr).await, StatusCode::OK);
    }
}

/// A client that takes its response slowly but takes it is not cut: a window of 1 KiB given
/// back chunk by chunk keeps the response moving until all of it has arrived.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_response_that_keeps_moving_is_not_cut() {
    let server = Server::builder()
        .header_timeout(Duration::from_secs(2))
        .send_timeout(Duration::from_secs(1))
        .build();
    let addr = start(server, BodyBudget::default()).await;
    let mut slow = h2::client::Builder::new();
    slow.initial_window_size(1024);
    let (client, _connection) = h2_connect(addr, &slow).await;
    let mut client = client.ready().await.unwrap();
    let request = Request::get(format!("http://{addr}/.well-known/agent-card.json"))
        .body(())
        .unwrap();
    let (response, _) = client.send_request(request, true).unwrap();
    let mut body = response.await.unwrap().into_body();
    let mut received = 0;
    while let Some(chunk) = tokio::time::timeout(OUTER_BOUND, body.data())
        .await
        .expect("the body keeps coming")
    {
        let chunk = chunk.expect("the stream was not reset");
        received += chunk.len();
        body.flow_control().release_capacity(chunk.len()).unwrap();
    }
    let (_, whole) = get_card(addr).await;
    assert_eq!(received, whole.len(), "the whole card arrived");
    assert!(
        received > 1024,
        "the card needed more than one window: {received} bytes"
    );
}

/// Problem 2: streams POSTing most of a JSON-RPC body to the card's interface and never
/// ending it each made the layer buffer up to 64 KiB, with no bound across streams and
/// connections. With a shared budget the bytes held never exceed it, the streams beyond it are
/// answered 503 at once (the body timeout here is ten minutes, so nothing else answers them),
/// the card is served throughout, and everything held is given back when the clients go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_are_held_within_the_shared_budget_and_the_rest_refused_at_once() {
    const CONNECTIONS: usize = 4;
    const STREAMS: usize = 40;
    const BUDGET: usize = 1024 * 1024;
    let budget = BodyBudget::new(BUDGET);
    let server = Server::builder()
        .header_timeout(Duration::from_secs(600))
        .send_timeout(Duration::from_secs(600))
        .build();
    let addr = start(server, budget.clone()).await;
    let body = Bytes::from(vec![b' '; 60_000]);
    let mut streams = Vec::new();
    let mut connections = Vec::new();
    let mut pending = Vec::new();
    for _ in 0..CONNECTIONS {
        let (mut client, connection) = h2_connect(addr, &h2::client::Builder::new()).await;
        for _ in 0..STREAMS {
            client = client.ready().await.unwrap();
            let request = Request::post(format!("http://{addr}/a2a/v1"))
                .header("content-type", "application/json")
                .body(())
                .unwrap();
            let (response, mut send) = client.send_request(request, false).unwrap();
            // Most of a body, never its end.
            send.reserve_capacity(body.len());
            send.send_data(body.clone(), false).unwrap();
            pending.push(Box::pin(response));
            streams.push(send);
        }
        connections.push((client, connection));
    }
    // At most this many streams fit in the budget whole; every other one is answered by the
    // budget, since nothing else answers a body that has not ended.
    let fit = BUDGET / body.len();
    let mut refused = 0;
    while refused < CONNECTIONS * STREAMS - fit {
        let (answered, _, rest) =
            tokio::time::timeout(OUTER_BOUND, futures::future::select_all(pending))
                .await
                .expect("streams beyond the budget are refused at once");
        let response = answered.expect("an answer, not a reset");
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["retry-after"], "1");
        assert!(
            budget.held() <= BUDGET,
            "held {} of {BUDGET}",
            budget.held()
        );
        refused += 1;
        pending = rest;
    }
    let mut looks = 0;
    while budget.held() <= BUDGET / 2 && looks < 600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        looks += 1;
    }
    let held = budget.held();
    assert!(
        held > BUDGET / 2 && held <= BUDGET,
        "the budget is used, not exceeded: {held}"
    );
    assert_eq!(
        card_status(addr).await,
        StatusCode::OK,
        "the card is served meanwhile"
    );
    drop((pending, streams));
    for (client, connection) in connections {
        drop(client);
        connection.abort();
    }
    let mut looks = 0;
    while budget.held() > 0 && looks < 600 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        looks += 1;
    }
    assert_eq!(
        budget.held(),
        0,
        "everything held is given back once the clients are gone"
    );
}
