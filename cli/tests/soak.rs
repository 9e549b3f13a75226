//! Soak tests (not in the default run; `bash scripts/soak.sh [SECONDS] [CLIENTS]` runs both,
//! one after the other). Each puts many keep-alive clients (GET, conditional GET with the last
//! ETag, HEAD) on a server for a bounded time while its card keeps changing, valid cards
//! alternating with invalid ones:
//!
//! - `soak_watch_serve_under_load`: the real `a2a-card serve CARD --watch`, the card file
//!   rewritten every few milliseconds (the watcher polls every 200 ms, so a minute is about a
//!   hundred swaps);
//! - `soak_swaps_in_process`: the layer served by hyper in this process, a thread calling
//!   `CardHandle::replace` as fast as it can (thousands of swaps a second), with tenant cards
//!   added, replaced and removed, and the layer's AI Catalog of those cards requested too.
//!
//! Both assert: no failed request (connection error, 5xx, any status but 200/304, or the
//! inner service's answer for a tenant not served); every 200's ETag is the SHA-256 of its
//! body; every body served is one of the valid cards (never an invalid one); no
//! `Last-Modified` later than the time of the response; resident memory after warm-up and at
//! the end within a bound (see each test). Each prints a summary table. The in-process soak
//! also asserts that no catalog disagrees with the cards: every catalog served lists exactly
//! the cards of one state the swapper published (which card each agent served, which tenants
//! there were), never a card with errors, never a mix of two states (see [`Bodies::catalog_refusal`]).

mod binary_server;
use a2a_card_test_support as support;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime};

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, BuildError};
use binary_server::Server;
use bytes::Bytes;
use http::{Method, Request, StatusCode};
use http_body_util::{BodyExt, Empty};
use hyper_util::rt::TokioIo;
use sha2::{Digest, Sha256};
use tower::Layer;

const CARD: &str = "/.well-known/agent-card.json";
const CATALOG: &str = "/.well-known/ai-catalog.json";
/// Where the in-process soak's catalog says its cards are, and its identifiers.
const CATALOG_BASE: &str = "https://soak.example";
const ID_PREFIX: &str = "urn:soak:";
/// How far the server's resident memory may grow between the end of warm-up and the end.
/// The server holds the current card set (a few KiB) plus, per connection, hyper's read and
/// write buffers (tens of KiB at most); 20 MiB is far above all of that for 32-256
/// connections and allocator slack, and far below what a leak of even 100 bytes per request
/// would add over a run (hundreds of thousands of requests).
const RSS_GROWTH_LIMIT_KIB: u64 = 20 * 1024;
/// The same bound for the in-process swap soak, where the process is server, clients and
/// swapper at once. What it keeps is fixed after warm-up: two runtimes of two workers, the
/// connections' buffers on both sides, the pools of cards below (64 valid, 8 invalid, a few
/// KiB each) and the SHA-256 of each (32 bytes each: the bookkeeping does not grow with the
/// run). Each swap allocates a new card set (the card, its JSON, header maps: a few KiB),
/// freed when the last request reading the old one ends. A one-minute run on a busy 2-core
/// machine makes about 130,000 accepted swaps (and as many refused), so 8 MiB is crossed by
/// a leak of 64 bytes per accepted swap (a card set, or an `Arc` left behind, is more than
/// that), while allocator slack between two samples of a steady state is far less (under
/// 1 MiB in the runs so far).
const SWAP_RSS_GROWTH_LIMIT_KIB: u64 = 8 * 1024;
/// Valid cards the swapper cycles through (so the set of bodies that may be served is fixed).
const POOL: u64 = 64;
const TENANTS: [&str; 3] = ["acme", "globex", "initech"];

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The resident set size of a process, in KiB (`VmRSS` of /proc/PID/status).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

type Digest32 = [u8; 32];

fn digest(bytes: &[u8]) -> Digest32 {
    Sha256::digest(bytes).into()
}

/// The bodies that may be served (the compact v1.0 JSON of each valid card) and those that
/// must never be (the same JSON of each card with errors), kept as SHA-256 digests; and, for
/// the catalog, the valid cards by version and every state the swapper published.
#[derive(Default)]
struct Bodies {
    valid: HashSet<Digest32>,
    invalid: HashSet<Digest32>,
    /// Each valid card's number (its index in the pool; the base card is [`POOL`]) and
    /// description, by its version (unique to each card).
    versions: HashMap<String, (u8, String)>,
    /// Every [`State::code`] the swapper published, or was about to: each is recorded before
    /// the swap that makes it, so a client never sees a state not yet recorded (a state
    /// recorded whose swap was then refused only makes the check less strict).
    published: HashSet<u32>,
}

/// Which card each agent serves: the main card's number, and each tenant's (`None`: not
/// served), in [`TENANTS`] order.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    agents: [Option<u8>; 4],
}

impl State {
    /// One number per state: 7 bits per agent (0..=64 a card's number, 127 absent).
    fn code(self) -> u32 {
        self.agents
            .iter()
            .enumerate()
            .map(|(i, a)| u32::from(a.unwrap_or(127)) << (7 * i))
            .sum()
    }

    fn describe(self) -> String {
        let names = std::iter::once("main").chain(TENANTS);
        names
            .zip(self.agents)
            .map(|(name, a)| match a {
                Some(n) => format!("{name}=card {n}"),
                None => format!("{name} absent"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Bodies {
    /// Why a catalog body must not have been served, if it must not: it is not the catalog
    /// of one published state. Each entry names its agent (identifier and URL), and its card
    /// by version and description, which must be one valid card's; the agents listed and
    /// their cards together must be a state the swapper published. A catalog built from
    /// another swap's cards than those served with it, listing a removed tenant, missing an
    /// added one or listing a card with errors, fails; concurrent swaps cannot make a
    /// correct server fail it, since every catalog served is built with one state's cards
    /// and every state is recorded before it is published.
    fn catalog_refusal(&self, body: &[u8]) -> Option<String> {
        let doc: serde_json::Value = match serde_json::from_slice(body) {
            Ok(doc) => doc,
            Err(e) => return Some(format!("the catalog is not JSON: {e}")),
        };
        let Some(entries) = doc["entries"].as_array() else {
            return Some("the catalog has no entries array".into());
        };
        let mut state = State { agents: [None; 4] };
        for entry in entries {
            let text = |key: &str| entry[key].as_str().unwrap_or_default();
            let identifier = text("identifier");
            let slot = match identifier.strip_prefix(ID_PREFIX) {
                None if identifier == ID_PREFIX.trim_end_matches(':') => 0,
                Some(tenant) => match TENANTS.iter().position(|t| *t == tenant) {
                    Some(i) => i + 1,
                    None => return Some(format!("the catalog lists {identifier:?}")),
                },
                None => return Some(format!("the catalog lists {identifier:?}")),
            };
            let path = match slot {
                0 => String::new(),
                i => format!("/{}", TENANTS[i - 1]),
            };
            if text("url") != format!("{CATALOG_BASE}{path}{CARD}") {
                return Some(format!("{identifier}: url {:?}", text("url")));
            }
            let Some((number, description)) = self.versions.get(text("version")) else {
                return Some(format!(
                    "{identifier}: version {:?} is no valid card's (a card with errors?)",
                    text("version")
                ));
            };
            if text("description") != description {
                return Some(format!("{identifier}: the description of another card"));
            }
            if state.agents[slot].replace(*number).is_some() {
                return Some(format!("{identifier} listed twice"));
            }
        }
        if state.agents[0].is_none() {
            return Some("the catalog does not list the main card".into());
        }
        (!self.published.contains(&state.code())).then(|| {
            format!(
                "the catalog lists cards never served together: {}",
                state.describe()
            )
        })
    }

    /// Why `body` must not have been served, if it must not.
    fn refusal(&self, body: &[u8]) -> Option<String> {
        let hash = digest(body);
        if self.invalid.contains(&hash) {
            Some("a card with errors was served".into())
        } else if !self.valid.contains(&hash) {
            Some(format!(
                "a body no valid card has: {}",
                String::from_utf8_lossy(body)
            ))
        } else {
            None
        }
    }
}

#[derive(Default)]
struct Counts {
    requests: AtomicU64,
    ok: AtomicU64,
    not_modified: AtomicU64,
    head: AtomicU64,
    /// Requests for a tenant not served at that moment, which reach the inner service.
    passed_on: AtomicU64,
    /// Catalogs (200 to a GET) checked against the published states.
    catalogs: AtomicU64,
    failures: AtomicU64,
}

/// What the clients of one soak share: where to send requests, what may come back, and the
/// tallies.
struct Load {
    addr: String,
    /// The paths requested in turn; the first is the default card, any others are tenants'
    /// (which may be absent for a while: then the inner service answers).
    paths: Vec<String>,
    stop: Instant,
    bodies: Arc<RwLock<Bodies>>,
    counts: Counts,
    problems: Mutex<Vec<String>>,
}

impl Load {
    fn new(addr: String, paths: Vec<String>, stop: Instant, bodies: Arc<RwLock<Bodies>>) -> Self {
        Load {
            addr,
            paths,
            stop,
            bodies,
            counts: Counts::default(),
            problems: Mutex::new(Vec::new()),
        }
    }

    fn fail(&self, message: String) {
        self.counts.failures.fetch_add(1, Relaxed);
        let mut problems = self.problems.lock().unwrap();
        if problems.len() < 20 {
            problems.push(message);
        }
    }

    /// Runs `clients` keep-alive clients until `stop` on a runtime of its own, then waits.
    fn spawn_clients(self: &Arc<Self>, clients: u64) -> Clients {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let tasks = (0..clients)
            .map(|id| runtime.spawn(client(id, self.clone())))
            .collect();
        Clients { runtime, tasks }
    }

    /// Rows of the summary table about requests.
    fn rows(&self, seconds: u64, warm_up: Duration, clients: u64, elapsed: Duration) -> Rows {
        let c = &self.counts;
        let requests = c.requests.load(Relaxed);
        let mut rows = vec![
            (
                "duration (s, after warm-up)",
                format!("{seconds} (+{} warm-up)", warm_up.as_secs()),
            ),
            ("clients (keep-alive)", clients.to_string()),
            ("requests", requests.to_string()),
            (
                "requests/s",
                format!("{:.0}", requests as f64 / elapsed.as_secs_f64()),
            ),
            ("200 (GET and HEAD)", c.ok.load(Relaxed).to_string()),
            ("  of which HEAD", c.head.load(Relaxed).to_string()),
            ("304", c.not_modified.load(Relaxed).to_string()),
        ];
        if self.paths.len() > 1 {
            let passed = c.passed_on.load(Relaxed).to_string();
            rows.push(("tenant absent (inner service)", passed));
        }
        if self.paths.iter().any(|p| p == CATALOG) {
            let checked = c.catalogs.load(Relaxed).to_string();
            rows.push(("catalogs checked (200)", checked));
        }
        rows.push(("failed", c.failures.load(Relaxed).to_string()));
        rows
    }

    /// Prints the problems seen and fails the test if there was any.
    fn assert_no_failure(&self) {
        let problems = self.problems.lock().unwrap();
        for problem in problems.iter() {
            println!("problem: {problem}");
        }
        assert_eq!(self.counts.failures.load(Relaxed), 0, "{problems:#?}");
        assert!(self.counts.requests.load(Relaxed) > 0);
    }
}

type Rows = Vec<(&'static str, String)>;

fn print_table(title: &str, rows: &Rows) {
    println!("\n| {title} | |\n|---|---|");
    for (name, value) in rows {
        println!("| {name} | {value} |");
    }
}

struct Clients {
    runtime: tokio::runtime::Runtime,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Clients {
    fn join(self) {
        self.runtime.block_on(async {
            for task in self.tasks {
                task.await.unwrap();
            }
        });
    }
}

/// Samples a process's resident memory every 500 ms until `stop`, after `warm_up`.
struct Rss {
    start: u64,
    max: u64,
}

impl Rss {
    fn watch(pid: u32, warm_up: Duration, stop: Instant) -> Rss {
        std::thread::sleep(warm_up);
        let start = rss_kib(pid);
        let mut max = start;
        while Instant::now() < stop {
            std::thread::sleep(Duration::from_millis(500));
            max = max.max(rss_kib(pid));
        }
        Rss { start, max }
    }

    fn rows(&self, end: u64) -> Rows {
        vec![
            ("RSS after warm-up (KiB)", self.start.to_string()),
            ("RSS at end (KiB)", end.to_string()),
            ("RSS max sampled (KiB)", self.max.to_string()),
        ]
    }
}

/// The duration of a soak after warm-up, its warm-up and its number of clients, from the
/// environment (`SOAK_SECONDS`, `SOAK_CLIENTS`).
fn soak_settings() -> (u64, Duration, u64) {
    let seconds = env_number("SOAK_SECONDS", 20);
    let clients = env_number("SOAK_CLIENTS", 32);
    let warm_up = Duration::from_secs((seconds / 10).clamp(2, 10));
    (seconds, warm_up, clients)
}

fn card_number(base: &AgentCard, n: u64) -> AgentCard {
    let mut card = base.clone();
    card.version = format!("3.{n}.0");
    card.description = format!("{} (revision {n})", base.description);
    card
}

fn write_atomically(path: &Path, bytes: &[u8]) {
    let temp = path.with_extension("tmp");
    std::fs::write(&temp, bytes).unwrap();
    std::fs::rename(&temp, path).unwrap();
}

/// What the file soak's writer wrote: how many valid and invalid cards, and the last valid.
struct Rewrites {
    valid: u64,
    invalid: u64,
    last_valid: AgentCard,
}

/// Rewrites the card file every few milliseconds until `stop`: valid cards with distinct
/// contents (by rename or by truncating in place) between bad JSON, a truncated file and a
/// card with validation errors.
fn rewrite_until(
    path: &Path,
    base: &AgentCard,
    bodies: &RwLock<Bodies>,
    stop: Instant,
) -> Rewrites {
    let mut n = 1;
    let mut done = Rewrites {
        valid: 0,
        invalid: 0,
        last_valid: base.clone(),
    };
    while Instant::now() < stop {
        let card = card_number(base, n);
        let pretty = card.to_json_pretty();
        let kind = n % 5;
        if kind == 0 || kind == 2 {
            // Registered before it is written: a client may see it at once.
            let hash = digest(&card.to_json_vec());
            bodies.write().unwrap().valid.insert(hash);
            done.valid += 1;
        } else {
            done.invalid += 1;
        }
        match kind {
            0 => write_atomically(path, pretty.as_bytes()),
            1 => write_atomically(path, b"{ \"name\": \"not json"),
            2 => std::fs::write(path, pretty.as_bytes()).unwrap(),
            3 => std::fs::write(path, &pretty.as_bytes()[..pretty.len() / 2]).unwrap(),
            _ => {
                let mut broken = card.clone();
                broken.name.clear();
                let hash = digest(&broken.to_json_vec());
                bodies.write().unwrap().invalid.insert(hash);
                write_atomically(path, broken.to_json_pretty().as_bytes());
            }
        }
        if kind == 0 || kind == 2 {
            done.last_valid = card;
        }
        n += 1;
        std::thread::sleep(Duration::from_millis(3));
    }
    done
}

/// One keep-alive client: GETs, conditional GETs with the last ETag seen on that path, and
/// HEADs, over the load's paths in turn, until `stop`; every answer is checked. Reconnects
/// (counting a failure) if the connection fails.
async fn client(id: u64, load: Arc<Load>) {
    let counts = &load.counts;
    let mut last_etags: Vec<Option<String>> = vec![None; load.paths.len()];
    let mut i = id;
    'connect: while Instant::now() < load.stop {
        let stream = match tokio::net::TcpStream::connect(&load.addr).await {
            Ok(stream) => stream,
            Err(e) => {
                load.fail(format!("connect: {e}"));
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let (mut sender, connection) =
            match hyper::client::conn::http1::handshake(TokioIo::new(stream)).await {
                Ok(pair) => pair,
                Err(e) => {
                    load.fail(format!("handshake: {e}"));
                    continue;
                }
            };
        tokio::spawn(connection);
        while Instant::now() < load.stop {
            i += 1;
            let (method, conditional) = match i % 5 {
                0 | 1 => (Method::GET, false),
                2 | 3 => (Method::GET, true),
                _ => (Method::HEAD, false),
            };
            // Method and path vary independently (5 methods, paths.len() paths).
            let which = (i / 5) as usize % load.paths.len();
            let path = &load.paths[which];
            let mut request = Request::builder()
                .method(method.clone())
                .uri(path.as_str())
                .header("host", &load.addr);
            let sent_tag = last_etags[which].clone().filter(|_| conditional);
            if let Some(tag) = &sent_tag {
                request = request.header("if-none-match", tag);
            }
            let request = request.body(Empty::<Bytes>::new()).unwrap();
            counts.requests.fetch_add(1, Relaxed);
            let response = match sender.send_request(request).await {
                Ok(response) => response,
                Err(e) => {
                    load.fail(format!("request: {e}"));
                    continue 'connect;
                }
            };
            let (parts, body) = response.into_parts();
            let body = match body.collect().await {
                Ok(body) => body.to_bytes(),
                Err(e) => {
                    load.fail(format!("body: {e}"));
                    continue 'connect;
                }
            };
            let header = |name: &str| {
                parts
                    .headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            let etag = header("etag");
            if let Some(date) = header("last-modified") {
                // The server sends whole seconds, so a date from now is never later than now.
                match httpdate::parse_http_date(&date) {
                    Ok(time) if time <= SystemTime::now() => {}
                    _ => load.fail(format!("{method} {path}: Last-Modified {date} (future)")),
                }
            }
            match (parts.status, &method) {
                (StatusCode::OK, &Method::GET) => {
                    counts.ok.fetch_add(1, Relaxed);
                    if etag.as_deref() != Some(support::etag_of(&body).as_str()) {
                        load.fail(format!("ETag {etag:?} is not the SHA-256 of the body"));
                    }
                    let bodies = load.bodies.read().unwrap();
                    let problem = if path == CATALOG {
                        counts.catalogs.fetch_add(1, Relaxed);
                        bodies.catalog_refusal(&body)
                    } else {
                        bodies.refusal(&body)
                    };
                    drop(bodies);
                    if let Some(problem) = problem {
                        load.fail(format!("{path}: {problem}"));
                    }
                    last_etags[which] = etag;
                }
                (StatusCode::OK, _) => {
                    counts.ok.fetch_add(1, Relaxed);
                    counts.head.fetch_add(1, Relaxed);
                    if etag.is_none() || !body.is_empty() {
                        load.fail(format!("HEAD: ETag {etag:?}, {} body bytes", body.len()));
                    }
                }
                (StatusCode::NOT_MODIFIED, _) => {
                    counts.not_modified.fetch_add(1, Relaxed);
                    if sent_tag.is_none() || etag != sent_tag || !body.is_empty() {
                        load.fail(format!(
                            "304 with ETag {etag:?} for If-None-Match {sent_tag:?}"
                        ));
                    }
                }
                // The inner service of the in-process soak: a tenant not served just now.
                (StatusCode::IM_A_TEAPOT, _) if which > 0 && path != CATALOG => {
                    counts.passed_on.fetch_add(1, Relaxed);
                }
                (status, _) => load.fail(format!("{method} {path} answered {status}")),
            }
        }
    }
}

#[test]
#[ignore = "a soak test of minutes: bash scripts/soak.sh [SECONDS] [CLIENTS]"]
fn soak_watch_serve_under_load() {
    let (seconds, warm_up, clients) = soak_settings();
    let dir = support::Scratch::dir("soak");
    let path = dir.join("card.json");
    let base = support::example_card();
    let bodies = Arc::new(RwLock::new(Bodies::default()));
    let hash = digest(&base.to_json_vec());
    bodies.write().unwrap().valid.insert(hash);
    std::fs::write(&path, base.to_json_pretty()).unwrap();

    // Killed by its pid when `server` is dropped, on success or failure alike.
    let server = Server::start_logged(&[
        "serve",
        path.to_str().unwrap(),
        "--watch",
        "--addr",
        "127.0.0.1:0",
    ]);
    let started = Instant::now();
    let stop = started + warm_up + Duration::from_secs(seconds);
    let paths = vec![CARD.to_owned()];
    let load = Arc::new(Load::new(server.addr.clone(), paths, stop, bodies.clone()));
    let running = load.spawn_clients(clients);
    let writer = {
        let (path, base) = (path.clone(), base.clone());
        std::thread::spawn(move || rewrite_until(&path, &base, &bodies, stop))
    };
    let rss = Rss::watch(server.pid(), warm_up, stop);
    let written = writer.join().unwrap();
    running.join();
    let rss_end = rss_kib(server.pid());
    let elapsed = started.elapsed();

    // The last card written last is valid: once the watcher has seen it, it is served.
    write_atomically(&path, written.last_valid.to_json_pretty().as_bytes());
    let wanted = written.last_valid.to_json_vec();
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut settled = false;
    while Instant::now() < deadline && !settled {
        settled = server.get(CARD).body == wanted;
        std::thread::sleep(Duration::from_millis(50));
    }

    let log = server.stderr_lines();
    let seen = log
        .iter()
        .filter(|l| l.contains("a2a-card: reloaded"))
        .count();
    let refused = log
        .iter()
        .filter(|l| l.contains("still serving the previous card"))
        .count();
    let mut rows = load.rows(seconds, warm_up, clients, elapsed);
    rows.extend([
        ("valid cards written", written.valid.to_string()),
        ("invalid cards written", written.invalid.to_string()),
        ("swaps seen (reloaded)", seen.to_string()),
        ("refused reloads", refused.to_string()),
    ]);
    rows.extend(rss.rows(rss_end));
    print_table("soak: a2a-card serve --watch", &rows);
    load.assert_no_failure();
    assert!(
        seen > 0 && refused > 0,
        "the watcher saw no swap or refused none"
    );
    assert!(settled, "the last valid card written was not served");
    assert!(
        rss_end <= rss.start + RSS_GROWTH_LIMIT_KIB,
        "resident memory grew from {} KiB to {rss_end} KiB",
        rss.start
    );
}

/// Cards with errors, each refused by `replace` with its diagnostics.
fn broken_cards(base: &AgentCard) -> Vec<AgentCard> {
    (0..8)
        .map(|n| {
            let mut card = card_number(base, 1000 + n);
            match n % 3 {
                0 => card.name.clear(),
                1 => card.supported_interfaces.clear(),
                _ => card.version.clear(),
            }
            card
        })
        .collect()
}

/// What the swapper did.
#[derive(Default)]
struct Swaps {
    accepted: u64,
    refused: u64,
    tenant_accepted: u64,
    tenant_refused: u64,
    tenant_removed: u64,
    /// Replacements that did not go as they should have (a valid card refused, an invalid
    /// one accepted).
    wrong: Vec<String>,
    last_main: Option<usize>,
}

/// Replaces the default card as fast as it can until `stop`: each valid card of the pool in
/// turn (every eighth with an old modification time, so `Last-Modified` has to be moved
/// forward), each followed by a card with errors, which must be refused; every fourth round
/// also adds, replaces (with a valid and an invalid card) or removes a tenant's card.
/// Every state it publishes (`state`, then each change) is recorded in `bodies` first.
fn swap_until(
    handle: &a2a_card::serve::CardHandle,
    pool: &[AgentCard],
    broken: &[AgentCard],
    bodies: &RwLock<Bodies>,
    mut state: State,
    stop: Instant,
) -> Swaps {
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let mut swaps = Swaps::default();
    let mut n: usize = 0;
    let record = |next: State| {
        bodies.write().unwrap().published.insert(next.code());
        next
    };
    while Instant::now() < stop {
        n += 1;
        let index = n % pool.len();
        let card = pool[index].clone();
        let mut next = state;
        next.agents[0] = Some(index as u8);
        let next = record(next);
        let result = if n % 8 == 0 {
            handle.replace_modified_at(card, old)
        } else {
            handle.replace(card)
        };
        match result {
            Ok(()) => {
                swaps.accepted += 1;
                swaps.last_main = Some(index);
                state = next;
            }
            Err(e) => note(&mut swaps.wrong, format!("valid card {index} refused: {e}")),
        }
        match handle.replace(broken[n % broken.len()].clone()) {
            Err(BuildError::InvalidCard { .. }) => swaps.refused += 1,
            other => note(&mut swaps.wrong, format!("a card with errors: {other:?}")),
        }
        if n % 4 == 0 {
            let slot = (n / 4) % TENANTS.len();
            let tenant = TENANTS[slot];
            let mut next = state;
            match (n / 12) % 3 {
                0 | 1 => {
                    let index = (n * 7) % pool.len();
                    next.agents[slot + 1] = Some(index as u8);
                    let next = record(next);
                    match handle.replace_tenant(tenant, pool[index].clone()) {
                        Ok(()) => {
                            swaps.tenant_accepted += 1;
                            state = next;
                        }
                        Err(e) => note(&mut swaps.wrong, format!("{tenant}: {e}")),
                    }
                    match handle.replace_tenant(tenant, broken[n % broken.len()].clone()) {
                        Err(BuildError::InvalidCard { .. }) => swaps.tenant_refused += 1,
                        other => note(&mut swaps.wrong, format!("{tenant} broken: {other:?}")),
                    }
                }
                _ => {
                    next.agents[slot + 1] = None;
                    state = record(next);
                    if handle.remove_tenant(tenant) {
                        swaps.tenant_removed += 1;
                    }
                }
            }
        }
    }
    swaps
}

/// Keeps the first 20 problems.
fn note(problems: &mut Vec<String>, problem: String) {
    if problems.len() < 20 {
        problems.push(problem);
    }
}

#[test]
#[ignore = "a soak test of minutes: bash scripts/soak.sh [SECONDS] [CLIENTS]"]
fn soak_swaps_in_process() {
    let (seconds, warm_up, clients) = soak_settings();
    let base = support::example_card();
    let pool: Vec<AgentCard> = (0..POOL).map(|n| card_number(&base, n)).collect();
    let broken = broken_cards(&base);
    let mut bodies = Bodies::default();
    bodies.valid.insert(digest(&base.to_json_vec()));
    bodies
        .valid
        .extend(pool.iter().map(|card| digest(&card.to_json_vec())));
    bodies
        .invalid
        .extend(broken.iter().map(|card| digest(&card.to_json_vec())));
    assert_eq!(bodies.valid.len() as u64, POOL + 1);
    let numbered = pool.iter().enumerate().map(|(n, c)| (n as u8, c));
    for (n, card) in numbered.chain([(POOL as u8, &base)]) {
        let seen = (n, card.description.clone());
        assert!(bodies.versions.insert(card.version.clone(), seen).is_none());
    }
    // The state served from the start: the base card, as the main card and acme's.
    let state = State {
        agents: [Some(POOL as u8), Some(POOL as u8), None, None],
    };
    bodies.published.insert(state.code());

    // Swaps dated by the clock, so `Last-Modified` moves with every `replace` (the default
    // dates a swap only by the date given with it).
    let layer = AgentCardLayer::builder(base.clone())
        .last_modified_build_time()
        .tenant(TENANTS[0], base)
        .catalog(
            a2a_card::serve::CatalogOptions::new()
                .base_url(CATALOG_BASE)
                .identifier_prefix(ID_PREFIX),
        )
        .build()
        .unwrap();
    let handle = layer.handle();
    let server = support::TestServer::start(layer.layer(tower::service_fn(support::echo_inner)));
    assert_eq!(server.get(CATALOG).status, 200);
    let started = Instant::now();
    let stop = started + warm_up + Duration::from_secs(seconds);
    let mut paths = vec![CARD.to_owned()];
    paths.extend(TENANTS.iter().map(|t| format!("/{t}{CARD}")));
    paths.push(CATALOG.to_owned());
    let bodies = Arc::new(RwLock::new(bodies));
    let load = Arc::new(Load::new(
        server.addr.to_string(),
        paths,
        stop,
        bodies.clone(),
    ));
    let running = load.spawn_clients(clients);
    let swapper = {
        let handle = handle.clone();
        let (pool, broken) = (pool.clone(), broken.clone());
        std::thread::spawn(move || swap_until(&handle, &pool, &broken, &bodies, state, stop))
    };
    let rss = Rss::watch(std::process::id(), warm_up, stop);
    let swaps = swapper.join().unwrap();
    running.join();
    let rss_end = rss_kib(std::process::id());
    let elapsed = started.elapsed();

    // Once the swaps stop, the last valid card accepted is the one served.
    let last = &pool[swaps.last_main.expect("no swap accepted")];
    let settled = server.get(CARD);
    let per_second = |n: u64| format!("{n} ({:.0}/s)", n as f64 / elapsed.as_secs_f64());
    let mut rows = load.rows(seconds, warm_up, clients, elapsed);
    rows.extend([
        (
            "swaps attempted",
            per_second(swaps.accepted + swaps.refused),
        ),
        ("  accepted (valid)", per_second(swaps.accepted)),
        ("  refused (errors)", per_second(swaps.refused)),
        (
            "tenant swaps accepted / refused / removed",
            format!(
                "{} / {} / {}",
                swaps.tenant_accepted, swaps.tenant_refused, swaps.tenant_removed
            ),
        ),
    ]);
    rows.extend(rss.rows(rss_end));
    let growth = (rss_end as f64 - rss.start as f64) * 1024.0;
    rows.push((
        "RSS growth per accepted swap (bytes)",
        format!("{:.2}", growth / swaps.accepted.max(1) as f64),
    ));
    print_table(
        "soak: CardHandle::replace in process, with the AI Catalog",
        &rows,
    );
    for problem in &swaps.wrong {
        println!("swap problem: {problem}");
    }
    load.assert_no_failure();
    assert!(swaps.wrong.is_empty(), "{:#?}", swaps.wrong);
    assert!(swaps.refused > 0 && swaps.tenant_removed > 0);
    assert!(
        load.counts.catalogs.load(Relaxed) > 0,
        "no catalog was checked"
    );
    assert_eq!(settled.status, 200);
    assert_eq!(settled.body, last.to_json_vec());
    assert!(settled.etag_matches_body());
    assert!(
        rss_end <= rss.start + SWAP_RSS_GROWTH_LIMIT_KIB,
        "resident memory grew from {} KiB to {rss_end} KiB",
        rss.start
    );
}
