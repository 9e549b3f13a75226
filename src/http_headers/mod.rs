//! The HTTP helpers the layers and the audit share, below all of them: the middlewares read
//! what clients send (`If-None-Match`, `Accept-Encoding`, a request's path), the audit reads
//! what servers send (`ETag`, `Last-Modified`). One reading each, so every side agrees on
//! what is valid.
//!
//! | file | what | for |
//! |---|---|---|
//! | `entity_tag.rs` | entity tags: lists read, the strong ETag of bytes, strong and weak comparison | serve (and extended), check |
//! | `http_date.rs` | HTTP dates in their three formats | serve, check |
//! | `conditional.rs` | a request's validators and the RFC 9110 §13.2.2 decision | serve, extended |
//! | `content_coding.rs` | the gzip and brotli bytes built once, the `Accept-Encoding` choice | serve, extended |
//! | `path.rs` | the canonical reading of a path: one spelling, plain segments, mount prefixes | serve, extended |
//! | `lenient_path.rs` | a path as the most lenient server behind a layer could read it | extended |
//! | `bytes_eq.rs` | byte comparisons for the per-request path without `memcmp` | serve |
//! | `vary.rs` | one `Vary` header from the names that chose an answer | serve, extended |

#[cfg(feature = "serve")]
pub(crate) mod bytes_eq;
#[cfg(feature = "serve")]
pub(crate) mod conditional;
#[cfg(feature = "serve")]
pub(crate) mod content_coding;
pub(crate) mod entity_tag;
pub(crate) mod http_date;
#[cfg(feature = "extended")]
pub(crate) mod lenient_path;
#[cfg(feature = "serve")]
pub(crate) mod path;
#[cfg(feature = "serve")]
pub(crate) mod vary;
