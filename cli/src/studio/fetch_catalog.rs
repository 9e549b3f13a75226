//! The host's AI Catalog in the studio's fetch: when `BASE/.well-known/ai-catalog.json`
//! answers 200, the catalog validated (with spans for the page), and each A2A card it lists
//! (at most [`MAX_LISTED`], as `check` audits) fetched and validated, or validated in place
//! when given inline. Listed URLs reach only the address classes of the base URL typed.

use a2a_card::catalog::is_agent_card_media_type;
use a2a_card::check::MAX_LISTED;
use a2a_card::validate::{DocumentKind, Profile, validate_document, validate_value};
use http::Uri;
use serde_json::{Value, json};

use super::api::{checked, located};
use super::error::ApiError;
use super::fetch::{self, Fetched, Fetcher};

/// The catalog `found` at `base`, validated, with its entries and their cards.
pub(super) async fn describe(
    fetcher: &Fetcher,
    base: &Uri,
    found: &Fetched,
    profile: Profile,
) -> Value {
    let text = String::from_utf8_lossy(found.body.as_deref().unwrap_or_default()).into_owned();
    let url = found.redirects.last().unwrap_or(&found.url).clone();
    let report = match validate_document(text.as_bytes(), profile, Some(DocumentKind::AiCatalog)) {
        Ok(report) => report,
        Err(error) => {
            return json!({"url": url, "document": text,
                          "error": ApiError::from(error).to_string()});
        }
    };
    let doc: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let given = doc["entries"].as_array().map_or(&[][..], Vec::as_slice);
    let mut entries = Vec::with_capacity(given.len());
    let mut to_fetch: Vec<(usize, String)> = Vec::new();
    let mut cards = 0;
    for (i, entry) in given.iter().enumerate() {
        let text_of = |key: &str| entry[key].as_str().map(str::to_owned);
        let media_type = text_of("mediaType").unwrap_or_default();
        let pointer = format!("/entries/{i}");
        let mut described = json!({
            "pointer": pointer,
            "identifier": text_of("identifier"),
            "displayName": text_of("displayName"),
            "mediaType": media_type,
            "url": text_of("url"),
            "inline": entry.get("data").is_some(),
            "isCard": is_agent_card_media_type(&media_type),
        });
        let diagnostics: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| under(&d.pointer, &pointer))
            .collect();
        described["entryErrors"] = json!(diagnostics.iter().filter(|d| d.is_error()).count());
        described["entryWarnings"] = json!(diagnostics.iter().filter(|d| !d.is_error()).count());
        if described["isCard"] == true {
            cards += 1;
            if cards > MAX_LISTED {
                described["note"] = json!(format!(
                    "not fetched: only the first {MAX_LISTED} cards are"
                ));
            } else if let Some(card_url) = text_of("url") {
                to_fetch.push((i, card_url));
            } else if let Some(data) = entry.get("data") {
                let document = serde_json::to_string_pretty(data).unwrap_or_default();
                let validation = validate_value(data, profile, Some(DocumentKind::Card));
                let mut card = checked(&document, &validation, profile);
                card["document"] = json!(document);
                card["url"] = json!(format!("{url}#{pointer}/data"));
                described["card"] = card;
            }
        } else {
            described["note"] = json!("not an A2A card");
        }
        entries.push(described);
    }
    let urls: Vec<String> = to_fetch.iter().map(|(_, u)| u.clone()).collect();
    for ((i, _), fetched) in to_fetch
        .iter()
        .zip(fetch::get_listed(fetcher, base, &urls).await)
    {
        entries[*i]["card"] = listed_card(&fetched, profile);
        entries[*i]["fetched"] = json!(fetched);
    }
    json!({
        "url": url,
        "document": text,
        "valid": !report.has_errors(),
        "errors": report.error_count(),
        "warnings": report.warning_count(),
        "diagnostics": located(&text, &report.diagnostics),
        "entries": entries,
    })
}

/// A listed card as fetched: validated when a 200 came back, else why not.
fn listed_card(fetched: &Fetched, profile: Profile) -> Value {
    let url = fetched.redirects.last().unwrap_or(&fetched.url);
    let body = match (&fetched.error, fetched.status, &fetched.body) {
        (Some(error), _, _) => return json!({"url": url, "error": error}),
        (None, Some(200), Some(body)) => body,
        (None, status, _) => {
            let got = status.map_or("no answer".to_owned(), |s| format!("HTTP {s}"));
            return json!({"url": url, "error": format!("no card here: {got}")});
        }
    };
    let text = String::from_utf8_lossy(body).into_owned();
    let mut card = match validate_document(text.as_bytes(), profile, Some(DocumentKind::Card)) {
        Ok(report) => checked(&text, &report, profile),
        Err(error) => json!({"error": ApiError::from(error).to_string()}),
    };
    card["url"] = json!(url);
    card["document"] = json!(text);
    card
}

/// `pointer` is `entry` or inside it: `/entries/1/url` is under `/entries/1`, `/entries/10`
/// is not.
fn under(pointer: &str, entry: &str) -> bool {
    pointer
        .strip_prefix(entry)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}
