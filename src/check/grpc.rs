//! A GRPC interface's probe: an unauthenticated `GetExtendedAgentCard` over HTTP/2, through
//! the crate's one client ([`Client::http2_only`]) under its destination policy and
//! deadlines. `http://` URLs (and `grpc://`) get h2c with prior knowledge; `https://`,
//! `grpcs://`, `host:port` and `dns:` targets get TLS offering ALPN `h2`, as gRPC clients
//! dial them.
//!
//! What the answer means (A2A §10.6, §5.4): UNAUTHENTICATED or PERMISSION_DENIED is the
//! refusal wanted (a note naming it); a card is the extended card handed out without
//! credentials (an error); UNIMPLEMENTED, or FAILED_PRECONDITION with UNSUPPORTED_OPERATION
//! or EXTENDED_AGENT_CARD_NOT_CONFIGURED, is an interface that does not serve it (a note);
//! no gRPC status at all is something else answering there (a warning); any other status
//! is judged as on the HTTP bindings (not refused, or not the answer the capability asks
//! for).

use bytes::Bytes;
use http::header::{CONTENT_TYPE, TE};
use http::{HeaderValue, Method, Response, Uri};

use super::endpoint::stopped_by;
use super::finding::{Place, finding, quoted};
use crate::client::{Client, ClientError, Outgoing, Trailers};
use crate::protocol::ErrorCode;
use crate::protocol::grpc::{self, GrpcStatus};
use crate::protocol::header::A2A_VERSION_NAME;
use crate::validate::grpc_url::grpc_target;
use crate::{AgentInterface, Code, Diagnostic};

/// What the gRPC call got.
#[derive(Debug)]
enum GrpcAnswer {
    /// grpc-status 0 and a message that reads as an AgentCard.
    Card,
    /// grpc-status 0 and no AgentCard (no message, or another one).
    OkWithout(String),
    /// A status other than OK.
    Status(GrpcStatus),
    /// No gRPC status: HTTP status, content type.
    NotGrpc(String),
}

/// Probes one GRPC interface; `capability` is the card's `capabilities.extendedAgentCard`.
pub(super) async fn grpc_findings(
    client: &Client,
    interface: &AgentInterface,
    capability: bool,
    findings: &mut Vec<Diagnostic>,
) {
    let url = match grpc_url(&interface.url) {
        Ok(url) => url,
        Err(problem) => {
            findings.push(finding(
                Code::InterfaceNotProbed,
                Place::url(&interface.url),
                format!("this gRPC URL cannot be dialled ({problem}); not probed"),
            ));
            return;
        }
    };
    let place = Place::url(&url);
    let request = extended_card_call(interface);
    let exchange = client.http2_only().send(&url, &request).await;
    let response = match exchange.result {
        Ok(response) => response,
        Err(error) => {
            findings.push(failed(&error, place));
            return;
        }
    };
    let (code, message) = match classify(&response) {
        GrpcAnswer::Card => (
            Code::ExtendedCardUnprotected,
            "gRPC: GetExtendedAgentCard without credentials returned the extended card; it \
             MUST require authentication (§13.3): refuse with UNAUTHENTICATED"
                .to_owned(),
        ),
        GrpcAnswer::Status(status) => judge(&status, capability),
        GrpcAnswer::OkWithout(what) => not_refused(&format!("OK with {what}"), capability),
        GrpcAnswer::NotGrpc(what) => (
            Code::NotGrpc,
            format!(
                "gRPC: GetExtendedAgentCard got {what} without a grpc-status; no gRPC service \
                 answers at this URL"
            ),
        ),
    };
    findings.push(finding(code, place, message));
}

/// The URL the call goes to: `{scheme}://{authority}{path}/lf.a2a.v1.A2AService/
/// GetExtendedAgentCard`, read by validation's one reading of a gRPC target
/// ([`grpc_target`]): https unless the interface says cleartext (`http://`, `grpc://`). A URL
/// validation refuses is not dialled; the error is why.
fn grpc_url(url: &str) -> Result<Uri, String> {
    let target = grpc_target(url)?;
    let scheme = if target.tls { "https" } else { "http" };
    let call = grpc::method_path(grpc::GET_EXTENDED_AGENT_CARD);
    format!("{scheme}://{}{}{call}", target.authority, target.path)
        .parse()
        .map_err(|_| "it is not a URL a client can send to".to_owned())
}

/// The call: POST, `application/grpc`, `te: trailers`, the framed request with the
/// interface's tenant, and the interface's protocol version as metadata (§10.2).
fn extended_card_call(interface: &AgentInterface) -> Outgoing {
    let mut call = Outgoing::new(Method::POST)
        .header(CONTENT_TYPE, HeaderValue::from_static(grpc::CONTENT_TYPE))
        .header(TE, HeaderValue::from_static("trailers"))
        .body(grpc::frame(&grpc::extended_card_request(&interface.tenant)));
    if let Ok(value) = HeaderValue::from_str(&interface.protocol_version) {
        if !value.is_empty() {
            call = call.header(A2A_VERSION_NAME, value);
        }
    }
    call
}

/// The status in the trailers, or in the headers of a trailers-only answer.
fn classify(response: &Response<Bytes>) -> GrpcAnswer {
    let status = response
        .extensions()
        .get::<Trailers>()
        .and_then(|trailers| GrpcStatus::from_headers(&trailers.0))
        .or_else(|| GrpcStatus::from_headers(response.headers()));
    let Some(status) = status.filter(|_| response.status().is_success()) else {
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .map(|v| quoted(&String::from_utf8_lossy(v.as_bytes())))
            .unwrap_or_else(|| "no content type".to_owned());
        return GrpcAnswer::NotGrpc(format!(
            "HTTP {} ({content_type})",
            response.status().as_u16()
        ));
    };
    if status.code() != grpc::Code::Ok {
        return GrpcAnswer::Status(status);
    }
    match grpc::unframe(response.body()) {
        Ok(message) => match grpc::agent_card_from_proto(message) {
            Ok(card) if card.get("name").is_some() => GrpcAnswer::Card,
            _ => GrpcAnswer::OkWithout("a message that is not an AgentCard".to_owned()),
        },
        Err(error) => GrpcAnswer::OkWithout(format!("no message it could read ({error})")),
    }
}

/// The finding for a status other than OK.
fn judge(status: &GrpcStatus, capability: bool) -> (Code, String) {
    let named = describe(status);
    let unsupported = [
        ErrorCode::UnsupportedOperation.reason(),
        ErrorCode::ExtendedAgentCardNotConfigured.reason(),
    ];
    match status.code() {
        grpc::Code::Unauthenticated | grpc::Code::PermissionDenied => (
            Code::GrpcExtendedRefused,
            format!("gRPC: GetExtendedAgentCard without credentials is refused with {named}"),
        ),
        grpc::Code::FailedPrecondition
            if status.reason().is_some_and(|r| unsupported.contains(&r)) =>
        {
            unsupported_here(&named, capability)
        }
        grpc::Code::Unimplemented => unsupported_here(&named, capability),
        _ => not_refused(&named, capability),
    }
}

fn unsupported_here(named: &str, capability: bool) -> (Code, String) {
    let offered = if capability {
        "; the card offers an extended card (capabilities.extendedAgentCard), which gRPC \
         clients of this interface will not get"
    } else {
        ""
    };
    (
        Code::GrpcExtendedUnsupported,
        format!("gRPC: GetExtendedAgentCard is not served here: {named}{offered}"),
    )
}

/// Neither a refusal nor "not served": judged as the HTTP bindings' answers are.
fn not_refused(named: &str, capability: bool) -> (Code, String) {
    if capability {
        (
            Code::ExtendedNotRefused,
            format!(
                "gRPC: GetExtendedAgentCard without credentials got {named}; expected \
                 UNAUTHENTICATED (16)"
            ),
        )
    } else {
        (
            Code::CapabilityOffAnswer,
            format!(
                "gRPC: the card offers no extended card, so GetExtendedAgentCard should get \
                 FAILED_PRECONDITION with UNSUPPORTED_OPERATION (§5.4); got {named}"
            ),
        )
    }
}

/// `UNAUTHENTICATED (16) "message"`, with the ErrorInfo reason when there is one.
fn describe(status: &GrpcStatus) -> String {
    let mut text = format!("{} ({})", status.code().name(), status.code() as i32);
    if let Some(reason) = status.reason() {
        text.push_str(&format!(" reason {}", quoted(reason)));
    }
    if !status.message().is_empty() {
        text.push_str(&format!(" {}", quoted(status.message())));
    }
    text
}

/// No answer: refused by policy or budget, nothing there, or no gRPC spoken.
fn failed(error: &ClientError, place: Place) -> Diagnostic {
    match stopped_by(error) {
        Some((code, message)) => finding(code, place, format!("gRPC: {message}")),
        None if error.is_unreachable() => finding(
            Code::InterfaceUnreachable,
            place,
            format!("gRPC: the interface does not answer: {error}"),
        ),
        None => finding(
            Code::NotGrpc,
            place,
            format!("gRPC: no HTTP/2 answer to GetExtendedAgentCard ({error})"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::grpc::Code as Status;

    #[test]
    fn each_target_form_gets_its_url() {
        let at = |url: &str| grpc_url(url).ok().map(|u| u.to_string());
        let call = "/lf.a2a.v1.A2AService/GetExtendedAgentCard";
        let want = |u: &str| Some(format!("{u}{call}"));
        assert_eq!(
            at("https://a.example/a2a/grpc/"),
            want("https://a.example/a2a/grpc")
        );
        assert_eq!(at("http://127.0.0.1:9"), want("http://127.0.0.1:9"));
        assert_eq!(at("grpc://a.example:50051"), want("http://a.example:50051"));
        assert_eq!(at("grpcs://a.example"), want("https://a.example"));
        assert_eq!(at("a.example:443"), want("https://a.example:443"));
        assert_eq!(at("dns:///a.example:443"), want("https://a.example:443"));
        assert_eq!(at("dns:a.example:8443"), want("https://a.example:8443"));
        assert_eq!(
            at("dns://8.8.8.8/a.example:443"),
            want("https://a.example:443")
        );
        assert_eq!(at("fc00::1:50051"), want("https://[fc00::1]:50051"));
        assert_eq!(at("[::1]:50051"), want("https://[::1]:50051"));
        // Refused by validation, so not dialled.
        assert_eq!(at("https://a.example/a?x#y"), None);
        assert_eq!(at("a.example"), None);
        assert_eq!(at(":1"), None);
        assert_eq!(at("unix:///run/a.sock"), None);
    }

    #[test]
    fn each_status_gets_its_finding() {
        let finding_for = |status: GrpcStatus, capability: bool| judge(&status, capability).0;
        let plain = |code| GrpcStatus::new(code, "m");
        for refused in [Status::Unauthenticated, Status::PermissionDenied] {
            assert_eq!(finding_for(plain(refused), true), Code::GrpcExtendedRefused);
            assert_eq!(
                finding_for(plain(refused), false),
                Code::GrpcExtendedRefused
            );
        }
        assert_eq!(
            finding_for(plain(Status::Unimplemented), false),
            Code::GrpcExtendedUnsupported
        );
        let unsupported = GrpcStatus::from_error(ErrorCode::UnsupportedOperation, "m");
        assert_eq!(unsupported.code(), Status::FailedPrecondition);
        assert_eq!(
            finding_for(unsupported.clone(), false),
            Code::GrpcExtendedUnsupported
        );
        let (_, message) = judge(&unsupported, true);
        assert!(message.contains("offers an extended card"), "{message}");
        let not_configured = GrpcStatus::from_error(ErrorCode::ExtendedAgentCardNotConfigured, "m");
        assert_eq!(
            finding_for(not_configured, true),
            Code::GrpcExtendedUnsupported
        );
        // Near misses: FAILED_PRECONDITION without the reason, or with another one.
        assert_eq!(
            finding_for(plain(Status::FailedPrecondition), true),
            Code::ExtendedNotRefused
        );
        assert_eq!(
            finding_for(
                plain(Status::FailedPrecondition).with_reason("TASK_NOT_CANCELABLE"),
                false
            ),
            Code::CapabilityOffAnswer
        );
        for other in [
            Status::Unknown,
            Status::InvalidArgument,
            Status::NotFound,
            Status::Internal,
            Status::Unavailable,
        ] {
            assert_eq!(finding_for(plain(other), true), Code::ExtendedNotRefused);
            assert_eq!(finding_for(plain(other), false), Code::CapabilityOffAnswer);
        }
        let (_, message) = judge(
            &plain(Status::PermissionDenied).with_reason("NO_SCOPE"),
            true,
        );
        assert!(
            message.contains("PERMISSION_DENIED (7) reason \"NO_SCOPE\" \"m\""),
            "{message}"
        );
    }

    #[test]
    fn an_answer_without_grpc_status_is_not_grpc() {
        let answer = |status: u16, headers: &[(&str, &str)], body: &[u8]| {
            let mut response = Response::new(Bytes::copy_from_slice(body));
            *response.status_mut() = http::StatusCode::from_u16(status).unwrap();
            for (name, value) in headers {
                response.headers_mut().insert(
                    http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                    HeaderValue::from_str(value).unwrap(),
                );
            }
            classify(&response)
        };
        assert!(matches!(
            answer(404, &[("content-type", "text/html")], b"<html>"),
            GrpcAnswer::NotGrpc(what) if what.contains("404") && what.contains("text/html")
        ));
        assert!(matches!(answer(200, &[], b""), GrpcAnswer::NotGrpc(_)));
        // A gRPC status on an HTTP error is not a gRPC answer either.
        assert!(matches!(
            answer(500, &[("grpc-status", "16")], b""),
            GrpcAnswer::NotGrpc(_)
        ));
        assert!(matches!(
            answer(200, &[("grpc-status", "16")], b""),
            GrpcAnswer::Status(s) if s.code() == Status::Unauthenticated
        ));
        assert!(matches!(
            answer(200, &[("grpc-status", "0")], b""),
            GrpcAnswer::OkWithout(_)
        ));
    }
}
