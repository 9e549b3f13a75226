//! Card signatures against independent implementations, both ways:
//! - jwcrypto (JWS) with rfc8785 (JCS), following A2A §8.4 to the letter: it verifies what
//!   a2a-card signs, a2a-card verifies what it signs, and both compute the same canonical
//!   payload; private JWKs it writes sign here;
//! - the official SDKs' own canonicalizers, signers and verifiers: the Python `a2a-sdk` 1.3
//!   (`a2a.utils.signing`) and the npm `@a2a-js/sdk` 1.3 (`canonicalizeAgentCard`,
//!   `generateAgentCardSignature`, `verifyAgentCardSignature`). Each [`PayloadForm`] is
//!   byte for byte its implementation's over a corpus; a card signed by default verifies in
//!   every verifier; a card either SDK signs verifies here, naming its form; an edited card
//!   verifies nowhere. `who_verifies_what` prints the table of docs/signatures.md.
//!
//! The Python peers run in a virtual environment: `A2A_SDK_PYTHON` names its interpreter
//! (`.ci/run` sets it and installs the packages); without it the test creates one under
//! the target directory with pip, once. The npm SDK is `tests/interop/js` (`npm ci` on first
//! use), driven by `tests/interop/js/sign_card.mjs`.
#![cfg(feature = "sign")]

use a2a_card_test_support::peers;
use a2a_card_test_support::scratch;
use std::path::Path;
use std::process::Command;

use a2a_card::AgentCard;
use a2a_card::sign::{
    Algorithm, CardSigner, CardVerifier, Jwk, Jwks, PayloadForm, SigningKey, TrustStore,
    canonical_payload, payload_in_form, uncovered_in_form,
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

const JS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/js");
const JS_PEER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/interop/js/sign_card.mjs"
);

/// The cards every form is checked on: fixtures and examples, and cards made to differ
/// between the forms (`tests/fixtures/sign/README.md`).
const CORPUS: &[(&str, &str)] = &[
    ("examples/agent-card.json", EXAMPLE),
    ("spec v1.0 sample", SPEC_SAMPLE),
    ("interop/every-field.json", EVERY_FIELD),
    (
        "cards/base/v1.0.json",
        include_str!("fixtures/cards/base/v1.0.json"),
    ),
    (
        "valid/custom-binding-and-tenant.json",
        include_str!("fixtures/cards/valid/custom-binding-and-tenant.json"),
    ),
    (
        "valid/grpc-host-port-interface.json",
        include_str!("fixtures/cards/valid/grpc-host-port-interface.json"),
    ),
    (
        "valid/registry-v1-and-v03-interfaces.json",
        include_str!("fixtures/cards/valid/registry-v1-and-v03-interfaces.json"),
    ),
    (
        "valid/scheme-used-only-by-a-skill.json",
        include_str!("fixtures/cards/valid/scheme-used-only-by-a-skill.json"),
    ),
    (
        "interop/extended/public.json",
        include_str!("fixtures/interop/extended/public.json"),
    ),
    (
        "interop/extended/extended.json",
        include_str!("fixtures/interop/extended/extended.json"),
    ),
    (
        "sign/empty-values.json",
        include_str!("fixtures/sign/empty-values.json"),
    ),
    (
        "sign/proto-defaults.json",
        include_str!("fixtures/sign/proto-defaults.json"),
    ),
    (
        "sign/unicode.json",
        include_str!("fixtures/sign/unicode.json"),
    ),
    (
        "sign/numbers.json",
        include_str!("fixtures/sign/numbers.json"),
    ),
    (
        "sign/mixed-edge-cases.json",
        include_str!("fixtures/sign/mixed-edge-cases.json"),
    ),
    ("sign/empty.json", include_str!("fixtures/sign/empty.json")),
];

fn corpus() -> Vec<AgentCard> {
    CORPUS.iter().map(|(_, text)| unsigned(text)).collect()
}

/// Each card written as a2a-card writes it (what a client of `serve` receives).
fn card_files(cards: &[AgentCard]) -> Vec<Scratch> {
    cards
        .iter()
        .map(|card| write("card.json", &card.to_json_vec()))
        .collect()
}

fn paths(files: &[Scratch]) -> Vec<&str> {
    files.iter().map(|f| f.text()).collect()
}

/// The npm SDK's script (`tests/interop/js/sign_card.mjs`): its one JSON document.
fn js_peer(args: &[&str]) -> Value {
    let mut command = Command::new(peers::node(JS_DIR));
    command.current_dir(JS_DIR).arg(JS_PEER).args(args);
    peers::run_peer(command, "sign_card.mjs")
}

/// The Python script's batch modes: their one JSON document.
fn python_peer_json(args: &[&str]) -> Value {
    let mut command = Command::new(python());
    command.arg(PEER).args(args);
    peers::run_peer(command, "sign_peer.py")
}

fn texts(value: &Value) -> Vec<Option<String>> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().map(str::to_owned))
        .collect()
}

fn flags(value: &Value) -> Vec<bool> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_bool().unwrap())
        .collect()
}

fn payload_text(card: &AgentCard, form: PayloadForm) -> Option<String> {
    Some(String::from_utf8(payload_in_form(card, form)).unwrap())
}

#[test]
fn each_form_is_byte_for_byte_what_its_implementation_computes() {
    let cards = corpus();
    let files = card_files(&cards);
    let python = python_peer_json(&[&["canonical-all"][..], &paths(&files)].concat());
    let js = js_peer(&[&["canonical"][..], &paths(&files)].concat());
    let typed = texts(&js_peer(
        &[&["canonical-typed"][..], &paths(&files)].concat(),
    ));
    let (rfc8785, sdk, js) = (texts(&python["rfc8785"]), texts(&python["sdk"]), texts(&js));
    for (i, card) in cards.iter().enumerate() {
        let name = CORPUS[i].0;
        assert_eq!(
            rfc8785[i],
            payload_text(card, PayloadForm::Spec),
            "spec form of {name}"
        );
        assert_eq!(
            sdk[i],
            payload_text(card, PayloadForm::A2aSdk13),
            "a2a-sdk form of {name}"
        );
        assert_eq!(
            js[i],
            payload_text(card, PayloadForm::A2aJs13),
            "a2a-js form of {name}"
        );
        assert_eq!(
            typed[i],
            payload_text(card, PayloadForm::A2aJsTyped),
            "a2a-js typed-path form of {name}"
        );
    }
    // The corpus tells the forms apart: the SDKs' differ from the spec's (empty values), and
    // from each other (an empty card).
    let differ = |a, b| {
        cards
            .iter()
            .filter(|c| payload_in_form(c, a) != payload_in_form(c, b))
            .count()
    };
    assert!(differ(PayloadForm::Spec, PayloadForm::A2aSdk13) >= 5);
    assert_eq!(differ(PayloadForm::A2aSdk13, PayloadForm::A2aJs13), 1);
    // The typed path leaves out every card's security schemes.
    let with_schemes = cards
        .iter()
        .filter(|c| !c.security_schemes.is_empty())
        .count();
    assert!(with_schemes >= 4, "{with_schemes}");
    assert_eq!(
        differ(PayloadForm::A2aJs13, PayloadForm::A2aJsTyped),
        with_schemes
    );
}

/// Who signed a card of the table.
#[derive(Clone, Copy, PartialEq)]
enum Signer {
    Ours,
    OursSpecOnly,
    PythonSdk,
    JsSdk,
}

impl Signer {
    const ALL: [Signer; 4] = [Self::Ours, Self::OursSpecOnly, Self::PythonSdk, Self::JsSdk];

    fn label(self) -> &'static str {
        match self {
            Self::Ours => "`a2a-card sign` (default: spec, proto and SDK forms)",
            Self::OursSpecOnly => "`a2a-card sign --form spec`",
            Self::PythonSdk => "a2a-sdk 1.3 `create_agent_card_signer`",
            Self::JsSdk => "@a2a-js/sdk 1.3 `generateAgentCardSignature`",
        }
    }

    /// The form its signatures cover (the first, for ours).
    fn form(self) -> PayloadForm {
        match self {
            Self::Ours | Self::OursSpecOnly => PayloadForm::Spec,
            Self::PythonSdk => PayloadForm::A2aSdk13,
            Self::JsSdk => PayloadForm::A2aJs13,
        }
    }
}

const VERIFIERS: [&str; 5] = [
    "`a2a-card verify`",
    "`a2a-card verify --require-spec-form`",
    "a2a-sdk 1.3 `create_signature_verifier`",
    "@a2a-js/sdk 1.3 `verifyAgentCardSignature`",
    "jwcrypto + rfc8785 (spec form)",
];

/// Whether a verifier of form `verifier` accepts a card signed by `signer`: always when the
/// signer signs every form, else when the two forms are the same bytes for this card. The
/// Python SDK verifies nothing when its form is `null` (an empty card): PyJWT's `decode`
/// wants a JSON object as payload, so the SDK refuses even its own signature.
fn expected(card: &AgentCard, signer: Signer, verifier: PayloadForm) -> bool {
    if verifier == PayloadForm::A2aSdk13 && payload_in_form(card, verifier) == b"null" {
        return false;
    }
    signer == Signer::Ours
        || payload_in_form(card, signer.form()) == payload_in_form(card, verifier)
}

/// The first form (in verifier preference) whose payload is the signed one.
fn first_form_like(card: &AgentCard, form: PayloadForm) -> PayloadForm {
    let signed = payload_in_form(card, form);
    PayloadForm::ALL
        .into_iter()
        .find(|f| payload_in_form(card, *f) == signed)
        .unwrap()
}

/// Every card of the corpus signed by each signer, then checked by each verifier; prints the
/// who-verifies-what table of docs/signatures.md (`cargo test --all-features -p a2a-card
/// --test sign_interop who_verifies_what -- --nocapture`).
#[test]
fn who_verifies_what() {
    let cards = corpus();
    let files = card_files(&cards);
    let algorithms = [Algorithm::Es256, Algorithm::EdDsa, Algorithm::Rs256];
    let mut counts = [[0usize; 5]; 4];
    for algorithm in algorithms {
        let ours = CardSigner::new(
            SigningKey::generate(algorithm).unwrap(),
            format!("ours-{algorithm}"),
        );
        let spec_only = CardSigner::new(
            SigningKey::generate(algorithm).unwrap(),
            format!("spec-{algorithm}"),
        )
        .only_form(PayloadForm::Spec);
        let python = python_peer_json(
            &[
                &["sdk-sign-all", algorithm.as_str(), "py"][..],
                &paths(&files),
            ]
            .concat(),
        );
        let js = js_peer(&[&["sign", algorithm.as_str(), "js"][..], &paths(&files)].concat());
        let signed_by = |signer: Signer, i: usize| -> AgentCard {
            match signer {
                Signer::Ours => ours.sign(&cards[i]).unwrap(),
                Signer::OursSpecOnly => spec_only.sign(&cards[i]).unwrap(),
                Signer::PythonSdk => {
                    AgentCard::from_value(python["cards"][i].clone())
                        .unwrap()
                        .card
                }
                Signer::JsSdk => AgentCard::from_value(js["cards"][i].clone()).unwrap().card,
            }
        };
        let mut keys: Vec<Value> = vec![
            serde_json::to_value(ours.public_jwk()).unwrap(),
            serde_json::to_value(spec_only.public_jwk()).unwrap(),
        ];
        keys.extend(python["jwks"]["keys"].as_array().unwrap().iter().cloned());
        keys.extend(js["jwks"]["keys"].as_array().unwrap().iter().cloned());
        let jwks_text = serde_json::json!({ "keys": keys }).to_string();
        let jwks = write("jwks.json", jwks_text.as_bytes());
        let store = TrustStore::from_jwks_json(jwks_text.as_bytes()).unwrap();

        let mut signed = Vec::new();
        let mut signed_files = Vec::new();
        for signer in Signer::ALL {
            for i in 0..cards.len() {
                let card = signed_by(signer, i);
                signed_files.push(write("signed.json", &card.to_json_vec()));
                signed.push((signer, i, card));
            }
        }
        let theirs =
            python_peer_json(&[&["verify-all", jwks.text()][..], &paths(&signed_files)].concat());
        let js_verdicts = flags(&js_peer(
            &[&["verify", jwks.text()][..], &paths(&signed_files)].concat(),
        ));
        let (sdk_verdicts, jwcrypto_verdicts) = (flags(&theirs["sdk"]), flags(&theirs["jwcrypto"]));
        for (n, (signer, i, card)) in signed.iter().enumerate() {
            let (signer, name) = (*signer, CORPUS[*i].0);
            let original = &cards[*i];
            let ours = CardVerifier::new(store.clone()).verify(card);
            let spec = CardVerifier::new(store.clone())
                .accept_forms([PayloadForm::Spec])
                .verify(card);
            let verdicts = [
                ours.is_ok(),
                spec.is_ok(),
                sdk_verdicts[n],
                js_verdicts[n],
                jwcrypto_verdicts[n],
            ];
            let wanted = [
                true,
                expected(original, signer, PayloadForm::Spec),
                expected(original, signer, PayloadForm::A2aSdk13),
                expected(original, signer, PayloadForm::A2aJs13),
                expected(original, signer, PayloadForm::Spec),
            ];
            let label = signer.label();
            assert_eq!(
                verdicts,
                wanted,
                "{label}, {algorithm}, {name}: [{}]",
                VERIFIERS.join(", ")
            );
            // a2a-card names the form that verified, and what it leaves uncovered.
            let verified = ours.unwrap();
            let form = first_form_like(original, signer.form());
            assert_eq!(verified.form, form, "{label}, {algorithm}, {name}");
            assert_eq!(
                verified.uncovered,
                uncovered_in_form(original, form),
                "{name}"
            );
            assert_eq!(verified.algorithm, algorithm);
            for (column, ok) in verdicts.into_iter().enumerate() {
                counts[signer as usize][column] += usize::from(ok);
            }
        }
    }
    let total = cards.len() * algorithms.len();
    println!("| signed by \\ verified by | {} |", VERIFIERS.join(" | "));
    println!("|---|{}", "---|".repeat(VERIFIERS.len()));
    for signer in Signer::ALL {
        let cells: Vec<String> = counts[signer as usize]
            .iter()
            .map(|n| format!("{n}/{total}"))
            .collect();
        println!("| {} | {} |", signer.label(), cells.join(" | "));
    }
    // Every card signed by default verifies everywhere (but the empty card in the Python
    // SDK, which verifies no signature of it); every card either SDK signs verifies here
    // without options.
    let python_unverifiable = algorithms.len();
    assert_eq!(
        counts[Signer::Ours as usize],
        [total, total, total - python_unverifiable, total, total]
    );
    assert_eq!(counts[Signer::PythonSdk as usize][0], total);
    assert_eq!(counts[Signer::JsSdk as usize][0], total);
}

/// A value covered by every form changed after signing: refused by every verifier, for
/// signatures in every form. A value only the spec's form covers (a scope-less requirement,
/// which the SDKs' forms delete) removed: the SDK-form signature still verifies, named as
/// such with that pointer uncovered, and `--require-spec-form` refuses it.
#[test]
fn an_edited_card_is_refused_in_every_form() {
    let cards = vec![
        unsigned(EXAMPLE),
        unsigned(include_str!("fixtures/sign/empty-values.json")),
    ];
    let files = card_files(&cards);
    let ours = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "ours");
    let python = python_peer_json(&[&["sdk-sign-all", "ES256", "py"][..], &paths(&files)].concat());
    let js = js_peer(&[&["sign", "ES256", "js"][..], &paths(&files)].concat());
    let mut keys = vec![serde_json::to_value(ours.public_jwk()).unwrap()];
    keys.extend(python["jwks"]["keys"].as_array().unwrap().iter().cloned());
    keys.extend(js["jwks"]["keys"].as_array().unwrap().iter().cloned());
    let jwks_text = serde_json::json!({ "keys": keys }).to_string();
    let jwks = write("jwks.json", jwks_text.as_bytes());
    let store = TrustStore::from_jwks_json(jwks_text.as_bytes()).unwrap();

    let mut edited = Vec::new();
    let mut without_requirement = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        for signed in [
            serde_json::to_value(ours.sign(card).unwrap()).unwrap(),
            python["cards"][i].clone(),
            js["cards"][i].clone(),
        ] {
            // Every form covers `version` and the requirement with scopes.
            for (pointer, value) in [
                ("/version", Value::from("9.9.9")),
                ("/name", Value::from("Evil")),
            ] {
                let mut doc = signed.clone();
                *doc.pointer_mut(pointer).unwrap() = value;
                edited.push(doc);
            }
            // The scope-less API-key requirement at /securityRequirements/0: only the spec's
            // form covers it. (On a card whose other values are not empty, the card without
            // it is exactly what the SDK form signed, in the spec's form too.)
            if i == 1 {
                let mut doc = signed.clone();
                doc["securityRequirements"]
                    .as_array_mut()
                    .unwrap()
                    .remove(0);
                without_requirement.push(doc);
            }
        }
    }
    let files: Vec<Scratch> = edited
        .iter()
        .map(|doc| write("edited.json", doc.to_string().as_bytes()))
        .collect();
    let theirs = python_peer_json(&[&["verify-all", jwks.text()][..], &paths(&files)].concat());
    let js_verdicts = flags(&js_peer(
        &[&["verify", jwks.text()][..], &paths(&files)].concat(),
    ));
    assert_eq!(
        flags(&theirs["sdk"]),
        vec![false; edited.len()],
        "a2a-sdk verified an edited card"
    );
    assert_eq!(
        flags(&theirs["jwcrypto"]),
        vec![false; edited.len()],
        "jwcrypto verified an edited card"
    );
    assert_eq!(
        js_verdicts,
        vec![false; edited.len()],
        "@a2a-js/sdk verified an edited card"
    );
    for doc in &edited {
        let card = AgentCard::from_value(doc.clone()).unwrap().card;
        let err = CardVerifier::new(store.clone()).verify(&card).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains(
                "in any accepted form (spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3)"
            ),
            "{message}"
        );
    }

    for doc in &without_requirement {
        let card = AgentCard::from_value(doc.clone()).unwrap().card;
        let verified = CardVerifier::new(store.clone()).verify(&card).unwrap();
        assert_ne!(verified.form, PayloadForm::Spec);
        // The form leaves out what is still empty in the card as received.
        assert_eq!(verified.uncovered, uncovered_in_form(&card, verified.form));
        let err = CardVerifier::new(store.clone())
            .accept_forms([PayloadForm::Spec])
            .verify(&card);
        assert!(
            err.is_err(),
            "a card missing a signed requirement verified in the spec form"
        );
    }
    // As signed, the SDK-form signature names the requirement it does not cover.
    let python_signed = AgentCard::from_value(python["cards"][0].clone())
        .unwrap()
        .card;
    let verified = CardVerifier::new(store).verify(&python_signed).unwrap();
    assert_eq!(verified.form, PayloadForm::A2aSdk13);
    assert!(
        verified
            .uncovered
            .contains(&"/securityRequirements".to_owned()),
        "{:?}",
        verified.uncovered
    );
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
