//! The JSON-RPC method peek of the extended-card layer, alone and through the layer: any
//! body POSTed to the card's JSON-RPC route. Never a panic, never a 5xx; the extended card
//! never reaches a caller without credentials; with a valid API key, a body the peek calls
//! ours gets the extended card, one it calls another method's reaches the agent, and one it
//! cannot decide is refused, because the fixture's extended card has skills that need more than
//! the card's API key (an undecided call needs every skill's requirements too).
#![no_main]

use std::convert::Infallible;
use std::sync::OnceLock;

use a2a_card::__fuzz::{jsonrpc_call_target, CallTarget};
use a2a_card::extended::{ExtendedCardLayer, ExtendedCardService, RequestBody};
use a2a_card::security::jwt::{JwksSource, JwtVerifier};
use a2a_card::security::{ApiKeys, BasicUsers, Bearer, CardSecurity, MutualTls};
use a2a_card::sign::{Algorithm, SigningKey};
use a2a_card_fuzz::block_on;
use bytes::Bytes;
use http::{Request, Response, StatusCode};
use http_body_util::{BodyExt, Full};
use libfuzzer_sys::fuzz_target;
use tower::util::ServiceFn;
use tower::{service_fn, Layer, ServiceExt};

/// In the extended card's description only.
const EXTENDED_ONLY: &str = "Partners get depot planning";
const AGENT: &str = "the agent answered";
const KEY: &str = "k1-fuzz";

type InnerFuture = std::future::Ready<Result<Response<String>, Infallible>>;
type Inner = ServiceFn<fn(Request<RequestBody<Full<Bytes>>>) -> InnerFuture>;

fn agent(_req: Request<RequestBody<Full<Bytes>>>) -> InnerFuture {
    std::future::ready(Ok(Response::new(AGENT.to_owned())))
}

fn service() -> &'static ExtendedCardService<Inner> {
    static SERVICE: OnceLock<ExtendedCardService<Inner>> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let (public, extended) = a2a_card_fuzz::extended_cards();
        assert!(
            !public.description.contains(EXTENDED_ONLY)
                && extended.description.contains(EXTENDED_ONLY)
        );
        let key = SigningKey::generate(Algorithm::Es256).unwrap();
        let jwt = JwtVerifier::builder(JwksSource::keys([key.trusted_key("k")]).unwrap())
            .issuer("https://id.example")
            .audience("fleet-router")
            .build()
            .unwrap();
        let security = CardSecurity::builder(&public)
            .verifier("apiKey", ApiKeys::new([KEY]).unwrap())
            .verifier("queryKey", ApiKeys::new(["k2-fuzz"]).unwrap())
            .verifier("cookieKey", ApiKeys::new(["k3-fuzz"]).unwrap())
            .verifier("basic", BasicUsers::new(["alice:s3cret"]).unwrap())
            .verifier("mtls", MutualTls)
            .verifier("bearer", Bearer::new(jwt))
            .build()
            .unwrap();
        let layer = ExtendedCardLayer::builder(&public, security)
            .extended_card(extended)
            .build()
            .unwrap();
        layer.layer(service_fn(agent as fn(_) -> _))
    })
}

fn post(body: &[u8], key: Option<&str>) -> (StatusCode, String) {
    let mut request =
        Request::post("https://fleet.example.com/rpc").header("content-type", "application/json");
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    let request = request
        .body(Full::new(Bytes::copy_from_slice(body)))
        .unwrap();
    let response = block_on(service().clone().oneshot(request)).unwrap();
    let status = response.status();
    let bytes = block_on(response.into_body().collect()).unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fuzz_target!(|data: &[u8]| {
    let target = jsonrpc_call_target(data);

    let (status, body) = post(data, None);
    assert!(!status.is_server_error(), "{status}: {body}");
    assert!(
        !body.contains(EXTENDED_ONLY),
        "the extended card without credentials: {body}"
    );
    let (status, body) = post(data, Some("k1-wrong"));
    assert!(
        !body.contains(EXTENDED_ONLY),
        "the extended card for a wrong key: {body}"
    );
    assert!(!status.is_server_error(), "{status}: {body}");

    let (status, body) = post(data, Some(KEY));
    assert!(!status.is_server_error(), "{status}: {body}");
    match target {
        CallTarget::Ours { .. } => {
            assert_eq!(status, StatusCode::OK, "{body}");
            assert!(body.contains(EXTENDED_ONLY), "{body}");
        }
        CallTarget::Batched => assert!(
            !body.contains(AGENT) && !body.contains(EXTENDED_ONLY),
            "{body}"
        ),
        CallTarget::NotOurs => assert_eq!(body, AGENT),
        // UndecidedCall::RequireSecurity: the card's requirements and every skill's; the API
        // key alone meets the first only.
        CallTarget::Undecided => {
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
            assert!(
                !body.contains(AGENT) && !body.contains(EXTENDED_ONLY),
                "{body}"
            );
        }
    }
});
