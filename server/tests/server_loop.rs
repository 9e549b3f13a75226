//! `a2a_card_server::Server`, the accept loop `a2a-card serve` runs, on real sockets: the
//! per-connection header deadline (idle keep-alive, a head that never completes), a slow
//! response that outlives the deadline, the connection cap, graceful shutdown, and h2c with
//! prior knowledge. No test asserts how long anything took: each waits for what the server
//! does, with an outer bound only so a broken server fails instead of hanging.

use std::convert::Infallible;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use a2a_card_server::{Server, ServerEvent};
use bytes::Bytes;
use http::{Request, Response};
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};

/// Long enough that no healthy step here comes near it.
const OUTER_BOUND: Duration = Duration::from_secs(30);

type Body = http_body_util::combinators::BoxBody<Bytes, Infallible>;

/// `/slow` answers with a body whose second half comes after `slow_for`; anything else
/// answers "ok" at once.
fn app(
    slow_for: Duration,
) -> impl tower::Service<
    Request<Incoming>,
    Response = Response<Body>,
    Error = Infallible,
    Future = impl Send,
> + Clone
+ Send
+ 'static {
    tower::service_fn(move |request: Request<Incoming>| async move {
        if request.uri().path() == "/slow" {
            let (tx, rx) = tokio::sync::mpsc::channel::<Result<Frame<Bytes>, Infallible>>(2);
            tokio::spawn(async move {
                let _ = tx
                    .send(Ok(Frame::data(Bytes::from_static(b"first half, "))))
                    .await;
                tokio::time::sleep(slow_for).await;
                let _ = tx
                    .send(Ok(Frame::data(Bytes::from_static(b"second half"))))
                    .await;
            });
            let stream = tokio_stream(rx);
            return Ok(Response::new(StreamBody::new(stream).boxed()));
        }
        Ok(Response::new(Full::new(Bytes::from_static(b"ok")).boxed()))
    })
}

/// A receiver as a stream of frames, without a streams crate.
fn tokio_stream(
    mut rx: tokio::sync::mpsc::Receiver<Result<Frame<Bytes>, Infallible>>,
) -> impl futures::Stream<Item = Result<Frame<Bytes>, Infallible>> + Send {
    futures::stream::poll_fn(move |cx| rx.poll_recv(cx))
}

/// A running server and the handle that stops it.
struct Running {
    addr: SocketAddr,
    events: Arc<Mutex<Vec<ServerEvent>>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: std::sync::mpsc::Receiver<()>,
    _runtime: tokio::runtime::Runtime,
}

fn start(server: Server, slow_for: Duration) -> Running {
    start_serving(server, app(slow_for))
}

/// `server` serving `service` on a port of its own, on a runtime of its own.
fn start_serving<S>(server: Server, service: S) -> Running
where
    S: tower::Service<Request<Incoming>, Response = Response<Body>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let events = Arc::new(Mutex::new(Vec::new()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (finished, done) = std::sync::mpsc::channel();
    let recorded = events.clone();
    runtime.spawn(async move {
        let shutdown = async {
            let _ = stopped.await;
        };
        let on_event = |event| recorded.lock().unwrap().push(event);
        server
            .serve_with(listener, service, shutdown, on_event)
            .await;
        let _ = finished.send(());
    });
    Running {
        addr,
        events,
        stop: Some(stop),
        done,
        _runtime: runtime,
    }
}

impl Running {
    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(OUTER_BOUND)).unwrap();
        stream
    }

    /// Stops accepting and waits for `serve_with` to return.
    fn shut_down(&mut self) {
        self.stop.take().unwrap().send(()).unwrap();
        self.done
            .recv_timeout(OUTER_BOUND)
            .expect("serve_with returns after shutdown");
    }
}

/// One keep-alive request on `stream`; the response's text.
fn get(stream: &mut TcpStream, path: &str) -> String {
    write!(stream, "GET {path} HTTP/1.1\r\nhost: test\r\n\r\n").unwrap();
    let mut response = Vec::new();
    let mut buf = [0u8; 4096];
    // Complete: "ok" after the head (Content-Length 2), or the last chunk of `/slow`.
    loop {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "connection closed before a response");
        response.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&response);
        if text.ends_with("\r\n\r\nok") || text.ends_with("\r\n0\r\n\r\n") {
            return text.into_owned();
        }
    }
}

/// Reads until the server closes the connection (EOF or reset); what was read before that.
fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut all = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return all,
            Ok(n) => all.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return all,
            Err(e) => panic!("the server did not close the connection: {e}"),
        }
    }
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_the_header_timeout() {
    let server = Server::builder()
        .header_timeout(Duration::from_millis(300))
        .build();
    let running = start(server, Duration::ZERO);
    let mut stream = running.connect();
    assert!(get(&mut stream, "/").starts_with("HTTP/1.1 200"));
    // Then nothing: the server closes the connection, without answering anything.
    assert_eq!(until_closed(&mut stream), b"");
}

#[test]
fn a_request_head_that_never_completes_is_cut_off() {
    let server = Server::builder()
        .header_timeout(Duration::from_millis(300))
        .build();
    let running = start(server, Duration::ZERO);
    let mut stream = running.connect();
    // A slowloris: part of a head, then a header line every 100 ms, never the blank line.
    stream
        .write_all(b"GET / HTTP/1.1\r\nhost: test\r\n")
        .unwrap();
    let mut trickle = stream.try_clone().unwrap();
    let writer = std::thread::spawn(move || {
        for i in 0..300 {
            std::thread::sleep(Duration::from_millis(100));
            if write!(trickle, "x-{i}: y\r\n").is_err() {
                return true; // the server hung up
            }
        }
        false
    });
    assert_eq!(
        until_closed(&mut stream),
        b"",
        "no response to a head that never ended"
    );
    assert!(
        writer.join().unwrap(),
        "the server closed the trickling connection"
    );
}

#[test]
fn a_response_still_being_sent_is_not_cut_by_the_header_timeout() {
    let server = Server::builder()
        .header_timeout(Duration::from_millis(200))
        .build();
    // The body's second half comes well after the header deadline would have passed.
    let running = start(server, Duration::from_millis(1000));
    let mut stream = running.connect();
    let response = get(&mut stream, "/slow");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("first half, "), "{response}");
    assert!(response.contains("second half"), "{response}");
    // And the connection is still good for the next request.
    assert!(get(&mut stream, "/").starts_with("HTTP/1.1 200"));
}

#[test]
fn connections_over_the_cap_wait_and_are_served_when_one_closes() {
    let server = Server::builder().max_connections(2).build();
    let running = start(server, Duration::ZERO);
    let mut first = running.connect();
    let mut second = running.connect();
    assert!(get(&mut first, "/").starts_with("HTTP/1.1 200"));
    assert!(get(&mut second, "/").starts_with("HTTP/1.1 200"));
    // The third connects (the kernel's backlog) but is not served while both are open.
    let mut third = running.connect();
    third
        .write_all(b"GET / HTTP/1.1\r\nhost: test\r\n\r\n")
        .unwrap();
    third
        .set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut buf = [0u8; 64];
    let waited = third.read(&mut buf);
    assert!(
        matches!(&waited, Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)),
        "a third connection was served over a cap of 2: {waited:?}"
    );
    assert!(
        running
            .events
            .lock()
            .unwrap()
            .contains(&ServerEvent::AtCapacity { open: 2 })
    );
    drop(first);
    third.set_read_timeout(Some(OUTER_BOUND)).unwrap();
    let n = third.read(&mut buf).unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
}

#[test]
fn shutdown_lets_the_request_in_flight_finish_and_closes_idle_connections() {
    let server = Server::builder().build();
    let mut running = start(server, Duration::from_millis(500));
    let mut idle = running.connect();
    assert!(get(&mut idle, "/").starts_with("HTTP/1.1 200"));
    let mut busy = running.connect();
    busy.write_all(b"GET /slow HTTP/1.1\r\nhost: test\r\n\r\n")
        .unwrap();
    let mut first = [0u8; 256];
    let n = busy.read(&mut first).unwrap();
    assert!(first[..n].starts_with(b"HTTP/1.1 200"));
    running.stop.take().unwrap().send(()).unwrap();
    // The idle connection is closed; the busy one gets the rest of its body first.
    assert_eq!(until_closed(&mut idle), b"");
    let rest = until_closed(&mut busy);
    let whole = [&first[..n], &rest[..]].concat();
    assert!(
        String::from_utf8_lossy(&whole).contains("second half"),
        "{}",
        String::from_utf8_lossy(&whole)
    );
    running
        .done
        .recv_timeout(OUTER_BOUND)
        .expect("serve_with returns once the connections are done");
    // And nothing is accepted any more.
    assert!(TcpStream::connect(running.addr).is_err());
}

#[test]
fn h2c_with_prior_knowledge_is_served_on_the_same_port() {
    let running = start(Server::builder().build(), Duration::ZERO);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let stream = tokio::net::TcpStream::connect(running.addr).await.unwrap();
        let (mut sender, connection) = hyper::client::conn::http2::handshake(
            hyper_util::rt::TokioExecutor::new(),
            hyper_util::rt::TokioIo::new(stream),
        )
        .await
        .expect("an HTTP/2 handshake with prior knowledge");
        tokio::spawn(connection);
        let request = Request::get(format!("http://{}/", running.addr))
            .body(http_body_util::Empty::<Bytes>::new())
            .unwrap();
        let response = sender.send_request(request).await.unwrap();
        assert_eq!(response.version(), http::Version::HTTP_2);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], b"ok");
    });
    // HTTP/1.1 on the same port still works.
    let mut stream = running.connect();
    assert!(get(&mut stream, "/").starts_with("HTTP/1.1 200"));
}

#[test]
fn the_server_shuts_down_when_asked_with_no_connection_open() {
    let mut running = start(Server::builder().build(), Duration::ZERO);
    running.shut_down();
}

#[test]
fn a_connection_that_sends_nothing_is_closed_after_the_header_timeout() {
    let server = Server::builder()
        .header_timeout(Duration::from_millis(300))
        .build();
    let running = start(server, Duration::ZERO);
    let mut stream = running.connect();
    assert_eq!(until_closed(&mut stream), b"");
}

/// The version is decided from the first bytes; a client that has sent only part of the
/// HTTP/2 preface when the server looks is still served HTTP/2 once the rest arrives.
#[test]
fn an_h2_preface_that_arrives_in_pieces_is_served_h2() {
    const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    let running = start(Server::builder().build(), Duration::ZERO);
    let mut stream = running.connect();
    stream.write_all(&PREFACE[..5]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    stream.write_all(&PREFACE[5..]).unwrap();
    // An empty SETTINGS frame: length 0, type 4, no flags, stream 0.
    stream.write_all(&[0, 0, 0, 4, 0, 0, 0, 0, 0]).unwrap();
    let mut frame_header = [0u8; 9];
    stream.read_exact(&mut frame_header).unwrap();
    assert_eq!(
        frame_header[3], 4,
        "the server's first frame is its SETTINGS: {frame_header:?}"
    );
}

/// A request line that starts like the preface (`PRI`, `P...`) is HTTP/1.1 as soon as it
/// differs from it.
#[test]
fn a_request_that_starts_like_the_preface_is_http11() {
    let running = start(Server::builder().build(), Duration::ZERO);
    let mut stream = running.connect();
    stream.write_all(b"P").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    write!(
        stream,
        "OST / HTTP/1.1\r\nhost: test\r\ncontent-length: 0\r\n\r\n"
    )
    .unwrap();
    let mut response = [0u8; 12];
    stream.read_exact(&mut response).unwrap();
    assert_eq!(&response, b"HTTP/1.1 200");
}

/// The tower service a connection runs is cloned once for the connection, not per request
/// (a clone of a layered stack touches reference counts every connection shares), and a
/// service that is not always ready is still driven to readiness.
#[test]
fn one_service_serves_a_connections_requests_even_when_it_is_not_ready() {
    /// Counts its clones, and is ready on every other `poll_ready`.
    struct Flaky {
        clones: Arc<std::sync::atomic::AtomicUsize>,
        ready_next: bool,
    }
    impl Clone for Flaky {
        fn clone(&self) -> Self {
            self.clones
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Flaky {
                clones: self.clones.clone(),
                ready_next: self.ready_next,
            }
        }
    }
    impl tower::Service<Request<Incoming>> for Flaky {
        type Response = Response<Body>;
        type Error = Infallible;
        type Future = std::future::Ready<Result<Self::Response, Infallible>>;
        fn poll_ready(
            &mut self,
            cx: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Result<(), Infallible>> {
            self.ready_next = !self.ready_next;
            if self.ready_next {
                std::task::Poll::Ready(Ok(()))
            } else {
                // Not ready yet, and asks to be polled again.
                cx.waker().wake_by_ref();
                std::task::Poll::Pending
            }
        }
        fn call(&mut self, _request: Request<Incoming>) -> Self::Future {
            std::future::ready(Ok(Response::new(
                Full::new(Bytes::from_static(b"ok")).boxed(),
            )))
        }
    }

    let clones = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let service = Flaky {
        clones: clones.clone(),
        ready_next: false,
    };
    let running = start_serving(Server::builder().build(), service);
    let mut stream = running.connect();
    for _ in 0..6 {
        assert!(get(&mut stream, "/").starts_with("HTTP/1.1 200"));
    }
    let clones = clones.load(std::sync::atomic::Ordering::SeqCst);
    // One for the connection, and one for each request that found the service not ready
    // (driven by `Oneshot` on a clone): three of the six here.
    assert_eq!(
        clones, 4,
        "clones of the service for 6 requests on one connection"
    );
}

/// hyper's graceful close leaves a connection in the middle of a request head open; the
/// watchdog closes it once shutdown starts, so it does not hold `serve_with` until the drain
/// timeout (ten minutes here, far beyond the outer bound). A connection that has sent nothing
/// yet is closed too.
#[test]
fn shutdown_closes_a_connection_in_the_middle_of_a_request_head() {
    let server = Server::builder()
        .header_timeout(Duration::from_secs(60))
        .drain_timeout(Duration::from_secs(600))
        .build();
    let mut running = start(server, Duration::ZERO);
    let mut halfway = running.connect();
    halfway.write_all(b"GET / HTTP/1.1\r\nhost: te").unwrap();
    // And one that has sent nothing yet.
    let mut silent = running.connect();
    // A whole request on another connection: the server is up and has read what it was sent.
    let mut other = running.connect();
    assert!(get(&mut other, "/").starts_with("HTTP/1.1 200"));
    running.stop.take().unwrap().send(()).unwrap();
    assert_eq!(until_closed(&mut halfway), b"");
    assert_eq!(until_closed(&mut silent), b"");
    running
        .done
        .recv_timeout(OUTER_BOUND)
        .expect("serve_with returns without waiting for the drain timeout");
}

/// A service whose readiness waits its turn (a concurrency limit shared by every connection)
/// keeps its place in line: the request goes on with the very instance that queued, so it
/// is served once the slot frees, and the connection's next request too.
#[test]
fn a_request_waiting_for_a_concurrency_limit_is_served_when_the_slot_frees() {
    let slow = tower::service_fn(|_request: Request<Incoming>| async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        Ok::<_, Infallible>(Response::new(Full::new(Bytes::from_static(b"ok")).boxed()))
    });
    let service = tower::ServiceBuilder::new()
        .concurrency_limit(1)
        .service(slow);
    let running = start_serving(Server::builder().build(), service);
    let mut first = running.connect();
    let mut second = running.connect();
    first
        .write_all(b"GET / HTTP/1.1\r\nhost: test\r\n\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    // The slot is taken: this one waits in line.
    assert!(get(&mut second, "/").starts_with("HTTP/1.1 200"));
    assert!(get(&mut second, "/").starts_with("HTTP/1.1 200"));
    let mut response = [0u8; 12];
    first.read_exact(&mut response).unwrap();
    assert_eq!(&response, b"HTTP/1.1 200");
}
