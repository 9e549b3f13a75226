//! Command-line parsing and dispatch. Exit codes: 0 clean, 1 a document has errors, 2 a
//! document cannot be read or is not JSON.

mod input;
mod migrate;
mod validate;

use clap::{Parser, Subcommand, ValueEnum};

/// Validate, migrate and (soon) serve A2A Agent Cards.
#[derive(Debug, Parser)]
#[command(name = "a2a-card", version, about, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check Agent Cards (v1.0 or v0.3) or MCP tool specs and list every problem.
    Validate(validate::ValidateArgs),
    /// Print a card as v1.0 (or, with --to 0.3, in the v0.3 shape); diagnostics go to stderr.
    Migrate(migrate::MigrateArgs),
}

/// Output format for reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// One line per diagnostic, then a summary line per file.
    Text,
    /// One JSON document on stdout.
    Json,
}

/// What the process exits with; the worst outcome over all files wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Outcome {
    Clean = 0,
    Invalid = 1,
    Unreadable = 2,
}

/// Runs a parsed command line and returns the exit code.
pub(crate) fn run(cli: Cli) -> u8 {
    let outcome = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Migrate(args) => migrate::run(args),
    };
    outcome as u8
}
