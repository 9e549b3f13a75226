//! The layout conventions of CONTRIBUTING.md, checked on the tree, so a file added the old way
//! fails here rather than waiting for someone to notice: a module with submodules is a folder
//! with `mod.rs` (never `x.rs` beside `x/`), the CLI's and the server's tests reach shared
//! helpers and data through the `a2a-card-test-support` crate, not by `#[path]` includes of
//! another package's files or symlinks, the files of `src/serve/` and of `src/card/` import
//! one way (no cycle), `serve/mod.rs` re-exports nothing for its siblings (the HTTP helpers
//! they share live below them, in `src/http_headers/`), and one file holds the entity tags.

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

/// The code of a Rust file as the import graph reads it: comments (doc comments too) and the
/// `#[cfg(test)] mod tests { ... }` block left out, the lines joined.
fn code_without_tests_and_comments(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed == "#[cfg(test)]" {
            if let Some(next) = lines.peek() {
                if next.trim_start().starts_with("mod tests {") {
                    // Skip to the brace that closes the block.
                    let mut depth = 0i32;
                    for inner in lines.by_ref() {
                        depth += inner.matches('{').count() as i32;
                        depth -= inner.matches('}').count() as i32;
                        if depth <= 0 {
                            break;
                        }
                    }
                    continue;
                }
            }
        }
        let without_comment = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(without_comment);
        code.push('\n');
    }
    code
}

/// The identifiers a path continues with after `at` (where `super::`, `crate::serve::`...
/// ended): one, or the first of each member of a `{...}` group.
fn names_after(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut members = Vec::new();
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    members.push(&group[start..i]);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    members.push(&group[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        members
            .into_iter()
            .map(ident)
            .filter(|n| !n.is_empty())
            .collect()
    } else {
        vec![ident(rest)]
            .into_iter()
            .filter(|n| !n.is_empty())
            .collect()
    }
}

/// The files of a module folder (`src/serve`) as nodes of a graph: each file and each
/// subfolder beside `mod.rs` is one node, and an edge is a reference from one to another
/// (`use super::x`, `super::x::f()`, `crate::serve::x`, or a name `mod.rs` re-exports from
/// `x`). `mod.rs` itself is the folder's face, not a node. Tests and comments are not read.
fn import_graph(folder: &str) -> Graph {
    let module = folder.trim_start_matches("src/").replace('/', "::");
    import_graph_of(&root().join(folder), &module)
}

type Graph = std::collections::BTreeMap<String, std::collections::BTreeSet<String>>;

/// [`import_graph`] of the folder `dir`, the module `crate::{module}`.
fn import_graph_of(dir: &Path, module: &str) -> Graph {
    use std::collections::{BTreeMap, BTreeSet};
    let mut nodes = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() || (path.extension().is_some_and(|e| e == "rs") && name != "mod") {
            nodes.insert(name);
        }
    }
    // Names mod.rs re-exports, to the node they come from.
    let face =
        code_without_tests_and_comments(&std::fs::read_to_string(dir.join("mod.rs")).unwrap());
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    for (at, _) in face.match_indices("use ") {
        let path = face[at + 4..].trim_start();
        let from = names_after(path, 0);
        let Some(from) = from.first().filter(|n| nodes.contains(*n)) else {
            continue;
        };
        if let Some(rest) = path[from.len()..].strip_prefix("::") {
            // Every word of the list (`use x::{A, B as C}`: A, B and C name x).
            let end = rest.find(';').unwrap_or(rest.len());
            for word in rest[..end].split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if !word.is_empty() {
                    exported.insert(word.to_owned(), from.clone());
                }
            }
        }
    }
    let mut graph: Graph = nodes.iter().map(|n| (n.clone(), BTreeSet::new())).collect();
    let mut found = Vec::new();
    walk(dir, &mut found);
    for (path, _) in found {
        let relative = path.strip_prefix(dir).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|e| e != "rs")
            || relative == Path::new("mod.rs")
            || stem == "tests"
            || stem.ends_with("_tests")
        {
            continue;
        }
        // The file's module path below the folder: `x.rs` is [x], `f/mod.rs` [f], `f/g.rs` [f, g].
        let mut own: Vec<String> = relative
            .with_extension("")
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if own.last().is_some_and(|l| l == "mod") {
            own.pop();
        }
        let node = own[0].clone();
        let code = code_without_tests_and_comments(&std::fs::read_to_string(&path).unwrap());
        let mut targets = Vec::new();
        // `super::` chains, resolved against the file's own module path.
        let mut from = 0;
        while let Some(at) = code[from..].find("super::") {
            let start = from + at;
            from = start + "super::".len();
            let preceded = code[..start]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            if preceded {
                continue; // the middle of a `super::super::` chain, read from its start
            }
            let mut ups = 1;
            while code[from..].starts_with("super::") {
                ups += 1;
                from += "super::".len();
            }
            if ups < own.len() {
                continue; // inside the file's own subfolder
            }
            if ups == own.len() {
                targets.extend(names_after(&code, from));
            }
        }
        let absolute = format!("crate::{module}::");
        for (at, _) in code.match_indices(&absolute) {
            targets.extend(names_after(&code, at + absolute.len()));
        }
        for target in targets {
            let target = match nodes.contains(&target) {
                true => Some(target),
                false => exported.get(&target).cloned(),
            };
            if let Some(target) = target.filter(|t| *t != node) {
                graph.get_mut(&node).unwrap().insert(target);
            }
        }
    }
    graph
}

/// The edges that lie on a cycle (both ends in one strongly connected component), and one
/// cycle spelled out.
fn edges_on_cycles(graph: &Graph) -> (Vec<(String, String)>, Option<Vec<String>>) {
    // Reachability by search from every node: the graphs are a few dozen nodes.
    let reach = |from: &str| {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![from.to_owned()];
        while let Some(n) = stack.pop() {
            for next in &graph[&n] {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let mut on_cycles = Vec::new();
    let mut cycle = None;
    for (from, tos) in graph {
        for to in tos {
            if reach(to).contains(from) {
                on_cycles.push((from.clone(), to.clone()));
                if cycle.is_none() {
                    cycle = Some(path_between(graph, to, from).map(|mut p| {
                        p.insert(0, from.clone());
                        p
                    }));
                }
            }
        }
    }
    (on_cycles, cycle.flatten())
}

/// A shortest path `from` -> `to`, both ends included.
fn path_between(graph: &Graph, from: &str, to: &str) -> Option<Vec<String>> {
    let mut came_from = std::collections::BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([from.to_owned()]);
    came_from.insert(from.to_owned(), String::new());
    while let Some(n) = queue.pop_front() {
        if n == to {
            let mut path = vec![n.clone()];
            let mut at = n;
            while let Some(prev) = came_from.get(&at).filter(|p| !p.is_empty()) {
                path.push(prev.clone());
                at = prev.clone();
            }
            path.reverse();
            return Some(path);
        }
        for next in &graph[&n] {
            if !came_from.contains_key(next) {
                came_from.insert(next.clone(), n.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

#[test]
fn the_files_of_serve_and_card_import_one_way() {
    for folder in ["src/serve", "src/card"] {
        let graph = import_graph(folder);
        let (on_cycles, cycle) = edges_on_cycles(&graph);
        assert!(
            on_cycles.is_empty(),
            "{folder}: an import cycle {}; {} imports run back up: {on_cycles:?}",
            cycle.unwrap_or_default().join(" -> "),
            on_cycles.len(),
        );
    }
}

#[test]
fn the_import_graph_sees_a_cycle_through_a_group_a_reexport_and_a_path() {
    // A folder `crate::m` whose files import each other in a circle, each edge written
    // another way: a group, a name mod.rs re-exports, an absolute path, `super::super` from a
    // subfolder. The test block and the doc comment name `d`, which the reading skips.
    let dir = std::env::temp_dir().join(format!("layout-graph-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("e")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write(
        "mod.rs",
        "mod a;\nmod b;\nmod c;\nmod d;\nmod e;\npub use c::{Cee, Other as Alias};\n",
    );
    write(
        "a.rs",
        "use super::{b::Bee, self as _};\n/// super::d::doc\nfn f() {}\n",
    );
    write("b.rs", "fn g() -> super::Alias { todo!() }\n");
    write(
        "c.rs",
        "fn h() { crate::m::e::i() }\n#[cfg(test)]\nmod tests {\n    use super::super::d;\n}\n",
    );
    write("d.rs", "fn j() {}\n");
    write("e/mod.rs", "mod inner;\n");
    write(
        "e/inner.rs",
        "use super::super::a::f;\nuse super::sibling;\n",
    );
    let graph = import_graph_of(&dir, "m");
    std::fs::remove_dir_all(&dir).unwrap();
    let edges = |from: &str| graph[from].iter().cloned().collect::<Vec<_>>();
    assert_eq!(edges("a"), ["b"], "{graph:?}");
    assert_eq!(edges("b"), ["c"], "{graph:?}");
    assert_eq!(edges("c"), ["e"], "{graph:?}");
    assert_eq!(edges("e"), ["a"], "{graph:?}");
    assert!(edges("d").is_empty(), "{graph:?}");
    let (on_cycles, cycle) = edges_on_cycles(&graph);
    assert_eq!(on_cycles.len(), 4, "{on_cycles:?}");
    assert_eq!(cycle.unwrap(), ["a", "b", "c", "e", "a"]);
}

#[test]
fn serve_re_exports_nothing_for_its_siblings() {
    let text = std::fs::read_to_string(root().join("src/serve/mod.rs")).unwrap();
    let found: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("pub(crate) use"))
        .collect();
    assert!(found.is_empty(), "src/serve/mod.rs: {found:?}");
}

#[test]
fn one_entity_tag_file() {
    let found: Vec<String> = files("src")
        .into_iter()
        .map(|(path, _)| path.strip_prefix(root()).unwrap().display().to_string())
        .filter(|p| {
            let name = p.rsplit('/').next().unwrap();
            (name.contains("etag") || name.contains("entity_tag")) && !name.contains("tests")
        })
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
}
