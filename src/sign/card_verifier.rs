//! Verifying a card's signatures against a trust store the verifier chose (A2A §8.4.3).

use std::collections::BTreeSet;
use std::fmt;

use super::algorithm::Algorithm;
use super::canonical::{PayloadForm, unsigned_fields};
use super::document::CardDocument;
use super::error::VerifyError;
use super::header::{self, signing_input};
use super::jwk::Jwks;
use super::trust::{TrustStore, TrustedKey};
use crate::base64url::{self, Padding};
use crate::{AgentCard, AgentCardSignature};

/// Fetches the key set an allowlisted `jku` names. This crate makes no HTTP requests; a
/// program that wants `jku` followed implements this with its own client (HTTPS only,
/// with a timeout and caching of its choice).
///
/// ```
/// use a2a_card::sign::{Jwks, JwksFetcher};
///
/// struct Offline;
/// impl JwksFetcher for Offline {
///     fn fetch(&self, jku: &str) -> Result<Jwks, String> {
///         Err(format!("offline, cannot fetch {jku}"))
///     }
/// }
/// assert!(Offline.fetch("https://a.example/jwks.json").is_err());
/// ```
pub trait JwksFetcher: Send + Sync {
    /// The key set published at `jku` (already on the verifier's allowlist).
    fn fetch(&self, jku: &str) -> Result<Jwks, String>;
}

/// The signature that made a card verify, and the form it was verified in.
///
/// ```
/// # use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, PayloadForm, SigningKey, TrustStore};
/// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
/// let card = signer.sign(&a2a_card::AgentCard::default()).unwrap();
/// let verified = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()))
///     .verify(&card).unwrap();
/// assert_eq!((verified.index, verified.algorithm), (0, Algorithm::EdDsa));
/// assert_eq!((verified.form, verified.uncovered.len()), (PayloadForm::Spec, 0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedSignature {
    /// Index in the card's `signatures`.
    pub index: usize,
    /// The `kid` of the trusted key that verified it.
    pub kid: String,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The `jku` the protected header named, if any.
    pub jku: Option<String>,
    /// The canonical form the signature covers (the spec's for a detached JWS).
    pub form: PayloadForm,
    /// JSON pointers of the card's values that form leaves out, which anyone could have
    /// added or removed ([`CardDocument::uncovered`]); empty for the spec's form.
    pub uncovered: Vec<String>,
}

/// Verifies cards: valid when at least one signature verifies with a trusted key of the same
/// `kid` and algorithm. By default every supported algorithm is accepted, a signature may
/// cover any known [`PayloadForm`] (a signature in the spec's form is preferred; the result
/// names the form and what it leaves uncovered), and fields outside the proto (which no
/// signature covers) are tolerated; each of these can be tightened.
///
/// ```
/// use a2a_card::AgentCard;
/// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore, VerifyError};
///
/// let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "2026-01");
/// let card = AgentCard::from_json_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json"))).unwrap();
/// let mut signed = signer.sign(&card).unwrap();
///
/// let verifier = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()))
///     .allow_algorithms([Algorithm::Es256, Algorithm::EdDsa]);
/// assert!(verifier.verify(&signed).is_ok());
///
/// signed.version = "9.9.9".into(); // tampering: each signature (one per form) fails
/// let Err(VerifyError::NoneValid { failures }) = verifier.verify(&signed) else { panic!() };
/// assert!(failures.iter().all(|f| matches!(f, VerifyError::PayloadMismatch { .. })));
/// ```
pub struct CardVerifier {
    store: TrustStore,
    algorithms: BTreeSet<Algorithm>,
    refuse_unsigned_fields: bool,
    forms: BTreeSet<PayloadForm>,
    fetcher: Option<Box<dyn JwksFetcher>>,
}

impl CardVerifier {
    /// A verifier trusting the keys of `store`.
    ///
    /// ```
    /// let v = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
    /// assert!(v.trust_store().keys().is_empty());
    /// ```
    pub fn new(store: TrustStore) -> Self {
        Self {
            store,
            algorithms: Algorithm::ALL.into_iter().collect(),
            refuse_unsigned_fields: false,
            forms: PayloadForm::ACCEPTED_BY_DEFAULT.into_iter().collect(),
            fetcher: None,
        }
    }

    /// Accepts only these algorithms (a signature with another `alg` fails).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore, VerifyError};
    /// use a2a_card::sign::PayloadForm;
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "k1")
    ///     .only_form(PayloadForm::Spec); // one signature, so its own error
    /// let card = signer.sign(&a2a_card::AgentCard::default()).unwrap();
    /// let store = || TrustStore::new().with_key(signer.trusted_key());
    /// let err = CardVerifier::new(store()).allow_algorithms([Algorithm::EdDsa]).verify(&card).unwrap_err();
    /// assert!(matches!(&err, VerifyError::AlgorithmNotAllowed { alg, .. } if alg == "ES256"), "{err}");
    /// assert!(CardVerifier::new(store()).allow_algorithms([Algorithm::Es256]).verify(&card).is_ok());
    /// ```
    pub fn allow_algorithms(mut self, algorithms: impl IntoIterator<Item = Algorithm>) -> Self {
        self.algorithms = algorithms.into_iter().collect();
        self
    }

    /// Refuses cards carrying fields the v1.0 proto does not define: proto-based readers
    /// (the official SDKs) drop them, so no signature they check covers them, and a
    /// signature in a form without them leaves them open to anyone.
    ///
    /// ```
    /// use a2a_card::sign::{CardVerifier, TrustStore, VerifyError};
    /// let card = a2a_card::AgentCard::from_json_str(r#"{"x-price": "free"}"#).unwrap();
    /// let err = CardVerifier::new(TrustStore::new()).refuse_unsigned_fields(true)
    ///     .verify(&card).unwrap_err();
    /// assert_eq!(err, VerifyError::UnsignedFields { pointers: vec!["/x-price".into()] });
    /// ```
    pub fn refuse_unsigned_fields(mut self, refuse: bool) -> Self {
        self.refuse_unsigned_fields = refuse;
        self
    }

    /// Accepts signatures over these canonical forms only (by default,
    /// [`PayloadForm::ACCEPTED_BY_DEFAULT`]: every form but the JS SDK's typed path).
    /// `accept_forms(PayloadForm::COVERING)` requires a form that covers every member of the
    /// card as written.
    ///
    /// ```
    /// use a2a_card::sign::{payload_in_form, Algorithm, CardSigner, CardVerifier, PayloadForm, SigningKey, TrustStore, VerifyError};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "sdk")
    ///     .only_form(PayloadForm::A2aSdk13); // as the Python SDK signs
    /// let card = signer.sign(&a2a_card::AgentCard { name: "Atlas".into(), ..Default::default() }).unwrap();
    /// let store = || TrustStore::new().with_key(signer.trusted_key());
    /// let verified = CardVerifier::new(store()).verify(&card).unwrap();
    /// assert_eq!(verified.form, PayloadForm::A2aSdk13);
    /// assert!(verified.uncovered.contains(&"/description".to_owned()));
    /// let err = CardVerifier::new(store()).accept_forms([PayloadForm::Spec]).verify(&card).unwrap_err();
    /// assert!(matches!(err, VerifyError::PayloadMismatch { .. }), "{err}");
    /// ```
    pub fn accept_forms(mut self, forms: impl IntoIterator<Item = PayloadForm>) -> Self {
        self.forms = forms.into_iter().collect();
        self
    }

    /// Fetches the key set of an allowlisted `jku` when the store has no key for a
    /// signature naming it.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, Jwks, JwksFetcher, SigningKey, TrustStore, VerifyError};
    /// struct Fixed(Jwks);
    /// impl JwksFetcher for Fixed {
    ///     fn fetch(&self, _jku: &str) -> Result<Jwks, String> { Ok(self.0.clone()) }
    /// }
    /// let jku = "https://a.example/jwks.json";
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1")
    ///     .with_jku(jku)
    ///     .only_form(a2a_card::sign::PayloadForm::Spec); // one signature, so its own error
    /// let card = signer.sign(&a2a_card::AgentCard::default()).unwrap();
    /// // Allowlisted, but nothing loads its keys:
    /// let err = CardVerifier::new(TrustStore::new().allow_jku(jku)).verify(&card).unwrap_err();
    /// assert!(matches!(err, VerifyError::JkuNotLoaded { .. }), "{err}");
    /// let verified = CardVerifier::new(TrustStore::new().allow_jku(jku))
    ///     .with_jwks_fetcher(Fixed(Jwks { keys: vec![signer.public_jwk()] }))
    ///     .verify(&card)
    ///     .unwrap();
    /// assert_eq!(verified.jku.as_deref(), Some(jku));
    /// ```
    pub fn with_jwks_fetcher(mut self, fetcher: impl JwksFetcher + 'static) -> Self {
        self.fetcher = Some(Box::new(fetcher));
        self
    }

    /// The keys this verifier trusts.
    ///
    /// ```
    /// let v = a2a_card::sign::CardVerifier::new(a2a_card::sign::TrustStore::new());
    /// assert!(v.trust_store().skipped().is_empty());
    /// ```
    pub fn trust_store(&self) -> &TrustStore {
        &self.store
    }

    /// A signature of `card` that verifies, or why none does (for one signature, its own
    /// error; for several, [`VerifyError::NoneValid`] with each one's). Of several that
    /// verify, the first in the spec's form, else the first in another form.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
    /// let old = CardSigner::new(SigningKey::generate(Algorithm::Es256).unwrap(), "old");
    /// let new = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "new");
    /// let card = a2a_card::AgentCard { name: "A".into(), ..Default::default() };
    /// let card = new.sign(&old.sign(&card).unwrap()).unwrap();
    /// // Two signatures by each key (spec form, then the SDKs' form).
    /// assert_eq!(card.signatures.len(), 4);
    /// // A verifier that only knows the new key still accepts the card.
    /// let verified = CardVerifier::new(TrustStore::new().with_key(new.trusted_key()))
    ///     .verify(&card).unwrap();
    /// assert_eq!(verified.index, 2);
    /// ```
    pub fn verify(&self, card: &AgentCard) -> Result<VerifiedSignature, VerifyError> {
        self.verify_document(&CardDocument::from_card(card))
    }

    /// [`verify`](Self::verify) for the card as written: the payloads are computed from the
    /// document itself (a v0.3 card as its own JSON), the signatures are its `signatures`.
    /// A failed signature names the forms tried.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardDocument, CardSigner, CardVerifier, PayloadForm, SigningKey, TrustStore};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1")
    ///     .only_form(PayloadForm::Spec);
    /// let doc = CardDocument::from_json_slice(br#"{"name": "A", "skills": []}"#)?;
    /// let signed = signer.sign_document(&doc)?;
    /// let verifier = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()));
    /// assert_eq!(verifier.verify_document(&signed)?.form, PayloadForm::Spec);
    /// // The model's rendering adds the missing REQUIRED members: not the signed bytes.
    /// assert!(verifier.accept_forms([PayloadForm::Rendered]).verify_document(&signed).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_document(
        &self,
        document: &CardDocument,
    ) -> Result<VerifiedSignature, VerifyError> {
        let card = document.card();
        if self.refuse_unsigned_fields {
            let pointers = unsigned_fields(card);
            if !pointers.is_empty() {
                return Err(VerifyError::UnsignedFields { pointers });
            }
        }
        if card.signatures.is_empty() {
            return Err(VerifyError::NoSignatures);
        }
        // The accepted forms' payloads, the spec's first; forms of the same bytes once.
        let mut payloads: Vec<(PayloadForm, Vec<u8>)> = Vec::new();
        for form in &self.forms {
            let payload = document.payload(*form);
            if payloads.iter().all(|(_, seen)| *seen != payload) {
                payloads.push((*form, payload));
            }
        }
        let mut best: Option<VerifiedSignature> = None;
        let mut failures = Vec::new();
        for (index, signature) in card.signatures.iter().enumerate() {
            match self.verify_one(index, signature, &payloads) {
                Ok(verified) if best.as_ref().is_none_or(|b| verified.form < b.form) => {
                    let spec = verified.form == PayloadForm::Spec;
                    best = Some(verified);
                    if spec {
                        break;
                    }
                }
                Ok(_) => {}
                Err(failure) => failures.push(failure),
            }
        }
        if let Some(mut verified) = best {
            verified.uncovered = document.uncovered(verified.form);
            return Ok(verified);
        }
        if failures.len() == 1 {
            return Err(failures.remove(0));
        }
        Err(VerifyError::NoneValid { failures })
    }

    /// Verifies a detached compact JWS (`header..signature`) over `payload` with the
    /// trusted keys, as [`verify`](Self::verify) does a card signature.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// let jws = signer.detached_jws(b"payload").unwrap();
    /// let verifier = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()));
    /// assert!(verifier.verify_detached(&jws, b"payload").is_ok());
    /// assert!(verifier.verify_detached(&jws, b"other").is_err());
    /// ```
    pub fn verify_detached(
        &self,
        jws: &str,
        payload: &[u8],
    ) -> Result<VerifiedSignature, VerifyError> {
        let Some((protected, signature)) = jws.split_once("..") else {
            return Err(VerifyError::MalformedSignature { index: 0 });
        };
        let signature = AgentCardSignature {
            protected: protected.to_owned(),
            signature: signature.to_owned(),
            ..AgentCardSignature::default()
        };
        self.verify_one(0, &signature, &[(PayloadForm::Spec, payload.to_vec())])
            .map_err(|error| match error {
                // Not a card: no forms to name.
                VerifyError::PayloadMismatch {
                    index, kid, alg, ..
                } => VerifyError::PayloadMismatch {
                    index,
                    kid,
                    alg,
                    forms: String::new(),
                },
                other => other,
            })
    }

    /// The signature checked against each payload in turn: verified in the first form it
    /// matches.
    fn verify_one(
        &self,
        index: usize,
        signature: &AgentCardSignature,
        payloads: &[(PayloadForm, Vec<u8>)],
    ) -> Result<VerifiedSignature, VerifyError> {
        let header = header::decode(&signature.protected).map_err(|problem| {
            VerifyError::MalformedHeader {
                index,
                problem: problem.to_string(),
            }
        })?;
        let algorithm = header
            .alg
            .parse::<Algorithm>()
            .ok()
            .filter(|alg| self.algorithms.contains(alg))
            .ok_or_else(|| VerifyError::AlgorithmNotAllowed {
                index,
                alg: header.alg.clone(),
                allowed: self.allowed_list(),
            })?;
        let fetched;
        let mut keys = self
            .store
            .find(&header.kid, header.jku.as_deref(), algorithm);
        if keys.is_empty() {
            fetched = self.fetch_for(index, &header.kid, header.jku.as_deref())?;
            keys = fetched.find(&header.kid, header.jku.as_deref(), algorithm);
        }
        let Some(first) = keys.first() else {
            return Err(VerifyError::UnknownKid {
                index,
                kid: header.kid.clone(),
                known: self.store.kid_list(),
            });
        };
        check_key_algorithm(index, first, algorithm)?;
        // Padded signatures are read too: some JWS libraries pad the detached form.
        let signature_bytes = base64url::decode(&signature.signature, Padding::Ignored)
            .ok_or(VerifyError::MalformedSignature { index })?;
        // Every key of the kid and algorithm (a bounded few): one listed first that is not
        // the signer's must not make a valid signature fail.
        let form = payloads.iter().find_map(|(form, payload)| {
            let input = signing_input(&signature.protected, payload);
            keys.iter()
                .any(|key| key.verifies(&input, &signature_bytes))
                .then_some(*form)
        });
        let Some(form) = form else {
            return Err(VerifyError::PayloadMismatch {
                index,
                kid: header.kid,
                alg: algorithm,
                forms: self.form_list(),
            });
        };
        Ok(VerifiedSignature {
            index,
            kid: header.kid,
            algorithm,
            jku: header.jku,
            form,
            uncovered: Vec::new(),
        })
    }

    /// The keys of an allowlisted `jku`, fetched; an error when the kid is unknown and the
    /// `jku` cannot be used.
    fn fetch_for(
        &self,
        index: usize,
        kid: &str,
        jku: Option<&str>,
    ) -> Result<TrustStore, VerifyError> {
        let Some(jku) = jku else {
            return Err(VerifyError::UnknownKid {
                index,
                kid: kid.to_owned(),
                known: self.store.kid_list(),
            });
        };
        if !self.store.is_jku_allowed(jku) {
            return Err(VerifyError::JkuNotAllowed {
                index,
                kid: kid.to_owned(),
                jku: jku.to_owned(),
            });
        }
        let Some(fetcher) = &self.fetcher else {
            return Err(VerifyError::JkuNotLoaded {
                index,
                jku: jku.to_owned(),
            });
        };
        let fetch_error = |reason: String| VerifyError::JkuFetch {
            index,
            jku: jku.to_owned(),
            reason,
        };
        let jwks = fetcher.fetch(jku).map_err(fetch_error)?;
        let mut store = TrustStore::new();
        store
            .add_jwks_from_jku(jku, &jwks)
            .map_err(|e| fetch_error(e.to_string()))?;
        Ok(store)
    }

    fn form_list(&self) -> String {
        self.forms
            .iter()
            .map(|form| form.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn allowed_list(&self) -> String {
        self.algorithms
            .iter()
            .map(|alg| alg.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn check_key_algorithm(
    index: usize,
    key: &TrustedKey,
    algorithm: Algorithm,
) -> Result<(), VerifyError> {
    if key.algorithm() != algorithm {
        return Err(VerifyError::KeyAlgorithmMismatch {
            index,
            kid: key.kid().to_owned(),
            alg: algorithm,
            key_alg: key.algorithm(),
        });
    }
    Ok(())
}

impl fmt::Debug for CardVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardVerifier")
            .field("store", &self.store)
            .field("algorithms", &self.allowed_list())
            .field("refuse_unsigned_fields", &self.refuse_unsigned_fields)
            .field("forms", &self.form_list())
            .field("fetcher", &self.fetcher.is_some())
            .finish()
    }
}
