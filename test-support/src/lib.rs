//! Test helpers shared by the tests of the workspace's three packages (the library's
//! `tests/`, `server/tests/`, `cli/tests/`), each of which has this crate as a
//! dev-dependency and names it at the top of a test file:
//!
//! ```text
//! use a2a_card_test_support as support;          // support::TestServer, support::fixture(..)
//! use a2a_card_test_support::{peers, pki, scratch};
//! ```
//!
//! The crate root: a real HTTP/1.1 server on 127.0.0.1:0 around any tower service, and a
//! plain blocking client that sends raw bytes (so tests can send what a strict client
//! library would refuse: several lines of one header, non-ASCII values, odd whitespace).
//! [`scratch`]: directories and files under the target directory removed when the test ends.
//! [`pki`]: test certificates. [`peers`]: the Python and Node interpreters with the official
//! A2A SDKs, for the interop tests. [`whoami`] (feature `whoami`): a server behind the card
//! security layer. [`fixture`], [`fixtures_dir`], [`interop`] and [`interop_dir`]: where the
//! shared test data lives (`tests/fixtures/`, `tests/interop/` of the repository).
#![deny(unsafe_code)]
#![warn(missing_docs)]

use std::convert::Infallible;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use sha2::{Digest, Sha256};

mod paths;
pub mod peers;
pub mod pki;
pub mod scratch;
mod serve_at;
#[cfg(feature = "whoami")]
pub mod whoami;

pub use paths::{fixture, fixtures_dir, interop, interop_dir, repo_root, target_tmpdir};
pub use scratch::Scratch;
pub use serve_at::ServeAt;

/// Runs `future` on a fresh two-thread runtime and fails the test if it has not finished
/// within `guard`: a broken server must not hang the run. A guard against hangs, never a
/// timing assertion (give it tens of seconds).
pub fn block_on_guarded<F: std::future::Future>(guard: Duration, future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            tokio::time::timeout(guard, future)
                .await
                .expect("the test finished within the hang guard")
        })
}

/// A server running on its own thread; stopped when dropped.
pub struct TestServer {
    /// Where it listens: `127.0.0.1:PORT`.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Serves `service` on 127.0.0.1:0 (HTTP/1.1) from a thread with its own runtime.
    pub fn start<S, B>(service: S) -> Self
    where
        S: tower::Service<Request<Incoming>, Response = Response<B>, Error = Infallible>
            + Clone
            + Send
            + 'static,
        S::Future: Send + 'static,
        B: http_body::Body<Data = Bytes> + Send + 'static,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready, addr) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                ready.send(listener.local_addr().unwrap()).unwrap();
                loop {
                    tokio::select! {
                        accepted = listener.accept() => {
                            let Ok((stream, _)) = accepted else { continue };
                            let service = TowerToHyperService::new(service.clone());
                            tokio::spawn(async move {
                                let _ = hyper::server::conn::http1::Builder::new()
                                    .serve_connection(TokioIo::new(stream), service)
                                    .await;
                            });
                        }
                        _ = &mut stopped => break,
                    }
                }
            });
        });
        let addr = addr.recv().unwrap();
        TestServer {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Sends a request with these header lines (in order, repeats allowed) and no body.
    pub fn request(&self, method: &str, target: &str, headers: &[(&str, &[u8])]) -> RawResponse {
        request(self.addr, method, target, headers, b"")
    }

    /// A `GET` of `target` with no header lines.
    pub fn get(&self, target: &str) -> RawResponse {
        self.request("GET", target, &[])
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One HTTP/1.1 exchange on a fresh connection (`Connection: close`).
pub fn request(
    addr: SocketAddr,
    method: &str,
    target: &str,
    headers: &[(&str, &[u8])],
    body: &[u8],
) -> RawResponse {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head =
        format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n").into_bytes();
    for (name, value) in headers {
        head.extend_from_slice(name.as_bytes());
        head.extend_from_slice(b": ");
        head.extend_from_slice(value);
        head.extend_from_slice(b"\r\n");
    }
    if !body.is_empty() {
        head.extend_from_slice(format!("Content-Length: {}\r\n", body.len()).as_bytes());
    }
    head.extend_from_slice(b"\r\n");
    head.extend_from_slice(body);
    stream.write_all(&head).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    RawResponse::parse(&raw, method == "HEAD")
}

/// A parsed response: status, header lines (names lower-cased) and body.
#[derive(Debug, Clone)]
pub struct RawResponse {
    /// The status code.
    pub status: u16,
    /// Every header line, in order: the name lower-cased, the value trimmed.
    pub headers: Vec<(String, String)>,
    /// The body, de-chunked.
    pub body: Vec<u8>,
}

impl RawResponse {
    /// Parses a whole HTTP/1.1 response (`head`: the answer to a HEAD, so it has no body).
    pub fn parse(raw: &[u8], head: bool) -> Self {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no end of headers in {:?}", String::from_utf8_lossy(raw)));
        let text = String::from_utf8_lossy(&raw[..end]);
        let mut lines = text.split("\r\n");
        let status_line = lines.next().unwrap();
        let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
        let headers: Vec<(String, String)> = lines
            .map(|line| {
                let (name, value) = line.split_once(':').unwrap();
                (name.to_ascii_lowercase(), value.trim().to_owned())
            })
            .collect();
        let mut body = raw[end + 4..].to_vec();
        if head {
            assert!(body.is_empty(), "a HEAD response carried a body");
        }
        if let Some(length) = headers.iter().find(|(n, _)| n == "content-length") {
            if !head {
                let length: usize = length.1.parse().unwrap();
                assert_eq!(body.len(), length, "Content-Length and body disagree");
            }
        } else if headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v == "chunked")
        {
            body = dechunk(&body);
        }
        RawResponse {
            status,
            headers,
            body,
        }
    }

    /// The one value of a header; panics when it appears more than once.
    pub fn header(&self, name: &str) -> Option<&str> {
        let mut values = self.headers.iter().filter(|(n, _)| n == name);
        let first = values.next().map(|(_, v)| v.as_str());
        assert!(values.next().is_none(), "{name} appears more than once");
        first
    }

    /// Whether a header of this (lower-case) name is present.
    pub fn has(&self, name: &str) -> bool {
        self.headers.iter().any(|(n, _)| n == name)
    }

    /// The body as JSON; panics when it is not.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    /// Whether the ETag is the SHA-256 of this body (the layer's definition).
    pub fn etag_matches_body(&self) -> bool {
        self.header("etag") == Some(etag_of(&self.body).as_str())
    }
}

/// The layer's ETag of `bytes`: the quoted hex SHA-256.
pub fn etag_of(bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("\"{hex}\"")
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&body[..line_end]).unwrap(), 16).unwrap();
        body = &body[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[..size]);
        body = &body[size + 2..];
    }
}

/// The example card of the repository (`examples/agent-card.json`), read when called: the
/// crate builds from its own directory alone, as `cargo package` checks.
pub fn example_card() -> a2a_card::AgentCard {
    let path = repo_root().join("examples/agent-card.json");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    a2a_card::AgentCard::from_json_slice(&bytes).unwrap()
}

/// An inner service that says who it is and echoes what it received, to prove requests
/// reach it untouched.
pub async fn echo_inner(
    request: Request<Incoming>,
) -> Result<Response<http_body_util::Full<Bytes>>, Infallible> {
    use http_body_util::BodyExt;
    let (parts, body) = request.into_parts();
    let body = body
        .collect()
        .await
        .map(|b| b.to_bytes())
        .unwrap_or_default();
    let echo = serde_json::json!({
        "inner": true,
        "method": parts.method.as_str(),
        "uri": parts.uri.to_string(),
        "x-test": parts.headers.get("x-test").map(|v| v.to_str().unwrap()),
        "body": String::from_utf8_lossy(&body),
    });
    let mut response = Response::new(http_body_util::Full::new(Bytes::from(echo.to_string())));
    *response.status_mut() = http::StatusCode::IM_A_TEAPOT;
    Ok(response)
}

/// The address a server child announces on the first line of its stdout
/// (`listening on http://HOST:PORT`); panics with the line when it is anything else.
pub fn listening_addr(child: &mut std::process::Child) -> SocketAddr {
    use std::io::BufRead;
    let mut line = String::new();
    let stdout = child.stdout.take().expect("the child's stdout is piped");
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .unwrap();
    line.trim()
        .strip_prefix("listening on http://")
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("the server's first line was {line:?}"))
}
