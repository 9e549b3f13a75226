//! Helpers for tests that run the real binary as a server: start it on 127.0.0.1:0, learn
//! its address from `listening on http://...` (or https), stop it when the test ends, and talk HTTP/1.1
//! to it over a plain socket.
#![allow(dead_code)] // each test file uses a part of this

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `a2a-card` server; killed (by its process id) when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    /// What the listening line said: `http` or `https`.
    scheme: &'static str,
    /// Its stderr, line by line, when started with [`Server::start_logged`].
    stderr: Option<std::sync::mpsc::Receiver<String>>,
}

impl Server {
    /// Runs `a2a-card ARGS` and waits for its `listening on http://...` (or `https://`) line.
    pub fn start(args: &[&str]) -> Server {
        Self::spawn(args, false)
    }

    /// Like [`Server::start`], keeping its stderr lines for [`Server::stderr_lines`].
    pub fn start_logged(args: &[&str]) -> Server {
        Self::spawn(args, true)
    }

    fn spawn(args: &[&str], logged: bool) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(if logged {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("the a2a-card binary starts");
        let stderr = child.stderr.take().map(|stderr| {
            let (lines, received) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    if lines.send(line).is_err() {
                        break;
                    }
                }
            });
            received
        });
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        let mut reader = BufReader::new(stdout);
        let found = loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => break None,
                Ok(_) => {
                    let line = line.trim();
                    let listening = ["http", "https"].into_iter().find_map(|scheme| {
                        let prefix = format!("listening on {scheme}://");
                        Some((scheme, line.strip_prefix(&prefix)?.to_owned()))
                    });
                    if listening.is_some() {
                        break listening;
                    }
                }
            }
        };
        let mut server = Server {
            child,
            addr: String::new(),
            scheme: "http",
            stderr,
        };
        let (scheme, addr) = found.unwrap_or_else(|| panic!("`a2a-card {args:?}` did not start"));
        server.addr = addr;
        server.scheme = scheme;
        server
    }

    /// Sends SIGTERM (by process id) and waits: the exit code.
    pub fn terminate(&mut self) -> Option<i32> {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
        self.child.wait().unwrap().code()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The stderr lines received since the last call (empty unless started with
    /// [`Server::start_logged`]).
    pub fn stderr_lines(&self) -> Vec<String> {
        self.stderr
            .as_ref()
            .map(|lines| lines.try_iter().collect())
            .unwrap_or_default()
    }

    /// The stderr lines up to the first one containing `needle`, that one last, waited for
    /// (at most 20 s; started with [`Server::start_logged`]). The lines printed before it are
    /// all there, in order: what a test asserts was not said before a later line.
    pub fn stderr_until(&self, needle: &str) -> Vec<String> {
        let stderr = self.stderr.as_ref().expect("started with start_logged");
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        let mut lines = Vec::new();
        while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
            let Ok(line) = stderr.recv_timeout(left) else {
                break;
            };
            let found = line.contains(needle);
            lines.push(line);
            if found {
                return lines;
            }
        }
        panic!("no stderr line containing {needle:?} in {lines:#?}");
    }

    pub fn url(&self) -> String {
        format!("{}://{}", self.scheme, self.addr)
    }

    /// `METHOD PATH` with a JSON body (Content-Type: application/json).
    pub fn post_json(&self, path: &str, body: &[u8]) -> Response {
        self.request("POST", path, &[("content-type", "application/json")], body)
    }

    pub fn get(&self, path: &str) -> Response {
        self.request("GET", path, &[], b"")
    }

    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Response {
        http(&self.addr, method, path, headers, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response as read off the socket.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    /// Header names lower-cased.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One HTTP/1.1 exchange with `Connection: close`: the response is everything until EOF.
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("host: {addr}\r\n"));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write head");
    stream.write_all(body).expect("write body");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read response");
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> Response {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete response head");
    let head = String::from_utf8_lossy(&raw[..split]);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16)
            .expect("chunk size");
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// `a2a-card studio` on a free port.
pub fn studio() -> Server {
    Server::start(&["studio", "--addr", "127.0.0.1:0"])
}

/// Checks a 4xx JSON error of the studio's API (status, media type, `error.code`); returns its
/// message.
pub fn expect_error(response: &Response, status: u16, code: &str) -> String {
    assert_eq!(response.status, status, "{}", response.text());
    assert_eq!(response.header("content-type"), Some("application/json"));
    let body = response.json();
    assert_eq!(body["error"]["code"], code, "{body:#}");
    body["error"]["message"].as_str().unwrap().to_owned()
}
