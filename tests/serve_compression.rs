//! Precompressed cards over real sockets: `Accept-Encoding` negotiation, the ETag of each
//! coding and the preconditions decided against it, HEAD, `Vary`, swaps, tenants, the v0.3
//! rendering, the catalog, the switch, replicas agreeing byte for byte, and the bytes on the
//! wire (`cargo test --test serve_compression -- --nocapture bytes_on_the_wire` prints them).

use a2a_card_test_support as support;

use std::io::Read;

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, AgentCardLayerBuilder, Cors, Legacy};
use support::{RawResponse, TestServer, echo_inner, example_card};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";
const LEGACY: &str = "/.well-known/agent.json";

fn start(builder: AgentCardLayerBuilder) -> TestServer {
    let layer = builder.build().unwrap();
    TestServer::start(layer.layer(tower::service_fn(echo_inner)))
}

fn ten_kb_card() -> AgentCard {
    AgentCard::from_json_slice(include_bytes!("fixtures/cards/ten-kb.json")).unwrap()
}

fn get(server: &TestServer, target: &str, accept_encoding: &[u8]) -> RawResponse {
    server.request("GET", target, &[("Accept-Encoding", accept_encoding)])
}

/// The body as the client reads it: decoded by its `Content-Encoding`.
fn decoded(response: &RawResponse) -> Vec<u8> {
    let mut out = Vec::new();
    match response.header("content-encoding") {
        None => out.clone_from(&response.body),
        Some("gzip") => {
            flate2::read::GzDecoder::new(&response.body[..])
                .read_to_end(&mut out)
                .unwrap();
        }
        Some("br") => {
            brotli::Decompressor::new(&response.body[..], 4096)
                .read_to_end(&mut out)
                .unwrap();
        }
        Some(other) => panic!("unexpected Content-Encoding {other}"),
    }
    out
}

/// Checks a 200 came in `coding` (None: identity) and decodes to `identity`, under the ETag of
/// its own bytes.
fn assert_coded(response: &RawResponse, coding: Option<&str>, identity: &[u8], what: &str) {
    assert_eq!(response.status, 200, "{what}");
    assert_eq!(response.header("content-encoding"), coding, "{what}");
    assert!(response.etag_matches_body(), "{what}: ETag of other bytes");
    assert_eq!(decoded(response), identity, "{what}");
    if coding.is_some() {
        assert!(response.body.len() < identity.len(), "{what}: not smaller");
    }
}

#[test]
fn accept_encoding_is_negotiated_as_rfc_9110_says() {
    let server = start(AgentCardLayer::builder(example_card()));
    let identity = example_card().to_json_vec();
    let cases: &[(&[&[u8]], Option<&str>)] = &[
        (&[], None),
        (&[b""], None),
        (&[b"gzip"], Some("gzip")),
        (&[b"br"], Some("br")),
        (&[b"gzip, deflate, br"], Some("br")),
        (&[b"br;q=0.5, gzip;q=0.8"], Some("gzip")),
        (&[b"gzip;q=0.5, br;q=0.5"], Some("br")),
        (&[b"gzip;q=0.5"], Some("gzip")),
        (&[b"gzip;q=0.5, identity"], None),
        (&[b"gzip;q=0.5, identity;q=0.5"], Some("gzip")),
        (&[b"gzip;q=0, br;q=0"], None),
        (&[b"identity;q=0"], None),
        (&[b"*;q=0"], None),
        (&[b"*"], Some("br")),
        (&[b"*, br;q=0"], Some("gzip")),
        (&[b"x-gzip"], Some("gzip")),
        (&[b"GZIP"], Some("gzip")),
        (&[b"BR;Q=1.0"], Some("br")),
        (&[b"deflate, zstd, compress"], None),
        (&[b"gzip;q=high"], None),
        (&[b"gzip;q=1.5, br;q=0.1"], Some("br")),
        (&[b"deflate", b"gzip"], Some("gzip")),
        (&[b"gzip;q=0.2", b"br;q=0.3"], Some("br")),
        (&[b" \t gzip ; q=0.7 ,  identity;q=0.6 "], Some("gzip")),
    ];
    for (lines, coding) in cases {
        let headers: Vec<(&str, &[u8])> = lines.iter().map(|l| ("Accept-Encoding", *l)).collect();
        let response = server.request("GET", CARD, &headers);
        assert_coded(&response, *coding, &identity, &format!("{lines:?}"));
        assert_eq!(
            response.header("vary"),
            Some("Accept-Encoding"),
            "{lines:?}"
        );
    }
}

#[test]
fn each_coding_has_its_own_etag_and_preconditions_use_it() {
    let server = start(AgentCardLayer::builder(example_card()));
    let identity = get(&server, CARD, b"identity");
    let gzip = get(&server, CARD, b"gzip");
    let br = get(&server, CARD, b"br");
    let tags = [&identity, &gzip, &br].map(|r| r.header("etag").unwrap().to_owned());
    assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2]);
    let [identity_tag, gzip_tag, br_tag] = tags.map(String::into_bytes);

    // If-None-Match: 304 only for the ETag of the coding that would be sent.
    let ask = |coding: &[u8], name: &str, tag: &[u8]| {
        server.request("GET", CARD, &[("Accept-Encoding", coding), (name, tag)])
    };
    let revalidated = ask(b"gzip", "If-None-Match", &gzip_tag);
    assert_eq!(revalidated.status, 304);
    assert_eq!(revalidated.header("etag"), gzip.header("etag"));
    assert_eq!(revalidated.header("vary"), Some("Accept-Encoding"));
    assert!(!revalidated.has("content-encoding") && revalidated.body.is_empty());
    // The gzip ETag from a client now asking identity (or brotli): the full other body.
    let other = ask(b"identity", "If-None-Match", &gzip_tag);
    assert_coded(&other, None, &identity.body, "gzip tag, identity asked");
    let other = ask(b"br", "If-None-Match", &gzip_tag);
    assert_coded(&other, Some("br"), &identity.body, "gzip tag, br asked");
    assert_eq!(ask(b"br", "If-None-Match", &br_tag).status, 304);
    assert_eq!(ask(b"", "If-None-Match", &identity_tag).status, 304);
    // The identity ETag never revalidates an encoded answer.
    assert_eq!(ask(b"gzip", "If-None-Match", &identity_tag).status, 200);

    // If-Match: the selected representation's ETag, or 412.
    assert_eq!(ask(b"gzip", "If-Match", &gzip_tag).status, 200);
    assert_eq!(ask(b"gzip", "If-Match", &identity_tag).status, 412);
    assert_eq!(ask(b"identity", "If-Match", &gzip_tag).status, 412);
    assert_eq!(ask(b"br", "If-Match", &br_tag).status, 200);
    let failed = ask(b"br", "If-Match", &gzip_tag);
    assert_eq!(failed.status, 412);
    assert_eq!(failed.header("vary"), Some("Accept-Encoding"));
}

#[test]
fn head_sends_exactly_the_headers_of_get_for_each_coding() {
    let server = start(AgentCardLayer::builder(example_card()));
    for coding in [&b"identity"[..], b"gzip", b"br"] {
        let headers = [("Accept-Encoding", coding)];
        let get = server.request("GET", CARD, &headers);
        let head = server.request("HEAD", CARD, &headers);
        assert_eq!(head.status, 200);
        assert!(head.body.is_empty());
        let without_date = |r: &RawResponse| {
            let mut h = r.headers.clone();
            h.retain(|(n, _)| n != "date");
            h
        };
        assert_eq!(without_date(&head), without_date(&get), "{coding:?}");
        assert_eq!(
            get.header("content-length").unwrap(),
            get.body.len().to_string()
        );
    }
}

#[test]
fn vary_is_one_header_merged_with_version_and_origin() {
    let cors = Cors::allow_origins(["https://app.example.com"]).unwrap();
    let server = start(
        AgentCardLayer::builder(example_card())
            .negotiate_version(true)
            .cors(cors),
    );
    let origin: (&str, &[u8]) = ("Origin", b"https://app.example.com");
    let canonical = server.request("GET", CARD, &[origin, ("Accept-Encoding", b"gzip")]);
    assert_eq!(
        canonical.header("vary"),
        Some("A2A-Version, Origin, Accept-Encoding")
    );
    assert_eq!(canonical.header("content-encoding"), Some("gzip"));
    let legacy = server.request("GET", LEGACY, &[origin, ("Accept-Encoding", b"br")]);
    assert_eq!(legacy.header("vary"), Some("Origin, Accept-Encoding"));
    assert_eq!(legacy.header("content-encoding"), Some("br"));
    // v0.3 by negotiation: its own encoded bytes.
    let v03 = server.request(
        "GET",
        CARD,
        &[("A2A-Version", &b"0.3"[..]), ("Accept-Encoding", b"gzip")],
    );
    assert_eq!(v03.header("content-encoding"), Some("gzip"));
    assert!(v03.etag_matches_body());
    let identity = server.request("GET", CARD, &[("A2A-Version", &b"0.3"[..])]);
    assert_coded(&v03, Some("gzip"), &identity.body, "v0.3 by negotiation");
    let v03: serde_json::Value = serde_json::from_slice(&decoded(&v03)).unwrap();
    assert!(v03["url"].is_string(), "a v0.3 card has a top-level url");
}

#[test]
fn the_v03_rendering_and_tenants_are_compressed_too() {
    let tenant = ten_kb_card();
    let server = start(
        AgentCardLayer::builder(example_card())
            .legacy(Legacy::V03)
            .tenant("regions", tenant.clone()),
    );
    let v03 = get(&server, LEGACY, b"identity").body;
    let rendering = serde_json::from_slice::<serde_json::Value>(&v03).unwrap();
    assert!(
        rendering["url"].is_string(),
        "a v0.3 card has a top-level url"
    );
    assert_coded(&get(&server, LEGACY, b"gzip"), Some("gzip"), &v03, "v0.3");
    assert_coded(&get(&server, LEGACY, b"br"), Some("br"), &v03, "v0.3");
    let path = format!("/regions{CARD}");
    let identity = tenant.to_json_vec();
    assert_coded(
        &get(&server, &path, b"gzip"),
        Some("gzip"),
        &identity,
        "tenant",
    );
    assert_coded(&get(&server, &path, b"br"), Some("br"), &identity, "tenant");
    assert_coded(&get(&server, &path, b""), None, &identity, "tenant");
}

#[test]
fn a_swapped_card_gets_new_encoded_bytes_and_etags() {
    let layer = AgentCardLayer::builder(example_card()).build().unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let old = get(&server, CARD, b"gzip");
    let old_tag = old.header("etag").unwrap().as_bytes().to_vec();

    let newer = ten_kb_card();
    handle.replace(newer.clone()).unwrap();
    let new = get(&server, CARD, b"gzip");
    assert_coded(&new, Some("gzip"), &newer.to_json_vec(), "after the swap");
    assert_ne!(new.header("etag"), old.header("etag"));
    let stale = server.request(
        "GET",
        CARD,
        &[
            ("Accept-Encoding", b"gzip"),
            ("If-None-Match", &old_tag[..]),
        ],
    );
    assert_eq!(
        stale.status, 200,
        "the old card's gzip ETag must not revalidate"
    );
    assert_coded(
        &get(&server, CARD, b"br"),
        Some("br"),
        &newer.to_json_vec(),
        "br",
    );

    // A new tenant through the handle is compressed as well.
    handle.replace_tenant("acme", example_card()).unwrap();
    let tenant = get(&server, &format!("/acme{CARD}"), b"br");
    assert_coded(
        &tenant,
        Some("br"),
        &example_card().to_json_vec(),
        "new tenant",
    );
}

#[test]
fn switched_off_the_responses_are_identity_without_vary() {
    let server = start(AgentCardLayer::builder(example_card()).precompress(false));
    for coding in [&b"gzip"[..], b"br", b"*", b"gzip;q=1, identity;q=0"] {
        let response = get(&server, CARD, coding);
        assert_coded(&response, None, &example_card().to_json_vec(), "off");
        assert!(!response.has("vary"), "{coding:?}");
    }
}

#[cfg(feature = "catalog")]
#[test]
fn the_catalog_is_compressed_too() {
    use a2a_card::serve::CatalogOptions;
    let catalog = CatalogOptions::new().base_url("https://agents.example.com");
    let server = start(
        AgentCardLayer::builder(ten_kb_card())
            .tenant("b", ten_kb_card())
            .catalog(catalog),
    );
    let path = "/.well-known/ai-catalog.json";
    let identity = get(&server, path, b"");
    assert_eq!(identity.header("vary"), Some("Accept-Encoding"));
    assert_coded(
        &get(&server, path, b"gzip"),
        Some("gzip"),
        &identity.body,
        "catalog",
    );
    let br = get(&server, path, b"br");
    assert_coded(&br, Some("br"), &identity.body, "catalog");
    let tag = br.header("etag").unwrap().as_bytes().to_vec();
    let again = server.request(
        "GET",
        path,
        &[("Accept-Encoding", b"br"), ("If-None-Match", &tag[..])],
    );
    assert_eq!(again.status, 304);
}

#[test]
fn replicas_built_apart_send_the_same_encoded_bytes_and_etags() {
    for card in [example_card(), ten_kb_card()] {
        let one = start(AgentCardLayer::builder(card.clone()).legacy(Legacy::V03));
        let two = start(AgentCardLayer::builder(card.clone()).legacy(Legacy::V03));
        for path in [CARD, LEGACY] {
            for coding in [&b"gzip"[..], b"br", b"identity"] {
                let (a, b) = (get(&one, path, coding), get(&two, path, coding));
                assert_eq!(a.body, b.body, "{path} {coding:?}");
                assert_eq!(a.header("etag"), b.header("etag"), "{path} {coding:?}");
            }
        }
    }
}

/// Bytes on the wire for the demo card and a ~10 KB card; benches/README.md's table comes from here.
#[test]
fn bytes_on_the_wire() {
    println!("| card | identity | gzip | br |");
    println!("|---|---|---|---|");
    for (name, card) in [
        ("examples/agent-card.json", example_card()),
        ("tests/fixtures/cards/ten-kb.json", ten_kb_card()),
    ] {
        let server = start(AgentCardLayer::builder(card));
        let sizes = [&b"identity"[..], b"gzip", b"br"].map(|c| get(&server, CARD, c).body.len());
        println!(
            "| `{name}` | {} B | {} B | {} B |",
            sizes[0], sizes[1], sizes[2]
        );
        assert!(
            sizes[2] < sizes[1] && sizes[1] < sizes[0],
            "{name}: {sizes:?}"
        );
    }
}
