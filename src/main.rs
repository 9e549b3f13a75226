//! The `a2a-card` command-line tool.
#![deny(missing_docs, unsafe_code, unreachable_pub)]

mod cli;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

fn main() -> ExitCode {
    match cli::Cli::try_parse() {
        Ok(args) => ExitCode::from(cli::run(args)),
        Err(err) => {
            // clap's message as it would print it: help and version on stdout, usage errors
            // on stderr. A closed stream is nothing to report.
            let _ = err.print();
            let asked_for_help = matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            );
            if asked_for_help || !err.use_stderr() {
                ExitCode::SUCCESS
            } else {
                // Usage errors get their own code, distinct from 2 (unreadable input).
                ExitCode::from(cli::EXIT_USAGE)
            }
        }
    }
}
