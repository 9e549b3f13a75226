//! The official SDKs' gRPC clients against the agent of `examples/grpc_tonic.rs`: the official
//! Rust SDK's gRPC server (`a2a-grpc` on tonic) behind `ExtendedCardLayer` and
//! `RequireCardSecurityLayer`, the card declaring one GRPC interface and an API key in gRPC
//! metadata `x-api-key` (issue 45).
//! - the Rust SDK's generated tonic client (`a2a-pb`) sees the statuses as sent:
//!   `GetExtendedAgentCard` without the key or with a wrong one is UNAUTHENTICATED (with the
//!   A2A `ErrorInfo` in `grpc-status-details-bin`), with the key it is the extended card the
//!   layer was given, field for field (the SDK's own ProtoJSON of the message against this
//!   crate's JSON of the card); the SDK's other methods are guarded the same way;
//! - the Rust SDK's client (`a2a-client-lf` with `a2a-grpc`'s transport) follows the card to
//!   its GRPC interface, fetches the extended card and sends a message the SDK's handler
//!   answers, and is refused both without the key;
//! - the Python SDK's gRPC stub (PyPI `a2a-sdk[grpc]`, `tests/interop/grpc_peer.py`) is
//!   refused without the key and gets the same card with it.
//!
//! The agent is the example's own service (the example file is compiled into this test),
//! served in-process on 127.0.0.1 port 0 over h2c. The Python SDK runs in a virtual
//! environment (`A2A_SDK_PYTHON`, set by `.ci/run`, or one made under the target directory).

#[path = "../examples/grpc_tonic.rs"]
#[allow(dead_code)]
mod grpc_tonic;
use a2a_card_test_support as support;
use a2a_card_test_support::peers;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use a2a_card::security::ApiKeys;
use a2a_client::A2AClientFactory;
use a2a_client::auth::AuthInterceptor;
use a2a_client::client::SendMessageExt;
use a2a_pb::proto;
use a2a_pb::proto::a2a_service_client::A2aServiceClient;
use grpc_tonic::API_KEY_METADATA;
use peers::run_peer;
use prost::Message as _;
use serde_json::Value;
use tonic::transport::Channel;
use tonic_types::StatusExt;

const SDK: &str = "a2a-sdk[grpc]==1.3.0";
const PY_PEER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/grpc_peer.py");
const KEY: &str = "interop-grpc-key";
/// The message of the layers' UNAUTHENTICATED status.
const REFUSED: &str = "Authentication is required";

/// The example's agent on its own thread and runtime; stopped when dropped.
struct Agent {
    /// `http://127.0.0.1:PORT`, for tonic's channel.
    origin: String,
    /// The card's GRPC interface URL as the SDK writes it (`127.0.0.1:PORT`).
    target: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Agent {
    fn start() -> Agent {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, origin) = std::sync::mpsc::channel::<String>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let origin = format!("http://{}", listener.local_addr().unwrap());
                let keys = ApiKeys::new([KEY]).unwrap();
                let agent = grpc_tonic::agent(&origin, keys).unwrap();
                ready.send(origin).unwrap();
                tokio::select! {
                    served = grpc_tonic::serve(listener, agent) => served.unwrap(),
                    _ = stopped => {}
                }
            });
            // Dropping the runtime ends the connections' tasks.
        });
        let origin = origin.recv().expect("the agent starts");
        let sdk_card = grpc_tonic::sdk_card(&origin);
        let target = sdk_card.supported_interfaces[0].url.clone();
        Agent {
            origin,
            target,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// The card the extended-card layer was given, as this crate writes it (ProtoJSON).
    fn extended_json(&self) -> Value {
        let (_, extended) = grpc_tonic::cards(&self.origin).unwrap();
        serde_json::to_value(&extended).unwrap()
    }

    async fn client(&self) -> A2aServiceClient<Channel> {
        A2aServiceClient::connect(self.origin.clone())
            .await
            .expect("tonic connects over h2c")
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A request carrying `x-api-key: key` when there is one.
fn with_key<T>(message: T, key: Option<&str>) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if let Some(key) = key {
        request
            .metadata_mut()
            .insert(API_KEY_METADATA, key.parse().unwrap());
    }
    request
}

/// A refusal as the layers send it: UNAUTHENTICATED, and the A2A error in the details.
fn assert_unauthenticated(status: &tonic::Status, context: &str) {
    assert_eq!(
        status.code(),
        tonic::Code::Unauthenticated,
        "{context}: {status:?}"
    );
    assert_eq!(status.message(), REFUSED, "{context}: {status:?}");
    let info = status
        .get_details_error_info()
        .unwrap_or_else(|| panic!("{context}: no ErrorInfo in the details: {status:?}"));
    assert_eq!(info.reason, "UNAUTHENTICATED", "{context}: {info:?}");
    assert_eq!(info.domain, "a2a-protocol.org", "{context}: {info:?}");
}

/// The proto message as the SDK's own ProtoJSON (a2a-pb's pbjson types) reads it.
fn sdk_protojson(card: &proto::AgentCard) -> Value {
    let bytes = card.encode_to_vec();
    let json = a2a_pb::protojson::AgentCard::decode(bytes.as_slice()).unwrap();
    serde_json::to_value(&json).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sdk_tonic_client_is_refused_without_the_key_and_given_the_extended_card_with_it() {
    let agent = tokio::task::spawn_blocking(Agent::start).await.unwrap();
    let mut client = agent.client().await;

    for (context, key) in [("no key", None), ("wrong key", Some("not-the-key"))] {
        let refused = client
            .get_extended_agent_card(with_key(proto::GetExtendedAgentCardRequest::default(), key))
            .await
            .expect_err(context);
        assert_unauthenticated(&refused, context);
    }

    let card = client
        .get_extended_agent_card(with_key(
            proto::GetExtendedAgentCardRequest::default(),
            Some(KEY),
        ))
        .await
        .expect("the extended card with the key")
        .into_inner();
    let ids: Vec<_> = card.skills.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["echo", "shout"]);
    // Field for field: the SDK's ProtoJSON of what arrived is this crate's JSON of the card
    // the layer was given. (The layer's answer: the SDK's handler has no extended card, and
    // would have answered with an error.)
    assert_eq!(sdk_protojson(&card), agent.extended_json());

    // The SDK's other methods are behind the card's requirement too: refused without the key,
    // and with it answered by the SDK's handler (which knows no such task).
    let get_task = || proto::GetTaskRequest {
        id: "no-such-task".into(),
        ..Default::default()
    };
    let refused = client
        .get_task(with_key(get_task(), None))
        .await
        .expect_err("GetTask without the key");
    assert_unauthenticated(&refused, "GetTask without the key");
    let answered = client
        .get_task(with_key(get_task(), Some(KEY)))
        .await
        .expect_err("the SDK's handler has no such task");
    assert_eq!(answered.code(), tonic::Code::NotFound, "{answered:?}");
    let info = answered
        .get_details_error_info()
        .expect("the SDK's ErrorInfo");
    assert_eq!(info.reason, "TASK_NOT_FOUND", "{answered:?}");
    drop(agent);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_sdk_client_follows_the_grpc_interface_with_the_key_and_is_refused_without() {
    let agent = tokio::task::spawn_blocking(Agent::start).await.unwrap();
    let card = grpc_tonic::sdk_card(&agent.origin);
    for key in [None, Some(KEY)] {
        let context = format!("key {key:?}");
        let mut factory = A2AClientFactory::builder()
            .register(Arc::new(a2a_grpc::GrpcTransportFactory::new()))
            .preferred_bindings(vec![a2a::TRANSPORT_PROTOCOL_GRPC.into()]);
        if let Some(key) = key {
            factory =
                factory.with_interceptor(Arc::new(AuthInterceptor::custom(API_KEY_METADATA, key)));
        }
        let (client, interface) = factory
            .build()
            .create_from_card_with_interface(&card)
            .await
            .unwrap_or_else(|e| panic!("{context}: {e}"));
        assert_eq!(interface.protocol_binding, "GRPC", "{context}");
        assert_eq!(interface.url, agent.target, "{context}");

        let extended = client
            .get_extended_agent_card(&a2a::GetExtendedAgentCardRequest { tenant: None })
            .await;
        let sent = client.send_text("hello over grpc").await;
        if key.is_none() {
            // The SDK maps the status to an A2AError carrying the status message.
            let refused = extended.expect_err(&context);
            assert_eq!(refused.message, REFUSED, "{context}: {refused:?}");
            let refused = sent.expect_err(&context);
            assert_eq!(refused.message, REFUSED, "{context}: {refused:?}");
            continue;
        }
        let extended = extended.unwrap_or_else(|e| panic!("{context}: {e:?}"));
        let ids: Vec<_> = extended.skills.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["echo", "shout"], "{context}");
        assert!(
            extended
                .description
                .ends_with("Callers with a key may shout.")
        );
        match sent.unwrap_or_else(|e| panic!("{context}: {e:?}")) {
            a2a::SendMessageResponse::Message(reply) => {
                assert_eq!(reply.role, a2a::Role::Agent, "{context}");
                assert_eq!(reply.text(), Some("echo: hello over grpc"), "{context}");
            }
            other => panic!("{context}: not a message: {other:?}"),
        }
    }
    drop(agent);
}

/// The interpreter of a virtual environment with the SDK and its gRPC extra installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0-grpc", &[SDK])
}

#[test]
fn the_python_sdk_grpc_stub_is_refused_without_the_key_and_gets_the_same_card_with_it() {
    let agent = Agent::start();
    let expected = support::Scratch::file_with(
        "grpc-extended-card.json",
        serde_json::to_vec(&agent.extended_json()).unwrap(),
    );
    let mut command = Command::new(python());
    command
        .arg(PY_PEER)
        .arg(&agent.target)
        .arg(KEY)
        .arg(API_KEY_METADATA)
        .arg(&*expected);
    let report = run_peer(command, "grpc_peer.py");

    peers::assert_grpc_peer_report(&report, REFUSED, &["echo", "shout"]);
    drop(agent);
}
