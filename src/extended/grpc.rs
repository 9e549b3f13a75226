//! The extended card over gRPC (§10.4.11): the `GetExtendedAgentCardRequest` read from the
//! call, the card answered as the proto's `AgentCard` message built with the view, and every
//! error as a gRPC status (§10.6).

use bytes::Bytes;
use http::header::{CACHE_CONTROL, CONTENT_TYPE, VARY};
use http::{HeaderMap, HeaderValue, Response};

use super::responses::A2aError;
use crate::body::{PeekSettings, ReadFailure, Trailers};
use crate::protocol::grpc::{self, Code, GrpcStatus, read_extended_card_request, unframe};

/// `grpc-encoding`: the coding of the call's messages.
const GRPC_ENCODING: &str = "grpc-encoding";

/// The tenant the call's one `GetExtendedAgentCardRequest` names, or the status that says
/// why it cannot be read. The layer answers the call itself, so it reads the whole message
/// (up to the peek's size, deadline and budget).
pub(super) async fn read_request<B>(
    peek: &PeekSettings,
    headers: &HeaderMap,
    body: B,
) -> Result<String, Response<Bytes>>
where
    B: http_body::Body<Data = Bytes>,
{
    if compressed(headers) {
        let mut answer = status(
            Code::Unimplemented,
            "the request message is compressed; send it with grpc-encoding identity",
        );
        let accepted = HeaderValue::from_static("identity");
        answer
            .headers_mut()
            .insert("grpc-accept-encoding", accepted);
        return Err(answer);
    }
    let read = match peek.read(body).await {
        Ok(((read, _, None), _held)) => read,
        Ok(((_, _, Some(_)), _held)) => {
            let limit = peek.limit();
            let message = format!("the request message is larger than {limit} bytes");
            return Err(status(Code::ResourceExhausted, message));
        }
        Err(ReadFailure::TimedOut) => {
            let message = "the request message did not arrive in time";
            return Err(status(Code::DeadlineExceeded, message));
        }
        Err(ReadFailure::OverBudget) => {
            let message = "the server holds too many request bodies; retry";
            return Err(status(Code::Unavailable, message));
        }
        Err(ReadFailure::Body(_)) => {
            let message = "the request body could not be read";
            return Err(status(Code::Cancelled, message));
        }
    };
    let message =
        unframe(&read).map_err(|error| status(Code::InvalidArgument, error.to_string()))?;
    read_extended_card_request(message)
        .map_err(|error| status(Code::InvalidArgument, error.to_string()))
}

/// Whether the call names a message coding other than identity.
fn compressed(headers: &HeaderMap) -> bool {
    headers.get(GRPC_ENCODING).is_some_and(|coding| {
        !coding
            .as_bytes()
            .trim_ascii()
            .eq_ignore_ascii_case(b"identity")
    })
}

/// A status alone, as the whole answer.
pub(super) fn status(code: Code, message: impl Into<String>) -> Response<Bytes> {
    GrpcStatus::new(code, message).trailers_only()
}

/// An A2A error as its gRPC status with the ErrorInfo (§5.4: both errors of this operation
/// are FAILED_PRECONDITION).
pub(super) fn error(error: A2aError) -> Response<Bytes> {
    let (code, message) = error.parts();
    GrpcStatus::from_error(code, message).trailers_only()
}

/// The card: the prebuilt length-prefixed `AgentCard`, then `grpc-status: 0` in the
/// trailers. `Vary` names the credential headers, as for the JSON answers; the card is the
/// caller's view, so nothing caches it (`Cache-Control: no-store`).
pub(super) fn card(message: Option<&Bytes>, vary: &HeaderValue) -> Response<Bytes> {
    let Some(message) = message else {
        // The card read as the proto's message when the layer was built; a view of it always
        // does. Kept as an answer rather than a panic all the same.
        return status(Code::Internal, "the extended card has no protobuf form");
    };
    let mut response = Response::new(message.clone());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(grpc::CONTENT_TYPE));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(VARY, vary.clone());
    let ok = GrpcStatus::new(Code::Ok, "").to_headers();
    response.extensions_mut().insert(Trailers(ok));
    response
}

/// A call the layer cannot answer (a method the service does not define, v0.3's
/// `GetAgentCard`), refused under [`UndecidedCall::Refuse`](super::UndecidedCall::Refuse).
pub(super) fn undecided() -> Response<Bytes> {
    status(
        Code::Unimplemented,
        "this server answers lf.a2a.v1.A2AService's methods by their names in the A2A v1.0 \
         proto; GetExtendedAgentCard returns the extended card",
    )
}

/// A path that is the extended-card method only to a server that decodes or folds case.
pub(super) fn lenient_route() -> Response<Bytes> {
    status(
        Code::Unimplemented,
        "this path is GetExtendedAgentCard only once decoded or case-folded; call \
         /lf.a2a.v1.A2AService/GetExtendedAgentCard as spelled",
    )
}
