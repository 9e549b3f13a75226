//! The card on a plain hyper 1 server (with hyper-util), in front of the agent's own
//! service. No framework: the layer is an ordinary tower `Layer`.
//!
//! ```text
//! cargo run --example hyper -- 127.0.0.1:3000
//! curl -i http://127.0.0.1:3000/.well-known/agent-card.json
//! ```

use std::convert::Infallible;

use a2a_card::AgentCard;
use a2a_card::serve::AgentCardLayer;
use http::{Request, Response, StatusCode};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tower::Layer;

/// The agent's own service; here, 404 for everything.
async fn agent(_request: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    let mut response = Response::new(Full::new(Bytes::from_static(b"not found\n")));
    *response.status_mut() = StatusCode::NOT_FOUND;
    Ok(response)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:3000".into());
    let card = AgentCard::from_json_slice(include_bytes!("agent-card.json"))?;
    let service = AgentCardLayer::builder(card)
        .build()?
        .layer(tower::service_fn(agent));

    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    loop {
        let (stream, _) = listener.accept().await?;
        let service = TowerToHyperService::new(service.clone());
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
