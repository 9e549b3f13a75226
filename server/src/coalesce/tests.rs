use super::*;

use std::task::Waker;

/// The stream below, recording each write it takes: at most `max_write` bytes per write, none
/// while `blocked` or once it took `room` bytes (Pending), and whether it was flushed or shut down with what it had then.
#[derive(Debug, Default)]
struct Below {
    writes: Vec<Vec<u8>>,
    max_write: Option<usize>,
    // Bytes it takes before it blocks (None: no limit).
    room: Option<usize>,
    blocked: bool,
    flushes: usize,
    shut_down_after: Option<usize>,
    takes_nothing: bool,
}

impl Below {
    fn bytes(&self) -> Vec<u8> {
        self.writes.concat()
    }
}

impl AsyncWrite for Below {
    fn poll_write(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.blocked || self.room == Some(0) {
            return Poll::Pending;
        }
        if self.takes_nothing {
            return Poll::Ready(Ok(0));
        }
        let n = buf
            .len()
            .min(self.max_write.unwrap_or(usize::MAX))
            .min(self.room.unwrap_or(usize::MAX));
        if let Some(room) = &mut self.room {
            *room -= n;
        }
        self.writes.push(buf[..n].to_vec());
        Poll::Ready(Ok(n))
    }

    /// A vectored write is one write of the slices together, as `writev` is.
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
        self.poll_write(cx, &whole)
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.flushes += 1;
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let total = self.bytes().len();
        self.shut_down_after = Some(total);
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Below {
    fn poll_read(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        buf.put_slice(b"from the peer");
        Poll::Ready(Ok(()))
    }
}

fn cx() -> Context<'static> {
    Context::from_waker(Waker::noop())
}

fn write(io: &mut Coalesced<Below>, bytes: &[u8]) -> Poll<io::Result<usize>> {
    Pin::new(io).poll_write(&mut cx(), bytes)
}

fn write_vectored(io: &mut Coalesced<Below>, parts: &[&[u8]]) -> Poll<io::Result<usize>> {
    let slices: Vec<IoSlice<'_>> = parts.iter().map(|p| IoSlice::new(p)).collect();
    Pin::new(io).poll_write_vectored(&mut cx(), &slices)
}

fn new(below: Below) -> Coalesced<Below> {
    Coalesced::new(below, Control::new())
}

/// A flush as the connection task makes it: asked in one poll of the task and, when that
/// one defers it, asked again in the next.
fn flush(io: &mut Coalesced<Below>) -> Poll<io::Result<()>> {
    let first = Pin::new(&mut *io).poll_flush(&mut cx());
    if first.is_ready() {
        return first;
    }
    io.control.count_poll();
    Pin::new(io).poll_flush(&mut cx())
}

/// Counts its wake-ups.
#[derive(Default)]
struct Wakes(std::sync::atomic::AtomicUsize);

impl std::task::Wake for Wakes {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }
    fn wake_by_ref(self: &Arc<Self>) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// h2 flushes after each answer of a batch, each time hyper asks it for the next request, all
/// in one poll of the connection task: the flushes of that poll gather, the task is woken, and
/// its next poll sends the whole batch as one write.
#[test]
fn flushes_of_one_poll_are_sent_together_in_the_next_which_they_wake() {
    let mut io = new(Below::default());
    let wakes = Arc::new(Wakes::default());
    let waker = Waker::from(wakes.clone());
    let mut task = Context::from_waker(&waker);
    for answer in 0..10u8 {
        let bytes = frame(answer, 200 + answer as usize);
        assert!(Pin::new(&mut io).poll_write(&mut task, &bytes).is_ready());
        assert!(
            Pin::new(&mut io).poll_flush(&mut task).is_pending(),
            "answer {answer}: the flush waits for the next poll"
        );
    }
    assert!(
        io.get_ref().writes.is_empty(),
        "nothing sent during the poll"
    );
    assert!(
        wakes.0.load(std::sync::atomic::Ordering::SeqCst) >= 1,
        "the task was woken, so a next poll comes"
    );
    io.control.count_poll();
    assert!(Pin::new(&mut io).poll_flush(&mut task).is_ready());
    assert_eq!(io.get_ref().writes.len(), 1, "the batch as one write");
    let sent: Vec<u8> = (0..10u8).flat_map(|a| frame(a, 200 + a as usize)).collect();
    assert_eq!(io.get_ref().bytes(), sent);
    assert_eq!(io.get_ref().flushes, 1);
}

#[test]
fn a_flush_with_nothing_held_goes_below_at_once() {
    let mut io = new(Below::default());
    assert!(Pin::new(&mut io).poll_flush(&mut cx()).is_ready());
    assert_eq!(io.get_ref().flushes, 1);
    // Once the batch is sent, the next flush of the same poll is not held either.
    ready(write(&mut io, b"x"));
    assert!(flush(&mut io).is_ready());
    assert!(Pin::new(&mut io).poll_flush(&mut cx()).is_ready());
    assert_eq!(io.get_ref().flushes, 3);
}

fn ready(poll: Poll<io::Result<usize>>) -> usize {
    match poll {
        Poll::Ready(Ok(n)) => n,
        other => panic!("expected a write taken at once, got {other:?}"),
    }
}

/// A frame-like write of `len` bytes, each one naming its write, so order can be checked.
fn frame(tag: u8, len: usize) -> Vec<u8> {
    vec![tag; len]
}

#[test]
fn small_writes_go_below_as_one_write_on_flush_in_order() {
    let mut io = new(Below::default());
    let frames: Vec<Vec<u8>> = (0..10).map(|i| frame(i, 9 + 100 * i as usize)).collect();
    for f in &frames {
        assert_eq!(ready(write(&mut io, f)), f.len());
    }
    assert!(
        io.get_ref().writes.is_empty(),
        "nothing passed on before the flush"
    );
    assert!(flush(&mut io).is_ready());
    assert_eq!(
        io.get_ref().writes.len(),
        1,
        "one write below for the batch"
    );
    assert_eq!(io.get_ref().bytes(), frames.concat());
    assert_eq!(
        io.get_ref().flushes,
        1,
        "the flush reached the stream below"
    );
}

#[test]
fn vectored_writes_are_taken_whole_and_in_order() {
    let mut io = new(Below::default());
    assert!(io.is_write_vectored());
    let head = frame(1, 9);
    let payload = frame(2, 1500);
    let next = frame(3, 40);
    assert_eq!(ready(write_vectored(&mut io, &[&head, &payload])), 1509);
    assert_eq!(ready(write_vectored(&mut io, &[&next, &[], &head])), 49);
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().writes.len(), 1);
    assert_eq!(
        io.get_ref().bytes(),
        [head.clone(), payload, next, head].concat()
    );
}

#[test]
fn a_write_that_would_not_fit_sends_the_buffer_first() {
    let mut io = new(Below::default());
    let first = frame(1, CAPACITY - 10);
    let second = frame(2, 11);
    ready(write(&mut io, &first));
    assert!(io.get_ref().writes.is_empty());
    ready(write(&mut io, &second));
    assert_eq!(
        io.get_ref().writes,
        std::slice::from_ref(&first),
        "the full buffer went first"
    );
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().writes, [first, second]);
}

#[test]
fn a_buffer_filled_to_exactly_its_capacity_is_held_until_the_flush() {
    let mut io = new(Below::default());
    ready(write(&mut io, &frame(1, CAPACITY - 10)));
    ready(write(&mut io, &frame(2, 10)));
    assert!(io.get_ref().writes.is_empty());
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().bytes().len(), CAPACITY);
}

#[test]
fn large_writes_pass_through_after_what_was_buffered() {
    let mut io = new(Below::default());
    let small = frame(1, 30);
    let large = frame(2, CAPACITY);
    let larger = frame(3, 3 * CAPACITY);
    ready(write(&mut io, &small));
    assert_eq!(ready(write(&mut io, &large)), CAPACITY);
    assert_eq!(
        io.get_ref().writes,
        [small.clone(), large.clone()],
        "the buffered bytes first, then the large write as it came"
    );
    assert_eq!(
        ready(write_vectored(&mut io, &[&larger[..10], &larger[10..]])),
        3 * CAPACITY
    );
    assert_eq!(io.get_ref().writes.len(), 3);
    assert_eq!(
        io.buffer.capacity(),
        CAPACITY,
        "large writes are not copied"
    );
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().bytes(), [small, large, larger].concat());
}

#[test]
fn a_stream_below_that_takes_nothing_holds_at_most_the_capacity() {
    let mut io = new(Below {
        blocked: true,
        ..Below::default()
    });
    let mut taken = 0;
    loop {
        match write(&mut io, &frame(7, 1000)) {
            Poll::Ready(Ok(n)) => taken += n,
            Poll::Pending => break,
            Poll::Ready(Err(e)) => panic!("{e}"),
        }
        assert!(
            taken <= CAPACITY,
            "took {taken} bytes for a peer that reads none"
        );
    }
    assert_eq!(taken, 16_000, "full up to the capacity, then writes wait");
    assert!(io.buffer.capacity() <= CAPACITY);
    assert!(
        flush(&mut io).is_pending(),
        "a flush waits for the stream below"
    );
    assert_eq!(
        io.get_ref().flushes,
        0,
        "not flushed below while bytes are held"
    );
    assert!(
        write(&mut io, &frame(8, 5 * CAPACITY)).is_pending(),
        "a large write waits behind the buffer too"
    );
    // The peer reads again: everything arrives, in order.
    io.io.blocked = false;
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().bytes(), frame(7, 16_000));
}

#[test]
fn partial_writes_below_are_resumed_where_they_stopped() {
    let mut io = new(Below {
        max_write: Some(1000),
        ..Below::default()
    });
    let bytes: Vec<u8> = (0..5000u32).map(|i| i as u8).collect();
    ready(write(&mut io, &bytes[..2500]));
    ready(write_vectored(
        &mut io,
        &[&bytes[2500..4000], &bytes[4000..]],
    ));
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().writes.len(), 5);
    assert_eq!(io.get_ref().bytes(), bytes);
}

#[test]
fn a_flush_interrupted_by_a_full_socket_resumes_without_loss() {
    let mut io = new(Below {
        max_write: Some(100),
        room: Some(100),
        ..Below::default()
    });
    let bytes: Vec<u8> = (0..250u32).map(|i| i as u8).collect();
    ready(write(&mut io, &bytes));
    // 100 bytes go below, then the socket is full.
    assert!(flush(&mut io).is_pending());
    assert_eq!(io.get_ref().bytes(), &bytes[..100]);
    // A write meanwhile that fits is buffered behind the rest.
    ready(write(&mut io, b"after"));
    io.io.room = None;
    assert!(flush(&mut io).is_ready());
    assert_eq!(io.get_ref().bytes(), [&bytes[..], b"after"].concat());
    assert_eq!((io.sent, io.buffer.len()), (0, 0));
}

#[test]
fn shutdown_sends_what_was_buffered_first() {
    let mut io = new(Below::default());
    ready(write(&mut io, b"last frame"));
    assert!(Pin::new(&mut io).poll_shutdown(&mut cx()).is_ready());
    assert_eq!(io.get_ref().shut_down_after, Some(10));
    assert_eq!(io.get_ref().bytes(), b"last frame");
}

#[test]
fn a_stream_below_that_takes_no_byte_is_an_error_not_a_loop() {
    let mut io = new(Below {
        takes_nothing: true,
        ..Below::default()
    });
    ready(write(&mut io, b"bytes"));
    match flush(&mut io) {
        Poll::Ready(Err(e)) => assert_eq!(e.kind(), io::ErrorKind::WriteZero),
        other => panic!("expected WriteZero, got {other:?}"),
    }
}

#[test]
fn empty_writes_take_nothing_and_reads_pass_through() {
    let mut io = new(Below::default());
    assert_eq!(ready(write(&mut io, b"")), 0);
    assert_eq!(ready(write_vectored(&mut io, &[b"", b""])), 0);
    assert!(io.buffer.is_empty());
    let mut storage = [0u8; 32];
    let mut buf = ReadBuf::new(&mut storage);
    assert!(Pin::new(&mut io).poll_read(&mut cx(), &mut buf).is_ready());
    assert_eq!(buf.filled(), b"from the peer");
}
