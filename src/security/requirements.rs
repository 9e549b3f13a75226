//! [`CardSecurity`]: the card's security requirements (alternatives, each a set of schemes
//! that must all pass with their scopes), enforced with one verifier per scheme.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use http::request::Parts;

use super::error::SecurityError;
use super::failure::{AuthFailure, SchemeChallenges};
use super::scheme_verifier::{Verdict, Verifier};
use crate::{AgentCard, SecurityRequirement, SecurityScheme};

/// What a successful check leaves in the request's extensions for the inner service.
///
/// ```
/// fn handler(request: http::Request<()>) {
///     if let Some(auth) = request.extensions().get::<a2a_card::security::AuthContext>() {
///         println!("{:?} via {:?}", auth.subject, auth.schemes);
///     }
/// }
/// # handler(http::Request::new(()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthContext {
    /// Index of the requirement (alternative) that was met.
    pub alternative: usize,
    /// The schemes of that alternative, all of which passed.
    pub schemes: Vec<String>,
    /// The caller, when a credential named one (the first that did).
    pub subject: Option<String>,
    /// Every scope the passing credentials grant.
    pub scopes: BTreeSet<String>,
}

/// The card's security requirements and a verifier for every scheme they name. Built once;
/// cheap to clone.
///
/// ```
/// use a2a_card::security::{ApiKeys, CardSecurity};
/// # let card = a2a_card::__doctest::example_card();
/// let security = CardSecurity::builder(&card)
///     .verifier("apiKey", ApiKeys::new(["k1-7f3a9c"])?)
///     .build()?;
/// # let _ = security;
/// # Ok::<(), a2a_card::security::SecurityError>(())
/// ```
#[derive(Clone)]
pub struct CardSecurity {
    inner: Arc<Inner>,
}

struct Inner {
    schemes: BTreeMap<String, SecurityScheme>,
    /// Each scheme's 401 challenges, written once (see [`SchemeChallenges`]).
    challenges: BTreeMap<String, SchemeChallenges>,
    verifiers: BTreeMap<String, Arc<dyn Verifier>>,
    requirements: Vec<SecurityRequirement>,
    realm: String,
}

impl Inner {
    fn new(
        schemes: BTreeMap<String, SecurityScheme>,
        verifiers: BTreeMap<String, Arc<dyn Verifier>>,
        requirements: Vec<SecurityRequirement>,
        realm: String,
    ) -> Self {
        let challenges = schemes
            .iter()
            .map(|(name, scheme)| (name.clone(), SchemeChallenges::new(scheme, &realm)))
            .collect();
        Inner {
            schemes,
            challenges,
            verifiers,
            requirements,
            realm,
        }
    }
}

impl std::fmt::Debug for CardSecurity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardSecurity")
            .field("schemes", &self.inner.verifiers.keys().collect::<Vec<_>>())
            .field("alternatives", &self.inner.requirements.len())
            .finish()
    }
}

/// Builds a [`CardSecurity`]; see [`CardSecurity::builder`].
#[must_use = "call .build()"]
pub struct CardSecurityBuilder<'c> {
    card: &'c AgentCard,
    verifiers: BTreeMap<String, Arc<dyn Verifier>>,
    realm: String,
}

impl CardSecurity {
    /// Starts from the card whose `securityRequirements` (and skills' requirements) are to
    /// be enforced.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let builder = a2a_card::security::CardSecurity::builder(&card);
    /// # let _ = builder;
    /// ```
    pub fn builder(card: &AgentCard) -> CardSecurityBuilder<'_> {
        CardSecurityBuilder {
            card,
            verifiers: BTreeMap::new(),
            realm: "a2a".to_owned(),
        }
    }

    /// Checks the card-level requirements against a request.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
    /// let (parts, ()) = http::Request::get("/").header("X-API-Key", "k1").body(()).unwrap().into_parts();
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// let auth = run(security.check(&parts)).unwrap();
    /// assert_eq!(auth.schemes, ["apiKey"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub async fn check(&self, request: &Parts) -> Result<AuthContext, AuthFailure> {
        let mut verdicts = Verdicts::default();
        self.check_alternatives(&self.inner.requirements, request, &mut verdicts)
            .await
    }

    /// Checks the card-level requirements, keeping the verdicts for later checks of the same
    /// request (skills' requirements).
    #[cfg(feature = "extended")]
    pub(crate) async fn check_keeping(
        &self,
        request: &Parts,
        verdicts: &mut Verdicts,
    ) -> Result<AuthContext, AuthFailure> {
        self.check_alternatives(&self.inner.requirements, request, verdicts)
            .await
    }

    /// The request headers that carry the credentials of the enforced schemes, for `Vary`.
    #[cfg(feature = "extended")]
    pub(crate) fn credential_headers(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for scheme in self.inner.schemes.values() {
            let name = match scheme.kind() {
                Some(crate::SchemeKind::ApiKey(key)) => match key.location.as_str() {
                    "header" => key.name.clone(),
                    "cookie" => "Cookie".to_owned(),
                    _ => continue,
                },
                Some(crate::SchemeKind::MutualTls(_)) | None => continue,
                Some(_) => "Authorization".to_owned(),
            };
            if !names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                names.push(name);
            }
        }
        names
    }

    /// Checks a list of alternatives, sharing verdicts already reached for this request.
    pub(crate) async fn check_alternatives(
        &self,
        alternatives: &[SecurityRequirement],
        request: &Parts,
        verdicts: &mut Verdicts,
    ) -> Result<AuthContext, AuthFailure> {
        let mut short_of_scopes: Option<BTreeSet<String>> = None;
        for (index, alternative) in alternatives.iter().enumerate() {
            let mut met = true;
            let mut authenticated = true;
            let mut subject = None;
            let mut scopes = BTreeSet::new();
            for (name, required) in &alternative.schemes {
                match verdicts.get(self, name, request).await {
                    Verdict::Accepted(grant) => {
                        if !required.list.iter().all(|s| grant.scopes.contains(s)) {
                            met = false;
                        }
                        subject = subject.or_else(|| grant.subject.clone());
                        scopes.extend(grant.scopes.iter().cloned());
                    }
                    _ => {
                        met = false;
                        authenticated = false;
                    }
                }
            }
            if met && !alternative.schemes.is_empty() {
                return Ok(AuthContext {
                    alternative: index,
                    schemes: alternative.schemes.keys().cloned().collect(),
                    subject,
                    scopes,
                });
            }
            if authenticated && short_of_scopes.is_none() {
                let needed = alternative
                    .schemes
                    .values()
                    .flat_map(|s| s.list.iter().cloned());
                short_of_scopes = Some(needed.collect());
            }
        }
        Err(self.failure(alternatives, verdicts, short_of_scopes))
    }

    fn failure(
        &self,
        alternatives: &[SecurityRequirement],
        verdicts: &Verdicts,
        short_of_scopes: Option<BTreeSet<String>>,
    ) -> AuthFailure {
        let mut names: Vec<&String> = Vec::new();
        for alternative in alternatives {
            for name in alternative.schemes.keys() {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        let reasons = verdicts
            .seen
            .iter()
            .filter_map(|(name, v)| match v {
                Verdict::Rejected(reason) => Some(format!("{name}: {reason}")),
                _ => None,
            })
            .collect();
        let refused = |name: &str| matches!(verdicts.seen.get(name), Some(Verdict::Rejected(_)));
        let prepared = names.iter().filter_map(|name| {
            let challenges = self.inner.challenges.get(*name)?;
            Some((challenges, refused(name)))
        });
        match short_of_scopes {
            None => AuthFailure::unauthorized(
                prepared.filter_map(|(challenges, refused)| challenges.header(refused)),
                reasons,
            ),
            Some(scopes) => {
                let challenges = prepared
                    .map(|(challenges, refused)| challenges.challenge(refused))
                    .collect();
                AuthFailure::new(&self.inner.realm, challenges, Some(scopes), reasons)
            }
        }
    }
}

/// Verdicts reached for one request, so a scheme shared by several alternatives (or by the
/// card and its skills) is verified once.
#[derive(Default)]
pub(crate) struct Verdicts {
    seen: BTreeMap<String, Verdict>,
}

impl Verdicts {
    async fn get(&mut self, security: &CardSecurity, name: &str, request: &Parts) -> &Verdict {
        if !self.seen.contains_key(name) {
            // Build checked that every named scheme is declared and has a verifier; a
            // missing one here would be a bug, and it denies.
            let verdict = match (
                security.inner.verifiers.get(name),
                security.inner.schemes.get(name),
            ) {
                (Some(verifier), Some(scheme)) => verifier.verify(request, scheme).await,
                _ => Verdict::Rejected("no verifier"),
            };
            self.seen.insert(name.to_owned(), verdict);
        }
        &self.seen[name]
    }
}

impl<'c> CardSecurityBuilder<'c> {
    /// The verifier for the scheme named `scheme` in the card's `securitySchemes`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::security::CardSecurity::builder(&card)
    ///     .verifier("apiKey", a2a_card::security::ApiKeys::new(["k"]).unwrap());
    /// # let _ = b;
    /// ```
    pub fn verifier(mut self, scheme: impl Into<String>, verifier: impl Verifier) -> Self {
        self.verifiers.insert(scheme.into(), Arc::new(verifier));
        self
    }

    /// The realm named in `WWW-Authenticate` challenges; default `a2a`.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let b = a2a_card::security::CardSecurity::builder(&card).realm("routes");
    /// # let _ = b;
    /// ```
    pub fn realm(mut self, realm: impl Into<String>) -> Self {
        self.realm = realm.into().replace(['"', '\\'], "");
        self
    }

    /// Checks that every scheme any requirement names (card and skills) is declared and has
    /// a verifier that fits it.
    ///
    /// ```
    /// # let card = a2a_card::__doctest::example_card();
    /// let err = a2a_card::security::CardSecurity::builder(&card)
    ///     .verifier("apiKey", a2a_card::security::BasicUsers::new(["a:b"]).unwrap())
    ///     .build().unwrap_err();
    /// assert!(err.to_string().contains("Basic"), "{err}");
    /// ```
    pub fn build(self) -> Result<CardSecurity, SecurityError> {
        let card = self.card;
        if card.security_requirements.is_empty() {
            return Err(SecurityError::NoRequirements);
        }
        let schemes = schemes_in_use(card, None, &self.verifiers)?;
        Ok(CardSecurity {
            inner: Arc::new(Inner::new(
                schemes,
                self.verifiers,
                card.security_requirements.clone(),
                self.realm,
            )),
        })
    }
}

impl CardSecurity {
    /// The same security, also covering the skills of `extended` (the extended card, whose
    /// skills may require schemes the public card only declares, or declares itself): the
    /// checks of [`CardSecurityBuilder::build`] over both cards. The extended-card layer
    /// calls it at build, so the extended card is given once, to that layer.
    #[cfg(feature = "extended")]
    pub(crate) fn with_skills_of(
        &self,
        public: &AgentCard,
        extended: &AgentCard,
    ) -> Result<CardSecurity, SecurityError> {
        let schemes = schemes_in_use(public, Some(extended), &self.inner.verifiers)?;
        Ok(CardSecurity {
            inner: Arc::new(Inner::new(
                schemes,
                self.inner.verifiers.clone(),
                self.inner.requirements.clone(),
                self.inner.realm.clone(),
            )),
        })
    }
}

/// Every scheme a requirement of `card` (card-level and skills) or of the skills of
/// `skills_card` names, each checked: declared, with a verifier that fits it, and one name
/// one scheme across both cards.
fn schemes_in_use(
    card: &AgentCard,
    skills_card: Option<&AgentCard>,
    verifiers: &BTreeMap<String, Arc<dyn Verifier>>,
) -> Result<BTreeMap<String, SecurityScheme>, SecurityError> {
    // One name, one scheme across both cards, used or not: a scheme the extended card
    // redefines (another header, a query parameter...) would otherwise be checked where
    // the public card does not say.
    if let Some(other) = skills_card {
        for (name, scheme) in &other.security_schemes {
            if card
                .security_schemes
                .get(name)
                .is_some_and(|ours| ours != scheme)
            {
                return Err(SecurityError::ConflictingScheme(name.clone()));
            }
        }
    }
    // (where, requirements, the card that declares their schemes)
    let mut lists: Vec<(String, &[SecurityRequirement], &AgentCard)> = vec![(
        "/securityRequirements".to_owned(),
        &card.security_requirements,
        card,
    )];
    for skills_card in std::iter::once(card).chain(skills_card) {
        for (k, skill) in skills_card.skills.iter().enumerate() {
            lists.push((
                format!("/skills/{k}/securityRequirements"),
                &skill.security_requirements,
                skills_card,
            ));
        }
    }
    let mut schemes = BTreeMap::new();
    for (base, requirements, declaring) in lists {
        for (i, requirement) in requirements.iter().enumerate() {
            let pointer = format!("{base}/{i}");
            if requirement.schemes.is_empty() {
                return Err(SecurityError::EmptyRequirement(pointer));
            }
            for name in requirement.schemes.keys() {
                let Some(scheme) = declaring.security_schemes.get(name) else {
                    return Err(SecurityError::UndeclaredScheme {
                        scheme: name.clone(),
                        pointer,
                    });
                };
                let Some(verifier) = verifiers.get(name) else {
                    return Err(SecurityError::MissingVerifier(name.clone()));
                };
                verifier
                    .fits(scheme)
                    .map_err(|expected| SecurityError::VerifierDoesNotFit {
                        scheme: name.clone(),
                        declared: describe(scheme),
                        expected,
                    })?;
                schemes.insert(name.clone(), scheme.clone());
            }
        }
    }
    Ok(schemes)
}

/// How a scheme is declared, for messages: `an httpAuthSecurityScheme (Bearer)`.
fn describe(scheme: &SecurityScheme) -> String {
    match scheme.variant_names().as_slice() {
        [] => "no scheme type at all".to_owned(),
        [one] => match scheme.kind() {
            Some(crate::SchemeKind::HttpAuth(http)) => format!("{one} ({})", http.scheme),
            _ => (*one).to_owned(),
        },
        several => format!("several scheme types ({})", several.join(", ")),
    }
}

#[cfg(test)]
#[path = "requirements_tests.rs"]
mod tests;
