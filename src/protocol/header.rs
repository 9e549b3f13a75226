//! Header names of the A2A service parameters (§3.2.6), spelled as the specification writes
//! them. Header names compare case-insensitively; [`http::HeaderMap`] lookups accept these
//! as they are.
//!
//! ```
//! let mut headers = http::HeaderMap::new();
//! headers.insert("a2a-version", http::HeaderValue::from_static("0.3"));
//! assert_eq!(headers[a2a_card::protocol::header::A2A_VERSION], "0.3");
//! ```

/// `A2A-Version`: the protocol version the client speaks (`VersionNotSupportedError` when
/// the agent does not).
pub const A2A_VERSION: &str = "A2A-Version";
/// `A2A-Extensions`: comma-separated URIs of the extensions the client wants to use.
pub const A2A_EXTENSIONS: &str = "A2A-Extensions";

/// [`A2A_VERSION`] as an [`http::HeaderName`], for building requests and responses.
///
/// ```
/// assert_eq!(a2a_card::protocol::header::A2A_VERSION_NAME, "a2a-version");
/// ```
pub const A2A_VERSION_NAME: http::HeaderName = http::HeaderName::from_static("a2a-version");
