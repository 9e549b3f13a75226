use super::*;
use serde_json::json;

fn example() -> serde_json::Value {
    serde_json::to_value(crate::__doctest::example_card()).unwrap()
}

#[test]
fn the_example_card_reads_back_member_for_member() {
    let card = example();
    let back = agent_card_from_proto(&agent_card_to_proto(&card).unwrap()).unwrap();
    assert_eq!(back, card);
}

#[test]
fn every_security_scheme_kind_and_struct_valued_member_survives() {
    let mut card = example();
    card["securitySchemes"] = json!({
        "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}},
        "bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}},
        "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {
            "tokenUrl": "https://idp.example.com/token", "scopes": {"read": "Read"}}}}},
        "oidc": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://idp.example.com/.well-known/openid-configuration"}},
        "mtls": {"mtlsSecurityScheme": {"description": "client certificates"}},
    });
    card["securityRequirements"] = json!([{"schemes": {"key": {}, "oauth": {"list": ["read"]}}}]);
    card["capabilities"]["extensions"] = json!([{"uri": "https://example.com/ext", "required": true,
        "params": {"depth": 2.5, "nested": {"list": [1.5, "two", null, false]}}}]);
    let back = agent_card_from_proto(&agent_card_to_proto(&card).unwrap()).unwrap();
    assert_eq!(back["securitySchemes"], card["securitySchemes"]);
    assert_eq!(back["securityRequirements"], card["securityRequirements"]);
    assert_eq!(
        back["capabilities"]["extensions"],
        card["capabilities"]["extensions"]
    );
}

#[test]
fn members_the_proto_does_not_define_are_left_out() {
    let mut card = example();
    card["x-vendor"] = json!({"anything": 1});
    let back = agent_card_from_proto(&agent_card_to_proto(&card).unwrap()).unwrap();
    assert!(back.get("x-vendor").is_none());
    assert_eq!(back["name"], card["name"]);
}

#[test]
fn a_member_of_the_wrong_type_is_an_error_naming_the_message() {
    let mut card = example();
    card["skills"] = json!("not a list");
    let error = agent_card_to_proto(&card).unwrap_err();
    assert!(matches!(
        error,
        ProtoError::Json {
            message: "AgentCard",
            ..
        }
    ));
    assert!(error.to_string().contains("lf.a2a.v1.AgentCard"), "{error}");
}

#[test]
fn the_request_reads_its_tenant_and_rejects_other_wire_types() {
    for tenant in ["", "t1", "tenant with spaces", "\u{e9}t\u{e9}"] {
        assert_eq!(
            read_extended_card_request(&extended_card_request(tenant)).unwrap(),
            tenant
        );
    }
    // Unknown fields are skipped, as protobuf readers do.
    assert_eq!(
        read_extended_card_request(b"\x0a\x01a\x10\x05").unwrap(),
        "a"
    );
    for bad in [
        &b"\x0a"[..],
        b"\x0a\x05ab",
        b"\x0a\x02\xff\xfe",
        b"\x0d\x00\x00\x00",
    ] {
        assert!(read_extended_card_request(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_service_lists_every_method_of_the_spec() {
    for method in [
        "SendMessage",
        "SendStreamingMessage",
        "GetTask",
        "ListTasks",
        "CancelTask",
        "SubscribeToTask",
        "CreateTaskPushNotificationConfig",
        "GetTaskPushNotificationConfig",
        "ListTaskPushNotificationConfigs",
        "DeleteTaskPushNotificationConfig",
        "GetExtendedAgentCard",
    ] {
        assert!(is_method(method), "{method}");
    }
    for near in [
        "",
        "GetExtendedAgentCard ",
        "getExtendedAgentCard",
        "GetAgentCard",
        "A2AService",
    ] {
        assert!(!is_method(near), "{near:?}");
    }
}
