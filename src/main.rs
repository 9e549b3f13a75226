//! The `a2a-card` command-line tool.
#![deny(missing_docs, unsafe_code, unreachable_pub)]

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    ExitCode::from(cli::run(args))
}
