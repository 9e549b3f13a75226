//! The card in a tower-http stack with tracing and compression.
//!
//! Order matters. `ServiceBuilder` lists layers outermost first, so here a request passes
//! TraceLayer, then AgentCardLayer, then CompressionLayer. The card layer sits OUTSIDE
//! compression: it sends its own prebuilt gzip and brotli bytes, each under the strong ETag of
//! exactly those bytes, and CompressionLayer never sees a card response. Put compression
//! outside the card layer instead and the card's identity answers (to a client that asked for
//! a coding the card layer does not have, or with `precompress(false)`) would be compressed
//! again under the identity bytes' strong ETag, which RFC 9110 forbids (two different
//! representations, one strong validator). The app's own responses are still compressed.
//!
//! ```text
//! cargo run --example tower_http_stack -- 127.0.0.1:3000
//! curl -i -H 'Accept-Encoding: gzip' http://127.0.0.1:3000/.well-known/agent-card.json
//! ```

use a2a_card::AgentCard;
use a2a_card::serve::AgentCardLayer;
use axum::Router;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args().nth(1).unwrap_or("127.0.0.1:3000".into());
    let card = AgentCard::from_json_slice(include_bytes!("agent-card.json"))?;
    let cards = AgentCardLayer::builder(card).build()?;

    // A large-ish app response, so compression has something to do.
    let app = Router::new()
        .route("/report", get(|| async { "all good. ".repeat(200) }))
        .layer(
            ServiceBuilder::new()
                .layer(TraceLayer::new_for_http())
                .layer(cards)
                .layer(CompressionLayer::new()),
        );

    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await?;
    Ok(())
}
