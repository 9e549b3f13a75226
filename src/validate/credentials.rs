//! Finds values that look like credentials. The card is a public document: a secret in it
//! is leaked. Messages name the kind of secret found, never the secret itself.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic, pointer_push, secret_kind};

/// Fields whose object value maps names to descriptions (OAuth `scopes`): its keys are not
/// field names, so a scope called `token` says nothing about its description.
const NAME_MAPS: &[&str] = &["scopes"];

/// Walks a card document (skipping `signatures`, whose values are public by design).
pub(crate) fn check(doc: &Value, out: &mut Vec<Diagnostic>) {
    walk(doc, "", None, out);
}

fn walk(value: &Value, pointer: &str, key: Option<&str>, out: &mut Vec<Diagnostic>) {
    match value {
        Value::Object(fields) => {
            let keys_are_names = key.is_some_and(|k| NAME_MAPS.contains(&k));
            for (name, child) in fields {
                if pointer.is_empty() && name == "signatures" {
                    continue;
                }
                let child_key = if keys_are_names && !child.is_object() {
                    None
                } else {
                    Some(name.as_str())
                };
                walk(child, &pointer_push(pointer, name), child_key, out);
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

#[cfg(test)]
mod tests {
    use super::check;
    use crate::diagnostic::secret_kind;
    use serde_json::json;

    /// Pointers of the values `check` reports in `doc`.
    fn flagged(doc: serde_json::Value) -> Vec<String> {
        let mut out = Vec::new();
        check(&doc, &mut out);
        out.into_iter().map(|d| d.pointer).collect()
    }

    #[test]
    fn auth_scheme_descriptions_are_not_header_values() {
        for text in [
            "Basic authentication",
            "Bearer authentication",
            "Bearer tokens from our IdP",
            "Bearer authorization",
            "Bearer YOUR_ACCESS_TOKEN",
            "Bearer <token>",
        ] {
            assert_eq!(secret_kind(Some("description"), text), None, "{text}");
            assert_eq!(secret_kind(None, text), None, "{text}");
        }
        let card = json!({"securitySchemes": {
            "basic": {"httpAuthSecurityScheme": {"scheme": "Basic",
                "description": "Basic authentication"}},
            "bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT",
                "description": "Bearer authentication"}}
        }});
        assert!(flagged(card).is_empty());
    }

    #[test]
    fn scope_names_are_not_field_names() {
        let card = json!({"securitySchemes": {"oauth": {"oauth2SecurityScheme": {"flows": {
            "clientCredentials": {
                "tokenUrl": "https://auth.example.com/oauth/token",
                "scopes": {
                    "token": "Issue tokens for the caller",
                    "password": "resetting",
                    "secret": "manage-secrets"
                }
            }
        }}}}});
        assert!(flagged(card).is_empty());
    }

    #[test]
    fn prefixed_slugs_are_not_keys() {
        assert_eq!(secret_kind(Some("id"), "sk-customer-support-router"), None);
        assert_eq!(secret_kind(None, "sk-customer-support-router"), None);
        assert_eq!(secret_kind(None, "sk-customer-support-router-v2"), None);
        assert_eq!(secret_kind(None, "xoxb-notifications-relay-bot"), None);
        assert_eq!(secret_kind(None, "ghp_repository_maintenance_helper"), None);
        assert_eq!(secret_kind(None, "AIza-maps-integration-for-routing"), None);
        let card = json!({"skills": [{"id": "sk-customer-support-router",
            "name": "Customer support router", "tags": ["sk-customer-support-router"]}]});
        assert!(flagged(card).is_empty());
    }

    #[test]
    fn secret_named_extension_params_are_found() {
        let hex = "3f9a1c2b4d5e6f708192a3b4c5d6e7f8";
        let card = json!({"capabilities": {"extensions": [{
            "uri": "https://example.com/ext/auth",
            "params": {
                "apiToken": hex,
                "x-api-key": hex,
                "authToken": "a1b2c3d4e5",
                "client_secret": "s3cr3t-value",
                "dbPassword": "hunter22",
                "signingKey": "q8JkL2mN4pR6sT8vX0zB3dF5hJ7kM9nP1rS3tV5xZ7=",
                "auth": hex,
                "tokenUrl": "https://auth.example.com/oauth/token",
                "description": "Pass the token in the X-API-Key header"
            }
        }]}});
        let base = "/capabilities/extensions/0/params";
        let mut found = flagged(card);
        found.sort();
        let mut want: Vec<String> = [
            "apiToken",
            "auth",
            "authToken",
            "client_secret",
            "dbPassword",
            "signingKey",
            "x-api-key",
        ]
        .iter()
        .map(|k| format!("{base}/{k}"))
        .collect();
        want.sort();
        assert_eq!(found, want);
    }

    #[test]
    fn messages_never_repeat_the_value() {
        let hex = "3f9a1c2b4d5e6f708192a3b4c5d6e7f8";
        let card = json!({"capabilities": {"extensions": [{"params": {"apiToken": hex}}]}});
        let mut out = Vec::new();
        check(&card, &mut out);
        assert_eq!(out.len(), 1);
        assert!(!out[0].message.contains(hex));
    }
}
