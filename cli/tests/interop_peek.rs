//! The extended-card layer in front of the Python a2a-sdk's own server (1.3.0, Starlette
//! under uvicorn, which hands its extended card to anyone who asks): JSON-RPC bodies that a
//! strict parse refuses and the SDK reads (`NaN`, `-Infinity`, `1e999`, nesting deeper than
//! 128 levels, a lone surrogate escape, ...), and bodies the layer cannot read at all (larger
//! than its peek, compressed, not JSON), never get the extended card without credentials.
//!
//! `a2a-card serve` answers only what its layers answer (its inner service is a 404), so it
//! cannot stand in front of another server; the setup here is the library layer, as an agent
//! would use it, over a small reverse proxy to the SDK server: the layer is exactly what
//! stands between the caller and the SDK. Every body is also sent to the SDK directly, to
//! show that the SDK really answers it with the extended card.

mod sdk_server;
use a2a_card_test_support as support;

use std::convert::Infallible;
use std::net::SocketAddr;

use a2a_card::AgentCard;
use a2a_card::extended::{ExtendedCardLayer, RequestBody};
use a2a_card::security::{ApiKeys, CardSecurity};
use bytes::Bytes;
use http::{Request, Response};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use sdk_server::SdkServer;
use support::{RawResponse, TestServer};
use tower::Layer;

// Fixtures (names under tests/fixtures/): the cards, with an `{origin}` placeholder.
const CARD: &str = "interop/check/card.json";
const EXTENDED: &str = "interop/check/extended.json";
/// A skill only the extended card has.
const EXTENDED_ONLY: &str = "\"depots\"";
const KEY: &str = "k1-interop";

/// Forwards a request to `upstream` on a fresh connection, body byte for byte.
async fn forward(
    upstream: SocketAddr,
    request: Request<RequestBody<Incoming>>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let failed = |why: String| {
        let mut response = Response::new(Full::new(Bytes::from(why)));
        *response.status_mut() = http::StatusCode::BAD_GATEWAY;
        Ok(response)
    };
    let (mut parts, body) = request.into_parts();
    let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
        return failed("the request body failed".into());
    };
    let stream = match tokio::net::TcpStream::connect(upstream).await {
        Ok(stream) => stream,
        Err(e) => return failed(e.to_string()),
    };
    let (mut sender, connection) =
        match hyper::client::conn::http1::handshake(TokioIo::new(stream)).await {
            Ok(pair) => pair,
            Err(e) => return failed(e.to_string()),
        };
    tokio::spawn(connection);
    parts.headers.insert(
        http::header::HOST,
        upstream.to_string().parse().expect("an address is a host"),
    );
    parts.uri = parts.uri.path().parse().expect("a path is a URI");
    let response = match sender
        .send_request(Request::from_parts(parts, Full::new(body)))
        .await
    {
        Ok(response) => response,
        Err(e) => return failed(e.to_string()),
    };
    let (parts, body) = response.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    Ok(Response::from_parts(parts, Full::new(body)))
}

/// The layer, as an agent would build it from its cards, in front of the SDK server.
fn layer_in_front_of(upstream: SocketAddr) -> TestServer {
    let read = |name: &str| {
        let text = std::fs::read_to_string(support::fixture(name)).unwrap();
        AgentCard::from_json_str(&text.replace("{origin}", &format!("http://{upstream}"))).unwrap()
    };
    let (public, extended) = (read(CARD), read(EXTENDED));
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new([KEY]).unwrap())
        .build()
        .unwrap();
    let layer = ExtendedCardLayer::builder(&public, security)
        .extended_card(extended)
        .build()
        .unwrap();
    TestServer::start(layer.layer(tower::service_fn(move |request| forward(upstream, request))))
}

fn post(addr: SocketAddr, body: &[u8], headers: &[(&str, &[u8])]) -> RawResponse {
    send(addr, "POST", "/rpc", body, headers)
}

fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
    headers: &[(&str, &[u8])],
) -> RawResponse {
    // The SDK refuses calls without the version they speak.
    let common = [
        ("Content-Type", &b"application/json"[..]),
        ("A2A-Version", b"1.0"),
    ];
    let headers = [&common[..], headers].concat();
    support::request(addr, method, path, &headers, body)
}

fn call_with(params: &str) -> Vec<u8> {
    format!(r#"{{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard","params":{params}}}"#)
        .into_bytes()
}

/// Bodies serde_json refuses and the SDK reads as GetExtendedAgentCard.
fn lenient_calls() -> Vec<Vec<u8>> {
    vec![
        call_with(r#"{"x":NaN}"#),
        call_with(r#"{"x":-Infinity}"#),
        call_with(r#"{"x":1e999}"#),
        call_with(r#"{"s":"\ud800"}"#),
        call_with(&format!("{}1{}", r#"{"a":"#.repeat(150), "}".repeat(150))),
        call_with(&format!(
            r#"{{"a":{}{}}}"#,
            "[".repeat(150),
            "]".repeat(150)
        )),
    ]
}

/// Bodies whose method the layer cannot tell and the SDK reads as GetExtendedAgentCard.
fn undecidable_calls() -> Vec<Vec<u8>> {
    vec![
        // Larger than the layer's 64 KiB peek.
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"params":{{"pad":"{}"}},"method":"GetExtendedAgentCard"}}"#,
            "x".repeat(70_000)
        )
        .into_bytes(),
        // UTF-16, which Python's json.loads detects on bytes.
        r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect(),
    ]
}

fn shown(body: &[u8]) -> String {
    String::from_utf8_lossy(&body[..body.len().min(70)]).into_owned()
}

#[test]
fn the_sdk_behind_the_layer_never_hands_out_the_extended_card_without_credentials() {
    let sdk = SdkServer::start(CARD, EXTENDED);
    let front = layer_in_front_of(sdk.addr);
    // The proxy works: the public card and an ordinary call reach the SDK through it.
    let public = support::request(front.addr, "GET", "/.well-known/agent-card.json", &[], b"");
    assert_eq!(
        public.status,
        200,
        "{}",
        String::from_utf8_lossy(&public.body)
    );
    assert_eq!(public.json()["name"], "Fleet Router");
    assert!(!String::from_utf8_lossy(&public.body).contains(EXTENDED_ONLY));

    for body in lenient_calls().iter().chain(&undecidable_calls()) {
        // The SDK alone answers it with the extended card...
        let direct = post(sdk.addr, body, &[]);
        let direct_text = String::from_utf8_lossy(&direct.body);
        assert!(
            direct_text.contains(EXTENDED_ONLY),
            "the SDK did not answer {}: {} {direct_text}",
            shown(body),
            direct.status
        );
        // ... and not behind the layer, without a key or with a wrong one.
        for headers in [&[][..], &[("X-API-Key", &b"k1-wrong"[..])][..]] {
            let refused = post(front.addr, body, headers);
            let text = String::from_utf8_lossy(&refused.body);
            assert!(!text.contains(EXTENDED_ONLY), "{}: {text}", shown(body));
            assert_eq!(refused.status, 401, "{}: {text}", shown(body));
            assert_eq!(refused.json()["error"]["code"], -32000, "{}", shown(body));
        }
    }

    // With the key, the layer answers the calls it reads itself.
    for body in lenient_calls() {
        let answered = post(front.addr, &body, &[("X-API-Key", KEY.as_bytes())]);
        assert_eq!(answered.status, 200, "{}", shown(&body));
        assert!(String::from_utf8_lossy(&answered.body).contains(EXTENDED_ONLY));
        assert!(answered.header("server").is_none_or(|s| s != "uvicorn"));
    }
}

#[test]
fn a_compressed_call_is_never_passed_unauthenticated() {
    let sdk = SdkServer::start(CARD, EXTENDED);
    let front = layer_in_front_of(sdk.addr);
    // Whatever the SDK makes of it, the layer does not pass it on without the card's
    // security. Starlette does not inflate request bodies: a plain call labelled gzip is
    // read as is, and answered.
    let plain = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let direct = post(sdk.addr, plain, &[("Content-Encoding", b"gzip")]);
    assert!(String::from_utf8_lossy(&direct.body).contains(EXTENDED_ONLY));
    let gzip: &[u8] = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03";
    for body in [gzip, plain] {
        let refused = post(front.addr, body, &[("Content-Encoding", b"gzip")]);
        assert_eq!(refused.status, 401, "{}", shown(body));
        assert!(!String::from_utf8_lossy(&refused.body).contains(EXTENDED_ONLY));
    }
}

#[test]
fn escaped_paths_reach_the_sdks_extended_card_only_with_credentials() {
    // Starlette decodes the path before routing: `/%72pc` is its JSON-RPC endpoint and
    // `/rest/%65xtendedAgentCard` its REST route, and so is `/rest%2FextendedAgentCard`
    // (an encoded '/', which RFC 3986 keeps apart). The layer matches the first two as the
    // routes they are (401 without a key) and refuses the third whoever asks.
    let sdk = SdkServer::start(CARD, EXTENDED);
    let front = layer_in_front_of(sdk.addr);
    let call = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let routes: [(&str, &str, &[u8]); 6] = [
        ("POST", "/%72pc", call),
        ("POST", "/rp%63", call),
        ("POST", "/%72%70%63", call),
        ("GET", "/rest/%65xtendedAgentCard", b""),
        ("GET", "/%72est/extendedAgentCard", b""),
        ("GET", "/rest/extendedAgentCar%64", b""),
    ];
    let lenient: [(&str, &str, &[u8]); 3] = [
        ("GET", "/rest%2FextendedAgentCard", b""),
        ("GET", "/rest/%2565xtendedAgentCard", b""),
        ("POST", "/x%2F..%2Frpc", call),
    ];
    // The SDK alone answers each route spelling, and an encoded '/', with its extended card
    // (`%2565` and `..` it reads as written; they are refused anyway, for other servers).
    for (method, path, body) in routes.iter().chain(&lenient[..1]) {
        let direct = send(sdk.addr, method, path, body, &[]);
        let text = String::from_utf8_lossy(&direct.body);
        assert!(
            text.contains(EXTENDED_ONLY),
            "the SDK did not answer {method} {path}: {text}"
        );
    }
    // Behind the layer, without a key or with a wrong one, none of them gets it.
    for (method, path, body) in routes.iter().chain(&lenient) {
        for headers in [&[][..], &[("X-API-Key", &b"k1-wrong"[..])][..]] {
            let refused = send(front.addr, method, path, body, headers);
            let text = String::from_utf8_lossy(&refused.body);
            assert!(!text.contains(EXTENDED_ONLY), "{method} {path}: {text}");
            assert!(
                refused.header("server").is_none_or(|s| s != "uvicorn"),
                "{path}"
            );
        }
    }
    for (method, path, body) in routes {
        let refused = send(front.addr, method, path, body, &[]);
        assert_eq!(refused.status, 401, "{method} {path}");
        if method == "POST" {
            assert_eq!(refused.json()["error"]["code"], -32000, "{path}");
        }
        let answered = send(
            front.addr,
            method,
            path,
            body,
            &[("X-API-Key", KEY.as_bytes())],
        );
        assert_eq!(answered.status, 200, "{method} {path}");
        let text = String::from_utf8_lossy(&answered.body);
        assert!(text.contains(EXTENDED_ONLY), "{method} {path}: {text}");
    }
    for (method, path, body) in lenient {
        let with_key = send(
            front.addr,
            method,
            path,
            body,
            &[("X-API-Key", KEY.as_bytes())],
        );
        assert_eq!(with_key.status, 404, "{method} {path}");
    }
}
