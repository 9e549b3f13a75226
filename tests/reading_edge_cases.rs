//! Regressions for inputs that once read or validated wrongly: each test names the mistake
//! it guards against.

use a2a_card::{
    AgentCard, Code,
    validate::{Profile, validate_value},
};
use serde_json::{Value, json};

/// A clean v1.0 card to break one field at a time.
fn base() -> Value {
    json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": [{"url": "https://routes.example.com/a2a",
                                 "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "provider": {"organization": "Example Maps Inc.", "url": "https://maps.example.com"},
        "version": "2.1.0",
        "capabilities": {"streaming": true},
        "securitySchemes": {"key": {"apiKeySecurityScheme":
                                    {"location": "header", "name": "X-API-Key"}}},
        "securityRequirements": [{"schemes": {"key": {}}}],
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Plan a route",
                    "description": "Computes the fastest route between places.",
                    "tags": ["maps"], "examples": ["Lyon to Turin avoiding tolls"]}]
    })
}

/// The same card in the v0.3 shape.
fn base_v03() -> Value {
    json!({
        "protocolVersion": "0.3.0",
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "url": "https://routes.example.com/a2a",
        "preferredTransport": "JSONRPC",
        "version": "2.1.0",
        "capabilities": {"streaming": true},
        "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-API-Key"}},
        "security": [{"key": []}],
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Plan a route",
                    "description": "Computes the fastest route between places.",
                    "tags": ["maps"], "examples": ["Lyon to Turin avoiding tolls"]}]
    })
}

fn found(doc: &Value) -> Vec<(&'static str, String)> {
    validate_value(doc, Profile::Spec, None)
        .diagnostics
        .into_iter()
        .map(|d| (d.code.as_str(), d.pointer))
        .collect()
}

fn pair(code: &'static str, pointer: &str) -> (&'static str, String) {
    (code, pointer.to_owned())
}

#[test]
fn base_cards_are_clean() {
    assert_eq!(found(&base()), vec![]);
    assert_eq!(found(&base_v03()), vec![pair("A2A-W020", "")]);
}

#[test]
fn a_v1_scheme_with_a_stray_type_keeps_its_wrapper() {
    let mut card = base();
    card["securitySchemes"]["key"]["type"] = json!("apiKey");
    assert_eq!(
        found(&card),
        vec![pair("A2A-W016", "/securitySchemes/key/type")]
    );
    let read = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let key = read.security_schemes["key"]
        .api_key_security_scheme
        .as_ref()
        .unwrap();
    assert_eq!(
        (key.location.as_str(), key.name.as_str()),
        ("header", "X-API-Key")
    );
}

#[test]
fn null_schemes_is_an_empty_requirement() {
    let mut card = base();
    card["securityRequirements"]
        .as_array_mut()
        .unwrap()
        .push(json!({"schemes": null}));
    assert_eq!(found(&card), vec![]);
    let read = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    assert!(read.security_requirements[1].schemes.is_empty());
}

#[test]
fn one_wrong_type_does_not_hide_the_other_findings() {
    let mut card = base();
    card["capabilities"]["streaming"] = json!("yes");
    card["name"] = json!("AI Assistant");
    card["defaultInputModes"] = json!(["text"]);
    let skill = card["skills"][0].clone();
    card["skills"].as_array_mut().unwrap().push(skill);
    let found = found(&card);
    for expected in [
        pair("A2A-E002", "/capabilities/streaming"),
        pair("A2A-E032", "/skills/1/id"),
        // "text" is not a media type: a warning in the spec profile (issue 28).
        pair("A2A-W019", "/defaultInputModes/0"),
        pair("A2A-W010", "/name"),
    ] {
        assert!(
            found.contains(&expected),
            "{expected:?} missing from {found:?}"
        );
    }
}

#[test]
fn a_wrong_value_gets_one_finding_not_two() {
    let mut card = base();
    card["defaultInputModes"] = json!([5]);
    card["name"] = json!(7);
    assert_eq!(
        found(&card),
        vec![
            pair("A2A-E002", "/name"),
            pair("A2A-E002", "/defaultInputModes/0")
        ]
    );
}

#[test]
fn a_v03_card_needs_its_url_even_with_additional_interfaces() {
    let mut card = base_v03();
    let map = card.as_object_mut().unwrap();
    map.remove("url");
    map.insert(
        "additionalInterfaces".into(),
        json!([{"url": "https://routes.example.com/rest", "transport": "HTTP+JSON"}]),
    );
    let found = found(&card);
    assert!(found.contains(&pair("A2A-E010", "/url")), "{found:?}");
    // The dropped preferredTransport is reported, not lost silently.
    assert!(
        found.contains(&pair("A2A-W021", "/preferredTransport")),
        "{found:?}"
    );
}

#[test]
fn a_v03_card_needs_capabilities_even_with_the_extended_card_flag() {
    let mut card = base_v03();
    let map = card.as_object_mut().unwrap();
    map.remove("capabilities");
    map.insert("supportsAuthenticatedExtendedCard".into(), json!(false));
    assert!(found(&card).contains(&pair("A2A-E010", "/capabilities")));
}

#[test]
fn converting_legacy_spellings_of_a_signed_v1_card_warns_about_its_signatures() {
    let mut card = base();
    let map = card.as_object_mut().unwrap();
    map.remove("securityRequirements");
    map.insert("security".into(), json!([{"key": []}]));
    map.insert(
        "signatures".into(),
        json!([{"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "c2ln"}]),
    );
    let found = found(&card);
    assert!(found.contains(&pair("A2A-W016", "/security")), "{found:?}");
    assert!(
        found.contains(&pair("A2A-W022", "/signatures")),
        "{found:?}"
    );
}

#[test]
fn many_v03_requirements_map_back_to_their_own_pointers() {
    let mut card = base_v03();
    let security: Vec<Value> = (0..2000).map(|i| json!({ format!("s{i}"): [] })).collect();
    card["security"] = Value::Array(security);
    let report = validate_value(&card, Profile::Spec, None);
    let undeclared: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::UndeclaredScheme)
        .map(|d| d.pointer.as_str())
        .collect();
    assert_eq!(undeclared.len(), 2000);
    assert_eq!(undeclared[1234], "/security/1234/s1234");
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(base().to_string().as_bytes());
    assert!(AgentCard::from_json_slice(&bytes).is_ok());
}

#[test]
fn syntax_error_columns_count_characters_not_bytes() {
    let err =
        AgentCard::from_json_slice("{\"name\": \"日本語日本語\", oops}".as_bytes()).unwrap_err();
    match err {
        a2a_card::ReadError::Syntax { line, column, .. } => {
            assert_eq!((line, column), (1, 20));
        }
        other => panic!("expected a syntax error, got {other}"),
    }
}

#[test]
fn messages_escape_control_characters_and_withhold_secrets() {
    let mut card = base();
    card["securityRequirements"] = json!([{"schemes": {"x\nerror A2A-E999 /fake: injected": {}}}]);
    card["skills"][0]["id"] = json!("sk-4f9a8b7c6d5e4f3a2b1c0d9e");
    let skill = card["skills"][0].clone();
    card["skills"].as_array_mut().unwrap().push(skill);
    let report = validate_value(&card, Profile::Spec, None);
    for d in &report.diagnostics {
        let line = d.to_string();
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(!line.contains("4f9a8b7c6d5e"), "{line}");
    }
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == Code::DuplicateSkillId)
    );
}

#[test]
fn v03_rendering_keeps_the_scopes_v03_requires() {
    let mut card = base();
    card["securitySchemes"]["legacy"] =
        json!({"oauth2SecurityScheme": {"flows": {"implicit": {}}}});
    card["securityRequirements"] = json!([{"schemes": {"key": {}}}, {"schemes": {"legacy": {}}}]);
    let read = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let v03 = read.to_v03();
    assert_eq!(
        v03.json["securitySchemes"]["legacy"]["flows"]["implicit"]["scopes"],
        json!({})
    );
    let missing = "/securitySchemes/legacy/oauth2SecurityScheme/flows/implicit/authorizationUrl";
    assert!(
        v03.notes.iter().any(|n| n.pointer == missing),
        "{:?}",
        v03.notes
    );
}

#[test]
fn url_forms_that_are_fine() {
    let mut card = base();
    card["iconUrl"] = json!("data:image/png;base64,iVBORw0KGgo=");
    card["documentationUrl"] = json!("https://例え.jp/docs");
    card["supportedInterfaces"].as_array_mut().unwrap().push(
        json!({"url": "dns:///grpc.example.com:443", "protocolBinding": "GRPC",
                     "protocolVersion": "1.0"}),
    );
    card["supportedInterfaces"].as_array_mut().unwrap().push(
        json!({"url": "https://routes.example.com/mqtt",
                     "protocolBinding": "https://bindings.example.com/mqtt/v1",
                     "protocolVersion": "1.0"}),
    );
    assert_eq!(found(&card), vec![]);
}

#[test]
fn url_forms_that_are_not() {
    let mut card = base();
    card["documentationUrl"] = json!("https://docs.example.com:99999/");
    card["supportedInterfaces"][0]["url"] = json!("ws://routes.example.com/a2a");
    card["supportedInterfaces"][0]["protocolBinding"] = json!("REST");
    assert_eq!(
        found(&card),
        vec![
            pair("A2A-E036", "/supportedInterfaces/0/protocolBinding"),
            pair("A2A-E033", "/documentationUrl"),
            pair("A2A-W012", "/supportedInterfaces/0/url"),
        ]
    );
}

/// Renames every key of `value` (recursively, except inside maps of names) to snake_case.
fn snake_case_keys(value: &Value, in_name_map: bool) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let names = matches!(k.as_str(), "securitySchemes" | "schemes" | "scopes");
                    let key = if in_name_map {
                        k.clone()
                    } else {
                        k.chars()
                            .flat_map(|c| {
                                if c.is_ascii_uppercase() {
                                    vec!['_', c.to_ascii_lowercase()]
                                } else {
                                    vec![c]
                                }
                            })
                            .collect()
                    };
                    (key, snake_case_keys(v, names))
                })
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| snake_case_keys(v, false)).collect())
        }
        other => other.clone(),
    }
}

#[test]
fn proto_field_names_read_as_json_names_with_a_warning() {
    let snake = snake_case_keys(&base(), false);
    assert!(snake.get("supported_interfaces").is_some());
    assert!(
        snake["security_schemes"]["key"]
            .get("api_key_security_scheme")
            .is_some()
    );
    let read = AgentCard::read(snake.to_string().as_bytes()).unwrap();
    let camel = AgentCard::from_json_slice(base().to_string().as_bytes()).unwrap();
    assert_eq!(read.card, camel);
    assert!(
        read.notes
            .iter()
            .any(|n| n.code == Code::ProtoFieldName && n.pointer == "/supported_interfaces")
    );
    // Findings point at the names as written.
    let mut broken = snake.clone();
    broken["supported_interfaces"][0]["protocol_version"] = json!("v1");
    let found = found(&broken);
    assert!(
        found.contains(&pair(
            "A2A-E030",
            "/supported_interfaces/0/protocol_version"
        )),
        "{found:?}"
    );
}

#[test]
fn v03_rendering_lists_only_the_interfaces_v03_clients_can_use() {
    let mut card = base();
    card["supportedInterfaces"] = json!([
        {"url": "https://routes.example.com/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": "https://routes.example.com/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
        {"url": "https://routes.example.com/v03/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}
    ]);
    let read = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let v03 = read.to_v03();
    assert_eq!(v03.json["url"], "https://routes.example.com/v03");
    assert_eq!(v03.json["protocolVersion"], "0.3.0");
    let listed: Vec<&str> = v03.json["additionalInterfaces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["url"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        [
            "https://routes.example.com/v03",
            "https://routes.example.com/v03/rest"
        ]
    );
    assert!(
        v03.notes
            .iter()
            .any(|n| n.code == Code::ConversionLoss && n.pointer == "/supportedInterfaces/0")
    );
}

// --- Second review -----------------------------------------------------------------------

#[test]
fn a_non_ascii_icon_url_is_an_error_not_a_panic() {
    for icon in ["abcdé", "ʼʼʼʼʼ"] {
        let mut card = base();
        card["iconUrl"] = json!(icon);
        assert_eq!(found(&card), vec![pair("A2A-E033", "/iconUrl")], "{icon}");
    }
}

#[test]
fn pointers_follow_proto_names_and_legacy_spellings_together() {
    let mut card = base();
    let map = card.as_object_mut().unwrap();
    map.remove("securitySchemes");
    map.remove("securityRequirements");
    map.insert(
        "security_schemes".into(),
        json!({"k": {"type": "apiKey", "in": "body", "name": "X"}}),
    );
    map.insert(
        "security_requirements".into(),
        json!([{"k": [], "nokey": []}]),
    );
    let found = found(&card);
    for expected in [
        pair("A2A-E022", "/security_schemes/k/in"),
        pair("A2A-E031", "/security_requirements/0/nokey"),
        pair("A2A-W016", "/security_requirements/0"),
        pair("A2A-W016", "/security_schemes/k/type"),
    ] {
        assert!(
            found.contains(&expected),
            "{expected:?} missing from {found:?}"
        );
    }
}

#[test]
fn v03_additional_interfaces_with_v1_names_point_at_what_was_written() {
    let mut card = base_v03();
    card["additionalInterfaces"] = json!([{"url": "https://routes.example.com/g",
        "protocolBinding": "rest", "protocolVersion": "x"}]);
    let found = found(&card);
    assert!(
        found.contains(&pair("A2A-E030", "/additionalInterfaces/0/protocolVersion")),
        "{found:?}"
    );
    assert!(
        found.contains(&pair("A2A-E036", "/additionalInterfaces/0/protocolBinding")),
        "{found:?}"
    );
}

#[test]
fn proto_named_interfaces_make_a_v1_card_even_with_a_leftover_url() {
    let mut card = snake_case_keys(&base(), false);
    card["url"] = json!("https://old.example/rpc");
    let read = AgentCard::read(card.to_string().as_bytes()).unwrap();
    assert_eq!(read.source_version, a2a_card::CardVersion::V1_0);
    assert_eq!(
        read.card.supported_interfaces[0].url,
        "https://routes.example.com/a2a"
    );
    assert!(found(&card).contains(&pair("A2A-W016", "/url")));
}

#[test]
fn stand_ins_for_wrong_values_cause_no_findings_of_their_own() {
    // A wrong requirement item: no "empty entry" E035 and no "unused scheme" W013.
    let mut card = base();
    card["capabilities"]["extendedAgentCard"] = json!(true);
    card["securityRequirements"] = json!([5]);
    assert_eq!(
        found(&card),
        vec![pair("A2A-E002", "/securityRequirements/0")]
    );
    // A wrong securitySchemes: no "not a key of securitySchemes" E031.
    let mut card = base();
    card["securitySchemes"] = json!("oops");
    assert_eq!(found(&card), vec![pair("A2A-E002", "/securitySchemes")]);
    // The wrong scopes of an undeclared scheme: both findings.
    let mut card = base();
    card["securityRequirements"] = json!([{"schemes": {"key": {}, "nokey": "read"}}]);
    let found = found(&card);
    assert!(found.contains(&pair("A2A-E002", "/securityRequirements/0/schemes/nokey")));
    assert!(found.contains(&pair("A2A-E031", "/securityRequirements/0/schemes/nokey")));
}

#[test]
fn schemes_of_the_wrong_type_in_a_v1_card_is_a_type_error() {
    for schemes in [json!([]), json!(5)] {
        let mut card = base();
        card["securityRequirements"] = json!([{"schemes": schemes}]);
        assert_eq!(
            found(&card),
            vec![pair("A2A-E002", "/securityRequirements/0/schemes")],
            "{schemes}"
        );
    }
}

#[test]
fn mcp_messages_withhold_secret_values() {
    let doc = json!({"tools": [{"name": "t", "description": "d",
        "inputSchema": {"type": "sk-proj-3f9a1c2b4d5e6f708192a3b4"}}]});
    let report = validate_value(&doc, Profile::Spec, None);
    assert_eq!(report.diagnostics.len(), 1);
    assert!(
        !report.diagnostics[0].message.contains("3f9a1c2b"),
        "{}",
        report.diagnostics[0]
    );
}

#[test]
fn v03_rendering_prefers_the_v1_values_over_leftovers() {
    let mut card = base();
    card["supportedInterfaces"] = json!([{"url": "https://new.example/a2a",
        "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}]);
    card["url"] = json!("https://old.example/a2a");
    card["protocolVersion"] = json!("0.2.5");
    card["capabilities"]["extendedAgentCard"] = json!(true);
    card["supportsAuthenticatedExtendedCard"] = json!(false);
    let read = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let v03 = read.to_v03();
    assert_eq!(v03.json["url"], "https://new.example/a2a");
    assert_eq!(v03.json["protocolVersion"], "0.3.0");
    assert_eq!(v03.json["supportsAuthenticatedExtendedCard"], true);
    for leftover in [
        "/url",
        "/protocolVersion",
        "/supportsAuthenticatedExtendedCard",
    ] {
        assert!(
            v03.notes
                .iter()
                .any(|n| n.code == Code::ConversionLoss && n.pointer == leftover),
            "{leftover}: {:?}",
            v03.notes
        );
    }
}

#[test]
fn null_v03_capabilities_still_carry_the_extended_card_flag() {
    let mut card = base_v03();
    card["capabilities"] = Value::Null;
    card["supportsAuthenticatedExtendedCard"] = json!(true);
    card.as_object_mut().unwrap().remove("security");
    let found = found(&card);
    assert!(
        found.contains(&pair("A2A-E010", "/capabilities")),
        "{found:?}"
    );
    assert!(
        found.contains(&pair("A2A-E035", "/supportsAuthenticatedExtendedCard")),
        "{found:?}"
    );
}

#[test]
fn credentials_inside_wrong_values_are_still_found() {
    let mut card = base();
    card["documentationUrl"] = json!(["https://user:hunter2@docs.example.com/"]);
    let found = found(&card);
    assert!(
        found.contains(&pair("A2A-E002", "/documentationUrl")),
        "{found:?}"
    );
    assert!(
        found.contains(&pair("A2A-W014", "/documentationUrl/0")),
        "{found:?}"
    );
}

#[test]
fn missing_flows_are_reported_once() {
    let mut card = base();
    card["securitySchemes"]["o"] = json!({"oauth2SecurityScheme": {}});
    card["securityRequirements"] = json!([{"schemes": {"key": {}}}, {"schemes": {"o": {}}}]);
    assert_eq!(
        found(&card),
        vec![pair(
            "A2A-E010",
            "/securitySchemes/o/oauth2SecurityScheme/flows"
        )]
    );
}

#[test]
fn a_type_without_a_wrapper_is_reported_once_as_no_variant() {
    let mut card = base();
    card["securitySchemes"]["x"] = json!({"type": "bearer"});
    card["securityRequirements"] = json!([{"schemes": {"key": {}}}, {"schemes": {"x": {}}}]);
    assert_eq!(found(&card), vec![pair("A2A-E020", "/securitySchemes/x")]);
}

#[test]
fn too_deep_json_says_so() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let err = AgentCard::from_json_slice(deep.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("128 levels"), "{err}");
}

/// Found by the fuzz target card_pipeline: a v0.3 `additionalInterfaces` entry repeating the
/// main `url` with a field v1.0 does not define was read as a second interface, so rendering
/// a card to v0.3 and reading it back doubled its main interface (and every round again).
#[test]
fn a_repeat_of_the_main_interface_with_unknown_fields_is_not_a_second_interface() {
    let mut card = base_v03();
    card["additionalInterfaces"] = json!([
        {"url": card["url"], "transport": "JSONRPC", "x-region": "eu"},
        {"url": "https://routes.example.com/rest", "transport": "HTTP+JSON"}
    ]);
    let read = AgentCard::read(card.to_string().as_bytes()).unwrap();
    let interfaces = &read.card.supported_interfaces;
    assert_eq!(interfaces.len(), 2, "{interfaces:?}");
    assert_eq!(interfaces[0].url, "https://routes.example.com/a2a");
    assert_eq!(interfaces[0].extra["x-region"], "eu");
    assert_eq!(
        read.pointers.to_source("/supportedInterfaces/0/x-region"),
        "/additionalInterfaces/0/x-region"
    );

    // Rendered to v0.3 and read back: the same card, however often.
    let rendering = read.card.to_v03().json;
    let again = AgentCard::read(rendering.to_string().as_bytes()).unwrap();
    assert_eq!(
        again.card.supported_interfaces,
        read.card.supported_interfaces
    );
    assert_eq!(again.card.to_v03().json, rendering);

    // A repeat with a tenant of its own is another interface.
    card["additionalInterfaces"][0] =
        json!({"url": card["url"], "transport": "JSONRPC", "tenant": "t1"});
    let read = AgentCard::read(card.to_string().as_bytes()).unwrap();
    assert_eq!(read.card.supported_interfaces.len(), 3);
}

/// Found by the fuzz target card_pipeline: when every other interface was left out of the v0.3
/// rendering (they speak 1.0), `additionalInterfaces` still listed the main one alone, and
/// the rendering read back rendered without it.
#[test]
fn a_v03_rendering_lists_additional_interfaces_only_when_some_remain() {
    let mut card = base();
    card["supportedInterfaces"] = json!([
        {"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
        {"url": "https://routes.example.com/v1", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
    ]);
    let card = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let rendering = card.to_v03();
    assert_eq!(rendering.json["url"], "https://routes.example.com/a2a");
    assert!(
        rendering.json.get("additionalInterfaces").is_none(),
        "{}",
        rendering.json
    );
    assert!(
        rendering
            .notes
            .iter()
            .any(|n| n.code == Code::ConversionLoss && n.pointer == "/supportedInterfaces/1")
    );
    let again = AgentCard::read(rendering.json.to_string().as_bytes()).unwrap();
    assert_eq!(again.card.to_v03().json, rendering.json);

    // With a tenant, the list is where the main interface keeps it.
    let mut tenant = card.clone();
    tenant.supported_interfaces.truncate(1);
    tenant.supported_interfaces[0].tenant = "t1".into();
    let rendering = tenant.to_v03().json;
    assert_eq!(rendering["additionalInterfaces"][0]["tenant"], "t1");
}

#[test]
fn repeated_member_names_are_refused_when_reading_bytes_and_reported_by_validate() {
    // A signed card with an extra first "name" verified (serde_json keeps the last) while a
    // reader keeping the first saw the attacker's name: the bytes are refused, not guessed at.
    let text = first_member(&base(), "\"name\":\"Evil\"").replacen(
        "\"supportedInterfaces\":[{",
        "\"supportedInterfaces\":[{\"url\":\"https://evil.example\",",
        1,
    );
    let err = AgentCard::read(text.as_bytes()).unwrap_err();
    let a2a_card::ReadError::Shape(found) = &err else {
        panic!("{err:?}");
    };
    let found: Vec<_> = found.iter().map(|d| (d.code, d.pointer.as_str())).collect();
    assert_eq!(
        found,
        [
            (Code::DuplicateMember, "/name"),
            (Code::DuplicateMember, "/supportedInterfaces/0/url"),
        ]
    );
    assert!(err.to_string().contains("A2A-E004"), "{err}");
    assert!(AgentCard::from_json_str(&text).is_err());

    // validate keeps checking the rest and points into the document as written (v0.3 here).
    let mut v03 = base_v03();
    v03["skills"][0]["tags"] = json!([]);
    let text = first_member(&v03, "\"url\":\"x\"");
    let report =
        a2a_card::validate::validate_document(text.as_bytes(), Profile::Spec, None).unwrap();
    let codes: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert!(
        codes.contains(&(Code::DuplicateMember, "/url")),
        "{codes:?}"
    );
    // Empty tags are valid v0.3 (its schema sets no minimum): a note for the migration.
    assert!(
        codes.contains(&(Code::NeededForV1, "/skills/0/tags")),
        "{codes:?}"
    );
    // Names are compared decoded; the same name in two objects is no repeat.
    let escaped = first_member(&base(), "\"n\\u0061me\":\"Evil\"");
    assert!(AgentCard::read(escaped.as_bytes()).is_err());
    assert!(AgentCard::read(base().to_string().as_bytes()).is_ok());
}

/// `doc` as compact JSON with `member` written first in the root object.
fn first_member(doc: &Value, member: &str) -> String {
    format!("{{{member},{}", &doc.to_string()[1..])
}
