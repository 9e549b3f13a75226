//! Maps JSON pointers in a migrated v1.0 document back to where the same value sat in the
//! document that was read, so diagnostics about a v0.3 card point into the file its author
//! wrote.

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
    renames: Vec<(String, String)>,
}

impl PointerMap {
    /// Records that what is at `migrated` in the v1.0 document came from `source`.
    pub fn record(&mut self, migrated: impl Into<String>, source: impl Into<String>) {
        self.renames.push((migrated.into(), source.into()));
    }

    /// True when nothing was renamed (the document was read as written).
    pub fn is_empty(&self) -> bool {
        self.renames.is_empty()
    }

    /// The pointer into the source document for a pointer into the migrated one: the longest
    /// recorded prefix (matched on whole reference tokens) is replaced.
    pub fn to_source(&self, pointer: &str) -> String {
        let best = self
            .renames
            .iter()
            .filter(|(prefix, _)| {
                pointer == prefix
                    || (pointer.starts_with(prefix.as_str())
                        && pointer.as_bytes().get(prefix.len()) == Some(&b'/'))
            })
            .max_by_key(|(prefix, _)| prefix.len());
        match best {
            Some((prefix, source)) => format!("{source}{}", &pointer[prefix.len()..]),
            None => pointer.to_owned(),
        }
    }
}
