//! Many tenants at once (issue 26): a batch is built on every core and published in one step
//! with one catalog; readers never see half a batch; a refused card leaves everything as it
//! was; and however (and whenever) the same tenants arrived, the bytes served are the same.
#![cfg(all(feature = "catalog", feature = "serve"))]

use a2a_card_test_support as support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use a2a_card::serve::{AgentCardLayer, BuildError, CardHandle, CatalogOptions};
use a2a_card::{
    AgentCard,
    validate::{DocumentKind, Profile, validate_document},
};
use support::{TestServer, echo_inner, example_card};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";
const CATALOG: &str = "/.well-known/ai-catalog.json";

fn card(name: &str, version: &str) -> AgentCard {
    let mut card = example_card();
    card.name = format!("{name} Planner");
    card.version = version.to_owned();
    card
}

fn at(secs: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
}

fn layer() -> AgentCardLayer {
    AgentCardLayer::builder(card("Main", "1.0.0"))
        .last_modified(at(1_700_000_000))
        .catalog(CatalogOptions::new().base_url("https://agents.example.com"))
        .build()
        .unwrap()
}

fn serve(layer: &AgentCardLayer) -> TestServer {
    TestServer::start(layer.layer(tower::service_fn(echo_inner)))
}

fn tenants(count: usize, version: &str) -> Vec<(String, AgentCard, SystemTime)> {
    (0..count)
        .map(|i| {
            let name = format!("t{i:03}");
            let card = card(&name, version);
            (name, card, at(1_700_000_000 + i as u64))
        })
        .collect()
}

#[test]
fn many_tenants_are_published_in_one_step_each_with_its_own_date() {
    let layer = layer();
    let handle = layer.handle();
    handle.replace_tenants(tenants(150, "1.0.0")).unwrap();
    let server = serve(&layer);
    for i in [0, 77, 149] {
        let response = server.request("GET", &format!("/t{i:03}{CARD}"), &[]);
        assert_eq!(response.status, 200);
        assert!(response.etag_matches_body());
        let date = httpdate::fmt_http_date(at(1_700_000_000 + i));
        assert_eq!(response.header("last-modified"), Some(date.as_str()));
    }
    let catalog = server.request("GET", CATALOG, &[]);
    assert_eq!(catalog.status, 200);
    assert!(catalog.etag_matches_body());
    let report =
        validate_document(&catalog.body, Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap();
    assert!(!report.has_errors(), "{:?}", report.diagnostics);
    let entries = catalog.json()["entries"].as_array().unwrap().len();
    assert_eq!(entries, 151);
    // The bytes joined from each entry's own are exactly the model's serialization.
    let model = handle.catalog().unwrap();
    assert_eq!(serde_json::to_vec(&*model).unwrap(), catalog.body);
}

#[test]
fn a_batch_replaces_adds_and_removes_and_readers_never_see_half_of_it() {
    let layer = layer();
    let handle = layer.handle();
    handle.replace_tenants(tenants(20, "1.0.0")).unwrap();
    let server = serve(&layer);
    let addr = server.addr;
    let done = Arc::new(AtomicBool::new(false));
    let looked = Arc::new(AtomicUsize::new(0));
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let (done, looked) = (done.clone(), looked.clone());
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    let response = support::request(addr, "GET", CATALOG, &[], b"");
                    assert!(response.etag_matches_body());
                    let catalog = response.json();
                    let entries = catalog["entries"].as_array().unwrap();
                    // Each batch sets one version on every tenant and adds or removes
                    // `extra` with it: a catalog mixing two batches would show it.
                    let versions: std::collections::BTreeSet<_> = entries[1..]
                        .iter()
                        .map(|e| e["version"].as_str().unwrap().to_owned())
                        .collect();
                    assert_eq!(versions.len(), 1, "a torn catalog: {versions:?}");
                    let version = versions.into_iter().next().unwrap();
                    let even = version.ends_with(|c: char| c.to_digit(10).unwrap() % 2 == 0);
                    assert_eq!(entries.len(), if even { 21 } else { 22 }, "{version}");
                    looked.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    let mut batch = 2;
    while looked.load(Ordering::Relaxed) < 200 || batch < 12 {
        let version = format!("1.0.{batch}");
        let mut cards = tenants(20, &version);
        let removed = if batch % 2 == 0 {
            vec!["extra"]
        } else {
            cards.push((
                "extra".to_owned(),
                card("extra", &version),
                at(1_800_000_000),
            ));
            vec![]
        };
        handle.update_tenants(cards, removed).unwrap();
        batch += 1;
    }
    done.store(true, Ordering::Relaxed);
    for reader in readers {
        reader.join().unwrap();
    }
    assert!(looked.load(Ordering::Relaxed) >= 200);
}

#[test]
fn a_refused_card_in_a_batch_changes_nothing() {
    let layer = layer();
    let handle = layer.handle();
    handle.replace_tenants(tenants(10, "1.0.0")).unwrap();
    let server = serve(&layer);
    let before = server.request("GET", CATALOG, &[]);
    let mut cards = tenants(10, "2.0.0");
    let mut broken = card("broken", "2.0.0");
    broken.supported_interfaces.clear();
    cards.push(("broken".to_owned(), broken, at(1_800_000_000)));
    let refused = handle.update_tenants(cards, ["t003"]).unwrap_err();
    assert!(
        matches!(&refused, BuildError::InvalidCard { tenant: Some(t), .. } if t == "broken"),
        "{refused}"
    );
    let after = server.request("GET", CATALOG, &[]);
    assert_eq!(after.body, before.body);
    assert_eq!(handle.tenant_card("t003").unwrap().version, "1.0.0");
    assert!(handle.tenant_card("broken").is_none());
    // Names are checked too: a repeated one, or one spelled two ways, refuses the batch.
    let twice = [tenants(1, "3.0.0"), tenants(1, "3.0.0")].concat();
    assert!(matches!(
        handle.replace_tenants(twice),
        Err(BuildError::DuplicateTenant(_))
    ));
    assert_eq!(handle.remove_tenants(["t001", "t002", "nobody"]), 2);
    // Not ours any more: the inner service answers.
    let gone = server.request("GET", &format!("/t001{CARD}"), &[]);
    assert_eq!(gone.json()["inner"], true);
    assert!(handle.tenant_card("t001").is_none());
}

/// What a server sends for `target` in each coding: status, body and validators.
fn sent(server: &TestServer, target: &str) -> Vec<(u16, Vec<u8>, Vec<Option<String>>)> {
    ["identity", "gzip", "br"]
        .iter()
        .map(|coding| {
            let response = server.request("GET", target, &[("accept-encoding", coding.as_bytes())]);
            let validators = ["etag", "last-modified", "content-encoding"]
                .iter()
                .map(|name| response.header(name).map(str::to_owned))
                .collect();
            (response.status, response.body, validators)
        })
        .collect()
}

#[test]
fn the_same_tenants_give_the_same_bytes_however_and_whenever_they_arrived() {
    let cards = tenants(40, "1.0.0");
    // One batch.
    let batch = layer();
    batch.handle().replace_tenants(cards.clone()).unwrap();
    // A second later, one at a time, in the reverse order, through a detour.
    std::thread::sleep(Duration::from_millis(1100));
    let single = layer();
    let handle: CardHandle = single.handle();
    handle
        .replace_tenant_modified_at("t005", card("detour", "0.1.0"), at(1_600_000_000))
        .unwrap();
    for (name, card, modified) in cards.iter().rev() {
        handle
            .replace_tenant_modified_at(name, card.clone(), *modified)
            .unwrap();
    }
    handle
        .replace_tenant("gone", card("gone", "1.0.0"))
        .unwrap();
    assert!(handle.remove_tenant("gone"));
    let (a, b) = (serve(&batch), serve(&single));
    // t005's detour moved its date on (a later card is never dated earlier); the rest match.
    for target in [CATALOG.to_owned(), CARD.to_owned(), format!("/t017{CARD}")] {
        assert_eq!(sent(&a, &target), sent(&b, &target), "{target}");
    }
    let (x, y) = (
        sent(&a, &format!("/t005{CARD}")),
        sent(&b, &format!("/t005{CARD}")),
    );
    assert_eq!(x[0].1, y[0].1);
    assert_eq!(x[0].2[0], y[0].2[0]); // the same ETag
}
