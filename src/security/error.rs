//! Why card security could not be set up.

/// A configuration that would not enforce the card's requirements. Card security fails
/// closed: every scheme a requirement names needs a verifier that fits it.
///
/// ```
/// use a2a_card::security::{CardSecurity, SecurityError};
/// # let card = a2a_card::__doctest::example_card();
/// let err = CardSecurity::builder(&card).build().unwrap_err();
/// assert!(matches!(err, SecurityError::MissingVerifier(ref name) if name == "apiKey"));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SecurityError {
    /// A requirement names a scheme that has no verifier.
    #[error(
        "security scheme {0:?} is required by the card but has no verifier; configure one (fail closed)"
    )]
    MissingVerifier(String),
    /// The verifier given for a scheme cannot check it as declared.
    #[error(
        "security scheme {scheme:?} is declared as {declared} but its verifier checks {expected}"
    )]
    VerifierDoesNotFit {
        /// The scheme's name.
        scheme: String,
        /// What the card declares.
        declared: String,
        /// What the verifier checks.
        expected: String,
    },
    /// A requirement names a scheme `securitySchemes` does not declare.
    #[error(
        "a security requirement at {pointer} names {scheme:?}, which securitySchemes does not declare"
    )]
    UndeclaredScheme {
        /// The scheme's name.
        scheme: String,
        /// Where the requirement is, as a JSON pointer into the card.
        pointer: String,
    },
    /// The public and the extended card define a scheme of the same name differently.
    #[error(
        "security scheme {0:?} is defined differently in the public and the extended card; one name must mean one scheme"
    )]
    ConflictingScheme(String),
    /// The card requires nothing, so there is nothing to enforce.
    #[error("the card has no securityRequirements; an authenticated route needs at least one")]
    NoRequirements,
    /// A requirement lists no scheme at all (it would let anyone in).
    #[error("the security requirement at {0} names no scheme and would let anyone in")]
    EmptyRequirement(String),
    /// No keys, users... were given.
    #[error("no {0} were given")]
    NoSecrets(&'static str),
    /// An empty key or password.
    #[error("an empty {0} was given")]
    EmptySecret(&'static str),
    /// A Basic user entry is not `name:password`.
    #[error("a user must be given as name:password, with neither part empty")]
    MalformedUser,
    /// An environment variable holding secrets is not set (or holds none).
    #[error("environment variable {0} is not set or holds no value")]
    MissingEnv(String),
}

debug_as_display!(SecurityError);
