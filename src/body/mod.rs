//! Bodies shared by the middlewares (`serve`, `security`, `extended`): the response body, a body
//! of the middleware's own (prebuilt bytes, or nothing) or the inner service's body
//! untouched; and the bounded read of a JSON-RPC request's start ([`PeekSettings`]: how far,
//! how long, within which budget), which the extended-card layer uses to learn the method and
//! the security layer to answer a refusal in JSON-RPC style with the request's id.

/// How much of a JSON-RPC request body the middlewares read (to learn its method, or its id
/// for a refusal); a larger body is not read further.
///
/// ```
/// assert_eq!(a2a_card::body::DEFAULT_JSONRPC_PEEK, 64 * 1024);
/// ```
pub const DEFAULT_JSONRPC_PEEK: usize = 64 * 1024;

#[cfg(feature = "auth")]
mod bounded;
#[cfg(feature = "auth")]
mod budget;
#[cfg(feature = "auth")]
mod peek;
mod response;
#[cfg(feature = "auth")]
mod timeout;

#[cfg(feature = "auth")]
pub(crate) use crate::json_scan::jsonrpc::{Call, scan_call};
#[cfg(feature = "auth")]
pub(crate) use bounded::{ReadFailure, timed_out};
// Only the extended-card layer answers a call it cannot hold; the security layer writes its
// refusal without the id instead.
#[cfg(feature = "extended")]
pub(crate) use bounded::over_budget;
#[cfg(feature = "auth")]
pub(crate) use budget::Held;
#[cfg(feature = "auth")]
pub use budget::{BodyBudget, DEFAULT_BODY_BUDGET};
#[cfg(feature = "auth")]
pub use peek::PeekSettings;
pub use response::ResponseBody;
#[cfg(all(feature = "grpc", feature = "extended"))]
pub(crate) use response::Trailers;
#[cfg(feature = "auth")]
pub use timeout::BodyTimeout;
