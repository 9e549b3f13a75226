//! Key material and the signature primitives, one enum arm per key type. Everything that
//! touches RustCrypto types is here, so the rest of the module speaks only of
//! [`Algorithm`]s, JWKs and bytes.

use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey};
use p256::ecdsa::signature::{Signer, Verifier};
use p256::pkcs8::LineEnding;
use p256::pkcs8::der::pem;
use rsa::BoxedUint;
use rsa::traits::PublicKeyParts;

use super::algorithm::Algorithm;
use super::error::KeyError;
use super::jwk::Jwk;
use crate::base64url::{self, Padding};

/// RFC 7518 §3.3 and §3.5: RSA keys for RS256 and PS256 MUST be at least 2048 bits.
pub(crate) const MIN_RSA_BITS: usize = 2048;

/// The supported key types; which algorithms each can serve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyType {
    P256,
    Ed25519,
    Rsa,
}

impl KeyType {
    pub(crate) fn supports(self, algorithm: Algorithm) -> bool {
        match self {
            KeyType::P256 => algorithm == Algorithm::Es256,
            KeyType::Ed25519 => algorithm == Algorithm::EdDsa,
            KeyType::Rsa => algorithm.uses_rsa(),
        }
    }

    /// The algorithm a key of this type signs with unless told otherwise; RSA keys default
    /// to RS256, the one every JOSE library has.
    pub(crate) fn natural_algorithm(self) -> Algorithm {
        match self {
            KeyType::P256 => Algorithm::Es256,
            KeyType::Ed25519 => Algorithm::EdDsa,
            KeyType::Rsa => Algorithm::Rs256,
        }
    }

    /// What kind of key this is, for messages.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            KeyType::P256 => "a P-256 key",
            KeyType::Ed25519 => "an Ed25519 key",
            KeyType::Rsa => "an RSA key",
        }
    }
}

/// A private key of one of the supported types.
pub(crate) enum PrivateMaterial {
    P256(p256::ecdsa::SigningKey),
    Ed25519(ed25519_dalek::SigningKey),
    Rsa(Box<rsa::PrivateKey>),
}

/// A public key of one of the supported types.
#[derive(Clone, PartialEq)]
pub(crate) enum PublicMaterial {
    P256(p256::ecdsa::VerifyingKey),
    Ed25519(ed25519_dalek::VerifyingKey),
    Rsa(Box<rsa::PublicKey>),
}

/// A public key's bytes (see [`PublicMaterial::raw`]).
#[cfg(feature = "jwt")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RawPublicKey {
    /// The uncompressed SEC1 point: `04 || x || y`, 65 bytes.
    P256(Vec<u8>),
    /// The 32-byte public key (RFC 8032 §5.1.5).
    Ed25519([u8; 32]),
    /// Modulus and public exponent, big-endian without leading zeros.
    Rsa { n: Vec<u8>, e: Vec<u8> },
}

impl PrivateMaterial {
    /// A fresh key for `algorithm` from the operating system's random number generator.
    pub(crate) fn generate(algorithm: Algorithm) -> Result<Self, KeyError> {
        use rsa::Generate;
        let random = |e: getrandom::Error| KeyError::Random(e.to_string());
        Ok(match algorithm {
            Algorithm::Es256 => {
                Self::P256(p256::ecdsa::SigningKey::try_generate().map_err(random)?)
            }
            Algorithm::EdDsa => {
                // An Ed25519 private key is 32 random bytes (RFC 8032 §5.1.5).
                let mut seed = [0u8; 32];
                getrandom::fill(&mut seed).map_err(random)?;
                Self::Ed25519(ed25519_dalek::SigningKey::from_bytes(&seed))
            }
            Algorithm::Rs256 | Algorithm::Ps256 => {
                let key = rsa::PrivateKey::new(&mut getrandom::SysRng, MIN_RSA_BITS)
                    .map_err(|e| KeyError::Random(e.to_string()))?;
                Self::Rsa(Box::new(key))
            }
        })
    }

    /// Reads an unencrypted PKCS#8 PEM private key (`-----BEGIN PRIVATE KEY-----`).
    pub(crate) fn from_pkcs8_pem(text: &str) -> Result<Self, KeyError> {
        let label = pem::decode_label(text.as_bytes())
            .map_err(|_| KeyError::Pem("not a PEM document".to_owned()))?;
        let hint = match label {
            "PRIVATE KEY" => None,
            "ENCRYPTED PRIVATE KEY" => Some(
                "the key is encrypted; decrypt it first \
                 (openssl pkcs8 -in KEY -out PLAIN.pem)",
            ),
            "EC PRIVATE KEY" | "RSA PRIVATE KEY" => Some(
                "this is a SEC1/PKCS#1 key; convert it to PKCS#8 \
                 (openssl pkcs8 -topk8 -nocrypt -in KEY -out PKCS8.pem)",
            ),
            "PUBLIC KEY" => Some("this is a public key; signing needs the private key"),
            _ => Some("expected -----BEGIN PRIVATE KEY----- (PKCS#8)"),
        };
        if let Some(hint) = hint {
            return Err(KeyError::Pem(format!("PEM label {label:?}: {hint}")));
        }
        if let Ok(key) = p256::ecdsa::SigningKey::from_pkcs8_pem(text) {
            return Ok(Self::P256(key));
        }
        if let Ok(key) = ed25519_dalek::SigningKey::from_pkcs8_pem(text) {
            return Ok(Self::Ed25519(key));
        }
        if let Ok(key) = rsa::PrivateKey::from_pkcs8_pem(text) {
            check_rsa_size(key.size() * 8)?;
            return Ok(Self::Rsa(Box::new(key)));
        }
        Err(KeyError::UnsupportedKey(
            "a PKCS#8 key of a type this crate does not sign with".to_owned(),
        ))
    }

    /// Reads a private JWK (`d` and, for RSA, `p` and `q` present).
    pub(crate) fn from_jwk(jwk: &Jwk) -> Result<Self, KeyError> {
        let d = jwk.member("d", &jwk.d)?;
        match (jwk.kty.as_str(), jwk.crv.as_deref()) {
            ("EC", Some("P-256")) => {
                let key = p256::ecdsa::SigningKey::from_slice(&d)
                    .map_err(|_| KeyError::Jwk("`d` is not a P-256 private scalar".to_owned()))?;
                let material = Self::P256(key);
                material.check_public_matches(jwk)?;
                Ok(material)
            }
            ("OKP", Some("Ed25519")) => {
                let seed: [u8; 32] = d.as_slice().try_into().map_err(|_| {
                    KeyError::Jwk("`d` of an Ed25519 key must be 32 bytes".to_owned())
                })?;
                let material = Self::Ed25519(ed25519_dalek::SigningKey::from_bytes(&seed));
                material.check_public_matches(jwk)?;
                Ok(material)
            }
            ("RSA", _) => {
                let n = jwk.member("n", &jwk.n)?;
                let bits = u32::try_from(n.len() * 8).map_err(|_| bad_rsa())?;
                let number =
                    |bytes: &[u8]| BoxedUint::from_be_slice(bytes, bits).map_err(|_| bad_rsa());
                let e = jwk.member("e", &jwk.e)?;
                let p = jwk.member("p", &jwk.p)?;
                let q = jwk.member("q", &jwk.q)?;
                let e_bits = u32::try_from(e.len() * 8).map_err(|_| bad_rsa())?;
                let e = BoxedUint::from_be_slice(&e, e_bits).map_err(|_| bad_rsa())?;
                let key = rsa::PrivateKey::from_components(
                    number(&n)?,
                    e,
                    number(&d)?,
                    vec![number(&p)?, number(&q)?],
                )
                .map_err(|_| bad_rsa())?;
                check_rsa_size(key.size() * 8)?;
                Ok(Self::Rsa(Box::new(key)))
            }
            (kty, crv) => Err(unsupported_jwk(kty, crv)),
        }
    }

    pub(crate) fn key_type(&self) -> KeyType {
        match self {
            Self::P256(_) => KeyType::P256,
            Self::Ed25519(_) => KeyType::Ed25519,
            Self::Rsa(_) => KeyType::Rsa,
        }
    }

    pub(crate) fn public(&self) -> PublicMaterial {
        match self {
            Self::P256(key) => PublicMaterial::P256(*key.verifying_key()),
            Self::Ed25519(key) => PublicMaterial::Ed25519(key.verifying_key()),
            Self::Rsa(key) => PublicMaterial::Rsa(Box::new(key.to_public_key())),
        }
    }

    /// PKCS#8 PEM (LF line endings).
    pub(crate) fn to_pkcs8_pem(&self) -> Result<String, KeyError> {
        let written = match self {
            Self::P256(key) => key.to_pkcs8_pem(LineEnding::LF),
            Self::Ed25519(key) => key.to_pkcs8_pem(LineEnding::LF),
            Self::Rsa(key) => key.to_pkcs8_pem(LineEnding::LF),
        };
        written
            .map(|pem| pem.to_string())
            .map_err(|e| KeyError::Pem(format!("cannot encode the key: {e}")))
    }

    /// The JWS signature of `message` (ES256 as the 64-byte `R || S`, RFC 7518 §3.4).
    pub(crate) fn sign(&self, algorithm: Algorithm, message: &[u8]) -> Result<Vec<u8>, String> {
        match (self, algorithm) {
            (Self::P256(key), Algorithm::Es256) => {
                let signature: p256::ecdsa::Signature =
                    key.try_sign(message).map_err(|e| e.to_string())?;
                Ok(signature.to_bytes().to_vec())
            }
            (Self::Ed25519(key), Algorithm::EdDsa) => Ok(key.sign(message).to_bytes().to_vec()),
            (Self::Rsa(key), Algorithm::Rs256) => {
                let signer = rsa::pkcs1v15::SigningKey::<rsa::sha2::Sha256>::new((**key).clone());
                let signature = signer.try_sign(message).map_err(|e| e.to_string())?;
                Ok(Box::<[u8]>::from(signature).into_vec())
            }
            (Self::Rsa(key), Algorithm::Ps256) => {
                // PSS draws its salt from the operating system's generator (rsa's getrandom).
                let signer = rsa::pss::SigningKey::<rsa::sha2::Sha256>::new((**key).clone());
                let signature = signer.try_sign(message).map_err(|e| e.to_string())?;
                Ok(Box::<[u8]>::from(signature).into_vec())
            }
            (_, algorithm) => Err(format!(
                "{} cannot sign {algorithm}",
                self.key_type().describe()
            )),
        }
    }

    /// Checks that the public members of a private JWK belong to its `d`, so a JWK with a
    /// mismatched pair cannot sign for a key it does not hold.
    fn check_public_matches(&self, jwk: &Jwk) -> Result<(), KeyError> {
        let derived = self.public().to_jwk();
        let same = derived.x == jwk.x && (jwk.kty != "EC" || derived.y == jwk.y);
        if jwk.x.is_some() && !same {
            return Err(KeyError::Jwk(
                "the public members do not belong to `d`".to_owned(),
            ));
        }
        Ok(())
    }
}

impl PublicMaterial {
    /// Reads a public JWK.
    pub(crate) fn from_jwk(jwk: &Jwk) -> Result<Self, KeyError> {
        match (jwk.kty.as_str(), jwk.crv.as_deref()) {
            ("EC", Some("P-256")) => {
                let x = jwk.member("x", &jwk.x)?;
                let y = jwk.member("y", &jwk.y)?;
                if x.len() != 32 || y.len() != 32 {
                    return Err(KeyError::Jwk(
                        "`x` and `y` of a P-256 key must be 32 bytes".to_owned(),
                    ));
                }
                let mut sec1 = Vec::with_capacity(65);
                sec1.push(0x04); // uncompressed point
                sec1.extend_from_slice(&x);
                sec1.extend_from_slice(&y);
                p256::ecdsa::VerifyingKey::from_sec1_bytes(&sec1)
                    .map(Self::P256)
                    .map_err(|_| KeyError::Jwk("`x`, `y` is not a point on P-256".to_owned()))
            }
            ("OKP", Some("Ed25519")) => {
                let x = jwk.member("x", &jwk.x)?;
                let bytes: [u8; 32] = x.as_slice().try_into().map_err(|_| {
                    KeyError::Jwk("`x` of an Ed25519 key must be 32 bytes".to_owned())
                })?;
                ed25519_dalek::VerifyingKey::from_bytes(&bytes)
                    .map(Self::Ed25519)
                    .map_err(|_| KeyError::Jwk("`x` is not an Ed25519 public key".to_owned()))
            }
            ("RSA", _) => {
                let n = jwk.member("n", &jwk.n)?;
                let e = jwk.member("e", &jwk.e)?;
                check_rsa_size(n.iter().skip_while(|b| **b == 0).count() * 8)?;
                let key = rsa::PublicKey::new(
                    BoxedUint::from_be_slice_vartime(&n),
                    BoxedUint::from_be_slice_vartime(&e),
                )
                .map_err(|e| KeyError::Jwk(format!("not a usable RSA public key: {e}")))?;
                Ok(Self::Rsa(Box::new(key)))
            }
            (kty, crv) => Err(unsupported_jwk(kty, crv)),
        }
    }

    /// Reads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
    pub(crate) fn from_public_key_pem(text: &str) -> Result<Self, KeyError> {
        if let Ok(key) = p256::ecdsa::VerifyingKey::from_public_key_pem(text) {
            return Ok(Self::P256(key));
        }
        if let Ok(key) = ed25519_dalek::VerifyingKey::from_public_key_pem(text) {
            return Ok(Self::Ed25519(key));
        }
        if let Ok(key) = rsa::PublicKey::from_public_key_pem(text) {
            check_rsa_size(key.size() * 8)?;
            return Ok(Self::Rsa(Box::new(key)));
        }
        Err(KeyError::Pem(
            "not a PEM public key (-----BEGIN PUBLIC KEY-----) of type P-256, Ed25519 or RSA"
                .to_owned(),
        ))
    }

    pub(crate) fn key_type(&self) -> KeyType {
        match self {
            Self::P256(_) => KeyType::P256,
            Self::Ed25519(_) => KeyType::Ed25519,
            Self::Rsa(_) => KeyType::Rsa,
        }
    }

    /// Whether `signature` is a valid `algorithm` signature of `message` by this key.
    pub(crate) fn verify(&self, algorithm: Algorithm, message: &[u8], signature: &[u8]) -> bool {
        match (self, algorithm) {
            (Self::P256(key), Algorithm::Es256) => p256::ecdsa::Signature::from_slice(signature)
                .is_ok_and(|s| key.verify(message, &s).is_ok()),
            (Self::Ed25519(key), Algorithm::EdDsa) => {
                // verify_strict refuses the malleable and small-order cases RFC 8032 allows.
                ed25519_dalek::Signature::from_slice(signature)
                    .is_ok_and(|s| key.verify_strict(message, &s).is_ok())
            }
            (Self::Rsa(key), Algorithm::Rs256) => {
                let verifier =
                    rsa::pkcs1v15::VerifyingKey::<rsa::sha2::Sha256>::new((**key).clone());
                rsa::pkcs1v15::Signature::try_from(signature)
                    .is_ok_and(|s| verifier.verify(message, &s).is_ok())
            }
            (Self::Rsa(key), Algorithm::Ps256) => {
                let verifier = rsa::pss::VerifyingKey::<rsa::sha2::Sha256>::new((**key).clone());
                rsa::pss::Signature::try_from(signature)
                    .is_ok_and(|s| verifier.verify(message, &s).is_ok())
            }
            _ => false,
        }
    }

    /// The public key as bytes, for a verifier of another crypto library (the JWT
    /// verifier's ring keys): P-256 as the uncompressed SEC1 point, Ed25519 as its 32
    /// bytes, RSA as the big-endian modulus and exponent.
    #[cfg(feature = "jwt")]
    pub(crate) fn raw(&self) -> RawPublicKey {
        match self {
            Self::P256(key) => RawPublicKey::P256(key.to_sec1_point(false).as_bytes().to_vec()),
            Self::Ed25519(key) => RawPublicKey::Ed25519(key.to_bytes()),
            Self::Rsa(key) => RawPublicKey::Rsa {
                n: key.n_bytes().into_vec(),
                e: key.e_bytes().into_vec(),
            },
        }
    }

    /// The public JWK members (`kty`, `crv`, `x`, `y`, `n`, `e`); no `kid`, `alg` or `use`.
    pub(crate) fn to_jwk(&self) -> Jwk {
        match self {
            Self::P256(key) => {
                let point = key.to_sec1_point(false);
                Jwk {
                    kty: "EC".to_owned(),
                    crv: Some("P-256".to_owned()),
                    x: point.x().map(base64url::encode),
                    y: point.y().map(base64url::encode),
                    ..Jwk::default()
                }
            }
            Self::Ed25519(key) => Jwk {
                kty: "OKP".to_owned(),
                crv: Some("Ed25519".to_owned()),
                x: Some(base64url::encode(key.to_bytes())),
                ..Jwk::default()
            },
            Self::Rsa(key) => Jwk {
                kty: "RSA".to_owned(),
                n: Some(base64url::encode(key.n_bytes())),
                e: Some(base64url::encode(key.e_bytes())),
                ..Jwk::default()
            },
        }
    }
}

impl Jwk {
    /// The decoded bytes of a base64url member that must be present (trailing `=` ignored:
    /// some JWK writers pad).
    fn member(&self, name: &str, value: &Option<String>) -> Result<Vec<u8>, KeyError> {
        let text = value
            .as_deref()
            .ok_or_else(|| KeyError::Jwk(format!("no `{name}` member")))?;
        base64url::decode(text, Padding::Ignored)
            .ok_or_else(|| KeyError::Jwk(format!("`{name}` is not base64url")))
    }
}

fn check_rsa_size(bits: usize) -> Result<(), KeyError> {
    if bits < MIN_RSA_BITS {
        return Err(KeyError::UnsupportedKey(format!(
            "an RSA key of {bits} bits; RS256 and PS256 need at least {MIN_RSA_BITS}"
        )));
    }
    Ok(())
}

fn bad_rsa() -> KeyError {
    KeyError::Jwk("the RSA members do not form a valid private key".to_owned())
}

fn unsupported_jwk(kty: &str, crv: Option<&str>) -> KeyError {
    let what = match crv {
        Some(crv) => format!("a JWK with kty {kty:?} and crv {crv:?}"),
        None => format!("a JWK with kty {kty:?}"),
    };
    KeyError::UnsupportedKey(format!("{what}; supported: EC P-256, OKP Ed25519, RSA"))
}
