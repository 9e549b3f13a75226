//! The extended-card request each HTTP binding and version gets (gRPC's is in grpc.rs).

use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use http::{HeaderValue, Method, Uri};
use serde_json::json;

use super::finding::{Place, finding, quoted};
use crate::client::{Outgoing, parse_http_url};
use crate::protocol::header::A2A_VERSION_NAME;
use crate::protocol::{Binding, ExtendedCardOperation, ProtocolVersion};
use crate::{AgentInterface, Code, Diagnostic};

/// The JSON-RPC id the audit sends, so its requests are recognisable in server logs.
const RPC_ID: &str = "a2a-card-check";

/// One extended-card request for an interface: where it goes and what it sends.
pub(super) struct Probe {
    pub(super) url: Uri,
    pub(super) request: Outgoing,
    /// The binding and version's extended-card operation (a 0.x interface's "not configured"
    /// answer is -32007 even with the flag off).
    pub(super) operation: ExtendedCardOperation,
}

/// Why an interface gets no extended-card request.
#[derive(Debug)]
pub(super) enum Skip {
    /// gRPC (probed by grpc.rs) or a custom binding.
    NotHttp,
    /// An HTTP binding whose URL cannot be used.
    BadUrl(String),
}

/// The extended-card request for an HTTP interface.
pub(super) fn probe_for(interface: &AgentInterface) -> Result<Probe, Skip> {
    let binding = Binding::parse(&interface.protocol_binding);
    let version = ProtocolVersion::parse(&interface.protocol_version);
    let operation = ExtendedCardOperation::of(&binding, &version).ok_or(Skip::NotHttp)?;
    let base = parse_http_url(&interface.url).map_err(|e| Skip::BadUrl(e.to_string()))?;
    let mut request = match operation.jsonrpc_method() {
        Some(method) => {
            let mut params = json!({});
            if !interface.tenant.is_empty() {
                params["tenant"] = json!(interface.tenant);
            }
            let body = json!({"jsonrpc": "2.0", "id": RPC_ID, "method": method, "params": params});
            let mut request = Outgoing::new(Method::POST)
                .header(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            request.body = Bytes::from(body.to_string());
            request
        }
        None => Outgoing::new(Method::GET),
    }
    .header(ACCEPT, HeaderValue::from_static("application/json"));
    // Servers pick the protocol version by this header (§3.6); an empty one is left out.
    if let Ok(value) = HeaderValue::from_str(&interface.protocol_version) {
        if !value.is_empty() {
            request = request.header(A2A_VERSION_NAME, value);
        }
    }
    let url = match operation.rest_suffix() {
        None => base,
        Some(suffix) => {
            let tenant = (operation.takes_tenant() && !interface.tenant.is_empty())
                .then_some(interface.tenant.as_str());
            rest_route(&base, tenant, suffix.trim_start_matches('/')).ok_or_else(|| {
                Skip::BadUrl("the route cannot be built from this URL and tenant".to_owned())
            })?
        }
    };
    Ok(Probe {
        url,
        request,
        operation,
    })
}

/// `{path}[/{tenant}]/{last}` on the interface's URL, its query kept at the end; the tenant is
/// one path segment, so it is percent-encoded.
fn rest_route(base: &Uri, tenant: Option<&str>, last: &str) -> Option<Uri> {
    let mut path = base.path().trim_end_matches('/').to_owned();
    if let Some(tenant) = tenant {
        path.push('/');
        path.push_str(&percent_encode_segment(tenant));
    }
    path.push('/');
    path.push_str(last);
    if let Some(query) = base.query() {
        path.push('?');
        path.push_str(query);
    }
    let mut parts = base.clone().into_parts();
    parts.path_and_query = Some(path.parse().ok()?);
    Uri::from_parts(parts).ok()
}

/// A path segment with everything but RFC 3986's unreserved characters percent-encoded.
fn percent_encode_segment(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A custom binding gets a note: the audit does not know how to speak it.
pub(super) fn not_probed(interface: &AgentInterface, findings: &mut Vec<Diagnostic>) {
    findings.push(finding(
        Code::InterfaceNotProbed,
        Place::url(&interface.url),
        format!(
            "binding {} at this URL is not probed",
            quoted(&interface.protocol_binding)
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn each_binding_gets_the_spec_route() {
        let probe = |url: &str, binding: &str, version: &str, tenant: &str| {
            let mut interface = AgentInterface::new(url, binding, version);
            interface.tenant = tenant.to_owned();
            probe_for(&interface)
                .ok()
                .map(|p| (p.request.method.to_string(), p.url.to_string()))
        };
        let at = |m: &str, u: &str| Some((m.to_owned(), u.to_owned()));
        let url = "https://a.example/a2a/";
        assert_eq!(
            probe(url, "HTTP+JSON", "1.0", ""),
            at("GET", "https://a.example/a2a/extendedAgentCard")
        );
        assert_eq!(
            probe(url, "HTTP+JSON", "1.0", "t1"),
            at("GET", "https://a.example/a2a/t1/extendedAgentCard")
        );
        assert_eq!(
            probe(url, "HTTP+JSON", "1.0", "a/b c"),
            at("GET", "https://a.example/a2a/a%2Fb%20c/extendedAgentCard")
        );
        assert_eq!(
            probe("https://a.example/a2a?k=v", "HTTP+JSON", "1.0", ""),
            at("GET", "https://a.example/a2a/extendedAgentCard?k=v")
        );
        assert_eq!(
            probe(url, "HTTP+JSON", "0.3", ""),
            at("GET", "https://a.example/a2a/v1/card")
        );
        assert_eq!(probe(url, "JSONRPC", "1.0", ""), at("POST", url));
        assert!(matches!(
            probe_for(&AgentInterface::new(url, "GRPC", "1.0")),
            Err(Skip::NotHttp)
        ));
        assert!(matches!(
            probe_for(&AgentInterface::new("/relative", "JSONRPC", "1.0")),
            Err(Skip::BadUrl(_))
        ));
    }

    #[test]
    fn jsonrpc_probes_name_the_method_of_their_version() {
        let body = |version: &str| {
            let interface = AgentInterface::new("https://a.example/rpc", "JSONRPC", version);
            let probe = probe_for(&interface).unwrap();
            serde_json::from_slice::<Value>(&probe.request.body).unwrap()["method"].clone()
        };
        assert_eq!(body("1.0"), "GetExtendedAgentCard");
        assert_eq!(body("0.3"), "agent/getAuthenticatedExtendedCard");
    }
}
