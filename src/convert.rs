//! Converting a card between the v1.0 and v0.3 shapes, with the diagnostics a publisher
//! needs: what `validate` says of the input (pointing into the input as given) and what the
//! conversion could not carry across. The code behind `a2a-card migrate` and the studio.
//!
//! ```
//! use a2a_card::{convert::convert, CardVersion};
//!
//! let v03 = br#"{"name": "Route Planner", "description": "Plans driving routes with live traffic.",
//!   "url": "https://routes.example.com/a2a", "preferredTransport": "JSONRPC",
//!   "protocolVersion": "0.3.0", "version": "2.1.0", "capabilities": {},
//!   "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
//!   "skills": [{"id": "route", "name": "Route", "description": "Plans a route.", "tags": ["maps"]}]}"#;
//! let converted = convert(v03, CardVersion::V1_0)?;
//! assert_eq!(converted.what, "a v0.3 card; printed its v1.0 migration");
//! assert!(converted.printed.contains("supportedInterfaces"));
//! assert!(!converted.diagnostics.iter().any(|d| d.is_error()));
//! # Ok::<(), a2a_card::convert::ConvertError>(())
//! ```

use std::fmt;

use crate::{
    validate_document, AgentCard, CardVersion, Code, Diagnostic, DocumentKind, Profile, ReadError,
};

/// A converted card, with the diagnostics `validate` gives for its input (pointers into the
/// input as given) and what the conversion could not carry across.
#[derive(Debug)]
pub struct Converted {
    /// The card in the target shape, indented.
    pub printed: String,
    /// One sentence saying what was converted into what.
    pub what: &'static str,
    /// The version of the card that was read.
    pub source_version: CardVersion,
    /// What `validate` reports for the input, plus the conversion's notes.
    pub diagnostics: Vec<Diagnostic>,
    /// The errors of the converted card itself (pointers into [`printed`](Self::printed)):
    /// what `validate` finds in it, and an `A2A-E037` when the input declares a version its
    /// shape contradicts (the converted card would repeat a claim the endpoint likely does
    /// not keep). Empty when the converted card can be published; see
    /// [`Converted::is_valid`].
    pub result_errors: Vec<Diagnostic>,
}

impl Converted {
    /// True when the converted card has no error: only then should it be written out as the
    /// result of a conversion (`a2a-card migrate` prints nothing otherwise).
    ///
    /// ```
    /// use a2a_card::{convert::convert, CardVersion};
    /// // Valid v0.3 (its schema sets no minimum), but v1.0 requires at least one skill.
    /// let v03 = br#"{"name": "Hello World Agent", "description": "Greets whoever asks it to.",
    ///   "url": "https://hello.example.com/", "protocolVersion": "0.3.0", "version": "1.0.0",
    ///   "capabilities": {}, "defaultInputModes": ["text/plain"],
    ///   "defaultOutputModes": ["text/plain"], "skills": []}"#;
    /// let converted = convert(v03, CardVersion::V1_0)?;
    /// assert!(!converted.diagnostics.iter().any(|d| d.is_error())); // the input is valid v0.3
    /// assert!(!converted.is_valid()); // the v1.0 card is not
    /// assert_eq!(converted.result_errors[0].pointer, "/skills");
    /// # Ok::<(), a2a_card::convert::ConvertError>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        self.result_errors.is_empty()
    }
}

/// Why a card could not be converted.
#[derive(thiserror::Error)]
pub enum ConvertError {
    /// The input is not JSON (line and column in the error).
    #[error(transparent)]
    Syntax(ReadError),
    /// Values of the wrong type stop the conversion; these are every diagnostic `validate`
    /// finds, not only the wrong types.
    #[error("values of the wrong type (A2A-E002) stop the conversion; fix them and convert again")]
    WrongTypes(Vec<Diagnostic>),
}

impl fmt::Debug for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)?;
        if let ConvertError::WrongTypes(diagnostics) = self {
            for diagnostic in diagnostics {
                write!(f, "\n  {diagnostic}")?;
            }
        }
        Ok(())
    }
}

/// Converts a card into the `to` shape; `bytes` is a v1.0 or v0.3 card as JSON.
///
/// # Errors
///
/// [`ConvertError::Syntax`] when `bytes` is not JSON, [`ConvertError::WrongTypes`] when a
/// value has the wrong type (every diagnostic of the input is listed).
pub fn convert(bytes: &[u8], to: CardVersion) -> Result<Converted, ConvertError> {
    let read = match AgentCard::read(bytes) {
        Ok(read) => read,
        Err(error @ ReadError::Syntax { .. }) => return Err(ConvertError::Syntax(error)),
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
            return Err(ConvertError::WrongTypes(diagnostics));
        }
    };
    // The diagnostics `validate` reports, pointing into the input as given (conversion notes
    // included), less its advice to run `migrate`: that is what is running.
    let mut diagnostics: Vec<Diagnostic> =
        match validate_document(bytes, Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report.diagnostics,
            // The bytes were read as a card above, so they are JSON.
            Err(error) => return Err(ConvertError::Syntax(error)),
        };
    diagnostics.retain(|d| d.code != Code::V03Card);
    let (printed, what) = match to {
        CardVersion::V1_0 => {
            let what = match read.source_version {
                CardVersion::V1_0 => "already a v1.0 card; printed in normalized v1.0 form",
                CardVersion::V0_3 => "a v0.3 card; printed its v1.0 migration",
            };
            (read.card.to_json_pretty(), what)
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
            let what = match read.source_version {
                CardVersion::V1_0 => "a v1.0 card; printed its v0.3 rendering for v0.3 clients",
                CardVersion::V0_3 => {
                    "already a v0.3 card; printed its v0.3 rendering (read as v1.0 and rendered \
                     back)"
                }
            };
            let json = serde_json::to_string_pretty(&rendering.json).unwrap_or_default();
            (json, what)
        }
    };
    // The v0.3 rendering of a card whose interfaces speak 1.0 declares 1.0 on the v0.3
    // shape by design (it is what v0.3 clients are served; A2A-W021 says so): not an error of
    // the rendering.
    let rendering_of_v1 = to == CardVersion::V0_3 && read.source_version == CardVersion::V1_0;
    let mut result_errors: Vec<Diagnostic> =
        match validate_document(printed.as_bytes(), Profile::Spec, Some(DocumentKind::Card)) {
            Ok(report) => report
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .filter(|d| !(rendering_of_v1 && d.code == Code::VersionContradictsShape))
                .collect(),
            Err(error) => return Err(ConvertError::Syntax(error)),
        };
    if let Some(claim) = diagnostics
        .iter()
        .find(|d| d.code == Code::VersionContradictsShape)
    {
        let at = match (read.source_version, to) {
            (CardVersion::V0_3, CardVersion::V1_0) => "/supportedInterfaces/0/protocolVersion",
            _ => "/protocolVersion",
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
    Ok(Converted {
        printed,
        what,
        source_version: read.source_version,
        diagnostics,
        result_errors,
    })
}
