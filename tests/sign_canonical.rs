//! The canonical payload of card signatures (A2A §8.4.1): RFC 8785's own test vectors
//! through `canonicalize`, and the ProtoJSON rules (what is kept, what is dropped) through
//! `canonical_payload`.
#![cfg(feature = "sign")]

use a2a_card::AgentCard;
use a2a_card::sign::{
    PayloadForm, canonical_payload, canonicalize, payload_in_form, uncovered_in_form,
    unsigned_fields,
};
use serde_json::{Value, json};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/rfc8785/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn payload_text(card: &AgentCard) -> String {
    String::from_utf8(canonical_payload(card)).unwrap()
}

#[test]
fn rfc8785_values_example() {
    let input: Value = serde_json::from_slice(&fixture("values-input.json")).unwrap();
    assert_eq!(
        String::from_utf8(canonicalize(&input)).unwrap(),
        String::from_utf8(fixture("values-output.json")).unwrap()
    );
}

#[test]
fn rfc8785_sorting_example() {
    let input: Value = serde_json::from_slice(&fixture("sorting-input.json")).unwrap();
    assert_eq!(
        String::from_utf8(canonicalize(&input)).unwrap(),
        String::from_utf8(fixture("sorting-output.json")).unwrap()
    );
}

/// Appendix B's samples as (double, expected text).
fn number_samples() -> Vec<(f64, String)> {
    let text = String::from_utf8(fixture("numbers.txt")).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (hex, expected) = line.split_once(' ').unwrap();
            let bits = u64::from_str_radix(hex, 16).unwrap();
            (f64::from_bits(bits), expected.to_owned())
        })
        .collect()
}

#[test]
fn rfc8785_number_samples() {
    let samples = number_samples();
    assert_eq!(samples.len(), 24);
    for (number, expected) in samples {
        let got = String::from_utf8(canonicalize(&json!(number))).unwrap();
        assert_eq!(got, expected, "{number:e} ({:016x})", number.to_bits());
    }
}

#[test]
fn numbers_in_extension_params_are_signed_in_es6_form() {
    // google.protobuf.Struct holds doubles; the payload writes them as RFC 8785 says.
    let samples = number_samples();
    let params: serde_json::Map<String, Value> = samples
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (format!("n{i:02}"), json!(n)))
        .collect();
    let card = AgentCard::from_value(json!({
        "name": "Numbers",
        "capabilities": {"extensions": [{"uri": "https://example.com/ext", "params": params}]}
    }))
    .unwrap()
    .card;
    let payload = payload_text(&card);
    for (i, (_, expected)) in samples.iter().enumerate() {
        assert!(
            payload.contains(&format!("\"n{i:02}\":{expected}")),
            "n{i:02} {expected} in {payload}"
        );
    }
    // An integer beyond 2^53 is a double in a Struct: 2^53 + 1 is signed as 2^53.
    let big = AgentCard::from_value(json!({"capabilities": {"extensions": [
        {"uri": "u", "params": {"big": 9007199254740993u64}}]}}))
    .unwrap()
    .card;
    assert!(payload_text(&big).contains(r#""big":9007199254740992"#));
}

#[test]
fn the_spec_example_of_default_value_removal() {
    // A2A §8.4.1: optional fields explicitly set (even to false) stay, empty optional lists
    // go, REQUIRED fields stay even when empty.
    let card = AgentCard::from_json_str(
        r#"{"name": "Example Agent", "description": "",
            "capabilities": {"streaming": false, "pushNotifications": false, "extensions": []},
            "skills": []}"#,
    )
    .unwrap();
    // The spec shows only the fields of its fragment; a whole card also has the other
    // REQUIRED fields, empty.
    assert_eq!(
        payload_text(&card),
        r#"{"capabilities":{"pushNotifications":false,"streaming":false},"defaultInputModes":[],"defaultOutputModes":[],"description":"","name":"Example Agent","skills":[],"supportedInterfaces":[],"version":""}"#
    );
}

#[test]
fn protojson_defaults_are_omitted_and_required_values_and_map_keys_kept() {
    let card = AgentCard::from_json_str(
        r#"{"name": "A", "capabilities": {"extensions": [{"uri": "u", "required": false}]},
            "securitySchemes": {"oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials":
                {"tokenUrl": "https://a.example/token", "scopes": {}}}}},
                                "bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
            "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}"#,
    )
    .unwrap();
    let payload = payload_text(&card);
    assert!(
        payload.contains(r#""extensions":[{"uri":"u"}]"#),
        "{payload}"
    );
    assert!(
        payload.contains(r#""securityRequirements":[{"schemes":{"bearer":{}}}]"#),
        "{payload}"
    );
    assert!(payload.contains(r#""scopes":{}"#), "{payload}");
}

#[test]
fn unknown_fields_are_signed_in_the_spec_form_dropped_from_the_proto_forms_and_listed() {
    let card = AgentCard::from_json_str(
        r#"{"name": "A", "x-price": 3, "skills": [{"id": "s", "x-internal": true}],
            "securitySchemes": {"a/b": {"mtlsSecurityScheme": {}, "x-note": "n"}}}"#,
    )
    .unwrap();
    // The spec's form is the card as written: what it carries, it covers.
    let payload = payload_text(&card);
    assert!(payload.contains(r#""x-price":3"#), "{payload}");
    assert!(payload.contains(r#""x-note":"n""#), "{payload}");
    // The forms a proto-based reader computes do not have them.
    for form in [PayloadForm::Proto, PayloadForm::Rendered] {
        let payload = String::from_utf8(payload_in_form(&card, form)).unwrap();
        assert!(!payload.contains("x-"), "{form}: {payload}");
        assert!(
            payload.contains(r#""a/b":{"mtlsSecurityScheme":{}}"#),
            "{payload}"
        );
        assert_eq!(
            uncovered_in_form(&card, form),
            [
                "/securitySchemes/a~1b/x-note",
                "/skills/0/x-internal",
                "/x-price"
            ],
            "{form}"
        );
    }
    assert_eq!(
        unsigned_fields(&card),
        [
            "/securitySchemes/a~1b/x-note",
            "/skills/0/x-internal",
            "/x-price"
        ]
    );
}

#[test]
fn key_order_whitespace_and_signatures_do_not_change_the_payload() {
    let compact = r#"{"name":"A","description":"Plans routes.","version":"1","skills":[{"id":"s","name":"S","description":"d","tags":["t"]}]}"#;
    let spaced = r#"{
        "skills" : [ { "tags" : [ "t" ], "description" : "d", "name" : "S", "id" : "s" } ],
        "version" : "1", "description" : "Plans routes.", "name" : "A",
        "signatures": [{"protected": "e30", "signature": "c2ln"}]
    }"#;
    assert_eq!(
        canonical_payload(&AgentCard::from_json_str(compact).unwrap()),
        canonical_payload(&AgentCard::from_json_str(spaced).unwrap())
    );
}

#[test]
fn the_sdk_form_deletes_empty_values_the_spec_form_keeps() {
    let card = AgentCard::from_json_str(
        r#"{"name": "A", "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
            "securityRequirements": [{"schemes": {"bearer": {}}}]}"#,
    )
    .unwrap();
    let spec = String::from_utf8(payload_in_form(&card, PayloadForm::Spec)).unwrap();
    let sdk = String::from_utf8(payload_in_form(&card, PayloadForm::A2aSdk13)).unwrap();
    assert!(spec.contains(r#""securityRequirements":[{"schemes":{"bearer":{}}}]"#));
    assert!(
        !sdk.contains("securityRequirements") && !sdk.contains(r#""description""#),
        "{sdk}"
    );
}

/// RFC 8785's edges one by one: U+2028 and U+2029 written as they are (JSON allows them; an
/// ECMAScript-safe serializer would escape them), control characters as lowercase `\u00xx`
/// except the five short escapes, `-0` as `0`, 1e21 in exponent form and 1e20 not, 1e-7 in
/// exponent form and 1e-6 not, `/` not escaped; keys sorted by UTF-16 code units.
#[test]
fn rfc8785_edges_one_by_one() {
    let cases: [(Value, &str); 12] = [
        (json!("\u{2028}\u{2029}"), "\"\u{2028}\u{2029}\""),
        (json!("\u{1f}\u{7f}"), "\"\\u001f\u{7f}\""),
        (json!("\u{8}\t\n\u{c}\r\"\\/"), r#""\b\t\n\f\r\"\\/""#),
        (json!(-0.0), "0"),
        (json!(1e21), "1e+21"),
        (json!(1e20), "100000000000000000000"),
        (json!(1e-7), "1e-7"),
        (json!(1e-6), "0.000001"),
        (json!(-1.5e300), "-1.5e+300"),
        (json!(5e-324), "5e-324"),
        (json!(0.1), "0.1"),
        // U+FB33 sorts after U+1F600 by code point, before it by UTF-16 code unit (0xD83D).
        (
            json!({"\u{1f600}": 1, "\u{fb33}": 2, "\u{e9}": 3}),
            "{\"\u{e9}\":3,\"\u{1f600}\":1,\"\u{fb33}\":2}",
        ),
    ];
    for (value, expected) in cases {
        assert_eq!(
            String::from_utf8(canonicalize(&value)).unwrap(),
            expected,
            "{value}"
        );
    }
}

/// A lone surrogate has no UTF-8 form, so no canonical one: a card carrying one (in a value
/// or a key) is refused when it is read, before anything could sign or verify it.
#[test]
fn lone_surrogates_are_refused() {
    for text in [
        r#"{"name": "\ud800"}"#,
        r#"{"name": "a\udc00b"}"#,
        r#"{"name": "\ude00\ud83d"}"#,
        r#"{"capabilities": {"extensions": [{"uri": "u", "params": {"\ud83d": 1}}]}}"#,
    ] {
        assert!(AgentCard::from_json_str(text).is_err(), "{text}");
    }
    // The pair itself is one character.
    let card = AgentCard::from_json_str(r#"{"name": "\ud83d\ude00"}"#).unwrap();
    assert!(payload_text(&card).contains("\"name\":\"\u{1f600}\""));
}

/// The SDK forms' deletions, pointer by pointer: the topmost empty value of each place, a
/// container emptied by them in its place, and nothing for `false` and `0`.
#[test]
fn what_each_sdk_form_leaves_uncovered() {
    let card = AgentCard::from_json_str(
        r#"{"name": "A", "description": "",
            "capabilities": {"streaming": false, "extensions": [
                {"uri": "u", "params": {"zero": 0, "off": false, "gone": "", "nested": {"e": []}}}]},
            "securityRequirements": [{"schemes": {"apiKey": {}}}, {"schemes": {"o": {"list": ["r"]}, "b": {}}}],
            "skills": [{"id": "s", "tags": ["", "t"]}]}"#,
    )
    .unwrap();
    let uncovered = [
        "/capabilities/extensions/0/params/gone",
        "/capabilities/extensions/0/params/nested",
        "/defaultInputModes",
        "/defaultOutputModes",
        "/description",
        "/securityRequirements/0",
        "/securityRequirements/1/schemes/b",
        "/skills/0/description",
        "/skills/0/name",
        "/skills/0/tags/0",
        "/supportedInterfaces",
        "/version",
    ];
    for form in [PayloadForm::A2aSdk13, PayloadForm::A2aJs13] {
        let mut got = uncovered_in_form(&card, form);
        got.sort();
        assert_eq!(got, uncovered, "{form}");
        let payload = String::from_utf8(payload_in_form(&card, form)).unwrap();
        assert!(payload.contains(r#""off":false"#) && payload.contains(r#""zero":0"#));
        assert!(payload.contains(r#""streaming":false"#), "{payload}");
        assert!(payload.contains(r#""tags":["t"]"#), "{payload}");
    }
    assert!(uncovered_in_form(&card, PayloadForm::Spec).is_empty());
    // Nothing left: the whole card, `null` for Python, `{}` for JavaScript.
    let empty = AgentCard::default();
    assert_eq!(uncovered_in_form(&empty, PayloadForm::A2aSdk13), [""]);
    assert_eq!(payload_in_form(&empty, PayloadForm::A2aSdk13), b"null");
    assert_eq!(payload_in_form(&empty, PayloadForm::A2aJs13), b"{}");
}
