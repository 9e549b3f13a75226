//! The gRPC binding's protobuf descriptor (`src/protocol/grpc/a2a-v1.0.1.binpb`, embedded in
//! the library) is the spec's proto compiled, and nothing else: this test compiles
//! `proto/a2a-v1.0.1.proto` again with protox (a protobuf compiler in pure Rust, no protoc)
//! and compares the bytes. The `google.api` options (HTTP annotations, field behaviour,
//! method signatures) are left out before compiling: they change no message on the wire,
//! and their definitions are not part of the spec. `proto/a2a-v1.0.1.proto` is the spec's
//! file as published; when the spec folder is beside the checkout (`../shared/spec`) the test
//! checks that too.
//!
//! After a change to the proto: `A2A_WRITE_DESCRIPTOR=1 cargo test --features grpc --test
//! grpc_descriptor` writes the descriptor, then the test compares again.

use std::path::{Path, PathBuf};

use prost::Message;

const PROTO: &str = "a2a-v1.0.1.proto";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn checked_in() -> PathBuf {
    root().join("src/protocol/grpc/a2a-v1.0.1.binpb")
}

/// The proto without its `google.api` imports and options.
fn without_google_api(source: &str) -> String {
    let mut kept = String::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let code = line.trim_start();
        if code.starts_with("import \"google/api/") {
            continue;
        }
        if code.starts_with("option (google.api.") {
            // Either one line (`= "id";`) or a block up to its closing `};`.
            let mut depth = line.matches('{').count() as i32 - line.matches('}').count() as i32;
            while depth > 0 {
                let next = lines.next().expect("an option block is closed");
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
            }
            continue;
        }
        kept.push_str(&line.replace(" [(google.api.field_behavior) = REQUIRED]", ""));
        kept.push('\n');
    }
    kept
}

/// The descriptor set of the proto and the well-known types it imports, without source info.
fn compile() -> Vec<u8> {
    let source = std::fs::read_to_string(root().join("proto").join(PROTO)).unwrap();
    let stripped = without_google_api(&source);
    assert!(
        !stripped.contains("google.api"),
        "every google.api option removed"
    );
    let dir = std::env::temp_dir().join(format!("a2a-card-proto-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(PROTO), stripped).unwrap();
    let mut compiler = protox::Compiler::new([&dir]).unwrap();
    compiler.include_imports(true).include_source_info(false);
    compiler.open_file(PROTO).unwrap();
    let set = compiler.file_descriptor_set();
    std::fs::remove_dir_all(&dir).ok();
    set.encode_to_vec()
}

#[test]
fn the_embedded_descriptor_is_the_specs_proto_compiled() {
    let built = compile();
    if std::env::var_os("A2A_WRITE_DESCRIPTOR").is_some() {
        std::fs::write(checked_in(), &built).unwrap();
    }
    let embedded = std::fs::read(checked_in()).unwrap();
    assert!(
        embedded == built,
        "src/protocol/grpc/a2a-v1.0.1.binpb is not proto/{PROTO} compiled; regenerate it with \
         A2A_WRITE_DESCRIPTOR=1 cargo test --features grpc --test grpc_descriptor"
    );
}

#[test]
fn the_descriptor_holds_the_service_and_the_card() {
    let set = prost_types::FileDescriptorSet::decode(compile().as_slice()).unwrap();
    let a2a = set
        .file
        .iter()
        .find(|file| file.package() == "lf.a2a.v1")
        .expect("the A2A file");
    let service = &a2a.service[0];
    assert_eq!(service.name(), "A2AService");
    assert!(
        service
            .method
            .iter()
            .any(|m| m.name() == "GetExtendedAgentCard")
    );
    let card = a2a.message_type.iter().find(|m| m.name() == "AgentCard");
    assert!(card.is_some_and(|card| card.field.len() >= 12));
    // The well-known types the card uses come with it.
    assert!(
        set.file
            .iter()
            .any(|file| file.name() == "google/protobuf/struct.proto")
    );
}

#[test]
fn removing_the_google_api_options_keeps_every_other_line() {
    let source = "import \"google/api/client.proto\";\nimport \"google/protobuf/struct.proto\";\n\
                  service S {\n  rpc A(R) returns (R) {\n    option (google.api.http) = {\n      \
                  post: \"/a\"\n      additional_bindings: {\n        post: \"/{t}/a\"\n      }\n    \
                  };\n    option (google.api.method_signature) = \"id\";\n  }\n}\n\
                  message R {\n  string id = 1 [(google.api.field_behavior) = REQUIRED];\n  \
                  string old = 2 [deprecated = true];\n}\n";
    assert_eq!(
        without_google_api(source),
        "import \"google/protobuf/struct.proto\";\nservice S {\n  rpc A(R) returns (R) {\n  }\n}\n\
         message R {\n  string id = 1;\n  string old = 2 [deprecated = true];\n}\n"
    );
}

#[test]
fn the_repository_proto_is_the_specs_file() {
    let spec = root().join("../shared/spec").join(PROTO);
    let Ok(published) = std::fs::read(&spec) else {
        eprintln!(
            "{} is not beside this checkout; compared in CI",
            spec.display()
        );
        return;
    };
    assert_eq!(
        std::fs::read(root().join("proto").join(PROTO)).unwrap(),
        published,
        "proto/{PROTO} differs from the spec's file"
    );
}
