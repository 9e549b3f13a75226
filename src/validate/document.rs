//! Checking a card document: convert older shapes, check the shape, run the rules on the
//! model, and point every finding into the document as written.

use std::collections::HashSet;

use serde_json::Value;

use super::{Profile, credentials, lints, rules};
use crate::card::shape;
use crate::card::{AgentCard, CardVersion, read, upgrade};
use crate::diagnostic::shown;
use crate::diagnostic::{Code, Diagnostic};

/// Where the shape check put an empty stand-in for a value of the wrong type. Findings that
/// only describe a stand-in are noise, and are dropped.
struct StandIns {
    pointers: HashSet<String>,
}

impl StandIns {
    fn new(found: &[Diagnostic]) -> Self {
        let pointers = found
            .iter()
            .filter(|d| d.code == Code::WrongType)
            .map(|d| d.pointer.clone())
            .collect();
        Self { pointers }
    }

    /// True when `pointer` or one of its ancestors was replaced (one probe per token).
    fn covers(&self, pointer: &str) -> bool {
        let mut prefix = pointer;
        loop {
            if self.pointers.contains(prefix) {
                return true;
            }
            match prefix.rfind('/') {
                Some(cut) => prefix = &prefix[..cut],
                None => return false,
            }
        }
    }

    /// True when the set of declared scheme names was lost (the map or an entry replaced).
    fn lost_scheme_names(&self) -> bool {
        self.pointers.iter().any(|p| {
            p == "/securitySchemes"
                || p.strip_prefix("/securitySchemes/")
                    .is_some_and(|rest| !rest.contains('/'))
        })
    }

    /// True when some requirement lost the schemes it names (a list, an item or its map).
    fn lost_requirements(&self) -> bool {
        self.pointers.iter().any(|p| {
            let tokens: Vec<&str> = p.rsplit('/').take(3).collect();
            match tokens.as_slice() {
                ["securityRequirements", ..] => true,
                [index, "securityRequirements", ..] => index.parse::<usize>().is_ok(),
                ["schemes", index, "securityRequirements"] => index.parse::<usize>().is_ok(),
                _ => false,
            }
        })
    }

    /// Whether a rule's finding should be kept.
    fn keeps(&self, d: &Diagnostic) -> bool {
        match d.code {
            // About a scheme name (a key), which a replaced value does not change.
            Code::UndeclaredScheme => !self.lost_scheme_names(),
            Code::UnusedScheme | Code::ExtendedCardWithoutSecurity => !self.lost_requirements(),
            _ => !self.covers(&d.pointer),
        }
    }
}

pub(super) fn check_card_document(
    doc: &Value,
    profile: Profile,
    out: &mut Vec<Diagnostic>,
) -> Option<CardVersion> {
    let Value::Object(fields) = doc else {
        out.push(read::not_an_object(doc));
        return None;
    };
    let mut migrated = fields.clone();
    let version = upgrade::detect(&migrated);
    let conversion = upgrade::to_v1(&mut migrated, version);
    let mut migrated = Value::Object(migrated);
    // Credentials are looked for in every value, before wrong ones are replaced below.
    let mut found = Vec::new();
    credentials::check(&migrated, &mut found);
    // Text a model reads: every string, before wrong values are replaced (docs/lints.md).
    #[cfg(feature = "lint-injection")]
    super::prompt::check_text(&migrated, profile, &mut found);
    // The shape check replaces wrong values by empty ones, so the rules still run on
    // everything else.
    let shape_found = shape::check_card(&mut migrated);
    let stand_ins = StandIns::new(&shape_found);
    let missing: HashSet<String> = shape_found
        .iter()
        .filter(|d| d.code == Code::MissingField)
        .map(|d| d.pointer.clone())
        .collect();
    found.extend(shape_found);
    match serde_json::from_value::<AgentCard>(migrated) {
        Ok(card) => {
            let mut more = Vec::new();
            rules::check(&card, profile, &mut more);
            lints::check(&card, &mut more);
            #[cfg(feature = "lint-injection")]
            super::prompt::check_names(&card, profile, &mut more);
            if profile == Profile::Registry && version == CardVersion::V1_0 {
                registry_versions(&card, &mut more);
            }
            if profile == Profile::Registry {
                lints::local_interfaces(&card, &mut more);
            }
            more.retain(|d| stand_ins.keeps(d));
            // A missing `flows` is reported once, as missing, not again as "no flow".
            more.retain(|d| !(d.code == Code::OAuthFlowCount && missing.contains(&d.pointer)));
            found.extend(more);
        }
        // Unreachable while the shape table follows the model; never silent all the same.
        Err(e) => found.push(Diagnostic::new(Code::WrongType, "", e.to_string())),
    }
    for d in &mut found {
        d.pointer = conversion.pointers.to_source(&d.pointer);
    }
    let contradiction = contradiction(fields, version);
    if version == CardVersion::V0_3 {
        v03_required(fields, &mut found);
        for d in &mut found {
            as_v03(d, fields);
        }
    }
    crate::diagnostic::dedupe(&mut found);
    out.extend(conversion.errors);
    let contradicts = contradiction.is_some();
    out.extend(contradiction);
    if version == CardVersion::V0_3 {
        if profile == Profile::Registry && !contradicts {
            registry_v03_version(fields.get("protocolVersion"), out);
        }
        out.push(Diagnostic::new(
            Code::V03Card,
            "",
            "this is a v0.3 card, checked against what v0.3 requires; v1.0 clients need the \
             v1.0 card: run `a2a-card migrate` to write it",
        ));
    }
    out.extend(found);
    out.extend(conversion.notes);
    Some(version)
}

/// The major version of a declared `Major.Minor[.Patch]` protocol version.
fn declared_major(version: &str) -> Option<u64> {
    let major = version.split('.').next()?;
    if major.is_empty() || !major.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    major.parse().ok()
}

/// An `A2A-E037` when the top-level `protocolVersion` claims a version whose card shape the
/// document does not have.
fn contradiction(doc: &serde_json::Map<String, Value>, version: CardVersion) -> Option<Diagnostic> {
    let declared = doc.get("protocolVersion").and_then(Value::as_str)?;
    let major = declared_major(declared)?;
    let message = match version {
        CardVersion::V0_3 if major >= 1 => format!(
            "protocolVersion declares {}, but the card has the v0.3 shape (a top-level `url`, \
             no `supportedInterfaces`): a v{major} client finds no interface, and the endpoint \
             at `url` most likely speaks 0.3. Declare \"0.3\" if it does, or write the v1.0 \
             card (`supportedInterfaces`, each interface with its own protocolVersion)",
            shown(declared)
        ),
        CardVersion::V1_0 if major == 0 && doc.get("url").is_none_or(Value::is_null) => format!(
            "protocolVersion declares {}, a v0.x card, but the card has the v1.0 shape \
             (`supportedInterfaces`, no top-level `url`): a v0.3 client finds no endpoint. \
             Remove the top-level protocolVersion (v1.0 declares it on each interface), or add \
             the v0.3 `url` and `preferredTransport` of the preferred interface",
            shown(declared)
        ),
        _ => return None,
    };
    Some(Diagnostic::new(
        Code::VersionContradictsShape,
        "/protocolVersion",
        message,
    ))
}

/// Rewords a finding about a v0.3 card in v0.3 terms: what only v1.0 requires becomes a
/// note, and messages use the v0.3 names of the members they talk about.
fn as_v03(d: &mut Diagnostic, doc: &serde_json::Map<String, Value>) {
    let field = d.pointer.rsplit('/').next().unwrap_or("").to_owned();
    match d.code {
        // The v0.3 schema sets no minimum length on any array.
        Code::EmptyArray => {
            *d = Diagnostic::new(
                Code::NeededForV1,
                d.pointer.clone(),
                format!(
                    "`{field}` is empty: valid in v0.3, but v1.0 requires at least one entry \
                     (§5.7), so the v1.0 card `migrate` writes needs one"
                ),
            );
            return;
        }
        // v0.3 OAuthFlows requires no flow; v1.0 requires exactly one.
        Code::OAuthFlowCount if d.message.starts_with("no OAuth flow") => {
            *d = Diagnostic::new(
                Code::NeededForV1,
                d.pointer.clone(),
                "no OAuth flow is declared: valid in v0.3, but v1.0 requires exactly one \
                 (authorizationCode, clientCredentials or deviceCode), so the v1.0 card \
                 `migrate` writes needs one",
            );
            return;
        }
        Code::SchemeVariantCount => {
            let scheme = Value::Object(doc.clone());
            let kind = scheme
                .pointer(&d.pointer)
                .and_then(|s| s.get("type"))
                .and_then(Value::as_str);
            d.message = match kind {
                Some(kind) => format!(
                    "`type` {} is not a security scheme type; use apiKey, http, oauth2, \
                     openIdConnect or mutualTLS",
                    shown(kind)
                ),
                None => "the scheme has no `type`, which the v0.3 schema requires: apiKey, \
                         http, oauth2, openIdConnect or mutualTLS"
                    .to_owned(),
            };
            return;
        }
        // About spellings of several versions: its words are chosen for that already.
        Code::PreV1Field => return,
        _ => {}
    }
    // v1.0 names in messages, in the words of the card as written.
    for (v1, v03) in [
        (" (an array with at least one entry)", " (an array)"),
        (
            "capabilities.extendedAgentCard",
            "supportsAuthenticatedExtendedCard",
        ),
        ("extendedAgentCard", "supportsAuthenticatedExtendedCard"),
        ("securityRequirements", "security"),
        ("`protocolBinding`", "`transport`"),
        ("`location`", "`in`"),
    ] {
        if d.message.contains(v1) {
            d.message = d.message.replace(v1, v03);
        }
    }
}

/// Fields v0.3 requires that the migration fills in from elsewhere, so the v1.0 shape check
/// cannot see that the author left them out.
fn v03_required(doc: &serde_json::Map<String, Value>, found: &mut Vec<Diagnostic>) {
    let absent = |key: &str| doc.get(key).is_none_or(Value::is_null);
    let mut require = |pointer: &str, message: String| {
        found.retain(|d| !(d.code == Code::MissingField && d.pointer == pointer));
        found.push(Diagnostic::new(Code::MissingField, pointer, message));
    };
    if absent("url") {
        // The v1.0 finding about supportedInterfaces, mapped to /url, names a field the
        // author never wrote; this one says what v0.3 wants.
        require(
            "/url",
            "missing REQUIRED field `url` of a v0.3 AgentCard (the preferred endpoint)".into(),
        );
    }
    if absent("capabilities") {
        require(
            "/capabilities",
            "missing REQUIRED field `capabilities` of a v0.3 AgentCard (an object)".into(),
        );
    }
    if absent("protocolVersion") {
        require(
            "/protocolVersion",
            "missing REQUIRED field `protocolVersion` of a v0.3 AgentCard (such as \"0.3.0\"): \
             without it a client must guess which version the endpoint speaks"
                .into(),
        );
    }
    if let Some(Value::Object(provider)) = doc.get("provider") {
        let organization = provider.get("organization");
        let unset = match organization {
            None | Some(Value::Null) => true,
            Some(Value::String(s)) => s.trim().is_empty(),
            Some(_) => false,
        };
        if unset {
            let name = provider.contains_key("name");
            found.retain(|d| {
                !(d.code == Code::MissingField
                    && (d.pointer == "/provider/name" || d.pointer == "/provider/organization"))
            });
            let message = if name {
                "missing REQUIRED field `organization` of AgentProvider; the card has `name`, \
                 which no version of the spec defines: rename it to `organization`"
            } else {
                "missing REQUIRED field `organization` of AgentProvider"
            };
            found.push(Diagnostic::new(
                Code::MissingField,
                "/provider/organization",
                message,
            ));
        }
    }
}

/// Major.Minor of a version string, ignoring a patch part.
fn major_minor(version: &str) -> String {
    version.split('.').take(2).collect::<Vec<_>>().join(".")
}

fn registry_versions(card: &AgentCard, out: &mut Vec<Diagnostic>) {
    for (i, interface) in card.supported_interfaces.iter().enumerate() {
        let version = &interface.protocol_version;
        if !version.is_empty() && !matches!(major_minor(version).as_str(), "1.0" | "0.3") {
            out.push(Diagnostic::new(
                Code::UnsupportedVersion,
                format!("/supportedInterfaces/{i}/protocolVersion"),
                format!(
                    "the Agent Registry accepts protocol versions 1.0 and 0.3, not {}",
                    shown(version)
                ),
            ));
        }
    }
}

fn registry_v03_version(version: Option<&Value>, out: &mut Vec<Diagnostic>) {
    let version = version.and_then(Value::as_str).unwrap_or("0.3.0");
    if major_minor(version) != "0.3" {
        out.push(Diagnostic::new(
            Code::UnsupportedVersion,
            "/protocolVersion",
            format!(
                "the Agent Registry accepts v0.3 cards with protocolVersion 0.3 or 0.3.x, not \
                 {}; migrate the card to v1.0 or declare 0.3",
                shown(version)
            ),
        ));
    }
}
