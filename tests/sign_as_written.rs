//! Signatures over the card as it is written (A2A §8.4.1), against data made elsewhere:
//! - the public canonicalization vectors as whole cards (the conformance kit's CARD-SIGN
//!   vectors, the AlgoVoi card_ref set, the spec's own §8.4.1 example), and the kit's EdDSA
//!   signatures verified (`tests/fixtures/sign/vectors/`, sources in its README);
//! - real v0.3 and v1.0 cards from public repositories signed over their JSON as written, the
//!   way a plain RFC 8785 signer does (`tests/fixtures/sign/real/`), and the spec's v0.3
//!   sample card;
//! - cards signed by a2a-card before signatures covered the card as written
//!   (`tests/fixtures/sign/legacy/`): every one of their signatures still verifies.
//!
//! Each also checks that a card edited after signing is refused in every form.
#![cfg(all(feature = "sign", feature = "catalog"))]

use std::path::{Path, PathBuf};

use a2a_card::catalog::digest_hex;
use a2a_card::sign::{
    CardDocument, CardSigner, CardVerifier, Jwk, PayloadForm, SigningKey, TrustStore, VerifyError,
    canonicalize,
};
use serde_json::{Value, json};

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

fn json_file(path: &str) -> Value {
    serde_json::from_slice(&std::fs::read(fixture(path)).unwrap()).unwrap()
}

fn document(card: &Value) -> CardDocument {
    CardDocument::from_value(card.clone()).unwrap()
}

fn spec_text(card: &Value) -> String {
    String::from_utf8(document(card).payload(PayloadForm::Spec)).unwrap()
}

/// The kit's published test key (a throwaway Ed25519 key, see the vectors' README).
fn kit_key(part: &str) -> Jwk {
    serde_json::from_value(json_file("sign/vectors/card_signing_vectors.json")[part].clone())
        .unwrap()
}

/// Every public vector that gives the expected canonical bytes: (id, card, bytes).
fn byte_vectors() -> Vec<(String, Value, String)> {
    let mut vectors = Vec::new();
    let mut add = |source: &str, cases: &Value, card: &str| {
        for case in cases.as_array().unwrap() {
            vectors.push((
                format!("{source}/{}", case["id"].as_str().unwrap()),
                case[card].clone(),
                case["expected_jcs_payload"].as_str().unwrap().to_owned(),
            ));
        }
    };
    let kit_compat = json_file("sign/vectors/card_signing_canonicalization_vectors.json");
    add("kit-compatibility", &kit_compat["cases"], "agent_card");
    let kit_unit = json_file("sign/vectors/card_signing_vectors.json");
    add(
        "kit-unit",
        &kit_unit["canonicalization_cases"],
        "agent_card",
    );
    add("kit-unit", &kit_unit["signing_cases"], "agent_card");
    let spec = json_file("sign/vectors/spec-8.4.1-example.json");
    add(
        "spec",
        &json!([{"id": "8.4.1", "agent_card": spec["agent_card"],
        "expected_jcs_payload": spec["expected_jcs_payload"]}]),
        "agent_card",
    );
    vectors
}

fn sha256_ref(card: &Value) -> String {
    let payload = document(card).payload(PayloadForm::Spec);
    format!("sha256:{}", digest_hex("sha256", &payload).unwrap())
}

#[test]
fn the_public_vectors_match_as_whole_cards() {
    let mut matched = 0;
    let mut total = 0;
    let mut mismatches = Vec::new();
    // What the form earlier versions signed (the model's rendering) gives, for the record.
    let mut rendered_matched = 0;
    for (id, card, expected) in byte_vectors() {
        total += 1;
        if document(&card).payload(PayloadForm::Rendered) == expected.as_bytes() {
            rendered_matched += 1;
        }
        let got = spec_text(&card);
        if got == expected {
            matched += 1;
        } else {
            mismatches.push(format!("{id}:\n  got      {got}\n  expected {expected}"));
        }
    }
    // AlgoVoi card_ref: SHA-256 of the canonical bytes; invariants give the same digest as
    // the vector they name, negative vectors another one.
    let card_ref = json_file("sign/vectors/card_ref_v1.json");
    let refs: Vec<(String, String)> = card_ref["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            let id = v["id"].as_str().unwrap().to_owned();
            (id, v["expected_card_ref"].as_str().unwrap().to_owned())
        })
        .collect();
    let ref_of = |id: &str| refs.iter().find(|(name, _)| name == id).unwrap().1.clone();
    let mut check = |id: String, ok: bool, detail: String| {
        total += 1;
        if ok {
            matched += 1;
        } else {
            mismatches.push(format!("{id}: {detail}"));
        }
    };
    for v in card_ref["vectors"].as_array().unwrap() {
        let (got, want) = (
            sha256_ref(&v["card"]),
            v["expected_card_ref"].as_str().unwrap(),
        );
        check(
            format!("card_ref/{}", v["id"]),
            got == want,
            format!("{got} != {want}"),
        );
    }
    for v in card_ref["invariant_vectors"].as_array().unwrap() {
        let (got, want) = (
            sha256_ref(&v["card"]),
            ref_of(v["equals_ref_of"].as_str().unwrap()),
        );
        check(
            format!("card_ref/{}", v["id"]),
            got == want,
            format!("{got} != {want}"),
        );
    }
    for v in card_ref["negative_vectors"].as_array().unwrap() {
        let (got, other) = (
            sha256_ref(&v["card"]),
            ref_of(v["diverges_from"].as_str().unwrap()),
        );
        check(
            format!("card_ref/{}", v["id"]),
            got != other,
            format!("{got} == {other}"),
        );
    }
    println!(
        "public vectors as whole cards, spec form: {matched}/{total} match (the 12 with bytes: \
         {rendered_matched} in the rendered form of earlier versions)"
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert_eq!(total, 18, "every vector of the four files is run");
}

#[test]
fn the_kits_eddsa_signatures_verify_and_an_edited_card_is_refused_in_every_form() {
    let vectors = json_file("sign/vectors/card_signing_vectors.json");
    let store = || {
        TrustStore::new()
            .with_key(a2a_card::sign::TrustedKey::from_jwk(&kit_key("public_jwk")).unwrap())
    };
    let cases = vectors["signing_cases"].as_array().unwrap();
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let mut card = case["agent_card"].clone();
        card["signatures"] = json!([{
            "protected": case["expected_protected_b64"],
            "signature": case["signature"],
        }]);
        let verified = CardVerifier::new(store())
            .verify_document(&document(&card))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(verified.form, PayloadForm::Spec, "{id}");
        assert!(verified.uncovered.is_empty(), "{id}");
        // Only the spec's form (and the document as written, the same bytes here) holds it:
        // the model's rendering adds the REQUIRED members the vector leaves out.
        let rendered_only = CardVerifier::new(store()).accept_forms([PayloadForm::Rendered]);
        assert!(
            rendered_only.verify_document(&document(&card)).is_err(),
            "{id}"
        );

        let mut edited = card.clone();
        edited["name"] = json!("Another Agent");
        let err = CardVerifier::new(store())
            .verify_document(&document(&edited))
            .unwrap_err();
        assert_refused_in_every_form(id, &err);
    }
    assert_eq!(cases.len(), 2);
}

/// The error of a card whose one signature no longer matches: a payload mismatch that names
/// every form tried.
fn assert_refused_in_every_form(what: &str, err: &VerifyError) {
    let VerifyError::PayloadMismatch { forms, .. } = err else {
        panic!("{what}: {err}");
    };
    let accepted: Vec<&str> = PayloadForm::ACCEPTED_BY_DEFAULT
        .iter()
        .map(|form| form.as_str())
        .collect();
    assert_eq!(*forms, accepted.join(", "), "{what}");
}

/// A signer for the tests' cards: the kit's Ed25519 key.
fn signer() -> CardSigner {
    CardSigner::new(
        SigningKey::from_jwk(&kit_key("private_jwk")).unwrap(),
        "key-1",
    )
}

fn verifier() -> CardVerifier {
    CardVerifier::new(TrustStore::new().with_key(signer().trusted_key()))
}

/// `card` with a signature appended over its JSON as written, the way a plain RFC 8785
/// signer makes one: the document without `signatures`, nothing else changed.
fn signed_as_written(card: &Value) -> Value {
    let mut unsigned = card.as_object().unwrap().clone();
    unsigned.remove("signatures");
    let jws = signer()
        .detached_jws(&canonicalize(&Value::Object(unsigned)))
        .unwrap();
    let (protected, signature) = jws.split_once("..").unwrap();
    let mut signed = card.clone();
    let list = signed
        .as_object_mut()
        .unwrap()
        .entry("signatures")
        .or_insert(json!([]));
    list.as_array_mut()
        .unwrap()
        .push(json!({"protected": protected, "signature": signature}));
    signed
}

#[test]
fn the_specs_v03_sample_card_signed_over_its_own_json_verifies() {
    let card = json_file("cards/spec/v0.3.0-sample-agent-card.json");
    let doc = document(&card);
    assert_eq!(doc.version(), a2a_card::CardVersion::V0_3);
    let signed = signed_as_written(&card);
    // Its own placeholder signature fails (no such key); the one just made verifies.
    let verified = verifier().verify_document(&document(&signed)).unwrap();
    assert_eq!((verified.index, verified.form), (1, PayloadForm::Spec));

    let mut edited = signed.clone();
    edited["url"] = json!("https://elsewhere.example/a2a/v1");
    let err = verifier().verify_document(&document(&edited)).unwrap_err();
    let VerifyError::NoneValid { failures } = &err else {
        panic!("{err}")
    };
    assert_refused_in_every_form("v0.3 sample", &failures[1]);
}

/// The real cards of `tests/fixtures/sign/real/`, by file name.
fn real_cards() -> Vec<(String, Value)> {
    let mut cards: Vec<(String, Value)> = std::fs::read_dir(fixture("sign/real"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (
                name,
                serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap(),
            )
        })
        .collect();
    cards.sort_by(|a, b| a.0.cmp(&b.0));
    cards
}

#[test]
fn real_cards_signed_over_their_json_as_written_verify() {
    let cards = real_cards();
    let (mut v03, mut v10, mut before) = (0, 0, 0);
    // What verified before signatures covered the card as written: the model's rendering
    // and the SDK forms made from it.
    let earlier = || {
        verifier().accept_forms([
            PayloadForm::Rendered,
            PayloadForm::A2aSdk13,
            PayloadForm::A2aJs13,
        ])
    };
    for (name, card) in &cards {
        let signed = signed_as_written(card);
        let doc = document(&signed);
        match doc.version() {
            a2a_card::CardVersion::V0_3 => v03 += 1,
            a2a_card::CardVersion::V1_0 => v10 += 1,
        }
        let verified = verifier()
            .verify_document(&doc)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            PayloadForm::COVERING.contains(&verified.form),
            "{name}: {}",
            verified.form
        );
        if earlier().verify_document(&doc).is_ok() {
            before += 1;
        }
        // Edited after signing: refused in every form.
        let mut edited = signed.clone();
        edited["name"] = json!(format!("{} (copy)", card["name"].as_str().unwrap_or("")));
        let err = verifier().verify_document(&document(&edited)).unwrap_err();
        match &err {
            VerifyError::NoneValid { failures } => {
                assert_refused_in_every_form(name, failures.last().unwrap())
            }
            other => assert_refused_in_every_form(name, other),
        }
    }
    println!(
        "real cards signed over their JSON as written: {}/{} verify ({v03} v0.3, {v10} v1.0); \
         with the forms of the model's rendering alone: {before}",
        cards.len(),
        cards.len()
    );
    assert!(v03 >= 10 && v10 >= 2, "{v03} v0.3, {v10} v1.0");
}

#[test]
fn every_signature_an_earlier_a2a_card_made_still_verifies() {
    let jwks = std::fs::read(fixture("sign/legacy/jwks.json")).unwrap();
    let verifier = || CardVerifier::new(TrustStore::from_jwks_json(&jwks).unwrap());
    let (mut cards, mut signatures, mut same_bytes) = (0, 0, 0);
    for entry in std::fs::read_dir(fixture("sign/legacy")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".json") || name == "jwks.json" {
            continue;
        }
        cards += 1;
        let card: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let all = card["signatures"].as_array().unwrap().clone();
        for (index, signature) in all.iter().enumerate() {
            let mut alone = card.clone();
            alone["signatures"] = json!([signature]);
            let doc = document(&alone);
            let verified = verifier()
                .verify_document(&doc)
                .unwrap_or_else(|e| panic!("{name} signature {index}: {e}"));
            signatures += 1;
            // The earlier spec form is the first signature. For a card without members
            // outside the proto, today's spec form is the same bytes.
            if index == 0 && doc.card().unknown_fields().is_empty() {
                assert_eq!(verified.form, PayloadForm::Spec, "{name}");
                assert_eq!(
                    doc.payload(PayloadForm::Spec),
                    doc.payload(PayloadForm::Rendered),
                    "{name}"
                );
                same_bytes += 1;
            }
            let mut edited = alone.clone();
            edited["version"] = json!("9.9.9-edited");
            let err = verifier().verify_document(&document(&edited)).unwrap_err();
            assert_refused_in_every_form(&format!("{name} signature {index}"), &err);
        }
    }
    println!(
        "legacy: {signatures} signatures on {cards} cards signed by the earlier a2a-card all \
         verify; {same_bytes} cards without unknown members have the same spec-form bytes"
    );
    assert_eq!((cards, signatures), (29, 46));
    assert!(same_bytes >= 20, "{same_bytes}");
}

#[test]
fn a_member_outside_the_proto_is_covered_by_the_spec_form_only() {
    let card = json!({"name": "Atlas", "description": "Maps.", "version": "1",
        "skills": [], "x-team": "maps"});
    let signed = signer().sign_document(&document(&card)).unwrap();
    // spec (with x-team), proto (without), the SDKs' form: three payloads, three signatures.
    assert_eq!(signed.as_value()["signatures"].as_array().unwrap().len(), 3);
    let verified = verifier().verify_document(&signed).unwrap();
    assert_eq!((verified.index, verified.form), (0, PayloadForm::Spec));

    // Changed after signing: the spec signature fails; the proto one still holds and says
    // what it leaves out, which a verifier requiring a covering form refuses.
    let mut value = Value::Object(signed.as_value().clone());
    value["x-team"] = json!("someone else");
    let changed = document(&value);
    let verified = verifier().verify_document(&changed).unwrap();
    assert_eq!(verified.form, PayloadForm::Proto);
    assert_eq!(verified.uncovered, ["/x-team"]);
    let strict = verifier().accept_forms(PayloadForm::COVERING);
    let err = strict.verify_document(&changed).unwrap_err();
    let VerifyError::NoneValid { failures } = &err else {
        panic!("{err}")
    };
    assert!(
        failures.iter().all(
            |f| matches!(f, VerifyError::PayloadMismatch { forms, .. } if forms == "spec, jcs")
        ),
        "{err}"
    );
    // The JS typed-path form (no security schemes) is never accepted unless asked for.
    let mut card = card;
    card["securitySchemes"] =
        json!({"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}});
    let typed = CardSigner::new(
        SigningKey::from_jwk(&kit_key("private_jwk")).unwrap(),
        "key-1",
    )
    .only_form(PayloadForm::A2aJsTyped)
    .sign_document(&document(&card))
    .unwrap();
    assert!(verifier().verify_document(&typed).is_err());
    let verified = verifier()
        .accept_forms([PayloadForm::A2aJsTyped])
        .verify_document(&typed)
        .unwrap();
    assert_eq!(verified.form, PayloadForm::A2aJsTyped);
}
