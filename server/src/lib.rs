//! A production accept loop for the layers of `a2a-card`: hyper on tokio, HTTP/1.1 and
//! HTTP/2 (h2c with prior knowledge on plain TCP; with feature `tls`, TLS with ALPN
//! `h2` then `http/1.1`), with deadlines and limits against slow and numerous clients, and a
//! graceful shutdown. This is the loop `a2a-card serve` runs; agents that already have a
//! server (axum, their SDK's) do not need it, the layers fit any tower stack.
//!
//! Each connection goes to hyper's HTTP/1.1 or HTTP/2 connection as ALPN negotiated, or, on
//! plain TCP, as its first bytes show (peeked, so hyper still reads them); hyper-util's auto
//! builder, which reads through a rewind buffer, serves only a connection neither settles. A
//! connection's requests share one instance of the service (it is cloned per connection, not
//! per request). On HTTP/2, a stream's future is polled once in the connection's task and
//! spawned as a task of its own only if it is not done then (a card answer is), and the
//! answers to a batch of requests are written together, as one write and, over TLS, one
//! record, rather than one each (up to 16 KiB at a time). On shutdown, connections finish the requests in flight; one in the middle of
//! a request head is closed within half a second rather than held until the
//! [drain timeout](ServerBuilder::drain_timeout).
//!
//! What it protects, and where each deadline lives:
//! - request heads: a connection waiting for one (a new connection, or a keep-alive one after
//!   its last response) is closed once it has waited the
//!   [header timeout](ServerBuilder::header_timeout), so this is also the idle timeout, on
//!   both protocols, between the timeout and 1.25 times it after its last response; a response
//!   still being sent is never cut. One watchdog task per connection looks every quarter of
//!   the timeout, rather than a timer per request, so a request costs two atomic additions
//!   (the numbers against a bare hyper server are in the repository's benches/README.md);
//! - responses: a response ready that the client does not take (an HTTP/2 stream given no
//!   send window, a socket nobody reads) closes its connection once nothing has moved for the
//!   [send timeout](ServerBuilder::send_timeout), and after the header timeout when not a byte
//!   moved either; a handler still working or a body waiting for its application's next event
//!   is not cut (that is the application's own deadline to set);
//! - request bodies: the layers that read a body carry their own deadline
//!   ([`BodyTimeout`](a2a_card::body::BodyTimeout)), since they know what to answer (408), and
//!   share a budget of bytes held; HTTP/2 receive windows
//!   ([`ServerBuilder::http2_receive_windows`]) bound what a client may send ahead of what the
//!   application has read;
//! - dead peers: HTTP/2 keep-alive pings ([`ServerBuilder::http2_keep_alive_interval`]);
//! - TLS handshakes: [`ServerBuilder::handshake_timeout`];
//! - open connections: at most [`ServerBuilder::max_connections`]; beyond it nothing is
//!   accepted, so new connections wait in the kernel's listen backlog until one closes;
//! - HTTP/2: at most [`ServerBuilder::http2_max_concurrent_streams`] streams per connection and
//!   a [header list size](ServerBuilder::http2_max_header_list_size) bound; hyper's defaults
//!   against reset floods stay on.
//!
//! ```
//! use a2a_card::{serve::AgentCardLayer, AgentCard};
//! use a2a_card_server::Server;
//! use std::io::{Read, Write};
//! use tower::Layer;
//!
//! # tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async {
//! let card = AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json")))?;
//! let app = AgentCardLayer::builder(card).build()?.layer(tower::service_fn(|_| async {
//!     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("the agent")))
//! }));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let addr = listener.local_addr()?;
//! let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
//! let server = tokio::spawn(async move {
//!     let shutdown = async { let _ = stopped.await; };
//!     Server::builder().build().serve(listener, app, shutdown).await
//! });
//!
//! let response = tokio::task::spawn_blocking(move || {
//!     let mut stream = std::net::TcpStream::connect(addr)?;
//!     stream.write_all(b"GET /.well-known/agent-card.json HTTP/1.1\r\nhost: a\r\nconnection: close\r\n\r\n")?;
//!     let mut response = String::new();
//!     stream.read_to_string(&mut response)?;
//!     Ok::<_, std::io::Error>(response)
//! }).await??;
//! assert!(response.starts_with("HTTP/1.1 200 OK"));
//! assert!(response.contains("content-type: application/a2a+json"));
//! stop.send(()).unwrap();
//! server.await?;
//! # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
//! # })?;
//! # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
//! ```

#![deny(missing_docs, unsafe_code, unreachable_pub)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "auth-file")]
pub mod auth_file;
mod coalesce;
mod connection;
mod connection_info;
mod executor;
mod protocol;
mod run;
mod server;
mod service;
#[cfg(feature = "tls")]
pub mod tls;

pub use connection_info::WithConnectionInfo;
pub use server::{DEFAULT_SEND_TIMEOUT, Server, ServerBuilder, ServerEvent};
