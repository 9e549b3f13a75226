//! The training of the learned reading, as a test: it reads the training texts that
//! scripts/injection_corpus.py writes (`training.jsonl`: the development parts of the
//! corpus, labelled 1, and prose labelled 0; see scripts/corpus_training.py), trains the
//! model and checks that `model.bin` is what it gives, byte for byte, so that the embedded
//! weights can always be rebuilt from their sources. `A2A_WRITE_MODEL=1` writes it instead.
//!
//! Logistic regression by AdaGrad, in a fixed order. The classes are not weighed to count
//! alike: with prose ten times more common, the bias stays low, so that words the training
//! never saw (another language, a new subject) score low rather than high.
//!
//! The threshold is chosen on scores of texts the scoring model was not trained on: the
//! texts are cut in [`FOLDS`] parts (by position), a model is trained without each part and
//! scores it, and the threshold is the lowest score that at most [`PROSE_FLAGGED`] of all
//! prose texts so scored reach. Every prose text is counted once (before round 8 one part
//! in five chose it: three texts decided it, and it moved from 0.33 to 0.53 as the training
//! changed). The embedded model is then trained on every text.
//!
//! The phrase table's test sentences (the ones each family must catch) are trained on too:
//! left out in a trial of round 8, every part the reading is not trained on lost cards
//! (LLMail-Inject 351 -> 340, the planted documents 110 -> 103). They tie the model to each
//! edit of the table: a new sentence means training again.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::features::{enough, tokens, window_features, windows};
use super::model::Model;
use crate::validate::prompt::fold;
use crate::validate::prompt::phrases::tests::labelled_sentences;

const BITS: u32 = 18;
const EPOCHS: usize = 12;
const LEARNING_RATE: f64 = 0.2;
const L2: f64 = 3e-3;
/// The shares of kept-out prose the threshold lets through (warned): in a card's register,
/// and of the Universal Declaration. 0.2% since round 11 (0.3% before): at 0.3% the
/// reading of round 10 warned a repository fixture ("Just a hello world agent that greets
/// whoever asks it to", 0.66 against 0.64). It stays among the ten highest of the 4,350
/// kept-out prose texts: a retraining may move the mark around it again.
const PROSE_FLAGGED: f64 = 0.002;
/// The threshold is never lower, whatever the prose scores.
const FLOOR: f32 = 0.1;
const DECLARATION_FLAGGED: f64 = 0.002;
/// The parts the texts are cut in to score each with a model not trained on it.
const FOLDS: usize = 5;

struct Text {
    label: bool,
    source: String,
    windows: Vec<Vec<u32>>,
}

/// When the newest of the scripts that write the corpus was changed: `injection_corpus.py`
/// and every `corpus_*.py` module beside it (one per source, each round adds one). The corpus
/// is built again when one is newer than `training.jsonl` (tests/injection_corpus.rs applies
/// the same rule to its manifest).
fn newest_script(scripts: &Path) -> Option<std::time::SystemTime> {
    std::fs::read_dir(scripts)
        .expect("scripts/")
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name == "injection_corpus.py" || (name.starts_with("corpus_") && name.ends_with(".py"))
        })
        .filter_map(|entry| entry.metadata().and_then(|m| m.modified()).ok())
        .max()
}

fn corpus() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("A2A_INJECTION_CORPUS")
        .map_or_else(|| root.join("target/injection-corpus"), PathBuf::from);
    let newest = newest_script(&root.join("scripts"));
    let built = std::fs::metadata(dir.join("training.jsonl"))
        .and_then(|m| m.modified())
        .ok();
    if built.is_none() || built < newest {
        // The script fetches the pinned packages and reads them as data.
        let python = std::env::var_os("A2A_SDK_PYTHON").unwrap_or_else(|| "python3".into());
        let status = Command::new(python)
            .arg(root.join("scripts/injection_corpus.py"))
            .arg("--out")
            .arg(&dir)
            .status()
            .expect("scripts/injection_corpus.py runs");
        assert!(status.success(), "scripts/injection_corpus.py failed");
    }
    dir
}

/// A text as the reading sees it: the feature buckets of each window.
fn text(label: bool, source: &str, text: &str) -> Text {
    let folded = fold::readings(text)
        .into_iter()
        .next()
        .map(|r| r.folded.chars)
        .unwrap_or_default();
    let tokens = tokens(&folded);
    let mut buckets = Vec::new();
    let scored = if enough(&tokens, &folded) {
        tokens.len()
    } else {
        0
    };
    let windows = windows(scored)
        .into_iter()
        .map(|w| {
            window_features(&folded, &tokens, w, BITS, &mut buckets);
            buckets.clone()
        })
        .collect();
    Text {
        label,
        source: source.to_owned(),
        windows,
    }
}

/// The training texts, the corpus's; and their sha256, which the model file records (so
/// that a change of the data is told apart from a change of the model).
fn read_texts(path: &Path) -> (Vec<Text>, [u8; 32]) {
    let lines = std::fs::read_to_string(path).expect("training.jsonl");
    let mut digest = Sha256::new();
    digest.update(lines.as_bytes());
    let mut texts: Vec<Text> = lines
        .lines()
        .map(|line| {
            let row: Value = serde_json::from_str(line).expect("a JSON line");
            text(
                row["label"].as_i64() == Some(1),
                row["source"].as_str().unwrap_or("?"),
                row["text"].as_str().expect("text"),
            )
        })
        .collect();
    // Near misses are left out: written to sit beside the attacks, with their words, they
    // taught the reading that the attacks' own words are prose (their rule is the phrase
    // table's, which keeps them apart by design).
    for (_, sentence) in labelled_sentences().filter(|(label, _)| *label) {
        digest.update(sentence.as_bytes());
        digest.update(b"\n");
        texts.push(text(true, "phrase-tests", sentence));
    }
    (texts, digest.finalize().into())
}

/// Each text's score by a model trained on the other parts ([`FOLDS`]), in order.
fn out_of_fold(texts: &[&Text]) -> Vec<f32> {
    let mut scores = vec![0.0; texts.len()];
    for fold in 0..FOLDS {
        let training: Vec<&Text> = texts
            .iter()
            .enumerate()
            .filter(|(i, _)| i % FOLDS != fold)
            .map(|(_, t)| *t)
            .collect();
        let bytes = trained_model(&training, 0.5, &[0; 32]);
        let model = Model::read(&bytes).expect("reads");
        for (i, text) in texts.iter().enumerate().filter(|(i, _)| i % FOLDS == fold) {
            scores[i] = score(&model, text);
        }
    }
    scores
}

/// Weights and bias, as floats.
struct Trained {
    weights: Vec<f64>,
    bias: f64,
}

impl Trained {
    fn z(&self, features: &[u32]) -> f64 {
        let norm = (features.len() as f64).sqrt();
        self.bias
            + features
                .iter()
                .map(|&f| self.weights[f as usize])
                .sum::<f64>()
                / norm
    }
}

/// A fixed shuffle (xorshift), the same on every machine.
fn shuffled(count: usize, epoch: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    let mut state = 0x2545_f491_4f6c_dd1d_u64 ^ (epoch as u64 + 1).wrapping_mul(0x9e37_79b9);
    for i in (1..count).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    order
}

fn train(texts: &[&Text]) -> Trained {
    let samples: Vec<(&[u32], bool)> = texts
        .iter()
        .flat_map(|t| t.windows.iter().map(|w| (w.as_slice(), t.label)))
        .collect();
    let mut model = Trained {
        weights: vec![0.0; 1 << BITS],
        bias: 0.0,
    };
    let mut squares = vec![1e-8; 1 << BITS];
    let mut bias_squares = 1e-8;
    for epoch in 0..EPOCHS {
        for i in shuffled(samples.len(), epoch) {
            let (features, label) = samples[i];
            let p = 1.0 / (1.0 + (-model.z(features)).exp());
            let g = p - f64::from(u8::from(label));
            let x = 1.0 / (features.len() as f64).sqrt();
            for &f in features {
                let f = f as usize;
                let grad = g * x + L2 * model.weights[f];
                squares[f] += grad * grad;
                model.weights[f] -= LEARNING_RATE * grad / squares[f].sqrt();
            }
            bias_squares += g * g;
            model.bias -= LEARNING_RATE * g / f64::sqrt(bias_squares);
        }
    }
    model
}

/// A model trained on `texts`, its weights quantized, encoded as `model.bin` is with
/// `threshold` and the training texts' `digest`.
fn trained_model(texts: &[&Text], threshold: f32, digest: &[u8; 32]) -> Vec<u8> {
    let trained = train(texts);
    let (weights, scale) = quantized(&trained);
    Model::encode(
        BITS,
        scale,
        trained.bias as f32,
        threshold,
        &weights,
        digest,
    )
}

/// The weights as signed bytes and their scale.
fn quantized(model: &Trained) -> (Vec<i8>, f32) {
    let largest = model.weights.iter().fold(0.0f64, |m, w| m.max(w.abs()));
    let scale = if largest > 0.0 { largest / 127.0 } else { 1.0 };
    let weights = model
        .weights
        .iter()
        .map(|w| (w / scale).round().clamp(-127.0, 127.0) as i8)
        .collect();
    (weights, scale as f32)
}

/// The lowest score, not under [`FLOOR`], that at most [`PROSE_FLAGGED`] of the prose in a
/// card's register (every source but the Universal Declaration) and at most
/// [`DECLARATION_FLAGGED`] of the Declaration reach, by the scores of [`out_of_fold`].
fn choose_threshold(texts: &[&Text], scores: &[f32]) -> f32 {
    let at_most = |share: f64, declaration: bool| {
        let mut scores: Vec<f32> = texts
            .iter()
            .zip(scores)
            .filter(|(t, _)| {
                !t.label && !t.windows.is_empty() && (t.source == "udhr") == declaration
            })
            .map(|(_, s)| *s)
            .collect();
        scores.sort_by(|a, b| b.total_cmp(a));
        let allowed = (scores.len() as f64 * share) as usize;
        scores.get(allowed).map_or(FLOOR, |&s| s + 1e-4)
    };
    at_most(PROSE_FLAGGED, false)
        .max(at_most(DECLARATION_FLAGGED, true))
        .max(FLOOR)
}

/// A text's score: its best window's.
fn score(model: &Model<'_>, text: &Text) -> f32 {
    text.windows
        .iter()
        .map(|w| model.probability(w))
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_model_is_what_training_on_the_corpus_gives() {
        let (texts, digest) = read_texts(&corpus().join("training.jsonl"));
        let texts: Vec<&Text> = texts.iter().collect();
        let scores = out_of_fold(&texts);
        let threshold = choose_threshold(&texts, &scores);
        let bytes = trained_model(&texts, threshold, &digest);
        let model = Model::read(&bytes).expect("reads");

        // Every text by source, scored by a model not trained on it: what the threshold
        // lets through and catches.
        let mut report = std::collections::BTreeMap::<(bool, &str), (usize, usize)>::new();
        for (text, score) in texts.iter().zip(&scores) {
            if text.windows.is_empty() {
                continue;
            }
            let entry = report.entry((text.label, &text.source)).or_default();
            entry.1 += 1;
            entry.0 += usize::from(*score >= threshold);
        }
        println!(
            "threshold {threshold:.4}; texts long enough to be scored, flagged by a model not \
             trained on them, by label and source:"
        );
        for ((label, source), (flagged, total)) in &report {
            println!("  {} {source}: {flagged}/{total}", u8::from(*label));
        }
        let positives: (usize, usize) = report
            .iter()
            .filter(|((label, _), _)| *label)
            .fold((0, 0), |a, (_, v)| (a.0 + v.0, a.1 + v.1));
        assert!(
            positives.0 * 10 >= positives.1 * 7,
            "models not trained on them catch {}/{} instructions",
            positives.0,
            positives.1
        );

        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("src/validate/prompt/learned/model.bin");
        if std::env::var_os("A2A_WRITE_MODEL").is_some_and(|v| v == "1") {
            std::fs::write(&path, &bytes).expect("write model.bin");
        } else {
            let embedded = Model::embedded().expect("model.bin reads");
            assert!(
                embedded.digest() == digest,
                "the training texts in {} are not those {} was trained on: rebuild the corpus \
                 (python3 scripts/injection_corpus.py --out target/injection-corpus); if they \
                 changed on purpose, rebuild the model with A2A_WRITE_MODEL=1 cargo test \
                 --features lint-injection --lib learned",
                corpus().display(),
                path.display()
            );
            assert!(
                model.same_as(&embedded),
                "{} is not what training on {} gives: rebuild it with A2A_WRITE_MODEL=1 cargo \
                 test --features lint-injection --lib learned",
                path.display(),
                corpus().display()
            );
        }
    }

    /// How the reading carries over to attacks of an author it was not trained on: trained
    /// without one source's instructions (each source of the training texts in turn),
    /// measured on them (and on the kept-out prose at the
    /// threshold of the embedded model). A measurement, not a check:
    /// `cargo test --features lint-injection --lib learned::train::tests::by_source -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement (docs/lints.md, \"A learned reading\"), run by hand"]
    fn by_source() {
        let (texts, digest) = read_texts(&corpus().join("training.jsonl"));
        let mut sources: Vec<&str> = texts
            .iter()
            .filter(|t| t.label && t.source != "phrase-tests")
            .map(|t| t.source.as_str())
            .collect();
        sources.sort_unstable();
        sources.dedup();
        let (mut caught, mut scored) = (0, 0);
        for left_out in sources {
            let training: Vec<&Text> = texts
                .iter()
                .filter(|t| !(t.label && t.source == left_out))
                .collect();
            let scores = out_of_fold(&training);
            let threshold = choose_threshold(&training, &scores);
            let bytes = trained_model(&training, 0.5, &digest);
            let model = Model::read(&bytes).expect("reads");
            // Every text of the source counts: one too short to be scored is a miss (the check
            // above counts only texts long enough to be scored).
            let theirs: Vec<&Text> = texts
                .iter()
                .filter(|t| t.label && t.source == left_out)
                .collect();
            let prose: Vec<f32> = training
                .iter()
                .zip(&scores)
                .filter(|(t, _)| !t.label && t.source != "udhr" && !t.windows.is_empty())
                .map(|(_, s)| *s)
                .collect();
            let theirs_caught = theirs
                .iter()
                .filter(|t| score(&model, t) >= threshold)
                .count();
            caught += theirs_caught;
            scored += theirs.len();
            println!(
                "without {left_out}'s instructions (threshold {threshold:.3}): {theirs_caught}/{} \
                 of them caught; prose other than udhr: {}/{} flagged (scored by models not \
                 trained on it)",
                theirs.len(),
                prose.iter().filter(|s| **s >= threshold).count(),
                prose.len()
            );
        }
        println!("every source left out in turn: {caught}/{scored} caught");
    }
}
