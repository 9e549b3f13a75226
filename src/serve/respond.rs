//! Answering one request for a card from the prebuilt representations.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arc_swap::ArcSwap;
use bytes::Bytes;
use http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ACCESS_CONTROL_REQUEST_HEADERS,
    ACCESS_CONTROL_REQUEST_METHOD, ALLOW, CACHE_CONTROL, CONTENT_LENGTH, LINK, LOCATION, ORIGIN,
    VARY,
};
use http::{HeaderMap, HeaderValue, Method, Response, StatusCode};

use super::conditional::{Asks, Decision, evaluate};
use super::options::{CorsPolicy, Legacy};
use super::representation::{CardSet, Representation, exposed_headers};
use super::settings::{Route, Settings, is_plain_segment};
use crate::protocol::ProtocolVersion;
use crate::protocol::header::A2A_VERSION;

pub(super) const METHODS: &str = "GET, HEAD, OPTIONS";

/// The cards being served right now.
#[derive(Debug)]
pub(crate) struct Published {
    pub(crate) main: Arc<CardSet>,
    pub(crate) tenants: HashMap<String, Arc<CardSet>>,
    /// The AI Catalog of exactly these cards, built with them.
    #[cfg(feature = "catalog")]
    pub(crate) catalog: Option<Arc<super::catalog::CatalogSet>>,
}

impl Published {
    /// The cards to serve, and (when configured) their catalog, built in the same step.
    pub(crate) fn new(
        settings: &Settings,
        main: Arc<CardSet>,
        tenants: HashMap<String, Arc<CardSet>>,
    ) -> Result<Self, super::error::BuildError> {
        #[cfg(feature = "catalog")]
        let catalog = super::catalog::build_catalog(settings, &main, &tenants)?;
        #[cfg(not(feature = "catalog"))]
        let _ = settings;
        Ok(Published {
            main,
            tenants,
            #[cfg(feature = "catalog")]
            catalog,
        })
    }
}

/// What the layer, its services and its handles share.
#[derive(Debug)]
pub(crate) struct Shared {
    pub(crate) settings: Settings,
    /// Swapped as a whole: a response is built from one `CardSet`, so its body and ETag
    /// always belong to the same card.
    pub(crate) published: ArcSwap<Published>,
    /// Serializes replacements so two concurrent swaps cannot lose one another's tenant.
    pub(crate) writer: Mutex<()>,
    /// Which `Last-Modified` a replaced card gets.
    pub(crate) swap_dates: SwapDates,
}

/// Which `Last-Modified` a card swapped in through the handle gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SwapDates {
    /// None (the builder asked for no `Last-Modified` at all).
    Never,
    /// The date given with the swap (`replace_modified_at`), else none: the default, so no
    /// replica invents a date another would not.
    Given,
    /// The date given with the swap, else the time of the swap (`last_modified_build_time`).
    Clock,
}

/// A response of ours: headers and, for a GET that serves the card, the body.
pub(crate) type CardResponse = Response<Option<Bytes>>;

impl Shared {
    /// The response for a request naming a card, or `None` when the request is not ours.
    pub(crate) fn respond(
        &self,
        method: &Method,
        path: &str,
        headers: &HeaderMap,
        extensions: &http::Extensions,
    ) -> Option<CardResponse> {
        #[cfg(feature = "catalog")]
        if let Some(response) = self.respond_catalog(method, path, headers) {
            return Some(response);
        }
        let target = self.settings.target(path)?;
        if target.route == Route::Legacy && self.settings.legacy == Legacy::Off {
            return None;
        }
        let published = self.published.load();
        let set = match target.tenant {
            None => &published.main,
            // `/../.well-known/agent-card.json` or `/a%2Fb/...`: a proxy that normalises or
            // decodes paths sees another path than this, so it is refused, never passed on.
            Some(tenant) if !is_plain_segment(tenant) => {
                tracing::debug!(target: "a2a_card", %method, path, status = 404, "agent card path with an unusable tenant segment refused");
                return Some(empty(StatusCode::NOT_FOUND));
            }
            // The path is in its one spelling (see the service), as names are: `/%41/...`
            // finds tenant `A`, `%c3%a9` finds `%C3%A9`.
            Some(tenant) => published.tenants.get(tenant)?,
        };
        // The variant of the public origin a trusted proxy names, if it is an allowed one.
        let set = match &self.settings.forwarded {
            None => set,
            Some(forwarded) => match forwarded.select(extensions, headers) {
                Some(origin) => set.variants.get(origin).unwrap_or(set),
                None => set,
            },
        };
        let mut response = match *method {
            Method::GET => self.get(false, target.route, set, headers),
            Method::HEAD => self.get(true, target.route, set, headers),
            Method::OPTIONS => self.options(headers),
            _ => {
                let mut response = empty(StatusCode::METHOD_NOT_ALLOWED);
                response
                    .headers_mut()
                    .insert(ALLOW, HeaderValue::from_static(METHODS));
                response
            }
        };
        let status = response.status();
        // A served or revalidated representation carries its CORS headers prebuilt when any
        // origin is allowed; the other answers (and other policies) get them here.
        let prebuilt_cors = self.settings.cors == CorsPolicy::AnyOrigin
            && matches!(status, StatusCode::OK | StatusCode::NOT_MODIFIED);
        if !prebuilt_cors {
            self.add_cors(headers, response.headers_mut());
        }
        match status {
            StatusCode::OK => {
                tracing::debug!(target: "a2a_card", %method, path, status = 200, "agent card served")
            }
            StatusCode::NOT_MODIFIED => {
                tracing::debug!(target: "a2a_card", %method, path, status = 304, "agent card not modified")
            }
            _ => tracing::debug!(
                target: "a2a_card",
                %method,
                path,
                status = status.as_u16(),
                "agent card request answered"
            ),
        }
        Some(response)
    }

    fn get(&self, head: bool, route: Route, set: &CardSet, headers: &HeaderMap) -> CardResponse {
        let negotiated = route == Route::Canonical && self.settings.negotiate_version;
        let representation = match (route, self.settings.legacy) {
            (Route::Canonical, _) if negotiated && asks_for_v03(headers) => v03(set),
            (Route::Canonical, _) | (Route::Legacy, Legacy::Alias | Legacy::Off) => &set.v10,
            (Route::Legacy, Legacy::V03) => v03(set),
            (Route::Legacy, Legacy::Redirect) => {
                let mut response = empty(StatusCode::PERMANENT_REDIRECT);
                let h = response.headers_mut();
                h.insert(LOCATION, set.canonical_location.clone());
                // A 308 is cacheable by default; say for how long, like the card itself.
                h.insert(CACHE_CONTROL, self.settings.cache_control.clone());
                return response;
            }
        };
        let mut response = conditional_response(head, representation, headers);
        let h = response.headers_mut();
        if route == Route::Legacy && self.settings.legacy == Legacy::Alias {
            h.append(LINK, set.canonical_link.clone());
        }
        // 200 and 304 carry the canonical path's Vary, prebuilt; the legacy path differs
        // only when negotiation is on (it never negotiates), and a 412 has none prebuilt.
        let prebuilt = matches!(response.status(), StatusCode::OK | StatusCode::NOT_MODIFIED);
        if !prebuilt || negotiated != self.settings.negotiate_version {
            let h = response.headers_mut();
            match self.settings.vary(negotiated) {
                Some(vary) => h.insert(VARY, vary),
                None => h.remove(VARY),
            };
        }
        response
    }

    pub(super) fn options(&self, headers: &HeaderMap) -> CardResponse {
        let mut response = empty(StatusCode::NO_CONTENT);
        let h = response.headers_mut();
        h.insert(ALLOW, HeaderValue::from_static(METHODS));
        let preflight = headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD);
        if preflight && self.origin_allowed(headers).is_some() {
            h.insert(
                ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static(METHODS),
            );
            // The card is public and credentials are never allowed, so whatever headers a
            // browser script wants to send (A2A-Version, If-None-Match...) may be sent.
            if let Some(requested) = headers.get(ACCESS_CONTROL_REQUEST_HEADERS) {
                h.insert(ACCESS_CONTROL_ALLOW_HEADERS, requested.clone());
            }
            h.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("86400"));
        }
        response
    }

    /// The `Access-Control-Allow-Origin` value for this request, if CORS allows it.
    fn origin_allowed(&self, headers: &HeaderMap) -> Option<HeaderValue> {
        match &self.settings.cors {
            CorsPolicy::Disabled => None,
            CorsPolicy::AnyOrigin => Some(HeaderValue::from_static("*")),
            CorsPolicy::Origins(allowed) => {
                let origin = headers.get(ORIGIN)?;
                let known = allowed
                    .iter()
                    .any(|a| a.as_bytes().eq_ignore_ascii_case(origin.as_bytes()));
                known.then(|| origin.clone())
            }
        }
    }

    pub(super) fn add_cors(&self, request: &HeaderMap, response: &mut HeaderMap) {
        if response.contains_key(ACCESS_CONTROL_ALLOW_ORIGIN) {
            return; // prebuilt with the representation
        }
        if let CorsPolicy::Origins(_) = self.settings.cors {
            if !response.contains_key(VARY) {
                response.insert(VARY, HeaderValue::from_static("Origin"));
            }
        }
        if let Some(origin) = self.origin_allowed(request) {
            response.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            response.insert(ACCESS_CONTROL_EXPOSE_HEADERS, exposed_headers());
        }
    }
}

/// The v0.3 rendering; it exists whenever a route can ask for it (see `CardSet::new`).
fn v03(set: &CardSet) -> &Representation {
    set.v03.as_ref().unwrap_or(&set.v10)
}

/// `A2A-Version: 0.3` (or `0.3.x`).
fn asks_for_v03(headers: &HeaderMap) -> bool {
    headers
        .get(A2A_VERSION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| ProtocolVersion::parse(v.trim()) == ProtocolVersion::V0_3)
}

pub(super) fn conditional_response(
    head: bool,
    representation: &Representation,
    headers: &HeaderMap,
) -> CardResponse {
    // The content coding is chosen first: preconditions are about the representation that
    // would be sent, and each coding has its own ETag.
    let asks = Asks::of(headers);
    let coded = representation.encodings.select(headers, asks);
    let decision = evaluate(headers, asks, &coded.etag, representation.last_modified);
    match decision {
        Decision::Serve => {
            let body = (!head).then(|| coded.body.clone());
            let mut response = Response::new(body);
            *response.headers_mut() = coded.ok_headers.clone();
            response
        }
        Decision::NotModified => {
            let mut response = Response::new(None);
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            *response.headers_mut() = coded.not_modified_headers.clone();
            response
        }
        Decision::PreconditionFailed => empty(StatusCode::PRECONDITION_FAILED),
    }
}

pub(super) fn empty(status: StatusCode) -> CardResponse {
    let mut response = Response::new(None);
    *response.status_mut() = status;
    // A 204 must not carry Content-Length (RFC 9110 §8.6).
    if status != StatusCode::NO_CONTENT {
        response
            .headers_mut()
            .insert(CONTENT_LENGTH, HeaderValue::from_static("0"));
    }
    response
}
