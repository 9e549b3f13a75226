//! In-process costs of reading, validating and writing a card, each measured next to a bare
//! serde_json baseline doing the least work that the same job needs, in the same run.
//!
//! ```text
//! cargo bench --bench card
//! ```
//!
//! After criterion's own output, a table gives each measurement as a ratio to its baseline
//! (read from criterion's estimates), so the figures stay comparable on a noisy machine.

mod common;

use std::hint::black_box;

use a2a_card::{
    AgentCard,
    validate::{Profile, validate_document},
};
use criterion::Criterion;
use serde_json::Value;

const CARD: &[u8] = include_bytes!("../examples/agent-card.json");

/// (group, subject, baseline group, baseline) reported as ratios.
const RATIOS: &[(&str, &str, &str, &str)] = &[
    (
        "read",
        "AgentCard::from_json_slice",
        "read",
        "serde_json Value (baseline)",
    ),
    (
        "validate",
        "validate_document",
        "validate",
        "serde_json Value (baseline)",
    ),
    (
        "write",
        "AgentCard::to_json_vec",
        "write",
        "serde_json Value to_vec (baseline)",
    ),
];

fn read(c: &mut Criterion) {
    let mut group = c.benchmark_group("read");
    group.bench_function("serde_json Value (baseline)", |b| {
        b.iter(|| serde_json::from_slice::<Value>(black_box(CARD)).unwrap())
    });
    group.bench_function("AgentCard::from_json_slice", |b| {
        b.iter(|| AgentCard::from_json_slice(black_box(CARD)).unwrap())
    });
    group.finish();
}

fn validate(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    group.bench_function("serde_json Value (baseline)", |b| {
        b.iter(|| serde_json::from_slice::<Value>(black_box(CARD)).unwrap())
    });
    group.bench_function("validate_document", |b| {
        b.iter(|| validate_document(black_box(CARD), Profile::Spec, None).unwrap())
    });
    group.finish();
}

fn write(c: &mut Criterion) {
    let card = AgentCard::from_json_slice(CARD).unwrap();
    let value: Value = serde_json::from_slice(CARD).unwrap();
    let mut group = c.benchmark_group("write");
    group.bench_function("serde_json Value to_vec (baseline)", |b| {
        b.iter(|| serde_json::to_vec(black_box(&value)).unwrap())
    });
    group.bench_function("AgentCard::to_json_vec", |b| {
        b.iter(|| black_box(&card).to_json_vec())
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    read(&mut criterion);
    validate(&mut criterion);
    write(&mut criterion);
    criterion.final_summary();

    common::print_ratios(RATIOS);
}
