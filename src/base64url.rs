//! Base64url (RFC 4648 §5), the one encoder and decoder of the crate: card signatures
//! (`sign`) and bearer JWTs (`security::jwt`). Encoding never pads, as JWS writes it.
//! Decoding says at each call how it treats trailing `=` ([`Padding`]); everything else is
//! the same for both: only the URL-safe alphabet (`-` and `_`, never `+` or `/`), no
//! whitespace, and no stray bits in the last character (each text has one decoding).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// How a decoder treats `=` at the end of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Padding {
    /// Refused: the unpadded form JWS compact serialization requires (RFC 7515 §2), so a
    /// token has one spelling.
    #[cfg_attr(not(feature = "jwt"), allow(dead_code))] // JWTs only
    Forbidden,
    /// Removed before decoding, however many there are: some encoders of card signatures and
    /// JSON Web Keys pad, and what is read there is then verified or checked as a key.
    Ignored,
}

/// Base64url without padding.
pub(crate) fn encode(bytes: impl AsRef<[u8]>) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The bytes of base64url `text`, or `None` when it is not base64url under `padding`.
pub(crate) fn decode(text: &str, padding: Padding) -> Option<Vec<u8>> {
    let text = match padding {
        Padding::Forbidden => text,
        Padding::Ignored => text.trim_end_matches('='),
    };
    URL_SAFE_NO_PAD.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [Padding; 2] = [Padding::Forbidden, Padding::Ignored];

    #[test]
    fn encoding_uses_the_url_alphabet_without_padding() {
        assert_eq!(encode(b"\xfb\xff"), "-_8");
        assert_eq!(encode(b"a"), "YQ");
        assert_eq!(encode(b""), "");
        for padding in BOTH {
            assert_eq!(decode("-_8", padding).unwrap(), b"\xfb\xff");
            assert_eq!(decode("YQ", padding).unwrap(), b"a");
            assert_eq!(decode("", padding).unwrap(), b"");
        }
    }

    #[test]
    fn forbidden_padding_refuses_every_equals_sign() {
        for padded in ["YQ=", "YQ==", "YWI=", "YWJj=", "="] {
            assert_eq!(decode(padded, Padding::Forbidden), None, "{padded}");
        }
    }

    #[test]
    fn ignored_padding_removes_any_number_of_trailing_equals_signs() {
        assert_eq!(decode("YQ==", Padding::Ignored).unwrap(), b"a");
        assert_eq!(decode("YQ=", Padding::Ignored).unwrap(), b"a");
        assert_eq!(decode("YWI=", Padding::Ignored).unwrap(), b"ab");
        assert_eq!(decode("YWJj====", Padding::Ignored).unwrap(), b"abc");
        assert_eq!(decode("==", Padding::Ignored).unwrap(), b"");
        // Only at the end: an `=` inside the text is not base64url.
        assert_eq!(decode("YQ==YQ", Padding::Ignored), None);
        assert_eq!(decode("=YQ", Padding::Ignored), None);
    }

    #[test]
    fn both_refuse_the_standard_alphabet_whitespace_and_stray_bits() {
        for padding in BOTH {
            // `+` and `/` are the standard alphabet's 62 and 63.
            assert_eq!(decode("-_8", padding).unwrap(), b"\xfb\xff");
            assert_eq!(decode("+/8", padding), None);
            assert_eq!(decode("e30+", padding), None);
            assert_eq!(decode("ab/c", padding), None);
            // Whitespace anywhere, line breaks included.
            for spaced in [" YQ", "YQ ", "Y Q", "YWJj\nYQ", "YQ\t", "YQ\r\n"] {
                assert_eq!(decode(spaced, padding), None, "{spaced:?}");
            }
            // "YQ" is the one spelling of "a": "YR" differs only in bits that fall off.
            assert_eq!(decode("YR", padding), None);
            assert_eq!(decode("YWJ", padding), None);
            assert_eq!(decode("YWI", padding).unwrap(), b"ab");
            // A single character is never whole bytes.
            assert_eq!(decode("Y", padding), None);
        }
        // Padding removed does not make stray bits acceptable.
        assert_eq!(decode("YR==", Padding::Ignored), None);
        // Whitespace after the padding is not padding.
        assert_eq!(decode("YQ== ", Padding::Ignored), None);
    }
}
