//! `If-Match` / `If-None-Match` lists (one header line per input line) against our strong
//! tag. Beyond never panicking: strong implies weak, and our own tag always matches, on a
//! line of its own or after any member that holds no quote.
#![no_main]

use a2a_card::__fuzz::{etag_matches, strong_etag};
use a2a_card_fuzz::header_lines;
use http::header::{IF_MATCH, IF_NONE_MATCH};
use http::HeaderValue;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let ours = strong_etag(b"the card");
    let mut headers = http::HeaderMap::new();
    for line in data.split(|&b| b == b'\n') {
        if let Ok(value) = HeaderValue::from_bytes(line) {
            headers.append(IF_NONE_MATCH, value);
        }
    }
    let strong = etag_matches(&headers, IF_NONE_MATCH, &ours, true);
    let weak = etag_matches(&headers, IF_NONE_MATCH, &ours, false);
    assert!(!strong || weak, "a strong match must also match weakly");

    // Our tag on a line of its own matches, whatever the other lines hold.
    let mut with_ours = headers.clone();
    with_ours.append(IF_NONE_MATCH, ours.clone());
    assert!(etag_matches(&with_ours, IF_NONE_MATCH, &ours, true));
    let mut with_weak = headers.clone();
    let weak_ours = format!("W/{}", ours.to_str().unwrap());
    with_weak.append(IF_NONE_MATCH, HeaderValue::from_str(&weak_ours).unwrap());
    assert!(etag_matches(&with_weak, IF_NONE_MATCH, &ours, false));

    // Appended to a line without quotes (so no member can swallow the comma), it matches.
    for line in headers.get_all(IF_NONE_MATCH) {
        if line.as_bytes().contains(&b'"') {
            continue;
        }
        let mut joined = line.as_bytes().to_vec();
        joined.extend_from_slice(b", ");
        joined.extend_from_slice(ours.as_bytes());
        let mut one = http::HeaderMap::new();
        one.insert(IF_MATCH, HeaderValue::from_bytes(&joined).unwrap());
        assert!(
            etag_matches(&one, IF_MATCH, &ours, true),
            "{joined:?} does not match"
        );
    }

    // Also through the `name: value` reader the conditional target uses.
    let parsed = header_lines(data);
    let _ = etag_matches(&parsed, IF_MATCH, &ours, true);
});
