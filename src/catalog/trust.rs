//! Trust manifest signatures (feature `sign`): a detached compact JWS over the RFC 8785 form
//! of the manifest without its `signature` member, as the draft's "Trust Manifest
//! Signatures" section says.

#[cfg(doc)]
use super::CatalogEntry;
use super::{AiCatalog, ManifestMismatch, TrustManifest};
use crate::sign::{
    CardSigner, CardVerifier, SignError, VerifiedSignature, VerifyError, canonicalize,
};

/// The bytes a trust manifest's signature covers: its RFC 8785 form without `signature`.
///
/// ```
/// let m = a2a_card::catalog::TrustManifest { identity: "urn:x".into(), ..Default::default() };
/// assert_eq!(a2a_card::catalog::trust_manifest_payload(&m), br#"{"identity":"urn:x"}"#);
/// ```
pub fn trust_manifest_payload(manifest: &TrustManifest) -> Vec<u8> {
    let mut value = serde_json::to_value(manifest).expect("a manifest serializes");
    if let Some(fields) = value.as_object_mut() {
        fields.remove("signature");
    }
    canonicalize(&value)
}

/// Signs `manifest` (replacing any signature it had).
pub fn sign_trust_manifest(
    manifest: &mut TrustManifest,
    signer: &CardSigner,
) -> Result<(), SignError> {
    manifest.signature = None;
    manifest.signature = Some(signer.detached_jws(&trust_manifest_payload(manifest))?);
    Ok(())
}

/// Verifies a manifest's signature with the verifier's trusted keys.
pub fn verify_trust_manifest(
    manifest: &TrustManifest,
    verifier: &CardVerifier,
) -> Result<VerifiedSignature, VerifyError> {
    let Some(jws) = &manifest.signature else {
        return Err(VerifyError::NoSignatures);
    };
    verifier.verify_detached(jws, &trust_manifest_payload(manifest))
}

/// Why a catalog's trust manifest is refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ManifestError {
    /// The manifest is not its entry's (see [`CatalogEntry::manifest_mismatches`]): refused
    /// whether its signature verifies or not.
    #[error("{}", .0.iter().map(|m| format!("{}: {m}", m.pointer())).collect::<Vec<_>>().join("; "))]
    NotBound(Vec<ManifestMismatch>),
    /// Its signature does not verify with the trusted keys.
    #[error(transparent)]
    Signature(#[from] VerifyError),
}

/// Verifies every trust manifest of a catalog (the host's and each entry's, inline nested
/// catalogs not followed): one result per manifest, with its JSON pointer. An entry's manifest
/// must also be the entry's ([`ManifestError::NotBound`]: its `identity` the entry's
/// `identifier`, its `publishedFrom` links' `sourceId` the entry's `url`), or a signed
/// manifest copied or swapped onto another entry would verify. Relative URLs are compared as
/// written; [`CatalogVerification::of_fetched`](super::CatalogVerification::of_fetched)
/// resolves them against the catalog's URL.
///
/// ```
/// let catalog = a2a_card::catalog::AiCatalog::new(Vec::new());
/// let verifier = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
/// assert!(a2a_card::catalog::verify_catalog(&catalog, &verifier).is_empty());
/// ```
pub fn verify_catalog(
    catalog: &AiCatalog,
    verifier: &CardVerifier,
) -> Vec<(String, Result<VerifiedSignature, ManifestError>)> {
    checked_manifests(catalog, None, verifier)
        .into_iter()
        .map(|checked| {
            let result = if checked.mismatches.is_empty() {
                checked.signature.map_err(ManifestError::Signature)
            } else {
                Err(ManifestError::NotBound(checked.mismatches))
            };
            (checked.pointer, result)
        })
        .collect()
}

/// One manifest of a catalog: where, the entry it is on, its signature's result and how it
/// is not its entry's.
pub(super) struct Checked {
    pub(super) pointer: String,
    pub(super) entry: Option<usize>,
    pub(super) signature: Result<VerifiedSignature, VerifyError>,
    pub(super) mismatches: Vec<ManifestMismatch>,
}

/// The host's manifest, then each entry's, in order.
pub(super) fn checked_manifests(
    catalog: &AiCatalog,
    catalog_url: Option<&str>,
    verifier: &CardVerifier,
) -> Vec<Checked> {
    let host = catalog
        .host
        .as_ref()
        .and_then(|h| h.trust_manifest.as_ref())
        .map(|m| Checked {
            pointer: "/host/trustManifest".to_owned(),
            entry: None,
            signature: verify_trust_manifest(m, verifier),
            mismatches: Vec::new(),
        });
    let entries = catalog.entries.iter().enumerate().filter_map(|(i, e)| {
        let m = e.trust_manifest.as_ref()?;
        let at = format!("/entries/{i}");
        Some(Checked {
            mismatches: e.manifest_mismatches(&at, catalog_url),
            pointer: format!("{at}/trustManifest"),
            entry: Some(i),
            signature: verify_trust_manifest(m, verifier),
        })
    });
    host.into_iter().chain(entries).collect()
}
