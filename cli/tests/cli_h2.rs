//! `a2a-card serve` over HTTP/2 (issue 14): h2c with prior knowledge beside HTTP/1.1 on a
//! plain port, h2 or HTTP/1.1 by ALPN over TLS (client certificates included), and the
//! limits and deadlines on h2 connections. A real process, real sockets, hyper's HTTP/2
//! client, curl, and a raw socket where the test must see the server's own frames.
//!
//! No assertion is on elapsed time: a deadline test waits for the server to close the
//! connection, and [`HANG_GUARD`] only stops a broken server from hanging the test.

mod binary_server;
use a2a_card_test_support::pki;
use a2a_card_test_support::{fixture, scratch};

use std::convert::Infallible;
use std::future::Future;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::pin::Pin;
use std::process::Command;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use binary_server::Server;
use bytes::Bytes;
use http::{Method, Request, StatusCode, Version, header};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Empty, Full};
use hyper::client::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::pki_types::ServerName;
use scratch::Scratch;
use tokio::net::TcpStream as AsyncTcp;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");
const CARD: &str = "/.well-known/agent-card.json";
/// Only against a hang of the test: no outcome depends on it.
const HANG_GUARD: Duration = Duration::from_secs(30);
/// The connection preface every HTTP/2 client sends first (RFC 9113, section 3.4).
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// An empty SETTINGS frame: length 0, type 4, no flags, stream 0.
const EMPTY_SETTINGS: [u8; 9] = [0, 0, 0, 4, 0, 0, 0, 0, 0];

type Body = BoxBody<Bytes, Infallible>;

/// A response read in full.
struct Answer {
    status: StatusCode,
    version: Version,
    headers: http::HeaderMap,
    body: Bytes,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

/// Runs `future` on a fresh runtime, failing the test if it has not finished by the guard.
fn run<F: Future>(future: F) -> F::Output {
    a2a_card_test_support::block_on_guarded(HANG_GUARD, future)
}

fn serve(args: &[&str]) -> Server {
    let mut all = vec!["serve", "--addr", "127.0.0.1:0"];
    all.extend(args);
    Server::start(&all)
}

/// An HTTP/2 connection with prior knowledge over `io`; the connection runs on its own task,
/// whose handle completes when the connection ends.
async fn h2_over<I>(io: I) -> (http2::SendRequest<Body>, tokio::task::JoinHandle<()>)
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (sender, connection) = http2::handshake(TokioExecutor::new(), TokioIo::new(io))
        .await
        .expect("the HTTP/2 handshake");
    let task = tokio::spawn(async move {
        let _ = connection.await;
    });
    (sender, task)
}

async fn h2c(addr: &str) -> (http2::SendRequest<Body>, tokio::task::JoinHandle<()>) {
    h2_over(AsyncTcp::connect(addr).await.unwrap()).await
}

fn request(method: Method, path: &str, headers: &[(&str, &str)], body: Body) -> Request<Body> {
    // HTTP/2 requests carry the authority in the URI (`:authority`).
    let mut request = Request::builder()
        .method(method)
        .uri(format!("http://localhost{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(body).unwrap()
}

fn get(path: &str, headers: &[(&str, &str)]) -> Request<Body> {
    request(Method::GET, path, headers, Empty::new().boxed())
}

async fn h2_send(sender: &mut http2::SendRequest<Body>, request: Request<Body>) -> Answer {
    sender
        .ready()
        .await
        .expect("the connection takes a request");
    let response = sender.send_request(request).await.expect("a response");
    read(response).await
}

async fn read(response: http::Response<hyper::body::Incoming>) -> Answer {
    let (parts, body) = response.into_parts();
    Answer {
        status: parts.status,
        version: parts.version,
        headers: parts.headers,
        body: body.collect().await.expect("the body").to_bytes(),
    }
}

/// The example card over HTTP/1.1, as the reference the h2 answers must equal.
fn over_http1(server: &Server) -> binary_server::Response {
    let response = server.get(CARD);
    assert_eq!(response.status, 200);
    response
}

#[test]
fn h2c_with_prior_knowledge_serves_the_card_conditionally_and_concurrently() {
    let server = serve(&[EXAMPLE]);
    let reference = over_http1(&server);
    let etag = reference.header("etag").expect("an ETag").to_owned();
    run(async {
        let (mut sender, _connection) = h2c(&server.addr).await;
        let card = h2_send(&mut sender, get(CARD, &[])).await;
        assert_eq!(card.version, Version::HTTP_2);
        assert_eq!(card.status, StatusCode::OK);
        assert_eq!(card.header("etag"), Some(etag.as_str()));
        assert_eq!(card.header("content-type"), Some("application/a2a+json"));
        assert_eq!(card.body, reference.body);
        assert_eq!(card.json()["name"], "Route Planner");

        let unchanged = h2_send(&mut sender, get(CARD, &[("if-none-match", &etag)])).await;
        assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
        assert_eq!(unchanged.header("etag"), Some(etag.as_str()));
        assert!(unchanged.body.is_empty());

        let head = request(Method::HEAD, CARD, &[], Empty::new().boxed());
        let head = h2_send(&mut sender, head).await;
        assert_eq!(head.status, StatusCode::OK);
        assert_eq!(head.header("etag"), Some(etag.as_str()));
        assert!(head.body.is_empty());

        // Several streams open at once on the one connection.
        let streams: Vec<_> = (0..16)
            .map(|_| {
                let mut sender = sender.clone();
                tokio::spawn(async move { h2_send(&mut sender, get(CARD, &[])).await })
            })
            .collect();
        for stream in streams {
            let answer = stream.await.unwrap();
            assert_eq!(answer.status, StatusCode::OK);
            assert_eq!(answer.body, reference.body);
        }
        // What the layers do not serve is still 404 over h2.
        let missing = h2_send(&mut sender, get("/nowhere", &[])).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
    });
}

/// `curl ARGS -w '%{http_version} %{http_code}'`: what it printed, and the body.
fn curl(args: &[&str]) -> (String, Vec<u8>) {
    let dir = temp_dir("curl");
    let body = dir.join(format!("body-{}", args.join("_").replace(['/', ':'], "-")));
    let output = Command::new("curl")
        .args(["-s", "--max-time", "30", "-o"])
        .arg(&body)
        .args(["-w", "%{http_version} %{http_code}"])
        .args(args)
        .output()
        .expect("curl runs");
    assert!(
        output.status.success(),
        "curl {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8(output.stdout).unwrap();
    (printed, std::fs::read(&body).unwrap())
}

#[test]
fn curl_speaks_h2c_and_http11_on_the_same_port() {
    let features = Command::new("curl").arg("-V").output();
    let Some(features) = features.ok().filter(|o| o.status.success()) else {
        println!("skipped: no curl on PATH");
        return;
    };
    if !String::from_utf8_lossy(&features.stdout).contains("HTTP2") {
        println!("skipped: this curl has no HTTP2 feature (curl -V)");
        return;
    }
    let server = serve(&[EXAMPLE]);
    let reference = over_http1(&server);
    let url = format!("{}{CARD}", server.url());
    let (h2, h2_body) = curl(&["--http2-prior-knowledge", &url]);
    assert_eq!(h2, "2 200");
    let (h1, h1_body) = curl(&["--http1.1", &url]);
    assert_eq!(h1, "1.1 200");
    assert_eq!(h2_body, reference.body);
    assert_eq!(h1_body, reference.body);
}

fn temp_dir(name: &str) -> Scratch {
    Scratch::dir(&format!("cli-h2-{name}"))
}

fn shown(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A client of the test CA that offers `alpn` and presents `certificate`.
fn tls_client(
    pki: &pki::Pki,
    certificate: Option<&pki::Leaf>,
    alpn: &[&[u8]],
) -> tokio_rustls::TlsConnector {
    let versions = [&rustls::version::TLS13, &rustls::version::TLS12];
    let mut config = (*pki.client_config(certificate, &versions)).clone();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    tokio_rustls::TlsConnector::from(Arc::new(config))
}

type Tls = tokio_rustls::client::TlsStream<AsyncTcp>;

/// A TLS connection to `addr` and the protocol ALPN chose.
async fn tls_connect(
    connector: &tokio_rustls::TlsConnector,
    addr: SocketAddr,
) -> std::io::Result<(Tls, Option<Vec<u8>>)> {
    let tcp = AsyncTcp::connect(addr).await?;
    let name = ServerName::IpAddress(addr.ip().into());
    let tls = connector.connect(name, tcp).await?;
    let alpn = tls.get_ref().1.alpn_protocol().map(<[u8]>::to_vec);
    Ok((tls, alpn))
}

/// `--tls-cert F --tls-key F [--client-ca F]` written for `pki` into `dir`.
fn tls_args(pki: &pki::Pki, dir: &Path, client_ca: bool) -> Vec<String> {
    let files = pki.write(dir);
    let mut args = [
        "--tls-cert",
        shown(&files.cert),
        "--tls-key",
        shown(&files.key),
    ]
    .map(str::to_owned)
    .to_vec();
    if client_ca {
        args.extend(["--client-ca".to_owned(), shown(&files.client_ca).to_owned()]);
    }
    args
}

#[test]
fn over_tls_alpn_chooses_h2_or_http11_and_both_serve_the_card() {
    let pki = pki::Pki::new();
    let dir = temp_dir("alpn");
    let mut args = vec![EXAMPLE.to_owned()];
    args.extend(tls_args(&pki, &dir, false));
    let server = serve(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(server.url().starts_with("https://"), "{}", server.url());
    let addr: SocketAddr = server.addr.parse().unwrap();
    run(async {
        let both = tls_client(&pki, None, &[b"h2", b"http/1.1"]);
        let (tls, alpn) = tls_connect(&both, addr).await.unwrap();
        assert_eq!(alpn.as_deref(), Some(&b"h2"[..]));
        let (mut sender, _connection) = h2_over(tls).await;
        let h2 = h2_send(&mut sender, get(CARD, &[])).await;
        assert_eq!((h2.status, h2.version), (StatusCode::OK, Version::HTTP_2));

        let only_http1 = tls_client(&pki, None, &[b"http/1.1"]);
        let (tls, alpn) = tls_connect(&only_http1, addr).await.unwrap();
        assert_eq!(alpn.as_deref(), Some(&b"http/1.1"[..]));
        let (mut sender, connection) = http1::handshake::<_, Body>(TokioIo::new(tls))
            .await
            .unwrap();
        tokio::spawn(connection);
        let response = sender.send_request(get(CARD, &[])).await.unwrap();
        let h1 = read(response).await;
        assert_eq!((h1.status, h1.version), (StatusCode::OK, Version::HTTP_11));

        assert_eq!(h1.body, h2.body);
        assert_eq!(h1.header("etag"), h2.header("etag"));
        assert_eq!(h2.json()["name"], "Route Planner");

        // A client offering only protocols the server does not speak is refused in the
        // handshake (alert no_application_protocol), not served one it did not ask for.
        let other = tls_client(&pki, None, &[b"spdy/3.1"]);
        assert!(tls_connect(&other, addr).await.is_err());
    });
}

/// The card and extended card (one more skill) of `cli_slow.rs`, each changed by `edit`,
/// and an auth file of `auth`, written into `dir`.
fn cards(dir: &Path, edit: fn(&mut serde_json::Value), auth: &str) -> [String; 3] {
    let write = |name: &str, from: &str| {
        let text = std::fs::read_to_string(fixture(from)).unwrap();
        let text = text.replace("{origin}", "https://fleet.example.com");
        let mut card: serde_json::Value = serde_json::from_str(&text).unwrap();
        edit(&mut card);
        let path = dir.join(name);
        std::fs::write(&path, card.to_string()).unwrap();
        shown(&path).to_owned()
    };
    let path = dir.join("auth.toml");
    std::fs::write(&path, auth).unwrap();
    [
        write("card.json", "interop/check/card.json"),
        write("extended.json", "interop/check/extended.json"),
        shown(&path).to_owned(),
    ]
}

/// The cards with a client certificate (`mtlsSecurityScheme`) as their only requirement.
fn mtls_cards(dir: &Path) -> [String; 3] {
    let only_mtls = |card: &mut serde_json::Value| {
        card["securitySchemes"] = serde_json::json!({"mtls": {"mtlsSecurityScheme": {}}});
        card["securityRequirements"] = serde_json::json!([{"schemes": {"mtls": {}}}]);
    };
    cards(dir, only_mtls, "[mtls]\n")
}

/// The skill ids of a card.
fn skills(answer: &Answer) -> Vec<String> {
    let card = answer.json();
    let skills = card["skills"].as_array().expect("skills");
    skills
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn client_certificates_reach_the_mtls_scheme_over_h2() {
    let pki = pki::Pki::new();
    let dir = temp_dir("mtls");
    let [card, extended, auth] = mtls_cards(&dir);
    let mut args = vec![
        card,
        "--extended-card".into(),
        extended,
        "--auth".into(),
        auth,
    ];
    args.extend(tls_args(&pki, &dir, true));
    let server = serve(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let addr: SocketAddr = server.addr.parse().unwrap();
    const EXTENDED: &str = "/rest/extendedAgentCard";
    run(async {
        // With a certificate of the client CA: the extended card, over h2.
        let with_cert = tls_client(&pki, Some(&pki.client), &[b"h2", b"http/1.1"]);
        let (tls, alpn) = tls_connect(&with_cert, addr).await.unwrap();
        assert_eq!(alpn.as_deref(), Some(&b"h2"[..]));
        let (mut sender, _connection) = h2_over(tls).await;
        let extended = h2_send(&mut sender, get(EXTENDED, &[])).await;
        assert_eq!(extended.version, Version::HTTP_2);
        assert_eq!(extended.status, StatusCode::OK);
        assert_eq!(skills(&extended), ["route", "depots"]);
        let public = h2_send(&mut sender, get(CARD, &[])).await;
        assert_eq!(skills(&public), ["route"]);

        // Without one: the public card, and 401 for the extended card.
        let anonymous = tls_client(&pki, None, &[b"h2", b"http/1.1"]);
        let (tls, _) = tls_connect(&anonymous, addr).await.unwrap();
        let (mut sender, _connection) = h2_over(tls).await;
        assert_eq!(
            h2_send(&mut sender, get(CARD, &[])).await.status,
            StatusCode::OK
        );
        let refused = h2_send(&mut sender, get(EXTENDED, &[])).await;
        assert_eq!(refused.status, StatusCode::UNAUTHORIZED);

        // A certificate from another CA fails the handshake (TLS 1.3: seen on first use).
        let stranger = tls_client(&pki, Some(&pki.stranger), &[b"h2"]);
        let failed = match tls_connect(&stranger, addr).await {
            Err(_) => true,
            Ok((tls, _)) => {
                let handshake =
                    http2::handshake::<_, _, Body>(TokioExecutor::new(), TokioIo::new(tls)).await;
                match handshake {
                    Err(_) => true,
                    Ok((mut sender, connection)) => {
                        tokio::spawn(connection);
                        sender.send_request(get(CARD, &[])).await.is_err()
                    }
                }
            }
        };
        assert!(failed, "a certificate of another CA was served");
    });
}

/// One HTTP/2 frame as read off the wire.
struct Frame {
    kind: u8,
    flags: u8,
    payload: Vec<u8>,
}

const SETTINGS: u8 = 0x4;
const ACK: u8 = 0x1;
const SETTINGS_MAX_CONCURRENT_STREAMS: u16 = 0x3;
const SETTINGS_MAX_HEADER_LIST_SIZE: u16 = 0x6;

/// The next frame, `None` once the server closed the connection.
fn read_frame(stream: &mut impl Read) -> Option<Frame> {
    let mut head = [0u8; 9];
    stream.read_exact(&mut head).ok()?;
    let length = u32::from_be_bytes([0, head[0], head[1], head[2]]) as usize;
    let mut payload = vec![0; length];
    stream.read_exact(&mut payload).ok()?;
    Some(Frame {
        kind: head[3],
        flags: head[4],
        payload,
    })
}

/// Sends the preface and an empty SETTINGS frame; the parameters of the server's first
/// SETTINGS frame (identifier, value).
fn server_settings(stream: &mut (impl Read + Write)) -> Vec<(u16, u32)> {
    stream.write_all(PREFACE).unwrap();
    stream.write_all(&EMPTY_SETTINGS).unwrap();
    loop {
        let frame = read_frame(stream).expect("a SETTINGS frame before the server closes");
        if frame.kind == SETTINGS && frame.flags & ACK == 0 {
            return frame
                .payload
                .chunks_exact(6)
                .map(|p| {
                    let id = u16::from_be_bytes([p[0], p[1]]);
                    (id, u32::from_be_bytes([p[2], p[3], p[4], p[5]]))
                })
                .collect();
        }
    }
}

fn assert_limits_advertised(settings: &[(u16, u32)]) {
    let value = |id| settings.iter().find(|(i, _)| *i == id).map(|(_, v)| *v);
    let streams = value(SETTINGS_MAX_CONCURRENT_STREAMS).expect("MAX_CONCURRENT_STREAMS");
    // Bounded, and enough for a browser or an SDK (RFC 9113 recommends at least 100).
    assert!((100..=1000).contains(&streams), "{streams} streams");
    let headers = value(SETTINGS_MAX_HEADER_LIST_SIZE).expect("MAX_HEADER_LIST_SIZE");
    assert!((8 * 1024..=64 * 1024).contains(&headers), "{headers} bytes");
}

#[test]
fn the_server_advertises_its_stream_and_header_limits_on_h2c_and_h2() {
    let server = serve(&[EXAMPLE]);
    let mut plain = TcpStream::connect(&server.addr).unwrap();
    plain.set_read_timeout(Some(HANG_GUARD)).unwrap();
    assert_limits_advertised(&server_settings(&mut plain));

    let pki = pki::Pki::new();
    let dir = temp_dir("settings");
    let args = tls_args(&pki, &dir, false);
    let tls = serve(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let tcp = TcpStream::connect(&tls.addr).unwrap();
    tcp.set_read_timeout(Some(HANG_GUARD)).unwrap();
    let mut config = (*pki.client_config(None, &[&rustls::version::TLS13])).clone();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let name = ServerName::IpAddress(tcp.peer_addr().unwrap().ip().into());
    let connection = rustls::ClientConnection::new(Arc::new(config), name).unwrap();
    let mut stream = rustls::StreamOwned::new(connection, tcp);
    assert_limits_advertised(&server_settings(&mut stream));
    assert_eq!(stream.conn.alpn_protocol(), Some(&b"h2"[..]));
}

/// Reads until the server closes the connection: the kinds of the frames it sent before.
/// A reset counts as closed; the hang guard passing does not.
fn frames_until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut kinds = Vec::new();
    loop {
        let mut head = [0u8; 9];
        match stream.read_exact(&mut head) {
            Ok(()) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                panic!("the server did not close the connection: {e}")
            }
            Err(_) => return kinds,
        }
        kinds.push(head[3]);
        let length = u32::from_be_bytes([0, head[0], head[1], head[2]]) as u64;
        let mut payload = Vec::new();
        if (&mut *stream)
            .take(length)
            .read_to_end(&mut payload)
            .is_err()
        {
            return kinds;
        }
    }
}

#[test]
fn a_silent_h2_connection_is_closed_after_the_header_timeout() {
    let server = serve(&[EXAMPLE, "--header-timeout", "1"]);
    // The preface and SETTINGS, then nothing: no request, no answer to the server's frames.
    let mut preface_only = TcpStream::connect(&server.addr).unwrap();
    preface_only.set_read_timeout(Some(HANG_GUARD)).unwrap();
    preface_only.write_all(PREFACE).unwrap();
    preface_only.write_all(&EMPTY_SETTINGS).unwrap();
    // Whether a GOAWAY comes first is the server's choice: the close is what counts.
    let kinds = frames_until_closed(&mut preface_only);
    assert_eq!(kinds.first(), Some(&SETTINGS), "{kinds:?}");

    // Nothing at all: not even which protocol it will speak.
    let mut silent = TcpStream::connect(&server.addr).unwrap();
    silent.set_read_timeout(Some(HANG_GUARD)).unwrap();
    let mut nothing = Vec::new();
    let read = silent.read_to_end(&mut nothing);
    assert!(
        !matches!(&read, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "the server did not close a silent connection: {read:?}"
    );

    // The server still serves.
    assert_eq!(server.get(CARD).status, 200);
}

#[test]
fn an_idle_h2_client_that_answers_pings_is_still_closed() {
    let server = serve(&[EXAMPLE, "--header-timeout", "1"]);
    run(async {
        // hyper's client answers the server's PINGs by itself; after one request it idles.
        let (mut sender, connection) = h2c(&server.addr).await;
        let card = h2_send(&mut sender, get(CARD, &[])).await;
        assert_eq!(card.status, StatusCode::OK);
        connection.await.unwrap();
        assert!(sender.is_closed());
    });
}

/// A request body that sends its first bytes, if any, and then nothing ever again.
struct Stalled(Option<Bytes>);

impl http_body::Body for Stalled {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        match self.0.take() {
            Some(first) => Poll::Ready(Some(Ok(http_body::Frame::data(first)))),
            None => Poll::Pending,
        }
    }
}

/// `serve` with the cards of [`cards`], API key `k1`, and this `--body-timeout`; also its
/// files' directory, removed when the test drops it.
fn api_key_server(name: &str, body_timeout: &str) -> (Server, Scratch) {
    let auth = "[apiKey]\nkeys = [\"k1\"]\n";
    let dir = temp_dir(name);
    let [card, extended, auth] = cards(&dir, |_| {}, auth);
    let server = serve(&[
        &card,
        "--extended-card",
        &extended,
        "--auth",
        &auth,
        "--body-timeout",
        body_timeout,
    ]);
    (server, dir)
}

#[test]
fn a_json_rpc_body_that_never_arrives_gets_408_over_h2() {
    let (server, _dir) = api_key_server("body", "1");
    run(async {
        let (mut sender, _connection) = h2c(&server.addr).await;
        let headers = [
            ("content-type", "application/json"),
            ("content-length", "100"),
            ("x-api-key", "k1"),
        ];
        let stalled = request(Method::POST, "/rpc", &headers, Stalled(None).boxed());
        sender.ready().await.unwrap();
        let stalled = sender.send_request(stalled);
        // Meanwhile the same connection serves the public card.
        let card = h2_send(&mut sender.clone(), get(CARD, &[])).await;
        assert_eq!(card.status, StatusCode::OK);
        let timed_out = read(stalled.await.expect("an answer to the stalled call")).await;
        assert_eq!(timed_out.status, StatusCode::REQUEST_TIMEOUT);
        assert!(timed_out.headers.get(header::CONNECTION).is_none());

        // A whole call on the same port is answered.
        let call = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
        let (mut sender, _connection) = h2c(&server.addr).await;
        let whole = request(
            Method::POST,
            "/rpc",
            &[("content-type", "application/json"), ("x-api-key", "k1")],
            Full::new(Bytes::from_static(call)).boxed(),
        );
        let answer = h2_send(&mut sender, whole).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.json()["result"]["name"], "Fleet Router");
    });
}

/// `VmRSS` of the server's /proc/PID/status, in kB.
fn vm_rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

/// What many held h2 streams cost the server: each a JSON-RPC call that sent 60 KiB of its
/// announced 1 MB (under the layer's 64 KiB peek, so the layer waits for more) and then
/// nothing. The memory is the server's VmRSS before and once it stops growing, printed
/// (`--nocapture`; `A2A_H2_STREAMS=N` per connection, default the 100 the server allows). A
/// stream must cost about one peek, not what flow control would let a client pile up.
#[test]
fn held_h2_streams_cost_about_one_peek_each() {
    let per_connection: usize = std::env::var("A2A_H2_STREAMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let connections = 4;
    let (server, _dir) = api_key_server("memory", "3600");
    let pid = server.pid();
    assert_eq!(server.get(CARD).status, 200);
    let before = vm_rss_kb(pid);
    let after = run(async {
        // Kept until measured: a dropped response future would cancel its stream.
        let mut held = Vec::new();
        let mut open = Vec::new();
        for _ in 0..connections {
            let (sender, connection) = h2c(&server.addr).await;
            open.push(connection);
            for _ in 0..per_connection {
                let headers = [
                    ("content-type", "application/json"),
                    ("content-length", "1000000"),
                    ("x-api-key", "k1"),
                ];
                let body = Stalled(Some(Bytes::from(vec![b' '; 60 * 1024]))).boxed();
                let mut sender = sender.clone();
                sender.ready().await.unwrap();
                held.push(sender.send_request(request(Method::POST, "/rpc", &headers, body)));
            }
        }
        // The server has read what it will once its memory stops growing.
        let (mut last, mut steady) = (0, 0);
        while steady < 5 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let now = vm_rss_kb(pid);
            steady = if now == last { steady + 1 } else { 0 };
            last = now;
        }
        drop((held, open));
        last
    });
    let streams = connections * per_connection;
    let per_stream = after.saturating_sub(before) as f64 / streams as f64;
    // Per connection it is the streams it may open times that: the cap on streams, not flow
    // control, bounds what one connection can hold (HTTP/1.1 holds one request's).
    println!(
        "{streams} held h2 streams on {connections} connections: VmRSS {before} kB -> {after} kB, \
         {per_stream:.1} kB per stream, {:.0} kB per connection",
        per_stream * per_connection as f64
    );
    // One 64 KiB peek, hyper's and h2's buffers for a stream, and slack for the allocator.
    assert!(per_stream < 256.0, "{per_stream} kB per held stream");
}
