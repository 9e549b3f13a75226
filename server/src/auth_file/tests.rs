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

// Unit tests of the auth file's tables (issue 23, cargo-mutants run 8): which fields each
// scheme type takes, the environment variants of secrets, the key set sources of bearer
// tables, mTLS only with verified client certificates, schemes of the extended card, and
// where a syntax error is.
fn card(schemes: serde_json::Value, requirements: serde_json::Value) -> AgentCard {
    AgentCard::from_json_str(
        &serde_json::json!({
            "securitySchemes": schemes,
            "securityRequirements": requirements,
        })
        .to_string(),
    )
    .unwrap()
}

fn one_scheme(name: &str, scheme: serde_json::Value) -> AgentCard {
    card(
        serde_json::json!({ name: scheme }),
        serde_json::json!([{"schemes": {name: {}}}]),
    )
}

fn run<T>(future: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

/// Whether the security read from a file lets a request with `headers` through.
fn admits(security: &CardSecurity, headers: &[(&str, &str)]) -> bool {
    let mut request = http::Request::get("/a2a");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let (parts, ()) = request.body(()).unwrap().into_parts();
    run(security.check(&parts)).is_ok()
}

fn table_error(card: &AgentCard, text: &str) -> TableError {
    match AuthFile::new(card).read(text) {
        Err(AuthFileError::Table { problem, .. }) => *problem,
        Err(other) => panic!("{text:?}: not a table error: {other}"),
        Ok(_) => panic!("{text:?} was accepted"),
    }
}

fn api_key_card() -> AgentCard {
    one_scheme(
        "key",
        serde_json::json!({"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}),
    )
}

/// Set by cargo for every test: the package's name. The crates deny unsafe code, so the tests
/// read the environment as it is rather than calling `std::env::set_var`.
const SET: &str = "CARGO_PKG_NAME";
/// Set by nobody.
const UNSET: &str = "A2A_AUTH_FILE_TEST_VARIABLE_NOBODY_SETS";

#[test]
fn api_keys_come_from_the_table_or_from_the_environment_never_both() {
    let card = api_key_card();
    let read = AuthFile::new(&card)
        .read("[key]\nkeys = [\"k1\", \"k2\"]\n")
        .unwrap();
    assert!(admits(&read.security, &[("X-Key", "k2")]));
    assert!(!admits(&read.security, &[("X-Key", "k3")]));
    let read = AuthFile::new(&card)
        .read(&format!("[key]\nkeys_env = \"{SET}\"\n"))
        .unwrap();
    assert!(admits(&read.security, &[("X-Key", env!("CARGO_PKG_NAME"))]));
    assert!(!admits(&read.security, &[("X-Key", "k1")]));
    // A variable that is not set: its own error, naming it.
    match table_error(&card, &format!("[key]\nkeys_env = \"{UNSET}\"\n")) {
        TableError::Secrets(error) => assert!(error.to_string().contains(UNSET), "{error}"),
        other => panic!("{other}"),
    }
    let env = SET;
    for text in [
        format!("[key]\nkeys = [\"k1\"]\nkeys_env = \"{env}\"\n"),
        "[key]\n".to_owned(),
    ] {
        assert_eq!(
            table_error(&card, &text),
            TableError::ExactlyOne("keys or keys_env")
        );
    }
    // A field of another scheme type.
    assert_eq!(
        table_error(&card, "[key]\nkeys = [\"k1\"]\nissuer = \"i\"\n").to_string(),
        "issuer does not apply to this scheme's type (it takes: keys, keys_env)"
    );
}

#[test]
fn basic_users_for_the_basic_scheme_in_any_case() {
    // base64 of "alice:s3cret" and "alice:wrong".
    let basic = |user: &str| {
        let encoded = match user {
            "alice:s3cret" => "YWxpY2U6czNjcmV0",
            "alice:wrong" => "YWxpY2U6d3Jvbmc=",
            _ => unreachable!(),
        };
        format!("Basic {encoded}")
    };
    for scheme in ["Basic", "basic", "BASIC"] {
        let card = one_scheme(
            "b",
            serde_json::json!({"httpAuthSecurityScheme": {"scheme": scheme}}),
        );
        let read = AuthFile::new(&card)
            .read("[b]\nusers = [\"alice:s3cret\"]\n")
            .unwrap_or_else(|e| panic!("{scheme}: {e}"));
        assert!(admits(
            &read.security,
            &[("Authorization", &basic("alice:s3cret"))]
        ));
        assert!(!admits(
            &read.security,
            &[("Authorization", &basic("alice:wrong"))]
        ));
        // users_env is read (a variable nobody sets is its own error, naming it).
        let env = UNSET;
        match table_error(&card, &format!("[b]\nusers_env = \"{env}\"\n")) {
            TableError::Secrets(error) => assert!(error.to_string().contains(UNSET), "{error}"),
            other => panic!("{scheme}: {other}"),
        }
        assert_eq!(
            table_error(
                &card,
                &format!("[b]\nusers = [\"a:b\"]\nusers_env = \"{env}\"\n")
            ),
            TableError::ExactlyOne("users or users_env")
        );
        assert_eq!(
            table_error(&card, "[b]\n"),
            TableError::ExactlyOne("users or users_env")
        );
        // A bearer table's fields do not apply to Basic.
        assert!(matches!(
            table_error(&card, "[b]\njwks_file = \"x\"\n"),
            TableError::FieldDoesNotApply {
                field: "jwks_file",
                ..
            }
        ));
    }
    // "Basics" is not Basic: a token scheme, which takes no users.
    let other = one_scheme(
        "b",
        serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Basics"}}),
    );
    assert!(matches!(
        table_error(&other, "[b]\nusers = [\"a:b\"]\n"),
        TableError::FieldDoesNotApply { field: "users", .. }
    ));
}

#[test]
fn mtls_needs_verified_client_certificates_and_takes_no_field() {
    let card = one_scheme("m", serde_json::json!({"mtlsSecurityScheme": {}}));
    assert_eq!(
        table_error(&card, "[m]\n"),
        TableError::ClientCertificatesNotVerified
    );
    let verified = AuthFile::new(&card).client_certificates_verified(true);
    assert!(verified.read("[m]\n").is_ok());
    let unverified = verified.client_certificates_verified(false);
    assert!(matches!(
        unverified.read("[m]\n"),
        Err(AuthFileError::Table { .. })
    ));
    match verified.read("[m]\nkeys = [\"k\"]\n") {
        Err(AuthFileError::Table { problem, .. }) => assert_eq!(
            problem.to_string(),
            "keys does not apply to this scheme's type (it takes: nothing)"
        ),
        other => panic!("{other:?}"),
    }
}

/// A key set file in a directory of its own; removed by the caller.
fn jwks_file() -> (std::path::PathBuf, String) {
    use a2a_card::sign::{Algorithm, Jwks, SigningKey};
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let jwks = Jwks {
        keys: vec![
            SigningKey::generate(Algorithm::EdDsa)
                .unwrap()
                .public_jwk("k1"),
        ],
    };
    let dir = std::env::temp_dir().join(format!("a2a-auth-tables-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("jwks.json");
    std::fs::write(&path, jwks.to_json_pretty()).unwrap();
    (dir, format!("{:?}", path.display().to_string()))
}

const ISSUER_AUDIENCE: &str = "issuer = \"https://id.example\"\naudience = \"a\"\n";

#[test]
fn a_bearer_table_names_exactly_one_key_source() {
    let card = one_scheme(
        "t",
        serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Bearer"}}),
    );
    let (dir, path) = jwks_file();
    let read = |source: &str| AuthFile::new(&card).read(&format!("[t]\n{source}{ISSUER_AUDIENCE}"));
    assert!(read(&format!("jwks_file = {path}\n")).is_ok());
    assert!(read(&format!("jwks_file = {path}\ndiscover = false\n")).is_ok());
    let exactly_one = TableError::ExactlyOne("jwks_file, jwks_url or discover = true");
    for source in [
        String::new(),
        "discover = false\n".to_owned(),
        format!("jwks_file = {path}\njwks_url = \"https://id.example/jwks\"\n"),
        format!("jwks_file = {path}\ndiscover = true\n"),
        "jwks_url = \"https://id.example/jwks\"\ndiscover = true\n".to_owned(),
    ] {
        let text = format!("[t]\n{source}{ISSUER_AUDIENCE}");
        assert_eq!(table_error(&card, &text), exactly_one, "{source}");
    }
    // Issuer and audience are both needed.
    let text = format!("[t]\njwks_file = {path}\nissuer = \"https://id.example\"\n");
    assert_eq!(table_error(&card, &text), TableError::IssuerAndAudience);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "jwks-fetch")]
#[test]
fn a_bearer_table_may_fetch_its_keys_by_url_or_discover_them_from_the_card() {
    let card = one_scheme(
        "t",
        serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Bearer"}}),
    );
    let read = |source: &str| AuthFile::new(&card).read(&format!("[t]\n{source}{ISSUER_AUDIENCE}"));
    assert!(read("jwks_url = \"https://id.example/jwks\"\n").is_ok());
    assert!(read("jwks_url = \"https://id.example/jwks\"\ndiscover = false\n").is_ok());
    // The URL is checked.
    let text = format!("[t]\njwks_url = \"http://id.example/jwks\"\n{ISSUER_AUDIENCE}");
    assert!(matches!(table_error(&card, &text), TableError::Jwt(_)));
    // An HTTP Bearer scheme names no metadata: nothing to discover.
    let text = format!("[t]\ndiscover = true\n{ISSUER_AUDIENCE}");
    match table_error(&card, &text) {
        TableError::Jwt(a2a_card::security::jwt::JwtError::NotDiscoverable { scheme, .. }) => {
            assert_eq!(scheme, "t")
        }
        other => panic!("{other}"),
    }
    // An OpenID Connect scheme does.
    let oidc = one_scheme(
        "t",
        serde_json::json!({"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://id.example/.well-known/openid-configuration"}}),
    );
    let read = AuthFile::new(&oidc).read(&format!("[t]\ndiscover = true\n{ISSUER_AUDIENCE}"));
    assert!(read.is_ok(), "{read:?}");
}

#[test]
fn a_scheme_of_the_extended_card_only_is_read_when_that_card_is_given() {
    let public = api_key_card();
    let extended = card(
        serde_json::json!({
            "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}},
            "partner": {"apiKeySecurityScheme": {"location": "header", "name": "X-Partner"}},
        }),
        serde_json::json!([{"schemes": {"key": {}}}]),
    );
    let text = "[key]\nkeys = [\"k1\"]\n[partner]\nkeys = [\"p1\"]\n";
    match AuthFile::new(&public).named("a.toml").read(text) {
        Err(AuthFileError::UnknownScheme {
            file,
            scheme,
            declared,
        }) => {
            assert_eq!(file, "a.toml");
            assert_eq!(scheme, "partner");
            assert_eq!(declared, ["key"]);
        }
        other => panic!("{other:?}"),
    }
    let read = AuthFile::new(&public)
        .extended_card(&extended)
        .read(text)
        .unwrap();
    assert!(admits(&read.security, &[("X-Key", "k1")]));
    // Without a table for a required scheme: named.
    match AuthFile::new(&public).named("a.toml").read("") {
        Err(AuthFileError::MissingTable { file, scheme }) => {
            assert_eq!((file.as_str(), scheme.as_str()), ("a.toml", "key"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_syntax_error_is_placed_by_line_and_column_counting_characters() {
    assert_eq!(line_and_column("abc", 0), (1, 1));
    assert_eq!(line_and_column("abc", 2), (1, 3));
    assert_eq!(line_and_column("ab\ncd\nef", 3), (2, 1));
    assert_eq!(line_and_column("ab\ncd\nef", 7), (3, 2));
    // Columns count characters, not bytes: "bé" is two.
    let text = "aé\nbéc";
    let c = text.find('c').unwrap();
    assert_eq!(line_and_column(text, c), (2, 3));
    // An offset past the end, or inside a character: the whole text.
    assert_eq!(line_and_column("ab\nc", 99), (2, 2));
    let card = api_key_card();
    match AuthFile::new(&card)
        .named("f.toml")
        .read("[key]\nkeys = [\"k1\"]\nthis is not toml\n")
    {
        Err(AuthFileError::Syntax {
            file, line, column, ..
        }) => {
            assert_eq!(file, "f.toml");
            assert_eq!((line, column), (3, 6));
        }
        other => panic!("{other:?}"),
    }
}

#[cfg(not(feature = "jwks-fetch"))]
#[test]
fn without_fetching_built_a_url_or_discovery_names_the_missing_feature() {
    let card = one_scheme(
        "t",
        serde_json::json!({"httpAuthSecurityScheme": {"scheme": "Bearer"}}),
    );
    for source in [
        "jwks_url = \"https://id.example/jwks\"\n",
        "jwks_url = \"https://id.example/jwks\"\ndiscover = false\n",
        "discover = true\n",
    ] {
        let text = format!("[t]\n{source}{ISSUER_AUDIENCE}");
        assert_eq!(
            table_error(&card, &text),
            TableError::FetchingNotBuilt,
            "{source}"
        );
    }
}
