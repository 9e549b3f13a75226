//! The verified-token cache of a [`JwtVerifier`](super::JwtVerifier): tokens whose signature
//! and claims were checked, keyed by the SHA-256 of the token, so the same token sent again
//! costs a digest and a lookup instead of a signature check.
//!
//! What keeps it safe:
//! - an entry never outlives the token's `exp` nor the configured maximum age;
//! - the time claims (`exp`, `nbf`, `iat`, with the leeway) are checked again on every hit;
//! - an entry remembers the key that verified it (kid, algorithm and a digest of the public
//!   key), and a hit counts only while the verifier's current key set still holds that key;
//! - only successes are stored: a refused token is checked in full every time;
//! - it belongs to one verifier (its issuer, audiences, algorithms and token type), never
//!   shared with another;
//! - it is bounded in entries and in bytes; when full, the entry not used since the clock
//!   hand last passed it goes first (CLOCK, a cheap approximation of least recently used).

use std::collections::{HashMap, VecDeque};
use std::mem::size_of;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use sha2::{Digest as _, Sha256};

use crate::security::Grant;
use crate::sign::Algorithm;

use super::claims::Times;
use super::signature::KeyFingerprint;

/// The SHA-256 of a token's bytes.
pub(crate) type TokenDigest = [u8; 32];

/// The digest a token is cached under.
pub(crate) fn digest(token: &str) -> TokenDigest {
    Sha256::digest(token.as_bytes()).into()
}

/// Default of [`JwtVerifierBuilder::cache_max_entries`](super::JwtVerifierBuilder::cache_max_entries).
pub const DEFAULT_CACHE_MAX_ENTRIES: usize = 10_000;
/// Default of [`JwtVerifierBuilder::cache_max_bytes`](super::JwtVerifierBuilder::cache_max_bytes): 8 MiB.
pub const DEFAULT_CACHE_MAX_BYTES: usize = 8 * 1024 * 1024;
/// Default of [`JwtVerifierBuilder::cache_max_age`](super::JwtVerifierBuilder::cache_max_age): 5 minutes.
pub const DEFAULT_CACHE_MAX_AGE: Duration = Duration::from_secs(300);

/// How large and how old the cache may grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) max_entries: usize,
    pub(crate) max_bytes: usize,
    pub(crate) max_age: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_entries: DEFAULT_CACHE_MAX_ENTRIES,
            max_bytes: DEFAULT_CACHE_MAX_BYTES,
            max_age: DEFAULT_CACHE_MAX_AGE,
        }
    }
}

/// What a verified token showed: what it grants, its time claims, and the key it was
/// verified with.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Verified {
    pub(crate) grant: Grant,
    pub(crate) times: Times,
    pub(crate) kid: Option<String>,
    pub(crate) alg: Algorithm,
    pub(crate) key: KeyFingerprint,
}

/// The cache's counters (see [`JwtVerifier::cache_stats`](super::JwtVerifier::cache_stats)).
///
/// ```
/// let stats = a2a_card::security::jwt::CacheStats::default();
/// assert_eq!((stats.entries, stats.bytes, stats.hits, stats.misses), (0, 0, 0, 0));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheStats {
    /// Tokens held now.
    pub entries: usize,
    /// The bytes they are counted as (an estimate of what each entry holds: its digest,
    /// subject, scopes, kid and bookkeeping), never above the configured maximum.
    pub bytes: usize,
    /// Tokens found in the cache (their time claims and key then checked again).
    pub hits: u64,
    /// Tokens looked for and not found, or found too old.
    pub misses: u64,
    /// Entries removed to make room for others.
    pub evictions: u64,
}

struct Entry {
    verified: Arc<Verified>,
    /// Seconds since the epoch: the earlier of the token's `exp` and insertion + maximum age.
    expires_at: f64,
    bytes: usize,
    /// Used since the clock hand last passed it.
    referenced: bool,
    /// Tells this entry's slot in the clock queue from slots of entries it replaced.
    seq: u64,
}

#[derive(Default)]
struct State {
    entries: HashMap<TokenDigest, Entry>,
    /// The clock: digests in insertion order, each with the `seq` of the entry it was queued
    /// for (a slot whose entry was removed or replaced is skipped when reached).
    clock: VecDeque<(TokenDigest, u64)>,
    bytes: usize,
    next_seq: u64,
    stats: CacheStats,
}

/// The cache; see the module docs.
pub(crate) struct TokenCache {
    limits: Limits,
    state: Mutex<State>,
}

impl std::fmt::Debug for TokenCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenCache")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// Bytes an entry is counted as besides its strings: the map's slot, the clock's slot, the
/// shared `Verified` and its reference counts.
const ENTRY_OVERHEAD: usize = size_of::<(TokenDigest, Entry)>()
    + size_of::<(TokenDigest, u64)>()
    + size_of::<Verified>()
    + 2 * size_of::<usize>();
/// Bytes a scope is counted as besides its text: its `String` and a share of the tree's node.
const SCOPE_OVERHEAD: usize = size_of::<String>() + 2 * size_of::<usize>();

impl TokenCache {
    /// A cache with these limits, or none when a limit is zero (the cache is off).
    pub(crate) fn new(limits: Limits) -> Option<Self> {
        if limits.max_entries == 0 || limits.max_bytes == 0 || limits.max_age.is_zero() {
            return None;
        }
        Some(TokenCache {
            limits,
            state: Mutex::new(State::default()),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // The state is consistent between statements: a panic elsewhere leaves it usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The token verified under `digest`, unless absent or too old at `now`.
    pub(crate) fn get(&self, digest: &TokenDigest, now: f64) -> Option<Arc<Verified>> {
        let mut state = self.state();
        let found = match state.entries.get_mut(digest) {
            Some(entry) if now < entry.expires_at => {
                entry.referenced = true;
                Some(entry.verified.clone())
            }
            Some(_) => {
                state.remove(digest);
                None
            }
            None => None,
        };
        match found {
            Some(_) => state.stats.hits += 1,
            None => state.stats.misses += 1,
        }
        found
    }

    /// Forgets a token (its key left the key set).
    pub(crate) fn remove(&self, digest: &TokenDigest) {
        self.state().remove(digest);
    }

    /// Keeps a token verified at `now`, making room if needed. A token about to expire, or
    /// larger than the whole byte budget, is not kept.
    pub(crate) fn insert(&self, digest: TokenDigest, verified: Verified, now: f64) {
        let expires_at = verified
            .times
            .exp
            .min(now + self.limits.max_age.as_secs_f64());
        if expires_at <= now {
            return;
        }
        let bytes = entry_bytes(&verified);
        if bytes > self.limits.max_bytes {
            return;
        }
        let mut state = self.state();
        state.remove(&digest);
        while state.entries.len() >= self.limits.max_entries
            || state.bytes + bytes > self.limits.max_bytes
        {
            if !state.evict_one(now) {
                break;
            }
        }
        let seq = state.next_seq;
        state.next_seq += 1;
        state.bytes += bytes;
        state.entries.insert(
            digest,
            Entry {
                verified: Arc::new(verified),
                expires_at,
                bytes,
                referenced: false,
                seq,
            },
        );
        state.clock.push_back((digest, seq));
        state.compact_clock();
    }

    /// The counters now.
    pub(crate) fn stats(&self) -> CacheStats {
        let state = self.state();
        CacheStats {
            entries: state.entries.len(),
            bytes: state.bytes,
            ..state.stats
        }
    }

    /// The clock queue's length, live and stale slots (tests check it stays bounded).
    #[cfg(test)]
    pub(crate) fn clock_len(&self) -> usize {
        self.state().clock.len()
    }

    /// The limits it was made with.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }
}

impl State {
    fn remove(&mut self, digest: &TokenDigest) {
        if let Some(entry) = self.entries.remove(digest) {
            self.bytes -= entry.bytes;
        }
    }

    /// Removes one entry: the first the clock hand reaches that is expired or was not used
    /// since the hand last passed it. False when there is nothing to remove.
    fn evict_one(&mut self, now: f64) -> bool {
        // Each live slot is passed over at most once (its flag is cleared when it is), so
        // two turns of the queue find a victim.
        while let Some((digest, seq)) = self.clock.pop_front() {
            let Some(entry) = self.entries.get_mut(&digest) else {
                continue;
            };
            if entry.seq != seq {
                continue;
            }
            if entry.referenced && now < entry.expires_at {
                entry.referenced = false;
                self.clock.push_back((digest, seq));
                continue;
            }
            self.remove(&digest);
            self.stats.evictions += 1;
            return true;
        }
        false
    }

    /// Drops the clock's slots of removed or replaced entries once they outnumber the live
    /// ones, so the queue stays within twice the entries.
    fn compact_clock(&mut self) {
        if self.clock.len() > 2 * self.entries.len() + 16 {
            let entries = &self.entries;
            self.clock
                .retain(|(digest, seq)| entries.get(digest).is_some_and(|e| e.seq == *seq));
        }
    }
}

/// What an entry is counted as: the fixed parts and the texts it holds.
pub(crate) fn entry_bytes(verified: &Verified) -> usize {
    let grant = &verified.grant;
    ENTRY_OVERHEAD
        + verified.kid.as_ref().map_or(0, String::len)
        + grant.subject.as_ref().map_or(0, String::len)
        + grant
            .scopes
            .iter()
            .map(|scope| scope.len() + SCOPE_OVERHEAD)
            .sum::<usize>()
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
