//! The JSON shape of the v1.0 card: which fields each message has, their JSON kind and
//! whether the proto marks them REQUIRED.
//!
//! The typed model cannot tell where in a document a wrong type sits (serde loses the path
//! through `#[serde(flatten)]`), and it reads a missing REQUIRED field as its default. This
//! table lets the shape check report both with an exact JSON pointer before the model is
//! built. It must follow the model: the tests below check that every field named here is a
//! field of the model and that the fields the model always writes are the REQUIRED ones.

/// The JSON kind a field holds.
#[derive(Debug)]
pub(crate) enum Kind {
    /// A JSON string.
    Str,
    /// A JSON boolean.
    Bool,
    /// Any JSON object (`google.protobuf.Struct`).
    AnyObject,
    /// A nested message.
    Message(&'static Message),
    /// A JSON array of the inner kind.
    List(&'static Kind),
    /// A JSON object whose values have the inner kind (proto `map<string, _>`).
    Map(&'static Kind),
}

/// Whether the proto marks a field REQUIRED. A REQUIRED string must be non-empty and a
/// REQUIRED repeated field must have at least one element (spec §5.7); a REQUIRED map or
/// message must be present but may be empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Presence {
    /// Implicit presence: a field at its default (empty string, `false`, empty list or map)
    /// is not set, and ProtoJSON leaves it out.
    Optional,
    /// The proto's `optional` keyword (explicit presence): set even at its default when the
    /// document has it (§8.4.1 rule 1 keeps `"streaming": false`).
    Explicit,
    Required,
}

/// One field of a message.
#[derive(Debug)]
pub(crate) struct Field {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
    pub(crate) presence: Presence,
}

/// A proto message as it appears in JSON.
#[derive(Debug)]
pub(crate) struct Message {
    pub(crate) name: &'static str,
    pub(crate) fields: &'static [Field],
}

use serde_json::Value;

use crate::diagnostic::pointer_push;
use Kind::*;
use Presence::*;

const fn f(name: &'static str, kind: Kind, presence: Presence) -> Field {
    Field {
        name,
        kind,
        presence,
    }
}

const STRINGS: Kind = List(&Str);

pub(crate) static AGENT_CARD: Message = Message {
    name: "AgentCard",
    fields: &[
        f("name", Str, Required),
        f("description", Str, Required),
        f(
            "supportedInterfaces",
            List(&Message(&AGENT_INTERFACE)),
            Required,
        ),
        f("provider", Message(&AGENT_PROVIDER), Optional),
        f("version", Str, Required),
        f("documentationUrl", Str, Explicit),
        f("capabilities", Message(&AGENT_CAPABILITIES), Required),
        f("securitySchemes", Map(&Message(&SECURITY_SCHEME)), Optional),
        f(
            "securityRequirements",
            List(&Message(&SECURITY_REQUIREMENT)),
            Optional,
        ),
        f("defaultInputModes", STRINGS, Required),
        f("defaultOutputModes", STRINGS, Required),
        f("skills", List(&Message(&AGENT_SKILL)), Required),
        f(
            "signatures",
            List(&Message(&AGENT_CARD_SIGNATURE)),
            Optional,
        ),
        f("iconUrl", Str, Explicit),
    ],
};

pub(crate) static AGENT_INTERFACE: Message = Message {
    name: "AgentInterface",
    fields: &[
        f("url", Str, Required),
        f("protocolBinding", Str, Required),
        f("tenant", Str, Optional),
        f("protocolVersion", Str, Required),
    ],
};

pub(crate) static AGENT_PROVIDER: Message = Message {
    name: "AgentProvider",
    fields: &[f("url", Str, Required), f("organization", Str, Required)],
};

pub(crate) static AGENT_CAPABILITIES: Message = Message {
    name: "AgentCapabilities",
    fields: &[
        f("streaming", Bool, Explicit),
        f("pushNotifications", Bool, Explicit),
        f("extensions", List(&Message(&AGENT_EXTENSION)), Optional),
        f("extendedAgentCard", Bool, Explicit),
    ],
};

pub(crate) static AGENT_EXTENSION: Message = Message {
    name: "AgentExtension",
    fields: &[
        f("uri", Str, Optional),
        f("description", Str, Optional),
        f("required", Bool, Optional),
        f("params", AnyObject, Optional),
    ],
};

pub(crate) static AGENT_SKILL: Message = Message {
    name: "AgentSkill",
    fields: &[
        f("id", Str, Required),
        f("name", Str, Required),
        f("description", Str, Required),
        f("tags", STRINGS, Required),
        f("examples", STRINGS, Optional),
        f("inputModes", STRINGS, Optional),
        f("outputModes", STRINGS, Optional),
        f(
            "securityRequirements",
            List(&Message(&SECURITY_REQUIREMENT)),
            Optional,
        ),
    ],
};

pub(crate) static AGENT_CARD_SIGNATURE: Message = Message {
    name: "AgentCardSignature",
    fields: &[
        f("protected", Str, Required),
        f("signature", Str, Required),
        f("header", AnyObject, Optional),
    ],
};

pub(crate) static SECURITY_REQUIREMENT: Message = Message {
    name: "SecurityRequirement",
    fields: &[f("schemes", Map(&Message(&STRING_LIST)), Optional)],
};

pub(crate) static STRING_LIST: Message = Message {
    name: "StringList",
    fields: &[f("list", STRINGS, Optional)],
};

pub(crate) static SECURITY_SCHEME: Message = Message {
    name: "SecurityScheme",
    fields: &[
        f("apiKeySecurityScheme", Message(&API_KEY_SCHEME), Optional),
        f(
            "httpAuthSecurityScheme",
            Message(&HTTP_AUTH_SCHEME),
            Optional,
        ),
        f("oauth2SecurityScheme", Message(&OAUTH2_SCHEME), Optional),
        f(
            "openIdConnectSecurityScheme",
            Message(&OIDC_SCHEME),
            Optional,
        ),
        f("mtlsSecurityScheme", Message(&MTLS_SCHEME), Optional),
    ],
};

pub(crate) static API_KEY_SCHEME: Message = Message {
    name: "APIKeySecurityScheme",
    fields: &[
        f("description", Str, Optional),
        f("location", Str, Required),
        f("name", Str, Required),
    ],
};

pub(crate) static HTTP_AUTH_SCHEME: Message = Message {
    name: "HTTPAuthSecurityScheme",
    fields: &[
        f("description", Str, Optional),
        f("scheme", Str, Required),
        f("bearerFormat", Str, Optional),
    ],
};

pub(crate) static OAUTH2_SCHEME: Message = Message {
    name: "OAuth2SecurityScheme",
    fields: &[
        f("description", Str, Optional),
        f("flows", Message(&OAUTH_FLOWS), Required),
        f("oauth2MetadataUrl", Str, Optional),
    ],
};

pub(crate) static OIDC_SCHEME: Message = Message {
    name: "OpenIdConnectSecurityScheme",
    fields: &[
        f("description", Str, Optional),
        f("openIdConnectUrl", Str, Required),
    ],
};

pub(crate) static MTLS_SCHEME: Message = Message {
    name: "MutualTlsSecurityScheme",
    fields: &[f("description", Str, Optional)],
};

pub(crate) static OAUTH_FLOWS: Message = Message {
    name: "OAuthFlows",
    fields: &[
        f(
            "authorizationCode",
            Message(&AUTHORIZATION_CODE_FLOW),
            Optional,
        ),
        f(
            "clientCredentials",
            Message(&CLIENT_CREDENTIALS_FLOW),
            Optional,
        ),
        f("implicit", Message(&IMPLICIT_FLOW), Optional),
        f("password", Message(&PASSWORD_FLOW), Optional),
        f("deviceCode", Message(&DEVICE_CODE_FLOW), Optional),
    ],
};

const SCOPES: Kind = Map(&Str);

pub(crate) static AUTHORIZATION_CODE_FLOW: Message = Message {
    name: "AuthorizationCodeOAuthFlow",
    fields: &[
        f("authorizationUrl", Str, Required),
        f("tokenUrl", Str, Required),
        f("refreshUrl", Str, Optional),
        f("scopes", SCOPES, Required),
        f("pkceRequired", Bool, Optional),
    ],
};

pub(crate) static CLIENT_CREDENTIALS_FLOW: Message = Message {
    name: "ClientCredentialsOAuthFlow",
    fields: &[
        f("tokenUrl", Str, Required),
        f("refreshUrl", Str, Optional),
        f("scopes", SCOPES, Required),
    ],
};

pub(crate) static IMPLICIT_FLOW: Message = Message {
    name: "ImplicitOAuthFlow",
    fields: &[
        f("authorizationUrl", Str, Optional),
        f("refreshUrl", Str, Optional),
        f("scopes", SCOPES, Optional),
    ],
};

pub(crate) static PASSWORD_FLOW: Message = Message {
    name: "PasswordOAuthFlow",
    fields: &[
        f("tokenUrl", Str, Optional),
        f("refreshUrl", Str, Optional),
        f("scopes", SCOPES, Optional),
    ],
};

pub(crate) static DEVICE_CODE_FLOW: Message = Message {
    name: "DeviceCodeOAuthFlow",
    fields: &[
        f("deviceAuthorizationUrl", Str, Required),
        f("tokenUrl", Str, Required),
        f("refreshUrl", Str, Optional),
        f("scopes", SCOPES, Required),
    ],
};

// Reading keeps every field (`extra`); signing leaves the unknown ones out of the payload and
// `AgentCard::unknown_fields` lists them: both walk the table with this.
/// Removes from a message the fields `message` does not define, recursively.
pub(crate) fn keep_known_fields(
    value: &mut Value,
    message: &Message,
    pointer: &str,
    dropped: &mut Vec<String>,
) {
    let Value::Object(fields) = value else {
        return;
    };
    fields.retain(|name, field_value| {
        let here = pointer_push(pointer, name);
        match message.fields.iter().find(|field| field.name == name) {
            Some(field) => {
                keep_known_in_kind(field_value, &field.kind, &here, dropped);
                true
            }
            None => {
                dropped.push(here);
                false
            }
        }
    });
}

fn keep_known_in_kind(value: &mut Value, kind: &Kind, pointer: &str, dropped: &mut Vec<String>) {
    match (kind, value) {
        (Kind::Message(message), value) => keep_known_fields(value, message, pointer, dropped),
        (Kind::List(item_kind), Value::Array(items)) => {
            for (index, item) in items.iter_mut().enumerate() {
                let here = pointer_push(pointer, &index.to_string());
                keep_known_in_kind(item, item_kind, &here, dropped);
            }
        }
        (Kind::Map(value_kind), Value::Object(entries)) => {
            for (key, entry) in entries.iter_mut() {
                let here = pointer_push(pointer, key);
                keep_known_in_kind(entry, value_kind, &here, dropped);
            }
        }
        // Strings, booleans and google.protobuf.Struct values are signed as they are.
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::*;
    use serde_json::{Map, Value, json};

    /// A value of the given kind with every field of every nested message set.
    fn sample(kind: &Kind) -> Value {
        match kind {
            Str => json!("x"),
            Bool => json!(true),
            AnyObject => json!({"k": 1.5}),
            Message(m) => full(m),
            List(inner) => json!([sample(inner)]),
            Map(inner) => json!({ "k": sample(inner) }),
        }
    }

    fn full(message: &Message) -> Value {
        let fields: Map<String, Value> = message
            .fields
            .iter()
            .map(|f| (f.name.to_owned(), sample(&f.kind)))
            .collect();
        Value::Object(fields)
    }

    fn required(message: &Message) -> Vec<&'static str> {
        let mut names: Vec<_> = message
            .fields
            .iter()
            .filter(|f| f.presence == Required)
            .map(|f| f.name)
            .collect();
        names.sort_unstable();
        names
    }

    fn written_by_default<T: Default + serde::Serialize>() -> Vec<String> {
        let value = serde_json::to_value(T::default()).unwrap();
        let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn every_table_field_is_a_model_field() {
        let doc = full(&AGENT_CARD);
        let card: AgentCard = serde_json::from_value(doc.clone()).unwrap();
        assert_eq!(
            card.to_value(),
            doc,
            "the model drops or renames a table field"
        );
        // A field the model did not know would have landed in `extra`.
        assert!(card.extra.is_empty(), "{:?}", card.extra);
        assert!(card.capabilities.extra.is_empty());
        assert!(card.supported_interfaces[0].extra.is_empty());
        assert!(card.skills[0].extra.is_empty());
        let scheme = &card.security_schemes["k"];
        assert!(scheme.extra.is_empty());
        let oauth = scheme.oauth2_security_scheme.as_ref().unwrap();
        assert!(oauth.extra.is_empty() && oauth.flows.extra.is_empty());
        assert!(oauth.flows.device_code.as_ref().unwrap().extra.is_empty());
        assert!(
            oauth
                .flows
                .authorization_code
                .as_ref()
                .unwrap()
                .extra
                .is_empty()
        );
        assert!(card.security_requirements[0].schemes["k"].extra.is_empty());
        assert!(card.signatures[0].extra.is_empty());
    }

    #[test]
    fn fields_always_written_are_the_required_ones() {
        let pairs: Vec<(&Message, Vec<String>)> = vec![
            (&AGENT_CARD, written_by_default::<AgentCard>()),
            (&AGENT_INTERFACE, written_by_default::<AgentInterface>()),
            (&AGENT_PROVIDER, written_by_default::<AgentProvider>()),
            (
                &AGENT_CAPABILITIES,
                written_by_default::<AgentCapabilities>(),
            ),
            (&AGENT_EXTENSION, written_by_default::<AgentExtension>()),
            (&AGENT_SKILL, written_by_default::<AgentSkill>()),
            (
                &AGENT_CARD_SIGNATURE,
                written_by_default::<AgentCardSignature>(),
            ),
            (
                &API_KEY_SCHEME,
                written_by_default::<ApiKeySecurityScheme>(),
            ),
            (
                &HTTP_AUTH_SCHEME,
                written_by_default::<HttpAuthSecurityScheme>(),
            ),
            (&OAUTH2_SCHEME, written_by_default::<OAuth2SecurityScheme>()),
            (
                &OIDC_SCHEME,
                written_by_default::<OpenIdConnectSecurityScheme>(),
            ),
            (
                &MTLS_SCHEME,
                written_by_default::<MutualTlsSecurityScheme>(),
            ),
            (
                &AUTHORIZATION_CODE_FLOW,
                written_by_default::<AuthorizationCodeOAuthFlow>(),
            ),
            (
                &CLIENT_CREDENTIALS_FLOW,
                written_by_default::<ClientCredentialsOAuthFlow>(),
            ),
            (&IMPLICIT_FLOW, written_by_default::<ImplicitOAuthFlow>()),
            (&PASSWORD_FLOW, written_by_default::<PasswordOAuthFlow>()),
            (
                &DEVICE_CODE_FLOW,
                written_by_default::<DeviceCodeOAuthFlow>(),
            ),
            (
                &SECURITY_REQUIREMENT,
                written_by_default::<SecurityRequirement>(),
            ),
            (&STRING_LIST, written_by_default::<StringList>()),
            (&SECURITY_SCHEME, written_by_default::<SecurityScheme>()),
            (&OAUTH_FLOWS, written_by_default::<OAuthFlows>()),
        ];
        for (message, written) in pairs {
            assert_eq!(required(message), written, "{}", message.name);
        }
    }
}
