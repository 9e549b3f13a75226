//! The authenticated extended card over real sockets: the auth matrix (each scheme alone,
//! AND and OR), scopes, credentials in the wrong place, path variants, per-skill filtering,
//! conditional GET after authentication, JSON-RPC routing and pass-through, and the build
//! refusals.
//!
//! TLS client certificates are stood in for by a test layer that inserts the
//! `ClientCertificate` extension exactly as the TLS acceptor does (the acceptor itself is
//! tested with real certificates in `cli_tls.rs` and `cli_extended.rs`).

use a2a_card_test_support as support;
use a2a_card_test_support::whoami;

use std::convert::Infallible;

use a2a_card::AgentCard;
use a2a_card::extended::{ExtendedCardLayer, ExtendedError, RequestBody};
use a2a_card::security::{
    ApiKeys, BasicUsers, Bearer, CardSecurity, ClientCertificate, Grant, MutualTls, SecurityError,
    TokenError, TokenFuture, TokenVerifier,
};
use base64::Engine;
use bytes::Bytes;
use http::{Request, Response};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use serde_json::{Value, json};
use support::{RawResponse, TestServer};
use tower::{Layer, ServiceExt};

const REST: &str = "/rest/extendedAgentCard";

fn card(name: &str) -> AgentCard {
    AgentCard::from_json_slice(
        &std::fs::read(format!("tests/fixtures/extended/{name}.json")).unwrap(),
    )
    .unwrap()
}

/// Opaque test tokens and what they grant.
struct Tokens;

impl TokenVerifier for Tokens {
    fn verify_token<'a>(&'a self, token: &'a str) -> TokenFuture<'a> {
        let result = match token {
            "read-token" => Ok(Grant::subject("reader").with_scopes(["cards.read"])),
            "partner-token" => Ok(Grant::subject("partner").with_scopes(["cards.read", "partner"])),
            "fleet-token" => Ok(Grant::subject("fleet").with_scopes(["cards.read", "fleet"])),
            "partner-fleet-token" => {
                Ok(Grant::subject("both").with_scopes(["cards.read", "partner", "fleet"]))
            }
            "noscope-token" => Ok(Grant::subject("nobody")),
            _ => Err(TokenError::Invalid("unknown token")),
        };
        Box::pin(async move { result })
    }
}

fn security(card: &AgentCard) -> CardSecurity {
    // Each key the tests send sits among others, never first: a verifier that compared only
    // its first key would fail every test that presents one.
    CardSecurity::builder(card)
        .verifier(
            "apiKey",
            ApiKeys::new(["retired-key-1", "k1-header", "spare-key-3"]).unwrap(),
        )
        .verifier(
            "queryKey",
            ApiKeys::new(["retired-key-2", "other-key", "k2 query"]).unwrap(),
        )
        .verifier(
            "cookieKey",
            ApiKeys::new(["retired-key-3", "k3cookie", "spare-key-4"]).unwrap(),
        )
        .verifier(
            "basic",
            BasicUsers::new(["alice:s3cret:with:colons"]).unwrap(),
        )
        .verifier("bearer", Bearer::new(Tokens))
        .verifier("mtls", MutualTls)
        .build()
        .unwrap()
}

/// The inner service: says it was reached and echoes the body it got, byte for byte.
async fn inner(
    request: Request<RequestBody<Incoming>>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let (parts, body) = request.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = http::StatusCode::IM_A_TEAPOT;
    response
        .headers_mut()
        .insert("x-inner-path", parts.uri.path().parse().unwrap());
    Ok(response)
}

/// Stands in for a TLS acceptor that verified a client certificate.
fn with_test_certificates<S, B>(
    service: S,
) -> impl tower::Service<Request<B>, Response = S::Response, Error = S::Error, Future = S::Future> + Clone
where
    S: tower::Service<Request<B>> + Clone,
{
    tower::util::MapRequestLayer::new(|mut request: Request<B>| {
        request.extensions_mut().remove::<ClientCertificate>();
        if request.headers().contains_key("x-test-client-certificate") {
            let cert = ClientCertificate::new(vec![0x30], Some("CN=operator".into()));
            request.extensions_mut().insert(cert);
        }
        request
    })
    .layer(service)
}

fn server_with(layer: ExtendedCardLayer) -> TestServer {
    TestServer::start(with_test_certificates(
        layer.layer(tower::service_fn(inner)),
    ))
}

fn server() -> TestServer {
    let public = card("public");
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card("extended"))
        .build()
        .unwrap();
    server_with(layer)
}

fn basic(credentials: &str) -> Vec<u8> {
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(credentials)
    )
    .into_bytes()
}

fn get(server: &TestServer, target: &str, headers: &[(&str, &[u8])]) -> RawResponse {
    server.request("GET", target, headers)
}

fn skill_ids(response: &RawResponse) -> Vec<String> {
    response.json()["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect()
}

fn challenges(response: &RawResponse) -> Vec<&str> {
    response
        .headers
        .iter()
        .filter(|(n, _)| n == "www-authenticate")
        .map(|(_, v)| v.as_str())
        .collect()
}

#[test]
fn anonymous_callers_get_401_with_a_challenge_per_scheme_and_learn_nothing() {
    let server = server();
    let response = get(&server, REST, &[]);
    assert_eq!(response.status, 401);
    let challenges = challenges(&response);
    for expected in [
        "ApiKey realm=\"a2a\", in=\"header\", name=\"X-API-Key\"",
        "ApiKey realm=\"a2a\", in=\"query\", name=\"key\"",
        "ApiKey realm=\"a2a\", in=\"cookie\", name=\"session\"",
        "Basic realm=\"a2a\", charset=\"UTF-8\"",
        "Bearer realm=\"a2a\"",
        "TLS-Client-Certificate realm=\"a2a\"",
    ] {
        assert!(
            challenges.contains(&expected),
            "{expected} not in {challenges:?}"
        );
    }
    let body = response.json();
    assert_eq!(body["error"]["status"], "UNAUTHENTICATED");
    assert_eq!(body["error"]["details"][0]["domain"], "a2a-protocol.org");
    assert!(!String::from_utf8_lossy(&response.body).contains("Partners"));
    assert_eq!(response.header("cache-control"), Some("no-store"));
}

/// (name, request target, header lines, expected status)
type Case = (&'static str, String, Vec<(&'static str, Vec<u8>)>, u16);

#[test]
fn each_alternative_alone_and_the_and_combination() {
    let server = server();
    let cases: Vec<Case> = vec![
        (
            "header key",
            REST.into(),
            vec![("X-API-Key", b"k1-header".to_vec())],
            200,
        ),
        (
            "query key (percent-encoded)",
            format!("{REST}?key=k2%20query"),
            vec![],
            200,
        ),
        (
            "query key (form-encoded)",
            format!("{REST}?a=1&key=k2+query"),
            vec![],
            200,
        ),
        (
            "cookie key",
            REST.into(),
            vec![("Cookie", b"theme=dark; session=k3cookie".to_vec())],
            200,
        ),
        (
            "basic and mtls",
            REST.into(),
            vec![
                ("Authorization", basic("alice:s3cret:with:colons")),
                ("x-test-client-certificate", b"1".to_vec()),
            ],
            200,
        ),
        (
            "basic without mtls",
            REST.into(),
            vec![("Authorization", basic("alice:s3cret:with:colons"))],
            401,
        ),
        (
            "mtls without basic",
            REST.into(),
            vec![("x-test-client-certificate", b"1".to_vec())],
            401,
        ),
        (
            "bearer with the scope",
            REST.into(),
            vec![("Authorization", b"Bearer read-token".to_vec())],
            200,
        ),
        (
            "bearer, scheme name in lower case",
            REST.into(),
            vec![("Authorization", b"bearer read-token".to_vec())],
            200,
        ),
        (
            "wrong header key",
            REST.into(),
            vec![("X-API-Key", b"k1-headerX".to_vec())],
            401,
        ),
        (
            "wrong password",
            REST.into(),
            vec![
                ("Authorization", basic("alice:wrong")),
                ("x-test-client-certificate", b"1".to_vec()),
            ],
            401,
        ),
        (
            "unknown user",
            REST.into(),
            vec![
                ("Authorization", basic("mallory:s3cret:with:colons")),
                ("x-test-client-certificate", b"1".to_vec()),
            ],
            401,
        ),
        (
            "header key sent as a query parameter",
            format!("{REST}?X-API-Key=k1-header"),
            vec![],
            401,
        ),
        (
            "header key sent as a bearer token",
            REST.into(),
            vec![("Authorization", b"Bearer k1-header".to_vec())],
            401,
        ),
        (
            "cookie key sent in a header",
            REST.into(),
            vec![("session", b"k3cookie".to_vec())],
            401,
        ),
        (
            "query key sent as a cookie",
            REST.into(),
            vec![("Cookie", b"key=k2 query".to_vec())],
            401,
        ),
        (
            "header key given twice",
            REST.into(),
            vec![
                ("X-API-Key", b"k1-header".to_vec()),
                ("X-API-Key", b"k1-header".to_vec()),
            ],
            401,
        ),
        (
            "two Authorization headers",
            REST.into(),
            vec![
                ("Authorization", b"Bearer read-token".to_vec()),
                ("Authorization", b"Bearer read-token".to_vec()),
            ],
            401,
        ),
        (
            "garbage Authorization",
            REST.into(),
            vec![("Authorization", b"Basic !!!not-base64".to_vec())],
            401,
        ),
        (
            "non-ASCII Authorization",
            REST.into(),
            vec![("Authorization", b"Bearer \xff\xfe".to_vec())],
            401,
        ),
    ];
    let mut failures = Vec::new();
    for (name, target, headers, status) in &cases {
        let headers: Vec<(&str, &[u8])> = headers.iter().map(|(n, v)| (*n, v.as_slice())).collect();
        let response = get(&server, target, &headers);
        if response.status != *status {
            failures.push(format!("{name}: got {}, want {status}", response.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bearer_failures_follow_rfc_6750() {
    let server = server();
    let unreadable = get(&server, REST, &[("Authorization", b"Bearer \xff\xfe")]);
    assert!(challenges(&unreadable).contains(&"Bearer realm=\"a2a\", error=\"invalid_token\""));
    let invalid = get(&server, REST, &[("Authorization", b"Bearer forged")]);
    assert_eq!(invalid.status, 401);
    assert!(challenges(&invalid).contains(&"Bearer realm=\"a2a\", error=\"invalid_token\""));
    let short = get(&server, REST, &[("Authorization", b"Bearer noscope-token")]);
    assert_eq!(short.status, 403);
    assert!(
        challenges(&short)
            .contains(&"Bearer realm=\"a2a\", error=\"insufficient_scope\", scope=\"cards.read\""),
        "{:?}",
        challenges(&short)
    );
    assert_eq!(short.json()["error"]["status"], "PERMISSION_DENIED");
}

#[test]
fn skills_are_filtered_per_caller_and_each_view_has_its_own_etag() {
    let server = server();
    let key = get(&server, REST, &[("X-API-Key", b"k1-header")]);
    let partner = get(&server, REST, &[("Authorization", b"Bearer partner-token")]);
    let operator = get(
        &server,
        REST,
        &[
            ("Authorization", &basic("alice:s3cret:with:colons")),
            ("x-test-client-certificate", b"1"),
        ],
    );
    assert_eq!(skill_ids(&key), ["route"]);
    assert_eq!(skill_ids(&partner), ["route", "depots"]);
    assert_eq!(skill_ids(&operator), ["route", "admin"]);
    for response in [&key, &partner, &operator] {
        assert!(response.etag_matches_body());
        assert_eq!(
            response.header("content-type"),
            Some("application/a2a+json")
        );
        assert_eq!(response.header("cache-control"), Some("private, no-cache"));
        let vary = response.header("vary").unwrap();
        for carrier in ["X-API-Key", "Cookie", "Authorization"] {
            assert!(vary.contains(carrier), "{vary}");
        }
    }
    assert_ne!(key.header("etag"), partner.header("etag"));
    assert!(String::from_utf8_lossy(&key.body).contains("Partners get depot planning"));
}

#[test]
fn conditional_get_works_after_authentication_and_never_before() {
    let server = server();
    let first = get(&server, REST, &[("X-API-Key", b"k1-header")]);
    let etag = first.header("etag").unwrap().as_bytes().to_vec();
    let revalidated = get(
        &server,
        REST,
        &[("X-API-Key", b"k1-header"), ("If-None-Match", &etag)],
    );
    assert_eq!(revalidated.status, 304);
    assert!(revalidated.body.is_empty());
    assert_eq!(revalidated.header("etag"), first.header("etag"));
    let anonymous = get(&server, REST, &[("If-None-Match", &etag)]);
    assert_eq!(anonymous.status, 401, "a 401 must never become a 304");
    let star = get(&server, REST, &[("If-None-Match", b"*")]);
    assert_eq!(star.status, 401);
    let failed_match = get(
        &server,
        REST,
        &[("X-API-Key", b"k1-header"), ("If-Match", b"\"other\"")],
    );
    assert_eq!(failed_match.status, 412);
}

#[test]
fn head_options_and_other_methods_on_the_rest_route() {
    let server = server();
    let head = server.request("HEAD", REST, &[("X-API-Key", b"k1-header")]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert!(head.header("content-length").is_some());
    assert_eq!(server.request("HEAD", REST, &[]).status, 401);
    let options = server.request("OPTIONS", REST, &[]);
    assert_eq!(options.status, 204);
    assert_eq!(options.header("allow"), Some("GET, HEAD, OPTIONS"));
    let post = server.request("POST", REST, &[("X-API-Key", b"k1-header")]);
    assert_eq!(post.status, 405);
}

#[test]
fn path_variants_never_serve_the_card_without_auth_nor_crash() {
    let server = server();
    // Other paths: the inner service's.
    for path in [
        "/rest/a/b/extendedAgentCard",
        "/rest/extendedAgentCard%00",
        "/rest/extendedAgentCardx",
        "/rest/%65xtendedAgentCardx",
        "/extendedAgentCard",
        "/rest/v2/card",
    ] {
        let response = get(&server, path, &[]);
        assert_eq!(response.status, 418, "{path} was not passed through");
        let with_key = get(&server, path, &[("X-API-Key", b"k1-header")]);
        assert_eq!(with_key.status, 418, "{path} was not passed through");
    }
    // The route to a server that merges slashes, ignores case or decodes more than RFC
    // 3986 allows: refused whoever asks, never passed on.
    for path in [
        "/rest/extendedAgentCard/",
        "//rest/extendedAgentCard",
        "/rest//extendedAgentCard",
        "/REST/extendedAgentCard",
        "/rest/ExtendedAgentCard",
        "/rest%2FextendedAgentCard",
        "/rest/%2565xtendedAgentCard",
        "/x/..%2Frest/extendedAgentCard",
        "/rest/extendedAgentCard;x",
    ] {
        for headers in [&[][..], &[("X-API-Key", &b"k1-header"[..])][..]] {
            let response = get(&server, path, headers);
            assert_eq!(response.status, 404, "{path}");
            assert_eq!(response.json()["error"]["code"], 404, "{path}");
        }
    }
    // A tenant segment is a route of its own, with the same protection.
    assert_eq!(
        get(&server, "/rest/acme/extendedAgentCard", &[]).status,
        401
    );
    assert_eq!(
        get(
            &server,
            "/rest/acme/extendedAgentCard",
            &[("X-API-Key", b"k1-header")]
        )
        .status,
        200
    );
}

#[test]
fn tenants_a_proxy_would_read_as_another_path_are_refused_with_404() {
    // `/rest/../extendedAgentCard` was tenant `..`: a normalising proxy in front sees
    // `/extendedAgentCard`, another path than the layer answered.
    let server = server();
    for tenant in [
        "..", ".", "%2e", "%2E", "%2E%2e", ".%2e", "a%2Fb", "%2f", "a%5Cb", "%5c", "%252e",
    ] {
        let path = format!("/rest/{tenant}/extendedAgentCard");
        for headers in [&[][..], &[("X-API-Key", &b"k1-header"[..])][..]] {
            let response = get(&server, &path, headers);
            assert_eq!(response.status, 404, "{path}");
            assert!(!response.body.is_empty() && response.json()["error"]["code"] == 404);
            assert!(
                !String::from_utf8_lossy(&response.body).contains("skills"),
                "{path}"
            );
        }
    }
    // A raw backslash is refused before it reaches the layer, or by it; never served.
    let response = get(
        &server,
        "/rest/a\\b/extendedAgentCard",
        &[("X-API-Key", b"k1-header")],
    );
    assert_ne!(response.status, 200);
    // Plain tenants, dots inside a name included, still work.
    for tenant in ["acme", "a.b", "%41cme"] {
        let path = format!("/rest/{tenant}/extendedAgentCard");
        let response = get(&server, &path, &[("X-API-Key", b"k1-header")]);
        assert_eq!(response.status, 200, "{path}");
    }
}

#[test]
fn the_v03_rest_route_serves_the_v03_rendering() {
    let server = server();
    assert_eq!(get(&server, "/legacy/v1/card", &[]).status, 401);
    let response = get(&server, "/legacy/v1/card", &[("X-API-Key", b"k1-header")]);
    assert_eq!(response.status, 200);
    let v03 = response.json();
    assert_eq!(v03["url"], "https://fleet.example.com/legacy");
    assert_eq!(v03["securitySchemes"]["apiKey"]["type"], "apiKey");
    assert!(response.etag_matches_body());
}

/// Each spelling of `path` with one of its characters (not a `/`) percent-encoded, in upper
/// and in lower case hex.
fn escaped_spellings(path: &str) -> Vec<String> {
    let mut spellings = Vec::new();
    for (at, byte) in path.bytes().enumerate().filter(|&(_, b)| b != b'/') {
        for hex in [format!("%{byte:02X}"), format!("%{byte:02x}")] {
            spellings.push(format!("{}{hex}{}", &path[..at], &path[at + 1..]));
        }
    }
    spellings
}

#[test]
fn every_escaped_spelling_of_a_route_is_that_route() {
    // RFC 3986 §6.2.2: `%72` is `r`. A server behind the layer that decodes paths (the
    // Python a2a-sdk's does) answers `/%72pc` as `/rpc`, so the layer must too.
    let server = server();
    let call = br#"{"jsonrpc":"2.0","id":9,"method":"GetExtendedAgentCard"}"#;
    for path in escaped_spellings("/rpc") {
        let refused = support::request(server.addr, "POST", &path, &[], call);
        assert_eq!(refused.status, 401, "{path}");
        assert_eq!(refused.json()["error"]["code"], -32000, "{path}");
        assert_eq!(refused.json()["id"], 9, "{path}");
        let key = [("X-API-Key", &b"k1-header"[..])];
        let answered = support::request(server.addr, "POST", &path, &key, call);
        assert_eq!(answered.json()["result"]["name"], "Fleet Router", "{path}");
    }
    let rest = [
        "/rest/extendedAgentCard",
        "/rest/acme/extendedAgentCard",
        "/legacy/v1/card",
    ];
    for path in rest.iter().flat_map(|p| escaped_spellings(p)) {
        let refused = get(&server, &path, &[]);
        assert_eq!(refused.status, 401, "{path}");
        assert!(!challenges(&refused).is_empty(), "{path}");
        assert!(
            !String::from_utf8_lossy(&refused.body).contains("skills"),
            "{path}"
        );
        let answered = get(&server, &path, &[("X-API-Key", b"k1-header")]);
        assert_eq!(answered.status, 200, "{path}");
        assert_eq!(answered.json()["name"], "Fleet Router", "{path}");
    }
    // Other JSON-RPC calls to an escaped spelling still reach the agent, as sent.
    let other = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage"}"#;
    let passed = support::request(server.addr, "POST", "/%72pc", &[], other);
    assert_eq!(passed.status, 418);
    assert_eq!(passed.header("x-inner-path"), Some("/%72pc"));
}

fn rpc(server: &TestServer, body: &[u8], headers: &[(&str, &[u8])]) -> RawResponse {
    support::request(server.addr, "POST", "/rpc", headers, body)
}

#[test]
fn jsonrpc_get_extended_agent_card() {
    let server = server();
    let call = br#"{"jsonrpc":"2.0","id":"req-7","method":"GetExtendedAgentCard"}"#;
    let anonymous = rpc(&server, call, &[]);
    assert_eq!(anonymous.status, 401);
    let error = anonymous.json();
    assert_eq!(error["id"], "req-7");
    assert_eq!(error["error"]["code"], -32000);
    assert!(!challenges(&anonymous).is_empty());

    let answered = rpc(&server, call, &[("X-API-Key", b"k1-header")]);
    assert_eq!(answered.status, 200);
    let answer = answered.json();
    assert_eq!(answer["jsonrpc"], "2.0");
    assert_eq!(answer["id"], "req-7");
    assert_eq!(answer["result"]["name"], "Fleet Router");
    assert_eq!(answer["result"]["skills"].as_array().unwrap().len(), 1);

    let v03 = rpc(
        &server,
        br#"{"jsonrpc":"2.0","id":3,"method":"agent/getAuthenticatedExtendedCard"}"#,
        &[("Authorization", b"Bearer partner-token")],
    );
    let v03 = v03.json();
    assert_eq!(v03["id"], 3);
    // v0.3 clients are sent to the card's 0.x interface (see AgentCard::to_v03).
    assert_eq!(v03["result"]["url"], "https://fleet.example.com/legacy");
    assert_eq!(v03["result"]["skills"].as_array().unwrap().len(), 2);
}

#[test]
fn no_spelling_of_the_call_slips_past_the_layer() {
    let server = server();
    // Duplicate keys (the last wins, as in most JSON parsers) and a byte order mark.
    for call in [
        &br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","method":"GetExtendedAgentCard"}"#[..],
        b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetExtendedAgentCard\"}",
    ] {
        let response = rpc(&server, call, &[]);
        assert_eq!(response.status, 401, "{}", String::from_utf8_lossy(call));
    }
    // A batch that contains the method is refused whole; the agent never sees it.
    let batch = br#"[{"jsonrpc":"2.0","id":1,"method":"SendMessage"},{"jsonrpc":"2.0","id":2,"method":"GetExtendedAgentCard"}]"#;
    for headers in [&[][..], &[("X-API-Key", &b"k1-header"[..])][..]] {
        let response = rpc(&server, batch, headers);
        assert_eq!(response.status, 400);
        assert_eq!(response.json()["error"]["code"], -32600);
    }
}

#[test]
fn other_jsonrpc_calls_reach_the_agent_byte_for_byte() {
    let server = server();
    let calls: Vec<Vec<u8>> = vec![
        br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"parts":[{"text":"hi"}]}}}"#.to_vec(),
        br#"[{"jsonrpc":"2.0","id":1,"method":"SendMessage"}]"#.to_vec(),
        b"".to_vec(),
        b"  42 ".to_vec(),
        br#"{"jsonrpc":"2.0","id":1}"#.to_vec(),
        // What lenient readers accept is read, and is not the extended-card call.
        br#"{"jsonrpc":"2.0","id":NaN,"method":"SendMessage","params":{"n":[NaN,-Infinity,1e999],"s":"\ud800"}}"#.to_vec(),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"params":{}{},"method":"SendMessage"}}"#,
            "[".repeat(300),
            "]".repeat(300)
        )
        .into_bytes(),
    ];
    for call in &calls {
        let response = rpc(&server, call, &[]);
        assert_eq!(
            response.status,
            418,
            "{}",
            String::from_utf8_lossy(&call[..call.len().min(60)])
        );
        assert_eq!(
            &response.body, call,
            "the body was changed on its way to the agent"
        );
        assert_eq!(response.header("x-inner-path"), Some("/rpc"));
    }
}

/// Bodies that a strict parse (serde_json) refuses and lenient readers (Python's `json`, as
/// under a2a-sdk) read as the extended-card call.
fn lenient_spellings() -> Vec<Vec<u8>> {
    let call = |params: &str| {
        format!(r#"{{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard","params":{params}}}"#)
            .into_bytes()
    };
    vec![
        call(r#"{"x":NaN}"#),
        call(r#"{"x":-Infinity}"#),
        call(r#"{"x":Infinity}"#),
        call(r#"{"x":1e999}"#),
        call(r#"{"s":"\ud800"}"#),
        call("{\"s\":\"raw\ttab\"}"),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"params":{}{},"method":"GetExtendedAgentCard"}}"#,
            "[".repeat(200),
            "]".repeat(200)
        )
        .into_bytes(),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"params":{}{},"method":"GetExtendedAgentCard"}}"#,
            r#"{"a":"#.repeat(150),
            "}".repeat(150)
        )
        .into_bytes(),
        br#"{"jsonrpc":"2.0","id":1,"method":"GetExtended\u0041gentCard"}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard",}"#.to_vec(),
        // A reader that keeps the first of repeated names sees the call.
        br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard","method":"SendMessage"}"#
            .to_vec(),
    ]
}

#[test]
fn lenient_spellings_of_the_call_are_read_as_the_call() {
    let server = server();
    for call in lenient_spellings() {
        let shown = String::from_utf8_lossy(&call[..call.len().min(80)]).into_owned();
        let anonymous = rpc(&server, &call, &[]);
        assert_eq!(anonymous.status, 401, "{shown}");
        assert_eq!(anonymous.json()["id"], 1, "{shown}");
        assert!(anonymous.header("x-inner-path").is_none(), "{shown}");
        let answered = rpc(&server, &call, &[("X-API-Key", b"k1-header")]);
        assert_eq!(answered.status, 200, "{shown}");
        assert_eq!(answered.json()["result"]["name"], "Fleet Router", "{shown}");
    }
}

/// Header lines of a request.
type Headers = Vec<(&'static str, &'static [u8])>;

/// Bodies whose method the layer cannot tell, and the headers they are sent with.
fn undecidable_calls() -> Vec<(Vec<u8>, Headers)> {
    let utf16: Vec<u8> = r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let plain = |body: &[u8]| (body.to_vec(), Vec::new());
    vec![
        plain(b"not json at all"),
        plain(br#"{'jsonrpc':'2.0','id':1,'method':'GetExtendedAgentCard'}"#),
        plain(br#"{"jsonrpc":"2.0","id":1,/* hi */"method":"GetExtendedAgentCard"}"#),
        plain(br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage"}{"method":"GetExtendedAgentCard"}"#),
        plain(br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard""#),
        plain(br#"{"jsonrpc":"2.0","id":1,"method":"GetExtended\qAgentCard"}"#),
        plain(&utf16),
        // Larger than the peek: the method may come after it.
        plain(
            format!(
                r#"{{"jsonrpc":"2.0","id":1,"params":{{"pad":"{}"}},"method":"GetExtendedAgentCard"}}"#,
                "x".repeat(70_000)
            )
            .as_bytes(),
        ),
        // Compressed: not inflated by the layer (the bytes need not even be gzip).
        (
            br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage"}"#.to_vec(),
            vec![("Content-Encoding", &b"gzip"[..])],
        ),
        (
            b"\x1f\x8b\x08\x00".to_vec(),
            vec![("Content-Encoding", &b"identity, br"[..])],
        ),
    ]
}

/// The v0.3 route under a v1.0 interface, and a tenant before the prefix: routes a backend
/// answers (the Python SDK does), so they need the card's security like the declared ones.
#[test]
fn routes_a_backend_serves_beyond_the_declared_ones_need_the_key() {
    let server = server();
    for path in [
        "/rest/v1/card",
        "/acme/rest/extendedAgentCard",
        "/acme/rest/t/extendedAgentCard",
        "/acme/rest/v1/card",
    ] {
        assert_eq!(get(&server, path, &[]).status, 401, "{path}");
        let answered = get(&server, path, &[("X-API-Key", b"k1-header")]);
        assert_eq!(answered.status, 200, "{path}");
        assert_eq!(answered.json()["name"], card("extended").name, "{path}");
    }
    // v1/card answers the v0.3 rendering, extendedAgentCard the v1.0 one.
    let v03 = get(&server, "/rest/v1/card", &[("X-API-Key", b"k1-header")]);
    assert!(v03.json().get("supportedInterfaces").is_none());
    assert!(v03.json().get("url").is_some());
}

#[test]
fn an_undecidable_call_needs_the_cards_security_by_default() {
    // The extended card's skills have requirements of their own (a bearer scope, basic with
    // a client certificate): an undecided call needs them too, so the card's key alone is
    // refused here, and reaches the agent with an extended card whose skills need nothing more.
    let strict = server();
    let mut plain_skills = card("extended");
    for skill in &mut plain_skills.skills {
        skill.security_requirements.clear();
    }
    let public = card("public");
    let server = server_with(
        ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(plain_skills)
            .build()
            .unwrap(),
    );
    for (call, headers) in undecidable_calls() {
        let shown = String::from_utf8_lossy(&call[..call.len().min(60)]).into_owned();
        let keyed = &[&headers[..], &[("X-API-Key", b"k1-header")]].concat();
        assert_eq!(rpc(&strict, &call, keyed).status, 401, "{shown}");
        let shown = String::from_utf8_lossy(&call[..call.len().min(60)]).into_owned();
        let anonymous = rpc(&server, &call, &headers);
        assert_eq!(anonymous.status, 401, "{shown}");
        assert_eq!(anonymous.json()["jsonrpc"], "2.0", "{shown}");
        assert!(!challenges(&anonymous).is_empty(), "{shown}");
        let wrong = rpc(
            &server,
            &call,
            &[&headers[..], &[("X-API-Key", b"k1-wrong")]].concat(),
        );
        assert_eq!(wrong.status, 401, "{shown}");
        let authenticated = rpc(
            &server,
            &call,
            &[&headers[..], &[("X-API-Key", b"k1-header")]].concat(),
        );
        assert_eq!(authenticated.status, 418, "{shown}");
        assert_eq!(authenticated.body, call, "changed on the way: {shown}");
    }
}

#[test]
fn an_undecidable_call_can_be_refused_or_passed_through() {
    use a2a_card::extended::UndecidedCall;
    let with = |policy| {
        let public = card("public");
        let layer = ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(card("extended"))
            .undecided_call(policy)
            .build()
            .unwrap();
        server_with(layer)
    };
    let refusing = with(UndecidedCall::Refuse);
    let passing = with(UndecidedCall::PassThrough);
    for (call, headers) in undecidable_calls() {
        let shown = String::from_utf8_lossy(&call[..call.len().min(60)]).into_owned();
        for key in [&b"k1-header"[..], b"k1-wrong"] {
            let all = [&headers[..], &[("X-API-Key", key)]].concat();
            let refused = rpc(&refusing, &call, &all);
            assert_eq!(refused.status, 400, "{shown}");
            assert_eq!(refused.json()["error"]["code"], -32600, "{shown}");
        }
        let passed = rpc(&passing, &call, &headers);
        assert_eq!(passed.status, 418, "{shown}");
        assert_eq!(passed.body, call, "{shown}");
    }
    // Decided calls are unaffected by the policy.
    let send = br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"x":NaN}}"#;
    assert_eq!(rpc(&refusing, send, &[]).status, 418);
    let card_call = &lenient_spellings()[0];
    assert_eq!(rpc(&passing, card_call, &[]).status, 401);
}

/// Sends `head` (a request without its body, or with part of it), then `trickle` one byte
/// at a time until the server answers or closes; returns what the server sent.
fn slow_request(addr: std::net::SocketAddr, head: &str, trickle: bool) -> Vec<u8> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    // Only against a hang of the test itself.
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let writer = trickle.then(|| {
        let mut writer = stream.try_clone().unwrap();
        std::thread::spawn(move || {
            while writer.write_all(b" ").is_ok() {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        })
    });
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let _ = stream.shutdown(std::net::Shutdown::Both);
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    raw
}

#[test]
fn a_body_that_does_not_arrive_gets_408_and_the_connection_is_closed() {
    use a2a_card::body::{BodyTimeout, PeekSettings};
    use std::time::Duration;
    let public = card("public");
    let timeout = BodyTimeout::new(Duration::from_millis(200), tokio::time::sleep);
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card("extended"))
        .peek(PeekSettings::default().timeout(timeout))
        .build()
        .unwrap();
    let server = server_with(layer);
    let head = |length: u32| {
        format!(
            "POST /rpc HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
        )
    };
    for (head, trickle) in [
        (head(100), false),
        (head(100) + "{\"jsonrpc\":", false),
        (head(10_000_000), true),
    ] {
        let raw = slow_request(server.addr, &head, trickle);
        let response = RawResponse::parse(&raw, false);
        assert_eq!(response.status, 408, "{head}");
        assert_eq!(response.header("connection"), Some("close"));
        assert_eq!(response.json()["error"]["code"], -32600);
        assert!(response.header("x-inner-path").is_none());
    }
    // A body that arrives is read as before.
    let call = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    assert_eq!(
        rpc(&server, call, &[("X-API-Key", b"k1-header")]).status,
        200
    );
}

#[test]
fn require_card_security_answers_408_when_a_refused_body_does_not_arrive() {
    use a2a_card::body::{BodyTimeout, PeekSettings};
    use a2a_card::security::RequireCardSecurityLayer;
    use std::time::Duration;
    let public = card("public");
    let timeout = BodyTimeout::new(Duration::from_millis(200), tokio::time::sleep);
    let guard = RequireCardSecurityLayer::builder(security(&public))
        .peek(PeekSettings::default().timeout(timeout))
        .build();
    let agent = tower::service_fn(|_req: Request<Incoming>| async {
        Ok::<_, Infallible>(Response::new(Full::new(Bytes::from_static(b"the agent"))))
    });
    let server = TestServer::start(guard.layer(agent));
    let head = "POST /rest/message:send HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n";
    let response = RawResponse::parse(&slow_request(server.addr, head, false), false);
    assert_eq!(response.status, 408);
    assert_eq!(response.header("connection"), Some("close"));
    assert_eq!(response.json()["error"]["status"], "DEADLINE_EXCEEDED");
    // A refusal whose body arrives is written as before, the id read by the tolerant walk.
    let call = br#"{"jsonrpc":"2.0","id":"n","method":"SendMessage","params":{"x":NaN}}"#;
    let refused = rpc(&server, call, &[]);
    assert_eq!(refused.status, 401);
    assert_eq!(refused.json()["id"], "n");
}

#[test]
fn without_the_capability_the_operation_is_unsupported() {
    let mut public = card("public");
    public.capabilities.extended_agent_card = None;
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .build()
        .unwrap();
    let server = server_with(layer);
    let rest = get(&server, REST, &[]);
    assert_eq!(rest.status, 400);
    assert_eq!(
        rest.json()["error"]["details"][0]["reason"],
        "UNSUPPORTED_OPERATION"
    );
    let rpc = rpc(
        &server,
        br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#,
        &[],
    );
    // JSON-RPC errors go with HTTP 200, as the SDKs send them and their clients read them.
    assert_eq!(rpc.status, 200);
    assert_eq!(rpc.json()["error"]["code"], -32004);
}

#[test]
fn declared_but_not_configured_answers_after_authentication() {
    let public = card("public");
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .without_extended_card()
        .build()
        .unwrap();
    let server = server_with(layer);
    assert_eq!(get(&server, REST, &[]).status, 401);
    let rest = get(&server, REST, &[("X-API-Key", b"k1-header")]);
    assert_eq!(rest.status, 400);
    assert_eq!(
        rest.json()["error"]["details"][0]["reason"],
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED"
    );
    let rpc = rpc(
        &server,
        br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#,
        &[("X-API-Key", b"k1-header")],
    );
    assert_eq!(rpc.json()["error"]["code"], -32007);
}

#[test]
fn not_configured_without_security_answers_every_caller_on_the_card_routes() {
    let public = card("public");
    let server = server_with(ExtendedCardLayer::not_configured(&public).build().unwrap());
    for headers in [&[][..], &[("X-API-Key", &b"k1-header"[..])][..]] {
        let rest = get(&server, REST, headers);
        assert_eq!(rest.status, 400);
        let error = rest.json()["error"].clone();
        assert_eq!(error["code"], 400);
        assert_eq!(error["status"], "FAILED_PRECONDITION");
        assert_eq!(
            error["details"][0]["reason"],
            "EXTENDED_AGENT_CARD_NOT_CONFIGURED"
        );
        assert_eq!(error["details"][0]["domain"], "a2a-protocol.org");
        let rpc = rpc(
            &server,
            br#"{"jsonrpc":"2.0","id":"n-1","method":"GetExtendedAgentCard"}"#,
            headers,
        );
        assert_eq!(rpc.status, 200);
        let answer = rpc.json();
        assert_eq!(answer["id"], "n-1");
        assert_eq!(answer["error"]["code"], -32007);
    }
    // Everything else still reaches the agent.
    let other = rpc(
        &server,
        br#"{"jsonrpc":"2.0","id":1,"method":"SendMessage"}"#,
        &[],
    );
    assert_eq!(other.status, 418);
    assert_eq!(get(&server, "/rest/message:send", &[]).status, 418);

    let mut undeclared = public.clone();
    undeclared.capabilities.extended_agent_card = None;
    let server = server_with(
        ExtendedCardLayer::not_configured(&undeclared)
            .build()
            .unwrap(),
    );
    assert_eq!(
        get(&server, REST, &[]).json()["error"]["details"][0]["reason"],
        "UNSUPPORTED_OPERATION"
    );
    let mut grpc_only = public;
    grpc_only
        .supported_interfaces
        .retain(|i| i.protocol_binding == "GRPC");
    // No HTTP route; with the `grpc` feature the gRPC service is one (docs/grpc.md).
    let built = ExtendedCardLayer::not_configured(&grpc_only).build();
    if cfg!(feature = "grpc") {
        assert!(built.is_ok());
    } else {
        assert!(matches!(built.unwrap_err(), ExtendedError::NoRoutes));
    }
}

#[test]
fn build_refusals() {
    let public = card("public");
    let err = |layer: Result<ExtendedCardLayer, ExtendedError>| layer.unwrap_err().to_string();
    assert!(
        err(ExtendedCardLayer::builder(&public, security(&public)).build())
            .contains("no extended card")
    );
    let mut undeclared = public.clone();
    undeclared.capabilities.extended_agent_card = Some(false);
    assert!(
        err(ExtendedCardLayer::builder(&undeclared, security(&public))
            .extended_card(card("extended"))
            .build())
        .contains("does not set capabilities.extendedAgentCard")
    );
    assert!(
        err(ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(card("extended"))
            .cache_control(http::HeaderValue::from_static("public, max-age=600"))
            .build())
        .contains("shared caches")
    );
    let mut unroutable = public.clone();
    unroutable.supported_interfaces[1].url = "fleet.example.com/rest".into();
    assert!(
        err(ExtendedCardLayer::builder(&unroutable, security(&public))
            .extended_card(card("extended"))
            .build())
        .contains("/supportedInterfaces/1/url")
    );
    let mut broken = card("extended");
    broken.skills[0].tags.clear();
    assert!(
        err(ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(broken)
            .build())
        .contains("/skills/0/tags")
    );
    let mut stranger = card("extended");
    stranger.skills[1].security_requirements[0].schemes.clear();
    stranger.skills[1].security_requirements[0]
        .schemes
        .insert("partnerOnly".into(), Default::default());
    stranger.security_schemes.insert(
        "partnerOnly".into(),
        a2a_card::SecurityScheme::http("Bearer"),
    );
    assert!(
        err(ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(stranger)
            .build())
        .contains("partnerOnly")
    );
}

#[test]
fn card_security_fails_closed() {
    let public = card("public");
    let missing = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k"]).unwrap())
        .build()
        .unwrap_err();
    assert!(
        matches!(missing, SecurityError::MissingVerifier(_)),
        "{missing}"
    );
    let misfit = CardSecurity::builder(&public)
        .verifier("apiKey", BasicUsers::new(["a:b"]).unwrap())
        .build()
        .unwrap_err();
    assert!(misfit.to_string().contains("\"apiKey\""), "{misfit}");
    // One name, one scheme: the extended card may not redefine where a key is read.
    let mut redefined = card("extended");
    redefined.security_schemes.insert(
        "apiKey".into(),
        serde_json::from_value(
            json!({"apiKeySecurityScheme": {"location": "query", "name": "key"}}),
        )
        .unwrap(),
    );
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k"]).unwrap())
        .verifier("queryKey", ApiKeys::new(["k"]).unwrap())
        .verifier("cookieKey", ApiKeys::new(["k"]).unwrap())
        .verifier("basic", BasicUsers::new(["a:b"]).unwrap())
        .verifier("bearer", Bearer::new(Tokens))
        .verifier("mtls", MutualTls)
        .build()
        .unwrap();
    let conflict = ExtendedCardLayer::builder(&public, security)
        .extended_card(redefined)
        .build()
        .unwrap_err();
    assert!(
        matches!(&conflict, ExtendedError::SkillSecurity(SecurityError::ConflictingScheme(name)) if name == "apiKey"),
        "{conflict}"
    );
    let mut open = public.clone();
    open.security_requirements.clear();
    assert_eq!(
        CardSecurity::builder(&open).build().unwrap_err(),
        SecurityError::NoRequirements
    );
    let mut empty = public.clone();
    empty.security_requirements[0].schemes.clear();
    assert!(matches!(
        CardSecurity::builder(&empty).build().unwrap_err(),
        SecurityError::EmptyRequirement(ref p) if p == "/securityRequirements/0"
    ));
}

#[test]
fn require_card_security_guards_any_route_with_the_auth_context() {
    use a2a_card::security::{AuthContext, ErrorStyle, RequireCardSecurityLayer};
    let public = card("public");
    let guarded = RequireCardSecurityLayer::builder(security(&public))
        .style(ErrorStyle::JsonRpc)
        .build()
        .layer(tower::service_fn(|request: Request<String>| async move {
            let auth = request.extensions().get::<AuthContext>().cloned().unwrap();
            Ok::<_, Infallible>(Response::new(
                json!({"subject": auth.subject, "schemes": auth.schemes}).to_string(),
            ))
        }));
    let run = |request: Request<String>| {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(guarded.clone().oneshot(request))
            .unwrap()
    };
    let refused = run(Request::post("/rpc").body(String::new()).unwrap());
    assert_eq!(refused.status(), 401);
    let body = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(refused.into_body().collect())
        .unwrap()
        .to_bytes();
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["error"]["code"], -32000);
    let allowed = run(Request::post("/rpc")
        .header("Authorization", "Bearer partner-token")
        .body(String::new())
        .unwrap());
    assert_eq!(allowed.status(), 200);
}

/// `RequireCardSecurityLayer` on the agent's own routes, under the extended-card layer, as the
/// README stacks them: no style given, undecided calls passed on to the guard.
fn guarded_agent(style: Option<a2a_card::security::ErrorStyle>) -> TestServer {
    use a2a_card::security::RequireCardSecurityLayer;
    let public = card("public");
    let mut guard = RequireCardSecurityLayer::builder(security(&public));
    if let Some(style) = style {
        guard = guard.style(style);
    }
    let guard = guard.build();
    // The agent's route has its own guard: calls the layer cannot read pass on to it.
    let extended = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card("extended"))
        .undecided_call(a2a_card::extended::UndecidedCall::PassThrough)
        .build()
        .unwrap();
    TestServer::start(with_test_certificates(
        extended.layer(guard.layer(tower::service_fn(inner))),
    ))
}

#[test]
fn require_card_security_answers_jsonrpc_requests_in_jsonrpc_style_with_their_id() {
    let server = guarded_agent(None);
    let send = br#"{"jsonrpc":"2.0","id":"send-9","method":"SendMessage","params":{}}"#;
    let refused = rpc(&server, send, &[]);
    assert_eq!(refused.status, 401);
    assert!(!challenges(&refused).is_empty());
    let body = refused.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["id"], "send-9");
    assert_eq!(body["error"]["code"], -32000);
    assert_eq!(body["error"]["data"][0]["reason"], "UNAUTHENTICATED");
    // The extended-card layer's own 401 echoes the id the same way.
    let card_call = br#"{"jsonrpc":"2.0","id":7,"method":"GetExtendedAgentCard"}"#;
    assert_eq!(rpc(&server, card_call, &[]).json()["id"], 7);
    // A batch: JSON-RPC style, no single id to echo.
    let batch = rpc(
        &server,
        br#"[{"jsonrpc":"2.0","id":1,"method":"SendMessage"}]"#,
        &[],
    );
    assert_eq!(batch.status, 401);
    assert_eq!(batch.json()["jsonrpc"], "2.0");
    assert_eq!(batch.json()["id"], Value::Null);
    // With credentials, the agent gets the request byte for byte.
    let allowed = rpc(&server, send, &[("X-API-Key", b"k1-header")]);
    assert_eq!(allowed.status, 418);
    assert_eq!(allowed.body, send);

    // Anything that is not a JSON-RPC request gets the HTTP+JSON binding's error.
    let rest_send = support::request(
        server.addr,
        "POST",
        "/rest/message:send",
        &[("Content-Type", b"application/json")],
        br#"{"message":{"parts":[{"text":"hi"}]}}"#,
    );
    assert_eq!(rest_send.status, 401);
    assert_eq!(rest_send.json()["error"]["status"], "UNAUTHENTICATED");
    let get_task = get(&server, "/rest/tasks/1", &[]);
    assert_eq!(get_task.json()["error"]["code"], 401);
    for body in [&b"not json"[..], b"", b"{\"id\":1}"] {
        let response = rpc(&server, body, &[]);
        assert_eq!(response.status, 401);
        assert_eq!(response.json()["error"]["status"], "UNAUTHENTICATED");
    }
}

#[test]
fn a_fixed_jsonrpc_style_still_echoes_the_id() {
    let server = guarded_agent(Some(a2a_card::security::ErrorStyle::JsonRpc));
    let call = br#"{"jsonrpc":"2.0","id":[1],"method":"SendMessage"}"#;
    assert_eq!(rpc(&server, call, &[]).json()["id"], json!([1]));
    let unreadable = get(&server, "/rest/tasks/1", &[]);
    assert_eq!(unreadable.json()["jsonrpc"], "2.0");
    assert_eq!(unreadable.json()["id"], Value::Null);
    let server = guarded_agent(Some(a2a_card::security::ErrorStyle::Rest));
    let rest = rpc(&server, call, &[]);
    assert_eq!(rest.json()["error"]["status"], "UNAUTHENTICATED");
}

/// The extended card with `groups` skills, each needing its own bearer scope (one group each).
#[cfg(any(feature = "sign", feature = "compression"))]
fn with_groups(groups: usize) -> AgentCard {
    let mut extended = card("extended");
    let template = extended.skills[0].clone();
    extended.skills = (0..groups)
        .map(|n| {
            let mut skill = template.clone();
            skill.id = format!("skill-{n}");
            skill.security_requirements = serde_json::from_value(
                json!([{"schemes": {"bearer": {"list": [format!("scope-{n}")]}}}]),
            )
            .unwrap();
            skill
        })
        .collect();
    extended
}

#[cfg(feature = "sign")]
#[test]
fn a_signer_with_more_views_than_are_built_up_front_is_refused() {
    use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    let public = card("public");
    let mut extended = with_groups(7);
    let signer = || CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k");
    let build = |card: AgentCard| {
        ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(card)
            .sign_with(signer())
            .build()
    };
    let err = build(extended.clone()).unwrap_err();
    assert!(
        matches!(err, ExtendedError::TooManySignedViews { groups: 7, max: 6 }),
        "{err}"
    );
    // Six distinct lists (64 views) are signed up front.
    extended.skills.pop();
    assert!(build(extended.clone()).is_ok());
    extended.skills.push(extended.skills[0].clone());
    extended.skills[6].id = "again".into();
    assert!(build(extended).is_ok(), "a repeated list is the same group");
}

/// The body as a client reads it, decoded by its `Content-Encoding`.
#[cfg(feature = "compression")]
fn decoded(response: &RawResponse) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    match response.header("content-encoding") {
        None => out.clone_from(&response.body),
        Some("gzip") => flate2::read::GzDecoder::new(&response.body[..])
            .read_to_end(&mut out)
            .map(drop)
            .unwrap(),
        Some("br") => brotli::Decompressor::new(&response.body[..], 4096)
            .read_to_end(&mut out)
            .map(drop)
            .unwrap(),
        Some(other) => panic!("unexpected Content-Encoding {other}"),
    }
    out
}

#[cfg(feature = "compression")]
#[test]
fn rest_views_are_precompressed_and_jsonrpc_results_stay_identity() {
    let server = server();
    let key: (&str, &[u8]) = ("X-API-Key", b"k1-header");
    let partner: (&str, &[u8]) = ("Authorization", b"Bearer partner-token");
    for (caller, route) in [(key, REST), (partner, REST), (key, "/legacy/v1/card")] {
        let identity = get(&server, route, &[caller]);
        assert!(!identity.has("content-encoding"));
        for coding in ["gzip", "br"] {
            let encoded = get(
                &server,
                route,
                &[caller, ("Accept-Encoding", coding.as_bytes())],
            );
            assert_eq!(encoded.status, 200);
            assert_eq!(encoded.header("content-encoding"), Some(coding));
            assert!(encoded.etag_matches_body(), "{route} {coding}");
            assert_ne!(encoded.header("etag"), identity.header("etag"));
            assert_eq!(decoded(&encoded), identity.body, "{route} {coding}");
            let vary = encoded.header("vary").unwrap();
            assert!(
                vary.ends_with(", Accept-Encoding") && vary.contains("X-API-Key"),
                "{vary}"
            );
            // Revalidation against the coding's own ETag, after authentication.
            let tag = encoded.header("etag").unwrap().as_bytes().to_vec();
            let accept = ("Accept-Encoding", coding.as_bytes());
            let again = get(
                &server,
                route,
                &[caller, accept, ("If-None-Match", &tag[..])],
            );
            assert_eq!(again.status, 304);
            assert_eq!(again.header("vary"), Some(vary));
            let other = get(&server, route, &[caller, ("If-None-Match", &tag[..])]);
            assert_eq!(other.status, 200, "identity asked with the {coding} ETag");
            assert_eq!(other.body, identity.body);
            let anonymous = get(&server, route, &[accept, ("If-None-Match", &tag[..])]);
            assert_eq!(anonymous.status, 401);
        }
    }
    let call = br#"{"jsonrpc":"2.0","id":9,"method":"GetExtendedAgentCard"}"#;
    let answered = rpc(&server, call, &[key, ("Accept-Encoding", b"gzip, br")]);
    assert_eq!(answered.status, 200);
    assert!(!answered.has("content-encoding"));
    assert_eq!(answered.json()["id"], 9);
    assert!(!answered.header("vary").unwrap().contains("Accept-Encoding"));
}

#[cfg(feature = "compression")]
#[test]
fn views_built_when_first_asked_for_are_compressed_and_the_switch_turns_it_off() {
    let public = card("public");
    // Seven groups: more views than are built with the layer.
    let extended = with_groups(7);
    let build = |on: bool| {
        let layer = ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(extended.clone())
            .precompress(on)
            .build()
            .unwrap();
        server_with(layer)
    };
    let caller: (&str, &[u8]) = ("X-API-Key", b"k1-header");
    let gzip: (&str, &[u8]) = ("Accept-Encoding", b"gzip");
    let server = build(true);
    let identity = get(&server, REST, &[caller]);
    let first = get(&server, REST, &[caller, gzip]);
    let cached = get(&server, REST, &[caller, gzip]);
    assert_eq!(first.header("content-encoding"), Some("gzip"));
    assert!(first.etag_matches_body());
    assert_eq!(decoded(&first), identity.body);
    assert_eq!(
        (&first.body, first.header("etag")),
        (&cached.body, cached.header("etag"))
    );

    let off = build(false);
    let plain = get(&off, REST, &[caller, ("Accept-Encoding", b"gzip, br")]);
    assert!(!plain.has("content-encoding"));
    assert_eq!(plain.body, identity.body);
    assert!(!plain.header("vary").unwrap().contains("Accept-Encoding"));
}

/// HTTP Basic over a real socket with passwords that hold colons (RFC 7617 §2: the user-id
/// cannot contain a colon, the password can): the caller is named by what comes before the
/// first colon (`a:b:c` is the user `a` with the password `b:c`, never the user `a:b` with
/// the password `c`), a password may end in a colon or be only colons, and every near miss
/// (one character off, a colon more or less, a half alone) is refused. An empty password
/// cannot be configured.
#[test]
fn basic_users_end_at_the_first_colon_and_every_near_miss_is_refused() {
    use a2a_card::security::SecurityError;
    let mut public = card("public");
    public.security_requirements =
        serde_json::from_value(json!([{"schemes": {"basic": {}}}])).unwrap();
    let users = BasicUsers::new(["a:b:c", "dave:pw:", "u:::", "erin:x"]).unwrap();
    let security = CardSecurity::builder(&public)
        .verifier("basic", users)
        .build()
        .unwrap();
    let server = whoami::guarded_whoami(security);
    let send = |pair: &str| server.request("GET", "/a2a", &[("Authorization", &basic(pair))]);
    let mut failures = Vec::new();
    for (pair, user) in [
        ("a:b:c", "a"),
        ("dave:pw:", "dave"),
        ("u:::", "u"),
        ("erin:x", "erin"),
    ] {
        let response = send(pair);
        if response.status != 200 || response.json()["subject"] != user {
            failures.push(format!("{pair}: {} {:?}", response.status, response.body));
        }
    }
    for near_miss in [
        "a:b:d",
        "a:b:C",
        "a:c:c",
        "A:b:c",
        "b:b:c",
        "a:b",
        "a:c",
        "b:c",
        "a:b:c:",
        "a::b:c",
        "a:b::c",
        ":a:b:c",
        "a:b:c ",
        " a:b:c",
        "a:bc",
        "ab:c",
        "a",
        "a:",
        ":b:c",
        "dave:pw",
        "dave:pw::",
        "dave:",
        "dave:pw:x",
        "u::",
        "u::::",
        "u:",
        "erin:",
        "erin:x:",
        "erin:y",
        "erin:xx",
        "erin:X",
    ] {
        let response = send(near_miss);
        if response.status != 401 {
            failures.push(format!("{near_miss}: {}", response.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // No user-id before the colon, or no password after it: refused when configured.
    for bad in ["frank:", ":b:c", ":", "frank"] {
        let built = BasicUsers::new([bad]);
        assert!(
            matches!(built, Err(SecurityError::MalformedUser)),
            "{bad}: {built:?}"
        );
    }
}

/// An extended card whose skills need: nothing (`route`), one of two API keys (`either`, an
/// OR), Basic and a client certificate together (`pair`, an AND), a bearer token with two
/// scopes (`scoped`), or a query key with a partner token, else the cookie key (`mixed`).
fn card_with_skill_requirements() -> AgentCard {
    let mut card = serde_json::to_value(card("extended")).unwrap();
    let skill = |id: &str, requirements: Value| {
        json!({"id": id, "name": id, "description": format!("The {id} skill."), "tags": ["t"],
               "securityRequirements": requirements})
    };
    card["skills"] = json!([
        skill("route", json!([])),
        skill(
            "either",
            json!([{"schemes": {"apiKey": {}}}, {"schemes": {"cookieKey": {}}}])
        ),
        skill("pair", json!([{"schemes": {"basic": {}, "mtls": {}}}])),
        skill(
            "scoped",
            json!([{"schemes": {"bearer": {"list": ["partner", "fleet"]}}}])
        ),
        skill(
            "mixed",
            json!([
                {"schemes": {"queryKey": {}, "bearer": {"list": ["partner"]}}},
                {"schemes": {"cookieKey": {}}}
            ])
        ),
    ]);
    AgentCard::from_value(card).unwrap().card
}

/// Each caller sees exactly the skills whose own requirements it meets: either alternative
/// of an OR, both parts of an AND (one part alone, or one with a wrong password, shows
/// nothing), every scope of a list (a token short of one scope is authenticated but does not
/// see the skill), over the REST and the JSON-RPC route alike.
#[test]
fn a_caller_sees_exactly_the_skills_whose_requirements_it_meets() {
    let public = card("public");
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card_with_skill_requirements())
        .build()
        .unwrap();
    let server = server_with(layer);
    type Line = (&'static str, Vec<u8>);
    let line = |name: &'static str, value: &[u8]| -> Line { (name, value.to_vec()) };
    let key = line("X-API-Key", b"k1-header");
    let cookie = line("Cookie", b"session=k3cookie");
    let user = line("Authorization", &basic("alice:s3cret:with:colons"));
    let wrong_password = line("Authorization", &basic("alice:s3cret:with:colon"));
    let certificate = line("x-test-client-certificate", b"1");
    let bearer = |t: &str| line("Authorization", format!("Bearer {t}").as_bytes());
    let partner = bearer("partner-token");
    let fleet = bearer("fleet-token");
    let both = bearer("partner-fleet-token");
    let read = bearer("read-token");
    let query = "?key=k2%20query";
    // (caller, query string, header lines, the skills it must see)
    let cases: Vec<(&str, &str, Vec<Line>, &[&str])> = vec![
        ("header key", "", vec![key.clone()], &["route", "either"]),
        (
            "cookie key",
            "",
            vec![cookie.clone()],
            &["route", "either", "mixed"],
        ),
        (
            "header key and Basic",
            "",
            vec![key.clone(), user.clone()],
            &["route", "either"],
        ),
        (
            "header key and certificate",
            "",
            vec![key.clone(), certificate.clone()],
            &["route", "either"],
        ),
        (
            "header key, Basic and certificate",
            "",
            vec![key.clone(), user.clone(), certificate.clone()],
            &["route", "either", "pair"],
        ),
        (
            "header key, wrong password and certificate",
            "",
            vec![key.clone(), wrong_password, certificate.clone()],
            &["route", "either"],
        ),
        (
            "Basic and certificate",
            "",
            vec![user, certificate],
            &["route", "pair"],
        ),
        ("partner token", "", vec![partner.clone()], &["route"]),
        ("fleet token", "", vec![fleet.clone()], &["route"]),
        (
            "partner and fleet token",
            "",
            vec![both.clone()],
            &["route", "scoped"],
        ),
        ("read token", "", vec![read.clone()], &["route"]),
        ("query key", query, vec![], &["route"]),
        (
            "query key and partner token",
            query,
            vec![partner],
            &["route", "mixed"],
        ),
        ("query key and read token", query, vec![read], &["route"]),
        ("query key and fleet token", query, vec![fleet], &["route"]),
        (
            "query key and partner and fleet token",
            query,
            vec![both],
            &["route", "scoped", "mixed"],
        ),
        (
            "query and cookie key",
            query,
            vec![cookie],
            &["route", "either", "mixed"],
        ),
    ];
    let mut failures = Vec::new();
    for (caller, query, headers, expected) in &cases {
        let headers: Vec<(&str, &[u8])> = headers.iter().map(|(n, v)| (*n, v.as_slice())).collect();
        let rest = get(&server, &format!("{REST}{query}"), &headers);
        let call = json!({"jsonrpc": "2.0", "id": 7, "method": "GetExtendedAgentCard"}).to_string();
        let rpc = support::request(
            server.addr,
            "POST",
            &format!("/rpc{query}"),
            &headers,
            call.as_bytes(),
        );
        let rpc_skills: Vec<String> = rpc.json()["result"]["skills"]
            .as_array()
            .map(|skills| {
                skills
                    .iter()
                    .map(|s| s["id"].as_str().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default();
        if rest.status != 200 || skill_ids(&rest) != *expected || rpc_skills != *expected {
            failures.push(format!(
                "{caller}: REST {} {:?}, JSON-RPC {rpc_skills:?}, want {expected:?}",
                rest.status,
                rest.json()["skills"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The signatures a served view carries, each checked as a detached JWS over the RFC 8785
/// form of exactly the bytes served (without `signatures`), against `keys`; `Err` names the
/// first that fails. `Ok` holds the kid of each.
#[cfg(feature = "sign")]
fn served_signatures(
    body: &[u8],
    keys: &a2a_card::sign::CardVerifier,
) -> Result<Vec<String>, String> {
    let mut view: Value = serde_json::from_slice(body).unwrap();
    let signatures = view.as_object_mut().unwrap().remove("signatures");
    let payload = a2a_card::sign::canonicalize(&view);
    let signatures = signatures.map_or(Vec::new(), |s| s.as_array().unwrap().clone());
    signatures
        .iter()
        .map(|s| {
            let jws = format!(
                "{}..{}",
                s["protected"].as_str().unwrap(),
                s["signature"].as_str().unwrap()
            );
            keys.verify_detached(&jws, &payload)
                .map(|verified| verified.kid)
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// A signed extended card's views over a real socket. With `sign_with`, the view showing
/// every skill of a card that arrived signed keeps the card's own signature, and each view
/// that leaves skills out carries one signature of the layer's key that verifies for exactly
/// its bytes, and for no other view's. Without `sign_with`, a filtered view carries no
/// signature at all (the card's own covers skills the view does not show). An unsigned card
/// has every view signed by the layer.
#[cfg(feature = "sign")]
#[test]
fn each_filtered_view_of_a_signed_card_carries_a_signature_of_its_own_bytes_only() {
    use a2a_card::sign::{
        Algorithm, CardSigner, CardVerifier, PayloadForm, SigningKey, TrustStore,
    };
    let public = card("public");
    // One signature per view, in the spec's form: this test is about views, not payload forms
    // (sign_interop checks that every form is signed and verified).
    let card_key = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "card-key")
        .only_form(PayloadForm::Spec);
    // The layer takes its signer; each layer gets one of the same key.
    let view_pem = SigningKey::generate(Algorithm::Es256)
        .unwrap()
        .to_pkcs8_pem()
        .unwrap();
    let view_key = || {
        CardSigner::new(SigningKey::from_pkcs8_pem(&view_pem).unwrap(), "view-key")
            .only_form(PayloadForm::Spec)
    };
    let both_keys = CardVerifier::new(
        TrustStore::new()
            .with_key(card_key.trusted_key())
            .with_key(view_key().trusted_key()),
    );
    // `admin` needs the header key and a client certificate (no `Authorization`, so one
    // caller can meet every skill's requirements together with the partner token).
    let mut extended = serde_json::to_value(card("extended")).unwrap();
    extended["skills"][2]["securityRequirements"] =
        json!([{"schemes": {"apiKey": {}, "mtls": {}}}]);
    let extended = AgentCard::from_value(extended).unwrap().card;
    let presigned = card_key.sign(&extended).unwrap();
    let key: (&str, &[u8]) = ("X-API-Key", b"k1-header");
    let certificate: (&str, &[u8]) = ("x-test-client-certificate", b"1");
    let partner: (&str, &[u8]) = ("Authorization", b"Bearer partner-token");
    /// The skills a caller sees and the header lines it sends.
    type Caller<'a> = (&'a [&'a str], Vec<(&'a str, &'a [u8])>);
    // One caller per view.
    let callers: [Caller; 4] = [
        (&["route"], vec![key]),
        (&["route", "depots"], vec![partner]),
        (&["route", "admin"], vec![key, certificate]),
        (
            &["route", "depots", "admin"],
            vec![key, certificate, partner],
        ),
    ];
    let views = |extended: &AgentCard, signer: Option<CardSigner>| -> Vec<Vec<u8>> {
        let mut builder =
            ExtendedCardLayer::builder(&public, security(&public)).extended_card(extended.clone());
        if let Some(signer) = signer {
            builder = builder.sign_with(signer);
        }
        let server = server_with(builder.build().unwrap());
        callers
            .iter()
            .map(|(skills, headers)| {
                let response = get(&server, REST, headers);
                assert_eq!(response.status, 200, "{skills:?}");
                assert_eq!(skill_ids(&response), *skills);
                assert_eq!(
                    get(&server, REST, headers).body,
                    response.body,
                    "{skills:?}"
                );
                response.body
            })
            .collect()
    };
    let kids = |body: &[u8]| served_signatures(body, &both_keys);
    let mut failures = Vec::new();

    // A signed card and the layer's key.
    let served = views(&presigned, Some(view_key()));
    let want = ["view-key", "view-key", "view-key", "card-key"];
    for (body, (want, (skills, _))) in served.iter().zip(want.iter().zip(&callers)) {
        if kids(body) != Ok(vec![want.to_string()]) {
            failures.push(format!(
                "signed card, {skills:?}: {:?}, want {want}",
                kids(body)
            ));
        }
    }
    // A view's signature moved onto another view's bytes verifies for none of them.
    let view_of = |body: &[u8]| -> Value { serde_json::from_slice(body).unwrap() };
    for (i, from) in served.iter().enumerate() {
        for (j, onto) in served.iter().enumerate() {
            if i == j {
                continue;
            }
            let mut moved = view_of(onto);
            moved["signatures"] = view_of(from)["signatures"].clone();
            if kids(moved.to_string().as_bytes()).is_ok() {
                failures.push(format!("the signature of view {i} verifies on view {j}"));
            }
        }
    }

    // A signed card without a key to sign views with: filtered views carry no signature.
    let served = views(&presigned, None);
    let want: [&[&str]; 4] = [&[], &[], &[], &["card-key"]];
    for (body, (want, (skills, _))) in served.iter().zip(want.iter().zip(&callers)) {
        if kids(body) != Ok(want.iter().map(|k| k.to_string()).collect()) {
            failures.push(format!(
                "no key, {skills:?}: {:?}, want {want:?}",
                kids(body)
            ));
        }
    }

    // An unsigned card: every view signed by the layer.
    for (body, (skills, _)) in views(&extended, Some(view_key())).iter().zip(&callers) {
        if kids(body) != Ok(vec!["view-key".to_owned()]) {
            failures.push(format!("unsigned card, {skills:?}: {:?}", kids(body)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
