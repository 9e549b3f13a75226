//! The layer's own answers: the card (REST or JSON-RPC) and the spec's errors.

use bytes::Bytes;
use http::header::{CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, ETAG, VARY};
use http::{HeaderMap, HeaderValue, Response, StatusCode};
use serde_json::{Value, json};

use super::variants::Rendering;
use crate::http_headers::conditional::{Decision, VaryingHeaders, evaluate};
use crate::protocol::{ERROR_DOMAIN, ERROR_INFO_TYPE, ErrorCode, GET_EXTENDED_AGENT_CARD, jsonrpc};

/// An A2A error of the extended-card operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum A2aError {
    /// The public card does not declare `capabilities.extendedAgentCard`.
    UnsupportedOperation,
    /// Declared, but deliberately left without an extended card (answered after
    /// authentication, so anonymous callers learn nothing).
    NotConfigured,
}

impl A2aError {
    pub(super) fn parts(self) -> (ErrorCode, &'static str) {
        match self {
            A2aError::UnsupportedOperation => (
                ErrorCode::UnsupportedOperation,
                "This agent does not provide an extended agent card",
            ),
            A2aError::NotConfigured => (
                ErrorCode::ExtendedAgentCardNotConfigured,
                "This agent has no extended agent card configured",
            ),
        }
    }

    /// The error's HTTP status with google.rpc.Status (HTTP+JSON binding, §11.6).
    pub(crate) fn rest(self) -> Response<Bytes> {
        let (code, message) = self.parts();
        rest_error(code, message)
    }

    /// A JSON-RPC error (§9.5) with HTTP 200: the binding gives JSON-RPC errors no HTTP
    /// status, the SDKs' servers send them with 200, and their clients read the error only
    /// from a 200 (a 400 reaches the caller as an HTTP failure, the A2A error lost).
    pub(crate) fn jsonrpc(self, id: &Value) -> Response<Bytes> {
        let (code, message) = self.parts();
        jsonrpc_error(code, message, id, StatusCode::OK)
    }
}

/// An A2A error over HTTP+JSON: the code's HTTP status, a google.rpc.Status body with the
/// `ErrorInfo` detail (§11.6).
pub(crate) fn rest_error(code: ErrorCode, message: &str) -> Response<Bytes> {
    let body = json!({"error": {
        "code": code.http_status(),
        "status": code.grpc_status(),
        "message": message,
        "details": [error_info(code.reason())],
    }});
    json_response(
        StatusCode::from_u16(code.http_status()).unwrap_or(StatusCode::BAD_REQUEST),
        "application/json",
        body.to_string(),
    )
}

/// A JSON-RPC error response (§9.5) for the caller's `id`, with the `ErrorInfo` detail in
/// `data`, sent with `status`.
pub(crate) fn jsonrpc_error(
    code: ErrorCode,
    message: &str,
    id: &Value,
    status: StatusCode,
) -> Response<Bytes> {
    let error = jsonrpc::error_object(code, message, Some(json!([error_info(code.reason())])));
    json_response(status, "application/json", jsonrpc::error(Some(id), &error))
}

fn error_info(reason: &str) -> Value {
    json!({
        "@type": ERROR_INFO_TYPE,
        "reason": reason,
        "domain": ERROR_DOMAIN,
    })
}

fn json_response(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<Bytes>,
) -> Response<Bytes> {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The card over HTTP+JSON, with conditional GET (after authentication, never before).
pub(crate) fn rest_card(
    rendering: &Rendering,
    head: bool,
    request: &HeaderMap,
    cache_control: &HeaderValue,
    vary: &HeaderValue,
) -> Response<Bytes> {
    // The coding first: each has its own ETag, and preconditions are about what would be sent.
    let asks = VaryingHeaders::of(request);
    let prebuilt = rendering.select(request, asks);
    let decision = evaluate(request, asks, &prebuilt.etag, None);
    let mut response = Response::new(Bytes::new());
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, cache_control.clone());
    headers.insert(VARY, vary.clone());
    match decision {
        Decision::Serve => {
            headers.insert(ETAG, prebuilt.etag.clone());
            headers.insert(
                CONTENT_TYPE,
                HeaderValue::from_static(crate::protocol::A2A_JSON),
            );
            if let Some(coding) = prebuilt.coding {
                headers.insert(CONTENT_ENCODING, HeaderValue::from_static(coding));
            }
            headers.insert(CONTENT_LENGTH, HeaderValue::from(prebuilt.body.len()));
            if !head {
                *response.body_mut() = prebuilt.body.clone();
            }
        }
        Decision::NotModified => {
            headers.insert(ETAG, prebuilt.etag.clone());
            *response.status_mut() = StatusCode::NOT_MODIFIED;
        }
        Decision::PreconditionFailed => {
            headers.insert(CONTENT_LENGTH, HeaderValue::from_static("0"));
            *response.status_mut() = StatusCode::PRECONDITION_FAILED;
        }
    }
    response
}

/// The card as a JSON-RPC result. The card's bytes are spliced in as built; only the
/// request id is serialized per request. Always identity: the envelope holds the caller's id,
/// so no encoded bytes can be built ahead, and encoding per request is what the layer avoids.
pub(crate) fn jsonrpc_card(
    rendering: &Rendering,
    id: &Value,
    vary: &HeaderValue,
) -> Response<Bytes> {
    let body = jsonrpc::result(Some(id), &rendering.identity().body);
    let mut response = Response::new(Bytes::from(body));
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(VARY, vary.clone());
    response
}

/// 405 for other methods on a REST route; OPTIONS answered with `Allow` (no credentials
/// needed: the routes are derived from the public card anyway).
pub(crate) fn allow(status: StatusCode) -> Response<Bytes> {
    let mut response = Response::new(Bytes::new());
    *response.status_mut() = status;
    response.headers_mut().insert(
        http::header::ALLOW,
        HeaderValue::from_static("GET, HEAD, OPTIONS"),
    );
    if status != StatusCode::NO_CONTENT {
        response
            .headers_mut()
            .insert(CONTENT_LENGTH, HeaderValue::from_static("0"));
    }
    response
}

/// 400 for a request body that could not be read.
pub(crate) fn unreadable_body() -> Response<Bytes> {
    bad_call(ErrorCode::ParseError, "Invalid JSON payload")
}

/// 400 for a batch that contains the extended-card method.
pub(crate) fn batched() -> Response<Bytes> {
    bad_call(
        ErrorCode::InvalidRequest,
        &format!("{GET_EXTENDED_AGENT_CARD} cannot be sent in a batch; send it on its own"),
    )
}

/// 400 with a JSON-RPC error for a call whose id the layer does not know (`null`).
fn bad_call(code: ErrorCode, message: &str) -> Response<Bytes> {
    let error = jsonrpc::error_object(code, message, None);
    json_response(
        StatusCode::BAD_REQUEST,
        "application/json",
        jsonrpc::error(None, &error),
    )
}

/// 404 for a REST route whose tenant segment is not a plain one (google.rpc.Status).
pub(crate) fn bad_tenant() -> Response<Bytes> {
    not_found(
        "no such tenant: a tenant is a single path segment, not a dot segment and without an \
         encoded '/' or '\\'",
    )
}

/// 404 for a path that is an extended-card route only to a server that decodes or normalises
/// more than RFC 3986 allows (google.rpc.Status).
pub(crate) fn lenient_route() -> Response<Bytes> {
    not_found(
        "not found: this path is an extended-card route once an encoded '/', '\\', '%' or ';', \
         a dot segment, an empty segment or a change of case is read into it; ask at the \
         route's own path",
    )
}

fn not_found(message: &str) -> Response<Bytes> {
    json_response(
        StatusCode::NOT_FOUND,
        "application/json",
        json!({"error": {"code": 404, "status": "NOT_FOUND", "message": message}}).to_string(),
    )
}

/// 400 for a call whose method the layer cannot tell, under [`UndecidedCall::Refuse`](super::UndecidedCall::Refuse).
pub(crate) fn undecided() -> Response<Bytes> {
    bad_call(
        ErrorCode::InvalidRequest,
        "The method of this call cannot be read (compressed, too large or not JSON); send it as plain JSON",
    )
}
