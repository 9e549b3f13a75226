//! Reading the documents named on the command line (`-` is standard input).

use std::io::Read;

/// A named input's bytes, or a message saying why it could not be read.
pub(crate) fn read(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        return std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| format!("cannot read standard input: {e}"));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// How an input is named in messages.
pub(crate) fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}
