//! Content codings (RFC 9110 §8.4.1): the gzip and brotli bytes of a representation, built
//! once with it, and the choice among them by `Accept-Encoding` (§12.5.3). Shared by the
//! public-card layer and the extended-card layer.
//!
//! A request that accepts nothing we have, not even identity (`identity;q=0`, `*;q=0`), gets
//! the identity bytes anyway: RFC 9110 §12.1 lets a server disregard a preference rather than
//! answer 406, and a public card that some client cannot read is worse than one it did not ask
//! for in that form.

// Without the feature nothing is ever encoded: the offer is always empty and the coding
// machinery below is never reached (it stays compiled so both builds share one code path).
#![cfg_attr(not(feature = "compression"), allow(dead_code))]

use http::HeaderMap;
use http::header::ACCEPT_ENCODING;

use super::conditional::VaryingHeaders;

/// One representation in every content coding it is sent in: the identity, and (feature
/// `compression`, when precompression is on) brotli and gzip, each only when its bytes are
/// smaller than the identity's. Everything is built here, once; a request only picks one.
#[derive(Debug)]
pub(crate) struct Encodings<T> {
    identity: T,
    /// Brotli before gzip: on equal weights the first wins, and brotli is the smaller.
    encoded: Vec<(Coding, T)>,
}

impl<T> Encodings<T> {
    /// Encodes `identity` (when `precompress`) and makes each form served with `make`, given
    /// the bytes and their `Content-Encoding` (`None` for identity).
    pub(crate) fn new(
        identity: Vec<u8>,
        precompress: bool,
        mut make: impl FnMut(Vec<u8>, Option<&'static str>) -> T,
    ) -> Self {
        #[cfg(feature = "compression")]
        let encoded = match precompress {
            false => Vec::new(),
            true => {
                let [brotli, gzip] = encode_both(&identity);
                [(Coding::Brotli, brotli), (Coding::Gzip, gzip)]
                    .into_iter()
                    // Not smaller: the identity bytes serve that client better.
                    .filter(|(_, bytes)| bytes.len() < identity.len())
                    .map(|(coding, bytes)| (coding, make(bytes, Some(coding.name()))))
                    .collect()
            }
        };
        #[cfg(not(feature = "compression"))]
        let encoded = {
            let _ = precompress;
            Vec::new()
        };
        Encodings {
            identity: make(identity, None),
            encoded,
        }
    }

    /// The identity form (what validators such as `CardHandle::etag` name).
    pub(crate) fn identity(&self) -> &T {
        &self.identity
    }

    /// The form this request prefers (see [`select`]); `asks` is [`VaryingHeaders::of`] its headers.
    pub(crate) fn select(&self, request: &HeaderMap, asks: VaryingHeaders) -> &T {
        // No codings offered, or (most card fetches: SDK resolvers, curl) none asked for.
        if self.encoded.is_empty() || !asks.coding {
            return &self.identity;
        }
        let offered = self.encoded.iter().map(|(coding, _)| *coding);
        match select(request, offered) {
            Some(index) => &self.encoded[index].1,
            None => &self.identity,
        }
    }
}

/// A content coding the layers send besides identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Coding {
    Brotli,
    Gzip,
}

/// Encoder settings fixed by the length of the input alone: every replica with the same crate
/// versions (and features) makes the same bytes from the same input, so the same ETags.
/// Encoding happens once per representation, so a card (or any body up to
/// [`LARGE_BODY`]) gets gzip's best level and brotli 10, not 11: 11 took three times as long
/// on a 10 KB card (15 ms against 5 ms, release build) for 2% fewer bytes, and an extended
/// card may have 128 renderings. Brotli 10 costs about 3 ms for any card (mostly setting the
/// encoder up; gzip 9 takes 0.1 ms): most of a tenant's build, 15 s of the start of 10,000
/// tenants on 2 cores. Brotli 4 would take 0.05 ms for 20% more bytes (825 against 688 for a
/// 2.5 KB card); the smaller bytes are kept, as every request for the card sends them.
const GZIP_LEVEL: u32 = 9;
/// "Unknown" operating system in the gzip header (RFC 1952 §2.3.1), whatever we run on.
const GZIP_OS_UNKNOWN: u8 = 255;
const BROTLI_QUALITY: i32 = 10;
/// Brotli's largest (and default) window, 2^22 bytes. A smaller input gets the smallest
/// window that holds it (at least 2^10, so never a different result for lack of reach).
const BROTLI_WINDOW_LOG: i32 = 22;
/// A body this long or longer (an AI Catalog of about a hundred cards and up) gets brotli 4,
/// and its two codings are built in parallel: a catalog is encoded again whenever any card
/// changes. Measured on a catalog of 10,000 entries (6.7 MB, release build, this 2-core
/// machine): brotli 10 took seconds per swap; brotli 4 took 71 ms for 69.6 KB, smaller and
/// faster than brotli 5 (172 ms, 81.5 KB) or 6 (208 ms, 81.4 KB) on such repetitive JSON;
/// gzip 9 took 88 ms (gzip 6: 82 ms, the same size), so gzip keeps its best level.
const LARGE_BODY: usize = 64 * 1024;
const BROTLI_QUALITY_LARGE: i32 = 4;

/// The brotli and gzip encodings of `identity`; a large body's two at once.
#[cfg(feature = "compression")]
fn encode_both(identity: &[u8]) -> [Vec<u8>; 2] {
    if identity.len() < LARGE_BODY {
        return [
            Coding::Brotli.encode(identity),
            Coding::Gzip.encode(identity),
        ];
    }
    std::thread::scope(|scope| {
        let gzip = scope.spawn(|| Coding::Gzip.encode(identity));
        let brotli = Coding::Brotli.encode(identity);
        let gzip = gzip
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        [brotli, gzip]
    })
}

impl Coding {
    /// Its `Content-Encoding` token.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    #[cfg(feature = "compression")]
    fn encode(self, bytes: &[u8]) -> Vec<u8> {
        use std::io::Write;
        match self {
            Coding::Gzip => {
                // mtime 0 and no file name: nothing in the header depends on when or where.
                let mut encoder = flate2::GzBuilder::new()
                    .mtime(0)
                    .operating_system(GZIP_OS_UNKNOWN)
                    .write(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
                encoder
                    .write_all(bytes)
                    .expect("writing to a Vec cannot fail");
                encoder.finish().expect("writing to a Vec cannot fail")
            }
            Coding::Brotli => {
                let quality = match bytes.len() < LARGE_BODY {
                    true => BROTLI_QUALITY,
                    false => BROTLI_QUALITY_LARGE,
                };
                // The smallest window holding the whole input: ceil(log2(len)), 10 to 22.
                let fits = usize::BITS - bytes.len().saturating_sub(1).leading_zeros();
                let lgwin = (fits as i32).clamp(10, BROTLI_WINDOW_LOG);
                let params = brotli::enc::BrotliEncoderParams {
                    quality,
                    lgwin,
                    size_hint: bytes.len(),
                    ..Default::default()
                };
                let mut out = Vec::new();
                brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)
                    .expect("writing to a Vec cannot fail");
                out
            }
        }
    }
}

/// Weights in thousandths (`q=0.5` is 500).
type Weight = u16;

/// Which of `offered` (in order of preference on equal weights) to send, by the request's
/// `Accept-Encoding`; `None` for identity. The highest weight wins and a coding beats identity
/// on equal weights (it is smaller). No header, an empty one, or no offered coding with a
/// weight above 0 gives identity. A coding's weight is its own member's, else `*`'s;
/// identity's is its own, else `*`'s, else none (it is then only what is left). Members are
/// read across every header line; a member named twice keeps its highest weight; a member
/// whose weight is malformed is ignored as if absent.
pub(crate) fn select(request: &HeaderMap, offered: impl Iterator<Item = Coding>) -> Option<usize> {
    let weights = Weights::of(request);
    let mut best: Option<(usize, Weight)> = None;
    for (index, coding) in offered.enumerate() {
        let weight = match coding {
            Coding::Brotli => weights.brotli,
            Coding::Gzip => weights.gzip,
        };
        let weight = weight.or(weights.any).unwrap_or(0);
        if weight > 0 && best.is_none_or(|(_, w)| weight > w) {
            best = Some((index, weight));
        }
    }
    let (index, weight) = best?;
    (weight >= weights.identity.or(weights.any).unwrap_or(0)).then_some(index)
}

/// The weight each member of `Accept-Encoding` that matters to us was given, in one pass over
/// its lines; `None` where no member named it.
#[derive(Default)]
struct Weights {
    any: Option<Weight>,
    identity: Option<Weight>,
    brotli: Option<Weight>,
    gzip: Option<Weight>,
}

impl Weights {
    fn of(request: &HeaderMap) -> Self {
        let mut weights = Weights::default();
        for line in request.get_all(ACCEPT_ENCODING) {
            for member in line.as_bytes().split(|&b| b == b',') {
                let mut parts = member.split(|&b| b == b';');
                let token = parts.next().unwrap_or_default().trim_ascii();
                let slot = if token == b"*" {
                    &mut weights.any
                } else if token.eq_ignore_ascii_case(b"identity") {
                    &mut weights.identity
                } else if token.eq_ignore_ascii_case(b"br") {
                    &mut weights.brotli
                } else if token.eq_ignore_ascii_case(b"gzip")
                    || token.eq_ignore_ascii_case(b"x-gzip")
                {
                    // x-gzip: RFC 9110 §8.4.1.3.
                    &mut weights.gzip
                } else {
                    continue;
                };
                if let Some(q) = member_weight(parts) {
                    *slot = Some(slot.map_or(q, |w| w.max(q)));
                }
            }
        }
        weights
    }
}

/// The weight of one member from its parameters: none means 1; exactly `q=qvalue` (`q` in
/// either case, RFC 9110 §12.4.2) gives it; anything else is malformed.
fn member_weight<'a>(mut parameters: impl Iterator<Item = &'a [u8]>) -> Option<Weight> {
    let Some(parameter) = parameters.next() else {
        return Some(1000);
    };
    if parameters.next().is_some() {
        return None;
    }
    let parameter = parameter.trim_ascii();
    let value = parameter
        .strip_prefix(b"q=")
        .or_else(|| parameter.strip_prefix(b"Q="))?;
    qvalue(value)
}

/// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths.
fn qvalue(value: &[u8]) -> Option<Weight> {
    let (whole, fraction) = match value.iter().position(|&b| b == b'.') {
        Some(dot) => (&value[..dot], &value[dot + 1..]),
        None => (value, &b""[..]),
    };
    if fraction.len() > 3 || !fraction.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut thousandths: Weight = 0;
    for (i, digit) in fraction.iter().enumerate() {
        thousandths += Weight::from(digit - b'0') * [100, 10, 1][i];
    }
    match whole {
        b"0" => Some(thousandths),
        b"1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    const BOTH: [Coding; 2] = [Coding::Brotli, Coding::Gzip];

    /// What a request with these `Accept-Encoding` lines gets when `offered` are available.
    fn chosen(lines: &[&[u8]], offered: &[Coding]) -> &'static str {
        let mut request = HeaderMap::new();
        for line in lines {
            request.append(ACCEPT_ENCODING, HeaderValue::from_bytes(line).unwrap());
        }
        match select(&request, offered.iter().copied()) {
            Some(index) => offered[index].name(),
            None => "identity",
        }
    }

    #[test]
    fn weights_wildcards_aliases_and_ties() {
        let cases: &[(&[&[u8]], &str)] = &[
            (&[], "identity"),
            (&[b""], "identity"),
            (&[b"gzip"], "gzip"),
            (&[b"gzip, br"], "br"),
            (&[b"br;q=0.5, gzip"], "gzip"),
            (&[b"br;q=0.5, gzip;q=0.5"], "br"),
            (&[b"gzip;q=0.5"], "gzip"),
            (&[b"gzip;q=0.5, identity"], "identity"),
            (&[b"gzip;q=0.5, identity;q=0.5"], "gzip"),
            (&[b"gzip;q=0, br;q=0"], "identity"),
            (&[b"identity;q=0"], "identity"),
            (&[b"*;q=0"], "identity"),
            (&[b"*"], "br"),
            (&[b"*, br;q=0"], "gzip"),
            (&[b"*;q=0.3, gzip"], "gzip"),
            (&[b"*;q=0.3, identity"], "identity"),
            (&[b"x-gzip"], "gzip"),
            (&[b"X-GZIP;Q=1.000"], "gzip"),
            (&[b"GZip", b"Br ;  q=0.9"], "gzip"),
            (&[b"deflate, zstd, compress"], "identity"),
            (&[b"gzip;q=2"], "identity"),
            (&[b"gzip;q=0.5x, br;q=0.1"], "br"),
            (&[b"gzip;q=", b"br;q=.5"], "identity"),
            (&[b"gzip;q=1.5"], "identity"),
            (&[b"gzip;q=0.0001"], "identity"),
            (&[b"gzip;level=9"], "identity"),
            (&[b"gzip;q=0.5;q=0.6"], "identity"),
            (&[b"gzip;q=0.001"], "gzip"),
            (&[b"  ,, gzip ,\t"], "gzip"),
            (&[b"gzip;q=0.2, gzip;q=0.8, br;q=0.5"], "gzip"),
            (&[b"gzip;q=0", b"x-gzip;q=0.4"], "gzip"),
            (&[b"\xff\xfe, gzip"], "gzip"),
        ];
        for (lines, expected) in cases {
            assert_eq!(chosen(lines, &BOTH), *expected, "{lines:?}");
        }
        // Only what was built is offered.
        assert_eq!(chosen(&[b"br"], &[Coding::Gzip]), "identity");
        assert_eq!(chosen(&[b"br, gzip;q=0.1"], &[Coding::Gzip]), "gzip");
    }

    #[test]
    fn qvalues() {
        for (text, value) in [
            ("0", 0),
            ("0.", 0),
            ("0.5", 500),
            ("0.05", 50),
            ("0.123", 123),
        ] {
            assert_eq!(qvalue(text.as_bytes()), Some(value), "{text}");
        }
        for text in ["1", "1.", "1.0", "1.000"] {
            assert_eq!(qvalue(text.as_bytes()), Some(1000), "{text}");
        }
        for text in [
            "", ".5", "1.001", "0.1234", "2", "-0", "0.5 ", "+1", "01", "1e0",
        ] {
            assert_eq!(qvalue(text.as_bytes()), None, "{text}");
        }
    }

    #[cfg(feature = "compression")]
    #[test]
    fn encodings_skip_what_is_not_smaller_and_decode_back() {
        use std::io::Read;
        let tiny = Encodings::new(b"{}".to_vec(), true, |bytes, coding| (bytes, coding));
        assert!(tiny.encoded.is_empty(), "two bytes never shrink");
        let text = br#"{"name":"x","skills":[{"id":"a"},{"id":"a"},{"id":"a"}]}"#.repeat(20);
        let all = Encodings::new(text.clone(), true, |bytes, coding| (bytes, coding));
        assert_eq!(all.identity(), &(text.clone(), None));
        let names: Vec<_> = all.encoded.iter().map(|(c, _)| c.name()).collect();
        assert_eq!(names, ["br", "gzip"]);
        let mut gunzipped = Vec::new();
        flate2::read::GzDecoder::new(&all.encoded[1].1.0[..])
            .read_to_end(&mut gunzipped)
            .unwrap();
        assert_eq!(gunzipped, text);
        let mut unbrotlied = Vec::new();
        brotli::Decompressor::new(&all.encoded[0].1.0[..], 4096)
            .read_to_end(&mut unbrotlied)
            .unwrap();
        assert_eq!(unbrotlied, text);
        // The gzip header: no mtime, no name, OS "unknown".
        assert_eq!(
            &all.encoded[1].1.0[..10],
            b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
        );
        let off = Encodings::new(text, false, |bytes, coding| (bytes, coding));
        assert!(off.encoded.is_empty());
    }
}
