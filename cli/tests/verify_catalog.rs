//! `a2a-card verify CATALOG --jwks KEYS` refuses a trust manifest that is not its entry's:
//! swapped between two entries, left on an entry whose identifier was renamed, copied onto an
//! appended entry, or naming another URL in its `publishedFrom` link. Every one of those
//! manifests still carries a signature that verifies: only the binding refuses them. And
//! `--cards DIR` compares each card with a local copy, offline. The real binary, files in a
//! scratch directory; the catalog is signed with the library, as `serve` signs its own.

use a2a_card_test_support::scratch;

use std::path::Path;
use std::process::Command;

use a2a_card::catalog::{
    A2A_AGENT_CARD_JSON, AiCatalog, CatalogEntry, ProvenanceLink, TrustManifest,
    sign_trust_manifest,
};
use a2a_card::sign::{Algorithm, CardSigner, Jwks, SigningKey};
use scratch::Scratch;
use sha2::{Digest, Sha256};

const BASE: &str = "https://agents.example.com";
const NAMES: [&str; 3] = ["concierge", "travel", "food"];

/// `(exit code, stdout)` of `a2a-card ARGS`.
fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_a2a-card"))
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), format!("{stdout}{stderr}"))
}

fn scratch() -> Scratch {
    Scratch::dir("verify-catalog")
}

/// The card path of a tenant (`None`: the main card).
fn card_path(name: &str) -> String {
    match name {
        "concierge" => "/.well-known/agent-card.json".to_owned(),
        other => format!("/{other}/.well-known/agent-card.json"),
    }
}

/// A site in `dir/site` (three card files at their URL paths), a catalog of them signed with
/// a fresh key (each manifest naming its entry and the SHA-256 of its card), and the key set.
struct Site {
    dir: Scratch,
    catalog: AiCatalog,
    jwks: String,
}

impl Site {
    fn new() -> Site {
        let dir = scratch();
        let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "host-1");
        let entries = NAMES
            .iter()
            .map(|name| {
                let path = card_path(name);
                let file = dir.join("site").join(path.trim_start_matches('/'));
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                let body = format!(r#"{{"name": "{name}"}}"#);
                std::fs::write(&file, &body).unwrap();
                let hex: String = Sha256::digest(body.as_bytes())
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                let (identifier, url) =
                    (format!("urn:example:agent:{name}"), format!("{BASE}{path}"));
                let mut manifest = TrustManifest {
                    identity: identifier.clone(),
                    provenance: vec![ProvenanceLink {
                        relation: "publishedFrom".into(),
                        source_id: url.clone(),
                        source_digest: Some(format!("sha256:{hex}")),
                        ..Default::default()
                    }],
                    ..Default::default()
                };
                sign_trust_manifest(&mut manifest, &signer).unwrap();
                CatalogEntry {
                    identifier,
                    display_name: name.to_string(),
                    media_type: A2A_AGENT_CARD_JSON.into(),
                    url: Some(url),
                    trust_manifest: Some(manifest),
                    ..Default::default()
                }
            })
            .collect();
        let jwks = dir.join("jwks.json");
        let set = Jwks {
            keys: vec![signer.public_jwk()],
        };
        std::fs::write(&jwks, set.to_json_pretty()).unwrap();
        Site {
            catalog: AiCatalog::new(entries),
            jwks: jwks.to_string_lossy().into_owned(),
            dir,
        }
    }

    /// `a2a-card verify CATALOG --jwks KEYS ARGS` over `catalog` written to a file.
    fn verify(&self, catalog: &AiCatalog, args: &[&str]) -> (i32, String, String) {
        let file = self.dir.join("catalog.json");
        std::fs::write(&file, catalog.to_json_vec()).unwrap();
        let file = file.to_string_lossy().into_owned();
        let mut command = vec!["verify", file.as_str(), "--jwks", self.jwks.as_str()];
        command.extend(args);
        let (code, out) = run(&command);
        (code, out, file)
    }

    fn site(&self) -> String {
        self.dir.join("site").to_string_lossy().into_owned()
    }
}

fn assert_refused(out: &str, code: i32) {
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("covering all"), "{out}");
    assert!(out.contains(": not verified: "), "{out}");
}

#[test]
fn a_catalog_signed_for_its_entries_verifies() {
    let site = Site::new();
    let (code, out, file) = site.verify(&site.catalog, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with(&format!(
            "{file}: verified: 3 trust manifest(s), covering all 3 entries, match trusted keys\n"
        )),
        "{out}"
    );
}

#[test]
fn swapped_manifests_are_refused_naming_both_entries() {
    let site = Site::new();
    let mut catalog = site.catalog.clone();
    let first = catalog.entries[0].trust_manifest.take();
    catalog.entries[0].trust_manifest = catalog.entries[2].trust_manifest.take();
    catalog.entries[2].trust_manifest = first;
    let (code, out, file) = site.verify(&catalog, &[]);
    assert_refused(&out, code);
    for (i, name) in [(0, "concierge"), (2, "food")] {
        assert!(
            out.contains(&format!(
                "{file}: /entries/{i}/trustManifest/identity (\"urn:example:agent:{name}\"): not verified: the trust manifest's identity"
            )),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "/entries/{i}/trustManifest/provenance/0/sourceId (\"urn:example:agent:{name}\"): not verified"
            )),
            "{out}"
        );
    }
    // The signatures themselves still match the key: said, and not counted as verified.
    assert!(out.contains("matches a trusted key, but over a manifest that is not this entry's"));
    assert_eq!(out.matches(": verified: EdDSA").count(), 1, "{out}");
}

#[test]
fn a_renamed_identifier_is_refused() {
    let site = Site::new();
    let mut catalog = site.catalog.clone();
    catalog.entries[1].identifier = "urn:example:agent:trave1".into();
    let (code, out, _) = site.verify(&catalog, &[]);
    assert_refused(&out, code);
    assert!(
        out.contains("/entries/1/trustManifest/identity (\"urn:example:agent:trave1\"): not verified: the trust manifest's identity \"urn:example:agent:travel\" is not the entry's identifier \"urn:example:agent:trave1\""),
        "{out}"
    );
}

#[test]
fn an_appended_entry_with_a_copied_manifest_is_refused() {
    let site = Site::new();
    let mut catalog = site.catalog.clone();
    let mut evil = catalog.entries[1].clone();
    evil.identifier = "urn:evil:agent".into();
    evil.url = Some("https://evil.example/card.json".into());
    catalog.entries.push(evil);
    let (code, out, _) = site.verify(&catalog, &[]);
    assert_refused(&out, code);
    assert!(
        out.contains("/entries/3/trustManifest/identity (\"urn:evil:agent\"): not verified"),
        "{out}"
    );
    assert!(
        out.contains("/entries/3/trustManifest/provenance/0/sourceId (\"urn:evil:agent\"): not verified: the trust manifest's publishedFrom sourceId \"https://agents.example.com/travel/.well-known/agent-card.json\" is not the entry's url \"https://evil.example/card.json\""),
        "{out}"
    );
    assert!(out.contains("not verified: 1 of the catalog's"), "{out}");
}

#[test]
fn a_url_that_only_starts_with_the_source_is_refused() {
    // The entry's url is its manifest's sourceId with something after it: another URL, so
    // the manifest's digest vouches for another artifact. Absolute, and relative resolved
    // against the catalog's URL.
    let site = Site::new();
    let source = format!("{BASE}/travel/.well-known/agent-card.json");
    let at = format!("{BASE}/.well-known/ai-catalog.json");
    for url in [
        format!("{source}x"),
        format!("{source}/../other"),
        "/travel/.well-known/agent-card.jsonx".to_owned(),
    ] {
        let mut catalog = site.catalog.clone();
        catalog.entries[1].url = Some(url.clone());
        let (code, out, _) = site.verify(&catalog, &["--catalog-url", &at]);
        assert_refused(&out, code);
        assert!(
            out.contains(&format!("/entries/1/trustManifest/provenance/0/sourceId (\"urn:example:agent:travel\"): not verified: the trust manifest's publishedFrom sourceId {source:?} is not the entry's url {url:?}")),
            "{url}: {out}"
        );
    }
}

#[test]
fn a_relative_url_is_resolved_against_the_catalog_url() {
    let site = Site::new();
    let mut catalog = site.catalog.clone();
    catalog.entries[1].url = Some("/travel/.well-known/agent-card.json".into());
    // Unknown base: a relative url is not the absolute sourceId.
    let (code, out, _) = site.verify(&catalog, &[]);
    assert_refused(&out, code);
    assert!(
        out.contains("/entries/1/trustManifest/provenance/0/sourceId"),
        "{out}"
    );
    // Resolved against the catalog's URL, it is.
    let at = format!("{BASE}/.well-known/ai-catalog.json");
    let (code, out, _) = site.verify(&catalog, &["--catalog-url", &at]);
    assert_eq!(code, 0, "{out}");
    // Against another host's, it is not.
    let (code, out, _) = site.verify(
        &catalog,
        &[
            "--catalog-url",
            "https://evil.example/.well-known/ai-catalog.json",
        ],
    );
    assert_refused(&out, code);
    // And the flag is for catalogs only.
    let card = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json");
    let (code, out) = run(&["verify", card, "--jwks", &site.jwks, "--catalog-url", &at]);
    assert_eq!(code, 64, "{out}");
    assert!(out.contains("apply to an AI Catalog"), "{out}");
}

#[test]
fn cards_are_compared_with_local_copies() {
    let site = Site::new();
    let dir = site.site();
    let (code, out, file) = site.verify(&site.catalog, &["--cards", &dir]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches(": card verified: ").count(), 3, "{out}");
    assert!(out.contains(&format!(
        "{file}: /entries/1/url (\"urn:example:agent:travel\"): card verified: {dir}/travel/.well-known/agent-card.json matches"
    )), "{out}");
    assert!(
        out.ends_with("3 card(s) match their local copies\n"),
        "{out}"
    );

    // A local card that changed: that entry fails, with both digests.
    let travel = Path::new(&dir).join("travel/.well-known/agent-card.json");
    std::fs::write(&travel, r#"{"name": "travel", "x": 1}"#).unwrap();
    let (code, out, _) = site.verify(&site.catalog, &["--cards", &dir]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("/entries/1/trustManifest/provenance/0/sourceDigest (\"urn:example:agent:travel\"): card not verified: "), "{out}");
    assert!(
        out.ends_with("not verified: 1 card(s) do not match their local copies\n"),
        "{out}"
    );

    // A missing one fails too.
    std::fs::remove_file(&travel).unwrap();
    let (code, out, _) = site.verify(&site.catalog, &["--cards", &dir]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "/entries/1/url (\"urn:example:agent:travel\"): card not verified: no local copy"
        ),
        "{out}"
    );
}
