//! The `a2a-card` command-line tool: parsing, output and the server loop; every capability
//! is the `a2a-card` library's. Exit codes: 0 clean, 1 a document has errors, 2 a document
//! cannot be read or is not JSON (or the output cannot be written), 64 the command line is
//! wrong.
#![deny(missing_docs, unsafe_code, unreachable_pub)]

mod canonical;
mod check;
mod input;
mod keygen;
mod migrate;
mod output;
mod runtime;
mod serve;
mod sign;
mod studio;
mod tls;
mod validate;
mod verify;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand, ValueEnum};

use output::Output;

/// Exit code for a command line that cannot be parsed (EX_USAGE in sysexits.h).
pub(crate) const EXIT_USAGE: u8 = 64;

/// Serve, validate, migrate, sign, verify and audit A2A Agent Cards, and open the card studio.
#[derive(Debug, Parser)]
#[command(
    name = "a2a-card",
    version,
    about = "Serve, validate, migrate, sign, verify and audit A2A Agent Cards (v1.0 and v0.3), \
             make signing keys (keygen), open the card studio, and validate MCP tool specs",
    propagate_version = true
)]
pub(crate) struct Cli {
    /// The largest file read (cards, key sets, keys, auth files, certificates), in bytes
    #[arg(long, global = true, value_name = "BYTES", default_value_t = input::DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: u64,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check Agent Cards (v1.0 or v0.3), MCP tool specs or AI Catalogs and list every problem
    ///
    /// Each diagnostic is one line: `error A2A-E010 /skills/2/tags: ...` (severity, code,
    /// JSON pointer into the file, message). When several files are given, each line starts
    /// with its file name: `card.json: error A2A-E010 ...`.
    ///
    /// Exit codes:
    ///   0   no file has errors (warnings allowed)
    ///   1   a file has errors
    ///   2   a file cannot be read or is not JSON (or the output cannot be written)
    ///   64  usage error: unknown option, bad value, no FILE
    #[command(verbatim_doc_comment)]
    Validate(validate::ValidateArgs),
    /// Print a card as v1.0 (or, with --to 0.3, in the v0.3 shape); diagnostics go to stderr
    ///
    /// The card goes to stdout. Diagnostics go to stderr and point into FILE as given, the
    /// same ones `validate` reports.
    ///
    /// Exit codes:
    ///   0   the card has no errors
    ///   1   the card has errors; it is printed only with --partial
    ///   2   FILE cannot be read or is not JSON (or the output cannot be written)
    ///   64  usage error: unknown option, bad value, no FILE
    #[command(verbatim_doc_comment)]
    Migrate(migrate::MigrateArgs),
    /// Serve a card over HTTP at /.well-known/agent-card.json (without CARD, a demo card)
    ///
    /// Prints `listening on http://HOST:PORT` (https with --tls-cert) on stdout once it
    /// accepts connections. The card is served with a strong ETag, Last-Modified (the file's
    /// modification time; for the demo card a fixed date, 2026-11-29, the same in every
    /// process) and Cache-Control, answers conditional requests (304, 412), HEAD
    /// and OPTIONS, and CORS for any origin. The card's extended-card routes
    /// (`P/extendedAgentCard` below an interface at P, the method on a JSON-RPC one) answer
    /// the extended card with --extended-card and --auth, else
    /// ExtendedAgentCardNotConfiguredError (-32007) when the card declares one and
    /// UnsupportedOperationError (-32004) when it does not. Other calls on the card's
    /// interfaces get the protocol's error (JSON-RPC -32601 with the caller's id; the A2A
    /// error body over HTTP+JSON). Every other path is 404. Ctrl-C or SIGTERM stops it.
    ///
    /// Several agents on one host: `--tenant NAME=FILE` (repeatable) or `--tenants DIR`
    /// serves each card at /NAME/.well-known/agent-card.json, and an AI Catalog of all of
    /// them (draft of 2026-04-30) at /.well-known/ai-catalog.json, signed with --sign-key.
    ///
    /// Exit codes:
    ///   0   stopped by a signal
    ///   1   the card has errors (each is printed) or an option value is unusable
    ///   2   CARD cannot be read or is not JSON, a TLS file cannot be read or used, or the
    ///       address cannot be listened on
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Serve(Box<serve::ServeArgs>),
    /// Make a signing key: a PKCS#8 PEM private key and its public key in a JWKS
    ///
    /// Exit codes:
    ///   0   both files written
    ///   1   refused: the key file exists, or the JWKS already has that kid
    ///   2   a file cannot be read or written
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Keygen(keygen::KeygenArgs),
    /// Sign a card (A2A §8.4): print it with one more signature, as v1.0 JSON
    ///
    /// The signature is a detached JWS over the RFC 8785 canonical form of the card; the
    /// signatures the card had are kept. A card with errors is not signed.
    ///
    /// Exit codes:
    ///   0   the signed card is on stdout
    ///   1   not signed: the card has errors, or the key cannot be used
    ///   2   the card or key cannot be read (or the card is not JSON)
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Sign(sign::SignArgs),
    /// Verify a card's signatures, or an AI Catalog's, against trusted keys (a JWKS)
    ///
    /// A card is valid when at least one signature verifies with a key of the JWKS with the
    /// same kid and algorithm. An AI Catalog (detected by its shape, or --kind ai-catalog) is
    /// valid when every entry has a trust manifest and every manifest's signature verifies;
    /// each is reported. Keys are never fetched from the jku a signature names.
    ///
    /// Exit codes:
    ///   0   a signature verifies (a catalog: every one)
    ///   1   none does (the reason is printed)
    ///   2   the file or the JWKS cannot be read
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Verify(verify::VerifyArgs),
    /// Print a card's canonical payloads (A2A §8.4.1): each form's bytes and SHA-256
    ///
    /// The card is read as written (a v0.3 card stays v0.3). Each signature covers one of
    /// these byte strings; compare them with what another implementation computes when a
    /// signature verifies in one and not the other.
    ///
    /// Exit codes:
    ///   0   printed
    ///   1   the card cannot be read as a card (a member name repeated, a wrong type)
    ///   2   the card cannot be read (or is not JSON)
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Canonical(canonical::CanonicalArgs),
    /// Open the card studio: a local web page to validate, migrate, generate and fetch cards
    ///
    /// Serves the page at / and its JSON API (POST /api/validate, /api/migrate, /api/generate,
    /// /api/fetch) on ADDR, and prints `listening on http://HOST:PORT`. The page needs no
    /// network: everything it loads is in the binary. Ctrl-C or SIGTERM stops it.
    ///
    /// Exit codes:
    ///   0   stopped by a signal
    ///   2   the address cannot be listened on, or --ca-file cannot be used
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Studio(studio::StudioArgs),
    /// Audit a live agent's card endpoints the way a careful client would
    ///
    /// Fetches BASE_URL/.well-known/agent-card.json and /.well-known/agent.json and reports
    /// on media type, caching headers, ETag and Last-Modified, CORS, revalidation (304), HEAD,
    /// 405 for other methods, the card's validation diagnostics (the codes `validate` uses),
    /// its signatures (with --jwks), and every declared interface: does it answer, does it
    /// refuse the extended card without credentials, and (with --header) does it hand it out
    /// with them. Each finding line: `warning A2A-C106 URL [ETag]: ...`.
    ///
    /// Exit codes:
    ///   0   no errors (warnings and notes allowed)
    ///   1   errors
    ///   2   the base URL cannot be reached, or --jwks / --ca cannot be read
    ///   64  usage error
    #[command(verbatim_doc_comment)]
    Check(Box<check::CheckArgs>),
}

/// Output format for reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Lines to read: validate prints one per diagnostic and a summary per file; check, one
    /// per URL fetched and per finding, then a verdict.
    Text,
    /// One JSON document on stdout.
    Json,
    /// A SARIF 2.1.0 log on stdout, for code scanning (github/codeql-action/upload-sarif).
    Sarif,
    /// GitHub Actions workflow commands (`::error file=...,line=...,col=...::...`), one per
    /// diagnostic or finding: annotations in a workflow run (validate's on the files' lines).
    Github,
}

/// What the process exits with; the worst outcome over all files wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Outcome {
    Clean = 0,
    Invalid = 1,
    Unreadable = 2,
    /// A command-line value found wrong after parsing (same code as clap's usage errors).
    Usage = EXIT_USAGE as isize,
}

/// Runs a parsed command line and returns the exit code.
pub(crate) fn run(cli: Cli) -> u8 {
    input::set_max_input_bytes(cli.max_input_bytes);
    let mut output = Output::new();
    let outcome = match cli.command {
        Command::Validate(args) => validate::run(args, &mut output),
        Command::Migrate(args) => migrate::run(args, &mut output),
        Command::Serve(args) => serve::run(*args, &mut output),
        Command::Keygen(args) => keygen::run(args, &mut output),
        Command::Sign(args) => sign::run(args, &mut output),
        Command::Verify(args) => verify::run(args, &mut output),
        Command::Canonical(args) => canonical::run(args, &mut output),
        Command::Studio(args) => studio::run(args, &mut output),
        Command::Check(args) => check::run(*args, &mut output),
    };
    // A reader that closed the pipe early (`| head`) is not a failure; a failed write is.
    let outcome = if output.finish() {
        outcome
    } else {
        outcome.max(Outcome::Unreadable)
    };
    outcome as u8
}

fn main() -> ExitCode {
    match Cli::try_parse() {
        Ok(args) => ExitCode::from(run(args)),
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
                ExitCode::from(EXIT_USAGE)
            }
        }
    }
}
