//! [`RequireCardSecurity`]: the layer that puts the card's requirements in front of any route.

use tower::Layer;

use super::failure::ErrorStyle;
use super::requirements::CardSecurity;
use super::service::RequireCardSecurityService;
use crate::body::{BodyBudget, BodyTimeout, DEFAULT_JSONRPC_PEEK};

/// A tower layer that lets a request through only when it meets the card's security
/// requirements, with the [`AuthContext`](super::AuthContext) in its extensions; otherwise
/// it answers 401 or 403 itself. Use it on the agent's own routes (its JSON-RPC endpoint, its
/// REST routes) so they demand exactly what the card declares.
///
/// A refusal is written in the style of the request: a POST whose body is a JSON-RPC
/// request (a JSON object with a `jsonrpc` member, or a batch) gets a JSON-RPC error that
/// echoes its `id`, anything else the HTTP+JSON binding's error. To learn this, only a
/// refused request's body is read, at most [`DEFAULT_JSONRPC_PEEK`] bytes of it (a larger
/// one gets the HTTP+JSON style unless [`style`](Self::style) says JSON-RPC), within the
/// [`body_timeout`](Self::body_timeout) when one is set (else 408); a request let through
/// reaches the inner service untouched.
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle, RequireCardSecurity};
/// use tower::Layer;
/// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
/// let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let rpc = tower::service_fn(|_req: http::Request<String>| async {
///     Ok::<_, std::convert::Infallible>(http::Response::new(String::from("{}")))
/// });
/// // Refusals follow the request's style; `.style(ErrorStyle::JsonRpc)` fixes it.
/// let protected = RequireCardSecurity::new(security).style(ErrorStyle::JsonRpc).layer(rpc);
/// # let _ = protected;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RequireCardSecurity {
    security: CardSecurity,
    /// `None`: the style of each request.
    style: Option<ErrorStyle>,
    peek: usize,
    timeout: Option<BodyTimeout>,
    budget: BodyBudget,
}

impl RequireCardSecurity {
    /// Enforces `security`; refusals in the style of each request (JSON-RPC for a JSON-RPC
    /// request, with its id; HTTP+JSON otherwise) unless [`style`](Self::style) fixes one.
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
            style: None,
            peek: DEFAULT_JSONRPC_PEEK,
            timeout: None,
            budget: BodyBudget::default(),
        }
    }

    /// How every refusal is written (JSON-RPC error or HTTP+JSON error), whatever the
    /// request looks like. With [`ErrorStyle::JsonRpc`] the request's id is still echoed
    /// when its body can be read.
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security)
    ///     .style(a2a_card::security::ErrorStyle::JsonRpc);
    /// # let _ = layer;
    /// ```
    pub fn style(mut self, style: ErrorStyle) -> Self {
        self.style = Some(style);
        self
    }

    /// How many bytes of a refused request's body are read to learn whether it is a
    /// JSON-RPC request and its id (default 64 KiB).
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security).max_jsonrpc_peek(4096);
    /// # let _ = layer;
    /// ```
    pub fn max_jsonrpc_peek(mut self, bytes: usize) -> Self {
        self.peek = bytes;
        self
    }

    /// A deadline for the body of a refused request, which is read (up to the peek) to
    /// write the refusal in JSON-RPC style with the request's id: a body that has not arrived
    /// in full by then gets `408 Request Timeout` (with `Connection: close`) instead of the
    /// 401. Requests let through are not read and not timed.
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// use a2a_card::body::BodyTimeout;
    /// use std::time::Duration;
    /// let layer = a2a_card::security::RequireCardSecurity::new(security)
    ///     .body_timeout(BodyTimeout::new(Duration::from_secs(10), tokio::time::sleep));
    /// # let _ = layer;
    /// ```
    pub fn body_timeout(mut self, timeout: BodyTimeout) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// The budget of request-body bytes the layer may hold while it reads refused calls for
    /// their id (see [`BodyBudget`]); default a budget of its own of
    /// [`DEFAULT_BODY_BUDGET`](crate::body::DEFAULT_BODY_BUDGET) bytes. A refusal whose body
    /// would go over it is written without the call's id.
    ///
    /// ```
    /// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!("../../examples/agent-card.json")).unwrap();
    /// # let security = a2a_card::security::CardSecurity::builder(&card).verifier("apiKey", a2a_card::security::ApiKeys::new(["k1"]).unwrap()).build().unwrap();
    /// let layer = a2a_card::security::RequireCardSecurity::new(security)
    ///     .body_budget(a2a_card::body::BodyBudget::new(1 << 20));
    /// # let _ = layer;
    /// ```
    pub fn body_budget(mut self, budget: BodyBudget) -> Self {
        self.budget = budget;
        self
    }
}

impl<S> Layer<S> for RequireCardSecurity {
    type Service = RequireCardSecurityService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        let read = super::service::Read {
            style: self.style,
            peek: self.peek,
            timeout: self.timeout.clone(),
            budget: self.budget.clone(),
        };
        RequireCardSecurityService::new(inner, self.security.clone(), read)
    }
}
