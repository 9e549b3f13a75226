//! `a2a-card verify`: check a card's signatures against trusted keys.
//!
//! For an AI Catalog, every trust manifest's signature is checked, and each entry's manifest
//! must be that entry's (its `identity` the entry's `identifier`, its `publishedFrom` links'
//! `sourceId` the entry's `url`, resolved against `--catalog-url` when relative): a signed
//! manifest moved, swapped or copied onto another entry is refused, naming the entry and the
//! JSON pointer of what differs. With `--cards DIR`, each A2A entry's card is also compared,
//! offline, with a local copy: the file at DIR + the path of the entry's url must hash to the
//! digest the manifest names (see [`cards`] for the rule).

mod cards;

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::keygen::parse_algorithm;
use super::output::{Output, errln, outln};
use super::{Outcome, input};
use a2a_card::catalog::{AiCatalog, CatalogVerification};
use a2a_card::sign::{Algorithm, CardDocument, CardVerifier, PayloadForm, TrustStore};
use a2a_card::{
    CardVersion, Code, ReadError,
    validate::{DocumentKind, Profile, validate_document},
};

#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The signed card, or AI Catalog; `-` reads standard input.
    #[arg(value_name = "FILE")]
    card: String,
    /// What FILE is; detected from its content when not given (an object with `specVersion`
    /// and `entries` and no `name` is a catalog).
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// The trusted public keys, a JWKS (as keygen writes it). Keys come only from here.
    #[arg(long, value_name = "FILE")]
    jwks: String,
    /// Accept only this algorithm (repeat for several); default: ES256, EdDSA, RS256, PS256.
    #[arg(long = "alg", value_name = "ALG", value_parser = parse_algorithm)]
    algorithms: Vec<Algorithm>,
    /// Refuse a card carrying fields outside the v1.0 proto (proto-based readers drop them, so
    /// no signature they check covers them).
    #[arg(long)]
    refuse_unsigned_fields: bool,
    /// Accept only a signature over a form that covers every member of the card as written:
    /// the spec's (A2A §8.4.1) or the plain RFC 8785 one (jcs). By default a signature over
    /// any form but a2a-js-typed verifies (spec, jcs, proto, rendered, a2a-sdk-1.3,
    /// a2a-js-1.3), and the verdict names the form and the values it leaves uncovered.
    #[arg(long)]
    require_spec_form: bool,
    /// No longer needed, kept so that scripts still run: the a2a-sdk 1.3 form is accepted by
    /// default.
    #[arg(long, hide = true)]
    a2a_sdk_compat: bool,
    /// For a catalog: the URL it was fetched from. An entry's relative `url` and a relative
    /// `sourceId` are resolved against it before they are compared (without it, a relative
    /// reference matches only the same string).
    #[arg(long, value_name = "URL")]
    catalog_url: Option<String>,
    /// For a catalog: also compare each A2A entry's card with a local copy, offline. DIR is
    /// the site's root: the card of `https://host/travel/.well-known/agent-card.json` is
    /// DIR/travel/.well-known/agent-card.json (the path of the entry's url, resolved against
    /// --catalog-url when relative, percent-decoded; `.`/`..` segments name no file). Its
    /// bytes must hash to the `sourceDigest` of the manifest's `publishedFrom` link (sha256,
    /// sha384, sha512); a missing file or a manifest naming no digest fails the entry.
    /// Entries that are not A2A cards, and inline cards, are noted and not compared.
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KindArg {
    Card,
    /// An AI Catalog: every trust manifest's signature is checked.
    AiCatalog,
}

pub(crate) fn run(args: VerifyArgs, output: &mut Output) -> Outcome {
    let name = &*input::shown_name(&args.card);
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
    let bytes = match input::read_or_report(&args.card, output) {
        Ok(bytes) => bytes,
        Err(outcome) => return outcome,
    };
    if is_catalog(args.kind, &bytes) {
        if args.refuse_unsigned_fields || args.require_spec_form || args.a2a_sdk_compat {
            errln!(
                output,
                "a2a-card: --refuse-unsigned-fields, --require-spec-form and --a2a-sdk-compat apply to cards, not to an AI Catalog"
            );
            return Outcome::Usage;
        }
        let mut verifier = CardVerifier::new(store);
        if !args.algorithms.is_empty() {
            verifier = verifier.allow_algorithms(args.algorithms);
        }
        let place = Place {
            catalog_url: args.catalog_url.as_deref(),
            cards: args.cards.as_deref(),
        };
        return catalog(name, &bytes, &verifier, place, output);
    }
    if args.catalog_url.is_some() || args.cards.is_some() {
        errln!(
            output,
            "a2a-card: --catalog-url and --cards apply to an AI Catalog, not to a card"
        );
        return Outcome::Usage;
    }
    // The card as written: its signatures cover the document, not a re-rendering of it.
    let document = match CardDocument::from_json_slice(&bytes) {
        // A member name given twice: the signature may vouch for one value while a reader
        // keeping the other sees another, so the card is refused, never verified.
        Err(ReadError::Shape(found)) if found.iter().any(|d| d.code == Code::DuplicateMember) => {
            for diagnostic in found.iter().filter(|d| d.code == Code::DuplicateMember) {
                outln!(output, "{name}: not verified: {diagnostic}");
            }
            return Outcome::Invalid;
        }
        Err(error) => {
            errln!(output, "{name}: {error}");
            return Outcome::Unreadable;
        }
        Ok(document) => document,
    };
    if document.version() == CardVersion::V0_3 {
        errln!(
            output,
            "{name}: note: a v0.3 card; signatures are checked over its own JSON, and over its v1.0 form"
        );
    }
    let mut verifier = CardVerifier::new(store).refuse_unsigned_fields(args.refuse_unsigned_fields);
    if !args.algorithms.is_empty() {
        verifier = verifier.allow_algorithms(args.algorithms);
    }
    if args.a2a_sdk_compat {
        errln!(
            output,
            "{name}: note: --a2a-sdk-compat is no longer needed: signatures over the a2a-sdk 1.3 form are accepted by default"
        );
    }
    if args.require_spec_form {
        verifier = verifier.accept_forms(PayloadForm::COVERING);
    }
    match verifier.verify_document(&document) {
        Ok(verified) => {
            outln!(
                output,
                "{name}: verified: signature {} ({}, kid {:?}, {} form) matches a trusted key",
                verified.index,
                verified.algorithm,
                verified.kid,
                verified.form
            );
            if !verified.uncovered.is_empty() {
                outln!(
                    output,
                    "{name}: note: {} leaves out {}: anyone could have added or removed them (--require-spec-form refuses such a signature)",
                    verified.form.describe(),
                    verified.uncovered.join(", ")
                );
            }
            Outcome::Clean
        }
        Err(error) => {
            outln!(output, "{name}: not verified: {error}");
            Outcome::Invalid
        }
    }
}

/// Whether FILE is to be read as an AI Catalog: `--kind`, else its shape.
fn is_catalog(kind: Option<KindArg>, bytes: &[u8]) -> bool {
    match kind {
        Some(kind) => kind == KindArg::AiCatalog,
        None => serde_json::from_slice(bytes)
            .is_ok_and(|doc| DocumentKind::detect(&doc) == DocumentKind::AiCatalog),
    }
}

/// Where a catalog came from and where its cards' local copies are.
#[derive(Clone, Copy)]
struct Place<'a> {
    catalog_url: Option<&'a str>,
    cards: Option<&'a std::path::Path>,
}

/// Verifies every trust manifest of a catalog (the host's, when it has one, and each
/// entry's): one line per manifest, one per way a manifest is not its entry's, one per card
/// compared with its local copy, then the verdict. Verified only when every entry carries a
/// manifest, every manifest verifies and is its entry's, and every card compared matches.
fn catalog(
    name: &str,
    bytes: &[u8],
    verifier: &CardVerifier,
    place: Place<'_>,
    output: &mut Output,
) -> Outcome {
    // A member name given twice: a signature vouches for one value while a reader keeping
    // the other sees another, as with cards.
    let repeated: Vec<_> =
        match validate_document(bytes, Profile::Spec, Some(DocumentKind::AiCatalog)) {
            Ok(report) => report
                .diagnostics
                .into_iter()
                .filter(|d| d.code == Code::DuplicateMember)
                .collect(),
            Err(error) => {
                errln!(output, "{name}: {error}");
                return Outcome::Unreadable;
            }
        };
    if !repeated.is_empty() {
        for diagnostic in repeated {
            outln!(output, "{name}: not verified: {diagnostic}");
        }
        return Outcome::Invalid;
    }
    let catalog = match AiCatalog::from_json_slice(bytes) {
        Ok(catalog) => catalog,
        Err(error) => {
            errln!(output, "{name}: not an AI Catalog: {error}");
            return Outcome::Unreadable;
        }
    };
    let report = match place.catalog_url {
        Some(url) => CatalogVerification::of_fetched(&catalog, url, verifier),
        None => CatalogVerification::of(&catalog, verifier),
    };
    for (index, identifier) in &report.unsigned_entries {
        outln!(
            output,
            "{name}: /entries/{index} ({identifier:?}): not verified: the entry has no trustManifest, so nothing vouches for it"
        );
    }
    for check in &report.manifests {
        let (at, subject) = (&check.pointer, subject(check.identifier.as_deref()));
        for mismatch in &check.mismatches {
            outln!(
                output,
                "{name}: {}{subject}: not verified: {mismatch}",
                mismatch.pointer()
            );
        }
        match &check.result {
            Ok(verified) if check.mismatches.is_empty() => outln!(
                output,
                "{name}: {at}{subject}: verified: {} signature by key {:?} matches a trusted key",
                verified.algorithm,
                verified.kid
            ),
            Ok(verified) => outln!(
                output,
                "{name}: {at}/signature{subject}: not verified: the {} signature by key {:?} matches a trusted key, but over a manifest that is not this entry's",
                verified.algorithm,
                verified.kid
            ),
            Err(reason) => outln!(
                output,
                "{name}: {at}/signature{subject}: not verified: {reason}"
            ),
        }
    }
    let mut card_failures = 0;
    let mut cards_matched = 0;
    if let Some(dir) = place.cards {
        for check in cards::compare(&catalog.entries, dir, place.catalog_url) {
            let (at, subject) = (&check.pointer, subject(Some(&check.identifier)));
            match &check.result {
                Ok(message) if check.counts => {
                    cards_matched += 1;
                    outln!(output, "{name}: {at}{subject}: card verified: {message}");
                }
                Ok(note) => outln!(output, "{name}: {at}{subject}: note: {note}"),
                Err(reason) => {
                    card_failures += 1;
                    outln!(output, "{name}: {at}{subject}: card not verified: {reason}");
                }
            }
        }
    }
    let entries = catalog.entries.len();
    let cards_line = if place.cards.is_some() {
        format!("; {cards_matched} card(s) match their local copies")
    } else {
        String::new()
    };
    if report.manifests.is_empty() {
        outln!(
            output,
            "{name}: not verified: the catalog has no trust manifest (it is not signed)"
        );
        Outcome::Invalid
    } else if report.verified() && card_failures == 0 {
        outln!(
            output,
            "{name}: verified: {} trust manifest(s), covering all {entries} entries, match trusted keys{cards_line}",
            report.manifests.len()
        );
        Outcome::Clean
    } else {
        let failed = report.failures();
        let cards = format!("{card_failures} card(s) do not match their local copies");
        match (failed, card_failures) {
            (_, 0) => outln!(
                output,
                "{name}: not verified: {failed} of the catalog's trust manifests or entries did not verify"
            ),
            (0, _) => outln!(output, "{name}: not verified: {cards}"),
            _ => outln!(
                output,
                "{name}: not verified: {failed} of the catalog's trust manifests or entries did not verify, and {cards}"
            ),
        }
        Outcome::Invalid
    }
}

/// ` ("identifier")` of the entry a manifest vouches for.
fn subject(identifier: Option<&str>) -> String {
    identifier.map_or_else(String::new, |id| format!(" ({id:?})"))
}
