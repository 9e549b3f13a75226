//! `a2a-card canonical`: the bytes each canonical form of a card is, and their SHA-256, so
//! that a signature refused by one implementation can be compared byte for byte with what
//! another computes (A2A#2122).

use clap::Args;

use super::output::{Output, errln, outln};
use super::{Outcome, input};
use a2a_card::ReadError;
use a2a_card::catalog::digest_hex;
use a2a_card::sign::{CardDocument, PayloadForm};

#[derive(Debug, Args)]
pub(crate) struct CanonicalArgs {
    /// The card, as written (v1.0 or v0.3); `-` reads standard input.
    #[arg(value_name = "CARD")]
    card: String,
    /// Print this form only (repeat for several): spec, jcs, proto, rendered, a2a-sdk-1.3,
    /// a2a-js-1.3 or a2a-js-typed. By default every form, the spec's first.
    #[arg(long = "form", value_name = "FORM")]
    forms: Vec<PayloadForm>,
}

pub(crate) fn run(args: CanonicalArgs, output: &mut Output) -> Outcome {
    let name = &*input::shown_name(&args.card);
    let bytes = match input::read_or_report(&args.card, output) {
        Ok(bytes) => bytes,
        Err(outcome) => return outcome,
    };
    let document = match CardDocument::from_json_slice(&bytes) {
        Ok(document) => document,
        Err(error) => {
            errln!(output, "{name}: {error}");
            return match error {
                ReadError::Syntax { .. } => Outcome::Unreadable,
                _ => Outcome::Invalid,
            };
        }
    };
    let forms = if args.forms.is_empty() {
        PayloadForm::ALL.to_vec()
    } else {
        args.forms
    };
    let mut seen: Vec<(PayloadForm, Vec<u8>)> = Vec::new();
    for form in forms {
        let payload = document.payload(form);
        let digest = digest_hex("sha256", &payload).unwrap_or_default();
        outln!(
            output,
            "{form}: sha256:{digest} ({} bytes) {}",
            payload.len(),
            form.describe()
        );
        match seen.iter().find(|(_, bytes)| *bytes == payload) {
            Some((same, _)) => outln!(output, "  (the same bytes as {same})"),
            None => outln!(output, "{}", String::from_utf8_lossy(&payload)),
        }
        seen.push((form, payload));
    }
    Outcome::Clean
}
