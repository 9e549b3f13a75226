//! Scratch paths under the target directory's `tmp/` (`CARGO_TARGET_TMPDIR`, see
//! [`target_tmpdir`](crate::target_tmpdir)) that are removed when their guard is dropped: at
//! the end of the test that made them, whether it passes or fails (a failed assertion
//! unwinds through the guard). Caches meant to outlive a run (the Python venvs, the npm
//! packages) do not use it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A file or directory under `target/tmp`, removed (recursively) when dropped. Derefs to
/// its [`Path`], so `scratch.join("card.json")` names a file in a scratch directory.
#[derive(Debug)]
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh, empty directory `target/tmp/<prefix>-<pid>-<n>`: unique across the test
    /// threads of a run and across runs at the same time.
    pub fn dir(prefix: &str) -> Scratch {
        let scratch = Scratch(unique(prefix));
        let _ = std::fs::remove_dir_all(&scratch.0);
        std::fs::create_dir_all(&scratch.0)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", scratch.0.display()));
        scratch
    }

    /// A path for one file, `target/tmp/<prefix>-<pid>-<n>` (`prefix` may end in an
    /// extension's name: `jwks.json`); not created.
    pub fn file(prefix: &str) -> Scratch {
        Scratch(unique(prefix))
    }

    /// A file holding `bytes`.
    pub fn file_with(prefix: &str, bytes: impl AsRef<[u8]>) -> Scratch {
        let scratch = Scratch::file(prefix);
        std::fs::write(&scratch.0, bytes)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", scratch.0.display()));
        scratch
    }

    /// The path, as text (the target directory's path is UTF-8 in every test setup).
    pub fn text(&self) -> &str {
        self.0.to_str().expect("the scratch path is UTF-8")
    }
}

fn unique(prefix: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let (stem, extension) = match prefix.rsplit_once('.') {
        Some((stem, extension)) => (stem, format!(".{extension}")),
        None => (prefix, String::new()),
    };
    crate::target_tmpdir().join(format!("{stem}-{}-{n}{extension}", std::process::id()))
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A directory, or a file (or nothing, when the test never wrote it).
        if std::fs::remove_dir_all(&self.0).is_err() {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}
