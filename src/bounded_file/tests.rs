use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use super::{FileError, read};

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bounded-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `read` on another thread, waited for at most 20 s: a read that blocks fails the test
/// instead of hanging it (the thread is left behind, blocked).
fn read_or_hang(path: &Path, cap: u64) -> Result<Vec<u8>, FileError> {
    let (done, result) = mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = done.send(read(&path, cap));
    });
    result
        .recv_timeout(Duration::from_secs(20))
        .expect("reading blocked")
}

fn not_regular(result: Result<Vec<u8>, FileError>) -> &'static str {
    match result {
        Err(FileError::NotRegular { kind }) => kind,
        other => panic!("expected NotRegular, got {other:?}"),
    }
}

#[test]
fn a_regular_file_is_read_up_to_the_cap_and_refused_past_it() {
    let dir = Scratch::new("regular");
    let path = dir.0.join("card.json");
    std::fs::write(&path, b"0123456789").unwrap();
    assert_eq!(read(&path, 10).unwrap(), b"0123456789");
    assert_eq!(read(&path, 11).unwrap(), b"0123456789");
    assert!(matches!(
        read(&path, 9),
        Err(FileError::TooLarge { cap: 9 })
    ));
    // Through a link: what the link names is read.
    #[cfg(unix)]
    {
        let link = dir.0.join("link.json");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        assert_eq!(read(&link, 10).unwrap(), b"0123456789");
    }
    assert!(matches!(
        read(dir.0.join("missing.json"), 10),
        Err(FileError::Io(_))
    ));
}

#[test]
fn a_directory_is_refused() {
    let dir = Scratch::new("directory");
    assert_eq!(not_regular(read(&dir.0, 1024)), "a directory");
}

/// A FIFO blocks whoever opens it for reading until a writer comes: it is refused at once.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_without_blocking() {
    let dir = Scratch::new("fifo");
    let fifo = dir.0.join("card.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    assert_eq!(
        not_regular(read_or_hang(&fifo, 1024)),
        "a named pipe (FIFO)"
    );
    // Through a link too: the opened handle is what is looked at.
    let link = dir.0.join("link.json");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    assert_eq!(
        not_regular(read_or_hang(&link, 1024)),
        "a named pipe (FIFO)"
    );
    let err = read(&fifo, 1024).unwrap_err().to_string();
    assert_eq!(err, "not a regular file but a named pipe (FIFO)");
}

/// Devices are refused before a byte is read, an endless one (`/dev/zero`) and an empty one
/// (`/dev/null`, which would otherwise read as an empty file) alike.
#[cfg(unix)]
#[test]
fn devices_are_refused() {
    for device in ["/dev/null", "/dev/zero"] {
        assert_eq!(
            not_regular(read_or_hang(device.as_ref(), 1024)),
            "a character device",
            "{device}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_socket_is_refused_by_its_kind() {
    let dir = Scratch::new("socket");
    let socket = dir.0.join("card.json");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    assert_eq!(not_regular(read_or_hang(&socket, 1024)), "a socket");
}

#[cfg(any(feature = "jwt", feature = "client"))]
#[test]
fn the_message_of_the_library_readers_names_the_cap_and_the_kind_of_file() {
    let dir = Scratch::new("messages");
    let path = dir.0.join("jwks.json");
    std::fs::write(&path, [b' '; 1025]).unwrap();
    let err = super::read_at_most(&path, 1024, "a test file").unwrap_err();
    assert_eq!(err, "larger than 1024 bytes, the cap on a test file");
    let err = super::read_at_most("/dev/zero".as_ref(), 1024, "a test file").unwrap_err();
    assert_eq!(err, "not a regular file but a character device");
}
