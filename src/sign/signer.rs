//! Signing a card: a detached JWS over each canonical form of the payload, appended to
//! `signatures`.

use super::canonical::PayloadForm;
use super::document::CardDocument;
use super::error::SignError;
use super::header::{for_signing, signing_input};
use super::jwk::Jwk;
use super::keys::SigningKey;
use super::trust::TrustedKey;
use crate::base64url;
use crate::{AgentCard, AgentCardSignature};

/// Signs Agent Cards with one key: protected header `{"alg", "typ": "JOSE", "kid", "jku"?}`,
/// signature over `protected || '.' || BASE64URL(canonical payload)` (A2A §8.4.2).
///
/// By default a card gets one signature per distinct form of
/// [`PayloadForm::SIGNED_BY_DEFAULT`], the spec's first, all with the same key: each
/// official SDK verifies the one in its form, a spec-following verifier the spec's. Forms whose payloads are the same bytes (a card without empty values)
/// share one signature. [`only_form`](Self::only_form) signs one form.
///
/// ES256, EdDSA and RS256 signatures are deterministic: replicas that sign the same card at
/// start-up serve the same bytes. PS256 signatures differ every time.
///
/// ```
/// use a2a_card::AgentCard;
/// use a2a_card::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};
///
/// let card = AgentCard::from_json_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agent-card.json")))?;
/// let signer = CardSigner::new(SigningKey::generate(Algorithm::Es256)?, "2026-01")
///     .with_jku("https://agent.example.com/.well-known/jwks.json");
/// let signed = signer.sign(&card)?;
/// // The example has empty values: the spec's form and the SDKs' differ (the two SDKs' agree).
/// assert_eq!(signed.signatures.len(), card.signatures.len() + 2);
///
/// let verifier = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()));
/// assert_eq!(verifier.verify(&signed)?.kid, "2026-01");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct CardSigner {
    key: SigningKey,
    kid: String,
    jku: Option<String>,
    forms: Vec<PayloadForm>,
}

impl CardSigner {
    /// A signer whose signatures name `kid`.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.kid(), "k1");
    /// ```
    pub fn new(key: SigningKey, kid: impl Into<String>) -> Self {
        Self {
            key,
            kid: kid.into(),
            jku: None,
            forms: PayloadForm::SIGNED_BY_DEFAULT.to_vec(),
        }
    }

    /// Signs `form` only: one signature per card, which verifiers of other forms refuse
    /// whenever the card has empty values. [`PayloadForm::A2aJsTyped`] is signed only this
    /// way (or with [`forms`](Self::with_forms)).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, PayloadForm, SigningKey};
    /// let card = a2a_card::AgentCard { name: "Atlas".into(), ..Default::default() };
    /// let signer = || CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer().sign(&card).unwrap().signatures.len(), 2);
    /// let spec_only = signer().only_form(PayloadForm::Spec);
    /// assert_eq!(spec_only.forms(), [PayloadForm::Spec]);
    /// assert_eq!(spec_only.sign(&card).unwrap().signatures.len(), 1);
    /// ```
    pub fn only_form(mut self, form: PayloadForm) -> Self {
        self.forms = vec![form];
        self
    }

    /// Signs these forms (in this order; forms of the same bytes share one signature).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, PayloadForm, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1")
    ///     .with_forms([PayloadForm::Spec, PayloadForm::A2aJsTyped]);
    /// assert_eq!(signer.forms(), [PayloadForm::Spec, PayloadForm::A2aJsTyped]);
    /// ```
    pub fn with_forms(mut self, forms: impl IntoIterator<Item = PayloadForm>) -> Self {
        self.forms = forms.into_iter().collect();
        self
    }

    /// The forms signed, in the order their signatures are written.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, CardSigner, PayloadForm, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.forms(), PayloadForm::SIGNED_BY_DEFAULT);
    /// ```
    pub fn forms(&self) -> &[PayloadForm] {
        &self.forms
    }

    /// Also names the URL of the JWKS that publishes the public key (`jku`). Verifiers use it
    /// only when they allow it.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1")
    ///     .with_jku("https://a.example/jwks.json");
    /// assert_eq!(signer.jku(), Some("https://a.example/jwks.json"));
    /// ```
    pub fn with_jku(mut self, jku: impl Into<String>) -> Self {
        self.jku = Some(jku.into());
        self
    }

    /// The key id written in every signature.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// # let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.kid(), "k1");
    /// ```
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The `jku` written in every signature, if any.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// # let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.jku(), None);
    /// ```
    pub fn jku(&self) -> Option<&str> {
        self.jku.as_deref()
    }

    /// A copy of `card` with its new signatures appended (one per distinct form); the
    /// signatures it had are kept (key rotation: the old ones stay valid, since
    /// `signatures` is not part of the payload).
    ///
    /// ```
    /// use a2a_card::AgentCard;
    /// use a2a_card::sign::{Algorithm, CardSigner, PayloadForm, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1")
    ///     .only_form(PayloadForm::Spec);
    /// let twice = signer.sign(&signer.sign(&AgentCard::default()).unwrap()).unwrap();
    /// assert_eq!(twice.signatures.len(), 2);
    /// ```
    pub fn sign(&self, card: &AgentCard) -> Result<AgentCard, SignError> {
        let signatures = self.signatures(card)?;
        let mut signed = card.clone();
        signed.signatures.extend(signatures);
        Ok(signed)
    }

    /// The signatures of `card`, without adding them: one per form, except that forms whose
    /// payloads are the same bytes share one.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// // The three forms of an empty card: `{...empty REQUIRED fields}`, `null`, `{}`.
    /// let signatures = signer.signatures(&a2a_card::AgentCard::default()).unwrap();
    /// assert_eq!(signatures.len(), 3);
    /// assert!(signatures[0].header.is_none());
    /// ```
    pub fn signatures(&self, card: &AgentCard) -> Result<Vec<AgentCardSignature>, SignError> {
        self.signatures_of(&CardDocument::from_card(card))
    }

    /// A copy of the card as written with its new signatures appended to `signatures`; the
    /// rest of the document stays as written (a v0.3 card stays v0.3).
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardDocument, CardSigner, CardVerifier, PayloadForm, SigningKey, TrustStore};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// let doc = CardDocument::from_json_slice(br#"{"name": "A", "url": "https://a.example", "x-team": "maps"}"#)?;
    /// let signed = signer.sign_document(&doc)?;
    /// assert_eq!(signed.as_value()["url"], "https://a.example"); // still v0.3
    /// let verified = CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()))
    ///     .verify_document(&signed)?;
    /// assert_eq!(verified.form, PayloadForm::Spec);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sign_document(&self, document: &CardDocument) -> Result<CardDocument, SignError> {
        let added = self
            .signatures_of(document)?
            .into_iter()
            .map(|signature| serde_json::to_value(signature).unwrap_or_default())
            .collect();
        Ok(document.with_signatures(added))
    }

    /// The signatures of a card as written: one per form, except that forms whose payloads
    /// are the same bytes share one.
    fn signatures_of(&self, document: &CardDocument) -> Result<Vec<AgentCardSignature>, SignError> {
        let mut payloads: Vec<Vec<u8>> = Vec::new();
        for form in &self.forms {
            let payload = document.payload(*form);
            if !payloads.contains(&payload) {
                payloads.push(payload);
            }
        }
        payloads
            .iter()
            .map(|payload| {
                let (protected, signature) = self.sign_payload(payload)?;
                Ok(AgentCardSignature {
                    protected,
                    signature,
                    ..AgentCardSignature::default()
                })
            })
            .collect()
    }

    /// A detached compact JWS over `payload` (`BASE64URL(header)..BASE64URL(signature)`,
    /// RFC 7515 Appendix F), with the same header as card signatures. The AI Catalog's trust
    /// manifests carry this form.
    ///
    /// ```
    /// use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert!(signer.detached_jws(b"{}").unwrap().contains(".."));
    /// ```
    pub fn detached_jws(&self, payload: &[u8]) -> Result<String, SignError> {
        let (protected, signature) = self.sign_payload(payload)?;
        Ok(format!("{protected}..{signature}"))
    }

    /// (BASE64URL(protected header), BASE64URL(signature)) of a detached JWS over `payload`.
    fn sign_payload(&self, payload: &[u8]) -> Result<(String, String), SignError> {
        if self.kid.is_empty() {
            return Err(SignError::EmptyKid);
        }
        let algorithm = self.key.algorithm();
        let protected = for_signing(algorithm, &self.kid, self.jku.as_deref()).encode();
        let signature = self
            .key
            .sign_bytes(&signing_input(&protected, payload))
            .map_err(|reason| SignError::Crypto { algorithm, reason })?;
        Ok((protected, base64url::encode(&signature)))
    }

    /// The public key as a JWK (with `kid`, `alg`, `use: "sig"`), to publish in a JWKS.
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.public_jwk().kid.as_deref(), Some("k1"));
    /// ```
    pub fn public_jwk(&self) -> Jwk {
        self.key.public_jwk(&self.kid)
    }

    /// The public key as a trusted key for a verifier in the same program (tests, or a
    /// server checking its own card at start-up).
    ///
    /// ```
    /// # use a2a_card::sign::{Algorithm, CardSigner, SigningKey};
    /// let signer = CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), "k1");
    /// assert_eq!(signer.trusted_key().kid(), "k1");
    /// ```
    pub fn trusted_key(&self) -> TrustedKey {
        self.key.trusted_key(&self.kid)
    }
}
