//! Content negotiation through the served layer with precompression on: GET and HEAD of the
//! card with any `name: value` header lines (`Accept-Encoding` with any weights, wildcards
//! and malformed members, preconditions, anything else). Never a panic, never a 5xx; a 200
//! always says `Vary: Accept-Encoding`, its body decodes (by its `Content-Encoding`: none,
//! gzip or br) to exactly the identity bytes, its `Content-Length` is its body's length, and
//! its ETag is the one of that coding (a compressed body never carries the identity's); HEAD
//! sends GET's headers without a body; and our exact tag for the coding chosen, sent back
//! with the same request, gives 304.
#![no_main]

use std::io::Read;
use std::sync::OnceLock;

use a2a_card::serve::{AgentCardLayer, AgentCardService};
use a2a_card_fuzz::{block_on, demo_card, header_lines, inner, Inner};
use bytes::Bytes;
use http::header::{
    ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_LENGTH, ETAG, IF_MATCH, IF_MODIFIED_SINCE,
    IF_NONE_MATCH, IF_UNMODIFIED_SINCE, VARY,
};
use http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::{service_fn, Layer, ServiceExt};

/// The service, the identity bytes, and the ETag of each coding (identity, gzip, br) as the
/// layer sends it to a client that asks for exactly that coding.
struct Served {
    service: AgentCardService<Inner>,
    identity: Bytes,
    etags: Vec<(Option<HeaderValue>, HeaderValue)>,
}

fn served() -> &'static Served {
    static SERVED: OnceLock<Served> = OnceLock::new();
    SERVED.get_or_init(|| {
        let layer = AgentCardLayer::builder(demo_card())
            .precompress(true)
            .build()
            .expect("the demo card builds");
        let service = layer.layer(service_fn(inner as fn(_) -> _));
        let mut etags = Vec::new();
        let mut identity = Bytes::new();
        for asked in ["identity", "gzip", "br"] {
            let mut headers = HeaderMap::new();
            headers.insert(ACCEPT_ENCODING, HeaderValue::from_static(asked));
            let (status, headers, body) = get(&service, Method::GET, &headers);
            assert_eq!(status, StatusCode::OK);
            let coding = headers.get(CONTENT_ENCODING).cloned();
            if coding.is_none() {
                identity = body;
            }
            etags.push((coding, headers[ETAG].clone()));
        }
        assert_eq!(etags.len(), 3);
        Served {
            service,
            identity,
            etags,
        }
    })
}

fn get(
    service: &AgentCardService<Inner>,
    method: Method,
    headers: &HeaderMap,
) -> (StatusCode, HeaderMap, Bytes) {
    let mut request = Request::builder()
        .method(method)
        .uri("/.well-known/agent-card.json")
        .body(String::new())
        .unwrap();
    *request.headers_mut() = headers.clone();
    let response = block_on(service.clone().oneshot(request)).unwrap();
    let (parts, body) = response.into_parts();
    let body = block_on(body.collect()).unwrap().to_bytes();
    (parts.status, parts.headers, body)
}

fn decoded(coding: Option<&HeaderValue>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding.map(HeaderValue::as_bytes) {
        None => out.extend_from_slice(body),
        Some(b"gzip") => {
            flate2::read::GzDecoder::new(body)
                .read_to_end(&mut out)
                .expect("the gzip body decodes");
        }
        Some(b"br") => {
            brotli::Decompressor::new(body, 4096)
                .read_to_end(&mut out)
                .expect("the brotli body decodes");
        }
        Some(other) => panic!("unexpected Content-Encoding {other:?}"),
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let served = served();
    let headers = header_lines(data);
    let (status, got, body) = get(&served.service, Method::GET, &headers);
    assert!(!status.is_server_error(), "{status} for {headers:?}");
    if status != StatusCode::OK {
        return; // a precondition decided (the conditional target checks those)
    }
    assert_eq!(got[VARY], "Accept-Encoding", "for {headers:?}");
    let coding = got.get(CONTENT_ENCODING);
    assert_eq!(decoded(coding, &body), served.identity, "for {headers:?}");
    assert_eq!(got[CONTENT_LENGTH], body.len().to_string().as_str());
    let etag = &served
        .etags
        .iter()
        .find(|(c, _)| c.as_ref() == coding)
        .unwrap_or_else(|| panic!("a coding no one asked for alone: {coding:?}"))
        .1;
    assert_eq!(&got[ETAG], etag, "the ETag of {coding:?}, for {headers:?}");

    let (head_status, head, head_body) = get(&served.service, Method::HEAD, &headers);
    assert_eq!(head_status, status);
    assert!(head_body.is_empty(), "HEAD sent a body");
    let without_date = |h: &HeaderMap| {
        let mut h = h.clone();
        h.remove(http::header::DATE);
        h
    };
    assert_eq!(
        without_date(&head),
        without_date(&got),
        "HEAD and GET differ"
    );

    // Revalidating what was just sent: the same request with that tag gives 304, as long as
    // no other precondition of the request's own can decide first.
    let decides_first = [
        IF_MATCH,
        IF_UNMODIFIED_SINCE,
        IF_MODIFIED_SINCE,
        IF_NONE_MATCH,
    ]
    .iter()
    .any(|name| headers.contains_key(name));
    if !decides_first {
        let mut again = headers.clone();
        again.insert(IF_NONE_MATCH, etag.clone());
        let (status, _, _) = get(&served.service, Method::GET, &again);
        assert_eq!(status, StatusCode::NOT_MODIFIED, "for {again:?}");
    }
});
