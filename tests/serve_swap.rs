//! Hot swap: the card is replaced while clients keep fetching it. Every response's ETag must
//! be the hash of its own body, invalid cards are never served, and a refused replacement
//! leaves the previous card serving.

use a2a_card_test_support as support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, BuildError};
use support::{TestServer, echo_inner, example_card};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";

fn version(v: &str) -> AgentCard {
    let mut card = example_card();
    card.version = v.into();
    card
}

fn broken() -> AgentCard {
    let mut card = example_card();
    card.version = "never-served".into();
    card.supported_interfaces.clear();
    card
}

#[test]
fn responses_stay_consistent_while_the_card_is_swapped() {
    let layer = AgentCardLayer::builder(version("1.0.0")).build().unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let addr = server.addr;
    let done = Arc::new(AtomicBool::new(false));
    let requests = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let done = done.clone();
            let requests = requests.clone();
            std::thread::spawn(move || {
                let mut seen = std::collections::BTreeSet::new();
                let mut count = 0;
                while !done.load(Ordering::Relaxed) {
                    let response = support::request(addr, "GET", CARD, &[], b"");
                    assert_eq!(response.status, 200);
                    assert!(response.etag_matches_body(), "ETag of another card");
                    let served = AgentCard::from_json_slice(&response.body).unwrap();
                    assert_ne!(served.version, "never-served");
                    seen.insert(served.version);
                    count += 1;
                    requests.fetch_add(1, Ordering::Relaxed);
                }
                (count, seen)
            })
        })
        .collect();
    // Swap until the clients have made enough requests (bounded by a count, never by time).
    let mut refused = 0;
    let mut rounds = 0;
    while rounds < 300 || requests.load(Ordering::Relaxed) < 1_000 {
        let round = rounds;
        rounds += 1;
        assert!(rounds < 1_000_000, "the clients made no progress");
        handle
            .replace(version(&format!("1.0.{}", round % 7)))
            .unwrap();
        match handle.replace(broken()) {
            Err(BuildError::InvalidCard { diagnostics, .. }) => {
                assert!(
                    diagnostics
                        .iter()
                        .any(|d| d.pointer == "/supportedInterfaces")
                );
                refused += 1;
            }
            other => panic!("a broken card was accepted: {other:?}"),
        }
        assert_eq!(handle.card().version, format!("1.0.{}", round % 7));
    }
    done.store(true, Ordering::Relaxed);
    let mut total = 0;
    let mut versions = std::collections::BTreeSet::new();
    for client in clients {
        let (count, seen) = client.join().expect("a client failed");
        total += count;
        versions.extend(seen);
    }
    assert_eq!(refused, rounds);
    assert!(total >= 1_000);
    // The clients saw several of the cards swapped in, not just the first one.
    assert!(versions.len() > 1, "{versions:?}");
}

#[test]
fn a_refused_replacement_keeps_the_old_card_and_etag() {
    let layer = AgentCardLayer::builder(version("1.0.0")).build().unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let before = server.get(CARD);
    let err = handle.replace(broken()).unwrap_err();
    assert!(err.to_string().contains("/supportedInterfaces"), "{err}");
    let after = server.get(CARD);
    assert_eq!(after.body, before.body);
    assert_eq!(after.header("etag"), before.header("etag"));

    handle.replace(version("1.1.0")).unwrap();
    let swapped = server.get(CARD);
    assert_ne!(swapped.header("etag"), before.header("etag"));
    assert_eq!(swapped.header("etag"), Some(handle.etag().as_str()));
    assert_eq!(swapped.json()["version"], "1.1.0");
    // The old ETag no longer gives a 304.
    let old = before.header("etag").unwrap().as_bytes();
    assert_eq!(
        server
            .request("GET", CARD, &[("If-None-Match", old)])
            .status,
        200
    );
}

#[test]
fn tenants_can_be_added_and_replaced_at_run_time() {
    let layer = AgentCardLayer::builder(version("1.0.0")).build().unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    assert_eq!(server.get("/acme/.well-known/agent-card.json").status, 418);
    handle.replace_tenant("acme", version("9.0.0")).unwrap();
    let tenant = server.get("/acme/.well-known/agent-card.json");
    assert_eq!(tenant.json()["version"], "9.0.0");
    assert!(handle.replace_tenant("acme", broken()).is_err());
    assert!(handle.replace_tenant("a/b", version("1.0.0")).is_err());
    assert_eq!(
        server.get("/acme/.well-known/agent-card.json").body,
        tenant.body
    );
    // The default card was not touched by the tenant's swaps.
    assert_eq!(server.get(CARD).json()["version"], "1.0.0");
}

#[test]
fn replacing_with_the_same_card_changes_nothing() {
    use std::time::{Duration, SystemTime};
    let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let layer = AgentCardLayer::builder(version("1.0.0"))
        .last_modified(start)
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let before = server.get(CARD);
    handle.replace(version("1.0.0")).unwrap();
    let after = server.get(CARD);
    assert_eq!(after.header("etag"), before.header("etag"));
    assert_eq!(
        after.header("last-modified"),
        before.header("last-modified")
    );
    // A different card with an older date still gets a later Last-Modified.
    handle
        .replace_modified_at(
            version("1.0.1"),
            SystemTime::UNIX_EPOCH + Duration::from_secs(5),
        )
        .unwrap();
    let changed = server.get(CARD);
    let date = |r: &support::RawResponse| {
        httpdate::parse_http_date(r.header("last-modified").unwrap()).unwrap()
    };
    assert!(date(&changed) > date(&before));
}

#[test]
fn tenants_can_be_removed_and_card_and_etag_read_together() {
    let layer = AgentCardLayer::builder(version("1.0.0"))
        .tenant("acme", version("5.0.0"))
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    assert_eq!(server.get("/acme/.well-known/agent-card.json").status, 200);
    assert!(handle.remove_tenant("acme"));
    assert!(!handle.remove_tenant("acme"));
    assert_eq!(server.get("/acme/.well-known/agent-card.json").status, 418);
    let (card, etag) = handle.card_and_etag();
    let served = server.get(CARD);
    assert_eq!(served.header("etag"), Some(etag.as_str()));
    assert_eq!(served.json()["version"], card.version);
}

/// Found by the swap soak (tests/soak.rs): each replacement within the second of the last
/// `Last-Modified` moved the date one second on, so thousands of swaps a second sent dates
/// hours ahead. A date is never later than the response (RFC 9110 §8.8.2.1), and every date
/// sent after a change is still later than every one before it.
#[test]
fn fast_swaps_never_send_a_last_modified_in_the_future() {
    use std::time::{Duration, SystemTime};
    // Dated by the clock (opt-in): each `replace` is dated by the time of the swap.
    let layer = AgentCardLayer::builder(version("1.0.0"))
        .last_modified_build_time()
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let date = |r: &support::RawResponse| {
        r.header("last-modified")
            .map(|d| httpdate::parse_http_date(d).unwrap())
    };
    let first = server.get(CARD);
    let first_date = first.header("last-modified").unwrap().to_owned();
    let mut latest = date(&first).unwrap();
    let check = |latest: &mut SystemTime| {
        let served = server.get(CARD);
        if let Some(sent) = date(&served) {
            assert!(sent <= SystemTime::now(), "Last-Modified in the future");
            assert!(sent > *latest, "a new card dated as old as an earlier one");
            *latest = sent;
        }
        // A client holding the first card is never told it is current.
        let revalidate =
            server.request("GET", CARD, &[("If-Modified-Since", first_date.as_bytes())]);
        assert_eq!(revalidate.status, 200);
        assert_eq!(revalidate.body, served.body);
    };
    for n in 1..=20 {
        handle.replace(version(&format!("1.0.{n}"))).unwrap();
        check(&mut latest);
        let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        handle
            .replace_modified_at(version(&format!("1.1.{n}")), old)
            .unwrap();
        check(&mut latest);
    }
    // Once the next second has begun, a new card is dated again.
    std::thread::sleep(Duration::from_millis(1100));
    handle.replace(version("2.0.0")).unwrap();
    let served = server.get(CARD);
    assert!(date(&served).unwrap() > date(&first).unwrap());
    check(&mut latest);
}

/// By default a swap is dated only by the date given with it: `replace` invents none (a
/// replica's clock is not the card's), `replace_modified_at` sends its date, and a date given
/// after an undated card is still later than every date sent before it.
#[test]
fn swaps_are_dated_only_by_the_date_given() {
    use std::time::{Duration, SystemTime};
    let at = |secs: u64| SystemTime::UNIX_EPOCH + Duration::from_secs(secs);
    let layer = AgentCardLayer::builder(version("1.0.0"))
        .tenant("acme", version("5.0.0"))
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let acme = "/acme/.well-known/agent-card.json";
    assert!(!server.get(CARD).has("last-modified"));
    handle.replace(version("1.0.1")).unwrap();
    handle.replace_tenant("acme", version("5.0.1")).unwrap();
    assert!(!server.get(CARD).has("last-modified"));
    assert!(!server.get(acme).has("last-modified"));
    handle
        .replace_modified_at(version("1.0.2"), at(1_700_000_000))
        .unwrap();
    handle
        .replace_tenant_modified_at("acme", version("5.0.2"), at(1_700_000_000))
        .unwrap();
    for path in [CARD, acme] {
        assert_eq!(
            server.get(path).header("last-modified"),
            Some("Tue, 14 Nov 2023 22:13:20 GMT"),
            "{path}"
        );
    }
    // Undated, then dated earlier than the last date sent: moved past it.
    handle.replace(version("1.0.3")).unwrap();
    assert!(!server.get(CARD).has("last-modified"));
    handle
        .replace_modified_at(version("1.0.4"), at(1_600_000_000))
        .unwrap();
    let date = server.get(CARD).header("last-modified").map(str::to_owned);
    assert_eq!(date.as_deref(), Some("Tue, 14 Nov 2023 22:13:21 GMT"));
    // Built with a date, a swap without one still gets none.
    let layer = AgentCardLayer::builder(version("1.0.0"))
        .last_modified(at(1_700_000_000))
        .build()
        .unwrap();
    layer.handle().replace(version("1.0.1")).unwrap();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    assert!(!server.get(CARD).has("last-modified"));
}

/// `verify_with`: a card that arrives signed is served only when a signature verifies with
/// the verifier's keys, at build and at every swap (a refused swap leaves the previous card
/// serving); an unsigned card is not the verifier's business.
#[cfg(feature = "sign")]
#[test]
fn a_signed_card_is_served_only_when_the_verifier_accepts_its_signature() {
    use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};

    let trusted = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "2026-01");
    // The near miss a forger would try: the trusted kid and algorithm, another key.
    let impostor = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "2026-01");
    let verifier = || CardVerifier::new(TrustStore::new().with_key(trusted.trusted_key()));
    let card = example_card();
    let good = trusted.sign(&card).unwrap();
    let forged = impostor.sign(&card).unwrap();
    let mut edited = good.clone();
    edited.version = "9.9.9".into(); // signed, then changed

    let layer = AgentCardLayer::builder(good.clone())
        .verify_with(verifier())
        .build()
        .unwrap();
    assert_eq!(*layer.handle().card(), good);
    for refused in [&forged, &edited] {
        let error = AgentCardLayer::builder(refused.clone())
            .verify_with(verifier())
            .build()
            .unwrap_err();
        assert!(matches!(error, BuildError::Signature(_)), "{error}");
    }
    // What verify_with adds: without it, the forged card builds.
    assert!(AgentCardLayer::builder(forged.clone()).build().is_ok());
    // An unsigned card is served as it is.
    assert!(
        AgentCardLayer::builder(card.clone())
            .verify_with(verifier())
            .build()
            .is_ok()
    );

    let handle = layer.handle();
    let error = handle.replace(forged).unwrap_err();
    assert!(matches!(error, BuildError::Signature(_)), "{error}");
    assert_eq!(*handle.card(), good);
    let mut newer = card;
    newer.version = "2.2.0".into();
    let newer = trusted.sign(&newer).unwrap();
    handle.replace(newer.clone()).unwrap();
    assert_eq!(*handle.card(), newer);
}
