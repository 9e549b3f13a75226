//! A public URL over real sockets: the interface URLs that point at the agent itself are
//! rebased in the public card, each tenant's card, the extended card and the catalog's entry
//! URLs; another host's URL is left alone; two layers built apart serve the same bytes and
//! ETags; a signed card that would change is refused, and a signing key signs the rebased card.
#![cfg(all(feature = "catalog", feature = "extended", feature = "sign"))]

use a2a_card_test_support as support;

use a2a_card::AgentCard;
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::security::{ApiKeys, CardSecurity};
use a2a_card::serve::{AgentCardLayer, BuildError, CatalogOptions, PublicUrl};
use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
use std::convert::Infallible;

use a2a_card::extended::RequestBody;
use hyper::body::Incoming;
use support::{TestServer, example_card};
use tower::Layer;

const PUBLIC: &str = "https://agents.example.com/billing";
const WRITTEN: &str = "http://0.0.0.0:8000/a2a/v1";
const REBASED: &str = "https://agents.example.com/billing/a2a/v1";
const ELSEWHERE: &str = "https://partner.example.org/a2a/rest";

/// The example card written for a local deployment: one interface on 0.0.0.0, one on
/// another host.
fn local_card() -> AgentCard {
    let mut card = example_card();
    card.supported_interfaces[0].url = WRITTEN.to_owned();
    card.supported_interfaces[1].url = ELSEWHERE.to_owned();
    card
}

fn public() -> PublicUrl {
    PublicUrl::parse(PUBLIC).unwrap()
}

fn start() -> TestServer {
    let card = local_card();
    let mut tenant = local_card();
    tenant.name = "Billing Tenant".to_owned();
    tenant.supported_interfaces[0].url = "http://localhost:8000/acme/a2a/v1".to_owned();
    let security = CardSecurity::builder(&card)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .build()
        .unwrap();
    // The routes come from the card as written: the paths this server sees.
    let extended = ExtendedCardLayer::builder(&card, security)
        .extended_card(card.clone())
        .public_url(public())
        .build()
        .unwrap();
    let cards = AgentCardLayer::builder(card)
        .tenant("acme", tenant)
        .catalog(CatalogOptions::new().identifier_prefix("urn:example:agent:"))
        .public_url(public())
        .build()
        .unwrap();
    let agent = tower::service_fn(|_request: http::Request<RequestBody<Incoming>>| async {
        Ok::<_, Infallible>(http::Response::new(http_body_util::Full::new(
            bytes::Bytes::from_static(b"the agent"),
        )))
    });
    TestServer::start(cards.layer(extended.layer(agent)))
}

fn interface_urls(card: &serde_json::Value) -> Vec<String> {
    card["supportedInterfaces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["url"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn the_public_card_tenants_extended_card_and_catalog_advertise_the_public_url() {
    let server = start();
    let card = server.get("/.well-known/agent-card.json");
    assert_eq!(card.status, 200);
    assert_eq!(interface_urls(&card.json()), [REBASED, ELSEWHERE]);
    let tenant = server.get("/acme/.well-known/agent-card.json");
    assert_eq!(
        interface_urls(&tenant.json()),
        ["https://agents.example.com/billing/acme/a2a/v1", ELSEWHERE]
    );
    // The extended card's route is the path the server sees (/a2a/rest from the card as
    // written is another host's here, so ask on the JSON-RPC path).
    let extended = support::request(
        server.addr,
        "POST",
        "/a2a/v1",
        &[("X-API-Key", b"k1"), ("Content-Type", b"application/json")],
        br#"{"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"}"#,
    );
    assert_eq!(
        extended.status,
        200,
        "{}",
        String::from_utf8_lossy(&extended.body)
    );
    assert_eq!(
        interface_urls(&extended.json()["result"]),
        [REBASED, ELSEWHERE]
    );
    let catalog = server.get("/.well-known/ai-catalog.json").json();
    let urls: Vec<_> = catalog["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["url"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        urls,
        [
            "https://agents.example.com/billing/.well-known/agent-card.json",
            "https://agents.example.com/billing/acme/.well-known/agent-card.json",
        ]
    );
}

#[test]
fn two_layers_built_apart_serve_the_same_bytes_and_etags() {
    let first = start();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let second = start();
    for path in [
        "/.well-known/agent-card.json",
        "/acme/.well-known/agent-card.json",
        "/.well-known/ai-catalog.json",
    ] {
        let (a, b) = (first.get(path), second.get(path));
        assert_eq!(a.body, b.body, "{path}");
        assert_eq!(a.header("etag"), b.header("etag"), "{path}");
        assert!(a.etag_matches_body(), "{path}");
    }
}

#[test]
fn a_signed_card_that_would_change_is_refused_and_one_that_would_not_is_served() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let signer = CardSigner::new(key, "k");
    let signed = signer.sign(&local_card()).unwrap();
    let refused = AgentCardLayer::builder(signed).public_url(public()).build();
    match refused {
        Err(error @ BuildError::SignedCardRebased { .. }) => {
            let message = error.to_string();
            assert!(message.contains("/supportedInterfaces/0/url"), "{message}");
            assert!(!message.contains("/supportedInterfaces/1/url"), "{message}");
        }
        other => panic!("expected SignedCardRebased, got {other:?}"),
    }
    // Signed with its public URLs already: nothing to rebase, served as it is.
    let mut public_card = local_card();
    public_card.supported_interfaces[0].url = REBASED.to_owned();
    let signed = signer.sign(&public_card).unwrap();
    let layer = AgentCardLayer::builder(signed.clone())
        .public_url(public())
        .build()
        .unwrap();
    assert_eq!(*layer.handle().card(), signed);
}

#[test]
fn a_signing_key_signs_the_rebased_card() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let store = TrustStore::new().with_key(key.trusted_key("k"));
    let layer = AgentCardLayer::builder(local_card())
        .public_url(public())
        .sign_with(CardSigner::new(key, "k"))
        .build()
        .unwrap();
    let card = layer.handle().card();
    assert_eq!(card.supported_interfaces[0].url, REBASED);
    let verifier = CardVerifier::new(store);
    verifier
        .verify(&card)
        .expect("the rebased card's signature verifies");
}

#[test]
fn a_swap_is_rebased_too() {
    let layer = AgentCardLayer::builder(example_card())
        .public_url(public())
        .build()
        .unwrap();
    layer.handle().replace(local_card()).unwrap();
    assert_eq!(layer.handle().card().supported_interfaces[0].url, REBASED);
}

/// Every value of header `name`.
fn all(response: &support::RawResponse, name: &str) -> Vec<String> {
    let lines = response.headers.iter().filter(|(n, _)| n == name);
    lines.map(|(_, v)| v.clone()).collect()
}

/// A layer with the catalog and `legacy`, its settings given by `configure`, with every
/// request said to come from 10.0.0.1 (a trusted proxy when one is set).
fn start_with(
    legacy: a2a_card::serve::Legacy,
    configure: impl FnOnce(
        a2a_card::serve::AgentCardLayerBuilder,
    ) -> a2a_card::serve::AgentCardLayerBuilder,
) -> TestServer {
    let builder = AgentCardLayer::builder(local_card())
        .tenant("acme", local_card())
        .catalog(CatalogOptions::new().identifier_prefix("urn:example:agent:"))
        .legacy(legacy);
    let cards = configure(builder).build().unwrap();
    let agent = tower::service_fn(|_request: http::Request<Incoming>| async {
        Ok::<_, Infallible>(http::Response::new(http_body_util::Full::new(
            bytes::Bytes::from_static(b"the agent"),
        )))
    });
    TestServer::start(cards.layer(agent))
}

#[test]
fn the_legacy_redirect_and_the_links_point_under_the_public_prefix() {
    use a2a_card::serve::Legacy;
    // The proxy strips /billing: the server sees /.well-known/agent.json, the caller asked
    // for /billing/.well-known/agent.json, and must be sent back under /billing.
    for (public, base) in [(PUBLIC, "/billing"), ("https://agents.example.com", "")] {
        let server = start_with(Legacy::Redirect, |b| {
            b.public_url(PublicUrl::parse(public).unwrap())
        });
        for tenant in ["", "/acme"] {
            let moved = server.get(&format!("{tenant}/.well-known/agent.json"));
            assert_eq!(moved.status, 308, "{public}");
            assert_eq!(
                moved.header("location").unwrap(),
                format!("{base}{tenant}/.well-known/agent-card.json"),
                "{public}"
            );
            let card = server.get(&format!("{tenant}/.well-known/agent-card.json"));
            assert_eq!(
                all(&card, "link"),
                [format!(
                    "<{base}/.well-known/ai-catalog.json>; rel=\"ai-catalog\""
                )],
                "{public}"
            );
        }
        let alias = start_with(Legacy::Alias, |b| {
            b.public_url(PublicUrl::parse(public).unwrap())
        });
        let legacy = alias.get("/acme/.well-known/agent.json");
        assert_eq!(legacy.status, 200);
        let links = all(&legacy, "link");
        assert!(
            links.contains(&format!(
                "<{base}/acme/.well-known/agent-card.json>; rel=\"canonical\""
            )),
            "{links:?}"
        );
        assert!(
            links.contains(&format!(
                "<{base}/.well-known/ai-catalog.json>; rel=\"ai-catalog\""
            )),
            "{links:?}"
        );
    }
}

#[test]
fn a_trusted_proxys_origin_gets_its_own_prefix_in_the_redirect_and_links() {
    use a2a_card::serve::{Legacy, TrustedProxies};
    let server = start_with(Legacy::Redirect, |b| {
        b.public_url(public()).trusted_proxies(
            TrustedProxies::new()
                .proxy("10.0.0.0/8")
                .unwrap()
                .origin(PublicUrl::parse("https://shop.example.org/shop").unwrap())
                .peer_address(|_| Some("10.0.0.1".parse().unwrap())),
        )
    });
    let via_shop: &[(&str, &[u8])] = &[
        ("X-Forwarded-Proto", b"https"),
        ("X-Forwarded-Host", b"shop.example.org"),
        ("X-Forwarded-Prefix", b"/shop"),
    ];
    let moved = server.request("GET", "/.well-known/agent.json", via_shop);
    assert_eq!(
        moved.header("location"),
        Some("/shop/.well-known/agent-card.json")
    );
    let card = server.request("GET", "/.well-known/agent-card.json", via_shop);
    assert_eq!(
        interface_urls(&card.json())[0],
        "https://shop.example.org/shop/a2a/v1"
    );
    assert_eq!(
        card.header("link"),
        Some("</shop/.well-known/ai-catalog.json>; rel=\"ai-catalog\"")
    );
    // Anything else: the default variant, under --public-url's prefix.
    let moved = server.get("/.well-known/agent.json");
    assert_eq!(
        moved.header("location"),
        Some("/billing/.well-known/agent-card.json")
    );
}
