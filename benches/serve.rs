//! In-process cost of the layer, each next to a bare baseline measured in the same run:
//!
//! - card hit: `AgentCardService` answering GET of the card, against a bare `service_fn`
//!   that returns the same prebuilt bytes and headers (the least a server can do);
//! - not modified: the 304 path, against the same bare service;
//! - encoded hit: GET with `Accept-Encoding: gzip, br` (the prebuilt brotli bytes), against
//!   the same GET with `Accept-Encoding: identity` (the same request, so the same cost of
//!   building it) and against the bare service: picking other prebuilt bytes costs about what
//!   an identity hit costs;
//! - pass-through: a request that is not for the card, through the layer, against the inner
//!   service called directly.
//!
//! ```text
//! cargo bench --bench serve
//! ```

mod common;

use std::convert::Infallible;
use std::future::Future;
use std::hint::black_box;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use a2a_card::AgentCard;
use a2a_card::serve::AgentCardLayer;
use bytes::Bytes;
use criterion::Criterion;
use http::{HeaderMap, HeaderValue, Request, Response, header};
use http_body_util::Full;
use tower::{Layer, Service, ServiceExt};

const CARD: &[u8] = include_bytes!("../examples/agent-card.json");
const CARD_PATH: &str = "/.well-known/agent-card.json";

const RATIOS: &[(&str, &str, &str, &str)] = &[
    (
        "card hit",
        "AgentCardService",
        "card hit",
        "bare service_fn (baseline)",
    ),
    (
        "not modified",
        "AgentCardService 304",
        "card hit",
        "bare service_fn (baseline)",
    ),
    (
        "encoded hit",
        "AgentCardService gzip, br",
        "encoded hit",
        "AgentCardService identity (baseline)",
    ),
    (
        "encoded hit",
        "AgentCardService gzip, br",
        "card hit",
        "bare service_fn (baseline)",
    ),
    (
        "pass-through",
        "AgentCardService",
        "pass-through",
        "inner service (baseline)",
    ),
];

/// Every future here is ready at once; polling it with a no-op waker runs it.
fn run<F: Future>(future: F) -> F::Output {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => output,
        Poll::Pending => unreachable!("the services under test never wait"),
    }
}

fn inner_service()
-> impl Service<Request<()>, Response = Response<Full<Bytes>>, Error = Infallible> + Clone {
    tower::service_fn(|_request: Request<()>| async {
        Ok::<_, Infallible>(Response::new(Full::new(Bytes::from_static(b"agent"))))
    })
}

fn get(path: &str) -> Request<()> {
    Request::get(path).body(()).unwrap()
}

fn benches(c: &mut Criterion) {
    let card = AgentCard::from_json_slice(CARD).unwrap();
    let layer = AgentCardLayer::builder(card).build().unwrap();
    let service = layer.layer(inner_service());

    // The bare baseline: the very bytes and headers the layer sends, prebuilt.
    let served = run(service.clone().oneshot(get(CARD_PATH))).unwrap();
    let headers: HeaderMap = served.headers().clone();
    let body = run(http_body_util::BodyExt::collect(served.into_body()))
        .unwrap()
        .to_bytes();
    let bare = tower::service_fn(move |_request: Request<()>| {
        let mut response = Response::new(Full::new(body.clone()));
        *response.headers_mut() = headers.clone();
        async { Ok::<_, Infallible>(response) }
    });
    let etag = HeaderValue::from_str(&layer.handle().etag()).unwrap();

    let mut group = c.benchmark_group("card hit");
    group.bench_function("bare service_fn (baseline)", |b| {
        b.iter(|| run(bare.clone().oneshot(black_box(get(CARD_PATH)))).unwrap())
    });
    group.bench_function("AgentCardService", |b| {
        b.iter(|| run(service.clone().oneshot(black_box(get(CARD_PATH)))).unwrap())
    });
    group.finish();

    let accepting = |coding: &'static str| {
        let mut request = get(CARD_PATH);
        let value = HeaderValue::from_static(coding);
        request.headers_mut().insert(header::ACCEPT_ENCODING, value);
        request
    };
    let mut group = c.benchmark_group("encoded hit");
    group.bench_function("AgentCardService identity (baseline)", |b| {
        b.iter(|| {
            let response = run(service.clone().oneshot(black_box(accepting("identity"))));
            assert!(
                !response
                    .unwrap()
                    .headers()
                    .contains_key(header::CONTENT_ENCODING)
            );
        })
    });
    group.bench_function("AgentCardService gzip, br", |b| {
        b.iter(|| {
            let response = run(service.clone().oneshot(black_box(accepting("gzip, br"))));
            assert_eq!(response.unwrap().headers()[header::CONTENT_ENCODING], "br");
        })
    });
    group.finish();

    let mut group = c.benchmark_group("not modified");
    group.bench_function("AgentCardService 304", |b| {
        b.iter(|| {
            let mut request = get(CARD_PATH);
            request
                .headers_mut()
                .insert(header::IF_NONE_MATCH, etag.clone());
            let response = run(service.clone().oneshot(black_box(request))).unwrap();
            assert_eq!(response.status(), 304);
            response
        })
    });
    group.finish();

    let inner = inner_service();
    let mut group = c.benchmark_group("pass-through");
    group.bench_function("inner service (baseline)", |b| {
        b.iter(|| run(inner.clone().oneshot(black_box(get("/a2a/v1")))).unwrap())
    });
    group.bench_function("AgentCardService", |b| {
        b.iter(|| run(service.clone().oneshot(black_box(get("/a2a/v1")))).unwrap())
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
    common::print_ratios(RATIOS);
}
