//! Unit tests of [`CardSecurity`]'s rule: the alternatives are ORed, the schemes inside one
//! alternative are ANDed, and each scheme's scopes must all be granted.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use http::StatusCode;
use http::request::Parts;

use super::*;
use crate::SchemeKind;
use crate::security::{ErrorStyle, Grant, VerifyFuture};

/// Reads the header the apiKey scheme names (`X-F` for the bearer scheme `f`): `-` is a rejected credential, anything else is
/// `subject scope scope...`. Counts its calls.
#[derive(Default)]
struct HeaderGrant {
    calls: Arc<AtomicUsize>,
}

impl Verifier for HeaderGrant {
    fn fits(&self, _: &SecurityScheme) -> Result<(), String> {
        Ok(())
    }

    fn verify<'a>(&'a self, request: &'a Parts, scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let header = match scheme.kind() {
            Some(SchemeKind::ApiKey(key)) => key.name.clone(),
            _ => "X-F".to_owned(),
        };
        let verdict = match request
            .headers
            .get(header.as_str())
            .map(|v| v.to_str().unwrap())
        {
            None => Verdict::Missing,
            Some("-") => Verdict::Rejected("test says no"),
            Some(value) => {
                let mut words = value.split(' ');
                let subject = words.next().unwrap();
                Verdict::Accepted(Grant::subject(subject).with_scopes(words))
            }
        };
        Box::pin(std::future::ready(verdict))
    }
}

const SCHEMES: [&str; 11] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "m"];

/// A card declaring apiKey schemes `a`..`e` (header `X-A`..`X-E`), the bearer scheme `f`,
/// `g` (cookie `sid`), `h` (query `k`), `i` (Basic), `j` (header `x-a`, `a`'s in another
/// case), `m` (mutual TLS) and these requirements.
fn card(requirements: &str) -> AgentCard {
    let schemes: Vec<String> = SCHEMES
        .iter()
        .map(|s| match *s {
            "f" => r#""f": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}"#.to_owned(),
            "g" => {
                r#""g": {"apiKeySecurityScheme": {"location": "cookie", "name": "sid"}}"#.to_owned()
            }
            "h" => {
                r#""h": {"apiKeySecurityScheme": {"location": "query", "name": "k"}}"#.to_owned()
            }
            "i" => r#""i": {"httpAuthSecurityScheme": {"scheme": "Basic"}}"#.to_owned(),
            "j" => {
                r#""j": {"apiKeySecurityScheme": {"location": "header", "name": "x-a"}}"#.to_owned()
            }
            "m" => r#""m": {"mtlsSecurityScheme": {}}"#.to_owned(),
            s => format!(
                r#""{s}": {{"apiKeySecurityScheme": {{"location": "header", "name": "X-{}"}}}}"#,
                s.to_uppercase()
            ),
        })
        .collect();
    AgentCard::from_json_str(&format!(
        r#"{{"name": "T", "description": "T", "version": "1", "capabilities": {{}},
        "supportedInterfaces": [{{"url": "https://t.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}}],
        "securitySchemes": {{{}}},
        "securityRequirements": {requirements},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{{"id": "s", "name": "S", "description": "S", "tags": ["t"]}}]}}"#,
        schemes.join(",")
    ))
    .unwrap()
}

fn security_counting(requirements: &str) -> (CardSecurity, Arc<AtomicUsize>) {
    let card = card(requirements);
    let calls = Arc::new(AtomicUsize::new(0));
    let mut builder = CardSecurity::builder(&card);
    for s in SCHEMES {
        builder = builder.verifier(
            s,
            HeaderGrant {
                calls: calls.clone(),
            },
        );
    }
    (builder.build().unwrap(), calls)
}

fn security(requirements: &str) -> CardSecurity {
    security_counting(requirements).0
}

/// A request with `X-<NAME>: value` for each `(name, value)`.
fn request(credentials: &[(&str, &str)]) -> Parts {
    let mut builder = http::Request::get("/");
    for (scheme, value) in credentials {
        builder = builder.header(format!("X-{}", scheme.to_uppercase()), *value);
    }
    builder.body(()).unwrap().into_parts().0
}

fn run<T>(future: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

fn check(
    security: &CardSecurity,
    credentials: &[(&str, &str)],
) -> Result<AuthContext, AuthFailure> {
    run(security.check(&request(credentials)))
}

/// Which alternative passed, or the refusal's status.
fn outcome(security: &CardSecurity, credentials: &[(&str, &str)]) -> Result<usize, StatusCode> {
    check(security, credentials)
        .map(|auth| auth.alternative)
        .map_err(|failure| failure.status())
}

#[test]
fn every_scheme_of_one_alternative_must_pass() {
    let security = security(r#"[{"schemes": {"a": {}, "b": {}, "c": {}}}]"#);
    let all = [("a", "alice"), ("b", "bob"), ("c", "carol")];
    let auth = check(&security, &all).unwrap();
    assert_eq!(auth.alternative, 0);
    assert_eq!(auth.schemes, ["a", "b", "c"]);
    // Each member missing in turn, then each member rejected in turn: refused.
    for left_out in 0..all.len() {
        let fewer: Vec<_> = all
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != left_out)
            .map(|(_, c)| *c)
            .collect();
        assert_eq!(
            outcome(&security, &fewer),
            Err(StatusCode::UNAUTHORIZED),
            "without {}",
            all[left_out].0
        );
        let mut rejected = all;
        rejected[left_out].1 = "-";
        assert_eq!(
            outcome(&security, &rejected),
            Err(StatusCode::UNAUTHORIZED),
            "{} rejected",
            all[left_out].0
        );
    }
    // Only one member, or none: refused.
    for one in all {
        assert_eq!(outcome(&security, &[one]), Err(StatusCode::UNAUTHORIZED));
    }
    assert_eq!(outcome(&security, &[]), Err(StatusCode::UNAUTHORIZED));
}

#[test]
fn any_one_alternative_is_enough_and_the_first_met_is_reported() {
    let security = security(
        r#"[{"schemes": {"a": {}, "b": {}}}, {"schemes": {"c": {}}}, {"schemes": {"d": {"list": ["w"]}}}]"#,
    );
    assert_eq!(outcome(&security, &[("a", "x"), ("b", "y")]), Ok(0));
    assert_eq!(outcome(&security, &[("c", "x")]), Ok(1));
    assert_eq!(outcome(&security, &[("d", "x w")]), Ok(2));
    // Several met: the first in the card's order.
    assert_eq!(
        outcome(&security, &[("a", "x"), ("b", "y"), ("c", "z")]),
        Ok(0)
    );
    assert_eq!(outcome(&security, &[("c", "z"), ("d", "x w")]), Ok(1));
    // Half of the first alternative with nothing else: no alternative met.
    assert_eq!(
        outcome(&security, &[("a", "x")]),
        Err(StatusCode::UNAUTHORIZED)
    );
    assert_eq!(
        outcome(&security, &[("b", "x")]),
        Err(StatusCode::UNAUTHORIZED)
    );
    // Half of the first plus all of another: that other.
    assert_eq!(outcome(&security, &[("a", "x"), ("c", "z")]), Ok(1));
    assert_eq!(outcome(&security, &[("b", "x"), ("d", "x w")]), Ok(2));
    // A scheme of no alternative (e) counts for nothing.
    assert_eq!(
        outcome(&security, &[("e", "x w")]),
        Err(StatusCode::UNAUTHORIZED)
    );
    // A rejected credential for one alternative does not spoil another that is met.
    assert_eq!(outcome(&security, &[("a", "-"), ("c", "z")]), Ok(1));
    assert_eq!(outcome(&security, &[("c", "-"), ("d", "x w")]), Ok(2));
}

#[test]
fn every_scope_of_every_scheme_must_be_granted() {
    let security = security(r#"[{"schemes": {"a": {}, "e": {"list": ["s1", "s2"]}}}]"#);
    assert_eq!(outcome(&security, &[("a", "x"), ("e", "y s1 s2")]), Ok(0));
    assert_eq!(
        outcome(&security, &[("a", "x"), ("e", "y s2 s1 s3")]),
        Ok(0)
    );
    for short in ["y", "y s1", "y s2", "y s1s2", "y S1 S2"] {
        assert_eq!(
            outcome(&security, &[("a", "x"), ("e", short)]),
            Err(StatusCode::FORBIDDEN),
            "{short}"
        );
    }
    // The scopes right but another member of the AND missing: not authenticated (401).
    assert_eq!(
        outcome(&security, &[("e", "y s1 s2")]),
        Err(StatusCode::UNAUTHORIZED)
    );
    // The same with a bearer scheme: 403 names the scopes the alternative needs.
    let bearer = self::security(r#"[{"schemes": {"a": {}, "f": {"list": ["s1", "s2"]}}}]"#);
    let security = &bearer;
    assert_eq!(outcome(security, &[("a", "x"), ("f", "y s1 s2")]), Ok(0));
    for short in ["y", "y s1", "y s2"] {
        let failure = check(security, &[("a", "x"), ("f", short)]).unwrap_err();
        assert_eq!(failure.status(), StatusCode::FORBIDDEN, "{short}");
        let response = failure.to_response(ErrorStyle::Rest, None);
        let challenge: Vec<_> = response
            .headers()
            .get_all(http::header::WWW_AUTHENTICATE)
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        let challenge = challenge.join(", ");
        assert!(challenge.contains("insufficient_scope"), "{challenge}");
        assert!(challenge.contains(r#"scope="s1 s2""#), "{challenge}");
    }
    assert_eq!(
        outcome(security, &[("f", "y s1 s2")]),
        Err(StatusCode::UNAUTHORIZED)
    );
}

#[test]
fn insufficient_scope_only_when_some_alternative_authenticated() {
    let security =
        security(r#"[{"schemes": {"a": {}, "b": {}}}, {"schemes": {"d": {"list": ["w"]}}}]"#);
    // d authenticated without w: 403.
    assert_eq!(
        outcome(&security, &[("d", "x")]),
        Err(StatusCode::FORBIDDEN)
    );
    // a alone authenticates no alternative completely: 401.
    assert_eq!(
        outcome(&security, &[("a", "x")]),
        Err(StatusCode::UNAUTHORIZED)
    );
    assert_eq!(
        outcome(&security, &[("a", "x"), ("d", "-")]),
        Err(StatusCode::UNAUTHORIZED)
    );
}

#[test]
fn the_context_names_the_alternative_met() {
    let security = security(
        r#"[{"schemes": {"c": {"list": ["never"]}}}, {"schemes": {"a": {}, "e": {"list": ["s1"]}}}]"#,
    );
    let auth = check(
        &security,
        &[("c", "carol x"), ("a", "alice"), ("e", "eve s1 s9")],
    )
    .unwrap();
    assert_eq!(auth.alternative, 1);
    assert_eq!(auth.schemes, ["a", "e"]);
    assert_eq!(auth.subject.as_deref(), Some("alice"));
    assert_eq!(
        auth.scopes,
        BTreeSet::from(["s1".to_owned(), "s9".to_owned()])
    );
}

#[test]
fn an_empty_alternative_is_never_met() {
    // Build refuses one in the card; checked directly, it still grants nothing.
    let security = security(r#"[{"schemes": {"a": {}}}]"#);
    let mut verdicts = Verdicts::default();
    let empty = [SecurityRequirement::default()];
    let parts = request(&[("a", "x")]);
    assert!(run(security.check_alternatives(&empty, &parts, &mut verdicts)).is_err());
    assert!(run(security.check_alternatives(&[], &parts, &mut verdicts)).is_err());
}

#[test]
fn a_scheme_shared_by_alternatives_is_verified_once() {
    let (security, calls) = security_counting(
        r#"[{"schemes": {"a": {}, "b": {}}}, {"schemes": {"a": {}, "c": {}}}, {"schemes": {"a": {}, "d": {}}}]"#,
    );
    assert_eq!(outcome(&security, &[("a", "x"), ("d", "y")]), Ok(2));
    // a, b, c, d: once each.
    assert_eq!(calls.load(Ordering::SeqCst), 4);
}

#[test]
fn a_rejected_bearer_style_challenge_and_reasons_name_the_scheme() {
    let security = security(r#"[{"schemes": {"a": {}}}, {"schemes": {"b": {}}}]"#);
    let failure = check(&security, &[("a", "-")]).unwrap_err();
    assert_eq!(failure.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(failure.reasons(), ["a: test says no"]);
    let response = failure.to_response(ErrorStyle::Rest, None);
    let challenges: Vec<_> = response
        .headers()
        .get_all(http::header::WWW_AUTHENTICATE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    let all = challenges.join(", ");
    assert!(all.contains("X-A") && all.contains("X-B"), "{all}");
    assert!(!all.contains("X-C"), "{all}");
}

#[test]
fn debug_names_the_schemes_and_counts_the_alternatives() {
    let security = security(r#"[{"schemes": {"a": {}}}, {"schemes": {"f": {}}}]"#);
    let debug = format!("{security:?}");
    assert!(debug.starts_with("CardSecurity {"), "{debug}");
    assert!(debug.contains(r#""a", "b""#), "{debug}");
    assert!(debug.contains("alternatives: 2"), "{debug}");
}

// `credential_headers` builds the extended card's `Vary`; it exists with that feature.
#[cfg(feature = "extended")]
#[test]
fn credential_headers_name_each_header_once() {
    let security = security(
        r#"[{"schemes": {"a": {}, "b": {}}}, {"schemes": {"f": {}, "g": {}}},
            {"schemes": {"h": {}, "i": {}}}, {"schemes": {"j": {}, "m": {}}}]"#,
    );
    // a, b: their headers; f, i: Authorization once; g: Cookie; h (query), m (mTLS): none;
    // j: `x-a` is `X-A` already.
    assert_eq!(
        security.credential_headers(),
        ["X-A", "X-B", "Authorization", "Cookie"]
    );
    let query_only = security_counting(r#"[{"schemes": {"h": {}, "m": {}}}]"#).0;
    assert!(query_only.credential_headers().is_empty());
}

#[test]
fn only_a_rejected_bearer_credential_is_an_invalid_token() {
    let security = security(r#"[{"schemes": {"a": {}}}, {"schemes": {"f": {}}}]"#);
    let challenges = |credentials: &[(&str, &str)]| {
        let failure = check(&security, credentials).unwrap_err();
        let response = failure.to_response(ErrorStyle::Rest, None);
        response
            .headers()
            .get_all(http::header::WWW_AUTHENTICATE)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let rejected_key = challenges(&[("a", "-")]);
    assert!(
        rejected_key.iter().all(|c| !c.contains("invalid_token")),
        "{rejected_key:?}"
    );
    let rejected_token = challenges(&[("f", "-")]);
    assert_eq!(
        rejected_token
            .iter()
            .filter(|c| c.contains("invalid_token"))
            .collect::<Vec<_>>(),
        [r#"Bearer realm="a2a", error="invalid_token""#]
    );
    let missing = challenges(&[]);
    assert!(
        missing.iter().all(|c| !c.contains("invalid_token")),
        "{missing:?}"
    );
}

#[test]
fn a_verifier_that_does_not_fit_is_refused_naming_the_declared_type() {
    let card = card(r#"[{"schemes": {"a": {}}}, {"schemes": {"f": {}}}]"#);
    let refused = |scheme: &str, verifier: &dyn Fn(CardSecurityBuilder) -> CardSecurityBuilder| {
        let mut builder = CardSecurity::builder(&card);
        for s in SCHEMES.iter().filter(|s| **s != scheme) {
            builder = builder.verifier(*s, HeaderGrant::default());
        }
        verifier(builder).build().unwrap_err().to_string()
    };
    let bearer = refused("f", &|b| {
        b.verifier("f", crate::security::ApiKeys::new(["k"]).unwrap())
    });
    assert!(
        bearer.contains("declared as httpAuthSecurityScheme (Bearer) but"),
        "{bearer}"
    );
    let key = refused("a", &|b| {
        b.verifier("a", crate::security::BasicUsers::new(["u:p"]).unwrap())
    });
    assert!(key.contains("apiKeySecurityScheme but"), "{key}");
    assert!(!key.contains('('), "{key}");
    // Declared with no type, or with two.
    let none = SecurityScheme::default();
    assert_eq!(describe(&none), "no scheme type at all");
    let two: SecurityScheme = serde_json::from_str(
        r#"{"apiKeySecurityScheme": {"location": "header", "name": "k"},
            "httpAuthSecurityScheme": {"scheme": "Basic"}}"#,
    )
    .unwrap();
    assert_eq!(
        describe(&two),
        "several scheme types (apiKeySecurityScheme, httpAuthSecurityScheme)"
    );
    assert_eq!(
        describe(&SecurityScheme::http("Basic")),
        "httpAuthSecurityScheme (Basic)"
    );
}

#[test]
fn the_realm_given_is_the_realm_of_every_challenge_on_every_path() {
    let card = card(r#"[{"schemes": {"a": {}, "f": {"list": ["s1"]}}}]"#);
    let mut builder = CardSecurity::builder(&card).realm("routes\"x");
    for s in SCHEMES {
        builder = builder.verifier(s, HeaderGrant::default());
    }
    let built = builder.build().unwrap();
    #[cfg_attr(not(feature = "extended"), allow(unused_mut))]
    let mut securities = vec![("build", built.clone())];
    #[cfg(feature = "extended")]
    securities.push((
        "with_skills_of",
        built.with_skills_of(&card, &card).unwrap(),
    ));
    for (path, security) in securities {
        let challenges = |credentials: &[(&str, &str)]| {
            let failure = check(&security, credentials).unwrap_err();
            let response = failure.to_response(ErrorStyle::Rest, None);
            let values: Vec<String> = response
                .headers()
                .get_all(http::header::WWW_AUTHENTICATE)
                .iter()
                .map(|v| v.to_str().unwrap().to_owned())
                .collect();
            (failure.status(), values)
        };
        // 401, nothing presented; 401, a refused bearer token; 403, short of the scope.
        for (credentials, status) in [
            (&[][..], StatusCode::UNAUTHORIZED),
            (&[("a", "k"), ("f", "-")][..], StatusCode::UNAUTHORIZED),
            (
                &[("a", "k"), ("f", "alice other")][..],
                StatusCode::FORBIDDEN,
            ),
        ] {
            let (got, values) = challenges(credentials);
            assert_eq!(got, status, "{path} {credentials:?}");
            assert!(!values.is_empty(), "{path} {credentials:?}");
            for value in &values {
                assert!(
                    value.contains(r#" realm="routesx""#),
                    "{path} {credentials:?}: {value}"
                );
            }
        }
    }
}
