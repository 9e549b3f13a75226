//! The card endpoints: what the canonical and legacy paths send, and what their headers say
//! about media type, caching, validators and CORS.

use bytes::Bytes;
use http::header::{
    ACCEPT, ACCESS_CONTROL_ALLOW_ORIGIN, CACHE_CONTROL, CONTENT_TYPE, ETAG, LAST_MODIFIED, ORIGIN,
};
use http::{HeaderMap, HeaderName, HeaderValue, Method, Response, StatusCode, Uri};
use serde::Serialize;

use super::finding::{Place, finding, quoted};
use crate::client::{Client, ClientError, Exchange, Outgoing};
use crate::diagnostic::terminal_safe;
use crate::http_headers::{entity_tag, http_date};
use crate::protocol::A2A_JSON;
use crate::{Code, Diagnostic};

/// The origin `check` claims, to see whether browsers on other origins may read the card.
const PROBE_ORIGIN: &str = "https://a2a-card-check.invalid";

/// What one card path answered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Endpoint {
    /// The URL asked for.
    pub url: String,
    /// Every URL a redirect led to, in order.
    pub redirects: Vec<String>,
    /// The status of the answer.
    pub status: Option<u16>,
    /// Its Content-Type.
    pub content_type: Option<String>,
    /// Its Cache-Control.
    pub cache_control: Option<String>,
    /// Its ETag.
    pub etag: Option<String>,
    /// Its Last-Modified.
    pub last_modified: Option<String>,
    /// Body size in bytes.
    pub size: Option<usize>,
    /// Why nothing answered, when nothing did.
    pub error: Option<String>,
}

impl Endpoint {
    /// The URL that answered: the last redirect, or the one asked for.
    ///
    /// ```
    /// let endpoint = a2a_card::check::Endpoint::default();
    /// assert_eq!(endpoint.final_url(), "");
    /// ```
    pub fn final_url(&self) -> &str {
        self.redirects.last().unwrap_or(&self.url)
    }

    /// What answered, for a message: `HTTP 404`, or why nothing did.
    pub(super) fn answer(&self) -> String {
        match (&self.status, &self.error) {
            (Some(status), _) => format!("HTTP {status}"),
            (None, Some(error)) => error.clone(),
            (None, None) => "nothing".to_owned(),
        }
    }
}

/// One line for a person: `GET URL: 200, application/a2a+json, 1234 bytes, ETag "…",
/// Cache-Control max-age=3600`, with ` (via URL)` after a redirect. Header values come from
/// the server: control characters and bidirectional overrides are escaped, so the line stays
/// one line and shows what was sent.
///
/// ```
/// let mut endpoint = a2a_card::check::Endpoint::default();
/// endpoint.url = "https://a.example/.well-known/agent-card.json".into();
/// endpoint.status = Some(200);
/// endpoint.etag = Some("\"x\"\u{1b}[2J".into());
/// assert_eq!(
///     endpoint.to_string(),
///     "GET https://a.example/.well-known/agent-card.json: 200, ETag \"x\"\\u{1b}[2J"
/// );
/// ```
impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        match (self.status, &self.error) {
            (Some(status), _) => parts.push(status.to_string()),
            (None, Some(error)) => parts.push(error.clone()),
            (None, None) => {}
        }
        if let Some(content_type) = &self.content_type {
            parts.push(content_type.clone());
        }
        if let Some(size) = self.size {
            parts.push(format!("{size} bytes"));
        }
        if let Some(etag) = &self.etag {
            parts.push(format!("ETag {etag}"));
        }
        if let Some(cache_control) = &self.cache_control {
            parts.push(format!("Cache-Control {cache_control}"));
        }
        let via = if self.redirects.is_empty() {
            String::new()
        } else {
            format!(" (via {})", self.final_url())
        };
        let line = format!("GET {}{via}: {}", self.url, parts.join(", "));
        f.write_str(&terminal_safe(&line))
    }
}

/// A card GET: the facts, and the response when there was one.
pub(super) struct CardFetch {
    pub(super) endpoint: Endpoint,
    pub(super) response: Option<Response<Bytes>>,
    /// True when the server could not be reached at all.
    pub(super) unreachable: bool,
    /// Why the fetch was not done: a destination refused (A2A-C412) or the run's budget
    /// spent (A2A-C413), with the message.
    pub(super) stopped: Option<(Code, String)>,
}

impl CardFetch {
    /// The body of a 200.
    pub(super) fn card_body(&self) -> Option<&Bytes> {
        self.response
            .as_ref()
            .filter(|r| r.status() == StatusCode::OK)
            .map(Response::body)
    }
}

/// GETs a card path the way a browser-based client on another origin would.
pub(super) async fn fetch_card(client: &Client, url: &Uri) -> CardFetch {
    fetch(client, url, card_request(Method::GET)).await
}

/// GETs `url` with `request` (its Accept), claiming another origin as a browser would.
pub(super) async fn fetch(client: &Client, url: &Uri, request: Outgoing) -> CardFetch {
    let request = request.header(ORIGIN, HeaderValue::from_static(PROBE_ORIGIN));
    let Exchange { redirects, result } = client.send(url, &request).await;
    let mut endpoint = Endpoint {
        url: url.to_string(),
        redirects: redirects.iter().map(ToString::to_string).collect(),
        ..Endpoint::default()
    };
    match result {
        Err(error) => {
            endpoint.error = Some(error.to_string());
            let stopped = stopped_by(&error);
            CardFetch {
                endpoint,
                response: None,
                unreachable: error.is_unreachable() && stopped.is_none(),
                stopped,
            }
        }
        Ok(response) => {
            let text = |name: HeaderName| header_text(response.headers(), name);
            endpoint.status = Some(response.status().as_u16());
            endpoint.content_type = text(CONTENT_TYPE);
            endpoint.cache_control = text(CACHE_CONTROL);
            endpoint.etag = text(ETAG);
            endpoint.last_modified = text(LAST_MODIFIED);
            endpoint.size = Some(response.body().len());
            CardFetch {
                endpoint,
                response: Some(response),
                unreachable: false,
                stopped: None,
            }
        }
    }
}

/// The finding for an exchange the audit itself stopped: a destination its policy refused,
/// or one the run's budget left no time for.
pub(super) fn stopped_by(error: &ClientError) -> Option<(Code, String)> {
    match error {
        ClientError::Refused { .. } => Some((
            Code::DestinationRefused,
            format!("{error}; pass --allow-private-destinations to reach it"),
        )),
        ClientError::OutOfTime { .. } => Some((Code::NotDone, error.to_string())),
        _ => None,
    }
}

pub(super) fn card_request(method: Method) -> Outgoing {
    Outgoing::new(method).header(
        ACCEPT,
        HeaderValue::from_str(&format!("{A2A_JSON}, application/json;q=0.9"))
            .expect("a media type list is a header value"),
    )
}

/// One header as text; several lines are joined as RFC 9110 §5.3 allows.
pub(super) fn header_text(headers: &HeaderMap, name: HeaderName) -> Option<String> {
    let lines: Vec<&str> = headers
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap_or("(not text)"))
        .collect();
    (!lines.is_empty()).then(|| lines.join(", "))
}

/// Notes the redirects a fetch went through.
pub(super) fn redirect_findings(endpoint: &Endpoint, findings: &mut Vec<Diagnostic>) {
    if !endpoint.redirects.is_empty() {
        findings.push(finding(
            Code::Redirected,
            Place::url(&endpoint.url),
            format!("redirected to {}", endpoint.redirects.join(" then ")),
        ));
    }
}

/// What the headers of a 200 card response say about media type, caching and CORS.
pub(super) fn header_findings(url: &str, headers: &HeaderMap, findings: &mut Vec<Diagnostic>) {
    media_type(url, headers, findings);
    caching(url, headers, findings);
    entity_tag(url, headers, findings);
    match header_text(headers, LAST_MODIFIED) {
        None => findings.push(finding(
            Code::NoLastModified,
            Place::header(url, "Last-Modified"),
            "no Last-Modified; clients can revalidate only with the ETag",
        )),
        Some(date) if !is_http_date(&date) => findings.push(finding(
            Code::MalformedLastModified,
            Place::header(url, "Last-Modified"),
            format!(
                "{} is not an HTTP date; clients will ignore it",
                quoted(&date)
            ),
        )),
        Some(_) => {}
    }
    let allowed = header_text(headers, ACCESS_CONTROL_ALLOW_ORIGIN);
    if !matches!(allowed.as_deref(), Some("*" | PROBE_ORIGIN)) {
        let seen = allowed.map_or("none".to_owned(), |v| quoted(&v));
        findings.push(finding(
            Code::NoCors,
            Place::header(url, "Access-Control-Allow-Origin"),
            format!(
                "a request from origin {PROBE_ORIGIN} got {seen}; browser-based clients on \
                 other origins cannot read the card (send `Access-Control-Allow-Origin: *`)"
            ),
        ));
    }
}

fn media_type(url: &str, headers: &HeaderMap, findings: &mut Vec<Diagnostic>) {
    let place = || Place::header(url, "Content-Type");
    let Some(value) = header_text(headers, CONTENT_TYPE) else {
        findings.push(finding(
            Code::WrongContentType,
            place(),
            format!("no Content-Type; send {A2A_JSON}"),
        ));
        return;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if essence == A2A_JSON {
        return;
    }
    if essence == "application/json" || essence.ends_with("+json") {
        findings.push(finding(
            Code::PlainJsonType,
            place(),
            format!(
                "served as {}; the A2A media type is {A2A_JSON} (§14.1)",
                quoted(&value)
            ),
        ));
    } else {
        findings.push(finding(
            Code::WrongContentType,
            place(),
            format!(
                "served as {}, which is not JSON; send {A2A_JSON}",
                quoted(&value)
            ),
        ));
    }
}

fn caching(url: &str, headers: &HeaderMap, findings: &mut Vec<Diagnostic>) {
    let place = || Place::header(url, "Cache-Control");
    let Some(value) = header_text(headers, CACHE_CONTROL) else {
        findings.push(finding(
            Code::NoCacheControl,
            place(),
            "no Cache-Control; send one with max-age so clients can cache the card (§8.6)",
        ));
        return;
    };
    let directives: Vec<(String, Option<String>)> = value
        .split(',')
        .map(|d| {
            let (name, value) = match d.split_once('=') {
                Some((name, value)) => (name, Some(value.trim().to_owned())),
                None => (d, None),
            };
            (name.trim().to_ascii_lowercase(), value)
        })
        .collect();
    let has = |name: &str| directives.iter().any(|(d, _)| d == name);
    // Only max-age speaks to a client's own cache (s-maxage is for shared ones), and only
    // with delta-seconds as its value (RFC 9111 §5.2.2.1).
    let max_age = directives.iter().any(|(d, value)| {
        d == "max-age"
            && value
                .as_deref()
                .map(|v| v.trim_matches('"'))
                .is_some_and(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
    });
    if has("no-store") {
        findings.push(finding(
            Code::NoMaxAge,
            place(),
            format!("{} forbids caching the public card", quoted(&value)),
        ));
    } else if !max_age {
        findings.push(finding(
            Code::NoMaxAge,
            place(),
            format!(
                "{} has no max-age; clients cannot tell how long the card stays fresh",
                quoted(&value)
            ),
        ));
    }
}

fn entity_tag(url: &str, headers: &HeaderMap, findings: &mut Vec<Diagnostic>) {
    let place = || Place::header(url, "ETag");
    let Some(tag) = header_text(headers, ETAG) else {
        findings.push(finding(
            Code::NoEtag,
            place(),
            "no ETag; clients must download the whole card to see whether it changed",
        ));
        return;
    };
    let weak = tag.starts_with("W/");
    if !is_entity_tag(&tag) {
        findings.push(finding(
            Code::MalformedEtag,
            place(),
            format!(
                "{} is not an entity-tag (a quoted string, RFC 9110 §8.8.3); clients cannot \
                 send it back",
                quoted(&tag)
            ),
        ));
    } else if weak {
        findings.push(finding(
            Code::WeakEtag,
            place(),
            format!(
                "only a weak ETag {}; derive a strong one from the bytes served",
                quoted(&tag)
            ),
        ));
    }
}

/// `"opaque"` or `W/"opaque"` (RFC 9110 §8.8.3), read as the middleware reads them.
pub(super) fn is_entity_tag(tag: &str) -> bool {
    entity_tag::is_entity_tag(tag.as_bytes())
}

/// An HTTP-date in any of its three formats, read as the middleware reads them.
pub(super) fn is_http_date(text: &str) -> bool {
    http_date::parse(text, std::time::SystemTime::now()).is_some()
}
