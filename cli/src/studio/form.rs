//! A card from a form: service details in plain fields (what a web form posts, such as the
//! studio's generator) turned into a v1.0 card through the typed model, so the output is the
//! same normalized ProtoJSON that `a2a-card migrate` prints.
//!
//! Optional fields left empty are omitted; REQUIRED ones are kept even when empty, so that
//! validation names what is still missing instead of the form guessing.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use a2a_card::AgentCard;

/// A card described in plain fields, as a web form sends it (JSON, camelCase). Every field
/// is optional; unknown fields are refused so a typo is not silently dropped. Security
/// schemes carry a `type` (`apiKey`, `http`, `oauth2`, `openIdConnect`, `mtls`) as v0.3
/// spelled it, which people know.
#[derive(Debug, Default, Deserialize)]
#[serde(
    rename_all = "camelCase",
    deny_unknown_fields,
    default,
    expecting = "a generator form: an object with name, description, version, interfaces, skills, ..."
)]
pub(crate) struct CardForm {
    name: String,
    description: String,
    version: String,
    provider: Provider,
    documentation_url: String,
    icon_url: String,
    interfaces: Vec<Interface>,
    capabilities: Capabilities,
    default_input_modes: Vec<String>,
    default_output_modes: Vec<String>,
    skills: Vec<Skill>,
    security_schemes: Vec<Scheme>,
    /// Each entry is one alternative (OR): scheme name -> scopes, every scheme required (AND).
    security_requirements: Vec<BTreeMap<String, Vec<String>>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Provider {
    organization: String,
    url: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct Interface {
    url: String,
    protocol_binding: String,
    protocol_version: String,
    tenant: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct Capabilities {
    streaming: bool,
    push_notifications: bool,
    extended_agent_card: bool,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Skill {
    id: String,
    name: String,
    description: String,
    tags: Vec<String>,
    examples: Vec<String>,
}

/// A named security scheme; `type` says which variant (as v0.3 spelled it, which people know).
#[derive(Debug, Deserialize)]
struct Scheme {
    name: String,
    #[serde(default)]
    description: String,
    #[serde(flatten)]
    kind: SchemeKind,
}

#[derive(Debug, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    expecting = "a scheme type: apiKey, http, oauth2, openIdConnect or mtls"
)]
enum SchemeKind {
    ApiKey {
        #[serde(default)]
        location: String,
        #[serde(default)]
        key_name: String,
    },
    Http {
        #[serde(default)]
        scheme: String,
        #[serde(default)]
        bearer_format: String,
    },
    Oauth2 {
        /// authorizationCode, clientCredentials or deviceCode (the deprecated flows are left
        /// out on purpose).
        #[serde(default)]
        flow: String,
        #[serde(default)]
        authorization_url: String,
        #[serde(default)]
        token_url: String,
        #[serde(default)]
        device_authorization_url: String,
        #[serde(default)]
        scopes: BTreeMap<String, String>,
    },
    OpenIdConnect {
        #[serde(default)]
        open_id_connect_url: String,
    },
    Mtls {},
}

/// Puts `value` under `key` unless it is empty (optional fields are omitted, not sent empty).
fn put_text(object: &mut Map<String, Value>, key: &str, value: &str) {
    let value = value.trim();
    if !value.is_empty() {
        object.insert(key.to_owned(), json!(value));
    }
}

/// Trimmed, non-empty entries of a list field.
fn entries(list: &[String]) -> Vec<&str> {
    list.iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect()
}

impl CardForm {
    /// The card the form describes, as indented v1.0 ProtoJSON.
    pub(crate) fn to_card_json(&self) -> String {
        match AgentCard::from_value(self.to_value()) {
            Ok(read) => read.card.to_json_pretty(),
            // Every value built here has the type the model reads; if that ever breaks, the
            // raw value still shows the user what the form produced.
            Err(_) => serde_json::to_string_pretty(&self.to_value()).unwrap_or_default(),
        }
    }

    fn to_value(&self) -> Value {
        let mut card = Map::new();
        card.insert("name".into(), json!(self.name.trim()));
        card.insert("description".into(), json!(self.description.trim()));
        let interfaces: Vec<Value> = self.interfaces.iter().map(Interface::to_value).collect();
        card.insert("supportedInterfaces".into(), json!(interfaces));
        let mut provider = Map::new();
        put_text(&mut provider, "organization", &self.provider.organization);
        put_text(&mut provider, "url", &self.provider.url);
        if !provider.is_empty() {
            card.insert("provider".into(), Value::Object(provider));
        }
        card.insert("version".into(), json!(self.version.trim()));
        put_text(&mut card, "documentationUrl", &self.documentation_url);
        put_text(&mut card, "iconUrl", &self.icon_url);
        // Unset capabilities are left out: false is what a reader assumes anyway.
        let c = &self.capabilities;
        let declared = [
            ("streaming", c.streaming),
            ("pushNotifications", c.push_notifications),
            ("extendedAgentCard", c.extended_agent_card),
        ];
        let capabilities: Map<String, Value> = declared
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| ((*name).to_owned(), json!(true)))
            .collect();
        card.insert("capabilities".into(), Value::Object(capabilities));
        if !self.security_schemes.is_empty() {
            let schemes: Map<String, Value> = self
                .security_schemes
                .iter()
                .map(|s| (s.name.trim().to_owned(), s.to_value()))
                .collect();
            card.insert("securitySchemes".into(), Value::Object(schemes));
        }
        let requirements: Vec<Value> = self
            .security_requirements
            .iter()
            .map(|requirement| {
                let schemes: Map<String, Value> = requirement
                    .iter()
                    .map(|(name, scopes)| {
                        (name.trim().to_owned(), json!({"list": entries(scopes)}))
                    })
                    .collect();
                json!({ "schemes": schemes })
            })
            .collect();
        if !requirements.is_empty() {
            card.insert("securityRequirements".into(), json!(requirements));
        }
        card.insert(
            "defaultInputModes".into(),
            json!(entries(&self.default_input_modes)),
        );
        card.insert(
            "defaultOutputModes".into(),
            json!(entries(&self.default_output_modes)),
        );
        let skills: Vec<Value> = self.skills.iter().map(Skill::to_value).collect();
        card.insert("skills".into(), json!(skills));
        Value::Object(card)
    }
}

impl Interface {
    fn to_value(&self) -> Value {
        let mut interface = Map::new();
        interface.insert("url".into(), json!(self.url.trim()));
        interface.insert(
            "protocolBinding".into(),
            json!(self.protocol_binding.trim()),
        );
        interface.insert(
            "protocolVersion".into(),
            json!(self.protocol_version.trim()),
        );
        put_text(&mut interface, "tenant", &self.tenant);
        Value::Object(interface)
    }
}

impl Skill {
    fn to_value(&self) -> Value {
        let mut skill = Map::new();
        skill.insert("id".into(), json!(self.id.trim()));
        skill.insert("name".into(), json!(self.name.trim()));
        skill.insert("description".into(), json!(self.description.trim()));
        skill.insert("tags".into(), json!(entries(&self.tags)));
        let examples = entries(&self.examples);
        if !examples.is_empty() {
            skill.insert("examples".into(), json!(examples));
        }
        Value::Object(skill)
    }
}

impl Scheme {
    fn to_value(&self) -> Value {
        let mut fields = Map::new();
        let wrapper = match &self.kind {
            SchemeKind::ApiKey { location, key_name } => {
                fields.insert("location".into(), json!(location.trim()));
                fields.insert("name".into(), json!(key_name.trim()));
                "apiKeySecurityScheme"
            }
            SchemeKind::Http {
                scheme,
                bearer_format,
            } => {
                fields.insert("scheme".into(), json!(scheme.trim()));
                put_text(&mut fields, "bearerFormat", bearer_format);
                "httpAuthSecurityScheme"
            }
            SchemeKind::Oauth2 {
                flow,
                authorization_url,
                token_url,
                device_authorization_url,
                scopes,
            } => {
                let mut details = Map::new();
                if flow == "authorizationCode" {
                    details.insert("authorizationUrl".into(), json!(authorization_url.trim()));
                }
                if flow == "deviceCode" {
                    let url = device_authorization_url.trim();
                    details.insert("deviceAuthorizationUrl".into(), json!(url));
                }
                details.insert("tokenUrl".into(), json!(token_url.trim()));
                details.insert("scopes".into(), json!(scopes));
                fields.insert("flows".into(), json!({ flow.trim(): details }));
                "oauth2SecurityScheme"
            }
            SchemeKind::OpenIdConnect {
                open_id_connect_url,
            } => {
                fields.insert("openIdConnectUrl".into(), json!(open_id_connect_url.trim()));
                "openIdConnectSecurityScheme"
            }
            SchemeKind::Mtls {} => "mtlsSecurityScheme",
        };
        put_text(&mut fields, "description", &self.description);
        json!({ wrapper: fields })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_gives_a_card_the_model_reads() -> Result<(), Box<dyn std::error::Error>> {
        let form: CardForm = serde_json::from_str(
            r#"{
  "name": "Route Planner", "description": "Plans driving routes.", "version": "1.0.0",
  "interfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
                  "protocolVersion": "1.0"}],
  "skills": [{"id": "route", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}],
  "securitySchemes": [{"name": "key", "type": "apiKey", "location": "header", "keyName": "X-API-Key"}],
  "securityRequirements": [{"key": []}]
}"#,
        )?;
        let card = AgentCard::from_json_str(&form.to_card_json())?;
        assert_eq!(card.name, "Route Planner");
        assert!(card.security_schemes.contains_key("key"));
        Ok(())
    }

    #[test]
    fn a_full_form_gives_a_card_without_diagnostics() {
        let form: CardForm = serde_json::from_value(json!({
            "name": "Route Planner",
            "description": "Plans driving routes with live traffic and road closures.",
            "version": "1.0.0",
            "provider": {"organization": "Example Maps", "url": "https://maps.example.com"},
            "interfaces": [{"url": "https://routes.example.com/a2a", "protocolBinding": "JSONRPC",
                            "protocolVersion": "1.0"}],
            "capabilities": {"streaming": true},
            "defaultInputModes": ["text/plain", " "], "defaultOutputModes": ["application/json"],
            "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
                        "tags": ["maps"], "examples": ["Lyon to Turin"]}],
            "securitySchemes": [
                {"name": "key", "type": "apiKey", "location": "header", "keyName": "X-API-Key"},
                {"name": "oauth", "type": "oauth2", "flow": "clientCredentials",
                 "tokenUrl": "https://auth.example.com/token", "scopes": {"read": "Read routes"}}
            ],
            "securityRequirements": [{"key": []}, {"oauth": ["read"]}]
        }))
        .unwrap();
        let text = form.to_card_json();
        let report =
            a2a_card::validate::validate_document(text.as_bytes(), Default::default(), None)
                .unwrap();
        assert!(
            report.diagnostics.is_empty(),
            "{:?}\n{text}",
            report.diagnostics
        );
        assert!(
            text.contains(r#""tokenUrl": "https://auth.example.com/token""#),
            "{text}"
        );
        assert!(
            !text.contains("documentationUrl"),
            "empty optional fields are left out"
        );
    }

    #[test]
    fn an_empty_form_gives_a_card_that_names_what_is_missing() {
        let text = CardForm::default().to_card_json();
        let report =
            a2a_card::validate::validate_document(text.as_bytes(), Default::default(), None)
                .unwrap();
        let pointers: Vec<&str> = report
            .diagnostics
            .iter()
            .map(|d| d.pointer.as_str())
            .collect();
        for required in [
            "/name",
            "/supportedInterfaces",
            "/skills",
            "/defaultInputModes",
        ] {
            assert!(pointers.contains(&required), "{pointers:?}");
        }
    }

    #[test]
    fn unknown_scheme_types_and_fields_are_refused_by_name() {
        let error = serde_json::from_str::<CardForm>(
            r#"{"securitySchemes": [{"name": "x", "type": "magic"}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("magic"), "{error}");
        let error = serde_json::from_str::<CardForm>(r#"{"nmae": "x"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("nmae"), "{error}");
    }
}
