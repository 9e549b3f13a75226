//! [`Coalesced`]: small writes gathered into one, between hyper's HTTP/2 and the socket (the
//! TLS stream, or the TCP stream of h2c).
//!
//! hyper's HTTP/2 (the `h2` crate) hands its frames to the connection's stream a few at a
//! time: a response's HEADERS frame and its DATA frame go out as one vectored write, and the
//! next response's frames wait until that write is done, because h2 keeps a DATA payload of
//! more than 256 bytes aside instead of copying it into its buffer. On plain TCP each of those
//! writes is a system call; through tokio-rustls each is also a TLS record of its own (a
//! header, an AEAD seal and a tag) and a system call, since tokio-rustls sends what rustls
//! sealed at once. With 10 streams answered per batch that is 10 records and 10 `sendmsg`
//! where one of each carries the same bytes: measured, the cost that made h2 over TLS slower
//! than nginx (benches/README.md, issue 46).
//!
//! [`Coalesced`] takes those writes into a buffer of at most [`CAPACITY`] bytes and says they
//! are written, and hands the buffer to the stream below as one write. A flush alone would not
//! gather much: h2 writes and flushes what it has each time hyper asks it for the next request
//! of a batch, so each answer is flushed on its own (with the first poll of a stream done in
//! the connection task, see executor.rs, the answer is ready by then). So a flush asked while
//! bytes are held waits for the connection task's next poll, which it asks for at once: every
//! answer of the batch is written meanwhile, and the next poll sends them all, as one write.
//! The buffer also goes when the next write would not fit, and on shutdown. A write of [`CAPACITY`] bytes or more meets an empty buffer and goes through as it
//! is (no copy; rustls cuts it into records of its own size). What the client does not read
//! stays bounded: when the stream below cannot take the buffer, writes wait (`Pending`), so at
//! most [`CAPACITY`] bytes are held here per connection, on top of h2's own buffer.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use std::sync::Arc;

use pin_project_lite::pin_project;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::connection::Control;

/// The most bytes a [`Coalesced`] holds: one TLS record's worth of plaintext (RFC 8446
/// §5.1), so a full buffer is one record.
pub(crate) const CAPACITY: usize = 16 * 1024;

pin_project! {
    /// A stream whose writes are gathered and passed on in batches (see the module docs).
    /// Reads go straight through.
    #[derive(Debug)]
    pub(crate) struct Coalesced<T> {
        #[pin]
        io: T,
        // The bytes taken and not yet passed on; allocated on the first write.
        buffer: Vec<u8>,
        // How many bytes at the start of `buffer` the stream below has already taken, when it
        // took only part of the buffer.
        sent: usize,
        // The connection task's count of polls: a flush deferred in one poll is done in a
        // later one.
        control: Arc<Control>,
        // The poll in which a flush was deferred, if one is.
        deferred: Option<u64>,
    }
}

impl<T> Coalesced<T> {
    /// `io` in the connection task that `control` counts the polls of.
    pub(crate) fn new(io: T, control: Arc<Control>) -> Self {
        Coalesced {
            io,
            buffer: Vec::new(),
            sent: 0,
            control,
            deferred: None,
        }
    }

    /// The stream below.
    #[cfg(test)]
    fn get_ref(&self) -> &T {
        &self.io
    }
}

impl<T: AsyncWrite> Coalesced<T> {
    /// Passes the whole buffer on (`Pending` while the stream below cannot take it all).
    fn poll_drain(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let mut this = self.project();
        while *this.sent < this.buffer.len() {
            let n = ready!(this.io.as_mut().poll_write(cx, &this.buffer[*this.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *this.sent += n;
        }
        this.buffer.clear();
        *this.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// Makes room for `len` more bytes: drains the buffer first when they would not fit.
    /// Ready(true) when they are to be buffered, Ready(false) when they are too many for the
    /// buffer and go straight to the stream below (the buffer is empty then).
    fn poll_room(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        len: usize,
    ) -> Poll<io::Result<bool>> {
        if self.buffer.len() + len > CAPACITY {
            ready!(self.as_mut().poll_drain(cx))?;
        }
        Poll::Ready(Ok(len < CAPACITY))
    }
}

impl<T: AsyncRead> AsyncRead for Coalesced<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.project().io.poll_read(cx, buf)
    }
}

impl<T: AsyncWrite> AsyncWrite for Coalesced<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if buf.is_empty() {
            return Poll::Ready(Ok(0));
        }
        if !ready!(self.as_mut().poll_room(cx, buf.len()))? {
            return self.project().io.poll_write(cx, buf);
        }
        let this = self.project();
        this.buffer.reserve_exact(CAPACITY - this.buffer.len());
        this.buffer.extend_from_slice(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let len = bufs.iter().map(|b| b.len()).sum::<usize>();
        if len == 0 {
            return Poll::Ready(Ok(0));
        }
        if !ready!(self.as_mut().poll_room(cx, len))? {
            return self.project().io.poll_write_vectored(cx, bufs);
        }
        let this = self.project();
        this.buffer.reserve_exact(CAPACITY - this.buffer.len());
        for buf in bufs {
            this.buffer.extend_from_slice(buf);
        }
        Poll::Ready(Ok(len))
    }

    /// Vectored writes are taken whole (copied into the buffer): h2 then keeps only DATA
    /// payloads of more than 256 bytes aside, rather than 1 KiB.
    fn is_write_vectored(&self) -> bool {
        true
    }

    /// Sends the buffer and flushes the stream below, in a later poll of the connection task
    /// than the one that first asked while bytes were held (see the module docs).
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if !self.buffer.is_empty() {
            let now = self.control.polls();
            let this = self.as_mut().project();
            match *this.deferred {
                // Asked in an earlier poll: now.
                Some(poll) if poll != now => {}
                // Asked already in this poll, whose next one is on its way.
                Some(_) => return Poll::Pending,
                None => {
                    *this.deferred = Some(now);
                    cx.waker().wake_by_ref();
                    return Poll::Pending;
                }
            }
        }
        ready!(self.as_mut().poll_drain(cx))?;
        let this = self.project();
        *this.deferred = None;
        this.io.poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.as_mut().poll_drain(cx))?;
        self.project().io.poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests;
