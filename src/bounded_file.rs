//! Reading a file named by the caller with a cap on its size, so that a device or a runaway
//! file (`/dev/zero`) is refused instead of filling the memory.

use std::io::Read;
use std::path::Path;

/// The file's bytes, or why not in words for a message: it cannot be read, or it is larger
/// than `cap` bytes (`what` names the kind of file, as in "the cap on a key set file").
pub(crate) fn read_at_most(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    // One byte past the cap tells a file at the cap from a larger one.
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!("larger than {cap} bytes, the cap on {what}"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::read_at_most;

    #[test]
    fn a_device_is_refused_at_the_cap() {
        let err = read_at_most("/dev/zero".as_ref(), 1024, "a test file").unwrap_err();
        assert_eq!(err, "larger than 1024 bytes, the cap on a test file");
        assert!(read_at_most("/no/such/file".as_ref(), 1024, "x").is_err());
    }
}
