//! `a2a-card sign`: append a signature to a card and print the signed card.

use clap::Args;

use super::keygen::parse_algorithm;
use super::output::{Output, errln, outln};
use super::{Outcome, input};
use a2a_card::sign::{
    Algorithm, CardDocument, CardSigner, Jwk, KeyError, PayloadForm, SigningKey, unsigned_fields,
};
use a2a_card::{
    AgentCard, CardVersion, ReadError, Severity,
    validate::{DocumentKind, Profile, validate_document},
};

#[derive(Debug, Args)]
pub(crate) struct SignArgs {
    /// The card (v1.0 or v0.3; the signed card is v1.0); `-` reads standard input.
    #[arg(value_name = "CARD")]
    card: String,
    /// The private key: PKCS#8 PEM (as keygen writes it) or a private JWK.
    #[arg(long, value_name = "FILE")]
    key: String,
    /// Key id written in the signature; verifiers look the key up by it.
    #[arg(long)]
    kid: String,
    /// URL of the JWKS publishing the public key, written in the signature.
    #[arg(long, value_name = "URL")]
    jku: Option<String>,
    /// Algorithm: required for RSA keys (RS256 or PS256); other keys have only one.
    #[arg(long, value_parser = parse_algorithm)]
    alg: Option<Algorithm>,
    /// Sign this canonical form only (repeat for several): spec, jcs, proto, rendered,
    /// a2a-sdk-1.3, a2a-js-1.3 or a2a-js-typed (opt-in only: it covers no securitySchemes).
    /// By default the card gets one signature per distinct form of spec, proto, a2a-sdk-1.3
    /// and a2a-js-1.3, so that a2a-card, the Python a2a-sdk and @a2a-js/sdk each verify it;
    /// forms of the same bytes share one.
    #[arg(long = "form", value_name = "FORM")]
    forms: Vec<PayloadForm>,
    /// Print the card as written with the signatures added (a v0.3 card stays v0.3, members
    /// keep their spelling), instead of its v1.0 rendering.
    #[arg(long)]
    as_written: bool,
}

pub(crate) fn run(args: SignArgs, output: &mut Output) -> Outcome {
    let name = &*input::shown_name(&args.card);
    let bytes = match input::read_or_report(&args.card, output) {
        Ok(bytes) => bytes,
        Err(outcome) => return outcome,
    };
    let key = match load_key(&args.key, args.alg) {
        Ok(key) => key,
        Err((outcome, message)) => {
            errln!(output, "a2a-card: {}: {message}", args.key);
            return outcome;
        }
    };
    let read = match AgentCard::read(&bytes) {
        Ok(read) => read,
        Err(error) => {
            errln!(output, "{name}: {error}");
            return match error {
                ReadError::Syntax { .. } => Outcome::Unreadable,
                _ => Outcome::Invalid,
            };
        }
    };
    // A signature vouches for the card: one with errors is refused, with every error listed.
    if let Ok(report) = validate_document(&bytes, Profile::Spec, Some(DocumentKind::Card)) {
        if report.has_errors() {
            for diagnostic in report
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
            {
                errln!(output, "{name}: {diagnostic}");
            }
            errln!(
                output,
                "{name}: the card has errors; fix them (a2a-card validate) before signing"
            );
            return Outcome::Invalid;
        }
    }
    let card = read.card;
    if read.source_version == CardVersion::V0_3 && !args.as_written {
        errln!(
            output,
            "{name}: note: a v0.3 card; the signed card printed is its v1.0 migration"
        );
    }
    if !card.signatures.is_empty() {
        errln!(
            output,
            "{name}: note: kept the {} signature(s) the card had",
            card.signatures.len()
        );
    }
    let unsigned = unsigned_fields(&card);
    if !unsigned.is_empty() {
        errln!(
            output,
            "{name}: warning: outside the v1.0 proto, covered by the spec-form signature only (proto-based readers such as the official SDKs drop them): {}",
            unsigned.join(", ")
        );
    }
    let mut signer = CardSigner::new(key, args.kid);
    if let Some(jku) = args.jku {
        signer = signer.with_jku(jku);
    }
    if !args.forms.is_empty() {
        signer = signer.with_forms(args.forms);
    }
    let signed = if args.as_written {
        let document = match CardDocument::from_json_slice(&bytes) {
            Ok(document) => document,
            Err(error) => {
                errln!(output, "{name}: {error}");
                return Outcome::Invalid;
            }
        };
        signer
            .sign_document(&document)
            .map(|signed| signed.to_json_pretty())
    } else {
        signer.sign(&card).map(|signed| signed.to_json_pretty())
    };
    match signed {
        Ok(json) => {
            outln!(output, "{json}");
            Outcome::Clean
        }
        Err(error) => {
            errln!(output, "a2a-card: {error}");
            Outcome::Invalid
        }
    }
}

/// Reads a PKCS#8 PEM or private JWK file; RSA keys need `alg`.
pub(crate) fn load_key(
    path: &str,
    alg: Option<Algorithm>,
) -> Result<SigningKey, (Outcome, String)> {
    let text = crate::input::read_text(std::path::Path::new(path), "the key")
        .map_err(|e| (Outcome::Unreadable, e))?;
    let invalid = |e: KeyError| (Outcome::Invalid, e.to_string());
    // A private JWK may name its algorithm; a PEM key never does.
    let (key, named_in_key) = if text.trim_start().starts_with('{') {
        let jwk: Jwk = serde_json::from_str(&text).map_err(|e| {
            let place = format!("line {}, column {}", e.line(), e.column());
            (Outcome::Unreadable, format!("not a JWK ({place})"))
        })?;
        (
            SigningKey::from_jwk(&jwk).map_err(invalid)?,
            jwk.alg.is_some(),
        )
    } else {
        (SigningKey::from_pkcs8_pem(&text).map_err(invalid)?, false)
    };
    match alg {
        Some(alg) => key.with_algorithm(alg).map_err(invalid),
        None if key.algorithm().uses_rsa() && !named_in_key => Err((
            Outcome::Invalid,
            "an RSA key signs RS256 or PS256; say which with --alg".to_owned(),
        )),
        None => Ok(key),
    }
}
