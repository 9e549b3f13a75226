//! Unit tests of fetched key sets (issue 23, cargo-mutants run 6): caching, the refetch
//! interval, the staleness limit, discovery documents and their issuer, and the fetches
//! themselves, against a small HTTP server on 127.0.0.1 (plain http to loopback is allowed
//! when asked for). The integration tests (`tests/security_jwt.rs`) do the same through
//! `JwtVerifier`; these run with `--lib`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::super::error::JwtError;
use super::super::fetch::{Fetcher, check_url, tls_config};
use super::super::keys::{KeySet, Lookup};
use super::{Locator, RemoteKeys, Timing};
use crate::sign::Algorithm;

const ISSUER: &str = "https://id.example";
const HOUR: Duration = Duration::from_secs(3600);

/// A test identity provider: a canned answer per path, and how often each path was asked.
#[derive(Default)]
struct Idp {
    base: String,
    answers: Mutex<HashMap<String, (u16, String)>>,
    hits: Mutex<HashMap<String, usize>>,
}

impl Idp {
    async fn start() -> Arc<Idp> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let idp = Arc::new(Idp {
            base: format!("http://{}", listener.local_addr().unwrap()),
            ..Idp::default()
        });
        let server = idp.clone();
        tokio::spawn(async move {
            loop {
                let (stream, _) = listener.accept().await.unwrap();
                tokio::spawn(server.clone().serve(stream));
            }
        });
        idp
    }

    async fn serve(self: Arc<Self>, mut stream: tokio::net::TcpStream) {
        let mut head = Vec::new();
        let mut chunk = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => head.extend_from_slice(&chunk[..n]),
            }
        }
        let head = String::from_utf8_lossy(&head);
        let path = head.split(' ').nth(1).unwrap_or_default().to_owned();
        *self.hits.lock().unwrap().entry(path.clone()).or_default() += 1;
        let (status, body) = self
            .answers
            .lock()
            .unwrap()
            .get(&path)
            .cloned()
            .unwrap_or((404, String::new()));
        let location = if (300..400).contains(&status) {
            format!("location: {}/elsewhere\r\n", self.base)
        } else {
            String::new()
        };
        let response = format!(
            "HTTP/1.1 {status} Test\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{location}\r\n{body}",
            body.len()
        );
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn answer(&self, path: &str, status: u16, body: impl Into<String>) {
        let answer = (status, body.into());
        self.answers.lock().unwrap().insert(path.to_owned(), answer);
    }

    /// Publishes a JWKS of one Ed25519 key per kid at `path`.
    fn publish(&self, path: &str, kids: &[&str]) {
        self.answer(path, 200, super::super::source::tests::jwks_text(kids));
    }

    fn hits(&self, path: &str) -> usize {
        self.hits.lock().unwrap().get(path).copied().unwrap_or(0)
    }
}

fn fetcher() -> Fetcher {
    Fetcher::new(
        tls_config(&[]).unwrap(),
        Duration::from_secs(5),
        64 * 1024,
        true,
    )
}

fn timing(min_refetch_interval: Duration, max_age: Duration, max_stale: Duration) -> Timing {
    Timing {
        min_refetch_interval,
        max_age,
        max_stale,
    }
}

fn remote(locator: Locator, timing: Timing) -> RemoteKeys {
    RemoteKeys::new(locator, ISSUER.to_owned(), fetcher(), timing).unwrap()
}

fn has(keys: &KeySet, kid: &str) -> bool {
    matches!(keys.find(Some(kid), Algorithm::EdDsa), Lookup::Found(_))
}

fn run<T>(future: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn a_locator_names_its_url() {
    assert_eq!(Locator::Jwks("a".into()).url(), "a");
    assert_eq!(Locator::OpenIdConnect("b".into()).url(), "b");
    assert_eq!(Locator::OAuthMetadata("c".into()).url(), "c");
    // The URL is checked when the keys are set up.
    let err = RemoteKeys::new(
        Locator::OpenIdConnect("http://id.example/.well-known/openid-configuration".into()),
        ISSUER.to_owned(),
        fetcher(),
        timing(HOUR, HOUR, HOUR),
    )
    .unwrap_err();
    assert!(matches!(err, JwtError::Url { .. }), "{err}");
}

#[test]
fn keys_are_kept_while_fresh_and_fetched_again_once_older_than_max_age() {
    run(async {
        let idp = Idp::start().await;
        idp.publish("/jwks", &["k1"]);
        // Fresh for an hour: one fetch for any number of lookups.
        let kept = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(Duration::ZERO, HOUR, HOUR),
        );
        assert!(has(&kept.current().await.unwrap(), "k1"));
        assert!(has(&kept.current().await.unwrap(), "k1"));
        assert_eq!(idp.hits("/jwks"), 1);
        // Old at once: every lookup fetches, and sees the new keys.
        let aged = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(Duration::ZERO, Duration::ZERO, HOUR),
        );
        assert!(has(&aged.current().await.unwrap(), "k1"));
        assert_eq!(idp.hits("/jwks"), 2);
        idp.publish("/jwks", &["k2"]);
        let keys = aged.current().await.unwrap();
        assert!(has(&keys, "k2") && !has(&keys, "k1"));
        assert_eq!(idp.hits("/jwks"), 3);
        // The fresh set has not looked again.
        let keys = kept.current().await.unwrap();
        assert!(has(&keys, "k1") && !has(&keys, "k2"));
        assert_eq!(idp.hits("/jwks"), 3);
    });
}

#[test]
fn an_unknown_kid_refetches_at_most_once_per_interval() {
    run(async {
        let idp = Idp::start().await;
        idp.publish("/jwks", &["k1"]);
        let limited = remote(Locator::Jwks(idp.url("/jwks")), timing(HOUR, HOUR, HOUR));
        assert!(has(&limited.refetch().await.unwrap(), "k1"));
        assert_eq!(idp.hits("/jwks"), 1);
        idp.publish("/jwks", &["k2"]);
        // Within the interval: no fetch, the keys already loaded.
        let keys = limited.refetch().await.unwrap();
        assert!(has(&keys, "k1") && !has(&keys, "k2"));
        assert_eq!(idp.hits("/jwks"), 1);
        // No interval: each refetch fetches.
        let free = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(Duration::ZERO, HOUR, HOUR),
        );
        assert!(has(&free.refetch().await.unwrap(), "k2"));
        idp.publish("/jwks", &["k3"]);
        assert!(has(&free.refetch().await.unwrap(), "k3"));
        assert_eq!(idp.hits("/jwks"), 3);
        // fetch_now ignores the interval.
        assert!(has(&limited.fetch_now().await.unwrap(), "k3"));
        assert!(has(&limited.fetch_now().await.unwrap(), "k3"));
        assert_eq!(idp.hits("/jwks"), 5);
    });
}

#[test]
fn a_failed_fetch_keeps_the_loaded_keys_only_within_max_stale() {
    run(async {
        let idp = Idp::start().await;
        idp.publish("/jwks", &["k1"]);
        let tolerant = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(Duration::ZERO, Duration::ZERO, HOUR),
        );
        let strict = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(Duration::ZERO, Duration::ZERO, Duration::ZERO),
        );
        assert!(has(&tolerant.refetch().await.unwrap(), "k1"));
        assert!(has(&strict.refetch().await.unwrap(), "k1"));
        idp.answer("/jwks", 500, "");
        // The identity provider fails: the loaded keys, if not too old.
        assert!(has(&tolerant.refetch().await.unwrap(), "k1"));
        assert!(has(&tolerant.current().await.unwrap(), "k1"));
        assert!(strict.refetch().await.is_none());
        assert!(strict.current().await.is_none());
        let err = tolerant.fetch_now().await.unwrap_err();
        assert!(matches!(err, JwtError::Fetch { .. }), "{err}");
        // Within the refetch interval the same rule holds: stale keys are not used.
        idp.publish("/jwks", &["k1"]);
        let limited_strict = remote(
            Locator::Jwks(idp.url("/jwks")),
            timing(HOUR, HOUR, Duration::ZERO),
        );
        assert!(has(&limited_strict.refetch().await.unwrap(), "k1"));
        assert!(limited_strict.refetch().await.is_none());
        // Nothing was ever loaded: nothing to use.
        let never = remote(Locator::Jwks(idp.url("/missing")), timing(HOUR, HOUR, HOUR));
        assert!(never.current().await.is_none());
        assert!(never.refetch().await.is_none());
    });
}

#[test]
fn a_fetched_set_without_a_usable_key_is_an_error() {
    run(async {
        let idp = Idp::start().await;
        idp.answer("/jwks", 200, r#"{"keys": []}"#);
        let keys = remote(Locator::Jwks(idp.url("/jwks")), timing(HOUR, HOUR, HOUR));
        let err = keys.fetch_now().await.unwrap_err();
        assert!(matches!(err, JwtError::NoUsableKey { .. }), "{err}");
        idp.answer("/jwks", 200, "not json");
        let err = keys.fetch_now().await.unwrap_err();
        assert!(matches!(err, JwtError::Key(_)), "{err}");
    });
}

fn document(issuer: &str, jwks_uri: &str) -> String {
    serde_json::json!({"issuer": issuer, "jwks_uri": jwks_uri}).to_string()
}

#[test]
fn discovery_finds_the_jwks_uri_once_for_the_configured_issuer() {
    run(async {
        let idp = Idp::start().await;
        idp.publish("/keys", &["k1"]);
        for (path, locator) in [
            (
                "/.well-known/openid-configuration",
                Locator::OpenIdConnect as fn(String) -> Locator,
            ),
            (
                "/.well-known/oauth-authorization-server",
                Locator::OAuthMetadata,
            ),
        ] {
            idp.answer(path, 200, document(ISSUER, &idp.url("/keys")));
            let keys = remote(locator(idp.url(path)), timing(HOUR, HOUR, HOUR));
            assert!(has(&keys.fetch_now().await.unwrap(), "k1"), "{path}");
            assert!(has(&keys.fetch_now().await.unwrap(), "k1"), "{path}");
            // The document is read once; the key set each time.
            assert_eq!(idp.hits(path), 1, "{path}");
        }
        assert_eq!(idp.hits("/keys"), 4);
    });
}

#[test]
fn a_discovery_document_must_name_the_issuer_and_a_usable_jwks_uri() {
    run(async {
        let idp = Idp::start().await;
        idp.publish("/keys", &["k1"]);
        let path = "/.well-known/openid-configuration";
        let fetch = |body: String| {
            idp.answer(path, 200, body);
            let keys = remote(
                Locator::OpenIdConnect(idp.url(path)),
                timing(HOUR, HOUR, HOUR),
            );
            async move { keys.fetch_now().await }
        };
        // Another issuer, even one that only differs by a trailing slash.
        for other in ["https://evil.example", "https://id.example/"] {
            match fetch(document(other, &idp.url("/keys"))).await.unwrap_err() {
                JwtError::IssuerMismatch {
                    url,
                    expected,
                    found,
                } => {
                    assert_eq!(url, idp.url(path));
                    assert_eq!(expected, ISSUER);
                    assert_eq!(found, other);
                }
                err => panic!("{other}: {err}"),
            }
        }
        assert_eq!(idp.hits("/keys"), 0);
        let problem = |err: JwtError| match err {
            JwtError::Discovery { reason, .. } => reason,
            err => panic!("{err}"),
        };
        let reason = problem(fetch(r#"{"jwks_uri": "x"}"#.to_owned()).await.unwrap_err());
        assert_eq!(reason, "has no `issuer` string");
        let reason = problem(
            fetch(serde_json::json!({"issuer": 7, "jwks_uri": "x"}).to_string())
                .await
                .unwrap_err(),
        );
        assert_eq!(reason, "has no `issuer` string");
        let reason = problem(
            fetch(serde_json::json!({"issuer": ISSUER}).to_string())
                .await
                .unwrap_err(),
        );
        assert_eq!(reason, "has no `jwks_uri` string");
        for body in ["[]", "not json", "\"text\""] {
            let reason = problem(fetch(body.to_owned()).await.unwrap_err());
            assert_eq!(reason, "is not a JSON object", "{body}");
        }
        // A jwks_uri over plain http to another host.
        let err = fetch(document(ISSUER, "http://id.example/keys"))
            .await
            .unwrap_err();
        assert!(matches!(err, JwtError::Url { .. }), "{err}");
        // The document itself missing.
        idp.answer(path, 404, "");
        let keys = remote(
            Locator::OpenIdConnect(idp.url(path)),
            timing(HOUR, HOUR, HOUR),
        );
        let err = keys.fetch_now().await.unwrap_err();
        assert!(matches!(err, JwtError::Fetch { .. }), "{err}");
        assert_eq!(idp.hits("/keys"), 0);
    });
}

#[test]
fn a_fetch_takes_only_a_200_and_follows_no_redirect() {
    run(async {
        let idp = Idp::start().await;
        idp.answer("/ok", 200, "body");
        idp.answer("/moved", 302, "");
        idp.answer("/gone", 404, "");
        let fetcher = fetcher();
        assert_eq!(fetcher.get(&idp.url("/ok")).await.unwrap(), "body");
        let reason = |err: JwtError| match err {
            JwtError::Fetch { reason, .. } => reason,
            err => panic!("{err}"),
        };
        let moved = reason(fetcher.get(&idp.url("/moved")).await.unwrap_err());
        assert!(moved.contains("redirects are not followed"), "{moved}");
        assert_eq!(idp.hits("/elsewhere"), 0);
        let gone = reason(fetcher.get(&idp.url("/gone")).await.unwrap_err());
        assert_eq!(gone, "the server answered 404 Not Found");
        // Found by a document on loopback: loopback is reachable.
        let found = fetcher
            .get_found_at(&idp.url("/ok"), &idp.url("/doc"))
            .await
            .unwrap();
        assert_eq!(found, "body");
        // The URL is checked before anything is sent.
        let err = fetcher.get("http://id.example/ok").await.unwrap_err();
        assert!(matches!(err, JwtError::Url { .. }), "{err}");
    });
}

#[test]
fn url_refusals_say_what_to_change() {
    let reason = |url: &str, allow: bool| match check_url(url, allow).unwrap_err() {
        JwtError::Url { reason, .. } => reason,
        err => panic!("{err}"),
    };
    assert_eq!(
        reason("https://user:pw@id.example/jwks", false),
        "credentials in the URL are not supported"
    );
    assert_eq!(reason("/jwks", false), "not an absolute https URL");
    assert!(reason("http://id.example/jwks", false).contains("allow_loopback_http()"));
    assert!(reason("http://id.example/jwks", true).starts_with("plain http is allowed only"));
    assert_eq!(
        check_url("https://id.example/jwks", false).unwrap(),
        "https://id.example/jwks"
    );
    // Roots that are no PEM certificates.
    let err = tls_config(&[b"nope".to_vec()]).unwrap_err();
    assert!(matches!(err, JwtError::RootCertificates(_)), "{err}");
}
