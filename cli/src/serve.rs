//! `a2a-card serve`: the card behind `AgentCardLayer` on a real HTTP server.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use clap::{ArgGroup, Args, ValueEnum};
use http::HeaderValue;
use tower::Layer;

use super::output::{Output, errln, outln, shown_path};
use super::{Outcome, server, tls};
use a2a_card::catalog::HostInfo;
use a2a_card::extended::ExtendedCardLayer;
use a2a_card::serve::{
    AgentCardLayer, CatalogOptions, Cors, DEFAULT_CACHE_CONTROL, Legacy, PublicUrl, TrustedProxies,
};
use a2a_card::sign::{CardSigner, CardVerifier, TrustStore};
use a2a_card::{
    AgentCard,
    validate::{DocumentKind, Profile, validate_document},
};
use a2a_card_server::auth_file::AuthFile;

/// The card served when no file is given: the example card of this repository
/// (`examples/agent-card.json`) without its extended card, which a server started with no
/// arguments has no credentials to guard.
const DEMO_CARD: &[u8] = include_bytes!("../demo-card.json");
/// The demo card's `Last-Modified` (2026-11-29T00:00:00Z): a fixed date, so every process
/// serving it sends the same validators.
const DEMO_CARD_MODIFIED_SECS: u64 = 1_795_910_400;

mod enforcement;
mod watch;

#[derive(Debug, Args)]
#[command(group = ArgGroup::new("card_files").args(["card", "tenant", "tenants_dir"]).multiple(true))]
pub(crate) struct ServeArgs {
    /// The card to serve (v1.0 or v0.3 JSON); without it, a built-in demo card.
    #[arg(value_name = "CARD")]
    card: Option<PathBuf>,
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// What /.well-known/agent.json answers.
    #[arg(long, value_enum, default_value_t = LegacyArg::Alias)]
    legacy: LegacyArg,
    /// Cache-Control of the card.
    #[arg(long, value_name = "VALUE", default_value = DEFAULT_CACHE_CONTROL)]
    cache_control: String,
    /// Content-Type of the card.
    #[arg(long, value_name = "VALUE", default_value = a2a_card::protocol::A2A_JSON)]
    content_type: String,
    /// Serve the v0.3 rendering at the canonical path to requests with `A2A-Version: 0.3`.
    #[arg(long)]
    negotiate_version: bool,
    /// Allow only this browser origin (repeatable); default (or `*`): any origin, no
    /// credentials.
    #[arg(long = "cors-origin", value_name = "ORIGIN")]
    cors_origins: Vec<String>,
    /// Send no CORS headers.
    #[arg(long, conflicts_with = "cors_origins")]
    no_cors: bool,
    /// Send identity bytes only: no precompressed gzip or brotli, no `Vary: Accept-Encoding`.
    #[arg(long)]
    no_compression: bool,
    /// Serve below this path, e.g. /agents/routes.
    #[arg(long, value_name = "PATH", default_value = "")]
    mount_prefix: String,
    /// Reload CARD and every tenant's file when it changes; a card with errors is refused
    /// and the old one kept. With --tenants DIR, a NAME.json added to DIR is a new tenant
    /// and one removed is a tenant gone (404, out of the catalog). Files are looked at off
    /// the request path: their metadata on every change the file system reports and every
    /// 10 s, their bytes in full every 60 s; a Kubernetes ConfigMap's swapped `..data` is
    /// followed.
    #[arg(long, requires = "card_files")]
    watch: bool,
    /// The extended card, served to authenticated callers on the routes the card's
    /// interfaces imply (needs --auth).
    #[arg(long, value_name = "FILE", requires = "auth")]
    extended_card: Option<PathBuf>,
    /// TOML file with one table per security scheme name of the card: `[apiKey] keys = ["k1"]` (or
    /// keys_env), `[basic] users = ["alice:s3cret"]` (or users_env), `[oidc] jwks_file =
    /// "jwks.json"` (or jwks_url, discover = true). Enforces the card's security requirements.
    #[arg(long, value_name = "FILE")]
    auth: Option<PathBuf>,
    /// Sign the card, and every card reloaded by --watch, with this private key (PKCS#8 PEM
    /// or private JWK) once, when it is loaded; a card that is already signed is served as is.
    /// Each view of --extended-card (each set of skills a caller may see) is signed too, once
    /// at start.
    #[arg(long, value_name = "FILE", requires = "kid")]
    sign_key: Option<String>,
    /// Key id written in the signature (with --sign-key).
    #[arg(long, requires = "sign_key")]
    kid: Option<String>,
    /// URL of the JWKS publishing the signing key, written in the signature.
    #[arg(long, value_name = "URL", requires = "sign_key")]
    jku: Option<String>,
    /// Algorithm of an RSA --sign-key: RS256 or PS256.
    #[arg(long, value_name = "ALG", requires = "sign_key", value_parser = super::keygen::parse_algorithm)]
    sign_alg: Option<a2a_card::sign::Algorithm>,
    /// A card that arrives signed must verify with a key of this JWKS, or it is refused.
    #[arg(long, value_name = "FILE")]
    trust_jwks: Option<String>,
    #[command(flatten)]
    host: HostArgs,
    #[command(flatten)]
    tls: tls::TlsArgs,
    #[command(flatten)]
    limits: server::Limits,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LegacyArg {
    Alias,
    Redirect,
    V03,
    Off,
}

/// A card file that cannot be served, and the exit status that says why.
enum Refusal {
    Unreadable(String),
    Invalid(Vec<String>),
}

impl Refusal {
    /// The lines that say why the file at `path` is not served, at the start and under
    /// `--watch` alike.
    fn lines(&self, path: &Path) -> Vec<String> {
        match self {
            Refusal::Unreadable(message) => vec![format!("a2a-card: {message}")],
            Refusal::Invalid(errors) => {
                let mut lines = errors.clone();
                lines.push(format!(
                    "a2a-card: {} has {} error(s); not serving it",
                    shown_path(path),
                    errors.len()
                ));
                lines
            }
        }
    }
}

pub(crate) fn run(mut args: ServeArgs, output: &mut Output) -> Outcome {
    // --trusted-proxy needs each request's peer address.
    args.limits.peer_addresses = !args.host.trusted_proxy.is_empty();
    let (card, modified, name, loaded) = match &args.card {
        None => (
            AgentCard::from_json_slice(DEMO_CARD).expect("the demo card is valid"),
            SystemTime::UNIX_EPOCH + Duration::from_secs(DEMO_CARD_MODIFIED_SECS),
            "the built-in demo card".to_owned(),
            None,
        ),
        Some(path) => match load(path) {
            Ok((card, modified, bytes)) => (
                card,
                modified,
                shown_path(path).to_string(),
                Some(watch::digest(&bytes)),
            ),
            Err(refusal) => return report_refusal(output, path, &refusal),
        },
    };
    let tenants = match load_tenants(&args.host, output) {
        Ok(tenants) => tenants,
        Err(outcome) => return outcome,
    };
    if serves_v03(&args) {
        report_v03_losses(output, &card);
        for tenant in &tenants {
            report_v03_losses(output, &tenant.card());
        }
    }
    // With --auth, what is enforced was derived from this card at start.
    let enforced = args.auth.is_some().then(|| card.clone());
    let extended = match extended_layer(&args, &card, output) {
        Ok(extended) => extended,
        Err(outcome) => return outcome,
    };
    let tls = match args.tls.acceptor() {
        Ok(tls) => tls,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let (runtime, listener, local) = match server::listen(&args.addr, output) {
        Ok(started) => started,
        Err(outcome) => return outcome,
    };
    // The catalog names card URLs, which may come from the address just bound.
    let catalog = match args.host.catalog_options(scheme, &local) {
        Ok(catalog) => catalog,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Usage;
        }
    };
    let watched = watch::Watch {
        main: args.card.clone().zip(loaded),
        tenants: tenants
            .iter()
            .map(|t| (t.name.clone(), t.path.clone(), t.seen))
            .collect(),
        named: args
            .host
            .tenant
            .iter()
            .map(|(name, _)| name.clone())
            .collect(),
        dir: args.host.tenants_dir.clone(),
        v03: serves_v03(&args),
        enforced,
    };
    let shown_tenants: Vec<(String, PathBuf)> = tenants
        .iter()
        .map(|t| (t.name.clone(), t.path.clone()))
        .collect();
    let layer = match build_layer(&args, card, modified, catalog, tenants, output) {
        Ok(layer) => layer,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Invalid;
        }
    };
    runtime.block_on(async {
        let shutdown = server::shutdown_signal();
        errln!(output, "serving {name} (ETag {})", layer.handle().etag());
        for (tenant, path) in &shown_tenants {
            let tenant = a2a_card::terminal_safe(tenant);
            errln!(
                output,
                "serving tenant {tenant} from {} at {}/{tenant}/.well-known/agent-card.json",
                shown_path(path),
                a2a_card::terminal_safe(args.mount_prefix.trim_end_matches('/'))
            );
        }
        if let Some(catalog) = layer.handle().catalog() {
            errln!(
                output,
                "serving an AI Catalog of {} cards at {}{}",
                catalog.entries.len(),
                args.mount_prefix.trim_end_matches('/'),
                a2a_card::catalog::WELL_KNOWN_PATH
            );
        }
        outln!(output, "listening on {scheme}://{local}");
        output.flush_stdout();
        // The server loop and --watch both report on stderr, one at a time (one task).
        let shared = std::cell::RefCell::new(&mut *output);
        let limits = &args.limits;
        // The two stacks have different types; the server future hides which one runs.
        let server: std::pin::Pin<Box<dyn std::future::Future<Output = ()> + '_>> = match extended {
            Some(extended) => {
                // The public card outermost: it is most of the traffic, and its paths and the
                // extended card's never overlap, so the order changes no answer.
                let service = layer.layer(extended.layer(tower::service_fn(server::not_found)));
                Box::pin(server::serve(
                    listener,
                    service,
                    tls,
                    limits,
                    shutdown,
                    Some(&shared),
                ))
            }
            None => {
                let service = layer.layer(tower::service_fn(server::not_found));
                Box::pin(server::serve(
                    listener,
                    service,
                    tls,
                    limits,
                    shutdown,
                    Some(&shared),
                ))
            }
        };
        if args.watch {
            // The files are looked at on a thread of their own; what it finds is printed here.
            let (report, mut reported) = tokio::sync::mpsc::unbounded_channel();
            if let Err(error) = watch::spawn(watched, layer.handle(), report) {
                errln!(shared.borrow_mut(), "a2a-card: --watch: {error}");
            }
            let print = async {
                while let Some(line) = reported.recv().await {
                    errln!(shared.borrow_mut(), "{line}");
                }
                std::future::pending::<()>().await;
            };
            tokio::select! {
                () = server => {}
                () = print => {}
            }
        } else {
            server.await;
        }
        errln!(output, "a2a-card: stopped");
        Outcome::Clean
    })
}

/// The extended-card layer when `--auth` is given: the card's security from the auth file,
/// and the extended card (if any), both checked before anything is served. A card that
/// declares an extended card while none is given gets a warning, and its extended-card
/// routes answer ExtendedAgentCardNotConfiguredError (after authentication with `--auth`).
fn extended_layer(
    args: &ServeArgs,
    public: &AgentCard,
    output: &mut Output,
) -> Result<Option<ExtendedCardLayer>, Outcome> {
    let not_configured =
        public.capabilities.extended_agent_card == Some(true) && args.extended_card.is_none();
    if not_configured {
        errln!(
            output,
            "a2a-card: warning: the card declares capabilities.extendedAgentCard but no --extended-card was given; its extended-card routes answer ExtendedAgentCardNotConfiguredError (-32007)"
        );
    }
    let Some(auth_path) = &args.auth else {
        // Without routes (no JSONRPC or HTTP+JSON interface) there is nothing to answer.
        return Ok(not_configured
            .then(|| {
                ExtendedCardLayer::not_configured(public)
                    .body_timeout(args.limits.body_timeout())
                    .body_budget(args.limits.body_budget())
                    .build()
                    .ok()
            })
            .flatten());
    };
    let extended = match &args.extended_card {
        None => None,
        Some(path) => match load(path) {
            Ok((card, _, _)) => Some(card),
            Err(refusal) => return Err(report_refusal(output, path, &refusal)),
        },
    };
    if let Some(card) = &extended {
        if card.supported_interfaces != public.supported_interfaces {
            // Routes come from the public card; a client that switches to the extended
            // card's interfaces may go somewhere this server does not answer.
            errln!(
                output,
                "a2a-card: warning: the extended card's supportedInterfaces differ from the public card's; the extended-card routes follow the public card"
            );
        }
    }
    let shown = shown_path(auth_path).to_string();
    let mut file = AuthFile::new(public)
        .named(&shown)
        .client_certificates_verified(args.tls.client_ca.is_some());
    if let Some(card) = &extended {
        file = file.extended_card(card);
    }
    let read = crate::input::read_text(auth_path, "")
        .and_then(|text| file.read(&text).map_err(|e| e.to_string()))
        .map_err(|message| {
            errln!(output, "a2a-card: {message}");
            Outcome::Invalid
        })?;
    for warning in read.warnings {
        errln!(output, "a2a-card: warning: {warning}");
    }
    let security = read.security;
    let mut builder = ExtendedCardLayer::builder(public, security)
        .precompress(!args.no_compression)
        .body_timeout(args.limits.body_timeout())
        .body_budget(args.limits.body_budget());
    match args.host.public_url(&args.addr) {
        Ok(Some(url)) => builder = builder.public_url(url),
        Ok(None) => {}
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Err(Outcome::Usage);
        }
    }
    let builder = match extended {
        Some(card) => match signer(args) {
            Ok(Some(signer)) => builder.extended_card(card).sign_with(signer),
            Ok(None) => builder.extended_card(card),
            Err(message) => {
                errln!(output, "a2a-card: {message}");
                return Err(Outcome::Invalid);
            }
        },
        None if not_configured => builder.without_extended_card(),
        None => builder,
    };
    builder.build().map(Some).map_err(|error| {
        errln!(output, "a2a-card: {error}");
        Outcome::Invalid
    })
}

/// The signer of `--sign-key`, for the public card and each view of the extended card.
fn signer(args: &ServeArgs) -> Result<Option<CardSigner>, String> {
    let (Some(path), Some(kid)) = (&args.sign_key, &args.kid) else {
        return Ok(None);
    };
    let key = super::sign::load_key(path, args.sign_alg)
        .map_err(|(_, message)| format!("--sign-key {path}: {message}"))?;
    let signer = CardSigner::new(key, kid.clone());
    Ok(Some(match &args.jku {
        Some(jku) => signer.with_jku(jku.clone()),
        None => signer,
    }))
}

fn build_layer(
    args: &ServeArgs,
    card: AgentCard,
    modified: SystemTime,
    catalog: Option<CatalogOptions>,
    tenants: Vec<Tenant>,
    output: &mut Output,
) -> Result<AgentCardLayer, String> {
    let header = |name: &str, value: &str| {
        HeaderValue::from_str(value)
            .map_err(|_| format!("--{name} {value:?} cannot be sent as an HTTP header value"))
    };
    let cors = if args.no_cors {
        Cors::disabled()
    } else if args.cors_origins.is_empty() || args.cors_origins.iter().any(|o| o == "*") {
        Cors::any_origin()
    } else {
        Cors::allow_origins(&args.cors_origins).map_err(|e| format!("--cors-origin: {e}"))?
    };
    let legacy = match args.legacy {
        LegacyArg::Alias => Legacy::Alias,
        LegacyArg::Redirect => Legacy::Redirect,
        LegacyArg::V03 => Legacy::V03,
        LegacyArg::Off => Legacy::Off,
    };
    let mut builder = AgentCardLayer::builder(card);
    if let Some(signer) = signer(args)? {
        builder = builder.sign_with(signer);
    }
    if let Some(path) = &args.trust_jwks {
        let bytes = crate::input::read_file(Path::new(path), "--trust-jwks")?;
        let store =
            TrustStore::from_jwks_json(&bytes).map_err(|e| format!("--trust-jwks {path}: {e}"))?;
        for kid in store.repeated_kids() {
            errln!(
                output,
                "a2a-card: warning: --trust-jwks {path}: several keys share kid {kid:?}; signatures naming it are checked with each"
            );
        }
        builder = builder.verify_with(CardVerifier::new(store));
    }
    if let Some(catalog) = catalog {
        builder = builder.catalog(catalog);
    }
    if let Some(url) = args.host.public_url(&args.addr)? {
        builder = builder.public_url(url);
    }
    if let Some(proxies) = args.host.trusted_proxies(&args.addr)? {
        for warning in proxies.warnings() {
            errln!(output, "a2a-card: warning: --trusted-proxy: {warning}");
        }
        builder = builder.trusted_proxies(proxies);
    }
    let layer = builder
        .cache_control(header("cache-control", &args.cache_control)?)
        .content_type(header("content-type", &args.content_type)?)
        .last_modified(modified)
        .legacy(legacy)
        .negotiate_version(args.negotiate_version)
        .precompress(!args.no_compression)
        .cors(cors)
        .mount_prefix(args.mount_prefix.as_str())
        .build()
        .map_err(|e| match e {
            a2a_card::serve::BuildError::InvalidPrefix(_) => format!("--mount-prefix: {e}"),
            other => other.to_string(),
        })?;
    // All in one step (built on every core, one catalog), each dated by its own file.
    let paths: std::collections::HashMap<String, PathBuf> = tenants
        .iter()
        .map(|t| (t.name.clone(), t.path.clone()))
        .collect();
    // Each card is read from its bytes when a core takes it: 10,000 parsed cards at once
    // would take 120 MB that the served bytes do not need.
    let cards = tenants.into_iter().map(|t| {
        let card = t.card();
        (t.name, card, t.modified)
    });
    layer.handle().replace_tenants(cards).map_err(|e| {
        let tenant = match &e {
            a2a_card::serve::BuildError::InvalidCard {
                tenant: Some(name), ..
            } => Some(name),
            a2a_card::serve::BuildError::InvalidTenant(name)
            | a2a_card::serve::BuildError::DuplicateTenant(name)
            | a2a_card::serve::BuildError::NonCanonicalTenant { name, .. } => Some(name),
            _ => None,
        };
        match tenant.and_then(|name| Some((name, paths.get(name)?))) {
            Some((name, path)) => format!(
                "tenant {} ({}): {e}",
                a2a_card::terminal_safe(name),
                shown_path(path)
            ),
            None => format!("tenants: {e}"),
        }
    })?;
    Ok(layer)
}

/// Whether some route serves the v0.3 rendering.
fn serves_v03(args: &ServeArgs) -> bool {
    args.legacy == LegacyArg::V03 || args.negotiate_version
}

/// What the v0.3 rendering could not carry across, so serving it is never silently lossy.
fn report_v03_losses(output: &mut Output, card: &AgentCard) {
    for note in card.to_v03().notes {
        errln!(output, "v0.3 rendering: {note}");
    }
}

/// Reads and checks a card file: the card, its modification time and the bytes read.
fn load(path: &Path) -> Result<(AgentCard, SystemTime, Vec<u8>), Refusal> {
    let bytes = read_card_file(path).map_err(Refusal::Unreadable)?;
    let (card, modified) = check(path, &bytes)?;
    Ok((card, modified, bytes))
}

/// A card file's bytes, read the one way the start and `--watch` read it: a regular file
/// only (a named pipe is refused without blocking), at most `--max-input-bytes`; the message
/// names the file and what is wrong (the cap, and how to raise it).
fn read_card_file(path: &Path) -> Result<Vec<u8>, String> {
    crate::input::read_file(path, "")
}

/// Checks the bytes of a card file: the card and the file's modification time.
fn check(path: &Path, bytes: &[u8]) -> Result<(AgentCard, SystemTime), Refusal> {
    let shown = shown_path(path);
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|_| SystemTime::now());
    let report = validate_document(bytes, Profile::Spec, Some(DocumentKind::Card))
        .map_err(|e| Refusal::Unreadable(format!("{shown}: {e}")))?;
    if report.has_errors() {
        let errors = report.diagnostics.iter().filter(|d| d.is_error());
        return Err(Refusal::Invalid(errors.map(|d| d.to_string()).collect()));
    }
    let card = AgentCard::from_json_slice(bytes)
        .map_err(|e| Refusal::Unreadable(format!("{shown}: {e}")))?;
    Ok((card, modified))
}

fn report_refusal(output: &mut Output, path: &Path, refusal: &Refusal) -> Outcome {
    for line in refusal.lines(path) {
        errln!(output, "{line}");
    }
    match refusal {
        Refusal::Unreadable(_) => Outcome::Unreadable,
        Refusal::Invalid(_) => Outcome::Invalid,
    }
}

// Several agents on one host, and their AI Catalog: `--tenant`, `--tenants` and the
// `--catalog*` flags. The layer builds, signs and serves the catalog; this only reads flags.

/// Tenants, and the AI Catalog (working draft of 2026-04-30) of every card served.
#[derive(Debug, Args)]
struct HostArgs {
    /// Also serve the card in FILE for tenant NAME, at /NAME/.well-known/agent-card.json
    /// (repeatable).
    #[arg(long, value_name = "NAME=FILE", value_parser = parse_tenant)]
    tenant: Vec<(String, PathBuf)>,
    /// Serve each NAME.json of DIR for tenant NAME (other files are left out).
    #[arg(long = "tenants", value_name = "DIR")]
    tenants_dir: Option<PathBuf>,
    /// Serve an AI Catalog of the cards at /.well-known/ai-catalog.json (on by default with
    /// --tenant, --tenants or any --catalog-* option).
    #[arg(long)]
    catalog: bool,
    /// Serve no AI Catalog, even with tenants.
    #[arg(long, conflicts_with_all = ["catalog", "catalog_base_url", "catalog_inline", "catalog_host_name", "catalog_host_id", "catalog_identifier_prefix"])]
    no_catalog: bool,
    /// Where callers reach this agent from outside (a proxy, a load balancer, a platform
    /// URL), e.g. https://agents.example.com/billing: every interface URL of the cards served
    /// (tenants' and --extended-card's too) that points at the agent itself (localhost, a
    /// loopback or 0.0.0.0 address, the --addr origin, an --internal-origin) is rebased onto
    /// it, path kept: http://0.0.0.0:8000/a2a/v1 becomes
    /// https://agents.example.com/billing/a2a/v1. Done when a card is loaded, never from
    /// request headers. A signed card that would change is refused. The catalog's card URLs
    /// start with it unless --catalog-base-url is given.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// An origin that is this agent too, as its cards may name it (a container's address or
    /// service name), e.g. http://agent-svc:8000; with --public-url or --public-host
    /// (repeatable).
    #[arg(long, value_name = "ORIGIN")]
    internal_origin: Vec<String>,
    /// A proxy whose forwarding headers (see --proxy-headers) are believed, by the address it
    /// connects from: an IP address or a CIDR block such as 10.0.0.0/8 (repeatable; needs
    /// --public-host). A block with host bits set (10.0.0.1/8) or of every address
    /// (0.0.0.0/0) is taken with a warning.
    #[arg(long, value_name = "CIDR", requires = "public_host")]
    trusted_proxy: Vec<String>,
    /// Which headers of a --trusted-proxy are believed: x-forwarded (X-Forwarded-Proto,
    /// -Host, -Prefix; the default, what nginx, HAProxy, Envoy and cloud load balancers set),
    /// forwarded (RFC 7239 Forwarded: proto and host, no path prefix) or both. Name the
    /// family your proxies set: the other passes through them as a client wrote it.
    #[arg(
        long,
        value_name = "FAMILY",
        requires = "trusted_proxy",
        value_parser = ["x-forwarded", "forwarded", "both"]
    )]
    proxy_headers: Option<String>,
    /// A public origin a trusted proxy may name, e.g. https://agents.example.com/billing: a
    /// request a --trusted-proxy forwards for it gets every card rebased onto it (its own
    /// bytes and ETag, prebuilt); any other request gets the default card, never one built
    /// from its headers (repeatable; needs --trusted-proxy).
    #[arg(long, value_name = "URL", requires = "trusted_proxy")]
    public_host: Vec<String>,
    /// Where clients reach this server, e.g. https://agents.example.com: the catalog's card
    /// URLs start with it (then --mount-prefix). Default: --public-url, else the address
    /// listened on.
    #[arg(long, value_name = "URL")]
    catalog_base_url: Option<String>,
    /// Catalog entries carry each card inline (`data`) instead of its URL.
    #[arg(long)]
    catalog_inline: bool,
    /// The catalog's host, `host.displayName`, e.g. "Example Agents".
    #[arg(long, value_name = "NAME")]
    catalog_host_name: Option<String>,
    /// The host's verifiable identifier, `host.identifier` (a DID or a domain name).
    #[arg(long, value_name = "ID", requires = "catalog_host_name")]
    catalog_host_id: Option<String>,
    /// Entry identifiers are PREFIX + the tenant's name, the main card's PREFIX without its
    /// trailing `:` or `/` (e.g. urn:example:agent:); default: each card's URL.
    #[arg(long, value_name = "PREFIX")]
    catalog_identifier_prefix: Option<String>,
}

fn parse_tenant(value: &str) -> Result<(String, PathBuf), String> {
    match value.split_once('=') {
        Some((name, file)) if !name.is_empty() && !file.is_empty() => {
            Ok((name.to_owned(), PathBuf::from(file)))
        }
        _ => Err("expected NAME=FILE, e.g. travel=travel.json".to_owned()),
    }
}

/// A tenant's card as read at start.
struct Tenant {
    name: String,
    path: PathBuf,
    modified: SystemTime,
    /// The bytes read, checked.
    bytes: Vec<u8>,
    /// The digest of the bytes read (what `--watch` compares a new read with).
    seen: watch::Seen,
}

impl Tenant {
    /// The card, from the bytes `check` accepted.
    fn card(&self) -> AgentCard {
        AgentCard::from_json_slice(&self.bytes).expect("checked at load")
    }
}

impl HostArgs {
    /// The tenants' names and files: `--tenant`s in order, then DIR's by name.
    fn files(&self) -> Result<Vec<(String, PathBuf)>, (Outcome, String)> {
        let mut files = self.tenant.clone();
        if let Some(dir) = &self.tenants_dir {
            let found = tenant_files(dir).map_err(|e| {
                let message = format!("--tenants {}: {e}", shown_path(dir));
                (Outcome::Unreadable, message)
            })?;
            files.extend(found);
        }
        let mut seen = std::collections::HashSet::new();
        if let Some((name, _)) = files.iter().find(|(name, _)| !seen.insert(name)) {
            return Err((Outcome::Usage, format!("tenant {name:?} is given twice")));
        }
        Ok(files)
    }

    /// The public URL of --public-url, with the --addr origin and every --internal-origin as
    /// the agent's own.
    fn public_url(&self, addr: &str) -> Result<Option<PublicUrl>, String> {
        let Some(url) = &self.public_url else {
            return Ok(None);
        };
        let mut public = PublicUrl::parse(url).map_err(|e| format!("--public-url: {e}"))?;
        for origin in self.own_origins(addr) {
            public = public
                .internal_origin(&origin)
                .map_err(|e| format!("--internal-origin: {e}"))?;
        }
        Ok(Some(public))
    }

    /// The trusted proxies of --trusted-proxy and the origins of --public-host, each origin
    /// knowing the --addr origin and every --internal-origin as the agent's own.
    fn trusted_proxies(&self, addr: &str) -> Result<Option<TrustedProxies>, String> {
        if self.trusted_proxy.is_empty() {
            return Ok(None);
        }
        let mut proxies = TrustedProxies::new();
        if let Some(family) = &self.proxy_headers {
            let family = family
                .parse()
                .map_err(|e| format!("--proxy-headers: {e}"))?;
            proxies = proxies.headers(family);
        }
        for block in &self.trusted_proxy {
            proxies = proxies
                .proxy(block)
                .map_err(|e| format!("--trusted-proxy: {e}"))?;
        }
        for host in &self.public_host {
            let mut origin = PublicUrl::parse(host).map_err(|e| format!("--public-host: {e}"))?;
            for internal in self.own_origins(addr) {
                origin = origin
                    .internal_origin(&internal)
                    .map_err(|e| format!("--internal-origin: {e}"))?;
            }
            proxies = proxies.origin(origin);
        }
        Ok(Some(proxies))
    }

    /// The origins that are this agent: --addr's (http and https) and each --internal-origin.
    fn own_origins(&self, addr: &str) -> Vec<String> {
        let listening = ["http", "https"]
            .iter()
            .filter_map(|scheme| PublicUrl::parse(&format!("{scheme}://{addr}")).ok())
            .map(|origin| origin.to_string());
        listening
            .chain(self.internal_origin.iter().cloned())
            .collect()
    }

    fn wants_catalog(&self) -> bool {
        !self.no_catalog
            && (self.catalog
                || !self.tenant.is_empty()
                || self.tenants_dir.is_some()
                || self.catalog_base_url.is_some()
                || self.catalog_inline
                || self.catalog_host_name.is_some()
                || self.catalog_identifier_prefix.is_some())
    }

    /// What the catalog lists, for a server answering at `scheme://local`.
    fn catalog_options(&self, scheme: &str, local: &str) -> Result<Option<CatalogOptions>, String> {
        if !self.wants_catalog() {
            return Ok(None);
        }
        let mut options = CatalogOptions::new().inline_cards(self.catalog_inline);
        let bound = local.parse::<std::net::SocketAddr>().ok();
        match (&self.catalog_base_url, bound) {
            (Some(url), _) => options = options.base_url(url.as_str()),
            // The layer lists the cards under its public URL.
            (None, _) if self.public_url.is_some() => {}
            (None, Some(addr)) if !addr.ip().is_unspecified() => {
                options = options.base_url(format!("{scheme}://{addr}"));
            }
            (None, _) if self.catalog_inline && self.catalog_identifier_prefix.is_some() => {}
            (None, _) => {
                return Err(format!(
                    "the AI Catalog names each card by an absolute URL, and {local} is not one clients can use: give --catalog-base-url (or --catalog-inline with --catalog-identifier-prefix, or --no-catalog)"
                ));
            }
        }
        if let Some(name) = &self.catalog_host_name {
            let mut host = HostInfo::new(name.as_str());
            host.identifier = self.catalog_host_id.clone();
            options = options.host(host);
        }
        if let Some(prefix) = &self.catalog_identifier_prefix {
            options = options.identifier_prefix(prefix.as_str());
        }
        Ok(Some(options))
    }
}

/// Reads and checks every tenant's card; the first refusal stops the start.
fn load_tenants(host: &HostArgs, output: &mut Output) -> Result<Vec<Tenant>, Outcome> {
    let files = host.files().map_err(|(outcome, message)| {
        errln!(output, "a2a-card: {message}");
        outcome
    })?;
    // Read and checked on every core: with thousands of tenants this is most of the start.
    let loaded = parallel_map(files, |(name, path)| {
        let loaded = load(&path).map(|(_, modified, bytes)| (modified, bytes));
        (name, path, loaded)
    });
    let mut tenants = Vec::with_capacity(loaded.len());
    for (name, path, loaded) in loaded {
        match loaded {
            Ok((modified, bytes)) => tenants.push(Tenant {
                name,
                path,
                modified,
                seen: watch::digest(&bytes),
                bytes,
            }),
            Err(refusal) => return Err(report_refusal(output, &path, &refusal)),
        }
    }
    Ok(tenants)
}

/// Each `NAME.json` of `dir` (not a hidden one) that is there, links followed, by name: the
/// tenants of `--tenants DIR`. One that is not a regular file (a named pipe, a device, a
/// folder) is listed all the same, so that reading it refuses it in words (and under
/// `--watch` the tenant's card keeps being served) rather than the tenant vanishing without
/// one; a link to nothing is no tenant (a ConfigMap's key being removed).
fn tenant_files(dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str());
        let name = name.and_then(|n| n.strip_suffix(".json"));
        if let Some(name) = name.filter(|n| !n.is_empty() && !n.starts_with('.')) {
            if path.exists() {
                found.push((name.to_owned(), path));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Maps `items` with `f` on every core, keeping their order.
fn parallel_map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 || items.len() < 64 {
        return items.into_iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let mut items = items.into_iter();
    let chunks: Vec<Vec<T>> = (0..threads)
        .map(|_| items.by_ref().take(chunk).collect())
        .collect();
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> = chunks
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(f).collect::<Vec<R>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}
