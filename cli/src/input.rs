//! Reading the files named on the command line (`-` is standard input), each at most
//! `--max-input-bytes` (a card is kilobytes; `validate /dev/zero` must not take the memory of
//! the machine).

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The cap on every file the tool reads unless `--max-input-bytes` says otherwise: far above
/// any card (the Agent Registry takes 10 KB), key set, key or auth file.
pub(crate) const DEFAULT_MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

static MAX_INPUT_BYTES: AtomicU64 = AtomicU64::new(DEFAULT_MAX_INPUT_BYTES);

/// Sets the cap for the rest of the process (from `--max-input-bytes`).
pub(crate) fn set_max_input_bytes(bytes: u64) {
    MAX_INPUT_BYTES.store(bytes, Ordering::Relaxed);
}

/// A named input's bytes (`-` is standard input), or a message naming it and why it could
/// not be read.
pub(crate) fn read(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        return read_capped(std::io::stdin().lock(), "standard input");
    }
    read_file(Path::new(path), "")
}

/// A file's bytes, at most the cap; `what` (an option such as `--tls-key`, or empty) comes
/// before the file's name in messages.
pub(crate) fn read_file(path: &Path, what: &str) -> Result<Vec<u8>, String> {
    let name = if what.is_empty() {
        path.display().to_string()
    } else {
        format!("{what} {}", path.display())
    };
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    read_capped(file, &name)
}

/// [`read_file`] as UTF-8 text.
pub(crate) fn read_text(path: &Path, what: &str) -> Result<String, String> {
    let bytes = read_file(path, what)?;
    String::from_utf8(bytes).map_err(|_| {
        let name = if what.is_empty() {
            path.display().to_string()
        } else {
            format!("{what} {}", path.display())
        };
        format!("cannot read {name}: not UTF-8 text")
    })
}

fn read_capped(source: impl Read, name: &str) -> Result<Vec<u8>, String> {
    let cap = MAX_INPUT_BYTES.load(Ordering::Relaxed);
    let mut bytes = Vec::new();
    // One byte past the cap tells a file at the cap from a larger one.
    source
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "{name} is larger than {cap} bytes, the cap on input files; raise it with \
             --max-input-bytes"
        ));
    }
    Ok(bytes)
}

/// How an input is named in messages.
pub(crate) fn display_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}
