//! The official Python client (PyPI `a2a-sdk`) fetches the authenticated extended card from
//! `a2a-card serve --extended-card --auth` through its own API (issue 4): it resolves the
//! public card, lets `ClientFactory` pick the card's interface for JSON-RPC and for HTTP+JSON,
//! and calls `get_extended_agent_card` with the SDK's `AuthInterceptor`, which reads the
//! card's `securitySchemes` and sends the API key in the header the card names.
//! - with the key, both transports get the extended card the server serves to that key:
//!   the extended description and the skills the key may see (not the Basic-only one);
//! - without a key, or with a wrong one, the SDK raises on an HTTP 401 with a challenge,
//!   and learns nothing of the extended card;
//! - a card whose interfaces speak v0.3 sends the SDK through its v0.3 compatibility
//!   transports (`agent/getAuthenticatedExtendedCard`, `GET /v1/card`), answered the same.
//!
//! The SDK goes where the card says, so the card names the server's real address: the test
//! takes a free port from the system, writes the card with that origin and starts the real
//! binary on it (once more on another port if that one was taken meanwhile). The SDK runs in
//! a virtual environment (`A2A_SDK_PYTHON`, set by `.ci/run`, or one made under the target
//! directory).

mod binary_server;
mod card_diff;
use a2a_card_test_support::peers;
use a2a_card_test_support::{ServeAt, fixtures_dir, interop};

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use card_diff::differences;
use serde_json::Value;

const SDK: &str = "a2a-sdk==1.3.0";
/// The Python peer (under tests/interop/) and its cards (under tests/fixtures/).
const PEER: &str = "extended_card_peer.py";
const FIXTURES: &str = "interop/extended";
/// The origin of the fixtures' interface URLs, replaced by the server's.
const PLACEHOLDER: &str = "http://agent.invalid";
/// In `auth.toml` for the scheme `apiKey` (header `X-API-Key`).
const KEY: &str = "interop-customer-key";
const STAFF: &str = "staff:interop-staff-password";

fn fixture(name: &str) -> Value {
    let path = fixtures_dir().join(FIXTURES).join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap()
}

/// `card` with every interface URL moved from the placeholder origin to `origin`, and each
/// interface given `tenant` when there is one.
fn at_origin(mut card: Value, origin: &str, tenant: Option<&str>) -> Value {
    for interface in card["supportedInterfaces"].as_array_mut().unwrap() {
        let url = interface["url"].as_str().unwrap();
        let path = url.strip_prefix(PLACEHOLDER).expect("a placeholder URL");
        interface["url"] = Value::String(format!("{origin}{path}"));
        if let Some(tenant) = tenant {
            interface["tenant"] = Value::String(tenant.to_owned());
        }
    }
    card
}

/// A running `a2a-card serve` whose cards name its own address, and the cards it serves;
/// killed (by its process id) when dropped, panics included.
struct Server {
    /// Kept until the test ends.
    _process: ServeAt,
    /// `http://127.0.0.1:PORT`
    origin: String,
    /// `127.0.0.1:PORT`
    addr: String,
    public: Value,
    extended: Value,
}

impl Server {
    /// Serves the fixture `public` with `extended.json` and `auth.toml`; with `tenant`, every
    /// interface of both cards names that tenant.
    fn start(public: &str, tenant: Option<&str>) -> Server {
        let bin = env!("CARGO_BIN_EXE_a2a-card");
        let (process, (public_card, extended_card)) =
            ServeAt::start(bin, "interop-extended", |addr, dir| {
                let origin = format!("http://{addr}");
                let public_card = at_origin(fixture(public), &origin, tenant);
                // One agent, one set of interfaces: the extended card's are the public card's.
                let mut extended_card = fixture("extended.json");
                extended_card["supportedInterfaces"] =
                    fixture(public)["supportedInterfaces"].clone();
                let extended_card = at_origin(extended_card, &origin, tenant);
                let write = |name: &str, card: &Value| {
                    let path = dir.join(name);
                    std::fs::write(&path, serde_json::to_vec_pretty(card).unwrap()).unwrap();
                    path
                };
                let args = vec![
                    write("public.json", &public_card).into_os_string(),
                    "--extended-card".into(),
                    write("extended.json", &extended_card).into_os_string(),
                    "--auth".into(),
                    fixtures_dir()
                        .join(FIXTURES)
                        .join("auth.toml")
                        .into_os_string(),
                ];
                (args, (public_card, extended_card))
            });
        Server {
            origin: process.origin(),
            addr: process.addr.clone(),
            _process: process,
            public: public_card,
            extended: extended_card,
        }
    }

    /// One request of our own, beside the SDK: what the server serves to `headers`.
    fn get(&self, path: &str, headers: &[(&str, &str)]) -> binary_server::Response {
        binary_server::http(&self.addr, "GET", path, headers, b"")
    }
}

/// The interpreter of a virtual environment with the SDK installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0", &[SDK])
}

/// The peer against `server`: its stdout as JSON (see the script for the shape).
fn sdk_fetches(server: &Server) -> Value {
    let out = Command::new(python())
        .arg(interop(PEER))
        .args([&server.origin, KEY])
        .output()
        .expect("the peer runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "extended_card_peer.py failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("peer output ({e}): {stdout}"))
}

fn assert_same(ours: &Value, theirs: &Value, context: &str) {
    let mut diff = Vec::new();
    differences(ours, theirs, "", &mut diff);
    assert!(diff.is_empty(), "{context}:\n{}", diff.join("\n"));
}

fn skill_ids(card: &Value) -> Vec<&str> {
    card["skills"]
        .as_array()
        .unwrap_or_else(|| panic!("no skills in {card}"))
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect()
}

/// The extended fixture as an API-key holder may see it: the skill that requires Basic
/// (`refund`) hidden, the one that requires the key (`reroute`) kept.
fn extended_for_the_key(server: &Server) -> Value {
    let mut card = server.extended.clone();
    card["skills"]
        .as_array_mut()
        .unwrap()
        .retain(|s| s["id"] != "refund");
    card
}

/// Identity and skills (id, name, description, tags, examples) of a card: what survives
/// both renderings and the SDK's conversions.
fn identity_and_skills(card: &Value) -> Value {
    let skills: Vec<Value> = card["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let kept = ["id", "name", "description", "tags", "examples"]
                .into_iter()
                .filter_map(|k| Some((k.to_owned(), s.get(k)?.clone())));
            Value::Object(kept.collect())
        })
        .collect();
    serde_json::json!({
        "name": card["name"],
        "description": card["description"],
        "version": card["version"],
        "skills": skills,
    })
}

/// `(url, protocolBinding)` of each interface of a card.
fn interfaces(card: &Value) -> BTreeSet<(String, String)> {
    card["supportedInterfaces"]
        .as_array()
        .unwrap_or_else(|| panic!("no interfaces in {card}"))
        .iter()
        .map(|i| {
            let text = |k: &str| i[k].as_str().unwrap_or_default().to_owned();
            (text("url"), text("protocolBinding"))
        })
        .collect()
}

/// One call of the peer: its requests as `(method, url, JSON-RPC method, key sent)`.
fn requests(call: &Value) -> Vec<(String, String, Option<String>, bool)> {
    call["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["method"].as_str().unwrap().to_owned(),
                r["url"].as_str().unwrap().to_owned(),
                r["jsonrpc_method"].as_str().map(str::to_owned),
                r["api_key_sent"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// The SDK refused the call on an HTTP 401 with an API-key challenge, and what it received
/// says nothing about the extended card.
fn assert_refused(call: &Value, context: &str) {
    let error = &call["error"];
    assert!(
        call["card"].is_null() && error.is_object(),
        "{context}: the SDK got a card without a valid key: {call}"
    );
    assert_eq!(error["status"], 401, "{context}: {error}");
    // JSON-RPC and REST alike: the SDK's transports raise A2AClientError on an HTTP 401
    // ("HTTP Error 401: ..."), caused by httpx's HTTPStatusError.
    assert_eq!(error["class"], "A2AClientError", "{context}: {error}");
    assert!(
        error["message"].as_str().unwrap().contains("401"),
        "{context}: {error}"
    );
    assert_eq!(
        error["caused_by"][0], "HTTPStatusError",
        "{context}: {error}"
    );
    let challenge = error["www_authenticate"]
        .as_str()
        .unwrap_or_else(|| panic!("{context}: no WWW-Authenticate: {error}"));
    assert!(
        challenge.contains("X-API-Key") || challenge.contains("apiKey"),
        "{context}: the challenge names no API key: {challenge}"
    );
    let body = error["body"].to_string();
    for secret in ["reroute", "refund", "Customers with a key"] {
        assert!(
            !body.contains(secret),
            "{context}: the refusal reveals {secret:?}: {body}"
        );
    }
}

#[test]
fn the_python_sdk_fetches_the_extended_card_over_jsonrpc_and_http_json_with_an_api_key() {
    let server = Server::start("public.json", None);
    let seen = sdk_fetches(&server);
    let origin = &server.origin;

    // What the SDK resolved is the public card with our address in it.
    assert_same(&server.public, &seen["public"], "the public card");

    // What the server serves to the key, asked without the SDK.
    let raw = server.get("/rest/extendedAgentCard", &[("X-API-Key", KEY)]);
    assert_eq!(raw.status, 200, "{}", raw.text());
    let served = raw.json();
    assert_eq!(skill_ids(&served), ["track", "reroute"]);
    assert_same(
        &identity_and_skills(&extended_for_the_key(&server)),
        &identity_and_skills(&served),
        "the extended card served to the key, against the file",
    );

    let expected = [
        (
            "JSONRPC",
            "JsonRpcTransport",
            format!("{origin}/rpc"),
            (
                "POST",
                format!("{origin}/rpc"),
                Some("GetExtendedAgentCard"),
            ),
        ),
        (
            "HTTP+JSON",
            "RestTransport",
            format!("{origin}/rest"),
            ("GET", format!("{origin}/rest/extendedAgentCard"), None),
        ),
    ];
    for (binding, transport, url, (method, target, rpc)) in expected {
        let got = &seen[binding];
        assert_eq!(got["transport"], transport, "{binding}: {got}");
        assert_eq!(got["url"], url.as_str(), "{binding}: the interface chosen");

        let with_key = &got["key"];
        let card = &with_key["card"];
        assert!(
            card.is_object(),
            "{binding}: no card with the key: {with_key}"
        );
        // Field for field what the server serves to the key, and so the extended card.
        assert_same(
            &served,
            card,
            &format!("{binding}: the SDK's extended card"),
        );
        assert_eq!(skill_ids(card), ["track", "reroute"], "{binding}");
        assert_eq!(card["description"], server.extended["description"]);
        assert_ne!(card["description"], server.public["description"]);
        let sent = (method.to_owned(), target, rpc.map(str::to_owned), true);
        assert_eq!(
            requests(with_key),
            std::slice::from_ref(&sent),
            "{binding}: with the key"
        );

        assert_refused(&got["none"], &format!("{binding}, no key"));
        let unkeyed = (sent.0.clone(), sent.1.clone(), sent.2.clone(), false);
        assert_eq!(requests(&got["none"]), [unkeyed], "{binding}: no key");
        assert_refused(&got["wrong"], &format!("{binding}, a wrong key"));
        assert_eq!(requests(&got["wrong"]), [sent], "{binding}: a wrong key");
    }
    // The same refusal, asked without the SDK.
    assert_eq!(server.get("/rest/extendedAgentCard", &[]).status, 401);
    // Basic is the other alternative of the card: staff see the refund skill, not reroute.
    let basic = format!("Basic {}", STANDARD.encode(STAFF));
    let staff = server.get("/rest/extendedAgentCard", &[("Authorization", &basic)]);
    assert_eq!(staff.status, 200, "{}", staff.text());
    assert_eq!(skill_ids(&staff.json()), ["track", "refund"]);
}

#[test]
fn the_python_sdk_fetches_the_extended_card_through_its_v03_transports() {
    let server = Server::start("public-v03.json", None);
    let seen = sdk_fetches(&server);
    let origin = &server.origin;
    assert_same(&server.public, &seen["public"], "the public card");

    let raw = server.get("/v03/rest/v1/card", &[("X-API-Key", KEY)]);
    assert_eq!(raw.status, 200, "{}", raw.text());
    assert_eq!(skill_ids(&raw.json()), ["track", "reroute"]);
    let wanted = identity_and_skills(&extended_for_the_key(&server));

    let expected = [
        (
            "JSONRPC",
            "CompatJsonRpcTransport",
            ("POST", format!("{origin}/v03/rpc")),
            Some("agent/getAuthenticatedExtendedCard"),
        ),
        (
            "HTTP+JSON",
            "CompatRestTransport",
            ("GET", format!("{origin}/v03/rest/v1/card")),
            None,
        ),
    ];
    for (binding, transport, (method, target), rpc) in expected {
        let got = &seen[binding];
        assert_eq!(got["transport"], transport, "{binding}: {got}");
        let with_key = &got["key"];
        let card = &with_key["card"];
        assert!(
            card.is_object(),
            "{binding}: no card with the key: {with_key}"
        );
        // The SDK converted our v0.3 rendering back to v1.0.
        assert_same(
            &wanted,
            &identity_and_skills(card),
            &format!("{binding} v0.3: the SDK's extended card"),
        );
        // The v0.3 card's url and additionalInterfaces come back as the card's interfaces.
        assert_eq!(interfaces(card), interfaces(&server.public), "{binding}");
        assert_eq!(card["capabilities"]["extendedAgentCard"], true, "{binding}");
        let sent = (method.to_owned(), target, rpc.map(str::to_owned), true);
        assert_eq!(requests(with_key), [sent], "{binding}: with the key");
        assert_refused(&got["none"], &format!("{binding} v0.3, no key"));
        assert_refused(&got["wrong"], &format!("{binding} v0.3, a wrong key"));
    }
}

/// An interface with a tenant: the SDK wraps its transport in `TenantTransportDecorator`,
/// which puts the tenant in the REST path (`{url}/{tenant}/extendedAgentCard`, a route of
/// ours) and in the JSON-RPC params.
#[test]
fn the_python_sdk_fetches_the_extended_card_for_a_tenant() {
    let server = Server::start("public.json", Some("acme"));
    let seen = sdk_fetches(&server);
    let origin = &server.origin;
    assert_same(&server.public, &seen["public"], "the public card");
    let raw = server.get("/rest/acme/extendedAgentCard", &[("X-API-Key", KEY)]);
    assert_eq!(raw.status, 200, "{}", raw.text());
    let served = raw.json();
    assert_eq!(skill_ids(&served), ["track", "reroute"]);

    let expected = [
        (
            "JSONRPC",
            "TenantTransportDecorator(JsonRpcTransport)",
            (
                "POST",
                format!("{origin}/rpc"),
                Some("GetExtendedAgentCard"),
            ),
        ),
        (
            "HTTP+JSON",
            "TenantTransportDecorator(RestTransport)",
            ("GET", format!("{origin}/rest/acme/extendedAgentCard"), None),
        ),
    ];
    for (binding, transport, (method, target, rpc)) in expected {
        let got = &seen[binding];
        assert_eq!(got["transport"], transport, "{binding}: {got}");
        let with_key = &got["key"];
        assert_same(
            &served,
            &with_key["card"],
            &format!("{binding}, tenant: the SDK's extended card"),
        );
        let sent = (method.to_owned(), target, rpc.map(str::to_owned), true);
        assert_eq!(requests(with_key), [sent], "{binding}: with the key");
        if rpc.is_some() {
            let params = &with_key["requests"][0]["jsonrpc_params"];
            assert_eq!(params["tenant"], "acme", "{binding}: {params}");
        }
        assert_refused(&got["none"], &format!("{binding}, tenant, no key"));
        assert_refused(&got["wrong"], &format!("{binding}, tenant, a wrong key"));
    }
}
