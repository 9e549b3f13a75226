//! The `--auth` file of `a2a-card serve`: one TOML table per security scheme of the card,
//! holding what the scheme's verifier needs. The card says which kind of verifier each
//! scheme gets; the file only supplies secrets and trust.
//!
//! ```toml
//! [apiKey]                  # an apiKeySecurityScheme named "apiKey" in the card
//! keys = ["k1", "k2"]       # or keys_env = "AGENT_API_KEYS" (comma separated)
//! [basic]                   # httpAuthSecurityScheme with scheme Basic
//! users = ["alice:s3cret"]  # or users_env
//! [bearer]                  # httpAuthSecurityScheme Bearer, oauth2 or openIdConnect
//! jwks_file = "jwks.json"   # or jwks_url = "https://...", or discover = true (from the card)
//! issuer = "https://issuer.example"
//! audience = "my-agent"
//! token_type = "at+jwt"     # optional: require RFC 9068 access tokens
//! [mtls]                    # needs --client-ca; a verified client certificate satisfies it
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use a2a_card::security::jwt::{JwksSource, JwtVerifier};
use a2a_card::security::{
    ApiKeys, BasicUsers, Bearer, CardSecurity, CardSecurityBuilder, MutualTls, SecurityError,
};
use a2a_card::{AgentCard, SchemeKind};
use serde::Deserialize;

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

/// What serving needs to know about TLS when it reads the file.
pub(crate) struct TlsFacts {
    pub(crate) client_ca: bool,
}

/// Builds the card's security from the auth file's text: a verifier for every table, checked
/// against the public card's requirements and the extended card's skills; `shown` names the
/// file in messages. (The caller reads the file, so the fuzz target `auth_file` can reach
/// this without one.)
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn from_text(
    public: &AgentCard,
    extended: Option<&AgentCard>,
    shown: &str,
    text: &str,
    tls: &TlsFacts,
) -> Result<CardSecurity, String> {
    noting(public, extended, shown, text, tls, &mut Vec::new())
}

/// [`from_text`], adding warnings worth printing at start to `warnings` (a key set that
/// repeats a kid).
pub(crate) fn noting(
    public: &AgentCard,
    extended: Option<&AgentCard>,
    shown: &str,
    text: &str,
    tls: &TlsFacts,
    warnings: &mut Vec<String>,
) -> Result<CardSecurity, String> {
    // toml's own message quotes the offending line, which may hold a secret: say where and
    // what, never the text.
    let tables: BTreeMap<String, SchemeTable> = toml::from_str(text).map_err(|e| {
        let (line, column) = e
            .span()
            .map(|span| line_and_column(text, span.start))
            .unwrap_or((0, 0));
        format!(
            "{shown}: line {line}, column {column}: {}",
            without_values(e.message())
        )
    })?;
    let mut builder = CardSecurity::builder(public);
    if let Some(extended) = extended {
        builder = builder.skills_of(extended);
    }
    for (name, table) in tables {
        let declaring = if public.security_schemes.contains_key(&name) {
            Some(public)
        } else {
            extended.filter(|c| c.security_schemes.contains_key(&name))
        };
        let scheme = declaring
            .and_then(|card| card.security_schemes.get(&name))
            .ok_or_else(|| {
                let declared: Vec<&str> =
                    public.security_schemes.keys().map(String::as_str).collect();
                format!(
                    "{shown}: [{name}] is not a security scheme of the card (declared: {})",
                    declared.join(", ")
                )
            })?;
        let declaring = declaring.unwrap_or(public);
        let mut repeated = Vec::new();
        builder = with_verifier(
            builder,
            declaring,
            &name,
            scheme.kind(),
            table,
            tls,
            &mut repeated,
        )
        .map_err(|message| format!("{shown}: [{name}]: {message}"))?;
        warnings.extend(repeated.into_iter().map(|kid| {
            format!(
                "{shown}: [{name}]: several keys of the key set share kid {kid:?}; tokens naming it are checked with each"
            )
        }));
    }
    builder.build().map_err(|error| match error {
        SecurityError::MissingVerifier(name) => format!(
            "security scheme {name:?} is required by the card but {shown} has no [{name}] table"
        ),
        other => format!("{shown}: {other}"),
    })
}

fn with_verifier<'c>(
    builder: CardSecurityBuilder<'c>,
    card: &AgentCard,
    name: &str,
    kind: Option<SchemeKind<'_>>,
    table: SchemeTable,
    tls: &TlsFacts,
    repeated_kids: &mut Vec<String>,
) -> Result<CardSecurityBuilder<'c>, String> {
    let fields = Fields(&table);
    match kind {
        Some(SchemeKind::ApiKey(_)) => {
            fields.only(&["keys", "keys_env"])?;
            let keys = match (table.keys, table.keys_env) {
                (Some(keys), None) => ApiKeys::new(keys),
                (None, Some(variable)) => ApiKeys::from_env(&variable),
                _ => return Err("give exactly one of keys or keys_env".into()),
            };
            Ok(builder.verifier(name, keys.map_err(|e| e.to_string())?))
        }
        Some(SchemeKind::HttpAuth(http)) if http.scheme.eq_ignore_ascii_case("basic") => {
            fields.only(&["users", "users_env"])?;
            let users = match (table.users, table.users_env) {
                (Some(users), None) => BasicUsers::new(users),
                (None, Some(variable)) => BasicUsers::from_env(&variable),
                _ => return Err("give exactly one of users or users_env".into()),
            };
            Ok(builder.verifier(name, users.map_err(|e| e.to_string())?))
        }
        Some(SchemeKind::MutualTls(_)) => {
            fields.only(&[])?;
            if !tls.client_ca {
                return Err(
                    "an mtlsSecurityScheme needs --tls-cert, --tls-key and --client-ca".into(),
                );
            }
            Ok(builder.verifier(name, MutualTls))
        }
        Some(SchemeKind::HttpAuth(_) | SchemeKind::OAuth2(_) | SchemeKind::OpenIdConnect(_)) => {
            fields.only(&[
                "jwks_file",
                "jwks_url",
                "discover",
                "issuer",
                "audience",
                "leeway_seconds",
            ])?;
            let keys = match (&table.jwks_file, &table.jwks_url, table.discover) {
                (Some(file), None, None | Some(false)) => JwksSource::jwks_file(file),
                (None, Some(url), None | Some(false)) => Ok(JwksSource::jwks_url(url.clone())),
                (None, None, Some(true)) => JwksSource::from_card(card, name),
                _ => {
                    return Err("give exactly one of jwks_file, jwks_url or discover = true".into())
                }
            }
            .map_err(|e| e.to_string())?;
            repeated_kids.extend(keys.repeated_kids());
            let (Some(issuer), Some(audience)) = (table.issuer, table.audience) else {
                return Err("bearer tokens need issuer and audience".into());
            };
            let mut verifier = JwtVerifier::builder(keys).issuer(issuer).audience(audience);
            if let Some(seconds) = table.leeway_seconds {
                verifier = verifier.leeway(std::time::Duration::from_secs(seconds));
            }
            if let Some(typ) = table.token_type {
                verifier = verifier.token_type(typ);
            }
            let verifier = verifier.build().map_err(|e| e.to_string())?;
            Ok(builder.verifier(name, Bearer::new(verifier)))
        }
        None => Err("the card's scheme has no single type, so nothing can verify it".into()),
    }
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
    fn only(&self, allowed: &[&str]) -> Result<(), String> {
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
            Some((field, _)) => Err(format!(
                "{field} does not apply to this scheme's type (it takes: {})",
                if allowed.is_empty() {
                    "nothing".to_owned()
                } else {
                    allowed.join(", ")
                }
            )),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        let card =
            AgentCard::from_json_slice(include_bytes!("../../tests/fixtures/extended/public.json"))
                .unwrap();
        let tls = TlsFacts { client_ca: false };
        match from_text(&card, None, "auth.toml", text, &tls) {
            Ok(_) => panic!("{text:?} was accepted"),
            Err(message) => message,
        }
    }

    /// Found by the fuzz target auth_file: serde's type error quoted the value, a secret.
    #[test]
    fn a_secret_of_the_wrong_type_is_not_quoted() {
        for text in [
            "[apiKey]\nkeys = \"k1-supersecret\"\n",
            "keys = [\"k1-supersecret\"]\n",
            "[basic]\nusers = \"alice:supersecret\"\n",
            "[basic]\nusers = \"alice:supersecret\\\"x\"\n",
            "[basic]\nusers = \"alice:x\\\"supersecret\"\n",
        ] {
            let message = error_of(text);
            assert!(message.contains("line "), "{message}");
            assert!(!message.contains("supersecret"), "{message}");
        }
        let message = error_of("[apiKey]\nkeys = \"k1-supersecret\"\n");
        assert!(message.contains("expected a sequence"), "{message}");
    }

    #[test]
    fn a_key_set_repeating_a_kid_is_warned_about() {
        use a2a_card::sign::{Algorithm, Jwks, SigningKey};
        let card = AgentCard::from_json_str(
            &serde_json::json!({
                "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                "securityRequirements": [{"schemes": {"bearer": {}}}],
            })
            .to_string(),
        )
        .unwrap();
        let key = || SigningKey::generate(Algorithm::EdDsa).unwrap();
        let jwks = Jwks {
            keys: vec![key().public_jwk("k1"), key().public_jwk("k1")],
        };
        let dir = std::env::temp_dir().join(format!("a2a-card-auth-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("jwks.json");
        std::fs::write(&path, jwks.to_json_pretty()).unwrap();
        let text = format!(
            "[bearer]\njwks_file = {:?}\nissuer = \"https://id.example\"\naudience = \"a\"\n",
            path.display().to_string()
        );
        let mut warnings = Vec::new();
        let tls = TlsFacts { client_ca: false };
        noting(&card, None, "auth.toml", &text, &tls, &mut warnings).unwrap();
        assert_eq!(
            warnings,
            ["auth.toml: [bearer]: several keys of the key set share kid \"k1\"; tokens naming it are checked with each"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn quoted_values_are_cut_from_messages() {
        assert_eq!(
            without_values(r#"invalid type: string "a\"b", expected `x`"#),
            "invalid type: string \"…\", expected `x`"
        );
        assert_eq!(
            without_values(r#"a string "x" and string "y"#),
            "a string \"…\" and string \"…"
        );
        assert_eq!(
            without_values("expected `\"`, found `=`"),
            "expected `\"`, found `=`"
        );
    }
}
