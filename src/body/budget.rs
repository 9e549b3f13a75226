//! A budget of request-body bytes shared by every request a layer reads the start of.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The default [`BodyBudget`]: 16 MiB, 256 full [JSON-RPC peeks](super::DEFAULT_JSONRPC_PEEK)
/// at once, thousands of ordinary calls.
///
/// ```
/// assert_eq!(a2a_card::body::DEFAULT_BODY_BUDGET, 16 * 1024 * 1024);
/// ```
pub const DEFAULT_BODY_BUDGET: usize = 16 * 1024 * 1024;

/// How many bytes of request bodies the layers may hold at once while they read the start of
/// them (the extended-card layer to learn a JSON-RPC call's method, the security layer to
/// echo a refused call's id), across every connection and stream that shares it. Each
/// request's bytes count from the moment they are read until they are handed on (the inner
/// service has taken them, or the request is answered). A request whose bytes would go over it
/// is not buffered: the extended-card layer answers `503 Service Unavailable` with
/// `Retry-After: 1` (a JSON-RPC error), the security layer writes its refusal without the
/// call's id. Clones share one budget, so give the same one to every layer of a server.
///
/// Without it, HTTP/2 multiplies what one client can make the server hold: 100 streams per
/// connection, each sending just under the peek without ending its body, on every connection.
///
/// ```
/// use a2a_card::body::BodyBudget;
/// let budget = BodyBudget::new(8 * 1024 * 1024);
/// let shared = budget.clone();
/// assert_eq!(shared.limit(), 8 * 1024 * 1024);
/// assert_eq!(budget.held(), 0);
/// ```
#[derive(Debug, Clone)]
pub struct BodyBudget {
    account: Arc<Account>,
}

#[derive(Debug)]
/// The budget every clone draws on: its limit and the bytes held now.
struct Account {
    limit: usize,
    held: AtomicUsize,
}

impl Default for BodyBudget {
    /// A budget of [`DEFAULT_BODY_BUDGET`] bytes.
    fn default() -> Self {
        BodyBudget::new(DEFAULT_BODY_BUDGET)
    }
}

impl BodyBudget {
    /// A budget of `bytes`, held by nothing yet.
    ///
    /// ```
    /// let budget = a2a_card::body::BodyBudget::new(1 << 20);
    /// assert_eq!((budget.limit(), budget.held()), (1 << 20, 0));
    /// ```
    pub fn new(bytes: usize) -> Self {
        BodyBudget {
            account: Arc::new(Account {
                limit: bytes,
                held: AtomicUsize::new(0),
            }),
        }
    }

    /// The most bytes held at once.
    ///
    /// ```
    /// assert_eq!(a2a_card::body::BodyBudget::new(100).limit(), 100);
    /// ```
    pub fn limit(&self) -> usize {
        self.account.limit
    }

    /// The bytes held now.
    ///
    /// ```
    /// assert_eq!(a2a_card::body::BodyBudget::default().held(), 0);
    /// ```
    pub fn held(&self) -> usize {
        self.account.held.load(Ordering::Acquire)
    }

    /// A holding of nothing yet, for one request.
    pub(crate) fn hold(&self) -> Held {
        Held {
            budget: self.clone(),
            bytes: 0,
        }
    }
}

/// One request's share of a [`BodyBudget`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Held {
    budget: BodyBudget,
    bytes: usize,
}

impl Held {
    /// Takes `more` bytes from the budget; `false`, taking nothing, when that would exceed it.
    pub(crate) fn grow(&mut self, more: usize) -> bool {
        let account = &self.budget.account;
        let taken = account
            .held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(more)
                    .filter(|&total| total <= account.limit)
            });
        if taken.is_ok() {
            self.bytes += more;
        }
        taken.is_ok()
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.budget
            .account
            .held
            .fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_take_up_to_the_limit_exactly_and_give_back_when_dropped() {
        let budget = BodyBudget::new(100);
        let mut first = budget.hold();
        assert!(first.grow(60));
        let mut second = budget.hold();
        assert!(!second.grow(41), "one byte over is refused");
        assert_eq!(budget.held(), 60, "a refused growth takes nothing");
        assert!(second.grow(40), "exactly the limit is allowed");
        assert_eq!(budget.held(), 100);
        assert!(!second.grow(1));
        drop(first);
        assert_eq!(budget.held(), 40);
        assert!(second.grow(60));
        drop(second);
        assert_eq!(budget.held(), 0);
    }

    #[test]
    fn clones_share_one_budget_and_overflow_is_refused() {
        let budget = BodyBudget::new(usize::MAX);
        let clone = budget.clone();
        let mut held = clone.hold();
        assert!(held.grow(usize::MAX - 1));
        assert_eq!(budget.held(), usize::MAX - 1);
        let mut more = budget.hold();
        assert!(!more.grow(2), "no wrap-around past usize::MAX");
    }
}
