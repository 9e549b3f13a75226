//! The documentation's examples load the example card through one hidden helper,
//! `a2a_card::__doctest::example_card()`, rather than each spelling out the `include_bytes!`
//! of `examples/agent-card.json` (95 copies once). A hidden doc-test line or a unit test that
//! reads the file itself fails here; visible example lines may show a user how to read a card.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Whether `line` is a doc line whose code is hidden from the rendered example (`/// # ...`,
/// `//! # ...`, or a `"# ..."` string given to a macro that writes doc examples).
fn is_hidden_example_line(line: &str) -> bool {
    let line = line.trim_start();
    let code = ["///", "//!"]
        .iter()
        .find_map(|doc| line.strip_prefix(doc))
        .map(|rest| rest.strip_prefix(' ').unwrap_or(rest))
        .or_else(|| line.strip_prefix('"'));
    // Rustdoc hides `# code` and a lone `#`, not `#[attr]` or `#![attr]`.
    code.is_some_and(|code| code.starts_with("# ") || code.trim_end() == "#")
}

#[test]
fn the_example_card_is_loaded_in_one_place() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let helper = src.join("__doctest.rs");
    let mut copies = Vec::new();
    for file in files.iter().filter(|f| **f != helper) {
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let loads_card =
                line.contains("examples/agent-card.json") && line.contains("AgentCard::from_json_");
            if loads_card && (is_hidden_example_line(line) || !line.trim_start().starts_with("//"))
            {
                copies.push(format!("{}:{}", file.display(), number + 1));
            }
        }
    }
    assert!(
        copies.is_empty(),
        "load the example card with a2a_card::__doctest::example_card() \
         (crate::__doctest::example_card() in unit tests) instead of reading the file:\n{}",
        copies.join("\n")
    );
}

#[test]
fn hidden_lines_are_told_from_visible_ones() {
    assert!(is_hidden_example_line("    /// # let card = x;"));
    assert!(is_hidden_example_line("//! # use a2a_card::AgentCard;"));
    assert!(is_hidden_example_line(r##"        "# let card = x;","##));
    assert!(!is_hidden_example_line("/// let card = x;"));
    assert!(is_hidden_example_line("/// #"));
    assert!(!is_hidden_example_line("//! #![allow(unused)]"));
    assert!(!is_hidden_example_line("/// #[derive(Debug)]"));
    assert!(!is_hidden_example_line("let card = x; // # not a doc line"));
}
