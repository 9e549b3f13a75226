//! The studio's JSON API: `POST /api/validate`, `/api/migrate`, `/api/generate` and
//! `/api/fetch`. Each runs the code the command-line tool runs and adds, for every
//! diagnostic, the span its pointer names in the text that was sent, so the page can
//! highlight it. Fetching a base URL also reads the host's AI Catalog, when there is one,
//! and the cards it lists (`catalog` in the answer; see `super::catalog`).

use http::header::{CONTENT_TYPE, HOST};
use http::{Method, Request, Response, StatusCode};
use http_body_util::BodyExt;
use hyper::body::Incoming;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::error::{ApiError, json_response};
use super::fetch::{self, Fetcher};
use super::form::CardForm;
use a2a_card::migrate::{MigrateError, migrate as migrate_card};
use a2a_card::validate::REGISTRY_MAX_BYTES;
use a2a_card::validate::locate;
use a2a_card::{
    CardVersion, Diagnostic,
    validate::{DocumentKind, Profile, Report, validate_document},
};

/// The largest request body the API reads; a card is a few kilobytes.
pub(crate) const MAX_REQUEST_BYTES: usize = 1024 * 1024;
/// How much of a too-large body is read and dropped before answering 413 (see `read_body`).
const DRAIN_LIMIT_BYTES: usize = 8 * MAX_REQUEST_BYTES;

/// Answers one API request; every failure is a JSON 4xx.
pub(crate) async fn respond(fetcher: &Fetcher, request: Request<Incoming>) -> Response<String> {
    match handle(fetcher, request).await {
        Ok(body) => json_response(StatusCode::OK, &body),
        Err(error) => error.into_response(),
    }
}

async fn handle(fetcher: &Fetcher, request: Request<Incoming>) -> Result<Value, ApiError> {
    check_host(&request)?;
    let path = request.uri().path().to_owned();
    let endpoint = match path.as_str() {
        "/api/validate" | "/api/migrate" | "/api/generate" | "/api/fetch" => path.as_str(),
        _ => return Err(ApiError::NoSuchEndpoint(path)),
    };
    if request.method() != Method::POST {
        return Err(ApiError::MethodNotAllowed {
            method: request.method().to_string(),
            allowed: "POST",
        });
    }
    check_json_media_type(&request)?;
    let query = Query::parse(request.uri().query().unwrap_or_default());
    let body = read_body(request.into_body()).await?;
    match endpoint {
        "/api/validate" => validate(&query, &body),
        "/api/migrate" => migrate(&query, &body),
        "/api/generate" => generate(&query, &body),
        _ => fetch(fetcher, &query, &body).await,
    }
}

/// Refuses a `Host` that is a domain name other than localhost: a page on such a domain that
/// re-resolved to 127.0.0.1 (DNS rebinding) would otherwise be same-origin with the studio.
fn check_host<B>(request: &Request<B>) -> Result<(), ApiError> {
    let host = request
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    let local = name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok();
    if local {
        Ok(())
    } else {
        Err(ApiError::ForeignHost(host.to_owned()))
    }
}

/// Only JSON bodies: a cross-site form can send text/plain without asking, not JSON.
fn check_json_media_type<B>(request: &Request<B>) -> Result<(), ApiError> {
    let media_type = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    if media_type == "application/json" || media_type.ends_with("+json") {
        Ok(())
    } else {
        Err(ApiError::NotJsonMediaType)
    }
}

/// Reads the body, up to [`MAX_REQUEST_BYTES`]. A larger body is still read (and dropped)
/// up to [`DRAIN_LIMIT_BYTES`] before the 413 goes out: closing a socket with unread data
/// makes the kernel send a reset, which can destroy the 413 before the client reads it.
async fn read_body(mut body: Incoming) -> Result<Vec<u8>, ApiError> {
    let too_large = ApiError::TooLarge {
        limit: MAX_REQUEST_BYTES,
    };
    let declared = http_body::Body::size_hint(&body).exact().unwrap_or(0);
    if declared > DRAIN_LIMIT_BYTES as u64 {
        return Err(too_large);
    }
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| ApiError::BodyUnreadable(e.to_string()))?;
        let Ok(data) = frame.into_data() else {
            continue; // trailers carry nothing the API reads
        };
        seen += data.len();
        if seen > DRAIN_LIMIT_BYTES {
            return Err(too_large);
        }
        if seen <= MAX_REQUEST_BYTES {
            bytes.extend_from_slice(&data);
        }
    }
    if seen > MAX_REQUEST_BYTES {
        return Err(too_large);
    }
    Ok(bytes)
}

/// The query string's `name=value` pairs (the API's values need no percent-decoding).
struct Query(Vec<(String, String)>);

impl Query {
    fn parse(query: &str) -> Self {
        let pairs = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|pair| match pair.split_once('=') {
                Some((name, value)) => (name.to_owned(), value.to_owned()),
                None => (pair.to_owned(), String::new()),
            })
            .collect();
        Query(pairs)
    }

    /// Refuses any parameter not in `allowed`, so a typo is an error rather than ignored.
    fn only(&self, allowed: &[&str], described: &'static str) -> Result<(), ApiError> {
        match self
            .0
            .iter()
            .find(|(name, _)| !allowed.contains(&name.as_str()))
        {
            Some((name, _)) => Err(ApiError::UnknownParameter(name.clone(), described)),
            None => Ok(()),
        }
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn profile(&self) -> Result<Profile, ApiError> {
        parse_profile(self.get("profile"))
    }
}

fn parse_profile(value: Option<&str>) -> Result<Profile, ApiError> {
    match value {
        None | Some("spec") => Ok(Profile::Spec),
        Some("registry") => Ok(Profile::Registry),
        Some(other) => Err(ApiError::UnknownProfile(other.to_owned())),
    }
}

fn validate(query: &Query, body: &[u8]) -> Result<Value, ApiError> {
    query.only(
        &["profile", "kind"],
        "profile=spec|registry and kind=card|mcp-tools",
    )?;
    let profile = query.profile()?;
    let kind = match query.get("kind") {
        None => None,
        Some("card") => Some(DocumentKind::Card),
        Some("mcp-tools") => Some(DocumentKind::McpTools),
        Some(other) => {
            return Err(ApiError::BadParameter {
                name: "kind",
                value: other.to_owned(),
                allowed: "kind=card or kind=mcp-tools",
            });
        }
    };
    let report = validate_document(body, profile, kind)?;
    Ok(checked(&String::from_utf8_lossy(body), &report, profile))
}

fn migrate(query: &Query, body: &[u8]) -> Result<Value, ApiError> {
    query.only(&["to"], "to=1.0|0.3")?;
    let to = match query
        .get("to")
        .map_or(Some(CardVersion::V1_0), CardVersion::parse)
    {
        Some(to) => to,
        None => {
            let other = query.get("to").unwrap_or_default();
            return Err(ApiError::BadParameter {
                name: "to",
                value: other.to_owned(),
                allowed: "to=1.0 or to=0.3",
            });
        }
    };
    let text = String::from_utf8_lossy(body);
    let converted = match migrate_card(body, to) {
        Ok(converted) => converted,
        Err(MigrateError::Syntax(error)) => return Err(error.into()),
        Err(MigrateError::WrongTypes(diagnostics)) => {
            return Err(ApiError::NotConvertible(located(&text, &diagnostics)));
        }
    };
    let errors = converted
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .count();
    let printed = crate::migrate::printed(&converted.card);
    Ok(json!({
        "sourceVersion": converted.source_version.as_str(),
        "to": to.as_str(),
        "what": crate::migrate::what(converted.source_version, to),
        "card": printed,
        // Valid only when the converted card is: `a2a-card migrate` prints nothing otherwise.
        "valid": errors == 0 && converted.is_valid(),
        "errors": errors,
        "warnings": converted.diagnostics.len() - errors,
        "diagnostics": located(&text, &converted.diagnostics),
        // The converted card's own errors, pointers into `card`.
        "resultErrors": located(&printed, &converted.result_errors),
    }))
}

fn generate(query: &Query, body: &[u8]) -> Result<Value, ApiError> {
    query.only(&["profile"], "profile=spec|registry")?;
    let profile = query.profile()?;
    let form: CardForm = from_json_object(body, "the form")?;
    let card = form.to_card_json();
    let report = validate_document(card.as_bytes(), profile, Some(DocumentKind::Card))?;
    let mut answer = checked(&card, &report, profile);
    answer["card"] = json!(card);
    Ok(answer)
}

/// Reads a request body that must be a JSON object. serde would also read a struct from an
/// array of its fields in order, which no client means to send.
fn from_json_object<T: DeserializeOwned>(body: &[u8], what: &str) -> Result<T, ApiError> {
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        let value: Value =
            serde_json::from_slice(body).map_err(|e| ApiError::from_serde(&e, what))?;
        let found = match value {
            Value::Array(_) => "an array",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        return Err(ApiError::BadField(format!(
            "{what} must be a JSON object, found {found}"
        )));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::from_serde(&e, what))
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an object: {\"url\": \"https://agent.example.com\"}"
)]
struct FetchRequest {
    url: String,
    #[serde(default)]
    profile: Option<String>,
}

/// Where a card is published (§8.2), and where v0.2-era agents still publish it.
const WELL_KNOWN_PATH: &str = "/.well-known/agent-card.json";
const LEGACY_PATH: &str = "/.well-known/agent.json";

async fn fetch(fetcher: &Fetcher, query: &Query, body: &[u8]) -> Result<Value, ApiError> {
    query.only(
        &[],
        "no query parameters; send {\"url\", \"profile\"} in the body",
    )?;
    let request: FetchRequest = from_json_object(body, "the fetch request")?;
    let profile = parse_profile(request.profile.as_deref())?;
    let base =
        fetch::parse_http_url(&request.url).map_err(|e| ApiError::BadField(e.to_string()))?;
    // A URL naming a .json document is fetched as given; otherwise both well-known paths
    // below the base URL are (many agents still publish only the legacy one), and the
    // host's AI Catalog.
    let mut catalog_attempt = None;
    let mut attempts = if base.path().ends_with(".json") {
        vec![fetch::get(fetcher, &base.to_string()).await]
    } else {
        let base = base.to_string();
        let root = base
            .split(['?', '#'])
            .next()
            .unwrap_or_default()
            .trim_end_matches('/');
        let (current, legacy, catalog) = (
            format!("{root}{WELL_KNOWN_PATH}"),
            format!("{root}{LEGACY_PATH}"),
            format!("{root}{}", a2a_card::catalog::WELL_KNOWN_PATH),
        );
        let (current, legacy, catalog) = tokio::join!(
            fetch::get(fetcher, &current),
            fetch::get(fetcher, &legacy),
            fetch::get(fetcher, &catalog)
        );
        catalog_attempt = Some(catalog);
        vec![current, legacy]
    };
    let card = attempts
        .iter()
        .find(|a| a.status == Some(200) && a.body.is_some())
        .map(|found| {
            let text = String::from_utf8_lossy(found.body.as_deref().unwrap_or_default());
            let mut card = match validate_document(text.as_bytes(), profile, None) {
                Ok(report) => checked(&text, &report, profile),
                Err(error) => json!({"error": ApiError::from(error).to_string()}),
            };
            card["url"] = json!(found.redirects.last().unwrap_or(&found.url));
            card["document"] = json!(text);
            card
        });
    let mut catalog = Value::Null;
    if let Some(attempt) = catalog_attempt {
        if attempt.status == Some(200) && attempt.body.is_some() {
            catalog = super::fetch_catalog::describe(fetcher, &base, &attempt, profile).await;
        }
        attempts.push(attempt);
    }
    Ok(json!({ "attempts": attempts, "card": card, "catalog": catalog }))
}

/// The report with a span for every diagnostic, the counts and the registry size budget.
pub(super) fn checked(text: &str, report: &Report, profile: Profile) -> Value {
    let mut answer = json!(report);
    answer["profile"] = json!(match profile {
        Profile::Spec => "spec",
        Profile::Registry => "registry",
    });
    answer["valid"] = json!(!report.has_errors());
    answer["errors"] = json!(report.error_count());
    answer["warnings"] = json!(report.warning_count());
    answer["registryMaxBytes"] = json!(REGISTRY_MAX_BYTES);
    answer["diagnostics"] = json!(located(text, &report.diagnostics));
    answer
}

/// Each diagnostic as JSON with `span`: where its pointer is in `text` (null if nowhere).
pub(super) fn located(text: &str, diagnostics: &[Diagnostic]) -> Vec<Value> {
    diagnostics
        .iter()
        .map(|d| {
            let mut entry = json!(d);
            entry["span"] = json!(locate(text, &d.pointer));
            entry
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_that_are_names_other_than_localhost_are_refused() {
        let with_host = |host: &str| Request::builder().header(HOST, host).body(()).unwrap();
        for ok in [
            "127.0.0.1:8090",
            "localhost:1",
            "[::1]:8090",
            "LOCALHOST",
            "10.0.0.1",
        ] {
            assert!(check_host(&with_host(ok)).is_ok(), "{ok}");
        }
        for refused in ["evil.example:8090", "127.0.0.1.evil.example", ""] {
            assert!(check_host(&with_host(refused)).is_err(), "{refused}");
        }
    }

    #[test]
    fn json_media_types_only() {
        let with_type = |t: &str| Request::builder().header(CONTENT_TYPE, t).body(()).unwrap();
        for ok in [
            "application/json",
            "application/json; charset=utf-8",
            "application/a2a+json",
        ] {
            assert!(check_json_media_type(&with_type(ok)).is_ok(), "{ok}");
        }
        for refused in ["text/plain", "application/x-www-form-urlencoded", ""] {
            assert!(
                check_json_media_type(&with_type(refused)).is_err(),
                "{refused}"
            );
        }
    }
}
