//! A whole catalog's signatures judged at once (feature `sign`): every trust manifest's
//! result with the entry it vouches for, whether it is that entry's (its `identity` the
//! entry's `identifier`, its `publishedFrom` links' `sourceId` the entry's `url`), the entries
//! nothing vouches for, and the verdict. `a2a-card verify` prints this.

use super::trust::checked_manifests;
use super::{AiCatalog, ManifestMismatch};
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
    /// How the manifest is not the entry's (empty when it is, and for the host's): a manifest
    /// moved, swapped or relabelled. Any of these fails the manifest whatever its signature.
    pub mismatches: Vec<ManifestMismatch>,
}

impl ManifestCheck {
    /// The signature verified and the manifest is its entry's.
    pub fn verified(&self) -> bool {
        self.result.is_ok() && self.mismatches.is_empty()
    }
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
    /// Checks every trust manifest of `catalog` against `verifier`'s trusted keys, and that
    /// each entry's is the entry's. Relative URLs are compared as written (use
    /// [`of_fetched`](Self::of_fetched) when the catalog's URL is known).
    pub fn of(catalog: &AiCatalog, verifier: &CardVerifier) -> Self {
        Self::checked(catalog, None, verifier)
    }

    /// As [`of`](Self::of) for a catalog fetched from `catalog_url`: an entry's relative `url`
    /// and a relative `sourceId` are resolved against it before they are compared.
    ///
    /// ```
    /// use a2a_card::catalog::{AiCatalog, CatalogEntry, CatalogVerification, ProvenanceLink, TrustManifest};
    /// let entry = CatalogEntry {
    ///     identifier: "urn:example:agent".into(),
    ///     url: Some("/.well-known/agent-card.json".into()),
    ///     trust_manifest: Some(TrustManifest {
    ///         identity: "urn:example:agent".into(),
    ///         provenance: vec![ProvenanceLink {
    ///             relation: "publishedFrom".into(),
    ///             source_id: "https://evil.example/.well-known/agent-card.json".into(),
    ///             ..Default::default()
    ///         }],
    ///         ..Default::default()
    ///     }),
    ///     ..Default::default()
    /// };
    /// let verifier = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
    /// let at = "https://agents.example.com/.well-known/ai-catalog.json";
    /// let report = CatalogVerification::of_fetched(&AiCatalog::new(vec![entry]), at, &verifier);
    /// assert_eq!(
    ///     report.manifests[0].mismatches[0].pointer(),
    ///     "/entries/0/trustManifest/provenance/0/sourceId"
    /// );
    /// ```
    pub fn of_fetched(catalog: &AiCatalog, catalog_url: &str, verifier: &CardVerifier) -> Self {
        Self::checked(catalog, Some(catalog_url), verifier)
    }

    fn checked(catalog: &AiCatalog, catalog_url: Option<&str>, verifier: &CardVerifier) -> Self {
        let unsigned_entries = catalog
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.trust_manifest.is_none())
            .map(|(i, e)| (i, e.identifier.clone()))
            .collect();
        let manifests = checked_manifests(catalog, catalog_url, verifier)
            .into_iter()
            .map(|checked| ManifestCheck {
                identifier: checked
                    .entry
                    .and_then(|i| catalog.entries.get(i))
                    .map(|e| e.identifier.clone()),
                result: checked.signature.map_err(|e| manifest_failure(&e)),
                mismatches: checked.mismatches,
                pointer: checked.pointer,
            })
            .collect();
        CatalogVerification {
            manifests,
            unsigned_entries,
        }
    }

    /// Verified: at least one manifest, every manifest verifies and is its entry's, and every
    /// entry has one.
    pub fn verified(&self) -> bool {
        !self.manifests.is_empty()
            && self.unsigned_entries.is_empty()
            && self.manifests.iter().all(ManifestCheck::verified)
    }

    /// How many manifests failed (signature, or not the entry's) plus how many entries have
    /// none.
    pub fn failures(&self) -> usize {
        self.unsigned_entries.len() + self.manifests.iter().filter(|m| !m.verified()).count()
    }
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

#[cfg(test)]
#[path = "verdict_tests.rs"]
mod tests;
