//! Printing the audit's report: what each card path answered, then the findings, then
//! counts (or the report as JSON, SARIF or GitHub annotations); and the exit code it gives.

use a2a_card::check::{AuditReport, CatalogReport};
use a2a_card::ci::{Artifact, Failure, Located, SarifLog, github_annotation, github_failure};

use crate::output::{Output, errln, outln, plural};
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
        Format::Sarif => {
            let mut log = SarifLog::new(env!("CARGO_PKG_VERSION"));
            if let Some(failure) = unreachable(report) {
                log.push_failure(&failure);
            }
            for finding in report.all_findings() {
                log.push(&Located::finding(finding, report.base_url()));
            }
            outln!(
                output,
                "{}",
                serde_json::to_string_pretty(&log.to_json()).unwrap_or_default()
            );
        }
        Format::Github => {
            if let Some(failure) = unreachable(report) {
                outln!(output, "{}", github_failure(&failure));
            }
            for finding in report.all_findings() {
                let located = Located::finding(finding, report.base_url());
                outln!(output, "{}", github_annotation(&located));
            }
        }
    }
}

/// Why the agent could not be audited at all, for the CI formats.
fn unreachable(report: &AuditReport) -> Option<Failure> {
    (!report.is_reachable()).then(|| {
        Failure::new(
            Artifact::Url(report.base_url().to_owned()),
            format!("cannot reach the agent: {}", unreachable_reason(report)),
        )
    })
}

/// What the canonical card URL's request failed with.
fn unreachable_reason(report: &AuditReport) -> &str {
    report
        .endpoints()
        .first()
        .and_then(|e| e.error.as_deref())
        .unwrap_or("no answer")
}

fn print_text(report: &AuditReport, output: &mut Output) {
    if !report.is_reachable() {
        errln!(
            output,
            "a2a-card: {}: cannot reach the agent: {}",
            report.base_url(),
            unreachable_reason(report)
        );
        return;
    }
    for endpoint in report.endpoints() {
        outln!(output, "{endpoint}");
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
    outln!(output, "{}", catalog.endpoint);
    for finding in &catalog.findings {
        outln!(output, "{finding}");
    }
    for card in &catalog.cards {
        outln!(output, "{card}");
        for finding in &card.findings {
            outln!(output, "  {finding}");
        }
    }
}
