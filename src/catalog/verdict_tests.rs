//! Unit tests of [`CatalogVerification`]'s verdict over the manifests' signatures: verified
//! only when every manifest verifies and every entry has one; the failures counted.
//! (Each manifest names its own entry, so these stay about the signatures.)

use super::*;
use crate::catalog::{CatalogEntry, HostInfo, TrustManifest, sign_trust_manifest};
use crate::sign::{Algorithm, CardSigner, SigningKey, TrustStore};

fn signer(kid: &str) -> CardSigner {
    CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), kid)
}

fn verifier(signer: &CardSigner) -> CardVerifier {
    CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()))
}

fn identifier(i: usize) -> String {
    format!("urn:example:agent:{i}")
}

/// An entry whose manifest (naming the entry) is signed by `signer`, or without manifest.
fn entry(i: usize, signer: Option<&CardSigner>) -> CatalogEntry {
    let trust_manifest = signer.map(|signer| {
        let mut manifest = TrustManifest {
            identity: identifier(i),
            ..TrustManifest::default()
        };
        sign_trust_manifest(&mut manifest, signer).unwrap();
        manifest
    });
    CatalogEntry {
        identifier: identifier(i),
        display_name: format!("Agent {i}"),
        media_type: crate::catalog::A2A_AGENT_CARD_JSON.to_owned(),
        url: Some(format!("https://agents.example/{i}/agent-card.json")),
        trust_manifest,
        ..CatalogEntry::default()
    }
}

fn signed_catalog(n: usize, signer: &CardSigner) -> AiCatalog {
    AiCatalog::new((0..n).map(|i| entry(i, Some(signer))).collect())
}

fn signed_host(signer: &CardSigner) -> HostInfo {
    let mut manifest = TrustManifest {
        identity: "did:web:agents.example".to_owned(),
        ..TrustManifest::default()
    };
    sign_trust_manifest(&mut manifest, signer).unwrap();
    HostInfo {
        identifier: Some("did:web:agents.example".to_owned()),
        trust_manifest: Some(manifest),
        ..HostInfo::new("Agents")
    }
}

fn manifest_mut(catalog: &mut AiCatalog, i: usize) -> &mut TrustManifest {
    catalog.entries[i].trust_manifest.as_mut().unwrap()
}

#[test]
fn every_entry_verified_is_verified() {
    let key = signer("k1");
    for n in [1, 3] {
        let report = CatalogVerification::of(&signed_catalog(n, &key), &verifier(&key));
        assert!(report.verified(), "{n} entries");
        assert_eq!(report.failures(), 0);
        assert_eq!(report.manifests.len(), n);
        assert!(report.unsigned_entries.is_empty());
    }
}

#[test]
fn one_failing_manifest_fails_the_catalog_wherever_it_is() {
    let key = signer("k1");
    for broken in 0..3 {
        let mut catalog = signed_catalog(3, &key);
        manifest_mut(&mut catalog, broken).privacy_policy_url =
            Some("https://changed.example/after-signing".to_owned());
        let report = CatalogVerification::of(&catalog, &verifier(&key));
        assert!(!report.verified(), "entry {broken} changed");
        assert_eq!(report.failures(), 1);
        for (i, check) in report.manifests.iter().enumerate() {
            assert_eq!(check.result.is_ok(), i != broken, "entry {i}");
        }
        let failure = report.manifests[broken].result.as_ref().unwrap_err();
        assert!(
            failure.contains("does not match the trust manifest"),
            "{failure}"
        );
    }
}

#[test]
fn an_entry_without_manifest_fails_the_catalog_and_is_named() {
    let key = signer("k1");
    for missing in 0..3 {
        let mut catalog = signed_catalog(3, &key);
        catalog.entries[missing].trust_manifest = None;
        let report = CatalogVerification::of(&catalog, &verifier(&key));
        assert!(!report.verified(), "entry {missing} unsigned");
        assert_eq!(report.failures(), 1);
        assert_eq!(report.unsigned_entries, [(missing, identifier(missing))]);
        // The other two manifests verified, and are the other two entries'.
        assert_eq!(report.manifests.len(), 2);
        assert!(report.manifests.iter().all(|m| m.result.is_ok()));
        assert!(
            report
                .manifests
                .iter()
                .all(|m| m.identifier.as_deref() != Some(identifier(missing).as_str()))
        );
    }
    // Every entry unsigned: as many failures as entries, nothing verified.
    let none = AiCatalog::new((0..3).map(|i| entry(i, None)).collect());
    let report = CatalogVerification::of(&none, &verifier(&key));
    assert!(!report.verified());
    assert_eq!(report.failures(), 3);
    assert!(report.manifests.is_empty());
    // A signed host does not vouch for unsigned entries.
    let mut with_host = none;
    with_host.host = Some(signed_host(&key));
    let report = CatalogVerification::of(&with_host, &verifier(&key));
    assert!(!report.verified());
    assert_eq!(report.failures(), 3);
    assert_eq!(report.manifests.len(), 1);
}

#[test]
fn failures_add_bad_manifests_and_unsigned_entries() {
    let key = signer("k1");
    let stranger = signer("k2");
    let mut catalog = signed_catalog(6, &key);
    catalog.entries[0].trust_manifest = None;
    catalog.entries[2].trust_manifest = None;
    manifest_mut(&mut catalog, 3).signature = None;
    manifest_mut(&mut catalog, 4).signature = Some("not a jws".to_owned());
    *catalog.entries[5].trust_manifest.as_mut().unwrap() =
        entry(5, Some(&stranger)).trust_manifest.unwrap();
    let report = CatalogVerification::of(&catalog, &verifier(&key));
    assert!(!report.verified());
    assert_eq!(report.failures(), 5, "{report:?}");
    assert_eq!(
        report.unsigned_entries,
        [(0, identifier(0)), (2, identifier(2))]
    );
    let results: Vec<_> = report
        .manifests
        .iter()
        .map(|m| {
            (
                m.pointer.as_str(),
                m.result.as_ref().err().map(String::as_str),
            )
        })
        .collect();
    assert_eq!(results[0], ("/entries/1/trustManifest", None));
    assert_eq!(
        results[1],
        (
            "/entries/3/trustManifest",
            Some("the trust manifest has no signature")
        )
    );
    assert_eq!(
        results[2],
        (
            "/entries/4/trustManifest",
            Some("not a detached compact JWS (`protected..signature`, base64url)")
        )
    );
    assert_eq!(results[3].0, "/entries/5/trustManifest");
    let unknown = results[3].1.unwrap();
    assert!(unknown.contains("k2"), "{unknown}");
    assert!(!unknown.starts_with("/signatures/"), "{unknown}");
}

#[test]
fn nothing_signed_is_not_verified() {
    let key = signer("k1");
    let empty = CatalogVerification::of(&AiCatalog::new(Vec::new()), &verifier(&key));
    assert!(!empty.verified());
    assert_eq!(empty.failures(), 0);
    // A host manifest alone, with no entries: that manifest is all there is, and verifies.
    let mut host_only = AiCatalog::new(Vec::new());
    host_only.host = Some(signed_host(&key));
    let report = CatalogVerification::of(&host_only, &verifier(&key));
    assert!(report.verified());
    assert_eq!(report.failures(), 0);
}

#[test]
fn the_host_manifest_comes_first_and_counts() {
    let key = signer("k1");
    let mut catalog = signed_catalog(2, &key);
    catalog.host = Some(signed_host(&key));
    let report = CatalogVerification::of(&catalog, &verifier(&key));
    assert!(report.verified());
    assert_eq!(report.manifests[0].pointer, "/host/trustManifest");
    assert_eq!(report.manifests[0].identifier, None);
    // A host manifest that fails fails the catalog.
    catalog
        .host
        .as_mut()
        .unwrap()
        .trust_manifest
        .as_mut()
        .unwrap()
        .identity = "did:web:elsewhere.example".to_owned();
    let report = CatalogVerification::of(&catalog, &verifier(&key));
    assert!(!report.verified());
    assert_eq!(report.failures(), 1);
    assert!(report.manifests[0].result.is_err());
    assert!(report.manifests[1..].iter().all(|m| m.result.is_ok()));
}

#[test]
fn each_manifest_names_its_own_entry() {
    // More than ten entries: pointers with two-digit indexes map to their entries too.
    let key = signer("k1");
    let mut catalog = signed_catalog(12, &key);
    catalog.entries[1].trust_manifest = None;
    let report = CatalogVerification::of(&catalog, &verifier(&key));
    for check in &report.manifests {
        let index: usize = check
            .pointer
            .strip_prefix("/entries/")
            .and_then(|rest| rest.strip_suffix("/trustManifest"))
            .unwrap()
            .parse()
            .unwrap();
        assert_ne!(index, 1);
        assert_eq!(
            check.identifier,
            Some(identifier(index)),
            "{}",
            check.pointer
        );
    }
    assert_eq!(report.manifests.len(), 11);
    assert_eq!(report.manifests[10].pointer, "/entries/11/trustManifest");
}

#[test]
fn failures_in_the_manifests_terms() {
    // Errors the verifier points into a card's `signatures` lose that pointer; others keep
    // their whole text (none reaches here through verify_trust_manifest today, all its
    // errors point at a signature).
    let unknown = VerifyError::UnknownKid {
        index: 0,
        kid: "k9".into(),
        known: "k1".into(),
    };
    assert_eq!(
        manifest_failure(&unknown),
        r#"kid "k9" is not a trusted key (trusted kids: k1)"#
    );
    let unsigned = VerifyError::UnsignedFields {
        pointers: vec!["/x".into()],
    };
    assert_eq!(manifest_failure(&unsigned), unsigned.to_string());
    let none = VerifyError::NoneValid {
        failures: vec![unknown],
    };
    assert_eq!(manifest_failure(&none), none.to_string());
}

/// The manifests bound to their entries: identity, `publishedFrom` and the entry URL.
mod binding {
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
