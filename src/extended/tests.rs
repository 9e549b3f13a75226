//! Unit tests of the extended-card layer as a whole (issue 23, cargo-mutants run 7): the
//! builder's checks, the REST and JSON-RPC routes and their answers, what passes to the
//! inner service (byte for byte), the body the inner service receives, readiness and the
//! future. The integration tests (`tests/extended_http.rs`) cover the same ground over
//! HTTP; these run with `--lib`, so a mutation of this module fails a unit test.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderMap, Request, Response};
use http_body::{Body, Frame, SizeHint};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::{Layer, Service, ServiceExt};

use super::{ExtendedCardLayer, ExtendedError, RequestBody, UndecidedCall};
use crate::AgentCard;
use crate::body::{BodyBudget, BodyTimeout, PeekSettings};
use crate::security::{ApiKeys, CardSecurity, SecurityError};

const EXTENDED: &str = "Only partners read this.";

/// The example card: JSON-RPC at `/a2a/v1`, HTTP+JSON at `/a2a/rest`, an API key in
/// `X-API-Key`, `capabilities.extendedAgentCard` true.
fn public() -> AgentCard {
    crate::__doctest::example_card()
}

fn extended() -> AgentCard {
    let mut card = public();
    card.description = EXTENDED.to_owned();
    card
}

fn security(card: &AgentCard) -> CardSecurity {
    CardSecurity::builder(card)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .build()
        .unwrap()
}

/// Declares in `card` an API-key scheme `name`, read from the header `header`.
fn add_api_key_scheme(card: &mut AgentCard, name: &str, header: &str) {
    let scheme = json!({"apiKeySecurityScheme": {"location": "header", "name": header}});
    card.security_schemes
        .insert(name.to_owned(), serde_json::from_value(scheme).unwrap());
}

fn layer() -> ExtendedCardLayer {
    let public = public();
    ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .build()
        .unwrap()
}

/// A request body: its frames in order, then the end, or (stalled) nothing more ever.
#[derive(Debug, Default)]
struct TestBody {
    frames: VecDeque<Result<Frame<Bytes>, &'static str>>,
    stalled: bool,
}

impl TestBody {
    fn of(chunks: &[&[u8]]) -> Self {
        TestBody {
            frames: chunks
                .iter()
                .map(|chunk| Ok(Frame::data(Bytes::copy_from_slice(chunk))))
                .collect(),
            stalled: false,
        }
    }

    fn text(text: &str) -> Self {
        Self::of(&[text.as_bytes()])
    }

    fn with_trailers(mut self, name: &'static str) -> Self {
        let mut trailers = HeaderMap::new();
        trailers.insert(name, http::HeaderValue::from_static("yes"));
        self.frames.push_back(Ok(Frame::trailers(trailers)));
        self
    }

    fn failing() -> Self {
        TestBody {
            frames: VecDeque::from([Err("the client went away")]),
            stalled: false,
        }
    }

    fn stalled() -> Self {
        TestBody {
            frames: VecDeque::new(),
            stalled: true,
        }
    }
}

impl Body for TestBody {
    type Data = Bytes;
    type Error = &'static str;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, &'static str>>> {
        let this = self.get_mut();
        match this.frames.pop_front() {
            Some(frame) => Poll::Ready(Some(frame)),
            None if this.stalled => Poll::Pending,
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.frames.is_empty() && !self.stalled
    }

    fn size_hint(&self) -> SizeHint {
        if self.stalled {
            return SizeHint::new();
        }
        let data = self
            .frames
            .iter()
            .filter_map(|frame| frame.as_ref().ok()?.data_ref().map(Bytes::len))
            .sum::<usize>();
        SizeHint::with_exact(data as u64)
    }
}

/// The inner service: echoes the body it got, says it answered (`x-inner`) and whether
/// trailers came (`x-trailers`).
async fn echo(request: Request<RequestBody<TestBody>>) -> Result<Response<String>, Infallible> {
    let collected = request.into_body().collect().await.unwrap();
    let trailers = collected.trailers().is_some();
    let body = collected.to_bytes();
    let mut response = Response::new(String::from_utf8(body.to_vec()).unwrap());
    response
        .headers_mut()
        .insert("x-inner", http::HeaderValue::from_static("yes"));
    if trailers {
        response
            .headers_mut()
            .insert("x-trailers", http::HeaderValue::from_static("yes"));
    }
    Ok(response)
}

fn run<T>(future: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

/// A response, read whole.
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Bytes,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    fn inner(&self) -> bool {
        self.header("x-inner") == Some("yes")
    }
}

fn send(layer: &ExtendedCardLayer, request: Request<TestBody>) -> Answer {
    let service = layer.layer(tower::service_fn(echo));
    let response = run(service.oneshot(request)).unwrap();
    let (parts, body) = response.into_parts();
    let body = run(body.collect()).unwrap().to_bytes();
    Answer {
        status: parts.status.as_u16(),
        headers: parts.headers,
        body,
    }
}

fn get(layer: &ExtendedCardLayer, path: &str, headers: &[(&str, &str)]) -> Answer {
    request(layer, http::Method::GET, path, headers, TestBody::default())
}

fn request(
    layer: &ExtendedCardLayer,
    method: http::Method,
    path: &str,
    headers: &[(&str, &str)],
    body: TestBody,
) -> Answer {
    let mut builder = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    send(layer, builder.body(body).unwrap())
}

fn rpc(layer: &ExtendedCardLayer, body: TestBody, headers: &[(&str, &str)]) -> Answer {
    request(layer, http::Method::POST, "/a2a/v1", headers, body)
}

const KEY: (&str, &str) = ("X-API-Key", "k1");
const CARD_CALL: &str = r#"{"jsonrpc": "2.0", "id": 7, "method": "GetExtendedAgentCard"}"#;
const OTHER_CALL: &str =
    r#"{"jsonrpc": "2.0", "id": 8, "method": "SendMessage", "params": {"x": [1, 2]}}"#;

#[test]
fn the_rest_route_serves_the_card_only_after_authentication() {
    let layer = layer();
    let path = "/a2a/rest/extendedAgentCard";
    let card = get(&layer, path, &[KEY]);
    assert_eq!(card.status, 200);
    assert!(!card.inner());
    assert_eq!(card.json()["description"], EXTENDED);
    assert_eq!(card.header("content-type"), Some(crate::protocol::A2A_JSON));
    assert_eq!(card.header("cache-control"), Some("private, no-cache"));
    assert_eq!(card.header("vary"), Some("X-API-Key, Accept-Encoding"));
    let length = card.body.len().to_string();
    assert_eq!(card.header("content-length"), Some(length.as_str()));
    assert_eq!(card.header("content-encoding"), None);
    let etag = card.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"'), "{etag}");
    // With a tenant segment: the same card.
    let tenant = get(&layer, "/a2a/rest/acme/extendedAgentCard", &[KEY]);
    assert_eq!(tenant.status, 200);
    assert_eq!(tenant.json()["description"], EXTENDED);
    // Without the key, or with a wrong one: 401, nothing of the card.
    for headers in [&[][..], &[("X-API-Key", "k2")][..]] {
        let refused = get(&layer, path, headers);
        assert_eq!(refused.status, 401, "{headers:?}");
        assert!(!refused.inner());
        assert_eq!(refused.header("etag"), None);
        assert!(!String::from_utf8_lossy(&refused.body).contains(EXTENDED));
    }
    // gzip when asked for, with its own ETag.
    let gzip = get(&layer, path, &[KEY, ("Accept-Encoding", "gzip")]);
    assert_eq!(gzip.status, 200);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_ne!(gzip.header("etag"), Some(etag.as_str()));
}

#[test]
fn head_options_other_methods_and_conditional_requests() {
    let layer = layer();
    let path = "/a2a/rest/extendedAgentCard";
    let full = get(&layer, path, &[KEY]);
    let etag = full.header("etag").unwrap().to_owned();
    // HEAD: the GET's headers, no body.
    let head = request(
        &layer,
        http::Method::HEAD,
        path,
        &[KEY],
        TestBody::default(),
    );
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("etag"), Some(etag.as_str()));
    let length = full.body.len().to_string();
    assert_eq!(head.header("content-length"), Some(length.as_str()));
    // OPTIONS: 204 with Allow, no credentials needed, no Content-Length.
    let options = request(
        &layer,
        http::Method::OPTIONS,
        path,
        &[],
        TestBody::default(),
    );
    assert_eq!(options.status, 204);
    assert_eq!(options.header("allow"), Some("GET, HEAD, OPTIONS"));
    assert_eq!(options.header("content-length"), None);
    assert!(!options.inner());
    // Any other method: 405 with Allow and an empty body, even a POST to the REST route.
    for method in [http::Method::POST, http::Method::DELETE, http::Method::PUT] {
        let other = request(&layer, method.clone(), path, &[KEY], TestBody::default());
        assert_eq!(other.status, 405, "{method}");
        assert_eq!(other.header("allow"), Some("GET, HEAD, OPTIONS"));
        assert_eq!(other.header("content-length"), Some("0"));
        assert!(!other.inner());
    }
    // A matching If-None-Match: 304 with the ETag, after authentication only.
    let cached = get(&layer, path, &[KEY, ("If-None-Match", &etag)]);
    assert_eq!(cached.status, 304);
    assert_eq!(cached.header("etag"), Some(etag.as_str()));
    assert!(cached.body.is_empty());
    let anonymous = get(&layer, path, &[("If-None-Match", &etag)]);
    assert_eq!(anonymous.status, 401);
    // A different ETag: the card.
    let changed = get(&layer, path, &[KEY, ("If-None-Match", "\"other\"")]);
    assert_eq!(changed.status, 200);
    assert_eq!(changed.json()["description"], EXTENDED);
    // If-Match that fails: 412, empty.
    let failed = get(&layer, path, &[KEY, ("If-Match", "\"other\"")]);
    assert_eq!(failed.status, 412);
    assert_eq!(failed.header("content-length"), Some("0"));
    assert!(failed.body.is_empty());
}

#[test]
fn other_paths_and_a_tenant_a_proxy_would_misread() {
    let layer = layer();
    for path in ["/", "/a2a/rest", "/a2a/rest/tasks", "/a2a/v1"] {
        let passed = get(&layer, path, &[]);
        assert_eq!(passed.status, 200, "{path}");
        assert!(passed.inner(), "{path}");
    }
    for path in [
        "/a2a/rest/%2e/extendedAgentCard",
        "/a2a/rest/../extendedAgentCard",
    ] {
        let refused = get(&layer, path, &[KEY]);
        assert_eq!(refused.status, 404, "{path}");
        assert!(!refused.inner(), "{path}");
        assert_eq!(refused.json()["error"]["code"], 404, "{path}");
        assert_eq!(refused.json()["error"]["status"], "NOT_FOUND", "{path}");
        assert_eq!(refused.header("cache-control"), Some("no-store"));
    }
}

#[test]
fn the_jsonrpc_call_is_answered_after_authentication() {
    let layer = layer();
    let answer = rpc(&layer, TestBody::text(CARD_CALL), &[KEY]);
    assert_eq!(answer.status, 200);
    assert!(!answer.inner());
    let body = answer.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["id"], 7);
    assert_eq!(body["result"]["description"], EXTENDED);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert_eq!(answer.header("cache-control"), Some("no-store"));
    // JSON-RPC results are never encoded, so no Accept-Encoding in Vary.
    assert_eq!(answer.header("vary"), Some("X-API-Key"));
    // The same call split over several frames, and under the /a2a/v1/ spelling.
    let split = request(
        &layer,
        http::Method::POST,
        "/a2a/v1/",
        &[KEY],
        TestBody::of(&[&CARD_CALL.as_bytes()[..10], &CARD_CALL.as_bytes()[10..]]),
    );
    assert_eq!(split.json()["result"]["description"], EXTENDED);
    // Anonymous: a JSON-RPC 401 with the call's id.
    let refused = rpc(&layer, TestBody::text(CARD_CALL), &[]);
    assert_eq!(refused.status, 401);
    assert!(!refused.inner());
    assert_eq!(refused.json()["jsonrpc"], "2.0");
    assert_eq!(refused.json()["id"], 7);
    assert!(!String::from_utf8_lossy(&refused.body).contains(EXTENDED));
    // The v0.3 method gets the v0.3 rendering (a top-level `url`).
    let old = r#"{"jsonrpc": "2.0", "id": "a", "method": "agent/getAuthenticatedExtendedCard"}"#;
    let v0_3 = rpc(&layer, TestBody::text(old), &[KEY]);
    assert_eq!(v0_3.status, 200);
    assert_eq!(v0_3.json()["id"], "a");
    assert!(v0_3.json()["result"]["url"].is_string(), "{}", v0_3.json());
    assert!(answer.json()["result"]["url"].is_null());
}

#[test]
fn other_calls_reach_the_inner_service_byte_for_byte() {
    let layer = layer();
    // Anonymous: the agent's business, not the layer's.
    let other = rpc(&layer, TestBody::text(OTHER_CALL), &[]);
    assert!(other.inner());
    assert_eq!(other.body, OTHER_CALL.as_bytes());
    // Split over frames, with trailers: the same bytes, and the trailers.
    let (start, end) = OTHER_CALL.as_bytes().split_at(20);
    let split = rpc(
        &layer,
        TestBody::of(&[start, end]).with_trailers("x-t"),
        &[],
    );
    assert!(split.inner());
    assert_eq!(split.body, OTHER_CALL.as_bytes());
    assert_eq!(split.header("x-trailers"), Some("yes"));
    // An empty body, a batch of other calls, an object without a method.
    for body in [
        "",
        r#"[{"jsonrpc": "2.0", "id": 1, "method": "SendMessage"}]"#,
        r#"{"jsonrpc": "2.0", "id": 1}"#,
    ] {
        let passed = rpc(&layer, TestBody::text(body), &[]);
        assert!(passed.inner(), "{body}");
        assert_eq!(passed.body, body.as_bytes(), "{body}");
    }
}

#[test]
fn a_batch_with_the_card_call_is_refused_whole() {
    let layer = layer();
    let batch = format!(r#"[{OTHER_CALL}, {CARD_CALL}]"#);
    for headers in [&[][..], &[KEY][..]] {
        let refused = rpc(&layer, TestBody::text(&batch), headers);
        assert_eq!(refused.status, 400);
        assert!(!refused.inner());
        let body = refused.json();
        assert_eq!(body["id"], Value::Null);
        assert_eq!(body["error"]["code"], -32600);
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains("batch"), "{message}");
        assert_eq!(refused.header("cache-control"), Some("no-store"));
    }
}

#[test]
fn a_compressed_call_cannot_be_read_and_needs_the_cards_security() {
    let layer = layer();
    // Labelled compressed (whatever the bytes): the method is not read.
    for coding in ["gzip", "identity, gzip", "br", "GZIP"] {
        let anonymous = rpc(
            &layer,
            TestBody::text(CARD_CALL),
            &[("Content-Encoding", coding)],
        );
        assert_eq!(anonymous.status, 401, "{coding}");
        assert_eq!(anonymous.json()["jsonrpc"], "2.0", "{coding}");
        assert!(!anonymous.inner(), "{coding}");
        let keyed = rpc(
            &layer,
            TestBody::text(CARD_CALL),
            &[KEY, ("Content-Encoding", coding)],
        );
        assert!(keyed.inner(), "{coding}");
        assert_eq!(keyed.body, CARD_CALL.as_bytes(), "{coding}");
    }
    // identity (any case, any spacing) and an empty list are no coding: the call is read.
    for coding in ["identity", " Identity ", "", ",", "identity,identity"] {
        let read = rpc(
            &layer,
            TestBody::text(CARD_CALL),
            &[KEY, ("Content-Encoding", coding)],
        );
        assert_eq!(read.status, 200, "{coding:?}");
        assert!(!read.inner(), "{coding:?}");
        assert_eq!(read.json()["result"]["description"], EXTENDED, "{coding:?}");
    }
}

#[test]
fn a_call_larger_than_the_peek_follows_the_undecided_policy() {
    let public = public();
    let large = format!(
        r#"{{"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": "{}"}}"#,
        "x".repeat(64)
    );
    let with = |policy: UndecidedCall| {
        ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(extended())
            .peek(PeekSettings::default().max_bytes(16))
            .undecided_call(policy)
            .build()
            .unwrap()
    };
    // Within the peek the method is read: the small call passes anonymously.
    let small = r#"{"method":"x"}"#;
    assert!(small.len() <= 16);
    let passed = rpc(&with(UndecidedCall::Refuse), TestBody::text(small), &[]);
    assert!(passed.inner());
    // RequireSecurity (the default): the caller must meet the card's security; then the
    // whole body, read part and rest, reaches the agent.
    let require = with(UndecidedCall::RequireSecurity);
    let refused = rpc(&require, TestBody::text(&large), &[]);
    assert_eq!(refused.status, 401);
    assert!(!refused.inner());
    let (start, end) = large.as_bytes().split_at(10);
    let keyed = rpc(&require, TestBody::of(&[start, end]), &[KEY]);
    assert!(keyed.inner());
    assert_eq!(keyed.body, large.as_bytes());
    // Refuse: 400 for everyone.
    let refuse = with(UndecidedCall::Refuse);
    for headers in [&[][..], &[KEY][..]] {
        let refused = rpc(&refuse, TestBody::text(&large), headers);
        assert_eq!(refused.status, 400);
        assert!(!refused.inner());
        assert_eq!(refused.json()["error"]["code"], -32600);
        let message = refused.json()["error"]["message"].to_string();
        assert!(message.contains("cannot be read"), "{message}");
    }
    // PassThrough: the agent's business.
    let through = rpc(
        &with(UndecidedCall::PassThrough),
        TestBody::text(&large),
        &[],
    );
    assert!(through.inner());
    assert_eq!(through.body, large.as_bytes());
}

#[test]
fn bodies_that_fail_stall_or_go_over_the_budget() {
    let public = public();
    // A body that fails: 400, a JSON-RPC parse error.
    let failed = rpc(&layer(), TestBody::failing(), &[KEY]);
    assert_eq!(failed.status, 400);
    assert!(!failed.inner());
    assert_eq!(failed.json()["error"]["code"], -32700);
    assert_eq!(failed.json()["id"], Value::Null);
    // A body that never comes, under a deadline: 408 in JSON-RPC style, connection closed.
    let timed = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .peek(PeekSettings::default().timeout(BodyTimeout::new(
            std::time::Duration::from_millis(20),
            tokio::time::sleep,
        )))
        .build()
        .unwrap();
    let stalled = rpc(&timed, TestBody::stalled(), &[KEY]);
    assert_eq!(stalled.status, 408);
    assert_eq!(stalled.json()["jsonrpc"], "2.0");
    assert_eq!(stalled.header("connection"), Some("close"));
    // The same on a not-configured layer, which takes the body settings of its builder.
    let not_configured = ExtendedCardLayer::not_configured(&public)
        .peek(PeekSettings::default().timeout(BodyTimeout::new(
            std::time::Duration::from_millis(20),
            tokio::time::sleep,
        )))
        .build()
        .unwrap();
    assert_eq!(rpc(&not_configured, TestBody::stalled(), &[]).status, 408);
    // A budget smaller than the call: 503 with Retry-After, at once; a call within it is read.
    let small = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .peek(PeekSettings::default().budget(BodyBudget::new(CARD_CALL.len() - 1)))
        .build()
        .unwrap();
    let over = rpc(&small, TestBody::text(CARD_CALL), &[KEY]);
    assert_eq!(over.status, 503);
    assert_eq!(over.header("retry-after"), Some("1"));
    assert!(!over.inner());
    let fits = rpc(&small, TestBody::text(&CARD_CALL[..20]), &[KEY]);
    assert_ne!(fits.status, 503);
    let budget = BodyBudget::new(CARD_CALL.len() - 1);
    let not_configured = ExtendedCardLayer::not_configured(&public)
        .peek(PeekSettings::default().budget(budget.clone()))
        .build()
        .unwrap();
    assert_eq!(
        rpc(&not_configured, TestBody::text(CARD_CALL), &[]).status,
        503
    );
    assert_eq!(budget.held(), 0);
}

/// The error's parts in both bindings: REST (google.rpc.Status with ErrorInfo) and JSON-RPC.
fn assert_a2a_error(rest: &Answer, jsonrpc: &Answer, code: i64, reason: &str, message: &str) {
    assert_eq!(rest.status, 400, "{reason}");
    assert!(!rest.inner());
    let error = &rest.json()["error"];
    assert_eq!(error["code"], 400, "{error}");
    assert_eq!(error["status"], "FAILED_PRECONDITION", "{error}");
    assert_eq!(error["message"], message, "{error}");
    let info = &error["details"][0];
    assert_eq!(info["@type"], "type.googleapis.com/google.rpc.ErrorInfo");
    assert_eq!(info["reason"], reason);
    assert_eq!(info["domain"], "a2a-protocol.org");
    assert_eq!(rest.header("content-type"), Some("application/json"));
    assert_eq!(rest.header("cache-control"), Some("no-store"));
    assert_eq!(jsonrpc.status, 200, "{reason}");
    assert!(!jsonrpc.inner());
    let body = jsonrpc.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["id"], 7);
    assert_eq!(body["error"]["code"], code, "{body}");
    assert_eq!(body["error"]["message"], message, "{body}");
    assert_eq!(body["error"]["data"][0]["reason"], reason, "{body}");
    assert_eq!(body["error"]["data"][0]["domain"], "a2a-protocol.org");
    assert_eq!(jsonrpc.header("cache-control"), Some("no-store"));
}

const UNSUPPORTED: &str = "This agent does not provide an extended agent card";
const NOT_CONFIGURED: &str = "This agent has no extended agent card configured";

#[test]
fn without_the_capability_the_operation_is_unsupported_for_everyone() {
    let mut public = public();
    public.capabilities.extended_agent_card = None;
    let layers = [
        ExtendedCardLayer::builder(&public, security(&public))
            .build()
            .unwrap(),
        ExtendedCardLayer::not_configured(&public).build().unwrap(),
    ];
    for layer in &layers {
        for headers in [&[][..], &[KEY][..]] {
            let rest = get(layer, "/a2a/rest/extendedAgentCard", headers);
            let jsonrpc = rpc(layer, TestBody::text(CARD_CALL), headers);
            assert_a2a_error(
                &rest,
                &jsonrpc,
                -32004,
                "UNSUPPORTED_OPERATION",
                UNSUPPORTED,
            );
        }
    }
}

#[test]
fn declared_without_a_card_answers_not_configured_after_authentication() {
    let public = public();
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .without_extended_card()
        .build()
        .unwrap();
    let rest = get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]);
    let jsonrpc = rpc(&layer, TestBody::text(CARD_CALL), &[KEY]);
    assert_a2a_error(
        &rest,
        &jsonrpc,
        -32007,
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
        NOT_CONFIGURED,
    );
    // Anonymous callers learn nothing: 401 in each style.
    let rest = get(&layer, "/a2a/rest/extendedAgentCard", &[]);
    assert_eq!(rest.status, 401);
    assert_eq!(rest.json()["error"]["code"], 401);
    let jsonrpc = rpc(&layer, TestBody::text(CARD_CALL), &[]);
    assert_eq!(jsonrpc.status, 401);
    assert_eq!(jsonrpc.json()["id"], 7);
    // A layer with no security at all answers everyone.
    let open = ExtendedCardLayer::not_configured(&public).build().unwrap();
    let rest = get(&open, "/a2a/rest/extendedAgentCard", &[]);
    let jsonrpc = rpc(&open, TestBody::text(CARD_CALL), &[]);
    assert_a2a_error(
        &rest,
        &jsonrpc,
        -32007,
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
        NOT_CONFIGURED,
    );
    // Its other routes pass on.
    assert!(get(&open, "/a2a/rest/tasks", &[]).inner());
}

fn build_error(builder: super::ExtendedCardLayerBuilder) -> ExtendedError {
    builder.build().unwrap_err()
}

#[test]
fn the_builder_refuses_what_it_cannot_serve_safely() {
    let public = public();
    let builder = || ExtendedCardLayer::builder(&public, security(&public));
    // Declared but no card given.
    assert!(matches!(
        build_error(builder()),
        ExtendedError::NotConfigured
    ));
    // A card given, not declared.
    let mut undeclared = public.clone();
    undeclared.capabilities.extended_agent_card = Some(false);
    let err = ExtendedCardLayer::builder(&undeclared, security(&undeclared))
        .extended_card(extended())
        .build()
        .unwrap_err();
    assert!(matches!(err, ExtendedError::NotDeclared), "{err}");
    // Not declared, no card: a layer that answers UnsupportedOperation.
    assert!(
        ExtendedCardLayer::builder(&undeclared, security(&undeclared))
            .build()
            .is_ok()
    );
    // A public Cache-Control, in any case.
    for value in ["public, max-age=60", "PUBLIC", "private, Public"] {
        let err = build_error(
            builder()
                .extended_card(extended())
                .cache_control(http::HeaderValue::from_static(value)),
        );
        assert!(
            matches!(err, ExtendedError::PublicCacheControl(_)),
            "{value}: {err}"
        );
    }
    // A private one is used as given.
    let private = builder()
        .extended_card(extended())
        .cache_control(http::HeaderValue::from_static("private, max-age=5"))
        .build()
        .unwrap();
    let card = get(&private, "/a2a/rest/extendedAgentCard", &[KEY]);
    assert_eq!(card.header("cache-control"), Some("private, max-age=5"));
    // An extended card with errors.
    let mut invalid = extended();
    invalid.name = String::new();
    let err = build_error(builder().extended_card(invalid));
    assert!(matches!(err, ExtendedError::InvalidCard(_)), "{err}");
    // No route: only a gRPC interface, without the `grpc` feature (with it, the gRPC
    // service is guarded, so there is a route: extended/grpc_tests.rs).
    let mut grpc = public.clone();
    grpc.supported_interfaces
        .retain(|i| i.protocol_binding == "GRPC");
    grpc.supported_interfaces.push(crate::AgentInterface::new(
        "https://routes.example.com:443",
        "GRPC",
        "1.0",
    ));
    let built = ExtendedCardLayer::builder(&grpc, security(&public))
        .extended_card(extended())
        .build();
    let not_configured = ExtendedCardLayer::not_configured(&grpc).build();
    if cfg!(feature = "grpc") {
        assert!(built.is_ok() && not_configured.is_ok());
    } else {
        let err = built.unwrap_err();
        assert!(matches!(err, ExtendedError::NoRoutes), "{err}");
        let err = not_configured.unwrap_err();
        assert!(matches!(err, ExtendedError::NoRoutes), "{err}");
    }
}

#[test]
fn a_skill_must_name_only_schemes_with_a_verifier() {
    let public = public();
    let mut card = extended();
    add_api_key_scheme(&mut card, "other", "X-Other");
    let mut covered = card.clone();
    covered.skills[0].security_requirements =
        vec![serde_json::from_value(json!({"schemes": {"apiKey": {}}})).unwrap()];
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(covered)
        .build()
        .unwrap();
    assert_eq!(
        get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]).status,
        200
    );
    card.skills[0].security_requirements = vec![
        serde_json::from_value(json!({"schemes": {"apiKey": {}}})).unwrap(),
        serde_json::from_value(json!({"schemes": {"other": {}}})).unwrap(),
    ];
    let err = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card)
        .build()
        .unwrap_err();
    match err {
        ExtendedError::SkillSecurity(SecurityError::MissingVerifier(scheme)) => {
            assert_eq!(scheme, "other");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn vary_names_accept_encoding_only_for_precompressed_rest_answers() {
    let public = public();
    let plain = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .precompress(false)
        .build()
        .unwrap();
    let rest = get(
        &plain,
        "/a2a/rest/extendedAgentCard",
        &[KEY, ("Accept-Encoding", "gzip")],
    );
    assert_eq!(rest.header("vary"), Some("X-API-Key"));
    assert_eq!(rest.header("content-encoding"), None);
    let jsonrpc = rpc(&plain, TestBody::text(CARD_CALL), &[KEY]);
    assert_eq!(jsonrpc.header("vary"), Some("X-API-Key"));
}

#[test]
fn a_public_url_rebases_the_card_unless_it_arrived_signed() {
    use crate::sign::{Algorithm, CardSigner, SigningKey};
    let public = public();
    let mut card = extended();
    card.supported_interfaces[1].url = "http://0.0.0.0:8000/a2a/rest".into();
    let url = crate::serve::PublicUrl::parse("https://agents.example.com").unwrap();
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(card.clone())
        .public_url(url.clone())
        .build()
        .unwrap();
    let served = get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]).json();
    assert_eq!(
        served["supportedInterfaces"][1]["url"],
        "https://agents.example.com/a2a/rest"
    );
    // Signed, and the rebase would change it: refused. (One signature per card: the
    // spec's form.)
    let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k")
        .only_form(crate::sign::PayloadForm::Spec);
    let signed = signer.sign(&card).unwrap();
    let err = build_error(
        ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(signed.clone())
            .public_url(url.clone()),
    );
    assert!(matches!(err, ExtendedError::SignedCardRebased(_)), "{err}");
    // Signed, and nothing to rebase: kept as signed.
    let untouched = signer.sign(&extended()).unwrap();
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(untouched)
        .public_url(url)
        .build()
        .unwrap();
    let served = get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]).json();
    assert_eq!(served["signatures"].as_array().map(Vec::len), Some(1));
    // A layer that signs its views: the served card carries a signature.
    let signing = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .sign_with(signer)
        .build()
        .unwrap();
    let served = get(&signing, "/a2a/rest/extendedAgentCard", &[KEY]).json();
    assert_eq!(served["signatures"].as_array().map(Vec::len), Some(1));
}

#[derive(Clone)]
struct NeverReady;

impl Service<Request<RequestBody<TestBody>>> for NeverReady {
    type Response = Response<String>;
    type Error = Infallible;
    type Future = std::future::Ready<Result<Response<String>, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Pending
    }

    fn call(&mut self, _: Request<RequestBody<TestBody>>) -> Self::Future {
        std::future::ready(Ok(Response::new(String::new())))
    }
}

#[test]
fn ready_when_the_inner_service_is_and_the_future_names_its_kind() {
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let mut ready = layer().layer(tower::service_fn(echo));
    assert!(matches!(
        Service::<Request<TestBody>>::poll_ready(&mut ready, &mut cx),
        Poll::Ready(Ok(()))
    ));
    let mut never = layer().layer(NeverReady);
    assert!(Service::<Request<TestBody>>::poll_ready(&mut never, &mut cx).is_pending());
    // The inner service's future for other requests, the layer's own for the card.
    let other = Request::get("/elsewhere")
        .body(TestBody::default())
        .unwrap();
    let future = ready.call(other);
    assert_eq!(format!("{future:?}"), r#"ResponseFuture("Inner")"#);
    let response = run(future).unwrap();
    assert_eq!(response.headers()["x-inner"], "yes");
    let card = Request::get("/a2a/rest/extendedAgentCard")
        .body(TestBody::default())
        .unwrap();
    let future = ready.call(card);
    assert_eq!(format!("{future:?}"), r#"ResponseFuture("Ours")"#);
    assert_eq!(run(future).unwrap().status(), 401);
}

fn poll(body: &mut RequestBody<TestBody>) -> Option<Frame<Bytes>> {
    let mut cx = Context::from_waker(std::task::Waker::noop());
    match Pin::new(body).poll_frame(&mut cx) {
        Poll::Ready(frame) => frame.map(Result::unwrap),
        Poll::Pending => panic!("pending"),
    }
}

#[test]
fn an_original_body_is_passed_as_it_is() {
    let mut body = RequestBody::new(TestBody::of(&[b"ab", b"cde"]));
    assert_eq!(body.size_hint().exact(), Some(5));
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "ab");
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "cde");
    assert!(body.is_end_stream());
    assert!(poll(&mut body).is_none());
}

#[test]
fn a_replayed_body_gives_the_read_bytes_then_the_rest_then_the_trailers() {
    let budget = BodyBudget::new(100);
    let mut held = budget.hold();
    assert!(held.grow(3));
    let rest = Box::pin(TestBody::of(&[b"defg"]));
    let mut body = RequestBody::replay(Bytes::from_static(b"abc"), None, Some(rest), held);
    // The read bytes are held in the budget until handed on.
    assert_eq!(budget.held(), 3);
    let hint = body.size_hint();
    assert_eq!((hint.lower(), hint.upper()), (7, Some(7)));
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "abc");
    assert_eq!(budget.held(), 0);
    assert_eq!(body.size_hint().exact(), Some(4));
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "defg");
    assert!(body.is_end_stream());
    assert!(poll(&mut body).is_none());
    assert!(body.is_end_stream());

    // Everything read, trailers included: the bytes, the trailers, the end.
    let mut trailers = HeaderMap::new();
    trailers.insert("x-t", http::HeaderValue::from_static("1"));
    let mut body = RequestBody::<TestBody>::replay(
        Bytes::from_static(b"xy"),
        Some(trailers),
        None,
        budget.hold(),
    );
    assert_eq!(body.size_hint().exact(), Some(2));
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "xy");
    assert!(!body.is_end_stream());
    let frame = poll(&mut body).unwrap();
    assert_eq!(frame.into_trailers().unwrap()["x-t"], "1");
    assert!(body.is_end_stream());
    assert!(poll(&mut body).is_none());

    // Only read bytes, nothing more to come.
    let mut body =
        RequestBody::<TestBody>::replay(Bytes::from_static(b"z"), None, None, budget.hold());
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "z");
    assert!(body.is_end_stream());

    // Nothing read yet (an empty start) and a rest still to come: not the end, and the
    // holding is given back at once.
    let mut held = budget.hold();
    assert!(held.grow(5));
    let rest = Box::pin(TestBody::of(&[b"more"]));
    let mut body = RequestBody::replay(Bytes::new(), None, Some(rest), held);
    assert_eq!(budget.held(), 0);
    assert!(!body.is_end_stream());
    assert_eq!(poll(&mut body).unwrap().into_data().unwrap(), "more");

    // A rest of unknown length: a lower bound, no upper one.
    let rest = Box::pin(TestBody::stalled());
    let body = RequestBody::replay(Bytes::from_static(b"abc"), None, Some(rest), budget.hold());
    let hint = body.size_hint();
    assert_eq!((hint.lower(), hint.upper()), (3, None));
}

#[test]
fn a_not_configured_layer_takes_no_extended_card() {
    let public = public();
    let err = ExtendedCardLayer::not_configured(&public)
        .extended_card(extended())
        .build()
        .unwrap_err();
    assert!(matches!(err, ExtendedError::CardWithoutSecurity), "{err}");
    let public_cache = ExtendedCardLayer::not_configured(&public)
        .cache_control(http::HeaderValue::from_static("public, max-age=60"))
        .build()
        .unwrap_err();
    assert!(
        matches!(public_cache, ExtendedError::PublicCacheControl(_)),
        "{public_cache}"
    );
}

#[test]
fn a_skill_scheme_only_the_extended_card_declares_is_enforced_with_the_card_given_once() {
    let public = public();
    let mut card = extended();
    add_api_key_scheme(&mut card, "partner", "X-Partner");
    card.skills[0].security_requirements =
        vec![serde_json::from_value(json!({"schemes": {"partner": {}}})).unwrap()];
    let skill = card.skills[0].id.clone();
    // The verifier is in the CardSecurity; the card's skills are seen by the layer only.
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .verifier("partner", ApiKeys::new(["p1-55aa"]).unwrap())
        .build()
        .unwrap();
    let layer = ExtendedCardLayer::builder(&public, security)
        .extended_card(card)
        .build()
        .unwrap();
    let skills = |headers: &[(&str, &str)]| -> Vec<String> {
        let answer = get(&layer, "/a2a/rest/extendedAgentCard", headers);
        assert_eq!(answer.status, 200);
        answer.json()["skills"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!skills(&[KEY]).contains(&skill));
    assert!(skills(&[KEY, ("X-Partner", "p1-55aa")]).contains(&skill));
    assert!(!skills(&[KEY, ("X-Partner", "p1-55ab")]).contains(&skill));
}

/// An undecided call (compressed, over the peek, unreadable) could be the extended-card
/// method to the agent behind, which answers with every skill: only a caller meeting every
/// skill's own requirements, besides the card's, gets it through.
#[test]
fn an_undecided_call_needs_every_skills_requirements_too() {
    let public = public();
    let mut card = extended();
    add_api_key_scheme(&mut card, "partner", "X-Partner");
    add_api_key_scheme(&mut card, "ops", "X-Ops");
    let requirement =
        |name: &str| vec![serde_json::from_value(json!({"schemes": {name: {}}})).unwrap()];
    let mut second = card.skills[0].clone();
    second.id.push_str("-ops");
    card.skills.push(second);
    card.skills[0].security_requirements = requirement("partner");
    card.skills[1].security_requirements = requirement("ops");
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .verifier("partner", ApiKeys::new(["p1-55aa"]).unwrap())
        .verifier("ops", ApiKeys::new(["o1-77bb"]).unwrap())
        .build()
        .unwrap();
    let with = |policy: UndecidedCall| {
        ExtendedCardLayer::builder(&public, security.clone())
            .extended_card(card.clone())
            .peek(PeekSettings::default().max_bytes(16))
            .undecided_call(policy)
            .build()
            .unwrap()
    };
    let layer = with(UndecidedCall::RequireSecurity);
    let partner = ("X-Partner", "p1-55aa");
    let ops = ("X-Ops", "o1-77bb");
    let gzip = ("Content-Encoding", "gzip");
    let large = format!(
        r#"{{"method":"GetExtendedAgentCard","x":"{}"}}"#,
        "x".repeat(32)
    );
    // Over the peek, and compressed: each needs the card's key and both skills' keys.
    for (body, extra) in [(large.as_str(), None), (CARD_CALL, Some(gzip))] {
        let send = |headers: &[(&str, &str)]| {
            let headers: Vec<_> = headers.iter().copied().chain(extra).collect();
            rpc(&layer, TestBody::text(body), &headers)
        };
        // A credential missing or refused, at the card or at a skill: 401.
        for headers in [
            &[][..],
            &[KEY][..],
            &[KEY, partner][..],
            &[KEY, ops][..],
            &[partner, ops][..],
            &[KEY, partner, ("X-Ops", "o1-77bc")][..],
        ] {
            let refused = send(headers);
            assert_eq!(refused.status, 401, "{headers:?} {extra:?}");
            assert!(!refused.inner(), "{headers:?} {extra:?}");
        }
        let passed = send(&[KEY, partner, ops]);
        assert!(passed.inner(), "{extra:?}");
        assert_eq!(passed.body, body.as_bytes());
    }
    // A call the layer reads is filtered as before: the card's key alone passes other calls.
    assert!(rpc(&layer, TestBody::text(r#"{"method":"x"}"#), &[]).inner());
    // PassThrough stays the agent's business.
    let through = rpc(
        &with(UndecidedCall::PassThrough),
        TestBody::text(&large),
        &[],
    );
    assert!(through.inner());
}

#[test]
fn one_interface_of_either_binding_is_enough_for_a_route() {
    for binding in ["JSONRPC", "HTTP+JSON"] {
        let mut public = public();
        public
            .supported_interfaces
            .retain(|i| i.protocol_binding == binding);
        assert_eq!(public.supported_interfaces.len(), 1);
        let layer = ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(extended())
            .build()
            .unwrap_or_else(|e| panic!("{binding}: {e}"));
        let answer = match binding {
            "JSONRPC" => rpc(&layer, TestBody::text(CARD_CALL), &[KEY]),
            _ => get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]),
        };
        assert_eq!(answer.status, 200, "{binding}");
        assert!(!answer.inner(), "{binding}");
    }
}

/// Records the target and fields of every tracing event.
#[derive(Clone, Default)]
struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<(String, String)>>>);

struct Fields(String);

impl tracing::field::Visit for Fields {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!("{}={:?} ", field.name(), value));
    }
}

impl tracing::Subscriber for Recorder {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        let target = event.metadata().target().to_owned();
        self.0.lock().unwrap().push((target, fields.0));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

#[test]
fn a_refusal_is_logged_for_operators_without_the_credential() {
    let layer = layer();
    let recorder = Recorder::default();
    let events = recorder.0.clone();
    tracing::subscriber::with_default(recorder, || {
        let path = "/a2a/rest/extendedAgentCard";
        let refused = get(&layer, path, &[("X-API-Key", "wrong-secret-7f")]);
        assert_eq!(refused.status, 401);
        assert_eq!(get(&layer, path, &[KEY]).status, 200);
        let call = rpc(&layer, TestBody::text(CARD_CALL), &[]);
        assert_eq!(call.status, 401);
    });
    let events = events.lock().unwrap();
    let refusals: Vec<&String> = events
        .iter()
        .filter(|(target, fields)| target == "a2a_card" && fields.contains("extended card refused"))
        .map(|(_, fields)| fields)
        .collect();
    assert_eq!(refusals.len(), 2, "{events:?}");
    for fields in refusals {
        assert!(fields.contains("status=401"), "{fields}");
    }
    assert!(
        !events
            .iter()
            .any(|(_, fields)| fields.contains("wrong-secret-7f")),
        "{events:?}"
    );
}

#[cfg(feature = "grpc")]
#[path = "grpc_tests.rs"]
mod grpc;
