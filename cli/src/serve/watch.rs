//! `serve --watch`: follows the card files on a thread of its own, never on the async workers
//! that answer requests.
//!
//! A file is read again only when its metadata says it may have changed (length, modification
//! and change times, inode: an editor's rename, a rewrite in place and a Kubernetes ConfigMap's
//! swapped `..data` symlink all show there), and every file is read in full every
//! [`FULL_READ`] anyway, so an edit that keeps the size and the times is still caught. The
//! metadata is looked at when the file system reports a change in a watched folder (inotify,
//! through `notify`; after [`SETTLE`] for the rest of a burst) and every [`SWEEP`] whatever it
//! reports (a target outside the watched folders, a network file system, a lost event; every
//! [`SWEEP_WITHOUT_EVENTS`] where the system has no file events).
//! `--tenants DIR` is listed at each look: a new `NAME.json` is a new tenant, a file gone is a
//! tenant gone (it answers 404 and leaves the catalog). Every change a look finds is published
//! in one step ([`CardHandle::update_tenants`]): one catalog per look, however many files
//! changed. A file that cannot be read or holds a card with errors keeps the old card serving.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use a2a_card::AgentCard;
use a2a_card::serve::CardHandle;
use sha2::{Digest, Sha256};

use super::card_file::Refusal;
use crate::output::shown_path;

/// How often the files' metadata is looked at when nothing is reported, with file events
/// (a safety net: a link's target outside the watched folders, a lost event) and without.
pub(super) const SWEEP: Duration = Duration::from_secs(10);
pub(super) const SWEEP_WITHOUT_EVENTS: Duration = Duration::from_secs(2);
/// How often every file is read in full, whatever its metadata says.
pub(super) const FULL_READ: Duration = Duration::from_secs(60);
/// After a reported change, how long to wait for the rest of its burst (an editor's
/// temporary file and rename, a ConfigMap's new folder and symlink).
pub(super) const SETTLE: Duration = Duration::from_millis(30);

/// The SHA-256 of a file's bytes: what was last read, served or refused.
pub(super) type Seen = [u8; 32];

pub(super) fn digest(bytes: &[u8]) -> Seen {
    Sha256::digest(bytes).into()
}

/// What `--watch` follows.
pub(super) struct Watch {
    /// The main card's file and the digest of the bytes served at start.
    pub(super) main: Option<(PathBuf, Seen)>,
    /// Each tenant's file (from `--tenant` and `--tenants DIR`) and what was served at start.
    pub(super) tenants: Vec<(String, PathBuf, Seen)>,
    /// The names given with `--tenant`: never added or removed by listing DIR.
    pub(super) named: HashSet<String>,
    pub(super) dir: Option<PathBuf>,
    /// Whether the v0.3 rendering is served (its losses are reported at each reload).
    pub(super) v03: bool,
    /// What `--auth` enforces was derived from this card at start.
    pub(super) enforced: Option<AgentCard>,
}

/// One followed file.
struct File {
    path: PathBuf,
    /// Its metadata when last read (`None`: read it at the next look).
    stamp: Option<Stamp>,
    /// Its bytes when last read.
    seen: Option<Seen>,
    /// Why it could not be read at the last read, as reported (said once, not at every look).
    unreadable: Option<String>,
    /// Whether a card from it is being served: the main card and the tenants of the start
    /// are; a tenant found later is once its card is published. A tenant never served is
    /// not "removed" when its file goes.
    served: bool,
}

impl File {
    fn new(path: PathBuf, seen: Option<Seen>) -> File {
        File {
            path,
            stamp: None,
            seen,
            unreadable: None,
            served: seen.is_some(),
        }
    }
}

/// What a file's metadata says about its content: any edit changes one of these, except an
/// edit that keeps the length and sets the times back (the full reads catch that).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    #[cfg(unix)]
    unix: (u64, u64, i64, i64),
}

impl Stamp {
    fn of(metadata: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: metadata.len(),
            modified: metadata.modified().ok(),
            #[cfg(unix)]
            unix: (
                metadata.dev(),
                metadata.ino(),
                metadata.ctime(),
                metadata.ctime_nsec(),
            ),
        }
    }
}

/// Starts following the files; `report` gets the lines to print (on stderr, by the caller).
pub(super) fn spawn(
    watch: Watch,
    handle: CardHandle,
    report: tokio::sync::mpsc::UnboundedSender<String>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("a2a-card-watch".to_owned())
        .spawn(move || {
            lower_priority();
            Watcher::new(watch, handle, report).run()
        })
        .map(drop)
}

/// The nice value of the watching thread (and of the threads a swap starts from it, which
/// inherit it): a swap's work (a tenant's card, and the whole catalog encoded again) takes
/// what the cores have left after the requests. Idle cores run it at full speed all the same.
const NICE: i32 = 10;

/// Lowers the calling thread's priority to [`NICE`] (Linux keeps a nice value per thread).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn lower_priority() {
    // SAFETY: setpriority reads its three integer arguments only; `who` 0 is this thread.
    let _ = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, NICE) };
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

struct Watcher {
    handle: CardHandle,
    report: tokio::sync::mpsc::UnboundedSender<String>,
    main: Option<File>,
    tenants: BTreeMap<String, File>,
    named: HashSet<String>,
    dir: Option<PathBuf>,
    v03: bool,
    enforced: Option<AgentCard>,
}

impl Watcher {
    fn new(
        watch: Watch,
        handle: CardHandle,
        report: tokio::sync::mpsc::UnboundedSender<String>,
    ) -> Self {
        // No stamp yet: the first look reads every file once, so an edit made between the
        // start and that look is caught (the digest says whether anything changed).
        Watcher {
            handle,
            report,
            main: watch.main.map(|(path, seen)| File::new(path, Some(seen))),
            tenants: watch
                .tenants
                .into_iter()
                .map(|(name, path, seen)| (name, File::new(path, Some(seen))))
                .collect(),
            named: watch.named,
            dir: watch.dir,
            v03: watch.v03,
            enforced: watch.enforced,
        }
    }

    fn say(&self, line: String) {
        let _ = self.report.send(line);
    }

    fn run(mut self) {
        let (events, reported) = mpsc::channel();
        let folders = self.folders();
        let interesting = self.interesting_names();
        let (_watcher, sweep) = match file_events(&folders, events) {
            Ok(watcher) => (Some(watcher), SWEEP),
            Err(error) => {
                self.say(format!(
                    "a2a-card: warning: --watch: file events unavailable ({error}); looking every {} s",
                    SWEEP_WITHOUT_EVENTS.as_secs()
                ));
                (None, SWEEP_WITHOUT_EVENTS)
            }
        };
        let mut next_sweep = Instant::now();
        let mut next_full = Instant::now() + FULL_READ;
        loop {
            let wait = next_sweep.saturating_duration_since(Instant::now());
            match reported.recv_timeout(wait) {
                Ok(event) if !relevant(&event, &interesting) => continue,
                Ok(_) => {
                    std::thread::sleep(SETTLE);
                    while reported.try_recv().is_ok() {}
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // No file events: the sweeps alone.
                Err(mpsc::RecvTimeoutError::Disconnected) => std::thread::sleep(wait),
            }
            let now = Instant::now();
            let full = now >= next_full;
            if full {
                next_full = now + FULL_READ;
            }
            next_sweep = now + sweep;
            self.look(full);
        }
    }

    /// The folders whose entries may change a followed file.
    fn folders(&self) -> Vec<PathBuf> {
        let parent = |path: &Path| match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut folders: Vec<PathBuf> = self.dir.iter().cloned().collect();
        folders.extend(self.main.iter().map(|f| parent(&f.path)));
        let named = self.tenants.iter().filter(|(n, _)| self.named.contains(*n));
        folders.extend(named.map(|(_, f)| parent(&f.path)));
        folders.sort();
        folders.dedup();
        folders
    }

    /// File names whose events matter besides `*.json` and `..*` (a ConfigMap's `..data`).
    fn interesting_names(&self) -> HashSet<std::ffi::OsString> {
        let named = self.tenants.iter().filter(|(n, _)| self.named.contains(*n));
        let paths = self.main.iter().map(|f| &f.path);
        paths
            .chain(named.map(|(_, f)| &f.path))
            .filter_map(|p| p.file_name().map(|n| n.to_os_string()))
            .collect()
    }

    /// One look at every file; whatever changed is published in one step.
    fn look(&mut self, full: bool) {
        if let Some(main) = self.main.as_mut() {
            match changed(main, full) {
                Read::Same => {}
                Read::Changed(bytes) => {
                    let path = main.path.clone();
                    self.reload_main(&path, &bytes);
                }
                Read::Refused(refusal) => {
                    let path = main.path.clone();
                    self.refused(&path, &refusal, None);
                }
            }
        }
        let mut gone = Vec::new();
        if let Some(dir) = &self.dir {
            // A folder that cannot be listed right now loses no tenant.
            if let Ok(listed) = super::host::tenant_files(dir) {
                let listed: BTreeMap<String, PathBuf> = listed.into_iter().collect();
                for (name, file) in &self.tenants {
                    if !self.named.contains(name) && !listed.contains_key(name) {
                        gone.push((name.clone(), file.path.clone(), file.served));
                    }
                }
                for (name, path) in listed {
                    if !self.named.contains(&name) {
                        self.tenants
                            .entry(name)
                            .or_insert_with(|| File::new(path, None));
                    }
                }
            }
        }
        for (name, _, _) in &gone {
            self.tenants.remove(name);
        }
        // A tenant never served has nothing to remove: its refusal was said when it came.
        gone.retain(|(_, _, served)| *served);
        let mut replace = Vec::new();
        let mut refusals = Vec::new();
        for (name, file) in &mut self.tenants {
            let checked = match changed(file, full) {
                Read::Same => continue,
                Read::Changed(bytes) => super::card_file::check(&file.path, &bytes),
                Read::Refused(refusal) => Err(refusal),
            };
            match checked {
                Ok((card, modified)) => replace.push((name.clone(), card, modified)),
                Err(refusal) => refusals.push((name.clone(), file.path.clone(), refusal)),
            }
        }
        for (name, path, refusal) in refusals {
            self.refused(&path, &refusal, Some(&name));
        }
        if replace.is_empty() && gone.is_empty() {
            return;
        }
        let gone: Vec<(String, PathBuf)> = gone.into_iter().map(|(n, p, _)| (n, p)).collect();
        self.publish(replace, &gone);
    }

    /// Reports a file that was read and refused, and what is served instead.
    fn refused(&self, path: &Path, refusal: &Refusal, tenant: Option<&str>) {
        for line in refusal.lines(path) {
            self.say(line);
        }
        self.served_instead(tenant);
    }

    /// After a refusal, what is served instead: the previous card (the main card's, or a
    /// tenant's served before), or for a tenant never served, nothing.
    fn served_instead(&self, tenant: Option<&str>) {
        match tenant {
            Some(name) if !self.tenants.get(name).is_some_and(|f| f.served) => {
                self.say(format!(
                    "a2a-card: not serving tenant {}",
                    a2a_card::terminal_safe(name)
                ));
            }
            _ => self.say("a2a-card: still serving the previous card".to_owned()),
        }
    }

    /// Publishes the changed tenants in one step; when that is refused, one at a time, so
    /// one bad card keeps only its own tenant as it was.
    fn publish(
        &mut self,
        replace: Vec<(String, AgentCard, SystemTime)>,
        gone: &[(String, PathBuf)],
    ) {
        let cards: Vec<_> = replace
            .iter()
            .map(|(n, c, m)| (n.clone(), c.clone(), *m))
            .collect();
        let names = gone.iter().map(|(name, _)| name.as_str());
        let mut refused = Vec::new();
        match self.handle.update_tenants(cards, names) {
            Ok(_) => {}
            Err(_) => {
                for (name, card, modified) in &replace {
                    if let Err(error) =
                        self.handle
                            .replace_tenant_modified_at(name, card.clone(), *modified)
                    {
                        refused.push(name.as_str());
                        if let Some(file) = self.tenants.get(name) {
                            self.say(format!(
                                "a2a-card: refused the new {}: {error}",
                                shown_path(&file.path)
                            ));
                        }
                        self.served_instead(Some(name));
                    }
                }
                self.handle
                    .remove_tenants(gone.iter().map(|(name, _)| name));
            }
        }
        for (name, card, _) in &replace {
            if refused.contains(&name.as_str()) {
                continue;
            }
            let Some(file) = self.tenants.get_mut(name) else {
                continue;
            };
            file.served = true;
            let path = shown_path(&file.path).into_owned();
            self.say(format!(
                "a2a-card: reloaded {path} (tenant {})",
                a2a_card::terminal_safe(name)
            ));
            if self.v03 {
                self.report_v03_losses(card);
            }
        }
        for (name, path) in gone {
            self.say(format!(
                "a2a-card: removed tenant {} ({} is gone)",
                a2a_card::terminal_safe(name),
                shown_path(path)
            ));
        }
    }

    fn reload_main(&self, path: &Path, bytes: &[u8]) {
        let checked = super::card_file::check(path, bytes);
        // What --auth enforces was derived from the main card.
        if let (Ok((card, _)), Some(enforced)) = (&checked, &self.enforced) {
            if !super::enforcement::enforces_the_same(enforced, card) {
                self.say(format!(
                    "a2a-card: refused the new {}: its security schemes, requirements, interfaces or extendedAgentCard flag changed, and what --auth enforces is fixed at start; restart a2a-card serve to change them",
                    shown_path(path)
                ));
                self.say("a2a-card: still serving the previous card".to_owned());
                return;
            }
        }
        let (card, modified) = match checked {
            Ok(checked) => checked,
            Err(refusal) => {
                self.refused(path, &refusal, None);
                return;
            }
        };
        match self.handle.replace_modified_at(card.clone(), modified) {
            Ok(()) => self.say(format!(
                "a2a-card: reloaded {} (ETag {})",
                shown_path(path),
                self.handle.etag()
            )),
            Err(e) => {
                self.say(format!(
                    "a2a-card: refused the new {}: {e}",
                    shown_path(path)
                ));
                return;
            }
        }
        if self.v03 {
            self.report_v03_losses(&card);
        }
    }

    fn report_v03_losses(&self, card: &AgentCard) {
        for note in card.to_v03().notes {
            self.say(format!("v0.3 rendering: {note}"));
        }
    }
}

/// What a look at a file found.
enum Read {
    /// Nothing to do: the metadata and the bytes say nothing changed, or the file is gone
    /// for now (an editor's rename; a tenant whose file went is dropped by the listing).
    Same,
    /// New bytes, different from those last read.
    Changed(Vec<u8>),
    /// The file is there but cannot be read (not a regular file, over `--max-input-bytes`,
    /// no permission): refused as at the start, said once until something else happens.
    Refused(Refusal),
}

/// The file's new bytes when they may have changed (its metadata moved, or `full`) and did:
/// read, and different from the bytes last read.
fn changed(file: &mut File, full: bool) -> Read {
    let stamp = std::fs::metadata(&file.path).ok().map(|m| Stamp::of(&m));
    if !full && stamp.is_some() && stamp == file.stamp {
        return Read::Same;
    }
    // The stamp from before the read: a change during the read shows at the next look.
    file.stamp = stamp;
    if stamp.is_none() {
        return Read::Same;
    }
    // The read of the start (the same checks, the same words).
    let bytes = match super::card_file::read_card_file(&file.path) {
        Ok(bytes) => bytes,
        Err(message) if file.unreadable.as_ref() == Some(&message) => return Read::Same,
        Err(message) => {
            file.unreadable = Some(message.clone());
            // Whatever comes next at this path is new, even the bytes served before.
            file.seen = None;
            return Read::Refused(Refusal::Unreadable(message));
        }
    };
    file.unreadable = None;
    // A writer that truncates and writes in place (not by a rename) can be met halfway: bytes
    // read before its truncation and after its write may make a card nobody wrote (the soak
    // test served `"name": "not jsonPlanner"` so). When the file moved during the read,
    // nothing is published from it; the next sweep reads it again.
    if std::fs::metadata(&file.path).ok().map(|m| Stamp::of(&m)) != stamp {
        file.stamp = None;
        return Read::Same;
    }
    let seen = digest(&bytes);
    if file.seen == Some(seen) {
        return Read::Same;
    }
    file.seen = Some(seen);
    Read::Changed(bytes)
}

/// Whether a file-system event may change a followed file: not a mere read, and about a
/// `*.json` file, a `..*` entry (a ConfigMap's `..data` and timestamped folders) or a file
/// named on the command line.
fn relevant(
    event: &notify::Result<notify::Event>,
    interesting: &HashSet<std::ffi::OsString>,
) -> bool {
    use notify::event::{AccessKind, AccessMode, EventKind};
    let Ok(event) = event else {
        return true;
    };
    if let EventKind::Access(kind) = event.kind {
        if kind != AccessKind::Close(AccessMode::Write) {
            return false;
        }
    }
    event.paths.is_empty()
        || event.paths.iter().any(|path| {
            path.file_name().is_some_and(|name| {
                let text = name.to_string_lossy();
                text.ends_with(".json") || text.starts_with("..") || interesting.contains(name)
            })
        })
}

/// Reports changes in `folders` (not below them) to `events`.
fn file_events(
    folders: &[PathBuf],
    events: mpsc::Sender<notify::Result<notify::Event>>,
) -> notify::Result<notify::RecommendedWatcher> {
    use notify::Watcher as _;
    let mut watcher = notify::recommended_watcher(move |event| {
        let _ = events.send(event);
    })?;
    for folder in folders {
        watcher.watch(folder, notify::RecursiveMode::NonRecursive)?;
    }
    Ok(watcher)
}
