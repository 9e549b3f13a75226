//! JWTs: the compact form and protected header (`alg`, `kid`, `typ`, `crit`), the claims,
//! and full verification against ES256, EdDSA and RS256 keys. The input is tried as a token
//! (which must never verify: the fuzzer cannot sign) and, when it is JSON, as claims signed
//! with a trusted key (verification then agrees with the claim rules alone).
#![no_main]

use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use a2a_card::__fuzz::{base64url, jwt_claims, jwt_parse};
use a2a_card::security::jwt::{JwksSource, JwtSigner, JwtVerifier};
use a2a_card::sign::{Algorithm, SigningKey};
use a2a_card_fuzz::block_on;
use libfuzzer_sys::fuzz_target;

const ISSUER: &str = "https://id.example";
const AUDIENCE: &str = "agent";
const LEEWAY: Duration = Duration::from_secs(30);
const MAX_TOKEN: usize = 8 * 1024;

struct Fixture {
    signer: JwtSigner,
    verifier: JwtVerifier,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let keys: Vec<(&str, SigningKey)> = [
            ("es", Algorithm::Es256),
            ("ed", Algorithm::EdDsa),
            ("rs", Algorithm::Rs256),
        ]
        .into_iter()
        .map(|(kid, alg)| (kid, SigningKey::generate(alg).expect("a key")))
        .collect();
        let trusted = keys.iter().map(|(kid, key)| key.trusted_key(kid));
        let verifier = JwtVerifier::builder(JwksSource::keys(trusted).unwrap())
            .issuer(ISSUER)
            .audience(AUDIENCE)
            .leeway(LEEWAY)
            .max_token_bytes(MAX_TOKEN)
            .algorithms([Algorithm::Es256, Algorithm::EdDsa, Algorithm::Rs256])
            .build()
            .expect("a verifier");
        let (kid, key) = keys.into_iter().next().unwrap();
        Fixture {
            signer: JwtSigner::new(key).kid(kid),
            verifier,
        }
    })
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

fuzz_target!(|data: &[u8]| {
    let fixture = fixture();
    if let Ok(token) = std::str::from_utf8(data) {
        if let Ok(parsed) = jwt_parse(token, MAX_TOKEN) {
            let signed_end = token.rfind('.').unwrap();
            assert_eq!(parsed.signing_input, token[..signed_end]);
            assert!(parsed
                .signing_input
                .ends_with(&format!(".{}", parsed.payload)));
            if let Some(payload) = base64url(&parsed.payload) {
                let _ = jwt_claims(&payload, ISSUER, &[AUDIENCE], LEEWAY, now());
            }
        }
        let verdict = block_on(fixture.verifier.verify(token));
        assert!(verdict.is_err(), "an unsigned input verified: {token:?}");
    }
    let _ = jwt_claims(data, ISSUER, &[AUDIENCE, "other"], LEEWAY, now());

    // As claims, signed with a trusted key: verification is exactly the claim rules.
    let Ok(claims) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Ok(token) = fixture.signer.sign(&claims) else {
        return;
    };
    let payload = serde_json::to_vec(&claims).unwrap();
    let before = jwt_claims(&payload, ISSUER, &[AUDIENCE], LEEWAY, now());
    let verdict = block_on(fixture.verifier.verify(&token));
    let after = jwt_claims(&payload, ISSUER, &[AUDIENCE], LEEWAY, now());
    if token.len() <= MAX_TOKEN && before == after {
        assert_eq!(verdict, before, "claims {claims}");
    }
});
