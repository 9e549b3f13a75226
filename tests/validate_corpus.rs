//! Validation against a corpus of cards: the specification's sample cards, a clean base card,
//! and one broken card per rule (tests/fixtures/cards/broken/), each the clean base card with
//! exactly one mistake. Every file must produce exactly the diagnostics its mistake explains,
//! each at its exact JSON pointer.

use std::collections::BTreeSet;
use std::path::PathBuf;

use a2a_card::{
    AgentCard, CardVersion, Code, Diagnostic, Severity,
    validate::{DocumentKind, Profile, validate_document},
};

fn fixture_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cards")
        .join(relative)
}

fn fixture(relative: &str) -> Vec<u8> {
    let path = fixture_path(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn validate(bytes: &[u8], profile: Profile) -> Vec<Diagnostic> {
    validate_document(bytes, profile, None)
        .unwrap_or_else(|e| panic!("the document should parse as JSON: {e}"))
        .diagnostics
}

fn list(diagnostics: &[Diagnostic]) -> String {
    if diagnostics.is_empty() {
        return "  (none)".into();
    }
    diagnostics
        .iter()
        .map(|d| format!("  {d}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `(code, pointer)` pairs, as a set, for comparing what was found with what was expected.
fn found_set(diagnostics: &[Diagnostic]) -> BTreeSet<(&'static str, String)> {
    diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.clone()))
        .collect()
}

/// Asserts that `diagnostics` are exactly `expected` (code, pointer): nothing missing,
/// nothing extra, no duplicates, and every severity matching its code.
fn assert_exactly(what: &str, diagnostics: &[Diagnostic], expected: &[(Code, &str)]) {
    for d in diagnostics {
        assert_eq!(
            d.severity,
            d.code.severity(),
            "{what}: {d} has the wrong severity"
        );
        assert!(!d.message.trim().is_empty(), "{what}: {d} has no message");
    }
    let want: BTreeSet<(&'static str, String)> = expected
        .iter()
        .map(|(code, pointer)| (code.as_str(), (*pointer).to_owned()))
        .collect();
    let got = found_set(diagnostics);
    assert!(
        got == want && diagnostics.len() == expected.len(),
        "{what}: expected exactly\n{}\nfound\n{}",
        expected
            .iter()
            .map(|(c, p)| format!("  {} {p:?}", c.as_str()))
            .collect::<Vec<_>>()
            .join("\n"),
        list(diagnostics)
    );
}

// ---------------------------------------------------------------------------------------------
// The specification's sample cards.

#[test]
fn spec_v1_sample_has_no_diagnostics() {
    let bytes = fixture("spec/v1.0-sample-agent-card.json");
    let report = validate_document(&bytes, Profile::Spec, None).unwrap();
    assert_eq!(report.kind, DocumentKind::Card);
    assert_eq!(report.source_version, Some(CardVersion::V1_0));
    assert_exactly("v1.0 spec sample", &report.diagnostics, &[]);
    let card = AgentCard::from_json_slice(&bytes).unwrap();
    assert_exactly(
        "v1.0 spec sample via AgentCard::validate",
        &card.validate(Profile::Spec),
        &[],
    );
}

#[test]
fn spec_v1_sample_passes_the_registry_profile() {
    let bytes = fixture("spec/v1.0-sample-agent-card.json");
    assert_exactly(
        "v1.0 spec sample, registry profile",
        &validate(&bytes, Profile::Registry),
        &[],
    );
}

#[test]
fn spec_v03_sample_after_migration_has_no_diagnostics() {
    let bytes = fixture("spec/v0.3.0-sample-agent-card.json");
    let read = AgentCard::read(&bytes).unwrap();
    assert_eq!(read.source_version, CardVersion::V0_3);
    let migrated = read.card.to_json_vec();
    let report = validate_document(&migrated, Profile::Spec, None).unwrap();
    assert_eq!(report.source_version, Some(CardVersion::V1_0));
    assert_exactly("migrated v0.3 spec sample", &report.diagnostics, &[]);
    assert_exactly(
        "migrated v0.3 spec sample via AgentCard::validate",
        &read.card.validate(Profile::Spec),
        &[],
    );
}

#[test]
fn spec_v03_sample_as_written_has_no_errors_and_warns_w020() {
    let bytes = fixture("spec/v0.3.0-sample-agent-card.json");
    let report = validate_document(&bytes, Profile::Spec, None).unwrap();
    assert_eq!(report.source_version, Some(CardVersion::V0_3));
    assert!(
        !report.has_errors(),
        "the v0.3 spec sample should have no errors:\n{}",
        list(&report.diagnostics)
    );
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == Code::V03Card && d.pointer.is_empty()),
        "expected A2A-W020 at the root:\n{}",
        list(&report.diagnostics)
    );
}

// ---------------------------------------------------------------------------------------------
// The clean base cards every broken file starts from.

#[test]
fn base_v1_card_has_no_diagnostics() {
    let bytes = fixture("base/v1.0.json");
    for profile in [Profile::Spec, Profile::Registry] {
        assert_exactly(
            &format!("base/v1.0.json ({profile:?})"),
            &validate(&bytes, profile),
            &[],
        );
        let card = AgentCard::from_json_slice(&bytes).unwrap();
        assert_exactly(
            &format!("base/v1.0.json via AgentCard::validate ({profile:?})"),
            &card.validate(profile),
            &[],
        );
    }
}

/// What a clean v0.3 card with `"protocolVersion": "0.3.0"` always gets: the v0.3 notice and
/// the note that the patch part of the protocol version is dropped.
/// A clean v0.3 card ("protocolVersion": "0.3.0", which is "0.3" in v1.0: nothing lost)
/// only carries the notice that it was checked as its v1.0 migration.
const V03_BASELINE: &[(Code, &str)] = &[(Code::V03Card, "")];

#[test]
fn base_v03_card_has_only_the_v03_notices() {
    let bytes = fixture("base/v0.3.json");
    for profile in [Profile::Spec, Profile::Registry] {
        assert_exactly(
            &format!("base/v0.3.json ({profile:?})"),
            &validate(&bytes, profile),
            V03_BASELINE,
        );
    }
    let read = AgentCard::read(&bytes).unwrap();
    assert_eq!(read.source_version, CardVersion::V0_3);
    assert_exactly(
        "base/v0.3.json migrated",
        &read.card.validate(Profile::Spec),
        &[],
    );
}

#[test]
fn valid_variants_have_no_diagnostics() {
    // tests/fixtures/cards/valid/: the base card with one legitimate variation each.
    let mut files: Vec<String> = std::fs::read_dir(fixture_path("valid"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    for file in files {
        let bytes = fixture(&format!("valid/{file}"));
        for profile in [Profile::Spec, Profile::Registry] {
            assert_exactly(
                &format!("valid/{file} ({profile:?})"),
                &validate(&bytes, profile),
                &[],
            );
        }
    }
}

#[test]
fn grpc_host_port_interface_is_accepted() {
    let bytes = fixture("valid/grpc-host-port-interface.json");
    let card = AgentCard::from_json_slice(&bytes).unwrap();
    assert_eq!(card.supported_interfaces[1].url, "grpc.example.com:443");
    assert_eq!(card.supported_interfaces[1].protocol_binding, "GRPC");
    assert_exactly(
        "valid/grpc-host-port-interface.json",
        &validate(&bytes, Profile::Spec),
        &[],
    );
}

#[test]
fn host_port_is_not_accepted_for_jsonrpc() {
    // The same host:port form on a JSONRPC interface is not an absolute URL.
    let text = String::from_utf8(fixture("valid/grpc-host-port-interface.json"))
        .unwrap()
        .replace("\"GRPC\"", "\"JSONRPC\"");
    assert_exactly(
        "host:port JSONRPC interface",
        &validate(text.as_bytes(), Profile::Spec),
        &[(Code::NotAbsoluteUrl, "/supportedInterfaces/1/url")],
    );
}

// ---------------------------------------------------------------------------------------------
// The broken corpus: one file per rule.

/// One broken file: what it must produce.
struct Case {
    /// File name under tests/fixtures/cards/broken/.
    file: &'static str,
    profile: Profile,
    /// The diagnostic the file's one mistake must produce.
    code: Code,
    /// Exactly where.
    pointer: &'static str,
    /// Diagnostics that necessarily come with it (the notices every v0.3 card gets, a second
    /// note for the same mistake).
    also: &'static [(Code, &'static str)],
}

macro_rules! corpus {
    ($table:ident, $dir:literal: $( $test:ident: $file:literal, $profile:ident, $code:ident, $pointer:literal $(, also $also:expr)?; )*) => {
        const $table: &[Case] = &[
            $( Case {
                file: $file,
                profile: Profile::$profile,
                code: Code::$code,
                pointer: $pointer,
                also: corpus!(@also $($also)?),
            }, )*
        ];
        $(
            #[test]
            fn $test() {
                let case = $table.iter().find(|c| c.file == $file).unwrap();
                check_case($dir, case);
            }
        )*
    };
    (@also) => { &[] };
    (@also $also:expr) => { $also };
}

fn check_case(dir: &str, case: &Case) {
    let relative = format!("{dir}/{}", case.file);
    let bytes = fixture(&relative);
    let diagnostics = validate(&bytes, case.profile);
    assert!(
        diagnostics
            .iter()
            .any(|d| d.code == case.code && d.pointer == case.pointer),
        "{relative} ({:?}): expected {} at {:?}, found\n{}",
        case.profile,
        case.code.as_str(),
        case.pointer,
        list(&diagnostics)
    );
    let mut expected = vec![(case.code, case.pointer)];
    expected.extend_from_slice(case.also);
    assert_exactly(
        &format!("{relative} ({:?})", case.profile),
        &diagnostics,
        &expected,
    );
}

const W020: (Code, &str) = (Code::V03Card, "");
const W021_PATCH: (Code, &str) = (Code::ConversionLoss, "/protocolVersion");

corpus! { BROKEN, "broken":
    e002_streaming_not_boolean: "E002-streaming-not-boolean.json",
        Spec, WrongType, "/capabilities/streaming";
    e003_root_is_array: "E003-root-is-array.json",
        Spec, NotAnObject, "";
    e004_duplicate_name: "E004-duplicate-name.json",
        Spec, DuplicateMember, "/name";
    e004_duplicate_interface_url: "E004-duplicate-interface-url.json",
        Spec, DuplicateMember, "/supportedInterfaces/0/url";
    e010_missing_skill_tags: "E010-missing-skill-tags.json",
        Spec, MissingField, "/skills/0/tags";
    e010_missing_api_key_name: "E010-missing-api-key-name.json",
        Spec, MissingField, "/securitySchemes/partnerKey/apiKeySecurityScheme/name";
    e010_empty_version: "E010-empty-version.json",
        Spec, MissingField, "/version";
    e010_missing_oauth_token_url: "E010-missing-oauth-token-url.json",
        Spec, MissingField,
        "/securitySchemes/oauth/oauth2SecurityScheme/flows/authorizationCode/tokenUrl";
    e011_empty_default_input_modes: "E011-empty-default-input-modes.json",
        Spec, EmptyArray, "/defaultInputModes";
    e020_scheme_without_variant: "E020-scheme-without-variant.json",
        Spec, SchemeVariantCount, "/securitySchemes/partnerKey";
    e020_scheme_with_two_variants: "E020-scheme-with-two-variants.json",
        Spec, SchemeVariantCount, "/securitySchemes/partnerKey";
    e021_oauth_without_flow: "E021-oauth-without-flow.json",
        Spec, OAuthFlowCount, "/securitySchemes/oauth/oauth2SecurityScheme/flows";
    e021_oauth_with_two_flows: "E021-oauth-with-two-flows.json",
        Spec, OAuthFlowCount, "/securitySchemes/oauth/oauth2SecurityScheme/flows";
    e022_api_key_in_body: "E022-api-key-in-body.json",
        Spec, ApiKeyLocation, "/securitySchemes/partnerKey/apiKeySecurityScheme/location";
    e030_protocol_version_v1: "E030-protocol-version-v1.json",
        Spec, ProtocolVersion, "/supportedInterfaces/0/protocolVersion";
    e031_undeclared_card_scheme: "E031-undeclared-card-scheme.json",
        Spec, UndeclaredScheme, "/securityRequirements/1/schemes/ghost";
    e031_undeclared_skill_scheme: "E031-undeclared-skill-scheme.json",
        Spec, UndeclaredScheme, "/skills/0/securityRequirements/0/schemes/ghost";
    e031_undeclared_scheme_name_with_slash: "E031-undeclared-scheme-name-with-slash.json",
        Spec, UndeclaredScheme, "/securityRequirements/1/schemes/team~1key~01";
    e032_duplicate_skill_id: "E032-duplicate-skill-id.json",
        Spec, DuplicateSkillId, "/skills/1/id";
    e033_relative_interface_url: "E033-relative-interface-url.json",
        Spec, NotAbsoluteUrl, "/supportedInterfaces/0/url";
    e033_relative_icon_url: "E033-relative-icon-url.json",
        Spec, NotAbsoluteUrl, "/iconUrl";
    e033_relative_oauth_token_url: "E033-relative-oauth-token-url.json",
        Spec, NotAbsoluteUrl,
        "/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/tokenUrl";
    // A mode that is not a media type: an error in the registry profile, a warning (W019)
    // in the spec profile, where the spec states no MUST (issue 28).
    e034_skill_input_mode_without_subtype: "E034-skill-input-mode-without-subtype.json",
        Registry, MediaType, "/skills/0/inputModes/1";
    e034_media_type_without_subtype: "E034-media-type-without-subtype.json",
        Registry, MediaType, "/defaultOutputModes/0";
    e035_extended_card_without_security: "E035-extended-card-without-security.json",
        Spec, ExtendedCardWithoutSecurity, "/capabilities/extendedAgentCard";
    e035_extended_card_with_empty_requirement: "E035-extended-card-with-empty-requirement.json",
        Spec, ExtendedCardWithoutSecurity, "/capabilities/extendedAgentCard";
    e036_unknown_protocol_binding: "E036-unknown-protocol-binding.json",
        Spec, UnknownBinding, "/supportedInterfaces/0/protocolBinding";
    e036_lowercase_protocol_binding: "E036-lowercase-protocol-binding.json",
        Spec, UnknownBinding, "/supportedInterfaces/0/protocolBinding";
    e037_v03_shape_claims_1_0: "E037-v03-shape-claims-1.0.json",
        Spec, VersionContradictsShape, "/protocolVersion", also &[W020];
    e040_registry_card_over_10kb: "E040-registry-card-over-10kb.json",
        Registry, TooLarge, "";
    e041_registry_interface_version_2_0: "E041-registry-interface-version-2.0.json",
        Registry, UnsupportedVersion, "/supportedInterfaces/0/protocolVersion";
    e041_registry_v03_protocol_0_2_9: "E041-registry-v03-protocol-0.2.9.json",
        Registry, UnsupportedVersion, "/protocolVersion", also &[W020, W021_PATCH];
    w001_protocol_version_with_patch: "W001-protocol-version-with-patch.json",
        Spec, ProtocolVersionPatch, "/supportedInterfaces/0/protocolVersion";
    w010_generic_name: "W010-generic-name.json",
        Spec, GenericName, "/name";
    w011_short_description: "W011-short-description.json",
        Spec, ShortDescription, "/description";
    w011_short_skill_description: "W011-short-skill-description.json",
        Spec, ShortDescription, "/skills/0/description";
    w012_http_interface_url: "W012-http-interface-url.json",
        Spec, InsecureUrl, "/supportedInterfaces/0/url";
    w013_unused_scheme: "W013-unused-scheme.json",
        Spec, UnusedScheme, "/securitySchemes/mtls";
    w014_jwt_in_extension_param: "W014-jwt-in-extension-param.json",
        Spec, CredentialInCard, "/capabilities/extensions/0/params/sample";
    w014_api_key_in_extension_description: "W014-api-key-in-extension-description.json",
        Spec, CredentialInCard, "/capabilities/extensions/0/description";
    w014_secret_in_documentation_url: "W014-secret-in-documentation-url.json",
        Spec, CredentialInCard, "/documentationUrl";
    w015_implicit_flow: "W015-implicit-flow.json",
        Spec, DeprecatedFlow, "/securitySchemes/oauth/oauth2SecurityScheme/flows/implicit";
    w015_password_flow: "W015-password-flow.json",
        Spec, DeprecatedFlow, "/securitySchemes/oauth/oauth2SecurityScheme/flows/password";
    w016_v1_card_with_url: "W016-v1-card-with-url.json",
        Spec, PreV1Field, "/url";
    w016_v1_card_with_preferred_transport: "W016-v1-card-with-preferred-transport.json",
        Spec, PreV1Field, "/preferredTransport";
    w016_v1_card_with_protocol_version: "W016-v1-card-with-protocol-version.json",
        Spec, PreV1Field, "/protocolVersion";
    w016_v1_card_with_supports_authenticated_extended_card:
        "W016-v1-card-with-supports-authenticated-extended-card.json",
        Spec, PreV1Field, "/supportsAuthenticatedExtendedCard";
    w016_v1_card_with_provider_name: "W016-v1-card-with-provider-name.json",
        Spec, PreV1Field, "/provider/name";
    w016_v1_card_with_state_transition_history: "W016-v1-card-with-state-transition-history.json",
        Spec, PreV1Field, "/capabilities/stateTransitionHistory";
    w016_v1_card_with_interface_transport: "W016-v1-card-with-interface-transport.json",
        Spec, PreV1Field, "/supportedInterfaces/0/transport";
    w016_v1_card_with_security_google_spelling: "W016-v1-card-with-security-google-spelling.json",
        Spec, PreV1Field, "/security";
    w016_v1_card_with_security_v03_spelling: "W016-v1-card-with-security-v03-spelling.json",
        Spec, PreV1Field, "/security", also &[(Code::PreV1Field, "/security/0")];
    w016_v1_card_with_skill_security: "W016-v1-card-with-skill-security.json",
        Spec, PreV1Field, "/skills/0/security";
    w016_v1_card_with_scheme_type: "W016-v1-card-with-scheme-type.json",
        Spec, PreV1Field, "/securitySchemes/partnerKey/type";
    w017_skill_without_examples: "W017-skill-without-examples.json",
        Spec, SkillWithoutExamples, "/skills/0/examples";
    w018_proto_field_name: "W018-proto-field-name.json",
        Spec, ProtoFieldName, "/default_input_modes";
    w019_media_type_without_subtype: "W019-media-type-without-subtype.json",
        Spec, ModeNotMediaType, "/defaultOutputModes/0";
    w019_skill_input_mode_without_subtype: "W019-skill-input-mode-without-subtype.json",
        Spec, ModeNotMediaType, "/skills/0/inputModes/1";
    w023_registry_interface_on_localhost: "W023-registry-interface-on-localhost.json",
        Registry, LocalInterfaceUrl, "/supportedInterfaces/0/url";
    w021_v03_state_transition_history: "W021-v03-state-transition-history.json",
        Spec, ConversionLoss, "/capabilities/stateTransitionHistory", also &[W020];
    w021_v03_multiple_oauth_flows: "W021-v03-multiple-oauth-flows.json",
        Spec, ConversionLoss, "/securitySchemes/oauth/flows", also &[W020];
    w022_v03_signatures: "W022-v03-signatures.json",
        Spec, StaleSignatures, "/signatures", also &[W020];
    // Valid v0.3 (no minimum on arrays): what v1.0 will need is a note, not an error.
    n020_v03_empty_skill_tags: "N020-v03-empty-skill-tags.json",
        Spec, NeededForV1, "/skills/0/tags", also &[W020];
    // protocolVersion is REQUIRED in v0.3; reading guesses 0.3 and says so.
    n021_v03_no_protocol_version: "N021-v03-no-protocol-version.json",
        Spec, GuessedValue, "/protocolVersion",
        also &[W020, (Code::MissingField, "/protocolVersion")];
}

/// Every file in `dir` is in `table` and every table entry has a file.
fn assert_table_matches_directory(dir: &str, table: &[Case]) {
    let on_disk: BTreeSet<String> = std::fs::read_dir(fixture_path(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".json"))
        .collect();
    let listed: BTreeSet<String> = table.iter().map(|c| c.file.to_owned()).collect();
    assert_eq!(
        listed.len(),
        table.len(),
        "a file is listed twice in the {dir} table"
    );
    assert_eq!(
        on_disk, listed,
        "files in tests/fixtures/cards/{dir}/ and its table differ"
    );
    for case in table {
        assert!(
            case.file.starts_with(&case.code.as_str()["A2A-".len()..]),
            "{} should be named after its code {}",
            case.file,
            case.code.as_str()
        );
    }
}

#[test]
fn broken_table_lists_every_file() {
    assert_table_matches_directory("broken", BROKEN);
}

#[test]
fn broken_corpus_covers_every_card_code() {
    let covered: BTreeSet<&str> = BROKEN.iter().map(|c| c.code.as_str()).collect();
    let missing: Vec<&str> = Code::ALL
        .iter()
        // The audit's C-codes are about served responses, not card files (cli/tests/check.rs).
        .filter(|c| !c.is_check())
        .map(|c| c.as_str())
        // E050-E053 are about MCP tool specs, not cards; W020 comes with every v0.3 file.
        .filter(|c| !c.starts_with("A2A-E05") && *c != "A2A-W020")
        // E060-E069 and W060-W062 are about AI Catalogs (tests/catalog_validate.rs).
        .filter(|c| !c.starts_with("A2A-E06") && !c.starts_with("A2A-W06"))
        // E070-E075, W070-W074 and N070 (text a model reads, script URLs) have a corpus of
        // their own, one card per attack (tests/fixtures/poisoned/, tests/validate_poisoned.rs)
        // and per language or mark (tests/validate_injection_languages.rs).
        .filter(|c| !c.starts_with("A2A-E07") && !c.starts_with("A2A-W07"))
        .filter(|c| !c.starts_with("A2A-N07"))
        .filter(|c| !covered.contains(c))
        .collect();
    assert!(missing.is_empty(), "no broken card for {missing:?}");
    assert!(BROKEN.iter().any(|c| c.also.contains(&(Code::V03Card, ""))));
}

#[test]
fn broken_v1_files_differ_from_the_base_card_in_one_place() {
    // Guards the corpus itself: each v1.0 broken file is the base card with one change
    // (one JSON pointer added, removed or changed, counting a changed subtree as one).
    let base: serde_json::Value = serde_json::from_slice(&fixture("base/v1.0.json")).unwrap();
    for case in BROKEN {
        let doc: serde_json::Value =
            serde_json::from_slice(&fixture(&format!("broken/{}", case.file))).unwrap();
        if !doc.is_object() || doc.get("supportedInterfaces").is_none() {
            continue; // E003 (an array) and the v0.3 files
        }
        let mut changes = Vec::new();
        diff(&base, &doc, String::new(), &mut changes);
        if case.code == Code::DuplicateMember {
            // The mistake is only in the text: parsed (the last name wins), it is the base.
            assert!(changes.is_empty(), "{}: {changes:?}", case.file);
            continue;
        }
        let allowed = match case.file {
            // One mistake that takes several edits: the API-key scheme is swapped for an
            // OAuth one (scheme and requirement change name), a field is renamed to its
            // pre-v1.0 spelling, or the security declarations are removed together.
            "E021-oauth-without-flow.json"
            | "E021-oauth-with-two-flows.json"
            | "W015-implicit-flow.json"
            | "W015-password-flow.json"
            | "E035-extended-card-without-security.json"
            | "E035-extended-card-with-empty-requirement.json"
            | "W016-v1-card-with-security-google-spelling.json"
            | "W016-v1-card-with-security-v03-spelling.json"
            | "W016-v1-card-with-scheme-type.json"
            | "E033-relative-oauth-token-url.json"
            | "E010-missing-oauth-token-url.json" => 4,
            // A rename shows as one field removed and one added.
            "W018-proto-field-name.json" => 2,
            _ => 1,
        };
        assert!(
            !changes.is_empty() && changes.len() <= allowed,
            "{}: expected one change from base/v1.0.json, found {changes:?}",
            case.file
        );
    }
}

fn diff(a: &serde_json::Value, b: &serde_json::Value, at: String, out: &mut Vec<String>) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let here = a2a_card::pointer_push(&at, key);
                match (x.get(key), y.get(key)) {
                    (Some(l), Some(r)) => diff(l, r, here, out),
                    _ => out.push(here),
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (l, r)) in x.iter().zip(y).enumerate() {
                diff(l, r, format!("{at}/{i}"), out);
            }
        }
        _ if a == b => {}
        _ => out.push(at),
    }
}

#[test]
fn broken_findings_agree_with_agent_card_validate() {
    // The same finding through the model: read the card, then AgentCard::validate. Skipped:
    // files the model cannot read (E002, E003), v0.3 files (the model holds the migration,
    // pointers differ), and findings that are notes about spellings migration rewrote.
    let skip = [
        // No E035 at all (see e035_extended_card_with_empty_requirement).
        "E035-extended-card-with-empty-requirement.json",
        "E002-streaming-not-boolean.json",
        "E003-root-is-array.json",
        // Refused by reading (see repeated_member_names_make_agent_card_read_fail).
        "E004-duplicate-name.json",
        "E004-duplicate-interface-url.json",
        "W016-v1-card-with-security-google-spelling.json",
        "W016-v1-card-with-security-v03-spelling.json",
        "W016-v1-card-with-skill-security.json",
        "W016-v1-card-with-scheme-type.json",
        "W018-proto-field-name.json",
    ];
    for case in BROKEN.iter().filter(|c| !skip.contains(&c.file)) {
        let bytes = fixture(&format!("broken/{}", case.file));
        let read = AgentCard::read(&bytes)
            .unwrap_or_else(|e| panic!("{}: AgentCard::read failed: {e}", case.file));
        if read.source_version == CardVersion::V0_3 {
            continue;
        }
        let diagnostics = read.card.validate(case.profile);
        // The model cannot tell an absent repeated field from an empty one (proto3), so a
        // missing REQUIRED array comes back as an empty one.
        let code = match case.file {
            "E010-missing-skill-tags.json" => Code::EmptyArray,
            _ => case.code,
        };
        assert!(
            diagnostics
                .iter()
                .any(|d| d.code == code && d.pointer == case.pointer),
            "{}: AgentCard::validate should find {} at {:?}, found\n{}",
            case.file,
            code.as_str(),
            case.pointer,
            list(&diagnostics)
        );
    }
}

#[test]
fn wrong_type_makes_agent_card_read_fail_with_the_pointer() {
    let bytes = fixture("broken/E002-streaming-not-boolean.json");
    let err = AgentCard::read(&bytes).unwrap_err();
    assert!(err.to_string().contains("/capabilities/streaming"), "{err}");
    let err = AgentCard::read(&fixture("broken/E003-root-is-array.json")).unwrap_err();
    assert!(err.to_string().contains("A2A-E003"), "{err}");
}

#[test]
fn repeated_member_names_make_agent_card_read_fail_with_the_pointer() {
    for (file, pointer) in [
        ("E004-duplicate-name.json", "/name"),
        (
            "E004-duplicate-interface-url.json",
            "/supportedInterfaces/0/url",
        ),
    ] {
        match AgentCard::read(&fixture(&format!("broken/{file}"))) {
            Err(a2a_card::ReadError::Shape(found)) => {
                let found: Vec<_> = found.iter().map(|d| (d.code, d.pointer.as_str())).collect();
                assert_eq!(found, [(Code::DuplicateMember, pointer)], "{file}");
            }
            other => panic!("{file}: {other:?}"),
        }
    }
}

#[test]
fn credential_warnings_do_not_repeat_the_secret() {
    for (file, secret) in [
        (
            "W014-jwt-in-extension-param.json",
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwYXJ0bmVyLTQyIiwiaWF0IjoxNzAwMDAwMDAwfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        ),
        (
            "W014-api-key-in-extension-description.json",
            "sk-4f9A8b7C6d5E4f3A2b1C0d9E8f7A6b5C",
        ),
        ("W014-secret-in-documentation-url.json", "3f9a8b7c6d5e"),
    ] {
        let text = String::from_utf8(fixture(&format!("broken/{file}"))).unwrap();
        assert!(text.contains(secret), "{file} should contain the secret");
        let diagnostics = validate(text.as_bytes(), Profile::Spec);
        let warning = diagnostics
            .iter()
            .find(|d| d.code == Code::CredentialInCard)
            .unwrap_or_else(|| panic!("{file}: no A2A-W014:\n{}", list(&diagnostics)));
        assert_eq!(warning.severity, Severity::Warning);
        // Neither the whole secret nor a recognisable piece of it.
        let piece = &secret[secret.len() - 12..];
        for d in &diagnostics {
            let shown = d.to_string();
            assert!(
                !shown.contains(secret) && !shown.contains(piece),
                "{file}: the diagnostic repeats the secret: {shown}"
            );
        }
    }
}

#[test]
fn registry_profile_findings_are_not_spec_findings() {
    // The registry's limits apply only with Profile::Registry.
    for file in [
        "E040-registry-card-over-10kb.json",
        "E041-registry-interface-version-2.0.json",
    ] {
        let diagnostics = validate(&fixture(&format!("broken/{file}")), Profile::Spec);
        assert_exactly(&format!("{file} (Spec)"), &diagnostics, &[]);
    }
    let report = validate_document(
        &fixture("broken/E040-registry-card-over-10kb.json"),
        Profile::Registry,
        None,
    )
    .unwrap();
    assert!(report.compact_size > 10_000, "{}", report.compact_size);
}

// ---------------------------------------------------------------------------------------------
// v0.3 input: pointers point into the document as written.

corpus! { BROKEN_V03, "broken-v0.3":
    v03_e033_relative_url: "E033-v03-relative-url.json",
        Spec, NotAbsoluteUrl, "/url", also &[W020];
    v03_e033_relative_additional_interface_url: "E033-v03-relative-additional-interface-url.json",
        Spec, NotAbsoluteUrl, "/additionalInterfaces/1/url", also &[W020];
    v03_e031_security_undeclared_scheme: "E031-v03-security-undeclared-scheme.json",
        Spec, UndeclaredScheme, "/security/0/ghost", also &[W020];
    v03_e031_skill_security_undeclared_scheme: "E031-v03-skill-security-undeclared-scheme.json",
        Spec, UndeclaredScheme, "/skills/0/security/0/ghost", also &[W020];
    v03_e022_api_key_in_body: "E022-v03-api-key-in-body.json",
        Spec, ApiKeyLocation, "/securitySchemes/partnerKey/in", also &[W020];
    v03_e010_missing_url: "E010-v03-missing-url.json",
        Spec, MissingField, "/url", also &[W020, (Code::ConversionLoss, "/preferredTransport")];
    // `organization` is REQUIRED in v0.3 too, and `name` is no spec field (issue 28).
    v03_e010_empty_provider_name: "E010-v03-empty-provider-name.json",
        Spec, MissingField, "/provider/organization",
        also &[W020, (Code::PreV1Field, "/provider/name")];
    v03_e002_security_scopes_not_array: "E002-v03-security-scopes-not-array.json",
        Spec, WrongType, "/security/0/partnerKey", also &[W020];
    v03_e002_additional_interfaces_not_array: "E002-v03-additional-interfaces-not-array.json",
        Spec, WrongType, "/additionalInterfaces", also &[W020];
    // Google's spelling is accepted in a v0.3 card, not silently (W016, issue 28).
    v03_e031_google_spelling_undeclared_scheme: "E031-v03-google-spelling-undeclared-scheme.json",
        Spec, UndeclaredScheme, "/security/0/schemes/ghost",
        also &[W020, (Code::PreV1Field, "/security/0")];
    v03_e010_missing_oauth_token_url: "E010-v03-missing-oauth-token-url.json",
        Spec, MissingField, "/securitySchemes/oauth/flows/authorizationCode/tokenUrl",
        also &[W020];
    v03_e010_scheme_missing_name: "E010-v03-scheme-missing-name.json",
        Spec, MissingField, "/securitySchemes/partnerKey/name", also &[W020];
    v03_e030_protocol_version_v1: "E030-v03-protocol-version-v1.json",
        Spec, ProtocolVersion, "/protocolVersion", also &[W020];
    v03_e030_protocol_version_v1_several_interfaces:
        "E030-v03-protocol-version-v1-several-interfaces.json",
        Spec, ProtocolVersion, "/protocolVersion", also &[W020];
    v03_e035_extended_card_without_security: "E035-v03-extended-card-without-security.json",
        Spec, ExtendedCardWithoutSecurity, "/supportsAuthenticatedExtendedCard",
        also &[W020];
}

#[test]
fn broken_v03_table_lists_every_file() {
    assert_table_matches_directory("broken-v0.3", BROKEN_V03);
}

#[test]
fn v03_wrong_type_error_points_into_the_document_as_written() {
    let text = String::from_utf8(fixture("base/v0.3.json"))
        .unwrap()
        .replace(r#""in": "header""#, r#""in": 5"#);
    assert!(text.contains(r#""in": 5"#));
    let err = AgentCard::read(text.as_bytes()).unwrap_err();
    assert!(
        err.to_string().contains("/securitySchemes/partnerKey/in"),
        "{err}"
    );
    assert_exactly(
        "v0.3 card with \"in\": 5",
        &validate(text.as_bytes(), Profile::Spec),
        &[(Code::WrongType, "/securitySchemes/partnerKey/in"), W020],
    );
}
