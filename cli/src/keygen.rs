//! `a2a-card keygen`: a new signing key (PKCS#8 PEM) and its public half in a JWKS.

use std::fs::OpenOptions;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use super::Outcome;
use super::output::{Output, errln, outln, shown_path};
use a2a_card::sign::{Algorithm, Jwks, SigningKey};

#[derive(Debug, Args)]
pub(crate) struct KeygenArgs {
    /// Signature algorithm: ES256, EdDSA, RS256 or PS256 (RSA keys have 2048 bits).
    #[arg(long, value_parser = parse_algorithm)]
    alg: Algorithm,
    /// Key id: signatures name it, verifiers look the key up by it.
    #[arg(long)]
    kid: String,
    /// Where to write the private key (PKCS#8 PEM, mode 0600); an existing file is never
    /// overwritten.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The JWKS to write the public key to: created, or the key is added to the set it holds.
    #[arg(long, value_name = "FILE")]
    jwks: PathBuf,
}

/// Parses an algorithm name as JOSE spells it.
pub(crate) fn parse_algorithm(name: &str) -> Result<Algorithm, String> {
    name.parse()
        .map_err(|e: a2a_card::sign::UnsupportedAlgorithm| e.to_string())
}

pub(crate) fn run(args: KeygenArgs, output: &mut Output) -> Outcome {
    match keygen(&args) {
        Ok(keys_in_set) => {
            outln!(
                output,
                "{}: {} private key (PKCS#8 PEM); keep it secret",
                shown_path(&args.out),
                args.alg
            );
            outln!(
                output,
                "{}: public key {:?} added ({keys_in_set} in the set)",
                shown_path(&args.jwks),
                args.kid
            );
            Outcome::Clean
        }
        Err((outcome, message)) => {
            errln!(output, "a2a-card: {message}");
            outcome
        }
    }
}

type Failure = (Outcome, String);

/// Writes both files; the number of keys in the JWKS afterwards.
fn keygen(args: &KeygenArgs) -> Result<usize, Failure> {
    if args.kid.is_empty() {
        return Err((Outcome::Invalid, "--kid must not be empty".to_owned()));
    }
    // Everything that can refuse is checked before the key file is written.
    let mut jwks = read_existing_jwks(&args.jwks)?;
    if jwks
        .keys
        .iter()
        .any(|k| k.kid.as_deref() == Some(&args.kid))
    {
        return Err((
            Outcome::Invalid,
            format!(
                "{} already has a key with kid {:?}; choose another --kid",
                shown_path(&args.jwks),
                args.kid
            ),
        ));
    }
    if args.out.exists() {
        return Err((
            Outcome::Invalid,
            format!(
                "{} exists; keygen never overwrites a key",
                shown_path(&args.out)
            ),
        ));
    }
    let key = SigningKey::generate(args.alg).map_err(|e| (Outcome::Unreadable, e.to_string()))?;
    let pem = key
        .to_pkcs8_pem()
        .map_err(|e| (Outcome::Unreadable, e.to_string()))?;
    write_private(&args.out, pem.as_bytes()).map_err(|e| {
        (
            Outcome::Unreadable,
            format!("cannot write {}: {e}", shown_path(&args.out)),
        )
    })?;
    jwks.keys.push(key.public_jwk(&args.kid));
    std::fs::write(&args.jwks, format!("{}\n", jwks.to_json_pretty())).map_err(|e| {
        (
            Outcome::Unreadable,
            format!("cannot write {}: {e}", shown_path(&args.jwks)),
        )
    })?;
    Ok(jwks.keys.len())
}

fn read_existing_jwks(path: &Path) -> Result<Jwks, Failure> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(Jwks::default()),
        _ => {
            let bytes = crate::input::read_file(path, "").map_err(|e| (Outcome::Unreadable, e))?;
            Jwks::from_json(&bytes)
                .map_err(|e| (Outcome::Unreadable, format!("{}: {e}", shown_path(path))))
        }
    }
}

/// Creates the file (failing if it exists) readable by its owner only.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}
