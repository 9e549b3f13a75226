//! AgentCardLayer over real sockets: methods, CORS, legacy modes, negotiation, paths that
//! are and are not ours, mount prefix, tenants, settings, and replicas agreeing.

use a2a_card_test_support as support;

use a2a_card::serve::{AgentCardLayer, AgentCardLayerBuilder, Cors, Legacy};
use http::HeaderValue;
use support::{TestServer, echo_inner, etag_of, example_card};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";
const LEGACY: &str = "/.well-known/agent.json";

fn start(builder: AgentCardLayerBuilder) -> TestServer {
    let layer = builder.build().unwrap();
    TestServer::start(layer.layer(tower::service_fn(echo_inner)))
}

fn default_server() -> TestServer {
    start(AgentCardLayer::builder(example_card()))
}

#[test]
fn get_serves_the_card_with_every_header() {
    let server = default_server();
    let response = server.get(CARD);
    assert_eq!(response.status, 200);
    assert_eq!(
        response.header("content-type"),
        Some("application/a2a+json")
    );
    assert_eq!(
        response.header("cache-control"),
        Some("public, max-age=3600")
    );
    assert!(response.etag_matches_body());
    // No date unless the builder is given one: the process's clock is not the card's.
    assert!(!response.has("last-modified"));
    assert_eq!(response.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        response.header("access-control-expose-headers"),
        Some("ETag, Last-Modified, Link")
    );
    // Only the content coding varies (the layer precompresses by default).
    assert_eq!(response.header("vary"), Some("Accept-Encoding"));
    // Compact v1.0 ProtoJSON of the card, exactly what the model writes.
    assert_eq!(response.body, example_card().to_json_vec());
}

/// Replicas behind one load balancer send the same validators: two layers built from the
/// same card, in two "processes" started at different times, answer with the same headers
/// (but `Date`), and by default with no `Last-Modified` at all (a build time would differ).
#[test]
fn replicas_built_from_one_card_send_the_same_headers() {
    let headers = |server: &TestServer, path: &str| {
        let mut headers = server.get(path).headers;
        headers.retain(|(name, _)| name != "date");
        headers
    };
    let tenant = "/acme/.well-known/agent-card.json";
    let replica = || AgentCardLayer::builder(example_card()).tenant("acme", example_card());
    let first = start(replica());
    let first_headers = [headers(&first, CARD), headers(&first, tenant)];
    // Swapped in through the handle, without a date, the card still gets none.
    let layer = replica().build().unwrap();
    let mut other = example_card();
    other.version = "9.9.9".into();
    layer.handle().replace(other.clone()).unwrap();
    layer.handle().replace(example_card()).unwrap();
    let second = TestServer::start(layer.layer(tower::service_fn(echo_inner)));
    for (path, first) in [CARD, tenant].iter().zip(&first_headers) {
        let second = headers(&second, path);
        assert_eq!(&second, first, "{path}");
        assert!(
            !second.iter().any(|(name, _)| name == "last-modified"),
            "{second:?}"
        );
    }
    // A date every replica agrees on (the file's mtime) is sent as given.
    let at = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    let dated = start(replica().last_modified(at));
    for path in [CARD, tenant] {
        assert_eq!(
            dated.get(path).header("last-modified"),
            Some("Tue, 14 Nov 2023 22:13:20 GMT")
        );
    }
    // The clock, only when asked for.
    let clock = start(AgentCardLayer::builder(example_card()).last_modified_build_time());
    assert!(clock.get(CARD).has("last-modified"));
}

#[test]
fn head_has_the_headers_of_get_and_no_body() {
    let server = default_server();
    let get = server.get(CARD);
    let head = server.request("HEAD", CARD, &[]);
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    for name in [
        "etag",
        "content-type",
        "content-length",
        "cache-control",
        "last-modified",
    ] {
        assert_eq!(head.header(name), get.header(name), "{name}");
    }
}

#[test]
fn other_methods_get_405_with_allow() {
    let server = default_server();
    for method in ["POST", "PUT", "DELETE", "PATCH", "TRACE", "BREW"] {
        let response = server.request(method, CARD, &[]);
        assert_eq!(response.status, 405, "{method}");
        assert_eq!(
            response.header("allow"),
            Some("GET, HEAD, OPTIONS"),
            "{method}"
        );
        assert!(response.body.is_empty());
    }
}

#[test]
fn options_and_cors_preflight() {
    let server = default_server();
    let plain = server.request("OPTIONS", CARD, &[]);
    assert_eq!(plain.status, 204);
    assert_eq!(plain.header("allow"), Some("GET, HEAD, OPTIONS"));
    assert!(!plain.has("access-control-allow-methods"));

    let preflight = server.request(
        "OPTIONS",
        CARD,
        &[
            ("Origin", b"https://app.example.com"),
            ("Access-Control-Request-Method", b"GET"),
            (
                "Access-Control-Request-Headers",
                b"if-none-match, a2a-version",
            ),
        ],
    );
    assert_eq!(preflight.status, 204);
    assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        preflight.header("access-control-allow-methods"),
        Some("GET, HEAD, OPTIONS")
    );
    assert_eq!(
        preflight.header("access-control-allow-headers"),
        Some("if-none-match, a2a-version")
    );
    assert_eq!(preflight.header("access-control-max-age"), Some("86400"));
    assert!(!preflight.has("access-control-allow-credentials"));
}

#[test]
fn cors_allowlist_names_the_origin_and_varies_on_it() {
    let cors = Cors::allow_origins(["https://app.example.com", "http://localhost:3000/"]).unwrap();
    let server = start(AgentCardLayer::builder(example_card()).cors(cors));
    let allowed = server.request("GET", CARD, &[("Origin", b"https://app.example.com")]);
    assert_eq!(
        allowed.header("access-control-allow-origin"),
        Some("https://app.example.com")
    );
    assert_eq!(allowed.header("vary"), Some("Origin, Accept-Encoding"));
    let trailing_slash_configured =
        server.request("GET", CARD, &[("Origin", b"http://localhost:3000")]);
    assert_eq!(
        trailing_slash_configured.header("access-control-allow-origin"),
        Some("http://localhost:3000")
    );
    let other = server.request("GET", CARD, &[("Origin", b"https://evil.example")]);
    assert_eq!(other.status, 200);
    assert!(!other.has("access-control-allow-origin"));
    assert_eq!(other.header("vary"), Some("Origin, Accept-Encoding"));
    let no_origin = server.get(CARD);
    assert!(!no_origin.has("access-control-allow-origin"));
    assert_eq!(no_origin.header("vary"), Some("Origin, Accept-Encoding"));
    let preflight = server.request(
        "OPTIONS",
        CARD,
        &[
            ("Origin", b"https://evil.example"),
            ("Access-Control-Request-Method", b"GET"),
        ],
    );
    assert!(!preflight.has("access-control-allow-methods"));
    assert!(!preflight.has("access-control-allow-origin"));
    // 304s carry the CORS headers too, or a browser cannot use them.
    let etag = allowed.header("etag").unwrap().as_bytes().to_vec();
    let revalidated = server.request(
        "GET",
        CARD,
        &[
            ("Origin", b"https://app.example.com"),
            ("If-None-Match", &etag),
        ],
    );
    assert_eq!(revalidated.status, 304);
    assert_eq!(
        revalidated.header("access-control-allow-origin"),
        Some("https://app.example.com")
    );
}

#[test]
fn cors_can_be_turned_off() {
    let server = start(AgentCardLayer::builder(example_card()).cors(Cors::disabled()));
    let response = server.request("GET", CARD, &[("Origin", b"https://app.example.com")]);
    assert!(!response.has("access-control-allow-origin"));
    assert!(!response.has("access-control-expose-headers"));
    let preflight = server.request(
        "OPTIONS",
        CARD,
        &[
            ("Origin", b"https://app.example.com"),
            ("Access-Control-Request-Method", b"GET"),
        ],
    );
    assert!(!preflight.has("access-control-allow-origin"));
}

#[test]
fn legacy_alias_serves_the_same_bytes_with_a_canonical_link() {
    let server = default_server();
    let canonical = server.get(CARD);
    let legacy = server.get(LEGACY);
    assert_eq!(legacy.status, 200);
    assert_eq!(legacy.body, canonical.body);
    assert_eq!(legacy.header("etag"), canonical.header("etag"));
    assert_eq!(
        legacy.header("link"),
        Some("</.well-known/agent-card.json>; rel=\"canonical\"")
    );
    assert!(!canonical.has("link"));
}

#[test]
fn legacy_redirect_is_a_308_to_the_canonical_path() {
    let server = start(AgentCardLayer::builder(example_card()).legacy(Legacy::Redirect));
    let response = server.get(LEGACY);
    assert_eq!(response.status, 308);
    assert_eq!(response.header("location"), Some(CARD));
    assert!(response.body.is_empty());
    assert_eq!(server.get(CARD).status, 200);
}

#[test]
fn legacy_v03_serves_a_v03_rendering_with_its_own_etag() {
    let server = start(AgentCardLayer::builder(example_card()).legacy(Legacy::V03));
    let canonical = server.get(CARD);
    let legacy = server.get(LEGACY);
    assert_eq!(legacy.status, 200);
    assert!(legacy.etag_matches_body());
    assert_ne!(legacy.header("etag"), canonical.header("etag"));
    let v03 = legacy.json();
    // The example card only declares 1.0 interfaces, so the rendering keeps "1.0.0" (and the
    // model warns about it); the shape is v0.3 all the same.
    assert_eq!(v03["protocolVersion"], "1.0.0");
    assert_eq!(v03["url"], "https://routes.example.com/a2a/v1");
    assert_eq!(v03["preferredTransport"], "JSONRPC");
    assert_eq!(v03["securitySchemes"]["apiKey"]["type"], "apiKey");
    assert!(v03.get("supportedInterfaces").is_none());
    // The rendering is what the model's own v0.3 writer gives.
    assert_eq!(v03, example_card().to_v03().json);
    // It revalidates with its own ETag.
    let etag = legacy.header("etag").unwrap().as_bytes().to_vec();
    assert_eq!(
        server
            .request("GET", LEGACY, &[("If-None-Match", &etag)])
            .status,
        304
    );
}

#[test]
fn legacy_off_passes_the_legacy_path_to_the_inner_service() {
    let server = start(AgentCardLayer::builder(example_card()).legacy(Legacy::Off));
    let response = server.get(LEGACY);
    assert_eq!(response.status, 418);
    assert_eq!(response.json()["inner"], true);
    assert_eq!(server.get(CARD).status, 200);
}

#[test]
fn version_negotiation_on_the_canonical_path() {
    let server = start(AgentCardLayer::builder(example_card()).negotiate_version(true));
    let v10 = server.get(CARD);
    assert_eq!(v10.header("vary"), Some("A2A-Version, Accept-Encoding"));
    assert!(v10.json().get("supportedInterfaces").is_some());
    for version in [&b"0.3"[..], b"0.3.0", b" 0.3 "] {
        let v03 = server.request("GET", CARD, &[("A2A-Version", version)]);
        assert_eq!(v03.header("vary"), Some("A2A-Version, Accept-Encoding"));
        assert_eq!(v03.json(), example_card().to_v03().json);
        assert!(v03.etag_matches_body());
    }
    let v1 = server.request("GET", CARD, &[("A2A-Version", b"1.0")]);
    assert_eq!(v1.body, v10.body);
    // Without negotiation the header changes nothing and nothing varies on it.
    let plain = default_server();
    let response = plain.request("GET", CARD, &[("A2A-Version", b"0.3")]);
    assert_eq!(response.body, v10.body);
    assert_eq!(response.header("vary"), Some("Accept-Encoding"));
}

#[test]
fn query_strings_are_ignored() {
    let server = default_server();
    let plain = server.get(CARD);
    for target in [
        "/.well-known/agent-card.json?x=1",
        "/.well-known/agent-card.json?",
        "/.well-known/agent.json?cache=bust&y",
    ] {
        let response = server.get(target);
        assert_eq!(response.status, 200, "{target}");
        assert_eq!(response.body, plain.body, "{target}");
    }
}

#[test]
fn other_requests_reach_the_inner_service_untouched() {
    let server = default_server();
    let response = support::request(
        server.addr,
        "POST",
        "/a2a/v1?x=1",
        &[("X-Test", b"kept"), ("Content-Type", b"application/json")],
        br#"{"jsonrpc":"2.0","method":"SendMessage","id":1}"#,
    );
    assert_eq!(response.status, 418);
    let echo = response.json();
    assert_eq!(echo["method"], "POST");
    assert_eq!(echo["uri"], "/a2a/v1?x=1");
    assert_eq!(echo["x-test"], "kept");
    assert_eq!(
        echo["body"],
        r#"{"jsonrpc":"2.0","method":"SendMessage","id":1}"#
    );
    // Near misses are not the card.
    for path in [
        "/.well-known/agent-card.json/",
        "//.well-known/agent-card.json",
        "/.well-known//agent-card.json",
        "/.WELL-KNOWN/agent-card.json",
        "/.well-known/Agent-Card.json",
        "/.well-known/agent-card%2Fjson",
        "/%2Ewell-known%2Fagent-card.json",
        "/.well-known/agent-card.jsonx",
        "/.well-known/agent-card.js%6Fnx",
        "/x.json",
        "/unknown-tenant/.well-known/agent-card.json",
        "/",
    ] {
        let response = server.get(path);
        assert_eq!(response.status, 418, "{path}");
    }
}

#[test]
fn an_escaped_unreserved_character_is_that_character() {
    // RFC 3986 §6.2.2: `%2E` is `.`, `%61` is `a`, in either case of hex; the layer answers
    // every such spelling of its paths (the extended-card layer matches its routes by the
    // same rule), rather than pass it to the inner service.
    let mut acme = example_card();
    acme.name = "Acme Route Planner".into();
    let server = start(AgentCardLayer::builder(example_card()).tenant("acme", acme));
    let plain = server.get(CARD);
    for (path, name) in [
        (CARD, "Route Planner"),
        ("/acme/.well-known/agent-card.json", "Acme Route Planner"),
    ] {
        for at in (0..path.len()).filter(|&at| path.as_bytes()[at] != b'/') {
            for hex in [
                format!("%{:02X}", path.as_bytes()[at]),
                format!("%{:02x}", path.as_bytes()[at]),
            ] {
                let spelled = format!("{}{hex}{}", &path[..at], &path[at + 1..]);
                let response = server.get(&spelled);
                assert_eq!(response.status, 200, "{spelled}");
                assert_eq!(response.json()["name"], name, "{spelled}");
            }
        }
    }
    assert_eq!(
        server.get("/.well-known/agent-card.jso%6E").body,
        plain.body
    );
    assert_eq!(server.get("/.well-known/agent%2Ejson").status, 200);
}

#[test]
fn mount_prefix_moves_both_paths() {
    let server = start(AgentCardLayer::builder(example_card()).mount_prefix("/agents/routes/"));
    assert_eq!(
        server
            .get("/agents/routes/.well-known/agent-card.json")
            .status,
        200
    );
    let legacy = server.get("/agents/routes/.well-known/agent.json");
    assert_eq!(
        legacy.header("link"),
        Some("</agents/routes/.well-known/agent-card.json>; rel=\"canonical\"")
    );
    assert_eq!(server.get(CARD).status, 418);
    assert_eq!(
        server.get("/agents/.well-known/agent-card.json").status,
        418
    );
}

#[test]
fn tenants_have_their_own_cards() {
    let mut acme = example_card();
    acme.name = "Acme Route Planner".into();
    let server = start(
        AgentCardLayer::builder(example_card())
            .tenant("acme", acme)
            .legacy(Legacy::Redirect),
    );
    let tenant = server.get("/acme/.well-known/agent-card.json");
    assert_eq!(tenant.status, 200);
    assert_eq!(tenant.json()["name"], "Acme Route Planner");
    assert!(tenant.etag_matches_body());
    assert_eq!(server.get(CARD).json()["name"], "Route Planner");
    let legacy = server.get("/acme/.well-known/agent.json");
    assert_eq!(
        legacy.header("location"),
        Some("/acme/.well-known/agent-card.json")
    );
    assert_eq!(server.get("/other/.well-known/agent-card.json").status, 418);
}

#[test]
fn tenant_paths_a_proxy_would_read_as_another_path_are_404() {
    // `/../.well-known/agent-card.json` is tenant `..` to the layer and the default card to
    // a normalising proxy: refused by the layer, not passed on to the inner service.
    let server = start(AgentCardLayer::builder(example_card()).tenant("acme", example_card()));
    for tenant in [
        "..", ".", "%2e", "%2E%2e", "%2e.", "a%2Fb", "%2f", "%5C", "a%5cb", "%252e",
    ] {
        for well_known in ["/.well-known/agent-card.json", "/.well-known/agent.json"] {
            let path = format!("/{tenant}{well_known}");
            let response = server.get(&path);
            assert_eq!(response.status, 404, "{path}");
            assert!(response.body.is_empty(), "{path}");
        }
    }
    assert_eq!(server.get("/acme/.well-known/agent-card.json").status, 200);
    assert_eq!(server.get("/other/.well-known/agent-card.json").status, 418);

    // And the builder refuses such tenants, naming them.
    for tenant in ["..", "%2e", "%2E%2e", "a%2Fb", "%2f", "a\\b", "%5c"] {
        let err = AgentCardLayer::builder(example_card())
            .tenant(tenant, example_card())
            .build()
            .unwrap_err();
        assert!(
            matches!(&err, a2a_card::serve::BuildError::InvalidTenant(t) if t == tenant),
            "{tenant}: {err}"
        );
        assert!(err.to_string().contains(&format!("{tenant:?}")), "{err}");
        let handle = AgentCardLayer::builder(example_card())
            .build()
            .unwrap()
            .handle();
        assert!(
            handle.replace_tenant(tenant, example_card()).is_err(),
            "{tenant}"
        );
    }
}

#[test]
fn content_type_and_cache_control_are_configurable() {
    let server = start(
        AgentCardLayer::builder(example_card())
            .content_type(HeaderValue::from_static("application/json"))
            .cache_control(HeaderValue::from_static("no-cache"))
            .without_last_modified(),
    );
    let response = server.get(CARD);
    assert_eq!(response.header("content-type"), Some("application/json"));
    assert_eq!(response.header("cache-control"), Some("no-cache"));
    assert!(!response.has("last-modified"));
    // With no Last-Modified, If-Modified-Since cannot give a 304.
    let ims = server.request(
        "GET",
        CARD,
        &[("If-Modified-Since", b"Fri, 01 Jan 2100 00:00:00 GMT")],
    );
    assert_eq!(ims.status, 200);
}

#[test]
fn two_servers_serve_the_same_bytes_and_etag() {
    let one = default_server();
    let two = default_server();
    let (a, b) = (one.get(CARD), two.get(CARD));
    assert_eq!(a.body, b.body);
    assert_eq!(a.header("etag"), b.header("etag"));
    assert_eq!(a.header("etag"), Some(etag_of(&a.body).as_str()));
}

#[test]
fn bad_settings_are_refused_with_a_reason() {
    let err = AgentCardLayer::builder(example_card())
        .mount_prefix("agents")
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("\"agents\""), "{err}");
    let err = AgentCardLayer::builder(example_card())
        .tenant("a/b", example_card())
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("single path segment"), "{err}");
    let err = AgentCardLayer::builder(example_card())
        .tenant("a", example_card())
        .tenant("a", example_card())
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
    let mut broken = example_card();
    broken.name.clear();
    broken.supported_interfaces.clear();
    let err = AgentCardLayer::builder(example_card())
        .tenant("t", broken)
        .build()
        .unwrap_err();
    let message = err.to_string();
    assert!(message.contains("tenant \"t\""), "{message}");
    assert!(
        message.contains("/name") && message.contains("/supportedInterfaces"),
        "{message}"
    );
}

#[test]
fn not_modified_carries_vary_for_negotiation_and_origins() {
    let cors = Cors::allow_origins(["https://app.example.com"]).unwrap();
    let server = start(
        AgentCardLayer::builder(example_card())
            .negotiate_version(true)
            .cors(cors),
    );
    let first = server.get(CARD);
    assert_eq!(
        first.header("vary"),
        Some("A2A-Version, Origin, Accept-Encoding")
    );
    let etag = first.header("etag").unwrap().as_bytes().to_vec();
    let revalidated = server.request("GET", CARD, &[("If-None-Match", &etag)]);
    assert_eq!(revalidated.status, 304);
    assert_eq!(
        revalidated.header("vary"),
        Some("A2A-Version, Origin, Accept-Encoding")
    );
    assert!(!revalidated.has("content-length"));
    assert!(!revalidated.has("content-type"));
    // The legacy alias does not negotiate, so it varies on Origin only.
    assert_eq!(
        server.get(LEGACY).header("vary"),
        Some("Origin, Accept-Encoding")
    );
}

#[test]
fn the_legacy_redirect_says_how_long_it_may_be_cached() {
    let server = start(
        AgentCardLayer::builder(example_card())
            .legacy(Legacy::Redirect)
            .cache_control(HeaderValue::from_static("public, max-age=60")),
    );
    let response = server.get(LEGACY);
    assert_eq!(response.status, 308);
    assert_eq!(response.header("cache-control"), Some("public, max-age=60"));
}

#[test]
fn allowlisted_origins_match_regardless_of_case() {
    let cors = Cors::allow_origins(["https://App.Example.com"]).unwrap();
    let server = start(AgentCardLayer::builder(example_card()).cors(cors));
    for origin in [&b"https://app.example.com"[..], b"HTTPS://APP.EXAMPLE.COM"] {
        let response = server.request("GET", CARD, &[("Origin", origin)]);
        assert_eq!(
            response
                .header("access-control-allow-origin")
                .map(str::as_bytes),
            Some(origin)
        );
    }
    let err = Cors::allow_origins(["*"]).unwrap_err();
    assert!(err.to_string().contains("any_origin"), "{err}");
}
