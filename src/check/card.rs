//! The card itself: what the canonical path serves (validated), whether the legacy path
//! serves the same card, and its signatures.

use super::endpoint::{CardFetch, header_findings, redirect_findings};
use super::finding::{Place, finding, from_validation};
use super::{CANONICAL_PATH, LEGACY_PATH};
use crate::sign::{CardDocument, CardVerifier, TrustStore};
use crate::{
    AgentCard, Code, Diagnostic,
    validate::{DocumentKind, Profile, validate_document},
};

/// The keys signatures are checked with: a verifier as `verify` builds one, the same refusing fields no
/// signature covers, and the keys the JWKS held that cannot be used.
pub(super) struct Keys {
    verifier: CardVerifier,
    strict: CardVerifier,
    skipped: Vec<String>,
}

impl Keys {
    /// The verifier of these keys (trust manifests are checked with it too).
    pub(super) fn verifier(&self) -> &CardVerifier {
        &self.verifier
    }

    pub(super) fn new(store: TrustStore, path: &str) -> Keys {
        let skipped = store
            .skipped()
            .iter()
            .map(|s| format!("{path}: left out {s}"))
            .collect();
        Keys {
            verifier: CardVerifier::new(store.clone()),
            strict: CardVerifier::new(store).refuse_unsigned_fields(true),
            skipped,
        }
    }
}

/// The card at the canonical path, with what its headers and content say.
pub(super) fn served_card(
    canonical: &CardFetch,
    findings: &mut Vec<Diagnostic>,
) -> Option<AgentCard> {
    card_found(canonical, findings, |got| {
        (
            Code::CardMissing,
            format!("no card here: got {got}; publish the card at {CANONICAL_PATH} (§8.2)"),
        )
    })
}

/// The card a fetch found, with what its headers and content say; `missing` is the finding
/// when there is none (given what answered).
pub(super) fn card_found(
    fetched: &CardFetch,
    findings: &mut Vec<Diagnostic>,
    missing: impl FnOnce(String) -> (Code, String),
) -> Option<AgentCard> {
    let endpoint = &fetched.endpoint;
    let url = endpoint.final_url();
    redirect_findings(endpoint, findings);
    if let Some((code, message)) = &fetched.stopped {
        findings.push(finding(*code, Place::url(url), message.clone()));
        return None;
    }
    let Some(body) = fetched.card_body() else {
        let (code, message) = missing(endpoint.answer());
        findings.push(finding(code, Place::url(url), message));
        return None;
    };
    if let Some(response) = &fetched.response {
        header_findings(url, response.headers(), findings);
    }
    let report = match validate_document(body, Profile::Spec, Some(DocumentKind::Card)) {
        Ok(report) => report,
        Err(error) => {
            findings.push(finding(
                Code::CardUnreadable,
                Place::url(url),
                format!("the body is not a card: {error}"),
            ));
            return None;
        }
    };
    findings.extend(
        report
            .diagnostics
            .iter()
            .map(|d| from_validation(d, url, "")),
    );
    match AgentCard::read(body) {
        Ok(read) => Some(read.card),
        Err(error) => {
            findings.push(finding(
                Code::CardUnreadable,
                Place::url(url),
                format!("the body is not a card: {error}"),
            ));
            None
        }
    }
}

/// The legacy path: present, and the same card (as is, or as its v0.3 rendering).
pub(super) fn legacy_findings(
    legacy: &CardFetch,
    card: Option<&AgentCard>,
    findings: &mut Vec<Diagnostic>,
) {
    let endpoint = &legacy.endpoint;
    let url = endpoint.final_url();
    redirect_findings(endpoint, findings);
    if let Some((code, message)) = &legacy.stopped {
        findings.push(finding(*code, Place::url(url), message.clone()));
        return;
    }
    let Some(body) = legacy.card_body() else {
        let got = endpoint.answer();
        findings.push(finding(
            Code::LegacyMissing,
            Place::url(&endpoint.url),
            format!(
                "got {got}; clients older than v0.3 read {LEGACY_PATH} (serve the card there \
                 too, or redirect to {CANONICAL_PATH})"
            ),
        ));
        return;
    };
    // A redirect to the canonical path was checked there; a separate copy is checked here.
    if !endpoint
        .redirects
        .iter()
        .any(|r| r.ends_with(CANONICAL_PATH))
    {
        if let Some(response) = &legacy.response {
            header_findings(url, response.headers(), findings);
        }
    }
    let Ok(legacy) = AgentCard::read(body) else {
        findings.push(finding(
            Code::LegacyMissing,
            Place::url(url),
            format!("a 200 whose body is not a card; clients older than v0.3 read {LEGACY_PATH}"),
        ));
        return;
    };
    let Some(card) = card else { return };
    let same = legacy.card == *card
        || serde_json::to_vec(&card.to_v03().json)
            .ok()
            .and_then(|v03| AgentCard::read(&v03).ok())
            .is_some_and(|rendered| rendered.card == legacy.card);
    if !same {
        findings.push(finding(
            Code::LegacyDiffers,
            Place::url(url),
            format!(
                "this card differs from the one at {CANONICAL_PATH} (also after rendering that \
                 one for v0.3); clients would see two agents"
            ),
        ));
    }
}

/// Signatures against `--jwks`, or a note on what was not checked. `body` is the card as
/// served: signatures cover it as written, not the model's rendering of it.
pub(super) fn signature_findings(
    card: &AgentCard,
    body: Option<&[u8]>,
    keys: Option<&Keys>,
    url: &str,
    findings: &mut Vec<Diagnostic>,
) {
    let document = body
        .and_then(|body| CardDocument::from_json_slice(body).ok())
        .unwrap_or_else(|| CardDocument::from_card(card));
    let place = || Place::pointer(url, "/signatures");
    for skipped in keys.map_or(&[][..], |k| &k.skipped[..]) {
        findings.push(finding(Code::KeyLeftOut, place(), skipped.clone()));
    }
    let verifier = keys.map(|k| &k.verifier);
    match (verifier, card.signatures.len()) {
        (None, 0) => {}
        (None, n) => findings.push(finding(
            Code::SignatureNotChecked,
            place(),
            format!("{n} signature(s) not verified; pass --jwks with the signer's public keys"),
        )),
        (Some(_), 0) => findings.push(finding(
            Code::Unsigned,
            place(),
            "keys were given but the card carries no signature",
        )),
        (Some(verifier), _) => match verifier.verify_document(&document) {
            Ok(verified) => {
                findings.push(finding(
                    Code::SignatureVerified,
                    Place::pointer(url, format!("/signatures/{}", verified.index)),
                    format!(
                        "verified: {} signature by kid {:?} over {}",
                        verified.algorithm,
                        verified.kid,
                        verified.form.describe()
                    ),
                ));
                if !verified.uncovered.is_empty() {
                    findings.push(finding(
                        Code::UnsignedFields,
                        Place::pointer(url, format!("/signatures/{}", verified.index)),
                        format!(
                            "{} leaves out {}: anyone could have added or removed them; sign \
                             the spec's form too (a2a-card sign does by default)",
                            verified.form.describe(),
                            verified.uncovered.join(", ")
                        ),
                    ));
                }
                // Members outside the proto: named above when the form that verified leaves
                // them out; otherwise proto-based readers still drop them.
                if verified.uncovered.is_empty() {
                    if let Some(Err(error)) = keys.map(|k| k.strict.verify_document(&document)) {
                        findings.push(finding(Code::UnsignedFields, place(), error.to_string()));
                    }
                }
            }
            Err(error) => findings.push(finding(
                Code::SignatureInvalid,
                place(),
                format!("no signature verifies: {error}"),
            )),
        },
    }
}
