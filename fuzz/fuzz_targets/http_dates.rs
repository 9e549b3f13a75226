//! HTTP dates: what `If-Modified-Since` / `If-Unmodified-Since` accept, and `Last-Modified`
//! built from any modification time. A date that is read (from 1970) formats and reads back
//! to itself, and any date read (before 1970 too) is whole seconds;
//! a layer built with any `last_modified` time serves the card, with `Last-Modified` that
//! time in whole seconds (none before 1970, the present for a future time), and a client
//! echoing it back gets a 304.
#![no_main]

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use a2a_card::__fuzz::{header_date, whole_seconds};
use a2a_card::serve::AgentCardLayer;
use a2a_card_fuzz::{block_on, demo_card};
use http::header::{IF_MODIFIED_SINCE, IF_UNMODIFIED_SINCE, LAST_MODIFIED};
use http::{HeaderMap, HeaderValue, Request, Response, StatusCode};
use libfuzzer_sys::fuzz_target;
use tower::{service_fn, Layer, ServiceExt};

/// A modification time from the first 12 bytes: seconds (i64, either side of the epoch) and
/// nanoseconds, so text seeds give times too.
fn time_of(data: &[u8]) -> Option<SystemTime> {
    let mut raw = [0u8; 12];
    let n = data.len().min(12);
    raw[..n].copy_from_slice(&data[..n]);
    let secs = i64::from_le_bytes(raw[..8].try_into().unwrap());
    let nanos = u32::from_le_bytes(raw[8..].try_into().unwrap()) % 1_000_000_000;
    let offset = Duration::new(secs.unsigned_abs(), nanos);
    if secs >= 0 {
        UNIX_EPOCH.checked_add(offset)
    } else {
        UNIX_EPOCH.checked_sub(offset)
    }
}

fuzz_target!(|data: &[u8]| {
    // The date as a header value.
    if let Ok(value) = HeaderValue::from_bytes(data) {
        let mut headers = HeaderMap::new();
        headers.insert(IF_MODIFIED_SINCE, value.clone());
        if let Some(date) = header_date(&headers, IF_MODIFIED_SINCE) {
            match date.duration_since(UNIX_EPOCH) {
                // `httpdate` formats 1970 onwards only.
                Ok(_) => {
                    let again = httpdate::fmt_http_date(date);
                    assert_eq!(httpdate::parse_http_date(&again).ok(), Some(date));
                    assert_eq!(whole_seconds(date), date, "an HTTP date has whole seconds");
                }
                // A valid date before 1970 is still a date (RFC 9110), in whole seconds.
                Err(before) => assert_eq!(before.duration().subsec_nanos(), 0, "{date:?}"),
            }
        }
        headers.append(IF_MODIFIED_SINCE, value);
        assert_eq!(
            header_date(&headers, IF_MODIFIED_SINCE),
            None,
            "two lines are ignored"
        );
        assert_eq!(header_date(&headers, IF_UNMODIFIED_SINCE), None);
    }

    // The card's modification time as Last-Modified.
    let Some(modified) = time_of(data) else {
        return;
    };
    let layer = AgentCardLayer::builder(demo_card())
        .last_modified(modified)
        .build()
        .expect("the demo card builds");
    let service = layer.layer(service_fn(|_req: Request<String>| async {
        Ok::<_, std::convert::Infallible>(Response::new(String::new()))
    }));
    let app = |headers: HeaderMap| {
        let mut request = Request::get("/.well-known/agent-card.json")
            .body(String::new())
            .unwrap();
        *request.headers_mut() = headers;
        let response = block_on(service.clone().oneshot(request)).unwrap();
        response.map(|_| ())
    };
    let response = app(HeaderMap::new());
    assert_eq!(response.status(), StatusCode::OK);
    // Before 1970 there is no HTTP date; a time in the future is sent as the present.
    let sent = response.headers().get(LAST_MODIFIED);
    assert_eq!(sent.is_some(), modified >= UNIX_EPOCH, "{modified:?}");
    if let Some(last_modified) = sent {
        let date = httpdate::parse_http_date(last_modified.to_str().unwrap()).unwrap();
        let expected = modified.min(SystemTime::now());
        assert!(
            date <= expected && expected.duration_since(date).unwrap() < Duration::from_secs(2)
        );
        let mut headers = HeaderMap::new();
        headers.insert(IF_MODIFIED_SINCE, last_modified.clone());
        assert_eq!(app(headers).status(), StatusCode::NOT_MODIFIED);
    }
});
