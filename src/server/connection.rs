//! One connection's deadline and stop signal, kept off the per-request path.
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

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
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
    stop: AtomicU8,
    /// The connection task, woken when `stop` changes.
    task: AtomicWaker,
}

/// One request in flight, in `activity`.
const IN_FLIGHT: u64 = 1;
/// One request in flight becoming one done: minus one in the low word, plus one in the high.
const DONE: u64 = (1 << 32) - 1;

impl Control {
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Control {
            activity: AtomicU64::new(0),
            stop: AtomicU8::new(RUN),
            task: AtomicWaker::new(),
        })
    }

    /// Counts a request from its head until the guard is dropped (with its response body).
    pub(crate) fn begin(self: &Arc<Self>) -> Busy {
        self.activity.fetch_add(IN_FLIGHT, Ordering::AcqRel);
        Busy(Arc::clone(self))
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

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.activity.fetch_add(DONE, Ordering::AcqRel);
    }
}

/// Closes the connection once it has been quiet (no request in flight, none done) for
/// `timeout`: a new connection that sends no complete request head, a slowloris, a keep-alive
/// connection after its last response. It looks every quarter of `timeout`, so a connection
/// goes between `timeout` and 1.25 times it after its last response. Runs as its own task, so
/// the connection task never polls a timer.
///
/// On server shutdown it asks the connection to finish gracefully, and from then on closes it
/// as soon as it has been quiet for one look, at most [`SHUTDOWN_LOOK`] apart: hyper's
/// graceful close ends idle connections and those whose last response is sent, but not one in
/// the middle of a request head, which would otherwise hold the shutdown until its drain
/// timeout. One quiet look, not zero, so a response whose body was just handed over is flushed
/// first.
pub(crate) async fn watchdog(
    control: Arc<Control>,
    timeout: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut tick = (timeout / 4).max(Duration::from_millis(1));
    let mut limit = timeout;
    let mut stopping = false;
    let mut seen = control.activity.load(Ordering::Acquire);
    let mut quiet = Duration::ZERO;
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
        let in_flight = activity & u64::from(u32::MAX);
        if in_flight > 0 || activity != seen {
            seen = activity;
            quiet = Duration::ZERO;
            continue;
        }
        quiet += tick;
        if quiet >= limit {
            control.stop(CLOSE);
            return;
        }
    }
}

/// How often the watchdog looks once the server is shutting down.
const SHUTDOWN_LOOK: Duration = Duration::from_millis(250);

#[cfg(test)]
mod tests {
    use super::*;

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
        tokio::spawn(watchdog(idle.clone(), Duration::from_secs(10), rx.clone()));
        let busy = Control::new();
        let request = busy.begin();
        tokio::spawn(watchdog(busy.clone(), Duration::from_secs(10), rx));
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
        tokio::spawn(watchdog(control.clone(), Duration::from_secs(10), rx));
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
        let dog = tokio::spawn(watchdog(control.clone(), Duration::from_secs(60), rx));
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
