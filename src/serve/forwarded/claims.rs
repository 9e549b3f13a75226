//! What a proxy said of the public request, read from the header family an operator believes:
//! `Forwarded` (RFC 7239), parsed strictly, and `X-Forwarded-Proto` / `-Host` / `-Prefix`.

use http::{HeaderMap, HeaderValue};

use super::ProxyHeaders;
use crate::serve::public_url::PublicUrl;

/// What a proxy said of the public request: scheme, host (with any port), path prefix.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ProxyClaims {
    scheme: String,
    host: String,
    prefix: String,
}

impl ProxyClaims {
    /// What the headers of `family` say; `None` when nothing names a host, or when a
    /// believed `Forwarded` header is not RFC 7239 (nothing in it is believed then, and
    /// nothing of the other family either: the request gets the default variant).
    pub(super) fn from_headers(headers: &HeaderMap, family: ProxyHeaders) -> Option<ProxyClaims> {
        let (mut scheme, mut host) = (None, None);
        let forwarded = matches!(family, ProxyHeaders::Forwarded | ProxyHeaders::Both);
        let x_forwarded = matches!(family, ProxyHeaders::XForwarded | ProxyHeaders::Both);
        if forwarded && headers.contains_key(http::header::FORWARDED) {
            for (name, value) in last_element(headers)? {
                match name.as_str() {
                    "proto" => scheme = Some(value),
                    "host" => host = Some(value),
                    _ => {}
                }
            }
        }
        let x = |name| x_forwarded.then(|| last_member(headers, name)).flatten();
        let scheme = scheme
            .or_else(|| x("x-forwarded-proto"))
            .unwrap_or_else(|| "http".to_owned());
        let host = host
            .or_else(|| x("x-forwarded-host"))
            .or_else(|| text(headers.get(http::header::HOST)?).map(str::to_owned))?;
        let prefix = x("x-forwarded-prefix").unwrap_or_default();
        Some(ProxyClaims {
            scheme: scheme.to_ascii_lowercase(),
            host: host.to_ascii_lowercase(),
            prefix: prefix.trim_end_matches('/').to_owned(),
        })
    }

    /// Whether this is exactly `origin` (its default port left out or given).
    pub(super) fn is(&self, origin: &PublicUrl) -> bool {
        let (scheme, authority, path) = origin.parts();
        let default = if scheme == "https" { ":443" } else { ":80" };
        let host = self.host.strip_suffix(default).unwrap_or(&self.host);
        self.scheme == scheme && host == authority && self.prefix == path
    }
}

/// The last comma-separated member of the last line of `name`, trimmed; `None` when absent,
/// empty or not text. The last line and member are the nearest proxy's: a proxy that appends
/// rather than replaces puts its own after the client's.
fn last_member(headers: &HeaderMap, name: &str) -> Option<String> {
    let line = text(headers.get_all(name).iter().next_back()?)?;
    let member = line.rsplit(',').next()?.trim();
    (!member.is_empty()).then(|| member.to_owned())
}

fn text(value: &HeaderValue) -> Option<&str> {
    value.to_str().ok()
}

/// The pairs of the last (the nearest proxy's) non-empty element of every `Forwarded` line
/// read as one list: names lower-cased, values unquoted. `None` when any of it is not RFC 7239
/// §4 (`forwarded-pair = token "=" value`, `value = token / quoted-string`, elements split by
/// `,` and pairs by `;`, whitespace around those allowed) or an element repeats a parameter
/// (§4: "Each parameter MUST NOT occur more than once per forwarded-element"), names compared
/// without case: a header that is not what a proxy writes is not believed at all.
fn last_element(headers: &HeaderMap) -> Option<Vec<(String, String)>> {
    let mut last = Vec::new();
    for line in headers.get_all(http::header::FORWARDED) {
        let mut scanner = Scanner(text(line)?.as_bytes());
        loop {
            let element = scanner.element()?;
            if !element.is_empty() {
                last = element;
            }
            if !scanner.separator(b',') {
                break;
            }
        }
        if !scanner.0.is_empty() {
            return None;
        }
    }
    Some(last)
}

/// The unread rest of a `Forwarded` line.
struct Scanner<'a>(&'a [u8]);

impl Scanner<'_> {
    /// One element's pairs (none for an empty element); `None` when malformed or a name
    /// repeats.
    fn element(&mut self) -> Option<Vec<(String, String)>> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        loop {
            self.skip_whitespace();
            if !matches!(self.0.first(), None | Some(b',' | b';')) {
                let name = self.token()?.to_ascii_lowercase();
                if self.0.first() != Some(&b'=') {
                    return None;
                }
                self.0 = &self.0[1..];
                let value = match self.0.first() {
                    Some(b'"') => self.quoted()?,
                    _ => self.token()?,
                };
                if pairs.iter().any(|(seen, _)| *seen == name) {
                    return None;
                }
                pairs.push((name, value));
                self.skip_whitespace();
            }
            if !self.separator(b';') {
                return Some(pairs);
            }
        }
    }

    /// Consumes `byte` (after any whitespace) if it is next.
    fn separator(&mut self, byte: u8) -> bool {
        self.skip_whitespace();
        let found = self.0.first() == Some(&byte);
        if found {
            self.0 = &self.0[1..];
        }
        found
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t') = self.0.first() {
            self.0 = &self.0[1..];
        }
    }

    /// A token (RFC 9110 §5.6.2): one or more tchars.
    fn token(&mut self) -> Option<String> {
        let end = self
            .0
            .iter()
            .position(|&b| !is_tchar(b))
            .unwrap_or(self.0.len());
        let (token, rest) = self.0.split_at(end);
        self.0 = rest;
        (!token.is_empty()).then(|| String::from_utf8_lossy(token).into_owned())
    }

    /// A quoted string (RFC 9110 §5.6.4), unescaped; the scanner is at its opening quote.
    fn quoted(&mut self) -> Option<String> {
        let mut value = Vec::new();
        let mut rest = self.0.get(1..)?.iter();
        loop {
            match *rest.next()? {
                b'"' => break,
                b'\\' => value.push(*rest.next().filter(|&&b| b >= b' ' || b == b'\t')?),
                b if b >= b' ' || b == b'\t' => value.push(b),
                _ => return None,
            }
        }
        self.0 = rest.as_slice();
        String::from_utf8(value).ok()
    }
}

/// `tchar` of RFC 9110 §5.6.2.
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}
