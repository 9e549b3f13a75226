//! Reading a card from JSON: v1.0, v0.3 and every spelling of security requirements in, the
//! v1.0 model out.

use serde_json::Value;

use super::shape;
use super::upgrade::{self, CardVersion};
use super::{AgentCard, PointerMap};
use crate::diagnostic::{Code, Diagnostic};

/// Why a document could not be read as a card.
///
/// ```
/// use a2a_card::{AgentCard, ReadError};
/// match AgentCard::from_json_slice(b"{\"name\": }") {
///     Err(ReadError::Syntax { line, column, .. }) => assert_eq!((line, column), (1, 10)),
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(AgentCard::from_json_slice(b"[]"), Err(ReadError::Shape(_))));
/// ```
#[derive(Clone, PartialEq, thiserror::Error)]
pub enum ReadError {
    /// The bytes are not JSON.
    #[error("not valid JSON at line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the JSON parser expected.
        message: String,
    },
    /// The document is JSON but some value has a type the card cannot hold, or a member
    /// name repeats within one object (`A2A-E004`, one diagnostic per repeated name).
    #[error("not an Agent Card: {}", summary(.0))]
    Shape(Vec<Diagnostic>),
}

fn summary(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl ReadError {
    /// A syntax error, with the column counted in characters of `input` as an editor shows
    /// it (serde_json counts bytes, so "日本" would move every later column by four).
    pub(crate) fn from_json(error: &serde_json::Error, input: &[u8]) -> Self {
        let message = error.to_string();
        // serde_json appends " at line L column C"; the fields carry that already.
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message,
        };
        // serde_json stops at 128 levels of nesting and says "recursion limit exceeded",
        // which reads like a bug; say what the limit is.
        let message = if message.contains("recursion limit") {
            "nested more than 128 levels deep, which a card never needs; a2a-card stops \
             reading there"
                .to_owned()
        } else {
            message
        };
        let line = error.line().max(1);
        let byte_column = error.column();
        let column = input
            .split(|&b| b == b'\n')
            .nth(line - 1)
            .map(|text| {
                let upto = &text[..byte_column.min(text.len())];
                String::from_utf8_lossy(upto).chars().count()
            })
            .unwrap_or(byte_column);
        // serde_json says column 0 for an error before the first character of a line (such
        // as the end of input after a newline); columns here are 1-based.
        ReadError::Syntax {
            line,
            column: column.max(1),
            message,
        }
    }
}

/// A card as read, with what reading it found.
///
/// ```
/// let read = a2a_card::AgentCard::read(br#"{"security": [{"key": []}]}"#).unwrap();
/// assert_eq!(read.notes[0].code, a2a_card::Code::PreV1Field);
/// assert_eq!(read.pointers.to_source("/securityRequirements/0"), "/security/0");
/// ```
#[derive(Debug, Clone)]
pub struct ReadCard {
    /// The card, always in the v1.0 model.
    pub card: AgentCard,
    /// The version the document was written in.
    pub source_version: CardVersion,
    /// Warnings and notes about conversions: what could not be carried across, spellings the
    /// spec does not use, values that had to be guessed (pointers into the document as
    /// written).
    pub notes: Vec<Diagnostic>,
    /// Where values of the v1.0 card sat in the document as written.
    pub pointers: PointerMap,
}

/// Parses JSON bytes into a value, reporting syntax errors with line and column.
pub(crate) fn parse(bytes: &[u8]) -> Result<Value, ReadError> {
    // Editors on Windows often save JSON with a UTF-8 byte order mark; RFC 8259 lets
    // parsers ignore it.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    serde_json::from_slice(bytes).map_err(|e| ReadError::from_json(&e, bytes))
}

/// Parses JSON bytes as a card document: [`parse`], then refuses a document in which a
/// member name repeats within one object. The model keeps one value per name (serde_json the
/// last), so once read nothing could tell that the bytes also said something else; a reader
/// that keeps the first occurrence would see other values under the same signature. Bytes
/// that mean different things to different readers are refused, not guessed at.
pub(crate) fn parse_card(bytes: &[u8]) -> Result<Value, ReadError> {
    let value = parse(bytes)?;
    let repeated = duplicate_members(bytes);
    if !repeated.is_empty() {
        return Err(ReadError::Shape(repeated));
    }
    Ok(value)
}

/// An `A2A-E004` for every member name that repeats within one object of `bytes` (JSON
/// text), at the pointer of the repeated member.
pub(crate) fn duplicate_members(bytes: &[u8]) -> Vec<Diagnostic> {
    crate::json_scan::duplicate_members(bytes)
        .into_iter()
        .map(|pointer| {
            let name = pointer.rsplit('/').next().unwrap_or("");
            let name = name.replace("~1", "/").replace("~0", "~");
            let message = format!(
                "the member name {} appears more than once in this object; I-JSON (RFC 7493) \
                 forbids it: readers disagree on which value counts (serde_json keeps the last, \
                 others the first), so a signature could vouch for a value a consumer never sees",
                crate::diagnostic::shown(&name)
            );
            Diagnostic::new(Code::DuplicateMember, pointer, message)
        })
        .collect()
}

/// Reads a card from a parsed JSON document.
pub(crate) fn read_value(value: Value) -> Result<ReadCard, ReadError> {
    let Value::Object(mut doc) = value else {
        return Err(ReadError::Shape(vec![not_an_object(&value)]));
    };
    let source_version = upgrade::detect(&doc);
    let conversion = upgrade::to_v1(&mut doc, source_version);
    let mut value = Value::Object(doc);
    let mut type_errors = conversion.errors.clone();
    let found = shape::check_card(&mut value)
        .into_iter()
        .filter(|d| d.code == Code::WrongType)
        .map(|mut d| {
            d.pointer = conversion.pointers.to_source(&d.pointer);
            d
        });
    type_errors.extend(found);
    crate::diagnostic::dedupe(&mut type_errors);
    if !type_errors.is_empty() {
        return Err(ReadError::Shape(type_errors));
    }
    let card: AgentCard = serde_json::from_value(value).map_err(|e| {
        // The shape check accepts only what the model reads; reaching this is a bug, but it
        // must still surface as an error, never a panic.
        ReadError::Shape(vec![Diagnostic::new(Code::WrongType, "", e.to_string())])
    })?;
    Ok(ReadCard {
        card,
        source_version,
        notes: conversion.notes,
        pointers: conversion.pointers,
    })
}

pub(crate) fn not_an_object(value: &Value) -> Diagnostic {
    Diagnostic::new(
        Code::NotAnObject,
        "",
        format!(
            "an Agent Card is a JSON object, found {}",
            shape::json_kind(value)
        ),
    )
}

debug_as_display!(ReadError);
