//! [`PeekSettings`]: how far, how long and within which budget a layer reads the start of a
//! request body. One struct, so the layers that read a body's start (the extended-card layer,
//! the security layer, `UnimplementedAgent`) are configured with the same words.

use bytes::Bytes;
use http_body::Body;

use super::bounded::{Read, ReadFailure, read_up_to};
use super::{BodyBudget, BodyTimeout, DEFAULT_JSONRPC_PEEK, Held};

/// How a layer reads the start of a request body: at most [`max_bytes`](Self::max_bytes)
/// (default [`DEFAULT_JSONRPC_PEEK`]), within a [`timeout`](Self::timeout) when one is set
/// (none by default), holding what it reads in a [`budget`](Self::budget) (default a budget of
/// its own of [`DEFAULT_BODY_BUDGET`](super::DEFAULT_BODY_BUDGET) bytes). Given to
/// [`ExtendedCardLayerBuilder::peek`](crate::extended::ExtendedCardLayerBuilder::peek),
/// [`RequireCardSecurityLayerBuilder::peek`](crate::security::RequireCardSecurityLayerBuilder::peek)
/// and [`UnimplementedAgent::peek`](crate::extended::UnimplementedAgent::peek). Clones share
/// the budget, so one value given to every layer of a server bounds them together.
///
/// ```
/// use a2a_card::body::{BodyBudget, BodyTimeout, PeekSettings};
/// use std::time::Duration;
/// let peek = PeekSettings::default()
///     .max_bytes(4096)
///     .timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep))
///     .budget(BodyBudget::new(4 * 1024 * 1024));
/// # let _ = peek;
/// ```
#[derive(Debug, Clone)]
#[must_use = "give it to a layer's builder with .peek(..)"]
pub struct PeekSettings {
    max_bytes: usize,
    timeout: Option<BodyTimeout>,
    budget: BodyBudget,
}

impl Default for PeekSettings {
    /// [`DEFAULT_JSONRPC_PEEK`] bytes, no deadline, a [`BodyBudget::default`] of its own.
    fn default() -> Self {
        PeekSettings {
            max_bytes: DEFAULT_JSONRPC_PEEK,
            timeout: None,
            budget: BodyBudget::default(),
        }
    }
}

impl PeekSettings {
    /// How many bytes of a body are read (default [`DEFAULT_JSONRPC_PEEK`], 64 KiB). A
    /// larger body is not read further: the extended-card layer treats it as an undecided
    /// call, the security layer writes its refusal without the call's id.
    ///
    /// ```
    /// let peek = a2a_card::body::PeekSettings::default().max_bytes(4096);
    /// # let _ = peek;
    /// ```
    pub fn max_bytes(mut self, bytes: usize) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// The number of bytes read at most, for the answers that name it.
    #[cfg(all(feature = "grpc", feature = "extended"))]
    pub(crate) fn limit(&self) -> usize {
        self.max_bytes
    }

    /// A deadline for the part of the body the layer reads: a body that has not arrived by
    /// then gets `408 Request Timeout` with `Connection: close`. Without one the layer waits
    /// as long as the server lets the client take, so set one unless the server bounds request
    /// bodies itself (`a2a-card serve` gives `--body-timeout`).
    ///
    /// ```
    /// use a2a_card::body::{BodyTimeout, PeekSettings};
    /// use std::time::Duration;
    /// let peek = PeekSettings::default()
    ///     .timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep));
    /// # let _ = peek;
    /// ```
    pub fn timeout(mut self, timeout: BodyTimeout) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// The budget of request-body bytes held while reading (see [`BodyBudget`]). Give every
    /// layer of a server the same one. A read that would go over it stops at once: the
    /// extended-card layer answers `503` with `Retry-After: 1`, the security layer writes its
    /// refusal without the call's id.
    ///
    /// ```
    /// use a2a_card::body::{BodyBudget, PeekSettings};
    /// let budget = BodyBudget::new(4 * 1024 * 1024);
    /// let peek = PeekSettings::default().budget(budget.clone());
    /// # let _ = peek;
    /// ```
    pub fn budget(mut self, budget: BodyBudget) -> Self {
        self.budget = budget;
        self
    }

    /// Reads the start of `body` under these settings.
    pub(crate) async fn read<B>(&self, body: B) -> Result<(Read<B>, Held), ReadFailure<B::Error>>
    where
        B: Body<Data = Bytes>,
    {
        read_up_to(body, self.max_bytes, self.timeout.as_ref(), &self.budget).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(text: &'static str) -> http_body_util::Full<Bytes> {
        http_body_util::Full::new(Bytes::from_static(text.as_bytes()))
    }

    fn run<F: std::future::Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
            .block_on(future)
    }

    #[test]
    fn the_defaults_are_the_documented_ones() {
        let peek = PeekSettings::default();
        assert_eq!(peek.max_bytes, DEFAULT_JSONRPC_PEEK);
        assert!(peek.timeout.is_none());
        assert_eq!(peek.budget.limit(), super::super::DEFAULT_BODY_BUDGET);
    }

    #[test]
    fn a_body_past_max_bytes_is_read_only_that_far() {
        let peek = PeekSettings::default().max_bytes(4);
        let Ok(((read, _, rest), _held)) = run(peek.read(full("0123456789"))) else {
            panic!("the read failed");
        };
        assert!(rest.is_some(), "the rest of the body is left unread");
        assert_eq!(&read[..], b"0123456789", "one frame, taken whole");
        let Ok(((read, _, rest), _held)) = run(peek.read(full("0123"))) else {
            panic!("the read failed");
        };
        assert!(rest.is_none(), "a body of max_bytes ends within the peek");
        assert_eq!(&read[..], b"0123");
    }

    #[test]
    fn clones_share_the_budget_and_an_over_budget_read_fails() {
        let budget = BodyBudget::new(8);
        let peek = PeekSettings::default().budget(budget.clone());
        let clone = peek.clone();
        let held = run(clone.read(full("01234567"))).ok().map(|(_, held)| held);
        assert_eq!(budget.held(), 8, "the clone's read holds the shared budget");
        assert!(matches!(
            run(peek.read(full("x"))),
            Err(ReadFailure::OverBudget)
        ));
        drop(held);
        assert_eq!(budget.held(), 0);
    }

    #[test]
    fn a_body_that_never_arrives_times_out() {
        let peek = PeekSettings::default().timeout(BodyTimeout::new(
            std::time::Duration::from_millis(10),
            tokio::time::sleep,
        ));
        let never = http_body_util::StreamBody::new(futures::stream::pending::<
            Result<http_body::Frame<Bytes>, std::convert::Infallible>,
        >());
        assert!(matches!(run(peek.read(never)), Err(ReadFailure::TimedOut)));
    }
}
