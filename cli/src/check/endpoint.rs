//! The card endpoints: what the canonical and legacy paths send, and whether the canonical
//! one revalidates (304), answers HEAD like GET, and refuses other methods with 405.

use bytes::Bytes;
use http::header::{
    ACCEPT, ACCESS_CONTROL_ALLOW_ORIGIN, ALLOW, CACHE_CONTROL, CONNECTION, CONTENT_LENGTH,
    CONTENT_TYPE, ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED, ORIGIN,
};
use http::{HeaderMap, HeaderName, HeaderValue, Method, Response, StatusCode, Uri};
use serde::Serialize;

use super::finding::{quoted, Check, Finding, Place};
use crate::client::{Exchange, Fetcher, Outgoing};

/// The origin `check` claims, to see whether browsers on other origins may read the card.
pub(crate) const PROBE_ORIGIN: &str = "https://a2a-card-check.invalid";

/// What one card path answered, for the report.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Endpoint {
    /// The URL asked for.
    pub(crate) url: String,
    /// Every URL a redirect led to, in order.
    pub(crate) redirects: Vec<String>,
    pub(crate) status: Option<u16>,
    pub(crate) content_type: Option<String>,
    pub(crate) cache_control: Option<String>,
    pub(crate) etag: Option<String>,
    pub(crate) last_modified: Option<String>,
    /// Body size in bytes.
    pub(crate) size: Option<usize>,
    /// Why nothing answered, when nothing did.
    pub(crate) error: Option<String>,
}

impl Endpoint {
    /// The URL that answered: the last redirect, or the one asked for.
    pub(crate) fn final_url(&self) -> &str {
        self.redirects.last().unwrap_or(&self.url)
    }

    /// What answered, for a message: `HTTP 404`, or why nothing did.
    pub(crate) fn answer(&self) -> String {
        match (&self.status, &self.error) {
            (Some(status), _) => format!("HTTP {status}"),
            (None, Some(error)) => error.clone(),
            (None, None) => "nothing".to_owned(),
        }
    }
}

/// A card GET: the facts, and the response when there was one.
pub(crate) struct CardFetch {
    pub(crate) endpoint: Endpoint,
    pub(crate) response: Option<Response<Bytes>>,
    /// True when the server could not be reached at all.
    pub(crate) unreachable: bool,
}

impl CardFetch {
    /// The body of a 200.
    pub(crate) fn card_body(&self) -> Option<&Bytes> {
        self.response
            .as_ref()
            .filter(|r| r.status() == StatusCode::OK)
            .map(Response::body)
    }
}

/// GETs a card path the way a browser-based client on another origin would.
pub(crate) async fn fetch_card(fetcher: &Fetcher, url: &Uri) -> CardFetch {
    let request = card_request(Method::GET).header(ORIGIN, HeaderValue::from_static(PROBE_ORIGIN));
    let Exchange { redirects, result } = fetcher.send(url, &request).await;
    let mut endpoint = Endpoint {
        url: url.to_string(),
        redirects: redirects.iter().map(ToString::to_string).collect(),
        ..Endpoint::default()
    };
    match result {
        Err(error) => {
            endpoint.error = Some(error.to_string());
            CardFetch {
                endpoint,
                response: None,
                unreachable: error.is_unreachable(),
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
            }
        }
    }
}

fn card_request(method: Method) -> Outgoing {
    Outgoing::new(method).header(
        ACCEPT,
        HeaderValue::from_static("application/a2a+json, application/json;q=0.9"),
    )
}

/// One header as text; several lines are joined as RFC 9110 §5.3 allows.
pub(crate) fn header_text(headers: &HeaderMap, name: HeaderName) -> Option<String> {
    let lines: Vec<&str> = headers
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap_or("(not text)"))
        .collect();
    (!lines.is_empty()).then(|| lines.join(", "))
}

/// Notes the redirects a fetch went through.
pub(crate) fn redirect_findings(endpoint: &Endpoint, findings: &mut Vec<Finding>) {
    if !endpoint.redirects.is_empty() {
        findings.push(Finding::new(
            Check::Redirected,
            Place::url(&endpoint.url),
            format!("redirected to {}", endpoint.redirects.join(" then ")),
        ));
    }
}

/// What the headers of a 200 card response say about media type, caching and CORS.
pub(crate) fn header_findings(url: &str, headers: &HeaderMap, findings: &mut Vec<Finding>) {
    media_type(url, headers, findings);
    caching(url, headers, findings);
    entity_tag(url, headers, findings);
    match header_text(headers, LAST_MODIFIED) {
        None => findings.push(Finding::new(
            Check::NoLastModified,
            Place::header(url, "Last-Modified"),
            "no Last-Modified; clients can revalidate only with the ETag",
        )),
        Some(date) if !is_http_date(&date) => findings.push(Finding::new(
            Check::MalformedLastModified,
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
        findings.push(Finding::new(
            Check::NoCors,
            Place::header(url, "Access-Control-Allow-Origin"),
            format!(
                "a request from origin {PROBE_ORIGIN} got {seen}; browser-based clients on \
                 other origins cannot read the card (send `Access-Control-Allow-Origin: *`)"
            ),
        ));
    }
}

fn media_type(url: &str, headers: &HeaderMap, findings: &mut Vec<Finding>) {
    let place = || Place::header(url, "Content-Type");
    let Some(value) = header_text(headers, CONTENT_TYPE) else {
        findings.push(Finding::new(
            Check::WrongContentType,
            place(),
            "no Content-Type; send application/a2a+json",
        ));
        return;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if essence == "application/a2a+json" {
        return;
    }
    if essence == "application/json" || essence.ends_with("+json") {
        findings.push(Finding::new(
            Check::PlainJsonType,
            place(),
            format!(
                "served as {}; the A2A media type is application/a2a+json (§14.1)",
                quoted(&value)
            ),
        ));
    } else {
        findings.push(Finding::new(
            Check::WrongContentType,
            place(),
            format!(
                "served as {}, which is not JSON; send application/a2a+json",
                quoted(&value)
            ),
        ));
    }
}

fn caching(url: &str, headers: &HeaderMap, findings: &mut Vec<Finding>) {
    let place = || Place::header(url, "Cache-Control");
    let Some(value) = header_text(headers, CACHE_CONTROL) else {
        findings.push(Finding::new(
            Check::NoCacheControl,
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
        findings.push(Finding::new(
            Check::NoMaxAge,
            place(),
            format!("{} forbids caching the public card", quoted(&value)),
        ));
    } else if !max_age {
        findings.push(Finding::new(
            Check::NoMaxAge,
            place(),
            format!(
                "{} has no max-age; clients cannot tell how long the card stays fresh",
                quoted(&value)
            ),
        ));
    }
}

fn entity_tag(url: &str, headers: &HeaderMap, findings: &mut Vec<Finding>) {
    let place = || Place::header(url, "ETag");
    let Some(tag) = header_text(headers, ETAG) else {
        findings.push(Finding::new(
            Check::NoEtag,
            place(),
            "no ETag; clients must download the whole card to see whether it changed",
        ));
        return;
    };
    let weak = tag.starts_with("W/");
    if !is_entity_tag(&tag) {
        findings.push(Finding::new(
            Check::MalformedEtag,
            place(),
            format!(
                "{} is not an entity-tag (a quoted string, RFC 9110 §8.8.3); clients cannot \
                 send it back",
                quoted(&tag)
            ),
        ));
    } else if weak {
        findings.push(Finding::new(
            Check::WeakEtag,
            place(),
            format!(
                "only a weak ETag {}; derive a strong one from the bytes served",
                quoted(&tag)
            ),
        ));
    }
}

/// `"opaque"` or `W/"opaque"` with etagc characters only (RFC 9110 §8.8.3).
fn is_entity_tag(tag: &str) -> bool {
    let opaque = tag.strip_prefix("W/").unwrap_or(tag);
    opaque.len() >= 2
        && opaque.starts_with('"')
        && opaque.ends_with('"')
        && opaque.as_bytes()[1..opaque.len() - 1]
            .iter()
            .all(|&b| b == 0x21 || (0x23..=0x7e).contains(&b) || b >= 0x80)
}

fn is_http_date(text: &str) -> bool {
    httpdate::parse_http_date(text.trim()).is_ok()
}

/// Revalidation, HEAD and an unsupported method, against the URL that served the card.
pub(crate) async fn protocol_findings(
    fetcher: &Fetcher,
    url: &Uri,
    got: &Response<Bytes>,
    findings: &mut Vec<Finding>,
) {
    let place = |header: &str| Place::header(url, header);
    // A validator already reported as malformed is not sent back: a correct server would
    // ignore it, and the probe would blame it for that.
    let tag = got
        .headers()
        .get(ETAG)
        .filter(|t| t.to_str().is_ok_and(is_entity_tag));
    if let Some(tag) = tag {
        let asked = card_request(Method::GET).header(IF_NONE_MATCH, tag.clone());
        match fetcher.send(url, &asked).await.result {
            Ok(answer) if answer.status() == StatusCode::NOT_MODIFIED => {
                if answer.headers().get(ETAG) != Some(tag) {
                    let sent =
                        header_text(answer.headers(), ETAG).map_or("none".into(), |v| quoted(&v));
                    findings.push(Finding::new(
                        Check::NotModifiedWithoutEtag,
                        place("ETag"),
                        format!("the 304 carries ETag {sent}, not the card's; RFC 9110 §15.4.5 requires it"),
                    ));
                }
            }
            answer => findings.push(Finding::new(
                Check::NoNotModified,
                place("If-None-Match"),
                format!(
                    "If-None-Match with the card's own ETag got {}, not 304; clients download \
                     the whole card every time",
                    outcome(&answer)
                ),
            )),
        }
    }
    let date = got
        .headers()
        .get(LAST_MODIFIED)
        .filter(|d| d.to_str().is_ok_and(is_http_date));
    if let Some(date) = date {
        let asked = card_request(Method::GET).header(IF_MODIFIED_SINCE, date.clone());
        let answer = fetcher.send(url, &asked).await.result;
        if !matches!(&answer, Ok(a) if a.status() == StatusCode::NOT_MODIFIED) {
            findings.push(Finding::new(
                Check::NoNotModifiedByDate,
                place("If-Modified-Since"),
                format!(
                    "If-Modified-Since with the card's own Last-Modified got {}, not 304",
                    outcome(&answer)
                ),
            ));
        }
    }
    head(fetcher, url, got, findings).await;
    let post = card_request(Method::POST);
    match fetcher.send(url, &post).await.result {
        Ok(answer) if answer.status() == StatusCode::METHOD_NOT_ALLOWED => {
            if !answer.headers().contains_key(ALLOW) {
                findings.push(Finding::new(
                    Check::NoAllow,
                    place("Allow"),
                    "405 without Allow; RFC 9110 §15.5.6 requires the list of methods",
                ));
            }
        }
        answer => findings.push(Finding::new(
            Check::MethodNotRefused,
            Place::url(url),
            format!(
                "POST got {}; expected 405 with Allow: GET, HEAD",
                outcome(&answer)
            ),
        )),
    }
}

/// HEAD then GET on one connection: the HEAD must match the GET, and must leave the
/// connection usable (a body after a HEAD answer is read as the next response).
async fn head(fetcher: &Fetcher, url: &Uri, got: &Response<Bytes>, findings: &mut Vec<Finding>) {
    let requests = [card_request(Method::HEAD), card_request(Method::GET)];
    let results = match fetcher.exchange(url, &requests).await {
        Ok(results) => results,
        Err(error) => {
            findings.push(Finding::new(
                Check::HeadDiffers,
                Place::url(url),
                format!("HEAD failed: {error}"),
            ));
            return;
        }
    };
    let mut results = results.into_iter();
    let Some(Ok(head)) = results.next() else {
        return;
    };
    if head.status() != got.status() {
        findings.push(Finding::new(
            Check::HeadDiffers,
            Place::url(url),
            format!("HEAD got {} but GET got {}", head.status(), got.status()),
        ));
    }
    for name in [CONTENT_TYPE, ETAG, LAST_MODIFIED, CACHE_CONTROL] {
        let (h, g) = (
            header_text(head.headers(), name.clone()),
            header_text(got.headers(), name.clone()),
        );
        if h != g {
            let show = |v: Option<String>| v.map_or("none".into(), |v| quoted(&v));
            findings.push(Finding::new(
                Check::HeadDiffers,
                Place::header(url, header_title(&name)),
                format!("HEAD sends {} but GET sends {}", show(h), show(g)),
            ));
        }
    }
    if let Some(length) = header_text(head.headers(), CONTENT_LENGTH) {
        if length.trim() != got.body().len().to_string() {
            findings.push(Finding::new(
                Check::HeadDiffers,
                Place::header(url, "Content-Length"),
                format!(
                    "HEAD announces {} bytes but GET sends {}",
                    quoted(&length),
                    got.body().len()
                ),
            ));
        }
    }
    let closes = header_text(head.headers(), CONNECTION)
        .is_some_and(|v| v.to_ascii_lowercase().contains("close"));
    if let Some(Err(error)) = results.next() {
        if !closes {
            findings.push(Finding::new(
                Check::HeadWithBody,
                Place::url(url),
                format!(
                    "after the HEAD answer the connection could not carry a GET ({error}); a \
                     HEAD answer must not have a body"
                ),
            ));
        }
    }
}

/// `Content-Type` rather than `content-type`, for people.
fn header_title(name: &HeaderName) -> &'static str {
    match name.as_str() {
        "content-type" => "Content-Type",
        "etag" => "ETag",
        "last-modified" => "Last-Modified",
        "cache-control" => "Cache-Control",
        _ => "header",
    }
}

/// `304`, `200` or the error, for a message.
pub(crate) fn outcome<B>(result: &Result<Response<B>, crate::client::FetchError>) -> String {
    match result {
        Ok(response) => response.status().to_string(),
        Err(error) => format!("no answer ({error})"),
    }
}
