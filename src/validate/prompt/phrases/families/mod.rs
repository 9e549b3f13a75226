//! The phrase table: each family of injected instructions with its patterns by language.
//! Patterns are written folded (lowercase, `ß` as `ss`, Turkish `ı` as `i`), as the text
//! they meet is; a test checks that. Each concern has a file. Every family is written in
//! fourteen languages, "IMPORTANT: ignore" in eleven (in Japanese, Korean and Persian the
//! verb comes last, after whatever follows "important").

mod model;
mod output;
mod persona;
mod planted;
mod routing;
mod takeover;
mod user;

use super::Family;

/// The families, numbered from 1 in messages and docs/lints.md (in the order they were
/// added: a family keeps its number).
pub(in super::super) const FAMILIES: &[Family] = &[
    takeover::OVERRIDE,
    takeover::YOU_ARE_NOW,
    takeover::FROM_NOW_ON,
    user::USER_OUT_OF_THE_LOOP,
    user::PRE_AUTHORIZED,
    user::ALREADY_APPROVED,
    model::REVEAL_SYSTEM_PROMPT,
    model::IF_YOU_ARE_AN_AI,
    model::NOTE_TO_THE_AI,
    routing::ALWAYS_THIS_AGENT,
    routing::NEVER_OTHER_AGENTS,
    model::MODES,
    model::SECRECY,
    user::NO_CONFIRMATION,
    takeover::NEW_INSTRUCTIONS,
    takeover::BEFORE_YOU_ANSWER,
    takeover::IMPORTANT_MESSAGE,
    takeover::IMPORTANT_IGNORE,
    takeover::TODO_ORDER,
    output::HATEFUL_TEXT,
    output::ANSWER_STARTS_WITH,
    planted::READER_OUTPUT,
    planted::WHEN_YOU_READ_THIS,
    persona::UNRESTRICTED,
    persona::FORGED_REASONING,
];
