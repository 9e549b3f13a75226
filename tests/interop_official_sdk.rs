//! Three SDK clients against the echo agent of `examples/official_sdk.rs`: the official Rust
//! SDK's JSON-RPC and REST routers (`a2a-server-lf`) behind `AgentCardLayer`,
//! `ExtendedCardLayer` and `RequireCardSecurityLayer`, the card requiring an API key or a bearer JWT.
//! - the SDK's own Rust client (`a2a-client-lf`: `AgentCardResolver`, `A2AClientFactory`,
//!   `AuthInterceptor`), the Python SDK (PyPI `a2a-sdk`, `tests/interop/official_sdk_peer.py`)
//!   and the npm SDK (`@a2a-js/sdk`, `tests/interop/js/official_sdk_client.mjs`) each resolve
//!   the public card, fetch the extended card over JSON-RPC and HTTP+JSON with each credential
//!   and are refused without one, and send a message that the SDK's handler answers.
//!
//! The agent is the example's own router (the example file is compiled into this test), served
//! in-process on 127.0.0.1 port 0; its card names that address, which the clients follow. The
//! Python SDK runs in a virtual environment (`A2A_SDK_PYTHON`, set by `.ci/run`, or one made
//! under the target directory); the npm SDK from `tests/interop/js/node_modules` (`npm ci`, by
//! `.ci/run` or by this test).

#[path = "../examples/official_sdk.rs"]
#[allow(dead_code)]
mod official_sdk;
use a2a_card_test_support as support;
use a2a_card_test_support::peers;

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use a2a_card::security::ApiKeys;
use a2a_card::security::jwt::{JwksSource, JwtSigner};
use a2a_card::sign::{Algorithm, SigningKey};
use a2a_client::A2AClientFactory;
use a2a_client::auth::AuthInterceptor;
use a2a_client::client::SendMessageExt;
use a2a_client::middleware::CallInterceptor;
use peers::run_peer;
use serde_json::Value;

const SDK: &str = "a2a-sdk==1.3.0";
const PY_PEER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/interop/official_sdk_peer.py"
);
const JS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/js");
const KEY: &str = "interop-official-sdk-key";
const BINDINGS: [&str; 2] = ["JSONRPC", "HTTP+JSON"];

/// The example's agent on its own thread and runtime; stopped when dropped.
struct Agent {
    addr: SocketAddr,
    origin: String,
    /// A token the agent's verifier accepts (issuer, audience and key of the example).
    token: String,
    /// One signed by a key the agent does not trust.
    forged: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Agent {
    fn start() -> Agent {
        let idp = SigningKey::generate(Algorithm::Es256).unwrap();
        let jwks = JwksSource::keys([idp.trusted_key("idp-1")]).unwrap();
        let exp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            + 600;
        let claims = serde_json::json!({
            "iss": official_sdk::ISSUER, "aud": official_sdk::AUDIENCE, "sub": "interop", "exp": exp,
        });
        let token = JwtSigner::new(idp).kid("idp-1").sign(&claims).unwrap();
        let stranger = SigningKey::generate(Algorithm::Es256).unwrap();
        let forged = JwtSigner::new(stranger).kid("idp-1").sign(&claims).unwrap();

        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, addr) = std::sync::mpsc::channel::<SocketAddr>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let addr = listener.local_addr().unwrap();
                let keys = ApiKeys::new([KEY]).unwrap();
                let app = official_sdk::agent(&format!("http://{addr}"), keys, jwks).unwrap();
                ready.send(addr).unwrap();
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await
                    .unwrap();
            });
        });
        let addr = addr.recv().expect("the agent starts");
        Agent {
            addr,
            origin: format!("http://{addr}"),
            token,
            forged,
            stop: Some(stop),
            thread: Some(thread),
        }
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

fn skill_ids(card: &Value) -> Vec<&str> {
    card["skills"]
        .as_array()
        .unwrap_or_else(|| panic!("no skills in {card}"))
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect()
}

/// What the agent serves: the public card and, for an API key, the extended card (asked
/// without any SDK, over plain HTTP).
fn served(agent: &Agent) -> (Value, Value) {
    let public = support::request(agent.addr, "GET", "/.well-known/agent-card.json", &[], b"");
    assert_eq!(public.status, 200);
    let key: &[(&str, &[u8])] = &[("X-API-Key", KEY.as_bytes())];
    let extended = support::request(agent.addr, "GET", "/rest/extendedAgentCard", key, b"");
    assert_eq!(extended.status, 200);
    (public.json(), extended.json())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_sdk_client_fetches_both_cards_and_sends_a_message_through_the_layers() {
    let agent = tokio::task::spawn_blocking(Agent::start).await.unwrap();
    let card = a2a_client::agent_card::AgentCardResolver::new(None)
        .resolve(&agent.origin)
        .await
        .expect("the SDK parses the card the layer serves");
    assert_eq!(card.name, "Echo Agent");
    assert_eq!(card.skills.len(), 1);
    // The SDK's model of our bytes is the example's SDK card (interfaces, schemes, skills).
    assert_eq!(card, official_sdk::sdk_card(&agent.origin));

    let credentials: [(&str, Option<Arc<dyn CallInterceptor>>); 4] = [
        ("none", None),
        (
            "apiKey",
            Some(Arc::new(AuthInterceptor::custom("X-API-Key", KEY))),
        ),
        (
            "bearer",
            Some(Arc::new(AuthInterceptor::bearer(agent.token.clone()))),
        ),
        (
            "forged",
            Some(Arc::new(AuthInterceptor::bearer(agent.forged.clone()))),
        ),
    ];
    for binding in BINDINGS {
        for (name, interceptor) in &credentials {
            let context = format!("{binding}, {name}");
            let mut factory = A2AClientFactory::builder().preferred_bindings(vec![binding.into()]);
            if let Some(interceptor) = interceptor {
                factory = factory.with_interceptor(interceptor.clone());
            }
            let (client, interface) = factory
                .build()
                .create_from_card_with_interface(&card)
                .await
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            assert_eq!(interface.protocol_binding, binding, "{context}");

            let extended = client
                .get_extended_agent_card(&a2a::GetExtendedAgentCardRequest { tenant: None })
                .await;
            let sent = client
                .send_text(format!("hello from rust over {binding}"))
                .await;
            if matches!(*name, "none" | "forged") {
                let refused = extended.expect_err(&context);
                assert!(
                    refused.message.contains("Authentication is required"),
                    "{context}: {refused:?}"
                );
                let refused = sent.expect_err(&context);
                assert!(
                    refused.message.contains("Authentication is required"),
                    "{context}: {refused:?}"
                );
                continue;
            }
            let extended = extended.unwrap_or_else(|e| panic!("{context}: {e:?}"));
            let ids: Vec<_> = extended.skills.iter().map(|s| s.id.as_str()).collect();
            assert_eq!(ids, ["echo", "shout"], "{context}");
            assert!(
                extended
                    .description
                    .ends_with("Signed-in callers may shout.")
            );
            match sent.unwrap_or_else(|e| panic!("{context}: {e:?}")) {
                a2a::SendMessageResponse::Message(reply) => {
                    assert_eq!(reply.role, a2a::Role::Agent, "{context}");
                    assert_eq!(
                        reply.text(),
                        Some(format!("echo: hello from rust over {binding}").as_str()),
                        "{context}"
                    );
                }
                other => panic!("{context}: not a message: {other:?}"),
            }
        }
    }
    drop(agent);
}

/// The interpreter of a virtual environment with the SDK installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0", &[SDK])
}

/// `node`, once the npm peers' project holds the locked `@a2a-js/sdk`.
fn node() -> &'static str {
    peers::node(JS_DIR)
}

#[test]
fn the_python_sdk_fetches_both_cards_and_sends_a_message_through_the_layers() {
    let agent = Agent::start();
    let (public, extended) = served(&agent);
    let mut command = Command::new(python());
    command
        .arg(PY_PEER)
        .args([&agent.origin, KEY, &agent.token]);
    let seen = run_peer(command, "official_sdk_peer.py");

    // The SDK's protobuf of the public card, back in JSON, is what the layer served.
    assert_eq!(seen["public"]["name"], public["name"]);
    assert_eq!(
        seen["public"]["supportedInterfaces"],
        public["supportedInterfaces"]
    );
    assert_eq!(seen["public"]["securitySchemes"], public["securitySchemes"]);
    assert_eq!(skill_ids(&seen["public"]), ["echo"]);

    let urls = [("JSONRPC", "/jsonrpc"), ("HTTP+JSON", "/rest")];
    for (binding, path) in urls {
        let got = &seen[binding];
        let refused = &got["none"];
        for call in ["extended", "send"] {
            let error = &refused[call]["error"];
            assert_eq!(
                error["status"], 401,
                "{binding}, no credential, {call}: {refused}"
            );
            assert_eq!(error["class"], "A2AClientError", "{binding}: {error}");
            let challenges = error["www_authenticate"].to_string();
            assert!(challenges.contains("X-API-Key") && challenges.contains("Bearer"));
        }
        for credential in ["apiKey", "bearer"] {
            let context = format!("{binding}, {credential}");
            let calls = &got[credential];
            assert_eq!(calls["url"], format!("{}{path}", agent.origin), "{context}");
            let card = &calls["extended"]["card"];
            assert!(card.is_object(), "{context}: {calls}");
            assert_eq!(skill_ids(card), ["echo", "shout"], "{context}");
            assert_eq!(card["description"], extended["description"], "{context}");
            let echo = format!("echo: hello from python over {binding}");
            assert_eq!(
                calls["send"]["texts"],
                serde_json::json!([echo]),
                "{context}"
            );
            // Streaming: server-sent events from the SDK's handler, through the layers.
            assert_eq!(
                calls["stream"]["texts"],
                serde_json::json!([echo]),
                "{context}"
            );
        }
    }
}

#[test]
fn the_js_sdk_fetches_both_cards_and_sends_a_message_through_the_layers() {
    let agent = Agent::start();
    let (_, extended) = served(&agent);
    let mut command = Command::new(node());
    command
        .arg("official_sdk_client.mjs")
        .args([&agent.origin, KEY, &agent.token])
        .current_dir(JS_DIR);
    let seen = run_peer(command, "official_sdk_client.mjs");

    for binding in BINDINGS {
        let got = &seen[binding];
        assert_eq!(got["transport"], binding, "{got}");
        for call in ["extended", "send"] {
            let error = &got["none"][call]["error"];
            assert!(
                error["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("Authentication is required")),
                "{binding}, no credential, {call}: {error}"
            );
        }
        for credential in ["apiKey", "bearer"] {
            let context = format!("{binding}, {credential}");
            let calls = &got[credential];
            let card = &calls["extended"]["card"];
            assert!(card.is_object(), "{context}: {calls}");
            assert_eq!(skill_ids(card), ["echo", "shout"], "{context}");
            assert_eq!(card["description"], extended["description"], "{context}");
            assert_eq!(calls["send"]["kind"], "message", "{context}");
            let echo = format!("echo: hello from js over {binding}");
            assert_eq!(
                calls["send"]["texts"],
                serde_json::json!([echo]),
                "{context}"
            );
        }
    }
}
