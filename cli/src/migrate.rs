//! `a2a-card migrate`.

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

use a2a_card::migrate::{MigrateError, Migrated, migrate};

use super::output::{Output, errln, outln};
use super::{Outcome, input};
use a2a_card::{CardVersion, Diagnostic};

#[derive(Debug, Args)]
pub(crate) struct MigrateArgs {
    /// The shape to print: v1.0 (default) or the v0.3 rendering for old clients.
    #[arg(long, default_value = "1.0", value_parser = card_version())]
    to: CardVersion,
    /// Print the converted card even when it has errors (exit status 1 all the same); stderr
    /// says it is partial. Without it, a card with errors is never printed.
    #[arg(long)]
    partial: bool,
    /// The card to convert; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,
}

/// `1.0` or `0.3`, listed in the help and in the error for another value.
fn card_version() -> impl TypedValueParser<Value = CardVersion> {
    PossibleValuesParser::new(["1.0", "0.3"])
        .map(|text| CardVersion::parse(&text).expect("one of the possible values"))
}

pub(crate) fn run(args: MigrateArgs, output: &mut Output) -> Outcome {
    let name = &*input::shown_name(&args.file);
    let bytes = match input::read_or_report(&args.file, output) {
        Ok(bytes) => bytes,
        Err(outcome) => return outcome,
    };
    let converted = match migrate(&bytes, args.to) {
        Ok(converted) => converted,
        Err(MigrateError::Syntax(error)) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Err(MigrateError::WrongTypes(diagnostics)) => {
            print_diagnostics(output, name, &diagnostics);
            errln!(
                output,
                "{name}: values of the wrong type (A2A-E002) stop the conversion; nothing was \
                 printed"
            );
            return Outcome::Invalid;
        }
    };
    print_diagnostics(output, name, &converted.diagnostics);
    let input_errors = converted.diagnostics.iter().any(Diagnostic::is_error);
    let target = format!("v{}", args.to.as_str());
    let printed = printed(&converted.card);
    if converted.is_valid() {
        outln!(output, "{printed}");
        errln!(
            output,
            "{name}: {}",
            what(converted.source_version, converted.card.version())
        );
        if input_errors {
            errln!(
                output,
                "{name}: the errors above are the input's; the conversion repaired them (see its \
                 notes) and the printed {target} card has none: check it before publishing"
            );
        }
        return Outcome::Clean;
    }
    // The input's errors (listed above) mostly carry over; the converted card's own list
    // names only what they do not already say (a v1.0-only rule, a contradicted version).
    let said: Vec<&Diagnostic> = converted
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    let more: Vec<&Diagnostic> = converted
        .result_errors
        .iter()
        .filter(|d| {
            !said
                .iter()
                .any(|s| s.code == d.code || s.pointer == d.pointer)
        })
        .collect();
    if !more.is_empty() {
        errln!(
            output,
            "{name}: the {target} card would have errors (pointers into the {target} card):"
        );
        for d in more {
            errln!(output, "{d}");
        }
    }
    if args.partial {
        outln!(output, "{printed}");
        errln!(
            output,
            "{name}: --partial: printed a PARTIAL {target} card that is not valid (the errors \
             above); fix them before publishing"
        );
    } else {
        errln!(
            output,
            "{name}: nothing was printed: the {target} card would not be valid; fix the errors \
             above (or pass --partial to print it anyway)"
        );
    }
    Outcome::Invalid
}

/// The migrated card, indented, as it is printed (and shown in the studio).
pub(crate) fn printed(card: &Migrated) -> String {
    match card {
        Migrated::V1_0(card) => card.to_json_pretty(),
        // A JSON value always serializes.
        Migrated::V0_3(json) => serde_json::to_string_pretty(json).unwrap_or_default(),
    }
}

/// One sentence saying what was migrated into what.
pub(crate) fn what(from: CardVersion, to: CardVersion) -> &'static str {
    match (from, to) {
        (CardVersion::V1_0, CardVersion::V1_0) => {
            "already a v1.0 card; printed in normalized v1.0 form"
        }
        (CardVersion::V0_3, CardVersion::V1_0) => "a v0.3 card; printed its v1.0 migration",
        (CardVersion::V1_0, CardVersion::V0_3) => {
            "a v1.0 card; printed its v0.3 rendering for v0.3 clients"
        }
        (CardVersion::V0_3, CardVersion::V0_3) => {
            "already a v0.3 card; printed its v0.3 rendering (read as v1.0 and rendered back)"
        }
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
