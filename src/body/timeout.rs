//! A deadline for reading a request body, on the caller's runtime.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// A runtime's sleep, boxed.
type Sleep = dyn Fn(Duration) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync;

/// A deadline for reading a request body, with the timer it runs on: the middlewares are
/// runtime-agnostic, so the caller gives the sleep function of its runtime
/// (`tokio::time::sleep`, `async_io::Timer::after`, ...). When a layer needs a request's body
/// (the extended-card layer to learn a JSON-RPC call's method, the security layer to write a
/// refusal in JSON-RPC style) and the body has not arrived in full by then, the layer answers
/// `408 Request Timeout` with `Connection: close` and drops the request: a client that sends
/// headers with `Content-Length: 100` and no body, or trickles it, no longer holds the
/// connection open for as long as it likes.
///
/// ```
/// use std::time::Duration;
/// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep);
/// assert_eq!(timeout.duration(), Duration::from_secs(10));
/// ```
#[derive(Clone)]
pub struct BodyTimeout {
    pub(super) after: Duration,
    pub(super) sleep: Arc<Sleep>,
}

impl BodyTimeout {
    /// A deadline of `after` from the moment the layer starts reading, timed by `sleep`
    /// (a function that returns a future completing after the duration it is given).
    ///
    /// ```
    /// use std::time::Duration;
    /// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_millis(500), tokio::time::sleep);
    /// assert_eq!(timeout.duration(), Duration::from_millis(500));
    /// assert!(format!("{timeout:?}").contains("500ms"));
    /// ```
    pub fn new<F, Fut>(after: Duration, sleep: F) -> Self
    where
        F: Fn(Duration) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        BodyTimeout {
            after,
            sleep: Arc::new(move |d| Box::pin(sleep(d))),
        }
    }

    /// How long a body may take.
    ///
    /// ```
    /// # use std::time::Duration;
    /// let timeout = a2a_card::body::BodyTimeout::new(Duration::from_secs(3), tokio::time::sleep);
    /// assert_eq!(timeout.duration().as_secs(), 3);
    /// ```
    pub fn duration(&self) -> Duration {
        self.after
    }
}

impl std::fmt::Debug for BodyTimeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BodyTimeout")
            .field("after", &self.after)
            .finish_non_exhaustive()
    }
}
