//! A card file as `serve` reads it, at the start and under `--watch` alike: read, checked,
//! or refused with the lines that say why; and the built-in demo card.

use std::path::Path;
use std::time::SystemTime;

use crate::Outcome;
use crate::output::{Output, errln, shown_path};
use a2a_card::AgentCard;
use a2a_card::validate::{DocumentKind, Profile, validate_document};

/// The card served when no file is given: the example card of this repository
/// (`examples/agent-card.json`) without its extended card, which a server started with no
/// arguments has no credentials to guard.
pub(super) const DEMO_CARD: &[u8] = include_bytes!("../../demo-card.json");
/// The demo card's `Last-Modified` (2026-11-29T00:00:00Z): a fixed date, so every process
/// serving it sends the same validators.
pub(super) const DEMO_CARD_MODIFIED_SECS: u64 = 1_795_910_400;

/// A card file that cannot be served, and the exit status that says why.
pub(super) enum Refusal {
    Unreadable(String),
    Invalid(Vec<String>),
}

impl Refusal {
    /// The lines that say why the file at `path` is not served, at the start and under
    /// `--watch` alike.
    pub(super) fn lines(&self, path: &Path) -> Vec<String> {
        match self {
            Refusal::Unreadable(message) => vec![format!("a2a-card: {message}")],
            Refusal::Invalid(errors) => {
                let mut lines = errors.clone();
                lines.push(format!(
                    "a2a-card: {} has {} error(s); not serving it",
                    shown_path(path),
                    errors.len()
                ));
                lines
            }
        }
    }
}

/// Reads and checks a card file: the card, its modification time and the bytes read.
pub(super) fn load(path: &Path) -> Result<(AgentCard, SystemTime, Vec<u8>), Refusal> {
    let bytes = read_card_file(path).map_err(Refusal::Unreadable)?;
    let (card, modified) = check(path, &bytes)?;
    Ok((card, modified, bytes))
}

/// A card file's bytes, read the one way the start and `--watch` read it: a regular file
/// only (a named pipe is refused without blocking), at most `--max-input-bytes`; the message
/// names the file and what is wrong (the cap, and how to raise it).
pub(super) fn read_card_file(path: &Path) -> Result<Vec<u8>, String> {
    crate::input::read_file(path, "")
}

/// Checks the bytes of a card file: the card and the file's modification time.
pub(super) fn check(path: &Path, bytes: &[u8]) -> Result<(AgentCard, SystemTime), Refusal> {
    let shown = shown_path(path);
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|_| SystemTime::now());
    let report = validate_document(bytes, Profile::Spec, Some(DocumentKind::Card))
        .map_err(|e| Refusal::Unreadable(format!("{shown}: {e}")))?;
    if report.has_errors() {
        let errors = report.diagnostics.iter().filter(|d| d.is_error());
        return Err(Refusal::Invalid(errors.map(|d| d.to_string()).collect()));
    }
    let card = AgentCard::from_json_slice(bytes)
        .map_err(|e| Refusal::Unreadable(format!("{shown}: {e}")))?;
    Ok((card, modified))
}

pub(super) fn report_refusal(output: &mut Output, path: &Path, refusal: &Refusal) -> Outcome {
    for line in refusal.lines(path) {
        errln!(output, "{line}");
    }
    match refusal {
        Refusal::Unreadable(_) => Outcome::Unreadable,
        Refusal::Invalid(_) => Outcome::Invalid,
    }
}
