//! `a2a-card check BASE_URL`: audit a live agent's card endpoints the way a careful client
//! would, and report every finding with a severity, a stable code and a place (a URL, plus a
//! header name or a JSON pointer).
//!
//! The order: the canonical path (everything else depends on the card it serves), the legacy
//! path, revalidation / HEAD / an unsupported method, validation, signatures, and finally
//! every declared interface. Requests run one after another: a card server should not see a
//! burst from a checker, and the report then reads in the order things were asked.

mod endpoint;
mod finding;
mod interfaces;
mod report;

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use http::{HeaderName, HeaderValue, Uri};

use super::client::{parse_http_url, Fetcher};
use super::output::{errln, Output};
use super::{input, Format, Outcome};
use a2a_card::sign::{CardVerifier, TrustStore};
use a2a_card::{validate_document, AgentCard, DocumentKind, Profile};
use endpoint::{fetch_card, header_findings, protocol_findings, redirect_findings, CardFetch};
use finding::{Check, Finding, Place};
use report::Report;

const CANONICAL_PATH: &str = "/.well-known/agent-card.json";
const LEGACY_PATH: &str = "/.well-known/agent.json";
const USER_AGENT: &str = concat!("a2a-card-check/", env!("CARGO_PKG_VERSION"));

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
}

/// `Name: value` into a header; the value is marked sensitive (never logged by hyper). The
/// error never repeats the argument, which holds a secret.
fn parse_header(text: &str) -> Result<(HeaderName, HeaderValue), String> {
    let (name, value) = text
        .split_once(':')
        .ok_or_else(|| "a --header is not of the form `Name: value` (no colon)".to_owned())?;
    let name = HeaderName::from_bytes(name.trim().as_bytes())
        .map_err(|_| "a --header has a name that is not a header name".to_owned())?;
    let mut value = HeaderValue::from_str(value.trim()).map_err(|_| {
        format!("the --header value of {name} has characters a header cannot carry")
    })?;
    value.set_sensitive(true);
    Ok((name, value))
}

pub(crate) fn run(args: CheckArgs, output: &mut Output) -> Outcome {
    let credentials = match args.headers.iter().map(|h| parse_header(h)).collect() {
        Ok(credentials) => credentials,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Usage;
        }
    };
    let mut trusted = Vec::new();
    for given in &args.credential_origins {
        match parse_http_url(given) {
            Ok(uri) => trusted.push(interfaces::Origin::of(&uri)),
            Err(error) => {
                errln!(output, "a2a-card: --credentials-origin: {error}");
                return Outcome::Usage;
            }
        }
    }
    let base = match base_url(&args.base_url) {
        Ok(base) => base,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let verifier = match args.jwks.as_deref().map(read_jwks).transpose() {
        Ok(trust) => trust.map(|(store, path)| Keys::new(store, path)),
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let fetcher = match Fetcher::new(args.ca.as_deref(), USER_AGENT) {
        Ok(fetcher) => fetcher.with_timeout(Duration::from_secs(args.timeout)),
        Err(error) => {
            errln!(output, "a2a-card: {error}");
            return Outcome::Unreadable;
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            errln!(output, "a2a-card: cannot start the async runtime: {error}");
            return Outcome::Unreadable;
        }
    };
    if let Ok(uri) = parse_http_url(&base) {
        trusted.push(interfaces::Origin::of(&uri));
    }
    let credentials = interfaces::Credentials {
        headers: credentials,
        origins: trusted,
    };
    let report = runtime.block_on(audit(&fetcher, &base, verifier.as_ref(), &credentials));
    // A DNS lookup that timed out may still run on a blocking thread; do not wait for it.
    runtime.shutdown_background();
    report.print(args.format, output);
    report.outcome()
}

/// The base URL without a trailing slash, query or well-known path.
fn base_url(text: &str) -> Result<String, String> {
    let uri = parse_http_url(text).map_err(|e| e.to_string())?;
    let path = uri.path();
    let path = path
        .strip_suffix(CANONICAL_PATH)
        .or_else(|| path.strip_suffix(LEGACY_PATH))
        .unwrap_or(path)
        .trim_end_matches('/');
    let scheme = uri.scheme_str().unwrap_or("https");
    let authority = uri.authority().map_or("", |a| a.as_str());
    Ok(format!("{scheme}://{authority}{path}"))
}

fn read_jwks(path: &str) -> Result<(TrustStore, &str), String> {
    let bytes = input::read(path)?;
    let store = TrustStore::from_jwks_json(&bytes).map_err(|error| format!("{path}: {error}"))?;
    Ok((store, path))
}

/// The `--jwks` keys: a verifier as `verify` builds one, the same refusing fields no
/// signature covers, and the keys the JWKS held that cannot be used.
struct Keys {
    verifier: CardVerifier,
    strict: CardVerifier,
    skipped: Vec<String>,
}

impl Keys {
    fn new(store: TrustStore, path: &str) -> Keys {
        let skipped = store
            .skipped()
            .iter()
            .map(|s| format!("{path}: left out {s}"))
            .collect();
        Keys {
            verifier: CardVerifier::new(store.clone()),
            strict: CardVerifier::new(store).refuse_unsigned_fields(true),
            skipped,
        }
    }
}

fn at(base: &str, path: &str) -> Uri {
    // The base was parsed as a URL and a well-known path only adds path characters.
    parse_http_url(&format!("{base}{path}")).unwrap_or_default()
}

/// Runs every check against `base`.
async fn audit(
    fetcher: &Fetcher,
    base: &str,
    verifier: Option<&Keys>,
    credentials: &interfaces::Credentials,
) -> Report {
    let mut findings = Vec::new();
    let canonical = fetch_card(fetcher, &at(base, CANONICAL_PATH)).await;
    if canonical.unreachable {
        return Report::unreachable(base, canonical.endpoint);
    }
    let card = served_card(&canonical, &mut findings);
    if let (Some(response), Ok(url)) = (
        canonical.response.as_ref().filter(|_| card.is_some()),
        parse_http_url(canonical.endpoint.final_url()),
    ) {
        protocol_findings(fetcher, &url, response, &mut findings).await;
    }
    let legacy = fetch_card(fetcher, &at(base, LEGACY_PATH)).await;
    legacy_findings(&legacy, card.as_ref(), &mut findings);
    if let Some(card) = &card {
        let url = canonical.endpoint.final_url();
        signature_findings(card, verifier, url, &mut findings);
        interfaces::interface_findings(fetcher, card, url, credentials, &mut findings).await;
    }
    Report::new(base, vec![canonical.endpoint, legacy.endpoint], findings)
}

/// The card at the canonical path, with what its headers and content say.
fn served_card(canonical: &CardFetch, findings: &mut Vec<Finding>) -> Option<AgentCard> {
    let endpoint = &canonical.endpoint;
    let url = endpoint.final_url();
    redirect_findings(endpoint, findings);
    let Some(body) = canonical.card_body() else {
        let got = endpoint.answer();
        findings.push(Finding::new(
            Check::CardMissing,
            Place::url(url),
            format!("no card here: got {got}; publish the card at {CANONICAL_PATH} (§8.2)"),
        ));
        return None;
    };
    if let Some(response) = &canonical.response {
        header_findings(url, response.headers(), findings);
    }
    let report = match validate_document(body, Profile::Spec, Some(DocumentKind::Card)) {
        Ok(report) => report,
        Err(error) => {
            findings.push(Finding::new(
                Check::CardUnreadable,
                Place::url(url),
                format!("the body is not a card: {error}"),
            ));
            return None;
        }
    };
    findings.extend(
        report
            .diagnostics
            .iter()
            .map(|d| Finding::from_diagnostic(d, url, "")),
    );
    match AgentCard::read(body) {
        Ok(read) => Some(read.card),
        Err(error) => {
            findings.push(Finding::new(
                Check::CardUnreadable,
                Place::url(url),
                format!("the body is not a card: {error}"),
            ));
            None
        }
    }
}

/// The legacy path: present, and the same card (as is, or as its v0.3 rendering).
fn legacy_findings(legacy: &CardFetch, card: Option<&AgentCard>, findings: &mut Vec<Finding>) {
    let endpoint = &legacy.endpoint;
    let url = endpoint.final_url();
    redirect_findings(endpoint, findings);
    let Some(body) = legacy.card_body() else {
        let got = endpoint.answer();
        findings.push(Finding::new(
            Check::LegacyMissing,
            Place::url(&endpoint.url),
            format!(
                "got {got}; clients older than v0.3 read {LEGACY_PATH} (serve the card there \
                 too, or redirect to {CANONICAL_PATH})"
            ),
        ));
        return;
    };
    // A redirect to the canonical path was checked there; a separate copy is checked here.
    if !endpoint
        .redirects
        .iter()
        .any(|r| r.ends_with(CANONICAL_PATH))
    {
        if let Some(response) = &legacy.response {
            header_findings(url, response.headers(), findings);
        }
    }
    let Ok(legacy) = AgentCard::read(body) else {
        findings.push(Finding::new(
            Check::LegacyMissing,
            Place::url(url),
            format!("a 200 whose body is not a card; clients older than v0.3 read {LEGACY_PATH}"),
        ));
        return;
    };
    let Some(card) = card else { return };
    let same = legacy.card == *card
        || serde_json::to_vec(&card.to_v03().json)
            .ok()
            .and_then(|v03| AgentCard::read(&v03).ok())
            .is_some_and(|rendered| rendered.card == legacy.card);
    if !same {
        findings.push(Finding::new(
            Check::LegacyDiffers,
            Place::url(url),
            format!(
                "this card differs from the one at {CANONICAL_PATH} (also after rendering that \
                 one for v0.3); clients would see two agents"
            ),
        ));
    }
}

/// Signatures against `--jwks`, or a note on what was not checked.
fn signature_findings(
    card: &AgentCard,
    keys: Option<&Keys>,
    url: &str,
    findings: &mut Vec<Finding>,
) {
    let place = || Place::pointer(url, "/signatures");
    for skipped in keys.map_or(&[][..], |k| &k.skipped[..]) {
        findings.push(Finding::new(Check::KeyLeftOut, place(), skipped.clone()));
    }
    let verifier = keys.map(|k| &k.verifier);
    match (verifier, card.signatures.len()) {
        (None, 0) => {}
        (None, n) => findings.push(Finding::new(
            Check::SignatureNotChecked,
            place(),
            format!("{n} signature(s) not verified; pass --jwks with the signer's public keys"),
        )),
        (Some(_), 0) => findings.push(Finding::new(
            Check::Unsigned,
            place(),
            "keys were given but the card carries no signature",
        )),
        (Some(verifier), _) => match verifier.verify(card) {
            Ok(verified) => {
                findings.push(Finding::new(
                    Check::SignatureVerified,
                    Place::pointer(url, format!("/signatures/{}", verified.index)),
                    format!(
                        "verified: {} signature by kid {:?}",
                        verified.algorithm, verified.kid
                    ),
                ));
                if let Some(Err(error)) = keys.map(|k| k.strict.verify(card)) {
                    findings.push(Finding::new(
                        Check::UnsignedFields,
                        place(),
                        error.to_string(),
                    ));
                }
            }
            Err(error) => findings.push(Finding::new(
                Check::SignatureInvalid,
                place(),
                format!("no signature verifies: {error}"),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_url_drops_well_known_paths_and_slashes() {
        for (given, base) in [
            ("https://a.example", "https://a.example"),
            ("https://a.example/", "https://a.example"),
            ("https://a.example/agents/x/", "https://a.example/agents/x"),
            (
                "http://127.0.0.1:8080/.well-known/agent-card.json",
                "http://127.0.0.1:8080",
            ),
            (
                "https://a.example/.well-known/agent.json?x=1",
                "https://a.example",
            ),
        ] {
            assert_eq!(base_url(given).as_deref(), Ok(base), "{given}");
        }
        assert!(base_url("a.example").is_err());
    }

    #[test]
    fn header_arguments_need_a_name_and_a_value() {
        let (name, value) = parse_header("X-API-Key: s3cret ").unwrap();
        assert_eq!(name, "x-api-key");
        assert_eq!(value, "s3cret");
        assert!(value.is_sensitive());
        assert!(parse_header("no colon").is_err());
        assert!(parse_header("bad name: v").is_err());
        assert!(parse_header("X: a\u{7}b").is_err());
    }
}
