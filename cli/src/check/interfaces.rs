//! The interfaces a card declares: does each answer, does it refuse the extended card to a
//! caller without credentials, and (with `--header`) does it hand the card to one with them.

use std::collections::HashSet;
use std::time::Duration;

use bytes::Bytes;
use http::header::{ACCEPT, CACHE_CONTROL, CONTENT_TYPE, WWW_AUTHENTICATE};
use http::{HeaderMap, HeaderName, HeaderValue, Method, Response, StatusCode, Uri};
use serde_json::{json, Value};

use super::endpoint::header_text;
use super::finding::{quoted, Check, Finding, Place};
use crate::client::{parse_http_url, FetchError, Fetcher, Outgoing};
use a2a_card::{validate_document, AgentCard, AgentInterface, DocumentKind, Profile};

/// The JSON-RPC id `check` sends, so its requests are recognisable in server logs.
const RPC_ID: &str = "a2a-card-check";
/// UnsupportedOperationError: the answer when the card does not offer an extended card.
const UNSUPPORTED_OPERATION: i64 = -32004;
/// (Authenticated)ExtendedAgentCardNotConfiguredError.
const NOT_CONFIGURED: i64 = -32007;
/// Interfaces probed at most: a card is a few of them, and a hostile card must not turn
/// `check` into a scanner of thousands of addresses.
const MAX_PROBED: usize = 16;

/// What an extended-card request got.
enum Answer {
    /// A card (the JSON of the card, and its pointer in the body).
    Card {
        card: Value,
        prefix: &'static str,
    },
    Unauthorized {
        challenge: bool,
    },
    Forbidden,
    /// A JSON-RPC error, or an HTTP 400 from an HTTP+JSON route.
    Refusal {
        code: Option<i64>,
        status: StatusCode,
    },
    Other(String),
    Unreachable(FetchError),
}

impl Answer {
    fn describe(&self) -> String {
        match self {
            Answer::Card { .. } => "the card".to_owned(),
            Answer::Unauthorized { .. } => "401".to_owned(),
            Answer::Forbidden => "403".to_owned(),
            Answer::Refusal {
                code: Some(code),
                status,
            } => format!("JSON-RPC error {code} (HTTP {})", status.as_u16()),
            Answer::Refusal { code: None, status } => format!("HTTP {}", status.as_u16()),
            Answer::Other(what) => what.clone(),
            Answer::Unreachable(error) => format!("no answer ({error})"),
        }
    }
}

/// One extended-card request for an interface: where it goes and what it sends.
struct Probe {
    url: Uri,
    request: Outgoing,
    jsonrpc: bool,
    /// A 0.x interface (whose "not configured" answer is -32007 even with the flag off).
    v03: bool,
}

/// Scheme, host and port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin(String, String, u16);

impl Origin {
    pub(crate) fn of(uri: &Uri) -> Origin {
        let scheme = uri.scheme_str().unwrap_or("https").to_ascii_lowercase();
        let port = uri
            .port_u16()
            .unwrap_or(if scheme == "http" { 80 } else { 443 });
        let host = uri.host().unwrap_or_default().to_ascii_lowercase();
        Origin(scheme, host, port)
    }

    fn is_loopback(&self) -> bool {
        let host = self.1.trim_start_matches('[').trim_end_matches(']');
        host == "localhost"
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }
}

/// The `--header` credentials and the origins they may be sent to: the card names the
/// interfaces, and the card comes from the server being audited, so it must not be able to
/// send the credentials elsewhere, or over plain http beyond this machine.
pub(crate) struct Credentials {
    pub(crate) headers: HeaderMap,
    pub(crate) origins: Vec<Origin>,
}

impl Credentials {
    fn may_go_to(&self, url: &Uri) -> Result<(), String> {
        let origin = Origin::of(url);
        if origin.0 == "http" && !origin.is_loopback() {
            return Err("plain http beyond loopback".to_owned());
        }
        if !self.origins.contains(&origin) {
            return Err(
                "another origin than the base URL's (allow it with --credentials-origin)"
                    .to_owned(),
            );
        }
        Ok(())
    }
}

/// Why an interface gets no extended-card request.
#[derive(Debug)]
enum Skip {
    /// gRPC or a custom binding.
    NotHttp,
    /// An HTTP binding whose URL cannot be used.
    BadUrl(String),
}

/// Probes every interface of `card`; `credentials` are the `--header`s (possibly none).
pub(crate) async fn interface_findings(
    fetcher: &Fetcher,
    card: &AgentCard,
    card_url: &str,
    credentials: &Credentials,
    findings: &mut Vec<Finding>,
) {
    let capability = card.capabilities.extended_agent_card == Some(true);
    let mut validated = HashSet::new();
    let mut probed = false;
    for (index, interface) in card
        .supported_interfaces
        .iter()
        .enumerate()
        .take(MAX_PROBED)
    {
        let probe = match probe_for(interface) {
            Ok(probe) => probe,
            Err(Skip::NotHttp) => {
                not_probed(fetcher.timeout(), interface, findings).await;
                continue;
            }
            Err(Skip::BadUrl(why)) => {
                findings.push(Finding::new(
                    Check::InterfaceUrlUnusable,
                    Place::pointer(card_url, format!("/supportedInterfaces/{index}/url")),
                    format!("{why}; clients cannot use this interface"),
                ));
                continue;
            }
        };
        probed = true;
        let place = Place::url(&probe.url);
        let answer = ask(fetcher, &probe, &HeaderMap::new(), findings).await;
        unauthenticated(capability, probe.v03, &answer, place.clone(), findings);
        let reachable = !matches!(answer, Answer::Unreachable(_));
        if capability && !credentials.headers.is_empty() && reachable {
            if let Err(why) = credentials.may_go_to(&probe.url) {
                findings.push(Finding::new(
                    Check::CredentialsWithheld,
                    place,
                    format!("the --header credentials were not sent here: {why}"),
                ));
                continue;
            }
            match ask_for_response(fetcher, &probe, &credentials.headers, findings).await {
                Ok((answer, response)) => {
                    authenticated(&probe, answer, &response, &mut validated, findings)
                }
                Err(error) => findings.push(Finding::new(
                    Check::ExtendedCardRefused,
                    place,
                    format!("with the given headers: no answer ({error})"),
                )),
            }
        }
    }
    let left = card.supported_interfaces.len().saturating_sub(MAX_PROBED);
    if left > 0 {
        findings.push(Finding::new(
            Check::InterfaceNotProbed,
            Place::pointer(card_url, format!("/supportedInterfaces/{MAX_PROBED}")),
            format!("{left} more interface(s) not probed; only the first {MAX_PROBED} are"),
        ));
    }
    if capability && credentials.headers.is_empty() && probed {
        findings.push(Finding::new(
            Check::ExtendedCardNotFetched,
            Place::pointer(card_url, "/capabilities/extendedAgentCard"),
            "the card offers an extended card; pass its credentials with --header to fetch \
             and validate it",
        ));
    }
}

/// The extended-card request for an HTTP interface.
fn probe_for(interface: &AgentInterface) -> Result<Probe, Skip> {
    let jsonrpc = match interface.protocol_binding.as_str() {
        "JSONRPC" => true,
        "HTTP+JSON" => false,
        _ => return Err(Skip::NotHttp),
    };
    let v03 = interface.protocol_version.starts_with("0.");
    let base = parse_http_url(&interface.url).map_err(|e| Skip::BadUrl(e.to_string()))?;
    let mut request = if jsonrpc {
        let mut params = json!({});
        if !interface.tenant.is_empty() {
            params["tenant"] = json!(interface.tenant);
        }
        let method = if v03 {
            "agent/getAuthenticatedExtendedCard"
        } else {
            "GetExtendedAgentCard"
        };
        let body = json!({"jsonrpc": "2.0", "id": RPC_ID, "method": method, "params": params});
        let mut request = Outgoing::new(Method::POST)
            .header(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        request.body = Bytes::from(body.to_string());
        request
    } else {
        Outgoing::new(Method::GET)
    }
    .header(ACCEPT, HeaderValue::from_static("application/json"));
    // Servers pick the protocol version by this header (§3.6); an empty one is left out.
    if let Ok(version) = HeaderValue::from_str(&interface.protocol_version) {
        if !version.is_empty() {
            request = request.header(HeaderName::from_static("a2a-version"), version);
        }
    }
    let url = if jsonrpc {
        base
    } else {
        let tenant = (!v03 && !interface.tenant.is_empty()).then_some(interface.tenant.as_str());
        let last = if v03 { "v1/card" } else { "extendedAgentCard" };
        rest_route(&base, tenant, last).ok_or_else(|| {
            Skip::BadUrl("the route cannot be built from this URL and tenant".to_owned())
        })?
    };
    Ok(Probe {
        url,
        request,
        jsonrpc,
        v03,
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

/// gRPC gets a TCP connect (speaking HTTP/2 and protobuf is beyond this command); custom
/// bindings and URLs that are not HTTP get a note.
async fn not_probed(timeout: Duration, interface: &AgentInterface, findings: &mut Vec<Finding>) {
    let place = Place::url(&interface.url);
    if interface.protocol_binding != "GRPC" {
        findings.push(Finding::new(
            Check::InterfaceNotProbed,
            place,
            format!(
                "binding {} at this URL is not probed",
                quoted(&interface.protocol_binding)
            ),
        ));
        return;
    }
    let Some(address) = grpc_address(&interface.url) else {
        findings.push(Finding::new(
            Check::InterfaceNotProbed,
            place,
            "no host and port in this gRPC URL; not probed",
        ));
        return;
    };
    let connected = tokio::time::timeout(timeout, tokio::net::TcpStream::connect(&address)).await;
    match connected {
        Ok(Ok(_)) => findings.push(Finding::new(
            Check::InterfaceNotProbed,
            place,
            format!(
                "gRPC: {address} accepts TCP connections; the gRPC service itself is not probed"
            ),
        )),
        Ok(Err(error)) => findings.push(Finding::new(
            Check::InterfaceUnreachable,
            place,
            format!("gRPC: cannot connect to {address}: {error}"),
        )),
        Err(_) => findings.push(Finding::new(
            Check::InterfaceUnreachable,
            place,
            format!("gRPC: no connection to {address} within {timeout:?}"),
        )),
    }
}

/// `host:port` of a gRPC target: `host:port`, `dns:///host:port` or an http(s) URL.
fn grpc_address(url: &str) -> Option<String> {
    if let Ok(uri) = parse_http_url(url) {
        let https = uri.scheme_str() == Some("https");
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        return Some(format!("{}:{port}", uri.host()?));
    }
    let target = url.strip_prefix("dns:///").unwrap_or(url);
    let (host, port) = target.rsplit_once(':')?;
    let port: u16 = port.parse().ok()?;
    (!host.is_empty()).then(|| format!("{host}:{port}"))
}

async fn ask(
    fetcher: &Fetcher,
    probe: &Probe,
    extra: &HeaderMap,
    findings: &mut Vec<Finding>,
) -> Answer {
    match ask_for_response(fetcher, probe, extra, findings).await {
        Ok((answer, _)) => answer,
        Err(error) if error.is_unreachable() => Answer::Unreachable(error),
        Err(error) => Answer::Other(format!("no usable answer ({error})")),
    }
}

async fn ask_for_response(
    fetcher: &Fetcher,
    probe: &Probe,
    extra: &HeaderMap,
    findings: &mut Vec<Finding>,
) -> Result<(Answer, Response<Bytes>), FetchError> {
    let mut request = probe.request.clone();
    for (name, value) in extra {
        request.headers.append(name, value.clone());
    }
    let exchange = fetcher.send(&probe.url, &request).await;
    if !exchange.redirects.is_empty() {
        let chain: Vec<String> = exchange.redirects.iter().map(ToString::to_string).collect();
        findings.push(Finding::new(
            Check::Redirected,
            Place::url(&probe.url),
            format!("redirected to {}", chain.join(" then ")),
        ));
    }
    let response = exchange.result?;
    Ok((classify(probe.jsonrpc, &response), response))
}

fn classify(jsonrpc: bool, response: &Response<Bytes>) -> Answer {
    let status = response.status();
    match status {
        StatusCode::UNAUTHORIZED => {
            return Answer::Unauthorized {
                challenge: response.headers().contains_key(WWW_AUTHENTICATE),
            }
        }
        StatusCode::FORBIDDEN => return Answer::Forbidden,
        _ => {}
    }
    let body: Option<Value> = serde_json::from_slice(response.body()).ok();
    if jsonrpc {
        if let Some(body) = &body {
            if status.is_success() && body.get("result").is_some_and(Value::is_object) {
                return Answer::Card {
                    card: body["result"].clone(),
                    prefix: "/result",
                };
            }
            if let Some(code) = body.pointer("/error/code").and_then(Value::as_i64) {
                return Answer::Refusal {
                    code: Some(code),
                    status,
                };
            }
        }
    } else if status == StatusCode::OK && body.as_ref().is_some_and(Value::is_object) {
        return Answer::Card {
            card: body.unwrap_or_default(),
            prefix: "",
        };
    } else if status == StatusCode::BAD_REQUEST {
        return Answer::Refusal { code: None, status };
    }
    Answer::Other(format!("HTTP {}", status.as_u16()))
}

/// What an extended-card request without credentials must get.
fn unauthenticated(
    capability: bool,
    v03: bool,
    answer: &Answer,
    place: Place,
    findings: &mut Vec<Finding>,
) {
    let finding = match answer {
        Answer::Unreachable(error) => Some((
            Check::InterfaceUnreachable,
            format!("the interface does not answer: {error}"),
        )),
        Answer::Card { .. } => Some((
            Check::ExtendedCardUnprotected,
            "the extended card was returned to a request without credentials; it MUST require \
             authentication (§13.3)"
                .to_owned(),
        )),
        Answer::Unauthorized { challenge: false } => Some((
            Check::NoChallenge,
            "401 without WWW-Authenticate; the challenge tells clients which credentials to send"
                .to_owned(),
        )),
        Answer::Unauthorized { .. } | Answer::Forbidden => None,
        // v0.3 has no UnsupportedOperationError for this method: its "not configured"
        // error is the answer there.
        Answer::Refusal {
            code: Some(NOT_CONFIGURED),
            ..
        } if !capability && v03 => None,
        Answer::Refusal {
            code: Some(UNSUPPORTED_OPERATION),
            ..
        }
        | Answer::Refusal { code: None, .. }
            if !capability =>
        {
            None
        }
        other if capability => Some((
            Check::ExtendedNotRefused,
            format!(
                "an extended-card request without credentials got {}; expected 401 with \
                 WWW-Authenticate",
                other.describe()
            ),
        )),
        other => Some((
            Check::CapabilityOffAnswer,
            format!(
                "the card offers no extended card, so the request should get \
                 UnsupportedOperationError (JSON-RPC {UNSUPPORTED_OPERATION} or HTTP 400); got {}",
                other.describe()
            ),
        )),
    };
    if let Some((check, message)) = finding {
        findings.push(Finding::new(check, place, message));
    }
}

/// The answer to a request with the `--header` credentials: the card, validated.
fn authenticated(
    probe: &Probe,
    answer: Answer,
    response: &Response<Bytes>,
    validated: &mut HashSet<Vec<u8>>,
    findings: &mut Vec<Finding>,
) {
    let url = probe.url.to_string();
    let Answer::Card { card, prefix } = answer else {
        findings.push(Finding::new(
            Check::ExtendedCardRefused,
            Place::url(&url),
            format!(
                "with the given headers the request got {}, not the extended card",
                answer.describe()
            ),
        ));
        return;
    };
    let cache_control = header_text(response.headers(), CACHE_CONTROL).unwrap_or_default();
    let lower = cache_control.to_ascii_lowercase();
    if !lower.contains("private") && !lower.contains("no-store") {
        findings.push(Finding::new(
            Check::ExtendedCardCacheable,
            Place::header(&url, "Cache-Control"),
            format!(
                "the extended card is sent with Cache-Control {}; send `private` or `no-store` \
                 so shared caches do not hand it to others",
                quoted(&cache_control)
            ),
        ));
    }
    let bytes = serde_json::to_vec(&card).unwrap_or_default();
    // Every interface usually serves the same extended card: report its problems once.
    if !validated.insert(bytes.clone()) {
        return;
    }
    match validate_document(&bytes, Profile::Spec, Some(DocumentKind::Card)) {
        Ok(report) => findings.extend(
            report
                .diagnostics
                .iter()
                .map(|d| Finding::from_diagnostic(d, &url, prefix)),
        ),
        Err(error) => findings.push(Finding::new(
            Check::ExtendedCardUnreadable,
            Place::pointer(&url, prefix),
            error.to_string(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_targets_give_host_and_port() {
        assert_eq!(
            grpc_address("dns:///a.example:50051").as_deref(),
            Some("a.example:50051")
        );
        assert_eq!(
            grpc_address("a.example:443").as_deref(),
            Some("a.example:443")
        );
        assert_eq!(
            grpc_address("https://a.example").as_deref(),
            Some("a.example:443")
        );
        assert_eq!(grpc_address("a.example"), None);
        assert_eq!(grpc_address(":1"), None);
    }

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
    fn credentials_go_only_to_trusted_origins_over_tls_or_loopback() {
        let uri = |u: &str| -> Uri { u.parse().unwrap() };
        let credentials = Credentials {
            headers: HeaderMap::new(),
            origins: vec![
                Origin::of(&uri("https://a.example")),
                Origin::of(&uri("http://127.0.0.1:8080")),
                Origin::of(&uri("http://a.example")),
            ],
        };
        assert!(credentials
            .may_go_to(&uri("https://a.example:443/rpc"))
            .is_ok());
        assert!(credentials
            .may_go_to(&uri("http://127.0.0.1:8080/rpc"))
            .is_ok());
        assert!(credentials
            .may_go_to(&uri("https://b.example/rpc"))
            .is_err());
        assert!(credentials
            .may_go_to(&uri("http://127.0.0.1:9/rpc"))
            .is_err());
        // Trusted, but cleartext beyond this machine.
        assert!(credentials.may_go_to(&uri("http://a.example/rpc")).is_err());
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
