//! Reading a file an operator names (a card, a key set, a CA bundle, an auth file): only a
//! regular file, and at most a cap on its size.
//!
//! A device or a runaway file (`/dev/zero`) is refused at the cap instead of filling the
//! memory. A named pipe (FIFO) is refused without blocking: opening one for reading waits for
//! a writer, so a card file replaced by a FIFO would otherwise stop whoever reads it (a
//! watcher thread) for good. The check is made on the opened handle, so a file swapped for
//! another kind between a look at the path and the open is caught too.
//!
//! ```
//! use a2a_card::bounded_file::{self, FileError};
//!
//! let path = std::env::temp_dir().join(format!("bounded-file-doc-{}.json", std::process::id()));
//! std::fs::write(&path, b"{}")?;
//! assert_eq!(bounded_file::read(&path, 1024)?, b"{}");
//! assert!(matches!(bounded_file::read(&path, 1), Err(FileError::TooLarge { cap: 1 })));
//! std::fs::remove_file(&path)?;
//!
//! let err = bounded_file::read(std::env::temp_dir(), 1024).unwrap_err();
//! assert_eq!(err.to_string(), "not a regular file but a directory");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// Why [`read`] returned no bytes. The path is not part of the message: the caller names it
/// (as the option that gave it, or the file a watcher follows).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file cannot be opened or read (missing, no permission, ...).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The path names something other than a regular file, after following links: a
    /// directory, a named pipe (FIFO), a device or a socket. It was not read.
    #[error("not a regular file but {kind}")]
    NotRegular {
        /// What it is, in words: "a directory", "a named pipe (FIFO)", "a character device".
        kind: &'static str,
    },
    /// The file has more than `cap` bytes; reading stopped one byte past the cap.
    #[error("larger than {cap} bytes")]
    TooLarge {
        /// The cap given to [`read`].
        cap: u64,
    },
}

impl FileError {
    /// The error in words for a message, the size cap named as the cap on `what` (the kind
    /// of file: "a key set file", "a PEM file").
    ///
    /// ```
    /// use a2a_card::bounded_file::FileError;
    ///
    /// let err = FileError::TooLarge { cap: 1024 };
    /// assert_eq!(err.reason("a key set file"), "larger than 1024 bytes, the cap on a key set file");
    /// let err = FileError::NotRegular { kind: "a directory" };
    /// assert_eq!(err.reason("a key set file"), "not a regular file but a directory");
    /// ```
    pub fn reason(&self, what: &str) -> String {
        match self {
            FileError::TooLarge { cap } => format!("larger than {cap} bytes, the cap on {what}"),
            other => other.to_string(),
        }
    }
}

/// The bytes of the regular file at `path` (links followed), at most `cap` of them.
///
/// Anything else is refused: a directory, a device or a socket with
/// [`FileError::NotRegular`], and a named pipe too, without waiting for a writer (on unix it
/// is opened non-blocking, then the opened handle's type is checked). A file with more than
/// `cap` bytes is [`FileError::TooLarge`].
///
/// ```
/// use a2a_card::bounded_file::{self, FileError};
///
/// let err = bounded_file::read("/no/such/card.json", 1024).unwrap_err();
/// assert!(matches!(err, FileError::Io(_)));
/// # #[cfg(unix)]
/// assert_eq!(
///     bounded_file::read("/dev/null", 1024).unwrap_err().to_string(),
///     "not a regular file but a character device"
/// );
/// ```
pub fn read(path: impl AsRef<Path>, cap: u64) -> Result<Vec<u8>, FileError> {
    let path = path.as_ref();
    let file = match open(path) {
        Ok(file) => file,
        // A socket cannot be opened at all; say what it is rather than "no such device".
        Err(error) => {
            return Err(match std::fs::metadata(path).ok().as_ref().and_then(kind) {
                Some(kind) => FileError::NotRegular { kind },
                None => FileError::Io(error),
            });
        }
    };
    // The type of what was opened, not of what the path names now.
    if let Some(kind) = kind(&file.metadata()?) {
        return Err(FileError::NotRegular { kind });
    }
    let mut bytes = Vec::new();
    // One byte past the cap tells a file at the cap from a larger one.
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(FileError::TooLarge { cap });
    }
    Ok(bytes)
}

/// Opens for reading without waiting: `O_NONBLOCK` makes opening a FIFO return at once
/// (reading a regular file ignores it), `O_NOCTTY` keeps a terminal device from becoming the
/// process's controlling terminal.
#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// What the file is in words, or `None` for a regular file.
fn kind(metadata: &Metadata) -> Option<&'static str> {
    let file_type = metadata.file_type();
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if file_type.is_char_device() {
            return Some("a character device");
        }
        if file_type.is_block_device() {
            return Some("a block device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// [`read`] with [`FileError::reason`].
#[cfg(any(feature = "jwt", feature = "client"))]
pub(crate) fn read_at_most(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    read(path, cap).map_err(|error| error.reason(what))
}

#[cfg(test)]
mod tests;
