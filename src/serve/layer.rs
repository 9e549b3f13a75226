//! [`AgentCardLayer`] and its builder.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use arc_swap::ArcSwap;
use http::HeaderValue;
use tower::Layer;

use super::card_build::checked_card_set;
use super::error::BuildError;
use super::forwarded::TrustedProxies;
use super::handle::CardHandle;
use super::options::{Cors, Legacy};
use super::public_url::PublicUrl;
use super::service::AgentCardService;
use super::settings::{DEFAULT_CACHE_CONTROL, Settings};
use super::state::{LayerState, Published, SwapDates};
use super::tenants::build_tenant_sets;
use crate::AgentCard;
use crate::http_headers::path::normalize_prefix;

/// A tower layer that serves an Agent Card at the well-known paths in front of any service.
/// Cheap to clone; every clone serves the same (swappable) card.
///
/// ```
/// use a2a_card::serve::AgentCardLayer;
/// # let card = a2a_card::__doctest::example_card();
/// let layer = AgentCardLayer::builder(card).build()?;
/// let handle = layer.handle(); // keep it to swap the card later
/// # let _ = handle;
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone)]
pub struct AgentCardLayer {
    state: Arc<LayerState>,
}

impl AgentCardLayer {
    /// Starts building a layer for `card`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let builder = a2a_card::serve::AgentCardLayer::builder(card);
    /// # let _ = builder;
    /// ```
    pub fn builder(card: AgentCard) -> AgentCardLayerBuilder {
        AgentCardLayerBuilder {
            card,
            tenants: Vec::new(),
            content_type: HeaderValue::from_static(crate::protocol::A2A_JSON),
            cache_control: HeaderValue::from_static(DEFAULT_CACHE_CONTROL),
            last_modified: LastModified::Unset,
            legacy: Legacy::default(),
            negotiate_version: false,
            cors: Cors::default(),
            prefix: String::new(),
            precompress: cfg!(feature = "compression"),
            public_url: None,
            forwarded: None,
            #[cfg(feature = "sign")]
            signer: None,
            #[cfg(feature = "sign")]
            verifier: None,
            #[cfg(feature = "catalog")]
            catalog: None,
        }
    }

    /// A handle that replaces the served card atomically (see [`CardHandle`]).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let layer = a2a_card::serve::AgentCardLayer::builder(card).build()?;
    /// assert_eq!(layer.handle().card().name, "Route Planner");
    /// # Ok::<(), a2a_card::serve::BuildError>(())
    /// ```
    pub fn handle(&self) -> CardHandle {
        CardHandle::new(self.state.clone())
    }
}

impl<S> Layer<S> for AgentCardLayer {
    type Service = AgentCardService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        AgentCardService::new(inner, self.state.clone())
    }
}

/// Where the cards' `Last-Modified` comes from.
#[derive(Debug, Clone, Copy)]
enum LastModified {
    /// None at build; a swap is dated only by the date given with it (the default).
    Unset,
    /// This date at build; a swap as with `Unset`.
    At(SystemTime),
    /// The clock: the time of the build, then of each swap (opt-in).
    BuildTime,
    /// Never any date, even one given with a swap.
    Never,
}

/// Configures an [`AgentCardLayer`]. Every setting has a production default; `build` checks
/// the card (and each tenant's) and refuses one with errors.
///
/// ```
/// use a2a_card::serve::{AgentCardLayer, Cors, Legacy};
/// use http::HeaderValue;
/// # let card = a2a_card::__doctest::example_card();
/// let layer = AgentCardLayer::builder(card)
///     .cache_control(HeaderValue::from_static("no-cache"))
///     .legacy(Legacy::V03)
///     .negotiate_version(true)
///     .cors(Cors::allow_origins(["https://app.example.com"])?)
///     .mount_prefix("/agents/routes")
///     .build()?;
/// # let _ = layer;
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug)]
#[must_use = "call .build() to get the layer"]
pub struct AgentCardLayerBuilder {
    card: AgentCard,
    tenants: Vec<(String, AgentCard)>,
    content_type: HeaderValue,
    cache_control: HeaderValue,
    last_modified: LastModified,
    legacy: Legacy,
    negotiate_version: bool,
    cors: Cors,
    prefix: String,
    precompress: bool,
    public_url: Option<PublicUrl>,
    forwarded: Option<TrustedProxies>,
    #[cfg(feature = "sign")]
    signer: Option<std::sync::Arc<crate::sign::CardSigner>>,
    #[cfg(feature = "sign")]
    verifier: Option<std::sync::Arc<crate::sign::CardVerifier>>,
    #[cfg(feature = "catalog")]
    catalog: Option<super::catalog_options::CatalogOptions>,
}

#[cfg(feature = "catalog")]
impl AgentCardLayerBuilder {
    /// Also serves an AI Catalog of every card the layer serves (this one and each tenant's)
    /// at `{prefix}/.well-known/ai-catalog.json`, rebuilt with every swap, and links it from
    /// every card response (`rel="ai-catalog"`). See [`CatalogOptions`](super::CatalogOptions).
    pub fn catalog(mut self, options: super::catalog_options::CatalogOptions) -> Self {
        self.catalog = Some(options);
        self
    }
}

#[cfg(feature = "compression")]
impl AgentCardLayerBuilder {
    /// Whether every representation (the v1.0 card, the v0.3 rendering, each tenant's, the
    /// catalog) is also served gzip- and brotli-encoded to clients that ask for it with
    /// `Accept-Encoding`; default on (feature `compression`). The encoded bytes are built with
    /// the card (and at every swap), never per request, and each has its own ETag. Off, the
    /// responses are exactly those of a build without the feature: identity bytes and no
    /// `Vary: Accept-Encoding`.
    ///
    /// ```
    /// use a2a_card::serve::AgentCardLayer;
    /// use tower::{Layer, ServiceExt};
    /// # let card = a2a_card::__doctest::example_card();
    /// let app = AgentCardLayer::builder(card).precompress(false).build()?.layer(
    ///     tower::service_fn(|_req: http::Request<String>| async {
    ///         Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
    ///     }),
    /// );
    /// let request = http::Request::get("/.well-known/agent-card.json")
    ///     .header("accept-encoding", "gzip, br")
    ///     .body(String::new())?;
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// let response = run(app.oneshot(request))?;
    /// assert!(response.headers().get("content-encoding").is_none());
    /// assert!(response.headers().get("vary").is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn precompress(mut self, on: bool) -> Self {
        self.precompress = on;
        self
    }
}

#[cfg(feature = "sign")]
impl AgentCardLayerBuilder {
    /// Signs every card served (this one, tenants', and each replacement) once, when it is
    /// set, never per request. A card that already has signatures is served as it is.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// # let card = a2a_card::__doctest::example_card();
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256)?, "2026-01");
    /// let layer = a2a_card::serve::AgentCardLayer::builder(card).sign_with(signer).build()?;
    /// // One signature per canonical form (the spec's; the SDKs', which delete the example's
    /// // empty values): see `CardSigner`.
    /// assert_eq!(layer.handle().card().signatures.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sign_with(mut self, signer: crate::sign::CardSigner) -> Self {
        self.signer = Some(std::sync::Arc::new(signer));
        self
    }

    /// Cards that arrive signed must verify with `verifier`, or they are refused (at build,
    /// or at a swap, which then leaves the old card serving).
    ///
    /// ```
    /// use a2a_card::serve::{AgentCardLayer, BuildError};
    /// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
    /// # let card = a2a_card::__doctest::example_card();
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256)?, "2026-01");
    /// let signed = signer.sign(&card)?;
    /// let trusting = || CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()));
    /// assert!(AgentCardLayer::builder(signed.clone()).verify_with(trusting()).build().is_ok());
    /// let stranger = CardVerifier::new(TrustStore::new());
    /// let err = AgentCardLayer::builder(signed).verify_with(stranger).build().unwrap_err();
    /// assert!(matches!(err, BuildError::Signature(_)), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_with(mut self, verifier: crate::sign::CardVerifier) -> Self {
        self.verifier = Some(std::sync::Arc::new(verifier));
        self
    }
}

impl AgentCardLayerBuilder {
    /// `Content-Type` of the card; default `application/a2a+json`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card)
    ///     .content_type(http::HeaderValue::from_static("application/json"));
    /// # let _ = b;
    /// ```
    pub fn content_type(mut self, value: HeaderValue) -> Self {
        self.content_type = value;
        self
    }

    /// `Cache-Control` of the card; default `public, max-age=3600`. `no-cache` makes every
    /// client revalidate (cheap: a 304).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card)
    ///     .cache_control(http::HeaderValue::from_static("public, max-age=60"));
    /// # let _ = b;
    /// ```
    pub fn cache_control(mut self, value: HeaderValue) -> Self {
        self.cache_control = value;
        self
    }

    /// `Last-Modified` of the card (and of each tenant's), e.g. the card file's modification
    /// time: a date every replica serving the same file agrees on.
    ///
    /// **The default is no `Last-Modified`.** Replicas built from the same card send the same
    /// bytes and ETag, and must send the same validators; a date taken from the process (when
    /// it started, when it built the layer) differs from replica to replica, so none is
    /// invented: without this method (or
    /// [`last_modified_build_time`](Self::last_modified_build_time)) the card has no
    /// `Last-Modified`, and clients revalidate it by its ETag (`If-None-Match`), which every
    /// replica agrees on. A swap is dated only by the date given with it
    /// ([`CardHandle::replace_modified_at`](super::CardHandle::replace_modified_at), e.g. the
    /// new file's mtime); [`CardHandle::replace`](super::CardHandle::replace) gives none.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card)
    ///     .last_modified(std::time::SystemTime::UNIX_EPOCH);
    /// # let _ = b;
    /// ```
    pub fn last_modified(mut self, time: SystemTime) -> Self {
        self.last_modified = LastModified::At(time);
        self
    }

    /// `Last-Modified` from the clock: the time the layer is built, then the time of each swap
    /// through [`CardHandle::replace`](super::CardHandle::replace) (a swap with a date of its
    /// own keeps that date). Opt-in, for a single process: two replicas built a second apart
    /// send the same ETag with different dates, which a load balancer's clients see as a card
    /// that changes back and forth.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).last_modified_build_time();
    /// # let _ = b;
    /// ```
    pub fn last_modified_build_time(mut self) -> Self {
        self.last_modified = LastModified::BuildTime;
        self
    }

    /// Sends no `Last-Modified`, not even for a swap given a date (then `If-Modified-Since`
    /// never gives a 304; ETags still do).
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).without_last_modified();
    /// # let _ = b;
    /// ```
    pub fn without_last_modified(mut self) -> Self {
        self.last_modified = LastModified::Never;
        self
    }

    /// What the legacy path `/.well-known/agent.json` answers; default [`Legacy::Alias`].
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).legacy(a2a_card::serve::Legacy::Off);
    /// # let _ = b;
    /// ```
    pub fn legacy(mut self, legacy: Legacy) -> Self {
        self.legacy = legacy;
        self
    }

    /// When on, a request to the canonical path with `A2A-Version: 0.3` gets the v0.3
    /// rendering, and every canonical response carries `Vary: A2A-Version`. Default off.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).negotiate_version(true);
    /// # let _ = b;
    /// ```
    pub fn negotiate_version(mut self, on: bool) -> Self {
        self.negotiate_version = on;
        self
    }

    /// CORS policy; default [`Cors::any_origin`].
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).cors(a2a_card::serve::Cors::disabled());
    /// # let _ = b;
    /// ```
    pub fn cors(mut self, cors: Cors) -> Self {
        self.cors = cors;
        self
    }

    /// Where callers reach the agent from outside (see [`PublicUrl`](super::PublicUrl)): the
    /// interface URLs of every card served (this one, tenants', each replacement) that point
    /// at the agent itself (a loopback or unspecified host, an internal origin) are rebased
    /// onto it when the card is built or swapped, and the AI Catalog's entry URLs use it when
    /// its options give no base URL. A card that arrives signed and would change is refused.
    ///
    /// ```
    /// use a2a_card::serve::{AgentCardLayer, PublicUrl};
    /// # let mut card = a2a_card::__doctest::example_card();
    /// card.supported_interfaces[0].url = "http://0.0.0.0:8000/a2a/v1".into();
    /// let layer = AgentCardLayer::builder(card)
    ///     .public_url(PublicUrl::parse("https://agents.example.com/billing")?)
    ///     .build()?;
    /// assert_eq!(
    ///     layer.handle().card().supported_interfaces[0].url,
    ///     "https://agents.example.com/billing/a2a/v1"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn public_url(mut self, url: PublicUrl) -> Self {
        self.public_url = Some(url);
        self
    }

    /// Serves a variant of every card for each public origin of `proxies` (see
    /// [`TrustedProxies`](super::TrustedProxies)): a request a trusted proxy forwarded for an
    /// allowed origin gets the card rebased onto that origin, with its own bytes and ETag;
    /// every other request gets the default card (as written, or rebased onto the
    /// [public URL](Self::public_url)), and every card response names the believed headers
    /// in `Vary` (`X-Forwarded-Proto, X-Forwarded-Host, X-Forwarded-Prefix` by default;
    /// [`ProxyHeaders`](super::ProxyHeaders)). The variants are built with
    /// the card and at every swap. The catalog and the extended card are served as for the
    /// default variant.
    ///
    /// ```
    /// use a2a_card::serve::{AgentCardLayer, PublicUrl, TrustedProxies};
    /// # let card = a2a_card::__doctest::example_card();
    /// let layer = AgentCardLayer::builder(card)
    ///     .trusted_proxies(
    ///         TrustedProxies::new()
    ///             .proxy("10.0.0.0/8")?
    ///             .origin(PublicUrl::parse("https://agents.example.com")?),
    ///     )
    ///     .build()?;
    /// # let _ = layer;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn trusted_proxies(mut self, proxies: TrustedProxies) -> Self {
        self.forwarded = Some(proxies);
        self
    }

    /// Serves the card under a sub-path, for apps mounted below the host's root:
    /// `/agents/travel` serves `/agents/travel/.well-known/agent-card.json`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::serve::AgentCardLayer::builder(card).mount_prefix("/agents/travel");
    /// # let _ = b;
    /// ```
    pub fn mount_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// Adds a tenant's own card, served at `/{tenant}/.well-known/agent-card.json` (after
    /// the mount prefix). Requests for tenants not configured pass to the inner service.
    ///
    /// **One spelling per name.** The name is a path segment as sent on the wire, and RFC 3986
    /// §6.2.2 calls several spellings of one segment the same URI: `%41` is `A`, `%7E` is `~`
    /// (an escaped letter, digit, `-`, `.`, `_` or `~`, the unreserved characters), and
    /// `%c3%a9` is `%C3%A9` (hex is not case-sensitive). A normalising proxy or cache would
    /// mix two tenants so spelled, so [`build`](Self::build) refuses a name in any spelling
    /// but its one ([`BuildError::NonCanonicalTenant`], which names it): unreserved
    /// characters unescaped, other escapes in upper-case hex (`a%3Ab`, `caf%C3%A9` are
    /// fine). A request naming a tenant in another spelling (`/%41/.well-known/agent-card.json`,
    /// `/caf%c3%a9/...`) gets that tenant's card, never another's. A name that is not one
    /// plain segment (`a/b`, `..`, `%2e`, `a%2Fb`, a space) is [`BuildError::InvalidTenant`].
    ///
    /// ```
    /// use a2a_card::serve::{AgentCardLayer, BuildError};
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = AgentCardLayer::builder(card.clone()).tenant("acme", card.clone());
    /// # let _ = b;
    /// let refused = AgentCardLayer::builder(card.clone()).tenant("%41cme", card).build();
    /// assert!(matches!(
    ///     refused,
    ///     Err(BuildError::NonCanonicalTenant { canonical, .. }) if canonical == "Acme"
    /// ));
    /// ```
    pub fn tenant(mut self, tenant: impl Into<String>, card: AgentCard) -> Self {
        self.tenants.push((tenant.into(), card));
        self
    }

    /// Checks everything and builds the representations.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let err = a2a_card::serve::AgentCardLayer::builder(card).mount_prefix("no-slash").build();
    /// assert!(err.is_err());
    /// ```
    pub fn build(self) -> Result<AgentCardLayer, BuildError> {
        let Some(prefix) = normalize_prefix(&self.prefix) else {
            return Err(BuildError::InvalidPrefix(self.prefix));
        };
        let settings = Settings {
            content_type: self.content_type,
            cache_control: self.cache_control,
            legacy: self.legacy,
            negotiate_version: self.negotiate_version,
            cors: self.cors.0,
            prefix,
            precompress: self.precompress,
            public_url: self.public_url,
            forwarded: self.forwarded,
            #[cfg(feature = "sign")]
            signer: self.signer,
            #[cfg(feature = "sign")]
            verifier: self.verifier,
            #[cfg(feature = "catalog")]
            catalog: self.catalog,
        };
        let (last_modified, swap_dates) = match self.last_modified {
            LastModified::Unset => (None, SwapDates::Given),
            LastModified::At(time) => (Some(time), SwapDates::Given),
            LastModified::BuildTime => (Some(SystemTime::now()), SwapDates::Clock),
            LastModified::Never => (None, SwapDates::Never),
        };
        let main = checked_card_set(&settings, None, self.card, last_modified)?;
        // Built on every core (see `CardHandle::replace_tenants`).
        let tenants = self
            .tenants
            .into_iter()
            .map(|(tenant, card)| (tenant, card, last_modified));
        let tenants: HashMap<_, _> = build_tenant_sets(&settings, tenants)?.into_iter().collect();
        let published = Published::new(&settings, main, tenants)?;
        let state = LayerState {
            settings,
            published: ArcSwap::from_pointee(published),
            writer: Mutex::new(()),
            swap_dates,
        };
        Ok(AgentCardLayer {
            state: Arc::new(state),
        })
    }
}
