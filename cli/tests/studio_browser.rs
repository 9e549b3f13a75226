//! The studio in a real browser: starts `a2a-card studio` and `a2a-card serve` on
//! 127.0.0.1:0, then runs the Playwright scenarios of `tests/browser/studio.mjs` in the
//! system's headless Chromium. Screenshots land in `studio-screenshots/` of cargo's target
//! directory (`target/`, or wherever CARGO_TARGET_DIR points).
//!
//! Needs `/usr/bin/chromium` (Debian package `chromium`) and Node with npm; `.ci/run`
//! installs both. A missing browser fails this test: it never passes without running.

mod binary_server;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use binary_server::Server;

const CHROMIUM: &str = "/usr/bin/chromium";
/// The scenarios take a few seconds; this only bounds a hung browser.
const SCENARIO_TIMEOUT: Duration = Duration::from_secs(180);

#[test]
fn studio_scenarios_pass_in_headless_chromium() {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: the browser tests need Debian's chromium package; `.ci/run` \
         installs it (apt-get install -y chromium)"
    );
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let browser_dir = root.join("tests/browser");
    if !browser_dir.join("node_modules/playwright-core").exists() {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--prefix"])
            .arg(&browser_dir)
            .status()
            .expect("npm runs (install Node.js and npm; `.ci/run` expects them on the machine)");
        assert!(status.success(), "npm ci --prefix tests/browser failed");
    }
    let studio = Server::start(&["studio", "--addr", "127.0.0.1:0"]);
    let cards = Server::start(&["serve", "--addr", "127.0.0.1:0"]);
    // CARGO_TARGET_TMPDIR is `<target dir>/tmp`, wherever CARGO_TARGET_DIR puts the target dir.
    let screenshots = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("studio-screenshots");
    let mut node = Command::new("node")
        .arg(browser_dir.join("studio.mjs"))
        .arg(studio.url())
        .arg(cards.url())
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
