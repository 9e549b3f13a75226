//! Checking a card document: convert older shapes, check the shape, run the rules on the
//! model, and point every finding into the document as written.

use std::collections::HashSet;

use serde_json::Value;

use super::{credentials, lints, rules, Profile};
use crate::card::shape;
use crate::card::{migrate, read, AgentCard, CardVersion};
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
    let version = migrate::detect(&migrated);
    let conversion = migrate::to_v1(&mut migrated, version);
    let mut migrated = Value::Object(migrated);
    // Credentials are looked for in every value, before wrong ones are replaced below.
    let mut found = Vec::new();
    credentials::check(&migrated, &mut found);
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
            rules::check(&card, &mut more);
            lints::check(&card, &mut more);
            if profile == Profile::Registry && version == CardVersion::V1_0 {
                registry_versions(&card, &mut more);
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
    if version == CardVersion::V0_3 {
        v03_required(fields, &mut found);
    }
    crate::diagnostic::dedupe(&mut found);
    out.extend(conversion.errors);
    if version == CardVersion::V0_3 {
        if profile == Profile::Registry {
            registry_v03_version(fields.get("protocolVersion"), out);
        }
        out.push(Diagnostic::new(
            Code::V03Card,
            "",
            "this is a v0.3 card; it was checked as its v1.0 migration. Run \
             `a2a-card migrate` to write the v1.0 card",
        ));
    }
    out.extend(found);
    out.extend(conversion.notes);
    Some(version)
}

/// Fields v0.3 requires that the migration fills in from elsewhere, so the v1.0 shape check
/// cannot see that the author left them out.
fn v03_required(doc: &serde_json::Map<String, Value>, found: &mut Vec<Diagnostic>) {
    let absent = |key: &str| doc.get(key).is_none_or(Value::is_null);
    if absent("url") {
        // The v1.0 finding about supportedInterfaces, mapped to /url, names a field the
        // author never wrote; this one says what v0.3 wants.
        found.retain(|d| !(d.code == Code::MissingField && d.pointer == "/url"));
        found.push(Diagnostic::new(
            Code::MissingField,
            "/url",
            "missing REQUIRED field `url` of a v0.3 AgentCard (the preferred endpoint)",
        ));
    }
    if absent("capabilities") {
        found.retain(|d| !(d.code == Code::MissingField && d.pointer == "/capabilities"));
        found.push(Diagnostic::new(
            Code::MissingField,
            "/capabilities",
            "missing REQUIRED field `capabilities` of a v0.3 AgentCard (an object)",
        ));
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
