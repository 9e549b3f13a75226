//! The client's destination policy against real listeners on loopback: what a URL someone
//! else chose (a redirect, a name that resolves somewhere) may reach, decided on the
//! address actually connected to, and the run budget. A public base address cannot be
//! bound here, so "the base is public" is a policy built from a public address list, or an
//! injected resolver that answers a public address for the base's name.
#![cfg(feature = "client")]

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use a2a_card::client::{
    AddressClasses, Client, ClientError, Outgoing, PlainHttp, Resolve, Resolving, parse_http_url,
};
use http::Method;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A listener on `ip`, port 0, that counts the connections it accepts and answers each
/// with `response` (or holds it open, saying nothing, when `response` is empty).
async fn counting(ip: &str, response: String) -> (SocketAddr, Arc<AtomicUsize>) {
    let listener = TcpListener::bind((ip, 0)).await.unwrap();
    let address = listener.local_addr().unwrap();
    let count = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&count);
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((mut stream, _)) = listener.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            if response.is_empty() {
                held.push(stream);
                continue;
            }
            let response = response.clone();
            tokio::spawn(async move {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request).await;
                let _ = stream.write_all(response.as_bytes()).await;
            });
        }
    });
    (address, count)
}

fn ok_response() -> String {
    "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}".to_owned()
}

fn redirect_to(location: &str) -> String {
    format!(
        "HTTP/1.1 302 Found\r\nlocation: {location}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
    )
}

/// Fixed answers for names; anything else does not resolve.
#[derive(Debug, Default)]
struct Table(HashMap<String, Vec<IpAddr>>);

impl Table {
    fn with(mut self, host: &str, ips: &[&str]) -> Self {
        let ips = ips.iter().map(|ip| ip.parse().unwrap()).collect();
        self.0.insert(host.to_owned(), ips);
        self
    }
}

impl Resolve for Table {
    fn resolve<'a>(&'a self, host: &'a str, port: u16) -> Resolving<'a> {
        let found = self.0.get(host).cloned();
        Box::pin(async move {
            let ips = found.ok_or_else(|| std::io::Error::other("no such host here"))?;
            Ok(ips
                .into_iter()
                .map(|ip| SocketAddr::new(ip, port))
                .collect())
        })
    }
}

fn client(resolver: Table) -> Client {
    Client::builder()
        .timeout(Duration::from_secs(30))
        .plain_http(PlainHttp::Allowed)
        .resolver(resolver)
        .build()
        .unwrap()
}

/// A client's own policy that notes every address it is asked about and allows only
/// loopback, so no test connects anywhere but this machine.
#[derive(Debug, Default, Clone)]
struct Recording(Arc<std::sync::Mutex<Vec<SocketAddr>>>);

impl a2a_card::client::DestinationPolicy for Recording {
    fn allows(&self, _url: &http::Uri, address: SocketAddr) -> Result<(), String> {
        self.0.lock().unwrap().push(address);
        match address.ip().is_loopback() {
            true => Ok(()),
            false => Err(format!("{} is not on this machine", address.ip())),
        }
    }
}

fn get() -> Outgoing {
    Outgoing::new(Method::GET)
}

#[tokio::test]
async fn a_redirect_from_a_public_base_cannot_reach_loopback() {
    let (internal, internal_hits) = counting("127.0.0.1", ok_response()).await;
    let admin = format!("http://{internal}/internal/admin");
    // The "public" base is another loopback address: the policy allows exactly it, as
    // `for_base` would allow a public base's own (global) address, and nothing internal.
    let (base, base_hits) = counting("127.0.0.2", redirect_to(&admin)).await;
    let public_base = AddressClasses::global_only().allow_address(base.ip());
    let client = client(Table::default()).restrict_destinations(public_base);
    let url = parse_http_url(&format!("http://{base}/.well-known/agent-card.json")).unwrap();
    let exchange = client.send(&url, &get()).await;
    assert_eq!(base_hits.load(Ordering::SeqCst), 1);
    assert_eq!(exchange.redirects.len(), 1);
    let error = exchange.result.unwrap_err();
    assert!(matches!(error, ClientError::Refused { .. }), "{error}");
    let message = error.to_string();
    assert!(
        message.contains("127.0.0.1 is a loopback address"),
        "{message}"
    );
    assert_eq!(internal_hits.load(Ordering::SeqCst), 0, "connected anyway");
}

#[tokio::test]
async fn a_public_base_name_allows_no_internal_target_and_rebinding_gains_nothing() {
    let (internal, hits) = counting("127.0.0.1", ok_response()).await;
    let port = internal.port();
    let resolver = Table::default()
        .with("agent.example", &["93.184.215.14"])
        // Public at first look, then this machine: every address is checked.
        .with("rebind.example", &["127.0.0.1"])
        .with("mixed.example", &["93.184.215.14", "127.0.0.1"]);
    let base = parse_http_url("https://agent.example/").unwrap();
    let client = client(resolver).for_base(&base).await;
    for target in [
        format!("http://127.0.0.1:{port}/"),
        format!("http://rebind.example:{port}/"),
        format!("http://mixed.example:{port}/"),
        format!("http://[::ffff:127.0.0.1]:{port}/"),
        format!("http://169.254.169.254:{port}/latest/meta-data/"),
        format!("http://10.0.0.1:{port}/"),
        format!("http://[fc00::1]:{port}/"),
        format!("http://0.0.0.0:{port}/"),
    ] {
        let url = parse_http_url(&target).unwrap();
        let result = client.send(&url, &get()).await.result;
        assert!(
            matches!(result, Err(ClientError::Refused { .. })),
            "{target}: {result:?}"
        );
        assert!(
            matches!(
                client.connect_tcp(url.host().unwrap(), port).await,
                Err(ClientError::Refused { .. })
            ),
            "{target}"
        );
        // HTTP/2 (the audit's gRPC probe) connects under the same policy.
        let h2 = client.http2_only().send(&url, &get()).await.result;
        assert!(
            matches!(h2, Err(ClientError::Refused { .. })),
            "{target}: {h2:?}"
        );
    }
    assert_eq!(hits.load(Ordering::SeqCst), 0, "connected anyway");
}

#[tokio::test]
async fn a_loopback_base_reaches_loopback_through_redirects() {
    let (target, target_hits) = counting("127.0.0.1", ok_response()).await;
    let (base, _) = counting("127.0.0.1", redirect_to(&format!("http://{target}/card"))).await;
    // Named, as a user types `localhost`: the resolver gives loopback.
    let resolver = Table::default().with("agent.localhost", &["127.0.0.1"]);
    let url = parse_http_url(&format!("http://agent.localhost:{}/", base.port())).unwrap();
    let client = client(resolver).for_base(&url).await;
    let exchange = client.send(&url, &get()).await;
    let response = exchange.result.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(exchange.redirects.len(), 1);
    assert_eq!(target_hits.load(Ordering::SeqCst), 1);
    // Loopback, not everything: the metadata address stays refused.
    let metadata = parse_http_url("http://169.254.169.254/").unwrap();
    assert!(matches!(
        client.send(&metadata, &get()).await.result,
        Err(ClientError::Refused { .. })
    ));
}

#[tokio::test]
async fn the_clients_own_policy_is_asked_last_about_what_it_will_connect_to() {
    let recording = Recording::default();
    let (target, _) = counting("127.0.0.1", ok_response()).await;
    let client = Client::builder()
        .destination_policy(recording.clone())
        .build()
        .unwrap();
    let base = parse_http_url(&format!("http://{target}/")).unwrap();
    let client = client.for_base(&base).await;
    assert!(client.send(&base, &get()).await.result.is_ok());
    let metadata = parse_http_url("http://169.254.169.254/").unwrap();
    assert!(client.send(&metadata, &get()).await.result.is_err());
    assert_eq!(*recording.0.lock().unwrap(), vec![target]);
}

#[tokio::test]
async fn the_run_budget_stops_every_exchange_after_it() {
    let (stalled, hits) = counting("127.0.0.1", String::new()).await;
    let client = Client::builder()
        .timeout(Duration::from_secs(300))
        .build()
        .unwrap()
        .with_budget(Duration::from_millis(300));
    let url = parse_http_url(&format!("http://{stalled}/")).unwrap();
    let first = client.send(&url, &get()).await.result;
    assert!(
        matches!(first, Err(ClientError::OutOfTime { .. })),
        "{first:?}"
    );
    assert!(client.is_out_of_time());
    for _ in 0..3 {
        assert!(matches!(
            client.send(&url, &get()).await.result,
            Err(ClientError::OutOfTime { .. })
        ));
        assert!(matches!(
            client.connect_tcp("127.0.0.1", stalled.port()).await,
            Err(ClientError::OutOfTime { .. })
        ));
    }
    // Only the first exchange ever connected.
    assert_eq!(hits.load(Ordering::SeqCst), 1);
    let message = first.unwrap_err().to_string();
    assert_eq!(message, "not done: the run's time budget of 300 ms ran out");
}

/// 169.254.0.0/16 and fe80::/10 at each edge, as IP literals and as names the resolver
/// answers with them, are refused as link-local by the classes of a loopback base, before any
/// connection; the addresses just outside are classed otherwise: 169.253.255.255 and
/// 169.255.0.0 are global (the classes let them through, and only the client's own policy,
/// which allows loopback alone, stops them), fe7f:ffff::1 is reserved and fec0::1 private.
#[tokio::test]
async fn link_local_is_refused_at_each_edge_and_the_neighbours_are_other_classes() {
    use a2a_card::client::AddressClass;
    let (here, hits) = counting("127.0.0.1", ok_response()).await;
    let port = here.port();
    let link_local = [
        "169.254.0.0",
        "169.254.0.1",
        "169.254.169.254",
        "169.254.255.255",
        "::ffff:169.254.0.0",
        "::ffff:169.254.255.255",
        "fe80::",
        "fe80::1",
        "febf:ffff::1",
        "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ];
    let neighbours = [
        ("169.253.255.255", AddressClass::Global),
        ("169.255.0.0", AddressClass::Global),
        (
            "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
            AddressClass::Reserved,
        ),
        ("fec0::", AddressClass::Private),
        ("fec0::1", AddressClass::Private),
    ];
    let mut resolver = Table::default().with("agent.localhost", &["127.0.0.1"]);
    let every = link_local
        .iter()
        .copied()
        .chain(neighbours.iter().map(|(ip, _)| *ip));
    for (i, ip) in every.enumerate() {
        resolver = resolver.with(&format!("n{i}.example"), &[ip]);
    }
    let recording = Recording::default();
    let client = Client::builder()
        .timeout(Duration::from_secs(30))
        .plain_http(PlainHttp::Allowed)
        .resolver(resolver)
        .destination_policy(recording.clone())
        .build()
        .unwrap();
    let base = parse_http_url(&format!("http://agent.localhost:{port}/")).unwrap();
    let client = client.for_base(&base).await;
    // The base itself is reached: loopback passes both policies.
    assert_eq!(
        client.send(&base, &get()).await.result.unwrap().status(),
        200
    );
    assert_eq!(hits.load(Ordering::SeqCst), 1);
    recording.0.lock().unwrap().clear();

    let expected = link_local
        .iter()
        .map(|ip| (*ip, AddressClass::LinkLocal))
        .chain(neighbours);
    let mut failures = Vec::new();
    for (i, (ip, class)) in expected.enumerate() {
        let literal = match ip.contains(':') {
            true => format!("http://[{ip}]:{port}/"),
            false => format!("http://{ip}:{port}/"),
        };
        let named = format!("http://n{i}.example:{port}/");
        // What the refusal names: the class's own words, or the client's own policy for a
        // global address.
        let reason = match class {
            AddressClass::Global => format!("{ip} is not on this machine"),
            _ => format!("{ip} is {}", class.describe()),
        };
        for target in [literal, named] {
            let url = parse_http_url(&target).unwrap();
            let message = match client.send(&url, &get()).await.result {
                Err(error @ ClientError::Refused { .. }) => error.to_string(),
                other => format!("not refused: {other:?}"),
            };
            if !message.contains(&reason) {
                failures.push(format!("{target} ({ip}): {message}"));
            }
            let connected = client.connect_tcp(url.host().unwrap(), port).await;
            if !matches!(connected, Err(ClientError::Refused { .. })) {
                failures.push(format!("{target}: connect_tcp {connected:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Only the global neighbours got past the classes, each asked twice (send, connect_tcp)
    // for each of its two spellings; nothing else left this machine's policy.
    let asked: Vec<IpAddr> = recording.0.lock().unwrap().iter().map(|a| a.ip()).collect();
    let global: Vec<IpAddr> = ["169.253.255.255", "169.255.0.0"]
        .iter()
        .flat_map(|ip| [ip.parse().unwrap(); 4])
        .collect();
    assert_eq!(asked, global);
    assert_eq!(hits.load(Ordering::SeqCst), 1, "connected anyway");
}
