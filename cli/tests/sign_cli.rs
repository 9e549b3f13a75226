//! `a2a-card keygen`, `sign` and `verify` run as a user runs them: the real binary, files in
//! a scratch directory.
//!
//! Contract: `keygen --alg ALG --kid K --out key.pem --jwks jwks.json` writes a PKCS#8 PEM
//! private key (never over an existing file) and adds the public key to the JWKS;
//! `sign CARD --key key.pem --kid K [--jku URL] [--alg RS256|PS256]` prints the signed v1.0
//! card; `verify CARD --jwks jwks.json` exits 0 when a signature verifies, 1 when none does
//! (with the reason), 2 when a file cannot be read.

use a2a_card_test_support::scratch;

use std::path::Path;
use std::process::{Command, Stdio};

use scratch::Scratch;
use serde_json::Value;

const CARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, &[])
}

fn run_with_stdin(args: &[&str], input: &[u8]) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// A fresh directory under the target directory, removed when dropped.
fn scratch() -> Scratch {
    Scratch::dir("sign-cli")
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// Runs keygen; returns (key path, jwks path).
fn keygen(dir: &Path, alg: &str, kid: &str) -> (String, String) {
    let (key, jwks) = (path(dir, &format!("{kid}.pem")), path(dir, "jwks.json"));
    let r = run(&[
        "keygen", "--alg", alg, "--kid", kid, "--out", &key, "--jwks", &jwks,
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    (key, jwks)
}

fn sign_to_file(dir: &Path, args: &[&str], name: &str) -> String {
    let r = run(args);
    assert_eq!(r.code, 0, "{r:?}");
    let out = path(dir, name);
    std::fs::write(&out, &r.stdout).unwrap();
    out
}

#[test]
fn keygen_sign_verify_for_every_algorithm() {
    for alg in ["ES256", "EdDSA", "RS256", "PS256"] {
        let dir = scratch();
        let (key, jwks) = keygen(&dir, alg, "k1");
        let pem = std::fs::read_to_string(&key).unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"), "{pem}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&key).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let set: Value = serde_json::from_str(&std::fs::read_to_string(&jwks).unwrap()).unwrap();
        let jwk = &set["keys"][0];
        assert_eq!(
            (
                jwk["kid"].as_str(),
                jwk["alg"].as_str(),
                jwk["use"].as_str()
            ),
            (Some("k1"), Some(alg), Some("sig"))
        );
        assert!(jwk.get("d").is_none() && jwk.get("p").is_none(), "{jwk}");

        let mut sign = vec!["sign", CARD, "--key", &key, "--kid", "k1"];
        if alg.starts_with('R') || alg.starts_with('P') {
            sign.extend(["--alg", alg]);
        }
        let signed = sign_to_file(&dir, &sign, "signed.json");
        let r = run(&["verify", &signed, "--jwks", &jwks]);
        assert_eq!(r.code, 0, "{r:?}");
        assert_eq!(
            r.stdout,
            format!(
                "{signed}: verified: signature 0 ({alg}, kid \"k1\", spec form) matches a trusted key\n"
            )
        );
    }
}

#[test]
fn a_changed_card_fails_with_the_reason() {
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "EdDSA", "k1");
    let signed = sign_to_file(
        &dir,
        &["sign", CARD, "--key", &key, "--kid", "k1"],
        "signed.json",
    );
    let text = std::fs::read_to_string(&signed).unwrap();
    let changed = path(&dir, "changed.json");
    std::fs::write(
        &changed,
        text.replacen("\"version\": \"", "\"version\": \"9", 1),
    )
    .unwrap();
    let r = run(&["verify", &changed, "--jwks", &jwks]);
    assert_eq!(r.code, 1, "{r:?}");
    // Both signatures (the spec's form, the SDKs') fail, in every form.
    let mismatch = |i| {
        format!(
            "/signatures/{i}: the EdDSA signature by key \"k1\" does not match the card in any accepted form (spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3)"
        )
    };
    assert!(
        r.stdout.starts_with(&format!(
            "{changed}: not verified: none of the 2 signatures verifies: {}",
            mismatch(0)
        )),
        "{r:?}"
    );
    assert!(r.stdout.contains(&mismatch(1)), "{r:?}");
    // Re-indented and with keys reordered, the same card still verifies.
    let card: Value = serde_json::from_str(&text).unwrap();
    let compact = path(&dir, "compact.json");
    std::fs::write(&compact, serde_json::to_string(&card).unwrap()).unwrap();
    assert_eq!(run(&["verify", &compact, "--jwks", &jwks]).code, 0);
}

#[test]
fn a_signed_card_with_a_repeated_member_name_is_refused() {
    // An extra first "name" (or interface "url") left the signature valid, since serde_json
    // keeps the last; a consumer keeping the first saw the attacker's value.
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "ES256", "k1");
    let signed = sign_to_file(
        &dir,
        &["sign", CARD, "--key", &key, "--kid", "k1"],
        "signed.json",
    );
    assert_eq!(run(&["verify", &signed, "--jwks", &jwks]).code, 0);
    let text = std::fs::read_to_string(&signed).unwrap();
    for (what, from, to) in [
        (
            "name",
            "{\n  \"name\": ",
            "{\n  \"name\": \"Evil\",\n  \"name\": ",
        ),
        (
            "supportedInterfaces/0/url",
            "\"supportedInterfaces\": [\n    {\n",
            "\"supportedInterfaces\": [\n    {\n      \"url\": \"https://evil.example/a2a\",\n",
        ),
    ] {
        let forged = text.replacen(from, to, 1);
        assert_ne!(forged, text, "{what}: the card is not laid out as expected");
        let file = path(&dir, "forged.json");
        std::fs::write(&file, &forged).unwrap();
        let r = run(&["verify", &file, "--jwks", &jwks]);
        assert_eq!(r.code, 1, "{what}: {r:?}");
        assert!(
            r.stdout
                .starts_with(&format!("{file}: not verified: error A2A-E004 /{what}:")),
            "{what}: {r:?}"
        );
        assert!(!r.stdout.contains(": verified"), "{r:?}");
    }
}

#[test]
fn keys_from_another_set_or_algorithm_are_not_trusted() {
    let dir = scratch();
    let (key, _) = keygen(&dir, "ES256", "k1");
    let other = scratch();
    let (_, other_jwks) = keygen(&other, "ES256", "k2");
    let signed = sign_to_file(
        &dir,
        &["sign", CARD, "--key", &key, "--kid", "k1"],
        "signed.json",
    );
    let r = run(&["verify", &signed, "--jwks", &other_jwks]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("kid \"k1\" is not a trusted key (trusted kids: \"k2\")"),
        "{r:?}"
    );
    let (_, jwks) = (key.clone(), path(&dir, "jwks.json"));
    let r = run(&["verify", &signed, "--jwks", &jwks, "--alg", "EdDSA"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("algorithm \"ES256\" is not allowed (allowed: EdDSA)"),
        "{r:?}"
    );
}

#[test]
fn rotation_adds_a_second_signature_and_key() {
    let dir = scratch();
    let (old, jwks) = keygen(&dir, "ES256", "old");
    let (new, _) = keygen(&dir, "EdDSA", "new");
    let set: Value = serde_json::from_str(&std::fs::read_to_string(&jwks).unwrap()).unwrap();
    assert_eq!(set["keys"].as_array().unwrap().len(), 2);
    let once = run(&[
        "sign",
        CARD,
        "--key",
        &old,
        "--kid",
        "old",
        "--jku",
        "https://a.example/jwks.json",
    ]);
    assert_eq!(once.code, 0, "{once:?}");
    // The second signing reads the once-signed card from standard input.
    let twice = run_with_stdin(
        &["sign", "-", "--key", &new, "--kid", "new"],
        once.stdout.as_bytes(),
    );
    assert_eq!(twice.code, 0, "{twice:?}");
    assert!(
        twice.stderr.contains("kept the 2 signature(s)"),
        "{twice:?}"
    );
    let card: Value = serde_json::from_str(&twice.stdout).unwrap();
    // Two by each key: the spec's form and the SDKs'.
    assert_eq!(card["signatures"].as_array().unwrap().len(), 4);
    let r = run_with_stdin(&["verify", "-", "--jwks", &jwks], twice.stdout.as_bytes());
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        r.stdout,
        "<stdin>: verified: signature 0 (ES256, kid \"old\", spec form) matches a trusted key\n"
    );
}

/// `sign --form` signs one form; `verify` accepts any form by default, naming it and the
/// values it leaves uncovered; `--require-spec-form` refuses a signature in another form;
/// `--a2a-sdk-compat` is accepted and says it is not needed.
#[test]
fn one_form_signed_and_each_form_verified() {
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "ES256", "k1");
    let signature_count = |file: &str| {
        let card: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        card["signatures"].as_array().unwrap().len()
    };
    let both = sign_to_file(
        &dir,
        &["sign", CARD, "--key", &key, "--kid", "k1"],
        "both.json",
    );
    assert_eq!(signature_count(&both), 2);
    let spec = sign_to_file(
        &dir,
        &["sign", CARD, "--key", &key, "--kid", "k1", "--form", "spec"],
        "spec.json",
    );
    assert_eq!(signature_count(&spec), 1);
    let sdk = sign_to_file(
        &dir,
        &[
            "sign",
            CARD,
            "--key",
            &key,
            "--kid",
            "k1",
            "--form",
            "a2a-sdk-1.3",
        ],
        "sdk.json",
    );
    assert_eq!(signature_count(&sdk), 1);
    let r = run(&[
        "sign", CARD, "--key", &key, "--kid", "k1", "--form", "python",
    ]);
    assert_eq!(r.code, 64, "{r:?}");
    assert!(
        r.stderr.contains("unknown payload form \"python\""),
        "{r:?}"
    );

    let r = run(&["verify", &sdk, "--jwks", &jwks]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        r.stdout,
        format!(
            "{sdk}: verified: signature 0 (ES256, kid \"k1\", a2a-sdk-1.3 form) matches a trusted key\n\
             {sdk}: note: the Python a2a-sdk 1.3 form (empty values deleted) leaves out \
             /securityRequirements: anyone could have added or removed them \
             (--require-spec-form refuses such a signature)\n"
        )
    );
    for file in [&both, &spec] {
        let r = run(&["verify", file, "--jwks", &jwks, "--require-spec-form"]);
        assert_eq!(r.code, 0, "{r:?}");
        assert!(
            r.stdout.ends_with(", spec form) matches a trusted key\n"),
            "{r:?}"
        );
    }
    let r = run(&["verify", &sdk, "--jwks", &jwks, "--require-spec-form"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout
            .contains("does not match the card in any accepted form (spec, jcs)"),
        "{r:?}"
    );
    let r = run(&["verify", &sdk, "--jwks", &jwks, "--a2a-sdk-compat"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stderr.contains("--a2a-sdk-compat is no longer needed"),
        "{r:?}"
    );
}

#[test]
fn keygen_never_overwrites_and_refuses_a_taken_kid() {
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "EdDSA", "k1");
    let before = std::fs::read(&key).unwrap();
    let r = run(&[
        "keygen", "--alg", "EdDSA", "--kid", "k2", "--out", &key, "--jwks", &jwks,
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("exists; keygen never overwrites a key"),
        "{r:?}"
    );
    assert_eq!(std::fs::read(&key).unwrap(), before);
    let r = run(&[
        "keygen",
        "--alg",
        "EdDSA",
        "--kid",
        "k1",
        "--out",
        &path(&dir, "x.pem"),
        "--jwks",
        &jwks,
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("already has a key with kid \"k1\""),
        "{r:?}"
    );
    let r = run(&[
        "keygen", "--alg", "HS256", "--kid", "k", "--out", "a", "--jwks", "b",
    ]);
    assert_eq!(r.code, 64, "{r:?}");
}

#[test]
fn sign_refuses_a_card_with_errors_and_an_rsa_key_without_alg() {
    let dir = scratch();
    let (key, _) = keygen(&dir, "EdDSA", "k1");
    let r = run(&[
        "sign",
        "tests/fixtures/cli/broken-v1.json",
        "--key",
        &key,
        "--kid",
        "k1",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("error A2A-E"), "{r:?}");
    assert!(
        r.stderr
            .contains("fix them (a2a-card validate) before signing"),
        "{r:?}"
    );
    let (rsa, _) = keygen(&dir, "PS256", "r1");
    let r = run(&["sign", CARD, "--key", &rsa, "--kid", "r1"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("say which with --alg"), "{r:?}");
    let r = run(&["sign", CARD, "--key", &key, "--kid", "k1", "--alg", "ES256"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr
            .contains("an Ed25519 key cannot be used with ES256"),
        "{r:?}"
    );
}

#[test]
fn unreadable_files_exit_2() {
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "EdDSA", "k1");
    let missing = path(&dir, "missing.json");
    assert_eq!(
        run(&["sign", &missing, "--key", &key, "--kid", "k1"]).code,
        2
    );
    assert_eq!(
        run(&["sign", CARD, "--key", &missing, "--kid", "k1"]).code,
        2
    );
    assert_eq!(run(&["verify", &missing, "--jwks", &jwks]).code, 2);
    assert_eq!(run(&["verify", CARD, "--jwks", &missing]).code, 2);
    let r = run(&["verify", CARD, "--jwks", &key]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(!r.stderr.contains("BEGIN"), "{r:?}");
    assert_eq!(
        run(&[
            "verify",
            "tests/fixtures/cli/not-json.json",
            "--jwks",
            &jwks
        ])
        .code,
        2
    );
    // A card without signatures is readable but not verified.
    let r = run(&["verify", CARD, "--jwks", &jwks]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains("/signatures: the card is not signed"),
        "{r:?}"
    );
}

#[test]
fn a_v03_card_signed_as_written_stays_v03_verifies_and_canonical_shows_its_bytes() {
    use sha2::{Digest, Sha256};
    let dir = scratch();
    let (key, jwks) = keygen(&dir, "EdDSA", "k1");
    let v03 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/cards/base/v0.3.json"
    );
    let signed = sign_to_file(
        &dir,
        &["sign", v03, "--key", &key, "--kid", "k1", "--as-written"],
        "signed.json",
    );
    let card: Value = serde_json::from_str(&std::fs::read_to_string(&signed).unwrap()).unwrap();
    assert!(card["url"].is_string(), "still v0.3: {card}");
    assert!(card.get("supportedInterfaces").is_none(), "{card}");
    let r = run(&["verify", &signed, "--jwks", &jwks, "--require-spec-form"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.contains("(EdDSA, kid \"k1\", spec form) matches"),
        "{r:?}"
    );
    assert!(
        r.stderr
            .contains("a v0.3 card; signatures are checked over its own JSON"),
        "{r:?}"
    );

    // Each form's bytes and their SHA-256; the spec's is the v0.3 JSON without signatures.
    let r = run(&["canonical", &signed]);
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    let (head, bytes) = (lines[0], lines[1]);
    assert!(head.starts_with("spec: sha256:"), "{r:?}");
    let digest = format!("{:x}", Sha256::digest(bytes.as_bytes()));
    assert!(head.contains(&digest), "{head} vs {digest}");
    assert!(head.contains(&format!("({} bytes)", bytes.len())), "{head}");
    assert!(
        bytes.contains("\"url\":") && !bytes.contains("signatures"),
        "{bytes}"
    );
    for form in [
        "jcs:",
        "proto:",
        "rendered:",
        "a2a-sdk-1.3:",
        "a2a-js-1.3:",
        "a2a-js-typed:",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(form)), "{form} {r:?}");
    }
    let r = run(&["canonical", &signed, "--form", "a2a-js-typed"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.starts_with("a2a-js-typed: sha256:"), "{r:?}");
    assert_eq!(r.stdout.lines().count(), 2, "{r:?}");
    // The card has a security scheme: the rendered form has it, the JS typed path does not.
    let js_bytes = lines[lines
        .iter()
        .position(|l| l.starts_with("rendered:"))
        .unwrap()
        + 1];
    assert!(js_bytes.contains("\"securitySchemes\""), "{js_bytes}");
    assert!(
        !r.stdout.lines().nth(1).unwrap().contains("securitySchemes"),
        "{r:?}"
    );

    // Edited after signing: refused, naming the forms tried.
    let edited = path(&dir, "edited.json");
    std::fs::write(
        &edited,
        std::fs::read_to_string(&signed)
            .unwrap()
            .replacen("\"name\": \"", "\"name\": \"X", 1),
    )
    .unwrap();
    let r = run(&["verify", &edited, "--jwks", &jwks]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.contains(
            "does not match the card in any accepted form (spec, jcs, proto, rendered, a2a-sdk-1.3, a2a-js-1.3)"
        ),
        "{r:?}"
    );
}
