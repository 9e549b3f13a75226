//! The AI Catalog as the SDKs' clients use it: a layer serving three agents (the main card and
//! two tenants) and their catalog, in process; the Python a2a-sdk 1.3 (its `A2ACardResolver`)
//! and @a2a-js/sdk (its `DefaultAgentCardResolver`) fetch the catalog over HTTP and resolve
//! every card it lists, each resolving to the card served at that URL.
//!
//! The Python SDK runs in a virtual environment (`A2A_SDK_PYTHON`, or one made under the
//! target directory with pip, once), the npm SDK from `tests/interop/js/node_modules` (`npm
//! ci`, by `.ci/run` or by this test).
#![cfg(all(feature = "serve", feature = "catalog"))]

use a2a_card_test_support::peers;

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use a2a_card::AgentCard;
use a2a_card::catalog::HostInfo;
use a2a_card::serve::{AgentCardLayer, CatalogOptions};
use axum::Router;
use peers::run_peer;
use serde_json::Value;

const SDK: &str = "a2a-sdk==1.3.0";
const PY_PEER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/catalog_peer.py");
const JS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/interop/js");
const EXAMPLE: &[u8] = include_bytes!("../examples/agent-card.json");

/// The three agents, by the path of their card.
const AGENTS: &[(Option<&str>, &str)] = &[
    (None, "Concierge"),
    (Some("food"), "Food Finder"),
    (Some("travel"), "Travel Planner"),
];

fn card(name: &str) -> AgentCard {
    let mut card = AgentCard::from_json_slice(EXAMPLE).unwrap();
    card.name = name.to_owned();
    card
}

/// Serves the layer of three agents and its catalog on 127.0.0.1 (its own thread and
/// runtime, for the rest of the test binary); returns the base URL.
fn serve_three_agents() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let mut builder = AgentCardLayer::builder(card(AGENTS[0].1));
    for (tenant, name) in &AGENTS[1..] {
        builder = builder.tenant(tenant.unwrap(), card(name));
    }
    let layer = builder
        .catalog(
            CatalogOptions::new()
                .base_url(&base)
                .host(HostInfo::new("Example Agents"))
                .identifier_prefix("urn:example:agent:"),
        )
        .build()
        .unwrap();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            axum::serve(listener, Router::new().layer(layer))
                .await
                .unwrap();
        });
    });
    base
}

/// One server for every test of this binary.
fn base() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(serve_three_agents)
}

fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0", &[SDK])
}

/// `node`, once the npm peers' project holds the locked `@a2a-js/sdk`.
fn node() -> &'static str {
    peers::node(JS_DIR)
}

/// What a peer resolved: the catalog it read, and every listed card, each the one served at
/// its URL.
fn assert_every_listed_card_resolves(peer: &Value, what: &str) {
    let base = base();
    assert_eq!(peer["catalog"]["status"], 200, "{what}: {peer:#}");
    assert_eq!(
        peer["catalog"]["contentType"], "application/ai-catalog+json",
        "{what}"
    );
    assert_eq!(peer["catalog"]["entries"], AGENTS.len(), "{what}");
    let cards = peer["cards"].as_array().unwrap();
    assert_eq!(cards.len(), AGENTS.len(), "{what}: {peer:#}");
    for (resolved, (tenant, name)) in cards.iter().zip(AGENTS) {
        let path = tenant.map_or(String::new(), |t| format!("/{t}"));
        assert_eq!(
            resolved["url"],
            format!("{base}{path}/.well-known/agent-card.json"),
            "{what}"
        );
        let identifier = tenant.map_or("urn:example:agent".to_owned(), |t| {
            format!("urn:example:agent:{t}")
        });
        assert_eq!(resolved["identifier"], identifier, "{what}");
        // The SDK's own model of the card served there.
        let card = &resolved["card"];
        assert_eq!(card["name"], *name, "{what}: {card:#}");
        let served = card_as_served(name);
        assert_eq!(card["description"], served["description"], "{what}");
        assert_eq!(card["version"], served["version"], "{what}");
        assert_eq!(
            card["skills"].as_array().map(Vec::len),
            served["skills"].as_array().map(Vec::len),
            "{what}"
        );
        assert_eq!(
            card["supportedInterfaces"][0]["url"], served["supportedInterfaces"][0]["url"],
            "{what}"
        );
    }
}

fn card_as_served(name: &str) -> Value {
    card(name).to_value()
}

#[test]
fn the_python_sdk_resolves_every_card_the_catalog_lists() {
    let mut command = Command::new(python());
    command
        .arg(PY_PEER)
        .arg(format!("{}/.well-known/ai-catalog.json", base()));
    let peer = run_peer(command, "a2a-sdk resolving the catalog's cards");
    assert_every_listed_card_resolves(&peer, "a2a-sdk");
}

#[test]
fn the_npm_sdk_resolves_every_card_the_catalog_lists() {
    let mut command = Command::new(node());
    command
        .current_dir(JS_DIR)
        .arg("resolve_catalog.mjs")
        .arg(format!("{}/.well-known/ai-catalog.json", base()));
    let peer = run_peer(command, "@a2a-js/sdk resolving the catalog's cards");
    assert_every_listed_card_resolves(&peer, "@a2a-js/sdk");
}
