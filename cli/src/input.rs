//! Reading the files named on the command line (`-` is standard input), each at most
//! `--max-input-bytes` (a card is kilobytes; `validate /dev/zero` must not take the memory of
//! the machine).

use std::io::Read;
use std::path::Path;

use a2a_card::bounded_file::FileError;

use crate::Outcome;
use crate::output::{Output, errln};
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

/// [`read`] for a command's main input: when it cannot be read, the message goes to standard
/// error and the command ends as [`Outcome::Unreadable`] (`Err` holds that outcome).
pub(crate) fn read_or_report(path: &str, output: &mut Output) -> Result<Vec<u8>, Outcome> {
    read(path).map_err(|message| {
        errln!(output, "a2a-card: {message}");
        Outcome::Unreadable
    })
}

/// A regular file's bytes, at most the cap (the library's bounded read: a named pipe, a
/// device or a directory is refused unread, without blocking); `what` (an option such as
/// `--tls-key`, or empty) comes before the file's name in messages.
pub(crate) fn read_file(path: &Path, what: &str) -> Result<Vec<u8>, String> {
    let cap = MAX_INPUT_BYTES.load(Ordering::Relaxed);
    a2a_card::bounded_file::read(path, cap).map_err(|error| {
        let name = file_name(path, what);
        match error {
            FileError::TooLarge { cap } => too_large(&name, cap),
            other => format!("cannot read {name}: {other}"),
        }
    })
}

/// [`read_file`] as UTF-8 text.
pub(crate) fn read_text(path: &Path, what: &str) -> Result<String, String> {
    let bytes = read_file(path, what)?;
    String::from_utf8(bytes)
        .map_err(|_| format!("cannot read {}: not UTF-8 text", file_name(path, what)))
}

/// How messages name a file: its path made safe for the terminal, after `what` if any.
fn file_name(path: &Path, what: &str) -> String {
    let shown = crate::output::shown_path(path);
    if what.is_empty() {
        shown.into_owned()
    } else {
        format!("{what} {shown}")
    }
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
        return Err(too_large(name, cap));
    }
    Ok(bytes)
}

/// The message for an input over the cap, the same for a file and for standard input.
fn too_large(name: &str, cap: u64) -> String {
    format!(
        "{name} is larger than {cap} bytes, the cap on input files; raise it with \
         --max-input-bytes"
    )
}

/// How an input given on the command line is named: `<stdin>` for `-`, else its path.
pub(crate) fn display_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// [`display_name`] as messages print it: made safe for the terminal.
pub(crate) fn shown_name(path: &str) -> std::borrow::Cow<'_, str> {
    a2a_card::terminal_safe(display_name(path))
}
