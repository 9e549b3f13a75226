//! Everything served for one card, built once when the card is set: the bytes in each content
//! coding, their ETags and the response headers. Requests only pick one and clone it.

use std::sync::Arc;
use std::time::SystemTime;

use bytes::Bytes;
use http::header::{
    ACCESS_CONTROL_ALLOW_ORIGIN, ACCESS_CONTROL_EXPOSE_HEADERS, CACHE_CONTROL, CONTENT_ENCODING,
    CONTENT_LENGTH, CONTENT_TYPE, ETAG, LAST_MODIFIED, VARY,
};
use http::{HeaderMap, HeaderValue};

use super::options::{CorsPolicy, Legacy};
use super::settings::{DEFAULT_CACHE_CONTROL, Settings};
use crate::AgentCard;
use crate::http_headers::conditional::whole_seconds;
use crate::http_headers::content_coding::Encodings;
use crate::http_headers::entity_tag::strong_etag;

/// One representation of a card (the v1.0 JSON, or its v0.3 rendering; or the catalog), in
/// each content coding it is sent in.
#[derive(Debug)]
pub(crate) struct Representation {
    pub(crate) last_modified: Option<SystemTime>,
    pub(crate) encodings: Encodings<Coded>,
}

/// A representation in one content coding: the bytes on the wire, their own strong ETag
/// (a compressed body never carries the identity's) and the headers sent with them.
#[derive(Debug)]
pub(crate) struct Coded {
    pub(crate) body: Bytes,
    pub(crate) etag: HeaderValue,
    /// Headers of a 200 (and of a HEAD).
    pub(crate) ok_headers: HeaderMap,
    /// Headers of a 304: the validators and caching fields, no representation metadata
    /// (RFC 9110 §15.4.5).
    pub(crate) not_modified_headers: HeaderMap,
}

impl Representation {
    /// `link` goes on every 200 (the catalog's, on card responses); `vary` on every 200 and
    /// 304, so no request inserts a header into a prebuilt map (which would grow it).
    pub(crate) fn new(
        body: Vec<u8>,
        settings: &Settings,
        content_type: &HeaderValue,
        last_modified: Option<SystemTime>,
        link: Option<HeaderValue>,
        vary: Option<HeaderValue>,
    ) -> Self {
        let last_modified = last_modified.map(whole_seconds);
        let encodings = Encodings::new(body, settings.precompress, |body, coding| {
            let etag = strong_etag(&body);
            let mut not_modified_headers = HeaderMap::with_capacity(8);
            not_modified_headers.insert(ETAG, etag.clone());
            not_modified_headers.insert(CACHE_CONTROL, usual_as_static(&settings.cache_control));
            if let Some(time) = last_modified {
                let date = httpdate::fmt_http_date(time);
                let value = HeaderValue::from_str(&date).expect("an HTTP date is a valid header");
                not_modified_headers.insert(LAST_MODIFIED, value);
            }
            if settings.cors == CorsPolicy::AnyOrigin {
                not_modified_headers
                    .insert(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
                not_modified_headers.insert(ACCESS_CONTROL_EXPOSE_HEADERS, exposed_headers());
            }
            if let Some(vary) = &vary {
                not_modified_headers.insert(VARY, vary.clone());
            }
            let mut ok_headers = not_modified_headers.clone();
            ok_headers.insert(CONTENT_TYPE, usual_as_static(content_type));
            if let Some(coding) = coding {
                ok_headers.insert(CONTENT_ENCODING, HeaderValue::from_static(coding));
            }
            ok_headers.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
            if let Some(link) = &link {
                ok_headers.append(http::header::LINK, link.clone());
            }
            Coded {
                body: Bytes::from(body),
                etag,
                ok_headers,
                not_modified_headers,
            }
        });
        Representation {
            last_modified,
            encodings,
        }
    }

    /// The identity bytes' ETag (the one `CardHandle::etag` reports).
    pub(crate) fn etag(&self) -> &HeaderValue {
        &self.encodings.identity().etag
    }

    /// The identity bytes (a catalog entry's trust manifest names their digest).
    #[cfg(feature = "catalog")]
    pub(crate) fn body(&self) -> &Bytes {
        &self.encodings.identity().body
    }

    /// A card representation of this layer; `base` is the public path prefix its links go
    /// under.
    fn card(
        body: Vec<u8>,
        settings: &Settings,
        base: &str,
        last_modified: Option<SystemTime>,
    ) -> Representation {
        #[cfg(feature = "catalog")]
        let link =
            (settings.catalog.as_ref()).map(|_| super::route::catalog_link(&settings.prefix, base));
        #[cfg(not(feature = "catalog"))]
        let (link, _) = (None, base);
        // The canonical path's Vary; the answer adjusts it on the legacy path.
        let vary = settings.vary(settings.negotiate_version);
        Representation::new(
            body,
            settings,
            &settings.content_type,
            last_modified,
            link,
            vary,
        )
    }
}

/// `value`, as a static value when it is one of the usual ones. Every response clones the
/// prebuilt headers: a static value's clone touches no reference count, while a parsed one's
/// count is shared by every connection, and under load its cache line moved between the cores
/// on every request (a `--cache-control` or `--content-type` flag arrives parsed).
fn usual_as_static(value: &HeaderValue) -> HeaderValue {
    if value.is_sensitive() {
        return value.clone();
    }
    const USUAL: [&str; 6] = [
        crate::protocol::A2A_JSON,
        "application/json",
        DEFAULT_CACHE_CONTROL,
        "no-cache",
        "no-store",
        "public, max-age=60",
    ];
    USUAL
        .iter()
        .find(|usual| usual.as_bytes() == value.as_bytes())
        .map_or_else(|| value.clone(), |usual| HeaderValue::from_static(usual))
}

/// Response headers a browser script may read: the validators, and the canonical link.
pub(crate) fn exposed_headers() -> HeaderValue {
    HeaderValue::from_static("ETag, Last-Modified, Link")
}

/// A card and every representation the settings call for.
#[derive(Debug)]
pub(crate) struct CardSet {
    /// The v1.0 JSON is the card: the model is read back from it when asked for
    /// ([`CardSet::card`]) rather than kept (a parsed card takes about 12 KB, four times its
    /// bytes, and a host of 10,000 tenants would keep 120 MB that no request reads).
    pub(crate) v10: Representation,
    /// Built only when the legacy path or negotiation can serve it.
    pub(crate) v03: Option<Representation>,
    /// `Link: <canonical path>; rel="canonical"` for the legacy alias.
    pub(crate) canonical_link: HeaderValue,
    /// The canonical path, for the legacy redirect.
    pub(crate) canonical_location: HeaderValue,
    /// The public path prefix this card is reached under (`""`, or the path of the public
    /// URL or of the trusted proxies' origin it was rebased onto): a proxy strips it before
    /// this server sees a path, so every path this server sends back (`Location`, `Link`)
    /// starts with it.
    base: Box<str>,
    /// The latest `Last-Modified` sent for this card or one it replaced: the next card must
    /// be dated later (or not at all). Differs from the card's own date only when the card
    /// has none because it replaced another within the second of that one's date.
    pub(crate) dated_up_to: Option<SystemTime>,
    /// This card's AI Catalog entry, built the first time a catalog lists it (and never
    /// again while it is served).
    #[cfg(feature = "catalog")]
    pub(crate) catalog_part: std::sync::OnceLock<Arc<super::catalog_entry::EntryPart>>,
    /// This card rebased onto each origin of the trusted proxies, in their order (empty
    /// without them).
    pub(crate) variants: Vec<Arc<CardSet>>,
}

impl CardSet {
    /// The card served, read back from its v1.0 bytes (written from the model, so read back
    /// the same).
    pub(crate) fn card(&self) -> AgentCard {
        let body = &self.v10.encodings.identity().body;
        AgentCard::from_json_slice(body).expect("the served JSON of a card reads back")
    }

    /// `canonical_path` is the full path of this card's canonical URL on this server; `base`
    /// the public path prefix this card is reached under (`""` when none).
    pub(crate) fn new(
        card: AgentCard,
        settings: &Settings,
        canonical_path: &str,
        base: &str,
        last_modified: Option<SystemTime>,
    ) -> Self {
        let v10 = Representation::card(card.to_json_vec(), settings, base, last_modified);
        let wants_v03 = settings.legacy == Legacy::V03 || settings.negotiate_version;
        let v03 = wants_v03.then(|| {
            let json = serde_json::to_vec(&card.to_v03().json).expect("a JSON value serializes");
            Representation::card(json, settings, base, last_modified)
        });
        let public_path = format!("{base}{canonical_path}");
        let link = format!("<{public_path}>; rel=\"canonical\"");
        let dated_up_to = v10.last_modified;
        CardSet {
            dated_up_to,
            v10,
            v03,
            canonical_link: HeaderValue::from_str(&link).expect("paths are checked at build"),
            canonical_location: HeaderValue::from_str(&public_path)
                .expect("paths are checked at build"),
            base: base.into(),
            #[cfg(feature = "catalog")]
            catalog_part: std::sync::OnceLock::new(),
            variants: Vec::new(),
        }
    }

    /// The same cards (this one and its variants) dated `last_modified` instead.
    pub(crate) fn redated(
        &self,
        settings: &Settings,
        canonical_path: &str,
        last_modified: Option<SystemTime>,
    ) -> CardSet {
        let again = |set: &CardSet| {
            let card = set.card();
            CardSet::new(card, settings, canonical_path, &set.base, last_modified)
        };
        let mut redated = again(self);
        redated.variants = self.variants.iter().map(|v| Arc::new(again(v))).collect();
        redated
    }
}
