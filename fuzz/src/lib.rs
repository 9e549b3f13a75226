//! What the fuzz targets share: running a service call to completion, and reading headers
//! from fuzz input.

use std::future::Future;
use std::sync::OnceLock;

use http::{HeaderMap, HeaderName, HeaderValue, Request, Response};

/// Runs `future` on one current-thread runtime kept for the whole fuzzing run.
pub fn block_on<F: Future>(future: F) -> F::Output {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a current-thread runtime")
        })
        .block_on(future)
}

/// Header lines `name: value`, one a line; lines that are not a valid header are skipped
/// (a server's HTTP parser would have refused them before any middleware runs).
pub fn header_lines(data: &[u8]) -> HeaderMap {
    let mut headers = HeaderMap::new();
    for line in data.split(|&b| b == b'\n') {
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            continue;
        };
        let name = HeaderName::from_bytes(line[..colon].trim_ascii());
        let value = HeaderValue::from_bytes(line[colon + 1..].trim_ascii());
        if let (Ok(name), Ok(value)) = (name, value) {
            headers.append(name, value);
        }
    }
    headers
}

/// The crate's demo card, valid and servable.
pub fn demo_card() -> a2a_card::AgentCard {
    a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json"))
        .expect("the demo card reads")
}

/// The public and extended cards of the extended-card tests (tests/fixtures/extended): API
/// keys in header, query and cookie, Basic, bearer JWT and mTLS.
pub fn extended_cards() -> (a2a_card::AgentCard, a2a_card::AgentCard) {
    let read = |name: &str| {
        let path = format!(
            "{}/../tests/fixtures/extended/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        a2a_card::AgentCard::from_json_slice(&bytes).expect("the fixture reads")
    };
    (read("public.json"), read("extended.json"))
}

/// The service behind the card layer in the targets that fuzz the card's own answers: a
/// plain function, so the layered service has a type a `static` can hold.
pub type Inner = tower::util::ServiceFn<fn(Request<String>) -> InnerFuture>;

/// What [`Inner`] answers.
pub type InnerFuture = std::future::Ready<Result<Response<String>, std::convert::Infallible>>;

/// The inner service's answer to anything: a body that is not the card.
pub fn inner(_request: Request<String>) -> InnerFuture {
    std::future::ready(Ok(Response::new(String::from("not the card"))))
}
