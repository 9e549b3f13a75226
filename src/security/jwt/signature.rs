//! Token signatures, checked with ring: a JWT is checked on every request that brings a new
//! one, and ring's P-256 and RSA verification is several times faster than RustCrypto's
//! (benches/README.md, "JWT verification"). Ed25519 stays on ed25519-dalek's
//! `verify_strict`: as fast as ring's here, and it also refuses the small-order keys and
//! points RFC 8032 lets through. Key loading and card signatures stay on RustCrypto
//! (`crate::sign`); this module only turns a loaded key into ring's form once, when the key
//! set is read.

use ring::signature::{
    ECDSA_P256_SHA256_FIXED, RSA_PKCS1_2048_8192_SHA256, RSA_PSS_2048_8192_SHA256,
    RsaPublicKeyComponents, UnparsedPublicKey,
};
use sha2::{Digest as _, Sha256};

use crate::sign::material::RawPublicKey;
use crate::sign::{Algorithm, TrustedKey};

/// The SHA-256 of a key's algorithm and public key bytes: which key verified a cached token.
pub(crate) type KeyFingerprint = [u8; 32];

/// A trusted key ready to check token signatures of its one algorithm.
#[derive(Clone)]
pub(crate) struct TokenKey {
    check: Check,
    fingerprint: KeyFingerprint,
}

#[derive(Clone)]
enum Check {
    /// The uncompressed SEC1 point.
    Es256(Vec<u8>),
    /// RustCrypto's key (see the module docs), boxed: it is several times the others' size.
    EdDsa(Box<TrustedKey>),
    Rs256 {
        n: Vec<u8>,
        e: Vec<u8>,
    },
    Ps256 {
        n: Vec<u8>,
        e: Vec<u8>,
    },
}

impl TokenKey {
    pub(crate) fn new(key: &TrustedKey) -> Self {
        let raw = key.raw_public();
        let mut hash = Sha256::new();
        hash.update(key.algorithm().as_str());
        hash.update([0]);
        let check = match (key.algorithm(), raw) {
            (Algorithm::Es256, RawPublicKey::P256(point)) => {
                hash.update(&point);
                Check::Es256(point)
            }
            (Algorithm::Rs256 | Algorithm::Ps256, RawPublicKey::Rsa { n, e }) => {
                hash.update(&n);
                hash.update([0]);
                hash.update(&e);
                match key.algorithm() {
                    Algorithm::Rs256 => Check::Rs256 { n, e },
                    _ => Check::Ps256 { n, e },
                }
            }
            (_, raw) => {
                // EdDSA; a TrustedKey's algorithm always suits its key type, so nothing else
                // reaches here, and if it did the dalek path refuses every signature.
                if let RawPublicKey::Ed25519(bytes) = raw {
                    hash.update(bytes);
                }
                Check::EdDsa(Box::new(key.clone()))
            }
        };
        TokenKey {
            check,
            fingerprint: hash.finalize().into(),
        }
    }

    /// The algorithm this key checks.
    pub(crate) fn algorithm(&self) -> Algorithm {
        match &self.check {
            Check::Es256(_) => Algorithm::Es256,
            Check::EdDsa(key) => key.algorithm(),
            Check::Rs256 { .. } => Algorithm::Rs256,
            Check::Ps256 { .. } => Algorithm::Ps256,
        }
    }

    pub(crate) fn fingerprint(&self) -> &KeyFingerprint {
        &self.fingerprint
    }

    /// Whether `signature` is this key's signature of `message` (ES256 as the 64-byte
    /// `R || S` of RFC 7518 §3.4; PS256 with a 32-byte salt, RFC 7518 §3.5).
    pub(crate) fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        match &self.check {
            Check::Es256(point) => UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, point)
                .verify(message, signature)
                .is_ok(),
            Check::EdDsa(key) => key.verifies(message, signature),
            Check::Rs256 { n, e } => RsaPublicKeyComponents { n, e }
                .verify(&RSA_PKCS1_2048_8192_SHA256, message, signature)
                .is_ok(),
            Check::Ps256 { n, e } => RsaPublicKeyComponents { n, e }
                .verify(&RSA_PSS_2048_8192_SHA256, message, signature)
                .is_ok(),
        }
    }
}

impl std::fmt::Debug for TokenKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenKey")
            .field("algorithm", &format_args!("{}", self.algorithm()))
            .finish_non_exhaustive()
    }
}
