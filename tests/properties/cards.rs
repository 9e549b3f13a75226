//! Strategies for the property tests: JSON values, and Agent Cards that pass validation
//! (every optional part, unicode text, unknown fields) built field by field.

use std::collections::BTreeMap;

use a2a_card::{
    AgentCapabilities, AgentCard, AgentExtension, AgentInterface, AgentProvider, AgentSkill,
    AuthorizationCodeOAuthFlow, ClientCredentialsOAuthFlow, DeviceCodeOAuthFlow, OAuthFlows,
    SecurityRequirement, SecurityScheme,
};
use proptest::collection::{btree_map, btree_set, vec};
use proptest::option;
use proptest::prelude::*;
use serde_json::{Map, Number, Value};

/// Any text, unicode included (no control characters; those are covered by the reading tests).
pub fn text() -> impl Strategy<Value = String> {
    "\\PC{0,12}"
}

/// Text a REQUIRED field accepts: it starts with a letter, so it is never blank.
pub fn required_text() -> impl Strategy<Value = String> {
    "[A-Za-z\u{e9}\u{4e16}\u{1f600}]\\PC{0,12}"
}

pub fn url() -> impl Strategy<Value = String> {
    ("[a-z]{1,8}", "[a-z0-9/_.~-]{0,12}")
        .prop_map(|(host, path)| format!("https://{host}.example/{path}"))
}

/// JSON numbers: integers of both signs and finite floats (subnormals, huge, -0.0 included).
pub fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        any::<u64>().prop_map(Number::from),
        (prop::num::f64::NORMAL
            | prop::num::f64::SUBNORMAL
            | prop::num::f64::ZERO
            | prop::num::f64::NEGATIVE
            | prop::num::f64::POSITIVE)
            .prop_filter_map("finite", Number::from_f64),
        (-1000i32..1000, -30i32..30).prop_filter_map("finite", |(m, e)| {
            Number::from_f64(f64::from(m) * 10f64.powi(e))
        }),
    ]
}

/// Any JSON value, nested a few levels.
pub fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Number),
        "\\PC{0,10}".prop_map(Value::String),
        // Control characters and escapes the writer must get right.
        "[\u{0}-\u{1f}\"\\\\/\u{7f}\u{2028}]{0,4}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..5).prop_map(Value::Array),
            btree_map("\\PC{0,6}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Fields the model does not know (prefixed so they never collide with a known field or a
/// v0.3 one).
pub fn unknown_fields() -> impl Strategy<Value = Map<String, Value>> {
    prop_oneof![
        3 => Just(Map::new()),
        1 => btree_map("x-[a-z\u{e9}]{1,6}", json_value(), 1..3).prop_map(|m| m.into_iter().collect()),
    ]
}

fn scopes() -> impl Strategy<Value = BTreeMap<String, String>> {
    btree_map("[a-z:.]{1,8}", text(), 0..3)
}

fn flows() -> impl Strategy<Value = OAuthFlows> {
    prop_oneof![
        (url(), url(), option::of(url()), scopes(), any::<bool>()).prop_map(
            |(authorization_url, token_url, refresh, scopes, pkce_required)| OAuthFlows {
                authorization_code: Some(AuthorizationCodeOAuthFlow {
                    authorization_url,
                    token_url,
                    refresh_url: refresh.unwrap_or_default(),
                    scopes,
                    pkce_required,
                    ..Default::default()
                }),
                ..Default::default()
            }
        ),
        (url(), scopes()).prop_map(|(token_url, scopes)| OAuthFlows {
            client_credentials: Some(ClientCredentialsOAuthFlow {
                token_url,
                scopes,
                ..Default::default()
            }),
            ..Default::default()
        }),
        (url(), url(), scopes()).prop_map(|(device_authorization_url, token_url, scopes)| {
            OAuthFlows {
                device_code: Some(DeviceCodeOAuthFlow {
                    device_authorization_url,
                    token_url,
                    scopes,
                    ..Default::default()
                }),
                ..Default::default()
            }
        }),
    ]
}

fn scheme() -> impl Strategy<Value = SecurityScheme> {
    let kind = prop_oneof![
        (
            prop_oneof![Just("header"), Just("query"), Just("cookie")],
            "[A-Za-z-]{1,10}"
        )
            .prop_map(|(location, name)| SecurityScheme::api_key(location, name)),
        prop_oneof![Just("Bearer"), Just("Basic")].prop_map(SecurityScheme::http),
        flows().prop_map(SecurityScheme::oauth2),
        url().prop_map(SecurityScheme::open_id_connect),
        Just(SecurityScheme::mutual_tls()),
    ];
    (kind, text()).prop_map(|(mut scheme, description)| {
        if let Some(s) = scheme.api_key_security_scheme.as_mut() {
            s.description = description;
        } else if let Some(s) = scheme.http_auth_security_scheme.as_mut() {
            s.description = description;
        } else if let Some(s) = scheme.mtls_security_scheme.as_mut() {
            s.description = description;
        }
        scheme
    })
}

/// Requirements naming only schemes in `names` (each alternative names at least one).
fn requirements(names: Vec<String>) -> BoxedStrategy<Vec<SecurityRequirement>> {
    if names.is_empty() {
        return Just(Vec::new()).boxed();
    }
    let alternative = btree_set(proptest::sample::select(names), 1..3).prop_flat_map(|chosen| {
        vec(vec("[a-z:.]{1,6}", 0..3), chosen.len())
            .prop_map(move |lists| SecurityRequirement::new(chosen.clone().into_iter().zip(lists)))
    });
    vec(alternative, 0..3).boxed()
}

fn interface() -> impl Strategy<Value = AgentInterface> {
    (
        url(),
        prop_oneof![Just("JSONRPC"), Just("GRPC"), Just("HTTP+JSON")],
        prop_oneof![Just("1.0"), Just("0.3"), Just("2.1")],
        prop_oneof![3 => Just(String::new()), 1 => "[a-z]{1,5}"],
        unknown_fields(),
    )
        .prop_map(|(url, binding, version, tenant, extra)| AgentInterface {
            tenant,
            extra,
            ..AgentInterface::new(url, binding, version)
        })
}

fn media_types() -> impl Strategy<Value = Vec<String>> {
    vec(
        prop_oneof![
            Just("text/plain".to_owned()),
            Just("application/json".to_owned()),
            "image/[a-z]{1,5}"
        ],
        1..3,
    )
}

fn skill(id: String, schemes: Vec<String>) -> impl Strategy<Value = AgentSkill> {
    (
        required_text(),
        required_text(),
        vec(required_text(), 1..3),
        vec(text(), 0..2),
        prop_oneof![Just(Vec::new()), media_types()],
        prop_oneof![Just(Vec::new()), media_types()],
        requirements(schemes),
        unknown_fields(),
    )
        .prop_map(
            move |(name, description, tags, examples, input_modes, output_modes, reqs, extra)| {
                AgentSkill {
                    id: id.clone(),
                    name,
                    description,
                    tags,
                    examples,
                    input_modes,
                    output_modes,
                    security_requirements: reqs,
                    extra,
                }
            },
        )
}

fn capabilities(secured: bool) -> impl Strategy<Value = AgentCapabilities> {
    let extension = (url(), text(), any::<bool>(), option::of(unknown_fields())).prop_map(
        |(uri, description, required, params)| AgentExtension {
            uri,
            description,
            required,
            params,
            ..Default::default()
        },
    );
    (
        option::of(any::<bool>()),
        option::of(any::<bool>()),
        vec(extension, 0..2),
        option::of(any::<bool>()),
    )
        .prop_map(
            move |(streaming, push, extensions, extended)| AgentCapabilities {
                streaming,
                push_notifications: push,
                extensions,
                // An extended card needs a card that requires authentication (A2A-E035).
                extended_agent_card: extended.filter(|&on| secured || !on),
                ..Default::default()
            },
        )
}

/// A card that passes validation (warnings allowed): every optional field sometimes set.
pub fn valid_card() -> impl Strategy<Value = AgentCard> {
    let schemes = btree_map("[a-zA-Z][a-zA-Z0-9_]{0,7}", scheme(), 0..4);
    schemes.prop_flat_map(|schemes| {
        let names: Vec<String> = schemes.keys().cloned().collect();
        let skill_ids = btree_set("[a-z][a-z0-9-]{0,8}", 1..4);
        let skills = skill_ids.prop_flat_map({
            let names = names.clone();
            move |ids| {
                ids.into_iter()
                    .map(|id| skill(id, names.clone()))
                    .collect::<Vec<_>>()
            }
        });
        let identity = (
            required_text(),
            required_text(),
            required_text(),
            option::of(
                (url(), required_text()).prop_map(|(url, organization)| AgentProvider {
                    url,
                    organization,
                    ..Default::default()
                }),
            ),
            option::of(url()),
            option::of(url()),
        );
        (
            identity,
            vec(interface(), 1..4),
            requirements(names),
            media_types(),
            media_types(),
            skills,
            unknown_fields(),
        )
            .prop_flat_map(
                move |(identity, interfaces, requirements, input, output, skills, extra)| {
                    let secured = !requirements.is_empty();
                    let schemes = schemes.clone();
                    capabilities(secured).prop_map(move |capabilities| {
                        let (name, description, version, provider, documentation_url, icon_url) =
                            identity.clone();
                        AgentCard {
                            name,
                            description,
                            supported_interfaces: interfaces.clone(),
                            provider,
                            version,
                            documentation_url,
                            capabilities,
                            security_schemes: schemes.clone(),
                            security_requirements: requirements.clone(),
                            default_input_modes: input.clone(),
                            default_output_modes: output.clone(),
                            skills: skills.clone(),
                            signatures: Vec::new(),
                            icon_url,
                            extra: extra.clone(),
                        }
                    })
                },
            )
    })
}
