//! The peers the interop tests run, on the official A2A SDKs in Python and in Node. The
//! Python interpreter: `A2A_SDK_PYTHON` when set (`.ci/run` creates that environment),
//! otherwise a virtual environment under the target directory, created and filled on first
//! use, so `cargo test` works on a fresh machine.
//! Node with the npm SDK: `tests/interop/js/node_modules` (`npm ci`, by `.ci/run` or on
//! first use). And running a peer whose stdout is one JSON document.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

/// The interpreter of virtual environment `name` with `packages` installed (once per test
/// binary).
pub fn python(name: &str, packages: &[&str]) -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        if let Some(python) = std::env::var_os("A2A_SDK_PYTHON") {
            return PathBuf::from(python);
        }
        let venv = crate::target_tmpdir().join(name);
        let python = venv.join("bin/python");
        if !python.exists() {
            let made = Command::new("python3")
                .args(["-m", "venv"])
                .arg(&venv)
                .status();
            assert!(made.is_ok_and(|s| s.success()), "python3 -m venv failed");
        }
        let installed = Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(packages)
            .status();
        assert!(
            installed.is_ok_and(|s| s.success()),
            "pip install {packages:?} failed"
        );
        python
    })
}

/// `node`, once `js_dir` (the npm peers' project, `tests/interop/js`) holds its locked
/// `@a2a-js/sdk` (installed with `npm ci` on first use).
pub fn node(js_dir: &str) -> &'static str {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let installed = Path::new(js_dir).join("node_modules/@a2a-js/sdk/package.json");
        if !installed.exists() {
            let status = Command::new("npm")
                .args(["ci", "--prefix", js_dir, "--no-audit", "--no-fund"])
                .status();
            assert!(
                status.is_ok_and(|s| s.success()),
                "npm ci --prefix {js_dir} failed"
            );
        }
    });
    "node"
}

/// Runs a peer; its stdout as JSON, failing the test with its stderr on a non-zero exit.
pub fn run_peer(mut command: Command, what: &str) -> Value {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{what} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{what}: {e}\n{stdout}"))
}

/// The report of `tests/interop/grpc_peer.py` (the Python a2a-sdk's gRPC stub): its calls
/// without a key and with a wrong one refused with UNAUTHENTICATED, the ErrorInfo the SDK read
/// from the details (reason UNAUTHENTICATED, domain a2a-protocol.org) and `message`; the call
/// with the key answered with the expected card, whose skills are `skills`.
pub fn assert_grpc_peer_report(report: &Value, message: &str, skills: &[&str]) {
    for call in ["none", "wrong"] {
        let error = &report[call]["error"];
        assert_eq!(error["code"], "UNAUTHENTICATED", "{call}: {report}");
        let info = error["details"]
            .as_array()
            .unwrap_or_else(|| panic!("{call}: no details: {report}"))
            .iter()
            .find(|d| d["type"] == "google.rpc.ErrorInfo")
            .unwrap_or_else(|| panic!("{call}: no ErrorInfo the SDK could read: {report}"));
        assert_eq!(info["domain"], "a2a-protocol.org", "{call}");
        assert_eq!(info["reason"], "UNAUTHENTICATED", "{call}");
        assert_eq!(error["message"], message, "{call}");
        assert!(report[call]["card"].is_null(), "{call}: {report}");
    }
    let answered = &report["key"];
    assert_eq!(answered["same"], true, "{report}");
    let ids: Vec<_> = answered["card"]["skills"]
        .as_array()
        .unwrap_or_else(|| panic!("no card: {report}"))
        .iter()
        .map(|s| s["id"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(ids, skills, "{report}");
}
