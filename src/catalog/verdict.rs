//! A whole catalog's signatures judged at once (feature `sign`): every trust manifest's
//! result with the entry it vouches for, the entries nothing vouches for, and the verdict.
//! `a2a-card verify` prints this.

use super::{verify_catalog, AiCatalog};
use crate::sign::{CardVerifier, VerifiedSignature, VerifyError};

/// One trust manifest's result.
#[derive(Debug)]
pub struct ManifestCheck {
    /// Where the manifest is (`/entries/0/trustManifest`, `/host/trustManifest`).
    pub pointer: String,
    /// The identifier of the entry it vouches for (none for the host's).
    pub identifier: Option<String>,
    /// The signature that verified, or why none did, in the manifest's terms.
    pub result: Result<VerifiedSignature, String>,
}

/// Every manifest of a catalog checked, and the entries without one.
///
/// ```
/// use a2a_card::catalog::{AiCatalog, CatalogVerification};
/// let verifier = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
/// let report = CatalogVerification::of(&AiCatalog::new(Vec::new()), &verifier);
/// assert!(!report.verified()); // nothing signed, nothing verified
/// ```
#[derive(Debug)]
pub struct CatalogVerification {
    /// One result per trust manifest, the host's first.
    pub manifests: Vec<ManifestCheck>,
    /// `(index, identifier)` of each entry that carries no trust manifest.
    pub unsigned_entries: Vec<(usize, String)>,
}

impl CatalogVerification {
    /// Checks every trust manifest of `catalog` against `verifier`'s trusted keys.
    pub fn of(catalog: &AiCatalog, verifier: &CardVerifier) -> Self {
        let unsigned_entries = catalog
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.trust_manifest.is_none())
            .map(|(i, e)| (i, e.identifier.clone()))
            .collect();
        let manifests = verify_catalog(catalog, verifier)
            .into_iter()
            .map(|(pointer, result)| ManifestCheck {
                identifier: entry_index(&pointer)
                    .and_then(|i| catalog.entries.get(i))
                    .map(|e| e.identifier.clone()),
                result: result.map_err(|e| manifest_failure(&e)),
                pointer,
            })
            .collect();
        CatalogVerification {
            manifests,
            unsigned_entries,
        }
    }

    /// Verified: at least one manifest, every manifest verifies and every entry has one.
    pub fn verified(&self) -> bool {
        !self.manifests.is_empty()
            && self.unsigned_entries.is_empty()
            && self.manifests.iter().all(|m| m.result.is_ok())
    }

    /// How many manifests failed plus how many entries have none.
    pub fn failures(&self) -> usize {
        self.unsigned_entries.len() + self.manifests.iter().filter(|m| m.result.is_err()).count()
    }
}

fn entry_index(pointer: &str) -> Option<usize> {
    pointer
        .strip_prefix("/entries/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

/// Why a manifest's signature failed, in the manifest's terms (the verifier's messages point
/// into a card's `signatures`).
fn manifest_failure(error: &VerifyError) -> String {
    match error {
        VerifyError::NoSignatures => "the trust manifest has no signature".to_owned(),
        VerifyError::PayloadMismatch { kid, alg, .. } => format!(
            "the {alg} signature by key {kid:?} does not match the trust manifest; it was changed after signing, or signed over another canonical form"
        ),
        VerifyError::MalformedSignature { .. } => {
            "not a detached compact JWS (`protected..signature`, base64url)".to_owned()
        }
        other => {
            let text = other.to_string();
            match text.split_once(": ") {
                Some((at, rest)) if at.starts_with("/signatures/") => rest.to_owned(),
                _ => text,
            }
        }
    }
}
