//! Soak test (not in the default run; `bash scripts/soak.sh [SECONDS] [CLIENTS]`): the real
//! `a2a-card serve CARD --watch` under many keep-alive clients for a bounded time while the
//! card file is rewritten every few milliseconds, valid cards alternating with invalid ones.
//!
//! Asserts: no failed request (connection error, 5xx, any status but 200/304); every 200's
//! ETag is the SHA-256 of its body; every body served is one of the valid cards written
//! (never an invalid one); the server's resident memory at the end is within 20 MiB of
//! what it was after warm-up. Prints a summary table.

mod binary_server;
mod support;

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use a2a_card::AgentCard;
use binary_server::Server;
use bytes::Bytes;
use http::{Method, Request, StatusCode};
use http_body_util::{BodyExt, Empty};
use hyper_util::rt::TokioIo;

const CARD: &str = "/.well-known/agent-card.json";
/// How far the server's resident memory may grow between the end of warm-up and the end.
/// The server holds the current card set (a few KiB) plus, per connection, hyper's read and
/// write buffers (tens of KiB at most); 20 MiB is far above all of that for 32-256
/// connections and allocator slack, and far below what a leak of even 100 bytes per request
/// would add over a run (hundreds of thousands of requests).
const RSS_GROWTH_LIMIT_KIB: u64 = 20 * 1024;

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

/// What the writer has put in the file: the bytes the server may serve (compact v1.0 JSON
/// of each valid card) and those it must never serve (cards with errors).
#[derive(Default)]
struct Written {
    valid: HashSet<Bytes>,
    invalid: HashSet<Bytes>,
    valid_writes: u64,
    invalid_writes: u64,
}

#[derive(Default)]
struct Counts {
    requests: AtomicU64,
    ok: AtomicU64,
    not_modified: AtomicU64,
    head: AtomicU64,
    failures: AtomicU64,
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

/// Rewrites the card file every few milliseconds until `stop`: valid cards with distinct
/// contents (by rename or by truncating in place) between bad JSON, a truncated file and a
/// card with validation errors.
fn rewrite_until(
    path: &Path,
    base: &AgentCard,
    written: &Mutex<Written>,
    stop: Instant,
) -> AgentCard {
    let mut n = 1;
    let mut last_valid = base.clone();
    while Instant::now() < stop {
        let card = card_number(base, n);
        let pretty = card.to_json_pretty();
        let kind = n % 5;
        if kind == 0 || kind == 2 {
            // Registered before it is written: a client may see it at once.
            let mut w = written.lock().unwrap();
            w.valid.insert(Bytes::from(card.to_json_vec()));
            w.valid_writes += 1;
        } else {
            written.lock().unwrap().invalid_writes += 1;
        }
        match kind {
            0 => write_atomically(path, pretty.as_bytes()),
            1 => write_atomically(path, b"{ \"name\": \"not json"),
            2 => std::fs::write(path, pretty.as_bytes()).unwrap(),
            3 => std::fs::write(path, &pretty.as_bytes()[..pretty.len() / 2]).unwrap(),
            _ => {
                let mut broken = card.clone();
                broken.name.clear();
                written
                    .lock()
                    .unwrap()
                    .invalid
                    .insert(Bytes::from(broken.to_json_vec()));
                write_atomically(path, broken.to_json_pretty().as_bytes());
            }
        }
        if kind == 0 || kind == 2 {
            last_valid = card;
        }
        n += 1;
        std::thread::sleep(Duration::from_millis(3));
    }
    last_valid
}

/// One keep-alive client: GETs, conditional GETs with the last ETag seen, and HEADs, until
/// `stop`; every answer is checked. Reconnects (counting a failure) if the connection fails.
async fn client(
    id: u64,
    addr: String,
    stop: Instant,
    written: Arc<Mutex<Written>>,
    counts: Arc<Counts>,
    problems: Arc<Mutex<Vec<String>>>,
) {
    let fail = |message: String| {
        counts.failures.fetch_add(1, Relaxed);
        let mut problems = problems.lock().unwrap();
        if problems.len() < 20 {
            problems.push(message);
        }
    };
    let mut last_etag: Option<String> = None;
    let mut i = id;
    'connect: while Instant::now() < stop {
        let stream = match tokio::net::TcpStream::connect(&addr).await {
            Ok(stream) => stream,
            Err(e) => {
                fail(format!("connect: {e}"));
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let (mut sender, connection) =
            match hyper::client::conn::http1::handshake(TokioIo::new(stream)).await {
                Ok(pair) => pair,
                Err(e) => {
                    fail(format!("handshake: {e}"));
                    continue;
                }
            };
        tokio::spawn(connection);
        while Instant::now() < stop {
            i += 1;
            let (method, conditional) = match i % 5 {
                0 | 1 => (Method::GET, false),
                2 | 3 => (Method::GET, true),
                _ => (Method::HEAD, false),
            };
            let mut request = Request::builder()
                .method(method.clone())
                .uri(CARD)
                .header("host", &addr);
            let sent_tag = last_etag.clone().filter(|_| conditional);
            if let Some(tag) = &sent_tag {
                request = request.header("if-none-match", tag);
            }
            let request = request.body(Empty::<Bytes>::new()).unwrap();
            counts.requests.fetch_add(1, Relaxed);
            let response = match sender.send_request(request).await {
                Ok(response) => response,
                Err(e) => {
                    fail(format!("request: {e}"));
                    continue 'connect;
                }
            };
            let (parts, body) = response.into_parts();
            let body = match body.collect().await {
                Ok(body) => body.to_bytes(),
                Err(e) => {
                    fail(format!("body: {e}"));
                    continue 'connect;
                }
            };
            let etag = parts
                .headers
                .get("etag")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            match (parts.status, &method) {
                (StatusCode::OK, &Method::GET) => {
                    counts.ok.fetch_add(1, Relaxed);
                    if etag.as_deref() != Some(support::etag_of(&body).as_str()) {
                        fail(format!("ETag {etag:?} is not the SHA-256 of the body"));
                    }
                    let w = written.lock().unwrap();
                    if w.invalid.contains(&body) {
                        fail("a card with errors was served".into());
                    } else if !w.valid.contains(&body) {
                        fail(format!(
                            "a body no valid card has: {}",
                            String::from_utf8_lossy(&body)
                        ));
                    }
                    last_etag = etag;
                }
                (StatusCode::OK, _) => {
                    counts.ok.fetch_add(1, Relaxed);
                    counts.head.fetch_add(1, Relaxed);
                    if etag.is_none() || !body.is_empty() {
                        fail(format!("HEAD: ETag {etag:?}, {} body bytes", body.len()));
                    }
                }
                (StatusCode::NOT_MODIFIED, _) => {
                    counts.not_modified.fetch_add(1, Relaxed);
                    if sent_tag.is_none() || etag != sent_tag || !body.is_empty() {
                        fail(format!(
                            "304 with ETag {etag:?} for If-None-Match {sent_tag:?}"
                        ));
                    }
                }
                (status, _) => fail(format!("{method} answered {status}")),
            }
        }
    }
}

#[test]
#[ignore = "a soak test of minutes: bash scripts/soak.sh [SECONDS] [CLIENTS]"]
fn soak_watch_serve_under_load() {
    let seconds = env_number("SOAK_SECONDS", 20);
    let clients = env_number("SOAK_CLIENTS", 32);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("soak");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("card.json");
    let base = support::example_card();
    let written = Arc::new(Mutex::new(Written::default()));
    written
        .lock()
        .unwrap()
        .valid
        .insert(Bytes::from(base.to_json_vec()));
    std::fs::write(&path, base.to_json_pretty()).unwrap();

    // Killed by its pid when `server` is dropped, on success or failure alike.
    let server = Server::start_logged(&[
        "serve",
        path.to_str().unwrap(),
        "--watch",
        "--addr",
        "127.0.0.1:0",
    ]);
    let pid = server.pid();
    let counts = Arc::new(Counts::default());
    let problems = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let warm_up = Duration::from_secs((seconds / 10).clamp(2, 10));
    let stop = started + warm_up + Duration::from_secs(seconds);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let tasks: Vec<_> = (0..clients)
        .map(|id| {
            runtime.spawn(client(
                id,
                server.addr.clone(),
                stop,
                written.clone(),
                counts.clone(),
                problems.clone(),
            ))
        })
        .collect();
    let writer = {
        let (path, base, written) = (path.clone(), base.clone(), written.clone());
        std::thread::spawn(move || rewrite_until(&path, &base, &written, stop))
    };
    std::thread::sleep(warm_up);
    let rss_start = rss_kib(pid);
    let mut rss_max = rss_start;
    while Instant::now() < stop {
        std::thread::sleep(Duration::from_millis(500));
        rss_max = rss_max.max(rss_kib(pid));
    }
    let last_valid = writer.join().unwrap();
    runtime.block_on(async {
        for task in tasks {
            task.await.unwrap();
        }
    });
    let rss_end = rss_kib(pid);
    let elapsed = started.elapsed();

    // The last card written last is valid: once the watcher has seen it, it is served.
    write_atomically(&path, last_valid.to_json_pretty().as_bytes());
    let wanted = last_valid.to_json_vec();
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
    let w = written.lock().unwrap();
    let rows: Vec<(&str, String)> = vec![
        (
            "duration (s, after warm-up)",
            format!("{seconds} (+{} warm-up)", warm_up.as_secs()),
        ),
        ("clients (keep-alive)", clients.to_string()),
        ("requests", counts.requests.load(Relaxed).to_string()),
        (
            "requests/s",
            format!(
                "{:.0}",
                counts.requests.load(Relaxed) as f64 / elapsed.as_secs_f64()
            ),
        ),
        ("200 (GET and HEAD)", counts.ok.load(Relaxed).to_string()),
        ("  of which HEAD", counts.head.load(Relaxed).to_string()),
        ("304", counts.not_modified.load(Relaxed).to_string()),
        ("failed", counts.failures.load(Relaxed).to_string()),
        ("valid cards written", w.valid_writes.to_string()),
        ("invalid cards written", w.invalid_writes.to_string()),
        ("swaps seen (reloaded)", seen.to_string()),
        ("refused reloads", refused.to_string()),
        ("RSS after warm-up (KiB)", rss_start.to_string()),
        ("RSS at end (KiB)", rss_end.to_string()),
        ("RSS max sampled (KiB)", rss_max.to_string()),
    ];
    println!("\n| soak: a2a-card serve --watch | |\n|---|---|");
    for (name, value) in &rows {
        println!("| {name} | {value} |");
    }
    let problems = problems.lock().unwrap();
    for problem in problems.iter() {
        println!("problem: {problem}");
    }
    assert_eq!(counts.failures.load(Relaxed), 0, "{problems:#?}");
    assert!(counts.requests.load(Relaxed) > 0);
    assert!(
        seen > 0 && refused > 0,
        "the watcher saw no swap or refused none"
    );
    assert!(settled, "the last valid card written was not served");
    assert!(
        rss_end <= rss_start + RSS_GROWTH_LIMIT_KIB,
        "resident memory grew from {rss_start} KiB to {rss_end} KiB"
    );
}
