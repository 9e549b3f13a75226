//! What `a2a-card serve` refuses to read, at the start and under `--watch`, and how it says
//! so: a card or tenant file replaced by a named pipe, a folder or a device (refused by name,
//! never a hang, the old card kept, a later regular file reloaded); a file over
//! `--max-input-bytes` (the same words as at the start); tenant file names with control and
//! bidirectional characters (printed escaped); a tenant refused and then deleted (not
//! "removed": it was never served).
#![cfg(unix)]

mod binary_server;
use a2a_card_test_support as support;
use a2a_card_test_support::scratch;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use binary_server::Server;
use scratch::Scratch;

const CARD: &str = "/.well-known/agent-card.json";
const HOST: &str = "catalog-host";

fn host_card(file: &str) -> String {
    std::fs::read_to_string(support::fixture(&format!("{HOST}/{file}"))).unwrap()
}

/// The card of `file` with its version changed to `version`.
fn with_version(file: &str, version: &str) -> String {
    let card = host_card(file);
    let edited = card.replace(
        "\"version\": \"1.0.0\"",
        &format!("\"version\": \"{version}\""),
    );
    assert_ne!(edited, card);
    edited
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// Puts `text` at `path` in one step (a rename), whatever was there: a FIFO, a link, a file.
fn put(path: &Path, text: &str) {
    let tmp = path.with_file_name(".incoming.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Replaces what is at `path` (a file, a FIFO, a folder or a link) with `make`'s result.
fn replace_with(path: &Path, make: impl FnOnce(&Path)) {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => std::fs::remove_dir(path).unwrap(),
        Ok(_) => std::fs::remove_file(path).unwrap(),
        Err(_) => {}
    }
    make(path);
}

fn start(args: &[&str]) -> Server {
    let mut all = vec!["serve", "--addr", "127.0.0.1:0"];
    all.extend_from_slice(args);
    Server::start_logged(&all)
}

/// `a2a-card ARGS` run to its end: exit code and stderr. A run that has not ended after 20 s
/// (blocked on a named pipe) is killed, by its own id, and fails the test.
fn run_to_end(args: &[&str]) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match result.recv_timeout(Duration::from_secs(20)) {
        Ok(output) => {
            let output = output.unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            (output.status.code(), stderr)
        }
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            panic!("`a2a-card {args:?}` did not end: blocked reading a file");
        }
    }
}

/// What a line says about a file that is not a regular one.
fn refused_as(path: &Path, kind: &str) -> String {
    format!(
        "a2a-card: cannot read {}: not a regular file but {kind}",
        path.display()
    )
}

/// A named pipe, a folder, a device, as the card, a `--tenant` file or a `--tenants` entry:
/// refused at the start by name, exit 2, never a wait for a writer.
#[test]
fn at_the_start_only_regular_files_are_read() {
    let dir = Scratch::dir("watch-refusals-start");
    let fifo = dir.join("fifo.json");
    mkfifo(&fifo);
    let folder = dir.join("folder.json");
    std::fs::create_dir(&folder).unwrap();
    let null = Path::new("/dev/null");
    let card = support::fixture(&format!("{HOST}/travel.json"));
    let tenants = dir.join("tenants");
    std::fs::create_dir(&tenants).unwrap();
    std::fs::write(tenants.join("food.json"), host_card("food.json")).unwrap();
    mkfifo(&tenants.join("travel.json"));

    let tenant_fifo = format!("travel={}", fifo.display());
    let cases: [(Vec<&str>, &Path, &str); 5] = [
        (vec![fifo.to_str().unwrap()], &fifo, "a named pipe (FIFO)"),
        (vec![folder.to_str().unwrap()], &folder, "a directory"),
        (vec!["/dev/null"], null, "a character device"),
        (
            vec![card.as_str(), "--tenant", &tenant_fifo],
            &fifo,
            "a named pipe (FIFO)",
        ),
        (
            vec![card.as_str(), "--tenants", tenants.to_str().unwrap()],
            &tenants.join("travel.json"),
            "a named pipe (FIFO)",
        ),
    ];
    for (args, path, kind) in cases {
        let mut all = vec!["serve", "--addr", "127.0.0.1:0", "--watch"];
        all.extend(args);
        let (code, stderr) = run_to_end(&all);
        assert_eq!(code, Some(2), "{all:?}: {stderr}");
        assert!(
            stderr.contains(&refused_as(path, kind)),
            "{all:?}: {stderr}"
        );
    }
}

/// The watched card replaced by a named pipe (which blocked the watcher for good), then a
/// folder, then a link to a device: each is refused by name and the old card keeps being
/// served; a regular file at the path afterwards is reloaded.
#[test]
fn a_watched_card_replaced_by_a_pipe_a_folder_or_a_device_is_refused_then_reloaded() {
    let dir = Scratch::dir("watch-refusals-card");
    let path = dir.join("card.json");
    std::fs::write(&path, host_card("travel.json")).unwrap();
    let served = start(&[path.to_str().unwrap(), "--watch"]);
    let first = served.get(CARD);
    assert_eq!(first.status, 200);

    type Make = fn(&Path);
    let kinds: [(&str, Make); 3] = [
        ("a named pipe (FIFO)", mkfifo),
        ("a directory", |p| std::fs::create_dir(p).unwrap()),
        ("a character device", |p| {
            std::os::unix::fs::symlink("/dev/null", p).unwrap()
        }),
    ];
    for (kind, make) in kinds {
        replace_with(&path, make);
        // The watcher may look between the removal and the new object, and refuse the
        // missing file first ("No such file"): wait for the refusal that names this kind,
        // then for the line saying the old card stays.
        served.stderr_until(&refused_as(&path, kind));
        served.stderr_until("still serving the previous card");
        let now = served.get(CARD);
        assert_eq!(now.status, 200);
        assert_eq!(now.body, first.body, "{kind}");
    }

    // The watcher is still there: a regular file at the path is read and served.
    replace_with(&path, |p| {
        std::fs::write(p, with_version("travel.json", "2.0.0")).unwrap()
    });
    served.stderr_until("reloaded");
    assert_eq!(served.get(CARD).json()["version"], "2.0.0");
}

/// A tenant's file under `--tenants DIR --watch` replaced by a named pipe: refused by name,
/// the tenant keeps its card (it is not "removed"); a regular file afterwards is reloaded.
#[test]
fn a_tenant_file_replaced_by_a_pipe_keeps_its_card_until_a_regular_file_comes() {
    let dir = Scratch::dir("watch-refusals-tenant");
    let travel = dir.join("travel.json");
    std::fs::write(&travel, host_card("travel.json")).unwrap();
    let served = start(&[
        "--tenants",
        dir.to_str().unwrap(),
        "--no-catalog",
        "--watch",
    ]);
    let target = format!("/travel{CARD}");
    let first = served.get(&target);
    assert_eq!(first.status, 200);

    // In one step (a rename): a look between a removal and the new FIFO would find the
    // tenant gone.
    let fifo = dir.join(".incoming.fifo");
    mkfifo(&fifo);
    std::fs::rename(&fifo, &travel).unwrap();
    let lines = served.stderr_until("still serving the previous card");
    assert!(
        lines.contains(&refused_as(&travel, "a named pipe (FIFO)")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("removed")), "{lines:#?}");
    assert_eq!(served.get(&target).body, first.body);

    put(&travel, &with_version("travel.json", "3.0.0"));
    served.stderr_until("(tenant travel)");
    assert_eq!(served.get(&target).json()["version"], "3.0.0");
}

/// The words of the start for a file over `--max-input-bytes`, said under `--watch` too: for
/// the watched card (kept) and for a new tenant (not served).
#[test]
fn a_file_over_the_size_cap_is_refused_under_watch_as_at_the_start() {
    let dir = Scratch::dir("watch-refusals-cap");
    let cap = "2000";
    let big = format!("{}{}", host_card("food.json"), " ".repeat(2000));
    let cap_line = |path: &Path| {
        format!(
            "a2a-card: {} is larger than 2000 bytes, the cap on input files; raise it with --max-input-bytes",
            path.display()
        )
    };
    // At the start.
    let oversized = dir.join("oversized.json");
    std::fs::write(&oversized, &big).unwrap();
    let (code, stderr) = run_to_end(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--max-input-bytes",
        cap,
        oversized.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains(&cap_line(&oversized)), "{stderr}");

    let card = dir.join("card.json");
    std::fs::write(&card, host_card("travel.json")).unwrap();
    let tenants = dir.join("tenants");
    std::fs::create_dir(&tenants).unwrap();
    let served = start(&[
        card.to_str().unwrap(),
        "--tenants",
        tenants.to_str().unwrap(),
        "--no-catalog",
        "--max-input-bytes",
        cap,
        "--watch",
    ]);
    let first = served.get(CARD);

    // A new tenant over the cap: named with the cap, not served.
    let food = tenants.join("food.json");
    put(&food, &big);
    let lines = served.stderr_until("not serving tenant food");
    assert!(lines.contains(&cap_line(&food)), "{lines:#?}");
    assert_eq!(served.get(&format!("/food{CARD}")).status, 404);

    // The watched card over the cap: the same words, the old card kept.
    put(&card, &big);
    let lines = served.stderr_until("still serving the previous card");
    assert!(lines.contains(&cap_line(&card)), "{lines:#?}");
    assert_eq!(served.get(CARD).body, first.body);

    // Under the cap again: both are read.
    put(&food, &host_card("food.json"));
    served.stderr_until("(tenant food)");
    assert_eq!(served.get(&format!("/food{CARD}")).status, 200);
    put(&card, &with_version("travel.json", "4.0.0"));
    served.stderr_until("reloaded");
    assert_eq!(served.get(CARD).json()["version"], "4.0.0");
}

/// The file names a folder listing brings, as the lines print them: every control and
/// bidirectional character escaped.
const NASTY: [(&str, &str); 3] = [
    (
        "x\na2a-card: reloaded forged.json",
        "x\\na2a-card: reloaded forged.json",
    ),
    ("\u{1b}[2Jclear", "\\u{1b}[2Jclear"),
    ("evil\u{202e}nosj.exe", "evil\\u{202e}nosj.exe"),
];

/// No character in `lines` that a terminal would act on or that reorders text.
fn assert_terminal_safe(lines: &[String]) {
    for line in lines {
        assert!(
            !line
                .chars()
                .any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "{line:?}"
        );
    }
}

/// Tenant files with control characters, an escape sequence and a right-to-left override in
/// their names, added under `--watch`: every line names them escaped (no forged line, no
/// terminal control); each is refused (not a tenant name a URL can carry), and when its file
/// is deleted it is not reported as a removed tenant, since it was never served.
#[test]
fn tenant_file_names_are_printed_escaped_and_a_refused_tenant_is_not_removed() {
    let dir = Scratch::dir("watch-refusals-names");
    std::fs::write(dir.join("travel.json"), host_card("travel.json")).unwrap();
    let served = start(&[
        "--tenants",
        dir.to_str().unwrap(),
        "--no-catalog",
        "--watch",
    ]);

    for (name, _) in NASTY {
        std::fs::write(dir.join(format!("{name}.json")), host_card("food.json")).unwrap();
    }
    // In whatever order the watcher took them.
    let refused = |lines: &[String], escaped: &str| {
        let line = format!("a2a-card: not serving tenant {escaped}");
        lines.contains(&line)
    };
    let mut lines = Vec::new();
    while NASTY.iter().any(|(_, escaped)| !refused(&lines, escaped)) {
        lines.extend(served.stderr_until("not serving tenant"));
    }
    for (name, escaped) in NASTY {
        let path = format!("{}/{escaped}.json", dir.display());
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("a2a-card: refused the new {path}: tenant "))),
            "{name:?}: {lines:#?}"
        );
    }
    // The name's "reloaded" stays inside its line.
    assert!(
        !lines.iter().any(|l| l.starts_with("a2a-card: reloaded")),
        "{lines:#?}"
    );
    assert_terminal_safe(&lines);

    // Deleted: never served, so not "removed". A tenant added and removed afterwards marks
    // the end of what the deletions could have printed (the watcher reports in order).
    for (name, _) in NASTY {
        std::fs::remove_file(dir.join(format!("{name}.json"))).unwrap();
    }
    std::fs::write(dir.join("food.json"), host_card("food.json")).unwrap();
    let mut lines = served.stderr_until("(tenant food)");
    std::fs::remove_file(dir.join("food.json")).unwrap();
    lines.extend(served.stderr_until("removed tenant food"));
    let removed: Vec<_> = lines.iter().filter(|l| l.contains("removed")).collect();
    assert_eq!(removed.len(), 1, "{lines:#?}");
    assert_terminal_safe(&lines);
    assert_eq!(served.get(&format!("/travel{CARD}")).status, 200);
}

/// At the start, a tenant file name with a newline is refused and named escaped.
#[test]
fn at_the_start_a_tenant_file_name_is_printed_escaped() {
    let dir = Scratch::dir("watch-refusals-start-names");
    let (name, escaped) = NASTY[0];
    std::fs::write(dir.join(format!("{name}.json")), host_card("food.json")).unwrap();
    let (code, stderr) = run_to_end(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--tenants",
        dir.to_str().unwrap(),
    ]);
    assert_ne!(code, Some(0), "{stderr}");
    let lines: Vec<String> = stderr.lines().map(str::to_owned).collect();
    assert!(
        lines.iter().any(|l| l.contains(&format!("{escaped}.json"))),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("a2a-card: reloaded")),
        "{lines:#?}"
    );
    assert_terminal_safe(&lines);
}
