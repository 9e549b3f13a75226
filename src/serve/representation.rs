//! Everything served for one card, built once when the card is set: the bytes, their ETag and
//! the response headers. Requests only clone these.

use std::sync::Arc;
use std::time::SystemTime;

use bytes::Bytes;
use http::header::{
    ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_EXPOSE_HEADERS, CACHE_CONTROL, CONTENT_LENGTH,
    CONTENT_TYPE, ETAG, LAST_MODIFIED,
};
use http::{HeaderMap, HeaderValue};

use super::conditional::whole_seconds;
use super::etag::strong_etag;
use super::options::{CorsPolicy, Legacy};
use super::settings::Settings;
use crate::AgentCard;

/// One representation of a card (the v1.0 JSON, or its v0.3 rendering).
#[derive(Debug)]
pub(crate) struct Representation {
    pub(crate) body: Bytes,
    pub(crate) etag: HeaderValue,
    pub(crate) last_modified: Option<SystemTime>,
    /// Headers of a 200 (and of a HEAD).
    pub(crate) ok_headers: HeaderMap,
    /// Headers of a 304: the validators and caching fields, no representation metadata
    /// (RFC 9110 §15.4.5).
    pub(crate) not_modified_headers: HeaderMap,
}

impl Representation {
    fn new(body: Vec<u8>, settings: &Settings, last_modified: Option<SystemTime>) -> Self {
        let etag = strong_etag(&body);
        let last_modified = last_modified.map(whole_seconds);
        let mut not_modified_headers = HeaderMap::with_capacity(8);
        not_modified_headers.insert(ETAG, etag.clone());
        not_modified_headers.insert(CACHE_CONTROL, settings.cache_control.clone());
        if let Some(time) = last_modified {
            let date = httpdate::fmt_http_date(time);
            let value = HeaderValue::from_str(&date).expect("an HTTP date is a valid header");
            not_modified_headers.insert(LAST_MODIFIED, value);
        }
        if settings.cors == CorsPolicy::AnyOrigin {
            not_modified_headers.insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
            not_modified_headers.insert(ACCESS_CONTROL_EXPOSE_HEADERS, exposed_headers());
        }
        let mut ok_headers = not_modified_headers.clone();
        ok_headers.insert(CONTENT_TYPE, settings.content_type.clone());
        ok_headers.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
        #[cfg(feature = "catalog")]
        if let Some(link) = super::catalog::catalog_link(settings) {
            ok_headers.append(http::header::LINK, link);
        }
        Representation {
            body: Bytes::from(body),
            etag,
            last_modified,
            ok_headers,
            not_modified_headers,
        }
    }
}

/// Response headers a browser script may read: the validators, and the canonical link.
pub(crate) fn exposed_headers() -> HeaderValue {
    HeaderValue::from_static("ETag, Last-Modified, Link")
}

/// A card and every representation the settings call for.
#[derive(Debug)]
pub(crate) struct CardSet {
    pub(crate) card: Arc<AgentCard>,
    pub(crate) v10: Representation,
    /// Built only when the legacy path or negotiation can serve it.
    pub(crate) v03: Option<Representation>,
    /// `Link: <canonical path>; rel="canonical"` for the legacy alias.
    pub(crate) canonical_link: HeaderValue,
    /// The canonical path, for the legacy redirect.
    pub(crate) canonical_location: HeaderValue,
    /// The latest `Last-Modified` sent for this card or one it replaced: the next card must
    /// be dated later (or not at all). Differs from the card's own date only when the card
    /// has none because it replaced another within the second of that one's date.
    pub(crate) dated_up_to: Option<SystemTime>,
}

impl CardSet {
    /// `canonical_path` is the full path of this card's canonical URL on this server.
    pub(crate) fn new(
        card: AgentCard,
        settings: &Settings,
        canonical_path: &str,
        last_modified: Option<SystemTime>,
    ) -> Self {
        let v10 = Representation::new(card.to_json_vec(), settings, last_modified);
        let wants_v03 = settings.legacy == Legacy::V03 || settings.negotiate_version;
        let v03 = wants_v03.then(|| {
            let json = serde_json::to_vec(&card.to_v03().json).expect("a JSON value serializes");
            Representation::new(json, settings, last_modified)
        });
        let link = format!("<{canonical_path}>; rel=\"canonical\"");
        let dated_up_to = v10.last_modified;
        CardSet {
            dated_up_to,
            card: Arc::new(card),
            v10,
            v03,
            canonical_link: HeaderValue::from_str(&link).expect("paths are checked at build"),
            canonical_location: HeaderValue::from_str(canonical_path)
                .expect("paths are checked at build"),
        }
    }
}
