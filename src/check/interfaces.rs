//! The interfaces a card declares: does each answer, does it refuse the extended card to a
//! caller without credentials, and (with credentials) does it hand the card to one with them.

use std::collections::HashSet;

use bytes::Bytes;
use http::header::{CACHE_CONTROL, WWW_AUTHENTICATE};
use http::{HeaderMap, Response, StatusCode};
use serde_json::Value;

use super::endpoint::{header_text, stopped_by};
use super::finding::{Place, finding, from_validation, quoted};
use super::grpc::grpc_findings;
use super::probe::{Probe, Skip, not_probed, probe_for};
use crate::client::{Client, ClientError, CredentialPolicy, CredentialRefusal};
use crate::protocol::{Binding, ErrorCode, ProtocolVersion};
use crate::{
    AgentCard, Code, Diagnostic,
    validate::{DocumentKind, Profile, validate_document},
};

/// Interfaces probed at most: a card is a few of them, and a hostile card must not turn
/// the audit into a scanner of thousands of addresses.
const MAX_PROBED: usize = 16;

/// What an extended-card request got.
enum Answer {
    /// A card (the JSON of the card, and its pointer in the body).
    Card {
        card: Value,
        prefix: &'static str,
    },
    Unauthorized {
        challenge: bool,
    },
    Forbidden,
    /// A JSON-RPC error, or an HTTP 400 from an HTTP+JSON route.
    Refusal {
        code: Option<i64>,
        status: StatusCode,
    },
    Other(String),
    Unreachable(ClientError),
    /// Not asked: the destination was refused, or the run's budget ran out (the finding's
    /// code and message).
    Stopped(Code, String),
}

impl Answer {
    fn describe(&self) -> String {
        match self {
            Answer::Card { .. } => "the card".to_owned(),
            Answer::Unauthorized { .. } => "401".to_owned(),
            Answer::Forbidden => "403".to_owned(),
            Answer::Refusal {
                code: Some(code),
                status,
            } => format!("JSON-RPC error {code} (HTTP {})", status.as_u16()),
            Answer::Refusal { code: None, status } => format!("HTTP {}", status.as_u16()),
            Answer::Other(what) => what.clone(),
            Answer::Unreachable(error) => format!("no answer ({error})"),
            Answer::Stopped(_, why) => format!("not asked ({why})"),
        }
    }
}

/// The credentials to send with extended-card requests, and where they may go: the card
/// names the interfaces, and the card comes from the server being audited, so it must not
/// be able to send the credentials elsewhere, or over plain http beyond this machine.
pub(super) struct Credentials {
    pub(super) headers: HeaderMap,
    pub(super) policy: CredentialPolicy,
}

impl Credentials {
    fn may_go_to(&self, url: &http::Uri) -> Result<(), &'static str> {
        self.policy.allows(url).map_err(|refusal| match refusal {
            CredentialRefusal::PlainHttp => "plain http beyond loopback",
            _ => "another origin than the base URL's (allow it with --credentials-origin)",
        })
    }
}

/// Probes every interface of `card`; `credentials` are the `--header`s (possibly none).
pub(super) async fn interface_findings(
    client: &Client,
    card: &AgentCard,
    card_url: &str,
    credentials: &Credentials,
    findings: &mut Vec<Diagnostic>,
) {
    super::addresses::interface_address_findings(card, card_url, findings);
    let capability = card.capabilities.extended_agent_card == Some(true);
    let mut validated = HashSet::new();
    let mut probed = false;
    let declared = card.supported_interfaces.len().min(MAX_PROBED);
    for (index, interface) in card
        .supported_interfaces
        .iter()
        .enumerate()
        .take(MAX_PROBED)
    {
        if client.is_out_of_time() {
            findings.push(finding(
                Code::NotDone,
                Place::pointer(card_url, format!("/supportedInterfaces/{index}")),
                format!(
                    "{} interface probe(s) not done, from this one on: the run's time budget \
                     ran out",
                    declared - index
                ),
            ));
            break;
        }
        let probe = match probe_for(interface) {
            Ok(probe) => probe,
            Err(Skip::NotHttp) if Binding::parse(&interface.protocol_binding) == Binding::Grpc => {
                grpc_findings(client, interface, capability, findings).await;
                continue;
            }
            Err(Skip::NotHttp) => {
                not_probed(interface, findings);
                continue;
            }
            Err(Skip::BadUrl(why)) => {
                findings.push(finding(
                    Code::InterfaceUrlUnusable,
                    Place::pointer(card_url, format!("/supportedInterfaces/{index}/url")),
                    format!("{why}; clients cannot use this interface"),
                ));
                continue;
            }
        };
        probed = true;
        let place = Place::url(&probe.url);
        let answer = ask(client, &probe, &HeaderMap::new(), findings).await;
        unauthenticated(
            capability,
            &probe.operation.version(),
            &answer,
            place.clone(),
            findings,
        );
        let reachable = !matches!(answer, Answer::Unreachable(_) | Answer::Stopped(..));
        if capability && !credentials.headers.is_empty() && reachable {
            if let Err(why) = credentials.may_go_to(&probe.url) {
                findings.push(finding(
                    Code::CredentialsWithheld,
                    place,
                    format!("the --header credentials were not sent here: {why}"),
                ));
                continue;
            }
            match ask_for_response(client, &probe, &credentials.headers, findings).await {
                Ok((answer, response)) => {
                    authenticated(&probe, answer, &response, &mut validated, findings)
                }
                Err(error) if stopped_by(&error).is_some() => {
                    if let Some((code, message)) = stopped_by(&error) {
                        findings.push(finding(code, place, message));
                    }
                }
                Err(error) => findings.push(finding(
                    Code::ExtendedCardRefused,
                    place,
                    format!("with the given headers: no answer ({error})"),
                )),
            }
        }
    }
    let left = card.supported_interfaces.len().saturating_sub(MAX_PROBED);
    if left > 0 {
        findings.push(finding(
            Code::InterfaceNotProbed,
            Place::pointer(card_url, format!("/supportedInterfaces/{MAX_PROBED}")),
            format!("{left} more interface(s) not probed; only the first {MAX_PROBED} are"),
        ));
    }
    if capability && credentials.headers.is_empty() && probed {
        findings.push(finding(
            Code::ExtendedCardNotFetched,
            Place::pointer(card_url, "/capabilities/extendedAgentCard"),
            "the card offers an extended card; pass its credentials with --header to fetch \
             and validate it",
        ));
    }
}

async fn ask(
    client: &Client,
    probe: &Probe,
    extra: &HeaderMap,
    findings: &mut Vec<Diagnostic>,
) -> Answer {
    match ask_for_response(client, probe, extra, findings).await {
        Ok((answer, _)) => answer,
        Err(error) => match stopped_by(&error) {
            Some((code, message)) => Answer::Stopped(code, message),
            None if error.is_unreachable() => Answer::Unreachable(error),
            None => Answer::Other(format!("no usable answer ({error})")),
        },
    }
}

async fn ask_for_response(
    client: &Client,
    probe: &Probe,
    extra: &HeaderMap,
    findings: &mut Vec<Diagnostic>,
) -> Result<(Answer, Response<Bytes>), ClientError> {
    let mut request = probe.request.clone();
    for (name, value) in extra {
        request.headers.append(name, value.clone());
    }
    let exchange = client.send(&probe.url, &request).await;
    if !exchange.redirects.is_empty() {
        let chain: Vec<String> = exchange.redirects.iter().map(ToString::to_string).collect();
        findings.push(finding(
            Code::Redirected,
            Place::url(&probe.url),
            format!("redirected to {}", chain.join(" then ")),
        ));
    }
    let response = exchange.result?;
    Ok((
        classify(probe.operation.binding() == Binding::JsonRpc, &response),
        response,
    ))
}

fn classify(jsonrpc: bool, response: &Response<Bytes>) -> Answer {
    let status = response.status();
    match status {
        StatusCode::UNAUTHORIZED => {
            return Answer::Unauthorized {
                challenge: response.headers().contains_key(WWW_AUTHENTICATE),
            };
        }
        StatusCode::FORBIDDEN => return Answer::Forbidden,
        _ => {}
    }
    let body: Option<Value> = serde_json::from_slice(response.body()).ok();
    if jsonrpc {
        if let Some(body) = &body {
            if status.is_success() && body.get("result").is_some_and(Value::is_object) {
                return Answer::Card {
                    card: body["result"].clone(),
                    prefix: "/result",
                };
            }
            if let Some(code) = body.pointer("/error/code").and_then(Value::as_i64) {
                return Answer::Refusal {
                    code: Some(code),
                    status,
                };
            }
        }
    } else if status == StatusCode::OK && body.as_ref().is_some_and(Value::is_object) {
        return Answer::Card {
            card: body.unwrap_or_default(),
            prefix: "",
        };
    } else if status == StatusCode::BAD_REQUEST {
        return Answer::Refusal { code: None, status };
    }
    Answer::Other(format!("HTTP {}", status.as_u16()))
}

/// Whether a JSON-RPC error code is `expected`.
fn is(code: i64, expected: ErrorCode) -> bool {
    ErrorCode::from_code(code) == Some(expected)
}

/// What an extended-card request without credentials must get.
fn unauthenticated(
    capability: bool,
    version: &ProtocolVersion,
    answer: &Answer,
    place: Place,
    findings: &mut Vec<Diagnostic>,
) {
    let found = match answer {
        Answer::Stopped(code, message) => Some((*code, message.clone())),
        Answer::Unreachable(error) => Some((
            Code::InterfaceUnreachable,
            format!("the interface does not answer: {error}"),
        )),
        Answer::Card { .. } => Some((
            Code::ExtendedCardUnprotected,
            "the extended card was returned to a request without credentials; it MUST require \
             authentication (§13.3)"
                .to_owned(),
        )),
        Answer::Unauthorized { challenge: false } => Some((
            Code::NoChallenge,
            "401 without WWW-Authenticate; the challenge tells clients which credentials to send"
                .to_owned(),
        )),
        Answer::Unauthorized { .. } | Answer::Forbidden => None,
        // v0.3 has no UnsupportedOperationError for this method: its "not configured"
        // error is the answer there.
        Answer::Refusal {
            code: Some(code), ..
        } if !capability
            && version.is_pre_v1()
            && is(*code, ErrorCode::ExtendedAgentCardNotConfigured) =>
        {
            None
        }
        Answer::Refusal {
            code: Some(code), ..
        } if !capability && is(*code, ErrorCode::UnsupportedOperation) => None,
        Answer::Refusal { code: None, .. } if !capability => None,
        other if capability => Some((
            Code::ExtendedNotRefused,
            format!(
                "an extended-card request without credentials got {}; expected 401 with \
                 WWW-Authenticate",
                other.describe()
            ),
        )),
        other => Some((
            Code::CapabilityOffAnswer,
            format!(
                "the card offers no extended card, so the request should get \
                 UnsupportedOperationError (JSON-RPC {} or HTTP 400); got {}",
                ErrorCode::UnsupportedOperation.code(),
                other.describe()
            ),
        )),
    };
    if let Some((code, message)) = found {
        findings.push(finding(code, place, message));
    }
}

/// The answer to a request with the `--header` credentials: the card, validated.
fn authenticated(
    probe: &Probe,
    answer: Answer,
    response: &Response<Bytes>,
    validated: &mut HashSet<Vec<u8>>,
    findings: &mut Vec<Diagnostic>,
) {
    let url = probe.url.to_string();
    let Answer::Card { card, prefix } = answer else {
        findings.push(finding(
            Code::ExtendedCardRefused,
            Place::url(&url),
            format!(
                "with the given headers the request got {}, not the extended card",
                answer.describe()
            ),
        ));
        return;
    };
    let cache_control = header_text(response.headers(), CACHE_CONTROL).unwrap_or_default();
    let lower = cache_control.to_ascii_lowercase();
    if !lower.contains("private") && !lower.contains("no-store") {
        findings.push(finding(
            Code::ExtendedCardCacheable,
            Place::header(&url, "Cache-Control"),
            format!(
                "the extended card is sent with Cache-Control {}; send `private` or `no-store` \
                 so shared caches do not hand it to others",
                quoted(&cache_control)
            ),
        ));
    }
    let bytes = serde_json::to_vec(&card).unwrap_or_default();
    // Every interface usually serves the same extended card: report its problems once.
    if !validated.insert(bytes.clone()) {
        return;
    }
    match validate_document(&bytes, Profile::Spec, Some(DocumentKind::Card)) {
        Ok(report) => findings.extend(
            report
                .diagnostics
                .iter()
                .map(|d| from_validation(d, &url, prefix)),
        ),
        Err(error) => findings.push(finding(
            Code::ExtendedCardUnreadable,
            Place::pointer(&url, prefix),
            error.to_string(),
        )),
    }
}
