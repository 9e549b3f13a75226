//! Migrating a card between the v1.0 and v0.3 shapes, with the diagnostics a publisher
//! needs: what `validate` says of the input (pointing into the input as given), what the
//! conversion could not carry across, and the errors of the result. To read a card of either
//! shape as the v1.0 model, [`AgentCard::read`] is enough; [`migrate`] is for writing the
//! card out in the other shape (`a2a-card migrate` and the studio are built on it).
//!
//! The field-by-field mapping is not here: reading v0.3 is [`AgentCard::read`], rendering
//! v0.3 is [`AgentCard::to_v03`], and both follow one table in the `card` module.
//!
//! ```
//! use a2a_card::migrate::{migrate, Migrated};
//! use a2a_card::CardVersion;
//!
//! let v03 = br#"{"name": "Route Planner", "description": "Plans driving routes with live traffic.",
//!   "url": "https://routes.example.com/a2a", "preferredTransport": "JSONRPC",
//!   "protocolVersion": "0.3.0", "version": "2.1.0", "capabilities": {},
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
//!   "skills": [{"id": "route", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}]}"#;
//! let migration = migrate(v03, CardVersion::V1_0)?;
//! assert_eq!(migration.source_version, CardVersion::V0_3);
//! let Migrated::V1_0(card) = &migration.card else { unreachable!() };
//! assert_eq!(card.supported_interfaces[0].protocol_version, "0.3");
//! assert!(!migration.diagnostics.iter().any(|d| d.is_error()));
//! assert!(migration.is_valid());
//! # Ok::<(), a2a_card::migrate::MigrateError>(())
//! ```

use std::fmt;

use serde_json::Value;

use crate::card::v03::{MAIN_VERSION, main_pointer_v1, main_pointer_v03};
use crate::{
    AgentCard, CardVersion, Code, Diagnostic, ReadError,
    validate::{DocumentKind, Profile, validate_document},
};

/// The migrated card, in the shape asked for.
// One per migration, never stored in bulk: boxing the card would only make it harder to use.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Migrated {
    /// The v1.0 card (a v0.3 input migrated, or a v1.0 input normalized).
    V1_0(AgentCard),
    /// The v0.3 rendering ([`AgentCard::to_v03`]) of the card read as v1.0.
    V0_3(Value),
}

impl Migrated {
    /// The shape of this card.
    ///
    /// ```
    /// use a2a_card::{migrate::Migrated, AgentCard, CardVersion};
    /// assert_eq!(Migrated::V1_0(AgentCard::default()).version(), CardVersion::V1_0);
    /// ```
    pub fn version(&self) -> CardVersion {
        match self {
            Migrated::V1_0(_) => CardVersion::V1_0,
            Migrated::V0_3(_) => CardVersion::V0_3,
        }
    }

    /// The card as JSON (v1.0 ProtoJSON, or the v0.3 document).
    ///
    /// ```
    /// use a2a_card::{migrate::Migrated, AgentCard};
    /// let json = Migrated::V1_0(AgentCard::default()).to_value();
    /// assert!(json["skills"].as_array().unwrap().is_empty());
    /// ```
    pub fn to_value(&self) -> Value {
        match self {
            Migrated::V1_0(card) => card.to_value(),
            Migrated::V0_3(json) => json.clone(),
        }
    }
}

/// A migrated card, with the diagnostics `validate` gives for its input (pointers into the
/// input as given) and what the conversion could not carry across.
#[derive(Debug)]
pub struct Migration {
    /// The card in the target shape.
    pub card: Migrated,
    /// The version of the card that was read.
    pub source_version: CardVersion,
    /// What `validate` reports for the input, plus the conversion's notes.
    pub diagnostics: Vec<Diagnostic>,
    /// The errors of the migrated card itself (pointers into [`card`](Self::card)):
    /// what `validate` finds in it, and an `A2A-E037` when the input declares a version its
    /// shape contradicts (the migrated card would repeat a claim the endpoint likely does
    /// not keep). Empty when the migrated card can be published; see
    /// [`Migration::is_valid`].
    pub result_errors: Vec<Diagnostic>,
}

impl Migration {
    /// True when the migrated card has no error: only then should it be written out as the
    /// result of a migration (`a2a-card migrate` prints nothing otherwise).
    ///
    /// ```
    /// use a2a_card::{migrate::migrate, CardVersion};
    /// // Valid v0.3 (its schema sets no minimum), but v1.0 requires at least one skill.
    /// let v03 = br#"{"name": "Hello World Agent", "description": "Greets whoever asks it to.",
    ///   "url": "https://hello.example.com/", "protocolVersion": "0.3.0", "version": "1.0.0",
    ///   "capabilities": {}, "defaultInputModes": ["text/plain"],
    ///   "defaultOutputModes": ["text/plain"], "skills": []}"#;
    /// let migration = migrate(v03, CardVersion::V1_0)?;
    /// assert!(!migration.diagnostics.iter().any(|d| d.is_error())); // the input is valid v0.3
    /// assert!(!migration.is_valid()); // the v1.0 card is not
    /// assert_eq!(migration.result_errors[0].pointer, "/skills");
    /// # Ok::<(), a2a_card::migrate::MigrateError>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        self.result_errors.is_empty()
    }
}

/// Why a card could not be migrated.
#[derive(thiserror::Error)]
pub enum MigrateError {
    /// The input is not JSON (line and column in the error).
    #[error(transparent)]
    Syntax(ReadError),
    /// Values of the wrong type stop the migration; these are every diagnostic `validate`
    /// finds, not only the wrong types.
    #[error("values of the wrong type (A2A-E002) stop the conversion; fix them and convert again")]
    WrongTypes(Vec<Diagnostic>),
}

impl fmt::Debug for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)?;
        if let MigrateError::WrongTypes(diagnostics) = self {
            for diagnostic in diagnostics {
                write!(f, "\n  {diagnostic}")?;
            }
        }
        Ok(())
    }
}

/// Migrates a card into the `to` shape; `bytes` is a v1.0 or v0.3 card as JSON: the input
/// is validated, read ([`AgentCard::read`]), rendered in the `to` shape, and the result
/// validated.
///
/// # Errors
///
/// [`MigrateError::Syntax`] when `bytes` is not JSON, [`MigrateError::WrongTypes`] when a
/// value has the wrong type (every diagnostic of the input is listed).
pub fn migrate(bytes: &[u8], to: CardVersion) -> Result<Migration, MigrateError> {
    let read = match AgentCard::read(bytes) {
        Ok(read) => read,
        Err(error @ ReadError::Syntax { .. }) => return Err(MigrateError::Syntax(error)),
        Err(ReadError::Shape(shape)) => {
            let diagnostics =
                match validate_document(bytes, Profile::Spec, Some(DocumentKind::Card)) {
                    Ok(report) => report
                        .diagnostics
                        .into_iter()
                        .filter(|d| d.code != Code::V03Card)
                        .collect(),
                    Err(_) => shape,
                };
            return Err(MigrateError::WrongTypes(diagnostics));
        }
    };
    // The diagnostics `validate` reports, pointing into the input as given (conversion notes
    // included), less its advice to run `migrate`: that is what is running.
    let mut diagnostics: Vec<Diagnostic> =
        match validate_document(bytes, Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report.diagnostics,
            // The bytes were read as a card above, so they are JSON.
            Err(error) => return Err(MigrateError::Syntax(error)),
        };
    diagnostics.retain(|d| d.code != Code::V03Card);
    let (card, json) = match to {
        CardVersion::V1_0 => {
            let json = read.card.to_json_vec();
            (Migrated::V1_0(read.card), json)
        }
        CardVersion::V0_3 => {
            let rendering = read.card.to_v03();
            // Signatures read from a v0.3 card were reported stale once already.
            let already_stale = diagnostics.iter().any(|d| d.code == Code::StaleSignatures);
            for mut note in rendering.notes {
                if already_stale && note.code == Code::StaleSignatures {
                    continue;
                }
                // Rendering notes point into the v1.0 model; map them back into the input.
                note.pointer = read.pointers.to_source(&note.pointer);
                if !diagnostics.contains(&note) {
                    diagnostics.push(note);
                }
            }
            // A JSON value always serializes.
            let json = serde_json::to_vec(&rendering.json).unwrap_or_default();
            (Migrated::V0_3(rendering.json), json)
        }
    };
    // The v0.3 rendering of a card whose interfaces speak 1.0 declares 1.0 on the v0.3
    // shape by design (it is what v0.3 clients are served; A2A-W021 says so): not an error of
    // the rendering.
    let rendering_of_v1 = to == CardVersion::V0_3 && read.source_version == CardVersion::V1_0;
    let mut result_errors: Vec<Diagnostic> =
        match validate_document(&json, Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .filter(|d| !(rendering_of_v1 && d.code == Code::VersionContradictsShape))
                .collect(),
            Err(error) => return Err(MigrateError::Syntax(error)),
        };
    if let Some(claim) = diagnostics
        .iter()
        .find(|d| d.code == Code::VersionContradictsShape)
    {
        // Where the migrated card declares the version.
        let at = match (read.source_version, to) {
            (CardVersion::V0_3, CardVersion::V1_0) => main_pointer_v1(MAIN_VERSION),
            _ => main_pointer_v03(MAIN_VERSION),
        };
        result_errors.insert(
            0,
            Diagnostic::new(
                Code::VersionContradictsShape,
                at,
                format!(
                    "not written: the input's protocolVersion contradicts its shape ({}), so \
                     the version the converted card would declare is most likely wrong",
                    claim.pointer
                ),
            ),
        );
    }
    Ok(Migration {
        card,
        source_version: read.source_version,
        diagnostics,
        result_errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A valid v0.3 card with one skill.
    fn v03() -> Value {
        json!({"name": "Route Planner", "description": "Plans driving routes with live traffic.",
               "url": "https://routes.example.com/a2a", "preferredTransport": "JSONRPC",
               "protocolVersion": "0.3.0", "version": "2.1.0", "capabilities": {},
               "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
               "skills": [{"id": "route", "name": "Route", "description": "Plans a route.",
                           "tags": ["maps"], "examples": ["Lyon to Turin"]}]})
    }

    fn migrated(card: &Value, to: CardVersion) -> Migration {
        migrate(&serde_json::to_vec(card).unwrap(), to).unwrap()
    }

    #[test]
    fn is_valid_is_false_exactly_when_the_result_has_an_error() {
        let good = migrated(&v03(), CardVersion::V1_0);
        assert!(good.is_valid(), "{:?}", good.result_errors);
        assert!(good.result_errors.is_empty());

        // Near miss: the input is valid v0.3, but v1.0 requires a skill.
        let mut no_skills = v03();
        no_skills["skills"] = json!([]);
        let migration = migrated(&no_skills, CardVersion::V1_0);
        assert!(!migration.diagnostics.iter().any(Diagnostic::is_error));
        assert!(!migration.is_valid());

        // Near miss: a v0.3 shape declaring 1.0 converts, but the version it would declare
        // is most likely wrong (A2A-E037).
        let mut claims_v1 = v03();
        claims_v1["protocolVersion"] = json!("1.0");
        let migration = migrated(&claims_v1, CardVersion::V1_0);
        assert!(matches!(migration.card, Migrated::V1_0(_)));
        assert!(!migration.is_valid());
        assert_eq!(
            migration.result_errors[0].code,
            Code::VersionContradictsShape
        );
    }

    #[test]
    fn warnings_of_the_input_do_not_make_a_migration_invalid() {
        // A skill without examples: a warning on the input, no error on the result.
        let mut card = v03();
        card["skills"][0]
            .as_object_mut()
            .unwrap()
            .remove("examples");
        let migration = migrated(&card, CardVersion::V1_0);
        assert!(
            migration
                .diagnostics
                .iter()
                .any(|d| d.severity == crate::Severity::Warning)
        );
        assert!(migration.is_valid(), "{:?}", migration.result_errors);
    }

    #[test]
    fn a_v1_card_rendered_as_v03_is_valid() {
        // The v0.3 rendering of a v1.0 card declares 1.0 on the v0.3 shape by design: that
        // is not the A2A-E037 of an input whose claim contradicts its shape.
        let v1: Value =
            serde_json::from_slice(include_bytes!("../examples/agent-card.json")).unwrap();
        let migration = migrated(&v1, CardVersion::V0_3);
        assert!(matches!(migration.card, Migrated::V0_3(_)));
        assert!(migration.is_valid(), "{:?}", migration.result_errors);
    }
}
