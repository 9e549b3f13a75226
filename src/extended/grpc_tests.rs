//! The extended card over gRPC: who gets it, in which form, and every path and message
//! that must not reach the agent unguarded.

use super::*;
use crate::protocol::grpc::{
    Code, GrpcStatus, agent_card_from_proto, agent_card_to_proto, extended_card_request, frame,
    unframe,
};

const CARD_METHOD: &str = "/lf.a2a.v1.A2AService/GetExtendedAgentCard";

/// A gRPC answer, read whole: the status from the trailers, or from the headers of a
/// Trailers-Only answer.
struct GrpcAnswer {
    answer: Answer,
    status: GrpcStatus,
    trailers_only: bool,
}

impl GrpcAnswer {
    fn code(&self) -> Code {
        self.status.code()
    }

    fn card(&self) -> Value {
        assert_eq!(self.code(), Code::Ok, "{:?}", self.status);
        agent_card_from_proto(unframe(&self.answer.body).unwrap()).unwrap()
    }
}

fn grpc_send(layer: &ExtendedCardLayer, request: Request<TestBody>) -> GrpcAnswer {
    let service = layer.layer(tower::service_fn(echo));
    let response = run(service.oneshot(request)).unwrap();
    let (parts, body) = response.into_parts();
    let collected = run(body.collect()).unwrap();
    let trailers = collected.trailers().cloned();
    let body = collected.to_bytes();
    let trailers_only = trailers.is_none();
    let status = GrpcStatus::from_headers(trailers.as_ref().unwrap_or(&parts.headers))
        .unwrap_or_else(|| GrpcStatus::new(Code::Unknown, "no grpc-status"));
    GrpcAnswer {
        answer: Answer {
            status: parts.status.as_u16(),
            headers: parts.headers,
            body,
        },
        status,
        trailers_only,
    }
}

fn call(
    layer: &ExtendedCardLayer,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> GrpcAnswer {
    let mut builder = Request::post(path)
        .header("content-type", "application/grpc")
        .header("te", "trailers");
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    grpc_send(layer, builder.body(TestBody::of(&[body])).unwrap())
}

fn ask_card(layer: &ExtendedCardLayer, headers: &[(&str, &str)]) -> GrpcAnswer {
    call(
        layer,
        CARD_METHOD,
        headers,
        &frame(&extended_card_request("")),
    )
}

/// What a ProtoJSON reader makes of the card's JSON: the form the answer must decode to.
fn proto_reading(card: &AgentCard) -> Value {
    let json = serde_json::to_value(card).unwrap();
    agent_card_from_proto(&agent_card_to_proto(&json).unwrap()).unwrap()
}

fn assert_refused(answer: &GrpcAnswer, code: Code, reason: &str) {
    assert_eq!(answer.answer.status, 200, "gRPC answers are HTTP 200");
    assert!(answer.trailers_only, "a refusal is the status alone");
    assert!(answer.answer.body.is_empty());
    assert_eq!(answer.code(), code, "{:?}", answer.status);
    assert_eq!(answer.status.reason(), Some(reason));
    assert!(!answer.answer.inner(), "the agent never sees it");
}

#[test]
fn the_card_is_answered_only_to_a_caller_with_the_cards_credentials() {
    let layer = layer();
    assert_refused(
        &ask_card(&layer, &[]),
        Code::Unauthenticated,
        "UNAUTHENTICATED",
    );
    for wrong in ["k2", "k1 ", "K1", "", "k1k1"] {
        let answer = ask_card(&layer, &[("x-api-key", wrong)]);
        assert_refused(&answer, Code::Unauthenticated, "UNAUTHENTICATED");
    }
    // The key in another metadata entry than the scheme names.
    let answer = ask_card(&layer, &[("x-api-key-2", "k1"), ("authorization", "k1")]);
    assert_refused(&answer, Code::Unauthenticated, "UNAUTHENTICATED");
    // gRPC metadata is lower case; the scheme names `X-API-Key`.
    let answer = ask_card(&layer, &[("x-api-key", "k1")]);
    assert_eq!(answer.answer.status, 200);
    assert!(
        !answer.trailers_only,
        "the card, then the status in trailers"
    );
    assert_eq!(
        answer.answer.header("content-type"),
        Some("application/grpc")
    );
    assert_eq!(answer.answer.header("grpc-status"), None);
    assert_eq!(answer.card(), proto_reading(&extended()));
    assert_eq!(answer.card()["description"], EXTENDED);
    assert!(!answer.answer.inner());
}

#[test]
fn the_refusal_carries_the_cards_challenge_and_is_not_cached() {
    let answer = ask_card(&layer(), &[]);
    assert_eq!(answer.answer.header("cache-control"), Some("no-store"));
    assert!(answer.answer.header("www-authenticate").is_some());
    assert_eq!(answer.status.message(), "Authentication is required");
}

#[test]
fn the_card_is_the_callers_view_of_the_skills() {
    let mut public = public();
    add_api_key_scheme(&mut public, "partner", "X-Partner-Key");
    let mut card = public.clone();
    let mut fleet = card.skills[0].clone();
    fleet.id = "fleet".into();
    fleet.security_requirements =
        vec![serde_json::from_value(json!({"schemes": {"partner": {}}})).unwrap()];
    card.skills.push(fleet);
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .verifier("partner", ApiKeys::new(["p1"]).unwrap())
        .build()
        .unwrap();
    let layer = ExtendedCardLayer::builder(&public, security)
        .extended_card(card.clone())
        .build()
        .unwrap();
    let ids = |answer: &GrpcAnswer| -> Vec<String> {
        let card = answer.card();
        card["skills"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let basic = ask_card(&layer, &[("x-api-key", "k1")]);
    assert!(
        !ids(&basic).contains(&"fleet".to_owned()),
        "{:?}",
        ids(&basic)
    );
    let partner = ask_card(&layer, &[("x-api-key", "k1"), ("x-partner-key", "p1")]);
    assert!(ids(&partner).contains(&"fleet".to_owned()));
    assert_eq!(partner.card(), proto_reading(&card));
    // The partner key alone does not meet the card's own requirement.
    let alone = ask_card(&layer, &[("x-partner-key", "p1")]);
    assert_refused(&alone, Code::Unauthenticated, "UNAUTHENTICATED");
}

#[test]
fn every_prefix_and_spelling_of_the_method_is_guarded() {
    let layer = layer();
    let message = frame(&extended_card_request("t1"));
    // Any prefix: a proxy may strip one of its choosing; percent-encoded unreserved letters
    // are the same path.
    for path in [
        CARD_METHOD,
        "/a2a/grpc/lf.a2a.v1.A2AService/GetExtendedAgentCard",
        "/t1/lf.a2a.v1.A2AService/GetExtendedAgentCard",
        "/lf.a2a.v1.A2AService/%47etExtendedAgentCard",
        "/lf.a2a.v1.A2AService/GetExtendedAgentCar%64",
    ] {
        let answer = call(&layer, path, &[], &message);
        assert_refused(&answer, Code::Unauthenticated, "UNAUTHENTICATED");
        let answer = call(&layer, path, &[("x-api-key", "k1")], &message);
        assert_eq!(answer.card()["description"], EXTENDED, "{path}");
    }
    // Spellings only a lenient server reads as the method: refused for everyone.
    for path in [
        "/lf.a2a.v1.a2aservice/getextendedagentcard",
        "/lf.a2a.v1.A2AService//GetExtendedAgentCard",
        "/lf.a2a.v1.A2AService/x/../GetExtendedAgentCard",
        "/lf.a2a.v1.A2AService%2FGetExtendedAgentCard",
        "/lf.a2a.v1.A2AService/GetExtendedAgentCard;x",
    ] {
        for headers in [&[][..], &[("x-api-key", "k1")][..]] {
            let answer = call(&layer, path, headers, &message);
            assert_eq!(answer.code(), Code::Unimplemented, "{path}");
            assert!(!answer.answer.inner(), "{path}");
        }
    }
}

#[test]
fn other_methods_of_the_service_reach_the_agent_and_unknown_ones_need_every_requirement() {
    let layer = layer();
    let message = frame(b"\x0a\x01x");
    for method in ["SendMessage", "GetTask", "CancelTask", "ListTasks"] {
        let answer = call(
            &layer,
            &format!("/lf.a2a.v1.A2AService/{method}"),
            &[],
            &message,
        );
        assert!(answer.answer.inner(), "{method}");
        assert_eq!(&answer.answer.body[..], &message[..], "byte for byte");
    }
    // Not the service (another package, a near-miss name): not the layer's business.
    for path in [
        "/a2a.v1.A2AService/GetExtendedAgentCardX",
        "/lf.a2a.v1.A2AServices/GetExtendedAgentCard",
    ] {
        assert!(call(&layer, path, &[], &message).answer.inner(), "{path}");
    }
    // Methods the service does not define: undecided, so the card's security first.
    for method in ["GetExtendedAgentCardX", "GetAgentCard", "SendMessages", ""] {
        let path = format!("/lf.a2a.v1.A2AService/{method}");
        let anonymous = call(&layer, &path, &[], &message);
        assert_refused(&anonymous, Code::Unauthenticated, "UNAUTHENTICATED");
        let keyed = call(&layer, &path, &[("x-api-key", "k1")], &message);
        assert!(keyed.answer.inner(), "{path}");
    }
    let public = public();
    let with = |policy| {
        ExtendedCardLayer::builder(&public, security(&public))
            .extended_card(extended())
            .undecided_call(policy)
            .build()
            .unwrap()
    };
    let refused = call(
        &with(UndecidedCall::Refuse),
        "/lf.a2a.v1.A2AService/GetAgentCard",
        &[("x-api-key", "k1")],
        &message,
    );
    assert_eq!(refused.code(), Code::Unimplemented);
    assert!(!refused.answer.inner());
    let passed = call(
        &with(UndecidedCall::PassThrough),
        "/lf.a2a.v1.A2AService/GetAgentCard",
        &[],
        &message,
    );
    assert!(passed.answer.inner());
}

#[test]
fn a_message_the_layer_cannot_read_is_an_invalid_argument_never_the_agents() {
    let layer = layer();
    let key = [("x-api-key", "k1")];
    let cases: [(&[u8], Code); 5] = [
        (b"", Code::InvalidArgument),
        (b"\x00\x00\x00", Code::InvalidArgument),
        (b"\x00\x00\x00\x00\x05\x0a\x01", Code::InvalidArgument),
        (b"\x00\x00\x00\x00\x02\x08\x01", Code::InvalidArgument),
        (
            b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
            Code::InvalidArgument,
        ),
    ];
    for (body, code) in cases {
        let answer = call(&layer, CARD_METHOD, &key, body);
        assert_eq!(answer.code(), code, "{body:?}");
        assert!(answer.trailers_only && !answer.answer.inner(), "{body:?}");
    }
    // A compressed message: UNIMPLEMENTED with the codings the layer reads.
    let compressed = call(
        &layer,
        CARD_METHOD,
        &[("x-api-key", "k1"), ("grpc-encoding", "gzip")],
        b"\x01\x00\x00\x00\x00",
    );
    assert_eq!(compressed.code(), Code::Unimplemented);
    assert_eq!(
        compressed.answer.header("grpc-accept-encoding"),
        Some("identity")
    );
    let flagged = call(&layer, CARD_METHOD, &key, b"\x01\x00\x00\x00\x00");
    assert_eq!(flagged.code(), Code::InvalidArgument);
    // `identity` is no coding.
    let identity = call(
        &layer,
        CARD_METHOD,
        &[("x-api-key", "k1"), ("grpc-encoding", "identity")],
        &frame(b""),
    );
    assert_eq!(identity.code(), Code::Ok);
    // Larger than the peek: not read further.
    let public = public();
    let small = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .peek(PeekSettings::default().max_bytes(16))
        .build()
        .unwrap();
    let large = frame(&extended_card_request(&"t".repeat(64)));
    let answer = call(&small, CARD_METHOD, &key, &large);
    assert_eq!(answer.code(), Code::ResourceExhausted);
}

#[test]
fn the_operations_errors_are_failed_preconditions_with_their_reason() {
    let mut public = public();
    public.capabilities.extended_agent_card = Some(false);
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .build()
        .unwrap();
    for headers in [&[][..], &[("x-api-key", "k1")][..]] {
        let answer = ask_card(&layer, headers);
        assert_refused(&answer, Code::FailedPrecondition, "UNSUPPORTED_OPERATION");
    }
    let public = super::public();
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .without_extended_card()
        .build()
        .unwrap();
    assert_refused(
        &ask_card(&layer, &[]),
        Code::Unauthenticated,
        "UNAUTHENTICATED",
    );
    let answer = ask_card(&layer, &[("x-api-key", "k1")]);
    assert_refused(
        &answer,
        Code::FailedPrecondition,
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
    );
}

#[test]
fn a_card_whose_only_interface_is_grpc_is_served_over_grpc() {
    let mut public = public();
    public.supported_interfaces = vec![crate::AgentInterface::new(
        "https://routes.example.com/a2a/grpc",
        "GRPC",
        "1.0",
    )];
    let layer = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .build()
        .unwrap();
    assert_refused(
        &ask_card(&layer, &[]),
        Code::Unauthenticated,
        "UNAUTHENTICATED",
    );
    assert_eq!(
        ask_card(&layer, &[("x-api-key", "k1")]).card()["description"],
        EXTENDED
    );
}

#[test]
fn the_json_routes_answer_as_before() {
    let layer = layer();
    let answer = get(&layer, "/a2a/rest/extendedAgentCard", &[KEY]);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["description"], EXTENDED);
    let answer = rpc(&layer, TestBody::text(CARD_CALL), &[]);
    assert_eq!(answer.status, 401);
}

#[test]
fn a_client_certificate_of_the_connection_meets_a_mutual_tls_requirement() {
    use crate::security::{ClientCertificate, MutualTls};
    let mut public = public();
    let scheme = json!({"mtlsSecurityScheme": {"description": "client certificates"}});
    public
        .security_schemes
        .insert("mtls".into(), serde_json::from_value(scheme).unwrap());
    public.security_requirements =
        vec![serde_json::from_value(json!({"schemes": {"mtls": {}}})).unwrap()];
    let security = CardSecurity::builder(&public)
        .verifier("mtls", MutualTls)
        .build()
        .unwrap();
    let layer = ExtendedCardLayer::builder(&public, security)
        .extended_card(public.clone())
        .build()
        .unwrap();
    let request = |certificate: bool| {
        let mut request = Request::post(CARD_METHOD)
            .header("content-type", "application/grpc")
            .body(TestBody::of(&[&frame(b"")]))
            .unwrap();
        if certificate {
            let cert = ClientCertificate::new(vec![0x30], Some("CN=caller".into()));
            request.extensions_mut().insert(cert);
        }
        request
    };
    let refused = grpc_send(&layer, request(false));
    assert_refused(&refused, Code::Unauthenticated, "UNAUTHENTICATED");
    let answered = grpc_send(&layer, request(true));
    assert_eq!(
        answered.card()["name"],
        serde_json::to_value(&public).unwrap()["name"]
    );
}

/// v0.3's `a2a.v1.A2AService/GetAgentCard` returns the authenticated extended card from a
/// v0.3 backend: the layer cannot write v0.3's message, so it is undecided (by default: every
/// requirement, then the agent), never passed to an anonymous caller.
#[test]
fn v0_3s_get_agent_card_needs_every_requirement_before_the_agent() {
    let layer = layer();
    let message = frame(b"");
    for path in [
        "/a2a.v1.A2AService/GetAgentCard",
        "/a2a/grpc/a2a.v1.A2AService/GetAgentCard",
    ] {
        let anonymous = call(&layer, path, &[], &message);
        assert_refused(&anonymous, Code::Unauthenticated, "UNAUTHENTICATED");
        let wrong = call(&layer, path, &[("x-api-key", "k2")], &message);
        assert_refused(&wrong, Code::Unauthenticated, "UNAUTHENTICATED");
        assert!(
            call(&layer, path, &[("x-api-key", "k1")], &message)
                .answer
                .inner(),
            "{path}"
        );
    }
    // Its lenient spellings are refused for everyone; v0.3's other methods and near-miss
    // services are the agent's.
    for path in [
        "/a2a.v1.a2aservice/getagentcard",
        "/a2a.v1.A2AService//GetAgentCard",
    ] {
        let answer = call(&layer, path, &[("x-api-key", "k1")], &message);
        assert_eq!(answer.code(), Code::Unimplemented, "{path}");
        assert!(!answer.answer.inner(), "{path}");
    }
    for path in [
        "/a2a.v1.A2AService/SendMessage",
        "/a2a.v1.A2AService/GetTask",
        "/a2a.v2.A2AService/GetAgentCard",
        "/a2a.v1.A2AService/GetAgentCards",
    ] {
        assert!(call(&layer, path, &[], &message).answer.inner(), "{path}");
    }
    let public = public();
    let refusing = ExtendedCardLayer::builder(&public, security(&public))
        .extended_card(extended())
        .undecided_call(UndecidedCall::Refuse)
        .build()
        .unwrap();
    let refused = call(
        &refusing,
        "/a2a.v1.A2AService/GetAgentCard",
        &[("x-api-key", "k1")],
        &message,
    );
    assert_eq!(refused.code(), Code::Unimplemented);
    assert!(!refused.answer.inner());
}
