//! Answering one request for a card (or for the AI Catalog) from the prebuilt
//! representations: the route, the method, the preconditions, CORS.

use bytes::Bytes;
use http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, ACCESS_CONTROL_MAX_AGE, ACCESS_CONTROL_REQUEST_HEADERS,
    ACCESS_CONTROL_REQUEST_METHOD, ALLOW, CACHE_CONTROL, CONTENT_LENGTH, LINK, LOCATION, ORIGIN,
    VARY,
};
use http::{HeaderMap, HeaderValue, Method, Response, StatusCode};

use super::options::{CorsPolicy, Legacy};
use super::representation::{CardSet, Representation, exposed_headers};
#[cfg(feature = "catalog")]
use super::route::names_catalog;
use super::route::{self, Route};
use super::settings::Settings;
use super::state::LayerState;
use crate::http_headers::conditional::{Decision, VaryingHeaders, evaluate};
use crate::http_headers::path::is_plain_segment;
use crate::protocol::ProtocolVersion;
use crate::protocol::header::A2A_VERSION;

const METHODS: &str = "GET, HEAD, OPTIONS";

/// A response of ours: headers and, for a GET that serves the card, the body.
pub(super) type CardResponse = Response<Option<Bytes>>;

/// The response for a request naming a card or the catalog, or `None` when the request is
/// not ours.
pub(super) fn respond(
    state: &LayerState,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    extensions: &http::Extensions,
) -> Option<CardResponse> {
    #[cfg(feature = "catalog")]
    if let Some(response) = respond_catalog(state, method, path, headers) {
        return Some(response);
    }
    let settings = &state.settings;
    let target = route::target(&settings.prefix, path)?;
    if target.route == Route::Legacy && settings.legacy == Legacy::Off {
        return None;
    }
    let published = state.published.load();
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
    let set = match &settings.forwarded {
        None => set,
        Some(forwarded) => match forwarded.select(extensions, headers) {
            Some(origin) => set.variants.get(origin).unwrap_or(set),
            None => set,
        },
    };
    let mut response = match *method {
        Method::GET => get(settings, false, target.route, set, headers),
        Method::HEAD => get(settings, true, target.route, set, headers),
        Method::OPTIONS => options(settings, headers),
        _ => method_not_allowed(),
    };
    let status = response.status();
    // A served or revalidated representation carries its CORS headers prebuilt when any
    // origin is allowed; the other answers (and other policies) get them here.
    let prebuilt_cors = settings.cors == CorsPolicy::AnyOrigin
        && matches!(status, StatusCode::OK | StatusCode::NOT_MODIFIED);
    if !prebuilt_cors {
        add_cors(settings, headers, response.headers_mut());
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

fn get(
    settings: &Settings,
    head: bool,
    route: Route,
    set: &CardSet,
    headers: &HeaderMap,
) -> CardResponse {
    let negotiated = route == Route::Canonical && settings.negotiate_version;
    let representation = match (route, settings.legacy) {
        (Route::Canonical, _) if negotiated && asks_for_v03(headers) => v03(set),
        (Route::Canonical, _) | (Route::Legacy, Legacy::Alias | Legacy::Off) => &set.v10,
        (Route::Legacy, Legacy::V03) => v03(set),
        (Route::Legacy, Legacy::Redirect) => {
            let mut response = empty(StatusCode::PERMANENT_REDIRECT);
            let h = response.headers_mut();
            h.insert(LOCATION, set.canonical_location.clone());
            // A 308 is cacheable by default; say for how long, like the card itself.
            h.insert(CACHE_CONTROL, settings.cache_control.clone());
            return response;
        }
    };
    let mut response = conditional_response(head, representation, headers);
    let h = response.headers_mut();
    if route == Route::Legacy && settings.legacy == Legacy::Alias {
        h.append(LINK, set.canonical_link.clone());
    }
    // 200 and 304 carry the canonical path's Vary, prebuilt; the legacy path differs
    // only when negotiation is on (it never negotiates), and a 412 has none prebuilt.
    let prebuilt = matches!(response.status(), StatusCode::OK | StatusCode::NOT_MODIFIED);
    if !prebuilt || negotiated != settings.negotiate_version {
        let h = response.headers_mut();
        match settings.vary(negotiated) {
            Some(vary) => h.insert(VARY, vary),
            None => h.remove(VARY),
        };
    }
    response
}

fn options(settings: &Settings, headers: &HeaderMap) -> CardResponse {
    let mut response = empty(StatusCode::NO_CONTENT);
    let h = response.headers_mut();
    h.insert(ALLOW, HeaderValue::from_static(METHODS));
    let preflight = headers.contains_key(ACCESS_CONTROL_REQUEST_METHOD);
    if preflight && origin_allowed(settings, headers).is_some() {
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
fn origin_allowed(settings: &Settings, headers: &HeaderMap) -> Option<HeaderValue> {
    match &settings.cors {
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

fn add_cors(settings: &Settings, request: &HeaderMap, response: &mut HeaderMap) {
    if response.contains_key(ACCESS_CONTROL_ALLOW_ORIGIN) {
        return; // prebuilt with the representation
    }
    if let CorsPolicy::Origins(_) = settings.cors {
        if !response.contains_key(VARY) {
            response.insert(VARY, HeaderValue::from_static("Origin"));
        }
    }
    if let Some(origin) = origin_allowed(settings, request) {
        response.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        response.insert(ACCESS_CONTROL_EXPOSE_HEADERS, exposed_headers());
    }
}

/// The 405 of every path we answer.
fn method_not_allowed() -> CardResponse {
    let mut response = empty(StatusCode::METHOD_NOT_ALLOWED);
    response
        .headers_mut()
        .insert(ALLOW, HeaderValue::from_static(METHODS));
    response
}

/// The response for a request naming the catalog, or `None` when it does not.
#[cfg(feature = "catalog")]
fn respond_catalog(
    state: &LayerState,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
) -> Option<CardResponse> {
    let settings = &state.settings;
    // Without a catalog, no comparison (this runs for every card request).
    settings.catalog.as_ref()?;
    if !names_catalog(&settings.prefix, path) {
        return None;
    }
    let published = state.published.load();
    let set = published.catalog.as_ref()?;
    let get = |head| {
        let mut response = conditional_response(head, &set.representation, headers);
        // 200 and 304 carry it prebuilt.
        if response.status() == StatusCode::PRECONDITION_FAILED {
            if let Some(vary) = settings.vary(false) {
                response.headers_mut().insert(VARY, vary);
            }
        }
        response
    };
    let mut response = match *method {
        Method::GET => get(false),
        Method::HEAD => get(true),
        Method::OPTIONS => options(settings, headers),
        _ => method_not_allowed(),
    };
    add_cors(settings, headers, response.headers_mut());
    tracing::debug!(target: "a2a_card", %method, path, status = response.status().as_u16(), "AI catalog request answered");
    Some(response)
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

fn conditional_response(
    head: bool,
    representation: &Representation,
    headers: &HeaderMap,
) -> CardResponse {
    // The content coding is chosen first: preconditions are about the representation that
    // would be sent, and each coding has its own ETag.
    let asks = VaryingHeaders::of(headers);
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

fn empty(status: StatusCode) -> CardResponse {
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
