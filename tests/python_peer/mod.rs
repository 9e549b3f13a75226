//! The Python interpreter the interop tests run their peers with: `A2A_SDK_PYTHON` when set
//! (`.ci/run` creates that environment), otherwise a virtual environment under the target
//! directory, created and filled on first use, so `cargo test` works on a fresh machine.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The interpreter of virtual environment `name` with `packages` installed (once per test
/// binary).
pub fn python(name: &str, packages: &[&str]) -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        if let Some(python) = std::env::var_os("A2A_SDK_PYTHON") {
            return PathBuf::from(python);
        }
        let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
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
