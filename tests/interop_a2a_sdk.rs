//! Interoperability with the official Python A2A SDK (PyPI `a2a-sdk`), an independent
//! implementation of the same card model:
//! - every v1.0 card a2a-card writes parses strictly in the SDK's protobuf model and the SDK
//!   writes it back the same (ProtoJSON, with JSON names or proto names), and a2a-card reads
//!   what the SDK writes to the same card;
//! - every v0.3 rendering a2a-card writes validates in the SDK's v0.3 model;
//! - a2a-card's v0.3 -> v1.0 migration agrees with the SDK's own conversion.
//!
//! The SDK runs in a virtual environment: `A2A_SDK_PYTHON` names its interpreter (`.ci/run`
//! sets it); without it the test creates one under the target directory with pip, once.

use a2a_card_test_support::peers;
use a2a_card_test_support::scratch;
use std::path::{Path, PathBuf};
use std::process::Command;

use a2a_card::{AgentCard, Code};
use scratch::Scratch;
use serde_json::Value;

const SDK: &str = "a2a-sdk==1.3.0";
const PEER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/a2a_sdk_peer.py");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The interpreter of a virtual environment with the SDK installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0", &[SDK])
}

/// Runs the peer script on a JSON document; returns its stdout, failing on a non-zero exit.
fn peer(mode: &str, doc: &Value) -> String {
    let path = Scratch::file_with(
        &format!("peer-{mode}.json"),
        serde_json::to_vec(doc).unwrap(),
    );
    let out = Command::new(python())
        .arg(PEER)
        .arg(mode)
        .arg(&path)
        .output()
        .unwrap();
    drop(path);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "a2a-sdk {mode} refused the document:\n{stdout}\n{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        serde_json::to_string_pretty(doc).unwrap()
    );
    stdout
}

fn read_json(relative: &str) -> Vec<u8> {
    std::fs::read(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The v1.0 cards every test runs over.
fn v1_cards() -> Vec<(String, AgentCard)> {
    let mut files = vec![
        "examples/agent-card.json".to_owned(),
        "tests/fixtures/cards/spec/v1.0-sample-agent-card.json".to_owned(),
        "tests/fixtures/cards/base/v1.0.json".to_owned(),
        "tests/fixtures/interop/every-field.json".to_owned(),
    ];
    let valid = root().join("tests/fixtures/cards/valid");
    let mut more: Vec<String> = std::fs::read_dir(valid)
        .unwrap()
        .map(|e| {
            format!(
                "tests/fixtures/cards/valid/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    more.sort();
    files.extend(more);
    files
        .into_iter()
        .map(|f| {
            let card = AgentCard::from_json_slice(&read_json(&f)).unwrap();
            (f, card)
        })
        .collect()
}

/// The v0.3 cards the migration is compared on.
const V03_CARDS: &[&str] = &[
    "tests/fixtures/cards/spec/v0.3.0-sample-agent-card.json",
    "tests/fixtures/cards/base/v0.3.json",
    "tests/fixtures/cli/v03-good.json",
];

/// Numbers as f64, so 3 and 3.0 compare equal (protobuf's Struct keeps numbers as doubles).
fn numbers_as_f64(value: &Value) -> Value {
    match value {
        Value::Number(n) => serde_json::json!(n.as_f64().unwrap()),
        Value::Array(items) => Value::Array(items.iter().map(numbers_as_f64).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), numbers_as_f64(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[test]
fn the_sdk_parses_what_we_write_and_writes_it_back_the_same() {
    for (file, card) in v1_cards() {
        let ours: Value = serde_json::from_slice(&card.to_json_vec()).unwrap();
        let verdict = peer("check-v1", &ours);
        assert_eq!(verdict.trim(), "same", "{file}");
    }
}

#[test]
fn we_read_what_the_sdk_writes_to_the_same_card() {
    for (file, card) in v1_cards() {
        for mode in ["write-v1", "write-v1-proto-names"] {
            let written = peer(mode, &card.to_value());
            let read = AgentCard::read(written.as_bytes())
                .unwrap_or_else(|e| panic!("{file} ({mode}): {e}\n{written}"));
            assert_eq!(
                numbers_as_f64(&read.card.to_value()),
                numbers_as_f64(&card.to_value()),
                "{file} ({mode})"
            );
            let proto_names = read.notes.iter().any(|n| n.code == Code::ProtoFieldName);
            assert_eq!(
                proto_names,
                mode == "write-v1-proto-names",
                "{file} ({mode})"
            );
        }
    }
}

#[test]
fn the_sdk_accepts_our_v03_rendering() {
    for (file, card) in v1_cards() {
        let rendering = card.to_v03();
        let back: Value = serde_json::from_str(&peer("check-v03", &rendering.json)).unwrap();
        // What the SDK makes of our rendering names the same agent and skills.
        assert_eq!(back["name"], card.name.as_str(), "{file}");
        let skill_ids = |v: &Value| -> Vec<String> {
            v["skills"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["id"].as_str().unwrap().to_owned())
                .collect()
        };
        let ours: Vec<String> = card.skills.iter().map(|s| s.id.clone()).collect();
        assert_eq!(skill_ids(&back), ours, "{file}");
    }
}

/// `(url, binding)` pairs: the SDK keeps the v0.3 patch version and repeats the main
/// interface when v0.3 lists it twice; a2a-card writes Major.Minor and lists it once.
fn interfaces(card: &Value) -> std::collections::BTreeSet<(String, String)> {
    card["supportedInterfaces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let text = |k: &str| i[k].as_str().unwrap_or_default().to_owned();
            (text("url"), text("protocolBinding"))
        })
        .collect()
}

#[test]
fn our_v03_migration_agrees_with_the_sdks() {
    for file in V03_CARDS {
        let v03: Value = serde_json::from_slice(&read_json(file)).unwrap();
        let theirs: Value = serde_json::from_str(&peer("migrate-v03", &v03)).unwrap();
        let ours = AgentCard::from_json_slice(&read_json(file))
            .unwrap()
            .to_value();
        assert_eq!(interfaces(&ours), interfaces(&theirs), "{file}");
        for key in [
            "name",
            "description",
            "version",
            "provider",
            "documentationUrl",
            "iconUrl",
            "securitySchemes",
            "securityRequirements",
            "defaultInputModes",
            "defaultOutputModes",
            "skills",
            "signatures",
            "capabilities",
        ] {
            assert_eq!(
                numbers_as_f64(&ours[key]),
                numbers_as_f64(&theirs[key]),
                "{file}: `{key}` differs"
            );
        }
    }
}
