//! RFC 9110 conditional requests against the card, over real sockets: a table of cases, each
//! with the status and headers it must get.

use a2a_card_test_support as support;

use std::time::{Duration, SystemTime};

use a2a_card::serve::AgentCardLayer;
use support::{TestServer, echo_inner, example_card};
use tower::Layer;

/// Last-Modified of the card in these tests: Sun, 06 Nov 1994 08:49:37 GMT.
const MODIFIED: u64 = 784_111_777;
const AT: &str = "Sun, 06 Nov 1994 08:49:37 GMT";
const AT_RFC850: &str = "Sunday, 06-Nov-94 08:49:37 GMT";
const AT_ASCTIME: &str = "Sun Nov  6 08:49:37 1994";
const BEFORE: &str = "Sun, 06 Nov 1994 08:49:36 GMT";
const AFTER: &str = "Mon, 07 Nov 1994 00:00:00 GMT";
const FAR_FUTURE: &str = "Fri, 01 Jan 2100 00:00:00 GMT";

fn server() -> (TestServer, String) {
    let layer = AgentCardLayer::builder(example_card())
        .last_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(MODIFIED))
        .build()
        .unwrap();
    let etag = layer.handle().etag();
    let service = layer.layer(tower::service_fn(echo_inner));
    (TestServer::start(service), etag)
}

struct Case {
    name: &'static str,
    method: &'static str,
    headers: Vec<(&'static str, Vec<u8>)>,
    status: u16,
}

fn case(
    name: &'static str,
    method: &'static str,
    headers: &[(&'static str, &str)],
    status: u16,
) -> Case {
    Case {
        name,
        method,
        headers: headers
            .iter()
            .map(|(n, v)| (*n, v.as_bytes().to_vec()))
            .collect(),
        status,
    }
}

/// `<E>` in a header value stands for the card's ETag, `<e>` for its opaque part (no quotes).
fn cases() -> Vec<Case> {
    vec![
        case("no precondition", "GET", &[], 200),
        case(
            "If-None-Match with the ETag",
            "GET",
            &[("If-None-Match", "<E>")],
            304,
        ),
        case(
            "If-None-Match weak form of the ETag",
            "GET",
            &[("If-None-Match", "W/<E>")],
            304,
        ),
        case(
            "If-None-Match another tag",
            "GET",
            &[("If-None-Match", "\"other\"")],
            200,
        ),
        case(
            "If-None-Match weak other tag",
            "GET",
            &[("If-None-Match", "W/\"other\"")],
            200,
        ),
        case(
            "If-None-Match list containing the ETag",
            "GET",
            &[("If-None-Match", "\"other\", <E>")],
            304,
        ),
        case(
            "If-None-Match list without spaces",
            "GET",
            &[("If-None-Match", "\"a\",\"b\",<E>")],
            304,
        ),
        case("If-None-Match star", "GET", &[("If-None-Match", "*")], 304),
        case(
            "If-None-Match on two header lines",
            "GET",
            &[("If-None-Match", "\"other\""), ("If-None-Match", "<E>")],
            304,
        ),
        case(
            "If-None-Match stray whitespace and commas",
            "GET",
            &[("If-None-Match", " ,  <E>  , ")],
            304,
        ),
        case(
            "If-None-Match tag with a comma inside",
            "GET",
            &[("If-None-Match", "\"x,y\", <E>")],
            304,
        ),
        case(
            "If-None-Match garbage",
            "GET",
            &[("If-None-Match", "garbage")],
            200,
        ),
        case(
            "If-None-Match garbage then the ETag",
            "GET",
            &[("If-None-Match", "garbage, <E>")],
            304,
        ),
        case(
            "If-None-Match unquoted ETag",
            "GET",
            &[("If-None-Match", "<e>")],
            200,
        ),
        case(
            "If-None-Match lower-case weak prefix",
            "GET",
            &[("If-None-Match", "w/<E>")],
            200,
        ),
        case("If-None-Match empty", "GET", &[("If-None-Match", "")], 200),
        case(
            "If-None-Match other tag overrides a matching If-Modified-Since",
            "GET",
            &[("If-None-Match", "\"other\""), ("If-Modified-Since", AT)],
            200,
        ),
        case(
            "If-None-Match match wins over an old If-Modified-Since",
            "GET",
            &[("If-None-Match", "<E>"), ("If-Modified-Since", BEFORE)],
            304,
        ),
        case(
            "If-Modified-Since equal",
            "GET",
            &[("If-Modified-Since", AT)],
            304,
        ),
        case(
            "If-Modified-Since later",
            "GET",
            &[("If-Modified-Since", AFTER)],
            304,
        ),
        case(
            "If-Modified-Since far future",
            "GET",
            &[("If-Modified-Since", FAR_FUTURE)],
            304,
        ),
        case(
            "If-Modified-Since earlier",
            "GET",
            &[("If-Modified-Since", BEFORE)],
            200,
        ),
        case(
            "If-Modified-Since RFC 850 format",
            "GET",
            &[("If-Modified-Since", AT_RFC850)],
            304,
        ),
        case(
            "If-Modified-Since asctime format",
            "GET",
            &[("If-Modified-Since", AT_ASCTIME)],
            304,
        ),
        case(
            "If-Modified-Since invalid date",
            "GET",
            &[("If-Modified-Since", "yesterday")],
            200,
        ),
        case(
            "If-Modified-Since two lines",
            "GET",
            &[("If-Modified-Since", AT), ("If-Modified-Since", AT)],
            200,
        ),
        case("If-Match the ETag", "GET", &[("If-Match", "<E>")], 200),
        case("If-Match star", "GET", &[("If-Match", "*")], 200),
        case(
            "If-Match another tag",
            "GET",
            &[("If-Match", "\"other\"")],
            412,
        ),
        case(
            "If-Match weak ETag (strong comparison)",
            "GET",
            &[("If-Match", "W/<E>")],
            412,
        ),
        case(
            "If-Match list containing the ETag",
            "GET",
            &[("If-Match", "\"other\", <E>")],
            200,
        ),
        case("If-Match garbage", "GET", &[("If-Match", "garbage")], 412),
        case(
            "If-Unmodified-Since equal",
            "GET",
            &[("If-Unmodified-Since", AT)],
            200,
        ),
        case(
            "If-Unmodified-Since earlier",
            "GET",
            &[("If-Unmodified-Since", BEFORE)],
            412,
        ),
        case(
            "If-Unmodified-Since invalid date",
            "GET",
            &[("If-Unmodified-Since", "soon")],
            200,
        ),
        case(
            "If-Match wins over If-Unmodified-Since",
            "GET",
            &[("If-Match", "<E>"), ("If-Unmodified-Since", BEFORE)],
            200,
        ),
        case(
            "If-Match and If-None-Match both matching",
            "GET",
            &[("If-Match", "<E>"), ("If-None-Match", "<E>")],
            304,
        ),
        case(
            "failed If-Match before If-None-Match",
            "GET",
            &[("If-Match", "\"other\""), ("If-None-Match", "<E>")],
            412,
        ),
        case(
            "failed If-Unmodified-Since before If-None-Match",
            "GET",
            &[("If-Unmodified-Since", BEFORE), ("If-None-Match", "<E>")],
            412,
        ),
        case("HEAD with no precondition", "HEAD", &[], 200),
        case(
            "HEAD If-None-Match",
            "HEAD",
            &[("If-None-Match", "<E>")],
            304,
        ),
        case(
            "HEAD If-Modified-Since",
            "HEAD",
            &[("If-Modified-Since", AT)],
            304,
        ),
        case(
            "HEAD If-Match another tag",
            "HEAD",
            &[("If-Match", "\"other\"")],
            412,
        ),
        Case {
            name: "If-None-Match with non-ASCII bytes",
            method: "GET",
            headers: vec![("If-None-Match", b"\"\xff\xfe\", W/\"caf\xc3\xa9\"".to_vec())],
            status: 200,
        },
        Case {
            name: "If-Modified-Since with non-ASCII bytes",
            method: "GET",
            headers: vec![(
                "If-Modified-Since",
                b"Sun, 06 Nov 1994 08:49:37 GMT\xff".to_vec(),
            )],
            status: 200,
        },
        Case {
            name: "If-Match with non-ASCII bytes",
            method: "GET",
            headers: vec![("If-Match", b"\"\xe2\x82\xac\"".to_vec())],
            status: 412,
        },
    ]
}

#[test]
fn conditional_request_table() {
    let (server, etag) = server();
    let opaque = etag.trim_matches('"').to_owned();
    let all = cases();
    assert!(all.len() >= 30);
    let mut failures = Vec::new();
    for case in &all {
        let headers: Vec<(&str, Vec<u8>)> = case
            .headers
            .iter()
            .map(|(n, v)| {
                let value = match std::str::from_utf8(v) {
                    Ok(text) => text
                        .replace("<E>", &etag)
                        .replace("<e>", &opaque)
                        .into_bytes(),
                    Err(_) => v.clone(),
                };
                (*n, value)
            })
            .collect();
        let headers: Vec<(&str, &[u8])> = headers.iter().map(|(n, v)| (*n, v.as_slice())).collect();
        let response = server.request(case.method, "/.well-known/agent-card.json", &headers);
        if response.status != case.status {
            failures.push(format!(
                "{}: got {}, want {}",
                case.name, response.status, case.status
            ));
            continue;
        }
        let problem = check_headers(&response, case, &etag);
        if let Some(problem) = problem {
            failures.push(format!("{}: {problem}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What each status must carry.
fn check_headers(response: &support::RawResponse, case: &Case, etag: &str) -> Option<String> {
    match response.status {
        200 => {
            if response.header("etag") != Some(etag) {
                return Some("200 without the ETag".into());
            }
            if response.header("content-type") != Some("application/a2a+json") {
                return Some("200 without application/a2a+json".into());
            }
            if case.method == "GET" && !response.etag_matches_body() {
                return Some("the ETag is not the SHA-256 of the body".into());
            }
            if case.method == "HEAD" && response.header("content-length").is_none() {
                return Some("HEAD without Content-Length".into());
            }
        }
        304 => {
            for (name, want) in [
                ("etag", Some(etag)),
                ("cache-control", Some("public, max-age=3600")),
                ("last-modified", Some(AT)),
                ("access-control-allow-origin", Some("*")),
                ("content-type", None),
            ] {
                if response.header(name) != want {
                    return Some(format!(
                        "304 has {name} = {:?}, want {want:?}",
                        response.header(name)
                    ));
                }
            }
            if !response.body.is_empty() {
                return Some("304 with a body".into());
            }
        }
        412 if !response.body.is_empty() || response.has("content-type") => {
            return Some("412 carries the representation".into());
        }
        _ => {}
    }
    None
}
