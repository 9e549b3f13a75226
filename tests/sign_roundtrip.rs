//! Signing and verifying cards with every algorithm: what breaks a signature (any signed
//! value changing) and what does not (key order, whitespace, unknown fields, more
//! signatures), and the error each failure gives.
#![cfg(feature = "sign")]

use std::sync::OnceLock;

use a2a_card::sign::{
    Algorithm, CardSigner, CardVerifier, Jwk, Jwks, JwksFetcher, KeyError, PayloadForm, SigningKey,
    TrustStore, TrustedKey, VerifyError, uncovered_in_form, unsigned_fields,
};
use a2a_card::{AgentCard, AgentCardSignature};
use serde_json::{Value, json};

const EXAMPLE: &str = include_str!("../examples/agent-card.json");
const EVERY_FIELD: &str = include_str!("fixtures/interop/every-field.json");

fn card(text: &str) -> AgentCard {
    AgentCard::from_json_str(text).unwrap()
}

/// One key per algorithm, made once per test binary (RSA key generation takes a moment).
fn key_pem(algorithm: Algorithm) -> &'static str {
    static KEYS: OnceLock<Vec<(Algorithm, String)>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        Algorithm::ALL
            .iter()
            .map(|&alg| {
                (
                    alg,
                    SigningKey::generate(alg).unwrap().to_pkcs8_pem().unwrap(),
                )
            })
            .collect()
    });
    &keys.iter().find(|(alg, _)| *alg == algorithm).unwrap().1
}

/// A signer of the spec's form only, one signature per card: these tests are about keys,
/// algorithms and what changes a payload, not forms
/// (`changing_any_signed_value_breaks_the_signature_of_every_form`).
fn signer(algorithm: Algorithm, kid: &str) -> CardSigner {
    let key = SigningKey::from_pkcs8_pem(key_pem(algorithm))
        .unwrap()
        .with_algorithm(algorithm)
        .unwrap();
    CardSigner::new(key, kid).only_form(PayloadForm::Spec)
}

fn verifier_for(signers: &[&CardSigner]) -> CardVerifier {
    let store = signers.iter().fold(TrustStore::new(), |store, s| {
        store.with_key(s.trusted_key())
    });
    CardVerifier::new(store)
}

#[test]
fn sign_then_verify_with_every_algorithm_through_the_served_bytes() {
    for algorithm in Algorithm::ALL {
        let signer = signer(algorithm, &format!("{algorithm}-key"));
        let signed = signer.sign(&card(EVERY_FIELD)).unwrap();
        // What a client gets: the served bytes, read again, keys from a JWKS document.
        let received = AgentCard::from_json_slice(&signed.to_json_vec()).unwrap();
        let jwks = Jwks {
            keys: vec![signer.public_jwk()],
        };
        let store = TrustStore::from_jwks_json(jwks.to_json_pretty().as_bytes()).unwrap();
        let verified = CardVerifier::new(store).verify(&received).unwrap();
        assert_eq!(verified.algorithm, algorithm);
        assert_eq!(verified.kid, format!("{algorithm}-key"));
    }
}

#[test]
fn deterministic_algorithms_give_the_same_signature_every_time() {
    for algorithm in Algorithm::ALL {
        // Every form (the default): each of the signatures is the same every time.
        let key = SigningKey::from_pkcs8_pem(key_pem(algorithm))
            .unwrap()
            .with_algorithm(algorithm)
            .unwrap();
        let signer = CardSigner::new(key, "k");
        let first = signer.signatures(&card(EXAMPLE)).unwrap();
        let second = signer.signatures(&card(EXAMPLE)).unwrap();
        // The spec's form and the SDKs' (one signature for both SDK forms).
        assert_eq!(first.len(), 2);
        assert_eq!(
            first == second,
            algorithm != Algorithm::Ps256,
            "{algorithm}"
        );
    }
}

#[test]
fn the_protected_header_is_alg_typ_kid_jku() {
    let signer = signer(Algorithm::Es256, "2026-01").with_jku("https://a.example/jwks.json");
    let signature = signer.signatures(&card(EXAMPLE)).unwrap().remove(0);
    let header = base64_decode(&signature.protected);
    assert_eq!(
        String::from_utf8(header).unwrap(),
        r#"{"alg":"ES256","typ":"JOSE","kid":"2026-01","jku":"https://a.example/jwks.json"}"#
    );
    // ES256 signatures are R || S, 64 bytes (RFC 7518 §3.4), base64url without padding.
    assert_eq!(base64_decode(&signature.signature).len(), 64);
    assert!(!signature.signature.contains('='));
}

fn base64_decode(text: &str) -> Vec<u8> {
    // A small independent decoder, so the test does not trust the crate's own.
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes() {
        let value = alphabet.iter().position(|&a| a == c).expect("base64url") as u32;
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    out
}

/// Every leaf of a JSON document, as (pointer, value).
fn leaves(value: &Value, pointer: String, out: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (k, v) in map {
                leaves(
                    v,
                    format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{pointer}/{i}"), out);
            }
        }
        leaf => out.push((pointer, leaf.clone())),
    }
}

fn changed(leaf: &Value) -> Value {
    match leaf {
        Value::String(s) => json!(format!("{s}x")),
        Value::Bool(b) => json!(!b),
        Value::Number(n) => json!(n.as_f64().unwrap() + 1.0),
        Value::Null => json!("now set"),
        Value::Array(_) => json!(["added"]),
        Value::Object(_) => json!({"added": "x"}),
    }
}

/// The signed card with each of its values outside `signatures` changed in turn:
/// (pointer, changed card).
fn each_value_changed(signed: &Value) -> Vec<(String, AgentCard)> {
    let mut all = Vec::new();
    leaves(signed, String::new(), &mut all);
    all.into_iter()
        .filter(|(p, _)| !p.starts_with("/signatures"))
        .map(|(pointer, leaf)| {
            let mut tampered = signed.clone();
            *tampered.pointer_mut(&pointer).unwrap() = changed(&leaf);
            (pointer, AgentCard::from_value(tampered).unwrap().card)
        })
        .collect()
}

#[test]
fn changing_any_signed_value_breaks_the_signature() {
    let signer = signer(Algorithm::EdDsa, "k");
    let verifier = verifier_for(&[&signer]);
    let mut unsigned = card(EVERY_FIELD);
    unsigned.signatures.clear();
    let signed = signer.sign(&unsigned).unwrap().to_value();
    let mut checked = 0;
    for (pointer, tampered) in each_value_changed(&signed) {
        if !unsigned_fields(&tampered).is_empty() {
            // The change only added a field the proto does not have (`{}` became
            // `{"added": "x"}`): not part of the payload, so the signature still holds.
            verifier.verify(&tampered).unwrap();
            continue;
        }
        let Err(err) = verifier.verify(&tampered) else {
            panic!("{pointer}: still verifies after the change")
        };
        assert!(
            matches!(err, VerifyError::PayloadMismatch { index: 0, .. }),
            "{pointer}: {err}"
        );
        checked += 1;
    }
    assert!(checked > 40, "only {checked} values checked");
    // Adding a field of the proto, or dropping one, breaks it too.
    let mut added = card(EVERY_FIELD);
    added.signatures = signer.sign(&added).unwrap().signatures;
    added.skills[0].examples.push("one more".into());
    assert!(verifier.verify(&added).is_err());
    let mut dropped = signer.sign(&card(EVERY_FIELD)).unwrap();
    dropped.skills.pop();
    assert!(verifier.verify(&dropped).is_err());
}

/// The JSON with every object's keys in reverse order, indented.
fn reordered(value: &Value) -> String {
    fn write(value: &Value, depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth + 1);
        match value {
            Value::Object(map) => {
                out.push_str("{\n");
                let entries: Vec<_> = map.iter().rev().collect();
                for (i, (k, v)) in entries.iter().enumerate() {
                    out.push_str(&format!("{pad}{} :  ", Value::String((*k).clone())));
                    write(v, depth + 1, out);
                    out.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
                }
                out.push_str(&"  ".repeat(depth));
                out.push('}');
            }
            Value::Array(items) => {
                out.push_str("[ ");
                for (i, v) in items.iter().enumerate() {
                    write(v, depth + 1, out);
                    if i + 1 < items.len() {
                        out.push_str(" ,\t");
                    }
                }
                out.push_str(" ]");
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(value, 0, &mut out);
    out
}

/// With every form signed (the default), any signed value changed breaks each signature,
/// and the error names the forms tried; an empty value added or removed breaks the spec
/// form's signature only, and the card then verifies in an SDK form that names it uncovered.
#[test]
fn changing_any_signed_value_breaks_the_signature_of_every_form() {
    let signer = CardSigner::new(
        SigningKey::from_pkcs8_pem(key_pem(Algorithm::EdDsa)).unwrap(),
        "k",
    );
    let verifier = verifier_for(&[&signer]);
    let mut unsigned = card(EXAMPLE);
    unsigned.signatures.clear();
    let signed = signer.sign(&unsigned).unwrap();
    assert_eq!(signed.signatures.len(), 2, "spec form, SDK forms");
    let verified = verifier.verify(&signed).unwrap();
    assert_eq!((verified.index, verified.form), (0, PayloadForm::Spec));
    assert!(verified.uncovered.is_empty());
    // Tried each form, preferring the spec's: the SDK signature alone verifies in its form.
    let mut sdk_only = signed.clone();
    sdk_only.signatures.remove(0);
    let verified = verifier.verify(&sdk_only).unwrap();
    assert_eq!((verified.index, verified.form), (0, PayloadForm::A2aSdk13));
    assert_eq!(
        verified.uncovered,
        uncovered_in_form(&unsigned, PayloadForm::A2aSdk13)
    );
    assert!(!verified.uncovered.is_empty());
    // Signatures in the other order: still the spec's one is named.
    let mut reversed = signed.clone();
    reversed.signatures.reverse();
    let verified = verifier.verify(&reversed).unwrap();
    assert_eq!((verified.index, verified.form), (1, PayloadForm::Spec));

    let signed = signed.to_value();
    let mut checked = 0;
    for (pointer, tampered) in each_value_changed(&signed) {
        if !unsigned_fields(&tampered).is_empty() {
            continue;
        }
        let err = verifier.verify(&tampered).unwrap_err();
        let VerifyError::NoneValid { failures } = &err else {
            panic!("{pointer}: {err}");
        };
        assert_eq!(failures.len(), 2, "{pointer}: {err}");
        for failure in failures {
            assert!(
                matches!(failure, VerifyError::PayloadMismatch { forms, .. } if forms == "spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3"),
                "{pointer}: {failure}"
            );
        }
        checked += 1;
    }
    assert!(checked > 20, "only {checked} values checked");

    // An empty value only the spec's form covers: a second scope-less requirement (one
    // more way in) added after signing. The spec's signature fails, the SDKs' holds and
    // names the requirements uncovered.
    let mut dropped = signed.clone();
    dropped["securityRequirements"]
        .as_array_mut()
        .unwrap()
        .push(json!({"schemes": {"apiKey": {}}}));
    let dropped = AgentCard::from_value(dropped).unwrap().card;
    let verified = verifier.verify(&dropped).unwrap();
    assert_eq!((verified.index, verified.form), (1, PayloadForm::A2aSdk13));
    assert!(
        verified
            .uncovered
            .contains(&"/securityRequirements".to_owned()),
        "{:?}",
        verified.uncovered
    );
    let err = verifier_for(&[&signer])
        .accept_forms([PayloadForm::Spec])
        .verify(&dropped)
        .unwrap_err();
    assert!(
        matches!(&err, VerifyError::NoneValid { failures } if failures.iter().all(|f| matches!(f, VerifyError::PayloadMismatch { forms, .. } if forms == "spec"))),
        "{err}"
    );
}

#[test]
fn key_order_and_whitespace_do_not_matter() {
    for algorithm in Algorithm::ALL {
        let signer = signer(algorithm, "k");
        let signed = signer.sign(&card(EVERY_FIELD)).unwrap();
        let text = reordered(&signed.to_value());
        assert_ne!(text.as_bytes(), signed.to_json_vec());
        verifier_for(&[&signer]).verify(&card(&text)).unwrap();
    }
}

#[test]
fn a_second_signature_keeps_the_first_valid() {
    let old = signer(Algorithm::Es256, "old");
    let new = signer(Algorithm::Rs256, "new");
    let twice = new.sign(&old.sign(&card(EXAMPLE)).unwrap()).unwrap();
    assert_eq!(twice.signatures.len(), 2);
    assert_eq!(verifier_for(&[&old]).verify(&twice).unwrap().index, 0);
    assert_eq!(verifier_for(&[&new]).verify(&twice).unwrap().index, 1);
}

#[test]
fn unknown_fields_do_not_break_a_signature_but_can_be_refused() {
    let signer = signer(Algorithm::EdDsa, "k");
    let mut signed = signer.sign(&card(EXAMPLE)).unwrap();
    signed
        .extra
        .insert("x-added-later".into(), json!("unsigned"));
    verifier_for(&[&signer]).verify(&signed).unwrap();
    let err = verifier_for(&[&signer])
        .refuse_unsigned_fields(true)
        .verify(&signed)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the card has fields outside the v1.0 proto, which proto-based readers drop, so no \
         signature they check covers them: /x-added-later; remove them or verify without \
         refusing unsigned fields"
    );
}

fn with_signature(protected: &str, signature: &str) -> AgentCard {
    let mut c = card(EXAMPLE);
    c.signatures.push(AgentCardSignature {
        protected: protected.into(),
        signature: signature.into(),
        ..Default::default()
    });
    c
}

fn b64(text: &str) -> String {
    use std::fmt::Write;
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in text.as_bytes().chunks(3) {
        let n = chunk.iter().fold(0u32, |acc, b| (acc << 8) | *b as u32) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            let _ = out.write_char(alphabet[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// The error of a card whose one signature has this protected header (JSON).
fn header_error(verifier: &CardVerifier, header: &str, signature: &str) -> String {
    let err = verifier
        .verify(&with_signature(&b64(header), signature))
        .unwrap_err();
    err.to_string()
}

#[test]
fn each_failure_says_which_and_where() {
    let signer = signer(Algorithm::Es256, "k1");
    let verifier = verifier_for(&[&signer]);
    let good = signer.sign(&card(EXAMPLE)).unwrap().signatures[0].clone();

    let err = verifier.verify(&card(EXAMPLE)).unwrap_err();
    assert_eq!(err, VerifyError::NoSignatures);

    let err = verifier
        .verify(&with_signature("%%%", &good.signature))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "/signatures/0/protected: the protected header is not base64url"
    );

    assert_eq!(
        header_error(&verifier, r#"{"alg":"ES256"}"#, &good.signature),
        "/signatures/0/protected: the protected header has no `kid`"
    );

    assert_eq!(
        header_error(&verifier, r#"{"alg":"HS256","kid":"k1"}"#, &good.signature),
        "/signatures/0/protected: algorithm \"HS256\" is not allowed (allowed: ES256, EdDSA, RS256, PS256)"
    );
    let err = verifier_for(&[&signer])
        .allow_algorithms([Algorithm::EdDsa])
        .verify(&signer.sign(&card(EXAMPLE)).unwrap())
        .unwrap_err();
    assert!(
        matches!(err, VerifyError::AlgorithmNotAllowed { .. }),
        "{err}"
    );

    assert_eq!(
        header_error(&verifier, r#"{"alg":"ES256","kid":"k9"}"#, &good.signature),
        "/signatures/0/protected: kid \"k9\" is not a trusted key (trusted kids: \"k1\")"
    );

    assert_eq!(
        header_error(&verifier, r#"{"alg":"EdDSA","kid":"k1"}"#, &good.signature),
        "/signatures/0/protected: key \"k1\" is trusted for ES256, but the header says EdDSA"
    );

    let err = verifier
        .verify(&with_signature(&good.protected, "not*base64"))
        .unwrap_err();
    assert_eq!(err.to_string(), "/signatures/0/signature: not base64url");

    let err = verifier
        .verify(&with_signature(
            &b64(r#"{"alg":"ES256","kid":"k1","crit":["exp"]}"#),
            &good.signature,
        ))
        .unwrap_err();
    assert!(err.to_string().contains("critical"), "{err}");

    let mut changed = signer.sign(&card(EXAMPLE)).unwrap();
    changed.name.push('!');
    assert_eq!(
        verifier.verify(&changed).unwrap_err().to_string(),
        "/signatures/0: the ES256 signature by key \"k1\" does not match the card in any \
         accepted form (spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3); the card was changed after signing, or \
         was signed over another canonical form"
    );

    // Several signatures: each one's reason, in order.
    let mut two = with_signature("%%%", "x");
    two.signatures.push(changed.signatures[0].clone());
    two.name.push('!');
    let err = verifier.verify(&two).unwrap_err();
    let VerifyError::NoneValid { failures } = &err else {
        panic!("{err}")
    };
    assert_eq!(failures.len(), 2);
    assert!(
        err.to_string()
            .starts_with("none of the 2 signatures verifies: /signatures/0/protected")
    );
    assert!(
        err.to_string()
            .contains("; /signatures/1: the ES256 signature")
    );
}

struct FixedFetcher(Jwks);

impl JwksFetcher for FixedFetcher {
    fn fetch(&self, _jku: &str) -> Result<Jwks, String> {
        Ok(self.0.clone())
    }
}

#[test]
fn jku_is_used_only_when_allowlisted() {
    const JKU: &str = "https://agent.example.com/.well-known/jwks.json";
    let signer = signer(Algorithm::EdDsa, "k1").with_jku(JKU);
    let signed = signer.sign(&card(EXAMPLE)).unwrap();
    let jwks = Jwks {
        keys: vec![signer.public_jwk()],
    };

    // A key the verifier holds itself is used whatever jku the signature names.
    verifier_for(&[&signer]).verify(&signed).unwrap();

    // Not in the store, jku not allowlisted: refused, and the fetcher is never asked.
    let err = CardVerifier::new(TrustStore::new())
        .with_jwks_fetcher(FixedFetcher(jwks.clone()))
        .verify(&signed)
        .unwrap_err();
    assert!(
        matches!(err, VerifyError::JkuNotAllowed { index: 0, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("not on the allowlist"));

    // Allowlisted but nothing loaded and no fetcher: says so.
    let err = CardVerifier::new(TrustStore::new().allow_jku(JKU))
        .verify(&signed)
        .unwrap_err();
    assert!(matches!(err, VerifyError::JkuNotLoaded { .. }), "{err}");

    // Allowlisted and fetched by the caller's fetcher.
    let verified = CardVerifier::new(TrustStore::new().allow_jku(JKU))
        .with_jwks_fetcher(FixedFetcher(jwks.clone()))
        .verify(&signed)
        .unwrap();
    assert_eq!(verified.jku.as_deref(), Some(JKU));

    // Loaded ahead of time for that jku.
    let mut store = TrustStore::new();
    store.add_jwks_from_jku(JKU, &jwks).unwrap();
    CardVerifier::new(store.clone()).verify(&signed).unwrap();

    // Keys loaded for one jku do not serve a signature naming another.
    let other = signer_with_jku("https://evil.example/jwks.json");
    let err = CardVerifier::new(store).verify(&other).unwrap_err();
    assert!(matches!(err, VerifyError::JkuNotAllowed { .. }), "{err}");
}

fn signer_with_jku(jku: &str) -> AgentCard {
    signer(Algorithm::EdDsa, "k1")
        .with_jku(jku)
        .sign(&card(EXAMPLE))
        .unwrap()
}

#[test]
fn one_kid_may_have_keys_for_several_algorithms() {
    // The same RSA key published twice under one kid, for RS256 and for PS256.
    let rs = signer(Algorithm::Rs256, "rsa");
    let ps = signer(Algorithm::Ps256, "rsa");
    let store = TrustStore::new()
        .with_key(rs.trusted_key())
        .with_key(ps.trusted_key());
    let verifier = CardVerifier::new(store);
    for signer in [&rs, &ps] {
        verifier
            .verify(&signer.sign(&card(EXAMPLE)).unwrap())
            .unwrap();
    }
}

#[test]
fn every_key_sharing_the_signatures_kid_and_algorithm_is_tried() {
    // [other k1, legit k1]: only the first was tried, so a valid signature failed.
    let legit = signer(Algorithm::Es256, "k1");
    let other = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "k1")
        .only_form(PayloadForm::Spec);
    let signed = legit.sign(&card(EXAMPLE)).unwrap();
    let jwks = Jwks {
        keys: vec![other.public_jwk(), legit.public_jwk()],
    };
    let store = TrustStore::from_jwks_json(jwks.to_json_pretty().as_bytes()).unwrap();
    assert_eq!(store.repeated_kids(), ["k1"]);
    let verified = CardVerifier::new(store.clone()).verify(&signed).unwrap();
    assert_eq!(verified.kid, "k1");
    // A card the other key signed verifies too; a tampered one with neither.
    CardVerifier::new(store.clone())
        .verify(&other.sign(&card(EXAMPLE)).unwrap())
        .unwrap();
    let mut tampered = signed.clone();
    tampered.version = "9.9.9".into();
    let err = CardVerifier::new(store).verify(&tampered).unwrap_err();
    assert!(
        matches!(err, VerifyError::PayloadMismatch { index: 0, .. }),
        "{err}"
    );

    // Bounded: past MAX_KEYS_PER_KID keys of one kid and algorithm, later ones are not
    // tried; keys of the kid for another algorithm do not count against the bound.
    let crowded = |alg| {
        (0..a2a_card::sign::MAX_KEYS_PER_KID)
            .map(|_| SigningKey::generate(alg).unwrap().trusted_key("k1"))
            .fold(TrustStore::new(), TrustStore::with_key)
            .with_key(legit.trusted_key())
    };
    let err = CardVerifier::new(crowded(Algorithm::Es256))
        .verify(&signed)
        .unwrap_err();
    assert!(matches!(err, VerifyError::PayloadMismatch { .. }), "{err}");
    CardVerifier::new(crowded(Algorithm::EdDsa))
        .verify(&signed)
        .unwrap();
}

#[test]
fn keys_round_trip_through_pem_and_jwk() {
    for algorithm in Algorithm::ALL {
        let key = SigningKey::from_pkcs8_pem(key_pem(algorithm))
            .unwrap()
            .with_algorithm(algorithm)
            .unwrap();
        let public = key.public_jwk("k");
        assert_eq!(public.alg.as_deref(), Some(algorithm.as_str()));
        assert_eq!(public.key_use.as_deref(), Some("sig"));
        assert!(!public.is_private());
        TrustedKey::from_jwk(&public).unwrap();
    }
    // A private JWK (RFC 8037 A.1) signs; its public half verifies.
    let private: Jwk = serde_json::from_value(json!({"kty": "OKP", "crv": "Ed25519",
        "d": "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
        "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "kid": "rfc8037"}))
    .unwrap();
    let signer = CardSigner::new(SigningKey::from_jwk(&private).unwrap(), "rfc8037");
    let public = Jwk {
        d: None,
        ..private.clone()
    };
    let store = TrustStore::new().with_key(TrustedKey::from_jwk(&public).unwrap());
    CardVerifier::new(store)
        .verify(&signer.sign(&card(EXAMPLE)).unwrap())
        .unwrap();
    // A private JWK whose public part belongs to another key is refused.
    let mismatched = Jwk {
        x: SigningKey::generate(Algorithm::EdDsa)
            .unwrap()
            .public_jwk("k")
            .x,
        ..private
    };
    assert!(SigningKey::from_jwk(&mismatched).is_err());
}

#[test]
fn an_rsa_jwk_must_name_its_algorithm_and_a_public_jwk_cannot_sign() {
    // (Private EC and RSA JWKs written by another implementation: tests/sign_interop.rs.)
    let rsa_public = SigningKey::from_pkcs8_pem(key_pem(Algorithm::Rs256))
        .unwrap()
        .public_jwk("r");
    let without_alg = Jwk {
        alg: None,
        ..rsa_public.clone()
    };
    let err = TrustedKey::from_jwk(&without_alg).unwrap_err();
    assert!(err.to_string().contains("needs `alg`"), "{err}");
    let err = SigningKey::from_jwk(&rsa_public).unwrap_err();
    assert!(err.to_string().contains("no `d`"), "{err}");
}

#[test]
fn key_errors_name_the_problem_and_never_the_key() {
    let pem = key_pem(Algorithm::Es256);
    let body: String = pem.lines().nth(1).unwrap().to_owned();
    for text in [
        pem.replace("PRIVATE KEY", "EC PRIVATE KEY"),
        pem.replace("PRIVATE KEY", "PUBLIC KEY"),
        pem.replace("PRIVATE KEY", "ENCRYPTED PRIVATE KEY"),
        pem.replace(&body[10..20], "AAAAAAAAAA"),
        pem[..pem.len() / 2].to_owned(),
    ] {
        let err = SigningKey::from_pkcs8_pem(&text).unwrap_err();
        let message = err.to_string();
        assert!(!message.contains(&body[..16]), "{message}");
        assert!(!format!("{err:?}").contains(&body[..16]));
    }
    let err =
        SigningKey::from_pkcs8_pem(&pem.replace("PRIVATE KEY", "EC PRIVATE KEY")).unwrap_err();
    assert!(err.to_string().contains("openssl pkcs8 -topk8"), "{err}");
    let key = SigningKey::from_pkcs8_pem(pem).unwrap();
    assert!(!format!("{key:?}").contains(&body[..16]));
    let err = key.with_algorithm(Algorithm::Rs256).unwrap_err();
    assert_eq!(
        err,
        KeyError::AlgorithmMismatch {
            key: "a P-256 key",
            algorithm: Algorithm::Rs256
        }
    );
    assert_eq!(err.to_string(), "a P-256 key cannot be used with RS256");
}

#[test]
fn a_jwks_skips_what_it_cannot_use_and_refuses_what_is_broken() {
    let ed = SigningKey::from_pkcs8_pem(key_pem(Algorithm::EdDsa)).unwrap();
    let good = serde_json::to_value(ed.public_jwk("ed")).unwrap();
    let doc = json!({"keys": [
        good,
        {"kty": "EC", "crv": "P-384", "kid": "p384", "x": "AA", "y": "AA"},
        {"kty": "RSA", "use": "enc", "kid": "enc", "n": "AQAB", "e": "AQAB"},
        {"kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"},
    ]});
    let store = TrustStore::from_jwks_json(doc.to_string().as_bytes()).unwrap();
    assert_eq!(store.keys().len(), 1);
    assert_eq!(store.skipped().len(), 3, "{:?}", store.skipped());
    let broken = json!({"keys": [{"kty": "OKP", "crv": "Ed25519", "kid": "short", "x": "AAAA"}]});
    let err = TrustStore::from_jwks_json(broken.to_string().as_bytes()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "key 0 of the JWKS (kid \"short\"): malformed JWK: `x` of an Ed25519 key must be 32 bytes"
    );
    let err =
        TrustStore::from_jwks_json(br#"{"keys": [{"kty": 5, "d": "c2VjcmV0"}]}"#).unwrap_err();
    assert!(!err.to_string().contains("c2VjcmV0"), "{err}");
}
