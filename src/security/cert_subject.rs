//! The common name of a certificate's subject, for logs and `AuthContext`
//! ([`ClientCertificate::from_der`](super::ClientCertificate::from_der)): webpki (rustls's
//! own parser) finds the subject; a small DER walk finds the CN inside it. Anything unusual
//! (a length form DER forbids, a string type other than UTF-8, printable, IA5 or BMP, a
//! control character) gives `None`, never a panic: the subject is informative, the
//! certificate itself is what was verified.

use rustls_pki_types::CertificateDer;

/// The DER of the attribute type id-at-commonName (2.5.4.3), without tag and length.
const COMMON_NAME: &[u8] = &[0x55, 0x04, 0x03];

const SET: u8 = 0x31;
const SEQUENCE: u8 = 0x30;
const OID: u8 = 0x06;
const UTF8_STRING: u8 = 0x0c;
const PRINTABLE_STRING: u8 = 0x13;
const IA5_STRING: u8 = 0x16;
const BMP_STRING: u8 = 0x1e;

/// `CN=<value>` for the first common name of the certificate's subject.
pub(super) fn common_name(certificate: &CertificateDer<'_>) -> Option<String> {
    let parsed = webpki::EndEntityCert::try_from(certificate).ok()?;
    // The subject's content: a sequence of relative distinguished names (SETs).
    let mut names = parsed.subject();
    while !names.is_empty() {
        let (set, rest) = element(names, SET)?;
        names = rest;
        let mut attributes = set;
        while !attributes.is_empty() {
            let (attribute, rest) = element(attributes, SEQUENCE)?;
            attributes = rest;
            let (kind, value) = element(attribute, OID)?;
            if kind == COMMON_NAME {
                return text(value).map(|cn| format!("CN={cn}"));
            }
        }
    }
    None
}

/// A directory string as text.
fn text(value: &[u8]) -> Option<String> {
    let (&tag, _) = value.split_first()?;
    let (content, rest) = element(value, tag)?;
    if !rest.is_empty() {
        return None;
    }
    let text = match tag {
        UTF8_STRING => std::str::from_utf8(content).ok()?.to_owned(),
        PRINTABLE_STRING | IA5_STRING if content.is_ascii() => {
            std::str::from_utf8(content).ok()?.to_owned()
        }
        BMP_STRING if content.len() % 2 == 0 => {
            let units = content
                .chunks_exact(2)
                .map(|pair| u16::from_be_bytes([pair[0], pair[1]]));
            char::decode_utf16(units)
                .collect::<Result<String, _>>()
                .ok()?
        }
        _ => return None,
    };
    (!text.chars().any(char::is_control)).then_some(text)
}

/// One DER element with tag `tag` at the start of `input`: its content and what follows.
/// Lengths up to 64 KiB (all a name needs); longer or non-minimal forms are refused.
fn element(input: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (&found, rest) = input.split_first()?;
    if found != tag {
        return None;
    }
    let (&first, rest) = rest.split_first()?;
    let (length, rest) = match first {
        0x00..=0x7f => (usize::from(first), rest),
        0x81 => {
            let (&byte, rest) = rest.split_first()?;
            (byte >= 0x80).then_some((usize::from(byte), rest))?
        }
        0x82 => {
            let (bytes, rest) = rest.split_at_checked(2)?;
            let length = usize::from(u16::from_be_bytes([bytes[0], bytes[1]]));
            (length >= 0x100).then_some((length, rest))?
        }
        _ => return None,
    };
    rest.split_at_checked(length)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certificate(params: rcgen::CertificateParams) -> CertificateDer<'static> {
        let key = rcgen::KeyPair::generate().unwrap();
        params.self_signed(&key).unwrap().der().clone()
    }

    fn with_subject(entries: &[(rcgen::DnType, rcgen::DnValue)]) -> CertificateDer<'static> {
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name = rcgen::DistinguishedName::new();
        for (kind, value) in entries {
            params.distinguished_name.push(kind.clone(), value.clone());
        }
        certificate(params)
    }

    #[test]
    fn finds_the_common_name_among_other_attributes() {
        use rcgen::{DnType, DnValue};
        let der = with_subject(&[
            (
                DnType::CountryName,
                DnValue::PrintableString("DE".try_into().unwrap()),
            ),
            (
                DnType::OrganizationName,
                DnValue::Utf8String("Routes GmbH".into()),
            ),
            (
                DnType::CommonName,
                DnValue::Utf8String("agent-client é".into()),
            ),
        ]);
        assert_eq!(common_name(&der).as_deref(), Some("CN=agent-client é"));
    }

    #[test]
    fn reads_the_string_types_names_use() {
        use rcgen::{DnType, DnValue};
        let cases = [
            (
                DnValue::PrintableString("client 1".try_into().unwrap()),
                "CN=client 1",
            ),
            (
                DnValue::Ia5String("client@example".try_into().unwrap()),
                "CN=client@example",
            ),
            (
                DnValue::BmpString("Zürich".try_into().unwrap()),
                "CN=Zürich",
            ),
        ];
        for (value, expected) in cases {
            let der = with_subject(&[(DnType::CommonName, value)]);
            assert_eq!(common_name(&der).as_deref(), Some(expected));
        }
    }

    #[test]
    fn no_common_name_or_a_control_character_gives_none() {
        use rcgen::{DnType, DnValue};
        let der = with_subject(&[(DnType::OrganizationName, DnValue::Utf8String("O".into()))]);
        assert_eq!(common_name(&der), None);
        let der = with_subject(&[(DnType::CommonName, DnValue::Utf8String("a\nb".into()))]);
        assert_eq!(common_name(&der), None);
        let der = with_subject(&[]);
        assert_eq!(common_name(&der), None);
    }

    #[test]
    fn damaged_certificates_give_none_without_panicking() {
        let der = with_subject(&[(
            rcgen::DnType::CommonName,
            rcgen::DnValue::Utf8String("x".repeat(300)),
        )]);
        assert_eq!(common_name(&der), Some(format!("CN={}", "x".repeat(300))));
        let bytes = der.to_vec();
        for end in 0..bytes.len() {
            let _ = common_name(&CertificateDer::from(bytes[..end].to_vec()));
        }
        for index in 0..bytes.len() {
            for flip in [0x01, 0x80, 0xff] {
                let mut damaged = bytes.clone();
                damaged[index] ^= flip;
                let _ = common_name(&CertificateDer::from(damaged));
            }
        }
    }

    #[test]
    fn printable_and_ia5_must_be_ascii_and_bmp_whole_code_units() {
        // The same bytes pass as UTF8String: only the string type makes them wrong.
        assert_eq!(text(&[UTF8_STRING, 2, 0xc3, 0xa9]).as_deref(), Some("é"));
        assert_eq!(text(&[PRINTABLE_STRING, 2, 0xc3, 0xa9]), None);
        assert_eq!(text(&[IA5_STRING, 2, 0xc3, 0xa9]), None);
        assert_eq!(
            text(&[PRINTABLE_STRING, 2, b'o', b'k']).as_deref(),
            Some("ok")
        );
        assert_eq!(text(&[IA5_STRING, 2, b'o', b'k']).as_deref(), Some("ok"));
        // BMPString: two bytes per character; an odd length is damaged, not truncated.
        assert_eq!(
            text(&[BMP_STRING, 4, 0, b'O', 0, b'K']).as_deref(),
            Some("OK")
        );
        assert_eq!(text(&[BMP_STRING, 3, 0, b'O', 0]), None);
        assert_eq!(text(&[BMP_STRING, 5, 0, b'O', 0, b'K', 0]), None);
        // Another string type, and bytes after the string.
        assert_eq!(text(&[0x14, 2, b'o', b'k']), None);
        assert_eq!(text(&[UTF8_STRING, 2, b'o', b'k', 0]), None);
    }

    #[test]
    fn names_of_128_to_255_bytes_use_the_one_byte_long_form() {
        // 0x81 LL: the length of the CN and of the SET and SEQUENCE around it.
        for length in [128, 200, 240] {
            let cn = "y".repeat(length);
            let der = with_subject(&[(
                rcgen::DnType::CommonName,
                rcgen::DnValue::Utf8String(cn.clone()),
            )]);
            assert_eq!(common_name(&der), Some(format!("CN={cn}")), "{length}");
        }
        let mut long = vec![0x04, 0x81, 0x80];
        long.extend([7; 0x80]);
        long.push(9);
        assert_eq!(element(&long, 0x04), Some((&[7; 0x80][..], &[9][..])));
        assert_eq!(element(&long[..long.len() - 2], 0x04), None);
    }

    #[test]
    fn der_lengths_must_be_minimal() {
        assert_eq!(element(&[0x04, 0x01, 7], 0x04), Some((&[7][..], &[][..])));
        assert_eq!(element(&[0x04, 0x81, 0x01, 7], 0x04), None);
        assert_eq!(element(&[0x04, 0x82, 0x00, 0x01, 7], 0x04), None);
        assert_eq!(element(&[0x04, 0x02, 7], 0x04), None);
        assert_eq!(element(&[0x05, 0x01, 7], 0x04), None);
        assert_eq!(element(&[0x04, 0x83, 0, 0, 1, 7], 0x04), None);
    }
}
