//! The gRPC binding's vocabulary (A2A §10): the service and its method paths, gRPC statuses
//! with the A2A ErrorInfo (§10.6), length-prefixed messages, and the protobuf messages the
//! layers read and write (the `AgentCard` a `GetExtendedAgentCard` call answers with, its
//! request).
//!
//! A gRPC call is an HTTP/2 `POST /lf.a2a.v1.A2AService/{Method}` with
//! `content-type: application/grpc`; credentials and service parameters travel as gRPC
//! metadata, which is HTTP headers (§10.2), so the card's security schemes read them as they
//! read any request's. The answer is HTTP 200 in every case: a message followed by trailers
//! holding `grpc-status: 0`, or the status alone ("Trailers-Only").
//!
//! ```
//! use a2a_card::protocol::grpc::{self, Code, GrpcStatus};
//!
//! assert_eq!(grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD), "/lf.a2a.v1.A2AService/GetExtendedAgentCard");
//! let request = http::Request::post("/lf.a2a.v1.A2AService/GetExtendedAgentCard")
//!     .header("content-type", "application/grpc+proto")
//!     .body(grpc::frame(&grpc::extended_card_request("")))?;
//! assert!(grpc::is_grpc(request.headers()));
//! assert_eq!(grpc::read_extended_card_request(grpc::unframe(request.body())?)?, "");
//!
//! let refusal = GrpcStatus::new(Code::Unauthenticated, "Authentication is required").trailers_only();
//! assert_eq!(refusal.headers()["grpc-status"], "16");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod code;
mod frame;
mod proto;
mod status;

pub use code::Code;
pub use frame::{FrameError, frame, unframe};
pub use proto::{
    ProtoError, agent_card_from_proto, agent_card_to_proto, extended_card_request, is_method,
    read_extended_card_request,
};
pub use status::{GRPC_MESSAGE, GRPC_STATUS, GRPC_STATUS_DETAILS, GrpcStatus};

/// The A2A service's full name (package `lf.a2a.v1`).
pub const SERVICE: &str = "lf.a2a.v1.A2AService";

/// The method that returns the authenticated extended card.
pub const GET_EXTENDED_AGENT_CARD: &str = "GetExtendedAgentCard";

/// The content type of a gRPC call and its answers.
pub const CONTENT_TYPE: &str = "application/grpc";

/// The path of one of the service's methods: `/lf.a2a.v1.A2AService/{method}`.
///
/// ```
/// assert_eq!(a2a_card::protocol::grpc::method_path("SendMessage"), "/lf.a2a.v1.A2AService/SendMessage");
/// ```
pub fn method_path(method: &str) -> String {
    format!("/{SERVICE}/{method}")
}

/// Whether a request is a gRPC call: its `Content-Type` is `application/grpc`, alone or
/// with a `+format` suffix or parameters (`application/grpc+proto`,
/// `application/grpc;charset=utf-8`), in any letter case.
///
/// ```
/// use a2a_card::protocol::grpc::is_grpc;
/// let with = |value: &'static str| {
///     let mut headers = http::HeaderMap::new();
///     headers.insert("content-type", http::HeaderValue::from_static(value));
///     is_grpc(&headers)
/// };
/// assert!(with("application/grpc") && with("application/grpc+proto") && with("Application/GRPC"));
/// assert!(!with("application/grpc-web") && !with("application/json") && !with("application/grpcx"));
/// assert!(!is_grpc(&http::HeaderMap::new()));
/// ```
pub fn is_grpc(headers: &http::HeaderMap) -> bool {
    let Some(value) = headers.get(http::header::CONTENT_TYPE) else {
        return false;
    };
    let media = value
        .as_bytes()
        .split(|&b| b == b';')
        .next()
        .unwrap_or_default();
    let media = media.trim_ascii();
    let Some(rest) = media
        .get(..CONTENT_TYPE.len())
        .filter(|head| head.eq_ignore_ascii_case(CONTENT_TYPE.as_bytes()))
        .map(|_| &media[CONTENT_TYPE.len()..])
    else {
        return false;
    };
    // gRPC-Web (`application/grpc-web`) is another protocol: its answers are not these.
    rest.is_empty() || rest.first() == Some(&b'+')
}
