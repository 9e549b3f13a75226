//! A trust manifest's `sourceDigest`: `algorithm:hex` of the bytes a card URL serves.

use sha2::{Digest, Sha256, Sha384, Sha512};

/// The `sourceDigest` this crate writes for `bytes`: `sha256:` and the lowercase hex of their
/// SHA-256 (what `AgentCardLayerBuilder::sign_with` puts in each entry's manifest).
///
/// ```
/// assert_eq!(
///     a2a_card::catalog::sha256_source_digest(b"abc"),
///     "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
pub fn sha256_source_digest(bytes: &[u8]) -> String {
    format!("sha256:{}", lowercase_hex(&Sha256::digest(bytes)))
}

/// The lowercase hex digest of `bytes` under a `sourceDigest`'s `algorithm` (`sha256`,
/// `sha384` or `sha512`, any case); `None` for an algorithm not computed here.
///
/// ```
/// use a2a_card::catalog::digest_hex;
///
/// let named = "SHA256:BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD";
/// let (algorithm, hex) = named.split_once(':').unwrap();
/// assert_eq!(digest_hex(algorithm, b"abc").as_deref(), Some(hex.to_ascii_lowercase().as_str()));
/// assert_eq!(digest_hex("sha384", b"abc").map(|h| h.len()), Some(96));
/// assert_eq!(digest_hex("md5", b"abc"), None);
/// ```
pub fn digest_hex(algorithm: &str, bytes: &[u8]) -> Option<String> {
    let digest = match algorithm.to_ascii_lowercase().as_str() {
        "sha256" => Sha256::digest(bytes).to_vec(),
        "sha384" => Sha384::digest(bytes).to_vec(),
        "sha512" => Sha512::digest(bytes).to_vec(),
        _ => return None,
    };
    Some(lowercase_hex(&digest))
}

fn lowercase_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-2's "abc" vectors, one per algorithm, so a swapped hasher shows.
    #[test]
    fn each_algorithm_gives_its_own_digest() {
        let sha384 = "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed\
                      8086072ba1e7cc2358baeca134c825a7";
        let sha512 = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
                      2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
        assert_eq!(digest_hex("sha384", b"abc").unwrap(), sha384);
        assert_eq!(digest_hex("Sha512", b"abc").unwrap(), sha512);
        assert_eq!(
            digest_hex("sha256", b"abc").unwrap(),
            sha256_source_digest(b"abc")
                .strip_prefix("sha256:")
                .unwrap()
        );
        for unknown in ["sha1", "sha-256", "", "sha256 "] {
            assert_eq!(digest_hex(unknown, b"abc"), None, "{unknown:?}");
        }
    }
}
