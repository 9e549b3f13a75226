//! The README's first program is `examples/readme.rs`, byte for byte, so the program a reader
//! copies is the one `cargo build --example readme` (and every `cargo test`) compiles: editing
//! one without the other fails here. The dependency block above it must name every crate the
//! program uses. The gRPC layering docs/api.md shows is lines of `examples/grpc_tonic.rs`, in
//! their order, so the example compiles what the page shows.

use std::path::Path;

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .replace("\r\n", "\n")
}

/// The lines between the first fence opened as "```" + `language` and its closing fence,
/// each ended by a newline.
fn first_block(markdown: &str, language: &str) -> Option<String> {
    let opening = format!("```{language}");
    let mut lines = markdown.lines();
    lines.by_ref().find(|line| line.trim_end() == opening)?;
    let mut block = String::new();
    for line in lines {
        if line.trim_end() == "```" {
            return Some(block);
        }
        block.push_str(line);
        block.push('\n');
    }
    None
}

#[test]
fn the_readme_first_rust_block_is_examples_readme_rs() {
    let readme = read("README.md");
    let example = read("examples/readme.rs");
    let block = first_block(&readme, "rust").expect("README.md has a ```rust block");
    if block != example {
        let line = block
            .lines()
            .zip(example.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| block.lines().count().min(example.lines().count()));
        panic!(
            "README.md's first ```rust block and examples/readme.rs differ (first at line {} of \
             the program): change both, the README shows the example as it compiles\n\
             README:  {:?}\nexample: {:?}",
            line + 1,
            block.lines().nth(line),
            example.lines().nth(line),
        );
    }
}

#[test]
fn the_readme_dependency_block_names_what_the_program_uses() {
    let readme = read("README.md");
    let toml = first_block(&readme, "toml").expect("README.md has a ```toml block");
    let program = first_block(&readme, "rust").expect("README.md has a ```rust block");
    let before_program = readme.find("```toml") < readme.find("```rust");
    assert!(
        before_program,
        "the dependency block comes before the program"
    );
    for (krate, in_code) in [
        ("a2a-card", "a2a_card::"),
        ("axum", "axum::"),
        ("tokio", "tokio::"),
        ("serde_json", "serde_json::"),
    ] {
        assert!(
            program.contains(in_code),
            "the program no longer uses {krate}: update this test"
        );
        assert!(
            toml.lines()
                .any(|line| line.starts_with(&format!("{krate} "))),
            "README.md's dependency block lacks {krate}, which the program uses"
        );
    }
    // What #[tokio::main] and tokio::net::TcpListener need.
    let tokio = toml.lines().find(|l| l.starts_with("tokio ")).unwrap();
    for feature in ["macros", "rt-multi-thread", "net"] {
        assert!(
            tokio.contains(feature),
            "the tokio line lacks feature {feature}"
        );
    }
}

#[test]
fn an_edited_block_is_told_apart() {
    let markdown = "text\n```toml\na = 1\n```\n```rust\nfn main() {}\n```\n```rust\nlater\n```\n";
    assert_eq!(
        first_block(markdown, "rust").as_deref(),
        Some("fn main() {}\n")
    );
    assert_eq!(first_block(markdown, "toml").as_deref(), Some("a = 1\n"));
    assert_ne!(
        first_block(markdown, "rust").as_deref(),
        Some("fn main() { }\n")
    );
    assert_eq!(first_block("```rust\nnever closed\n", "rust"), None);
}

/// Every page of `docs/` with a Rust block is a module of `a2a_card::guides`, so `cargo test
/// --doc` compiles its blocks; a block opted out (`ignore`, or a fence rustdoc would not
/// read as Rust) would drift unseen.
#[test]
fn every_rust_block_of_the_guides_is_a_doc_test() {
    let guides = read("src/guides.rs");
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut pages = 0;
    for entry in std::fs::read_dir(&docs).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(text) = name.ends_with(".md").then(|| read(&format!("docs/{name}"))) else {
            continue;
        };
        let rust_fences: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("```rust"))
            .collect();
        for fence in &rust_fences {
            assert!(
                matches!(fence.trim_end(), "```rust" | "```rust,no_run"),
                "docs/{name}: `{fence}`: a guide's Rust block is compiled (at most no_run)"
            );
        }
        if !rust_fences.is_empty() {
            pages += 1;
            assert!(
                guides.contains(&format!("include_str!(\"../docs/{name}\")")),
                "docs/{name} has Rust blocks but is not a module of src/guides.rs"
            );
        }
    }
    assert!(pages >= 7, "only {pages} guides with Rust blocks found");
}

/// The lines of `block` a reader sees (rustdoc's hidden `# ` lines dropped), trimmed, that
/// are not found in `source`'s trimmed lines in the same order (empty when all are).
fn missing_in_order(block: &str, source: &str) -> Vec<String> {
    let mut source = source.lines().map(str::trim);
    block
        .lines()
        .filter(|line| *line != "#" && !line.starts_with("# "))
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .filter(|line| !source.any(|s| s == *line))
        .map(str::to_owned)
        .collect()
}

/// docs/api.md's gRPC block is the layering of `examples/grpc_tonic.rs`, which
/// tests/interop_grpc.rs runs against the SDKs' gRPC clients.
#[test]
fn the_api_page_grpc_block_is_the_tonic_example_layering() {
    let api = read("docs/api.md");
    let section = &api[api
        .find("## gRPC: the layers in front of tonic")
        .expect("docs/api.md has its gRPC section")..];
    let block = first_block(section, "rust").expect("a Rust block in the gRPC section");
    assert!(block.contains("A2aServiceServer::new(GrpcHandler::new(handler))"));
    let example = read("examples/grpc_tonic.rs");
    let missing = missing_in_order(&block, &example);
    assert!(
        missing.is_empty(),
        "docs/api.md's gRPC block has lines examples/grpc_tonic.rs does not (in that order): {missing:#?}"
    );
}

#[test]
fn a_line_out_of_order_or_edited_is_missing() {
    let source = "let a = 1;\n    let b = 2;\nlet c = 3;\n";
    assert!(missing_in_order("# hidden\nlet a = 1;\nlet c = 3;\n", source).is_empty());
    assert_eq!(
        missing_in_order("let c = 3;\nlet b = 2;\n", source),
        ["let b = 2;"]
    );
    assert_eq!(missing_in_order("let a = 2;\n", source), ["let a = 2;"]);
}
