//! JWT bearer tokens end to end: real tokens signed with every supported algorithm, a
//! verifier with keys in code, in a file, at a URL and discovered from the card, a local
//! identity provider (discovery document and JWKS) over a real socket, and the card's
//! security requirements enforced by `RequireCardSecurityLayer` over a real socket.
#![cfg(all(feature = "jwks-fetch", feature = "serve"))]

use a2a_card_test_support as support;
use a2a_card_test_support::whoami;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use a2a_card::AgentCard;
use a2a_card::security::jwt::{JwksSource, JwtError, JwtSigner, JwtVerifier};
use a2a_card::security::{Bearer, CardSecurity, TokenError};
use a2a_card::sign::{Algorithm, Jwks, SigningKey};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bytes::Bytes;
use http::{Request, Response};
use http_body_util::Full;
use serde_json::{Value, json};
use support::TestServer;
use whoami::guarded_whoami;

const ISSUER: &str = "https://id.example.test";
const AUDIENCE: &str = "route-planner";

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Claims of a valid token, with `changes` merged in (`null` removes a claim).
fn claims(changes: Value) -> Value {
    let mut claims = json!({
        "iss": ISSUER, "aud": AUDIENCE, "sub": "alice",
        "exp": now() + 300, "iat": now(), "nbf": now() - 5,
        "scope": "cards.read tasks.send",
    });
    for (name, value) in changes.as_object().unwrap() {
        if value.is_null() {
            claims.as_object_mut().unwrap().remove(name);
        } else {
            claims[name] = value.clone();
        }
    }
    claims
}

fn token(key: SigningKey, kid: &str, changes: Value) -> String {
    JwtSigner::new(key).kid(kid).sign(&claims(changes)).unwrap()
}

/// A fresh key and its public half, for key id `kid`.
fn key_pair(alg: Algorithm) -> (SigningKey, String) {
    let key = SigningKey::generate(alg).unwrap();
    let pem = key.to_pkcs8_pem().unwrap();
    (key, pem)
}

fn copy(pem: &str, alg: Algorithm) -> SigningKey {
    SigningKey::from_pkcs8_pem(pem)
        .unwrap()
        .with_algorithm(alg)
        .unwrap()
}

fn verifier_for(source: JwksSource) -> JwtVerifier {
    JwtVerifier::builder(source)
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .build()
        .unwrap()
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

#[tokio::test]
async fn valid_tokens_of_every_algorithm_are_accepted() {
    for alg in Algorithm::ALL {
        let (key, pem) = key_pair(alg);
        let verifier = verifier_for(JwksSource::keys([key.trusted_key("k1")]).unwrap());
        let grant = verifier
            .verify(&token(copy(&pem, alg), "k1", json!({})))
            .await
            .unwrap_or_else(|e| panic!("{alg}: {e}"));
        assert_eq!(grant.subject.as_deref(), Some("alice"), "{alg}");
        assert_eq!(
            grant.scopes.iter().collect::<Vec<_>>(),
            ["cards.read", "tasks.send"]
        );
    }
}

/// Whether a refusal is the one a case expects.
type Expect = fn(&TokenError) -> bool;

#[tokio::test]
async fn every_bad_token_is_refused_with_its_reason() {
    let (ec, ec_pem) = key_pair(Algorithm::Es256);
    let (rsa, rsa_pem) = key_pair(Algorithm::Rs256);
    let (other, _) = key_pair(Algorithm::Es256);
    let verifier =
        verifier_for(JwksSource::keys([ec.trusted_key("ec"), rsa.trusted_key("rsa")]).unwrap());
    let es = || copy(&ec_pem, Algorithm::Es256);
    let good = token(es(), "ec", json!({}));
    let parts: Vec<&str> = good.split('.').collect();
    let payload: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
    let mut raised = payload.clone();
    raised["scope"] = json!("cards.read tasks.send admin");
    let tampered_payload = format!(
        "{}.{}.{}",
        parts[0],
        b64(raised.to_string().as_bytes()),
        parts[2]
    );
    let mut signature = URL_SAFE_NO_PAD.decode(parts[2]).unwrap();
    signature[10] ^= 1;
    let tampered_signature = format!("{}.{}.{}", parts[0], parts[1], b64(&signature));
    let unsigned = format!("{}.{}.", b64(br#"{"alg":"none","kid":"ec"}"#), parts[1]);
    let none_with_signature = format!(
        "{}.{}.{}",
        b64(br#"{"alg":"none","kid":"ec"}"#),
        parts[1],
        parts[2]
    );
    // The RSA public key used as an HMAC secret: the classic confusion, refused by alg.
    let hs256 = format!(
        "{}.{}.{}",
        b64(br#"{"alg":"HS256","kid":"rsa"}"#),
        parts[1],
        parts[2]
    );
    let huge = token(es(), "ec", json!({"pad": "x".repeat(17 * 1024)}));
    let crit = JwtSigner::new(es())
        .kid("ec")
        .header_param("crit", json!(["exp"]))
        .sign(&claims(json!({})))
        .unwrap();

    let cases: Vec<(&str, String, Expect)> = vec![
        (
            "expired",
            token(es(), "ec", json!({"exp": now() - 120})),
            |e| *e == TokenError::Expired,
        ),
        (
            "expired within leeway is fine? no: 61 s past",
            token(es(), "ec", json!({"exp": now() - 61})),
            |e| *e == TokenError::Expired,
        ),
        (
            "not yet valid",
            token(es(), "ec", json!({"nbf": now() + 120})),
            |e| *e == TokenError::NotYetValid,
        ),
        (
            "issued in the future",
            token(es(), "ec", json!({"iat": now() + 120})),
            |e| *e == TokenError::NotYetValid,
        ),
        ("no exp", token(es(), "ec", json!({"exp": null})), |e| {
            matches!(e, TokenError::Invalid(_))
        }),
        (
            "wrong issuer",
            token(es(), "ec", json!({"iss": "https://evil.example"})),
            |e| *e == TokenError::WrongIssuer,
        ),
        (
            "issuer with a trailing slash",
            token(es(), "ec", json!({"iss": format!("{ISSUER}/")})),
            |e| *e == TokenError::WrongIssuer,
        ),
        (
            "wrong audience",
            token(es(), "ec", json!({"aud": "other-agent"})),
            |e| *e == TokenError::WrongAudience,
        ),
        (
            "audience array without ours",
            token(es(), "ec", json!({"aud": ["a", "b"]})),
            |e| *e == TokenError::WrongAudience,
        ),
        ("unknown kid", token(es(), "nope", json!({})), |e| {
            *e == TokenError::UnknownKey
        }),
        // Signed by another P-256 key under our kid: same alg, wrong key.
        (
            "another key under our kid",
            token(other, "ec", json!({})),
            |e| matches!(e, TokenError::Signature(_)),
        ),
        // The EC key's kid with an RSA signature: the header's alg is not the key's.
        (
            "alg differs from the key's",
            token(copy(&rsa_pem, Algorithm::Rs256), "ec", json!({})),
            |e| matches!(e, TokenError::Signature(_)),
        ),
        // The RSA key is trusted for RS256 only; PS256 with the same key is refused.
        (
            "PS256 with an RS256 key",
            token(copy(&rsa_pem, Algorithm::Ps256), "rsa", json!({})),
            |e| matches!(e, TokenError::Signature(_)),
        ),
        (
            "header alg rewritten",
            JwtSigner::new(es())
                .kid("ec")
                .header_param("alg", json!("RS256"))
                .sign(&claims(json!({})))
                .unwrap(),
            |e| matches!(e, TokenError::Signature(_)),
        ),
        ("alg none, no signature", unsigned, |e| {
            matches!(e, TokenError::Signature(_))
        }),
        ("alg none, with a signature", none_with_signature, |e| {
            matches!(e, TokenError::Signature(_))
        }),
        ("HS256 with the public key", hs256, |e| {
            matches!(e, TokenError::Signature(_))
        }),
        ("tampered payload", tampered_payload, |e| {
            matches!(e, TokenError::Signature(_))
        }),
        ("tampered signature", tampered_signature, |e| {
            matches!(e, TokenError::Signature(_))
        }),
        ("critical extension", crit, |e| {
            matches!(e, TokenError::Invalid(_))
        }),
        ("two parts", format!("{}.{}", parts[0], parts[1]), |e| {
            matches!(e, TokenError::Malformed(_))
        }),
        ("five parts (JWE)", format!("{good}.a.b"), |e| {
            matches!(e, TokenError::Malformed(_))
        }),
        (
            "bad base64",
            format!("{}.{}.{}!", parts[0], parts[1], parts[2]),
            |e| matches!(e, TokenError::Malformed(_)),
        ),
        (
            "padded base64",
            format!("{}=.{}.{}", parts[0], parts[1], parts[2]),
            |e| matches!(e, TokenError::Malformed(_)),
        ),
        (
            "header not JSON",
            format!("{}.{}.{}", b64(b"alg"), parts[1], parts[2]),
            |e| matches!(e, TokenError::Malformed(_)),
        ),
        ("huge", huge, |e| matches!(e, TokenError::Malformed(_))),
        ("empty", String::new(), |e| {
            matches!(e, TokenError::Malformed(_))
        }),
    ];
    for (name, token, expected) in cases {
        let error = verifier.verify(&token).await.expect_err(name);
        assert!(expected(&error), "{name}: got {error:?}");
        let message = error.to_string();
        assert!(
            token.len() < 20 || !message.contains(&token[..20]),
            "{name}: token in message"
        );
    }
    // The untouched token passes, so each refusal above is the change's doing.
    assert!(verifier.verify(&good).await.is_ok());
}

#[tokio::test]
async fn algorithms_kids_and_scope_forms() {
    let (ec, ec_pem) = key_pair(Algorithm::Es256);
    let (ed, ed_pem) = key_pair(Algorithm::EdDsa);
    // Only ES256 allowed: a valid EdDSA token of a trusted key is refused.
    let only_es = JwtVerifier::builder(
        JwksSource::keys([ec.trusted_key("ec"), ed.trusted_key("ed")]).unwrap(),
    )
    .issuer(ISSUER)
    .audience(AUDIENCE)
    .algorithms([Algorithm::Es256])
    .build()
    .unwrap();
    let ed_token = token(copy(&ed_pem, Algorithm::EdDsa), "ed", json!({}));
    assert!(matches!(
        only_es.verify(&ed_token).await,
        Err(TokenError::Signature(_))
    ));
    let es_token = token(copy(&ec_pem, Algorithm::Es256), "ec", json!({}));
    assert!(only_es.verify(&es_token).await.is_ok());

    // No kid: fine with a single key, refused with several.
    let kidless = JwtSigner::new(copy(&ec_pem, Algorithm::Es256))
        .sign(&claims(json!({})))
        .unwrap();
    let single = verifier_for(
        JwksSource::keys([copy(&ec_pem, Algorithm::Es256).trusted_key("ec")]).unwrap(),
    );
    assert!(single.verify(&kidless).await.is_ok());
    assert!(matches!(
        only_es.verify(&kidless).await,
        Err(TokenError::Invalid(_))
    ));

    // scp as an array and as a string; both with scope.
    let grant = single
        .verify(&token(
            copy(&ec_pem, Algorithm::Es256),
            "ec",
            json!({"scope": null, "scp": ["cards.read", "tasks.cancel"]}),
        ))
        .await
        .unwrap();
    assert_eq!(
        grant.scopes.iter().collect::<Vec<_>>(),
        ["cards.read", "tasks.cancel"]
    );
    let grant = single
        .verify(&token(
            copy(&ec_pem, Algorithm::Es256),
            "ec",
            json!({"scope": "a", "scp": "b c"}),
        ))
        .await
        .unwrap();
    assert_eq!(grant.scopes.iter().collect::<Vec<_>>(), ["a", "b", "c"]);
    // Audience as an array naming us among others; a second accepted audience.
    let two = JwtVerifier::builder(JwksSource::keys([ec.trusted_key("ec")]).unwrap())
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .audience("https://routes.example.com/a2a")
        .build()
        .unwrap();
    for aud in [
        json!(["x", AUDIENCE]),
        json!("https://routes.example.com/a2a"),
    ] {
        let t = token(copy(&ec_pem, Algorithm::Es256), "ec", json!({"aud": aud}));
        assert!(two.verify(&t).await.is_ok());
    }
    // A smaller leeway makes a token 10 s past expiry fail; the default accepts it.
    let t = token(
        copy(&ec_pem, Algorithm::Es256),
        "ec",
        json!({"exp": now() - 10}),
    );
    assert!(single.verify(&t).await.is_ok());
    let strict = JwtVerifier::builder(JwksSource::keys([ec.trusted_key("ec")]).unwrap())
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .leeway(Duration::from_secs(1))
        .build()
        .unwrap();
    assert_eq!(strict.verify(&t).await, Err(TokenError::Expired));
}

#[tokio::test]
async fn a_required_token_type_keeps_id_tokens_out() {
    let (key, pem) = key_pair(Algorithm::Es256);
    let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k1")]).unwrap())
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .token_type("at+jwt")
        .build()
        .unwrap();
    let typed = |typ: Option<&str>| {
        let signer = JwtSigner::new(copy(&pem, Algorithm::Es256)).kid("k1");
        let signer = match typ {
            Some(typ) => signer.header_param("typ", json!(typ)),
            None => signer,
        };
        signer.sign(&claims(json!({}))).unwrap()
    };
    for accepted in ["at+jwt", "AT+JWT", "application/at+jwt"] {
        assert!(
            verifier.verify(&typed(Some(accepted))).await.is_ok(),
            "{accepted}"
        );
    }
    for refused in [Some("JWT"), Some("jwt"), None] {
        let result = verifier.verify(&typed(refused)).await;
        assert!(
            matches!(result, Err(TokenError::Invalid(_))),
            "{refused:?}: {result:?}"
        );
    }
    // Without the requirement, the type is not looked at.
    assert!(
        verifier_for(JwksSource::keys([key.trusted_key("k1")]).unwrap())
            .verify(&typed(Some("JWT")))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn keys_from_a_jwks_file() {
    let (key, pem) = key_pair(Algorithm::Ps256);
    let mut rsa_without_alg = SigningKey::generate(Algorithm::Rs256)
        .unwrap()
        .public_jwk("azure-style");
    rsa_without_alg.alg = None;
    let mut enc = SigningKey::generate(Algorithm::Es256)
        .unwrap()
        .public_jwk("enc");
    enc.key_use = Some("enc".into());
    let jwks = Jwks {
        keys: vec![key.public_jwk("ps"), rsa_without_alg, enc],
    };
    let dir = std::env::temp_dir().join(format!("a2a-card-jwt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("jwks.json");
    std::fs::write(&path, jwks.to_json_pretty()).unwrap();
    let verifier = verifier_for(JwksSource::jwks_file(&path).unwrap());
    assert_eq!(verifier.refresh_keys().await.unwrap(), 2);
    assert!(
        verifier
            .verify(&token(copy(&pem, Algorithm::Ps256), "ps", json!({})))
            .await
            .is_ok()
    );
    std::fs::write(
        &path,
        r#"{"keys": [{"kty": "EC", "crv": "P-384", "kid": "x"}]}"#,
    )
    .unwrap();
    let err = JwksSource::jwks_file(&path).unwrap_err();
    assert!(matches!(err, JwtError::NoUsableKey { .. }), "{err}");
    assert!(err.to_string().contains("P-384"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------
// A local identity provider: discovery documents and a JWKS that can change, counting
// requests per path.

#[derive(Default)]
struct Idp {
    jwks: Mutex<String>,
    hits: Mutex<HashMap<String, usize>>,
    issuer: Mutex<String>,
    jwks_status: AtomicUsize,
}

impl Idp {
    fn hits(&self, path: &str) -> usize {
        self.hits.lock().unwrap().get(path).copied().unwrap_or(0)
    }

    fn publish(&self, keys: &[(&SigningKey, &str)]) {
        let jwks = Jwks {
            keys: keys.iter().map(|(k, kid)| k.public_jwk(kid)).collect(),
        };
        *self.jwks.lock().unwrap() = jwks.to_json_pretty();
    }
}

fn new_idp() -> Arc<Idp> {
    let idp = Arc::new(Idp::default());
    *idp.issuer.lock().unwrap() = ISSUER.to_owned();
    idp.jwks_status.store(200, Ordering::SeqCst);
    idp
}

/// The provider's routes; `base` is its own URL, known once it listens.
fn idp_service(
    idp: Arc<Idp>,
    base: Arc<Mutex<String>>,
) -> impl tower::Service<
    Request<hyper::body::Incoming>,
    Response = Response<Full<Bytes>>,
    Error = Infallible,
    Future = impl Send,
> + Clone
+ Send
+ 'static {
    tower::service_fn(move |request: Request<hyper::body::Incoming>| {
        let idp = idp.clone();
        let base = base.lock().unwrap().clone();
        async move {
            let path = request.uri().path().to_owned();
            *idp.hits.lock().unwrap().entry(path.clone()).or_default() += 1;
            let (status, body) = match path.as_str() {
                "/.well-known/openid-configuration" | "/.well-known/oauth-authorization-server" => (
                    200,
                    json!({"issuer": *idp.issuer.lock().unwrap(), "jwks_uri": format!("{base}/jwks")}).to_string(),
                ),
                "/jwks" => (
                    idp.jwks_status.load(Ordering::SeqCst) as u16,
                    idp.jwks.lock().unwrap().clone(),
                ),
                "/huge" => (200, format!("{{\"keys\": [], \"pad\": \"{}\"}}", "x".repeat(1 << 20))),
                "/slow" => {
                    tokio::time::sleep(Duration::from_secs(600)).await;
                    (200, "{}".to_owned())
                }
                "/moved" => (302, String::new()),
                _ => (404, String::new()),
            };
            let response = Response::builder()
                .status(status)
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from(body)))
                .unwrap();
            Ok::<_, Infallible>(response)
        }
    })
}

fn start_idp() -> (Arc<Idp>, TestServer) {
    let idp = new_idp();
    let base = Arc::new(Mutex::new(String::new()));
    let server = TestServer::start(idp_service(idp.clone(), base.clone()));
    *base.lock().unwrap() = format!("http://{}", server.addr);
    (idp, server)
}

/// The provider over https with a certificate of its own certificate authority (made
/// here with rcgen): returns its base URL (`https://localhost:PORT`) and the CA's PEM.
fn start_tls_idp(idp: Arc<Idp>) -> (String, String) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "a2a-card test CA");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let leaf_key = rcgen::KeyPair::generate().unwrap();
    let leaf = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
        .unwrap()
        .signed_by(&leaf_key, &issuer)
        .unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![leaf.der().clone()],
            rustls::pki_types::PrivateKeyDer::Pkcs8(leaf_key.serialize_der().into()),
        )
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let base = Arc::new(Mutex::new(String::new()));
    let service = idp_service(idp, base.clone());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    *base.lock().unwrap() = format!("https://localhost:{port}");
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let (acceptor, service) = (acceptor.clone(), service.clone());
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(stream).await else {
                        return;
                    };
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(
                            hyper_util::rt::TokioIo::new(tls),
                            hyper_util::service::TowerToHyperService::new(service),
                        )
                        .await;
                });
            }
        });
    });
    (format!("https://localhost:{port}"), ca.pem())
}

fn url(server: &TestServer, path: &str) -> String {
    format!("http://{}{path}", server.addr)
}

/// Only an unknown kid sends the verifier back to the key set: a token whose kid is known
/// costs no fetch, however long after the last one it comes (a valid token must not let its
/// sender make the server fetch the JWKS once per refetch interval).
#[tokio::test]
async fn a_known_kid_costs_no_fetch_after_the_refetch_interval() {
    let (idp, server) = start_idp();
    let (key, pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&key, "2026-01")]);
    let verifier = verifier_for(
        JwksSource::jwks_url(url(&server, "/jwks"))
            .allow_loopback_http()
            .min_refetch_interval(Duration::from_millis(50)),
    );
    let t = token(copy(&pem, Algorithm::Es256), "2026-01", json!({}));
    verifier.verify(&t).await.unwrap();
    assert_eq!(idp.hits("/jwks"), 1);
    // Past the refetch interval (not the cache's lifetime): the known kid needs nothing new.
    tokio::time::sleep(Duration::from_millis(120)).await;
    verifier.verify(&t).await.unwrap();
    assert_eq!(
        idp.hits("/jwks"),
        1,
        "a known kid made the verifier fetch again"
    );
}

#[tokio::test]
async fn rotation_is_picked_up_after_one_refetch() {
    let (idp, server) = start_idp();
    let (old, old_pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&old, "2026-01")]);
    let verifier = verifier_for(
        JwksSource::jwks_url(url(&server, "/jwks"))
            .allow_loopback_http()
            .min_refetch_interval(Duration::from_millis(400)),
    );
    for _ in 0..3 {
        let t = token(copy(&old_pem, Algorithm::Es256), "2026-01", json!({}));
        verifier.verify(&t).await.unwrap();
    }
    assert_eq!(idp.hits("/jwks"), 1, "the keys are cached");

    // The provider rotates: a new key under a new kid, the old one withdrawn.
    let (new, new_pem) = key_pair(Algorithm::EdDsa);
    idp.publish(&[(&new, "2026-02")]);
    tokio::time::sleep(Duration::from_millis(450)).await;
    let t = token(copy(&new_pem, Algorithm::EdDsa), "2026-02", json!({}));
    assert_eq!(
        verifier.verify(&t).await.unwrap().subject.as_deref(),
        Some("alice")
    );
    assert_eq!(idp.hits("/jwks"), 2, "one refetch for the new kid");
    let t = token(copy(&new_pem, Algorithm::EdDsa), "2026-02", json!({}));
    verifier.verify(&t).await.unwrap();
    assert_eq!(idp.hits("/jwks"), 2);
    // The withdrawn key's tokens are refused now (and, within the interval, cost no fetch).
    let t = token(copy(&old_pem, Algorithm::Es256), "2026-01", json!({}));
    assert_eq!(verifier.verify(&t).await, Err(TokenError::UnknownKey));
    assert_eq!(idp.hits("/jwks"), 2);
}

#[tokio::test]
async fn a_burst_of_unknown_kids_costs_at_most_one_fetch_per_interval() {
    let (idp, server) = start_idp();
    let (key, pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&key, "k1")]);
    let unknown = |i: usize| {
        token(
            copy(&pem, Algorithm::Es256),
            &format!("made-up-{i}"),
            json!({}),
        )
    };

    // Default interval (30 s): the first token fetches, then 200 concurrent made-up kids
    // fetch nothing more.
    let verifier = verifier_for(JwksSource::jwks_url(url(&server, "/jwks")).allow_loopback_http());
    verifier
        .verify(&token(copy(&pem, Algorithm::Es256), "k1", json!({})))
        .await
        .unwrap();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..200 {
        let (verifier, t) = (verifier.clone(), unknown(i));
        tasks.spawn(async move { verifier.verify(&t).await });
    }
    while let Some(result) = tasks.join_next().await {
        assert_eq!(result.unwrap(), Err(TokenError::UnknownKey));
    }
    assert_eq!(idp.hits("/jwks"), 1);

    // A short interval: a steady stream of made-up kids for about 1.2 s fetches at most
    // once per interval (plus the first), and does fetch again once the interval passes.
    let interval = Duration::from_millis(300);
    let verifier = verifier_for(
        JwksSource::jwks_url(url(&server, "/jwks"))
            .allow_loopback_http()
            .min_refetch_interval(interval),
    );
    let before = idp.hits("/jwks");
    let start = Instant::now();
    let mut i = 1000;
    while start.elapsed() < Duration::from_millis(1200) {
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..10 {
            i += 1;
            let (verifier, t) = (verifier.clone(), unknown(i));
            tasks.spawn(async move { verifier.verify(&t).await });
        }
        while let Some(result) = tasks.join_next().await {
            assert_eq!(result.unwrap(), Err(TokenError::UnknownKey));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let fetches = idp.hits("/jwks") - before;
    let bound = 1 + (start.elapsed().as_millis() / interval.as_millis()) as usize;
    assert!(fetches >= 2, "refetched after the interval: {fetches}");
    assert!(
        fetches <= bound,
        "{fetches} fetches in {:?}, at most {bound}",
        start.elapsed()
    );
}

#[tokio::test]
async fn fetch_failures_are_bounded_and_keep_the_loaded_keys() {
    let (idp, server) = start_idp();
    let (key, pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&key, "k1")]);
    let build = |source: JwksSource| {
        JwtVerifier::builder(source.allow_loopback_http())
            .issuer(ISSUER)
            .audience(AUDIENCE)
            .build()
            .unwrap()
    };
    let huge = build(JwksSource::jwks_url(url(&server, "/huge")).max_body_bytes(64 * 1024));
    let err = huge.refresh_keys().await.unwrap_err().to_string();
    assert!(err.contains("larger than 65536 bytes"), "{err}");
    let slow =
        build(JwksSource::jwks_url(url(&server, "/slow")).timeout(Duration::from_millis(300)));
    // Only the timeout words this error (the server holds its answer for 10 minutes, and
    // is dropped with the test).
    let err = slow.refresh_keys().await.unwrap_err().to_string();
    assert!(err.contains("within 300 ms"), "{err}");
    let moved = build(JwksSource::jwks_url(url(&server, "/moved")));
    let err = moved.refresh_keys().await.unwrap_err().to_string();
    assert!(err.contains("redirects are not followed"), "{err}");
    let missing = build(JwksSource::jwks_url(url(&server, "/nothing-here")));
    let err = missing.refresh_keys().await.unwrap_err().to_string();
    assert!(err.contains("404"), "{err}");

    // An identity provider that cannot be reached: tokens are refused (not accepted, not a
    // panic), and the attempts are rate limited too.
    let down = build(JwksSource::jwks_url("http://127.0.0.1:9/jwks"));
    let t = token(copy(&pem, Algorithm::Es256), "k1", json!({}));
    assert!(matches!(down.verify(&t).await, Err(TokenError::Invalid(_))));

    // Keys loaded once stay in use when the provider starts failing.
    let verifier = build(
        JwksSource::jwks_url(url(&server, "/jwks")).min_refetch_interval(Duration::from_millis(1)),
    );
    verifier.verify(&t).await.unwrap();
    idp.jwks_status.store(500, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(5)).await;
    let unknown = token(copy(&pem, Algorithm::Es256), "k2", json!({}));
    assert_eq!(verifier.verify(&unknown).await, Err(TokenError::UnknownKey));
    assert_eq!(idp.hits("/jwks"), 2, "the unknown kid did try a refetch");
    verifier.verify(&t).await.unwrap();

    // ... but not for ever: past the staleness limit they are refused until a fetch works,
    // so keeping the provider unreachable cannot keep a withdrawn key trusted.
    idp.jwks_status.store(200, Ordering::SeqCst);
    let limited = build(
        JwksSource::jwks_url(url(&server, "/jwks"))
            .min_refetch_interval(Duration::from_millis(1))
            .max_age(Duration::from_millis(1))
            .max_stale(Duration::from_millis(200)),
    );
    limited.verify(&t).await.unwrap();
    idp.jwks_status.store(500, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(250)).await;
    assert!(
        limited.verify(&t).await.is_err(),
        "stale keys were still trusted"
    );
    idp.jwks_status.store(200, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(5)).await;
    limited.verify(&t).await.unwrap();
}

#[tokio::test]
async fn urls_must_be_https_unless_loopback_http_is_allowed() {
    let build = |source: JwksSource| {
        JwtVerifier::builder(source)
            .issuer(ISSUER)
            .audience(AUDIENCE)
            .build()
    };
    let err = build(JwksSource::jwks_url("http://127.0.0.1:1/jwks")).unwrap_err();
    assert!(err.to_string().contains("allow_loopback_http"), "{err}");
    let err =
        build(JwksSource::jwks_url("http://id.example/jwks").allow_loopback_http()).unwrap_err();
    assert!(err.to_string().contains("loopback"), "{err}");
    let err = build(JwksSource::openid_connect(
        "http://id.example/.well-known/openid-configuration",
    ))
    .unwrap_err();
    assert!(matches!(err, JwtError::Url { .. }), "{err}");
    assert!(build(JwksSource::jwks_url("https://id.example/jwks")).is_ok());

    // A discovery document may not send us to plain http elsewhere, nor name another issuer.
    let (idp, server) = start_idp();
    let verifier = build(
        JwksSource::openid_connect(url(&server, "/.well-known/openid-configuration"))
            .allow_loopback_http(),
    )
    .unwrap();
    *idp.issuer.lock().unwrap() = "https://someone-else.example".into();
    let err = verifier.refresh_keys().await.unwrap_err();
    assert!(matches!(err, JwtError::IssuerMismatch { .. }), "{err}");
}

#[tokio::test]
async fn keys_are_fetched_over_https_with_the_roots_given() {
    let idp = new_idp();
    let (key, pem) = key_pair(Algorithm::EdDsa);
    idp.publish(&[(&key, "ed-1")]);
    let (base, ca_pem) = start_tls_idp(idp.clone());
    let discovery = format!("{base}/.well-known/openid-configuration");

    // The webpki roots do not know the test CA: the handshake fails, nothing is trusted.
    let untrusting = verifier_for(JwksSource::openid_connect(&discovery));
    let err = untrusting.refresh_keys().await.unwrap_err().to_string();
    assert!(err.contains("TLS"), "{err}");
    let t = token(copy(&pem, Algorithm::EdDsa), "ed-1", json!({}));
    assert!(matches!(
        untrusting.verify(&t).await,
        Err(TokenError::Invalid(_))
    ));

    // With the CA added, discovery and the JWKS come over https.
    let verifier =
        verifier_for(JwksSource::openid_connect(&discovery).root_certificates_pem(ca_pem));
    assert_eq!(verifier.refresh_keys().await.unwrap(), 1);
    assert_eq!(
        verifier.verify(&t).await.unwrap().subject.as_deref(),
        Some("alice")
    );
    assert_eq!(idp.hits("/.well-known/openid-configuration"), 1);
    assert_eq!(idp.hits("/jwks"), 1);
}

// ---------------------------------------------------------------------------------------
// End to end: the card names the scheme, the layer enforces it over a real socket.

fn card(schemes: Value, scopes: &[&str]) -> AgentCard {
    let name = schemes.as_object().unwrap().keys().next().unwrap().clone();
    AgentCard::from_json_str(&json!({
        "name": "Route Planner", "description": "Plans driving routes with live traffic.",
        "supportedInterfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {},
        "securitySchemes": schemes,
        "securityRequirements": [{"schemes": {name: {"list": scopes}}}],
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "r", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}]
    }).to_string())
    .unwrap()
}

/// A card whose one requirement is a JWT bearer token with the scope `cards.read`.
fn jwt_bearer_card() -> AgentCard {
    card(
        json!({"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}),
        &["cards.read"],
    )
}

fn bearer(token: &str) -> Vec<u8> {
    format!("Bearer {token}").into_bytes()
}

#[test]
fn the_card_requirements_are_enforced_with_jwt_bearer_tokens() {
    let card = jwt_bearer_card();
    let (key, pem) = key_pair(Algorithm::Es256);
    let verifier = verifier_for(JwksSource::keys([key.trusted_key("k1")]).unwrap());
    let security = CardSecurity::builder(&card)
        .verifier("bearer", Bearer::new(verifier))
        .build()
        .unwrap();
    let server = guarded_whoami(security);
    let es = || copy(&pem, Algorithm::Es256);

    let ok = server.request(
        "GET",
        "/a2a",
        &[("Authorization", &bearer(&token(es(), "k1", json!({}))))],
    );
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json()["subject"], "alice");

    let scp = token(es(), "k1", json!({"scope": null, "scp": ["cards.read"]}));
    let ok = server.request("GET", "/a2a", &[("Authorization", &bearer(&scp))]);
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json()["scopes"], json!(["cards.read"]));

    let anonymous = server.get("/a2a");
    assert_eq!(anonymous.status, 401);
    let challenge = anonymous.header("www-authenticate").unwrap();
    assert!(challenge.starts_with("Bearer"), "{challenge}");
    assert!(!challenge.contains("error="), "{challenge}");

    for (what, bad) in [
        ("expired", token(es(), "k1", json!({"exp": now() - 600}))),
        ("wrong audience", token(es(), "k1", json!({"aud": "other"}))),
        ("unknown kid", token(es(), "k9", json!({}))),
        (
            "alg none",
            format!(
                "{}.{}.",
                b64(br#"{"alg":"none","kid":"k1"}"#),
                b64(claims(json!({})).to_string().as_bytes())
            ),
        ),
    ] {
        let refused = server.request("GET", "/a2a", &[("Authorization", &bearer(&bad))]);
        assert_eq!(refused.status, 401, "{what}");
        let challenge = refused.header("www-authenticate").unwrap();
        assert!(
            challenge.contains(r#"error="invalid_token""#),
            "{what}: {challenge}"
        );
        let body = String::from_utf8_lossy(&refused.body);
        assert!(
            !body.contains(&bad[..bad.len().min(30)]),
            "{what}: the token is echoed"
        );
    }

    let short = token(es(), "k1", json!({"scope": "tasks.send"}));
    let forbidden = server.request("GET", "/a2a", &[("Authorization", &bearer(&short))]);
    assert_eq!(forbidden.status, 403);
    let challenge = forbidden.header("www-authenticate").unwrap();
    assert!(
        challenge.contains(r#"error="insufficient_scope""#),
        "{challenge}"
    );
    assert!(challenge.contains(r#"scope="cards.read""#), "{challenge}");
}

#[test]
fn a_valid_token_passes_when_another_key_shares_its_kid() {
    // [other k1, legit k1]: only the first key of the kid was tried, and a valid bearer
    // token got 401.
    let card = jwt_bearer_card();
    let (legit, pem) = key_pair(Algorithm::Es256);
    let (other, _) = key_pair(Algorithm::Es256);
    let jwks = Jwks {
        keys: vec![other.public_jwk("k1"), legit.public_jwk("k1")],
    };
    let source = JwksSource::jwks_json(jwks.to_json_pretty().as_bytes()).unwrap();
    assert_eq!(source.repeated_kids(), ["k1"]);
    let security = CardSecurity::builder(&card)
        .verifier("bearer", Bearer::new(verifier_for(source)))
        .build()
        .unwrap();
    let server = guarded_whoami(security);
    let good = token(copy(&pem, Algorithm::Es256), "k1", json!({}));
    let ok = server.request("GET", "/a2a", &[("Authorization", &bearer(&good))]);
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json()["subject"], "alice");
    // A key of neither still gets nothing.
    let (stranger, _) = key_pair(Algorithm::Es256);
    let forged = token(stranger, "k1", json!({}));
    let refused = server.request("GET", "/a2a", &[("Authorization", &bearer(&forged))]);
    assert_eq!(refused.status, 401);
}

#[tokio::test]
async fn a_fetched_key_set_repeating_a_kid_tries_each_key() {
    let (idp, server) = start_idp();
    let (legit, pem) = key_pair(Algorithm::EdDsa);
    let (other, _) = key_pair(Algorithm::EdDsa);
    idp.publish(&[(&other, "k1"), (&legit, "k1")]);
    let verifier = verifier_for(JwksSource::jwks_url(url(&server, "/jwks")).allow_loopback_http());
    let t = token(copy(&pem, Algorithm::EdDsa), "k1", json!({}));
    assert_eq!(
        verifier.verify(&t).await.unwrap().subject.as_deref(),
        Some("alice")
    );
}

#[test]
fn keys_are_discovered_from_the_card() {
    let (idp, server) = start_idp();
    let (key, pem) = key_pair(Algorithm::Rs256);
    idp.publish(&[(&key, "rsa-1")]);
    for (scheme, path) in [
        (
            json!({"oidc": {"openIdConnectSecurityScheme": {"openIdConnectUrl": url(&server, "/.well-known/openid-configuration")}}}),
            "/.well-known/openid-configuration",
        ),
        (
            json!({"oauth": {"oauth2SecurityScheme": {
            "flows": {"clientCredentials": {"tokenUrl": "https://id.example.test/token", "scopes": {"cards.read": "Read cards"}}},
            "oauth2MetadataUrl": url(&server, "/.well-known/oauth-authorization-server")}}}),
            "/.well-known/oauth-authorization-server",
        ),
    ] {
        let name = scheme.as_object().unwrap().keys().next().unwrap().clone();
        let card = card(scheme, &["cards.read"]);
        let source = JwksSource::from_card(&card, &name)
            .unwrap()
            .allow_loopback_http();
        let security = CardSecurity::builder(&card)
            .verifier(&name, Bearer::new(verifier_for(source)))
            .build()
            .unwrap();
        let agent = guarded_whoami(security);
        let jwks_before = idp.hits("/jwks");
        for _ in 0..3 {
            let t = token(copy(&pem, Algorithm::Rs256), "rsa-1", json!({}));
            let ok = agent.request("GET", "/a2a", &[("Authorization", &bearer(&t))]);
            assert_eq!(
                ok.status,
                200,
                "{name}: {:?}",
                String::from_utf8_lossy(&ok.body)
            );
        }
        assert_eq!(idp.hits(path), 1, "{name}: discovery once");
        assert_eq!(
            idp.hits("/jwks") - jwks_before,
            1,
            "{name}: keys fetched once"
        );
        let forged = token(
            SigningKey::generate(Algorithm::Rs256).unwrap(),
            "rsa-1",
            json!({}),
        );
        assert_eq!(
            agent
                .request("GET", "/a2a", &[("Authorization", &bearer(&forged))])
                .status,
            401
        );
    }
    let http_card = card(
        json!({"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}),
        &[],
    );
    let err = JwksSource::from_card(&http_card, "bearer").unwrap_err();
    assert!(matches!(err, JwtError::NotDiscoverable { .. }), "{err}");
}

#[tokio::test]
async fn a_discovered_jwks_uri_reaches_only_the_address_classes_of_the_document() {
    let idp = new_idp();
    let base = Arc::new(Mutex::new(String::new()));
    let server = TestServer::start(idp_service(idp.clone(), base.clone()));
    let discovery = url(&server, "/.well-known/openid-configuration");
    let build = || {
        JwtVerifier::builder(JwksSource::openid_connect(&discovery).allow_loopback_http())
            .issuer(ISSUER)
            .audience(AUDIENCE)
            .build()
            .unwrap()
    };
    // The document (on loopback) names the cloud metadata address: refused, never fetched.
    *base.lock().unwrap() = "https://169.254.169.254".to_owned();
    let err = build().refresh_keys().await.unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("refused to connect to 169.254.169.254"),
        "{message}"
    );
    assert!(message.contains("link-local"), "{message}");
    // Its own class (loopback) is allowed: the same document naming its own /jwks works.
    let (key, _) = key_pair(Algorithm::Es256);
    idp.publish(&[(&key, "k1")]);
    *base.lock().unwrap() = format!("http://{}", server.addr);
    build().refresh_keys().await.unwrap();
    assert_eq!(idp.hits("/jwks"), 1);
}

/// The audience and the issuer are compared whole, over a real socket: a value that is a
/// prefix or an extension of the configured one (`https://api.example` and
/// `https://api.example.com`, `api` and `api2`), another case, a trailing slash, an array
/// without one exact member, are each refused with `invalid_token`; an array with one exact
/// member among strangers passes. A verifier that matched by prefix, in either direction, or
/// needed every member of the array to match, lets one of these through or turns one away.
#[test]
fn an_audience_or_issuer_that_is_a_prefix_or_an_extension_is_refused() {
    let card = jwt_bearer_card();
    let (key, pem) = key_pair(Algorithm::Es256);
    let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k1")]).unwrap())
        .issuer("https://id.example")
        .audience("https://api.example")
        .audience("api")
        .build()
        .unwrap();
    let security = CardSecurity::builder(&card)
        .verifier("bearer", Bearer::new(verifier))
        .build()
        .unwrap();
    let server = guarded_whoami(security);
    let issuer = json!("https://id.example");
    // `null` leaves the claim out.
    let send = |aud: &Value, iss: &Value| {
        let t = token(
            copy(&pem, Algorithm::Es256),
            "k1",
            json!({"aud": aud, "iss": iss}),
        );
        server.request("GET", "/a2a", &[("Authorization", &bearer(&t))])
    };
    let mut failures = Vec::new();
    for aud in [
        json!("https://api.example"),
        json!("api"),
        json!(["https://api.example"]),
        json!(["api"]),
        json!(["other", "api"]),
        json!(["https://api.example.com", "https://api.example", "api2"]),
    ] {
        let response = send(&aud, &issuer);
        if response.status != 200 || response.json()["subject"] != "alice" {
            failures.push(format!("aud {aud}: refused ({})", response.status));
        }
    }
    let near_misses = [
        ("aud", json!("https://api.example.com")),
        ("aud", json!("https://api.exampl")),
        ("aud", json!("https://api.example/")),
        ("aud", json!("https://API.example")),
        ("aud", json!("https://api")),
        ("aud", json!("api2")),
        ("aud", json!("ap")),
        ("aud", json!("API")),
        ("aud", json!(" api")),
        ("aud", json!("")),
        ("aud", json!(["https://api.example.com"])),
        ("aud", json!(["api2", "ap", "https://api.exampl"])),
        ("aud", json!([])),
        ("aud", json!([["api"]])),
        ("aud", json!(null)),
        ("iss", json!("https://id.example.com")),
        ("iss", json!("https://id.exampl")),
        ("iss", json!("https://id.example/")),
        ("iss", json!("https://ID.example")),
        ("iss", json!(["https://id.example"])),
    ];
    for (claim, value) in near_misses {
        let response = match claim {
            "aud" => send(&value, &issuer),
            _ => send(&json!("api"), &value),
        };
        let challenge = response.header("www-authenticate").unwrap_or_default();
        if response.status != 401 || !challenge.contains(r#"error="invalid_token""#) {
            failures.push(format!("{claim} {value}: {} {challenge}", response.status));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// The verified-token cache (issue 35) against a key set that changes.

/// A verifier of the local provider's JWKS that looks at the key set again after 300 ms
/// (its maximum age) and may refetch for an unknown kid every 100 ms.
fn fetching_verifier(server: &TestServer) -> JwtVerifier {
    verifier_for(
        JwksSource::jwks_url(url(server, "/jwks"))
            .allow_loopback_http()
            .max_age(Duration::from_millis(300))
            .min_refetch_interval(Duration::from_millis(100)),
    )
}

#[tokio::test]
async fn a_cached_token_is_refused_once_its_kid_leaves_the_key_set() {
    let (idp, server) = start_idp();
    let (old, old_pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&old, "2026-01")]);
    let verifier = fetching_verifier(&server);
    let t = token(copy(&old_pem, Algorithm::Es256), "2026-01", json!({}));
    verifier.verify(&t).await.unwrap();
    verifier.verify(&t).await.unwrap();
    let stats = verifier.cache_stats().unwrap();
    assert_eq!((stats.entries, stats.hits), (1, 1));

    // The provider withdraws the kid; once the verifier has the new set, the cached token
    // is checked against it and refused, and its entry is gone.
    let (new, _) = key_pair(Algorithm::Es256);
    idp.publish(&[(&new, "2026-02")]);
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert_eq!(verifier.verify(&t).await, Err(TokenError::UnknownKey));
    assert_eq!(verifier.cache_stats().unwrap().entries, 0);
    assert_eq!(verifier.cache_stats().unwrap().hits, 2);
}

#[tokio::test]
async fn a_cached_token_is_refused_once_its_kid_names_another_key() {
    // Same kid, new key (a provider that reuses kids): the entry remembers which key
    // verified the token, not only its kid.
    let (idp, server) = start_idp();
    let (old, old_pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&old, "k1")]);
    let verifier = fetching_verifier(&server);
    let t = token(copy(&old_pem, Algorithm::Es256), "k1", json!({}));
    verifier.verify(&t).await.unwrap();
    let (new, new_pem) = key_pair(Algorithm::Es256);
    idp.publish(&[(&new, "k1")]);
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert_eq!(
        verifier.verify(&t).await,
        Err(TokenError::Signature("the signature does not verify"))
    );
    assert_eq!(verifier.cache_stats().unwrap().entries, 0);
    // The new key's tokens pass, and are cached in turn.
    let t = token(copy(&new_pem, Algorithm::Es256), "k1", json!({}));
    verifier.verify(&t).await.unwrap();
    verifier.verify(&t).await.unwrap();
    assert_eq!(verifier.cache_stats().unwrap().entries, 1);
}

#[tokio::test]
async fn a_token_refused_for_an_unknown_kid_passes_once_the_key_set_has_it() {
    let (idp, server) = start_idp();
    let (first, _) = key_pair(Algorithm::Es256);
    idp.publish(&[(&first, "2026-01")]);
    let verifier = fetching_verifier(&server);
    let (next, next_pem) = key_pair(Algorithm::EdDsa);
    let t = token(copy(&next_pem, Algorithm::EdDsa), "2026-02", json!({}));
    assert_eq!(verifier.verify(&t).await, Err(TokenError::UnknownKey));
    assert_eq!(verifier.cache_stats().unwrap().entries, 0);
    idp.publish(&[(&first, "2026-01"), (&next, "2026-02")]);
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert_eq!(
        verifier.verify(&t).await.unwrap().subject.as_deref(),
        Some("alice")
    );
    assert_eq!(verifier.cache_stats().unwrap().entries, 1);
}

/// Behaviour, not timing: a token cached a second before its `exp` is refused after it,
/// by the verifier's real clock.
#[tokio::test]
async fn a_cached_token_is_refused_after_its_exp_on_the_real_clock() {
    let (key, pem) = key_pair(Algorithm::EdDsa);
    let verifier = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k1")]).unwrap())
        .issuer(ISSUER)
        .audience(AUDIENCE)
        .leeway(Duration::ZERO)
        .build()
        .unwrap();
    let t = token(
        copy(&pem, Algorithm::EdDsa),
        "k1",
        json!({"exp": now() + 2}),
    );
    verifier.verify(&t).await.unwrap();
    verifier.verify(&t).await.unwrap();
    assert_eq!(verifier.cache_stats().unwrap().hits, 1);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(verifier.verify(&t).await, Err(TokenError::Expired));
}
