//! The auth file (feature `auth-file`): a TOML file with one table per security scheme of the
//! card, holding what the scheme's verifier needs, read into a [`CardSecurity`]. The card
//! says which kind of verifier each scheme gets; the file only supplies secrets and trust.
//! It is the `--auth` file of `a2a-card serve`.
//!
//! ```toml
//! [apiKey]                  # an apiKeySecurityScheme named "apiKey" in the card
//! keys = ["k1", "k2"]       # or keys_env = "AGENT_API_KEYS" (comma separated)
//! [basic]                   # httpAuthSecurityScheme with scheme Basic
//! users = ["alice:s3cret"]  # or users_env
//! [bearer]                  # httpAuthSecurityScheme Bearer, oauth2 or openIdConnect
//! jwks_file = "jwks.json"   # or (feature jwks-fetch) jwks_url = "https://...", or discover = true
//! issuer = "https://issuer.example"
//! audience = "my-agent"
//! token_type = "at+jwt"     # optional: require RFC 9068 access tokens
//! leeway_seconds = 30       # optional
//! [mtls]                    # needs client certificates verified by the TLS acceptor
//! ```
//!
//! `jwks_file` paths are read as given (relative to the working directory), at most
//! [`MAX_JWKS_FILE_BYTES`](a2a_card::security::jwt::MAX_JWKS_FILE_BYTES). Error messages never
//! quote a value of the file.
//!
//! ```
//! use a2a_card_server::auth_file::AuthFile;
//! # let card = a2a_card::AgentCard::from_json_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agent-card.json"))).unwrap();
//! // The card's one scheme is an API key named "apiKey".
//! let read = AuthFile::new(&card).named("auth.toml").read("[apiKey]\nkeys = [\"k1-7f3a9c\"]\n")?;
//! assert!(read.warnings.is_empty());
//! let _layer = a2a_card::security::RequireCardSecurityLayer::builder(read.security).build();
//! # Ok::<(), a2a_card_server::auth_file::AuthFileError>(())
//! ```

mod error;

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;

pub use error::{AuthFileError, AuthFileWarning, TableError};

use a2a_card::security::jwt::{JwksSource, JwtVerifier};
use a2a_card::security::{
    ApiKeys, BasicUsers, Bearer, CardSecurity, CardSecurityBuilder, MutualTls, SecurityError,
};
use a2a_card::{AgentCard, SchemeKind};

/// How to read an auth file: the cards it secures, how messages name it, and whether the
/// server verifies client certificates (which an mTLS scheme needs).
#[derive(Debug, Clone, Copy)]
pub struct AuthFile<'a> {
    public: &'a AgentCard,
    extended: Option<&'a AgentCard>,
    name: &'a str,
    client_certificates: bool,
}

/// An auth file read: the security to enforce, and what is worth a warning at start.
#[derive(Debug)]
#[non_exhaustive]
pub struct ReadAuthFile {
    /// A verifier for every scheme the cards require.
    pub security: CardSecurity,
    /// Worth printing when the server starts (a key set that repeats a kid).
    pub warnings: Vec<AuthFileWarning>,
}

impl<'a> AuthFile<'a> {
    /// The auth file of the `public` card's requirements; messages call it "auth file".
    pub fn new(public: &'a AgentCard) -> Self {
        AuthFile {
            public,
            extended: None,
            name: "auth file",
            client_certificates: false,
        }
    }

    /// Also the extended card: its schemes may have tables, and every scheme its skills
    /// require must have one (the extended-card layer checks the rest when it is built).
    pub fn extended_card(mut self, extended: &'a AgentCard) -> Self {
        self.extended = Some(extended);
        self
    }

    /// How messages name the file (its path, say).
    pub fn named(mut self, name: &'a str) -> Self {
        self.name = name;
        self
    }

    /// Whether the TLS acceptor verifies client certificates (and so puts a
    /// [`ClientCertificate`](a2a_card::security::ClientCertificate) in requests): without it a
    /// table for an mTLS scheme is refused.
    pub fn client_certificates_verified(mut self, verified: bool) -> Self {
        self.client_certificates = verified;
        self
    }

    /// Reads the file's text: a verifier for every table, checked against the public card's
    /// requirements and the extended card's skills.
    pub fn read(&self, text: &str) -> Result<ReadAuthFile, AuthFileError> {
        let file = || self.name.to_owned();
        // toml's own message quotes the offending line, which may hold a secret: say where
        // and what, never the text.
        let tables: BTreeMap<String, SchemeTable> = toml::from_str(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map(|span| line_and_column(text, span.start))
                .unwrap_or((0, 0));
            AuthFileError::Syntax {
                file: file(),
                line,
                column,
                message: without_values(e.message()),
            }
        })?;
        let (public, extended) = (self.public, self.extended);
        let mut builder = CardSecurity::builder(public);
        let named: Vec<String> = tables.keys().cloned().collect();
        let mut warnings = Vec::new();
        for (name, table) in tables {
            let declaring = if public.security_schemes.contains_key(&name) {
                public
            } else {
                match extended.filter(|c| c.security_schemes.contains_key(&name)) {
                    Some(card) => card,
                    None => {
                        return Err(AuthFileError::UnknownScheme {
                            file: file(),
                            declared: public.security_schemes.keys().cloned().collect(),
                            scheme: name,
                        });
                    }
                }
            };
            let kind = declaring.security_schemes.get(&name).and_then(|s| s.kind());
            let mut repeated = Vec::new();
            builder = self
                .with_verifier(builder, declaring, &name, kind, table, &mut repeated)
                .map_err(|problem| AuthFileError::Table {
                    file: file(),
                    scheme: name.clone(),
                    problem: Box::new(problem),
                })?;
            warnings.extend(
                repeated
                    .into_iter()
                    .map(|kid| AuthFileWarning::RepeatedKid {
                        file: file(),
                        scheme: name.clone(),
                        kid,
                    }),
            );
        }
        let security = builder.build().map_err(|error| match error {
            SecurityError::MissingVerifier(scheme) => AuthFileError::MissingTable {
                file: file(),
                scheme,
            },
            source => AuthFileError::Security {
                file: file(),
                source,
            },
        })?;
        // The extended card's skills may require schemes of their own: each needs a table too
        // (the extended-card layer checks the rest of their security when it is built).
        if let Some(extended) = extended {
            let required = extended
                .skills
                .iter()
                .flat_map(|skill| &skill.security_requirements)
                .flat_map(|requirement| requirement.schemes.keys());
            for scheme in required {
                if !named.contains(scheme) {
                    return Err(AuthFileError::MissingTable {
                        file: file(),
                        scheme: scheme.clone(),
                    });
                }
            }
        }
        Ok(ReadAuthFile { security, warnings })
    }

    fn with_verifier<'c>(
        &self,
        builder: CardSecurityBuilder<'c>,
        #[cfg_attr(not(feature = "jwks-fetch"), allow(unused_variables))] card: &AgentCard,
        name: &str,
        kind: Option<SchemeKind<'_>>,
        table: SchemeTable,
        repeated_kids: &mut Vec<String>,
    ) -> Result<CardSecurityBuilder<'c>, TableError> {
        let fields = Fields(&table);
        match kind {
            Some(SchemeKind::ApiKey(_)) => {
                fields.only(&["keys", "keys_env"])?;
                let keys = match (table.keys, table.keys_env) {
                    (Some(keys), None) => ApiKeys::new(keys),
                    (None, Some(variable)) => ApiKeys::from_env(&variable),
                    _ => return Err(TableError::ExactlyOne("keys or keys_env")),
                };
                Ok(builder.verifier(name, keys.map_err(TableError::Secrets)?))
            }
            Some(SchemeKind::HttpAuth(http)) if http.scheme.eq_ignore_ascii_case("basic") => {
                fields.only(&["users", "users_env"])?;
                let users = match (table.users, table.users_env) {
                    (Some(users), None) => BasicUsers::new(users),
                    (None, Some(variable)) => BasicUsers::from_env(&variable),
                    _ => return Err(TableError::ExactlyOne("users or users_env")),
                };
                Ok(builder.verifier(name, users.map_err(TableError::Secrets)?))
            }
            Some(SchemeKind::MutualTls(_)) => {
                fields.only(&[])?;
                if !self.client_certificates {
                    return Err(TableError::ClientCertificatesNotVerified);
                }
                Ok(builder.verifier(name, MutualTls))
            }
            Some(
                SchemeKind::HttpAuth(_) | SchemeKind::OAuth2(_) | SchemeKind::OpenIdConnect(_),
            ) => {
                fields.only(&[
                    "jwks_file",
                    "jwks_url",
                    "discover",
                    "issuer",
                    "audience",
                    "leeway_seconds",
                    "token_type",
                ])?;
                let keys = match (&table.jwks_file, &table.jwks_url, table.discover) {
                    (Some(file), None, None | Some(false)) => JwksSource::jwks_file(file),
                    #[cfg(feature = "jwks-fetch")]
                    (None, Some(url), None | Some(false)) => Ok(JwksSource::jwks_url(url.clone())),
                    #[cfg(feature = "jwks-fetch")]
                    (None, None, Some(true)) => JwksSource::from_card(card, name),
                    #[cfg(not(feature = "jwks-fetch"))]
                    (None, Some(_), None | Some(false)) | (None, None, Some(true)) => {
                        return Err(TableError::FetchingNotBuilt);
                    }
                    _ => {
                        return Err(TableError::ExactlyOne(
                            "jwks_file, jwks_url or discover = true",
                        ));
                    }
                }
                .map_err(TableError::Jwt)?;
                repeated_kids.extend(keys.repeated_kids());
                let (Some(issuer), Some(audience)) = (table.issuer, table.audience) else {
                    return Err(TableError::IssuerAndAudience);
                };
                let mut verifier = JwtVerifier::builder(keys).issuer(issuer).audience(audience);
                if let Some(seconds) = table.leeway_seconds {
                    verifier = verifier.leeway(std::time::Duration::from_secs(seconds));
                }
                if let Some(typ) = table.token_type {
                    verifier = verifier.token_type(typ);
                }
                let verifier = verifier.build().map_err(TableError::Jwt)?;
                Ok(builder.verifier(name, Bearer::new(verifier)))
            }
            None => Err(TableError::NoSingleType),
        }
    }
}

/// One table of the file. Which fields apply depends on the scheme's type in the card.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SchemeTable {
    keys: Option<Vec<String>>,
    keys_env: Option<String>,
    users: Option<Vec<String>>,
    users_env: Option<String>,
    jwks_file: Option<PathBuf>,
    jwks_url: Option<String>,
    discover: Option<bool>,
    issuer: Option<String>,
    audience: Option<String>,
    leeway_seconds: Option<u64>,
    token_type: Option<String>,
}

/// A TOML error message without the strings it quotes: serde's type errors quote the string
/// they got (`invalid type: string "k1-secret", expected a sequence`), and that string may be
/// a key or a password written in the wrong place. Each `string "..."` becomes `string "…"`.
fn without_values(message: &str) -> String {
    const QUOTED: &str = "string \"";
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find(QUOTED) {
        out.push_str(&rest[..at + QUOTED.len()]);
        out.push('…');
        // The string is quoted with Rust's escapes: `\"` does not close it.
        let mut chars = rest[at + QUOTED.len()..].chars();
        rest = "";
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => {
                    out.push('"');
                    rest = chars.as_str();
                    break;
                }
                _ => {}
            }
        }
    }
    out.push_str(rest);
    out
}

/// 1-based line and column (in characters) of a byte offset.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Which fields a table sets, to refuse ones that do not apply to its scheme's type.
struct Fields<'a>(&'a SchemeTable);

impl Fields<'_> {
    fn only(&self, allowed: &[&'static str]) -> Result<(), TableError> {
        let t = self.0;
        let set = [
            ("keys", t.keys.is_some()),
            ("keys_env", t.keys_env.is_some()),
            ("users", t.users.is_some()),
            ("users_env", t.users_env.is_some()),
            ("jwks_file", t.jwks_file.is_some()),
            ("jwks_url", t.jwks_url.is_some()),
            ("discover", t.discover.is_some()),
            ("issuer", t.issuer.is_some()),
            ("audience", t.audience.is_some()),
            ("leeway_seconds", t.leeway_seconds.is_some()),
            ("token_type", t.token_type.is_some()),
        ];
        match set
            .iter()
            .find(|(field, present)| *present && !allowed.contains(field))
        {
            Some((field, _)) => Err(TableError::FieldDoesNotApply {
                field,
                takes: allowed.to_vec(),
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;
