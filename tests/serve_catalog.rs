//! The layer's AI Catalog over real sockets: it validates, lists exactly the cards served,
//! answers like the cards (ETag, 304, HEAD, OPTIONS, 405, CORS), follows every swap, and is
//! signed with the cards' key (Level 3).
#![cfg(all(feature = "catalog", feature = "serve", feature = "sign"))]

use a2a_card_test_support as support;

use a2a_card::catalog::{HostInfo, Publisher, verify_catalog};
use a2a_card::serve::{AgentCardLayer, CardHandle, CatalogOptions};
use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
use a2a_card::{
    AgentCard,
    validate::{DocumentKind, Profile, validate_document},
};
use support::{TestServer, echo_inner, example_card};
use tower::Layer;

const CATALOG: &str = "/.well-known/ai-catalog.json";
const BASE: &str = "https://agents.example.com";

fn card(name: &str) -> AgentCard {
    let mut card = example_card();
    card.name = format!("{name} Planner");
    card
}

fn options() -> CatalogOptions {
    CatalogOptions::new()
        .base_url(BASE)
        .host(HostInfo::new("Example Agents"))
        .identifier_prefix("urn:example:agent:")
        .publisher(Publisher::new("did:web:example.com", "Example Inc."))
}

fn start(options: CatalogOptions, prefix: &str) -> (TestServer, CardHandle) {
    let layer = AgentCardLayer::builder(card("Main"))
        .tenant("travel", card("Travel"))
        .tenant("food", card("Food"))
        .mount_prefix(prefix)
        .catalog(options)
        .build()
        .unwrap();
    let handle = layer.handle();
    (
        TestServer::start(layer.layer(tower::service_fn(echo_inner))),
        handle,
    )
}

/// The catalog as served, checked by the validator; and the card paths it lists.
fn served_catalog(server: &TestServer, path: &str) -> (serde_json::Value, Vec<String>) {
    let response = server.get(path);
    assert_eq!(response.status, 200);
    assert_eq!(
        response.header("content-type"),
        Some("application/ai-catalog+json")
    );
    assert!(response.etag_matches_body());
    let report =
        validate_document(&response.body, Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap();
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let catalog = response.json();
    let paths = catalog["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            e["url"]
                .as_str()
                .unwrap()
                .strip_prefix(BASE)
                .unwrap()
                .to_owned()
        })
        .collect();
    (catalog, paths)
}

/// Every listed card is served (and is the card named), and no other is.
fn assert_lists_exactly(server: &TestServer, path: &str, expected: &[&str]) {
    let (catalog, paths) = served_catalog(server, path);
    assert_eq!(paths, expected);
    for (entry, path) in catalog["entries"].as_array().unwrap().iter().zip(&paths) {
        let card = server.get(path);
        assert_eq!(card.status, 200, "{path}");
        assert_eq!(card.json()["name"], entry["displayName"]);
        assert_eq!(entry["mediaType"], "application/a2a-agent-card+json");
        let link = card.header("link").unwrap_or_default();
        assert!(link.contains("rel=\"ai-catalog\""), "{link}");
    }
}

#[test]
fn the_catalog_lists_exactly_the_cards_served_and_validates() {
    let (server, handle) = start(options(), "/agents");
    assert_lists_exactly(
        &server,
        "/agents/.well-known/ai-catalog.json",
        &[
            "/agents/.well-known/agent-card.json",
            "/agents/food/.well-known/agent-card.json",
            "/agents/travel/.well-known/agent-card.json",
        ],
    );
    let (catalog, _) = served_catalog(&server, "/agents/.well-known/ai-catalog.json");
    assert_eq!(catalog["specVersion"], "1.0");
    assert_eq!(catalog["host"]["displayName"], "Example Agents");
    assert_eq!(catalog["entries"][0]["identifier"], "urn:example:agent");
    assert_eq!(
        catalog["entries"][2]["identifier"],
        "urn:example:agent:travel"
    );
    assert_eq!(
        catalog["entries"][2]["publisher"]["identifier"],
        "did:web:example.com"
    );
    assert_eq!(handle.catalog().unwrap().entries.len(), 3);
    // Not at the root when mounted below it; a card's Link names the mounted path.
    // (the echo service answers it, not the layer)
    assert!(server.get(CATALOG).header("content-type") != Some("application/ai-catalog+json"));
    let link = server.get("/agents/.well-known/agent-card.json");
    assert_eq!(
        link.header("link"),
        Some("</agents/.well-known/ai-catalog.json>; rel=\"ai-catalog\"")
    );
}

#[test]
fn conditional_get_head_options_and_405() {
    let (server, _) = start(options(), "");
    let get = server.get(CATALOG);
    let etag = get.header("etag").unwrap().to_owned();
    assert!(etag.starts_with('"'));
    assert_eq!(get.header("access-control-allow-origin"), Some("*"));
    assert_eq!(get.header("cache-control"), Some("public, max-age=3600"));
    let again = server.request("GET", CATALOG, &[("If-None-Match", etag.as_bytes())]);
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    let head = server.request("HEAD", CATALOG, &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("content-length"), get.header("content-length"));
    let options = server.request(
        "OPTIONS",
        CATALOG,
        &[
            ("Origin", b"https://app.example"),
            ("Access-Control-Request-Method", b"GET"),
        ],
    );
    assert_eq!(options.status, 204);
    assert_eq!(
        options.header("access-control-allow-methods"),
        Some("GET, HEAD, OPTIONS")
    );
    let post = server.request("POST", CATALOG, &[]);
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow"), Some("GET, HEAD, OPTIONS"));
}

#[test]
fn swaps_and_tenants_are_reflected_at_once() {
    let (server, handle) = start(options(), "");
    let before = server.get(CATALOG).header("etag").unwrap().to_owned();
    handle.replace_tenant("travel", card("Voyage")).unwrap();
    let (catalog, _) = served_catalog(&server, CATALOG);
    assert_eq!(catalog["entries"][2]["displayName"], "Voyage Planner");
    let after = server.get(CATALOG).header("etag").unwrap().to_owned();
    assert_ne!(before, after);
    let stale = server.request("GET", CATALOG, &[("If-None-Match", before.as_bytes())]);
    assert_eq!(stale.status, 200);
    handle.replace_tenant("zoo", card("Zoo")).unwrap();
    assert_lists_exactly(
        &server,
        CATALOG,
        &[
            "/.well-known/agent-card.json",
            "/food/.well-known/agent-card.json",
            "/travel/.well-known/agent-card.json",
            "/zoo/.well-known/agent-card.json",
        ],
    );
    assert!(handle.remove_tenant("food"));
    assert_lists_exactly(
        &server,
        CATALOG,
        &[
            "/.well-known/agent-card.json",
            "/travel/.well-known/agent-card.json",
            "/zoo/.well-known/agent-card.json",
        ],
    );
    handle.replace(card("Concierge")).unwrap();
    let (catalog, _) = served_catalog(&server, CATALOG);
    assert_eq!(catalog["entries"][0]["displayName"], "Concierge Planner");
}

#[test]
fn a_swap_that_would_break_the_catalog_is_refused() {
    let options = options().identifier(Some("food"), "urn:example:agent:travel");
    let layer = AgentCardLayer::builder(card("Main"))
        .tenant("travel", card("Travel"))
        .catalog(options.clone())
        .build()
        .unwrap();
    let handle = layer.handle();
    let before = handle.catalog().unwrap();
    // "food" would take travel's identifier: the catalog would be invalid, so no change.
    assert!(handle.replace_tenant("food", card("Food")).is_err());
    assert!(handle.tenant_card("food").is_none());
    assert_eq!(handle.catalog().unwrap(), before);
    let built = AgentCardLayer::builder(card("Main"))
        .tenant("travel", card("Travel"))
        .tenant("food", card("Food"))
        .catalog(options)
        .build();
    assert!(built.unwrap_err().to_string().contains("A2A-E063"));
    // Entries by URL need a base URL.
    let err = AgentCardLayer::builder(card("Main"))
        .catalog(CatalogOptions::new().identifier_prefix("urn:x:"))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("base URL"), "{err}");
}

#[test]
fn inline_cards_carry_the_card_served() {
    let (server, _) = start(options().inline_cards(true), "");
    let response = server.get(CATALOG);
    let report =
        validate_document(&response.body, Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap();
    assert!(!report.has_errors(), "{:?}", report.diagnostics);
    let catalog = response.json();
    let travel = server.get("/travel/.well-known/agent-card.json").json();
    assert_eq!(catalog["entries"][2]["data"], travel);
    assert!(catalog["entries"][2].get("url").is_none());
}

#[test]
fn a_signed_catalog_verifies_and_names_each_cards_digest() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let signer = CardSigner::new(key, "2026-01");
    let trusted = signer.trusted_key();
    let layer = AgentCardLayer::builder(card("Main"))
        .tenant("travel", card("Travel"))
        .sign_with(signer)
        .catalog(options())
        .build()
        .unwrap();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let (value, paths) = served_catalog(&server, CATALOG);
    let catalog = a2a_card::catalog::AiCatalog::from_json_slice(&server.get(CATALOG).body).unwrap();
    let verifier = CardVerifier::new(TrustStore::new().with_key(trusted));
    let results = verify_catalog(&catalog, &verifier);
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(|(_, r)| r.is_ok()), "{results:?}");
    for (entry, path) in value["entries"].as_array().unwrap().iter().zip(&paths) {
        let body = server.get(path).body;
        let digest = entry["trustManifest"]["provenance"][0]["sourceDigest"]
            .as_str()
            .unwrap();
        assert_eq!(
            digest,
            format!("sha256:{}", support::etag_of(&body).trim_matches('"'))
        );
    }
    // A changed manifest no longer verifies.
    let mut tampered = catalog.clone();
    tampered.entries[1]
        .trust_manifest
        .as_mut()
        .unwrap()
        .provenance[0]
        .source_id = "x".into();
    assert!(
        verify_catalog(&tampered, &verifier)
            .iter()
            .any(|(_, r)| r.is_err())
    );
}

/// A tenant name has one spelling (RFC 3986 §6.2.2): `%41` for `A` is refused when the layer
/// is built and when a tenant is added through the handle, and a request naming a tenant in
/// another spelling gets that tenant's card (or reaches the inner service), never another's.
#[test]
fn a_tenant_is_one_uri_in_every_spelling() {
    use a2a_card::serve::BuildError;
    let refused = AgentCardLayer::builder(card("Main"))
        .tenant("A", card("A"))
        .tenant("%41", card("Impostor"))
        .catalog(options())
        .build();
    assert!(
        matches!(&refused, Err(BuildError::NonCanonicalTenant { name, canonical }) if name == "%41" && canonical == "A"),
        "{refused:?}"
    );

    let layer = AgentCardLayer::builder(card("Main"))
        .tenant("A", card("A"))
        .tenant("b-c", card("BC"))
        .tenant("caf%C3%A9", card("Cafe"))
        .tenant("x%3Ay", card("XY"))
        .catalog(options())
        .build()
        .unwrap();
    let handle = layer.handle();
    for name in ["%41", "b%2Dc", "caf%c3%a9", "x%3ay"] {
        let err = handle.replace_tenant(name, card("Impostor")).unwrap_err();
        assert!(
            matches!(err, BuildError::NonCanonicalTenant { .. }),
            "{name}: {err}"
        );
    }
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let (_, paths) = served_catalog(&server, CATALOG);
    assert_eq!(
        paths,
        [
            "/.well-known/agent-card.json",
            "/A/.well-known/agent-card.json",
            "/b-c/.well-known/agent-card.json",
            "/caf%C3%A9/.well-known/agent-card.json",
            "/x%3Ay/.well-known/agent-card.json",
        ]
    );
    // Every spelling of a name is that tenant's card, with that tenant's ETag.
    for (spellings, name) in [
        (&["/A", "/%41"][..], "A Planner"),
        (
            &["/b-c", "/b%2Dc", "/b%2dc", "/%62%2D%63"][..],
            "BC Planner",
        ),
        (
            &["/caf%C3%A9", "/caf%c3%a9", "/%63af%C3%a9"][..],
            "Cafe Planner",
        ),
        (&["/x%3Ay", "/x%3ay", "/%78%3ay"][..], "XY Planner"),
    ] {
        let canonical = server.get(&format!("{}/.well-known/agent-card.json", spellings[0]));
        for spelling in spellings {
            let response = server.get(&format!("{spelling}/.well-known/agent-card.json"));
            assert_eq!(response.status, 200, "{spelling}");
            assert_eq!(response.json()["name"], name, "{spelling}");
            assert_eq!(
                response.header("etag"),
                canonical.header("etag"),
                "{spelling}"
            );
        }
    }
    // `%61` is `a`, not `A` (paths are case-sensitive): no tenant, the inner service.
    for path in [
        "/a/.well-known/agent-card.json",
        "/%61/.well-known/agent-card.json",
    ] {
        assert_eq!(server.get(path).json()["inner"], true, "{path}");
    }
    // `x:y` is not `x%3Ay` (a reserved character escaped is another segment).
    let response = server.get("/x:y/.well-known/agent-card.json");
    assert_eq!(response.json()["inner"], true);
    // The handle reads names in any spelling too.
    assert_eq!(handle.tenant_card("%41").unwrap().name, "A Planner");
    assert!(handle.remove_tenant("%41"));
    let response = server.get("/%41/.well-known/agent-card.json");
    assert_eq!(response.json()["inner"], true);
}
