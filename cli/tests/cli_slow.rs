//! `a2a-card serve` against slow and numerous clients (issue 15, item 1): request bodies
//! that never arrive or trickle get 408 from the extended-card layer's body deadline while
//! the public card keeps answering; idle keep-alive connections and stalled headers are
//! closed; beyond `--max-connections` new connections wait their turn. Every assertion is on
//! an outcome (a status, a closed connection, a line on stderr), never on elapsed time; the
//! socket read timeouts only stop a broken server from hanging the test.
//!
//! The memory each held connection costs is measured from the server's VmRSS
//! (/proc/PID/status) before and after the slow connections are open, and printed (run
//! with `--nocapture`; `A2A_SLOW_CONNECTIONS=200` holds more).

mod binary_server;
use a2a_card_test_support::{fixture, scratch};

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use binary_server::Server;
use scratch::Scratch;

// Fixtures (names under tests/fixtures/): the cards, with an `{origin}` placeholder.
const CARD: &str = "interop/check/card.json";
const EXTENDED: &str = "interop/check/extended.json";
const CARD_PATH: &str = "/.well-known/agent-card.json";

/// Only against a hang of the test: no outcome depends on it.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// The card, extended card and auth file (API key `k1`) in a fresh directory, removed when
/// the guard is dropped.
fn files(name: &str) -> (Scratch, [PathBuf; 3]) {
    let dir = Scratch::dir(&format!("cli-slow-{name}"));
    let write = |file: &str, from: &str| {
        let text = std::fs::read_to_string(fixture(from)).unwrap();
        let path = dir.join(file);
        std::fs::write(&path, text.replace("{origin}", "http://127.0.0.1:1")).unwrap();
        path
    };
    let auth = dir.join("auth.toml");
    std::fs::write(&auth, "[apiKey]\nkeys = [\"k1\"]\n").unwrap();
    let files = [
        write("card.json", CARD),
        write("extended.json", EXTENDED),
        auth,
    ];
    (dir, files)
}

fn start(name: &str, flags: &[&str]) -> Server {
    // The directory goes once the server has read the files (or failed to start).
    let (_dir, [card, extended, auth]) = files(name);
    let mut args = vec!["serve", "--addr", "127.0.0.1:0"];
    let paths = [&card, &extended, &auth].map(|p| p.to_str().unwrap().to_owned());
    args.extend([
        paths[0].as_str(),
        "--extended-card",
        &paths[1],
        "--auth",
        &paths[2],
    ]);
    args.extend(flags);
    Server::start_logged(&args)
}

/// A connection that sent a JSON-RPC request's headers and then too little of its body.
struct Slow {
    stream: TcpStream,
    trickle: Option<std::thread::JoinHandle<()>>,
}

impl Slow {
    /// Headers announcing 100 bytes, and none of them.
    fn silent(addr: &str) -> Slow {
        Slow::open(addr, 100, false)
    }

    /// Headers announcing 10 MB, then one byte every 100 ms until the server answers or
    /// closes.
    fn trickling(addr: &str) -> Slow {
        Slow::open(addr, 10_000_000, true)
    }

    fn open(addr: &str, length: u32, trickle: bool) -> Slow {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(HANG_GUARD)).unwrap();
        let head = format!(
            "POST /rpc HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).unwrap();
        let trickle = trickle.then(|| {
            let mut writer = stream.try_clone().unwrap();
            std::thread::spawn(move || {
                while writer.write_all(b" ").is_ok() {
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        });
        Slow { stream, trickle }
    }

    /// The status the server answered with (`None`: closed without an answer).
    fn outcome(mut self) -> Option<u16> {
        let mut raw = Vec::new();
        // A reset after the answer still leaves the answer read.
        let _ = self.stream.read_to_end(&mut raw);
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
        if let Some(trickle) = self.trickle.take() {
            trickle.join().unwrap();
        }
        status_of(&raw)
    }
}

fn status_of(raw: &[u8]) -> Option<u16> {
    let line = raw.split(|&b| b == b'\n').next()?;
    std::str::from_utf8(line)
        .ok()?
        .split(' ')
        .nth(1)?
        .parse()
        .ok()
}

/// `Name: value` of the server's /proc/PID/status, in kB.
fn proc_status_kb(pid: u32, name: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
}

fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count()
}

/// Waits until the server holds `count` more open files than `base` (it accepted that many
/// connections), or the hang guard passes; the number held.
fn wait_for_open(pid: u32, base: usize, count: usize) -> usize {
    let guard = Instant::now() + HANG_GUARD;
    loop {
        let held = open_files(pid).saturating_sub(base);
        if held >= count || Instant::now() > guard {
            return held;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn slow_bodies_get_408_while_the_public_card_keeps_answering() {
    let count: usize = std::env::var("A2A_SLOW_CONNECTIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    let server = start("bodies", &["--body-timeout", "5"]);
    let pid = server.pid();
    // Counted before any connection (one just answered may linger a moment).
    let files_before = open_files(pid);
    assert_eq!(server.get(CARD_PATH).status, 200);
    let rss_before = proc_status_kb(pid, "VmRSS");

    let slow: Vec<Slow> = (0..count)
        .map(|i| {
            if i % 5 == 4 {
                Slow::trickling(&server.addr)
            } else {
                Slow::silent(&server.addr)
            }
        })
        .collect();
    let held = wait_for_open(pid, files_before, count).min(count);
    let rss_held = proc_status_kb(pid, "VmRSS");
    // While they are held, everyone else is served.
    for _ in 0..5 {
        let card = server.get(CARD_PATH);
        assert_eq!(card.status, 200);
        assert_eq!(card.json()["name"], "Fleet Router");
    }
    let call = br#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard"}"#;
    let answered = server.request("POST", "/rpc", &[("X-API-Key", "k1")], call);
    assert_eq!(answered.status, 200);
    let per_connection = rss_held.saturating_sub(rss_before) as f64 / held.max(1) as f64;
    println!(
        "held {held} slow connections: VmRSS {rss_before} kB -> {rss_held} kB, {per_connection:.1} kB per connection"
    );
    assert!(held > 0, "no slow connection was ever accepted");
    // Generous: the kernel's socket buffers are not in VmRSS; a connection's task, hyper's
    // buffers and the layer's read are a few tens of kB.
    assert!(
        per_connection < 512.0,
        "{per_connection} kB per held connection"
    );

    for (i, connection) in slow.into_iter().enumerate() {
        let outcome = connection.outcome();
        if i % 5 == 4 {
            // A trickle gets the answer, or (its bytes still arriving) a reset after it.
            assert!(
                matches!(outcome, Some(408) | None),
                "trickle {i}: {outcome:?}"
            );
        } else {
            assert_eq!(outcome, Some(408), "connection {i}");
        }
    }
    // All of them are gone: the server is back to what it held before.
    let guard = Instant::now() + HANG_GUARD;
    while open_files(pid) > files_before && Instant::now() < guard {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(open_files(pid) <= files_before, "connections left open");
}

#[test]
fn idle_keep_alive_connections_and_stalled_headers_are_closed() {
    let server = start("idle", &["--header-timeout", "1"]);
    // A keep-alive connection that got its answer and then says nothing.
    let mut idle = TcpStream::connect(&server.addr).unwrap();
    idle.set_read_timeout(Some(HANG_GUARD)).unwrap();
    let request = format!("GET {CARD_PATH} HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    idle.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let read = idle.read_to_end(&mut raw);
    assert!(read.is_ok(), "not closed by the server: {read:?}");
    assert_eq!(status_of(&raw), Some(200));
    // Headers that stop halfway.
    let mut stalled = TcpStream::connect(&server.addr).unwrap();
    stalled.set_read_timeout(Some(HANG_GUARD)).unwrap();
    stalled
        .write_all(b"GET / HTTP/1.1\r\nHost: a\r\nX-Slow")
        .unwrap();
    let mut raw = Vec::new();
    let read = stalled.read_to_end(&mut raw);
    assert!(read.is_ok(), "not closed by the server: {read:?}");
    assert!(matches!(status_of(&raw), Some(408) | None), "{raw:?}");
    assert_eq!(server.get(CARD_PATH).status, 200);
}

#[test]
fn beyond_max_connections_new_connections_wait_their_turn() {
    let server = start("cap", &["--max-connections", "3", "--body-timeout", "3600"]);
    let pid = server.pid();
    let files_before = open_files(pid);
    let mut slow: Vec<Slow> = (0..3).map(|_| Slow::silent(&server.addr)).collect();
    assert_eq!(wait_for_open(pid, files_before, 3), 3);
    // The loop says so once it stops accepting.
    let guard = Instant::now() + HANG_GUARD;
    let mut said = false;
    while !said && Instant::now() < guard {
        said = server
            .stderr_lines()
            .iter()
            .any(|l| l.contains("3 connections open (--max-connections)"));
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(said, "no word of the cap on stderr");
    // A fourth client is not refused: it waits, unaccepted...
    let waiting = std::thread::spawn({
        let addr = server.addr.clone();
        move || binary_server::http(&addr, "GET", CARD_PATH, &[], b"").status
    });
    assert!(
        open_files(pid) <= files_before + 3,
        "a fourth connection was accepted"
    );
    // ... and is served once a slot frees.
    drop(slow.pop());
    assert_eq!(waiting.join().unwrap(), 200);
}
