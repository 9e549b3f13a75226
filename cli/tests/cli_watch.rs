//! `a2a-card serve --tenants DIR --watch` as a host of many agents runs it: tenants added and
//! removed while it runs, a Kubernetes ConfigMap's layout swapped under it, and two replicas
//! started at different times from the same files serving the same bytes.

use a2a_card_test_support as support;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-card");
const CARD: &str = "/.well-known/agent-card.json";
const CATALOG: &str = "/.well-known/ai-catalog.json";
/// A host's cards (a fixture: a name under tests/fixtures/).
const HOST: &str = "catalog-host";

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

    fn get_coded(&self, target: &str, coding: &str) -> support::RawResponse {
        let headers: [(&str, &[u8]); 1] = [("accept-encoding", coding.as_bytes())];
        support::request(self.addr, "GET", target, &headers, b"")
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
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn temp_dir(name: &str) -> support::Scratch {
    support::Scratch::dir(&format!("cli-watch-{name}"))
}

fn host_card(file: &str) -> String {
    let host = support::fixture(HOST);
    std::fs::read_to_string(format!("{host}/{file}")).unwrap()
}

fn entry_names(served: &Served) -> Vec<String> {
    let catalog = served.get(CATALOG);
    assert_eq!(catalog.status, 200);
    assert!(catalog.etag_matches_body());
    catalog.json()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["url"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn tenants_added_to_and_removed_from_the_folder_are_served_and_listed() {
    let dir = temp_dir("added-removed");
    std::fs::write(dir.join("travel.json"), host_card("travel.json")).unwrap();
    let served = Served::start(&[
        "--tenants",
        dir.to_str().unwrap(),
        "--catalog-base-url",
        "https://agents.example.com",
        "--watch",
    ]);
    assert_eq!(served.get(&format!("/food{CARD}")).status, 404);
    assert_eq!(entry_names(&served).len(), 2);

    // A new file is a new tenant, in the catalog too.
    std::fs::write(dir.join("food.json"), host_card("food.json")).unwrap();
    served.wait_for_log("(tenant food)");
    let food = served.get(&format!("/food{CARD}"));
    assert_eq!(food.status, 200);
    assert!(food.etag_matches_body());
    assert_eq!(
        entry_names(&served),
        [
            format!("https://agents.example.com{CARD}"),
            format!("https://agents.example.com/food{CARD}"),
            format!("https://agents.example.com/travel{CARD}"),
        ]
    );

    // A new file with errors is not served; the others are untouched.
    std::fs::write(dir.join("broken.json"), r#"{"name": ""}"#).unwrap();
    served.wait_for_log("not serving tenant broken");
    assert_eq!(served.get(&format!("/broken{CARD}")).status, 404);
    assert_eq!(entry_names(&served).len(), 3);

    // A file gone is a tenant gone: 404, and out of the catalog.
    std::fs::remove_file(dir.join("travel.json")).unwrap();
    served.wait_for_log("removed tenant travel");
    assert_eq!(served.get(&format!("/travel{CARD}")).status, 404);
    assert_eq!(
        entry_names(&served),
        [
            format!("https://agents.example.com{CARD}"),
            format!("https://agents.example.com/food{CARD}"),
        ]
    );
}

/// Writes a ConfigMap's timestamped folder with `files` and points `..data` at it the way the
/// kubelet does: a new symlink renamed over the old one, in one step.
#[cfg(unix)]
fn configmap_version(dir: &Path, version: &str, files: &[(&str, String)]) {
    let data = dir.join(version);
    std::fs::create_dir_all(&data).unwrap();
    for (name, text) in files {
        std::fs::write(data.join(name), text).unwrap();
        let link = dir.join(name);
        if std::fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(Path::new("..data").join(name), &link).unwrap();
        }
    }
    let tmp = dir.join("..data_tmp");
    std::os::unix::fs::symlink(version, &tmp).unwrap();
    std::fs::rename(&tmp, dir.join("..data")).unwrap();
}

#[cfg(unix)]
#[test]
fn a_configmap_folder_is_followed_when_its_data_link_is_swapped() {
    let dir = temp_dir("configmap");
    let travel = host_card("travel.json");
    let food = host_card("food.json");
    configmap_version(
        &dir,
        "..2026_12_02_10_00_00.000000001",
        &[("travel.json", travel.clone()), ("food.json", food.clone())],
    );
    let served = Served::start(&[
        "--tenants",
        dir.to_str().unwrap(),
        "--catalog-base-url",
        "https://agents.example.com",
        "--watch",
    ]);
    let before = served.get(&format!("/travel{CARD}"));
    assert_eq!(before.status, 200);
    let food_before = served.get(&format!("/food{CARD}"));
    // The hidden `..data` and timestamped folders are no tenants.
    assert_eq!(entry_names(&served).len(), 3);

    // The kubelet's update: a new folder, `..data` swapped to it, the old folder removed.
    let edited = travel.replace("\"version\": \"", "\"version\": \"9.");
    assert_ne!(edited, travel);
    configmap_version(
        &dir,
        "..2026_12_02_10_05_00.000000002",
        &[("travel.json", edited), ("food.json", food)],
    );
    std::fs::remove_dir_all(dir.join("..2026_12_02_10_00_00.000000001")).unwrap();
    served.wait_for_log("(tenant travel)");
    let after = served.get(&format!("/travel{CARD}"));
    assert_eq!(after.status, 200);
    assert!(after.etag_matches_body());
    assert_ne!(after.header("etag"), before.header("etag"));
    assert!(after.json()["version"].as_str().unwrap().starts_with("9."));
    // The tenant whose bytes did not change keeps its card and ETag.
    assert_eq!(
        served.get(&format!("/food{CARD}")).header("etag"),
        food_before.header("etag")
    );
}

/// Every validator a response carries, and its bytes.
fn served_bytes(served: &Served, target: &str, coding: &str) -> (u16, Vec<u8>, Vec<String>) {
    let response = served.get_coded(target, coding);
    let validators = [
        "etag",
        "last-modified",
        "content-encoding",
        "content-length",
    ]
    .iter()
    .map(|name| format!("{name}: {:?}", response.header(name)))
    .collect();
    (response.status, response.body, validators)
}

#[test]
fn two_replicas_started_at_different_times_serve_the_same_bytes() {
    let dir = temp_dir("replicas");
    for file in ["travel.json", "food.json", "concierge.json"] {
        std::fs::write(dir.join(file), host_card(file)).unwrap();
    }
    let args = [
        "--tenants",
        dir.to_str().unwrap(),
        "--catalog-base-url",
        "https://agents.example.com",
    ];
    let first = Served::start(&args);
    // Started later (a second later at least), from the same files: nothing differs.
    std::thread::sleep(Duration::from_millis(1100));
    let second = Served::start(&args);
    let targets = [
        CATALOG.to_owned(),
        CARD.to_owned(),
        format!("/travel{CARD}"),
        format!("/food{CARD}"),
        format!("/concierge{CARD}"),
    ];
    for target in &targets {
        for coding in ["identity", "gzip", "br"] {
            let a = served_bytes(&first, target, coding);
            let b = served_bytes(&second, target, coding);
            assert_eq!(a.0, 200, "{target} {coding}");
            assert_eq!(a, b, "{target} {coding}");
        }
    }
}
