//! The JWTs of `server/benches/http_load.sh`: an ES256 identity provider made up for the run.
//! Writes into DIR its key set (`jwks.json`), the `[bearer]` table of the auth file that
//! trusts it (`bearer.toml`), one valid token (`token.txt`, sent again and again), COUNT
//! distinct valid tokens, one per line (`tokens.txt`, each with its own `jti`), and a token
//! of the right form signed by another key under the same kid (`wrong.txt`). Tokens expire
//! in two hours.
//!
//! ```text
//! cargo run --release -p a2a-card-server --example bench_tokens -- DIR [COUNT]
//! ```

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::SystemTime;

use a2a_card::security::jwt::JwtSigner;
use a2a_card::sign::{Algorithm, Jwks, SigningKey};
use serde_json::json;

const ISSUER: &str = "https://id.bench.example";
const AUDIENCE: &str = "fleet-router";
const KID: &str = "bench-2026";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: bench_tokens DIR [COUNT]")?);
    let count: usize = args.next().map_or(Ok(20_000), |n| n.parse())?;
    let idp = SigningKey::generate(Algorithm::Es256)?;
    let jwks = Jwks {
        keys: vec![idp.public_jwk(KID)],
    };
    std::fs::write(dir.join("jwks.json"), jwks.to_json_pretty())?;
    let table = format!(
        "\n# Written by bench_tokens for this run.\n[bearer]\njwks_file = {:?}\nissuer = {ISSUER:?}\naudience = {AUDIENCE:?}\n",
        dir.join("jwks.json").display().to_string()
    );
    std::fs::write(dir.join("bearer.toml"), table)?;

    let exp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)?
        .as_secs()
        + 2 * 3600;
    let claims = |jti: usize| {
        json!({"iss": ISSUER, "aud": AUDIENCE, "exp": exp, "sub": "bench",
               "scope": "cards.read", "jti": jti.to_string()})
    };
    let signer = |key: &SigningKey| -> Result<JwtSigner, Box<dyn std::error::Error>> {
        Ok(JwtSigner::new(SigningKey::from_pkcs8_pem(&key.to_pkcs8_pem()?)?).kid(KID))
    };
    let one = signer(&idp)?;
    std::fs::write(dir.join("token.txt"), one.sign(&claims(0))?)?;
    let other = SigningKey::generate(Algorithm::Es256)?;
    std::fs::write(dir.join("wrong.txt"), signer(&other)?.sign(&claims(0))?)?;

    // Both cores sign: ES256 signing with RustCrypto takes a while for tens of thousands.
    let halves: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|half| {
                let signer = signer(&idp).expect("the key was just written and read");
                scope.spawn(move || {
                    let mut lines = String::new();
                    for jti in (1..=count).filter(|i| i % 2 == half) {
                        let token = signer.sign(&claims(jti)).expect("ES256 signs");
                        writeln!(lines, "{token}").expect("a String takes writes");
                    }
                    lines
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a signer thread"))
            .collect()
    });
    std::fs::write(dir.join("tokens.txt"), halves.concat())?;
    Ok(())
}
