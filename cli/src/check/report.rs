//! Printing the audit's report: what each card path answered, then the findings, then
//! counts (or the report as JSON); and the exit code it gives.

use a2a_card::check::{AuditReport, CatalogReport, Endpoint, ListedCard};

use crate::output::{Output, errln, outln, terminal_safe};
use crate::{Format, Outcome};

/// 0 without errors, 1 with, 2 when the base URL cannot be reached.
pub(super) fn outcome(report: &AuditReport) -> Outcome {
    match (report.is_reachable(), report.errors()) {
        (false, _) => Outcome::Unreadable,
        (true, 0) => Outcome::Clean,
        (true, _) => Outcome::Invalid,
    }
}

pub(super) fn print(report: &AuditReport, format: Format, output: &mut Output) {
    match format {
        Format::Json => outln!(
            output,
            "{}",
            serde_json::to_string_pretty(report).unwrap_or_default()
        ),
        Format::Text => print_text(report, output),
    }
}

fn print_text(report: &AuditReport, output: &mut Output) {
    if !report.is_reachable() {
        let why = report
            .endpoints()
            .first()
            .and_then(|e| e.error.as_deref())
            .unwrap_or("no answer");
        errln!(
            output,
            "a2a-card: {}: cannot reach the agent: {why}",
            report.base_url()
        );
        return;
    }
    for endpoint in report.endpoints() {
        outln!(output, "{}", summary(endpoint));
    }
    for finding in report.findings() {
        outln!(output, "{finding}");
    }
    if let Some(catalog) = report.catalog() {
        print_catalog(catalog, output);
    }
    let verdict = if report.errors() == 0 {
        "passed"
    } else {
        "failed"
    };
    outln!(
        output,
        "{}: {verdict}: {}, {}, {}",
        report.base_url(),
        plural(report.errors(), "error"),
        plural(report.warnings(), "warning"),
        plural(report.notes(), "note")
    );
}

/// The catalog: what its URL answered, its own findings, then each listed card under a line
/// naming its entry, its findings indented.
fn print_catalog(catalog: &CatalogReport, output: &mut Output) {
    outln!(output, "{}", summary(&catalog.endpoint));
    for finding in &catalog.findings {
        outln!(output, "{finding}");
    }
    for card in &catalog.cards {
        outln!(output, "{}", entry_line(card));
        for finding in &card.findings {
            outln!(output, "  {finding}");
        }
    }
}

/// `entry /entries/1 urn:example:agent:travel "Travel": GET URL: 200, ...`.
fn entry_line(card: &ListedCard) -> String {
    let what = match (&card.endpoint, &card.url) {
        (_, Some(url)) if card.audited_above => format!("{url}, the card audited above"),
        (Some(endpoint), _) => summary(endpoint),
        (None, Some(url)) => url.clone(),
        (None, None) => "a card given inline".to_owned(),
    };
    let verdict = match card.errors() {
        0 => String::new(),
        n => format!(" ({})", plural(n, "error")),
    };
    let line = format!(
        "entry {} {} {:?}{verdict}: {what}",
        card.pointer, card.identifier, card.display_name
    );
    terminal_safe(&line).into_owned()
}

/// `GET URL: 200, application/a2a+json, 1234 bytes, ETag "…", max-age=3600`.
fn summary(endpoint: &Endpoint) -> String {
    let mut parts = Vec::new();
    match (endpoint.status, &endpoint.error) {
        (Some(status), _) => parts.push(status.to_string()),
        (None, Some(error)) => parts.push(error.clone()),
        (None, None) => {}
    }
    if let Some(content_type) = &endpoint.content_type {
        parts.push(content_type.clone());
    }
    if let Some(size) = endpoint.size {
        parts.push(format!("{size} bytes"));
    }
    if let Some(etag) = &endpoint.etag {
        parts.push(format!("ETag {etag}"));
    }
    if let Some(cache_control) = &endpoint.cache_control {
        parts.push(format!("Cache-Control {cache_control}"));
    }
    let via = if endpoint.redirects.is_empty() {
        String::new()
    } else {
        format!(" (via {})", endpoint.final_url())
    };
    let line = format!("GET {}{via}: {}", endpoint.url, parts.join(", "));
    // Header values come from the server: keep them on one line, and visible as sent.
    terminal_safe(&line).into_owned()
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
