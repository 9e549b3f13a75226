//! `a2a-card serve` answering gRPC on its own port (issue 45) when the card declares a GRPC
//! interface: the real binary, hyper's HTTP/2 client over h2c (prior knowledge) and over
//! TLS (ALPN h2). GetExtendedAgentCard without the key gets UNAUTHENTICATED with its
//! details, with the key the extended card as the proto's AgentCard (the same card as the
//! JSON route's, read as ProtoJSON); any other method UNIMPLEMENTED; a card without a GRPC
//! interface answers gRPC calls as it did before.

mod binary_server;
use a2a_card_test_support::{fixture, pki, scratch};

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use a2a_card::protocol::grpc::{self, Code, GrpcStatus};
use binary_server::Server;
use bytes::Bytes;
use http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Empty, Full};
use hyper::client::conn::http2;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls::pki_types::ServerName;
use scratch::Scratch;
use serde_json::{Value, json};

/// Only against a hang of the test: no outcome depends on it.
const HANG_GUARD: Duration = Duration::from_secs(30);
const KEY: &str = "k1";
/// The card's GRPC interface is `{origin}/grpc`: calls go below that path.
const GRPC_PREFIX: &str = "/grpc";

type Body = BoxBody<Bytes, Infallible>;

/// A gRPC answer read in full: the HTTP status, headers, message bytes and trailers.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
    trailers: Option<HeaderMap>,
}

impl Answer {
    /// The gRPC status: the trailers', or the headers' of a trailers-only answer.
    fn grpc_status(&self) -> Option<GrpcStatus> {
        self.trailers
            .as_ref()
            .and_then(GrpcStatus::from_headers)
            .or_else(|| GrpcStatus::from_headers(&self.headers))
    }
}

fn run<F: Future>(future: F) -> F::Output {
    a2a_card_test_support::block_on_guarded(HANG_GUARD, future)
}

fn shown(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The public and extended cards of the check interop fixtures, with a GRPC interface
/// added to both when `grpc`, and the auth file (an API key in `X-API-Key`), in `dir`.
fn files(dir: &Path, grpc: bool) -> [String; 3] {
    let write = |name: &str, from: &str| {
        let text = std::fs::read_to_string(fixture(from)).unwrap();
        let text = text.replace("{origin}", "https://fleet.example.com");
        let mut card: Value = serde_json::from_str(&text).unwrap();
        if grpc {
            card["supportedInterfaces"]
                .as_array_mut()
                .unwrap()
                .push(json!({
                    "url": format!("https://fleet.example.com{GRPC_PREFIX}"),
                    "protocolBinding": "GRPC",
                    "protocolVersion": "1.0"
                }));
        }
        let path = dir.join(name);
        std::fs::write(&path, card.to_string()).unwrap();
        shown(&path).to_owned()
    };
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, format!("[apiKey]\nkeys = [\"{KEY}\"]\n")).unwrap();
    [
        write("card.json", "interop/check/card.json"),
        write("extended.json", "interop/check/extended.json"),
        shown(&auth).to_owned(),
    ]
}

/// `serve CARD --extended-card EXT --auth AUTH [extra]` on 127.0.0.1:0.
fn serve(files: &[String; 3], extra: &[String]) -> Server {
    let [card, extended, auth] = files;
    let mut args: Vec<&str> = vec![
        "serve",
        "--addr",
        "127.0.0.1:0",
        card,
        "--extended-card",
        extended,
        "--auth",
        auth,
    ];
    args.extend(extra.iter().map(String::as_str));
    Server::start(&args)
}

/// An HTTP/2 connection over `io`, its driver on a task of its own.
async fn h2_over<I>(io: I) -> http2::SendRequest<Body>
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (sender, connection) = http2::handshake(TokioExecutor::new(), TokioIo::new(io))
        .await
        .expect("the HTTP/2 handshake");
    tokio::spawn(async move {
        let _ = connection.await;
    });
    sender
}

/// h2c with prior knowledge.
async fn h2c(addr: &str) -> http2::SendRequest<Body> {
    h2_over(tokio::net::TcpStream::connect(addr).await.unwrap()).await
}

/// TLS offering only `h2`, trusting the test CA.
async fn h2_tls(pki: &pki::Pki, addr: &str) -> http2::SendRequest<Body> {
    let versions = [&rustls::version::TLS13, &rustls::version::TLS12];
    let mut config = (*pki.client_config(None, &versions)).clone();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let addr: SocketAddr = addr.parse().unwrap();
    let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let tls = connector
        .connect(ServerName::IpAddress(addr.ip().into()), tcp)
        .await
        .expect("the TLS handshake");
    assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    h2_over(tls).await
}

/// A gRPC call of `method` under `prefix`: POST, application/grpc, te: trailers, the framed
/// `message`, and `headers` as metadata.
async fn call(
    sender: &mut http2::SendRequest<Body>,
    scheme: &str,
    prefix: &str,
    method: &str,
    message: &[u8],
    headers: &[(&str, &str)],
) -> Answer {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(format!(
            "{scheme}://localhost{prefix}{}",
            grpc::method_path(method)
        ))
        .header("content-type", "application/grpc")
        .header("te", "trailers");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(Full::new(grpc::frame(message)).boxed())
        .unwrap();
    sender.ready().await.expect("the connection takes a call");
    let response = sender.send_request(request).await.expect("an answer");
    let (parts, body) = response.into_parts();
    let collected = body.collect().await.expect("the body");
    Answer {
        status: parts.status,
        headers: parts.headers,
        trailers: collected.trailers().cloned(),
        body: collected.to_bytes(),
    }
}

/// The extended card over the HTTP+JSON route with the key (HTTP/2 too), read as ProtoJSON
/// (through the proto's AgentCard and back): what the gRPC answer must decode to.
async fn extended_json_as_protojson(sender: &mut http2::SendRequest<Body>, scheme: &str) -> Value {
    let request = Request::builder()
        .uri(format!("{scheme}://localhost/rest/extendedAgentCard"))
        .header("x-api-key", KEY)
        .body(Empty::new().boxed())
        .unwrap();
    sender.ready().await.unwrap();
    let response = sender.send_request(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let card: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(
        card["skills"].as_array().unwrap().len() > 1,
        "the extended card has its extra skill"
    );
    grpc::agent_card_from_proto(&grpc::agent_card_to_proto(&card).unwrap()).unwrap()
}

/// What every gRPC answer of serve must be: HTTP 200, a gRPC content type.
fn is_grpc_answer(answer: &Answer) {
    assert_eq!(answer.status, StatusCode::OK);
    let content_type = answer.headers["content-type"].to_str().unwrap();
    assert!(
        content_type.starts_with("application/grpc"),
        "{content_type}"
    );
}

/// The three calls over one HTTP/2 connection.
async fn the_grpc_calls(mut sender: http2::SendRequest<Body>, scheme: &str) {
    let request = grpc::extended_card_request("");
    let get_extended = grpc::GET_EXTENDED_AGENT_CARD;

    let refused = call(
        &mut sender,
        scheme,
        GRPC_PREFIX,
        get_extended,
        &request,
        &[],
    )
    .await;
    is_grpc_answer(&refused);
    let status = refused.grpc_status().expect("a grpc-status");
    assert_eq!(status.code(), Code::Unauthenticated, "{}", status.message());
    assert_eq!(refused.headers["grpc-status"], "16", "trailers-only");
    assert!(
        refused.headers.contains_key(grpc::GRPC_STATUS_DETAILS),
        "the status carries its details: {:?}",
        refused.headers
    );
    assert!(refused.body.is_empty());

    // A wrong key is refused the same way.
    let wrong = [("x-api-key", "k2")];
    let wrong = call(
        &mut sender,
        scheme,
        GRPC_PREFIX,
        get_extended,
        &request,
        &wrong,
    )
    .await;
    assert_eq!(wrong.grpc_status().unwrap().code(), Code::Unauthenticated);

    let key = [("x-api-key", KEY)];
    let card = call(
        &mut sender,
        scheme,
        GRPC_PREFIX,
        get_extended,
        &request,
        &key,
    )
    .await;
    is_grpc_answer(&card);
    assert_eq!(card.grpc_status().map(|s| s.code()), Some(Code::Ok));
    let message = grpc::unframe(&card.body).expect("one framed message");
    let decoded = grpc::agent_card_from_proto(message).expect("an AgentCard");
    assert_eq!(
        decoded,
        extended_json_as_protojson(&mut sender, scheme).await
    );

    // Any other method: UNIMPLEMENTED, with the key or without it, under the interface's
    // prefix or at the root.
    for (prefix, headers) in [(GRPC_PREFIX, &key[..]), ("", &[][..])] {
        let send = call(&mut sender, scheme, prefix, "SendMessage", b"", headers).await;
        is_grpc_answer(&send);
        let status = send.grpc_status().expect("a grpc-status");
        assert_eq!(status.code(), Code::Unimplemented, "{}", status.message());
    }
}

#[test]
fn grpc_calls_are_answered_over_h2c() {
    let dir = Scratch::dir("cli-serve-grpc-h2c");
    let server = serve(&files(&dir, true), &[]);
    run(async {
        let sender = h2c(&server.addr).await;
        the_grpc_calls(sender, "http").await;
    });
}

#[test]
fn grpc_calls_are_answered_over_tls_with_alpn_h2() {
    let dir = Scratch::dir("cli-serve-grpc-tls");
    let pki = pki::Pki::new();
    let certificates = pki.write(&dir);
    let tls = [
        "--tls-cert".to_owned(),
        shown(&certificates.cert).to_owned(),
        "--tls-key".to_owned(),
        shown(&certificates.key).to_owned(),
    ];
    let server = serve(&files(&dir, true), &tls);
    assert!(server.url().starts_with("https://"), "{}", server.url());
    run(async {
        let sender = h2_tls(&pki, &server.addr).await;
        the_grpc_calls(sender, "https").await;
    });
}

#[test]
fn without_the_capability_the_extended_card_is_an_unsupported_operation() {
    let dir = Scratch::dir("cli-serve-grpc-no-capability");
    let [card, _, _] = files(&dir, true);
    let mut value: Value = serde_json::from_str(&std::fs::read_to_string(&card).unwrap()).unwrap();
    value["capabilities"] = json!({});
    value
        .as_object_mut()
        .unwrap()
        .remove("securityRequirements");
    // With the HTTP interfaces beside the GRPC one, and with the GRPC interface alone.
    let mut grpc_only = value.clone();
    grpc_only["supportedInterfaces"]
        .as_array_mut()
        .unwrap()
        .retain(|i| i["protocolBinding"] == "GRPC");
    for (name, card) in [("card.json", value), ("grpc-only.json", grpc_only)] {
        let path = dir.join(name);
        std::fs::write(&path, card.to_string()).unwrap();
        let server = Server::start(&["serve", "--addr", "127.0.0.1:0", shown(&path)]);
        run(async {
            let mut sender = h2c(&server.addr).await;
            let request = grpc::extended_card_request("");
            let answer = call(
                &mut sender,
                "http",
                GRPC_PREFIX,
                grpc::GET_EXTENDED_AGENT_CARD,
                &request,
                &[],
            )
            .await;
            is_grpc_answer(&answer);
            let status = answer.grpc_status().expect("a grpc-status");
            assert_eq!(status.code(), Code::FailedPrecondition, "{name}");
            assert_eq!(status.reason(), Some("UNSUPPORTED_OPERATION"), "{name}");
            let send = call(&mut sender, "http", GRPC_PREFIX, "SendMessage", b"", &[]).await;
            assert_eq!(
                send.grpc_status().map(|s| s.code()),
                Some(Code::Unimplemented),
                "{name}"
            );
        });
    }
}

#[test]
fn a_card_without_a_grpc_interface_answers_grpc_calls_as_before() {
    let dir = Scratch::dir("cli-serve-grpc-none");
    let server = serve(&files(&dir, false), &[]);
    run(async {
        let mut sender = h2c(&server.addr).await;
        let request = grpc::extended_card_request("");
        for prefix in ["", GRPC_PREFIX] {
            let answer = call(&mut sender, "http", prefix, "SendMessage", &request, &[]).await;
            // What serve answers on a path it does not route: a plain 404, no gRPC status.
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{prefix}");
            assert!(answer.grpc_status().is_none(), "{prefix}");
            let text = answer.headers["content-type"].to_str().unwrap();
            assert!(text.starts_with("text/plain"), "{text}");
        }
        // GetExtendedAgentCard is the extended layer's whatever the card declares (a server
        // may answer gRPC on its HTTP interfaces' port): refused without the key.
        let get_extended = grpc::GET_EXTENDED_AGENT_CARD;
        let refused = call(&mut sender, "http", "", get_extended, &request, &[]).await;
        assert_eq!(
            refused.grpc_status().map(|s| s.code()),
            Some(Code::Unauthenticated)
        );
    });
}
