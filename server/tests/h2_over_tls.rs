//! HTTP/2 over TLS through the accept loop, where hyper's frames are gathered into batches
//! before rustls seals them (server/src/coalesce/mod.rs) and each stream is first polled in the
//! connection's task (server/src/executor.rs): every stream of a busy connection still gets its
//! own bytes, whole and in order, small answers and ones larger than the batch alike; a client
//! that gives no send window is still closed at the send timeout; and one that reads slowly is
//! still served to the end. A real h2 client over a real rustls client, on real sockets. No
//! test asserts how long anything took.
#![cfg(feature = "tls")]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use a2a_card_server::Server;
use a2a_card_server::tls::{PemInput, acceptor};
use a2a_card_test_support::pki::Pki;
use bytes::Bytes;
use http::{Request, Response, StatusCode};
use http_body_util::Full;

/// Long enough that no healthy step here comes near it.
const OUTER_BOUND: Duration = Duration::from_secs(60);

/// The body `/bytes/N` answers: N bytes, each telling its position, so a byte out of order or
/// from another stream shows.
fn pattern(len: usize) -> Bytes {
    (0..len)
        .map(|i| (i % 251) as u8 ^ (len % 256) as u8)
        .collect()
}

/// Answers `/bytes/N` with `pattern(N)`; a handler that panics on `/panic`.
async fn app(request: Request<hyper::body::Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let path = request.uri().path();
    if path == "/panic" {
        panic!("a handler's bug, on purpose");
    }
    let len = path
        .strip_prefix("/bytes/")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Ok(Response::new(Full::new(pattern(len))))
}

/// The server over TLS on 127.0.0.1:0, and the client configuration that trusts it, ALPN h2.
async fn start(server: a2a_card_server::ServerBuilder) -> (SocketAddr, Arc<rustls::ClientConfig>) {
    let pki = Pki::new();
    let chain = PemInput::new("cert", format!("{}{}", pki.server.pem, pki.ca.pem));
    let key = PemInput::new("key", pki.server.key_pem());
    let server = server.tls(acceptor(&chain, &key, None).unwrap()).build();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let app = tower::service_fn(app);
        server.serve(listener, app, std::future::pending()).await;
    });
    let mut client = (*pki.client_config(None, &[&rustls::version::TLS13])).clone();
    client.alpn_protocols = vec![b"h2".to_vec()];
    (addr, Arc::new(client))
}

/// An h2 connection over TLS (ALPN h2); its task ends when the server closes it.
async fn h2_connect(
    addr: SocketAddr,
    tls: &Arc<rustls::ClientConfig>,
    builder: &h2::client::Builder,
) -> (
    h2::client::SendRequest<Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
) {
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let name = rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let stream = tokio_rustls::TlsConnector::from(tls.clone())
        .connect(name, tcp)
        .await
        .unwrap();
    assert_eq!(stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    let (client, connection) = builder.handshake::<_, Bytes>(stream).await.unwrap();
    (client, tokio::spawn(connection))
}

async fn get(client: &mut h2::client::SendRequest<Bytes>, path: &str) -> (StatusCode, Bytes) {
    let request = Request::get(format!("https://127.0.0.1{path}"))
        .body(())
        .unwrap();
    let (response, _) = client.send_request(request, true).unwrap();
    let response = response.await.unwrap();
    let status = response.status();
    let mut body = response.into_body();
    let mut whole = Vec::new();
    while let Some(chunk) = body.data().await {
        let chunk = chunk.unwrap();
        body.flow_control().release_capacity(chunk.len()).unwrap();
        whole.extend_from_slice(&chunk);
    }
    (status, Bytes::from(whole))
}

/// Sizes around the batch's capacity (16 KiB) and h2's own thresholds (256 bytes kept aside,
/// 16 KiB frames), many streams at once on one connection, several rounds: every answer whole
/// and its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_stream_of_a_busy_tls_connection_gets_its_own_whole_answer() {
    let (addr, tls) = start(Server::builder()).await;
    let (client, _connection) = h2_connect(addr, &tls, &h2::client::Builder::new()).await;
    let client = client.ready().await.unwrap();
    let sizes = [
        0, 1, 255, 256, 257, 1111, 4096, 16_374, 16_383, 16_384, 16_385, 40_000, 70_000,
    ];
    for _round in 0..3 {
        let requests = sizes.iter().cycle().take(3 * sizes.len()).map(|&len| {
            let mut client = client.clone();
            async move { (len, get(&mut client, &format!("/bytes/{len}")).await) }
        });
        let answers = tokio::time::timeout(OUTER_BOUND, futures::future::join_all(requests))
            .await
            .expect("every stream answered");
        for (len, (status, body)) in answers {
            assert_eq!(status, StatusCode::OK);
            assert_eq!(body.len(), len, "the whole body of /bytes/{len}");
            assert!(body == pattern(len), "the bytes of /bytes/{len}, in order");
        }
    }
}

/// A handler that panics on the stream's first poll (now in the connection's task) resets its
/// own stream only: the connection's other streams, before and after, are answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handler_that_panics_resets_its_stream_and_spares_the_connection() {
    let (addr, tls) = start(Server::builder()).await;
    let (client, connection) = h2_connect(addr, &tls, &h2::client::Builder::new()).await;
    let mut client = client.ready().await.unwrap();
    assert_eq!(get(&mut client, "/bytes/10").await.1, pattern(10));
    let request = Request::get("https://127.0.0.1/panic").body(()).unwrap();
    let (response, _) = client.send_request(request, true).unwrap();
    let reset = tokio::time::timeout(OUTER_BOUND, response)
        .await
        .expect("the panicking stream ended")
        .expect_err("no response, a reset");
    assert!(reset.is_reset(), "reset, not a closed connection: {reset}");
    let mut client = client.ready().await.unwrap();
    assert_eq!(get(&mut client, "/bytes/3000").await.1, pattern(3000));
    assert!(!connection.is_finished(), "the connection is still open");
}

/// The attack of tests/server_attacks.rs over TLS: a client with no send window that answers
/// pings. The response's bytes wait (in h2, not in the batch: nothing is sent past the
/// window) and the connection is closed at the send timeout; a fresh client is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_connection_with_no_send_window_is_closed_and_a_fresh_client_is_served() {
    const ATTACKERS: usize = 4;
    let (addr, tls) = start(
        Server::builder()
            .header_timeout(Duration::from_secs(2))
            .send_timeout(Duration::from_secs(1))
            .http2_keep_alive_interval(Some(Duration::from_millis(200)))
            .max_connections(ATTACKERS + 1),
    )
    .await;
    let mut attack = h2::client::Builder::new();
    attack.initial_window_size(0);
    let mut held = Vec::new();
    for _ in 0..ATTACKERS {
        let (client, connection) = h2_connect(addr, &tls, &attack).await;
        let mut client = client.ready().await.unwrap();
        let request = Request::get("https://127.0.0.1/bytes/70000")
            .body(())
            .unwrap();
        let (response, _) = client.send_request(request, true).unwrap();
        let response = response.await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        held.push((client, response, connection));
    }
    let (fresh, _fresh_connection) = h2_connect(addr, &tls, &h2::client::Builder::new()).await;
    let mut fresh = fresh.ready().await.unwrap();
    assert_eq!(get(&mut fresh, "/bytes/500").await.1, pattern(500));
    drop(fresh);
    for (_client, _response, connection) in held {
        tokio::time::timeout(OUTER_BOUND, connection)
            .await
            .expect("the server closed the connection that gave it no window")
            .unwrap()
            .ok();
    }
}

/// A client that reads slowly but reads, a 1 KiB window given back chunk by chunk, gets the
/// whole of a body many windows long over TLS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_tls_reader_that_keeps_reading_gets_the_whole_body() {
    let (addr, tls) = start(
        Server::builder()
            .header_timeout(Duration::from_secs(2))
            .send_timeout(Duration::from_secs(1)),
    )
    .await;
    let mut slow = h2::client::Builder::new();
    slow.initial_window_size(1024);
    let (client, _connection) = h2_connect(addr, &tls, &slow).await;
    let mut client = client.ready().await.unwrap();
    let (status, body) = tokio::time::timeout(OUTER_BOUND, get(&mut client, "/bytes/40000"))
        .await
        .expect("the body kept coming");
    assert_eq!(status, StatusCode::OK);
    assert!(body == pattern(40_000), "the whole body, in order");
}
