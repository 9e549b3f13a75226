//! Signed cards served without per-request cost: signed once at build and at every swap,
//! the same bytes and ETag on every request and in every process; already-signed cards
//! served as they are, and refused when their signatures do not verify.

use a2a_card_test_support as support;

use std::process::Command;

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, BuildError};
use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
use support::{TestServer, echo_inner, example_card};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";

fn verifier_for(key: &SigningKey, kid: &str) -> CardVerifier {
    CardVerifier::new(TrustStore::new().with_key(key.trusted_key(kid)))
}

#[test]
fn the_layer_signs_once_and_serves_the_same_bytes_every_time() {
    for algorithm in [Algorithm::Es256, Algorithm::EdDsa, Algorithm::Rs256] {
        let key = SigningKey::generate(algorithm).unwrap();
        let pem = key.to_pkcs8_pem().unwrap();
        let layer = |k: SigningKey| {
            AgentCardLayer::builder(example_card())
                .sign_with(CardSigner::new(k, "2026-01"))
                .build()
                .unwrap()
        };
        let first = TestServer::start(layer(key).layer(tower::service_fn(echo_inner)));
        // A second replica with the same key, loaded again from its PEM.
        let again = SigningKey::from_pkcs8_pem(&pem).unwrap();
        let again = match algorithm {
            Algorithm::Rs256 => again.with_algorithm(Algorithm::Rs256).unwrap(),
            _ => again,
        };
        let verifier = verifier_for(&again, "2026-01");
        let second = TestServer::start(layer(again).layer(tower::service_fn(echo_inner)));

        let a = first.get(CARD);
        let b = first.get(CARD);
        let c = second.get(CARD);
        assert!(a.etag_matches_body());
        assert_eq!(
            a.body, b.body,
            "{algorithm:?}: bytes changed between requests"
        );
        assert_eq!(a.body, c.body, "{algorithm:?}: replicas disagree");
        assert_eq!(a.header("etag"), c.header("etag"));
        let served = AgentCard::from_json_slice(&a.body).unwrap();
        // The spec's form and the SDKs' (the example has empty values).
        assert_eq!(served.signatures.len(), 2);
        verifier.verify(&served).unwrap();
    }
}

#[test]
fn each_swap_is_signed_and_bad_signatures_are_refused() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let verifier = verifier_for(&key, "k1");
    let layer = AgentCardLayer::builder(example_card())
        .sign_with(CardSigner::new(key, "k1"))
        .verify_with(verifier_for(
            &SigningKey::generate(Algorithm::Es256).unwrap(),
            "k1",
        ))
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    let before = server.get(CARD);

    let mut newer = example_card();
    newer.version = "2.2.0".into();
    handle.replace(newer).unwrap();
    let after = server.get(CARD);
    assert_ne!(after.header("etag"), before.header("etag"));
    let served = AgentCard::from_json_slice(&after.body).unwrap();
    verifier.verify(&served).unwrap();

    // A card signed by a key the trust store does not know is refused; the old one stays.
    let stranger = SigningKey::generate(Algorithm::Es256).unwrap();
    let foreign = CardSigner::new(stranger, "k1")
        .sign(&example_card())
        .unwrap();
    let err = handle.replace(foreign).unwrap_err();
    assert!(matches!(err, BuildError::Signature(_)), "{err}");
    assert_eq!(server.get(CARD).body, after.body);
}

#[test]
fn an_already_signed_card_is_served_as_it_is_when_it_verifies() {
    let publisher = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let verifier = verifier_for(&publisher, "pub-1");
    let signed = CardSigner::new(publisher, "pub-1")
        .sign(&example_card())
        .unwrap();
    let our_key = SigningKey::generate(Algorithm::Es256).unwrap();
    let layer = AgentCardLayer::builder(signed.clone())
        .sign_with(CardSigner::new(our_key, "ours"))
        .verify_with(verifier)
        .build()
        .unwrap();
    assert_eq!(
        *layer.handle().card(),
        signed,
        "served as it arrived, not signed again"
    );
    let wrong = AgentCardLayer::builder(signed)
        .verify_with(CardVerifier::new(TrustStore::new()))
        .build();
    assert!(matches!(wrong, Err(BuildError::Signature(_))));
}

fn cli(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn serve(args: &[&str]) -> (std::process::Child, std::net::SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let addr = support::listening_addr(&mut child);
    (child, addr)
}

#[test]
fn two_serve_processes_with_one_key_serve_the_same_signed_card() {
    let dir = support::Scratch::dir("serve-signed");
    let key = dir.join("key.pem");
    let jwks = dir.join("jwks.json");
    let (k, j) = (key.to_str().unwrap(), jwks.to_str().unwrap());
    let (code, stderr) = cli(&[
        "keygen", "--alg", "ES256", "--kid", "2026-11", "--out", k, "--jwks", j,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let args = [
        concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json"),
        "--sign-key",
        k,
        "--kid",
        "2026-11",
    ];
    let (mut one, a) = serve(&args);
    let (mut two, b) = serve(&args);
    let first = support::request(a, "GET", CARD, &[], b"");
    let second = support::request(b, "GET", CARD, &[], b"");
    let _ = (one.kill(), two.kill(), one.wait(), two.wait());
    assert_eq!(first.body, second.body);
    assert_eq!(first.header("etag"), second.header("etag"));
    // What was served verifies with the published key set, by the CLI as a client would.
    let served = dir.join("served.json");
    std::fs::write(&served, &first.body).unwrap();
    let (code, stderr) = cli(&["verify", served.to_str().unwrap(), "--jwks", j]);
    assert_eq!(code, 0, "{stderr}");
    // An unusable key stops the server at start, naming the option.
    let (code, stderr) = cli(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--sign-key",
        "missing.pem",
        "--kid",
        "x",
    ]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--sign-key missing.pem"), "{stderr}");
}

#[test]
fn each_view_of_the_extended_card_is_signed_and_verifies() {
    let dir = support::Scratch::dir("serve-signed-extended");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let (key, jwks) = (path("key.pem"), path("jwks.json"));
    let (code, stderr) = cli(&[
        "keygen", "--alg", "EdDSA", "--kid", "ext-1", "--out", &key, "--jwks", &jwks,
    ]);
    assert_eq!(code, 0, "{stderr}");
    // The example card plus a Basic scheme; the extended card has a skill only Basic
    // callers see, so there are two views.
    let mut public: serde_json::Value =
        serde_json::from_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    public["securitySchemes"]["basic"] =
        serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Basic"}});
    let mut extended = public.clone();
    let mut fleet = extended["skills"][0].clone();
    fleet["id"] = "fleet".into();
    fleet["securityRequirements"] = serde_json::json!([{"schemes": {"basic": {}}}]);
    extended["skills"].as_array_mut().unwrap().push(fleet);
    std::fs::write(path("public.json"), public.to_string()).unwrap();
    std::fs::write(path("extended.json"), extended.to_string()).unwrap();
    std::fs::write(
        path("auth.toml"),
        "[apiKey]\nkeys = [\"k1\"]\n[basic]\nusers = [\"alice:pw\"]\n",
    )
    .unwrap();
    let (public, extended, auth) = (
        path("public.json"),
        path("extended.json"),
        path("auth.toml"),
    );
    let (mut server, addr) = serve(&[
        &public,
        "--extended-card",
        &extended,
        "--auth",
        &auth,
        "--sign-key",
        &key,
        "--kid",
        "ext-1",
    ]);
    let basic = b"Basic YWxpY2U6cHc="; // alice:pw
    let callers: [&[(&str, &[u8])]; 2] = [
        &[("X-API-Key", b"k1")],
        &[("X-API-Key", b"k1"), ("Authorization", basic)],
    ];
    let route = "/a2a/rest/extendedAgentCard";
    let mut views = Vec::new();
    for (n, headers) in callers.iter().enumerate() {
        let first = support::request(addr, "GET", route, headers, b"");
        let again = support::request(addr, "GET", route, headers, b"");
        assert_eq!(first.status, 200);
        assert_eq!(
            first.body, again.body,
            "a view is signed once, not per request"
        );
        let served = dir.join(format!("view-{n}.json"));
        std::fs::write(&served, &first.body).unwrap();
        let (code, stderr) = cli(&["verify", served.to_str().unwrap(), "--jwks", &jwks]);
        assert_eq!(code, 0, "view {n}: {stderr}");
        views.push(AgentCard::from_json_slice(&first.body).unwrap());
    }
    let _ = (server.kill(), server.wait());
    assert_eq!(views[0].skills.len(), 1);
    assert_eq!(views[1].skills.len(), 2);
    assert_ne!(views[0].signatures, views[1].signatures);
}
