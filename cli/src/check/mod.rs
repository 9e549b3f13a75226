//! `a2a-card check BASE_URL`: the library's audit of a live agent (`a2a_card::check`), with
//! the arguments parsed here and its report printed (text or JSON).

mod credential_lines;
mod report;

use std::path::PathBuf;
use std::time::Duration;

use a2a_card::check::{Audit, AuditReport, CheckError};
use a2a_card::client::{ClientError, parse_http_url};
use a2a_card::sign::TrustStore;
use clap::Args;
use http::HeaderMap;

use super::output::{Output, errln, shown_path};
use super::{Format, Outcome, input};
use credential_lines::{header_from_line, headers_from_lines};

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The agent's base URL (`https://agent.example.com`); a URL ending in one of the
    /// well-known card paths is taken as its base.
    #[arg(value_name = "BASE_URL")]
    base_url: String,
    /// Verify the card's signatures against the public keys of this JWKS.
    #[arg(long, value_name = "FILE")]
    jwks: Option<String>,
    /// A header sent with extended-card requests, `Name: value` (repeat for several): the
    /// credentials the card's security requirements ask for. Values are never printed.
    // Parsed in `run`, not by clap: clap's error would repeat the whole argument, secret
    // included.
    #[arg(long = "header", short = 'H', value_name = "NAME: VALUE")]
    headers: Vec<String>,
    /// Headers as --header takes them, one `Name: value` per line, read from this file
    /// (blank lines and lines starting with `#` are skipped): credentials kept out of the
    /// command line, which other local users can see in `ps`.
    #[arg(long = "header-file", value_name = "FILE")]
    header_files: Vec<PathBuf>,
    /// Headers as --header takes them, one `Name: value` per line, read from this
    /// environment variable.
    #[arg(long = "header-env", value_name = "VAR")]
    header_envs: Vec<String>,
    /// Also send the --header credentials to interfaces on this origin
    /// (`https://api.example.com`; repeat for several). Without it they go only to
    /// interfaces on the base URL's origin, and never over plain http except to loopback.
    #[arg(long = "credentials-origin", value_name = "ORIGIN")]
    credential_origins: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also trust the CA certificates in this PEM file (the Mozilla roots and the system CA
    /// store, `SSL_CERT_FILE` included, are always trusted).
    #[arg(long, value_name = "PEM")]
    ca: Option<PathBuf>,
    /// Seconds each request may take, from connecting to the last byte.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    timeout: u64,
    /// Seconds the whole audit may take; probes left when they run out are reported as
    /// not done (A2A-C413).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    budget: u64,
    /// Let URLs from the card and from redirects reach loopback, link-local, private and
    /// other internal addresses even when BASE_URL is not on one (refused by default,
    /// A2A-C412).
    #[arg(long)]
    allow_private_destinations: bool,
}

/// The credentials of --header, --header-file and --header-env, in that order. A file that
/// cannot be read exits 2, anything else wrong is a usage error (64).
fn credentials(args: &CheckArgs) -> Result<HeaderMap, (Outcome, String)> {
    let usage = |message| (Outcome::Usage, message);
    let mut headers = HeaderMap::new();
    for text in &args.headers {
        let (name, value) =
            header_from_line(text, "a --header").map_err(|e| usage(e.to_string()))?;
        headers.append(name, value);
    }
    for path in &args.header_files {
        let shown = shown_path(path);
        // `-` is standard input, as for every input; a path is read as it is (not as text).
        let bytes = match path.to_str() {
            Some("-") => input::read("-"),
            _ => input::read_file(path, "--header-file"),
        };
        let bytes = bytes.map_err(|e| (Outcome::Unreadable, e))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| usage(format!("--header-file {shown} is not UTF-8 text")))?;
        headers_from_lines(&text, &format!("--header-file {shown}"), &mut headers)
            .map_err(|e| usage(e.to_string()))?;
    }
    for var in &args.header_envs {
        let text = std::env::var(var).map_err(|error| {
            usage(match error {
                std::env::VarError::NotPresent => format!("--header-env: {var} is not set"),
                std::env::VarError::NotUnicode(_) => {
                    format!("--header-env: {var} is not UTF-8 text")
                }
            })
        })?;
        headers_from_lines(&text, &format!("--header-env {var}"), &mut headers)
            .map_err(|e| usage(e.to_string()))?;
    }
    Ok(headers)
}

pub(crate) fn run(args: CheckArgs, output: &mut Output) -> Outcome {
    match audit(&args, output) {
        Ok(report) => {
            report::print(&report, args.format, output);
            report::outcome(&report)
        }
        Err(outcome) => outcome,
    }
}

/// Everything but printing the report: each mistake in the arguments is reported here.
fn audit(args: &CheckArgs, output: &mut Output) -> Result<AuditReport, Outcome> {
    let mut fail = |outcome: Outcome, message: String| {
        errln!(output, "a2a-card: {message}");
        outcome
    };
    let credentials = credentials(args).map_err(|(outcome, message)| fail(outcome, message))?;
    let mut origins = Vec::new();
    for given in &args.credential_origins {
        let uri = parse_http_url(given)
            .map_err(|error| fail(Outcome::Usage, format!("--credentials-origin: {error}")))?;
        origins.push(uri);
    }
    let mut audit = Audit::new(&args.base_url)
        .map_err(|error| match error {
            CheckError::BaseUrl(ClientError::UserInfo) => fail(
                Outcome::Unreadable,
                "the URL has a user:password@ part; send credentials with --header instead"
                    .to_owned(),
            ),
            error => fail(Outcome::Unreadable, error.to_string()),
        })?
        .credentials(credentials)
        .budget(Duration::from_secs(args.budget));
    if args.allow_private_destinations {
        audit = audit.allow_private_destinations();
    }
    for origin in &origins {
        audit = audit.credential_origin(origin);
    }
    if let Some(path) = args.jwks.as_deref() {
        let store = read_jwks(path).map_err(|message| fail(Outcome::Unreadable, message))?;
        audit = audit.keys(store, path);
    }
    let mut client = a2a_card::check::client()
        .native_roots()
        .timeout(Duration::from_secs(args.timeout));
    if let Some(ca) = &args.ca {
        client = client.root_certificates_file(ca);
    }
    let client = client
        .build()
        .map_err(|error| fail(Outcome::Unreadable, error.to_string()))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| {
            fail(
                Outcome::Unreadable,
                format!("cannot start the async runtime: {error}"),
            )
        })?;
    let report = runtime.block_on(audit.run(&client));
    // A DNS lookup that timed out may still run on a blocking thread; do not wait for it.
    runtime.shutdown_background();
    Ok(report)
}

fn read_jwks(path: &str) -> Result<TrustStore, String> {
    let bytes = input::read(path)?;
    TrustStore::from_jwks_json(&bytes).map_err(|error| format!("{path}: {error}"))
}
