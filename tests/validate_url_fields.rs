//! Every URL field of a card is checked where it stands: a relative URL in any of them gives
//! A2A-E033 at exactly its pointer. (The broken-card corpus counts codes; this counts the
//! places a rule is applied, so dropping the check of one field fails here.)

use a2a_card::{
    Code,
    validate::{Profile, validate_value},
};
use serde_json::Value;

const EVERY_FIELD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/interop/every-field.json"
);

/// Pointers of the string fields whose name ends in `url` / `Url`.
fn url_fields(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let token = key.replace('~', "~0").replace('/', "~1");
                let here = format!("{at}/{token}");
                if child.is_string() && key.to_ascii_lowercase().ends_with("url") {
                    out.push(here.clone());
                }
                url_fields(child, &here, out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                url_fields(child, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn a_relative_url_is_reported_in_every_url_field() {
    let card: Value = serde_json::from_slice(&std::fs::read(EVERY_FIELD).unwrap()).unwrap();
    let mut fields = Vec::new();
    url_fields(&card, "", &mut fields);
    // The fixture has every URL field the v1.0 card defines.
    for expected in [
        "/provider/url",
        "/documentationUrl",
        "/iconUrl",
        "/supportedInterfaces/0/url",
        "/securitySchemes/code/oauth2SecurityScheme/oauth2MetadataUrl",
        "/securitySchemes/code/oauth2SecurityScheme/flows/authorizationCode/authorizationUrl",
        "/securitySchemes/code/oauth2SecurityScheme/flows/authorizationCode/tokenUrl",
        "/securitySchemes/code/oauth2SecurityScheme/flows/authorizationCode/refreshUrl",
        "/securitySchemes/machines/oauth2SecurityScheme/flows/clientCredentials/tokenUrl",
        "/securitySchemes/devices/oauth2SecurityScheme/flows/deviceCode/deviceAuthorizationUrl",
        "/securitySchemes/devices/oauth2SecurityScheme/flows/deviceCode/tokenUrl",
        "/securitySchemes/legacyImplicit/oauth2SecurityScheme/flows/implicit/authorizationUrl",
        "/securitySchemes/legacyPassword/oauth2SecurityScheme/flows/password/tokenUrl",
        "/securitySchemes/oidc/openIdConnectSecurityScheme/openIdConnectUrl",
    ] {
        assert!(
            fields.iter().any(|f| f == expected),
            "the fixture lacks {expected}"
        );
    }
    let clean = validate_value(&card, Profile::Spec, None);
    assert!(
        !clean
            .diagnostics
            .iter()
            .any(|d| d.code == Code::NotAbsoluteUrl),
        "{:?}",
        clean.diagnostics
    );
    for field in &fields {
        let mut broken = card.clone();
        *broken.pointer_mut(field).unwrap() = Value::String("relative/path".into());
        let report = validate_value(&broken, Profile::Spec, None);
        assert!(
            report
                .diagnostics
                .iter()
                .any(|d| d.code == Code::NotAbsoluteUrl && d.pointer == *field && d.is_error()),
            "a relative URL at {field} is not reported: {:?}",
            report.diagnostics
        );
    }
}

/// A GRPC interface's URL is held to the forms gRPC clients dial, each near miss reported
/// at the interface's own pointer; the same URL under JSONRPC keeps the HTTP rule.
#[test]
fn a_grpc_interface_url_is_checked_for_the_forms_grpc_dials() {
    let card: Value = serde_json::from_slice(&std::fs::read(EVERY_FIELD).unwrap()).unwrap();
    let with = |url: &str, binding: &str| {
        let mut card = card.clone();
        let interfaces = card["supportedInterfaces"].as_array_mut().unwrap();
        interfaces.push(serde_json::json!({
            "url": url, "protocolBinding": binding, "protocolVersion": "1.0"
        }));
        let at = format!("/supportedInterfaces/{}/url", interfaces.len() - 1);
        let report = validate_value(&card, Profile::Spec, None);
        let codes: Vec<(Code, String)> = report
            .diagnostics
            .iter()
            .filter(|d| d.pointer == at)
            .map(|d| (d.code, d.message.clone()))
            .collect();
        codes
    };
    for fine in [
        "https://georoute-agent.example.com/a2a/grpc",
        "grpcs://grpc.example.com:443",
        "grpc.example.com:443",
        "dns:///grpc.example.com:443",
    ] {
        assert_eq!(with(fine, "GRPC"), vec![], "{fine}");
    }
    for (near_miss, says) in [
        ("https://grpc.example.com/a2a?tenant=t", "a query"),
        ("https://grpc.example.com/a2a#frag", "a fragment"),
        ("unix:///run/agent.sock", "unix: is not a scheme"),
        ("ws://grpc.example.com/a2a", "ws: is not a scheme"),
        ("grpc.example.com", "without a port"),
    ] {
        let found = with(near_miss, "GRPC");
        let errors: Vec<_> = found
            .iter()
            .filter(|(code, _)| *code == Code::NotAbsoluteUrl)
            .collect();
        assert!(
            errors.len() == 1 && errors[0].1.contains(says),
            "{near_miss}: {found:?}"
        );
    }
    // Cleartext gRPC is a warning like plain http on the other bindings.
    for cleartext in [
        "grpc://grpc.example.com:50051",
        "http://grpc.example.com/a2a",
    ] {
        assert_eq!(
            with(cleartext, "GRPC")
                .iter()
                .map(|(code, _)| *code)
                .collect::<Vec<_>>(),
            vec![Code::InsecureUrl],
            "{cleartext}"
        );
    }
    // The HTTP bindings keep their rule: a query is part of an HTTP URL.
    assert_eq!(with("https://a.example/rpc?x=1", "JSONRPC"), vec![]);
    assert_eq!(
        with("grpc.example.com:443", "JSONRPC")[0].0,
        Code::NotAbsoluteUrl
    );
}
