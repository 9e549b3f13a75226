//! The extended card's cost, next to the public card measured in the same run: an
//! authenticated GET of the extended card with an API key, and with a JWT bearer token
//! (ES256, the same token every time: after the first request, a hit of the verifier's
//! verified-token cache; `cargo bench --bench jwt` measures the full check), against
//! `AgentCardService` answering the public card. All three run through `ServiceExt::oneshot`
//! on the same single-threaded tokio runtime.
//!
//! ```text
//! cargo bench --bench extended
//! ```

mod common;

use std::convert::Infallible;
use std::hint::black_box;
use std::time::SystemTime;

use a2a_card::AgentCard;
use a2a_card::extended::{ExtendedCardLayer, RequestBody};
use a2a_card::security::jwt::{JwksSource, JwtSigner, JwtVerifier};
use a2a_card::security::{ApiKeys, Bearer, CardSecurity};
use a2a_card::serve::AgentCardLayer;
use a2a_card::sign::{Algorithm, SigningKey};
use criterion::Criterion;
use http::{Request, Response};
use serde_json::json;
use tower::{Layer, ServiceExt};

const RATIOS: &[(&str, &str, &str, &str)] = &[
    ("extended", "API key", "extended", "public card (baseline)"),
    (
        "extended",
        "JWT bearer (ES256)",
        "extended",
        "public card (baseline)",
    ),
];

fn card(with_bearer: bool) -> AgentCard {
    let mut card =
        AgentCard::from_json_slice(include_bytes!("../examples/agent-card.json")).unwrap();
    if with_bearer {
        card.security_schemes
            .insert("bearer".into(), a2a_card::SecurityScheme::http("Bearer"));
        card.security_requirements
            .push(a2a_card::SecurityRequirement::new([(
                "bearer",
                vec!["cards.read"],
            )]));
    }
    card
}

async fn agent<B>(_request: Request<B>) -> Result<Response<String>, Infallible> {
    Ok(Response::new(String::new()))
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let public = card(true);
    let idp = SigningKey::generate(Algorithm::Es256).unwrap();
    let verifier = JwtVerifier::builder(JwksSource::keys([idp.trusted_key("k1")]).unwrap())
        .issuer("https://id.example")
        .audience("routes")
        .build()
        .unwrap();
    let security = CardSecurity::builder(&public)
        .verifier("apiKey", ApiKeys::new(["k1-7f3a9c"]).unwrap())
        .verifier("bearer", Bearer::new(verifier))
        .build()
        .unwrap();
    let extended = ExtendedCardLayer::builder(&public, security)
        .extended_card(public.clone())
        .build()
        .unwrap()
        .layer(tower::service_fn(agent::<RequestBody<String>>));
    let cards = AgentCardLayer::builder(public)
        .build()
        .unwrap()
        .layer(tower::service_fn(agent::<String>));
    let exp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 3600;
    let token = JwtSigner::new(idp)
        .kid("k1")
        .sign(&json!({"iss": "https://id.example", "aud": "routes", "exp": exp, "scope": "cards.read"}))
        .unwrap();
    let bearer = format!("Bearer {token}");
    let get = |path: &str, header: Option<(&str, &str)>| {
        let mut request = Request::get(path);
        if let Some((name, value)) = header {
            request = request.header(name, value);
        }
        request.body(String::new()).unwrap()
    };

    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("extended");
    group.bench_function("public card (baseline)", |b| {
        b.iter(|| {
            let request = get("/.well-known/agent-card.json", None);
            let response = runtime
                .block_on(cards.clone().oneshot(black_box(request)))
                .unwrap();
            assert_eq!(response.status(), 200);
        })
    });
    group.bench_function("API key", |b| {
        b.iter(|| {
            let request = get(
                "/a2a/rest/extendedAgentCard",
                Some(("X-API-Key", "k1-7f3a9c")),
            );
            let response = runtime
                .block_on(extended.clone().oneshot(black_box(request)))
                .unwrap();
            assert_eq!(response.status(), 200);
        })
    });
    group.bench_function("JWT bearer (ES256)", |b| {
        b.iter(|| {
            let request = get(
                "/a2a/rest/extendedAgentCard",
                Some(("Authorization", &bearer)),
            );
            let response = runtime
                .block_on(extended.clone().oneshot(black_box(request)))
                .unwrap();
            assert_eq!(response.status(), 200);
        })
    });
    group.finish();
    criterion.final_summary();
    common::print_ratios(RATIOS);
}
