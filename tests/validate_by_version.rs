//! Each card is judged by the spec of its own version (issue 28): a corpus of real-world-shaped
//! cards (tests/fixtures/versioned/, written for these tests after the shapes found in
//! published cards) with exactly the diagnostics each profile must give.
//!
//! - a v0.3 card is checked against what v0.3 requires (`protocolVersion` included) and
//!   reported with v0.3 names and pointers; what only v1.0 requires is a note (A2A-N020);
//! - a card whose declared version contradicts its shape is an error in every profile (E037);
//! - modes that are not media types are a warning in the spec profile (W019, naming the media
//!   type to use) and an error in the registry profile (E034);
//! - spellings the reader accepts but the spec never used (`provider.name`), members of
//!   `capabilities` no version defines and the pre-v0.2 `authentication` get A2A-W016.

use std::collections::BTreeSet;
use std::path::PathBuf;

use a2a_card::{
    CardVersion, Code, Diagnostic, Severity,
    validate::{Profile, validate_document},
};

fn fixture(file: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/versioned")
        .join(file);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn list(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| format!("  {d}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One card: its version and exactly what each profile reports.
struct Case {
    file: &'static str,
    version: CardVersion,
    spec: &'static [(Code, &'static str)],
    registry: &'static [(Code, &'static str)],
}

const W020: (Code, &str) = (Code::V03Card, "");

const CASES: &[Case] = &[
    // v0.3 requires protocolVersion; reading guesses 0.3 and says so.
    Case {
        file: "v03-no-protocol-version.json",
        version: CardVersion::V0_3,
        spec: &[
            (Code::MissingField, "/protocolVersion"),
            W020,
            (Code::GuessedValue, "/protocolVersion"),
        ],
        registry: &[
            (Code::MissingField, "/protocolVersion"),
            W020,
            (Code::GuessedValue, "/protocolVersion"),
        ],
    },
    // The v0.3 schema sets no minimum on arrays: valid v0.3, a note for the migration.
    Case {
        file: "v03-empty-skills.json",
        version: CardVersion::V0_3,
        spec: &[W020, (Code::NeededForV1, "/skills")],
        registry: &[W020, (Code::NeededForV1, "/skills")],
    },
    Case {
        file: "v03-empty-tags.json",
        version: CardVersion::V0_3,
        spec: &[W020, (Code::NeededForV1, "/skills/0/tags")],
        registry: &[W020, (Code::NeededForV1, "/skills/0/tags")],
    },
    // Claims 1.0 with the v0.3 shape: an error in both profiles (no E041 on top of it).
    Case {
        file: "v03-shape-claims-1.0.json",
        version: CardVersion::V0_3,
        spec: &[(Code::VersionContradictsShape, "/protocolVersion"), W020],
        registry: &[(Code::VersionContradictsShape, "/protocolVersion"), W020],
    },
    // Claims 0.3 with the v1.0 shape and no `url`.
    Case {
        file: "v1-shape-claims-0.3.json",
        version: CardVersion::V1_0,
        spec: &[
            (Code::VersionContradictsShape, "/protocolVersion"),
            (Code::PreV1Field, "/protocolVersion"),
        ],
        registry: &[
            (Code::VersionContradictsShape, "/protocolVersion"),
            (Code::PreV1Field, "/protocolVersion"),
        ],
    },
    // provider.organization is REQUIRED in v0.3 and v1.0; `name` is in neither.
    Case {
        file: "v03-provider-name.json",
        version: CardVersion::V0_3,
        spec: &[
            (Code::MissingField, "/provider/organization"),
            W020,
            (Code::PreV1Field, "/provider/name"),
        ],
        registry: &[
            (Code::MissingField, "/provider/organization"),
            W020,
            (Code::PreV1Field, "/provider/name"),
        ],
    },
    Case {
        file: "v1-provider-name.json",
        version: CardVersion::V1_0,
        spec: &[
            (Code::MissingField, "/provider/organization"),
            (Code::PreV1Field, "/provider/name"),
        ],
        registry: &[
            (Code::MissingField, "/provider/organization"),
            (Code::PreV1Field, "/provider/name"),
        ],
    },
    // "text" and "image": a warning in the spec profile, an error in the registry profile.
    Case {
        file: "v03-text-modes.json",
        version: CardVersion::V0_3,
        spec: &[
            W020,
            (Code::ModeNotMediaType, "/defaultInputModes/0"),
            (Code::ModeNotMediaType, "/defaultOutputModes/1"),
            (Code::ModeNotMediaType, "/skills/0/inputModes/0"),
            (Code::ModeNotMediaType, "/skills/0/outputModes/0"),
        ],
        registry: &[
            (Code::MediaType, "/defaultInputModes/0"),
            (Code::MediaType, "/defaultOutputModes/1"),
            (Code::MediaType, "/skills/0/inputModes/0"),
            (Code::MediaType, "/skills/0/outputModes/0"),
            W020,
        ],
    },
    Case {
        file: "v1-text-modes.json",
        version: CardVersion::V1_0,
        spec: &[(Code::ModeNotMediaType, "/defaultInputModes/0")],
        registry: &[(Code::MediaType, "/defaultInputModes/0")],
    },
    // Members of capabilities no version defines (stateTransitionHistory is v0.3's: false,
    // it is dropped without a word).
    Case {
        file: "v03-capabilities-extras.json",
        version: CardVersion::V0_3,
        spec: &[
            W020,
            (Code::PreV1Field, "/capabilities/multiTurn"),
            (Code::PreV1Field, "/capabilities/toolUse"),
        ],
        registry: &[
            W020,
            (Code::PreV1Field, "/capabilities/multiTurn"),
            (Code::PreV1Field, "/capabilities/toolUse"),
        ],
    },
    // A pre-v0.2 card: `authentication`, no protocolVersion, a "text" mode.
    Case {
        file: "v02-authentication.json",
        version: CardVersion::V0_3,
        spec: &[
            (Code::MissingField, "/protocolVersion"),
            W020,
            (Code::PreV1Field, "/authentication"),
            (Code::ModeNotMediaType, "/defaultInputModes/0"),
            (Code::GuessedValue, "/protocolVersion"),
        ],
        registry: &[
            (Code::MissingField, "/protocolVersion"),
            (Code::MediaType, "/defaultInputModes/0"),
            W020,
            (Code::PreV1Field, "/authentication"),
            (Code::GuessedValue, "/protocolVersion"),
        ],
    },
    // A v0.3 MUST, said in v0.3 words (`security`, supportsAuthenticatedExtendedCard).
    Case {
        file: "v03-extended-card-without-security.json",
        version: CardVersion::V0_3,
        spec: &[
            (
                Code::ExtendedCardWithoutSecurity,
                "/supportsAuthenticatedExtendedCard",
            ),
            W020,
        ],
        registry: &[
            (
                Code::ExtendedCardWithoutSecurity,
                "/supportsAuthenticatedExtendedCard",
            ),
            W020,
        ],
    },
];

fn check(case: &Case, profile: Profile, expected: &[(Code, &str)]) {
    let what = format!("{} ({profile:?})", case.file);
    let report = validate_document(&fixture(case.file), profile, None)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(report.source_version, Some(case.version), "{what}");
    let got: Vec<(&str, &str)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    let want: BTreeSet<(&str, &str)> = expected.iter().map(|(c, p)| (c.as_str(), *p)).collect();
    let got_set: BTreeSet<(&str, &str)> = got.iter().copied().collect();
    assert!(
        got_set.len() == got.len() && got_set == want && got.len() == expected.len(),
        "{what}: expected exactly\n{}\nfound\n{}",
        expected
            .iter()
            .map(|(c, p)| format!("  {c} {p:?}"))
            .collect::<Vec<_>>()
            .join("\n"),
        list(&report.diagnostics)
    );
    for d in &report.diagnostics {
        assert_eq!(d.severity, d.code.severity(), "{what}: {d}");
    }
}

#[test]
fn every_card_gets_exactly_its_codes_in_the_spec_profile() {
    for case in CASES {
        check(case, Profile::Spec, case.spec);
    }
}

#[test]
fn every_card_gets_exactly_its_codes_in_the_registry_profile() {
    for case in CASES {
        check(case, Profile::Registry, case.registry);
    }
}

#[test]
fn v03_cards_are_never_failed_for_v1_only_rules() {
    // The empty arrays are valid v0.3: no error at all, only the migration's notes.
    for file in ["v03-empty-skills.json", "v03-empty-tags.json"] {
        for profile in [Profile::Spec, Profile::Registry] {
            let report = validate_document(&fixture(file), profile, None).unwrap();
            assert!(
                !report.has_errors(),
                "{file}:\n{}",
                list(&report.diagnostics)
            );
            let note = report
                .diagnostics
                .iter()
                .find(|d| d.code == Code::NeededForV1)
                .unwrap();
            assert_eq!(note.severity, Severity::Note);
            assert!(note.message.contains("v1.0"), "{note}");
        }
    }
}

#[test]
fn messages_about_v03_cards_use_v03_names() {
    let report = validate_document(
        &fixture("v03-extended-card-without-security.json"),
        Profile::Spec,
        None,
    )
    .unwrap();
    let e035 = report
        .diagnostics
        .iter()
        .find(|d| d.code == Code::ExtendedCardWithoutSecurity)
        .unwrap();
    assert!(!e035.message.contains("securityRequirements"), "{e035}");
    assert!(!e035.message.contains("extendedAgentCard"), "{e035}");
    assert!(e035.message.contains("security"), "{e035}");
    assert!(
        e035.message.contains("supportsAuthenticatedExtendedCard"),
        "{e035}"
    );
}

#[test]
fn the_contradiction_names_both_the_declared_version_and_the_shape() {
    let report =
        validate_document(&fixture("v03-shape-claims-1.0.json"), Profile::Spec, None).unwrap();
    let e037 = &report.diagnostics[0];
    assert_eq!(e037.code, Code::VersionContradictsShape);
    assert!(e037.message.contains("\"1.0\""), "{e037}");
    assert!(e037.message.contains("v0.3 shape"), "{e037}");
    assert!(e037.message.contains("supportedInterfaces"), "{e037}");
}

#[test]
fn the_authentication_warning_names_both_versions_spellings() {
    let report =
        validate_document(&fixture("v02-authentication.json"), Profile::Spec, None).unwrap();
    let w016 = report
        .diagnostics
        .iter()
        .find(|d| d.pointer == "/authentication")
        .unwrap();
    assert!(
        w016.message
            .contains("securityRequirements in v1.0, security in v0.3"),
        "{w016}"
    );
}

#[test]
fn text_modes_name_the_media_type_to_use() {
    let report = validate_document(&fixture("v03-text-modes.json"), Profile::Spec, None).unwrap();
    let said = |pointer: &str| {
        report
            .diagnostics
            .iter()
            .find(|d| d.pointer == pointer)
            .unwrap()
            .message
            .clone()
    };
    assert!(said("/defaultInputModes/0").contains("\"text/plain\""));
    assert!(said("/skills/0/outputModes/0").contains("\"image/png\""));
    assert!(!report.has_errors(), "{}", list(&report.diagnostics));
}

#[test]
fn provider_name_is_reported_with_the_spec_spelling() {
    let report =
        validate_document(&fixture("v03-provider-name.json"), Profile::Spec, None).unwrap();
    for d in &report.diagnostics {
        if d.pointer.starts_with("/provider") {
            assert!(d.message.contains("`organization`"), "{d}");
        }
    }
    // Reading still accepts it, and says how it was read.
    let read = a2a_card::AgentCard::read(&fixture("v03-provider-name.json")).unwrap();
    assert_eq!(
        read.card.provider.as_ref().unwrap().organization,
        "Example Weather Co."
    );
    assert!(
        read.notes
            .iter()
            .any(|n| n.code == Code::PreV1Field && n.pointer == "/provider/name")
    );
}

#[test]
fn every_new_code_documents_its_severity_source() {
    // The codes this issue added or changed, each with the severity the spec's words give.
    for (code, severity) in [
        (Code::VersionContradictsShape, Severity::Error),
        (Code::MediaType, Severity::Error),
        (Code::ModeNotMediaType, Severity::Warning),
        (Code::PreV1Field, Severity::Warning),
        (Code::NeededForV1, Severity::Note),
        (Code::GuessedValue, Severity::Note),
    ] {
        assert_eq!(code.severity(), severity, "{code}");
    }
}

/// A clean v0.3 card to vary in the tests below.
fn v03_base() -> serde_json::Value {
    let mut card: serde_json::Value =
        serde_json::from_slice(&fixture("v03-provider-name.json")).unwrap();
    card["provider"] = serde_json::json!({
        "organization": "Example Weather Co.", "url": "https://weather.example.com"
    });
    card
}

fn codes(card: &serde_json::Value) -> Vec<(Code, String, String)> {
    a2a_card::validate::validate_value(card, Profile::Spec, None)
        .diagnostics
        .into_iter()
        .map(|d| (d.code, d.pointer, d.message))
        .collect()
}

#[test]
fn the_v03_base_is_clean_but_for_the_v03_notice() {
    let found = codes(&v03_base());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, Code::V03Card);
}

#[test]
fn a_v03_oauth_scheme_without_flows_is_a_note_not_an_error() {
    let mut card = v03_base();
    card["securitySchemes"] = serde_json::json!({"oauth": {"type": "oauth2", "flows": {}}});
    card["security"] = serde_json::json!([{"oauth": []}]);
    let found = codes(&card);
    assert!(
        found
            .iter()
            .any(|(c, p, _)| *c == Code::NeededForV1 && p == "/securitySchemes/oauth/flows"),
        "{found:?}"
    );
    assert!(
        !found
            .iter()
            .any(|(c, _, _)| c.severity() == Severity::Error),
        "{found:?}"
    );
}

#[test]
fn a_v03_additional_interface_without_transport_names_transport() {
    let mut card = v03_base();
    card["additionalInterfaces"] = serde_json::json!([{"url": "https://weather.example.com/rest"}]);
    let found = codes(&card);
    let missing = found
        .iter()
        .find(|(c, p, _)| *c == Code::MissingField && p == "/additionalInterfaces/0/transport")
        .unwrap_or_else(|| panic!("{found:?}"));
    assert!(missing.2.contains("`transport`"), "{}", missing.2);
}

#[test]
fn a_v03_scheme_with_an_unknown_type_is_told_in_v03_words() {
    let mut card = v03_base();
    card["securitySchemes"] = serde_json::json!({"key": {"type": "apikey", "in": "header",
                                                          "name": "X-Key"}});
    card["security"] = serde_json::json!([{"key": []}]);
    let found = codes(&card);
    let e020 = found
        .iter()
        .find(|(c, p, _)| *c == Code::SchemeVariantCount && p == "/securitySchemes/key")
        .unwrap_or_else(|| panic!("{found:?}"));
    assert!(e020.2.contains("\"apikey\""), "{}", e020.2);
    assert!(!e020.2.contains("apiKeySecurityScheme"), "{}", e020.2);
}
