//! `a2a-card verify`: check a card's signatures against trusted keys.

use clap::Args;

use super::keygen::parse_algorithm;
use super::output::{errln, outln, Output};
use super::{input, Outcome};
use a2a_card::sign::{Algorithm, CardVerifier, PayloadForm, TrustStore};
use a2a_card::{AgentCard, CardVersion, Code, ReadError};

#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The signed card; `-` reads standard input.
    #[arg(value_name = "CARD")]
    card: String,
    /// The trusted public keys, a JWKS (as keygen writes it). Keys come only from here.
    #[arg(long, value_name = "FILE")]
    jwks: String,
    /// Accept only this algorithm (repeat for several); default: ES256, EdDSA, RS256, PS256.
    #[arg(long = "alg", value_name = "ALG", value_parser = parse_algorithm)]
    algorithms: Vec<Algorithm>,
    /// Refuse a card carrying fields outside the v1.0 proto (no signature covers them).
    #[arg(long)]
    refuse_unsigned_fields: bool,
    /// Check signatures over the canonical form of the Python a2a-sdk 1.3, which deletes
    /// empty values (for cards that SDK signed).
    #[arg(long)]
    a2a_sdk_compat: bool,
}

pub(crate) fn run(args: VerifyArgs, output: &mut Output) -> Outcome {
    let name = input::display_name(&args.card);
    let store = match input::read(&args.jwks) {
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
        Ok(bytes) => match TrustStore::from_jwks_json(&bytes) {
            Ok(store) => store,
            Err(error) => {
                errln!(output, "a2a-card: {}: {error}", args.jwks);
                return Outcome::Unreadable;
            }
        },
    };
    for skipped in store.skipped() {
        errln!(output, "{}: note: left out {skipped}", args.jwks);
    }
    for kid in store.repeated_kids() {
        errln!(
            output,
            "{}: note: several keys share kid {kid:?}; signatures naming it are checked with each",
            args.jwks
        );
    }
    let read = match input::read(&args.card).map(|bytes| AgentCard::read(&bytes)) {
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
        // A member name given twice: the signature may vouch for one value while a reader
        // keeping the other sees another, so the card is refused, never verified.
        Ok(Err(ReadError::Shape(found)))
            if found.iter().any(|d| d.code == Code::DuplicateMember) =>
        {
            for diagnostic in found.iter().filter(|d| d.code == Code::DuplicateMember) {
                outln!(output, "{name}: not verified: {diagnostic}");
            }
            return Outcome::Invalid;
        }
        Ok(Err(error)) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Ok(Ok(read)) => read,
    };
    if read.source_version == CardVersion::V0_3 {
        errln!(
            output,
            "{name}: note: a v0.3 card; signatures are checked over its v1.0 form"
        );
    }
    let mut verifier = CardVerifier::new(store).refuse_unsigned_fields(args.refuse_unsigned_fields);
    if !args.algorithms.is_empty() {
        verifier = verifier.allow_algorithms(args.algorithms);
    }
    if args.a2a_sdk_compat {
        verifier = verifier.payload_form(PayloadForm::A2aSdk13);
    }
    match verifier.verify(&read.card) {
        Ok(verified) => {
            outln!(
                output,
                "{name}: verified: signature {} ({}, kid {:?}) matches a trusted key",
                verified.index,
                verified.algorithm,
                verified.kid
            );
            Outcome::Clean
        }
        Err(error) => {
            outln!(output, "{name}: not verified: {error}");
            Outcome::Invalid
        }
    }
}
