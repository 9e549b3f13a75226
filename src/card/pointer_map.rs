//! Maps JSON pointers in a migrated v1.0 document back to where the same value sat in the
//! document that was read, so diagnostics about a v0.3 card point into the file its author
//! wrote.

use std::collections::HashMap;

/// Prefix renames recorded while a document was converted: `(v1.0 prefix, source prefix)`.
///
/// ```
/// use a2a_card::PointerMap;
///
/// let mut map = PointerMap::default();
/// map.record("/supportedInterfaces/0/url", "/url");
/// map.record("/securityRequirements/0/schemes/oauth/list", "/security/0/oauth");
/// assert_eq!(map.to_source("/supportedInterfaces/0/url"), "/url");
/// assert_eq!(map.to_source("/securityRequirements/0/schemes/oauth/list/1"), "/security/0/oauth/1");
/// assert_eq!(map.to_source("/skills/0/tags"), "/skills/0/tags");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PointerMap {
    // Keyed by v1.0 prefix, so a lookup costs one probe per reference token of the pointer,
    // not a scan of every rename (a v0.3 card can record tens of thousands).
    renames: HashMap<String, String>,
}

impl PointerMap {
    /// Records that what is at `migrated` in the v1.0 document came from `source`.
    ///
    /// ```
    /// let mut map = a2a_card::PointerMap::default();
    /// map.record("/capabilities/extendedAgentCard", "/supportsAuthenticatedExtendedCard");
    /// assert!(!map.is_empty());
    /// ```
    pub fn record(&mut self, migrated: impl Into<String>, source: impl Into<String>) {
        self.renames.insert(migrated.into(), source.into());
    }

    /// True when nothing was renamed (the document was read as written).
    ///
    /// ```
    /// assert!(a2a_card::PointerMap::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.renames.is_empty()
    }

    /// The pointer into the source document for a pointer into the migrated one: the longest
    /// recorded prefix (matched on whole reference tokens) is replaced.
    ///
    /// ```
    /// let mut map = a2a_card::PointerMap::default();
    /// map.record("/securityRequirements", "/security");
    /// assert_eq!(map.to_source("/securityRequirements/0"), "/security/0");
    /// assert_eq!(map.to_source("/securityRequirementsX"), "/securityRequirementsX");
    /// ```
    pub fn to_source(&self, pointer: &str) -> String {
        // A value can be moved twice (a proto field name renamed, then a pre-v1.0 spelling
        // below it converted), so renames are followed until none applies; the bound keeps a
        // cycle, which no conversion records, from looping.
        let mut current = pointer.to_owned();
        for _ in 0..8 {
            match self.rename_once(&current) {
                Some(next) if next != current => current = next,
                _ => break,
            }
        }
        current
    }

    fn rename_once(&self, pointer: &str) -> Option<String> {
        let mut prefix = pointer;
        loop {
            if let Some(source) = self.renames.get(prefix) {
                return Some(format!("{source}{}", &pointer[prefix.len()..]));
            }
            match prefix.rfind('/') {
                Some(cut) if cut > 0 => prefix = &prefix[..cut],
                _ => return None,
            }
        }
    }
}
