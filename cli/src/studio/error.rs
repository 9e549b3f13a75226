//! What the studio's API answers when a request cannot be served, and the JSON responses
//! themselves. Every refusal is a 4xx with `{"error": {"code", "message", ...}}` naming what
//! is wrong; the API has no 5xx answer for anything a client sends.

use http::header::{ALLOW, CACHE_CONTROL, CONTENT_TYPE};
use http::{HeaderValue, Response, StatusCode};
use serde_json::{Value, json};

use a2a_card::ReadError;

/// Why the API refused a request.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ApiError {
    #[error("the request body is larger than {limit} bytes; send at most {limit}")]
    TooLarge { limit: usize },
    #[error("the request body could not be read: {0}")]
    BodyUnreadable(String),
    #[error("the request body is not valid JSON at line {line}, column {column}: {message}")]
    NotJson {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{0}")]
    BadField(String),
    #[error("unknown profile {0:?}: use profile=spec or profile=registry")]
    UnknownProfile(String),
    #[error("unknown value {value:?} for {name}: use {allowed}")]
    BadParameter {
        name: &'static str,
        value: String,
        allowed: &'static str,
    },
    #[error("unknown query parameter {0:?} (this endpoint takes {1})")]
    UnknownParameter(String, &'static str),
    #[error("send the body as JSON with Content-Type: application/json")]
    NotJsonMediaType,
    #[error(
        "the studio answers requests for localhost or an IP address only (Host was {0:?}); \
         open it by its address, such as http://127.0.0.1:8090"
    )]
    ForeignHost(String),
    #[error("{method} is not allowed here; use {allowed}")]
    MethodNotAllowed {
        method: String,
        allowed: &'static str,
    },
    #[error(
        "no API endpoint {0}; the endpoints are /api/validate, /api/migrate, /api/generate and /api/fetch"
    )]
    NoSuchEndpoint(String),
    #[error("values of the wrong type (A2A-E002) stop the conversion; fix them and convert again")]
    NotConvertible(Vec<Value>),
}

impl ApiError {
    fn status(&self) -> StatusCode {
        match self {
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BodyUnreadable(_)
            | ApiError::NotJson { .. }
            | ApiError::BadField(_)
            | ApiError::UnknownProfile(_)
            | ApiError::BadParameter { .. }
            | ApiError::UnknownParameter(..) => StatusCode::BAD_REQUEST,
            ApiError::NotJsonMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::ForeignHost(_) => StatusCode::FORBIDDEN,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::NoSuchEndpoint(_) => StatusCode::NOT_FOUND,
            ApiError::NotConvertible(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// A stable, machine-readable name for the kind of refusal.
    fn code(&self) -> &'static str {
        match self {
            ApiError::TooLarge { .. } => "too-large",
            ApiError::BodyUnreadable(_) => "body-unreadable",
            ApiError::NotJson { .. } => "not-json",
            ApiError::BadField(_) => "bad-field",
            ApiError::UnknownProfile(_) => "unknown-profile",
            ApiError::BadParameter { .. } => "bad-parameter",
            ApiError::UnknownParameter(..) => "unknown-parameter",
            ApiError::NotJsonMediaType => "not-json-media-type",
            ApiError::ForeignHost(_) => "foreign-host",
            ApiError::MethodNotAllowed { .. } => "method-not-allowed",
            ApiError::NoSuchEndpoint(_) => "no-such-endpoint",
            ApiError::NotConvertible(_) => "not-convertible",
        }
    }

    pub(crate) fn into_response(self) -> Response<String> {
        let mut error = json!({"code": self.code(), "message": self.to_string()});
        match &self {
            ApiError::NotJson { line, column, .. } => {
                error["line"] = json!(line);
                error["column"] = json!(column);
            }
            ApiError::NotConvertible(diagnostics) => error["diagnostics"] = json!(diagnostics),
            _ => {}
        }
        let mut response = json_response(self.status(), &json!({ "error": error }));
        if let ApiError::MethodNotAllowed { allowed, .. } = self {
            response
                .headers_mut()
                .insert(ALLOW, HeaderValue::from_static(allowed));
        }
        response
    }
}

impl ApiError {
    /// A request body that serde could not read as `what`: not JSON at all (line and column),
    /// or JSON of the wrong shape (serde names the field type it expected).
    pub(crate) fn from_serde(error: &serde_json::Error, what: &str) -> Self {
        let full = error.to_string();
        let message = full
            .rfind(" at line ")
            .map_or(full.as_str(), |at| &full[..at])
            .to_owned();
        let (line, column) = (error.line(), error.column());
        match error.classify() {
            serde_json::error::Category::Data => {
                ApiError::BadField(format!("{what} at line {line}, column {column}: {message}"))
            }
            _ => ApiError::NotJson {
                line: line.max(1),
                column: column.max(1),
                message,
            },
        }
    }
}

impl From<ReadError> for ApiError {
    fn from(error: ReadError) -> Self {
        match error {
            ReadError::Syntax {
                line,
                column,
                message,
            } => ApiError::NotJson {
                line,
                column,
                message,
            },
            // Callers that read a card handle wrong types themselves; this is the fallback.
            ReadError::Shape(diagnostics) => {
                ApiError::NotConvertible(diagnostics.iter().map(|d| json!(d)).collect())
            }
        }
    }
}

/// A JSON response that no cache keeps (answers depend on the request body).
pub(crate) fn json_response(status: StatusCode, body: &Value) -> Response<String> {
    let mut response = Response::new(serde_json::to_string_pretty(body).unwrap_or_default());
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// 405 for a page asset asked for with a method other than GET or HEAD.
pub(crate) fn method_not_allowed(allowed: &'static str) -> Response<String> {
    let mut response = Response::new(format!("use {allowed}\n"));
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
        .headers_mut()
        .insert(ALLOW, HeaderValue::from_static(allowed));
    response
}
