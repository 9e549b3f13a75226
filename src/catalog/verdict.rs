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
mod tests {
    use super::*;
    use crate::catalog::{CatalogEntry, ProvenanceLink, sign_trust_manifest, verify_catalog};
    use crate::catalog::{ManifestError, TrustManifest};
    use crate::sign::{Algorithm, CardSigner, SigningKey, TrustStore};

    const AT: &str = "https://agents.example.com/.well-known/ai-catalog.json";

    /// A catalog of three entries, each with a manifest signed for it (identity its
    /// identifier, `publishedFrom` its URL), and a verifier trusting the key.
    fn signed(urls: [&str; 3]) -> (AiCatalog, CardVerifier) {
        let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
        let entries = ["concierge", "travel", "food"]
            .iter()
            .zip(urls)
            .map(|(name, url)| {
                let identifier = format!("urn:example:agent:{name}");
                let mut manifest = TrustManifest {
                    identity: identifier.clone(),
                    provenance: vec![ProvenanceLink {
                        relation: "publishedFrom".into(),
                        source_id: url.into(),
                        source_digest: Some(format!("sha256:{}", "ab".repeat(32))),
                        ..Default::default()
                    }],
                    ..Default::default()
                };
                sign_trust_manifest(&mut manifest, &signer).unwrap();
                CatalogEntry {
                    identifier,
                    display_name: name.to_string(),
                    media_type: crate::catalog::A2A_AGENT_CARD_JSON.into(),
                    url: Some(url.into()),
                    trust_manifest: Some(manifest),
                    ..Default::default()
                }
            })
            .collect();
        let verifier = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()));
        (AiCatalog::new(entries), verifier)
    }

    fn absolute() -> (AiCatalog, CardVerifier) {
        signed([
            "https://agents.example.com/.well-known/agent-card.json",
            "https://agents.example.com/travel/.well-known/agent-card.json",
            "https://agents.example.com/food/.well-known/agent-card.json",
        ])
    }

    /// The pointers of what failed, in both APIs (which must agree), and the report.
    fn refused(catalog: &AiCatalog, verifier: &CardVerifier) -> Vec<String> {
        let report = CatalogVerification::of(catalog, verifier);
        let mut mismatched: Vec<String> = report
            .manifests
            .iter()
            .flat_map(|m| m.mismatches.iter().map(|x| x.pointer().to_owned()))
            .collect();
        let failed: Vec<&str> = report
            .manifests
            .iter()
            .filter(|m| !m.verified())
            .map(|m| m.pointer.as_str())
            .collect();
        let by_function: Vec<String> = verify_catalog(catalog, verifier)
            .into_iter()
            .filter(|(_, r)| r.is_err())
            .map(|(at, _)| at)
            .collect();
        assert_eq!(failed, by_function);
        assert_eq!(report.verified(), failed.is_empty());
        assert_eq!(report.failures(), failed.len());
        mismatched.sort();
        mismatched
    }

    #[test]
    fn manifests_signed_for_their_entries_verify() {
        let (catalog, verifier) = absolute();
        assert!(refused(&catalog, &verifier).is_empty());
        assert!(CatalogVerification::of(&catalog, &verifier).verified());
        // A near miss that is no miss: an identity equal to the identifier, character for
        // character, and a sourceId equal to the url once resolved.
        let (mut catalog, verifier) = signed([
            "/.well-known/agent-card.json",
            "https://agents.example.com/travel/.well-known/agent-card.json",
            "https://agents.example.com/food/.well-known/agent-card.json",
        ]);
        catalog.entries[1].url = Some("/travel/.well-known/agent-card.json".into());
        assert!(CatalogVerification::of_fetched(&catalog, AT, &verifier).verified());
    }

    #[test]
    fn swapped_manifests_are_refused() {
        let (mut catalog, verifier) = absolute();
        let first = catalog.entries[0].trust_manifest.take();
        catalog.entries[0].trust_manifest = catalog.entries[2].trust_manifest.take();
        catalog.entries[2].trust_manifest = first;
        // Both signatures still verify: only the binding refuses them.
        let report = CatalogVerification::of(&catalog, &verifier);
        assert!(report.manifests.iter().all(|m| m.result.is_ok()));
        assert!(!report.verified());
        assert_eq!(
            refused(&catalog, &verifier),
            [
                "/entries/0/trustManifest/identity",
                "/entries/0/trustManifest/provenance/0/sourceId",
                "/entries/2/trustManifest/identity",
                "/entries/2/trustManifest/provenance/0/sourceId",
            ]
        );
        let message = report.manifests[0].mismatches[0].to_string();
        assert!(message.contains("\"urn:example:agent:food\""), "{message}");
        assert!(
            message.contains("\"urn:example:agent:concierge\""),
            "{message}"
        );
    }

    #[test]
    fn a_renamed_identifier_is_refused() {
        let (mut catalog, verifier) = absolute();
        catalog.entries[1].identifier = "urn:example:agent:trave1".into();
        assert_eq!(
            refused(&catalog, &verifier),
            ["/entries/1/trustManifest/identity"]
        );
        let report = CatalogVerification::of(&catalog, &verifier);
        assert_eq!(
            report.manifests[1].identifier.as_deref(),
            Some("urn:example:agent:trave1")
        );
        match &verify_catalog(&catalog, &verifier)[1].1 {
            Err(ManifestError::NotBound(found)) => assert_eq!(found.len(), 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_appended_entry_carrying_another_entrys_manifest_is_refused() {
        let (mut catalog, verifier) = absolute();
        let mut evil = catalog.entries[1].clone();
        evil.identifier = "urn:evil:agent".into();
        evil.url = Some("https://evil.example/card.json".into());
        catalog.entries.push(evil.clone());
        assert_eq!(
            refused(&catalog, &verifier),
            [
                "/entries/3/trustManifest/identity",
                "/entries/3/trustManifest/provenance/0/sourceId",
            ]
        );
        // The same with the victim's identifier kept (the draft allows one identifier on
        // several entries, of different versions): the sourceId still refuses it.
        catalog.entries[3].identifier = "urn:example:agent:travel".into();
        catalog.entries[3].version = Some("6.6.6".into());
        assert_eq!(
            refused(&catalog, &verifier),
            ["/entries/3/trustManifest/provenance/0/sourceId"]
        );
    }

    #[test]
    fn a_source_id_that_is_not_the_entry_url_is_refused() {
        // Absolute: the entry's url moved to another host, the manifest left as signed.
        let (mut catalog, verifier) = absolute();
        catalog.entries[2].url =
            Some("https://evil.example/food/.well-known/agent-card.json".into());
        assert_eq!(
            refused(&catalog, &verifier),
            ["/entries/2/trustManifest/provenance/0/sourceId"]
        );
        // Relative: resolved against the catalog's URL it is another path.
        let (mut catalog, verifier) = absolute();
        catalog.entries[2].url = Some("/travel/.well-known/agent-card.json".into());
        let report = CatalogVerification::of_fetched(&catalog, AT, &verifier);
        assert!(!report.verified());
        let pointers: Vec<&str> = report
            .manifests
            .iter()
            .flat_map(|m| m.mismatches.iter().map(ManifestMismatch::pointer))
            .collect();
        assert_eq!(pointers, ["/entries/2/trustManifest/provenance/0/sourceId"]);
        // The same relative url that does resolve to the source verifies, but only where the
        // catalog's URL is known: without it nothing says which host it is on.
        catalog.entries[2].url = Some("../food/.well-known/agent-card.json".into());
        assert!(CatalogVerification::of_fetched(&catalog, AT, &verifier).verified());
        assert!(!CatalogVerification::of(&catalog, &verifier).verified());
        // Resolved against a catalog on another host, it is that host's.
        let elsewhere = "https://evil.example/.well-known/ai-catalog.json";
        assert!(!CatalogVerification::of_fetched(&catalog, elsewhere, &verifier).verified());
    }
}

#[cfg(test)]
#[path = "verdict_tests.rs"]
mod tests;
