//! Where the shared test data lives, and where tests may write. The data stays in the
//! repository's `tests/fixtures/` and `tests/interop/` (the library's tests read them there
//! too); the server's and the CLI's tests find them through these functions, from this
//! crate's own place in the checkout, whatever their working directory.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository's root (the workspace's directory, the library's package).
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("test-support/ is a directory of the repository")
}

/// `tests/fixtures/`: the cards, catalogs and other inputs the tests read.
pub fn fixtures_dir() -> PathBuf {
    repo_root().join("tests/fixtures")
}

/// `tests/fixtures/<name>`, as text: most uses are command-line arguments and `format!`s
/// (the checkout's path is UTF-8 in every test setup).
pub fn fixture(name: &str) -> String {
    text(fixtures_dir().join(name))
}

/// `tests/interop/`: the Python peers' scripts and the npm peers' project (`js/`).
pub fn interop_dir() -> PathBuf {
    repo_root().join("tests/interop")
}

/// `tests/interop/<name>`, as text (a peer's script, or `js` for the npm project).
pub fn interop(name: &str) -> String {
    text(interop_dir().join(name))
}

fn text(path: PathBuf) -> String {
    path.into_os_string()
        .into_string()
        .expect("the checkout's path is UTF-8")
}

/// The directory cargo gives integration tests for their files, `CARGO_TARGET_TMPDIR`
/// (`target/tmp`, or `target/<triple>/tmp`). Cargo sets that variable only while it compiles
/// a test, not this crate, so it is found from the running test binary: the nearest
/// directory above it that holds cargo's `CACHEDIR.TAG` (the target directory, or its
/// per-triple directory under `--target`) is where cargo puts `tmp/`. Created if missing.
pub fn target_tmpdir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test binary's path");
        let target = exe
            .ancestors()
            .find(|dir| dir.join("CACHEDIR.TAG").is_file())
            .unwrap_or_else(|| {
                panic!(
                    "no cargo target directory (with CACHEDIR.TAG) above {}",
                    exe.display()
                )
            });
        let tmp = target.join("tmp");
        std::fs::create_dir_all(&tmp)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", tmp.display()));
        tmp
    })
}
