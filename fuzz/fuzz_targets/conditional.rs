//! The whole conditional decision, through the served layer: GET and HEAD of the card with
//! any `name: value` header lines. Never a panic, never a 5xx; the status is the decision of
//! RFC 9110 §13.2.2; 412 only with If-Match / If-Unmodified-Since, 304 only with
//! If-None-Match / If-Modified-Since; and our exact tag in If-None-Match always gives 304
//! when no If-Match or If-Unmodified-Since is sent.
#![no_main]

use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use a2a_card::__fuzz::conditional_status;
use a2a_card::serve::{AgentCardLayer, AgentCardService};
use a2a_card_fuzz::{block_on, demo_card, header_lines, inner, Inner};
use http::header::{ETAG, IF_MATCH, IF_MODIFIED_SINCE, IF_NONE_MATCH, IF_UNMODIFIED_SINCE};
use http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use tower::{service_fn, Layer, ServiceExt};

// 784111777 = Sun, 06 Nov 1994 08:49:37 GMT, the date of RFC 9110's examples.
const MODIFIED: Duration = Duration::from_secs(784_111_777);

fn service() -> &'static (AgentCardService<Inner>, HeaderValue) {
    static SERVICE: OnceLock<(AgentCardService<Inner>, HeaderValue)> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let layer = AgentCardLayer::builder(demo_card())
            .last_modified(UNIX_EPOCH + MODIFIED)
            .build()
            .expect("the demo card builds");
        let service = layer.layer(service_fn(inner as fn(_) -> _));
        let request = Request::get("/.well-known/agent-card.json")
            .body(String::new())
            .unwrap();
        let response = block_on(service.clone().oneshot(request)).unwrap();
        let etag = response.headers()[ETAG].clone();
        (service, etag)
    })
}

fn status(method: Method, headers: &HeaderMap) -> StatusCode {
    let (service, _) = service();
    let mut request = Request::builder()
        .method(method)
        .uri("/.well-known/agent-card.json")
        .body(String::new())
        .unwrap();
    *request.headers_mut() = headers.clone();
    block_on(service.clone().oneshot(request)).unwrap().status()
}

fuzz_target!(|data: &[u8]| {
    let (_, etag) = service();
    let headers = header_lines(data);
    let modified: Option<SystemTime> = Some(UNIX_EPOCH + MODIFIED);
    let expected = conditional_status(&headers, etag, modified);
    for method in [Method::GET, Method::HEAD] {
        let got = status(method, &headers);
        assert!(!got.is_server_error(), "{got} for {headers:?}");
        assert_eq!(
            got, expected,
            "the layer and the decision disagree for {headers:?}"
        );
    }
    if expected == StatusCode::PRECONDITION_FAILED {
        assert!(headers.contains_key(IF_MATCH) || headers.contains_key(IF_UNMODIFIED_SINCE));
    }
    if expected == StatusCode::NOT_MODIFIED {
        assert!(headers.contains_key(IF_NONE_MATCH) || headers.contains_key(IF_MODIFIED_SINCE));
    }
    // Without a last-modified date, only tags decide.
    let untimed = conditional_status(&headers, etag, None);
    if !headers.contains_key(IF_MATCH) && !headers.contains_key(IF_NONE_MATCH) {
        assert_eq!(untimed, StatusCode::OK);
    }
    if !headers.contains_key(IF_MATCH) && !headers.contains_key(IF_UNMODIFIED_SINCE) {
        let mut revalidating = headers.clone();
        revalidating.append(IF_NONE_MATCH, etag.clone());
        assert_eq!(status(Method::GET, &revalidating), StatusCode::NOT_MODIFIED);
        assert_eq!(
            conditional_status(&revalidating, etag, None),
            StatusCode::NOT_MODIFIED
        );
    }
});
