//! One connection's deadline and stop signal, kept off the per-request path.
//!
//! hyper's own header-read timeout arms a fresh timer for every request head (an allocation,
//! and a timer-wheel insert and removal under the driver's lock); hyper-util's graceful
//! watcher polls a channel every time the connection task wakes. Measured under load, the two
//! were most of what `a2a-card serve` spent above a bare hyper server. Here a request costs
//! two atomic updates and a clock read: a [`Busy`] guard counts it from its head until its
//! response body is dropped, and stamps the time the connection went idle. A separate
//! watchdog task sleeps until the connection's deadline, checks the count and the stamp, and
//! only then decides: still busy or active since, sleep again; idle for the whole timeout,
//! close. Server shutdown reaches the connection the same way, through [`Control::stop`].

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use atomic_waker::AtomicWaker;
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
    /// Requests whose head has been read and whose response has not ended yet.
    busy: AtomicUsize,
    /// When the connection last had no request in flight, in milliseconds since `opened`.
    idle_since: AtomicU64,
    stop: AtomicU8,
    /// The connection task, woken when `stop` changes.
    task: AtomicWaker,
    opened: Instant,
}

impl Control {
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Control {
            busy: AtomicUsize::new(0),
            idle_since: AtomicU64::new(0),
            stop: AtomicU8::new(RUN),
            task: AtomicWaker::new(),
            opened: Instant::now(),
        })
    }

    /// Counts a request from its head until the guard is dropped (with its response body).
    pub(crate) fn begin(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::AcqRel);
        Busy(Arc::clone(self))
    }

    fn millis_since_open(&self) -> u64 {
        u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn stop(&self, how: u8) {
        self.stop.fetch_max(how, Ordering::AcqRel);
        self.task.wake();
    }

    /// Drives `connection` until it ends or is told to stop. `graceful` starts the
    /// connection's own graceful shutdown; it is called at most once.
    pub(crate) async fn drive<C, F>(&self, connection: Pin<&mut C>, mut graceful: F)
    where
        C: Future,
        F: FnMut(Pin<&mut C>),
    {
        let mut connection = connection;
        let mut graceful_started = false;
        std::future::poll_fn(|cx: &mut Context<'_>| {
            self.task.register(cx.waker());
            match self.stop.load(Ordering::Acquire) {
                CLOSE => return Poll::Ready(()),
                GRACEFUL if !graceful_started => {
                    graceful_started = true;
                    graceful(connection.as_mut());
                }
                _ => {}
            }
            connection.as_mut().poll(cx).map(|_| ())
        })
        .await;
    }
}

/// One request in flight; dropping it marks the moment the connection may be idle again.
#[derive(Debug)]
pub(crate) struct Busy(Arc<Control>);

impl Drop for Busy {
    fn drop(&mut self) {
        // The stamp first: the watchdog reads `busy`, then the stamp.
        let now = self.0.millis_since_open();
        self.0.idle_since.store(now, Ordering::Release);
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Closes the connection once it has waited `timeout` for a request head (a new connection,
/// or a keep-alive one after its last response), and asks it to finish gracefully when the
/// server shuts down. Runs as its own task, so the connection task never polls a timer.
pub(crate) async fn watchdog(
    control: Arc<Control>,
    timeout: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut wake_at = control.opened + timeout;
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(wake_at) => {}
            // A closed channel means the server is gone: stop as for a shutdown.
            _ = shutdown.wait_for(|stopping| *stopping) => {
                control.stop(GRACEFUL);
                return;
            }
        }
        if control.busy.load(Ordering::Acquire) > 0 {
            // A request is being answered: its body has its own deadline in the layers.
            wake_at = Instant::now() + timeout;
            continue;
        }
        let idle_since = Duration::from_millis(control.idle_since.load(Ordering::Acquire));
        let due = control.opened + idle_since + timeout;
        if Instant::now() >= due && control.busy.load(Ordering::Acquire) == 0 {
            control.stop(CLOSE);
            return;
        }
        wake_at = due.max(Instant::now() + Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_busy_until_its_guard_drops() {
        let control = Control::new();
        let first = control.begin();
        let second = control.begin();
        assert_eq!(control.busy.load(Ordering::Acquire), 2);
        drop(first);
        assert_eq!(control.busy.load(Ordering::Acquire), 1);
        std::thread::sleep(Duration::from_millis(5));
        drop(second);
        assert_eq!(control.busy.load(Ordering::Acquire), 0);
        assert!(control.idle_since.load(Ordering::Acquire) >= 5);
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
        tokio::time::sleep(Duration::from_secs(11)).await;
        assert_eq!(idle.stop.load(Ordering::Acquire), CLOSE);
        assert_eq!(busy.stop.load(Ordering::Acquire), RUN);
        drop(request);
    }

    #[tokio::test(start_paused = true)]
    async fn shutdown_asks_for_a_graceful_close() {
        let (tx, rx) = watch::channel(false);
        let control = Control::new();
        let _request = control.begin();
        let dog = tokio::spawn(watchdog(control.clone(), Duration::from_secs(10), rx));
        tx.send(true).unwrap();
        dog.await.unwrap();
        assert_eq!(control.stop.load(Ordering::Acquire), GRACEFUL);
    }
}
