//! [`GrpcStatus`]: how a gRPC call ends (`grpc-status`, `grpc-message`,
//! `grpc-status-details-bin`), with the A2A `google.rpc.ErrorInfo` the spec requires in the
//! details (§10.6).

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
use bytes::Bytes;
use http::header::CONTENT_TYPE;
use http::{HeaderMap, HeaderValue, Response};
use prost::Message;

use super::code::Code;
use crate::protocol::{ERROR_DOMAIN, ERROR_INFO_TYPE, ErrorCode};

/// `grpc-status`: the status code, in decimal.
pub const GRPC_STATUS: &str = "grpc-status";
/// `grpc-message`: the message, percent-encoded.
pub const GRPC_MESSAGE: &str = "grpc-message";
/// `grpc-status-details-bin`: a `google.rpc.Status`, base64.
pub const GRPC_STATUS_DETAILS: &str = "grpc-status-details-bin";

/// `google.rpc.Status`, as `grpc-status-details-bin` carries it.
#[derive(Clone, PartialEq, Message)]
struct RpcStatus {
    #[prost(int32, tag = "1")]
    code: i32,
    #[prost(string, tag = "2")]
    message: String,
    #[prost(message, repeated, tag = "3")]
    details: Vec<prost_types::Any>,
}

/// `google.rpc.ErrorInfo`: the A2A error's reason and domain.
#[derive(Clone, PartialEq, Message)]
struct ErrorInfo {
    #[prost(string, tag = "1")]
    reason: String,
    #[prost(string, tag = "2")]
    domain: String,
    #[prost(btree_map = "string, string", tag = "3")]
    metadata: std::collections::BTreeMap<String, String>,
}

/// How a gRPC call ended: a code, a message and, for A2A errors, the reason an ErrorInfo
/// (domain `a2a-protocol.org`) carries in `grpc-status-details-bin`.
///
/// ```
/// use a2a_card::protocol::grpc::{Code, GrpcStatus};
/// let status = GrpcStatus::new(Code::Unauthenticated, "Authentication is required")
///     .with_reason("UNAUTHENTICATED");
/// let response = status.trailers_only();
/// assert_eq!(response.status(), 200);
/// assert_eq!(response.headers()["grpc-status"], "16");
/// assert_eq!(GrpcStatus::from_headers(response.headers()), Some(status));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrpcStatus {
    code: Code,
    message: String,
    reason: Option<String>,
}

impl GrpcStatus {
    /// A status with a message and no details.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// assert_eq!(GrpcStatus::new(Code::Unimplemented, "no").reason(), None);
    /// ```
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        GrpcStatus {
            code,
            message: message.into(),
            reason: None,
        }
    }

    /// An A2A error in the gRPC binding: the status code of the spec's table (§5.4) and the
    /// error's reason in an ErrorInfo.
    ///
    /// ```
    /// use a2a_card::protocol::ErrorCode;
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// let status = GrpcStatus::from_error(ErrorCode::ExtendedAgentCardNotConfigured, "none");
    /// assert_eq!(status.code(), Code::FailedPrecondition);
    /// assert_eq!(status.reason(), Some("EXTENDED_AGENT_CARD_NOT_CONFIGURED"));
    /// ```
    pub fn from_error(error: ErrorCode, message: impl Into<String>) -> Self {
        let code = Code::from_name(error.grpc_status()).unwrap_or(Code::Unknown);
        GrpcStatus::new(code, message).with_reason(error.reason())
    }

    /// The same status with an ErrorInfo naming `reason` (domain `a2a-protocol.org`).
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// let status = GrpcStatus::new(Code::PermissionDenied, "no").with_reason("PERMISSION_DENIED");
    /// assert_eq!(status.reason(), Some("PERMISSION_DENIED"));
    /// ```
    pub fn with_reason(mut self, reason: &str) -> Self {
        self.reason = Some(reason.to_owned());
        self
    }

    /// The status code.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// assert_eq!(GrpcStatus::new(Code::NotFound, "").code(), Code::NotFound);
    /// ```
    pub fn code(&self) -> Code {
        self.code
    }

    /// The message, for people.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// assert_eq!(GrpcStatus::new(Code::NotFound, "gone").message(), "gone");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The A2A error reason of the details' ErrorInfo, if any.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// assert_eq!(GrpcStatus::new(Code::NotFound, "").with_reason("TASK_NOT_FOUND").reason(), Some("TASK_NOT_FOUND"));
    /// ```
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// `grpc-status`, `grpc-message` (when not empty) and `grpc-status-details-bin`: the
    /// trailers of a call that sent messages, or the headers of one that sent none.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// let headers = GrpcStatus::new(Code::Ok, "").to_headers();
    /// assert_eq!(headers.len(), 1);
    /// assert_eq!(headers["grpc-status"], "0");
    /// ```
    pub fn to_headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(GRPC_STATUS, HeaderValue::from(self.code as i32));
        if !self.message.is_empty() {
            let encoded = percent_encode(&self.message);
            headers.insert(
                GRPC_MESSAGE,
                HeaderValue::try_from(encoded).expect("percent-encoded text is a header value"),
            );
        }
        if let Some(details) = self.details() {
            let encoded = STANDARD_NO_PAD.encode(details);
            headers.insert(
                GRPC_STATUS_DETAILS,
                HeaderValue::try_from(encoded).expect("base64 is a header value"),
            );
        }
        headers
    }

    /// A response that is the status alone ("Trailers-Only"): HTTP 200,
    /// `content-type: application/grpc`, the status headers, no body.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// let response = GrpcStatus::new(Code::Unimplemented, "no such method").trailers_only();
    /// assert_eq!(response.headers()["content-type"], "application/grpc");
    /// assert_eq!(response.headers()["grpc-message"], "no such method");
    /// assert!(response.body().is_empty());
    /// ```
    pub fn trailers_only(&self) -> Response<Bytes> {
        let mut response = Response::new(Bytes::new());
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(super::CONTENT_TYPE));
        headers.extend(self.to_headers());
        response
    }

    /// The status in `headers` (a Trailers-Only response's headers, or a call's trailers):
    /// `None` without a readable `grpc-status`. The reason is read from the details when
    /// they hold an ErrorInfo.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::{Code, GrpcStatus};
    /// let mut headers = http::HeaderMap::new();
    /// headers.insert("grpc-status", "7".parse()?);
    /// headers.insert("grpc-message", "no%20scopes".parse()?);
    /// let status = GrpcStatus::from_headers(&headers).unwrap();
    /// assert_eq!((status.code(), status.message()), (Code::PermissionDenied, "no scopes"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_headers(headers: &HeaderMap) -> Option<GrpcStatus> {
        let code = headers.get(GRPC_STATUS)?.to_str().ok()?.parse().ok()?;
        let message = headers
            .get(GRPC_MESSAGE)
            .map(|value| percent_decode(value.as_bytes()))
            .unwrap_or_default();
        let reason = headers
            .get(GRPC_STATUS_DETAILS)
            .and_then(|value| reason_in_details(value.as_bytes()));
        Some(GrpcStatus {
            code: Code::from_i32(code)?,
            message,
            reason,
        })
    }

    /// The `google.rpc.Status` with the ErrorInfo, when there is a reason.
    fn details(&self) -> Option<Vec<u8>> {
        let reason = self.reason.as_ref()?;
        let info = ErrorInfo {
            reason: reason.clone(),
            domain: ERROR_DOMAIN.to_owned(),
            metadata: Default::default(),
        };
        let status = RpcStatus {
            code: self.code as i32,
            message: self.message.clone(),
            details: vec![prost_types::Any {
                type_url: ERROR_INFO_TYPE.to_owned(),
                value: info.encode_to_vec(),
            }],
        };
        Some(status.encode_to_vec())
    }
}

/// The reason of the first A2A ErrorInfo in a `grpc-status-details-bin` value (padded or
/// not, as gRPC allows both).
fn reason_in_details(value: &[u8]) -> Option<String> {
    let trimmed = value.trim_ascii_end();
    let bytes = STANDARD_NO_PAD
        .decode(trimmed)
        .or_else(|_| STANDARD.decode(trimmed))
        .ok()?;
    let status = RpcStatus::decode(bytes.as_slice()).ok()?;
    status
        .details
        .iter()
        .filter(|any| any.type_url == ERROR_INFO_TYPE)
        .filter_map(|any| ErrorInfo::decode(any.value.as_slice()).ok())
        .find(|info| info.domain == ERROR_DOMAIN)
        .map(|info| info.reason)
}

/// gRPC's encoding of `grpc-message`: bytes outside printable ASCII, and `%`, as `%XX`.
fn percent_encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if (0x20..=0x7e).contains(&byte) && byte != b'%' {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// The reverse of [`percent_encode`]; a `%` not followed by two hex digits is kept as is
/// (gRPC says to read a malformed message as far as it goes, never to fail the call).
fn percent_decode(value: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(value.len());
    let mut at = 0;
    while at < value.len() {
        let hex = value.get(at + 1..at + 3).and_then(|pair| {
            let text = std::str::from_utf8(pair).ok()?;
            u8::from_str_radix(text, 16).ok()
        });
        match (value[at], hex) {
            (b'%', Some(byte)) => {
                bytes.push(byte);
                at += 3;
            }
            (byte, _) => {
                bytes.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_outside_printable_ascii_are_percent_encoded_and_read_back() {
        for text in [
            "plain",
            "50% off",
            "caf\u{e9}",
            "line\nbreak",
            "tab\there",
            "~ok~",
        ] {
            let encoded = percent_encode(text);
            assert!(
                encoded.bytes().all(|b| (0x20..=0x7e).contains(&b)),
                "{encoded}"
            );
            assert_eq!(percent_decode(encoded.as_bytes()), text);
        }
        assert_eq!(percent_encode("50% off"), "50%25 off");
        assert_eq!(percent_decode(b"100%"), "100%");
        assert_eq!(percent_decode(b"%zz%4"), "%zz%4");
    }

    #[test]
    fn the_details_carry_an_a2a_error_info_that_reads_back() {
        let status = GrpcStatus::from_error(ErrorCode::UnsupportedOperation, "no extended card");
        let headers = status.to_headers();
        assert_eq!(headers[GRPC_STATUS], "9");
        let details = headers[GRPC_STATUS_DETAILS].as_bytes();
        assert!(!details.ends_with(b"="), "unpadded, as gRPC emits");
        let decoded =
            RpcStatus::decode(STANDARD_NO_PAD.decode(details).unwrap().as_slice()).unwrap();
        assert_eq!(decoded.code, 9);
        assert_eq!(decoded.message, "no extended card");
        assert_eq!(decoded.details[0].type_url, ERROR_INFO_TYPE);
        let info = ErrorInfo::decode(decoded.details[0].value.as_slice()).unwrap();
        assert_eq!(
            (info.reason.as_str(), info.domain.as_str()),
            ("UNSUPPORTED_OPERATION", "a2a-protocol.org")
        );
        assert_eq!(GrpcStatus::from_headers(&headers), Some(status));
    }

    #[test]
    fn padded_details_and_other_domains_are_read_as_grpc_allows() {
        let status = GrpcStatus::new(Code::Unauthenticated, "x").with_reason("UNAUTHENTICATED");
        let padded = STANDARD.encode(status.details().unwrap());
        assert_eq!(
            reason_in_details(padded.as_bytes()).as_deref(),
            Some("UNAUTHENTICATED")
        );
        let foreign = RpcStatus {
            code: 16,
            message: String::new(),
            details: vec![prost_types::Any {
                type_url: ERROR_INFO_TYPE.to_owned(),
                value: ErrorInfo {
                    reason: "X".into(),
                    domain: "example.com".into(),
                    metadata: Default::default(),
                }
                .encode_to_vec(),
            }],
        };
        let encoded = STANDARD_NO_PAD.encode(foreign.encode_to_vec());
        assert_eq!(reason_in_details(encoded.as_bytes()), None);
        assert_eq!(reason_in_details(b"not base64!"), None);
    }

    #[test]
    fn a_status_without_a_readable_code_is_none() {
        for value in ["", "x", "-1", "17", "99999999999"] {
            let mut headers = HeaderMap::new();
            headers.insert(GRPC_STATUS, HeaderValue::from_str(value).unwrap());
            assert_eq!(GrpcStatus::from_headers(&headers), None, "{value:?}");
        }
        assert_eq!(GrpcStatus::from_headers(&HeaderMap::new()), None);
    }
}
