//! `a2a-card migrate`.

use clap::{Args, ValueEnum};

use super::output::{errln, outln, Output};
use super::{input, Outcome};
use a2a_card::{
    validate_document, AgentCard, Code, Diagnostic, DocumentKind, Profile, ReadError, SourceVersion,
};

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

pub(crate) fn run(args: MigrateArgs, output: &mut Output) -> Outcome {
    let name = input::display_name(&args.file);
    let bytes = match input::read(&args.file) {
        Ok(bytes) => bytes,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let read = match AgentCard::read(&bytes) {
        Ok(read) => read,
        Err(error @ ReadError::Syntax { .. }) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Err(ReadError::Shape(shape)) => {
            // Everything `validate` finds (pointers into the document as given), not only
            // the wrong types that stop the conversion.
            let diagnostics =
                match validate_document(&bytes, Profile::Spec, Some(DocumentKind::Card)) {
                    Ok(report) => report
                        .diagnostics
                        .into_iter()
                        .filter(|d| d.code != Code::V03Card)
                        .collect(),
                    Err(_) => shape,
                };
            print_diagnostics(output, name, &diagnostics);
            errln!(
                output,
                "{name}: values of the wrong type (A2A-E002) stop the conversion; nothing was \
                 printed"
            );
            return Outcome::Invalid;
        }
    };
    // The diagnostics `validate` reports, pointing into the file as given (conversion notes
    // included), less its advice to run `migrate`: that is what is running.
    let mut diagnostics: Vec<Diagnostic> =
        match validate_document(&bytes, Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report.diagnostics,
            Err(error) => {
                // The bytes were read as a card above; they are JSON.
                errln!(output, "{name}: {error}");
                return Outcome::Unreadable;
            }
        };
    diagnostics.retain(|d| d.code != Code::V03Card);
    let (printed, what) = match args.to {
        Target::V1_0 => {
            let what = match read.source_version {
                SourceVersion::V1_0 => "already a v1.0 card; printed in normalized v1.0 form",
                SourceVersion::V0_3 => "a v0.3 card; printed its v1.0 migration",
            };
            (read.card.to_json_pretty(), what)
        }
        Target::V0_3 => {
            let rendering = read.card.to_v03();
            // Signatures read from a v0.3 card were reported stale once already.
            let already_stale = diagnostics.iter().any(|d| d.code == Code::StaleSignatures);
            for mut note in rendering.notes {
                if already_stale && note.code == Code::StaleSignatures {
                    continue;
                }
                // Rendering notes point into the v1.0 model; map them back into the file.
                note.pointer = read.pointers.to_source(&note.pointer);
                if !diagnostics.contains(&note) {
                    diagnostics.push(note);
                }
            }
            let what = match read.source_version {
                SourceVersion::V1_0 => "a v1.0 card; printed its v0.3 rendering for v0.3 clients",
                SourceVersion::V0_3 => {
                    "already a v0.3 card; printed its v0.3 rendering (read as v1.0 and rendered \
                     back)"
                }
            };
            let json = serde_json::to_string_pretty(&rendering.json).unwrap_or_default();
            (json, what)
        }
    };
    outln!(output, "{printed}");
    errln!(output, "{name}: {what}");
    print_diagnostics(output, name, &diagnostics);
    if diagnostics.iter().any(Diagnostic::is_error) {
        errln!(
            output,
            "{name}: the card has errors; fix them before publishing"
        );
        Outcome::Invalid
    } else {
        Outcome::Clean
    }
}

/// Prints diagnostics (pointers into `name`) on stderr under a header, or nothing at all.
fn print_diagnostics(output: &mut Output, name: &str, diagnostics: &[Diagnostic]) {
    if diagnostics.is_empty() {
        return;
    }
    errln!(output, "{name}: diagnostics (pointers into {name}):");
    for d in diagnostics {
        errln!(output, "{d}");
    }
}
