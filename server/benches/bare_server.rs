//! The baseline of `server/benches/http_load.sh`: a bare hyper 1 server on the same runtime as
//! `a2a-card serve` (tokio multi-threaded, TCP_NODELAY) that answers every
//! request with the card's bytes and headers, prebuilt. Nothing is matched, compared or
//! looked up: whatever `a2a-card serve` does on top of this is the layer's cost.
//!
//! With `BARE_PROTOCOL=h2` it speaks HTTP/2 only, with prior knowledge (h2c, what h2load
//! sends to an `http://` URL), with hyper's default HTTP/2 settings, for the h2 runs.
//!
//! ```text
//! [BARE_PROTOCOL=h2] cargo run --release -p a2a-card-server --example bare_server -- 127.0.0.1:0 [CARD]
//! ```

use std::convert::Infallible;

use a2a_card::AgentCard;
use http::{HeaderMap, HeaderValue, Response, header};
use http_body_util::Full;
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use sha2::{Digest, Sha256};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let addr = args.next().unwrap_or("127.0.0.1:0".into());
    let card = match args.next() {
        Some(path) => AgentCard::from_json_slice(&std::fs::read(path)?)?,
        None => AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json"))?,
    };
    let body = Bytes::from(card.to_json_vec());
    let etag: String = Sha256::digest(&body)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut headers = HeaderMap::new();
    headers.insert(header::ETAG, HeaderValue::from_str(&format!("\"{etag}\""))?);
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    headers.insert(
        header::LAST_MODIFIED,
        HeaderValue::from_static("Sun, 29 Nov 2026 00:00:00 GMT"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("ETag, Last-Modified, Link"),
    );
    // What `a2a-card serve` sends with the identity bytes while it offers compressed ones.
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/a2a+json"),
    );
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));

    let h2 = match std::env::var("BARE_PROTOCOL").as_deref() {
        Ok("h2") => true,
        Ok("h1") | Err(_) => false,
        Ok(other) => return Err(format!("BARE_PROTOCOL={other}: h1 or h2").into()),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&addr).await?;
        println!("listening on http://{}", listener.local_addr()?);
        loop {
            let (stream, _) = listener.accept().await?;
            let _ = stream.set_nodelay(true);
            let (body, headers) = (body.clone(), headers.clone());
            let service = hyper::service::service_fn(move |_request| {
                let mut response = Response::new(Full::new(body.clone()));
                *response.headers_mut() = headers.clone();
                async { Ok::<_, Infallible>(response) }
            });
            let io = TokioIo::new(stream);
            tokio::spawn(async move {
                let _ = if h2 {
                    hyper::server::conn::http2::Builder::new(TokioExecutor::new())
                        .serve_connection(io, service)
                        .await
                } else {
                    hyper::server::conn::http1::Builder::new()
                        .serve_connection(io, service)
                        .await
                };
            });
        }
    })
}
