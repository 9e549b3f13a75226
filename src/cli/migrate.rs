//! `a2a-card migrate`.

use clap::{Args, ValueEnum};

use super::{input, Outcome};
use a2a_card::{AgentCard, Code, Profile, ReadError, SourceVersion};

#[derive(Debug, Args)]
pub(crate) struct MigrateArgs {
    /// The shape to print: v1.0 (default) or the v0.3 rendering for old clients.
    #[arg(long, value_enum, default_value_t = Target::V1_0)]
    to: Target,
    /// The card to convert; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    #[value(name = "1.0")]
    V1_0,
    #[value(name = "0.3")]
    V0_3,
}

pub(crate) fn run(args: MigrateArgs) -> Outcome {
    let name = input::display_name(&args.file);
    let bytes = match input::read(&args.file) {
        Ok(bytes) => bytes,
        Err(message) => {
            eprintln!("a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let read = match AgentCard::read(&bytes) {
        Ok(read) => read,
        Err(error @ ReadError::Syntax { .. }) => {
            eprintln!("{name}: {error}");
            return Outcome::Unreadable;
        }
        Err(ReadError::Shape(diagnostics)) => {
            for d in diagnostics {
                eprintln!("{d}");
            }
            eprintln!("{name}: cannot be read as an Agent Card; nothing was converted");
            return Outcome::Invalid;
        }
    };
    for note in &read.notes {
        eprintln!("{note}");
    }
    if read.source_version == SourceVersion::V1_0 {
        eprintln!("{name}: already a v1.0 card; printed in normalized v1.0 form");
    }
    let notes = read.notes;
    let card = read.card;
    match args.to {
        Target::V1_0 => println!("{}", card.to_json_pretty()),
        Target::V0_3 => {
            let rendering = card.to_v03();
            let already_stale = notes.iter().any(|n| n.code == Code::StaleSignatures);
            for note in &rendering.notes {
                // Signatures read from a v0.3 card were reported stale once already.
                if !(already_stale && note.code == Code::StaleSignatures) {
                    eprintln!("{note}");
                }
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&rendering.json).unwrap_or_default()
            );
        }
    }
    // Diagnostics of the v1.0 card (pointers into the v1.0 form).
    let diagnostics = card.validate(Profile::Spec);
    for d in &diagnostics {
        eprintln!("{d}");
    }
    if diagnostics.iter().any(|d| d.is_error()) {
        eprintln!("{name}: the converted card has errors; fix them before publishing");
        Outcome::Invalid
    } else {
        Outcome::Clean
    }
}
