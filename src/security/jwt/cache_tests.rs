//! Unit tests of the verified-token cache (issue 35): time driven through the verifier's
//! clock, never measured; the cache type fed directly for its bounds. The key-set rotation
//! tests, which need a key set that changes, are in `remote_tests.rs` and
//! `tests/security_jwt.rs`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use super::super::claims::{Clock, Times};
use super::super::{JwksSource, JwtSigner, JwtVerifier, JwtVerifierBuilder};
use super::{
    DEFAULT_CACHE_MAX_AGE, DEFAULT_CACHE_MAX_BYTES, DEFAULT_CACHE_MAX_ENTRIES, Limits, TokenCache,
    TokenDigest, Verified, digest,
};
use crate::security::{Grant, TokenError};
use crate::sign::{Algorithm, SigningKey};

const ISSUER: &str = "https://id.example";
const T0: f64 = 2_000_000_000.0;

/// A clock the test sets, in seconds since the epoch.
#[derive(Clone)]
struct TestClock(Arc<AtomicU64>);

impl TestClock {
    fn at(seconds: f64) -> Self {
        TestClock(Arc::new(AtomicU64::new(seconds.to_bits())))
    }

    fn set(&self, seconds: f64) {
        self.0.store(seconds.to_bits(), Ordering::SeqCst);
    }

    fn clock(&self) -> Clock {
        let time = self.0.clone();
        Clock::from_fn(move || f64::from_bits(time.load(Ordering::SeqCst)))
    }
}

fn copy(key: &SigningKey) -> SigningKey {
    SigningKey::from_pkcs8_pem(&key.to_pkcs8_pem().unwrap()).unwrap()
}

fn sign(key: &SigningKey, kid: &str, claims: Value) -> String {
    JwtSigner::new(copy(key)).kid(kid).sign(&claims).unwrap()
}

fn claims(aud: &str, exp: f64) -> Value {
    json!({"iss": ISSUER, "aud": aud, "exp": exp, "sub": "alice", "scope": "cards.read"})
}

fn builder(key: &SigningKey, audience: &str, clock: &TestClock) -> JwtVerifierBuilder {
    JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")]).unwrap())
        .issuer(ISSUER)
        .audience(audience)
        .clock(clock.clock())
}

fn run(verifier: &JwtVerifier, token: &str) -> Result<Grant, TokenError> {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(verifier.verify(token))
}

/// (entries, hits, misses) of a verifier's cache.
fn counts(verifier: &JwtVerifier) -> (usize, u64, u64) {
    let stats = verifier.cache_stats().expect("the cache is on");
    (stats.entries, stats.hits, stats.misses)
}

#[test]
fn the_cache_is_on_by_default_with_its_documented_limits() {
    assert_eq!(
        Limits::default(),
        Limits {
            max_entries: 10_000,
            max_bytes: 8 * 1024 * 1024,
            max_age: Duration::from_secs(300),
        }
    );
    assert_eq!(DEFAULT_CACHE_MAX_ENTRIES, 10_000);
    assert_eq!(DEFAULT_CACHE_MAX_BYTES, 8 << 20);
    assert_eq!(DEFAULT_CACHE_MAX_AGE, Duration::from_secs(300));
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock).build().unwrap();
    let token = sign(&key, "k", claims("agent", T0 + 600.0));
    run(&verifier, &token).unwrap();
    run(&verifier, &token).unwrap();
    assert_eq!(counts(&verifier), (1, 1, 1));
    assert!(format!("{verifier:?}").contains("max_entries: 10000"));
    // Each limit at zero, or without_cache, turns it off.
    for off in [
        builder(&key, "agent", &clock).without_cache(),
        builder(&key, "agent", &clock).cache_max_entries(0),
        builder(&key, "agent", &clock).cache_max_bytes(0),
        builder(&key, "agent", &clock).cache_max_age(Duration::ZERO),
    ] {
        let verifier = off.build().unwrap();
        assert_eq!(verifier.cache_stats(), None);
        assert!(run(&verifier, &token).is_ok());
        assert!(format!("{verifier:?}").contains("cache: None"));
    }
}

#[test]
fn a_cached_token_is_refused_at_its_exp() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock)
        .leeway(Duration::ZERO)
        .build()
        .unwrap();
    let token = sign(&key, "k", claims("agent", T0 + 10.0));
    assert!(run(&verifier, &token).is_ok());
    clock.set(T0 + 9.5);
    let grant = run(&verifier, &token).unwrap();
    assert_eq!(grant.subject.as_deref(), Some("alice"));
    assert!(grant.scopes.contains("cards.read"));
    assert_eq!(counts(&verifier), (1, 1, 1), "the second use was a hit");
    // At exp: refused, and not from the cache (the entry ends at exp).
    clock.set(T0 + 10.0);
    assert_eq!(run(&verifier, &token), Err(TokenError::Expired));
    assert_eq!(counts(&verifier), (0, 1, 2));
    clock.set(T0 + 11.0);
    assert_eq!(run(&verifier, &token), Err(TokenError::Expired));
    assert_eq!(counts(&verifier), (0, 1, 3), "a refusal is not cached");
}

#[test]
fn with_a_leeway_the_token_is_checked_in_full_past_its_exp_and_refused_at_exp_plus_leeway() {
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock)
        .leeway(Duration::from_secs(60))
        .build()
        .unwrap();
    let token = sign(&key, "k", claims("agent", T0 + 10.0));
    assert!(run(&verifier, &token).is_ok());
    // Within the leeway past exp: still valid, but never a hit (no entry outlives exp).
    clock.set(T0 + 40.0);
    assert!(run(&verifier, &token).is_ok());
    assert_eq!(counts(&verifier), (0, 0, 2));
    clock.set(T0 + 70.0);
    assert_eq!(run(&verifier, &token), Err(TokenError::Expired));
}

#[test]
fn an_entry_lives_at_most_the_maximum_age() {
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock)
        .cache_max_age(Duration::from_secs(5))
        .build()
        .unwrap();
    let token = sign(&key, "k", claims("agent", T0 + 3600.0));
    run(&verifier, &token).unwrap();
    clock.set(T0 + 4.9);
    run(&verifier, &token).unwrap();
    assert_eq!(counts(&verifier), (1, 1, 1));
    // Past the maximum age: checked in full again, and cached again from then.
    clock.set(T0 + 5.0);
    run(&verifier, &token).unwrap();
    assert_eq!(counts(&verifier), (1, 1, 2));
    clock.set(T0 + 9.9);
    run(&verifier, &token).unwrap();
    assert_eq!(counts(&verifier), (1, 2, 2));
}

#[test]
fn the_time_claims_are_checked_again_on_every_hit() {
    // nbf 30 s ahead is within the 60 s leeway; when the clock steps back 40 s, it is not.
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock).build().unwrap();
    for claim in ["nbf", "iat"] {
        let mut early = claims("agent", T0 + 600.0);
        early[claim] = json!(T0 + 30.0);
        let token = sign(&key, "k", early);
        clock.set(T0);
        run(&verifier, &token).unwrap();
        clock.set(T0 - 40.0);
        let before = counts(&verifier);
        assert_eq!(
            run(&verifier, &token),
            Err(TokenError::NotYetValid),
            "{claim}"
        );
        assert_eq!(counts(&verifier).1, before.1 + 1, "{claim}: it was a hit");
    }
}

#[test]
fn a_token_cached_by_one_verifier_is_not_accepted_by_another() {
    let key = SigningKey::generate(Algorithm::Es256).unwrap();
    let clock = TestClock::at(T0);
    let agent = builder(&key, "agent", &clock).build().unwrap();
    let other = builder(&key, "other-agent", &clock).build().unwrap();
    let for_agent = sign(&key, "k", claims("agent", T0 + 600.0));
    let for_other = sign(&key, "k", claims("other-agent", T0 + 600.0));
    assert!(run(&agent, &for_agent).is_ok());
    assert!(run(&agent, &for_agent).is_ok());
    assert_eq!(run(&other, &for_agent), Err(TokenError::WrongAudience));
    assert_eq!(counts(&other), (0, 0, 1));
    assert!(run(&other, &for_other).is_ok());
    assert_eq!(run(&agent, &for_other), Err(TokenError::WrongAudience));
    // Another issuer's verifier with the same keys and audience: its own cache too.
    let elsewhere = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")]).unwrap())
        .issuer("https://other.example")
        .audience("agent")
        .clock(clock.clock())
        .build()
        .unwrap();
    assert_eq!(run(&elsewhere, &for_agent), Err(TokenError::WrongIssuer));
    // A clone shares its verifier's cache.
    let clone = agent.clone();
    assert!(run(&clone, &for_agent).is_ok());
    assert_eq!(
        counts(&clone),
        (1, 2, 2),
        "the refused for_other was a miss"
    );
}

#[test]
fn the_verifier_settings_apply_to_cached_tokens_through_the_verifier_they_belong_to() {
    // An algorithm or token type another verifier refuses stays refused there, though the
    // token is cached by a verifier that allows it.
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let any = builder(&key, "agent", &clock).build().unwrap();
    let only_es = builder(&key, "agent", &clock)
        .algorithms([Algorithm::Es256])
        .build()
        .unwrap();
    let typed = builder(&key, "agent", &clock)
        .token_type("at+jwt")
        .build()
        .unwrap();
    let token = sign(&key, "k", claims("agent", T0 + 600.0));
    run(&any, &token).unwrap();
    run(&any, &token).unwrap();
    assert!(matches!(
        run(&only_es, &token),
        Err(TokenError::Signature(_))
    ));
    assert!(matches!(run(&typed, &token), Err(TokenError::Invalid(_))));
}

#[test]
fn refusals_are_not_cached() {
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let other = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock).build().unwrap();
    let forged = sign(&other, "k", claims("agent", T0 + 600.0));
    let unknown = sign(&key, "k2", claims("agent", T0 + 600.0));
    let elsewhere = sign(&key, "k", claims("agent2", T0 + 600.0));
    for _ in 0..3 {
        assert!(matches!(
            run(&verifier, &forged),
            Err(TokenError::Signature(_))
        ));
        assert_eq!(run(&verifier, &unknown), Err(TokenError::UnknownKey));
        assert_eq!(run(&verifier, &elsewhere), Err(TokenError::WrongAudience));
    }
    assert_eq!(counts(&verifier), (0, 0, 9));
    // A refused token of the right form takes no room from valid ones.
    let valid = sign(&key, "k", claims("agent", T0 + 600.0));
    run(&verifier, &valid).unwrap();
    assert_eq!(counts(&verifier).0, 1);
}

#[test]
fn the_size_bound_comes_before_the_cache() {
    // A token over the size bound is refused even when an equal token was cached under a
    // larger bound: the bound is the verifier's, and checked first.
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let token = sign(&key, "k", claims("agent", T0 + 600.0));
    let verifier = builder(&key, "agent", &clock)
        .max_token_bytes(token.len())
        .build()
        .unwrap();
    run(&verifier, &token).unwrap();
    let longer = format!("{token}A");
    assert_eq!(
        run(&verifier, &longer),
        Err(TokenError::Malformed(
            "the token is larger than the size limit"
        ))
    );
    assert_eq!(counts(&verifier), (1, 0, 1), "the cache was not looked at");
}

#[test]
fn distinct_tokens_through_the_verifier_stay_within_the_entry_bound() {
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let clock = TestClock::at(T0);
    let verifier = builder(&key, "agent", &clock)
        .cache_max_entries(50)
        .build()
        .unwrap();
    for i in 0..400 {
        let mut distinct = claims("agent", T0 + 600.0);
        distinct["jti"] = json!(i);
        run(&verifier, &sign(&key, "k", distinct)).unwrap();
        assert!(verifier.cache_stats().unwrap().entries <= 50);
    }
    let stats = verifier.cache_stats().unwrap();
    assert_eq!((stats.entries, stats.evictions), (50, 350));
}

// ---------------------------------------------------------------------------------------
// The cache type itself.

fn verified(exp: f64, subject: &str, scopes: &[&str]) -> Verified {
    Verified {
        grant: Grant::subject(subject).with_scopes(scopes.iter().copied()),
        times: Times {
            exp,
            nbf: None,
            iat: None,
        },
        kid: Some("k".into()),
        alg: Algorithm::Es256,
        key: [7; 32],
    }
}

fn numbered(i: u64) -> TokenDigest {
    let mut d = [0; 32];
    d[..8].copy_from_slice(&i.to_le_bytes());
    d
}

fn limits(max_entries: usize, max_bytes: usize) -> Limits {
    Limits {
        max_entries,
        max_bytes,
        max_age: Duration::from_secs(300),
    }
}

#[test]
fn a_million_distinct_tokens_keep_the_cache_within_its_default_bounds() {
    let cache = TokenCache::new(Limits::default()).unwrap();
    let mut most = 0;
    for i in 0..1_000_000u64 {
        cache.insert(numbered(i), verified(T0 + 600.0, "alice", &["a"]), T0);
        if i % 1000 == 0 {
            let stats = cache.stats();
            assert!(stats.entries <= DEFAULT_CACHE_MAX_ENTRIES, "{stats:?}");
            assert!(stats.bytes <= DEFAULT_CACHE_MAX_BYTES, "{stats:?}");
            most = most.max(stats.entries);
        }
    }
    let stats = cache.stats();
    assert_eq!(stats.entries, DEFAULT_CACHE_MAX_ENTRIES);
    assert_eq!(
        stats.evictions,
        1_000_000 - DEFAULT_CACHE_MAX_ENTRIES as u64
    );
    assert_eq!(most, DEFAULT_CACHE_MAX_ENTRIES);
    // The newest are there, the oldest are gone.
    assert!(cache.get(&numbered(999_999), T0).is_some());
    assert!(cache.get(&numbered(0), T0).is_none());
    assert!(cache.clock_len() <= 2 * DEFAULT_CACHE_MAX_ENTRIES + 16);
}

#[test]
fn large_entries_are_bounded_by_bytes_before_entries() {
    // Entries with a 10 KB subject: a 100 KB budget holds fewer than 10 of them.
    let subject = "s".repeat(10_000);
    let cache = TokenCache::new(limits(1000, 100_000)).unwrap();
    for i in 0..1000 {
        cache.insert(numbered(i), verified(T0 + 600.0, &subject, &[]), T0);
        let stats = cache.stats();
        assert!(stats.bytes <= 100_000, "{stats:?}");
    }
    let stats = cache.stats();
    assert!((1..10).contains(&stats.entries), "{stats:?}");
    assert!(stats.bytes > 90_000 - 10_000, "{stats:?}");
    // Scopes count too: one entry with a thousand scopes fills the budget alone.
    let scopes: Vec<String> = (0..1000).map(|i| format!("scope-{i:04}")).collect();
    let scopes: Vec<&str> = scopes.iter().map(String::as_str).collect();
    let cache = TokenCache::new(limits(1000, 30_000)).unwrap();
    cache.insert(numbered(1), verified(T0 + 600.0, "a", &scopes), T0);
    assert_eq!(cache.stats().entries, 0, "larger than the budget: not kept");
    cache.insert(numbered(2), verified(T0 + 600.0, "a", &scopes[..100]), T0);
    cache.insert(numbered(3), verified(T0 + 600.0, "a", &scopes[..100]), T0);
    assert_eq!(cache.stats().entries, 2);
    // The bytes go back to zero when the entries go.
    cache.remove(&numbered(2));
    cache.remove(&numbered(3));
    assert_eq!((cache.stats().entries, cache.stats().bytes), (0, 0));
}

#[test]
fn a_used_entry_outlives_an_unused_one_when_room_is_made() {
    let cache = TokenCache::new(limits(3, 1 << 20)).unwrap();
    for i in 1..=3 {
        cache.insert(numbered(i), verified(T0 + 600.0, "a", &[]), T0);
    }
    assert!(cache.get(&numbered(1), T0).is_some());
    cache.insert(numbered(4), verified(T0 + 600.0, "a", &[]), T0);
    assert!(cache.get(&numbered(1), T0).is_some(), "used: kept");
    assert!(
        cache.get(&numbered(2), T0).is_none(),
        "unused and oldest: gone"
    );
    assert!(cache.get(&numbered(3), T0).is_some());
    assert!(cache.get(&numbered(4), T0).is_some());
}

#[test]
fn an_expired_entry_goes_first_even_when_used() {
    let cache = TokenCache::new(limits(3, 1 << 20)).unwrap();
    cache.insert(numbered(1), verified(T0 + 5.0, "a", &[]), T0);
    cache.insert(numbered(2), verified(T0 + 600.0, "a", &[]), T0);
    cache.insert(numbered(3), verified(T0 + 600.0, "a", &[]), T0);
    assert!(cache.get(&numbered(1), T0).is_some());
    cache.insert(numbered(4), verified(T0 + 600.0, "a", &[]), T0 + 10.0);
    assert!(cache.get(&numbered(2), T0 + 10.0).is_some(), "kept");
    assert_eq!(cache.stats().entries, 3);
    assert!(
        cache.get(&numbered(1), T0).is_none(),
        "the expired one went"
    );
}

#[test]
fn an_entry_ends_at_the_earlier_of_exp_and_the_maximum_age() {
    let cache = TokenCache::new(limits(10, 1 << 20)).unwrap();
    cache.insert(numbered(1), verified(T0 + 10.0, "a", &[]), T0);
    cache.insert(numbered(2), verified(T0 + 1000.0, "a", &[]), T0);
    assert!(cache.get(&numbered(1), T0 + 9.999).is_some());
    assert!(cache.get(&numbered(1), T0 + 10.0).is_none());
    assert!(cache.get(&numbered(2), T0 + 299.999).is_some());
    assert!(cache.get(&numbered(2), T0 + 300.0).is_none());
    // A token already expired, or expiring now, is not kept.
    cache.insert(numbered(3), verified(T0, "a", &[]), T0);
    cache.insert(numbered(4), verified(T0 - 1.0, "a", &[]), T0);
    assert_eq!(cache.stats().entries, 0);
}

#[test]
fn replacing_an_entry_keeps_the_counts_and_the_clock_bounded() {
    let cache = TokenCache::new(limits(4, 1 << 20)).unwrap();
    for round in 0..10_000 {
        cache.insert(numbered(round % 2), verified(T0 + 600.0, "a", &[]), T0);
    }
    let stats = cache.stats();
    assert_eq!((stats.entries, stats.evictions), (2, 0));
    assert_eq!(stats.bytes, 2 * super::entry_bytes(&verified(T0, "a", &[])));
    assert!(cache.clock_len() <= 2 * 2 + 16, "{}", cache.clock_len());
}

#[test]
fn the_digest_is_the_sha256_of_the_token() {
    // FIPS 180-2, "abc".
    let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    let hex: String = digest("abc").iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, expected);
    assert_ne!(digest("a.b.c"), digest("a.b.d"));
}
