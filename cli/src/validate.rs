//! `a2a-card validate`.

use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use super::output::{Output, errln, outln, plural};
use super::{Format, Outcome, input};
use a2a_card::ci::{Artifact, Failure, Located, SarifLog, github_annotation, github_failure};
use a2a_card::{
    ReadError,
    validate::{DocumentKind, Profile, Report, validate_document},
};

#[derive(Debug, Args)]
pub(crate) struct ValidateArgs {
    /// Which rules: the A2A spec, or the spec plus the Agent Registry's limits.
    #[arg(long, value_enum, default_value_t = ProfileArg::Spec)]
    profile: ProfileArg,
    /// What the files are (all of them): a card, an MCP tool spec or an AI Catalog; detected
    /// from each file's content when not given.
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Files to check; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProfileArg {
    Spec,
    Registry,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum KindArg {
    /// An A2A Agent Card (v1.0 or v0.3).
    Card,
    /// An MCP tool spec: `{"tools": [...]}`.
    McpTools,
    /// An AI Catalog (the working draft of 2026-04-30).
    AiCatalog,
}

/// One file's result.
enum FileResult {
    /// The report and the bytes it points into (for lines and columns).
    Checked(Report, Vec<u8>),
    NotJson(ReadError),
    Unreadable(String),
}

impl FileResult {
    fn outcome(&self) -> Outcome {
        match self {
            FileResult::Checked(report, _) if report.has_errors() => Outcome::Invalid,
            FileResult::Checked(..) => Outcome::Clean,
            FileResult::NotJson(_) | FileResult::Unreadable(_) => Outcome::Unreadable,
        }
    }
}

pub(crate) fn run(args: ValidateArgs, output: &mut Output) -> Outcome {
    let profile = match args.profile {
        ProfileArg::Spec => Profile::Spec,
        ProfileArg::Registry => Profile::Registry,
    };
    let kind = args.kind.map(|k| match k {
        KindArg::Card => DocumentKind::Card,
        KindArg::McpTools => DocumentKind::McpTools,
        KindArg::AiCatalog => DocumentKind::AiCatalog,
    });
    let results: Vec<(String, FileResult)> = args
        .files
        .iter()
        .map(|path| {
            let result = match input::read(path) {
                Err(message) => FileResult::Unreadable(message),
                Ok(bytes) => match validate_document(&bytes, profile, kind) {
                    Ok(report) => FileResult::Checked(report, bytes),
                    Err(error) => FileResult::NotJson(error),
                },
            };
            (input::display_name(path).to_owned(), result)
        })
        .collect();
    match args.format {
        Format::Text => {
            // With several files, a diagnostic line alone would not say which file it is about.
            let name_lines = results.len() > 1;
            for (name, result) in &results {
                print_text(output, name, result, name_lines);
            }
        }
        Format::Json => {
            let all: Vec<Value> = results.iter().map(|(name, r)| to_json(name, r)).collect();
            outln!(
                output,
                "{}",
                serde_json::to_string_pretty(&all).unwrap_or_default()
            );
        }
        Format::Sarif => {
            let mut log = SarifLog::new(env!("CARGO_PKG_VERSION"));
            for (name, result) in &results {
                match ci_item(name, result) {
                    CiItem::Diagnostics(located) => {
                        for at in &located {
                            log.push(at);
                        }
                    }
                    CiItem::Failure(failure) => {
                        log.push_failure(&failure);
                    }
                }
            }
            outln!(
                output,
                "{}",
                serde_json::to_string_pretty(&log.to_json()).unwrap_or_default()
            );
        }
        Format::Github => {
            for (name, result) in &results {
                match ci_item(name, result) {
                    CiItem::Diagnostics(located) => {
                        for at in &located {
                            outln!(output, "{}", github_annotation(at));
                        }
                    }
                    CiItem::Failure(failure) => outln!(output, "{}", github_failure(&failure)),
                }
            }
        }
    }
    results
        .iter()
        .map(|(_, r)| r.outcome())
        .max()
        .unwrap_or(Outcome::Clean)
}

/// What the CI formats print for one file: its diagnostics located in its text, or why it
/// could not be checked.
enum CiItem<'a> {
    Diagnostics(Vec<Located<'a>>),
    Failure(Failure),
}

fn ci_item<'a>(name: &str, result: &'a FileResult) -> CiItem<'a> {
    match result {
        FileResult::Checked(report, bytes) => CiItem::Diagnostics(
            report
                .diagnostics
                .iter()
                .map(|d| Located::in_file(d, name, bytes))
                .collect(),
        ),
        FileResult::NotJson(error) => CiItem::Failure(Failure::unreadable(name, error)),
        FileResult::Unreadable(message) => CiItem::Failure(Failure::new(
            Artifact::File(name.to_owned()),
            message.clone(),
        )),
    }
}

fn describe(report: &Report) -> String {
    match (report.kind, report.source_version) {
        (DocumentKind::McpTools, _) => "MCP tool spec".to_owned(),
        (DocumentKind::AiCatalog, _) => "AI Catalog".to_owned(),
        (DocumentKind::Card, Some(v)) => format!("v{} card", v.as_str()),
        (DocumentKind::Card, None) => "card".to_owned(),
    }
}

/// Prints one file's result; `name_lines` starts every diagnostic line with `<name>: `.
fn print_text(output: &mut Output, name: &str, result: &FileResult, name_lines: bool) {
    let name = &*a2a_card::terminal_safe(name);
    match result {
        FileResult::Checked(report, _) => {
            for diagnostic in &report.diagnostics {
                if name_lines {
                    outln!(output, "{name}: {diagnostic}");
                } else {
                    outln!(output, "{diagnostic}");
                }
            }
            let verdict = if report.has_errors() {
                "invalid"
            } else {
                "valid"
            };
            let notes = match report.note_count() {
                0 => String::new(),
                n => format!(", {}", plural(n, "note")),
            };
            outln!(
                output,
                "{name}: {verdict} {}: {}, {}{notes} ({} bytes compact)",
                describe(report),
                plural(report.error_count(), "error"),
                plural(report.warning_count(), "warning"),
                report.compact_size
            );
        }
        FileResult::NotJson(error) => errln!(output, "{name}: {error}"),
        FileResult::Unreadable(message) => errln!(output, "a2a-card: {message}"),
    }
}

fn to_json(name: &str, result: &FileResult) -> Value {
    match result {
        FileResult::Checked(report, _) => json!({
            "file": name,
            "valid": !report.has_errors(),
            "errors": report.error_count(),
            "warnings": report.warning_count(),
            "notes": report.note_count(),
            "report": report,
        }),
        FileResult::NotJson(ReadError::Syntax {
            line,
            column,
            message,
        }) => json!({
            "file": name,
            "valid": false,
            "error": {"kind": "syntax", "line": line, "column": column, "message": message},
        }),
        FileResult::NotJson(other) => json!({
            "file": name,
            "valid": false,
            "error": {"kind": "shape", "message": other.to_string()},
        }),
        FileResult::Unreadable(message) => json!({
            "file": name,
            "valid": false,
            "error": {"kind": "unreadable", "message": message},
        }),
    }
}
