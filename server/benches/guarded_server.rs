//! The guarded agent of `server/benches/http_load.sh`: an agent whose every route is behind
//! `RequireCardSecurityLayer` (the card's own security requirements, read from the auth file
//! the extended-card server of the script also reads), with the public card served by
//! `AgentCardLayer` in front, on the server package's accept loop, as `a2a-card serve` runs.
//! The agent itself answers every request with the same small JSON-RPC result, prebuilt, so
//! what a guarded request costs beyond the public card is the guard's.
//!
//! ```text
//! cargo run --release -p a2a-card-server --features auth-file --example guarded_server -- \
//!     127.0.0.1:0 server/benches/fixtures/card.json AUTH_FILE
//! ```

use std::convert::Infallible;
use std::future::{Ready, ready};
use std::task::{Context, Poll};

use a2a_card::AgentCard;
use a2a_card::security::RequireCardSecurityLayer;
use a2a_card::serve::AgentCardLayer;
use a2a_card_server::Server;
use a2a_card_server::auth_file::AuthFile;
use http::{HeaderValue, Request, Response, header};
use http_body_util::Full;
use hyper::body::Bytes;
use tower::Layer;

/// The agent's one answer: a JSON-RPC result, whatever was asked.
const RESULT: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"bench","parts":[{"kind":"text","text":"done"}]}}"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [addr, card, auth] = args.as_slice() else {
        return Err("usage: guarded_server ADDR CARD AUTH_FILE".into());
    };
    let card = AgentCard::from_json_slice(&std::fs::read(card)?)?;
    let read = AuthFile::new(&card)
        .named(auth)
        .read(&std::fs::read_to_string(auth)?)?;
    let guarded = RequireCardSecurityLayer::builder(read.security)
        .build()
        .layer(Agent);
    let app = AgentCardLayer::builder(card).build()?.layer(guarded);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr.as_str()).await?;
        println!("listening on http://{}", listener.local_addr()?);
        Server::builder()
            .build()
            .serve(listener, app, std::future::pending())
            .await;
        Ok(())
    })
}

/// The agent behind the guard.
#[derive(Clone, Copy)]
struct Agent;

impl<B> tower::Service<Request<B>> for Agent {
    type Response = Response<Full<Bytes>>;
    type Error = Infallible;
    type Future = Ready<Result<Self::Response, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, _request: Request<B>) -> Self::Future {
        let mut response = Response::new(Full::new(Bytes::from_static(RESULT)));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        ready(Ok(response))
    }
}
