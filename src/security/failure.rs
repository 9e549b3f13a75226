//! A failed check as an HTTP answer: 401 with `WWW-Authenticate` challenges for the card's
//! schemes (RFC 9110 §11.6.1, RFC 6750 §3), or 403 `insufficient_scope`; the body in the
//! style of the route (JSON-RPC error, or the HTTP+JSON binding's google.rpc.Status).

use std::collections::BTreeSet;
use std::sync::OnceLock;

use bytes::Bytes;
use http::header::{CACHE_CONTROL, CONTENT_TYPE, WWW_AUTHENTICATE};
use http::{HeaderValue, Response, StatusCode};
use serde_json::{Value, json};

use super::bearer::is_bearer;
use crate::protocol::{ERROR_DOMAIN, ERROR_INFO_TYPE, ErrorCode, jsonrpc};
use crate::{SchemeKind, SecurityScheme};

/// One scheme's challenge, before the realm is added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Challenge {
    scheme: String,
    params: Vec<(String, String)>,
    bearer: bool,
}

impl Challenge {
    pub(crate) fn for_scheme(scheme: &SecurityScheme, invalid_token: bool) -> Self {
        let (name, mut params, bearer) = match scheme.kind() {
            Some(SchemeKind::HttpAuth(http)) if http.scheme.eq_ignore_ascii_case("basic") => {
                ("Basic", vec![("charset", "UTF-8".to_owned())], false)
            }
            Some(
                SchemeKind::HttpAuth(_) | SchemeKind::OAuth2(_) | SchemeKind::OpenIdConnect(_),
            ) => ("Bearer", Vec::new(), true),
            Some(SchemeKind::ApiKey(key)) => (
                "ApiKey",
                vec![("in", key.location.clone()), ("name", key.name.clone())],
                false,
            ),
            // TLS client certificates have no HTTP challenge; name the need anyway so a
            // 401 always carries one (RFC 9110 §11.6.1).
            _ => ("TLS-Client-Certificate", Vec::new(), false),
        };
        if invalid_token {
            params.push(("error", "invalid_token".to_owned()));
        }
        Challenge {
            scheme: name.to_owned(),
            params: params.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            bearer,
        }
    }
}

/// Why a request was refused, ready to be turned into a response.
///
/// ```
/// # use a2a_card::security::{ApiKeys, CardSecurity};
/// # let card = a2a_card::__doctest::example_card();
/// # let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
/// let (parts, ()) = http::Request::get("/").body(()).unwrap().into_parts();
/// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
/// let failure = run(security.check(&parts)).unwrap_err();
/// assert_eq!(failure.status(), http::StatusCode::UNAUTHORIZED);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct AuthFailure {
    status: StatusCode,
    challenges: Vec<HeaderValue>,
    reasons: Vec<String>,
}

/// How a refusal's body is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorStyle {
    /// The HTTP+JSON binding's error: google.rpc.Status with an ErrorInfo
    /// (domain `a2a-protocol.org`).
    #[default]
    Rest,
    /// A JSON-RPC 2.0 error response (code -32000 with the same ErrorInfo in `data`).
    JsonRpc,
    /// A gRPC status alone (Trailers-Only: HTTP 200, `grpc-status` 16 UNAUTHENTICATED or 7
    /// PERMISSION_DENIED, the ErrorInfo in `grpc-status-details-bin`, §10.6). The security
    /// layer answers every gRPC call this way, whatever style it was given.
    #[cfg(feature = "grpc")]
    Grpc,
}

impl Challenge {
    /// The `WWW-Authenticate` value of this challenge in `realm`, or `None` when a parameter
    /// holds what no header value may (a control character in an API key's name).
    fn header(&self, realm: &str) -> Option<HeaderValue> {
        let mut text = format!("{} realm=\"{realm}\"", self.scheme);
        for (key, value) in &self.params {
            text.push_str(&format!(", {key}=\"{}\"", value.replace(['"', '\\'], "")));
        }
        HeaderValue::from_str(&text).ok()
    }
}

/// One scheme's two 401 challenges, written when the security is built: a refusal is the
/// answer to every request without credentials and to every forged token, so it should not
/// cost more to write than the card costs to serve.
#[derive(Debug, Clone)]
pub(crate) struct SchemeChallenges {
    /// The challenge, and the one sent when the scheme's credential was presented and
    /// refused (a bearer scheme's says `error="invalid_token"`, RFC 6750 §3.1; any other's
    /// is the same), kept for a 403, whose scopes change from one request to the next.
    challenges: [Challenge; 2],
    /// The two written as 401 challenges.
    headers: [Option<HeaderValue>; 2],
}

impl SchemeChallenges {
    pub(crate) fn new(scheme: &SecurityScheme, realm: &str) -> Self {
        let challenges = [
            Challenge::for_scheme(scheme, false),
            Challenge::for_scheme(scheme, is_bearer(scheme)),
        ];
        let headers = [challenges[0].header(realm), challenges[1].header(realm)];
        SchemeChallenges {
            challenges,
            headers,
        }
    }

    /// The 401 challenge to send, the refused one when the scheme's credential was
    /// presented and refused.
    pub(crate) fn header(&self, refused: bool) -> Option<&HeaderValue> {
        self.headers[usize::from(refused)].as_ref()
    }

    /// The challenge, to be written for a 403.
    pub(crate) fn challenge(&self, refused: bool) -> Challenge {
        self.challenges[usize::from(refused)].clone()
    }
}

impl AuthFailure {
    /// A 401 with the challenges written ahead ([`SchemeChallenges`]), each once.
    pub(crate) fn unauthorized<'c>(
        challenges: impl IntoIterator<Item = &'c HeaderValue>,
        reasons: Vec<String>,
    ) -> Self {
        AuthFailure {
            status: StatusCode::UNAUTHORIZED,
            challenges: each_once(challenges.into_iter().cloned()),
            reasons,
        }
    }

    pub(crate) fn new(
        realm: &str,
        challenges: Vec<Challenge>,
        short_of_scopes: Option<BTreeSet<String>>,
        reasons: Vec<String>,
    ) -> Self {
        let status = if short_of_scopes.is_some() {
            StatusCode::FORBIDDEN
        } else {
            StatusCode::UNAUTHORIZED
        };
        let headers = challenges.into_iter().filter_map(|mut challenge| {
            if let (Some(scopes), true) = (&short_of_scopes, challenge.bearer) {
                challenge.params.retain(|(k, _)| k != "error");
                challenge
                    .params
                    .push(("error".into(), "insufficient_scope".into()));
                let scopes: Vec<&str> = scopes.iter().map(String::as_str).collect();
                challenge.params.push(("scope".into(), scopes.join(" ")));
            }
            challenge.header(realm)
        });
        AuthFailure {
            status,
            challenges: each_once(headers),
            reasons,
        }
    }

    /// 401 (no valid credential) or 403 (authenticated, but without the scopes needed).
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
    /// # let (parts, ()) = http::Request::get("/").body(()).unwrap().into_parts();
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// assert_eq!(run(security.check(&parts)).unwrap_err().status().as_u16(), 401);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// Why each presented credential was refused (`"apiKey: unknown API key"`), for logs.
    /// Never contains a credential.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity};
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
    /// let (parts, ()) = http::Request::get("/").header("X-API-Key", "nope").body(()).unwrap().into_parts();
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// assert_eq!(run(security.check(&parts)).unwrap_err().reasons(), ["apiKey: unknown API key"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reasons(&self) -> &[String] {
        &self.reasons
    }

    /// The response: status, challenges, `Cache-Control: no-store` and a JSON body in
    /// `style`. `id` is the JSON-RPC request's id, when known.
    ///
    /// ```
    /// # use a2a_card::security::{ApiKeys, CardSecurity, ErrorStyle};
    /// # let card = a2a_card::__doctest::example_card();
    /// # let security = CardSecurity::builder(&card).verifier("apiKey", ApiKeys::new(["k1"])?).build()?;
    /// # let (parts, ()) = http::Request::get("/").body(()).unwrap().into_parts();
    /// # let run = |f| tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f);
    /// let response = run(security.check(&parts)).unwrap_err().to_response(ErrorStyle::Rest, None);
    /// assert_eq!(response.headers()["www-authenticate"], "ApiKey realm=\"a2a\", in=\"header\", name=\"X-API-Key\"");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_response(&self, style: ErrorStyle, id: Option<Value>) -> Response<Bytes> {
        let bodies = RefusalBodies::of(self.status);
        let body = match style {
            ErrorStyle::Rest => bodies.rest.clone(),
            // Only the caller's id is written per request.
            ErrorStyle::JsonRpc => Bytes::from(jsonrpc::error(id.as_ref(), &bodies.jsonrpc_error)),
            #[cfg(feature = "grpc")]
            ErrorStyle::Grpc => {
                let mut response = Response::new(Bytes::new());
                *response.headers_mut() = bodies.grpc.clone();
                return self.with_challenges(response);
            }
        };
        let mut response = Response::new(body);
        *response.status_mut() = self.status;
        response
            .headers_mut()
            .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        self.with_challenges(response)
    }

    /// `response` with `Cache-Control: no-store` and the challenges (gRPC metadata too: a
    /// gRPC client shows them to its caller).
    fn with_challenges(&self, mut response: Response<Bytes>) -> Response<Bytes> {
        let headers = response.headers_mut();
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        for challenge in &self.challenges {
            headers.append(WWW_AUTHENTICATE, challenge.clone());
        }
        response
    }
}

/// Each challenge once, in the order first given: schemes of one kind (two API keys in the
/// same header, two bearer schemes) write the same challenge, and a client reads a repeated
/// one as noise.
fn each_once(headers: impl IntoIterator<Item = HeaderValue>) -> Vec<HeaderValue> {
    let mut unique: Vec<HeaderValue> = Vec::new();
    for header in headers {
        if !unique.contains(&header) {
            unique.push(header);
        }
    }
    unique
}

/// A refusal's bodies for one status, written once: they hold nothing of the request but
/// a JSON-RPC call's id.
struct RefusalBodies {
    /// The HTTP+JSON binding's google.rpc.Status.
    rest: Bytes,
    /// The JSON-RPC response's `error` member.
    jsonrpc_error: Vec<u8>,
    /// The headers of the gRPC binding's Trailers-Only answer (no body).
    #[cfg(feature = "grpc")]
    grpc: http::HeaderMap,
}

impl RefusalBodies {
    fn of(status: StatusCode) -> &'static RefusalBodies {
        static UNAUTHORIZED: OnceLock<RefusalBodies> = OnceLock::new();
        static FORBIDDEN: OnceLock<RefusalBodies> = OnceLock::new();
        let forbidden = status == StatusCode::FORBIDDEN;
        let cell = if forbidden { &FORBIDDEN } else { &UNAUTHORIZED };
        cell.get_or_init(|| RefusalBodies::write(forbidden))
    }

    fn write(forbidden: bool) -> RefusalBodies {
        let (status, reason, message) = if forbidden {
            (
                StatusCode::FORBIDDEN,
                "PERMISSION_DENIED",
                "The credentials do not grant the scopes this operation needs",
            )
        } else {
            (
                StatusCode::UNAUTHORIZED,
                "UNAUTHENTICATED",
                "Authentication is required",
            )
        };
        let info = json!({
            "@type": ERROR_INFO_TYPE,
            "reason": reason,
            "domain": ERROR_DOMAIN,
        });
        let rest = json!({"error": {
            "code": status.as_u16(),
            "status": reason,
            "message": message,
            "details": [info],
        }});
        #[cfg(feature = "grpc")]
        let grpc = {
            use crate::protocol::grpc::{Code, GrpcStatus};
            let code = if forbidden {
                Code::PermissionDenied
            } else {
                Code::Unauthenticated
            };
            let answer = GrpcStatus::new(code, message).with_reason(reason);
            answer.trailers_only().into_parts().0.headers
        };
        RefusalBodies {
            #[cfg(feature = "grpc")]
            grpc,
            rest: Bytes::from(rest.to_string()),
            jsonrpc_error: jsonrpc::error_object(
                ErrorCode::ServerError,
                message,
                Some(json!([info])),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn challenges(failure: &AuthFailure) -> Vec<String> {
        failure
            .to_response(ErrorStyle::Rest, None)
            .headers()
            .get_all(WWW_AUTHENTICATE)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect()
    }

    fn schemes() -> Vec<SecurityScheme> {
        let oauth2: SecurityScheme =
            serde_json::from_str(r#"{"oauth2SecurityScheme": {"flows": {}}}"#).unwrap();
        vec![
            SecurityScheme::http("Basic"),
            SecurityScheme::http("Bearer"),
            SecurityScheme::api_key("query", "api_key"),
            oauth2,
            SecurityScheme::mutual_tls(),
        ]
    }

    #[test]
    fn one_challenge_per_scheme_in_its_own_words() {
        let all: Vec<Challenge> = schemes()
            .iter()
            .map(|s| Challenge::for_scheme(s, false))
            .collect();
        let failure = AuthFailure::new("a2a", all, None, vec!["why".into()]);
        assert_eq!(failure.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(failure.reasons(), ["why"]);
        assert_eq!(
            challenges(&failure),
            [
                r#"Basic realm="a2a", charset="UTF-8""#,
                r#"Bearer realm="a2a""#,
                r#"ApiKey realm="a2a", in="query", name="api_key""#,
                r#"TLS-Client-Certificate realm="a2a""#,
            ],
            "the oauth2 challenge is the Bearer one, sent once"
        );
    }

    #[test]
    fn a_rejected_token_is_an_invalid_token() {
        let bearer = Challenge::for_scheme(&SecurityScheme::http("Bearer"), true);
        let failure = AuthFailure::new("r", vec![bearer], None, Vec::new());
        assert_eq!(
            challenges(&failure),
            [r#"Bearer realm="r", error="invalid_token""#]
        );
    }

    #[test]
    fn short_of_scopes_is_403_and_names_them_on_bearer_challenges_only() {
        let all: Vec<Challenge> = schemes()
            .iter()
            .map(|s| Challenge::for_scheme(s, true))
            .collect();
        let scopes = BTreeSet::from(["b".to_owned(), "a\"".to_owned()]);
        let failure = AuthFailure::new("r", all, Some(scopes), Vec::new());
        assert_eq!(failure.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            challenges(&failure),
            [
                r#"Basic realm="r", charset="UTF-8", error="invalid_token""#,
                r#"Bearer realm="r", error="insufficient_scope", scope="a b""#,
                r#"ApiKey realm="r", in="query", name="api_key", error="invalid_token""#,
                r#"TLS-Client-Certificate realm="r", error="invalid_token""#,
            ]
        );
    }

    #[test]
    fn the_challenges_written_ahead_are_the_ones_written_per_request() {
        let digest = SecurityScheme::http("Digest");
        for scheme in schemes().iter().chain([&digest]) {
            let ahead = SchemeChallenges::new(scheme, "r\"ealm");
            for refused in [false, true] {
                let written = Challenge::for_scheme(scheme, refused && is_bearer(scheme));
                let per_request = AuthFailure::new("r\"ealm", vec![written], None, Vec::new());
                let prepared = AuthFailure::unauthorized(ahead.header(refused), Vec::new());
                assert_eq!(
                    challenges(&prepared),
                    challenges(&per_request),
                    "{scheme:?}"
                );
                let forbidden = |challenge| {
                    AuthFailure::new("r", vec![challenge], Some(BTreeSet::new()), Vec::new())
                };
                assert_eq!(
                    challenges(&forbidden(ahead.challenge(refused))),
                    challenges(&forbidden(Challenge::for_scheme(
                        scheme,
                        refused && is_bearer(scheme)
                    ))),
                );
            }
        }
        let bearer = SchemeChallenges::new(&SecurityScheme::http("Bearer"), "r");
        assert_eq!(bearer.header(false).unwrap(), r#"Bearer realm="r""#);
        assert_eq!(
            bearer.header(true).unwrap(),
            r#"Bearer realm="r", error="invalid_token""#
        );
        let digest = SchemeChallenges::new(&digest, "r");
        assert_eq!(
            digest.header(true),
            digest.header(false),
            "not a bearer scheme"
        );
        let twice = AuthFailure::unauthorized(
            [
                bearer.header(true),
                bearer.header(true),
                digest.header(false),
            ]
            .into_iter()
            .flatten(),
            Vec::new(),
        );
        assert_eq!(
            challenges(&twice),
            [
                r#"Bearer realm="r", error="invalid_token""#,
                r#"Bearer realm="r""#
            ],
            "each challenge once"
        );
    }

    #[test]
    fn both_constructors_keep_each_challenge_once_in_first_order() {
        let api_key = SecurityScheme::api_key("header", "X-Key");
        let bearer = SecurityScheme::http("Bearer");
        let given = [&api_key, &bearer, &api_key, &bearer]
            .map(|scheme| Challenge::for_scheme(scheme, false));
        let expected = [
            r#"ApiKey realm="r", in="header", name="X-Key""#,
            r#"Bearer realm="r""#,
        ];
        let written = AuthFailure::new("r", given.to_vec(), None, Vec::new());
        assert_eq!(challenges(&written), expected);
        let ahead =
            [&api_key, &bearer, &bearer, &api_key].map(|scheme| SchemeChallenges::new(scheme, "r"));
        let prepared =
            AuthFailure::unauthorized(ahead.iter().filter_map(|c| c.header(false)), Vec::new());
        assert_eq!(challenges(&prepared), expected);
    }

    #[test]
    fn the_callers_id_is_echoed_whatever_it_is() {
        let failure = AuthFailure::new("r", Vec::new(), None, Vec::new());
        for id in [
            json!(7),
            json!(-1.5),
            json!("a\"b\\c\u{2028}"),
            json!({"x": [1, null]}),
            Value::Null,
        ] {
            let rpc = failure.to_response(ErrorStyle::JsonRpc, Some(id.clone()));
            let body: Value = serde_json::from_slice(rpc.body()).unwrap();
            assert_eq!(body["id"], id);
            assert_eq!(body.as_object().unwrap().len(), 3, "{body}");
        }
    }

    #[test]
    fn the_body_in_each_style() {
        let unauthorized = AuthFailure::new("r", Vec::new(), None, Vec::new());
        let forbidden = AuthFailure::new("r", Vec::new(), Some(BTreeSet::new()), Vec::new());
        for (failure, status, reason) in [
            (&unauthorized, 401, "UNAUTHENTICATED"),
            (&forbidden, 403, "PERMISSION_DENIED"),
        ] {
            let rest = failure.to_response(ErrorStyle::Rest, None);
            assert_eq!(rest.status().as_u16(), status);
            assert_eq!(rest.headers()[CONTENT_TYPE], "application/json");
            assert_eq!(rest.headers()[CACHE_CONTROL], "no-store");
            let body: Value = serde_json::from_slice(rest.body()).unwrap();
            assert_eq!(body["error"]["code"], status);
            assert_eq!(body["error"]["status"], reason);
            assert_eq!(body["error"]["details"][0]["reason"], reason);
            assert_eq!(body["error"]["details"][0]["domain"], ERROR_DOMAIN);
            assert_eq!(body["error"]["details"][0]["@type"], ERROR_INFO_TYPE);

            let rpc = failure.to_response(ErrorStyle::JsonRpc, Some(json!(7)));
            assert_eq!(rpc.status().as_u16(), status);
            let body: Value = serde_json::from_slice(rpc.body()).unwrap();
            assert_eq!(body["jsonrpc"], "2.0");
            assert_eq!(body["id"], 7);
            assert_eq!(body["error"]["code"], ErrorCode::ServerError.code());
            assert_eq!(body["error"]["data"][0]["reason"], reason);
            let no_id = failure.to_response(ErrorStyle::JsonRpc, None);
            let body: Value = serde_json::from_slice(no_id.body()).unwrap();
            assert_eq!(body["id"], Value::Null);
        }
        assert_ne!(
            unauthorized.to_response(ErrorStyle::Rest, None).body(),
            forbidden.to_response(ErrorStyle::Rest, None).body()
        );
    }
}
