//! The guides: the repository's `docs/*.md` pages, as part of the API documentation.
//!
//! Each page is a module of its own so that `cargo test --doc` compiles every Rust block in
//! it (a guide's example that no longer builds fails the tests, as a module's doc example
//! does). A page shows when the features its examples need are on (docs.rs builds with all
//! of them). On GitHub the same pages are `docs/*.md`; the lines starting with `# ` in their
//! Rust blocks are the setup rustdoc hides.

#[doc = include_str!("../docs/api.md")]
pub mod api {}

#[doc = include_str!("../docs/reading.md")]
pub mod reading {}

#[cfg(feature = "serve")]
#[doc = include_str!("../docs/serving.md")]
pub mod serving {}

#[cfg(feature = "extended")]
#[doc = include_str!("../docs/proxies.md")]
pub mod proxies {}

#[cfg(all(feature = "extended", feature = "jwt"))]
#[doc = include_str!("../docs/extended-card.md")]
pub mod extended_card {}

#[cfg(feature = "sign")]
#[doc = include_str!("../docs/signatures.md")]
pub mod signatures {}

#[cfg(all(feature = "catalog", feature = "serve", feature = "sign"))]
#[doc = include_str!("../docs/catalog.md")]
pub mod catalog {}

#[cfg(feature = "check")]
#[doc = include_str!("../docs/audit.md")]
pub mod audit {}
