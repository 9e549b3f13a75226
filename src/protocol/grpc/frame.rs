//! gRPC's length-prefixed messages: a compressed flag byte, a four-byte big-endian length,
//! the message (gRPC over HTTP/2, "Length-Prefixed-Message").

use bytes::{BufMut, Bytes, BytesMut};

/// The bytes before each message: the flag and the length.
const PREFIX: usize = 5;

/// Why a request body is not one uncompressed gRPC message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameError {
    /// Fewer than five bytes, or fewer bytes than the prefix announces.
    #[error("the body ends inside a gRPC message ({have} of {want} bytes)")]
    Truncated {
        /// Bytes present.
        have: usize,
        /// Bytes the prefix (or the prefix itself) needs.
        want: usize,
    },
    /// The compressed flag is set: the message is in the `grpc-encoding` named in the
    /// headers, which this crate does not inflate.
    #[error("the gRPC message is compressed (flag {0}); send it uncompressed")]
    Compressed(u8),
    /// Bytes after the first message: a unary call carries exactly one.
    #[error("{0} bytes follow the gRPC message; a unary call carries one message")]
    Trailing(usize),
}

/// `message` as a gRPC length-prefixed message, uncompressed.
///
/// ```
/// let framed = a2a_card::protocol::grpc::frame(b"\x0a\x02t1");
/// assert_eq!(&framed[..], b"\x00\x00\x00\x00\x04\x0a\x02t1");
/// ```
pub fn frame(message: &[u8]) -> Bytes {
    let length = u32::try_from(message.len()).expect("a gRPC message is under 4 GiB");
    let mut framed = BytesMut::with_capacity(PREFIX + message.len());
    framed.put_u8(0);
    framed.put_u32(length);
    framed.put_slice(message);
    framed.freeze()
}

/// The one uncompressed message in a unary call's body.
///
/// ```
/// use a2a_card::protocol::grpc::{unframe, FrameError};
/// assert_eq!(unframe(b"\x00\x00\x00\x00\x00"), Ok(&b""[..]));
/// assert_eq!(unframe(b"\x01\x00\x00\x00\x00"), Err(FrameError::Compressed(1)));
/// ```
pub fn unframe(body: &[u8]) -> Result<&[u8], FrameError> {
    let Some((prefix, rest)) = body.split_first_chunk::<PREFIX>() else {
        return Err(FrameError::Truncated {
            have: body.len(),
            want: PREFIX,
        });
    };
    if prefix[0] != 0 {
        return Err(FrameError::Compressed(prefix[0]));
    }
    let length = u32::from_be_bytes([prefix[1], prefix[2], prefix[3], prefix[4]]) as usize;
    if rest.len() < length {
        return Err(FrameError::Truncated {
            have: body.len(),
            want: PREFIX.saturating_add(length),
        });
    }
    let (message, trailing) = rest.split_at(length);
    if !trailing.is_empty() {
        return Err(FrameError::Trailing(trailing.len()));
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_framed_message_reads_back() {
        for message in [&b""[..], b"x", &[7u8; 300][..]] {
            assert_eq!(unframe(&frame(message)), Ok(message));
        }
    }

    #[test]
    fn each_malformed_body_is_named() {
        assert_eq!(
            unframe(b""),
            Err(FrameError::Truncated { have: 0, want: 5 })
        );
        assert_eq!(
            unframe(b"\x00\x00\x00\x00"),
            Err(FrameError::Truncated { have: 4, want: 5 })
        );
        assert_eq!(
            unframe(b"\x00\x00\x00\x00\x03ab"),
            Err(FrameError::Truncated { have: 7, want: 8 })
        );
        assert_eq!(
            unframe(b"\x00\xff\xff\xff\xffab"),
            Err(FrameError::Truncated {
                have: 7,
                want: 5 + u32::MAX as usize
            })
        );
        for flag in [1u8, 2, 0x80, 0xff] {
            let body = [flag, 0, 0, 0, 0];
            assert_eq!(unframe(&body), Err(FrameError::Compressed(flag)));
        }
        assert_eq!(
            unframe(b"\x00\x00\x00\x00\x01ab"),
            Err(FrameError::Trailing(1))
        );
        // Two messages: the second is trailing bytes.
        let mut two = frame(b"a").to_vec();
        two.extend_from_slice(&frame(b"b"));
        assert_eq!(unframe(&two), Err(FrameError::Trailing(6)));
    }
}
