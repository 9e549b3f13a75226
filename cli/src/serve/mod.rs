//! `a2a-card serve`: the card behind `AgentCardLayer` on a real HTTP server.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use clap::{ArgGroup, Args, ValueEnum};
use http::HeaderValue;
use tower::Layer;

use super::output::{Output, errln, outln, shown_path};
use super::{Outcome, runtime, tls};
use a2a_card::AgentCard;
use a2a_card::extended::{ExtendedCardLayer, UnimplementedAgent};
use a2a_card::serve::{AgentCardLayer, CatalogOptions, Cors, DEFAULT_CACHE_CONTROL, Legacy};
use a2a_card::sign::{CardSigner, CardVerifier, TrustStore};
use a2a_card_server::auth_file::AuthFile;

mod card_file;
mod enforcement;
mod host;
mod watch;

use card_file::{DEMO_CARD, DEMO_CARD_MODIFIED_SECS, load, report_refusal};
use host::{HostArgs, Tenant, load_tenants};

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
    limits: runtime::Limits,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LegacyArg {
    Alias,
    Redirect,
    V03,
    Off,
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
    // Behind the layers, the card's own interfaces answer in their protocol's error format
    // (JSON-RPC errors with the caller's id, the A2A error body over HTTP+JSON): a client
    // decodes "not implemented" instead of failing on a plain-text 404. The same interfaces
    // as the extended layer's routes, so it exists exactly when that layer does.
    let extended = extended.and_then(|layer| {
        let agent = UnimplementedAgent::new(&card).ok()?;
        let agent = agent.peek(args.limits.peek());
        Some((layer, agent))
    });
    let tls = match args.tls.acceptor() {
        Ok(tls) => tls,
        Err(message) => {
            errln!(output, "a2a-card: {message}");
            return Outcome::Unreadable;
        }
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let (runtime, listener, local) = match runtime::listen(&args.addr, output) {
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
        let shutdown = runtime::shutdown_signal();
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
            Some((extended, agent)) => {
                // The public card outermost: it is most of the traffic, and its paths and the
                // extended card's never overlap, so the order changes no answer.
                let service = layer.layer(extended.layer(agent));
                Box::pin(runtime::serve(
                    listener,
                    service,
                    tls,
                    limits,
                    shutdown,
                    Some(&shared),
                ))
            }
            None => {
                let service = layer.layer(tower::service_fn(runtime::not_found));
                Box::pin(runtime::serve(
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
        // Without --auth nothing is revealed: the operation answers
        // ExtendedAgentCardNotConfiguredError when the card declares an extended card, and
        // UnsupportedOperationError (-32004) when it does not (§3.3.4). Without routes (no
        // JSONRPC or HTTP+JSON interface) there is nothing to answer.
        return Ok(ExtendedCardLayer::not_configured(public)
            .peek(args.limits.peek())
            .build()
            .ok());
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
        .peek(args.limits.peek());
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
