//! Whether the URL that served the card revalidates (304), answers HEAD like GET, and
//! refuses other methods with 405.

use bytes::Bytes;
use http::header::{
    ALLOW, CACHE_CONTROL, CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, ETAG, IF_MODIFIED_SINCE,
    IF_NONE_MATCH, LAST_MODIFIED,
};
use http::{HeaderName, Method, Response, StatusCode, Uri};

use super::endpoint::{card_request, header_text, is_entity_tag, is_http_date, stopped_by};
use super::finding::{Place, finding, quoted};
use crate::client::{Client, ClientError};
use crate::{Code, Diagnostic};

/// Revalidation, HEAD and an unsupported method, against the URL that served the card.
/// `cross_origin`: that URL was reached through a redirect to another origin, which gets
/// no POST (a redirect must not be able to aim the audit's writes elsewhere).
pub(super) async fn protocol_findings(
    client: &Client,
    url: &Uri,
    got: &Response<Bytes>,
    cross_origin: bool,
    findings: &mut Vec<Diagnostic>,
) {
    let place = |header: &str| Place::header(url, header);
    let stop = |result: Option<&ClientError>, findings: &mut Vec<Diagnostic>| {
        let stopped = match result {
            Some(error) => stopped_by(error),
            None => client.is_out_of_time().then(|| {
                (
                    Code::NotDone,
                    "revalidation, HEAD and POST not done: the run's time budget ran out"
                        .to_owned(),
                )
            }),
        };
        match stopped {
            Some((code, message)) => {
                findings.push(finding(code, Place::url(url), message));
                true
            }
            None => false,
        }
    };
    if stop(None, findings) {
        return;
    }
    // A validator already reported as malformed is not sent back: a correct server would
    // ignore it, and the probe would blame it for that.
    let tag = got
        .headers()
        .get(ETAG)
        .filter(|t| t.to_str().is_ok_and(is_entity_tag));
    if let Some(tag) = tag {
        let asked = card_request(Method::GET).header(IF_NONE_MATCH, tag.clone());
        let answer = client.send(url, &asked).await.result;
        if stop(answer.as_ref().err(), findings) {
            return;
        }
        match answer {
            Ok(answer) if answer.status() == StatusCode::NOT_MODIFIED => {
                if answer.headers().get(ETAG) != Some(tag) {
                    let sent =
                        header_text(answer.headers(), ETAG).map_or("none".into(), |v| quoted(&v));
                    findings.push(finding(
                        Code::NotModifiedWithoutEtag,
                        place("ETag"),
                        format!("the 304 carries ETag {sent}, not the card's; RFC 9110 §15.4.5 requires it"),
                    ));
                }
            }
            answer => findings.push(finding(
                Code::NoNotModified,
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
        let answer = client.send(url, &asked).await.result;
        if stop(answer.as_ref().err(), findings) {
            return;
        }
        if !matches!(&answer, Ok(a) if a.status() == StatusCode::NOT_MODIFIED) {
            findings.push(finding(
                Code::NoNotModifiedByDate,
                place("If-Modified-Since"),
                format!(
                    "If-Modified-Since with the card's own Last-Modified got {}, not 304",
                    outcome(&answer)
                ),
            ));
        }
    }
    if !head(client, url, got, findings).await || stop(None, findings) {
        return;
    }
    if cross_origin {
        findings.push(finding(
            Code::PostNotSent,
            Place::url(url),
            "no POST sent (the 405 probe): this URL was reached through a redirect to another \
             origin, and only GET and HEAD follow a redirect there",
        ));
        return;
    }
    let post = card_request(Method::POST);
    let answer = client.send(url, &post).await.result;
    if stop(answer.as_ref().err(), findings) {
        return;
    }
    match answer {
        Ok(answer) if answer.status() == StatusCode::METHOD_NOT_ALLOWED => {
            if !answer.headers().contains_key(ALLOW) {
                findings.push(finding(
                    Code::NoAllow,
                    place("Allow"),
                    "405 without Allow; RFC 9110 §15.5.6 requires the list of methods",
                ));
            }
        }
        answer => findings.push(finding(
            Code::MethodNotRefused,
            Place::url(url),
            format!(
                "POST got {}; expected 405 with Allow: GET, HEAD",
                outcome(&answer)
            ),
        )),
    }
}

/// HEAD then GET on one connection: the HEAD must match the GET, and must leave the
/// connection usable (a body after a HEAD answer is read as the next response). False when
/// the audit stopped it (a refused destination, the budget spent).
async fn head(
    client: &Client,
    url: &Uri,
    got: &Response<Bytes>,
    findings: &mut Vec<Diagnostic>,
) -> bool {
    let requests = [card_request(Method::HEAD), card_request(Method::GET)];
    let results = match client.exchange(url, &requests).await {
        Ok(results) => results,
        Err(error) => {
            if let Some((code, message)) = stopped_by(&error) {
                findings.push(finding(code, Place::url(url), message));
                return false;
            }
            findings.push(finding(
                Code::HeadDiffers,
                Place::url(url),
                format!("HEAD failed: {error}"),
            ));
            return true;
        }
    };
    let mut results = results.into_iter();
    let Some(Ok(head)) = results.next() else {
        return true;
    };
    if head.status() != got.status() {
        findings.push(finding(
            Code::HeadDiffers,
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
            findings.push(finding(
                Code::HeadDiffers,
                Place::header(url, header_title(&name)),
                format!("HEAD sends {} but GET sends {}", show(h), show(g)),
            ));
        }
    }
    if let Some(length) = header_text(head.headers(), CONTENT_LENGTH) {
        if length.trim() != got.body().len().to_string() {
            findings.push(finding(
                Code::HeadDiffers,
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
        if !closes && stopped_by(&error).is_none() {
            findings.push(finding(
                Code::HeadWithBody,
                Place::url(url),
                format!(
                    "after the HEAD answer the connection could not carry a GET ({error}); a \
                     HEAD answer must not have a body"
                ),
            ));
        }
    }
    true
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
pub(super) fn outcome<B>(result: &Result<Response<B>, ClientError>) -> String {
    match result {
        Ok(response) => response.status().to_string(),
        Err(error) => format!("no answer ({error})"),
    }
}
