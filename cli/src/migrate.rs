//! `a2a-card migrate`.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;

use a2a_card::convert::{convert, ConvertError};

use super::output::{errln, outln, Output};
use super::{input, Outcome};
use a2a_card::{CardVersion, Diagnostic};

#[derive(Debug, Args)]
pub(crate) struct MigrateArgs {
    /// The shape to print: v1.0 (default) or the v0.3 rendering for old clients.
    #[arg(long, default_value = "1.0", value_parser = card_version())]
    to: CardVersion,
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
        Err(ConvertError::Syntax(error)) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Err(ConvertError::WrongTypes(diagnostics)) => {
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
