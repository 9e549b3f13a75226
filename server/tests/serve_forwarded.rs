//! Trusted proxies over real sockets: the accept loop puts each connection's peer address in
//! its requests, a reverse proxy written for the test forwards from 127.0.0.2 (the trusted
//! address) and a client talks from 127.0.0.1 (untrusted). A client that forges
//! `X-Forwarded-Host` or `Forwarded` gets the default card byte for byte; a trusted proxy
//! naming an unlisted host too; two allowed hosts get two variants with their own ETags and
//! 304s; and a shared cache in front of a proxy that passes the client's headers on stores
//! only the default card, whatever an attacker sends first. Of repeated `X-Forwarded-*` lines
//! from a trusted proxy the last wins; IPv6 and IPv4-mapped peers of a dual-stack listener
//! meet IPv4 and IPv6 blocks as their own family. Behind Debian's nginx configured as
//! docs/proxies.md says (ignored by default), a client's own `Forwarded` and
//! `X-Forwarded-Prefix` change no byte. And the Python a2a-sdk, a real caller, resolves a card
//! rebased onto a gateway's public URL through that gateway (and nginx) and reaches the agent
//! behind it at the URL the card gave.

use a2a_card_test_support as support;
use a2a_card_test_support::peers;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use a2a_card::serve::{AgentCardLayer, ProxyHeaders, PublicUrl, TrustedProxies};
use a2a_card_server::Server;
use bytes::Bytes;
use http::{Request, Response};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use support::{RawResponse, example_card, request};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";
const WRITTEN: &str = "http://0.0.0.0:8000/a2a/v1";
/// The address the test's proxy connects from; the client connects from 127.0.0.1.
const PROXY_ADDRESS: &str = "127.0.0.2";

/// The card server: the example card written for a local deployment, two allowed origins,
/// the proxy's address trusted, both header families believed.
async fn card_server() -> SocketAddr {
    let proxies = TrustedProxies::new()
        .proxy(&format!("{PROXY_ADDRESS}/32"))
        .unwrap()
        .headers(ProxyHeaders::Both);
    let origins = [
        "https://agents.example.com/billing",
        "https://billing.example.org",
    ];
    card_server_with(proxies, &origins, "127.0.0.1:0").await
}

/// The card server with `proxies` and `origins` allowed, listening on `bind`.
async fn card_server_with(proxies: TrustedProxies, origins: &[&str], bind: &str) -> SocketAddr {
    let mut card = example_card();
    card.supported_interfaces[0].url = WRITTEN.to_owned();
    let proxies = origins.iter().fold(proxies, |proxies, origin| {
        proxies.origin(PublicUrl::parse(origin).unwrap())
    });
    let layer = AgentCardLayer::builder(card)
        .trusted_proxies(proxies)
        .build()
        .unwrap();
    let app = layer.layer(tower::service_fn(|_request: Request<Incoming>| async {
        Ok::<_, Infallible>(Response::new(Full::new(Bytes::from_static(b"agent"))))
    }));
    let listener = tokio::net::TcpListener::bind(bind).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = Server::builder().peer_addresses(true).build();
    tokio::spawn(async move { server.serve(listener, app, std::future::pending()).await });
    addr
}

/// What a proxy adds to a request before forwarding it.
#[derive(Clone)]
enum Forwarding {
    /// As nginx is usually configured: its own proto, host and prefix, replacing the client's.
    Sets(&'static [(&'static str, &'static str)]),
    /// The client's headers passed on untouched (a proxy configured carelessly).
    PassesOn,
}

/// Serves `handler` on 127.0.0.1 with hyper's HTTP/1.1 server; returns its address.
async fn serve_fn<F, Fut>(handler: F) -> SocketAddr
where
    F: Fn(Request<Incoming>) -> Fut + Clone + Send + Sync + 'static,
    Fut: std::future::Future<Output = Response<Full<Bytes>>> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let handler = handler.clone();
            let service = hyper::service::service_fn(move |request| {
                let handler = handler.clone();
                async move { Ok::<_, Infallible>(handler(request).await) }
            });
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    addr
}

/// Sends `request` to `upstream` from `from` (an address of this machine); the whole answer.
async fn send(
    upstream: SocketAddr,
    from: &str,
    request: Request<Full<Bytes>>,
) -> Response<Full<Bytes>> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let stream = socket.connect(upstream).await.unwrap();
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(connection);
    let response = sender.send_request(request).await.unwrap();
    let (parts, body) = response.into_parts();
    Response::from_parts(parts, Full::new(body.collect().await.unwrap().to_bytes()))
}

/// A reverse proxy to `upstream`, connecting from the trusted address.
async fn proxy(upstream: SocketAddr, forwarding: Forwarding) -> SocketAddr {
    serve_fn(move |request: Request<Incoming>| {
        let forwarding = forwarding.clone();
        async move {
            let (mut parts, body) = request.into_parts();
            if let Forwarding::Sets(headers) = forwarding {
                for (name, _) in headers {
                    parts.headers.remove(*name);
                }
                for (name, value) in headers {
                    parts.headers.insert(*name, value.parse().unwrap());
                }
            }
            let body = Full::new(body.collect().await.unwrap().to_bytes());
            send(upstream, PROXY_ADDRESS, Request::from_parts(parts, body)).await
        }
    })
    .await
}

/// A shared cache that keys on the path alone (it ignores `Vary`: the worst cache) in front
/// of `upstream`: the first 200 for a path is what every later request for it gets.
async fn careless_cache(upstream: SocketAddr) -> SocketAddr {
    let stored: Arc<Mutex<Option<Response<Full<Bytes>>>>> = Arc::default();
    serve_fn(move |request: Request<Incoming>| {
        let stored = stored.clone();
        async move {
            if let Some(hit) = stored.lock().unwrap().clone() {
                return hit;
            }
            let (parts, body) = request.into_parts();
            let body = Full::new(body.collect().await.unwrap().to_bytes());
            let response = send(upstream, "127.0.0.1", Request::from_parts(parts, body)).await;
            *stored.lock().unwrap() = Some(response.clone());
            response
        }
    })
    .await
}

/// A GET from the untrusted client address, on a blocking thread.
async fn get(addr: SocketAddr, headers: &'static [(&'static str, &'static [u8])]) -> RawResponse {
    tokio::task::spawn_blocking(move || request(addr, "GET", CARD, headers, b""))
        .await
        .unwrap()
}

fn first_url(response: &RawResponse) -> String {
    response.json()["supportedInterfaces"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned()
}

const FORGED: &[(&str, &[u8])] = &[
    ("X-Forwarded-Proto", b"https"),
    ("X-Forwarded-Host", b"billing.example.org"),
    ("Forwarded", b"proto=https;host=billing.example.org"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_headers_from_an_untrusted_peer_change_no_byte() {
    let server = card_server().await;
    let plain = get(server, &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(first_url(&plain), WRITTEN);
    let vary = plain.header("vary").unwrap();
    for name in [
        "Forwarded",
        "X-Forwarded-Proto",
        "X-Forwarded-Host",
        "X-Forwarded-Prefix",
    ] {
        assert!(vary.contains(name), "{vary}");
    }
    let forged = get(server, FORGED).await;
    assert_eq!(forged.body, plain.body, "byte for byte the default card");
    assert_eq!(forged.header("etag"), plain.header("etag"));
    assert!(!String::from_utf8_lossy(&forged.body).contains("example.org"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_naming_an_unlisted_host_gets_the_default_card() {
    let server = card_server().await;
    let plain = get(server, &[]).await;
    let evil = proxy(
        server,
        Forwarding::Sets(&[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "evil.example"),
        ]),
    )
    .await;
    let answer = get(evil, &[]).await;
    assert_eq!(answer.body, plain.body);
    assert_eq!(answer.header("etag"), plain.header("etag"));
    // One letter off an allowed origin, or its prefix: still the default.
    for near in [
        &[
            ("x-forwarded-proto", "http"),
            ("x-forwarded-host", "billing.example.org"),
        ][..],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "billing.example.or"),
        ],
        &[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
            ("x-forwarded-prefix", "/billin"),
        ],
    ] {
        let near: &'static [(&'static str, &'static str)] =
            Box::leak(near.to_vec().into_boxed_slice());
        let answer = get(proxy(server, Forwarding::Sets(near)).await, &[]).await;
        assert_eq!(answer.body, plain.body, "{near:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_allowed_hosts_get_two_variants_each_revalidating_by_its_own_etag() {
    let server = card_server().await;
    let plain = get(server, &[]).await;
    let billing = proxy(
        server,
        Forwarding::Sets(&[
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "agents.example.com"),
            ("x-forwarded-prefix", "/billing"),
        ]),
    )
    .await;
    let org = proxy(
        server,
        Forwarding::Sets(&[(
            "forwarded",
            "for=192.0.2.1;proto=https;host=billing.example.org",
        )]),
    )
    .await;
    let a = get(billing, &[]).await;
    let b = get(org, &[]).await;
    assert_eq!(first_url(&a), "https://agents.example.com/billing/a2a/v1");
    assert_eq!(first_url(&b), "https://billing.example.org/a2a/v1");
    let tags = [a.header("etag"), b.header("etag"), plain.header("etag")];
    assert!(
        tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2],
        "{tags:?}"
    );
    assert!(a.etag_matches_body() && b.etag_matches_body());
    for (via, answer) in [(billing, &a), (org, &b)] {
        let tag = answer.header("etag").unwrap().to_owned();
        let revalidated = tokio::task::spawn_blocking(move || {
            request(via, "GET", CARD, &[("If-None-Match", tag.as_bytes())], b"")
        })
        .await
        .unwrap();
        assert_eq!(revalidated.status, 304);
        assert_eq!(revalidated.header("etag"), answer.header("etag"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cache_in_front_never_stores_a_variant_an_attacker_asked_for() {
    let server = card_server().await;
    let plain = get(server, &[]).await;
    let cache = careless_cache(proxy(server, Forwarding::PassesOn).await).await;
    // The attacker goes first, through the cache and a proxy that passes its headers on.
    let attack: &[(&str, &[u8])] = &[
        ("X-Forwarded-Proto", b"https"),
        ("X-Forwarded-Host", b"evil.example"),
        ("Forwarded", b"proto=https;host=evil.example"),
    ];
    let attacked = tokio::task::spawn_blocking(move || request(cache, "GET", CARD, attack, b""))
        .await
        .unwrap();
    assert!(!String::from_utf8_lossy(&attacked.body).contains("evil"));
    // Every later caller gets what the cache stored: the default card, byte for byte.
    let victim = get(cache, &[]).await;
    assert_eq!(victim.body, plain.body);
    assert_eq!(victim.header("etag"), plain.header("etag"));
}

/// Whether a request from `client` (`127.0.0.1` over IPv4, `::1` over IPv6) to a dual-stack
/// card server trusting `blocks` gets the allowed origin's variant.
async fn believed_from(blocks: &[&str], client: &str) -> bool {
    let proxies = blocks.iter().fold(TrustedProxies::new(), |proxies, block| {
        proxies.proxy(block).unwrap()
    });
    // Bound to [::]: an IPv4 client arrives as ::ffff:127.0.0.1, as on most dual-stack hosts.
    let server = card_server_with(proxies, &["https://billing.example.org"], "[::]:0").await;
    let to = SocketAddr::new(client.parse().unwrap(), server.port());
    const NAMING: &[(&str, &[u8])] = &[
        ("X-Forwarded-Proto", b"https"),
        ("X-Forwarded-Host", b"billing.example.org"),
    ];
    let answer = get(to, NAMING).await;
    match first_url(&answer).as_str() {
        WRITTEN => false,
        "https://billing.example.org/a2a/v1" => true,
        other => panic!("{other}"),
    }
}

/// IPv4 blocks against IPv6 peers over real sockets: an IPv4 proxy reaching a dual-stack
/// listener (seen as `::ffff:127.0.0.1`) is in its IPv4 block; an IPv6 peer is in no IPv4
/// block, not even `0.0.0.0/0`; an IPv6 block holds no IPv4 peer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ipv6_peers_are_matched_against_ipv4_blocks_as_ipv6() {
    for (blocks, v4, v6) in [
        (&["127.0.0.0/8"][..], true, false),
        (&["127.0.0.1"], true, false),
        (&["::ffff:127.0.0.1"], true, false),
        (&["::ffff:127.0.0.0/104"], true, false),
        (&["127.0.0.2"], false, false),
        (&["0.0.0.0/0"], true, false),
        (&["::1"], false, true),
        (&["::/0"], false, true),
        (&["::/1"], false, true),
        (&["::2"], false, false),
        (&["127.0.0.1", "::1"], true, true),
    ] {
        assert_eq!(
            believed_from(blocks, "127.0.0.1").await,
            v4,
            "{blocks:?} from 127.0.0.1"
        );
        assert_eq!(
            believed_from(blocks, "::1").await,
            v6,
            "{blocks:?} from ::1"
        );
    }
}

/// A proxy that appends its headers (HAProxy's `add-header`, nginx's `$proxy_add_*`) after a
/// client's: of repeated `X-Forwarded-*` lines from a trusted peer the last is the proxy's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_repeated_x_forwarded_lines_from_a_trusted_proxy_the_last_wins() {
    let proxies = TrustedProxies::new().proxy("127.0.0.1").unwrap();
    let origins = [
        "https://agents.example.com/billing",
        "https://billing.example.org",
    ];
    let server = card_server_with(proxies, &origins, "127.0.0.1:0").await;
    let billing = "https://agents.example.com/billing/a2a/v1";
    let org = "https://billing.example.org/a2a/v1";
    type Lines = &'static [(&'static str, &'static [u8])];
    // The client's line first, the proxy's after; or one line with both, the proxy's last.
    let cases: [(Lines, &str); 7] = [
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"evil.example"),
                ("X-Forwarded-Host", b"billing.example.org"),
            ],
            org,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"billing.example.org"),
                ("X-Forwarded-Host", b"evil.example"),
            ],
            WRITTEN,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"evil.example, billing.example.org"),
            ],
            org,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"http"),
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"billing.example.org"),
            ],
            org,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Proto", b"http"),
                ("X-Forwarded-Host", b"billing.example.org"),
            ],
            WRITTEN,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"agents.example.com"),
                ("X-Forwarded-Prefix", b"/evil"),
                ("X-Forwarded-Prefix", b"/billing"),
            ],
            billing,
        ),
        (
            &[
                ("X-Forwarded-Proto", b"https"),
                ("X-Forwarded-Host", b"agents.example.com"),
                ("X-Forwarded-Prefix", b"/billing"),
                ("X-Forwarded-Prefix", b"/evil"),
            ],
            WRITTEN,
        ),
    ];
    for (lines, expected) in cases {
        assert_eq!(first_url(&get(server, lines).await), expected, "{lines:?}");
    }
}

/// A gateway that serves `upstream` under `prefix`, which it strips (as `proxy_pass
/// http://upstream/;` in a `location /prefix/` does), setting the X-Forwarded-* headers.
async fn gateway(listener: tokio::net::TcpListener, upstream: SocketAddr, prefix: &'static str) {
    let serve = move |request: Request<Incoming>| async move {
        let (mut parts, body) = request.into_parts();
        let Some(rest) = parts.uri.path().strip_prefix(prefix) else {
            let mut missing = Response::new(Full::new(Bytes::from_static(b"not here")));
            *missing.status_mut() = http::StatusCode::NOT_FOUND;
            return missing;
        };
        let query = parts
            .uri
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        parts.uri = format!("{rest}{query}").parse().unwrap();
        parts
            .headers
            .insert("x-forwarded-proto", "http".parse().unwrap());
        parts
            .headers
            .insert("x-forwarded-prefix", prefix.parse().unwrap());
        let body = Full::new(body.collect().await.unwrap().to_bytes());
        send(upstream, "127.0.0.1", Request::from_parts(parts, body)).await
    };
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let service = hyper::service::service_fn(move |request| async move {
                Ok::<_, Infallible>(serve(request).await)
            });
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
}

/// An agent that answers JSON-RPC `SendMessage` with "echo: " and the message's text, and
/// records the paths it was asked on.
async fn echo_agent(
    request: Request<Incoming>,
    paths: Arc<Mutex<Vec<String>>>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    paths.lock().unwrap().push(request.uri().path().to_owned());
    let body = request.into_body().collect().await.unwrap().to_bytes();
    let call: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    let text = call["params"]["message"]["parts"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let answer = serde_json::json!({
        "jsonrpc": "2.0",
        "id": call["id"],
        "result": {"message": {
            "messageId": "reply-1",
            "role": "ROLE_AGENT",
            "parts": [{"text": format!("echo: {text}")}],
        }},
    });
    let mut response = Response::new(Full::new(Bytes::from(answer.to_string())));
    response
        .headers_mut()
        .insert("content-type", "application/json".parse().unwrap());
    Ok(response)
}

/// The server's listener, bound before anything names it.
async fn bound() -> (tokio::net::TcpListener, SocketAddr) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    (listener, addr)
}

/// The echo agent behind the card layer with `public` as its public URL, on `listener`; the
/// paths the agent was asked on.
fn agent_server(listener: tokio::net::TcpListener, public: &str) -> Arc<Mutex<Vec<String>>> {
    let mut card = example_card();
    card.supported_interfaces[0].url = WRITTEN.to_owned();
    let layer = AgentCardLayer::builder(card)
        .public_url(PublicUrl::parse(public).unwrap())
        .build()
        .unwrap();
    let paths: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = paths.clone();
    let app = layer.layer(tower::service_fn(move |request| {
        echo_agent(request, seen.clone())
    }));
    tokio::spawn(async move {
        Server::builder()
            .build()
            .serve(listener, app, std::future::pending())
            .await
    });
    paths
}

/// The Python a2a-sdk resolving the card at `base` and sending "hello" where it says.
async fn sdk_client(base: &str) -> serde_json::Value {
    let python = peers::python("a2a-sdk-1.3.0", &["a2a-sdk==1.3.0"]);
    let peer = support::interop("proxy_client_peer.py");
    let base = base.to_owned();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(python)
            .arg(peer)
            .arg(base)
            .output()
    })
    .await
    .unwrap()
    .unwrap();
    assert!(
        output.status.success(),
        "the SDK client failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_reaches_the_agent_through_the_gateway_by_the_rebased_card() {
    let (server_listener, server) = bound().await;
    let (gateway_listener, gateway_addr) = bound().await;
    let public = format!("http://{gateway_addr}/billing");
    gateway(gateway_listener, server, "/billing").await;
    let paths = agent_server(server_listener, &public);
    let said = sdk_client(&public).await;
    assert_eq!(said["interface"], format!("{public}/a2a/v1"));
    assert_eq!(said["reply"], "echo: hello");
    // The agent was asked on its own path, behind the gateway.
    assert_eq!(*paths.lock().unwrap(), ["/a2a/v1"]);
}

/// The locations of docs/proxies.md's nginx configuration, proxying to `upstream`: every
/// location sets all four forwarding headers, to its own values or to nothing (an empty
/// value, which makes nginx drop the client's header).
fn documented_locations(upstream: SocketAddr) -> String {
    format!(
        "location /billing/ {{
    proxy_pass http://{upstream}/;          # strips /billing
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header X-Forwarded-Prefix /billing;
    proxy_set_header Forwarded \"\";
}}
location / {{
    proxy_pass http://{upstream};
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header X-Forwarded-Prefix \"\";
    proxy_set_header Forwarded \"\";
}}
"
    )
}

/// Debian's nginx (`A2A_NGINX`, else `nginx` on the PATH) serving `locations` on a free port
/// of 127.0.0.1; stopped when dropped.
struct Nginx {
    child: std::process::Child,
    port: u16,
    /// Its prefix directory (configuration, temporary files, log), removed after it stops.
    dir: support::Scratch,
}

impl Nginx {
    async fn start(locations: &str) -> Nginx {
        let nginx = std::env::var("A2A_NGINX").unwrap_or_else(|_| "nginx".to_owned());
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = support::Scratch::dir(&format!("nginx-{port}"));
        std::fs::create_dir_all(dir.join("temp")).unwrap();
        let d = dir.display();
        let conf = format!(
            "daemon off;\nmaster_process off;\nworker_processes 1;\npid {d}/nginx.pid;\n\
             error_log {d}/error.log;\nevents {{ worker_connections 64; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/temp;\n\
             proxy_temp_path {d}/temp;\n  fastcgi_temp_path {d}/temp;\n  uwsgi_temp_path {d}/temp;\n\
             scgi_temp_path {d}/temp;\n  server {{\n    listen 127.0.0.1:{port};\n\
             {locations}\n  }}\n}}\n"
        );
        std::fs::write(dir.join("nginx.conf"), conf).unwrap();
        let started = Nginx {
            child: std::process::Command::new(&nginx)
                .arg("-p")
                .arg(&dir)
                .arg("-c")
                .arg(dir.join("nginx.conf"))
                .spawn()
                .unwrap_or_else(|e| {
                    panic!("{nginx} does not start ({e}); install nginx or set A2A_NGINX")
                }),
            port,
            dir,
        };
        // nginx is up once it answers.
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return started;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        let log = std::fs::read_to_string(started.dir.join("error.log")).unwrap_or_default();
        drop(started);
        panic!("nginx does not listen on {port}: {log}");
    }

    fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Behind the documented nginx configuration, a client's own `Forwarded` and
/// `X-Forwarded-Prefix` change no byte of the card, whichever family the card server
/// believes: nginx replaces or drops every forwarding header a client sends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs nginx: .ci/run installs it and runs this"]
async fn behind_the_documented_nginx_a_clients_own_forwarding_headers_change_nothing() {
    for family in [ProxyHeaders::XForwarded, ProxyHeaders::Both] {
        // nginx connects from 127.0.0.1: that address is the trusted proxy.
        let proxies = TrustedProxies::new()
            .proxy("127.0.0.1")
            .unwrap()
            .headers(family);
        let origins = [
            "http://agents.example.com/billing",
            "http://agents.example.com",
        ];
        let server = card_server_with(proxies, &origins, "127.0.0.1:0").await;
        let nginx = Nginx::start(&documented_locations(server)).await;
        let via = nginx.addr();
        let billing = through(via, "/billing/.well-known/agent-card.json", &[]).await;
        let root = through(via, "/.well-known/agent-card.json", &[]).await;
        let url = |(_, _, body): &(u16, String, Bytes)| {
            let card: serde_json::Value = serde_json::from_slice(body).unwrap();
            card["supportedInterfaces"][0]["url"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        assert_eq!(
            url(&billing),
            "http://agents.example.com/billing/a2a/v1",
            "{family:?}"
        );
        assert_eq!(url(&root), "http://agents.example.com/a2a/v1", "{family:?}");
        const EVIL: &[(&str, &str)] = &[
            ("forwarded", "proto=https;host=evil.example"),
            ("x-forwarded-prefix", "/evil"),
        ];
        // A client's Forwarded naming another host (or the other allowed variant's), its
        // X-Forwarded-Prefix another prefix (or the other allowed variant's).
        const OTHER_VARIANT: &[(&str, &str)] = &[
            ("forwarded", "host=agents.example.com"),
            ("x-forwarded-prefix", "/billing"),
        ];
        for (path, honest) in [
            ("/billing/.well-known/agent-card.json", &billing),
            ("/.well-known/agent-card.json", &root),
        ] {
            for forged in [EVIL, OTHER_VARIANT] {
                let answer = through(via, path, forged).await;
                assert_eq!(&answer, honest, "{family:?} {path} {forged:?}");
            }
        }
        drop(nginx);
    }
}

/// A GET of `path` with `Host: agents.example.com` and `headers`, through `via`: status,
/// ETag and body.
async fn through(via: SocketAddr, path: &str, headers: &[(&str, &str)]) -> (u16, String, Bytes) {
    let mut request = Request::get(path).header("host", "agents.example.com");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = send(via, "127.0.0.1", request.body(Full::default()).unwrap()).await;
    let status = response.status().as_u16();
    let etag = response
        .headers()
        .get("etag")
        .map(|e| e.to_str().unwrap().to_owned());
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, etag.unwrap_or_default(), body)
}

/// The same behind Debian's nginx, configured as docs/proxies.md says. Needs `nginx` on
/// the PATH or in `A2A_NGINX`; `.ci/run` installs it and runs this test
/// (`cargo test --all-features --test serve_forwarded -- --ignored`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs nginx: .ci/run installs it and runs this"]
async fn the_python_sdk_reaches_the_agent_behind_nginx() {
    let (server_listener, server) = bound().await;
    let nginx = Nginx::start(&documented_locations(server)).await;
    let public = format!("http://127.0.0.1:{}/billing", nginx.port);
    let paths = agent_server(server_listener, &public);
    let said = sdk_client(&public).await;
    drop(nginx);
    assert_eq!(said["interface"], format!("{public}/a2a/v1"));
    assert_eq!(said["reply"], "echo: hello");
    assert_eq!(*paths.lock().unwrap(), ["/a2a/v1"]);
}
