//! [`RequireCardSecurityLayer`]: the layer that puts the card's requirements in front of any route.

use tower::Layer;

use super::failure::ErrorStyle;
use super::requirements::CardSecurity;
use super::service::RequireCardSecurityService;
use crate::body::PeekSettings;

/// A tower layer that lets a request through only when it meets the card's security
/// requirements, with the [`AuthContext`](super::AuthContext) in its extensions; otherwise
/// it answers 401 or 403 itself. Use it on the agent's own routes (its JSON-RPC endpoint, its
/// REST routes) so they demand exactly what the card declares.
///
/// A refusal is written in the style of the request: a POST whose body is a JSON-RPC
/// request (a JSON object with a `jsonrpc` member, or a batch) gets a JSON-RPC error that
/// echoes its `id`, anything else the HTTP+JSON binding's error. To learn this, only a
/// refused request's body is read, at most
/// [`DEFAULT_JSONRPC_PEEK`](crate::body::DEFAULT_JSONRPC_PEEK) bytes of it unless the
/// [`peek`](RequireCardSecurityLayerBuilder::peek) settings say otherwise (a larger one gets
/// the HTTP+JSON style unless [`style`](RequireCardSecurityLayerBuilder::style) says JSON-RPC),
/// within their deadline when one is set (else 408); a request let through reaches the inner
/// service untouched.
///
/// Configured with a builder, as the other two layers are: [`builder`](Self::builder), the
/// settings, then [`build`](RequireCardSecurityLayerBuilder::build).
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle, RequireCardSecurityLayer};
/// use tower::Layer;
/// # let card = a2a_card::__doctest::example_card();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let rpc = tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("{}")))
/// });
/// // Refusals follow the request's style; `.style(ErrorStyle::JsonRpc)` fixes it.
/// let protected = RequireCardSecurityLayer::builder(security).style(ErrorStyle::JsonRpc).build().layer(rpc);
/// # let _ = protected;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RequireCardSecurityLayer {
    settings: RequireCardSecurityLayerBuilder,
}

/// Configures a [`RequireCardSecurityLayer`]; see [`RequireCardSecurityLayer::builder`].
#[derive(Debug, Clone)]
#[must_use = "call .build()"]
pub struct RequireCardSecurityLayerBuilder {
    security: CardSecurity,
    /// `None`: the style of each request.
    style: Option<ErrorStyle>,
    peek: PeekSettings,
}

impl RequireCardSecurityLayer {
    /// Enforces `security`; refusals in the style of each request (JSON-RPC for a JSON-RPC
    /// request, with its id; HTTP+JSON otherwise) unless
    /// [`style`](RequireCardSecurityLayerBuilder::style) fixes one.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurityLayer::builder(security).build();
    /// # let _ = layer;
    /// ```
    pub fn builder(security: CardSecurity) -> RequireCardSecurityLayerBuilder {
        RequireCardSecurityLayerBuilder {
            security,
            style: None,
            peek: PeekSettings::default(),
        }
    }
}

impl RequireCardSecurityLayerBuilder {
    /// How every refusal is written (JSON-RPC error or HTTP+JSON error), whatever the
    /// request looks like. With [`ErrorStyle::JsonRpc`] the request's id is still echoed
    /// when its body can be read.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurityLayer::builder(security)
    ///     .style(a2a_card::security::ErrorStyle::JsonRpc).build();
    /// # let _ = layer;
    /// ```
    pub fn style(mut self, style: ErrorStyle) -> Self {
        self.style = Some(style);
        self
    }

    /// How a refused request's body is read to learn whether it is a JSON-RPC request and its
    /// id (see [`PeekSettings`]): how many bytes (default 64 KiB), within which deadline (none
    /// by default), in which budget of held bytes (default a budget of its own). A body that
    /// has not arrived in full by the deadline gets `408 Request Timeout` (with
    /// `Connection: close`) instead of the 401; a refusal whose body would go over the budget
    /// is written without the call's id. Requests let through are not read and not timed.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use a2a_card::body::{BodyBudget, BodyTimeout, PeekSettings};
    /// use std::time::Duration;
    /// let peek = PeekSettings::default()
    ///     .max_bytes(4096)
    ///     .timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep))
    ///     .budget(BodyBudget::new(1 << 20));
    /// let layer = a2a_card::security::RequireCardSecurityLayer::builder(security).peek(peek).build();
    /// # let _ = layer;
    /// ```
    pub fn peek(mut self, settings: PeekSettings) -> Self {
        self.peek = settings;
        self
    }

    /// The layer. Nothing here can fail: the requirements were checked when the
    /// [`CardSecurity`] was built.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use tower::Layer;
    /// let service = a2a_card::security::RequireCardSecurityLayer::builder(security).build().layer(());
    /// # let _ = service;
    /// ```
    pub fn build(self) -> RequireCardSecurityLayer {
        RequireCardSecurityLayer { settings: self }
    }
}

impl<S> Layer<S> for RequireCardSecurityLayer {
    type Service = RequireCardSecurityService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        let settings = &self.settings;
        let read = super::service::Read {
            style: settings.style,
            peek: settings.peek.clone(),
        };
        RequireCardSecurityService::new(inner, settings.security.clone(), read)
    }
}
