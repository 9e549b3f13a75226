//! The Python a2a-sdk's own server (1.3.0, Starlette under uvicorn, as the SDK documents
//! it; tests/interop/sdk_server_peer.py) around a card and an extended card, for the tests
//! that talk to it. It hands its extended card to anyone who asks.
#![allow(dead_code)] // each test file uses a part of this

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use a2a_card_test_support as support;
use a2a_card_test_support::peers;

const PACKAGES: &[&str] = &["a2a-sdk[http-server]==1.3.0", "uvicorn==0.54.0"];

/// The SDK server; killed by its process id when dropped.
pub struct SdkServer {
    child: Child,
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT`
    pub url: String,
}

impl SdkServer {
    /// Starts the server on the fixtures `card` and `extended` (names under `tests/fixtures/`;
    /// their `{origin}` replaced by its own) and waits until it accepts connections.
    pub fn start(card: &str, extended: &str) -> SdkServer {
        let (card, extended) = (support::fixture(card), support::fixture(extended));
        Self::start_files(Path::new(&card), Path::new(&extended), false)
    }

    /// Starts the server on the card files at `card` and `extended` (`{origin}` replaced as
    /// in [`start`](Self::start)); with `v03_compat`, its routes answer v0.3 too (the SDK's
    /// `enable_v0_3_compat`).
    pub fn start_files(card: &Path, extended: &Path, v03_compat: bool) -> SdkServer {
        let python = peers::python("a2a-sdk-1.3.0-server", PACKAGES);
        let mut child = Command::new(python)
            .arg(support::interop("sdk_server_peer.py"))
            .args([card, extended])
            .args(v03_compat.then_some("--v03-compat"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python starts");
        let addr = support::listening_addr(&mut child);
        // The socket is bound before uvicorn listens on it: wait until it accepts (a bound
        // only against a server that never starts).
        let guard = Instant::now() + Duration::from_secs(60);
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < guard, "the SDK server never listened");
            std::thread::sleep(Duration::from_millis(50));
        }
        SdkServer {
            child,
            addr,
            url: format!("http://{addr}"),
        }
    }
}

impl Drop for SdkServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
