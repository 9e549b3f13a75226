//! `a2a-card studio`: a local web page for validating, migrating, generating and fetching
//! cards, and the JSON API behind it.
//!
//! The page is plain HTML, CSS and JavaScript embedded in the binary (no network, no build
//! step); every answer it shows comes from the API, which runs the same code as the
//! command-line tool. The studio is meant for the machine it runs on: the API refuses
//! requests whose `Host` is a domain name (a DNS-rebinding page could otherwise drive the
//! fetcher) and bodies that are not JSON (which a cross-site form cannot send without CORS).

mod api;
mod error;
mod fetch;
mod fetch_catalog;
mod form;

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use http::header::{CACHE_CONTROL, CONTENT_TYPE};
use http::{HeaderValue, Method, Request, Response};
use hyper::body::Incoming;

use super::output::{Output, errln, outln};
use super::{Outcome, runtime};

const INDEX_HTML: &str = include_str!("assets/index.html");
const STUDIO_CSS: &str = include_str!("assets/studio.css");
const STUDIO_JS: &str = include_str!("assets/studio.js");

/// Everything the page loads comes from the studio itself; nothing is inlined or remote.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; \
     frame-ancestors 'none'; base-uri 'none'";

#[derive(Debug, Args)]
pub(crate) struct StudioArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8090")]
    addr: String,
    /// Open the page in a browser (with xdg-open); failing to is not an error.
    #[arg(long)]
    open: bool,
    /// Also trust the CA certificates in this PEM file when fetching over HTTPS (for agents
    /// behind a private CA); the Mozilla roots are always trusted.
    #[arg(long, value_name = "PEM")]
    ca_file: Option<PathBuf>,
}

pub(crate) fn run(args: StudioArgs, output: &mut Output) -> Outcome {
    let fetcher = match fetch::Fetcher::new(args.ca_file.as_deref(), fetch::USER_AGENT) {
        Ok(fetcher) => Arc::new(fetcher),
        Err(e) => {
            errln!(output, "a2a-card: {e}");
            return Outcome::Unreadable;
        }
    };
    let (runtime, listener, local) = match runtime::listen(&args.addr, output) {
        Ok(started) => started,
        Err(outcome) => return outcome,
    };
    let url = format!("http://{local}");
    // Signal handlers first, so a signal right after the announcement stops it cleanly.
    let shutdown = {
        let _inside = runtime.enter(); // the handlers belong to this runtime
        runtime::shutdown_signal()
    };
    outln!(output, "listening on {url}");
    output.flush_stdout();
    if args.open {
        open_in_browser(&url);
    }
    runtime.block_on(async {
        let service = tower::service_fn(move |request| {
            let fetcher = Arc::clone(&fetcher);
            async move { Ok::<_, Infallible>(respond(&fetcher, request).await) }
        });
        let limits = runtime::Limits::default();
        runtime::serve(listener, service, None, &limits, shutdown, None).await;
    });
    errln!(output, "a2a-card: stopped");
    Outcome::Clean
}

/// Best effort: a machine without a desktop has no xdg-open, and the URL is printed anyway.
fn open_in_browser(url: &str) {
    let _ = std::process::Command::new("xdg-open")
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

async fn respond(fetcher: &fetch::Fetcher, request: Request<Incoming>) -> Response<String> {
    let path = request.uri().path();
    if path.starts_with("/api/") {
        return api::respond(fetcher, request).await;
    }
    let asset = match path {
        "/" | "/index.html" => Some((INDEX_HTML, "text/html; charset=utf-8")),
        "/studio.css" => Some((STUDIO_CSS, "text/css; charset=utf-8")),
        "/studio.js" => Some((STUDIO_JS, "text/javascript; charset=utf-8")),
        _ => None,
    };
    match asset {
        Some((body, content_type)) if [Method::GET, Method::HEAD].contains(request.method()) => {
            page_asset(body, content_type, request.method() == Method::HEAD)
        }
        Some(_) => error::method_not_allowed("GET, HEAD"),
        None => match runtime::not_found(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        },
    }
}

fn page_asset(body: &str, content_type: &'static str, head: bool) -> Response<String> {
    let mut response = Response::new(if head { String::new() } else { body.to_owned() });
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    // The page changes with the binary; revalidating costs nothing on localhost.
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        "content-security-policy",
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}
