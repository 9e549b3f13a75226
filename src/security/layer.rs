//! [`RequireCardSecurity`]: the layer that puts the card's requirements in front of any route.

use tower::Layer;

use super::failure::ErrorStyle;
use super::requirements::CardSecurity;
use super::service::RequireCardSecurityService;

/// A tower layer that lets a request through only when it meets the card's security
/// requirements, with the [`AuthContext`](super::AuthContext) in its extensions; otherwise
/// it answers 401 or 403 itself. Use it on the agent's own routes (its JSON-RPC endpoint, its
/// REST routes) so they demand exactly what the card declares.
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle, RequireCardSecurity};
/// use tower::Layer;
/// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let rpc = tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("{}")))
/// });
/// let protected = RequireCardSecurity::new(security).style(ErrorStyle::JsonRpc).layer(rpc);
/// # let _ = protected;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RequireCardSecurity {
    security: CardSecurity,
    style: ErrorStyle,
}

impl RequireCardSecurity {
    /// Enforces `security`; refusals in the HTTP+JSON style unless [`style`](Self::style)
    /// says otherwise.
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security);
    /// # let _ = layer;
    /// ```
    pub fn new(security: CardSecurity) -> Self {
        RequireCardSecurity {
            security,
            style: ErrorStyle::default(),
        }
    }

    /// How refusals are written (JSON-RPC error or HTTP+JSON error).
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security)
    ///     .style(a2a_card::security::ErrorStyle::JsonRpc);
    /// # let _ = layer;
    /// ```
    pub fn style(mut self, style: ErrorStyle) -> Self {
        self.style = style;
        self
    }
}

impl<S> Layer<S> for RequireCardSecurity {
    type Service = RequireCardSecurityService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        RequireCardSecurityService::new(inner, self.security.clone(), self.style)
    }
}
