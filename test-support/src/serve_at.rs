//! [`ServeAt`]: `a2a-card serve` started at an address chosen before it runs, for cards that
//! must name the address they are served from (an SDK client follows the card's interface
//! URLs back to the server).

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};

use crate::Scratch;

/// A server child listening on `addr`; killed (by its own pid) when dropped, then its files
/// removed.
pub struct ServeAt {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    /// Kept open: the server's stdout must not turn into a broken pipe.
    _stdout: BufReader<ChildStdout>,
    /// The files `prepare` wrote.
    _dir: Scratch,
}

impl ServeAt {
    /// Picks a free port, lets `prepare(addr, dir)` write what the server reads into `dir` and
    /// give the arguments after `serve` (and what the test keeps of them), starts `bin serve
    /// ARGS --addr ADDR` and waits for `listening on http://ADDR`. Tries twice: the port was
    /// free a moment before, another process may take it in between.
    pub fn start<T>(
        bin: &str,
        what: &str,
        prepare: impl Fn(&str, &Path) -> (Vec<OsString>, T),
    ) -> (ServeAt, T) {
        ServeAt::try_start(bin, what, &prepare).unwrap_or_else(|first| {
            ServeAt::try_start(bin, what, &prepare).unwrap_or_else(|second| {
                panic!("serve {what}:\nfirst try: {first}\nsecond try: {second}")
            })
        })
    }

    fn try_start<T>(
        bin: &str,
        what: &str,
        prepare: &impl Fn(&str, &Path) -> (Vec<OsString>, T),
    ) -> Result<(ServeAt, T), String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr = format!("127.0.0.1:{port}");
        let dir = Scratch::dir(&format!("{what}-{port}"));
        let (args, kept) = prepare(&addr, &dir);
        let mut child = Command::new(bin)
            .arg("serve")
            .args(args)
            .args(["--addr", &addr])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the a2a-card binary starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        let _ = stdout.read_line(&mut line);
        let mut server = ServeAt {
            child,
            addr,
            _stdout: stdout,
            _dir: dir,
        };
        if line.trim_end() == format!("listening on {}", server.origin()) {
            return Ok((server, kept));
        }
        let _ = server.child.kill();
        let _ = server.child.wait();
        let mut stderr = String::new();
        if let Some(mut pipe) = server.child.stderr.take() {
            let _ = pipe.read_to_string(&mut stderr);
        }
        Err(format!("first stdout line {line:?}, stderr:\n{stderr}"))
    }

    /// `http://127.0.0.1:PORT`
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for ServeAt {
    fn drop(&mut self) {
        // Child::kill signals this child's own pid, never anything found by name.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
