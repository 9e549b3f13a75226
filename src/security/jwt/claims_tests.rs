//! Unit tests of the claim rules (issuer, audience, times with leeway, scopes).

use super::*;

fn rules() -> ClaimRules {
    ClaimRules {
        issuer: "https://id.example".into(),
        audiences: vec!["agent".into()],
        leeway: Duration::from_secs(60),
    }
}

fn check(claims: &str) -> Result<Grant, TokenError> {
    rules().check(claims.as_bytes(), 1_000_000.0)
}

#[test]
fn times_honour_the_leeway() {
    let base = r#""iss":"https://id.example","aud":"agent""#;
    assert!(check(&format!("{{{base},\"exp\":1000001}}")).is_ok());
    assert!(check(&format!("{{{base},\"exp\":999950}}")).is_ok());
    assert_eq!(
        check(&format!("{{{base},\"exp\":999940}}")),
        Err(TokenError::Expired)
    );
    assert_eq!(
        check(&format!("{{{base},\"exp\":999940.0}}")),
        Err(TokenError::Expired)
    );
    assert!(check(&format!("{{{base},\"exp\":2000000,\"nbf\":1000050}}")).is_ok());
    assert_eq!(
        check(&format!("{{{base},\"exp\":2000000,\"nbf\":1000061}}")),
        Err(TokenError::NotYetValid)
    );
    assert_eq!(
        check(&format!("{{{base},\"exp\":2000000,\"iat\":1000061}}")),
        Err(TokenError::NotYetValid)
    );
    assert!(matches!(
        check(&format!("{{{base}}}")),
        Err(TokenError::Invalid(_))
    ));
    assert!(matches!(
        check(&format!("{{{base},\"exp\":\"2000000\"}}")),
        Err(TokenError::Malformed(_))
    ));
}

#[test]
fn issuer_audience_subject_and_scopes() {
    let ok = r#"{"iss":"https://id.example","aud":["other","agent"],"exp":2000000,
        "sub":"alice","scope":"a b","scp":["c","d e"]}"#;
    let grant = check(ok).unwrap();
    assert_eq!(grant.subject.as_deref(), Some("alice"));
    assert_eq!(
        grant.scopes.iter().collect::<Vec<_>>(),
        ["a", "b", "c", "d", "e"]
    );
    assert_eq!(
        check(r#"{"iss":"https://id.example/","aud":"agent","exp":2000000}"#),
        Err(TokenError::WrongIssuer)
    );
    assert_eq!(
        check(r#"{"aud":"agent","exp":2000000}"#),
        Err(TokenError::WrongIssuer)
    );
    assert_eq!(
        check(r#"{"iss":"https://id.example","aud":["x"],"exp":2000000}"#),
        Err(TokenError::WrongAudience)
    );
    assert_eq!(
        check(r#"{"iss":"https://id.example","exp":2000000}"#),
        Err(TokenError::WrongAudience)
    );
    assert!(
        check(r#"{"iss":"https://id.example","aud":"agent","exp":2000000,"scope":["a"]}"#).is_err()
    );
}

/// The token's `aud` (a JSON value) checked against rules expecting `expected`.
fn audience(expected: &[&str], aud: &str) -> Result<Grant, TokenError> {
    let rules = ClaimRules {
        issuer: "https://id.example".into(),
        audiences: expected.iter().map(|a| (*a).to_owned()).collect(),
        leeway: Duration::from_secs(60),
    };
    let claims = format!(r#"{{"iss":"https://id.example","exp":2000000,"aud":{aud}}}"#);
    rules.check(claims.as_bytes(), 1_000_000.0)
}

/// Values near `https://agent.example/a2a` and `agent` that are not them.
const NEAR_MISSES: &[&str] = &[
    "https://agent.example/a2a/",
    "https://agent.example/a2a ",
    " https://agent.example/a2a",
    "https://agent.example/a2",
    "https://agent.example/a2ab",
    "https://agent.example/a2a/extra",
    "https://agent.example",
    "https://agent.example/",
    "https://Agent.example/a2a",
    "HTTPS://AGENT.EXAMPLE/A2A",
    "https://agent.example/A2A",
    "http://agent.example/a2a",
    "https://agent.example.evil/a2a",
    "https://evil.example/https://agent.example/a2a",
    "https://agent.example:443/a2a",
    "https://agent.example/a2a?",
    "https://agent.example/a2a#",
    "https://agent.example/a2a\u{0}",
    "Agent",
    "AGENT",
    "agen",
    "agents",
    "agent/",
    "xagent",
    "agent ",
    "",
];

const EXPECTED: &[&str] = &["https://agent.example/a2a", "agent"];

#[test]
fn an_audience_string_must_equal_an_expected_one_exactly() {
    for aud in EXPECTED {
        let json = serde_json::to_string(aud).unwrap();
        assert!(audience(EXPECTED, &json).is_ok(), "{aud}");
        // Each expected audience counts on its own.
        assert!(audience(&[aud], &json).is_ok(), "{aud}");
    }
    for near in NEAR_MISSES {
        let json = serde_json::to_string(near).unwrap();
        assert_eq!(
            audience(EXPECTED, &json),
            Err(TokenError::WrongAudience),
            "{near:?}"
        );
    }
    // One expected audience does not accept the other.
    assert_eq!(
        audience(&["agent"], r#""https://agent.example/a2a""#),
        Err(TokenError::WrongAudience)
    );
    assert_eq!(
        audience(&["https://agent.example/a2a"], r#""agent""#),
        Err(TokenError::WrongAudience)
    );
}

#[test]
fn an_audience_array_needs_one_member_equal_to_an_expected_one() {
    for near in NEAR_MISSES {
        let one = serde_json::to_string(&[near]).unwrap();
        assert_eq!(
            audience(EXPECTED, &one),
            Err(TokenError::WrongAudience),
            "{one}"
        );
    }
    // Every near miss at once is still no match.
    let all = serde_json::to_string(NEAR_MISSES).unwrap();
    assert_eq!(audience(EXPECTED, &all), Err(TokenError::WrongAudience));
    // One exact member among near misses, first, last or alone: accepted.
    for aud in EXPECTED {
        for members in [
            vec![*aud],
            vec![*aud, "agent/", "other"],
            vec!["https://agent.example/a2a/", "Agent", *aud],
        ] {
            let json = serde_json::to_string(&members).unwrap();
            assert!(audience(EXPECTED, &json).is_ok(), "{json}");
        }
    }
    // Non-string members never match, and do not spoil a matching one.
    assert_eq!(
        audience(EXPECTED, r#"[null, 1, {"aud":"agent"}, ["agent"], true]"#),
        Err(TokenError::WrongAudience)
    );
    assert!(audience(EXPECTED, r#"[1, null, "agent"]"#).is_ok());
    // An empty array, or an array of the empty string, is no audience.
    assert_eq!(audience(EXPECTED, "[]"), Err(TokenError::WrongAudience));
    assert_eq!(
        audience(EXPECTED, r#"[""]"#),
        Err(TokenError::WrongAudience)
    );
    // Other JSON types in aud are no audience.
    for aud in ["null", "1", "true", r#"{"agent":true}"#] {
        assert_eq!(
            audience(EXPECTED, aud),
            Err(TokenError::WrongAudience),
            "{aud}"
        );
    }
}

#[test]
fn no_expected_audience_accepts_nothing() {
    // Rules without audiences (a misconfiguration) match no token, not every token.
    assert_eq!(audience(&[], r#""agent""#), Err(TokenError::WrongAudience));
    assert_eq!(
        audience(&[], r#"["agent"]"#),
        Err(TokenError::WrongAudience)
    );
    assert_eq!(audience(&[], r#""""#), Err(TokenError::WrongAudience));
    assert_eq!(audience(&[""], r#"[]"#), Err(TokenError::WrongAudience));
}

#[test]
fn times_at_exactly_the_leeway() {
    // now = 1_000_000, leeway 60: exp + leeway == now is expired; nbf or iat == now +
    // leeway is still valid, a fraction later is not.
    let base = r#""iss":"https://id.example","aud":"agent""#;
    assert_eq!(
        check(&format!("{{{base},\"exp\":999940}}")),
        Err(TokenError::Expired)
    );
    assert!(check(&format!("{{{base},\"exp\":999940.5}}")).is_ok());
    for claim in ["nbf", "iat"] {
        assert!(
            check(&format!("{{{base},\"exp\":2000000,\"{claim}\":1000060}}")).is_ok(),
            "{claim}"
        );
        assert_eq!(
            check(&format!("{{{base},\"exp\":2000000,\"{claim}\":1000060.5}}")),
            Err(TokenError::NotYetValid),
            "{claim}"
        );
        assert!(
            check(&format!("{{{base},\"exp\":2000000,\"{claim}\":0}}")).is_ok(),
            "{claim}"
        );
        assert!(matches!(
            check(&format!("{{{base},\"exp\":2000000,\"{claim}\":\"0\"}}")),
            Err(TokenError::Malformed(_))
        ));
    }
    // Without leeway, exp == now is expired and exp just after is not.
    let strict = ClaimRules {
        leeway: Duration::ZERO,
        ..rules()
    };
    let at = |exp: &str| strict.check(format!("{{{base},\"exp\":{exp}}}").as_bytes(), 1_000_000.0);
    assert_eq!(at("1000000"), Err(TokenError::Expired));
    assert!(at("1000000.5").is_ok());
}

#[test]
fn the_payload_subject_and_scope_claims_have_their_types() {
    let base = r#""iss":"https://id.example","aud":"agent","exp":2000000"#;
    for payload in ["[]", "\"x\"", "1", "not json", ""] {
        assert!(
            matches!(check(payload), Err(TokenError::Malformed(_))),
            "{payload}"
        );
    }
    assert_eq!(check(&format!("{{{base}}}")).unwrap(), Grant::default());
    for sub in ["5", "null", "[\"alice\"]", "{}"] {
        assert!(
            matches!(
                check(&format!("{{{base},\"sub\":{sub}}}")),
                Err(TokenError::Malformed(_))
            ),
            "{sub}"
        );
    }
    let scp = check(&format!("{{{base},\"scp\":\"a b\"}}")).unwrap();
    assert_eq!(scp.scopes.iter().collect::<Vec<_>>(), ["a", "b"]);
    for bad in [
        r#""scp":["a",1]"#,
        r#""scope":["a"]"#,
        r#""scope":5"#,
        r#""scp":5"#,
        r#""scp":{"a":true}"#,
    ] {
        assert!(
            matches!(
                check(&format!("{{{base},{bad}}}")),
                Err(TokenError::Malformed(_))
            ),
            "{bad}"
        );
    }
    // An issuer that is not a string, or near the expected one, is the wrong issuer.
    for iss in [
        r#"5"#,
        r#"["https://id.example"]"#,
        r#""https://ID.example""#,
    ] {
        assert_eq!(
            check(&format!(r#"{{"iss":{iss},"aud":"agent","exp":2000000}}"#)),
            Err(TokenError::WrongIssuer),
            "{iss}"
        );
    }
}

#[test]
fn now_is_the_clock_in_seconds() {
    let clock = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let now = now();
    assert!((now - clock).abs() < 60.0, "{now} against {clock}");
    // Not whole seconds only: tokens may carry fractions.
    let again = (0..1000).map(|_| super::now()).any(|t| t.fract() != 0.0);
    assert!(again);
}
