//! The host: its public URL and the proxies it believes (`--public-url`, `--trusted-proxy`...),
//! several agents on it (`--tenant`, `--tenants`) and their AI Catalog (the `--catalog*`
//! flags). The layer builds, signs and serves all of it; this only reads flags and files.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use clap::Args;

use super::card_file::{load, report_refusal};
use super::watch;
use crate::Outcome;
use crate::output::{Output, errln, shown_path};
use a2a_card::AgentCard;
use a2a_card::catalog::HostInfo;
use a2a_card::serve::parallel_map;
use a2a_card::serve::{CatalogOptions, PublicUrl, TrustedProxies};

/// Tenants, and the AI Catalog (working draft of 2026-04-30) of every card served.
#[derive(Debug, Args)]
pub(super) struct HostArgs {
    /// Also serve the card in FILE for tenant NAME, at /NAME/.well-known/agent-card.json
    /// (repeatable).
    #[arg(long, value_name = "NAME=FILE", value_parser = parse_tenant)]
    pub(super) tenant: Vec<(String, PathBuf)>,
    /// Serve each NAME.json of DIR for tenant NAME (other files are left out).
    #[arg(long = "tenants", value_name = "DIR")]
    pub(super) tenants_dir: Option<PathBuf>,
    /// Serve an AI Catalog of the cards at /.well-known/ai-catalog.json (on by default with
    /// --tenant, --tenants or any --catalog-* option).
    #[arg(long)]
    pub(super) catalog: bool,
    /// Serve no AI Catalog, even with tenants.
    #[arg(long, conflicts_with_all = ["catalog", "catalog_base_url", "catalog_inline", "catalog_host_name", "catalog_host_id", "catalog_identifier_prefix"])]
    pub(super) no_catalog: bool,
    /// Where callers reach this agent from outside (a proxy, a load balancer, a platform
    /// URL), e.g. https://agents.example.com/billing: every interface URL of the cards served
    /// (tenants' and --extended-card's too) that points at the agent itself (localhost, a
    /// loopback or 0.0.0.0 address, the --addr origin, an --internal-origin) is rebased onto
    /// it, path kept: http://0.0.0.0:8000/a2a/v1 becomes
    /// https://agents.example.com/billing/a2a/v1. Done when a card is loaded, never from
    /// request headers. A signed card that would change is refused. The catalog's card URLs
    /// start with it unless --catalog-base-url is given.
    #[arg(long, value_name = "URL")]
    pub(super) public_url: Option<String>,
    /// An origin that is this agent too, as its cards may name it (a container's address or
    /// service name), e.g. http://agent-svc:8000; with --public-url or --public-host
    /// (repeatable).
    #[arg(long, value_name = "ORIGIN")]
    pub(super) internal_origin: Vec<String>,
    /// A proxy whose forwarding headers (see --proxy-headers) are believed, by the address it
    /// connects from: an IP address or a CIDR block such as 10.0.0.0/8 (repeatable; needs
    /// --public-host). A block with host bits set (10.0.0.1/8) or of every address
    /// (0.0.0.0/0) is taken with a warning.
    #[arg(long, value_name = "CIDR", requires = "public_host")]
    pub(super) trusted_proxy: Vec<String>,
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
    pub(super) proxy_headers: Option<String>,
    /// A public origin a trusted proxy may name, e.g. https://agents.example.com/billing: a
    /// request a --trusted-proxy forwards for it gets every card rebased onto it (its own
    /// bytes and ETag, prebuilt); any other request gets the default card, never one built
    /// from its headers (repeatable; needs --trusted-proxy).
    #[arg(long, value_name = "URL", requires = "trusted_proxy")]
    pub(super) public_host: Vec<String>,
    /// Where clients reach this server, e.g. https://agents.example.com: the catalog's card
    /// URLs start with it (then --mount-prefix). Default: --public-url, else the address
    /// listened on.
    #[arg(long, value_name = "URL")]
    pub(super) catalog_base_url: Option<String>,
    /// Catalog entries carry each card inline (`data`) instead of its URL.
    #[arg(long)]
    pub(super) catalog_inline: bool,
    /// The catalog's host, `host.displayName`, e.g. "Example Agents".
    #[arg(long, value_name = "NAME")]
    pub(super) catalog_host_name: Option<String>,
    /// The host's verifiable identifier, `host.identifier` (a DID or a domain name).
    #[arg(long, value_name = "ID", requires = "catalog_host_name")]
    pub(super) catalog_host_id: Option<String>,
    /// Entry identifiers are PREFIX + the tenant's name, the main card's PREFIX without its
    /// trailing `:` or `/` (e.g. urn:example:agent:); default: each card's URL.
    #[arg(long, value_name = "PREFIX")]
    pub(super) catalog_identifier_prefix: Option<String>,
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
pub(super) struct Tenant {
    pub(super) name: String,
    pub(super) path: PathBuf,
    pub(super) modified: SystemTime,
    /// The bytes read, checked.
    pub(super) bytes: Vec<u8>,
    /// The digest of the bytes read (what `--watch` compares a new read with).
    pub(super) seen: watch::Seen,
}

impl Tenant {
    /// The card, from the bytes `check` accepted.
    pub(super) fn card(&self) -> AgentCard {
        AgentCard::from_json_slice(&self.bytes).expect("checked at load")
    }
}

impl HostArgs {
    /// The tenants' names and files: `--tenant`s in order, then DIR's by name.
    pub(super) fn files(&self) -> Result<Vec<(String, PathBuf)>, (Outcome, String)> {
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
    pub(super) fn public_url(&self, addr: &str) -> Result<Option<PublicUrl>, String> {
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
    pub(super) fn trusted_proxies(&self, addr: &str) -> Result<Option<TrustedProxies>, String> {
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
    pub(super) fn own_origins(&self, addr: &str) -> Vec<String> {
        let listening = ["http", "https"]
            .iter()
            .filter_map(|scheme| PublicUrl::parse(&format!("{scheme}://{addr}")).ok())
            .map(|origin| origin.to_string());
        listening
            .chain(self.internal_origin.iter().cloned())
            .collect()
    }

    pub(super) fn wants_catalog(&self) -> bool {
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
    pub(super) fn catalog_options(
        &self,
        scheme: &str,
        local: &str,
    ) -> Result<Option<CatalogOptions>, String> {
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
pub(super) fn load_tenants(host: &HostArgs, output: &mut Output) -> Result<Vec<Tenant>, Outcome> {
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
pub(super) fn tenant_files(dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
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
