//! Finds values that look like credentials. The card is a public document: a secret in it
//! is leaked. Messages name the kind of secret found, never the secret itself.

use serde_json::Value;

use crate::diagnostic::{pointer_push, Code, Diagnostic};

/// Field names whose string values are secrets wherever they appear.
const SECRET_KEYS: &[&str] = &[
    "accesstoken",
    "apikey",
    "apisecret",
    "authorization",
    "bearertoken",
    "clientsecret",
    "credential",
    "credentials",
    "passwd",
    "password",
    "privatekey",
    "refreshtoken",
    "secret",
    "secretkey",
    "token",
];

/// Well-known prefixes of provider keys, with the minimum length of what follows.
const KEY_PREFIXES: &[(&str, &str, usize)] = &[
    ("sk-", "an API secret key", 16),
    ("sk_live_", "a Stripe secret key", 16),
    ("sk_test_", "a Stripe test key", 16),
    ("rk_live_", "a Stripe restricted key", 16),
    ("ghp_", "a GitHub token", 30),
    ("gho_", "a GitHub OAuth token", 30),
    ("github_pat_", "a GitHub token", 30),
    ("glpat-", "a GitLab token", 16),
    ("xoxb-", "a Slack bot token", 16),
    ("xoxp-", "a Slack user token", 16),
    ("AKIA", "an AWS access key id", 16),
    ("AIza", "a Google API key", 30),
];

/// Query parameters that carry secrets in URLs.
const SECRET_PARAMS: &[&str] = &[
    "access_token",
    "api_key",
    "apikey",
    "client_secret",
    "key",
    "password",
    "secret",
    "sig",
    "token",
];

/// Walks a card document (skipping `signatures`, whose values are public by design).
pub(crate) fn check(doc: &Value, out: &mut Vec<Diagnostic>) {
    walk(doc, "", None, out);
}

fn walk(value: &Value, pointer: &str, key: Option<&str>, out: &mut Vec<Diagnostic>) {
    match value {
        Value::Object(fields) => {
            for (name, child) in fields {
                if pointer.is_empty() && name == "signatures" {
                    continue;
                }
                walk(child, &pointer_push(pointer, name), Some(name), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &format!("{pointer}/{i}"), key, out);
            }
        }
        Value::String(text) => {
            if let Some(kind) = secret_kind(key, text) {
                out.push(Diagnostic::new(
                    Code::CredentialInCard,
                    pointer,
                    format!(
                        "this value looks like {kind}; the Agent Card is public, so remove it \
                         and rotate the secret (securitySchemes describe how to authenticate, \
                         never the credential)"
                    ),
                ));
            }
        }
        _ => {}
    }
}

fn normalized_key(key: &str) -> String {
    key.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// What kind of secret `text` looks like, if any.
pub(crate) fn secret_kind(key: Option<&str>, text: &str) -> Option<&'static str> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if key.is_some_and(|k| SECRET_KEYS.contains(&normalized_key(k).as_str())) && text.len() >= 6 {
        return Some("a secret (by its field name)");
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("bearer ") || lower.starts_with("basic ") {
        // "Bearer <one token>", not prose such as "Bearer tokens from our IdP".
        let credential = text.split_once(' ').map_or("", |(_, rest)| rest.trim());
        if credential.len() >= 12 && !credential.contains(char::is_whitespace) {
            return Some("an Authorization header value");
        }
    }
    if text.contains("-----BEGIN") && text.contains("PRIVATE KEY") {
        return Some("a private key");
    }
    if looks_like_jwt(text) {
        return Some("a JSON Web Token");
    }
    for (prefix, kind, min_rest) in KEY_PREFIXES {
        if let Some(rest) = text.strip_prefix(prefix) {
            let tokenish = rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
            if rest.len() >= *min_rest && tokenish {
                return Some(kind);
            }
        }
    }
    if lower.contains("://") || text.contains('?') {
        return url_secret(text);
    }
    None
}

fn looks_like_jwt(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    let b64url = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    parts.len() == 3
        && text.starts_with("eyJ")
        && parts[1].starts_with("eyJ")
        && parts.iter().all(|p| b64url(p))
}

fn url_secret(url: &str) -> Option<&'static str> {
    if let Some(start) = url.find("://") {
        let after_scheme = &url[start + 3..];
        let authority = after_scheme.split(['/', '?', '#']).next().unwrap_or("");
        if let Some((userinfo, _)) = authority.rsplit_once('@') {
            if userinfo.contains(':') {
                return Some("a URL with an embedded password");
            }
        }
    }
    let query = url.split_once('?')?.1.split('#').next().unwrap_or("");
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if !value.is_empty() && SECRET_PARAMS.contains(&name.to_ascii_lowercase().as_str()) {
            return Some("a URL carrying a secret query parameter");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::secret_kind;

    #[test]
    fn finds_secrets() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX2hlcmU";
        assert!(secret_kind(None, jwt).is_some());
        assert!(secret_kind(None, "Bearer abcdefghijklmnop").is_some());
        assert!(secret_kind(None, "sk-abcdefghijklmnopqrstuv").is_some());
        assert!(secret_kind(None, "AKIAABCDEFGHIJKLMNOP").is_some());
        assert!(secret_kind(None, "https://user:hunter2@agent.example.com/").is_some());
        assert!(secret_kind(None, "https://agent.example.com/a2a?api_key=abc123").is_some());
        assert!(secret_kind(Some("clientSecret"), "s3cr3t-value").is_some());
        assert!(secret_kind(None, "-----BEGIN PRIVATE KEY-----\nMIIE").is_some());
    }

    #[test]
    fn leaves_ordinary_values_alone() {
        assert!(secret_kind(Some("name"), "X-API-Key").is_none());
        assert!(secret_kind(Some("tokenUrl"), "https://auth.example.com/token").is_none());
        assert!(secret_kind(None, "https://agent.example.com/a2a?page=2").is_none());
        assert!(secret_kind(None, "sk-short").is_none());
        assert!(secret_kind(Some("description"), "Bearer tokens from our IdP").is_none());
        assert!(secret_kind(None, "Plans driving routes with live traffic.").is_none());
    }
}
