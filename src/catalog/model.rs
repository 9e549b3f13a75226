//! The AI Catalog objects (CDDL of the working draft of 2026-04-30). Member order follows the
//! draft's CDDL, so the same catalog always serializes to the same bytes; unknown members are
//! kept in `extra`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An AI Catalog document (`application/ai-catalog+json`).
///
/// ```
/// use a2a_card::catalog::{AiCatalog, SPEC_VERSION};
/// let catalog = AiCatalog::new(Vec::new());
/// assert_eq!(catalog.spec_version, SPEC_VERSION);
/// assert_eq!(catalog.to_json_vec(), br#"{"specVersion":"1.0","entries":[]}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AiCatalog {
    /// The draft version the catalog conforms to, `Major.Minor` (REQUIRED).
    #[serde(default)]
    pub spec_version: String,
    /// The operator of the catalog (Level 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<HostInfo>,
    /// The artifacts (REQUIRED, may be empty).
    #[serde(default)]
    pub entries: Vec<CatalogEntry>,
    /// Custom metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl AiCatalog {
    /// A catalog of `entries` at [`SPEC_VERSION`](super::SPEC_VERSION).
    pub fn new(entries: Vec<CatalogEntry>) -> Self {
        AiCatalog {
            spec_version: super::SPEC_VERSION.to_owned(),
            entries,
            ..AiCatalog::default()
        }
    }

    /// Reads a catalog (no validation beyond JSON types; see
    /// [`validate_document`](crate::validate::validate_document)).
    ///
    /// ```
    /// assert!(a2a_card::catalog::AiCatalog::from_json_slice(b"[]").is_err());
    /// ```
    pub fn from_json_slice(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }

    /// Compact JSON.
    pub fn to_json_vec(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a catalog serializes")
    }

    /// As a JSON value.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("a catalog serializes")
    }
}

/// Who operates the catalog.
///
/// ```
/// let host = a2a_card::catalog::HostInfo::new("Acme Services Inc.");
/// assert_eq!(host.display_name, "Acme Services Inc.");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HostInfo {
    /// Human-readable name of the host (REQUIRED).
    #[serde(default)]
    pub display_name: String,
    /// A verifiable identifier (a DID, a domain name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identifier: Option<String>,
    /// The host's documentation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documentation_url: Option<String>,
    /// The host's logo (a data: URI is RECOMMENDED).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    /// Trust metadata about the host itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_manifest: Option<TrustManifest>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl HostInfo {
    /// A host with a display name and nothing else.
    pub fn new(display_name: impl Into<String>) -> Self {
        HostInfo {
            display_name: display_name.into(),
            ..HostInfo::default()
        }
    }
}

/// One artifact of a catalog: exactly one of `url` and `data` is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogEntry {
    /// Identifies the artifact; a URN or URI SHOULD be used (REQUIRED).
    #[serde(default)]
    pub identifier: String,
    /// Human-readable name (REQUIRED).
    #[serde(default)]
    pub display_name: String,
    /// What the artifact is (REQUIRED), e.g. `application/a2a-agent-card+json`.
    #[serde(default)]
    pub media_type: String,
    /// Where the artifact is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The artifact itself, inline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    /// The artifact's version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// A short description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Keywords.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Who publishes the artifact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher: Option<Publisher>,
    /// Identity, attestations, provenance and a signature (Level 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_manifest: Option<TrustManifest>,
    /// When the entry last changed (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    /// Custom metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The entity responsible for an artifact.
///
/// ```
/// let p = a2a_card::catalog::Publisher::new("did:web:acme-corp.com", "Acme Corp");
/// assert_eq!(p.identifier, "did:web:acme-corp.com");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Publisher {
    /// A verifiable identifier of the organization (REQUIRED).
    #[serde(default)]
    pub identifier: String,
    /// Human-readable name (REQUIRED).
    #[serde(default)]
    pub display_name: String,
    /// A hint such as `did` or `dns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity_type: Option<String>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Publisher {
    /// A publisher with an identifier and a name.
    pub fn new(identifier: impl Into<String>, display_name: impl Into<String>) -> Self {
        Publisher {
            identifier: identifier.into(),
            display_name: display_name.into(),
            ..Publisher::default()
        }
    }
}

/// Verifiable identity and trust metadata beside an artifact (never wrapping it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrustManifest {
    /// The subject: on an entry, the entry's `identifier` (REQUIRED).
    #[serde(default)]
    pub identity: String,
    /// A hint such as `did`, `spiffe`, `dns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity_type: Option<String>,
    /// The trust framework applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trust_schema: Option<TrustSchema>,
    /// Verifiable claims.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attestations: Vec<Attestation>,
    /// Lineage: for a served card, its bytes' digest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<ProvenanceLink>,
    /// The privacy policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privacy_policy_url: Option<String>,
    /// The terms of service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms_of_service_url: Option<String>,
    /// A detached compact JWS over the RFC 8785 form of this manifest without `signature`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// Custom metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The trust framework of a manifest.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrustSchema {
    /// Identifies the schema (REQUIRED).
    #[serde(default)]
    pub identifier: String,
    /// The schema's version (REQUIRED).
    #[serde(default)]
    pub version: String,
    /// The governance policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub governance_uri: Option<String>,
    /// Verification methods supported.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verification_methods: Vec<String>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A verifiable proof of a claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attestation {
    /// The kind of attestation, e.g. `SOC2-Type2` (REQUIRED).
    #[serde(default, rename = "type")]
    pub kind: String,
    /// Where the attestation document is (REQUIRED).
    #[serde(default)]
    pub uri: String,
    /// Its format (REQUIRED).
    #[serde(default)]
    pub media_type: String,
    /// `algorithm:hex`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// Size in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// A label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Lineage of an artifact.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProvenanceLink {
    /// e.g. `publishedFrom` (REQUIRED).
    #[serde(default)]
    pub relation: String,
    /// The source (REQUIRED).
    #[serde(default)]
    pub source_id: String,
    /// `algorithm:hex` of the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_digest: Option<String>,
    /// The registry holding the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registry_uri: Option<String>,
    /// A provenance statement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statement_uri: Option<String>,
    /// The key that signed the statement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature_ref: Option<String>,
    /// Members this crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_ENTRY: &[u8] = br#"{"specVersion": "1.0", "entries": [
        {"identifier": "urn:example:a", "displayName": "A",
         "mediaType": "application/a2a-agent-card+json", "url": "https://a.example/card.json"}]}"#;

    #[test]
    fn a_catalog_is_read_written_and_read_back_the_same() {
        let catalog = AiCatalog::from_json_slice(ONE_ENTRY).unwrap();
        assert_eq!(catalog.spec_version, "1.0");
        assert_eq!(catalog.entries.len(), 1);
        assert_eq!(catalog.entries[0].identifier, "urn:example:a");
        let written = catalog.to_json_vec();
        assert_eq!(AiCatalog::from_json_slice(&written).unwrap(), catalog);
        let value = catalog.to_value();
        assert_eq!(value["entries"][0]["displayName"], "A");
        assert_eq!(serde_json::from_slice::<Value>(&written).unwrap(), value);
        assert!(AiCatalog::from_json_slice(b"[]").is_err());
    }
}
