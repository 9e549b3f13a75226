//! [`ErrorCode`]: the JSON-RPC error codes A2A answers with (§5.4, §9.5), and what goes in
//! the `google.rpc.ErrorInfo` of an error (§11.6).

/// The `@type` of the `google.rpc.ErrorInfo` detail carried by A2A errors.
pub const ERROR_INFO_TYPE: &str = "type.googleapis.com/google.rpc.ErrorInfo";
/// The `domain` of an A2A error's `ErrorInfo`.
pub const ERROR_DOMAIN: &str = "a2a-protocol.org";

/// An error code: the JSON-RPC 2.0 standard ones, the generic server error, and the A2A
/// errors of the specification's table (§5.4), each with its gRPC status and HTTP status.
///
/// ```
/// use a2a_card::protocol::ErrorCode;
/// let code = ErrorCode::ExtendedAgentCardNotConfigured;
/// assert_eq!(code.code(), -32007);
/// assert_eq!(code.reason(), "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
/// assert_eq!((code.grpc_status(), code.http_status()), ("FAILED_PRECONDITION", 400));
/// assert_eq!(ErrorCode::from_code(-32004), Some(ErrorCode::UnsupportedOperation));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// -32700 `JSONParseError`: the body is not JSON.
    ParseError,
    /// -32600 `InvalidRequestError`: not a valid JSON-RPC request object.
    InvalidRequest,
    /// -32601 `MethodNotFoundError`.
    MethodNotFound,
    /// -32602 `InvalidParamsError`.
    InvalidParams,
    /// -32603 `InternalError`.
    InternalError,
    /// -32000: JSON-RPC's implementation-defined server error. A2A defines no JSON-RPC code
    /// for a refused credential; this crate answers 401 and 403 with this one.
    ServerError,
    /// -32001 `TaskNotFoundError`.
    TaskNotFound,
    /// -32002 `TaskNotCancelableError`.
    TaskNotCancelable,
    /// -32003 `PushNotificationNotSupportedError`.
    PushNotificationNotSupported,
    /// -32004 `UnsupportedOperationError`: e.g. the extended card of an agent that does not
    /// declare `capabilities.extendedAgentCard`.
    UnsupportedOperation,
    /// -32005 `ContentTypeNotSupportedError`.
    ContentTypeNotSupported,
    /// -32006 `InvalidAgentResponseError`.
    InvalidAgentResponse,
    /// -32007 `ExtendedAgentCardNotConfiguredError` (v0.3:
    /// `AuthenticatedExtendedCardNotConfiguredError`).
    ExtendedAgentCardNotConfigured,
    /// -32008 `ExtensionSupportRequiredError`.
    ExtensionSupportRequired,
    /// -32009 `VersionNotSupportedError`.
    VersionNotSupported,
}

/// Each code: number, reason (UPPER_SNAKE), gRPC status, HTTP status.
const TABLE: &[(ErrorCode, i64, &str, &str, u16)] = &[
    (
        ErrorCode::ParseError,
        -32700,
        "JSON_PARSE",
        "INVALID_ARGUMENT",
        400,
    ),
    (
        ErrorCode::InvalidRequest,
        -32600,
        "INVALID_REQUEST",
        "INVALID_ARGUMENT",
        400,
    ),
    (
        ErrorCode::MethodNotFound,
        -32601,
        "METHOD_NOT_FOUND",
        "UNIMPLEMENTED",
        404,
    ),
    (
        ErrorCode::InvalidParams,
        -32602,
        "INVALID_PARAMS",
        "INVALID_ARGUMENT",
        400,
    ),
    (
        ErrorCode::InternalError,
        -32603,
        "INTERNAL",
        "INTERNAL",
        500,
    ),
    (
        ErrorCode::ServerError,
        -32000,
        "SERVER_ERROR",
        "UNKNOWN",
        500,
    ),
    (
        ErrorCode::TaskNotFound,
        -32001,
        "TASK_NOT_FOUND",
        "NOT_FOUND",
        404,
    ),
    (
        ErrorCode::TaskNotCancelable,
        -32002,
        "TASK_NOT_CANCELABLE",
        "FAILED_PRECONDITION",
        400,
    ),
    (
        ErrorCode::PushNotificationNotSupported,
        -32003,
        "PUSH_NOTIFICATION_NOT_SUPPORTED",
        "FAILED_PRECONDITION",
        400,
    ),
    (
        ErrorCode::UnsupportedOperation,
        -32004,
        "UNSUPPORTED_OPERATION",
        "FAILED_PRECONDITION",
        400,
    ),
    (
        ErrorCode::ContentTypeNotSupported,
        -32005,
        "CONTENT_TYPE_NOT_SUPPORTED",
        "INVALID_ARGUMENT",
        400,
    ),
    (
        ErrorCode::InvalidAgentResponse,
        -32006,
        "INVALID_AGENT_RESPONSE",
        "INTERNAL",
        500,
    ),
    (
        ErrorCode::ExtendedAgentCardNotConfigured,
        -32007,
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
        "FAILED_PRECONDITION",
        400,
    ),
    (
        ErrorCode::ExtensionSupportRequired,
        -32008,
        "EXTENSION_SUPPORT_REQUIRED",
        "FAILED_PRECONDITION",
        400,
    ),
    (
        ErrorCode::VersionNotSupported,
        -32009,
        "VERSION_NOT_SUPPORTED",
        "FAILED_PRECONDITION",
        400,
    ),
];

impl ErrorCode {
    fn row(self) -> &'static (ErrorCode, i64, &'static str, &'static str, u16) {
        TABLE
            .iter()
            .find(|row| row.0 == self)
            .expect("every code is in the table")
    }

    /// The JSON-RPC `error.code`.
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::ErrorCode::UnsupportedOperation.code(), -32004);
    /// ```
    pub fn code(self) -> i64 {
        self.row().1
    }

    /// The code a JSON-RPC error carries, when it is one of these.
    ///
    /// ```
    /// use a2a_card::protocol::ErrorCode;
    /// assert_eq!(ErrorCode::from_code(-32700), Some(ErrorCode::ParseError));
    /// assert_eq!(ErrorCode::from_code(7), None);
    /// ```
    pub fn from_code(code: i64) -> Option<ErrorCode> {
        TABLE.iter().find(|row| row.1 == code).map(|row| row.0)
    }

    /// The `ErrorInfo.reason`: the error's name in UPPER_SNAKE, without `Error`.
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::ErrorCode::UnsupportedOperation.reason(), "UNSUPPORTED_OPERATION");
    /// ```
    pub fn reason(self) -> &'static str {
        self.row().2
    }

    /// The gRPC status of the error (also the `status` of an HTTP+JSON error body).
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::ErrorCode::TaskNotFound.grpc_status(), "NOT_FOUND");
    /// ```
    pub fn grpc_status(self) -> &'static str {
        self.row().3
    }

    /// The HTTP status of the error on the HTTP+JSON binding (§5.4).
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::ErrorCode::InvalidAgentResponse.http_status(), 500);
    /// ```
    pub fn http_status(self) -> u16 {
        self.row().4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_round_trip() {
        for row in TABLE {
            assert_eq!(ErrorCode::from_code(row.1), Some(row.0));
            assert_eq!(row.0.code(), row.1);
        }
    }
}
