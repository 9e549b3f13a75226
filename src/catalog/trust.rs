//! Trust manifest signatures (feature `sign`): a detached compact JWS over the RFC 8785 form
//! of the manifest without its `signature` member, as the draft's "Trust Manifest
//! Signatures" section says.

use super::{AiCatalog, TrustManifest};
use crate::sign::{
    canonicalize, CardSigner, CardVerifier, SignError, VerifiedSignature, VerifyError,
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

/// Verifies every trust manifest of a catalog (the host's and each entry's, inline nested
/// catalogs not followed): one result per manifest, with its JSON pointer.
///
/// ```
/// let catalog = a2a_card::catalog::AiCatalog::new(Vec::new());
/// let verifier = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
/// assert!(a2a_card::catalog::verify_catalog(&catalog, &verifier).is_empty());
/// ```
pub fn verify_catalog(
    catalog: &AiCatalog,
    verifier: &CardVerifier,
) -> Vec<(String, Result<VerifiedSignature, VerifyError>)> {
    let host = catalog
        .host
        .as_ref()
        .and_then(|h| h.trust_manifest.as_ref())
        .map(|m| ("/host/trustManifest".to_owned(), m));
    let entries = catalog.entries.iter().enumerate().filter_map(|(i, e)| {
        let m = e.trust_manifest.as_ref()?;
        Some((format!("/entries/{i}/trustManifest"), m))
    });
    host.into_iter()
        .chain(entries)
        .map(|(at, m)| (at, verify_trust_manifest(m, verifier)))
        .collect()
}
