//! The Python SDK's gRPC stub (PyPI `a2a-sdk[grpc]`, `tests/interop/grpc_peer.py`) asks
//! `a2a-card serve --extended-card --auth` for the extended card over gRPC (issue 45): the
//! card declares a GRPC interface at the server's own address beside its JSON-RPC and
//! HTTP+JSON ones, and an API key in the header (gRPC metadata) `x-api-key`.
//! - without the key, or with a wrong one, the stub gets UNAUTHENTICATED with the A2A
//!   `google.rpc.ErrorInfo` the SDK reads from `grpc-status-details-bin`;
//! - with the key it gets the extended card, the same message as the JSON card the server
//!   sends over HTTP+JSON to the same key (read into the SDK's `AgentCard` with
//!   `json_format.ParseDict` and compared by the proto's rules).
//!
//! The gRPC channel is plain-text HTTP/2 (prior knowledge) on the server's one port. The card
//! names the server's address, so the test takes a free port from the system, writes the
//! cards with it and starts the real binary there (once more on another port if that one was
//! taken meanwhile). The SDK runs in a virtual environment (`A2A_SDK_PYTHON`, set by
//! `.ci/run`, or one made under the target directory).

mod binary_server;
use a2a_card_test_support::peers;
use a2a_card_test_support::{Scratch, ServeAt, interop};

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

const SDK: &str = "a2a-sdk[grpc]==1.3.0";
const KEY: &str = "serve-grpc-key";
const METADATA: &str = "x-api-key";

/// The public card for a server at `addr` (`127.0.0.1:PORT`): three bindings, one API key.
fn public_card(addr: &str) -> Value {
    json!({
        "name": "Parcel Desk",
        "description": "Tracks parcels over JSON-RPC, HTTP+JSON and gRPC.",
        "supportedInterfaces": [
            {"url": format!("http://{addr}/rpc"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": format!("http://{addr}/rest"), "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
            {"url": addr, "protocolBinding": "GRPC", "protocolVersion": "1.0"}
        ],
        "version": "2.0.0",
        "capabilities": {"streaming": false, "extendedAgentCard": true},
        "securitySchemes": {
            "apiKey": {"apiKeySecurityScheme": {"location": "header", "name": METADATA}}
        },
        "securityRequirements": [{"schemes": {"apiKey": {}}}],
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [
            {"id": "track", "name": "Track a parcel", "description": "Where a parcel is now.",
             "tags": ["tracking"]}
        ]
    })
}

/// The extended card: the public one with a skill only callers with the key see.
fn extended_card(addr: &str) -> Value {
    let mut card = public_card(addr);
    card["description"] = json!("Tracks parcels; customers may also reroute them.");
    card["skills"].as_array_mut().unwrap().push(json!({
        "id": "reroute", "name": "Reroute a parcel", "description": "Sends a parcel elsewhere.",
        "tags": ["delivery"]
    }));
    card
}

/// A running `a2a-card serve` whose cards name its own address, with the extended card and
/// the API key.
fn serve() -> ServeAt {
    let (server, ()) = ServeAt::start(env!("CARGO_BIN_EXE_a2a-card"), "serve-grpc", |addr, dir| {
        let write = |name: &str, bytes: Vec<u8>| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        let public = write(
            "public.json",
            serde_json::to_vec_pretty(&public_card(addr)).unwrap(),
        );
        let extended = write(
            "extended.json",
            serde_json::to_vec_pretty(&extended_card(addr)).unwrap(),
        );
        let auth = write(
            "auth.toml",
            format!("[apiKey]\nkeys = [\"{KEY}\"]\n").into_bytes(),
        );
        let args = vec![
            public.into_os_string(),
            "--extended-card".into(),
            extended.into_os_string(),
            "--auth".into(),
            auth.into_os_string(),
        ];
        (args, ())
    });
    server
}

/// The interpreter of a virtual environment with the SDK and its gRPC extra installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0-grpc", &[SDK])
}

#[test]
fn the_python_grpc_stub_is_refused_without_the_key_and_gets_the_served_card_with_it() {
    let server = serve();

    // The JSON card the server sends to the key over HTTP+JSON: what gRPC must carry too.
    let json = binary_server::http(
        &server.addr,
        "GET",
        "/rest/extendedAgentCard",
        &[(METADATA, KEY)],
        b"",
    );
    assert_eq!(json.status, 200, "{}", json.text());
    let served = json.json();
    assert_eq!(served["skills"][1]["id"], "reroute");
    let expected = Scratch::file_with(
        "serve-grpc-expected.json",
        serde_json::to_vec(&served).unwrap(),
    );

    let mut command = Command::new(python());
    command
        .arg(interop("grpc_peer.py"))
        .arg(&server.addr)
        .arg(KEY)
        .arg(METADATA)
        .arg(&*expected);
    let report = peers::run_peer(command, "grpc_peer.py");

    peers::assert_grpc_peer_report(&report, "Authentication is required", &["track", "reroute"]);
    drop(server);
}
