//! Real A2A clients fetch and parse the card `a2a-card serve` serves:
//! - the official Python SDK (PyPI `a2a-sdk`, its `A2ACardResolver`) and the npm SDK
//!   (`@a2a-js/sdk`, its `DefaultAgentCardResolver`) resolve the card at the canonical and
//!   at the legacy path, and what they parse is the card file, field for field;
//! - both read the v0.3 rendering (`--legacy v03`, and `--negotiate-version` with
//!   `A2A-Version: 0.3`) through their own v0.3 compatibility code;
//! - what they see of our headers: `application/a2a+json`, a strong ETag shared by the alias,
//!   `Link: rel="canonical"` on the alias, `Vary: A2A-Version` when negotiating;
//! - both get the card precompressed for the `Accept-Encoding` their HTTP client sends (httpx,
//!   Node's fetch) and parse it all the same.
//!
//! The server is the real binary on 127.0.0.1 port 0. The Python SDK runs in a virtual
//! environment (`A2A_SDK_PYTHON`, set by `.ci/run`, or one made under the target directory);
//! the npm SDK from `tests/interop/js/node_modules` (`npm ci`, by `.ci/run` or by this test).

mod card_diff;
use a2a_card_test_support as support;
use a2a_card_test_support::peers;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use card_diff::differences;
use peers::run_peer;
use serde_json::Value;

const SDK: &str = "a2a-sdk==1.3.0";
/// The peers, under tests/interop/: a Python script and the npm project.
const PY_PEER: &str = "card_resolver_peer.py";
const JS_DIR: &str = "js";

const CANONICAL: &str = "/.well-known/agent-card.json";
const LEGACY: &str = "/.well-known/agent.json";

/// The example card, and one with every field: many skills, every kind of security scheme.
const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");
const EVERY_FIELD: &str = "tests/fixtures/interop/every-field.json";
const CARDS: &[&str] = &[EXAMPLE, EVERY_FIELD];

fn root() -> PathBuf {
    support::repo_root().to_path_buf()
}

fn read_card(relative: &str) -> Value {
    let bytes = std::fs::read(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"));
    serde_json::from_slice(&bytes).unwrap()
}

/// A running `a2a-card serve`; killed (by its process id) when dropped, panics included.
struct Server {
    child: Child,
    base: String,
    /// Kept open: the server's stdout must not turn into a broken pipe.
    _stdout: Option<BufReader<ChildStdout>>,
}

impl Server {
    fn start(card: &str, flags: &[&str]) -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
            .arg("serve")
            .arg(card)
            .args(["--addr", "127.0.0.1:0"])
            .args(flags)
            .current_dir(root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the a2a-card binary starts");
        // The guard exists before anything can panic.
        let mut server = Server {
            child,
            base: String::new(),
            _stdout: None,
        };
        let mut stdout = BufReader::new(server.child.stdout.take().unwrap());
        let mut line = String::new();
        let _ = stdout.read_line(&mut line);
        match line.trim_end().strip_prefix("listening on ") {
            Some(base) if base.starts_with("http://127.0.0.1:") => {
                server.base = base.to_owned();
                server._stdout = Some(stdout);
                server
            }
            _ => {
                let stderr = server.stop_and_read_stderr();
                panic!("serve {card} {flags:?}: first stdout line {line:?}\nstderr:\n{stderr}")
            }
        }
    }

    fn stop_and_read_stderr(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            let _ = pipe.read_to_string(&mut stderr);
        }
        stderr
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Child::kill signals this child's own pid, never anything found by name.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The interpreter of a virtual environment with the SDK installed.
fn python() -> &'static Path {
    peers::python("a2a-sdk-1.3.0", &[SDK])
}

/// `node`, once the npm peers' project holds the locked `@a2a-js/sdk`.
fn node() -> &'static str {
    peers::node(&support::interop(JS_DIR))
}

/// a2a-sdk's `A2ACardResolver` at `path`; `mode` is `v1` or `v03` (see the script).
fn python_resolves(server: &Server, mode: &str, path: &str, a2a_version: Option<&str>) -> Value {
    let mut command = Command::new(python());
    command
        .arg(support::interop(PY_PEER))
        .args([mode, &server.base, path])
        .args(a2a_version);
    run_peer(command, &format!("a2a-sdk resolving {path} ({mode})"))
}

/// @a2a-js/sdk's `DefaultAgentCardResolver` at `path`; `mode` is `v1` or `v03`.
fn js_resolves(server: &Server, mode: &str, path: &str) -> Value {
    let mut command = Command::new(node());
    command
        .arg("resolve_card.mjs")
        .args([mode, &server.base, path])
        .current_dir(support::interop(JS_DIR));
    run_peer(command, &format!("@a2a-js/sdk resolving {path} ({mode})"))
}

fn assert_same_card(file: &str, theirs: &Value, context: &str) {
    let mut diff = Vec::new();
    differences(&read_card(file), theirs, "", &mut diff);
    assert!(
        diff.is_empty(),
        "{context}: {file} as the client parsed it differs:\n{}",
        diff.join("\n")
    );
    // Guard against a vacuous pass (both sides empty): the fields the issue names are there.
    for key in ["name", "version", "supportedInterfaces", "skills"] {
        assert!(!is_missing(&theirs[key]), "{context}: no {key} in {theirs}");
    }
}

fn is_missing(v: &Value) -> bool {
    v.is_null() || v.as_array().is_some_and(Vec::is_empty)
}

/// `(url, protocolBinding)` of each interface.
fn interfaces(card: &Value) -> BTreeSet<(String, String)> {
    card["supportedInterfaces"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            let text = |k: &str| i[k].as_str().unwrap_or_default().to_owned();
            (text("url"), text("protocolBinding"))
        })
        .collect()
}

/// The first interface that speaks a 0.x protocol, or else the first: where v0.3 clients go.
fn v03_main_url(card: &Value) -> String {
    let all = card["supportedInterfaces"].as_array().unwrap();
    let speaks_v03 = |i: &&Value| {
        i["protocolVersion"]
            .as_str()
            .is_some_and(|v| v.starts_with("0."))
    };
    let main = all.iter().find(speaks_v03).unwrap_or(&all[0]);
    main["url"].as_str().unwrap().to_owned()
}

/// The security scheme names and the kind of each (`apiKeySecurityScheme`, ...).
fn scheme_kinds(card: &Value) -> Vec<(String, String)> {
    card["securitySchemes"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, scheme)| {
            let kind = scheme.as_object().and_then(|o| o.keys().next().cloned());
            (name.clone(), kind.unwrap_or_default())
        })
        .collect()
}

fn device_code_only(card: &Value, scheme: &str) -> bool {
    let flows = &card["securitySchemes"][scheme]["oauth2SecurityScheme"]["flows"];
    flows
        .as_object()
        .is_some_and(|f| f.len() == 1 && f.contains_key("deviceCode"))
}

/// What survives a trip through v0.3 (our rendering, then the client's conversion back to
/// v1.0) is the file's: identity, skills, scheme names and kinds, and interfaces of the card.
fn assert_v03_view(file: &str, theirs: &Value, context: &str) {
    let card = read_card(file);
    let mut diff = Vec::new();
    for key in [
        "name",
        "description",
        "version",
        "provider",
        "documentationUrl",
    ] {
        differences(&card[key], &theirs[key], key, &mut diff);
    }
    let skill_fields = [
        "id",
        "name",
        "description",
        "tags",
        "examples",
        "inputModes",
        "outputModes",
    ];
    let skills = |c: &Value| -> Vec<Value> {
        c["skills"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let kept = skill_fields
                    .iter()
                    .filter_map(|&k| Some((k.to_owned(), s.get(k)?.clone())));
                Value::Object(kept.collect())
            })
            .collect()
    };
    differences(
        &Value::Array(skills(&card)),
        &Value::Array(skills(theirs)),
        "skills",
        &mut diff,
    );
    assert!(
        diff.is_empty(),
        "{context}: {file} through v0.3 differs:\n{}",
        diff.join("\n")
    );
    // Schemes v0.3 cannot express (OAuth with only the device code flow) are left out of
    // the rendering on purpose; every other scheme must come through with its kind.
    let mut expected = scheme_kinds(&card);
    expected.retain(|(name, _)| !device_code_only(&card, name));
    assert_eq!(scheme_kinds(theirs), expected, "{context}: {file}");
    let seen = interfaces(theirs);
    assert!(
        seen.iter().any(|(url, _)| *url == v03_main_url(&card)),
        "{context}: {file}: the v0.3 main interface is missing from {seen:?}"
    );
    assert!(
        seen.is_subset(&interfaces(&card)),
        "{context}: {file}: interfaces {seen:?} are not the card's"
    );
}

/// The response header `name` as a client saw it.
fn header<'a>(resolved: &'a Value, name: &str) -> Option<&'a str> {
    resolved["response"]["headers"][name].as_str()
}

/// What every card response must look like to a client: 200, our media type, a strong ETag.
fn assert_card_response(resolved: &Value, context: &str) -> String {
    assert_eq!(resolved["response"]["status"], 200, "{context}");
    assert_eq!(
        header(resolved, "content-type"),
        Some("application/a2a+json"),
        "{context}"
    );
    let etag = header(resolved, "etag").unwrap_or_else(|| panic!("{context}: no ETag"));
    assert!(
        etag.starts_with('"') && etag.ends_with('"') && etag.len() > 2,
        "{context}: ETag {etag} is not a strong entity tag"
    );
    etag.to_owned()
}

/// The client got the card encoded (gzip or br) for the `Accept-Encoding` it sent: fetched
/// again with that header, the server answers the same coding under the same ETag, the
/// SHA-256 of exactly those encoded bytes; and the client had asked for that coding.
fn assert_compressed_as_asked(server: &Server, resolved: &Value, accept: &str, context: &str) {
    let coding = header(resolved, "content-encoding");
    assert!(
        matches!(coding, Some("gzip" | "br")),
        "{context}: Content-Encoding {coding:?} for Accept-Encoding {accept:?}"
    );
    assert!(accept.contains(coding.unwrap()), "{context}: {accept:?}");
    let addr = server
        .base
        .strip_prefix("http://")
        .unwrap()
        .parse()
        .unwrap();
    let path = resolved["response"]["url"].as_str().unwrap();
    let path = &path[path.find("/.well-known").unwrap()..];
    let again = support::request(
        addr,
        "GET",
        path,
        &[("Accept-Encoding", accept.as_bytes())],
        b"",
    );
    assert_eq!(again.header("content-encoding"), coding, "{context}");
    assert!(again.etag_matches_body(), "{context}");
    assert_eq!(again.header("etag"), header(resolved, "etag"), "{context}");
    let vary = header(resolved, "vary").unwrap_or_default();
    assert!(vary.contains("Accept-Encoding"), "{context}: Vary {vary:?}");
}

#[test]
fn the_python_sdk_resolves_the_card_at_the_canonical_and_the_legacy_path() {
    for &file in CARDS {
        let server = Server::start(file, &[]);
        let canonical = python_resolves(&server, "v1", CANONICAL, None);
        let legacy = python_resolves(&server, "v1", LEGACY, None);
        assert_same_card(file, &canonical["card"], "a2a-sdk, canonical path");
        assert_same_card(file, &legacy["card"], "a2a-sdk, legacy path");
        let etag = assert_card_response(&canonical, "a2a-sdk, canonical path");
        // The alias serves the same bytes, so the same validator, and names the original.
        assert_eq!(assert_card_response(&legacy, "a2a-sdk, legacy path"), etag);
        assert_eq!(
            header(&legacy, "link"),
            Some(r#"</.well-known/agent-card.json>; rel="canonical""#)
        );
        assert_eq!(header(&canonical, "link"), None);
        let accept = canonical["request"]["accept-encoding"].as_str().unwrap();
        assert_compressed_as_asked(&server, &canonical, accept, "a2a-sdk, canonical path");
    }
}

#[test]
fn the_npm_sdk_resolves_the_card_at_the_canonical_and_the_legacy_path() {
    for &file in CARDS {
        let server = Server::start(file, &[]);
        let canonical = js_resolves(&server, "v1", CANONICAL);
        let legacy = js_resolves(&server, "v1", LEGACY);
        assert_same_card(file, &canonical["card"], "@a2a-js/sdk, canonical path");
        assert_same_card(file, &legacy["card"], "@a2a-js/sdk, legacy path");
        let etag = assert_card_response(&canonical, "@a2a-js/sdk, canonical path");
        assert_eq!(
            assert_card_response(&legacy, "@a2a-js/sdk, legacy path"),
            etag
        );
        assert_eq!(
            header(&legacy, "link"),
            Some(r#"</.well-known/agent-card.json>; rel="canonical""#)
        );
        // Fetched where it was asked for: no redirect in alias mode.
        assert_eq!(legacy["response"]["redirected"], false);
        // Node's fetch (undici) adds its own Accept-Encoding, which the wrapper cannot read:
        // "gzip, deflate" over http ("br" only over https). Any other would change the coding
        // or the ETag and fail the check.
        let accept = "gzip, deflate";
        assert_compressed_as_asked(&server, &canonical, accept, "@a2a-js/sdk, canonical path");
    }
}

#[test]
fn the_python_sdk_reads_the_v03_rendering_at_the_legacy_path() {
    for &file in CARDS {
        let server = Server::start(file, &["--legacy", "v03"]);
        let legacy = python_resolves(&server, "v03", LEGACY, None);
        // The resolver's own v0.3 handling, and the SDK's v0.3 model with its conversion.
        assert_v03_view(file, &legacy["card"], "a2a-sdk resolver, v0.3 rendering");
        assert_v03_view(file, &legacy["compat_as_v1"], "a2a-sdk v0.3 model");
        let card = read_card(file);
        assert_eq!(legacy["compat"]["name"], card["name"]);
        assert_eq!(legacy["compat"]["url"], v03_main_url(&card).as_str());
        // The canonical path still serves v1.0, under a different validator.
        let canonical = python_resolves(&server, "v1", CANONICAL, None);
        assert_same_card(file, &canonical["card"], "a2a-sdk, canonical path");
        assert_ne!(
            assert_card_response(&legacy, "a2a-sdk, v0.3 rendering"),
            assert_card_response(&canonical, "a2a-sdk, canonical path"),
            "two representations share one strong ETag"
        );
    }
}

#[test]
fn the_npm_sdk_reads_the_v03_rendering_at_the_legacy_path() {
    let server = Server::start(EXAMPLE, &["--legacy", "v03"]);
    let legacy = js_resolves(&server, "v03", LEGACY);
    assert_v03_view(EXAMPLE, &legacy["card"], "@a2a-js/sdk legacyCompat");
    assert_card_response(&legacy, "@a2a-js/sdk, v0.3 rendering");
}

/// An OAuth2 scheme whose only flow is deviceCode (v1.0 only) is rendered for v0.3 as
/// `"flows": {}`; @a2a-js/sdk 1.3.0's v0.3 conversion refuses that ("OAuthFlows must declare
/// at least one flow") and with it the whole card.
#[test]

fn the_npm_sdk_reads_the_v03_rendering_of_a_card_with_a_device_code_only_scheme() {
    let server = Server::start(EVERY_FIELD, &["--legacy", "v03"]);
    let legacy = js_resolves(&server, "v03", LEGACY);
    assert_v03_view(EVERY_FIELD, &legacy["card"], "@a2a-js/sdk legacyCompat");
}

#[test]
fn with_negotiation_each_sdk_gets_the_version_it_asks_for_at_the_canonical_path() {
    let server = Server::start(EXAMPLE, &["--negotiate-version"]);
    // @a2a-js/sdk announces `A2A-Version: 1.0` when it resolves a card.
    let v1 = js_resolves(&server, "v1", CANONICAL);
    assert_eq!(v1["request"]["headers"]["A2A-Version"], "1.0");
    assert_same_card(EXAMPLE, &v1["card"], "@a2a-js/sdk, A2A-Version 1.0");
    let v03 = python_resolves(&server, "v03", CANONICAL, Some("0.3"));
    assert_v03_view(EXAMPLE, &v03["card"], "a2a-sdk, A2A-Version 0.3");
    assert_v03_view(EXAMPLE, &v03["compat_as_v1"], "a2a-sdk v0.3 model");
    // Caches must key on the header the answer depends on.
    for resolved in [&v1, &v03] {
        let vary = header(resolved, "vary").unwrap_or_default();
        assert!(vary.contains("A2A-Version"), "Vary: {vary:?}");
    }
    assert_ne!(
        assert_card_response(&v1, "v1.0"),
        assert_card_response(&v03, "v0.3")
    );
}

#[test]
fn the_npm_sdk_follows_the_legacy_redirect() {
    // Not asked of a2a-sdk: its resolver uses the caller's httpx client, and httpx follows
    // no redirect unless told to (`follow_redirects=True`), so a default one fails on the 308.
    let server = Server::start(EXAMPLE, &["--legacy", "redirect"]);
    let legacy = js_resolves(&server, "v1", LEGACY);
    assert_eq!(legacy["response"]["redirected"], true);
    assert_eq!(
        legacy["response"]["url"],
        format!("{}{CANONICAL}", server.base)
    );
    assert_same_card(EXAMPLE, &legacy["card"], "@a2a-js/sdk, after the redirect");
    assert_card_response(&legacy, "@a2a-js/sdk, after the redirect");
}
