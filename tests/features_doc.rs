//! The crate docs' feature table (src/lib.rs, "## Features") is the one place that says what
//! each cargo feature opens and brings in: it must name every feature of Cargo.toml, no
//! other, and in each row every crate the feature adds with `dep:`.

use std::collections::{BTreeMap, BTreeSet};

const MANIFEST: &str = include_str!("../Cargo.toml");
const CRATE_DOCS: &str = include_str!("../src/lib.rs");

/// Each feature of `[features]` with the crates it adds itself (`dep:NAME`).
fn features(manifest: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut features = BTreeMap::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[features]";
            continue;
        }
        if !inside || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, list) = line
            .split_once('=')
            .expect("a feature line is `name = [...]`");
        let deps = list
            .split('"')
            .filter_map(|item| item.strip_prefix("dep:"))
            .map(str::to_owned)
            .collect();
        features.insert(name.trim().to_owned(), deps);
    }
    features
}

/// Each row of the table under `## Features` in the crate docs: the feature, the row's text.
fn table(docs: &str) -> BTreeMap<String, String> {
    let section = docs
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(str::trim)
        .skip_while(|line| *line != "## Features")
        .skip(1)
        .take_while(|line| !line.starts_with("## "));
    let mut rows = BTreeMap::new();
    for line in section {
        let Some(row) = line.strip_prefix("| `") else {
            continue;
        };
        let (feature, rest) = row.split_once('`').expect("a row starts with `feature`");
        let previous = rows.insert(feature.to_owned(), rest.to_owned());
        assert!(previous.is_none(), "`{feature}` has two rows");
    }
    rows
}

#[test]
fn every_feature_has_one_row_and_every_row_is_a_feature() {
    let features = features(MANIFEST);
    let rows = table(CRATE_DOCS);
    assert!(features.contains_key("serve") && features.contains_key("default"));
    let declared: BTreeSet<_> = features.keys().collect();
    let documented: BTreeSet<_> = rows.keys().collect();
    assert_eq!(
        declared, documented,
        "Cargo.toml [features] and the crate docs' table (src/lib.rs, ## Features) differ"
    );
}

#[test]
fn each_row_names_the_crates_its_feature_brings_in() {
    let rows = table(CRATE_DOCS);
    for (feature, deps) in features(MANIFEST) {
        let row = &rows[&feature];
        let brings_in = row.rsplit('|').nth(1).expect("three columns");
        let named: BTreeSet<&str> = brings_in
            .split([',', ' ', '(', ')'])
            .filter(|word| !word.is_empty())
            .collect();
        for dep in &deps {
            assert!(
                named.contains(dep.as_str()),
                "the row of `{feature}` does not name `{dep}`: {row}"
            );
        }
    }
}

#[test]
fn the_readers_see_through_comments_and_other_sections() {
    let manifest = "[package]\nname = \"x\"\n[features]\n# a comment\na = [\"dep:one\", \"b\"]\nb = []\n[dependencies]\nc = \"1\"\n";
    let features = features(manifest);
    assert_eq!(features.len(), 2);
    assert_eq!(features["a"], BTreeSet::from(["one".to_owned()]));
    let docs = "//! ## Features\n//! | feature | opens | brings in |\n//! | `a` | m | one |\n//! ## Next\n//! | `z` | n | two |\n";
    let rows = table(docs);
    assert_eq!(rows.keys().collect::<Vec<_>>(), ["a"]);
}
