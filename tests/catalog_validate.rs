//! AI Catalog validation (feature `catalog`): the draft's own example is clean, and each file
//! of tests/fixtures/ai-catalog/ gets its code at its pointer.
#![cfg(feature = "catalog")]

use a2a_card::catalog::AiCatalog;
use a2a_card::validate::{DocumentKind, Profile, Report, validate_document};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/ai-catalog/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn report(name: &str) -> Report {
    validate_document(&fixture(name), Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap()
}

fn found(report: &Report) -> Vec<(&str, &str)> {
    report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect()
}

#[test]
fn the_drafts_example_validates_clean() {
    let bytes = fixture("spec-example.json");
    let report = validate_document(&bytes, Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap();
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    // Detected without being asked for, and read and written again without loss.
    let detected = validate_document(&bytes, Profile::Spec, None).unwrap();
    assert_eq!(detected.kind, DocumentKind::AiCatalog);
    let catalog = AiCatalog::from_json_slice(&bytes).unwrap();
    let original: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(catalog.to_value(), original);
    assert!(report_of(&fixture("base.json")).diagnostics.is_empty());
}

fn report_of(bytes: &[u8]) -> Report {
    validate_document(bytes, Profile::Spec, Some(DocumentKind::AiCatalog)).unwrap()
}

const CASES: &[(&str, &str, &str)] = &[
    ("E060-missing-spec-version.json", "A2A-E060", "/specVersion"),
    (
        "E060-entry-without-display-name.json",
        "A2A-E060",
        "/entries/1/displayName",
    ),
    ("E061-spec-version-2.json", "A2A-E061", "/specVersion"),
    ("E062-url-and-data.json", "A2A-E062", "/entries/0/data"),
    ("E062-neither-url-nor-data.json", "A2A-E062", "/entries/1"),
    (
        "E063-duplicate-identifier.json",
        "A2A-E063",
        "/entries/1/identifier",
    ),
    ("E033-relative-url.json", "A2A-E033", "/entries/1/url"),
    (
        "E034-bad-media-type.json",
        "A2A-E034",
        "/entries/0/mediaType",
    ),
    (
        "E064-nested-too-deep.json",
        "A2A-E064",
        "/entries/2/data/entries/0/data/entries/0/data/entries/0/data/entries/0/data",
    ),
    (
        "E065-nested-catalog-contains-itself.json",
        "A2A-E065",
        "/entries/2/data/entries/0/identifier",
    ),
    (
        "E066-trust-manifest-identity.json",
        "A2A-E066",
        "/entries/0/trustManifest/identity",
    ),
    (
        "E067-sha1-digest.json",
        "A2A-E067",
        "/entries/0/trustManifest/provenance/0/sourceDigest",
    ),
    (
        "E068-updated-at-not-rfc3339.json",
        "A2A-E068",
        "/entries/0/updatedAt",
    ),
    (
        "E010-inline-card-without-name.json",
        "A2A-E010",
        "/entries/0/data/name",
    ),
    (
        "W060-identifier-not-uri.json",
        "A2A-W060",
        "/entries/1/identifier",
    ),
    (
        "W061-a2a-json-media-type.json",
        "A2A-W061",
        "/entries/1/mediaType",
    ),
    ("W062-http-url.json", "A2A-W062", "/entries/1/url"),
];

#[test]
fn bad_catalogs_get_their_code_at_their_pointer() {
    for (file, code, pointer) in CASES {
        let report = report(file);
        let found = found(&report);
        assert!(found.contains(&(code, pointer)), "{file}: {found:?}");
        // The code is the only one of its kind, except where one mistake is reported in
        // several places (the inline card's many missing fields).
        if !file.starts_with("E010") {
            assert_eq!(
                found.iter().filter(|(c, _)| c.starts_with("A2A-E")).count(),
                usize::from(code.starts_with("A2A-E")),
                "{file}: {found:?}"
            );
        }
    }
}

#[test]
fn the_corpus_lists_every_file_and_covers_every_catalog_code() {
    let dir = format!("{}/tests/fixtures/ai-catalog", env!("CARGO_MANIFEST_DIR"));
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n != "spec-example.json" && n != "base.json")
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = CASES.iter().map(|c| c.0.to_owned()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
    for code in a2a_card::Code::ALL {
        let text = code.as_str();
        let catalog = text.starts_with("A2A-E06") || text.starts_with("A2A-W06");
        // E069 (an empty metadata key) is tested below.
        if catalog && text != "A2A-E069" {
            assert!(
                CASES.iter().any(|c| c.1 == text),
                "no bad catalog for {text}"
            );
        }
    }
}

#[test]
fn not_an_object_and_wrong_types() {
    let r = report_of(b"[]");
    assert_eq!(found(&r), [("A2A-E003", "")]);
    let r = report_of(br#"{"specVersion": 1, "entries": {}, "metadata": {"": 1}}"#);
    let f = found(&r);
    assert!(f.contains(&("A2A-E002", "/specVersion")), "{f:?}");
    assert!(f.contains(&("A2A-E002", "/entries")), "{f:?}");
    assert!(f.contains(&("A2A-E069", "/metadata/")), "{f:?}");
    let r = report_of(br#"{"specVersion": "1.0"}"#);
    assert_eq!(found(&r), [("A2A-E060", "/entries")]);
}

#[test]
fn versions_of_one_identifier_may_coexist() {
    let doc = br#"{"specVersion": "1.1", "entries": [
      {"identifier": "urn:acme:agent:finance", "displayName": "F", "version": "2.1.0",
       "mediaType": "application/a2a-agent-card+json", "url": "https://a.example/v2.1.json"},
      {"identifier": "urn:acme:agent:finance", "displayName": "F", "version": "2.0.0",
       "mediaType": "application/a2a-agent-card+json", "url": "https://a.example/v2.0.json"}]}"#;
    assert!(report_of(doc).diagnostics.is_empty());
}

#[test]
fn script_and_data_urls_in_a_catalog_get_their_own_code() {
    // Issue 36: A2A-E075 where a catalog expects a URL; a logo may be an inline raster image.
    let mut catalog: serde_json::Value = serde_json::from_slice(&fixture("base.json")).unwrap();
    catalog["entries"][0]["url"] = serde_json::json!("JavaScript:alert(1)");
    catalog["host"]["documentationUrl"] = serde_json::json!("data:text/html,<b>hi</b>");
    catalog["host"]["logoUrl"] = serde_json::json!("data:image/svg+xml,<svg onload=x>");
    let report = report_of(catalog.to_string().as_bytes());
    let mut got = found(&report);
    got.sort();
    assert_eq!(
        got,
        [
            ("A2A-E075", "/entries/0/url"),
            ("A2A-E075", "/host/documentationUrl"),
            ("A2A-E075", "/host/logoUrl"),
        ],
        "{:?}",
        report.diagnostics
    );
    catalog["host"]["logoUrl"] = serde_json::json!("data:image/png;base64,iVBORw0KGgo=");
    let report = report_of(catalog.to_string().as_bytes());
    assert!(!found(&report).contains(&("A2A-E075", "/host/logoUrl")));
}
