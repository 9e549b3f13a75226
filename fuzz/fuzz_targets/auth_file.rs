//! The `--auth` file of `a2a-card serve`: any text as the TOML file, for the extended-card
//! fixture's cards (API keys in header, query and cookie, Basic, bearer JWT, mTLS). Never a
//! panic; and an error message never quotes a secret of the file (`keys`, `users`).
#![no_main]

use std::sync::OnceLock;

use a2a_card::AgentCard;
use a2a_card_server::auth_file::AuthFile;
use libfuzzer_sys::fuzz_target;

fn cards() -> &'static (AgentCard, AgentCard) {
    static CARDS: OnceLock<(AgentCard, AgentCard)> = OnceLock::new();
    CARDS.get_or_init(a2a_card_fuzz::extended_cards)
}

/// Strings under `keys` / `users` that look like secrets (a letter and a digit, 6+ bytes)
/// and are not also part of a name or of another string; `jwks_file` paths, so only files named without a
/// directory are read (never a device or a FIFO).
fn walk(
    value: &toml::Value,
    field: Option<&str>,
    names: &mut Vec<String>,
    secrets: &mut Vec<String>,
    paths: &mut Vec<String>,
) {
    match value {
        toml::Value::Table(table) => {
            for (name, value) in table {
                names.push(name.clone());
                walk(value, Some(name), names, secrets, paths);
            }
        }
        toml::Value::Array(items) => items
            .iter()
            .for_each(|v| walk(v, field, names, secrets, paths)),
        toml::Value::String(s) if field == Some("jwks_file") => {
            names.push(s.clone());
            paths.push(s.clone());
        }
        toml::Value::String(s) if matches!(field, Some("keys" | "users")) => {
            for part in [
                s.as_str(),
                s.split_once(':').map_or("", |(_, password)| password),
            ] {
                let alnum = part.bytes().any(|b| b.is_ascii_alphabetic())
                    && part.bytes().any(|b| b.is_ascii_digit());
                if part.len() >= 6 && alnum {
                    secrets.push(part.to_owned());
                }
            }
        }
        // Other strings may be quoted in messages, so a "secret" inside one tells nothing.
        toml::Value::String(s) => names.push(s.clone()),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (mut names, mut secrets, mut paths) = (Vec::new(), Vec::new(), Vec::new());
    if let Ok(value) = text.parse::<toml::Table>() {
        walk(
            &toml::Value::Table(value),
            None,
            &mut names,
            &mut secrets,
            &mut paths,
        );
    }
    if paths
        .iter()
        .any(|p| p.contains(['/', '\\']) || p.is_empty())
    {
        return;
    }
    secrets.retain(|s| !names.iter().any(|n| n.contains(s.as_str())));
    let (public, extended) = cards();
    for client_ca in [false, true] {
        let file = AuthFile::new(public)
            .extended_card(extended)
            .named("auth.toml")
            .client_certificates_verified(client_ca);
        if let Err(error) = file.read(text) {
            let message = error.to_string();
            for secret in &secrets {
                assert!(
                    !message.contains(secret.as_str()),
                    "{message:?} quotes the secret {secret:?}"
                );
            }
        }
    }
});
