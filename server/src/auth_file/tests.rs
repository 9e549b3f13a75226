use super::*;

fn fixture() -> AgentCard {
    AgentCard::from_json_slice(include_bytes!(
        "../../../tests/fixtures/extended/public.json"
    ))
    .unwrap()
}

fn error_of(text: &str) -> String {
    match AuthFile::new(&fixture()).named("auth.toml").read(text) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(error) => error.to_string(),
    }
}

/// Found by the fuzz target auth_file: serde's type error quoted the value, a secret.
#[test]
fn a_secret_of_the_wrong_type_is_not_quoted() {
    for text in [
        "[apiKey]\nkeys = \"k1-supersecret\"\n",
        "keys = [\"k1-supersecret\"]\n",
        "[basic]\nusers = \"alice:supersecret\"\n",
        "[basic]\nusers = \"alice:supersecret\\\"x\"\n",
        "[basic]\nusers = \"alice:x\\\"supersecret\"\n",
    ] {
        let message = error_of(text);
        assert!(message.contains("line "), "{message}");
        assert!(!message.contains("supersecret"), "{message}");
    }
    let message = error_of("[apiKey]\nkeys = \"k1-supersecret\"\n");
    assert!(message.contains("expected a sequence"), "{message}");
}

#[test]
fn messages_name_the_file_and_the_table() {
    assert_eq!(
        error_of("[apiKey]\nusers = [\"a:b\"]\n"),
        "auth.toml: [apiKey]: users does not apply to this scheme's type (it takes: keys, keys_env)"
    );
    assert_eq!(
        error_of("[apiKey]\n"),
        "auth.toml: [apiKey]: give exactly one of keys or keys_env"
    );
}

fn bearer_card() -> AgentCard {
    AgentCard::from_json_str(
        &serde_json::json!({
            "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
            "securityRequirements": [{"schemes": {"bearer": {}}}],
        })
        .to_string(),
    )
    .unwrap()
}

/// A bearer table whose key set repeats kid "k1", in a directory of its own.
fn bearer_table(extra: &str) -> (PathBuf, String) {
    use a2a_card::sign::{Algorithm, Jwks, SigningKey};
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let key = || SigningKey::generate(Algorithm::EdDsa).unwrap();
    let jwks = Jwks {
        keys: vec![key().public_jwk("k1"), key().public_jwk("k1")],
    };
    let dir = std::env::temp_dir().join(format!("a2a-card-auth-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("jwks.json");
    std::fs::write(&path, jwks.to_json_pretty()).unwrap();
    let text = format!(
        "[bearer]\njwks_file = {:?}\nissuer = \"https://id.example\"\naudience = \"a\"\n{extra}",
        path.display().to_string()
    );
    (dir, text)
}

#[test]
fn a_key_set_repeating_a_kid_is_warned_about() {
    let (dir, text) = bearer_table("");
    let read = AuthFile::new(&bearer_card())
        .named("auth.toml")
        .read(&text)
        .unwrap();
    let warnings: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "auth.toml: [bearer]: several keys of the key set share kid \"k1\"; tokens naming it are checked with each"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The documented `token_type` field is taken by bearer tables.
#[test]
fn a_bearer_table_takes_a_token_type() {
    let (dir, text) = bearer_table("token_type = \"at+jwt\"\nleeway_seconds = 5\n");
    assert!(AuthFile::new(&bearer_card()).read(&text).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quoted_values_are_cut_from_messages() {
    assert_eq!(
        without_values(r#"invalid type: string "a\"b", expected `x`"#),
        "invalid type: string \"…\", expected `x`"
    );
    assert_eq!(
        without_values(r#"a string "x" and string "y"#),
        "a string \"…\" and string \"…"
    );
    assert_eq!(
        without_values("expected `\"`, found `=`"),
        "expected `\"`, found `=`"
    );
}
