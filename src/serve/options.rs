//! What a deployment can choose: the legacy path's behaviour and CORS.

use http::HeaderValue;

/// What the legacy path `/.well-known/agent.json` (used up to A2A v0.2) answers.
///
/// ```
/// use a2a_card::serve::{AgentCardLayer, Legacy};
/// # let card = a2a_card::__doctest::example_card();
/// let layer = AgentCardLayer::builder(card).legacy(Legacy::Redirect).build()?;
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Legacy {
    /// The same bytes and ETag as the canonical path, plus a `Link: <canonical>;
    /// rel="canonical"` header.
    #[default]
    Alias,
    /// `308 Permanent Redirect` to the canonical path.
    Redirect,
    /// A v0.3 rendering of the same card, with its own ETag, for clients that predate v1.0.
    V03,
    /// Not answered: requests go to the inner service.
    Off,
}

/// Cross-origin access to the public card. The card is public, so credentials are never
/// allowed; browsers may read `ETag` and `Last-Modified` to revalidate.
///
/// ```
/// use a2a_card::serve::Cors;
/// let any = Cors::any_origin();                        // the default
/// let some = Cors::allow_origins(["https://studio.example.com"])?;
/// let none = Cors::disabled();
/// # Ok::<(), a2a_card::serve::BuildError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cors(pub(crate) CorsPolicy);

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CorsPolicy {
    Disabled,
    AnyOrigin,
    /// `Origin` values (scheme, host and port) in lower case, compared ignoring case.
    Origins(Vec<HeaderValue>),
}

impl Cors {
    /// `Access-Control-Allow-Origin: *` on every card response, without credentials.
    ///
    /// ```
    /// assert_eq!(a2a_card::serve::Cors::any_origin(), Default::default());
    /// ```
    pub fn any_origin() -> Self {
        Cors(CorsPolicy::AnyOrigin)
    }

    /// Only these origins (e.g. `https://app.example.com`) get CORS headers; the response
    /// names the origin and carries `Vary: Origin`. Fails on a value that cannot be a header.
    ///
    /// ```
    /// assert!(a2a_card::serve::Cors::allow_origins(["https://a.example"]).is_ok());
    /// assert!(a2a_card::serve::Cors::allow_origins(["bad\norigin"]).is_err());
    /// ```
    pub fn allow_origins<I, O>(origins: I) -> Result<Self, super::BuildError>
    where
        I: IntoIterator<Item = O>,
        O: AsRef<str>,
    {
        let origins = origins
            .into_iter()
            .map(|origin| {
                let origin = origin.as_ref().trim_end_matches('/');
                if origin == "*" {
                    return Err(super::BuildError::InvalidHeader {
                        header: "Origin",
                        value: "* (an allowlist names origins; use Cors::any_origin() for any)"
                            .to_owned(),
                    });
                }
                // Scheme and host are case-insensitive; browsers send them in lower case.
                HeaderValue::from_str(&origin.to_ascii_lowercase()).map_err(|_| {
                    super::BuildError::InvalidHeader {
                        header: "Origin",
                        value: origin.escape_debug().to_string(),
                    }
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Cors(CorsPolicy::Origins(origins)))
    }

    /// No CORS headers at all; cross-origin browser reads of the card fail.
    ///
    /// ```
    /// use a2a_card::serve::{AgentCardLayer, Cors};
    /// use tower::{Layer, ServiceExt};
    /// # let card = a2a_card::__doctest::example_card();
    /// let allow_origin = |cors: Cors| -> Result<Option<http::HeaderValue>, Box<dyn std::error::Error>> {
    ///     let app = AgentCardLayer::builder(card.clone()).cors(cors).build()?.layer(
    ///         tower::service_fn(|_req: http::Request<String>| async {
    ///             Ok::<_, std::convert::Infallible>(http::Response::new(String::new()))
    ///         }),
    ///     );
    ///     let request = http::Request::get("/.well-known/agent-card.json")
    ///         .header("origin", "https://studio.example.com")
    ///         .body(String::new())?;
    ///     let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    ///     let response = runtime.block_on(app.oneshot(request))?;
    ///     Ok(response.headers().get("access-control-allow-origin").cloned())
    /// };
    /// assert_eq!(allow_origin(Cors::disabled())?, None);
    /// assert_eq!(allow_origin(Cors::any_origin())?.unwrap(), "*");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn disabled() -> Self {
        Cors(CorsPolicy::Disabled)
    }
}

impl Default for Cors {
    fn default() -> Self {
        Cors::any_origin()
    }
}
