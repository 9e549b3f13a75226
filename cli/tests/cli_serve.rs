//! `a2a-card serve` run the way cli/README.md says: a real process, real sockets.

use a2a_card_test_support as support;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
const CARD: &str = "/.well-known/agent-card.json";

/// A running `a2a-card serve`; killed (by its own id) when dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
    stderr: std::sync::mpsc::Receiver<String>,
}

impl Served {
    fn start(args: &[&str]) -> Served {
        let mut child = Command::new(BIN)
            .arg("serve")
            .args(["--addr", "127.0.0.1:0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (lines, stderr_lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let addr = support::listening_addr(&mut child);
        Served {
            child,
            addr,
            stderr: stderr_lines,
        }
    }

    fn get(&self, target: &str) -> support::RawResponse {
        support::request(self.addr, "GET", target, &[], b"")
    }

    /// Waits (bounded) for a stderr line containing `needle`.
    fn wait_for_log(&self, needle: &str) -> String {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
            match self.stderr.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => continue,
                Err(_) => break,
            }
        }
        panic!("no log line containing {needle:?}");
    }

    /// Stops the server and returns every line it wrote to stderr.
    fn stop(mut self) -> Vec<String> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The reader thread ends when the pipe closes, which ends the channel.
        let lines = std::mem::replace(&mut self.stderr, std::sync::mpsc::channel().1);
        lines.into_iter().collect()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn temp_dir(name: &str) -> support::Scratch {
    support::Scratch::dir(&format!("cli-serve-{name}"))
}

fn example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/agent-card.json"
    ))
    .unwrap()
}

#[test]
fn serves_the_demo_card_without_arguments() {
    let served = Served::start(&[]);
    let card = served.get(CARD);
    assert_eq!(card.status, 200);
    assert_eq!(card.header("content-type"), Some("application/a2a+json"));
    assert!(card.etag_matches_body());
    assert_eq!(card.json()["name"], "Route Planner");
    // A fixed date, the same in every process: not the start of this one.
    assert_eq!(
        card.header("last-modified"),
        Some("Sun, 29 Nov 2026 00:00:00 GMT")
    );
    // The JSON-RPC interface's path takes POST only.
    let other = served.get("/a2a/v1");
    assert_eq!(other.status, 405);
    assert_eq!(other.header("allow"), Some("POST"));
    assert_eq!(served.get("/.well-known/agent.json").body, card.body);
    // A second process serves the same bytes and validators.
    let again = Served::start(&[]);
    let second = again.get(CARD);
    assert_eq!(second.body, card.body);
    assert_eq!(second.header("etag"), card.header("etag"));
    assert_eq!(second.header("last-modified"), card.header("last-modified"));
    // The README's first command: the built-in card is consistent, nothing to warn about.
    let stderr = served.stop();
    assert!(
        stderr.iter().all(|line| !line.contains("warning")),
        "{stderr:?}"
    );
    assert!(
        stderr
            .iter()
            .any(|line| line.contains("built-in demo card"))
    );
}

#[test]
fn serves_gzip_and_brotli_unless_no_compression() {
    let accept = |served: &Served, coding: &[u8]| {
        support::request(
            served.addr,
            "GET",
            CARD,
            &[("Accept-Encoding", coding)],
            b"",
        )
    };
    let served = Served::start(&[]);
    let identity = served.get(CARD);
    let gzip = accept(&served, b"gzip");
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.header("vary"), Some("Accept-Encoding"));
    assert!(gzip.etag_matches_body() && gzip.body.len() < identity.body.len());
    let mut inflated = Vec::new();
    flate2::read::GzDecoder::new(&gzip.body[..])
        .read_to_end(&mut inflated)
        .unwrap();
    assert_eq!(inflated, identity.body);
    let br = accept(&served, b"gzip;q=0.5, br");
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert!(br.etag_matches_body() && br.header("etag") != gzip.header("etag"));
    // A second process sends the same encoded bytes.
    assert_eq!(accept(&Served::start(&[]), b"gzip").body, gzip.body);

    let off = Served::start(&["--no-compression"]);
    let plain = accept(&off, b"gzip, br");
    assert!(!plain.has("content-encoding") && !plain.has("vary"));
    assert_eq!(plain.body, identity.body);
    assert_eq!(plain.header("etag"), identity.header("etag"));
}

#[test]
fn serves_a_card_file_with_its_modification_time() {
    let dir = temp_dir("mtime");
    let path = dir.join("card.json");
    std::fs::write(&path, example()).unwrap();
    let modified = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    let served = Served::start(&[
        path.to_str().unwrap(),
        "--legacy",
        "redirect",
        "--cache-control",
        "no-cache",
    ]);
    let card = served.get(CARD);
    assert_eq!(
        card.header("last-modified"),
        Some("Tue, 14 Nov 2023 22:13:20 GMT")
    );
    assert_eq!(card.header("cache-control"), Some("no-cache"));
    let legacy = served.get("/.well-known/agent.json");
    assert_eq!(legacy.status, 308);
    assert_eq!(legacy.header("location"), Some(CARD));
}

#[test]
fn serves_a_v03_card_as_v10() {
    let served = Served::start(&[&support::fixture("cards/base/v0.3.json")]);
    let card = served.get(CARD);
    assert_eq!(card.status, 200);
    assert!(card.json().get("supportedInterfaces").is_some());
}

fn run_to_end(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BIN).args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_card_with_errors_is_refused_with_every_diagnostic() {
    let dir = temp_dir("invalid");
    let path = dir.join("card.json");
    std::fs::write(&path, r#"{"name": "", "version": 3}"#).unwrap();
    let (code, stdout, stderr) =
        run_to_end(&["serve", "--addr", "127.0.0.1:0", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    for pointer in ["/name", "/version", "/supportedInterfaces", "/skills"] {
        assert!(
            stderr.contains(&format!(" {pointer}:")),
            "{pointer} missing from\n{stderr}"
        );
    }
    assert!(stderr.contains("not serving it"), "{stderr}");
}

#[test]
fn a_card_with_a_repeated_member_name_is_refused_at_start() {
    let dir = temp_dir("duplicate");
    let path = dir.join("card.json");
    let card = example().replacen(
        "{\n  \"name\": ",
        "{\n  \"name\": \"Evil\",\n  \"name\": ",
        1,
    );
    assert_ne!(card, example());
    std::fs::write(&path, card).unwrap();
    let (code, stdout, stderr) =
        run_to_end(&["serve", "--addr", "127.0.0.1:0", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("error A2A-E004 /name:"), "{stderr}");
    assert!(stderr.contains("not serving it"), "{stderr}");
}

#[test]
fn a_trusted_key_set_repeating_a_kid_gets_a_warning_at_start() {
    use a2a_card::sign::{Algorithm, Jwks, SigningKey};
    let dir = temp_dir("repeated-kid");
    let jwks = dir.join("jwks.json");
    let key = || SigningKey::generate(Algorithm::EdDsa).unwrap();
    let set = Jwks {
        keys: vec![
            key().public_jwk("k1"),
            key().public_jwk("k1"),
            key().public_jwk("k2"),
        ],
    };
    std::fs::write(&jwks, set.to_json_pretty()).unwrap();
    let served = Served::start(&["--trust-jwks", jwks.to_str().unwrap()]);
    let line = served.wait_for_log("several keys share kid");
    assert!(
        line.contains("warning") && line.contains("\"k1\""),
        "{line}"
    );
    assert!(!line.contains("\"k2\""), "{line}");
    assert_eq!(served.get(CARD).status, 200);
}

#[test]
fn unreadable_input_and_bad_options_say_what_is_wrong() {
    let (code, _, stderr) = run_to_end(&["serve", "--addr", "127.0.0.1:0", "no/such/card.json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read no/such/card.json"), "{stderr}");

    let dir = temp_dir("notjson");
    let path = dir.join("card.json");
    std::fs::write(&path, "{\n  \"name\": ,\n}").unwrap();
    let (code, _, stderr) = run_to_end(&["serve", "--addr", "127.0.0.1:0", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("line 2"), "{stderr}");

    let (code, _, stderr) =
        run_to_end(&["serve", "--addr", "127.0.0.1:0", "--cache-control", "a\nb"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--cache-control"), "{stderr}");

    let (code, _, stderr) =
        run_to_end(&["serve", "--addr", "127.0.0.1:0", "--mount-prefix", "x y"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("--mount-prefix"), "{stderr}");

    let (code, _, stderr) = run_to_end(&["serve", "--addr", "not-an-address"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot listen on not-an-address"),
        "{stderr}"
    );

    let (code, _, stderr) = run_to_end(&["serve", "--watch"]);
    assert_eq!(code, 64, "{stderr}");
}

#[test]
fn watch_reloads_good_cards_and_keeps_serving_through_bad_ones() {
    let dir = temp_dir("watch");
    let path = dir.join("card.json");
    std::fs::write(&path, example()).unwrap();
    let served = Served::start(&[path.to_str().unwrap(), "--watch"]);
    let first = served.get(CARD);

    std::fs::write(&path, example().replace("\"2.1.0\"", "\"2.2.0\"")).unwrap();
    served.wait_for_log("reloaded");
    let second = served.get(CARD);
    assert_eq!(second.json()["version"], "2.2.0");
    assert_ne!(second.header("etag"), first.header("etag"));

    std::fs::write(&path, example().replace("\"Route Planner\"", "\"\"")).unwrap();
    served.wait_for_log("still serving the previous card");
    let third = served.get(CARD);
    assert_eq!(third.body, second.body);

    std::fs::write(&path, "{ not json").unwrap();
    served.wait_for_log("still serving the previous card");
    assert_eq!(served.get(CARD).body, second.body);

    std::fs::write(&path, example().replace("\"2.1.0\"", "\"2.3.0\"")).unwrap();
    served.wait_for_log("reloaded");
    assert_eq!(served.get(CARD).json()["version"], "2.3.0");
}

#[test]
fn sigterm_stops_the_server_cleanly() {
    let mut served = Served::start(&[]);
    assert_eq!(served.get(CARD).status, 200);
    let status = Command::new("kill")
        .args(["-TERM", &served.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = served.child.wait().unwrap();
    assert_eq!(exit.code(), Some(0));
    served.wait_for_log("stopped");
    let mut rest = String::new();
    let _ = served
        .child
        .stdout
        .take()
        .map(|mut s| s.read_to_string(&mut rest));
}

#[test]
fn serving_the_v03_rendering_reports_what_it_loses() {
    let served = Served::start(&["--legacy", "v03"]);
    // The demo card declares only 1.0 interfaces: v0.3 clients are sent to a 1.0 endpoint.
    let line = served.wait_for_log("v0.3 rendering:");
    assert!(line.contains("A2A-W021"), "{line}");
    assert!(
        line.contains("/supportedInterfaces/0/protocolVersion"),
        "{line}"
    );
    assert_eq!(served.get("/.well-known/agent.json").status, 200);
}

fn set_mtime(path: &Path, time: SystemTime) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(time)
        .unwrap();
}

#[test]
fn odd_file_times_never_crash_and_never_date_the_card_in_the_future() {
    let dir = temp_dir("odd-times");
    let old = dir.join("old.json");
    std::fs::write(&old, example()).unwrap();
    set_mtime(
        &old,
        SystemTime::UNIX_EPOCH - Duration::from_secs(10 * 365 * 86_400),
    );
    let served = Served::start(&[old.to_str().unwrap()]);
    let card = served.get(CARD);
    assert_eq!(card.status, 200);
    assert!(
        !card.has("last-modified"),
        "a date before 1970 cannot be sent"
    );

    let future = dir.join("future.json");
    std::fs::write(&future, example()).unwrap();
    set_mtime(
        &future,
        SystemTime::now() + Duration::from_secs(5 * 365 * 86_400),
    );
    let served = Served::start(&[future.to_str().unwrap()]);
    let sent = served.get(CARD);
    let sent = httpdate::parse_http_date(sent.header("last-modified").unwrap()).unwrap();
    assert!(sent <= SystemTime::now(), "Last-Modified in the future");
}

#[test]
fn a_reloaded_card_always_gets_a_later_last_modified() {
    let dir = temp_dir("watch-dates");
    let path = dir.join("card.json");
    let fixed = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    std::fs::write(&path, example()).unwrap();
    set_mtime(&path, fixed);
    let served = Served::start(&[path.to_str().unwrap(), "--watch"]);
    let first = served.get(CARD);
    let first_date = first.header("last-modified").unwrap().to_owned();

    // Changed bytes, same modification time (cp -p, rsync -t, two saves in one second).
    std::fs::write(&path, example().replace("\"2.1.0\"", "\"2.2.0\"")).unwrap();
    set_mtime(&path, fixed);
    served.wait_for_log("reloaded");
    let second = served.get(CARD);
    let second_date = second.header("last-modified").unwrap().to_owned();
    assert!(
        httpdate::parse_http_date(&second_date).unwrap()
            > httpdate::parse_http_date(&first_date).unwrap()
    );
    // A client holding the first card must not be told it is current.
    let revalidate = support::request(
        served.addr,
        "GET",
        CARD,
        &[("If-Modified-Since", first_date.as_bytes())],
        b"",
    );
    assert_eq!(revalidate.status, 200);
    assert_eq!(revalidate.json()["version"], "2.2.0");
}

// Many agents on one host: tenants and their AI Catalog (the draft of 2026-04-30).

const CATALOG: &str = "/.well-known/ai-catalog.json";
/// A host's cards (a fixture: a name under tests/fixtures/).
const HOST: &str = "catalog-host";

/// The name of a card of tests/fixtures/catalog-host/.
fn host_card_name(file: &str) -> String {
    let host = support::fixture(HOST);
    let text = std::fs::read_to_string(format!("{host}/{file}")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["name"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The catalog served, checked by `a2a-card validate --kind ai-catalog` on the bytes
/// fetched; and the file they were written to.
fn fetched_catalog(served: &Served, dir: &Path) -> (serde_json::Value, std::path::PathBuf) {
    let response = served.get(CATALOG);
    assert_eq!(response.status, 200);
    assert_eq!(
        response.header("content-type"),
        Some("application/ai-catalog+json")
    );
    assert!(response.etag_matches_body());
    let file = dir.join("catalog.json");
    std::fs::write(&file, &response.body).unwrap();
    let (code, stdout, stderr) =
        run_to_end(&["validate", "--kind", "ai-catalog", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("valid AI Catalog: 0 errors"), "{stdout}");
    (response.json(), file)
}

#[test]
fn a_host_of_three_agents_publishes_a_signed_catalog_that_validates_and_verifies() {
    let host = support::fixture(HOST);
    use sha2::{Digest, Sha256};
    let dir = temp_dir("catalog-host");
    let (key, jwks) = (dir.join("key.pem"), dir.join("jwks.json"));
    let (code, _, stderr) = run_to_end(&[
        "keygen",
        "--alg",
        "ES256",
        "--kid",
        "host-1",
        "--out",
        key.to_str().unwrap(),
        "--jwks",
        jwks.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let served = Served::start(&[
        &format!("{host}/concierge.json"),
        "--tenant",
        &format!("travel={host}/travel.json"),
        "--tenant",
        &format!("food={host}/food.json"),
        "--sign-key",
        key.to_str().unwrap(),
        "--kid",
        "host-1",
        "--catalog-host-name",
        "Example Agents",
        "--catalog-identifier-prefix",
        "urn:example:agent:",
    ]);
    served.wait_for_log("serving an AI Catalog of 3 cards");
    let (catalog, file) = fetched_catalog(&served, &dir);
    assert_eq!(catalog["host"]["displayName"], "Example Agents");

    // Exactly the three cards, each URL answering the card the entry names.
    let base = format!("http://{}", served.addr);
    let expected = [
        ("urn:example:agent", CARD.to_owned(), "concierge.json"),
        (
            "urn:example:agent:food",
            format!("/food{CARD}"),
            "food.json",
        ),
        (
            "urn:example:agent:travel",
            format!("/travel{CARD}"),
            "travel.json",
        ),
    ];
    let entries = catalog["entries"].as_array().unwrap();
    assert_eq!(entries.len(), expected.len(), "{catalog:#}");
    for (entry, (identifier, path, file)) in entries.iter().zip(&expected) {
        assert_eq!(entry["identifier"], *identifier);
        assert_eq!(entry["mediaType"], "application/a2a-agent-card+json");
        let url = entry["url"].as_str().unwrap();
        assert_eq!(url.strip_prefix(&base), Some(path.as_str()), "{url}");
        let card = served.get(path);
        assert_eq!(card.status, 200, "{path}");
        assert_eq!(card.header("content-type"), Some("application/a2a+json"));
        assert_eq!(
            card.header("link"),
            Some("</.well-known/ai-catalog.json>; rel=\"ai-catalog\"")
        );
        assert_eq!(card.json()["name"], host_card_name(file));
        assert_eq!(entry["displayName"], host_card_name(file));
        // Signed as the cards are, and each manifest names the digest of the bytes served.
        assert!(card.json()["signatures"].is_array(), "{path}");
        let digest: String = Sha256::digest(&card.body)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(
            entry["trustManifest"]["provenance"][0]["sourceDigest"],
            format!("sha256:{digest}")
        );
    }

    // `a2a-card verify FILE --jwks jwks.json [ARGS]`: its code and stdout.
    let verify = |file: &Path, args: &[&str]| {
        let mut command = vec!["verify", file.to_str().unwrap(), "--jwks"];
        command.push(jwks.to_str().unwrap());
        command.extend(args);
        let (code, stdout, _) = run_to_end(&command);
        (code, stdout)
    };
    let (code, stdout) = verify(&file, &[]);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(stdout.matches(": verified: ES256").count(), 3, "{stdout}");
    assert!(stdout.contains("covering all 3 entries"), "{stdout}");

    // One changed manifest: that entry, and so the catalog, is not verified.
    let mut edited = catalog.clone();
    edited["entries"][1]["trustManifest"]["identity"] = "urn:example:agent:other".into();
    let edited_file = dir.join("edited.json");
    std::fs::write(&edited_file, edited.to_string()).unwrap();
    let (code, stdout) = verify(&edited_file, &["--kind", "ai-catalog"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains(
            "/entries/1/trustManifest/signature (\"urn:example:agent:food\"): not verified"
        ),
        "{stdout}"
    );
    // No trust manifest at all: not signed.
    edited["entries"][1]
        .as_object_mut()
        .unwrap()
        .remove("trustManifest");
    std::fs::write(&edited_file, edited.to_string()).unwrap();
    let (code, stdout) = verify(&edited_file, &[]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("has no trustManifest"), "{stdout}");

    // `a2a-card check` walks the host's catalog: each listed card audited under its entry,
    // each trust manifest verified with the host's keys. The fixtures' interfaces are on
    // agents.example.com, which nothing here answers: those (C400) are the only errors.
    let (_, stdout, stderr) = run_to_end(&[
        "check",
        &base,
        "--jwks",
        jwks.to_str().unwrap(),
        "--timeout",
        "3",
        "--format",
        "json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!("check printed no JSON ({e}): {stdout}{stderr}");
    });
    let listed = report["catalog"]["cards"].as_array().unwrap();
    assert_eq!(listed.len(), 3, "{report:#}");
    let mut manifests_verified = 0;
    for card in listed {
        for finding in card["findings"].as_array().unwrap() {
            let code = finding["code"].as_str().unwrap();
            assert!(
                finding["level"] != "error" || code == "A2A-C400",
                "{finding:#}"
            );
            let manifest = finding["pointer"]
                .as_str()
                .is_some_and(|p| p.ends_with("/trustManifest/signature"));
            if code == "A2A-C302" && manifest {
                manifests_verified += 1;
            }
        }
    }
    assert_eq!(manifests_verified, 3, "{report:#}");
}

#[test]
fn tenants_from_a_folder_are_watched_and_the_catalog_follows_them() {
    let host = support::fixture(HOST);
    let dir = temp_dir("catalog-tenants");
    for file in ["travel.json", "food.json"] {
        std::fs::copy(format!("{host}/{file}"), dir.join(file)).unwrap();
    }
    std::fs::write(dir.join("notes.txt"), "not a card").unwrap();
    let served = Served::start(&[
        "--tenants",
        dir.to_str().unwrap(),
        "--catalog-base-url",
        "https://agents.example.com/",
        "--watch",
    ]);
    let (catalog, _) = fetched_catalog(&served, &dir);
    let urls: Vec<_> = catalog["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["url"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        urls,
        [
            format!("https://agents.example.com{CARD}"),
            format!("https://agents.example.com/food{CARD}"),
            format!("https://agents.example.com/travel{CARD}"),
        ]
    );
    assert_eq!(catalog["entries"][0]["displayName"], "Route Planner"); // the demo card

    // A good edit of a tenant's file shows in its card and in the catalog at once.
    let food = std::fs::read_to_string(dir.join("food.json")).unwrap();
    std::fs::write(
        dir.join("food.json"),
        food.replace("Restaurant Finder", "Table Finder"),
    )
    .unwrap();
    served.wait_for_log("reloaded");
    assert_eq!(
        served.get(&format!("/food{CARD}")).json()["name"],
        "Table Finder"
    );
    let (catalog, _) = fetched_catalog(&served, &dir);
    assert_eq!(catalog["entries"][1]["displayName"], "Table Finder");

    // A card with errors is refused; the card and the catalog stay as they were.
    std::fs::write(dir.join("food.json"), r#"{"name": ""}"#).unwrap();
    served.wait_for_log("still serving the previous card");
    assert_eq!(
        served.get(&format!("/food{CARD}")).json()["name"],
        "Table Finder"
    );
    let (after, _) = fetched_catalog(&served, &dir);
    assert_eq!(after, catalog);
}

#[test]
fn the_catalog_is_on_with_tenants_and_its_flags_are_checked() {
    let host = support::fixture(HOST);
    let travel = format!("travel={host}/travel.json");
    // One card: no catalog unless asked for; --catalog lists the one card.
    let served = Served::start(&[]);
    assert_eq!(served.get(CATALOG).status, 404);
    assert!(served.get(CARD).header("link").is_none());
    let served = Served::start(&["--catalog", "--catalog-inline"]);
    let catalog = served.get(CATALOG).json();
    assert_eq!(catalog["entries"].as_array().unwrap().len(), 1);
    assert_eq!(catalog["entries"][0]["data"]["name"], "Route Planner");
    assert!(catalog["entries"][0].get("url").is_none());
    // Tenants without a catalog.
    let served = Served::start(&["--tenant", &travel, "--no-catalog"]);
    assert_eq!(served.get(CATALOG).status, 404);
    assert_eq!(served.get(&format!("/travel{CARD}")).status, 200);

    // An address clients cannot use is no base for card URLs.
    let (code, _, stderr) = run_to_end(&["serve", "--addr", "0.0.0.0:0", "--tenant", &travel]);
    assert_eq!(code, 64, "{stderr}");
    assert!(stderr.contains("--catalog-base-url"), "{stderr}");
    for (args, expected) in [
        (vec!["--tenant", "travel"], 64),
        (vec!["--tenant", &travel, "--tenant", &travel], 64),
        (vec!["--tenant", "a/b=x.json"], 2),
        (vec!["--tenant", &format!("a b={host}/travel.json")], 1),
        (vec!["--tenant", &travel, "--no-catalog", "--catalog"], 64),
        (vec!["--tenants", "no-such-folder"], 2),
        (vec!["--catalog-host-id", "did:web:example.com"], 64),
    ] {
        let mut command = vec!["serve", "--addr", "127.0.0.1:0"];
        command.extend(&args);
        let (code, _, stderr) = run_to_end(&command);
        assert_eq!(code, expected, "{args:?}: {stderr}");
    }
}

/// The card's own interfaces answer in their protocol's error format, so an A2A client (and
/// the conformance kit's CORE-CAP-003) decodes the error: the demo card declares no extended
/// card, so GetExtendedAgentCard is UnsupportedOperationError (-32004) in both versions'
/// spellings, any other method MethodNotFound (-32601), each with the caller's id; the
/// HTTP+JSON interface answers the A2A error body. Paths off the interfaces stay a plain 404.
#[test]
fn the_cards_interfaces_answer_in_their_protocols_error_format() {
    let served = Served::start(&[]);
    let call = |body: &str| {
        let headers = [("Content-Type", &b"application/json"[..])];
        support::request(served.addr, "POST", "/a2a/v1", &headers, body.as_bytes())
    };
    for (method, id, code, reason) in [
        ("GetExtendedAgentCard", "7", -32004, "UNSUPPORTED_OPERATION"),
        (
            "agent/getAuthenticatedExtendedCard",
            "\"a\"",
            -32004,
            "UNSUPPORTED_OPERATION",
        ),
        ("SendMessage", "8", -32601, "METHOD_NOT_FOUND"),
        ("message/send", "null", -32601, "METHOD_NOT_FOUND"),
        ("tasks/get", "\"t-1\"", -32601, "METHOD_NOT_FOUND"),
    ] {
        let answer = call(&format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{}}}}"#
        ));
        assert_eq!(
            answer.status,
            200,
            "{method}: {:?}",
            String::from_utf8_lossy(&answer.body)
        );
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let body = answer.json();
        assert_eq!(body["jsonrpc"], "2.0");
        assert_eq!(body["id"].to_string(), id, "{method}");
        assert_eq!(body["error"]["code"], code, "{method}");
        assert_eq!(body["error"]["data"][0]["reason"], reason, "{method}");
        assert_eq!(body["error"]["data"][0]["domain"], "a2a-protocol.org");
    }
    for (body, code) in [
        ("{not json", -32700),
        (
            r#"[{"jsonrpc":"2.0","id":1,"method":"SendMessage"}]"#,
            -32600,
        ),
        (r#"{"jsonrpc":"2.0","id":1}"#, -32600),
    ] {
        let answer = call(body);
        assert_eq!(answer.status, 200, "{body}");
        assert_eq!(answer.json()["error"]["code"], code, "{body}");
        assert_eq!(answer.json()["id"], serde_json::Value::Null, "{body}");
    }
    for path in ["/a2a/rest/tasks/t-1", "/a2a/rest/message:send", "/a2a/rest"] {
        let answer = served.get(path);
        assert_eq!(answer.status, 404, "{path}");
        let error = &answer.json()["error"];
        assert_eq!(error["code"], 404, "{path}");
        assert_eq!(error["status"], "UNIMPLEMENTED", "{path}");
        assert_eq!(error["details"][0]["reason"], "METHOD_NOT_FOUND", "{path}");
    }
    let rest = served.get("/a2a/rest/extendedAgentCard");
    assert_eq!(rest.status, 400);
    assert_eq!(
        rest.json()["error"]["details"][0]["reason"],
        "UNSUPPORTED_OPERATION"
    );
    for path in ["/", "/a2a", "/a2a/restx", "/other"] {
        let answer = served.get(path);
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(
            answer.header("content-type"),
            Some("text/plain; charset=utf-8"),
            "{path}"
        );
    }
}
