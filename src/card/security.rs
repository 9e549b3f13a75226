//! Security schemes and requirements (a2a-v1.0.1.proto, `SecurityScheme` and friends).
//!
//! The proto declares `SecurityScheme` and `OAuthFlows` as `oneof`s. The model keeps every
//! variant as an optional field instead of a Rust enum so that a card with no variant, or with
//! two, can still be read and validation can point at the mistake; [`SecurityScheme::kind`] and
//! [`OAuthFlows::flow`] give the enum view when exactly one variant is set.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::oauth::OAuthFlows;
use super::oneof::oneof;
use super::serde_util::null_as_default;

/// One alternative of a security requirement list: every named scheme must pass, each with
/// the listed scopes. JSON: `{"schemes": {"oauth": {"list": ["read"]}}}`.
///
/// ```
/// use a2a_card::SecurityRequirement;
///
/// let r = SecurityRequirement::new([("oauth", vec!["read"]), ("mtls", vec![])]);
/// assert_eq!(serde_json::to_string(&r).unwrap(),
///            r#"{"schemes":{"mtls":{},"oauth":{"list":["read"]}}}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SecurityRequirement {
    /// Scheme name (a key of `securitySchemes`) to required scopes.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub schemes: BTreeMap<String, StringList>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl SecurityRequirement {
    /// Builds a requirement from `(scheme name, scopes)` pairs.
    ///
    /// ```
    /// let r = a2a_card::SecurityRequirement::new([("apiKey", Vec::<String>::new())]);
    /// assert!(r.schemes.contains_key("apiKey"));
    /// ```
    pub fn new<N, S>(schemes: impl IntoIterator<Item = (N, Vec<S>)>) -> Self
    where
        N: Into<String>,
        S: Into<String>,
    {
        let schemes = schemes
            .into_iter()
            .map(|(name, scopes)| {
                let list = scopes.into_iter().map(Into::into).collect();
                (
                    name.into(),
                    StringList {
                        list,
                        ..StringList::default()
                    },
                )
            })
            .collect();
        Self {
            schemes,
            extra: Map::new(),
        }
    }
}

/// A list of strings (the scopes of one scheme in a requirement).
///
/// ```
/// let l = a2a_card::StringList { list: vec!["read".into()], ..Default::default() };
/// assert_eq!(serde_json::to_string(&l).unwrap(), r#"{"list":["read"]}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StringList {
    /// The values; omitted from JSON when empty.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub list: Vec<String>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

oneof! {
    /// How callers authenticate: exactly one of five variants should be set.
    ///
    /// ```
    /// use a2a_card::{SecurityScheme, SchemeKind};
    ///
    /// let s = SecurityScheme::api_key("header", "X-API-Key");
    /// assert!(matches!(s.kind(), Some(SchemeKind::ApiKey(k)) if k.name == "X-API-Key"));
    /// ```
    pub struct SecurityScheme;
    /// The variant of a [`SecurityScheme`], when exactly one is set.
    ///
    /// ```
    /// use a2a_card::{SchemeKind, SecurityScheme};
    /// let scheme = SecurityScheme::http("Bearer");
    /// assert!(matches!(scheme.kind(), Some(SchemeKind::HttpAuth(h)) if h.scheme == "Bearer"));
    /// ```
    pub enum SchemeKind;
    /// The JSON names of the variants that are set, in proto order.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::mutual_tls();
    /// assert_eq!(s.variant_names(), ["mtlsSecurityScheme"]);
    /// ```
    fn variant_names;
    /// The one variant that is set, or `None` when there are none or several.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::default();
    /// assert!(s.kind().is_none());
    /// ```
    fn kind;
    variants {
        /// API key in a header, query parameter or cookie.
        api_key_security_scheme: ApiKeySecurityScheme => "apiKeySecurityScheme", ApiKey;
        /// HTTP authentication (Basic, Bearer, ...).
        http_auth_security_scheme: HttpAuthSecurityScheme => "httpAuthSecurityScheme", HttpAuth;
        /// OAuth 2.0.
        oauth2_security_scheme: OAuth2SecurityScheme => "oauth2SecurityScheme", OAuth2;
        /// OpenID Connect.
        open_id_connect_security_scheme: OpenIdConnectSecurityScheme
            => "openIdConnectSecurityScheme", OpenIdConnect;
        /// Mutual TLS.
        mtls_security_scheme: MutualTlsSecurityScheme => "mtlsSecurityScheme", MutualTls;
    }
}

impl SecurityScheme {
    /// An API key scheme; `location` is `header`, `query` or `cookie`.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::api_key("query", "key");
    /// assert_eq!(s.api_key_security_scheme.unwrap().location, "query");
    /// ```
    pub fn api_key(location: impl Into<String>, name: impl Into<String>) -> Self {
        Self {
            api_key_security_scheme: Some(ApiKeySecurityScheme {
                location: location.into(),
                name: name.into(),
                ..ApiKeySecurityScheme::default()
            }),
            ..Self::default()
        }
    }

    /// An HTTP authentication scheme such as `Bearer` or `Basic`.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::http("Bearer");
    /// assert_eq!(s.http_auth_security_scheme.unwrap().scheme, "Bearer");
    /// ```
    pub fn http(scheme: impl Into<String>) -> Self {
        Self {
            http_auth_security_scheme: Some(HttpAuthSecurityScheme {
                scheme: scheme.into(),
                ..HttpAuthSecurityScheme::default()
            }),
            ..Self::default()
        }
    }

    /// An OpenID Connect scheme pointing at the provider's discovery document.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::open_id_connect(
    ///     "https://accounts.example.com/.well-known/openid-configuration");
    /// assert!(s.kind().is_some());
    /// ```
    pub fn open_id_connect(url: impl Into<String>) -> Self {
        Self {
            open_id_connect_security_scheme: Some(OpenIdConnectSecurityScheme {
                open_id_connect_url: url.into(),
                ..OpenIdConnectSecurityScheme::default()
            }),
            ..Self::default()
        }
    }

    /// A mutual TLS scheme.
    ///
    /// ```
    /// let s = a2a_card::SecurityScheme::mutual_tls();
    /// assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"mtlsSecurityScheme":{}}"#);
    /// ```
    pub fn mutual_tls() -> Self {
        Self {
            mtls_security_scheme: Some(MutualTlsSecurityScheme::default()),
            ..Self::default()
        }
    }

    /// An OAuth 2.0 scheme with the given flows.
    ///
    /// ```
    /// use a2a_card::{OAuthFlows, SecurityScheme};
    /// let s = SecurityScheme::oauth2(OAuthFlows::default());
    /// assert!(s.oauth2_security_scheme.is_some());
    /// ```
    pub fn oauth2(flows: OAuthFlows) -> Self {
        Self {
            oauth2_security_scheme: Some(OAuth2SecurityScheme {
                flows,
                ..OAuth2SecurityScheme::default()
            }),
            ..Self::default()
        }
    }
}

/// API key authentication.
///
/// ```
/// let k = a2a_card::ApiKeySecurityScheme { location: "header".into(), name: "X-Key".into(),
///     ..Default::default() };
/// assert_eq!(k.name, "X-Key");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeySecurityScheme {
    /// Free-text description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// `query`, `header` or `cookie` (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub location: String,
    /// Name of the header, query parameter or cookie (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub name: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// HTTP authentication (RFC 7235 scheme name such as `Bearer` or `Basic`).
///
/// ```
/// let h = a2a_card::HttpAuthSecurityScheme { scheme: "Bearer".into(),
///     bearer_format: "JWT".into(), ..Default::default() };
/// assert_eq!(h.bearer_format, "JWT");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HttpAuthSecurityScheme {
    /// Free-text description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// The scheme used in the `Authorization` header (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub scheme: String,
    /// Hint about the bearer token's format, such as `JWT`.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub bearer_format: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// OAuth 2.0 authentication.
///
/// ```
/// let o = a2a_card::OAuth2SecurityScheme::default();
/// assert!(o.flows.flow().is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OAuth2SecurityScheme {
    /// Free-text description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// The supported flow (REQUIRED, exactly one).
    #[serde(default, deserialize_with = "null_as_default")]
    pub flows: OAuthFlows,
    /// RFC 8414 authorization server metadata URL.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub oauth2_metadata_url: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// OpenID Connect authentication.
///
/// ```
/// let o = a2a_card::OpenIdConnectSecurityScheme {
///     open_id_connect_url: "https://id.example/.well-known/openid-configuration".into(),
///     ..Default::default() };
/// assert!(o.description.is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenIdConnectSecurityScheme {
    /// Free-text description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// OpenID Connect discovery URL (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub open_id_connect_url: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Mutual TLS authentication.
///
/// ```
/// let m = a2a_card::MutualTlsSecurityScheme::default();
/// assert_eq!(serde_json::to_string(&m).unwrap(), "{}");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MutualTlsSecurityScheme {
    /// Free-text description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
