//! OAuth 2.0 flows (a2a-v1.0.1.proto, `OAuthFlows` and the five flow messages).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::oneof::oneof;
use super::serde_util::{is_false, null_as_default};

oneof! {
    /// The OAuth 2.0 flows of a scheme: exactly one should be set.
    ///
    /// ```
    /// use a2a_card::{ClientCredentialsOAuthFlow, OAuthFlow, OAuthFlows};
    ///
    /// let flows = OAuthFlows { client_credentials: Some(ClientCredentialsOAuthFlow {
    ///     token_url: "https://auth.example.com/token".into(), ..Default::default() }),
    ///     ..Default::default() };
    /// assert!(matches!(flows.flow(), Some(OAuthFlow::ClientCredentials(_))));
    /// ```
    pub struct OAuthFlows;
    /// The flow of an [`OAuthFlows`], when exactly one is set.
    ///
    /// ```
    /// use a2a_card::{OAuthFlow, OAuthFlows, DeviceCodeOAuthFlow};
    /// let flows = OAuthFlows { device_code: Some(DeviceCodeOAuthFlow::default()),
    ///     ..Default::default() };
    /// assert!(matches!(flows.flow(), Some(OAuthFlow::DeviceCode(_))));
    /// ```
    pub enum OAuthFlow;
    /// The JSON names of the flows that are set, in proto order.
    ///
    /// ```
    /// assert!(a2a_card::OAuthFlows::default().flow_names().is_empty());
    /// ```
    fn flow_names;
    /// The one flow that is set, or `None` when there are none or several.
    ///
    /// ```
    /// assert!(a2a_card::OAuthFlows::default().flow().is_none());
    /// ```
    fn flow;
    variants {
        /// Authorization Code flow.
        authorization_code: AuthorizationCodeOAuthFlow => "authorizationCode", AuthorizationCode;
        /// Client Credentials flow.
        client_credentials: ClientCredentialsOAuthFlow => "clientCredentials", ClientCredentials;
        /// Implicit flow (deprecated: use Authorization Code + PKCE).
        implicit: ImplicitOAuthFlow => "implicit", Implicit;
        /// Resource Owner Password flow (deprecated).
        password: PasswordOAuthFlow => "password", Password;
        /// Device Code flow (RFC 8628).
        device_code: DeviceCodeOAuthFlow => "deviceCode", DeviceCode;
    }
}

/// Authorization Code flow.
///
/// ```
/// let f = a2a_card::AuthorizationCodeOAuthFlow { pkce_required: true, ..Default::default() };
/// assert!(serde_json::to_string(&f).unwrap().contains("pkceRequired"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizationCodeOAuthFlow {
    /// Authorization endpoint (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub authorization_url: String,
    /// Token endpoint (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub token_url: String,
    /// Refresh endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub refresh_url: String,
    /// Scope name to description (REQUIRED, may be empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub scopes: BTreeMap<String, String>,
    /// PKCE (RFC 7636) is required.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "is_false"
    )]
    pub pkce_required: bool,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Client Credentials flow.
///
/// ```
/// let f = a2a_card::ClientCredentialsOAuthFlow::default();
/// assert_eq!(serde_json::to_string(&f).unwrap(), r#"{"tokenUrl":"","scopes":{}}"#);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientCredentialsOAuthFlow {
    /// Token endpoint (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub token_url: String,
    /// Refresh endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub refresh_url: String,
    /// Scope name to description (REQUIRED, may be empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub scopes: BTreeMap<String, String>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Implicit flow (deprecated).
///
/// ```
/// let f = a2a_card::ImplicitOAuthFlow::default();
/// assert_eq!(serde_json::to_string(&f).unwrap(), "{}");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImplicitOAuthFlow {
    /// Authorization endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub authorization_url: String,
    /// Refresh endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub refresh_url: String,
    /// Scope name to description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub scopes: BTreeMap<String, String>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Resource Owner Password flow (deprecated).
///
/// ```
/// let f = a2a_card::PasswordOAuthFlow::default();
/// assert_eq!(serde_json::to_string(&f).unwrap(), "{}");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordOAuthFlow {
    /// Token endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub token_url: String,
    /// Refresh endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub refresh_url: String,
    /// Scope name to description.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub scopes: BTreeMap<String, String>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Device Code flow (RFC 8628).
///
/// ```
/// let f = a2a_card::DeviceCodeOAuthFlow::default();
/// assert!(serde_json::to_string(&f).unwrap().contains("deviceAuthorizationUrl"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceCodeOAuthFlow {
    /// Device authorization endpoint (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub device_authorization_url: String,
    /// Token endpoint (REQUIRED).
    #[serde(default, deserialize_with = "null_as_default")]
    pub token_url: String,
    /// Refresh endpoint.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "String::is_empty"
    )]
    pub refresh_url: String,
    /// Scope name to description (REQUIRED, may be empty).
    #[serde(default, deserialize_with = "null_as_default")]
    pub scopes: BTreeMap<String, String>,
    /// Fields this version of the crate does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
