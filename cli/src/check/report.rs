//! The report of `check`: what each card path answered, then the findings, then counts.

use serde::Serialize;

use super::endpoint::Endpoint;
use super::finding::{Finding, Level};
use crate::output::{errln, outln, Output};
use crate::{Format, Outcome};

/// Everything `check` found about one agent.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Report {
    base_url: String,
    /// False when the canonical card URL could not be reached at all.
    reachable: bool,
    endpoints: Vec<Endpoint>,
    findings: Vec<Finding>,
    errors: usize,
    warnings: usize,
    notes: usize,
}

impl Report {
    pub(crate) fn new(base: &str, endpoints: Vec<Endpoint>, mut findings: Vec<Finding>) -> Self {
        // Errors first, then warnings, then notes; within a level, in the order found.
        findings.sort_by_key(|f| f.level);
        let count = |level| findings.iter().filter(|f| f.level == level).count();
        Self {
            base_url: base.to_owned(),
            reachable: true,
            endpoints,
            errors: count(Level::Error),
            warnings: count(Level::Warning),
            notes: count(Level::Note),
            findings,
        }
    }

    pub(crate) fn unreachable(base: &str, endpoint: Endpoint) -> Self {
        Self {
            reachable: false,
            ..Self::new(base, vec![endpoint], Vec::new())
        }
    }

    /// 0 without errors, 1 with, 2 when the base URL cannot be reached.
    pub(crate) fn outcome(&self) -> Outcome {
        match (self.reachable, self.errors) {
            (false, _) => Outcome::Unreadable,
            (true, 0) => Outcome::Clean,
            (true, _) => Outcome::Invalid,
        }
    }

    pub(crate) fn print(&self, format: Format, output: &mut Output) {
        match format {
            Format::Json => outln!(
                output,
                "{}",
                serde_json::to_string_pretty(self).unwrap_or_default()
            ),
            Format::Text => self.print_text(output),
        }
    }

    fn print_text(&self, output: &mut Output) {
        if !self.reachable {
            let why = self.endpoints[0].error.as_deref().unwrap_or("no answer");
            errln!(
                output,
                "a2a-card: {}: cannot reach the agent: {why}",
                self.base_url
            );
            return;
        }
        for endpoint in &self.endpoints {
            outln!(output, "{}", summary(endpoint));
        }
        for finding in &self.findings {
            outln!(output, "{finding}");
        }
        let verdict = if self.errors == 0 { "passed" } else { "failed" };
        outln!(
            output,
            "{}: {verdict}: {}, {}, {}",
            self.base_url,
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.notes, "note")
        );
    }
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
    // Header values come from the server: keep them on one line.
    line.chars().filter(|c| !c.is_control()).collect()
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
