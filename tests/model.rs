//! The card model: reading every shape found in the wild into one v1.0 model, migration
//! v0.3 -> v1.0 -> v0.3, unknown fields, and ProtoJSON writing.

use a2a_card::{
    AgentCard, AgentInterface, ApiKeySecurityScheme, AuthorizationCodeOAuthFlow, CardVersion, Code,
    HttpAuthSecurityScheme, MutualTlsSecurityScheme, OAuth2SecurityScheme, OAuthFlows,
    OpenIdConnectSecurityScheme, ReadError, SecurityRequirement, SecurityScheme, Severity,
};
use serde_json::{Map, Value, json};

fn bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).unwrap()
}

fn read(value: &Value) -> AgentCard {
    AgentCard::from_json_slice(&bytes(value))
        .unwrap_or_else(|e| panic!("the card should read: {e}\n{value:#}"))
}

/// A complete v1.0 card in the form the writer produces (nothing that ProtoJSON omits).
fn v1_card() -> Value {
    json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": [
            {"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
             "protocolVersion": "1.0"}
        ],
        "version": "2.1.0",
        "capabilities": {"streaming": true},
        "securitySchemes": {
            "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {
                "tokenUrl": "https://auth.example.com/token",
                "scopes": {"read": "Read routes"}}}}}
        },
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [
            {"id": "route", "name": "Route", "description": "Plans a route from A to B.",
             "tags": ["maps"], "examples": ["Drive from Lyon to Turin"]}
        ]
    })
}

/// A v0.3 card (top-level url, `type`-discriminated schemes).
fn v03_card() -> Value {
    json!({
        "protocolVersion": "0.3.0",
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "url": "https://routes.example.com/a2a",
        "preferredTransport": "JSONRPC",
        "version": "2.1.0",
        "capabilities": {"streaming": true},
        "securitySchemes": {
            "oauth": {"type": "oauth2", "flows": {"clientCredentials": {
                "tokenUrl": "https://auth.example.com/token",
                "scopes": {"read": "Read routes"}}}}
        },
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [
            {"id": "route", "name": "Route", "description": "Plans a route from A to B.",
             "tags": ["maps"], "examples": ["Drive from Lyon to Turin"]}
        ]
    })
}

// ---------------------------------------------------------------------------------------------
// Three spellings of security requirements.

fn with_requirements(mut card: Value, key: &str, requirements: Value) -> Value {
    card[key] = requirements.clone();
    card["skills"][0][key] = requirements;
    card
}

#[test]
fn three_spellings_of_security_requirements_read_to_the_same_model() {
    let expected = vec![SecurityRequirement::new([("oauth", vec!["read"])])];
    let spellings = [
        (
            "v1.0 proto",
            "securityRequirements",
            json!([{"schemes": {"oauth": {"list": ["read"]}}}]),
        ),
        ("v0.3 JSON", "security", json!([{"oauth": ["read"]}])),
        (
            "Google's v0.3 docs",
            "security",
            json!([{"schemes": {"oauth": {"list": ["read"]}}}]),
        ),
    ];
    for base in [v1_card(), v03_card()] {
        let version = if base.get("url").is_some() {
            "v0.3"
        } else {
            "v1.0"
        };
        let mut models = Vec::new();
        for (spelling, key, requirements) in &spellings {
            let card = read(&with_requirements(base.clone(), key, requirements.clone()));
            assert_eq!(
                card.security_requirements, expected,
                "{version} card, {spelling} spelling, card level"
            );
            assert_eq!(
                card.skills[0].security_requirements, expected,
                "{version} card, {spelling} spelling, skill level"
            );
            assert!(
                !card.extra.contains_key("security")
                    && !card.skills[0].extra.contains_key("security"),
                "{version} card, {spelling}: `security` left as an unknown field"
            );
            models.push(card.to_json_vec());
        }
        assert!(
            models.windows(2).all(|w| w[0] == w[1]),
            "{version}: the three spellings should write the same bytes"
        );
        let written: Value = serde_json::from_slice(&models[0]).unwrap();
        assert_eq!(
            written["securityRequirements"],
            json!([{"schemes": {"oauth": {"list": ["read"]}}}])
        );
        assert_eq!(
            written["skills"][0]["securityRequirements"],
            json!([{"schemes": {"oauth": {"list": ["read"]}}}])
        );
        assert!(written.get("security").is_none());
    }
}

#[test]
fn mixed_spellings_of_requirement_items_read_to_the_same_model() {
    // Each item of a list is converted on its own; scopes as an array inside `schemes` and
    // a requirement that ANDs two schemes read the same way.
    let card = read(&with_requirements(
        v1_card(),
        "securityRequirements",
        json!([
            {"oauth": ["read"]},
            {"schemes": {"oauth": ["read", "write"], "mtls": {}}},
            {"mtls": [], "oauth": []}
        ]),
    ));
    let expected = vec![
        SecurityRequirement::new([("oauth", vec!["read"])]),
        SecurityRequirement::new([("oauth", vec!["read", "write"]), ("mtls", vec![])]),
        SecurityRequirement::new([("mtls", Vec::<String>::new()), ("oauth", vec![])]),
    ];
    assert_eq!(card.security_requirements, expected);
    assert_eq!(card.skills[0].security_requirements, expected);
}

#[test]
fn v03_requirement_naming_a_scheme_called_schemes_is_read_as_that_scheme() {
    // `{"schemes": ["read"]}` is the v0.3 spelling for a scheme named "schemes".
    let mut card = v03_card();
    card["securitySchemes"]["schemes"] = card["securitySchemes"]["oauth"].clone();
    card["security"] = json!([{"schemes": ["read"]}]);
    let card = read(&card);
    assert_eq!(
        card.security_requirements,
        vec![SecurityRequirement::new([("schemes", vec!["read"])])]
    );
}

// ---------------------------------------------------------------------------------------------
// v0.3 `type`-discriminated schemes.

#[test]
fn v03_type_discriminated_schemes_read_to_v1_wrappers() {
    let mut doc = v03_card();
    doc["securitySchemes"] = json!({
        "key": {"type": "apiKey", "in": "header", "name": "X-API-Key",
                "description": "Partner key"},
        "bearer": {"type": "http", "scheme": "Bearer", "bearerFormat": "JWT",
                   "description": "Tokens from our IdP"},
        "oauth": {"type": "oauth2", "description": "OAuth 2.0",
                  "oauth2MetadataUrl": "https://auth.example.com/.well-known/oauth-authorization-server",
                  "flows": {"authorizationCode": {
                      "authorizationUrl": "https://auth.example.com/authorize",
                      "tokenUrl": "https://auth.example.com/token",
                      "refreshUrl": "https://auth.example.com/refresh",
                      "scopes": {"read": "Read routes"}}}},
        "oidc": {"type": "openIdConnect",
                 "openIdConnectUrl": "https://accounts.example.com/.well-known/openid-configuration",
                 "description": "Company SSO"},
        "mtls": {"type": "mutualTLS", "description": "Client certificates"}
    });
    doc["security"] = json!([{"key": [], "bearer": [], "oauth": ["read"], "oidc": [], "mtls": []}]);
    let read = AgentCard::read(&bytes(&doc)).unwrap();
    assert_eq!(read.source_version, CardVersion::V0_3);
    let schemes = &read.card.security_schemes;

    let expected_key = SecurityScheme {
        api_key_security_scheme: Some(ApiKeySecurityScheme {
            description: "Partner key".into(),
            location: "header".into(),
            name: "X-API-Key".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let expected_bearer = SecurityScheme {
        http_auth_security_scheme: Some(HttpAuthSecurityScheme {
            description: "Tokens from our IdP".into(),
            scheme: "Bearer".into(),
            bearer_format: "JWT".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let expected_oauth = SecurityScheme {
        oauth2_security_scheme: Some(OAuth2SecurityScheme {
            description: "OAuth 2.0".into(),
            flows: OAuthFlows {
                authorization_code: Some(AuthorizationCodeOAuthFlow {
                    authorization_url: "https://auth.example.com/authorize".into(),
                    token_url: "https://auth.example.com/token".into(),
                    refresh_url: "https://auth.example.com/refresh".into(),
                    scopes: [("read".to_owned(), "Read routes".to_owned())].into(),
                    ..Default::default()
                }),
                ..Default::default()
            },
            oauth2_metadata_url: "https://auth.example.com/.well-known/oauth-authorization-server"
                .into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let expected_oidc = SecurityScheme {
        open_id_connect_security_scheme: Some(OpenIdConnectSecurityScheme {
            description: "Company SSO".into(),
            open_id_connect_url: "https://accounts.example.com/.well-known/openid-configuration"
                .into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let expected_mtls = SecurityScheme {
        mtls_security_scheme: Some(MutualTlsSecurityScheme {
            description: "Client certificates".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    assert_eq!(schemes.len(), 5);
    assert_eq!(schemes["key"], expected_key);
    assert_eq!(schemes["bearer"], expected_bearer);
    assert_eq!(schemes["oauth"], expected_oauth);
    assert_eq!(schemes["oidc"], expected_oidc);
    assert_eq!(schemes["mtls"], expected_mtls);
    for (name, scheme) in schemes {
        assert!(scheme.kind().is_some(), "{name}: exactly one variant");
    }

    let written = read.card.to_value();
    assert_eq!(
        written["securitySchemes"]["key"],
        json!({"apiKeySecurityScheme": {"description": "Partner key", "location": "header",
                                        "name": "X-API-Key"}})
    );
    assert_eq!(
        written["securitySchemes"]["mtls"],
        json!({"mtlsSecurityScheme": {"description": "Client certificates"}})
    );
    // Read as v0.3, no notes about the spelling (it is the expected one for v0.3).
    assert!(
        !read.notes.iter().any(|d| d.code == Code::PreV1Field),
        "{:?}",
        read.notes
    );
}

#[test]
fn v03_schemes_in_a_v1_card_are_read_too() {
    // A v1.0 card (it has supportedInterfaces) that still writes schemes the v0.3 way.
    let mut doc = v1_card();
    doc["securitySchemes"] = json!({"key": {"type": "apiKey", "in": "query", "name": "api_key"}});
    doc["securityRequirements"] = json!([{"schemes": {"key": {}}}]);
    let read = AgentCard::read(&bytes(&doc)).unwrap();
    assert_eq!(read.source_version, CardVersion::V1_0);
    assert_eq!(
        read.card.security_schemes["key"],
        SecurityScheme::api_key("query", "api_key")
    );
    assert!(
        read.notes
            .iter()
            .any(|d| d.code == Code::PreV1Field && d.pointer == "/securitySchemes/key/type")
    );
}

// ---------------------------------------------------------------------------------------------
// v0.3 -> v1.0 -> v0.3.

fn rich_v03_card() -> Value {
    json!({
        "protocolVersion": "0.3.0",
        "name": "GeoSpatial Route Planner",
        "description": "Plans driving routes with live traffic, road closures and tolls.",
        "url": "https://routes.example.com/a2a/v1",
        "preferredTransport": "JSONRPC",
        "additionalInterfaces": [
            {"url": "https://routes.example.com/a2a/v1", "transport": "JSONRPC"},
            {"url": "https://routes.example.com/a2a/grpc", "transport": "GRPC"},
            {"url": "https://routes.example.com/a2a/json", "transport": "HTTP+JSON"}
        ],
        "provider": {"organization": "Example Geo Services Inc.",
                     "url": "https://www.examplegeoservices.com"},
        "iconUrl": "https://routes.example.com/icon.png",
        "version": "1.2.0",
        "documentationUrl": "https://docs.examplegeoservices.com/routes",
        "capabilities": {
            "streaming": true,
            "pushNotifications": false,
            "extensions": [
                {"uri": "https://routes.example.com/ext/traffic/v1",
                 "description": "Live traffic overlays.", "required": true,
                 "params": {"region": "eu", "limits": {"rpm": 60, "burst": [1, 2.5]},
                            "beta": null}},
                {"uri": "https://routes.example.com/ext/tolls/v1"}
            ]
        },
        "securitySchemes": {
            "key": {"type": "apiKey", "in": "header", "name": "X-API-Key",
                    "description": "Partner key"},
            "bearer": {"type": "http", "scheme": "Bearer", "bearerFormat": "JWT"},
            "oauth": {"type": "oauth2", "description": "OAuth 2.0",
                      "oauth2MetadataUrl":
                          "https://auth.example.com/.well-known/oauth-authorization-server",
                      "flows": {"authorizationCode": {
                          "authorizationUrl": "https://auth.example.com/authorize",
                          "tokenUrl": "https://auth.example.com/token",
                          "refreshUrl": "https://auth.example.com/refresh",
                          "scopes": {"routes:read": "Read routes",
                                     "routes:write": "Save routes"}}}},
            "machines": {"type": "oauth2", "flows": {"clientCredentials": {
                "tokenUrl": "https://auth.example.com/token", "scopes": {}}}},
            "oidc": {"type": "openIdConnect",
                     "openIdConnectUrl":
                         "https://accounts.example.com/.well-known/openid-configuration"},
            "mtls": {"type": "mutualTLS", "description": "Client certificates"}
        },
        "security": [
            {"oauth": ["routes:read"]},
            {"key": [], "mtls": []},
            {"oidc": ["openid", "profile"]},
            {"machines": []}
        ],
        "defaultInputModes": ["application/json", "text/plain"],
        "defaultOutputModes": ["application/json", "image/png"],
        "skills": [
            {"id": "route-optimizer", "name": "Traffic-Aware Route Optimizer",
             "description": "Calculates the optimal driving route between two places.",
             "tags": ["maps", "routing"],
             "examples": ["Plan a route from Lyon to Turin avoiding tolls."],
             "inputModes": ["application/json", "text/plain"],
             "outputModes": ["application/json", "application/vnd.geo+json"],
             "security": [{"bearer": []}, {"oauth": ["routes:read", "routes:write"]}]},
            {"id": "map-generator", "name": "Personalized Map Generator",
             "description": "Creates custom map images from points of interest.",
             "tags": ["maps", "visualization"]}
        ],
        "supportsAuthenticatedExtendedCard": true,
        "signatures": [
            {"protected": "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpPU0UiLCJraWQiOiJrZXktMSJ9",
             "signature": "QFdkNLNszlGj3z3u0YQGt_T9LixY3qtdQpZmsTdDHDe3fXV9y9-B3m2-XgCpzuhiLt8E0tV6HXoZKHv4GtHgKQ",
             "header": {"kid": "key-1"}}
        ]
    })
}

#[test]
fn v03_to_v1_to_v03_keeps_every_field_both_versions_have() {
    let input = rich_v03_card();
    let read = AgentCard::read(&bytes(&input)).unwrap();
    assert_eq!(read.source_version, CardVersion::V0_3);
    let card = &read.card;

    // The v1.0 model holds what the v0.3 card said.
    let urls: Vec<(&str, &str, &str)> = card
        .supported_interfaces
        .iter()
        .map(|i| {
            (
                i.url.as_str(),
                i.protocol_binding.as_str(),
                i.protocol_version.as_str(),
            )
        })
        .collect();
    assert_eq!(
        urls,
        [
            ("https://routes.example.com/a2a/v1", "JSONRPC", "0.3"),
            ("https://routes.example.com/a2a/grpc", "GRPC", "0.3"),
            ("https://routes.example.com/a2a/json", "HTTP+JSON", "0.3"),
        ]
    );
    assert_eq!(card.capabilities.extended_agent_card, Some(true));
    assert_eq!(
        card.provider.as_ref().unwrap().organization,
        "Example Geo Services Inc."
    );
    assert_eq!(card.security_requirements.len(), 4);
    assert_eq!(card.skills[0].security_requirements.len(), 2);
    assert!(card.extra.is_empty(), "left over: {:?}", card.extra);

    let rendering = card.to_v03();
    let out = &rendering.json;
    for field in [
        "name",
        "description",
        "version",
        "url",
        "preferredTransport",
        "protocolVersion",
        "additionalInterfaces",
        "provider",
        "capabilities",
        "securitySchemes",
        "security",
        "defaultInputModes",
        "defaultOutputModes",
        "skills",
        "supportsAuthenticatedExtendedCard",
        "iconUrl",
        "documentationUrl",
        "signatures",
    ] {
        assert_eq!(
            out.get(field),
            input.get(field),
            "`{field}` changed in v0.3 -> v1.0 -> v0.3"
        );
    }
    assert_eq!(out["protocolVersion"], "0.3.0");
    assert_eq!(
        out, &input,
        "the v0.3 rendering should equal the card that was read"
    );

    // The only note on the way back: the signatures cover another form of the card.
    let notes: Vec<(&str, &str)> = rendering
        .notes
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(notes, [("A2A-W022", "/signatures")]);
}

#[test]
fn v03_round_trip_through_v1_bytes() {
    // The same through the v1.0 bytes a server would store: v0.3 -> v1.0 JSON -> read -> v0.3.
    let input = rich_v03_card();
    let v1_bytes = AgentCard::from_json_slice(&bytes(&input))
        .unwrap()
        .to_json_vec();
    let again = AgentCard::read(&v1_bytes).unwrap();
    assert_eq!(again.source_version, CardVersion::V1_0);
    assert!(again.notes.is_empty(), "{:?}", again.notes);
    assert_eq!(again.card.to_v03().json, input);
}

#[test]
fn spec_v03_sample_round_trips_except_what_v1_cannot_hold() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cards/spec/v0.3.0-sample-agent-card.json"
    );
    let input: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let read = AgentCard::read(&bytes(&input)).unwrap();
    let mut notes: Vec<(&str, &str)> = read
        .notes
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    notes.sort();
    // 0.2.9 loses its patch part; stateTransitionHistory is false, so nothing is lost there.
    assert_eq!(
        notes,
        [
            ("A2A-W021", "/protocolVersion"),
            ("A2A-W022", "/signatures")
        ]
    );
    let out = read.card.to_v03().json;
    let mut expected = input.clone();
    expected["protocolVersion"] = json!("0.2.0");
    expected["capabilities"]
        .as_object_mut()
        .unwrap()
        .remove("stateTransitionHistory");
    assert_eq!(out, expected);
}

#[test]
fn v03_reading_notes_the_conversion() {
    let read = AgentCard::read(&bytes(&rich_v03_card())).unwrap();
    let notes: Vec<(&str, &str)> = read
        .notes
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    assert!(notes.contains(&("A2A-W022", "/signatures")), "{notes:?}");
    for d in &read.notes {
        assert_eq!(d.severity, Severity::Warning, "{d}");
    }
}

// ---------------------------------------------------------------------------------------------
// v1.0 -> v0.3 notes.

#[test]
fn v1_to_v03_notes_device_code_and_pkce() {
    let mut doc = v1_card();
    doc["supportedInterfaces"] = json!([
        {"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
         "protocolVersion": "0.3"}
    ]);
    doc["securitySchemes"] = json!({
        "device": {"oauth2SecurityScheme": {"flows": {"deviceCode": {
            "deviceAuthorizationUrl": "https://auth.example.com/device",
            "tokenUrl": "https://auth.example.com/token",
            "scopes": {"read": "Read routes"}}}}},
        "web": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {
            "authorizationUrl": "https://auth.example.com/authorize",
            "tokenUrl": "https://auth.example.com/token",
            "scopes": {"read": "Read routes"},
            "pkceRequired": true}}}},
        "machines": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {
            "tokenUrl": "https://auth.example.com/token", "scopes": {}}}}}
    });
    doc["securityRequirements"] = json!([
        {"schemes": {"device": {"list": ["read"]}}},
        {"schemes": {"web": {"list": ["read"]}}},
        {"schemes": {"machines": {}}}
    ]);
    let card = read(&doc);
    let rendering = card.to_v03();
    let mut notes: Vec<(&str, &str)> = rendering
        .notes
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    notes.sort();
    assert_eq!(
        notes,
        [
            // The device-code-only scheme cannot be expressed, so it and the requirement
            // that needs it are left out.
            ("A2A-W021", "/securityRequirements/0"),
            ("A2A-W021", "/securitySchemes/device"),
            (
                "A2A-W021",
                "/securitySchemes/web/oauth2SecurityScheme/flows/authorizationCode/pkceRequired"
            ),
        ]
    );
    for d in &rendering.notes {
        assert_eq!(d.severity, Severity::Warning);
        assert!(!d.message.is_empty());
    }
    let schemes = &rendering.json["securitySchemes"];
    assert!(schemes.get("device").is_none());
    assert_eq!(
        rendering.json["security"],
        json!([{"web": ["read"]}, {"machines": []}])
    );
    assert!(
        schemes["web"]["flows"]["authorizationCode"]
            .get("pkceRequired")
            .is_none()
    );
    assert_eq!(schemes["web"]["type"], "oauth2");
    assert_eq!(
        schemes["machines"],
        json!({"type": "oauth2", "flows": {"clientCredentials": {
            "tokenUrl": "https://auth.example.com/token", "scopes": {}}}})
    );
}

#[test]
fn v1_to_v03_without_pkce_or_device_code_has_no_flow_notes() {
    let mut doc = v1_card();
    doc["supportedInterfaces"][0]["protocolVersion"] = json!("0.3");
    doc["securityRequirements"] = json!([{"schemes": {"oauth": {"list": ["read"]}}}]);
    let rendering = read(&doc).to_v03();
    assert!(rendering.notes.is_empty(), "{:?}", rendering.notes);
    assert_eq!(rendering.json["protocolVersion"], "0.3.0");
    assert_eq!(rendering.json["security"], json!([{"oauth": ["read"]}]));
}

#[test]
fn v1_to_v03_notes_unknown_requirement_fields_it_drops() {
    // v0.3 writes a requirement as {"scheme name": [scopes]}, so fields a v1.0 requirement
    // carries besides `schemes` (or a scope list besides `list`) cannot be carried across;
    // the rendering drops them and should say so rather than drop them silently.
    let mut doc = v1_card();
    doc["supportedInterfaces"][0]["protocolVersion"] = json!("0.3");
    doc["securityRequirements"] = json!([
        {"schemes": {"oauth": {"list": ["read"], "x-string-list": 1}}, "x-requirement": "r"}
    ]);
    let card = read(&doc);
    assert!(
        card.security_requirements[0]
            .extra
            .contains_key("x-requirement")
    );
    let rendering = card.to_v03();
    assert_eq!(rendering.json["security"], json!([{"oauth": ["read"]}]));
    let dropped: Vec<&str> = rendering
        .notes
        .iter()
        .filter(|d| d.code == Code::ConversionLoss)
        .map(|d| d.pointer.as_str())
        .collect();
    assert!(
        dropped
            .iter()
            .any(|p| p.starts_with("/securityRequirements/0")),
        "x-requirement and x-string-list were dropped from the v0.3 rendering without a note \
         (notes: {:?})",
        rendering.notes
    );
}

// ---------------------------------------------------------------------------------------------
// Unknown fields.

fn card_with_unknown_fields_everywhere() -> Value {
    json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": [
            {"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
             "tenant": "eu", "protocolVersion": "1.0", "x-interface": {"region": "eu-west"}}
        ],
        "provider": {"url": "https://geo.example.com", "organization": "Example Geo",
                     "x-provider": ["a", 1, true, null]},
        "version": "2.1.0",
        "capabilities": {
            "streaming": true,
            "extensions": [
                {"uri": "https://routes.example.com/ext/traffic/v1", "required": true,
                 "params": {"region": "eu"}, "x-extension": 42}
            ],
            "x-capability": {"batch": true}
        },
        "securitySchemes": {
            "oauth": {
                "oauth2SecurityScheme": {
                    "flows": {
                        "authorizationCode": {
                            "authorizationUrl": "https://auth.example.com/authorize",
                            "tokenUrl": "https://auth.example.com/token",
                            "scopes": {"read": "Read routes"},
                            "x-flow": "per-flow"
                        },
                        "x-flows": {"note": "per-flows"}
                    },
                    "x-oauth": 1.5
                },
                "x-scheme-wrapper": "wrapper"
            },
            "key": {
                "apiKeySecurityScheme": {"location": "header", "name": "X-API-Key",
                                         "x-api-key-scheme": false}
            }
        },
        "securityRequirements": [
            {"schemes": {"oauth": {"list": ["read"], "x-string-list": "sl"}},
             "x-requirement": "req"},
            {"schemes": {"key": {}}}
        ],
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [
            {"id": "route", "name": "Route", "description": "Plans a route from A to B.",
             "tags": ["maps"], "examples": ["Drive from Lyon to Turin"],
             "x-skill": {"cost": "low"}}
        ],
        "signatures": [
            {"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "c2lnbmF0dXJl",
             "header": {"kid": "key-1"}, "x-signature": "sig"}
        ],
        "iconUrl": "https://routes.example.com/icon.png",
        "x-top-level": {"nested": {"deep": [1, 2, 3]}}
    })
}

#[test]
fn unknown_fields_survive_a_round_trip_at_every_level() {
    let input = card_with_unknown_fields_everywhere();
    let first = read(&input);
    assert!(first.extra.contains_key("x-top-level"));
    assert!(
        first.supported_interfaces[0]
            .extra
            .contains_key("x-interface")
    );
    assert!(
        first
            .provider
            .as_ref()
            .unwrap()
            .extra
            .contains_key("x-provider")
    );
    assert!(first.capabilities.extra.contains_key("x-capability"));
    assert!(
        first.capabilities.extensions[0]
            .extra
            .contains_key("x-extension")
    );
    assert!(first.skills[0].extra.contains_key("x-skill"));
    let oauth = &first.security_schemes["oauth"];
    assert!(oauth.extra.contains_key("x-scheme-wrapper"));
    let oauth2 = oauth.oauth2_security_scheme.as_ref().unwrap();
    assert!(oauth2.extra.contains_key("x-oauth"));
    assert!(oauth2.flows.extra.contains_key("x-flows"));
    assert!(
        oauth2
            .flows
            .authorization_code
            .as_ref()
            .unwrap()
            .extra
            .contains_key("x-flow")
    );
    assert!(
        first.security_schemes["key"]
            .api_key_security_scheme
            .as_ref()
            .unwrap()
            .extra
            .contains_key("x-api-key-scheme")
    );
    assert!(
        first.security_requirements[0]
            .extra
            .contains_key("x-requirement")
    );
    assert!(
        first.security_requirements[0].schemes["oauth"]
            .extra
            .contains_key("x-string-list")
    );
    assert!(first.signatures[0].extra.contains_key("x-signature"));

    let written = first.to_json_vec();
    let second = AgentCard::from_json_slice(&written).unwrap();
    assert_eq!(second, first);
    assert_eq!(second.to_json_vec(), written);
    let written: Value = serde_json::from_slice(&written).unwrap();
    assert_eq!(written, input, "read -> write changed the card");
}

#[test]
fn unknown_fields_of_a_v03_card_survive_migration_and_rendering() {
    let mut input = rich_v03_card();
    input["x-top-level"] = json!({"team": "maps"});
    input["provider"]["x-provider"] = json!(1);
    input["capabilities"]["x-capability"] = json!(true);
    input["capabilities"]["extensions"][0]["x-extension"] = json!("e");
    input["additionalInterfaces"][1]["x-interface"] = json!("grpc-only");
    input["securitySchemes"]["key"]["x-scheme"] = json!("k");
    input["securitySchemes"]["oauth"]["flows"]["x-flows"] = json!("f");
    input["securitySchemes"]["oauth"]["flows"]["authorizationCode"]["x-flow"] = json!("a");
    input["skills"][1]["x-skill"] = json!([1]);
    input["signatures"][0]["x-signature"] = json!(null);

    let card = AgentCard::from_json_slice(&bytes(&input)).unwrap();
    let v1: Value = card.to_value();
    assert_eq!(v1["x-top-level"], json!({"team": "maps"}));
    assert_eq!(v1["supportedInterfaces"][1]["x-interface"], "grpc-only");
    assert_eq!(
        v1["securitySchemes"]["key"]["apiKeySecurityScheme"]["x-scheme"],
        "k"
    );
    assert_eq!(card.to_v03().json, input);
}

// ---------------------------------------------------------------------------------------------
// Writing.

#[test]
fn writing_omits_unset_optional_fields() {
    let card = AgentCard::default();
    let written = card.to_value();
    let keys: Vec<&str> = written
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = vec![
        "name",
        "description",
        "supportedInterfaces",
        "version",
        "capabilities",
        "defaultInputModes",
        "defaultOutputModes",
        "skills",
    ];
    expected.sort_unstable();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(keys, expected);

    // Present but empty optional collections are not written either.
    let mut doc = v1_card();
    doc["securitySchemes"] = json!({});
    doc["securityRequirements"] = json!([]);
    doc["signatures"] = json!([]);
    doc["capabilities"]["extensions"] = json!([]);
    doc["skills"][0]["inputModes"] = json!([]);
    doc["skills"][0]["securityRequirements"] = json!([]);
    let written = String::from_utf8(read(&doc).to_json_vec()).unwrap();
    for absent in [
        "\"securitySchemes\"",
        "\"securityRequirements\"",
        "\"signatures\"",
        "\"extensions\"",
        "\"inputModes\"",
        "\"provider\"",
        "\"iconUrl\"",
        "\"documentationUrl\"",
    ] {
        assert!(!written.contains(absent), "{absent} written: {written}");
    }
}

#[test]
fn writing_omits_proto_default_values() {
    let mut doc = v1_card();
    doc["capabilities"]["extensions"] = json!([
        {"uri": "https://routes.example.com/ext/traffic/v1", "description": "",
         "required": false}
    ]);
    doc["supportedInterfaces"][0]["tenant"] = json!("");
    doc["securitySchemes"] = json!({
        "bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "",
                                              "description": ""}},
        "web": {"oauth2SecurityScheme": {"oauth2MetadataUrl": "", "flows": {
            "authorizationCode": {"authorizationUrl": "https://auth.example.com/authorize",
                                  "tokenUrl": "https://auth.example.com/token",
                                  "refreshUrl": "", "scopes": {}, "pkceRequired": false}}}}
    });
    doc["securityRequirements"] = json!([{"schemes": {"bearer": {"list": []}}}]);
    let written = String::from_utf8(read(&doc).to_json_vec()).unwrap();
    assert!(
        written.contains(r#""securityRequirements":[{"schemes":{"bearer":{}}}]"#),
        "{written}"
    );
    assert!(
        written.contains(r#""extensions":[{"uri":"https://routes.example.com/ext/traffic/v1"}]"#),
        "{written}"
    );
    assert!(
        written.contains(r#""bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer"}}"#),
        "{written}"
    );
    assert!(
        written.contains(
            r#""authorizationCode":{"authorizationUrl":"https://auth.example.com/authorize","tokenUrl":"https://auth.example.com/token","scopes":{}}"#
        ),
        "{written}"
    );
    for absent in [
        "\"required\"",
        "\"list\"",
        "\"tenant\"",
        "\"bearerFormat\"",
        "\"pkceRequired\"",
        "\"refreshUrl\"",
        "\"oauth2MetadataUrl\"",
    ] {
        assert!(!written.contains(absent), "{absent} written: {written}");
    }
}

#[test]
fn writing_keeps_required_fields_even_when_empty() {
    let doc = json!({
        "name": "",
        "description": "",
        "supportedInterfaces": [{"url": "", "protocolBinding": "", "protocolVersion": ""}],
        "provider": {"url": "", "organization": ""},
        "version": "",
        "capabilities": {},
        "securitySchemes": {
            "key": {"apiKeySecurityScheme": {"location": "", "name": ""}},
            "bearer": {"httpAuthSecurityScheme": {"scheme": ""}},
            "oauth": {"oauth2SecurityScheme": {"flows": {}}},
            "code": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {
                "authorizationUrl": "", "tokenUrl": "", "scopes": {}}}}},
            "machines": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {
                "tokenUrl": "", "scopes": {}}}}},
            "device": {"oauth2SecurityScheme": {"flows": {"deviceCode": {
                "deviceAuthorizationUrl": "", "tokenUrl": "", "scopes": {}}}}},
            "oidc": {"openIdConnectSecurityScheme": {"openIdConnectUrl": ""}},
            "mtls": {"mtlsSecurityScheme": {}}
        },
        "defaultInputModes": [],
        "defaultOutputModes": [],
        "skills": [{"id": "", "name": "", "description": "", "tags": []}],
        "signatures": [{"protected": "", "signature": ""}]
    });
    let card = read(&doc);
    let written: Value = serde_json::from_slice(&card.to_json_vec()).unwrap();
    assert_eq!(written, doc);

    // Absent REQUIRED fields are written too, as their empty value.
    let sparse = json!({
        "supportedInterfaces": [{}],
        "provider": {},
        "securitySchemes": {
            "key": {"apiKeySecurityScheme": {}},
            "oauth": {"oauth2SecurityScheme": {}},
            "code": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {}}}}
        },
        "skills": [{}],
        "signatures": [{}]
    });
    let written: Value = serde_json::from_slice(&read(&sparse).to_json_vec()).unwrap();
    assert_eq!(
        written,
        json!({
            "name": "",
            "description": "",
            "supportedInterfaces": [{"url": "", "protocolBinding": "", "protocolVersion": ""}],
            "provider": {"url": "", "organization": ""},
            "version": "",
            "capabilities": {},
            "securitySchemes": {
                "key": {"apiKeySecurityScheme": {"location": "", "name": ""}},
                "oauth": {"oauth2SecurityScheme": {"flows": {}}},
                "code": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {
                    "authorizationUrl": "", "tokenUrl": "", "scopes": {}}}}}
            },
            "defaultInputModes": [],
            "defaultOutputModes": [],
            "skills": [{"id": "", "name": "", "description": "", "tags": []}],
            "signatures": [{"protected": "", "signature": ""}]
        })
    );
}

#[test]
fn empty_requirement_is_written_as_protojson_and_read_back_without_notes() {
    // An empty requirement (no scheme) is `{}` in ProtoJSON: the empty map is omitted.
    let mut doc = v1_card();
    doc["securityRequirements"] = json!([{"schemes": {}}, {"schemes": {"oauth": {}}}]);
    let first = AgentCard::read(&bytes(&doc)).unwrap();
    assert!(first.notes.is_empty(), "{:?}", first.notes);
    let written = first.card.to_json_vec();
    let text = String::from_utf8(written.clone()).unwrap();
    assert!(
        text.contains(r#""securityRequirements":[{},{"schemes":{"oauth":{}}}]"#),
        "{text}"
    );
    // Reading the crate's own v1.0 output must not report a pre-v1.0 spelling.
    let again = AgentCard::read(&written).unwrap();
    assert_eq!(again.card, first.card);
    assert!(
        again.notes.is_empty(),
        "the crate's own v1.0 output read back with notes: {:?}",
        again.notes
    );
}

#[test]
fn same_card_gives_the_same_bytes() {
    let input = card_with_unknown_fields_everywhere();
    let card = read(&input);
    let once = card.to_json_vec();
    assert_eq!(card.to_json_vec(), once);
    assert_eq!(card.clone().to_json_vec(), once);
    let again = AgentCard::from_json_slice(&once).unwrap();
    assert_eq!(again.to_json_vec(), once);
    assert_eq!(
        serde_json::from_slice::<Value>(&once).unwrap(),
        card.to_value()
    );
    // Pretty output is the same card.
    let pretty = card.to_json_pretty();
    assert_eq!(
        AgentCard::from_json_str(&pretty).unwrap().to_json_vec(),
        once
    );
}

/// Serializes a JSON value with every object's keys in reverse order (serde_json's own
/// writer always sorts them).
fn to_reversed_json(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.reverse();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        serde_json::to_string(k).unwrap(),
                        to_reversed_json(&map[k])
                    )
                })
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(to_reversed_json).collect();
            format!("[{}]", items.join(","))
        }
        other => serde_json::to_string(other).unwrap(),
    }
}

#[test]
fn key_order_of_the_input_does_not_change_the_bytes() {
    for input in [
        card_with_unknown_fields_everywhere(),
        rich_v03_card(),
        v1_card(),
    ] {
        let sorted = serde_json::to_string(&input).unwrap();
        let reversed = to_reversed_json(&input);
        assert_ne!(
            sorted, reversed,
            "the two inputs should differ in key order"
        );
        assert_eq!(
            serde_json::from_str::<Value>(&reversed).unwrap(),
            input,
            "same document"
        );
        let a = AgentCard::from_json_str(&sorted).unwrap().to_json_vec();
        let b = AgentCard::from_json_str(&reversed).unwrap().to_json_vec();
        assert_eq!(
            String::from_utf8(a).unwrap(),
            String::from_utf8(b).unwrap(),
            "inputs differing only in key order gave different bytes"
        );
    }
}

#[test]
fn written_keys_follow_the_proto_field_order() {
    let card = read(&card_with_unknown_fields_everywhere());
    let text = String::from_utf8(card.to_json_vec()).unwrap();
    // Top-level keys appear in proto order, unknown fields after them.
    let order = [
        "\"name\":",
        "\"description\":",
        "\"supportedInterfaces\":",
        "\"provider\":",
        "\"version\":",
        "\"capabilities\":",
        "\"securitySchemes\":",
        "\"securityRequirements\":",
        "\"defaultInputModes\":",
        "\"defaultOutputModes\":",
        "\"skills\":",
        "\"signatures\":",
        "\"iconUrl\":",
        "\"x-top-level\":",
    ];
    let positions: Vec<usize> = order
        .iter()
        .map(|k| {
            text.find(k)
                .unwrap_or_else(|| panic!("{k} missing: {text}"))
        })
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "keys out of order: {text}"
    );
    assert!(text.starts_with("{\"name\":"));
}

// ---------------------------------------------------------------------------------------------
// null, and wrong types.

#[test]
fn null_reads_as_unset() {
    let plain = read(&v1_card());
    let mut doc = v1_card();
    doc["provider"] = Value::Null;
    doc["documentationUrl"] = Value::Null;
    doc["iconUrl"] = Value::Null;
    doc["securityRequirements"] = Value::Null;
    doc["signatures"] = Value::Null;
    doc["capabilities"]["pushNotifications"] = Value::Null;
    doc["capabilities"]["extendedAgentCard"] = Value::Null;
    doc["capabilities"]["extensions"] = Value::Null;
    doc["supportedInterfaces"][0]["tenant"] = Value::Null;
    doc["skills"][0]["inputModes"] = Value::Null;
    doc["skills"][0]["outputModes"] = Value::Null;
    doc["skills"][0]["securityRequirements"] = Value::Null;
    let flow = &mut doc["securitySchemes"]["oauth"]["oauth2SecurityScheme"];
    flow["description"] = Value::Null;
    flow["oauth2MetadataUrl"] = Value::Null;
    flow["flows"]["clientCredentials"]["refreshUrl"] = Value::Null;
    let with_nulls = read(&doc);
    assert_eq!(with_nulls, plain);
    assert_eq!(with_nulls.to_json_vec(), plain.to_json_vec());

    // null where a REQUIRED value belongs reads as the empty value (and validation says so).
    let mut doc = v1_card();
    doc["name"] = Value::Null;
    doc["skills"][0]["tags"] = Value::Null;
    doc["securityRequirements"] = json!([{"schemes": {"oauth": {"list": null}}}]);
    doc["securitySchemes"]["oauth"]["oauth2SecurityScheme"]["flows"]["clientCredentials"]["scopes"] =
        Value::Null;
    let card = read(&doc);
    assert_eq!(card.name, "");
    assert!(card.skills[0].tags.is_empty());
    assert!(
        card.security_requirements[0].schemes["oauth"]
            .list
            .is_empty()
    );
    let report = a2a_card::validate::validate_document(
        &bytes(&doc),
        a2a_card::validate::Profile::Spec,
        None,
    )
    .unwrap();
    let found: Vec<(&str, &str)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    assert!(found.contains(&("A2A-E010", "/name")), "{found:?}");
    assert!(found.contains(&("A2A-E010", "/skills/0/tags")), "{found:?}");
}

#[test]
fn null_reads_as_unset_for_v03_fields() {
    let mut doc = v03_card();
    doc["preferredTransport"] = Value::Null;
    doc["supportsAuthenticatedExtendedCard"] = Value::Null;
    doc["security"] = Value::Null;
    doc["skills"][0]["security"] = Value::Null;
    doc["provider"] = json!({"organization": "Example Geo", "url": "https://geo.example.com",
                             "name": null});
    doc["capabilities"]["stateTransitionHistory"] = Value::Null;
    let mut plain = v03_card();
    plain["provider"] = json!({"organization": "Example Geo", "url": "https://geo.example.com"});
    assert_eq!(
        read(&doc).to_value(),
        read(&plain).to_value(),
        "a v0.3 card with null fields should read like the card without them"
    );
}

#[test]
fn null_v03_protocol_version_reads_as_unset() {
    // Unset, the v0.3 protocol version is the v0.3 schema's default, 0.3.
    let mut with_null = v03_card();
    with_null["protocolVersion"] = Value::Null;
    let mut absent = v03_card();
    absent.as_object_mut().unwrap().remove("protocolVersion");
    let absent = read(&absent);
    assert_eq!(absent.supported_interfaces[0].protocol_version, "0.3");
    assert_eq!(
        read(&with_null).to_value(),
        absent.to_value(),
        "\"protocolVersion\": null should read like no protocolVersion"
    );
}

#[test]
fn null_v03_additional_interfaces_reads_as_unset() {
    let mut with_null = v03_card();
    with_null["additionalInterfaces"] = Value::Null;
    let card = read(&with_null);
    assert!(
        !card.extra.contains_key("additionalInterfaces"),
        "\"additionalInterfaces\": null was kept as an unknown field and is written into the \
         v1.0 card: {}",
        String::from_utf8(card.to_json_vec()).unwrap()
    );
    assert_eq!(card.to_value(), read(&v03_card()).to_value());
}

/// Reading fails, and both the error message and its diagnostic carry `pointer`.
fn assert_wrong_type(doc: &Value, pointer: &str) {
    let err = match AgentCard::from_json_slice(&bytes(doc)) {
        Ok(card) => panic!(
            "expected a wrong-type error at {pointer}, but the card was read: {}",
            String::from_utf8(card.to_json_vec()).unwrap()
        ),
        Err(err) => err,
    };
    let message = err.to_string();
    assert!(
        message.contains(pointer),
        "the error should name {pointer}: {message}"
    );
    match &err {
        ReadError::Shape(diagnostics) => assert!(
            diagnostics
                .iter()
                .any(|d| d.pointer == pointer && d.code == Code::WrongType),
            "no A2A-E002 at exactly {pointer}: {message}"
        ),
        other => panic!("expected ReadError::Shape, got {other:?}"),
    }
}

fn set(mut doc: Value, pointer: &str, value: Value) -> Value {
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer} not in the document")) = value;
    doc
}

fn insert(mut doc: Value, object: &str, key: &str, value: Value) -> Value {
    doc.pointer_mut(object)
        .and_then(Value::as_object_mut)
        .unwrap_or_else(|| panic!("{object} is not an object"))
        .insert(key.to_owned(), value);
    doc
}

#[test]
fn wrong_type_fails_with_the_pointer_v1() {
    let cases: Vec<(Value, &str)> = vec![
        (set(v1_card(), "/name", json!(5)), "/name"),
        (
            set(v1_card(), "/skills/0/tags", json!("maps")),
            "/skills/0/tags",
        ),
        (
            set(v1_card(), "/skills/0/tags/0", json!(1)),
            "/skills/0/tags/0",
        ),
        (
            set(v1_card(), "/capabilities/streaming", json!("yes")),
            "/capabilities/streaming",
        ),
        (set(v1_card(), "/capabilities", json!([])), "/capabilities"),
        (
            set(v1_card(), "/supportedInterfaces", json!({})),
            "/supportedInterfaces",
        ),
        (
            set(
                v1_card(),
                "/supportedInterfaces/0/protocolVersion",
                json!(1.0),
            ),
            "/supportedInterfaces/0/protocolVersion",
        ),
        (
            insert(v1_card(), "", "provider", json!("Example")),
            "/provider",
        ),
        (insert(v1_card(), "", "iconUrl", json!(false)), "/iconUrl"),
        (
            insert(
                v1_card(),
                "/capabilities",
                "extensions",
                json!([{"uri": "https://e.example/x", "params": "x"}]),
            ),
            "/capabilities/extensions/0/params",
        ),
        (
            insert(
                v1_card(),
                "/capabilities",
                "extensions",
                json!([{"uri": "https://e.example/x", "required": "true"}]),
            ),
            "/capabilities/extensions/0/required",
        ),
        (
            set(
                v1_card(),
                "/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/scopes",
                json!(["read"]),
            ),
            "/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/scopes",
        ),
        (
            set(
                v1_card(),
                "/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/scopes/read",
                json!(1),
            ),
            "/securitySchemes/oauth/oauth2SecurityScheme/flows/clientCredentials/scopes/read",
        ),
        (
            insert(
                v1_card(),
                "/securitySchemes",
                "a/b~c",
                json!({"apiKeySecurityScheme": {"location": 1, "name": "k"}}),
            ),
            "/securitySchemes/a~1b~0c/apiKeySecurityScheme/location",
        ),
        (
            insert(
                v1_card(),
                "",
                "securityRequirements",
                json!([{"schemes": {"oauth": "read"}}]),
            ),
            "/securityRequirements/0/schemes/oauth",
        ),
        (
            insert(
                v1_card(),
                "",
                "securityRequirements",
                json!([{"schemes": {"oauth": {"list": "read"}}}]),
            ),
            "/securityRequirements/0/schemes/oauth/list",
        ),
        (
            insert(
                v1_card(),
                "",
                "signatures",
                json!([{"protected": 1, "signature": "s"}]),
            ),
            "/signatures/0/protected",
        ),
    ];
    for (doc, pointer) in &cases {
        assert_wrong_type(doc, pointer);
    }
}

#[test]
fn wrong_type_fails_with_the_pointer_v03_fields() {
    // Pointers into the document as written, not into its migration.
    let cases: Vec<(Value, &str)> = vec![
        (set(v03_card(), "/url", json!(5)), "/url"),
        (
            set(v03_card(), "/preferredTransport", json!(5)),
            "/preferredTransport",
        ),
        (
            set(v03_card(), "/protocolVersion", json!(0.3)),
            "/protocolVersion",
        ),
        (
            insert(
                v03_card(),
                "",
                "supportsAuthenticatedExtendedCard",
                json!("yes"),
            ),
            "/supportsAuthenticatedExtendedCard",
        ),
        (
            insert(
                v03_card(),
                "",
                "provider",
                json!({"name": 5, "url": "https://geo.example.com"}),
            ),
            "/provider/name",
        ),
        (
            insert(
                v03_card(),
                "",
                "additionalInterfaces",
                json!([{"url": "https://a.example/grpc", "transport": 5}]),
            ),
            "/additionalInterfaces/0/transport",
        ),
        (
            insert(
                v03_card(),
                "/securitySchemes",
                "key",
                json!({"type": "apiKey", "in": 5, "name": "k"}),
            ),
            "/securitySchemes/key/in",
        ),
        (
            insert(
                v03_card(),
                "/securitySchemes",
                "key",
                json!({"type": "apiKey", "in": "header", "name": ["k"]}),
            ),
            "/securitySchemes/key/name",
        ),
        (
            set(
                v03_card(),
                "/securitySchemes/oauth/flows",
                json!("clientCredentials"),
            ),
            "/securitySchemes/oauth/flows",
        ),
        (
            insert(v03_card(), "", "security", json!("oauth")),
            "/security",
        ),
        (
            insert(v03_card(), "", "security", json!([{"oauth": ["read", 5]}])),
            "/security/0/oauth/1",
        ),
        (
            insert(
                v03_card(),
                "/skills/0",
                "security",
                json!([{"oauth": [true]}]),
            ),
            "/skills/0/security/0/oauth/0",
        ),
    ];
    for (doc, pointer) in &cases {
        assert_wrong_type(doc, pointer);
    }
}

#[test]
fn v03_requirement_with_scopes_that_are_not_an_array_is_a_wrong_type() {
    // `{"oauth": "read"}`: the v0.3 spelling with a string where the scope array belongs.
    // It must not be read as a requirement without schemes (which would mean "no
    // authentication needed") with "oauth" kept as an unknown field.
    let doc = insert(v03_card(), "", "security", json!([{"oauth": "read"}]));
    assert_wrong_type(&doc, "/security/0/oauth");
}

#[test]
fn v03_additional_interfaces_that_are_not_an_array_is_a_wrong_type() {
    let doc = insert(
        v03_card(),
        "",
        "additionalInterfaces",
        json!({"url": "https://routes.example.com/a2a/grpc", "transport": "GRPC"}),
    );
    assert_wrong_type(&doc, "/additionalInterfaces");
}

#[test]
fn not_json_and_not_an_object_fail_to_read() {
    match AgentCard::from_json_slice(b"{\"name\": ") {
        Err(ReadError::Syntax { line, .. }) => assert_eq!(line, 1),
        other => panic!("expected a syntax error, got {other:?}"),
    }
    let err = AgentCard::from_json_slice(b"[]").unwrap_err();
    match err {
        ReadError::Shape(d) => assert_eq!(d[0].code, Code::NotAnObject),
        other => panic!("expected a shape error, got {other:?}"),
    }
    // Extension params may hold any JSON object.
    let doc = insert(
        v1_card(),
        "/capabilities",
        "extensions",
        json!([{"uri": "https://e.example/x", "params": {"a": [1, {"b": null}], "c": 1.5}}]),
    );
    let card = read(&doc);
    let params = card.capabilities.extensions[0].params.as_ref().unwrap();
    let expected: Map<String, Value> =
        serde_json::from_value(json!({"a": [1, {"b": null}], "c": 1.5})).unwrap();
    assert_eq!(params, &expected);
}

#[test]
fn v03_rendering_leaves_out_device_code_only_schemes_and_the_requirements_needing_them() {
    let card = AgentCard::from_json_slice(
        br#"{
      "name": "Devices", "description": "Talks to devices through an OAuth device code flow.",
      "supportedInterfaces": [{"url": "https://d.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}],
      "version": "1.0.0", "capabilities": {},
      "securitySchemes": {
        "devices": {"oauth2SecurityScheme": {"flows": {"deviceCode": {
            "deviceAuthorizationUrl": "https://d.example.com/device", "tokenUrl": "https://d.example.com/token",
            "scopes": {"agent.read": "read"}}}}},
        "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}
      },
      "securityRequirements": [{"schemes": {"devices": {"list": ["agent.read"]}}}, {"schemes": {"key": {}}}],
      "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
      "skills": [{"id": "s", "name": "S", "description": "Does one thing well.", "tags": ["t"],
                  "securityRequirements": [{"schemes": {"devices": {"list": []}, "key": {}}}]}]
    }"#,
    )
    .unwrap();
    let v03 = card.to_v03();
    assert!(v03.json["securitySchemes"].get("devices").is_none());
    assert_eq!(v03.json["securitySchemes"]["key"]["type"], "apiKey");
    assert_eq!(v03.json["security"], serde_json::json!([{"key": []}]));
    assert_eq!(v03.json["skills"][0]["security"], serde_json::json!([]));
    let pointers: Vec<&str> = v03.notes.iter().map(|n| n.pointer.as_str()).collect();
    for expected in [
        "/securitySchemes/devices",
        "/securityRequirements/0",
        "/skills/0/securityRequirements/0",
    ] {
        assert!(
            pointers.contains(&expected),
            "{expected} not in {pointers:?}"
        );
    }
}

/// Found by tests/properties.rs: the main interface's unknown fields vanished from the v0.3
/// rendering without a note, so a round trip through v0.3 lost them silently.
#[test]
fn v03_rendering_notes_the_main_interface_unknown_fields_and_keeps_them_in_additional_interfaces() {
    let mut interface = AgentInterface::new("https://a.example/rpc", "JSONRPC", "0.3");
    interface
        .extra
        .insert("x-region".into(), serde_json::json!("eu"));
    let card = AgentCard {
        supported_interfaces: vec![interface],
        ..Default::default()
    };
    let v03 = card.to_v03();
    let notes: Vec<(&str, &str)> = v03
        .notes
        .iter()
        .map(|d| (d.code.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(notes, [("A2A-W021", "/supportedInterfaces/0/x-region")]);
    assert_eq!(
        v03.json["additionalInterfaces"],
        serde_json::json!([{"url": "https://a.example/rpc", "transport": "JSONRPC", "x-region": "eu"}])
    );
}

/// Another SDK's card type goes in through `Serialize`: read as bytes are (v0.3 converted),
/// unknown fields kept and listed, and a value that is no JSON refused with a reason.
#[test]
fn any_serializable_card_is_read_like_bytes() {
    use std::collections::BTreeMap;

    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct OtherSdkCard {
        name: String,
        description: String,
        version: String,
        supported_interfaces: Vec<BTreeMap<&'static str, &'static str>>,
        x_vendor: u32,
    }
    let interface = BTreeMap::from([
        ("url", "https://a.example/rpc"),
        ("protocolBinding", "JSONRPC"),
        ("protocolVersion", "1.0"),
    ]);
    let sdk = OtherSdkCard {
        name: "Atlas".into(),
        description: "Answers questions about maps.".into(),
        version: "1.0.0".into(),
        supported_interfaces: vec![interface],
        x_vendor: 7,
    };
    let read = AgentCard::from_serialize(&sdk).unwrap();
    assert_eq!(read.card.name, "Atlas");
    assert_eq!(read.card.unknown_fields(), ["/xVendor"]);
    // The same card as bytes reads the same.
    let bytes = serde_json::to_vec(&sdk).unwrap();
    assert_eq!(
        AgentCard::from_json_slice(&bytes).unwrap().to_json_vec(),
        read.card.to_json_vec()
    );
    // A map with non-string keys does not serialize to JSON.
    let not_json = BTreeMap::from([((1, 2), "x")]);
    let err = AgentCard::from_serialize(&not_json).unwrap_err();
    assert!(
        err.to_string().contains("does not serialize to JSON"),
        "{err}"
    );
}
