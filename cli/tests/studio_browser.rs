//! The studio in a real browser: starts `a2a-card studio` and `a2a-card serve` on
//! 127.0.0.1:0, and a host of three agents with its AI Catalog (the library's layer, served
//! here), then runs the Playwright scenarios of `tests/browser/studio.mjs` in headless
//! Chromium. Screenshots land in `studio-screenshots/` of cargo's target directory
//! (`target/`, or wherever CARGO_TARGET_DIR points).
//!
//! The browser is provisioned the way the Python and npm peers are: `A2A_CHROMIUM` when set,
//! else the system's `/usr/bin/chromium`, else the headless Chromium that the npm package
//! `@sparticuz/chromium` carries (installed with `npm ci` into `tests/browser` on first use,
//! like `playwright-core`). Needs only Node with npm; nothing is installed by hand.

mod binary_server;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, CatalogOptions};
use binary_server::Server;

/// The scenarios take a few seconds; this only bounds a hung browser.
const SCENARIO_TIMEOUT: Duration = Duration::from_secs(180);

#[test]
fn studio_scenarios_pass_in_headless_chromium() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let browser_dir = root.join("tests/browser");
    let installed = ["playwright-core", "@sparticuz/chromium"]
        .iter()
        .all(|package| browser_dir.join("node_modules").join(package).exists());
    if !installed {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--prefix"])
            .arg(&browser_dir)
            .status()
            .expect("npm runs (install Node.js and npm; `.ci/run` expects them on the machine)");
        assert!(status.success(), "npm ci --prefix tests/browser failed");
    }
    let studio = Server::start(&["studio", "--addr", "127.0.0.1:0"]);
    let cards = Server::start(&["serve", "--addr", "127.0.0.1:0"]);
    let catalog_host = serve_three_agents();
    // CARGO_TARGET_TMPDIR is `<target dir>/tmp`, wherever CARGO_TARGET_DIR puts the target dir.
    let screenshots = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("studio-screenshots");
    let mut node = Command::new("node")
        .arg(browser_dir.join("studio.mjs"))
        .arg(studio.url())
        .arg(cards.url())
        .arg(&catalog_host)
        .env("A2A_CARD_BIN", env!("CARGO_BIN_EXE_a2a-card"))
        .env("SCREENSHOT_DIR", &screenshots)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node runs");
    // Read both pipes on their own threads so a chatty browser cannot block on a full pipe.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(node.stdout.take().unwrap()));
    let stderr = drain(Box::new(node.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = node.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > SCENARIO_TIMEOUT {
            let _ = node.kill();
            let _ = node.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    println!("{stdout}");
    eprintln!("{stderr}");
    match status {
        Some(status) => assert!(
            status.success(),
            "browser scenarios failed:\n{stdout}\n{stderr}"
        ),
        None => panic!("browser scenarios did not finish in {SCENARIO_TIMEOUT:?}:\n{stdout}"),
    }
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    println!("screenshots: {}", screenshots.display());
}

/// A host of three agents (the main card, `travel`, and `food`, whose skill has no examples:
/// a warning) and their AI Catalog, served by the library's layer on 127.0.0.1:0 on a thread
/// of its own for the rest of the test; returns its base URL.
fn serve_three_agents() -> String {
    use hyper_util::rt::TokioIo;
    use hyper_util::service::TowerToHyperService;
    use tower::Layer;
    let example = include_bytes!("../../examples/agent-card.json");
    let card = |name: &str| {
        let mut card = AgentCard::from_json_slice(example).unwrap();
        card.name = name.to_owned();
        card
    };
    let mut food = card("Food Finder");
    food.skills.iter_mut().for_each(|s| s.examples.clear());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let layer = AgentCardLayer::builder(card("Concierge"))
        .tenant("travel", card("Travel Planner"))
        .tenant("food", food)
        .catalog(
            CatalogOptions::new()
                .base_url(&base)
                .host(a2a_card::catalog::HostInfo::new("Example Agents"))
                .identifier_prefix("urn:example:agent:"),
        )
        .build()
        .unwrap();
    let service = layer.layer(tower::service_fn(|_request| async {
        let mut response = http::Response::new(http_body_util::Full::new(bytes::Bytes::new()));
        *response.status_mut() = http::StatusCode::NOT_FOUND;
        Ok::<_, std::convert::Infallible>(response)
    }));
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            while let Ok((stream, _)) = listener.accept().await {
                let service = TowerToHyperService::new(service.clone());
                tokio::spawn(async move {
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
    });
    base
}
