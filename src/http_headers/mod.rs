//! Reading header values that both sides of an exchange need: the middleware reads what
//! clients send back (`If-None-Match`, `If-Modified-Since`), the audit reads what servers
//! send (`ETag`, `Last-Modified`). One parser each, so both agree on what is valid.

// Each feature uses its own part: the middleware reads lists, the audit single values.
#![cfg_attr(not(all(feature = "serve", feature = "check")), allow(dead_code))]

pub(crate) mod entity_tag;
pub(crate) mod http_date;
