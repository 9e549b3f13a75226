//! Unit tests of where a verifier's keys come from (issue 23, cargo-mutants run 6): the key
//! set file's cap, repeated kids, sources discovered from the card, the fetch settings, and
//! the message of a key set without a usable key.

use std::time::Duration;

use super::super::error::JwtError;
use super::{JwksSource, MAX_JWKS_FILE_BYTES, SourceKind};
use crate::sign::{Algorithm, Jwks, SigningKey};

/// A JWKS (pretty JSON) of one fresh Ed25519 key per kid.
pub(in crate::security::jwt) fn jwks_text(kids: &[&str]) -> String {
    let keys = kids
        .iter()
        .map(|kid| {
            SigningKey::generate(Algorithm::EdDsa)
                .unwrap()
                .public_jwk(kid)
        })
        .collect();
    Jwks { keys }.to_json_pretty()
}

fn static_len(source: &JwksSource) -> usize {
    match &source.kind {
        SourceKind::Static(set) => set.len(),
        #[allow(unreachable_patterns)]
        _ => panic!("not a static source"),
    }
}

#[test]
fn a_key_set_file_may_have_up_to_one_mebibyte() {
    assert_eq!(MAX_JWKS_FILE_BYTES, 1 << 20);
    let dir = std::env::temp_dir().join(format!("a2a-jwks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A valid key set padded with whitespace to exactly the cap is read.
    let text = jwks_text(&["k1", "k2"]);
    let at_cap = dir.join("at-cap.json");
    let padding = " ".repeat(MAX_JWKS_FILE_BYTES as usize - text.len());
    std::fs::write(&at_cap, format!("{text}{padding}")).unwrap();
    let source = JwksSource::jwks_file(&at_cap).unwrap();
    assert_eq!(static_len(&source), 2);
    // One byte more is refused unread, naming the file.
    let over = dir.join("over-cap.json");
    std::fs::write(&over, format!("{text}{padding} ")).unwrap();
    match JwksSource::jwks_file(&over).unwrap_err() {
        JwtError::File { path, reason } => {
            assert_eq!(path, over.display().to_string());
            assert!(reason.contains("the cap on a key set file"), "{reason}");
        }
        err => panic!("{err}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn keys_in_code_json_and_files_are_checked_when_the_source_is_made() {
    let key = SigningKey::generate(Algorithm::EdDsa).unwrap();
    let source = JwksSource::keys([key.trusted_key("k1")]).unwrap();
    assert_eq!(static_len(&source), 1);
    let jwks = Jwks {
        keys: vec![key.public_jwk("k1"), key.public_jwk("k2")],
    };
    assert_eq!(static_len(&JwksSource::jwks(&jwks).unwrap()), 2);
    let text = jwks_text(&["a", "b", "c"]);
    assert_eq!(
        static_len(&JwksSource::jwks_json(text.as_bytes()).unwrap()),
        3
    );
    let err = JwksSource::jwks(&Jwks { keys: vec![] }).unwrap_err();
    assert!(matches!(err, JwtError::NoUsableKey { .. }), "{err}");
}

#[test]
fn repeated_kids_are_named_once_and_unknown_for_fetched_sets() {
    let (a, b, c) = (
        SigningKey::generate(Algorithm::EdDsa).unwrap(),
        SigningKey::generate(Algorithm::EdDsa).unwrap(),
        SigningKey::generate(Algorithm::EdDsa).unwrap(),
    );
    let repeated = JwksSource::keys([
        a.trusted_key("k2"),
        b.trusted_key("k1"),
        c.trusted_key("k2"),
        a.trusted_key("k1"),
        b.trusted_key("k3"),
    ])
    .unwrap();
    assert_eq!(repeated.repeated_kids(), ["k1", "k2"]);
    let distinct = JwksSource::keys([a.trusted_key("k1"), b.trusted_key("k2")]).unwrap();
    assert!(distinct.repeated_kids().is_empty());
    let fetched = JwksSource::jwks_url("https://id.example/jwks.json");
    assert!(fetched.repeated_kids().is_empty());
}

#[test]
fn the_empty_key_set_message_says_why_keys_were_left_out() {
    let none = JwtError::NoUsableKey { skipped: vec![] };
    assert_eq!(
        none.to_string(),
        "the key set has no key usable for token signatures (it has no key)"
    );
    let some = JwtError::NoUsableKey {
        skipped: vec!["key 0: use \"enc\"".into(), "key 1: ES384".into()],
    };
    assert_eq!(
        some.to_string(),
        "the key set has no key usable for token signatures (left out: key 0: use \"enc\"; key 1: ES384)"
    );
}

#[cfg(feature = "jwks-fetch")]
mod fetched {
    use super::*;
    use crate::AgentCard;
    use crate::security::jwt::remote::Locator;

    fn locator(source: &JwksSource) -> &Locator {
        match &source.kind {
            SourceKind::Remote(locator) => locator,
            SourceKind::Static(_) => panic!("not a fetched source"),
        }
    }

    fn card(schemes: serde_json::Value) -> AgentCard {
        let mut card = crate::__doctest::example_card();
        card.security_schemes = serde_json::from_value(schemes).unwrap();
        card
    }

    #[test]
    fn each_kind_of_source_names_its_url() {
        let url = "https://id.example/x";
        assert_eq!(
            locator(&JwksSource::jwks_url(url)),
            &Locator::Jwks(url.into())
        );
        assert_eq!(
            locator(&JwksSource::openid_connect(url)),
            &Locator::OpenIdConnect(url.into())
        );
        assert_eq!(
            locator(&JwksSource::oauth_metadata(url)),
            &Locator::OAuthMetadata(url.into())
        );
    }

    #[test]
    fn the_card_names_where_a_schemes_keys_are_or_says_why_not() {
        let card = card(serde_json::json!({
            "oidc": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://id.example/.well-known/openid-configuration"}},
            "oidcEmpty": {"openIdConnectSecurityScheme": {"openIdConnectUrl": ""}},
            "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://id.example/token", "scopes": {}}},
                      "oauth2MetadataUrl": "https://id.example/.well-known/oauth-authorization-server"}},
            "oauthBare": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://id.example/token", "scopes": {}}}}},
            "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}}
        }));
        assert_eq!(
            locator(&JwksSource::from_card(&card, "oidc").unwrap()),
            &Locator::OpenIdConnect("https://id.example/.well-known/openid-configuration".into())
        );
        assert_eq!(
            locator(&JwksSource::from_card(&card, "oauth").unwrap()),
            &Locator::OAuthMetadata(
                "https://id.example/.well-known/oauth-authorization-server".into()
            )
        );
        let reason = |scheme: &str| match JwksSource::from_card(&card, scheme).unwrap_err() {
            JwtError::NotDiscoverable {
                scheme: named,
                reason,
            } => {
                assert_eq!(named, scheme);
                reason
            }
            err => panic!("{scheme}: {err}"),
        };
        assert!(
            reason("oauthBare").starts_with("the oauth2SecurityScheme has no oauth2MetadataUrl")
        );
        assert!(reason("oidcEmpty").starts_with("only an openIdConnectSecurityScheme"));
        assert!(reason("key").starts_with("only an openIdConnectSecurityScheme"));
        assert_eq!(reason("missing"), "securitySchemes does not declare it");
    }

    #[test]
    fn fetch_settings_are_kept_as_given() {
        let source = JwksSource::jwks_url("http://127.0.0.1/jwks")
            .min_refetch_interval(Duration::from_secs(1))
            .max_age(Duration::from_secs(2))
            .max_stale(Duration::from_secs(3))
            .timeout(Duration::from_secs(4))
            .max_body_bytes(5)
            .allow_loopback_http()
            .root_certificates_pem(b"a".to_vec())
            .root_certificates_pem(b"b".to_vec());
        let fetch = &source.fetch;
        assert_eq!(fetch.min_refetch_interval, Duration::from_secs(1));
        assert_eq!(fetch.max_age, Duration::from_secs(2));
        assert_eq!(fetch.max_stale, Duration::from_secs(3));
        assert_eq!(fetch.timeout, Duration::from_secs(4));
        assert_eq!(fetch.max_body_bytes, 5);
        assert!(fetch.allow_loopback_http);
        assert_eq!(fetch.extra_roots_pem, [b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(
            locator(&source),
            &Locator::Jwks("http://127.0.0.1/jwks".into())
        );
        // The defaults.
        let fetch = JwksSource::jwks_url("https://id.example/jwks").fetch;
        assert_eq!(fetch.min_refetch_interval, Duration::from_secs(30));
        assert_eq!(fetch.max_age, Duration::from_secs(3600));
        assert_eq!(fetch.max_stale, Duration::from_secs(24 * 3600));
        assert_eq!(fetch.timeout, Duration::from_secs(10));
        assert_eq!(fetch.max_body_bytes, 256 * 1024);
        assert!(!fetch.allow_loopback_http);
        assert!(fetch.extra_roots_pem.is_empty());
    }
}
