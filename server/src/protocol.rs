//! Which HTTP version a connection speaks, decided before hyper reads from it.
//!
//! hyper-util's auto builder decides by reading the first bytes itself and then serves the
//! connection through a rewind buffer that every later read passes through; under load that
//! wrapper was a measurable share of what a request cost above a bare hyper server. Here the
//! version comes from ALPN on TLS, and on plain TCP from peeking at the first bytes (the
//! kernel keeps them for hyper), so the connection goes to hyper's HTTP/1.1 or HTTP/2
//! connection directly. Only when neither settles it (no ALPN, or a client that has sent part
//! of the HTTP/2 preface and waits) does the auto builder decide.

use std::time::Duration;

use tokio::net::TcpStream;

/// What a client with HTTP/2 prior knowledge sends first (RFC 9113 §3.4).
const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// The HTTP version a connection is to be served with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Protocol {
    Http1,
    Http2,
    /// Not known yet: hyper-util's auto builder reads the first bytes and decides.
    Undecided,
}

/// The version the first bytes a client sent show: HTTP/2 once they are the whole preface,
/// HTTP/1.1 as soon as they differ from it, undecided while they are a part of it.
pub(crate) fn from_first_bytes(bytes: &[u8]) -> Protocol {
    let n = bytes.len().min(PREFACE.len());
    if bytes[..n] != PREFACE[..n] {
        Protocol::Http1
    } else if n == PREFACE.len() {
        Protocol::Http2
    } else {
        Protocol::Undecided
    }
}

/// The version negotiated by ALPN (RFC 7301), when one was.
#[cfg(feature = "tls")]
pub(crate) fn from_alpn(protocol: Option<&[u8]>) -> Protocol {
    match protocol {
        Some(b"h2") => Protocol::Http2,
        Some(b"http/1.1") => Protocol::Http1,
        // An acceptor configured without ALPN: the client may still speak either.
        _ => Protocol::Undecided,
    }
}

/// Peeks at the first bytes of a plain TCP connection, within `timeout`. `None` when the
/// client closed or sent nothing in time (the connection is then simply closed, as the
/// header timeout would close it).
pub(crate) async fn peek(stream: &TcpStream, timeout: Duration) -> Option<Protocol> {
    let mut first = [0u8; PREFACE.len()];
    match tokio::time::timeout(timeout, stream.peek(&mut first)).await {
        Ok(Ok(n)) if n > 0 => Some(from_first_bytes(&first[..n])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_line_is_http1_from_its_first_byte_that_differs() {
        assert_eq!(from_first_bytes(b"GET / HTTP/1.1\r\n"), Protocol::Http1);
        assert_eq!(from_first_bytes(b"G"), Protocol::Http1);
        assert_eq!(from_first_bytes(b"POST / HTTP/1.1\r\n"), Protocol::Http1);
        // PRI is a method name too; anything but the preface itself is HTTP/1.1.
        assert_eq!(from_first_bytes(b"PRI / HTTP/1.1\r\n"), Protocol::Http1);
    }

    #[test]
    fn the_whole_preface_is_http2_and_a_part_of_it_is_undecided() {
        assert_eq!(from_first_bytes(PREFACE), Protocol::Http2);
        assert_eq!(from_first_bytes(&PREFACE[..1]), Protocol::Undecided);
        assert_eq!(from_first_bytes(&PREFACE[..23]), Protocol::Undecided);
    }

    #[cfg(feature = "tls")]
    #[test]
    fn alpn_names_the_version_and_its_absence_leaves_it_open() {
        assert_eq!(from_alpn(Some(b"h2")), Protocol::Http2);
        assert_eq!(from_alpn(Some(b"http/1.1")), Protocol::Http1);
        assert_eq!(from_alpn(None), Protocol::Undecided);
    }
}
