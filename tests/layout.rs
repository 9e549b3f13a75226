//! The layout conventions of CONTRIBUTING.md, checked on the tree, so a file added the old way
//! fails here rather than waiting for someone to notice: a module with submodules is a folder
//! with `mod.rs` (never `x.rs` beside `x/`), and the CLI's and the server's tests reach shared
//! helpers and data through the `a2a-card-test-support` crate, not by `#[path]` includes of
//! another package's files or symlinks.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file below `dir` (links not followed), with whether it is a link.
fn walk(dir: &Path, found: &mut Vec<(PathBuf, bool)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let kind = entry.file_type().unwrap();
        if kind.is_dir() {
            if entry.file_name() != "node_modules" {
                walk(&entry.path(), found);
            }
        } else {
            found.push((entry.path(), kind.is_symlink()));
        }
    }
}

fn files(relative: &str) -> Vec<(PathBuf, bool)> {
    let mut found = Vec::new();
    walk(&root().join(relative), &mut found);
    found
}

#[test]
fn a_module_with_submodules_is_a_folder_with_mod_rs() {
    let mut mixed = Vec::new();
    for tree in ["src", "cli/src", "server/src", "test-support/src"] {
        for (path, _) in files(tree) {
            let is_rust = path.extension().is_some_and(|e| e == "rs");
            let stem = path.with_extension("");
            let special = ["mod", "lib", "main"]
                .iter()
                .any(|n| path.ends_with(format!("{n}.rs")));
            if is_rust && !special && stem.is_dir() {
                mixed.push(path.strip_prefix(root()).unwrap().display().to_string());
            }
        }
    }
    assert!(mixed.is_empty(), "x.rs beside a folder x/: {mixed:?}");
}

#[test]
fn cli_and_server_tests_include_no_other_package_file_and_hold_no_link() {
    let mut found = Vec::new();
    for tree in ["cli/tests", "server/tests"] {
        for (path, link) in files(tree) {
            let shown = path.strip_prefix(root()).unwrap().display().to_string();
            if link {
                found.push(format!("{shown}: a symlink"));
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                if text.lines().any(|l| l.trim_start().starts_with("#[path")) {
                    found.push(format!("{shown}: a #[path] include"));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}
