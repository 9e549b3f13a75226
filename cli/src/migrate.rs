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

/// The shape a card is converted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Target {
    #[value(name = "1.0")]
    V1_0,
    #[value(name = "0.3")]
    V0_3,
}

/// A converted card, with the diagnostics `validate` gives for its input (pointers into the
/// input as given) and what the conversion could not carry across.
#[derive(Debug)]
pub(crate) struct Converted {
    /// The card in the target shape, indented.
    pub(crate) printed: String,
    /// One sentence saying what was converted into what.
    pub(crate) what: &'static str,
    pub(crate) source_version: SourceVersion,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Why a card could not be converted.
#[derive(Debug)]
pub(crate) enum NotConverted {
    /// The input is not JSON (line and column in the error).
    Syntax(ReadError),
    /// Values of the wrong type stop the conversion; these are every diagnostic `validate`
    /// finds, not only the wrong types.
    WrongTypes(Vec<Diagnostic>),
}

/// Converts a card: the code behind both `a2a-card migrate` and the studio's migrate API.
pub(crate) fn convert(bytes: &[u8], to: Target) -> Result<Converted, NotConverted> {
    let read = match AgentCard::read(bytes) {
        Ok(read) => read,
        Err(error @ ReadError::Syntax { .. }) => return Err(NotConverted::Syntax(error)),
        Err(ReadError::Shape(shape)) => {
            let diagnostics =
                match validate_document(bytes, Profile::Spec, Some(DocumentKind::Card)) {
                    Ok(report) => report
                        .diagnostics
                        .into_iter()
                        .filter(|d| d.code != Code::V03Card)
                        .collect(),
                    Err(_) => shape,
                };
            return Err(NotConverted::WrongTypes(diagnostics));
        }
    };
    // The diagnostics `validate` reports, pointing into the input as given (conversion notes
    // included), less its advice to run `migrate`: that is what is running.
    let mut diagnostics: Vec<Diagnostic> =
        match validate_document(bytes, Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report.diagnostics,
            // The bytes were read as a card above, so they are JSON.
            Err(error) => return Err(NotConverted::Syntax(error)),
        };
    diagnostics.retain(|d| d.code != Code::V03Card);
    let (printed, what) = match to {
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
                // Rendering notes point into the v1.0 model; map them back into the input.
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
    Ok(Converted {
        printed,
        what,
        source_version: read.source_version,
        diagnostics,
    })
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
    let converted = match convert(&bytes, args.to) {
        Ok(converted) => converted,
        Err(NotConverted::Syntax(error)) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Err(NotConverted::WrongTypes(diagnostics)) => {
            print_diagnostics(output, name, &diagnostics);
            errln!(
                output,
                "{name}: values of the wrong type (A2A-E002) stop the conversion; nothing was \
                 printed"
            );
            return Outcome::Invalid;
        }
    };
    outln!(output, "{}", converted.printed);
    errln!(output, "{name}: {}", converted.what);
    print_diagnostics(output, name, &converted.diagnostics);
    if converted.diagnostics.iter().any(Diagnostic::is_error) {
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
