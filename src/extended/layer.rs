//! [`ExtendedCardLayer`] and its builder.

use std::sync::Arc;

use http::HeaderValue;
use tower::Layer;

use super::error::ExtendedError;
use super::policy::UndecidedCall;
use super::routes::Routes;
use super::service::{ExtendedCardService, ExtendedState};
use super::variants::{ExtendedCard, Signer};
use crate::AgentCard;
use crate::body::PeekSettings;
use crate::http_headers::vary::vary;
use crate::security::CardSecurity;
use crate::validate::{DocumentKind, spec_errors};

/// The default `Cache-Control` of the extended card: any cache may keep it only for this
/// caller, and must revalidate first (cheap: a 304 after authentication).
pub const EXTENDED_CACHE_CONTROL: &str = "private, no-cache";

/// A tower layer that answers the authenticated extended-card operation on the routes the
/// public card's interfaces imply, enforcing the card's security requirements, and passes
/// everything else to the inner service (request bodies byte for byte).
///
/// ```
/// use a2a_card::extended::ExtendedCardLayer;
/// use a2a_card::security::{ApiKeys, CardSecurity};
/// # let public = a2a_card::__doctest::example_card();
/// let mut extended = public.clone();
/// extended.description.push_str(" Partners also get the fleet routing skill.");
/// let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let layer = ExtendedCardLayer::builder(&public, security).extended_card(extended).build()?;
/// # let _ = layer;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExtendedCardLayer {
    shared: Arc<ExtendedState>,
}

impl<S> Layer<S> for ExtendedCardLayer {
    type Service = ExtendedCardService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        ExtendedCardService::new(inner, self.shared.clone())
    }
}

/// Configures an [`ExtendedCardLayer`].
#[derive(Debug)]
#[must_use = "call .build()"]
pub struct ExtendedCardLayerBuilder {
    public: AgentCard,
    /// `None`: [`ExtendedCardLayer::not_configured`], nothing to guard.
    security: Option<CardSecurity>,
    card: Option<AgentCard>,
    deliberately_without: bool,
    cache_control: HeaderValue,
    peek: PeekSettings,
    undecided: UndecidedCall,
    signer: Option<Signer>,
    precompress: bool,
    public_url: Option<crate::serve::PublicUrl>,
}

impl ExtendedCardLayer {
    /// Starts from the public card (its interfaces give the routes, its capability says
    /// whether there is an extended card) and the security that guards it.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let builder = a2a_card::extended::ExtendedCardLayer::builder(&public, security);
    /// # let _ = builder;
    /// ```
    pub fn builder(public: &AgentCard, security: CardSecurity) -> ExtendedCardLayerBuilder {
        Self::builder_guarded_by(public, Some(security))
    }

    fn builder_guarded_by(
        public: &AgentCard,
        security: Option<CardSecurity>,
    ) -> ExtendedCardLayerBuilder {
        ExtendedCardLayerBuilder {
            public: public.clone(),
            security,
            card: None,
            deliberately_without: false,
            cache_control: HeaderValue::from_static(EXTENDED_CACHE_CONTROL),
            peek: PeekSettings::default(),
            undecided: UndecidedCall::default(),
            signer: None,
            precompress: cfg!(feature = "compression"),
            public_url: None,
        }
    }
}

impl ExtendedCardLayer {
    /// A builder for an agent that has no extended card to serve (and no credentials
    /// configured to guard one): on the routes the public card's interfaces imply it answers
    /// every caller with ExtendedAgentCardNotConfiguredError (JSON-RPC -32007; HTTP 400 with
    /// ErrorInfo reason `EXTENDED_AGENT_CARD_NOT_CONFIGURED` on HTTP+JSON), or
    /// UnsupportedOperationError when the card does not declare
    /// `capabilities.extendedAgentCard`, instead of letting the request fall through to a
    /// 404. Nothing is authenticated, since there is no card to reveal; with credentials, use
    /// [`builder`](Self::builder) and
    /// [`without_extended_card`](ExtendedCardLayerBuilder::without_extended_card), which
    /// answers the same error after authentication. The builder's body settings
    /// ([`peek`](ExtendedCardLayerBuilder::peek), undecided calls) apply; an extended card is
    /// refused at build ([`ExtendedError::CardWithoutSecurity`]).
    ///
    /// ```
    /// use a2a_card::extended::ExtendedCardLayer;
    /// use tower::{Layer, ServiceExt};
    /// # let public = a2a_card::__doctest::example_card();
    /// // The example card declares an extended card and an HTTP+JSON interface at /a2a/rest.
    /// let app = ExtendedCardLayer::not_configured(&public).build()?.layer(tower::service_fn(
    ///     |_req: http::Request<a2a_card::extended::RequestBody<String>>| async {
    ///         Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
    ///     },
    /// ));
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// let request = http::Request::get("/a2a/rest/extendedAgentCard").body(String::new())?;
    /// assert_eq!(run(app.oneshot(request))?.status(), 400);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn not_configured(public: &AgentCard) -> ExtendedCardLayerBuilder {
        Self::builder_guarded_by(public, None)
    }
}

impl ExtendedCardLayerBuilder {
    /// The extended card (checked at build; a card with errors is refused).
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let b = a2a_card::extended::ExtendedCardLayer::builder(&public, security).extended_card(public.clone());
    /// # let _ = b;
    /// ```
    pub fn extended_card(mut self, card: AgentCard) -> Self {
        self.card = Some(card);
        self
    }

    /// Declared but deliberately not configured: authenticated callers get
    /// ExtendedAgentCardNotConfiguredError (-32007). Without this, a declared capability
    /// with no card is a build error.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .without_extended_card()
    ///     .build();
    /// assert!(layer.is_ok());
    /// ```
    pub fn without_extended_card(mut self) -> Self {
        self.card = None;
        self.deliberately_without = true;
        self
    }

    /// `Cache-Control` of the extended card; default `private, no-cache`. Anything with
    /// `public` is refused.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let err = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .extended_card(public.clone())
    ///     .cache_control(http::HeaderValue::from_static("public, max-age=60"))
    ///     .build();
    /// assert!(err.is_err());
    /// ```
    pub fn cache_control(mut self, value: HeaderValue) -> Self {
        self.cache_control = value;
        self
    }

    /// How the layer reads a JSON-RPC call's body to learn its method (see [`PeekSettings`]):
    /// how many bytes (default 64 KiB; a larger body is an undecided call, see
    /// [`undecided_call`](Self::undecided_call)), within which deadline (none by default), in
    /// which budget of held bytes (default a budget of its own). A body that has not arrived
    /// in full by the deadline gets `408 Request Timeout` (a JSON-RPC error,
    /// `Connection: close`) and never reaches the agent; set one unless the server bounds
    /// request bodies itself (`a2a-card serve` gives `--body-timeout`). A call whose start
    /// would go over the budget is answered `503` with `Retry-After: 1` at once, not buffered;
    /// give every layer of a server the same budget.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use a2a_card::{body::{BodyBudget, BodyTimeout, PeekSettings}, extended::ExtendedCardLayer};
    /// use std::time::Duration;
    /// let peek = PeekSettings::default()
    ///     .max_bytes(4096)
    ///     .timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep))
    ///     .budget(BodyBudget::new(4 * 1024 * 1024));
    /// let layer = ExtendedCardLayer::builder(&public, security)
    ///     .extended_card(public.clone())
    ///     .peek(peek)
    ///     .build()?;
    /// # let _ = layer;
    /// # Ok::<(), a2a_card::extended::ExtendedError>(())
    /// ```
    pub fn peek(mut self, settings: PeekSettings) -> Self {
        self.peek = settings;
        self
    }

    /// Where callers reach the agent from outside: the extended card's interface URLs that
    /// point at the agent itself are rebased onto it, as the public card's are
    /// ([`AgentCardLayerBuilder::public_url`](crate::serve::AgentCardLayerBuilder::public_url)).
    /// The routes still come from the public card as given to [`builder`](ExtendedCardLayer::builder)
    /// (the paths the server itself sees), so give it the card as written, not as served.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use a2a_card::serve::PublicUrl;
    /// let b = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .public_url(PublicUrl::parse("https://agents.example.com")?);
    /// # let _ = b;
    /// # Ok::<(), a2a_card::serve::PublicUrlError>(())
    /// ```
    pub fn public_url(mut self, url: crate::serve::PublicUrl) -> Self {
        self.public_url = Some(url);
        self
    }

    /// What happens to a JSON-RPC call whose method the layer cannot tell (too large,
    /// compressed, not readable as JSON); default [`UndecidedCall::RequireSecurity`].
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use a2a_card::extended::{ExtendedCardLayer, UndecidedCall};
    /// let b = ExtendedCardLayer::builder(&public, security).undecided_call(UndecidedCall::Refuse);
    /// # let _ = b;
    /// ```
    pub fn undecided_call(mut self, policy: UndecidedCall) -> Self {
        self.undecided = policy;
        self
    }

    /// Signs every view of the extended card (each set of visible skills) once, when the
    /// layer is built, as [`AgentCardLayerBuilder::sign_with`](crate::serve::AgentCardLayerBuilder::sign_with)
    /// does for the public card: the same bytes and ETag on every request. A view that shows
    /// every skill of an extended card that arrives signed keeps the card's own signatures;
    /// a view that leaves skills out drops them (they cover the whole card) and is signed.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa)?, "card-key-1");
    /// let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .extended_card(public.clone())
    ///     .sign_with(signer)
    ///     .build()?;
    /// # let _ = layer;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "sign")]
    pub fn sign_with(mut self, signer: crate::sign::CardSigner) -> Self {
        self.signer = Some(Arc::new(signer));
        self
    }

    /// Whether the REST answer (`GET .../extendedAgentCard`, `GET .../v1/card`) of each view
    /// is also sent gzip- or brotli-encoded to callers that ask for it with `Accept-Encoding`;
    /// default on (feature `compression`). The encoded bytes of every view are built with the
    /// view, never per request, each with its own ETag, and REST answers then carry
    /// `Vary: Accept-Encoding`. JSON-RPC results are always identity (their envelope holds the
    /// caller's id, so they cannot be built ahead). Off: exactly the responses of a build
    /// without the feature.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .extended_card(public.clone())
    ///     .precompress(false)
    ///     .build()?;
    /// # let _ = layer;
    /// # Ok::<(), a2a_card::extended::ExtendedError>(())
    /// ```
    #[cfg(feature = "compression")]
    pub fn precompress(mut self, on: bool) -> Self {
        self.precompress = on;
        self
    }

    /// Checks everything (see [`ExtendedError`]) and builds the layer.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let public = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&public).verifier("apiKey", ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::extended::ExtendedCardLayer::builder(&public, security)
    ///     .extended_card(public.clone())
    ///     .build()?;
    /// # let _ = layer;
    /// # Ok::<(), a2a_card::extended::ExtendedError>(())
    /// ```
    pub fn build(self) -> Result<ExtendedCardLayer, ExtendedError> {
        let capability = self.public.capabilities.extended_agent_card == Some(true);
        let routes = Routes::from_interfaces(&self.public.supported_interfaces)?;
        if routes.is_empty() {
            return Err(ExtendedError::NoRoutes);
        }
        // Refused on both paths: a not-configured layer keeps the setting for its answers too.
        if let Ok(text) = self.cache_control.to_str() {
            if text.to_ascii_lowercase().contains("public") {
                return Err(ExtendedError::PublicCacheControl(text.to_owned()));
            }
        }
        let Some(security) = self.security else {
            return self.build_not_configured(routes, capability);
        };
        match (&self.card, capability) {
            (None, true) if !self.deliberately_without => return Err(ExtendedError::NotConfigured),
            (Some(_), false) => return Err(ExtendedError::NotDeclared),
            _ => {}
        }
        let rebased = match (self.card.clone(), &self.public_url) {
            (Some(mut card), Some(public)) => {
                let signed = !card.signatures.is_empty();
                let changed = public.rebase_card(&mut card);
                if signed && !changed.is_empty() {
                    return Err(ExtendedError::SignedCardRebased(changed));
                }
                Some(card)
            }
            (card, _) => card,
        };
        // The skills of the extended card may require schemes of their own: the security
        // covers them from here on (the card is given once, here).
        let security = match &rebased {
            Some(card) => security
                .with_skills_of(&self.public, card)
                .map_err(ExtendedError::SkillSecurity)?,
            None => security,
        };
        let card = match rebased {
            Some(card) => Some(Arc::new(checked(
                card,
                self.signer.as_ref(),
                self.precompress,
            )?)),
            None => None,
        };
        let names = security.credential_headers();
        let mut named: Vec<(bool, &str)> = names.iter().map(|n| (true, n.as_str())).collect();
        // Only TLS client certificates (nothing in the request names the caller), or a name
        // that cannot be in a header: `*`.
        let star = || HeaderValue::from_static("*");
        let json_rpc_vary = vary(&named).unwrap_or_else(star);
        named.push((self.precompress && !names.is_empty(), "Accept-Encoding"));
        let rest_vary = vary(&named).unwrap_or_else(star);
        let shared = ExtendedState {
            routes,
            capability,
            card,
            security: Some(security),
            cache_control: self.cache_control,
            vary: json_rpc_vary,
            rest_vary,
            peek: self.peek,
            undecided: self.undecided,
        };
        Ok(ExtendedCardLayer {
            shared: Arc::new(shared),
        })
    }
}

/// Refuses an extended card with errors.
fn checked(
    card: AgentCard,
    signer: Option<&Signer>,
    precompress: bool,
) -> Result<ExtendedCard, ExtendedError> {
    let errors = spec_errors(&card.to_value(), DocumentKind::Card);
    if !errors.is_empty() {
        return Err(ExtendedError::InvalidCard(errors));
    }
    // The gRPC answer is the card read as the proto's message: a card that does not read so
    // is refused here rather than answered with INTERNAL later.
    #[cfg(feature = "grpc")]
    super::variants::proto_message(&card.to_json_vec()).map_err(ExtendedError::NotProtobuf)?;
    ExtendedCard::new(card, signer, precompress)
}

impl ExtendedCardLayerBuilder {
    /// The layer of [`ExtendedCardLayer::not_configured`]: the routes answer that there is
    /// no extended card, authenticating nobody, since there is nothing to reveal.
    fn build_not_configured(
        self,
        routes: Routes,
        capability: bool,
    ) -> Result<ExtendedCardLayer, ExtendedError> {
        if self.card.is_some() {
            return Err(ExtendedError::CardWithoutSecurity);
        }
        let shared = ExtendedState {
            routes,
            capability,
            card: None,
            security: None,
            cache_control: self.cache_control,
            vary: HeaderValue::from_static("*"),
            rest_vary: HeaderValue::from_static("*"),
            peek: self.peek,
            undecided: self.undecided,
        };
        Ok(ExtendedCardLayer {
            shared: Arc::new(shared),
        })
    }
}
