//! MCP tool specs (shared/seeds/003): `{"tools": [{name, description, inputSchema,
//! annotations}]}`, at most 10,000 bytes of compact JSON. Every mistake is reported with its
//! stable code at the JSON pointer of the offending value.

use a2a_card::{
    Severity,
    validate::{DocumentKind, Profile, Report, validate_document, validate_value},
};
use serde_json::{Value, json};

const SEED: &str = "tests/fixtures/mcp/tools-seed.json";
const GOOD: &str = "tests/fixtures/mcp/tools-good.json";
const BAD: &str = "tests/fixtures/mcp/tools-bad.json";

fn fixture(path: &str) -> Vec<u8> {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("cannot read fixture {full}: {e}"))
}

/// One valid tool, in the shape of the seed.
fn tool(name: &str) -> Value {
    json!({
        "name": name,
        "description": "Returns the current weather for a city.",
        "inputSchema": {"type": "object", "properties": {}},
        "annotations": {
            "title": "Current weather",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": true
        }
    })
}

fn spec(tools: Vec<Value>) -> Value {
    json!({ "tools": tools })
}

/// Validates as an MCP tool spec (kind given explicitly) with the spec profile.
fn check(doc: &Value) -> Report {
    validate_value(doc, Profile::Spec, Some(DocumentKind::McpTools))
}

fn found(report: &Report) -> Vec<(&str, &str)> {
    report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect()
}

/// Asserts that the report is exactly one error, `code` at `pointer`.
#[track_caller]
fn assert_only(report: &Report, code: &str, pointer: &str) {
    assert_eq!(
        found(report),
        vec![(code, pointer)],
        "expected exactly {code} at {pointer}: {:#?}",
        report.diagnostics
    );
    let d = &report.diagnostics[0];
    assert_eq!(d.severity, Severity::Error);
    assert!(!d.message.is_empty());
    assert!(report.has_errors());
    assert_eq!(report.error_count(), 1);
    assert_eq!(report.kind, DocumentKind::McpTools);
}

/// Asserts that `code` is reported at `pointer` (other findings allowed).
#[track_caller]
fn assert_has(report: &Report, code: &str, pointer: &str) {
    assert!(
        found(report).contains(&(code, pointer)),
        "expected {code} at {pointer}: {:#?}",
        report.diagnostics
    );
}

/// A spec of exactly `size` bytes of compact JSON (padding the first tool's description).
fn spec_of_size(size: usize) -> Value {
    let mut doc = spec(vec![tool("get_weather")]);
    let base = serde_json::to_vec(&doc).unwrap().len();
    assert!(size >= base);
    let description = doc["tools"][0]["description"].as_str().unwrap().to_owned();
    doc["tools"][0]["description"] = Value::String(description + &"x".repeat(size - base));
    assert_eq!(serde_json::to_vec(&doc).unwrap().len(), size);
    doc
}

// ---------------------------------------------------------------------------------------------
// valid specs
// ---------------------------------------------------------------------------------------------

#[test]
fn seed_shaped_spec_has_no_diagnostics() {
    for profile in [Profile::Spec, Profile::Registry] {
        for kind in [None, Some(DocumentKind::McpTools)] {
            let report = validate_document(&fixture(SEED), profile, kind).expect("JSON");
            assert_eq!(report.kind, DocumentKind::McpTools);
            assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
            assert!(!report.has_errors());
            assert_eq!(report.source_version, None);
        }
    }
}

#[test]
fn fixture_specs_validate_as_expected() {
    let good = validate_document(&fixture(GOOD), Profile::Registry, None).unwrap();
    assert!(good.diagnostics.is_empty(), "{:#?}", good.diagnostics);

    let bad = validate_document(&fixture(BAD), Profile::Spec, None).unwrap();
    assert_eq!(bad.kind, DocumentKind::McpTools);
    assert_eq!(
        found(&bad),
        vec![
            ("A2A-E051", "/tools/0/inputSchema/type"),
            ("A2A-E052", "/tools/0/annotations/readOnlyHint"),
        ]
    );
}

#[test]
fn several_distinct_tools_and_minimal_tools_are_valid() {
    let report = check(&spec(vec![tool("a"), tool("b"), tool("c")]));
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);

    // annotations are optional, and so is inputSchema.properties.
    let minimal = json!({"tools": [{
        "name": "ping", "description": "Answers pong.", "inputSchema": {"type": "object"}
    }]});
    let report = check(&minimal);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);

    // An empty tool list is still a tool spec.
    let report = check(&json!({"tools": []}));
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn compact_size_is_reported() {
    let doc: Value = serde_json::from_slice(&fixture(SEED)).unwrap();
    let report = validate_document(&fixture(SEED), Profile::Spec, None).unwrap();
    assert_eq!(report.compact_size, serde_json::to_vec(&doc).unwrap().len());
    assert!(report.compact_size < fixture(SEED).len());
}

// ---------------------------------------------------------------------------------------------
// mistakes, one at a time
// ---------------------------------------------------------------------------------------------

#[test]
fn missing_tools_is_e050() {
    assert_only(&check(&json!({})), "A2A-E050", "/tools");
    assert_only(&check(&json!({"tool": [tool("a")]})), "A2A-E050", "/tools");
}

#[test]
fn tools_not_an_array_is_e050() {
    for tools in [
        json!({}),
        json!("get_weather"),
        json!(3),
        json!(null),
        json!(true),
    ] {
        let doc = json!({ "tools": tools });
        assert_only(&check(&doc), "A2A-E050", "/tools");
        // Detected as an MCP spec too.
        let report = validate_value(&doc, Profile::Spec, None);
        assert_eq!(report.kind, DocumentKind::McpTools, "{doc}");
        assert_has(&report, "A2A-E050", "/tools");
    }
}

#[test]
fn document_not_an_object_is_e003() {
    let report = check(&json!([tool("a")]));
    assert_only(&report, "A2A-E003", "");
}

#[test]
fn tool_not_an_object_is_e002() {
    let report = check(&spec(vec![tool("a"), json!("b")]));
    assert_only(&report, "A2A-E002", "/tools/1");
}

#[test]
fn tool_missing_name_is_e010() {
    let mut t = tool("a");
    t.as_object_mut().unwrap().remove("name");
    assert_only(&check(&spec(vec![t])), "A2A-E010", "/tools/0/name");
}

#[test]
fn tool_with_empty_or_null_name_is_e010() {
    for name in [json!(""), json!("   "), json!(null)] {
        let mut t = tool("a");
        t["name"] = name;
        assert_only(&check(&spec(vec![t])), "A2A-E010", "/tools/0/name");
    }
}

#[test]
fn tool_missing_description_is_e010() {
    let mut t = tool("a");
    t.as_object_mut().unwrap().remove("description");
    assert_only(
        &check(&spec(vec![tool("first"), t])),
        "A2A-E010",
        "/tools/1/description",
    );
}

#[test]
fn tool_missing_both_name_and_description_reports_both() {
    let t = json!({"inputSchema": {"type": "object"}});
    let report = check(&spec(vec![t]));
    assert_eq!(report.error_count(), 2, "{:#?}", report.diagnostics);
    assert_has(&report, "A2A-E010", "/tools/0/name");
    assert_has(&report, "A2A-E010", "/tools/0/description");
}

#[test]
fn wrong_typed_name_is_e002() {
    for name in [json!(42), json!(true), json!(["a"]), json!({"a": 1})] {
        let mut t = tool("a");
        t["name"] = name;
        assert_only(&check(&spec(vec![t])), "A2A-E002", "/tools/0/name");
    }
}

#[test]
fn wrong_typed_description_is_e002() {
    let mut t = tool("a");
    t["description"] = json!(false);
    assert_only(&check(&spec(vec![t])), "A2A-E002", "/tools/0/description");
}

#[test]
fn input_schema_missing_is_e010() {
    let mut t = tool("a");
    t.as_object_mut().unwrap().remove("inputSchema");
    assert_only(&check(&spec(vec![t])), "A2A-E010", "/tools/0/inputSchema");

    let mut t = tool("a");
    t["inputSchema"] = Value::Null;
    assert_only(&check(&spec(vec![t])), "A2A-E010", "/tools/0/inputSchema");
}

#[test]
fn input_schema_of_another_type_is_e051_at_type() {
    for kind in ["string", "array", "number", "Object"] {
        let mut t = tool("a");
        t["inputSchema"] = json!({"type": kind, "properties": {}});
        assert_only(
            &check(&spec(vec![t])),
            "A2A-E051",
            "/tools/0/inputSchema/type",
        );
    }
}

#[test]
fn input_schema_without_type_is_e051_at_type() {
    let mut t = tool("a");
    t["inputSchema"] = json!({"properties": {"city": {"type": "string"}}});
    assert_only(
        &check(&spec(vec![t])),
        "A2A-E051",
        "/tools/0/inputSchema/type",
    );
}

#[test]
fn input_schema_not_an_object_is_e051() {
    for schema in [json!("object"), json!([]), json!(true), json!(1)] {
        let mut t = tool("a");
        t["inputSchema"] = schema;
        assert_only(&check(&spec(vec![t])), "A2A-E051", "/tools/0/inputSchema");
    }
}

#[test]
fn input_schema_properties_not_an_object_is_e051() {
    let mut t = tool("a");
    t["inputSchema"] = json!({"type": "object", "properties": []});
    assert_only(
        &check(&spec(vec![t])),
        "A2A-E051",
        "/tools/0/inputSchema/properties",
    );
}

#[test]
fn string_hint_is_e052() {
    let mut t = tool("a");
    t["annotations"]["readOnlyHint"] = json!("true");
    assert_only(
        &check(&spec(vec![t])),
        "A2A-E052",
        "/tools/0/annotations/readOnlyHint",
    );
}

#[test]
fn every_hint_must_be_a_boolean() {
    for hint in [
        "readOnlyHint",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
    ] {
        for value in [json!("false"), json!(0), json!(1), json!([true])] {
            let mut t = tool("a");
            t["annotations"][hint] = value.clone();
            assert_only(
                &check(&spec(vec![tool("first"), t])),
                "A2A-E052",
                &format!("/tools/1/annotations/{hint}"),
            );
        }
    }
}

#[test]
fn annotations_of_the_wrong_type_are_e002() {
    let mut t = tool("a");
    t["annotations"] = json!("read only");
    assert_only(&check(&spec(vec![t])), "A2A-E002", "/tools/0/annotations");

    let mut t = tool("a");
    t["annotations"]["title"] = json!(7);
    assert_only(
        &check(&spec(vec![t])),
        "A2A-E002",
        "/tools/0/annotations/title",
    );
}

#[test]
fn duplicate_tool_names_are_e053_at_the_second_tool() {
    let report = check(&spec(vec![tool("get_weather"), tool("get_weather")]));
    assert_only(&report, "A2A-E053", "/tools/1/name");
    assert!(
        report.diagnostics[0].message.contains("/tools/0"),
        "the message names the first tool: {}",
        report.diagnostics[0].message
    );

    // Each repeat is reported once, at its own index; distinct names in between are fine.
    let report = check(&spec(vec![
        tool("a"),
        tool("b"),
        tool("a"),
        tool("c"),
        tool("a"),
    ]));
    assert_eq!(
        found(&report),
        vec![("A2A-E053", "/tools/2/name"), ("A2A-E053", "/tools/4/name")],
        "{:#?}",
        report.diagnostics
    );
}

#[test]
fn several_mistakes_are_all_reported() {
    let mut broken = tool("a");
    broken["inputSchema"] = json!({"type": "string"});
    broken["annotations"]["openWorldHint"] = json!("yes");
    let mut nameless = tool("x");
    nameless.as_object_mut().unwrap().remove("name");
    let report = check(&spec(vec![broken, nameless, tool("a")]));
    assert_eq!(report.error_count(), 4, "{:#?}", report.diagnostics);
    assert_has(&report, "A2A-E051", "/tools/0/inputSchema/type");
    assert_has(&report, "A2A-E052", "/tools/0/annotations/openWorldHint");
    assert_has(&report, "A2A-E010", "/tools/1/name");
    assert_has(&report, "A2A-E053", "/tools/2/name");
}

#[test]
fn pointers_of_present_values_resolve_in_the_document() {
    let mut t = tool("a");
    t["name"] = json!(1);
    t["inputSchema"] = json!({"type": "string"});
    t["annotations"]["idempotentHint"] = json!("no");
    let doc = spec(vec![tool("b"), t, tool("b")]);
    let report = check(&doc);
    assert_eq!(report.error_count(), 4, "{:#?}", report.diagnostics);
    for d in &report.diagnostics {
        assert!(
            doc.pointer(&d.pointer).is_some(),
            "{} does not resolve in the document",
            d.pointer
        );
    }
}

// ---------------------------------------------------------------------------------------------
// size limit
// ---------------------------------------------------------------------------------------------

#[test]
fn spec_over_10000_bytes_is_e040() {
    let doc = spec_of_size(10_001);
    let report = validate_value(&doc, Profile::Registry, None);
    assert_eq!(report.kind, DocumentKind::McpTools);
    assert_eq!(report.compact_size, 10_001);
    assert_only(&report, "A2A-E040", "");

    // Through the byte interface, pretty-printed: the compact size is what counts.
    let pretty = serde_json::to_vec_pretty(&doc).unwrap();
    let report = validate_document(&pretty, Profile::Registry, None).unwrap();
    assert_eq!(report.compact_size, 10_001);
    assert_only(&report, "A2A-E040", "");
}

#[test]
fn spec_of_exactly_10000_bytes_is_accepted() {
    let doc = spec_of_size(10_000);
    let report = validate_value(&doc, Profile::Registry, None);
    assert_eq!(report.compact_size, 10_000);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);

    // Pretty-printed it is larger than 10,000 bytes, but the limit is on the compact form.
    let pretty = serde_json::to_vec_pretty(&doc).unwrap();
    assert!(pretty.len() > 10_000);
    let report = validate_document(&pretty, Profile::Registry, None).unwrap();
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
}

#[test]
fn many_small_tools_over_the_limit_are_e040() {
    let tools: Vec<Value> = (0..60).map(|i| tool(&format!("tool_{i}"))).collect();
    let doc = spec(tools);
    assert!(serde_json::to_vec(&doc).unwrap().len() > 10_000);
    let report = validate_value(&doc, Profile::Registry, None);
    assert_only(&report, "A2A-E040", "");
}

// ---------------------------------------------------------------------------------------------
// kind detection
// ---------------------------------------------------------------------------------------------

#[test]
fn detect_recognizes_tool_specs() {
    let seed: Value = serde_json::from_slice(&fixture(SEED)).unwrap();
    assert_eq!(DocumentKind::detect(&seed), DocumentKind::McpTools);
    assert_eq!(
        DocumentKind::detect(&json!({"tools": []})),
        DocumentKind::McpTools
    );
    assert_eq!(
        DocumentKind::detect(&json!({"tools": "not an array"})),
        DocumentKind::McpTools
    );
    let report = validate_document(&fixture(SEED), Profile::Spec, None).unwrap();
    assert_eq!(report.kind, DocumentKind::McpTools);
}

#[test]
fn detect_recognizes_cards() {
    let v1 = json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": [{"url": "https://routes.example.com/a2a",
                                 "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "2.1.0",
        "capabilities": {},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
                    "tags": ["maps"], "examples": ["Drive from Lyon to Turin"]}]
    });
    assert_eq!(DocumentKind::detect(&v1), DocumentKind::Card);
    let report = validate_value(&v1, Profile::Spec, None);
    assert_eq!(report.kind, DocumentKind::Card);
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);

    // A card that also carries a `tools` field (an extension, say) is still a card.
    let mut with_tools = v1.clone();
    with_tools["tools"] = json!([tool("a")]);
    assert_eq!(DocumentKind::detect(&with_tools), DocumentKind::Card);

    // So is a v0.3 card, told apart by its top-level url.
    let v03 = json!({"url": "https://a.example/rpc", "tools": []});
    assert_eq!(DocumentKind::detect(&v03), DocumentKind::Card);

    // Neither an empty object nor a non-object is a tool spec.
    assert_eq!(DocumentKind::detect(&json!({})), DocumentKind::Card);
    assert_eq!(DocumentKind::detect(&json!([1, 2])), DocumentKind::Card);
}

#[test]
fn explicit_kind_overrides_detection() {
    let seed: Value = serde_json::from_slice(&fixture(SEED)).unwrap();
    let as_card = validate_value(&seed, Profile::Spec, Some(DocumentKind::Card));
    assert_eq!(as_card.kind, DocumentKind::Card);
    assert!(as_card.has_errors());
    assert_has(&as_card, "A2A-E010", "/name");

    let as_tools = validate_value(&json!({}), Profile::Spec, Some(DocumentKind::McpTools));
    assert_only(&as_tools, "A2A-E050", "/tools");
}

#[test]
fn not_json_is_an_error_not_a_report() {
    let err = validate_document(
        b"{\"tools\": [",
        Profile::Spec,
        Some(DocumentKind::McpTools),
    )
    .unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
}
