//! [`FirstPollInline`]: the executor hyper's HTTP/2 runs each request stream on.
//!
//! hyper hands every HTTP/2 request stream (the service's future, then the response's frames)
//! to its executor, and tokio's spawns a task for each: an allocation, a trip through the
//! scheduler's queues, often a wake-up of the other worker thread, and a second wake-up of the
//! connection task once the stream has queued its frames. A card request is answered at once
//! (its future is ready on its first poll), so for it all of that moves a ready answer from one
//! task to another. This executor polls the new stream's future once, right where hyper hands
//! it over (in the connection's task, after hyper has let go of the connection's state), and
//! spawns it only if it is not finished: a stream that waits (a handler that does real work, a
//! body that streams, a client without send window) goes on in its own task as before. The
//! streams a batch of requests opens are then answered in the connection task's one pass, so
//! their frames go out together (see [`Coalesced`](crate::coalesce::Coalesced)).
//!
//! The first poll uses a waker that does nothing: whatever the future waits on, the task it is
//! spawned into polls it again first thing and registers its own waker then. A future that
//! panics on its first poll is dropped (its stream reset, as when a spawned task panics) and
//! the panic does not reach the connection's other streams.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::task::{Context, Waker};

/// An executor that polls a future once before spawning it on tokio (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FirstPollInline;

impl<F> hyper::rt::Executor<F> for FirstPollInline
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    fn execute(&self, future: F) {
        let mut future = Box::pin(future);
        let mut cx = Context::from_waker(Waker::noop());
        match catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(&mut cx))) {
            Ok(std::task::Poll::Ready(_)) => {}
            Ok(std::task::Poll::Pending) => {
                tokio::spawn(future);
            }
            // The panic hook has reported it, as for a task's panic; dropping the future
            // resets its stream.
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use hyper::rt::Executor;

    /// Counts its polls, and is ready from the `ready_at`-th one on.
    struct Polls {
        polls: Arc<AtomicUsize>,
        ready_at: usize,
    }

    impl Future for Polls {
        type Output = ();
        fn poll(self: std::pin::Pin<&mut Self>, cx: &mut Context<'_>) -> std::task::Poll<()> {
            let n = self.polls.fetch_add(1, Ordering::SeqCst) + 1;
            if n >= self.ready_at {
                std::task::Poll::Ready(())
            } else {
                cx.waker().wake_by_ref();
                std::task::Poll::Pending
            }
        }
    }

    #[tokio::test]
    async fn a_ready_future_is_finished_in_place_and_never_spawned() {
        let polls = Arc::new(AtomicUsize::new(0));
        let before = tokio::runtime::Handle::current()
            .metrics()
            .num_alive_tasks();
        FirstPollInline.execute(Polls {
            polls: polls.clone(),
            ready_at: 1,
        });
        assert_eq!(
            polls.load(Ordering::SeqCst),
            1,
            "polled once, before execute returned"
        );
        assert_eq!(
            tokio::runtime::Handle::current()
                .metrics()
                .num_alive_tasks(),
            before,
            "no task spawned"
        );
    }

    #[tokio::test]
    async fn a_pending_future_is_spawned_and_driven_to_its_end() {
        let polls = Arc::new(AtomicUsize::new(0));
        let (done, finished) = tokio::sync::oneshot::channel::<()>();
        let counted = Polls {
            polls: polls.clone(),
            ready_at: 3,
        };
        FirstPollInline.execute(async move {
            counted.await;
            let _ = done.send(());
        });
        assert_eq!(polls.load(Ordering::SeqCst), 1, "polled once in place");
        tokio::time::timeout(std::time::Duration::from_secs(30), finished)
            .await
            .expect("the spawned task finished the future")
            .unwrap();
        assert_eq!(polls.load(Ordering::SeqCst), 3);
    }

    /// The first poll's waker does nothing: the spawned task must still be woken by what the
    /// future waits on, here a channel that gets its value only after the first poll.
    #[tokio::test]
    async fn a_future_woken_after_its_first_poll_is_woken_in_its_task() {
        let (tx, rx) = tokio::sync::oneshot::channel::<u8>();
        let (done, finished) = tokio::sync::oneshot::channel::<u8>();
        FirstPollInline.execute(async move {
            let value = rx.await.unwrap();
            let _ = done.send(value);
        });
        tokio::task::yield_now().await;
        tx.send(7).unwrap();
        let got = tokio::time::timeout(std::time::Duration::from_secs(30), finished)
            .await
            .expect("the future was woken in its task")
            .unwrap();
        assert_eq!(got, 7);
    }

    #[tokio::test]
    async fn a_panic_on_the_first_poll_stays_in_the_future() {
        let dropped = Arc::new(AtomicUsize::new(0));
        struct Guard(Arc<AtomicUsize>);
        impl Drop for Guard {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let guard = Guard(dropped.clone());
        FirstPollInline.execute(async move {
            let _guard = guard;
            panic!("a handler's bug");
        });
        assert_eq!(dropped.load(Ordering::SeqCst), 1, "the future was dropped");
    }
}
