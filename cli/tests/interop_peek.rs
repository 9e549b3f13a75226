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
    let read = |name: &str| std::fs::read_to_string(support::fixture(name)).unwrap();
    let (public, extended) = (read(CARD), read(EXTENDED));
    cards_in_front_of(upstream, &public, &extended, key_security)
}

/// The card's security with [`KEY`] as its one API key.
fn key_security(public: &AgentCard) -> CardSecurity {
    CardSecurity::builder(public)
        .verifier("apiKey", ApiKeys::new([KEY]).unwrap())
        .build()
        .unwrap()
}

/// The layer built from the card texts `public` and `extended` (`{origin}` replaced by the
/// SDK's) and the security `security` makes of the public card, in front of the SDK server.
fn cards_in_front_of(
    upstream: SocketAddr,
    public: &str,
    extended: &str,
    security: impl Fn(&AgentCard) -> CardSecurity,
) -> TestServer {
    let read = |text: &str| {
        AgentCard::from_json_str(&text.replace("{origin}", &format!("http://{upstream}"))).unwrap()
    };
    let (public, extended) = (read(public), read(extended));
    let layer = ExtendedCardLayer::builder(&public, security(&public))
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

/// The fixture cards with `edit` applied to each (as JSON), written to files of a scratch
/// folder for the SDK server: their texts and paths.
fn edited_cards(
    edit: impl Fn(&mut serde_json::Value, bool),
) -> (support::Scratch, [(String, std::path::PathBuf); 2]) {
    let dir = support::Scratch::dir("interop-peek-cards");
    let cards = [(CARD, false), (EXTENDED, true)].map(|(name, extended)| {
        let text = std::fs::read_to_string(support::fixture(name)).unwrap();
        let mut card: serde_json::Value = serde_json::from_str(&text).unwrap();
        edit(&mut card, extended);
        let text = serde_json::to_string_pretty(&card).unwrap();
        let path = dir.join(if extended {
            "extended.json"
        } else {
            "card.json"
        });
        std::fs::write(&path, &text).unwrap();
        (text, path)
    });
    (dir, cards)
}

/// Finding 1 and 2 of round 5: the SDK's REST routes also answer under `/{tenant}` before
/// the prefix, and with v0.3 compatibility at `/rest/v1/card`, whatever version the card's
/// HTTP+JSON interface declares. Behind the layer, every one of them needs the key; with
/// it, the layer answers the card itself.
#[test]
fn every_route_the_sdk_serves_the_extended_card_on_needs_credentials() {
    // The SDK answers a v0.3 route only when the card has a v0.3 interface, and a v1.0 route
    // only with a v1.0 one: the other interface (JSON-RPC) declares the other version.
    for declared in ["1.0", "0.3"] {
        let other = if declared == "1.0" { "0.3" } else { "1.0" };
        let (_dir, [(public, public_path), (extended, extended_path)]) = edited_cards(|card, _| {
            card["supportedInterfaces"][0]["protocolVersion"] = other.into();
            card["supportedInterfaces"][1]["protocolVersion"] = declared.into();
        });
        let sdk = SdkServer::start_files(&public_path, &extended_path, true);
        let front = cards_in_front_of(sdk.addr, &public, &extended, key_security);
        // The SDK refuses a call without the version its route speaks.
        let get = |addr, path: &str, headers: &[(&str, &[u8])]| {
            let version: &[u8] = if path.ends_with("/v1/card") {
                b"0.3"
            } else {
                b"1.0"
            };
            let headers = [&[("A2A-Version", version)][..], headers].concat();
            support::request(addr, "GET", path, &headers, b"")
        };
        for path in [
            "/rest/extendedAgentCard",
            "/acme/rest/extendedAgentCard",
            "/t-1/rest/extendedAgentCard",
            "/rest/v1/card",
        ] {
            // The SDK alone hands out its extended card there...
            let direct = get(sdk.addr, path, &[]);
            let text = String::from_utf8_lossy(&direct.body);
            assert!(
                text.contains(EXTENDED_ONLY),
                "{declared}: the SDK did not answer {path}: {} {text}",
                direct.status
            );
            // ... and behind the layer only with the key, answered by the layer.
            for headers in [&[][..], &[("X-API-Key", &b"k1-wrong"[..])][..]] {
                let refused = get(front.addr, path, headers);
                let text = String::from_utf8_lossy(&refused.body);
                assert_eq!(refused.status, 401, "{declared} {path}: {text}");
                assert!(!text.contains(EXTENDED_ONLY), "{declared} {path}: {text}");
            }
            let answered = send(
                front.addr,
                "GET",
                path,
                b"",
                &[("X-API-Key", KEY.as_bytes())],
            );
            assert_eq!(answered.status, 200, "{declared} {path}");
            assert!(String::from_utf8_lossy(&answered.body).contains(EXTENDED_ONLY));
            assert!(
                answered.header("server").is_none_or(|s| s != "uvicorn"),
                "{path}"
            );
        }
        // A tenant a proxy could read as another path, before the prefix: refused by all.
        let bad = send(
            front.addr,
            "GET",
            "/%2e%2e/rest/extendedAgentCard",
            b"",
            &[("X-API-Key", KEY.as_bytes())],
        );
        assert_eq!(bad.status, 404, "{declared}");
    }
}

/// A request header: name and value.
type Header = (&'static str, &'static [u8]);

/// Finding 3 of round 5: a skill of the extended card needs a partner key of its own. A
/// call the layer cannot read (over its peek, UTF-16, compressed) may be GetExtendedAgentCard
/// to the SDK, which answers with every skill: it passes only for a caller who meets every
/// skill's requirements; a call the layer reads is answered by the layer, filtered.
#[test]
fn skill_filtering_holds_on_calls_the_layer_cannot_read() {
    const PARTNER: &str = "p1-partner";
    let (_dir, [(public, public_path), (extended, extended_path)]) = edited_cards(
        |card, extended| {
            if extended {
                card["securitySchemes"]["partner"] = serde_json::json!({"apiKeySecurityScheme": {"location": "header", "name": "X-Partner"}});
                card["skills"][1]["securityRequirements"] =
                    serde_json::json!([{"schemes": {"partner": {}}}]);
            }
        },
    );
    let sdk = SdkServer::start_files(&public_path, &extended_path, false);
    let security = |public: &AgentCard| {
        CardSecurity::builder(public)
            .verifier("apiKey", ApiKeys::new([KEY]).unwrap())
            .verifier("partner", ApiKeys::new([PARTNER]).unwrap())
            .build()
            .unwrap()
    };
    let front = cards_in_front_of(sdk.addr, &public, &extended, security);
    let key = ("X-API-Key", KEY.as_bytes());
    let partner = ("X-Partner", PARTNER.as_bytes());
    let plain = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#.to_vec();
    let mut calls: Vec<(Vec<u8>, Option<Header>)> = undecidable_calls()
        .into_iter()
        .map(|body| (body, None))
        .collect();
    calls.push((plain.clone(), Some(("Content-Encoding", b"gzip"))));
    for (body, extra) in &calls {
        let with = |headers: &[(&str, &[u8])]| {
            let headers: Vec<_> = headers.iter().copied().chain(*extra).collect();
            post(front.addr, body, &headers)
        };
        // The SDK alone answers it with every skill.
        let direct = post(sdk.addr, body, &extra.iter().copied().collect::<Vec<_>>());
        assert!(
            String::from_utf8_lossy(&direct.body).contains(EXTENDED_ONLY),
            "{}",
            shown(body)
        );
        // The card's key alone is not enough behind the layer.
        for headers in [
            &[key][..],
            &[key, ("X-Partner", b"p1-wrong")][..],
            &[partner][..],
        ] {
            let refused = with(headers);
            let text = String::from_utf8_lossy(&refused.body);
            assert_eq!(refused.status, 401, "{}: {text}", shown(body));
            assert!(!text.contains(EXTENDED_ONLY), "{}: {text}", shown(body));
        }
        // Both keys: the call reaches the SDK, whose answer the caller may see.
        let passed = with(&[key, partner]);
        assert_eq!(passed.header("server"), Some("uvicorn"), "{}", shown(body));
    }
    // A call the layer reads: answered by the layer, the partner's skill shown only to it.
    let filtered = post(front.addr, &plain, &[key]);
    assert_eq!(filtered.status, 200);
    assert!(!String::from_utf8_lossy(&filtered.body).contains(EXTENDED_ONLY));
    let full = post(front.addr, &plain, &[key, partner]);
    assert!(String::from_utf8_lossy(&full.body).contains(EXTENDED_ONLY));
}

/// Finding 5 of round 5: a card whose API key is a cookie. Starlette, the SDK's framework,
/// trims cookie names and keeps the last of a repeated one, so `sid=<key>; sid =other` is
/// `sid=other` to the app while a reader of the exact name sees the key. The layer refuses a
/// header naming the cookie twice in any spelling; one naming it once passes.
#[test]
fn a_cookie_named_twice_in_any_spelling_is_refused() {
    let (_dir, [(public, public_path), (extended, extended_path)]) = edited_cards(|card, _| {
        card["securitySchemes"]["apiKey"] =
            serde_json::json!({"apiKeySecurityScheme": {"location": "cookie", "name": "sid"}});
    });
    let sdk = SdkServer::start_files(&public_path, &extended_path, false);
    let front = cards_in_front_of(sdk.addr, &public, &extended, key_security);
    let starlette_reads = |cookie: &str| {
        let echoed = support::request(
            sdk.addr,
            "GET",
            "/echo-cookies",
            &[("Cookie", cookie.as_bytes())],
            b"",
        );
        echoed.json()["sid"].as_str().map(str::to_owned)
    };
    let path = "/rest/extendedAgentCard";
    let with = |cookie: &str| {
        send(
            front.addr,
            "GET",
            path,
            b"",
            &[("Cookie", cookie.as_bytes())],
        )
    };
    // Once: the layer and Starlette read the same key.
    for cookie in [
        format!("sid={KEY}"),
        format!("a=b; sid={KEY}"),
        format!("sid ={KEY}"),
    ] {
        assert_eq!(starlette_reads(&cookie).as_deref(), Some(KEY), "{cookie}");
        assert_eq!(with(&cookie).status, 200, "{cookie}");
    }
    // Twice, in spellings where the two readings part: refused.
    for other in [
        "sid =other",
        " sid=other",
        "sid=other",
        "SID=other",
        "s%69d=other",
    ] {
        for cookie in [format!("sid={KEY}; {other}"), format!("{other}; sid={KEY}")] {
            let refused = with(&cookie);
            let text = String::from_utf8_lossy(&refused.body);
            assert_eq!(refused.status, 401, "{cookie}: {text}");
            assert!(!text.contains(EXTENDED_ONLY), "{cookie}");
        }
    }
    // The disagreement is real: Starlette gives the app the last one.
    assert_eq!(
        starlette_reads(&format!("sid={KEY}; sid =other")).as_deref(),
        Some("other")
    );
}
