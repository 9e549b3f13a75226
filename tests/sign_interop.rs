//! Card signatures against independent implementations, both ways:
//! - jwcrypto (JWS) with rfc8785 (JCS), following A2A §8.4 to the letter: it verifies what
//!   a2a-card signs, a2a-card verifies what it signs, and both compute the same canonical
//!   payload; private JWKs it writes sign here;
//! - the official Python SDK (`a2a-sdk` 1.3, `a2a.utils.signing`): the two agree on cards
//!   without empty values. Its canonical form deletes empty values (SPEC-NOTES), so on a
//!   card with a scope-less requirement its signatures verify here only in the explicit
//!   `PayloadForm::A2aSdk13` mode and ours do not verify there; the tests pin that down.
//!
//! The peers run in a Python virtual environment: `A2A_SDK_PYTHON` names its interpreter
//! (`.ci/run` sets it and installs the packages); without it the test creates one under
//! the target directory with pip, once.
#![cfg(feature = "sign")]

use a2a_card_test_support::peers;
use a2a_card_test_support::scratch;
use std::path::Path;
use std::process::Command;

use a2a_card::AgentCard;
use a2a_card::sign::{
    Algorithm, CardSigner, CardVerifier, Jwk, Jwks, PayloadForm, SigningKey, TrustStore,
    VerifyError, canonical_payload,
};
use scratch::Scratch;
use serde_json::Value;

const PACKAGES: &[&str] = &[
    "a2a-sdk[signing]==1.3.0",
    "jwcrypto==1.6.1",
    "rfc8785==0.1.4",
];
const PEER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/sign_peer.py");
/// A card without empty values: the SDK's canonical form and the spec's agree.
const SPEC_SAMPLE: &str = include_str!("fixtures/cards/spec/v1.0-sample-agent-card.json");
/// Cards with scope-less requirements and empty REQUIRED maps.
const EXAMPLE: &str = include_str!("../examples/agent-card.json");
const EVERY_FIELD: &str = include_str!("fixtures/interop/every-field.json");

fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0-sign", PACKAGES)
}

/// A new file path under the target directory, removed when the guard is dropped.
fn scratch_file(name: &str) -> Scratch {
    Scratch::file(&format!("sign-{name}"))
}

fn write(name: &str, bytes: &[u8]) -> Scratch {
    Scratch::file_with(&format!("sign-{name}"), bytes)
}

/// The peer's exit code for a refused signature (a Python traceback exits 1).
const REFUSED: i32 = 3;

/// Runs the peer; (verified or done, stdout). Exit 0 is success, [`REFUSED`] a refusal;
/// anything else is the peer failing, which fails the test.
fn peer(args: &[&str]) -> (bool, String) {
    let out = Command::new(python())
        .arg(PEER)
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| c == 0 || c == REFUSED),
        "sign_peer.py {args:?} crashed:\n{stdout}\n{stderr}"
    );
    (out.status.success(), stdout)
}

fn unsigned(text: &str) -> AgentCard {
    let mut card = AgentCard::from_json_str(text).unwrap();
    card.signatures.clear();
    card
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Signs `card` here; returns (signed card file, JWKS file) as a client would get them.
fn signed_here(card: &AgentCard, algorithm: Algorithm) -> (Scratch, Scratch) {
    let signer = CardSigner::new(
        SigningKey::generate(algorithm).unwrap(),
        format!("ours-{algorithm}"),
    );
    let signed = signer.sign(card).unwrap();
    let jwks = Jwks {
        keys: vec![signer.public_jwk()],
    };
    (
        write("card.json", &signed.to_json_vec()),
        write("jwks.json", jwks.to_json_pretty().as_bytes()),
    )
}

/// Has the peer sign `card` (mode `jwcrypto-sign` or `sdk-sign`) with a key `cryptography`
/// made; returns the signed card and the trust store of its JWKS.
fn signed_by_peer(mode: &str, card: &AgentCard, algorithm: Algorithm) -> (AgentCard, TrustStore) {
    let key = scratch_file("key.pem");
    let (made, _) = peer(&["keygen", algorithm.as_str(), path_str(&key)]);
    assert!(made);
    let input = write("card.json", &card.to_json_vec());
    let (ok, out) = peer(&[
        mode,
        path_str(&input),
        path_str(&key),
        "theirs",
        algorithm.as_str(),
    ]);
    assert!(ok, "{out}");
    let result: Value = serde_json::from_str(&out).unwrap();
    let signed = AgentCard::from_value(result["card"].clone()).unwrap().card;
    let store = TrustStore::from_jwks_json(result["jwks"].to_string().as_bytes()).unwrap();
    (signed, store)
}

#[test]
fn the_canonical_payload_is_byte_for_byte_rfc8785s() {
    for text in [SPEC_SAMPLE, EXAMPLE, EVERY_FIELD] {
        let card = unsigned(text);
        let file = write("card.json", &card.to_json_vec());
        let (ok, theirs) = peer(&["canonical", path_str(&file)]);
        assert!(ok);
        assert_eq!(theirs.as_bytes(), canonical_payload(&card));
    }
}

#[test]
fn jwcrypto_verifies_what_we_sign() {
    for algorithm in Algorithm::ALL {
        for text in [SPEC_SAMPLE, EXAMPLE, EVERY_FIELD] {
            let (card, jwks) = signed_here(&unsigned(text), algorithm);
            let (ok, out) = peer(&["jwcrypto-verify", path_str(&card), path_str(&jwks)]);
            assert!(ok, "{algorithm}: {out}");
            assert_eq!(out.trim(), format!("verified ours-{algorithm}"));
        }
    }
}

#[test]
fn we_verify_what_jwcrypto_signs() {
    for algorithm in Algorithm::ALL {
        for text in [SPEC_SAMPLE, EXAMPLE, EVERY_FIELD] {
            let (signed, store) = signed_by_peer("jwcrypto-sign", &unsigned(text), algorithm);
            let verified = CardVerifier::new(store).verify(&signed).unwrap();
            assert_eq!(
                (verified.kid.as_str(), verified.algorithm),
                ("theirs", algorithm)
            );
        }
    }
}

#[test]
fn private_jwks_written_by_jwcrypto_sign_here() {
    for algorithm in Algorithm::ALL {
        let key = scratch_file("key.pem");
        assert!(peer(&["keygen", algorithm.as_str(), path_str(&key)]).0);
        let (ok, out) = peer(&[
            "private-jwk",
            path_str(&key),
            "from-jwk",
            algorithm.as_str(),
        ]);
        assert!(ok);
        let jwk: Jwk = serde_json::from_str(&out).unwrap();
        assert!(jwk.is_private());
        let signer = CardSigner::new(SigningKey::from_jwk(&jwk).unwrap(), "from-jwk");
        let signed = signer.sign(&unsigned(SPEC_SAMPLE)).unwrap();
        let public = Jwks {
            keys: vec![signer.public_jwk()],
        };
        let card = write("card.json", &signed.to_json_vec());
        let jwks = write("jwks.json", public.to_json_pretty().as_bytes());
        let (ok, out) = peer(&["jwcrypto-verify", path_str(&card), path_str(&jwks)]);
        assert!(ok, "{algorithm}: {out}");
    }
}

#[test]
fn the_sdk_and_we_agree_on_a_card_without_empty_values() {
    for algorithm in [Algorithm::Es256, Algorithm::EdDsa, Algorithm::Rs256] {
        let card = unsigned(SPEC_SAMPLE);
        let (signed, store) = signed_by_peer("sdk-sign", &card, algorithm);
        CardVerifier::new(store).verify(&signed).unwrap();
        let (ours, jwks) = signed_here(&card, algorithm);
        let (ok, out) = peer(&["sdk-verify", path_str(&ours), path_str(&jwks)]);
        assert!(ok, "{algorithm}: {out}");
    }
}

#[test]
fn sdk_signatures_over_empty_values_verify_only_in_the_compatibility_mode() {
    // examples/agent-card.json requires `{"schemes": {"apiKey": {}}}`: the spec signs that
    // requirement, the SDK deletes it before signing.
    let card = unsigned(EXAMPLE);
    let (signed, store) = signed_by_peer("sdk-sign", &card, Algorithm::Es256);
    let err = CardVerifier::new(store.clone())
        .verify(&signed)
        .unwrap_err();
    assert!(
        matches!(err, VerifyError::PayloadMismatch { index: 0, .. }),
        "{err}"
    );
    CardVerifier::new(store)
        .payload_form(PayloadForm::A2aSdk13)
        .verify(&signed)
        .unwrap();
    // And the SDK does not verify a spec-correct signature of that card.
    let (ours, jwks) = signed_here(&card, Algorithm::Es256);
    let (ok, out) = peer(&["sdk-verify", path_str(&ours), path_str(&jwks)]);
    assert!(
        !ok,
        "the SDK now verifies spec-form signatures over empty values: {out}"
    );
    assert!(out.contains("InvalidSignaturesError"), "{out}");
}

/// Each view of the extended card (the skills a caller may see) is signed once when the
/// layer is built, and jwcrypto + rfc8785 verify every view as served.
#[cfg(feature = "extended")]
#[test]
fn jwcrypto_verifies_each_signed_view_of_the_extended_card() {
    use a2a_card::extended::{ExtendedCardLayer, RequestBody};
    use a2a_card::security::{ApiKeys, BasicUsers, CardSecurity};
    use http_body_util::BodyExt;
    use tower::{Layer, ServiceExt};

    let mut public = unsigned(EXAMPLE);
    let basic: a2a_card::SecurityScheme =
        serde_json::from_value(serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Basic"}}))
            .unwrap();
    public.security_schemes.insert("basic".into(), basic);
    let mut extended = public.clone();
    let mut fleet = extended.skills[0].clone();
    fleet.id = "fleet".into();
    fleet.security_requirements =
        serde_json::from_value(serde_json::json!([{"schemes": {"basic": {}}}])).unwrap();
    extended.skills.push(fleet);
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .verifier("basic", BasicUsers::new(["alice:pw"]).unwrap())
        .build()
        .unwrap();
    let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "ext-es256");
    let jwks = write(
        "jwks.json",
        Jwks {
            keys: vec![signer.public_jwk()],
        }
        .to_json_pretty()
        .as_bytes(),
    );
    let app = ExtendedCardLayer::builder(&public, security)
        .extended_card(extended)
        .sign_with(signer)
        .build()
        .unwrap()
        .layer(tower::service_fn(
            |_: http::Request<RequestBody<String>>| async {
                Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
            },
        ));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let fetch = |basic: bool| {
        let mut request =
            http::Request::get("/a2a/rest/extendedAgentCard").header("X-API-Key", "k1");
        if basic {
            request = request.header("Authorization", "Basic YWxpY2U6cHc=");
        }
        let response = runtime
            .block_on(app.clone().oneshot(request.body(String::new()).unwrap()))
            .unwrap();
        assert_eq!(response.status(), 200);
        runtime
            .block_on(response.into_body().collect())
            .unwrap()
            .to_bytes()
    };
    for (basic, skills) in [(false, 1), (true, 2)] {
        let body = fetch(basic);
        assert_eq!(body, fetch(basic), "the same bytes on every request");
        let view = AgentCard::from_json_slice(&body).unwrap();
        assert_eq!(view.skills.len(), skills);
        let file = write("view.json", &body);
        let (ok, out) = peer(&["jwcrypto-verify", path_str(&file), path_str(&jwks)]);
        assert!(ok, "view with {skills} skill(s): {out}");
        assert_eq!(out.trim(), "verified ext-es256");
    }
}

/// The AI Catalog the layer serves, signed with the cards' key (Level 3 of the draft of
/// 2026-04-30): jwcrypto + rfc8785 verify every entry's trust manifest (a detached JWS over
/// the manifest's RFC 8785 form without `signature`) in the bytes served, and refuse the
/// catalog once a signed member of a manifest is changed.
#[cfg(all(feature = "catalog", feature = "serve"))]
#[test]
fn jwcrypto_verifies_the_catalog_the_layer_signs_and_refuses_an_edited_one() {
    use a2a_card::catalog::{HostInfo, verify_catalog};
    use a2a_card::serve::{AgentCardLayer, CatalogOptions};
    use http_body_util::BodyExt;
    use tower::{Layer, ServiceExt};

    let card = |name: &str| {
        let mut card = unsigned(SPEC_SAMPLE);
        card.name = name.to_owned();
        card
    };
    for algorithm in Algorithm::ALL {
        let kid = format!("catalog-{algorithm}");
        let signer = CardSigner::new(SigningKey::generate(algorithm).unwrap(), kid.as_str());
        let jwks = Jwks {
            keys: vec![signer.public_jwk()],
        };
        let jwks_file = write("jwks.json", jwks.to_json_pretty().as_bytes());
        let store = TrustStore::from_jwks_json(jwks.to_json_pretty().as_bytes()).unwrap();
        let layer = AgentCardLayer::builder(card("Concierge"))
            .tenant("travel", card("Rail Booker"))
            .tenant("food", card("Restaurant Finder"))
            .sign_with(signer)
            .catalog(
                CatalogOptions::new()
                    .base_url("https://agents.example.com")
                    .host(HostInfo::new("Example Agents"))
                    .identifier_prefix("urn:example:agent:"),
            )
            .build()
            .unwrap();
        let app = layer.layer(tower::service_fn(|_: http::Request<String>| async {
            Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
        }));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let request = http::Request::get("/.well-known/ai-catalog.json")
            .body(String::new())
            .unwrap();
        let response = runtime.block_on(app.oneshot(request)).unwrap();
        assert_eq!(response.status(), 200);
        let served = runtime
            .block_on(response.into_body().collect())
            .unwrap()
            .to_bytes();

        let file = write("catalog.json", &served);
        let (ok, out) = peer(&[
            "jwcrypto-verify-catalog",
            path_str(&file),
            path_str(&jwks_file),
        ]);
        assert!(ok, "{algorithm}: {out}");
        assert_eq!(out.matches(": verified").count(), 3, "{out}");

        // Each signed member changed in turn: the digest of the card, the subject, the
        // source. Both implementations refuse the manifest that changed, and only it.
        let catalog: Value = serde_json::from_slice(&served).unwrap();
        for (entry, pointer, value) in [
            (
                0,
                "/provenance/0/sourceDigest",
                Value::from(format!("sha256:{}", "0".repeat(64))),
            ),
            (
                1,
                "/identity",
                Value::from("urn:example:agent:someone-else"),
            ),
            (
                2,
                "/provenance/0/sourceId",
                Value::from("https://evil.example.com/card.json"),
            ),
        ] {
            let mut edited = catalog.clone();
            *edited
                .pointer_mut(&format!("/entries/{entry}/trustManifest{pointer}"))
                .unwrap() = value;
            let file = write("edited.json", edited.to_string().as_bytes());
            let (ok, out) = peer(&[
                "jwcrypto-verify-catalog",
                path_str(&file),
                path_str(&jwks_file),
            ]);
            assert!(!ok, "{algorithm}: an edited {pointer} verified: {out}");
            assert!(
                !out.contains(&format!("/entries/{entry}/trustManifest: verified")),
                "{out}"
            );
            assert_eq!(out.matches(": verified").count(), 2, "{out}");
            let ours = a2a_card::catalog::AiCatalog::from_json_slice(edited.to_string().as_bytes())
                .unwrap();
            let results = verify_catalog(&ours, &CardVerifier::new(store.clone()));
            let refused: Vec<_> = results
                .iter()
                .filter(|(_, r)| r.is_err())
                .map(|(at, _)| at.as_str())
                .collect();
            assert_eq!(
                refused,
                [format!("/entries/{entry}/trustManifest")],
                "{algorithm}"
            );
        }
    }
}
