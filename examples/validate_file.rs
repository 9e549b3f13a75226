//! Validate a card file with the library alone (no CLI features needed):
//!
//! ```text
//! cargo run --no-default-features --example validate_file -- examples/agent-card.json
//! ```

use a2a_card::validate::{Profile, validate_document};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/agent-card.json".into());
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(2);
        }
    };
    match validate_document(&bytes, Profile::Spec, None) {
        Ok(report) => {
            for diagnostic in &report.diagnostics {
                println!("{diagnostic}");
            }
            println!(
                "{path}: {} errors, {} warnings",
                report.error_count(),
                report.warning_count()
            );
            std::process::exit(i32::from(report.has_errors()));
        }
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}
