//! The layer's tracing events: each card request, each swap, each refused swap, under the
//! target `a2a_card`.

use a2a_card_test_support as support;

use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use a2a_card::serve::AgentCardLayer;
use http::{Request, Response};
use tower::{Layer, ServiceExt};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// Records (level, target, fields) of every event.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<(Level, String, String)>>>);

struct Fields(String);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!("{}={:?} ", field.name(), value));
    }
}

impl Subscriber for Recorder {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        let meta = event.metadata();
        self.0
            .lock()
            .unwrap()
            .push((*meta.level(), meta.target().to_owned(), fields.0));
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

fn run<F: Future>(future: F) -> F::Output {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("the layer answers at once"),
    }
}

#[test]
fn requests_and_swaps_are_traced() {
    let recorder = Recorder::default();
    let events = recorder.0.clone();
    tracing::subscriber::with_default(recorder, || {
        let layer = AgentCardLayer::builder(support::example_card())
            .build()
            .unwrap();
        let handle = layer.handle();
        let service = layer.layer(tower::service_fn(|_: Request<String>| async {
            Ok::<_, std::convert::Infallible>(Response::new(String::new()))
        }));
        let request = Request::get("/.well-known/agent-card.json")
            .body(String::new())
            .unwrap();
        let etag = run(service.clone().oneshot(request)).unwrap().headers()["etag"].clone();
        let request = Request::get("/.well-known/agent-card.json")
            .header("if-none-match", etag)
            .body(String::new())
            .unwrap();
        run(service.clone().oneshot(request)).unwrap();
        let request = Request::get("/other").body(String::new()).unwrap();
        run(service.oneshot(request)).unwrap();
        let mut card = support::example_card();
        card.version = "3.0.0".into();
        handle.replace(card.clone()).unwrap();
        card.name.clear();
        assert!(handle.replace(card).is_err());
    });
    let events = events.lock().unwrap();
    let ours: Vec<_> = events.iter().filter(|(_, t, _)| t == "a2a_card").collect();
    assert_eq!(ours.len(), 4, "{events:?}");
    assert_eq!(ours[0].0, Level::DEBUG);
    assert!(ours[0].2.contains("agent card served"), "{:?}", ours[0]);
    assert!(ours[0].2.contains("status=200"), "{:?}", ours[0]);
    assert!(ours[0].2.contains("/.well-known/agent-card.json"));
    assert!(
        ours[1].2.contains("agent card not modified"),
        "{:?}",
        ours[1]
    );
    assert!(ours[1].2.contains("status=304"), "{:?}", ours[1]);
    assert_eq!(ours[2].0, Level::INFO);
    assert!(ours[2].2.contains("replaced"), "{:?}", ours[2]);
    assert_eq!(ours[3].0, Level::WARN);
    assert!(ours[3].2.contains("/name"), "{:?}", ours[3]);
}
