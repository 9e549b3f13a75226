//! What converting a document found. It sits below both [`upgrade`](super::upgrade), which
//! runs the conversion, and [`v03`](super::v03), whose readers record into it, so neither of
//! those two imports the other for it.

use super::PointerMap;
use crate::diagnostic::Diagnostic;

/// What converting a document found.
#[derive(Debug, Default)]
pub(crate) struct Conversion {
    /// Warnings about what was converted (pointers into the source document).
    pub(crate) notes: Vec<Diagnostic>,
    /// Values of a type the conversion cannot use (pointers into the source document).
    pub(crate) errors: Vec<Diagnostic>,
    pub(crate) pointers: PointerMap,
}
