//! Why an auth file was refused, and what is worth a warning in one that was not.

use a2a_card::security::SecurityError;
use a2a_card::security::jwt::JwtError;

/// An auth file that cannot secure the card. Every message names the file (as
/// [`AuthFile::named`](super::AuthFile::named) gives it) and, where there is one, the table;
/// none quotes a value of the file, which may be a secret written in the wrong place.
///
/// ```
/// use a2a_card_server::auth_file::{AuthFile, AuthFileError};
/// # let card = a2a_card::AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json"))).unwrap();
/// let err = AuthFile::new(&card).named("auth.toml").read("[nope]\n").unwrap_err();
/// assert!(matches!(err, AuthFileError::UnknownScheme { ref scheme, .. } if scheme == "nope"));
/// assert!(err.to_string().starts_with("auth.toml: [nope] is not a security scheme of the card"));
/// ```
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AuthFileError {
    /// The text is not TOML of the file's shape (a table per scheme, known fields).
    #[error("{file}: line {line}, column {column}: {message}")]
    Syntax {
        /// The file, as messages name it.
        file: String,
        /// 1-based line (0 when the parser gave no position).
        line: usize,
        /// 1-based column in characters (0 when the parser gave no position).
        column: usize,
        /// The parser's message, with any string it quoted cut out.
        message: String,
    },
    /// A table names no security scheme of the cards.
    #[error("{file}: [{scheme}] is not a security scheme of the card (declared: {})", declared.join(", "))]
    UnknownScheme {
        /// The file, as messages name it.
        file: String,
        /// The table's name.
        scheme: String,
        /// The schemes the public card declares.
        declared: Vec<String>,
    },
    /// A table does not give what its scheme's verifier needs.
    #[error("{file}: [{scheme}]: {problem}")]
    Table {
        /// The file, as messages name it.
        file: String,
        /// The table's name.
        scheme: String,
        /// What is wrong with it.
        problem: Box<TableError>,
    },
    /// The card requires a scheme the file has no table for (fail closed).
    #[error(
        "security scheme {scheme:?} is required by the card but {file} has no [{scheme}] table"
    )]
    MissingTable {
        /// The file, as messages name it.
        file: String,
        /// The scheme's name.
        scheme: String,
    },
    /// The verifiers do not secure the card as it declares.
    #[error("{file}: {source}")]
    Security {
        /// The file, as messages name it.
        file: String,
        /// Why.
        source: SecurityError,
    },
}

/// What is wrong with one table of an auth file.
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// A field that the scheme's type does not take.
    #[error("{field} does not apply to this scheme's type (it takes: {})", if takes.is_empty() { "nothing".to_owned() } else { takes.join(", ") })]
    FieldDoesNotApply {
        /// The field.
        field: &'static str,
        /// The fields the scheme's type takes.
        takes: Vec<&'static str>,
    },
    /// Alternatives of which exactly one must be given (`keys or keys_env`).
    #[error("give exactly one of {0}")]
    ExactlyOne(&'static str),
    /// An mTLS scheme, but client certificates are not verified.
    #[error("an mtlsSecurityScheme needs --tls-cert, --tls-key and --client-ca")]
    ClientCertificatesNotVerified,
    /// A bearer table without `issuer` or `audience`.
    #[error("bearer tokens need issuer and audience")]
    IssuerAndAudience,
    /// The scheme in the card has no single type.
    #[error("the card's scheme has no single type, so nothing can verify it")]
    NoSingleType,
    /// `jwks_url` or `discover` in a build without the `jwks-fetch` feature.
    #[error("jwks_url and discover need a2a-card's feature jwks-fetch")]
    FetchingNotBuilt,
    /// The keys or users given cannot make a verifier.
    #[error("{0}")]
    Secrets(SecurityError),
    /// The key set or the JWT settings cannot make a verifier.
    #[error("{0}")]
    Jwt(JwtError),
}

/// Something in an accepted auth file worth telling whoever starts the server.
///
/// ```
/// use a2a_card_server::auth_file::AuthFileWarning;
/// let warning = AuthFileWarning::RepeatedKid { file: "auth.toml".into(), scheme: "bearer".into(), kid: "k1".into() };
/// assert_eq!(warning.to_string(), "auth.toml: [bearer]: several keys of the key set share kid \"k1\"; tokens naming it are checked with each");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AuthFileWarning {
    /// Several keys of a table's key set share a kid.
    RepeatedKid {
        /// The file, as messages name it.
        file: String,
        /// The table's name.
        scheme: String,
        /// The repeated kid.
        kid: String,
    },
}

impl std::fmt::Display for AuthFileWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AuthFileWarning::RepeatedKid { file, scheme, kid } => write!(
                f,
                "{file}: [{scheme}]: several keys of the key set share kid {kid:?}; tokens naming it are checked with each"
            ),
        }
    }
}

a2a_card::debug_as_display!(AuthFileError, TableError);
