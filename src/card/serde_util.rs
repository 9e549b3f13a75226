//! Small serde helpers that give the model ProtoJSON semantics.
//!
//! ProtoJSON readers treat `null` as "field not set", so every non-optional field of the
//! model reads `null` as its default value instead of failing.

use serde::{Deserialize, Deserializer};

/// Reads `null` (or an absent field, together with `#[serde(default)]`) as `T::default()`.
pub(crate) fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// `skip_serializing_if` for proto3 booleans: `false` is the default and is omitted.
pub(crate) fn is_false(value: &bool) -> bool {
    !*value
}
