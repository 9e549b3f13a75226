//! Property tests (proptest): reading what we wrote gives the same card; the canonical form
//! does not depend on key order, whitespace or escapes; the conditional decision equals a
//! plain model of RFC 9110 §13.2.2; the ETag is a function of the served bytes only.

use a2a_card_test_support as support;

#[path = "properties/cards.rs"]
mod cards;
#[path = "properties/rfc9110.rs"]
mod rfc9110;

use std::convert::Infallible;
use std::time::{Duration, SystemTime};

use a2a_card::serve::{AgentCardLayer, CardHandle, Legacy};
use a2a_card::{AgentCard, validate::Profile};
use bytes::Bytes;
use http::{HeaderName, HeaderValue, Request, Response};
use http_body_util::BodyExt;
use proptest::prelude::*;
use serde_json::Value;
use tower::{Layer, ServiceExt, service_fn};

use cards::{json_value, valid_card};
use rfc9110::{Outcome, Preconditions, preconditions};
use support::etag_of;

const CARD_PATH: &str = "/.well-known/agent-card.json";
const LEGACY_PATH: &str = "/.well-known/agent.json";

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Shrinking a failure stays bounded in a debug build.
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// Reading what we wrote.

proptest! {
    #![proptest_config(config(192))]

    /// write -> read -> the same card, and writing it again gives the same bytes.
    #[test]
    fn reading_what_we_wrote_gives_the_same_card(card in valid_card()) {
        let bytes = card.to_json_vec();
        let read = AgentCard::read(&bytes).unwrap();
        prop_assert_eq!(&read.card, &card);
        prop_assert!(read.notes.is_empty(), "{:?}", read.notes);
        prop_assert_eq!(read.card.to_json_vec(), bytes);
        // The pretty form reads back the same too.
        prop_assert_eq!(&AgentCard::from_json_str(&card.to_json_pretty()).unwrap(), &card);
    }

    /// The v0.3 rendering reads back as the same card whenever it warns of no loss (cards
    /// made to fit v0.3 mostly: one protocol version, no tenants).
    #[test]
    fn the_v03_rendering_reads_back_when_nothing_is_lost(card in v03_card()) {
        let v03 = card.to_v03();
        prop_assume!(v03.notes.is_empty());
        let text = serde_json::to_vec(&v03.json).unwrap();
        let read = AgentCard::read(&text).unwrap();
        prop_assert_eq!(read.source_version, a2a_card::CardVersion::V0_3);
        prop_assert_eq!(&read.card, &card, "v0.3: {}", v03.json);
    }
}

/// A valid card that v0.3 can mostly express: every interface speaks 0.3 and has no
/// tenant; the main one (sometimes) has no unknown fields.
fn v03_card() -> impl Strategy<Value = AgentCard> {
    (valid_card(), proptest::bool::weighted(0.9)).prop_map(|(mut card, plain_main)| {
        for interface in &mut card.supported_interfaces {
            interface.protocol_version = "0.3".into();
            interface.tenant.clear();
        }
        if plain_main {
            card.supported_interfaces[0].extra.clear();
        }
        card
    })
}

// ---------------------------------------------------------------------------------------
// The canonical form.

/// A tiny deterministic generator, so one `u64` from proptest drives every choice of a
/// rendering (and shrinks with it).
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u64 {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn whitespace(&mut self, out: &mut String) {
        const WS: [&str; 6] = ["", "", " ", "\n", "\t", "\r\n  "];
        out.push_str(WS[self.below(WS.len())]);
    }
}

/// Writes `value` as JSON text with object keys in a shuffled order, arbitrary whitespace
/// between tokens, characters sometimes written as `\u` escapes and numbers sometimes in
/// exponent form: another text of the same JSON value.
fn render_shuffled(value: &Value, choices: &mut Choices, out: &mut String) {
    choices.whitespace(out);
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            for i in (1..entries.len()).rev() {
                entries.swap(i, choices.below(i + 1));
            }
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                choices.whitespace(out);
                render_string(key, choices, out);
                choices.whitespace(out);
                out.push(':');
                render_shuffled(item, choices, out);
            }
            choices.whitespace(out);
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                render_shuffled(item, choices, out);
            }
            choices.whitespace(out);
            out.push(']');
        }
        Value::String(s) => render_string(s, choices, out),
        Value::Number(n) => match n.as_f64().filter(|_| n.is_f64()) {
            Some(f) if choices.below(2) == 0 => out.push_str(&format!("{f:e}")),
            _ => out.push_str(&n.to_string()),
        },
        other => out.push_str(&other.to_string()),
    }
    choices.whitespace(out);
}

fn render_string(s: &str, choices: &mut Choices, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        let must_escape = c == '"' || c == '\\' || c < ' ';
        if must_escape || choices.below(4) == 0 {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04X}"));
            }
        } else {
            out.push(c);
        }
    }
    out.push('"');
}

proptest! {
    #![proptest_config(config(256))]

    /// RFC 8785: the canonical bytes of a JSON value do not depend on how its text was written.
    #[test]
    fn canonical_form_ignores_key_order_whitespace_and_escapes(
        value in json_value(),
        seed in any::<u64>(),
    ) {
        let mut text = String::new();
        render_shuffled(&value, &mut Choices(seed), &mut text);
        let reread: Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(
            a2a_card::sign::canonicalize(&reread),
            a2a_card::sign::canonicalize(&value),
            "text: {}", text
        );
    }

    /// The signed payload of a card does not depend on how the card's text was written.
    #[test]
    fn card_payload_ignores_key_order_and_whitespace(card in valid_card(), seed in any::<u64>()) {
        let mut text = String::new();
        render_shuffled(&card.to_value(), &mut Choices(seed), &mut text);
        let reread = AgentCard::from_json_str(&text).unwrap();
        prop_assert_eq!(&reread, &card);
        prop_assert_eq!(
            a2a_card::sign::canonical_payload(&reread),
            a2a_card::sign::canonical_payload(&card)
        );
    }
}

// ---------------------------------------------------------------------------------------
// Serving through the public layer, in process.

type Inner = fn(Request<String>) -> std::future::Ready<Result<Response<String>, Infallible>>;

fn inner(_: Request<String>) -> std::future::Ready<Result<Response<String>, Infallible>> {
    let mut response = Response::new(String::from("inner"));
    *response.status_mut() = http::StatusCode::IM_A_TEAPOT;
    std::future::ready(Ok(response))
}

/// A response read whole: status, headers, body.
struct Answer {
    status: u16,
    headers: http::HeaderMap,
    body: Bytes,
}

impl Answer {
    fn etag(&self) -> Option<&str> {
        self.headers.get("etag").map(|v| v.to_str().unwrap())
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

fn send(
    runtime: &tokio::runtime::Runtime,
    layer: &AgentCardLayer,
    method: &str,
    path: &str,
    headers: &[(&str, Vec<u8>)],
) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(
            HeaderName::from_bytes(name.as_bytes()).unwrap(),
            HeaderValue::from_bytes(value).unwrap(),
        );
    }
    let request = request.body(String::new()).unwrap();
    let service = layer.layer(service_fn(inner as Inner));
    runtime.block_on(async move {
        let response = service.oneshot(request).await.unwrap();
        let (parts, body) = response.into_parts();
        let body = body.collect().await.unwrap().to_bytes();
        Answer {
            status: parts.status.as_u16(),
            headers: parts.headers,
            body,
        }
    })
}

fn at(secs: i64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(u64::try_from(secs).unwrap())
}

fn conditional_case() -> impl Strategy<Value = (i64, bool, Preconditions)> {
    // Last-Modified between 1970 and 2025 (whole seconds), or none at all.
    (0i64..1_750_000_000, proptest::bool::weighted(0.9))
        .prop_flat_map(|(modified, dated)| (Just(modified), Just(dated), preconditions(modified)))
}

proptest! {
    #![proptest_config(config(512))]

    /// GET and HEAD answer what RFC 9110 §13.2.2 says for any mix of precondition headers;
    /// never a 5xx; a 304 carries the ETag and no body; a 200 the card and its ETag.
    #[test]
    fn conditional_decision_equals_the_rfc_9110_model(
        (modified, dated, preconditions) in conditional_case(),
    ) {
        let card = support::example_card();
        let body = card.to_json_vec();
        let builder = AgentCardLayer::builder(card);
        let layer = if dated {
            builder.last_modified(at(modified)).build().unwrap()
        } else {
            builder.without_last_modified().build().unwrap()
        };
        let etag = etag_of(&body);
        let lines = preconditions.lines(etag.as_bytes());
        let expected = preconditions.model(dated.then_some(modified));
        let runtime = runtime();
        for method in ["GET", "HEAD"] {
            let answer = send(&runtime, &layer, method, CARD_PATH, &lines);
            prop_assert!(answer.status < 500);
            prop_assert_eq!(answer.status, expected as u16, "{} {:?}", method, lines_text(&lines));
            match expected {
                Outcome::Ok => {
                    prop_assert_eq!(answer.etag(), Some(etag.as_str()));
                    let sent = if method == "GET" { &body[..] } else { &[][..] };
                    prop_assert_eq!(&answer.body[..], sent);
                    prop_assert_eq!(&answer.headers["content-length"], &body.len().to_string());
                }
                Outcome::NotModified => {
                    prop_assert_eq!(answer.etag(), Some(etag.as_str()));
                    prop_assert!(answer.body.is_empty());
                }
                Outcome::PreconditionFailed => prop_assert!(answer.body.is_empty()),
            }
        }
    }
}

/// Any bytes a header value may hold (no CR, LF or NUL), obs-text included.
fn header_value() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            4 => 0x20u8..0x7f,
            1 => Just(b'\t'),
            1 => 0x80u8..=0xff,
            1 => proptest::sample::select(b"\",*W/ \"".to_vec()),
        ],
        0..40,
    )
}

proptest! {
    #![proptest_config(config(256))]

    /// Whatever the headers the layer reads say, on any of its paths and methods and with
    /// version negotiation and an origin allowlist on: no panic and no 5xx.
    #[test]
    fn malformed_headers_never_give_a_5xx(
        method in proptest::sample::select(vec!["GET", "HEAD", "OPTIONS", "POST", "DELETE"]),
        path in proptest::sample::select(vec![CARD_PATH, LEGACY_PATH, "/.well-known/agent-card.json?x=%ff"]),
        headers in proptest::collection::vec((
            proptest::sample::select(vec![
                "if-match", "if-none-match", "if-modified-since", "if-unmodified-since",
                "a2a-version", "origin", "access-control-request-method",
                "access-control-request-headers",
            ]),
            header_value(),
        ), 0..6),
    ) {
        let layer = AgentCardLayer::builder(support::example_card())
            .negotiate_version(true)
            .legacy(Legacy::V03)
            .cors(a2a_card::serve::Cors::allow_origins(["https://a.example"]).unwrap())
            .build()
            .unwrap();
        let answer = send(&runtime(), &layer, method, path, &headers);
        prop_assert!(answer.status < 500, "{} for {:?}", answer.status, lines_text(&headers));
    }
}

fn lines_text(lines: &[(&str, Vec<u8>)]) -> Vec<String> {
    lines
        .iter()
        .map(|(name, value)| format!("{name}: {}", String::from_utf8_lossy(value)))
        .collect()
}

// ---------------------------------------------------------------------------------------
// The ETag is a function of the served bytes only.

/// GETs the card at `path`; checks the ETag is the SHA-256 of the body and returns both.
fn served(
    runtime: &tokio::runtime::Runtime,
    layer: &AgentCardLayer,
    path: &str,
) -> (Bytes, String) {
    let answer = send(runtime, layer, "GET", path, &[]);
    assert_eq!(answer.status, 200);
    let etag = answer.etag().unwrap().to_owned();
    assert_eq!(
        etag,
        etag_of(&answer.body),
        "the ETag is not the SHA-256 of the body"
    );
    (answer.body, etag)
}

fn replace(handle: &CardHandle, card: &AgentCard, secs: i64) {
    handle.replace_modified_at(card.clone(), at(secs)).unwrap();
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn etag_depends_on_the_served_bytes_only(
        a in valid_card(),
        b in valid_card(),
        t1 in 0i64..1_700_000_000,
        t2 in 0i64..1_700_000_000,
    ) {
        for card in [&a, &b] {
            let errors: Vec<_> = card.validate(Profile::Spec).into_iter().filter(|d| d.is_error()).collect();
            prop_assert!(errors.is_empty(), "the strategy built an invalid card: {:?}", errors);
        }
        let runtime = runtime();
        // Two layers built independently, in the other order, with other dates.
        let second = AgentCardLayer::builder(b.clone()).last_modified(at(t2)).legacy(Legacy::V03).build().unwrap();
        let first = AgentCardLayer::builder(a.clone()).last_modified(at(t1)).build().unwrap();
        let (body_a, etag_a) = served(&runtime, &first, CARD_PATH);
        let (body_b, etag_b) = served(&runtime, &second, CARD_PATH);
        prop_assert_eq!(&body_a[..], &a.to_json_vec()[..]);
        prop_assert_eq!(body_a == body_b, etag_a == etag_b);
        prop_assert_eq!(first.handle().etag(), etag_a.clone());

        // The legacy alias serves the same bytes with the same tag; the v0.3 rendering its
        // own bytes with their own tag.
        prop_assert_eq!(served(&runtime, &first, LEGACY_PATH), (body_a.clone(), etag_a.clone()));
        let (v03_body, v03_etag) = served(&runtime, &second, LEGACY_PATH);
        prop_assert_eq!(v03_etag == etag_b, v03_body == body_b);

        // Swapped away and back, on either layer: the tag follows the bytes.
        replace(&second.handle(), &a, t1 + 7);
        prop_assert_eq!(served(&runtime, &second, CARD_PATH), (body_a.clone(), etag_a.clone()));
        replace(&first.handle(), &b, t2);
        prop_assert_eq!(served(&runtime, &first, CARD_PATH), (body_b.clone(), etag_b.clone()));
        replace(&first.handle(), &a, t2 + 1);
        prop_assert_eq!(served(&runtime, &first, CARD_PATH), (body_a, etag_a));
    }
}
