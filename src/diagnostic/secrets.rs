//! Secret detection: whether a value looks like a credential (a token, a key, a password,
//! a URL carrying one). Used by validation (a secret in a public card is a leak) and by every
//! message that quotes a value (see [`shown`](super::shown)), so no diagnostic repeats a secret.

/// Words that, anywhere in a field name (lowercased, alphanumerics only), say the field
/// holds a secret: `apiToken`, `x-api-key`, `client_secret`, `dbPassword`.
const SECRET_WORDS: &[&str] = &[
    "token",
    "secret",
    "password",
    "passwd",
    "apikey",
    "privatekey",
    "credential",
    "accesskey",
];

/// Field names that hold a secret only when they are the whole name.
const SECRET_NAMES: &[&str] = &["authorization"];

/// Weaker hints in a field name (`signingKey`, `auth`, `sessionCookie`): only a long,
/// random-looking value under such a name is reported.
const KEYISH_WORDS: &[&str] = &["key", "auth", "pass", "pwd", "session", "cookie", "bearer"];

/// Endings of field names that describe or locate a secret rather than hold it:
/// `tokenUrl`, `apiKeyName`, `tokenType`, `tokenEndpointAuthMethodsSupported`.
const REFERENCE_SUFFIXES: &[&str] = &[
    "url",
    "urls",
    "uri",
    "uris",
    "endpoint",
    "path",
    "id",
    "ids",
    "name",
    "names",
    "type",
    "types",
    "format",
    "method",
    "methods",
    "header",
    "location",
    "supported",
    "required",
    "hint",
    "fingerprint",
    "thumbprint",
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

fn normalized_key(key: &str) -> String {
    key.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// How strongly a field name says its value is a secret.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum NameHint {
    None,
    /// Only a long random-looking value is reported (`signingKey`, and `tokenUrl` and the
    /// like, which name a secret but normally hold something else).
    Weak,
    /// Any single-word value is reported (`apiToken`, `x-api-key`, `client_secret`).
    Strong,
}

fn name_hint(key: &str) -> NameHint {
    let key = normalized_key(key);
    // A name that ends in the word holds the secret (`apiToken`, `dbPassword`); one that only
    // contains it usually describes something else (`maxTokens`, `tokenizer`,
    // `passwordPolicy`, `credentialProvider`) and needs a random-looking value.
    let holder =
        SECRET_NAMES.contains(&key.as_str()) || SECRET_WORDS.iter().any(|w| key.ends_with(w));
    let secret_word = SECRET_WORDS.iter().any(|w| key.contains(w));
    let reference = REFERENCE_SUFFIXES.iter().any(|s| key.ends_with(s));
    if holder && !reference {
        NameHint::Strong
    } else if secret_word
        || (KEYISH_WORDS.iter().any(|w| key.contains(w)) && !key.contains("public") && !reference)
    {
        NameHint::Weak
    } else {
        NameHint::None
    }
}

/// What kind of secret `text` looks like, if any. `key` is the name of the field (or map
/// key) holding it, when known.
pub(crate) fn secret_kind(key: Option<&str>, text: &str) -> Option<&'static str> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let hint = key.map_or(NameHint::None, name_hint);
    // Prose (whitespace) and URLs are never a secret by their field name alone; URLs are
    // still checked for embedded credentials below.
    let single_word = !text.contains(char::is_whitespace) && !text.contains("://");
    if hint == NameHint::Strong && single_word && text.len() >= 6 {
        return Some("a secret (by its field name)");
    }
    if hint >= NameHint::Weak && single_word && long_random(text) {
        return Some("a secret (a long random string under a secret-like field name)");
    }
    if let Some((scheme, credential)) = text.split_once(char::is_whitespace) {
        // "Bearer <one random token>" / "Basic <base64>", not prose such as
        // "Bearer tokens from our IdP" or "Basic authentication".
        let credential = credential.trim();
        if (scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("basic"))
            && credential.len() >= 12
            && !credential.contains(char::is_whitespace)
            && looks_random(credential)
        {
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
            // The rest must look random: `sk-customer-support-router` is a slug, not a key.
            if rest.len() >= *min_rest && looks_random(rest) {
                return Some(kind);
            }
        }
    }
    if text.contains("://") || text.contains('?') {
        return url_secret(text);
    }
    None
}

/// A hex or base64 string of at least 32 characters mixing letters and digits.
fn long_random(text: &str) -> bool {
    text.len() >= 32
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=_-".contains(&b))
        && text.bytes().any(|b| b.is_ascii_alphabetic())
        && text.bytes().any(|b| b.is_ascii_digit())
        && looks_random(text)
}

/// Whether a single token (no whitespace) looks machine-generated rather than made of words.
/// Token characters only (RFC 7235 token68: letters, digits, `-._~+/`, trailing `=`), and one
/// of: base64 `=` padding; a run (between `-`, `_`, `.`) that switches between letters and
/// digits at least twice (`3f9a1c`, `abc123def`, not `router2024` or `v2`); or a run of at
/// least 12 letters with under 30% vowels (`dXNlcjpwYXNz`), which words do not have.
fn looks_random(token: &str) -> bool {
    let body = token.trim_end_matches('=');
    let padding = token.len() - body.len();
    if body.is_empty()
        || padding > 2
        || !body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~+/".contains(&b))
    {
        return false;
    }
    if padding > 0 && body.len() >= 8 && !body.contains(['.', '~']) {
        return true;
    }
    body.split(['-', '_', '.']).any(|run| {
        let switches = run
            .as_bytes()
            .windows(2)
            .filter(|w| w[0].is_ascii_digit() != w[1].is_ascii_digit())
            .filter(|w| w[0].is_ascii_alphanumeric() && w[1].is_ascii_alphanumeric())
            .count();
        if run.len() >= 6 && switches >= 2 {
            return true;
        }
        let letters = run.bytes().filter(u8::is_ascii_alphabetic).count();
        let vowels = run.bytes().filter(|b| b"aeiouAEIOU".contains(b)).count();
        letters >= 12 && letters == run.len() && vowels * 10 < letters * 3
    })
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

    #[test]
    fn authorization_header_values_are_found() {
        for text in [
            "Bearer 3f9a1c2b4d5e6f70",
            "Bearer abc123def456ghi789",
            "Basic dXNlcjpwYXNzd29yZA==",
            "Basic dXNlcjpwYXNz",
            "bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX2hlcmU",
        ] {
            assert_eq!(
                secret_kind(Some("description"), text),
                Some("an Authorization header value"),
                "{text}"
            );
        }
    }

    #[test]
    fn name_rule_skips_prose_urls_and_url_fields() {
        assert_eq!(
            secret_kind(Some("token"), "Issue tokens for the caller"),
            None
        );
        assert_eq!(
            secret_kind(Some("apiToken"), "See our docs for a token"),
            None
        );
        assert_eq!(
            secret_kind(Some("token"), "https://auth.example.com/oauth/token"),
            None
        );
        assert_eq!(
            secret_kind(Some("tokenUrl"), "https://auth.example.com/oauth/token"),
            None
        );
        assert_eq!(
            secret_kind(Some("tokenUrl"), "auth.example.com/oauth/token"),
            None
        );
        assert_eq!(secret_kind(Some("tokenUri"), "/oauth/token"), None);
        assert_eq!(secret_kind(Some("refreshTokenUrl"), "/oauth/refresh"), None);
        assert_eq!(secret_kind(Some("bearerFormat"), "JWT"), None);
        assert_eq!(secret_kind(Some("name"), "X-API-Key"), None);
        assert_eq!(secret_kind(Some("apiKeyName"), "X-API-Key"), None);
        assert_eq!(secret_kind(Some("tokenType"), "Bearer"), None);
        let methods = "client_secret_basic";
        assert_eq!(secret_kind(Some("tokenEndpointAuthMethod"), methods), None);
        // A URL under a secret-named field is still checked for embedded credentials.
        assert!(secret_kind(Some("token"), "https://a.example.com/?token=abc123").is_some());
    }

    #[test]
    fn provider_keys_are_found() {
        let cases = [
            ("sk-proj-3f9a1c2b4d5e6f708192a3b4", "an API secret key"),
            ("ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "a GitHub token"),
            (
                "xoxb-123456789012-1234567890123-AbC1dEf2GhI3jKl4MnO5",
                "a Slack bot token",
            ),
            ("AKIAIOSFODNN7EXAMPLE", "an AWS access key id"),
            (
                "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
                "a Google API key",
            ),
            ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", "a Stripe secret key"),
        ];
        for (text, kind) in cases {
            assert_eq!(secret_kind(None, text), Some(kind), "{text}");
        }
    }

    #[test]
    fn names_that_only_mention_a_secret_word_need_a_random_value() {
        for (key, value) in [
            ("maxTokens", "100000"),
            ("tokenizer", "cl100k_base"),
            ("passwordPolicy", "strong"),
            ("credentialProvider", "google"),
        ] {
            assert!(secret_kind(Some(key), value).is_none(), "{key}: {value}");
        }
        let hex = "3f9a1c2b4d5e6f708192a3b4c5d6e7f8";
        assert!(secret_kind(Some("tokenizerSeed"), hex).is_some());
        assert!(secret_kind(Some("dbPassword"), "hunter22").is_some());
    }

    #[test]
    fn long_random_values_under_secret_like_names_are_found() {
        let hex = "3f9a1c2b4d5e6f708192a3b4c5d6e7f8";
        let b64 = "q8JkL2mN4pR6sT8vX0zB3dF5hJ7kM9nP1rS3tV5xZ7Q=";
        for key in [
            "sessionKey",
            "hmacKey",
            "tokenType",
            "apiKeyHeader",
            "cookie",
        ] {
            assert!(secret_kind(Some(key), hex).is_some(), "{key}");
            assert!(secret_kind(Some(key), b64).is_some(), "{key}");
        }
        // Public material and identifiers are not secrets.
        assert_eq!(secret_kind(Some("publicKey"), b64), None);
        assert_eq!(secret_kind(Some("keyId"), hex), None);
        assert_eq!(secret_kind(Some("digest"), hex), None);
        // Short or word-like values under a weak name are not reported.
        assert_eq!(secret_kind(Some("signingKey"), "primary-rsa"), None);
    }
}
