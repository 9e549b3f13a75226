//! The JSON shape of the v1.0 card: which fields each message has, their JSON kind and
//! whether the proto marks them REQUIRED.
//!
//! The typed model cannot tell where in a document a wrong type sits (serde loses the path
//! through `#[serde(flatten)]`), and it reads a missing REQUIRED field as its default. This
//! table lets the shape check report both with an exact JSON pointer before the model is
//! built. It must follow the model: `tests/shape_table.rs` checks that every field named here
//! survives a round trip through the model and that the model writes no field missing here.

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
    Optional,
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
        f("documentationUrl", Str, Optional),
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
        f("iconUrl", Str, Optional),
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
        f("streaming", Bool, Optional),
        f("pushNotifications", Bool, Optional),
        f("extensions", List(&Message(&AGENT_EXTENSION)), Optional),
        f("extendedAgentCard", Bool, Optional),
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
