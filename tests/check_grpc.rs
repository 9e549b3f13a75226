//! The audit's gRPC probe against real HTTP/2 servers on 127.0.0.1: a card whose GRPC
//! interfaces lead to a hand-written gRPC agent (h2c, and TLS with ALPN h2) that answers
//! each path with another status, hands the card out on one, serves an HTML 404 on
//! another; an HTTP/1.1-only server and a closed port beside them. Each interface must get
//! its own finding, at the URL of the call.
#![cfg(all(feature = "check", feature = "serve"))]

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use a2a_card::check::Audit;
use a2a_card::protocol::ErrorCode;
use a2a_card::protocol::grpc::{self, Code as Status, GrpcStatus};
use a2a_card::serve::AgentCardLayer;
use a2a_card::{AgentCard, Code, Severity};
use axum::Router;
use bytes::Bytes;
use http::header::{CONTENT_TYPE, TE};
use http::{HeaderMap, HeaderValue, Method, Response};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper_util::rt::{TokioExecutor, TokioIo};
use serde_json::{Value, json};

type Body = BoxBody<Bytes, Infallible>;

/// The card the leaking path hands out (as the proto's AgentCard).
fn card_json(interfaces: &[(String, &str)]) -> Value {
    json!({
        "name": "Route Planner",
        "description": "Plans driving routes with live traffic and road closures.",
        "supportedInterfaces": interfaces.iter().map(|(url, tenant)| {
            let mut interface = json!({"url": url, "protocolBinding": "GRPC", "protocolVersion": "1.0"});
            if !tenant.is_empty() {
                interface["tenant"] = json!(tenant);
            }
            interface
        }).collect::<Vec<_>>(),
        "version": "2.1.0",
        "capabilities": {},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["application/json"],
        "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
                    "tags": ["maps"], "examples": ["Drive from Lyon to Turin avoiding tolls"]}]
    })
}

fn status(status: GrpcStatus) -> Response<Body> {
    status.trailers_only().map(|b| Full::new(b).boxed())
}

/// The gRPC agent: the probe's call is checked (POST, application/grpc, te: trailers, a
/// GetExtendedAgentCardRequest whose tenant is the one the path names), anything else gets
/// INVALID_ARGUMENT, which no case below expects. Then the path picks the answer:
/// `/status/{code}[/{reason}]`, `/leak` (the card, framed, grpc-status 0 in trailers),
/// `/html` (a 404 page), `/tenant/{name}` (UNAUTHENTICATED when the tenant was sent).
fn agent(parts: &http::request::Parts, body: &[u8]) -> Response<Body> {
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    let tenant = grpc::unframe(body)
        .ok()
        .and_then(|message| grpc::read_extended_card_request(message).ok());
    let prefix = parts.uri.path().strip_suffix(call.as_str());
    let (Some(tenant), Some(prefix), true, true, Some("trailers")) = (
        tenant,
        prefix,
        parts.method == Method::POST,
        grpc::is_grpc(&parts.headers),
        parts.headers.get(TE).and_then(|v| v.to_str().ok()),
    ) else {
        return status(GrpcStatus::new(
            Status::InvalidArgument,
            "not a GetExtendedAgentCard call",
        ));
    };
    let segments: Vec<&str> = prefix.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["status", code] | ["status", code, _] => {
            let code = Status::from_i32(code.parse().unwrap()).unwrap();
            let refusal = GrpcStatus::new(code, "as configured");
            status(match segments.get(2) {
                Some(reason) => refusal.with_reason(reason),
                None => refusal,
            })
        }
        ["tenant", expected] if tenant == *expected => status(GrpcStatus::new(
            Status::Unauthenticated,
            "Authentication is required",
        )),
        ["leak"] => {
            let card = card_json(&[]);
            let message = grpc::agent_card_to_proto(&card).unwrap();
            let mut trailers = HeaderMap::new();
            trailers.insert(grpc::GRPC_STATUS, HeaderValue::from_static("0"));
            Response::builder()
                .header(CONTENT_TYPE, grpc::CONTENT_TYPE)
                .body(
                    Full::new(grpc::frame(&message))
                        .with_trailers(async move { Some(Ok(trailers)) })
                        .boxed(),
                )
                .unwrap()
        }
        ["html"] => Response::builder()
            .status(404)
            .header(CONTENT_TYPE, "text/html")
            .body(Full::new(Bytes::from_static(b"<html>Not Found</html>")).boxed())
            .unwrap(),
        _ => status(GrpcStatus::new(Status::InvalidArgument, "unknown path")),
    }
}

/// Serves the hand-written agent over HTTP/2 only on 127.0.0.1, port 0: h2c with prior
/// knowledge, or TLS offering `tls`'s ALPN list.
async fn h2_server(tls: Option<Arc<rustls::ServerConfig>>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let service = tower::service_fn(|request: http::Request<hyper::body::Incoming>| async move {
        let (parts, body) = request.into_parts();
        let bytes = body
            .collect()
            .await
            .map(|c| c.to_bytes())
            .unwrap_or_default();
        Ok::<_, Infallible>(agent(&parts, &bytes))
    });
    serve_h2(listener, service, tls);
    address
}

/// Serves `service` on `listener`, HTTP/2 only, each connection on a task of its own.
fn serve_h2<S, B>(
    listener: tokio::net::TcpListener,
    service: S,
    tls: Option<Arc<rustls::ServerConfig>>,
) where
    S: tower::Service<
            http::Request<hyper::body::Incoming>,
            Response = Response<B>,
            Error = Infallible,
        > + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    tokio::spawn(async move {
        loop {
            let (tcp, _) = listener.accept().await.unwrap();
            let tls = tls.clone();
            let service = hyper_util::service::TowerToHyperService::new(service.clone());
            tokio::spawn(async move {
                let builder = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
                match tls {
                    None => {
                        let _ = builder.serve_connection(TokioIo::new(tcp), service).await;
                    }
                    Some(config) => {
                        let Ok(stream) = tokio_rustls::TlsAcceptor::from(config).accept(tcp).await
                        else {
                            return;
                        };
                        let _ = builder
                            .serve_connection(TokioIo::new(stream), service)
                            .await;
                    }
                }
            });
        }
    });
}

/// Serves the card on 127.0.0.1 over HTTP/1.1 (axum), the audit's base URL; the same
/// server answers anything else with 404, over HTTP/1.1 only.
async fn card_server(card: impl FnOnce(&str) -> Value) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let card = AgentCard::from_json_slice(card(&base).to_string().as_bytes()).unwrap();
    let router = Router::new().layer(AgentCardLayer::builder(card).build().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

/// The findings of each call URL, by code.
fn by_url(report: &a2a_card::check::AuditReport) -> BTreeMap<String, Vec<(Code, String)>> {
    let mut found: BTreeMap<String, Vec<(Code, String)>> = BTreeMap::new();
    for finding in report.findings() {
        if let Some(url) = &finding.url {
            found
                .entry(url.clone())
                .or_default()
                .push((finding.code, finding.message.clone()));
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_grpc_answer_gets_its_finding_over_h2c() {
    let grpc_agent = h2_server(None).await;
    let at = |path: &str| format!("http://{grpc_agent}{path}");
    let unsupported = ErrorCode::UnsupportedOperation.reason();
    let cases: Vec<(String, &str, Code, &str)> = vec![
        (
            at("/status/16"),
            "",
            Code::GrpcExtendedRefused,
            "UNAUTHENTICATED (16)",
        ),
        (
            at("/status/7"),
            "",
            Code::GrpcExtendedRefused,
            "PERMISSION_DENIED (7)",
        ),
        (
            at("/tenant/t1"),
            "t1",
            Code::GrpcExtendedRefused,
            "UNAUTHENTICATED (16)",
        ),
        (
            at("/status/12"),
            "",
            Code::GrpcExtendedUnsupported,
            "UNIMPLEMENTED (12)",
        ),
        (
            at(&format!("/status/9/{unsupported}")),
            "",
            Code::GrpcExtendedUnsupported,
            "FAILED_PRECONDITION (9) reason \"UNSUPPORTED_OPERATION\"",
        ),
        // Near misses: FAILED_PRECONDITION without the reason, INTERNAL, INVALID_ARGUMENT.
        (
            at("/status/9"),
            "",
            Code::CapabilityOffAnswer,
            "FAILED_PRECONDITION (9)",
        ),
        (
            at("/status/13"),
            "",
            Code::CapabilityOffAnswer,
            "INTERNAL (13)",
        ),
        (
            at("/status/3"),
            "",
            Code::CapabilityOffAnswer,
            "INVALID_ARGUMENT (3)",
        ),
        (
            at("/leak"),
            "",
            Code::ExtendedCardUnprotected,
            "returned the extended card",
        ),
        (at("/html"), "", Code::NotGrpc, "HTTP 404 (\"text/html\")"),
    ];
    let listed: Vec<(String, &str)> = cases.iter().map(|c| (c.0.clone(), c.1)).collect();
    let base = card_server(move |base| {
        let mut listed = listed;
        // An HTTP/1.1-only server (the card's own), and a port nothing listens on.
        listed.push((format!("{base}/a2a"), ""));
        listed.push(("http://127.0.0.1:1/a2a".to_owned(), ""));
        card_json(&listed)
    })
    .await;
    let client = a2a_card::check::client().build().unwrap();
    let report = Audit::new(&base).unwrap().run(&client).await;
    let found = by_url(&report);
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    for (url, _, code, says) in &cases {
        let at_call = found
            .get(&format!("{url}{call}"))
            .unwrap_or_else(|| panic!("nothing at {url}: {found:#?}"));
        assert_eq!(at_call.len(), 1, "{url}: {at_call:?}");
        assert_eq!(at_call[0].0, *code, "{url}: {at_call:?}");
        assert!(at_call[0].1.contains(says), "{url}: {at_call:?}");
    }
    let http1 = &found[&format!("{base}/a2a{call}")];
    assert_eq!(http1[0].0, Code::NotGrpc, "{http1:?}");
    let closed = &found[&format!("http://127.0.0.1:1/a2a{call}")];
    assert_eq!(closed[0].0, Code::InterfaceUnreachable, "{closed:?}");
    // The leak and the closed port are the errors; the rest warnings and notes.
    let errors: Vec<Code> = report
        .findings()
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.code)
        .collect();
    assert_eq!(
        errors,
        [Code::ExtendedCardUnprotected, Code::InterfaceUnreachable],
        "{found:#?}"
    );
    assert_eq!(Code::NotGrpc.severity(), Severity::Warning);
    assert_eq!(Code::GrpcExtendedRefused.severity(), Severity::Note);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_targets_and_https_urls_are_called_over_tls_with_alpn_h2() {
    let pki = a2a_card_test_support::pki::Pki::new();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![pki.server.der.clone(), pki.ca.der.clone()],
            pki.server.key_der(),
        )
        .unwrap();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let grpc_agent = h2_server(Some(Arc::new(config))).await;
    let port = grpc_agent.port();
    let interfaces = [
        // https:// and grpcs:// are TLS; the interface's path prefixes the call's.
        format!("https://localhost:{port}/status/16"),
        format!("grpcs://localhost:{port}/status/7"),
    ];
    let listed: Vec<(String, &str)> = interfaces.iter().map(|u| (u.clone(), "")).collect();
    let base = card_server(move |_| card_json(&listed)).await;
    let client = a2a_card::check::client()
        .root_certificates_pem(pki.ca.pem.clone())
        .build()
        .unwrap();
    let report = Audit::new(&base).unwrap().run(&client).await;
    let found = by_url(&report);
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    for (url, says) in [
        (
            format!("https://localhost:{port}/status/16{call}"),
            "UNAUTHENTICATED",
        ),
        (
            format!("https://localhost:{port}/status/7{call}"),
            "PERMISSION_DENIED",
        ),
    ] {
        let at_call = found
            .get(&url)
            .unwrap_or_else(|| panic!("nothing at {url}: {found:#?}"));
        assert_eq!(
            at_call[0].0,
            Code::GrpcExtendedRefused,
            "{url}: {at_call:?}"
        );
        assert!(at_call[0].1.contains(says), "{at_call:?}");
    }
    // A TLS server that speaks HTTP/1.1 only (its ALPN list lacks h2) is reached, and is
    // not a gRPC service: a warning, not an unreachable interface.
    let mut http1_only = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(vec![pki.server.der.clone()], pki.server.key_der())
    .unwrap();
    http1_only.alpn_protocols = vec![b"http/1.1".to_vec()];
    let http1_agent = h2_server(Some(Arc::new(http1_only))).await;
    let url = format!("https://localhost:{}/a2a", http1_agent.port());
    let listed = vec![(url.clone(), "")];
    let base = card_server(move |_| card_json(&listed)).await;
    let report = Audit::new(&base).unwrap().run(&client).await;
    let found = by_url(&report);
    let at_call = &found[&format!("{url}{call}")];
    assert_eq!(at_call[0].0, Code::NotGrpc, "{at_call:?}");
    assert!(at_call[0].1.contains("ALPN h2"), "{at_call:?}");
    // A bare host:port target is TLS too: the h2c agent's port, dialled with TLS, fails
    // the handshake (an h2c server does not speak TLS), which shows TLS was tried.
    let cleartext = h2_server(None).await;
    let target = format!("127.0.0.1:{}", cleartext.port());
    let listed = vec![(target.clone(), "")];
    let base = card_server(move |_| card_json(&listed)).await;
    let report = Audit::new(&base).unwrap().run(&client).await;
    let found = by_url(&report);
    let at_call = &found[&format!("https://{target}{call}")];
    assert_eq!(at_call[0].0, Code::InterfaceUnreachable, "{at_call:?}");
    assert!(at_call[0].1.contains("TLS"), "{at_call:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grpc_interface_that_never_answers_is_bounded_by_the_clients_deadline() {
    // Accepts, reads the preface and the call, and never writes a byte.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        loop {
            let (tcp, _) = listener.accept().await.unwrap();
            held.push(tcp);
        }
    });
    let listed = vec![(format!("http://{silent}/a2a"), "")];
    let base = card_server(move |_| card_json(&listed)).await;
    let client = a2a_card::check::client()
        .timeout(std::time::Duration::from_millis(500))
        .build()
        .unwrap();
    let report = Audit::new(&base).unwrap().run(&client).await;
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    let found = by_url(&report);
    let at_call = &found[&format!("http://{silent}/a2a{call}")];
    assert_eq!(at_call[0].0, Code::InterfaceUnreachable, "{at_call:?}");
    assert!(at_call[0].1.contains("no answer"), "{at_call:?}");
}

/// The crate's own layer as the agent: `ExtendedCardLayer` over a card whose GRPC interface
/// requires an API key refuses the audit's call, a note, and the audit passes (the leaking
/// handler's error is the `/leak` case above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_extended_card_layer_refuses_the_call_and_passes() {
    use a2a_card::extended::{ExtendedCardLayer, UnimplementedAgent};
    use a2a_card::security::{ApiKeys, CardSecurity};
    use tower::Layer;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let grpc_url = format!("http://{}/a2a/grpc", listener.local_addr().unwrap());
    let mut card = card_json(&[(grpc_url.clone(), "")]);
    card["capabilities"] = json!({"extendedAgentCard": true});
    card["securitySchemes"] =
        json!({"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}});
    card["securityRequirements"] = json!([{"schemes": {"apiKey": {}}}]);
    let public = AgentCard::from_json_slice(card.to_string().as_bytes()).unwrap();
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
        .build()
        .unwrap();
    let layer = ExtendedCardLayer::builder(&public, security)
        .extended_card(public.clone())
        .build()
        .expect("the extended layer takes a card with a GRPC interface");
    let agent = layer.layer(UnimplementedAgent::new(&public).unwrap());
    serve_h2(listener, agent, None);
    let base = card_server(move |_| card).await;
    let client = a2a_card::check::client().build().unwrap();
    let report = Audit::new(&base).unwrap().run(&client).await;
    let found = by_url(&report);
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    let at_call = &found[&format!("{grpc_url}{call}")];
    assert_eq!(at_call.len(), 1, "{at_call:?}");
    assert_eq!(at_call[0].0, Code::GrpcExtendedRefused, "{at_call:?}");
    assert!(at_call[0].1.contains("UNAUTHENTICATED (16)"), "{at_call:?}");
    let errors: Vec<String> = report
        .findings()
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(ToString::to_string)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}
