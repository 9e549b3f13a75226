//! `JwtVerifier::verify` in process: the same valid token again (a cache hit) against the
//! full check without the cache, for each algorithm, and a token with a wrong signature
//! (never cached: the cheap refusals, then one signature check). The ratios printed at the
//! end compare a hit with the full check of the same algorithm.
//!
//! ```text
//! cargo bench --bench jwt
//! ```

mod common;

use std::hint::black_box;
use std::time::SystemTime;

use a2a_card::security::jwt::{JwksSource, JwtSigner, JwtVerifier};
use a2a_card::sign::{Algorithm, SigningKey};
use criterion::Criterion;
use serde_json::json;

const RATIOS: &[(&str, &str, &str, &str)] = &[
    ("jwt", "ES256 cached", "jwt", "ES256 uncached"),
    ("jwt", "EdDSA cached", "jwt", "EdDSA uncached"),
    ("jwt", "RS256 cached", "jwt", "RS256 uncached"),
    ("jwt", "PS256 cached", "jwt", "PS256 uncached"),
    ("jwt", "ES256 wrong signature", "jwt", "ES256 uncached"),
];

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let exp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    let claims = json!({
        "iss": "https://id.example", "aud": "routes", "exp": exp, "sub": "alice",
        "scope": "cards.read tasks.send",
    });
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("jwt");
    for alg in Algorithm::ALL {
        let idp = SigningKey::generate(alg).unwrap();
        let trusted = || JwksSource::keys([idp.trusted_key("k1")]).unwrap();
        let builder = |source| {
            JwtVerifier::builder(source)
                .issuer("https://id.example")
                .audience("routes")
        };
        let cached = builder(trusted()).build().unwrap();
        let uncached = builder(trusted()).without_cache().build().unwrap();
        let pem = idp.to_pkcs8_pem().unwrap();
        let key = SigningKey::from_pkcs8_pem(&pem)
            .unwrap()
            .with_algorithm(alg)
            .unwrap();
        let token = JwtSigner::new(key).kid("k1").sign(&claims).unwrap();
        runtime.block_on(cached.verify(&token)).unwrap();
        group.bench_function(format!("{alg} cached"), |b| {
            b.iter(|| runtime.block_on(cached.verify(black_box(&token))).unwrap())
        });
        group.bench_function(format!("{alg} uncached"), |b| {
            b.iter(|| {
                runtime
                    .block_on(uncached.verify(black_box(&token)))
                    .unwrap()
            })
        });
        if alg == Algorithm::Es256 {
            // The last signature byte changed: the form is right, the signature is not.
            let mut wrong = token.clone().into_bytes();
            let last = wrong.len() - 2;
            wrong[last] = if wrong[last] == b'A' { b'B' } else { b'A' };
            let wrong = String::from_utf8(wrong).unwrap();
            group.bench_function("ES256 wrong signature", |b| {
                b.iter(|| {
                    runtime
                        .block_on(cached.verify(black_box(&wrong)))
                        .unwrap_err()
                })
            });
        }
    }
    group.finish();
    criterion.final_summary();
    common::print_ratios(RATIOS);
}
