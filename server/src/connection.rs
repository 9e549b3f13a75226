//! One connection's deadlines and stop signal, kept off the per-request path.
//!
//! hyper's own header-read timeout arms a fresh timer for every request head (an allocation,
//! and a timer-wheel insert and removal under the driver's lock); hyper-util's graceful
//! watcher polls a channel every time the connection task wakes. Measured under load, the two
//! were most of what `a2a-card serve` spent above a bare hyper server. Here a request costs
//! two atomic additions and no clock read: a [`Busy`] guard counts it in flight from its head
//! until its response body is dropped, and counts it done then, both in one word. A separate
//! watchdog task wakes every quarter of the timeout and reads the word: a request in flight,
//! or one done since the last look, starts the quiet time again; quiet for the whole timeout
//! (nothing in flight, so nothing is cut), the connection is closed. Server shutdown reaches
//! the connection the same way, through [`Control::stop`]. The connection's task is the
//! connection itself under its control ([`Driven`]), so a wake-up enters nothing else.
//!
//! A request in flight keeps the connection open only while something moves. Each request is
//! either waiting on the application (its handler, or a response body that has nothing to give
//! yet: a stream of events) or waiting on the client (a response ready that the client does not
//! take: an HTTP/2 stream without send window, a socket nobody reads). A connection with a
//! request waiting on the client is closed when no response has moved for the send timeout
//! (no request began or ended, no body gave a chunk), and sooner, after the header timeout,
//! when not a byte was read or written meanwhile ([`Metered`]). A client that answers HTTP/2
//! pings still sends bytes, so only the first rule catches it; one that vanished sends none.
//! Waiting on the application is the application's business (its own timeouts): a handler
//! that takes minutes is not cut.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use atomic_waker::AtomicWaker;
use pin_project_lite::pin_project;
use tokio::sync::watch;
// tokio's clock, so tests can run the deadlines on paused time.
use tokio::time::Instant;

/// What the connection task is asked to do.
const RUN: u8 = 0;
/// Finish the requests in flight, then close (HTTP/1.1: `Connection: close`; h2: GOAWAY).
const GRACEFUL: u8 = 1;
/// Close now: the connection was idle (or stuck sending a request head) past its deadline.
const CLOSE: u8 = 2;

/// Shared by a connection's task, its requests and its watchdog.
#[derive(Debug)]
pub(crate) struct Control {
    /// Requests in flight (low 32 bits) and requests done (high 32 bits, wrapping): one word,
    /// so a request ending is one atomic addition and the watchdog reads both at once.
    activity: AtomicU64,
    /// Requests in flight that wait on the application (see the module docs).
    app_waits: AtomicU32,
    /// Reads and writes on the connection's socket that moved at least one byte.
    io: AtomicU64,
    stop: AtomicU8,
    /// The connection task, woken when `stop` changes.
    task: AtomicWaker,
    /// How many times the connection task has been polled (wrapping): writes gathered by
    /// [`Coalesced`](crate::coalesce::Coalesced) during one poll go out on the next.
    polls: AtomicU64,
}

/// One request in flight, in `activity`.
const IN_FLIGHT: u64 = 1;
/// One request in flight becoming one done: minus one in the low word, plus one in the high.
const DONE: u64 = (1 << 32) - 1;
/// A response body gave a chunk: the high word counts it as a change, like a request done.
const MOVED: u64 = 1 << 32;

impl Control {
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Control {
            activity: AtomicU64::new(0),
            app_waits: AtomicU32::new(0),
            io: AtomicU64::new(0),
            stop: AtomicU8::new(RUN),
            task: AtomicWaker::new(),
            polls: AtomicU64::new(0),
        })
    }

    /// How many times the connection task has been polled so far.
    pub(crate) fn polls(&self) -> u64 {
        self.polls.load(Ordering::Relaxed)
    }

    /// Counts one more poll, as [`Driven`] does on each (for tests of what reads it).
    #[cfg(test)]
    pub(crate) fn count_poll(&self) {
        self.polls.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a request from its head until the guard is dropped (with its response body).
    pub(crate) fn begin(self: &Arc<Self>) -> Busy {
        self.activity.fetch_add(IN_FLIGHT, Ordering::AcqRel);
        Busy(Arc::clone(self))
    }

    /// Counts a request as waiting on the application until the guard is dropped.
    pub(crate) fn app_wait(self: &Arc<Self>) -> AppWait {
        self.app_waits.fetch_add(1, Ordering::AcqRel);
        AppWait(Arc::clone(self))
    }

    /// A response body gave a chunk to the connection.
    pub(crate) fn moved(&self) {
        self.activity.fetch_add(MOVED, Ordering::Release);
    }

    fn stop(&self, how: u8) {
        self.stop.fetch_max(how, Ordering::AcqRel);
        self.task.wake();
    }

    /// Drives `connection` until it ends or is told to stop. `graceful` starts the
    /// connection's own graceful shutdown; it is called at most once. `guard` is kept until
    /// then, and dropped with the future (the watchdog's abort, the connection's slot).
    pub(crate) fn drive<C, F, G>(
        self: &Arc<Self>,
        connection: C,
        graceful: F,
        guard: G,
    ) -> Driven<C, F, G>
    where
        C: Future,
        F: FnMut(Pin<&mut C>),
    {
        Driven {
            connection,
            control: Arc::clone(self),
            graceful,
            graceful_started: false,
            registered: None,
            _guard: guard,
        }
    }
}

pin_project! {
    /// A connection driven under its [`Control`], spawned as the connection's task itself. A
    /// future of its own rather than an `async` block around the connection: a task's poll
    /// function reserves the stack frame of every state it has, and one that also held the
    /// TLS handshake or the choice of protocol reserved (and touched) about 11 KB of stack on
    /// every wake-up, three times what a bare hyper connection's task does.
    pub(crate) struct Driven<C, F, G> {
        #[pin]
        connection: C,
        control: Arc<Control>,
        graceful: F,
        graceful_started: bool,
        // The waker last registered. A task's waker rarely changes, and registering costs a
        // compare-exchange and a waker clone and drop (reference counts) on every poll, that
        // is, on every request: register again only when it changed.
        registered: Option<Waker>,
        _guard: G,
    }
}

impl<C, F, G> Future for Driven<C, F, G>
where
    C: Future,
    F: FnMut(Pin<&mut C>),
{
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let this = self.project();
        let control = &**this.control;
        // Only this task writes it: a load and a store, no read-modify-write.
        control.polls.store(
            control.polls.load(Ordering::Relaxed).wrapping_add(1),
            Ordering::Relaxed,
        );
        if !this
            .registered
            .as_ref()
            .is_some_and(|w| w.will_wake(cx.waker()))
        {
            control.task.register(cx.waker());
            *this.registered = Some(cx.waker().clone());
        }
        let mut stop = control.stop.load(Ordering::Acquire);
        if stop != RUN {
            // `stop` wakes by taking the registered waker: register again, so that a
            // later stop (a close after a graceful start) still reaches this task.
            control.task.register(cx.waker());
            stop = control.stop.load(Ordering::Acquire);
        }
        let mut connection = this.connection;
        match stop {
            CLOSE => return Poll::Ready(()),
            GRACEFUL if !*this.graceful_started => {
                *this.graceful_started = true;
                (this.graceful)(connection.as_mut());
            }
            _ => {}
        }
        connection.poll(cx).map(|_| ())
    }
}

/// One request in flight; dropping it marks the moment the connection may be idle again.
#[derive(Debug)]
pub(crate) struct Busy(Arc<Control>);

impl Busy {
    /// The connection's control.
    pub(crate) fn control(&self) -> &Arc<Control> {
        &self.0
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.activity.fetch_add(DONE, Ordering::AcqRel);
    }
}

/// One request waiting on the application (see the module docs) until dropped.
#[derive(Debug)]
pub(crate) struct AppWait(Arc<Control>);

impl Drop for AppWait {
    fn drop(&mut self) {
        self.0.app_waits.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The deadlines the watchdog enforces.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadlines {
    /// How long a connection may wait for a request head (also the idle timeout), and how
    /// long one with a response waiting on the client may go without a byte read or written.
    pub(crate) header: Duration,
    /// How long a response waiting on the client may go without moving.
    pub(crate) send: Duration,
}

/// Closes the connection once it has been quiet (no request in flight, none done) for the
/// header timeout: a new connection that sends no complete request head, a slowloris, a
/// keep-alive connection after its last response; or once a response waiting on the client
/// has not moved for the send timeout, or the connection has not read or written a byte for
/// the header timeout meanwhile (see the module docs). It looks every quarter of the shorter
/// deadline, so a connection goes between a deadline and 1.25 times it. Runs as its own task,
/// so the connection task never polls a timer.
///
/// On server shutdown it asks the connection to finish gracefully, and from then on closes it
/// as soon as it has been quiet for one look, at most [`SHUTDOWN_LOOK`] apart: hyper's
/// graceful close ends idle connections and those whose last response is sent, but not one in
/// the middle of a request head, which would otherwise hold the shutdown until its drain
/// timeout. One quiet look, not zero, so a response whose body was just handed over is flushed
/// first.
pub(crate) async fn watchdog(
    control: Arc<Control>,
    deadlines: Deadlines,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = (deadlines.header.min(deadlines.send) / 4).max(Duration::from_millis(1));
    let mut limit = deadlines.header;
    let mut stopping = false;
    let mut seen = control.activity.load(Ordering::Acquire);
    let mut seen_io = control.io.load(Ordering::Relaxed);
    let mut quiet = Duration::ZERO;
    // How long a response waiting on the client has not moved, and how long no byte moved.
    let mut stalled = Duration::ZERO;
    let mut silent = Duration::ZERO;
    let mut next = Instant::now() + tick;
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(next) => {}
            // A closed channel means the server is gone: stop as for a shutdown.
            _ = shutdown.wait_for(|stopping| *stopping), if !stopping => {
                control.stop(GRACEFUL);
                stopping = true;
                tick = tick.min(SHUTDOWN_LOOK);
                limit = tick;
                quiet = Duration::ZERO;
                next = Instant::now() + tick;
                continue;
            }
        }
        next = (next + tick).max(Instant::now());
        let activity = control.activity.load(Ordering::Acquire);
        let io = control.io.load(Ordering::Relaxed);
        if activity != seen {
            (seen, seen_io) = (activity, io);
            (quiet, stalled, silent) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
            continue;
        }
        let in_flight = activity & u64::from(u32::MAX);
        if in_flight == 0 {
            quiet += tick;
            if quiet >= limit {
                control.stop(CLOSE);
                return;
            }
            continue;
        }
        quiet = Duration::ZERO;
        let on_app = u64::from(control.app_waits.load(Ordering::Acquire));
        if in_flight <= on_app {
            // Every request waits on the application, which owns its own deadlines.
            (stalled, silent, seen_io) = (Duration::ZERO, Duration::ZERO, io);
            continue;
        }
        stalled += tick;
        if io == seen_io {
            silent += tick;
        } else {
            (silent, seen_io) = (Duration::ZERO, io);
        }
        if stalled >= deadlines.send || silent >= deadlines.header {
            control.stop(CLOSE);
            return;
        }
    }
}

pin_project! {
    /// A connection's socket, counting the reads and writes that moved bytes on its
    /// [`Control`] (one relaxed addition each), so the watchdog can tell a connection that
    /// moves nothing at all.
    pub(crate) struct Metered<T> {
        #[pin]
        io: T,
        control: Arc<Control>,
    }
}

impl<T> Metered<T> {
    pub(crate) fn new(io: T, control: Arc<Control>) -> Self {
        Metered { io, control }
    }

    fn count(control: &Control, moved: bool) {
        if moved {
            control.io.fetch_add(1, Ordering::Relaxed);
        }
    }
}

impl<T: tokio::io::AsyncRead> tokio::io::AsyncRead for Metered<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.project();
        let before = buf.filled().len();
        let result = this.io.poll_read(cx, buf);
        Self::count(this.control, buf.filled().len() > before);
        result
    }
}

impl<T: tokio::io::AsyncWrite> tokio::io::AsyncWrite for Metered<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.project();
        let result = this.io.poll_write(cx, buf);
        Self::count(this.control, matches!(result, Poll::Ready(Ok(n)) if n > 0));
        result
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.project();
        let result = this.io.poll_write_vectored(cx, bufs);
        Self::count(this.control, matches!(result, Poll::Ready(Ok(n)) if n > 0));
        result
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().io.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.project().io.poll_shutdown(cx)
    }
}

/// How often the watchdog looks once the server is shutting down.
const SHUTDOWN_LOOK: Duration = Duration::from_millis(250);

#[cfg(test)]
mod tests {
    use super::*;

    fn deadlines(header: u64, send: u64) -> Deadlines {
        Deadlines {
            header: Duration::from_secs(header),
            send: Duration::from_secs(send),
        }
    }

    #[test]
    fn a_request_is_in_flight_until_its_guard_drops_then_done() {
        let control = Control::new();
        let first = control.begin();
        let second = control.begin();
        assert_eq!(control.activity.load(Ordering::Acquire), 2);
        drop(first);
        assert_eq!(control.activity.load(Ordering::Acquire), (1 << 32) + 1);
        drop(second);
        assert_eq!(control.activity.load(Ordering::Acquire), 2 << 32);
    }

    #[test]
    fn stopping_only_escalates() {
        let control = Control::new();
        control.stop(CLOSE);
        control.stop(GRACEFUL);
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_connection_is_closed_after_the_timeout_and_a_busy_one_is_not() {
        let (_tx, rx) = watch::channel(false);
        let idle = Control::new();
        tokio::spawn(watchdog(idle.clone(), deadlines(10, 30), rx.clone()));
        let busy = Control::new();
        let request = busy.begin();
        let _handler_working = busy.app_wait();
        tokio::spawn(watchdog(busy.clone(), deadlines(10, 30), rx));
        tokio::time::sleep(Duration::from_secs(9)).await;
        assert_eq!(
            idle.stop.load(Ordering::Acquire),
            RUN,
            "not before the timeout"
        );
        tokio::time::sleep(Duration::from_secs(4)).await;
        assert_eq!(idle.stop.load(Ordering::Acquire), CLOSE);
        assert_eq!(busy.stop.load(Ordering::Acquire), RUN);
        drop(request);
    }

    #[tokio::test(start_paused = true)]
    async fn each_finished_request_restarts_the_quiet_time() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        tokio::spawn(watchdog(control.clone(), deadlines(10, 30), rx));
        for _ in 0..10 {
            tokio::time::sleep(Duration::from_secs(5)).await;
            drop(control.begin());
        }
        assert_eq!(
            control.stop.load(Ordering::Acquire),
            RUN,
            "a request every 5 s"
        );
        tokio::time::sleep(Duration::from_secs(13)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_waiting_on_the_application_is_never_cut() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        let _waiting = control.app_wait();
        tokio::spawn(watchdog(control.clone(), deadlines(10, 30), rx));
        tokio::time::sleep(Duration::from_secs(600)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), RUN);
    }

    /// A response the client does not take (an HTTP/2 stream with no send window) while the
    /// client keeps answering pings: bytes move, the response does not.
    #[tokio::test(start_paused = true)]
    async fn a_response_waiting_on_the_client_is_closed_at_the_send_timeout_though_bytes_move() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        tokio::spawn(watchdog(control.clone(), deadlines(10, 30), rx));
        for _ in 0..27 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            control.io.fetch_add(1, Ordering::Relaxed);
        }
        assert_eq!(control.stop.load(Ordering::Acquire), RUN, "not before 30 s");
        tokio::time::sleep(Duration::from_secs(12)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_response_waiting_on_a_silent_client_is_closed_at_the_header_timeout() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        tokio::spawn(watchdog(control.clone(), deadlines(10, 30), rx));
        tokio::time::sleep(Duration::from_secs(9)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), RUN, "not before 10 s");
        tokio::time::sleep(Duration::from_secs(5)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_response_that_moves_keeps_its_connection() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        tokio::spawn(watchdog(control.clone(), deadlines(10, 30), rx));
        for _ in 0..20 {
            tokio::time::sleep(Duration::from_secs(5)).await;
            control.moved();
        }
        assert_eq!(
            control.stop.load(Ordering::Acquire),
            RUN,
            "a chunk every 5 s"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn an_application_wait_that_ends_starts_the_send_deadline() {
        let (_tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        let waiting = control.app_wait();
        tokio::spawn(watchdog(control.clone(), deadlines(60, 30), rx));
        tokio::time::sleep(Duration::from_secs(100)).await;
        drop(waiting);
        tokio::time::sleep(Duration::from_secs(20)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), RUN);
        tokio::time::sleep(Duration::from_secs(30)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }

    #[tokio::test]
    async fn metered_io_counts_reads_and_writes_that_moved_bytes() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let control = Control::new();
        let (near, mut far) = tokio::io::duplex(64);
        let mut near = Metered::new(near, control.clone());
        near.write_all(b"ping").await.unwrap();
        assert_eq!(control.io.load(Ordering::Relaxed), 1);
        let mut got = [0u8; 4];
        far.read_exact(&mut got).await.unwrap();
        far.write_all(b"pong").await.unwrap();
        near.read_exact(&mut got).await.unwrap();
        assert_eq!(control.io.load(Ordering::Relaxed), 2);
        drop(far);
        assert_eq!(near.read(&mut got).await.unwrap(), 0, "end of stream");
        assert_eq!(
            control.io.load(Ordering::Relaxed),
            2,
            "a read of nothing moved nothing"
        );
    }

    /// `stop` wakes the connection task by taking its registered waker; the task registers
    /// again once it sees a stop, so a close that follows a graceful start still reaches it
    /// (the task does not register on ordinary polls).
    #[tokio::test]
    async fn a_close_after_a_graceful_start_still_reaches_the_connection() {
        let control = Control::new();
        let (started, graceful_started) = tokio::sync::oneshot::channel::<()>();
        let driven = control.clone();
        let task = tokio::spawn(async move {
            let connection = std::future::pending::<()>();
            let mut started = Some(started);
            driven
                .drive(
                    connection,
                    |_| {
                        let _ = started.take().map(|s| s.send(()));
                    },
                    (),
                )
                .await;
        });
        // Polled at least once (registered) before the first stop.
        tokio::task::yield_now().await;
        control.stop(GRACEFUL);
        graceful_started.await.expect("the graceful start ran");
        control.stop(CLOSE);
        tokio::time::timeout(Duration::from_secs(30), task)
            .await
            .expect("the close reached the connection task")
            .unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn shutdown_asks_for_a_graceful_close_then_closes_once_nothing_is_in_flight() {
        let (tx, rx) = watch::channel(false);
        let control = Control::new();
        let request = control.begin();
        let dog = tokio::spawn(watchdog(control.clone(), deadlines(60, 60), rx));
        tx.send(true).unwrap();
        // Long after shutdown, the request in flight still holds the connection open.
        tokio::time::sleep(Duration::from_secs(30)).await;
        assert_eq!(control.stop.load(Ordering::Acquire), GRACEFUL);
        drop(request);
        // Then one quiet look (not the 60 s header timeout) closes it.
        tokio::time::timeout(Duration::from_secs(1), dog)
            .await
            .expect("closed within two looks of the request's end")
            .unwrap();
        assert_eq!(control.stop.load(Ordering::Acquire), CLOSE);
    }
}
