//! Lints for instructions hidden in a card (feature `lint-injection`; docs/lints.md). A
//! card is read by models as well as programs: routers and clients put its descriptions,
//! names and examples into prompts. These lints find what is written for those models and
//! not for people:
//!
//! - [`hidden`]: invisible and reordering characters, in every string and member name;
//! - [`phrases`]: instruction-like phrases, in descriptions, names and examples;
//! - [`markup`]: fake role and prompt markup, in the same fields;
//! - [`exfil`]: requests to send secrets or the conversation elsewhere, in examples and
//!   descriptions;
//! - [`names`]: mixed-script look-alike names.
//!
//! Each finding is a warning in the spec profile; what is unambiguous (hidden characters,
//! markup and requests to send secrets outside quotation marks, look-alike names) is the
//! error of the same number in the registry profile.

mod exfil;
mod fold;
mod hidden;
mod markup;
mod names;
mod phrases;

use serde_json::Value;

use super::Profile;
use crate::card::AgentCard;
use crate::diagnostic::{Code, Diagnostic, pointer_push, shown, shown_escaped};
use fold::Folded;

/// Members whose text goes into a model's prompt.
const PROMPT_FIELDS: &[&str] = &["name", "description", "organization", "examples"];
/// Members whose text may tell the agent what to do with data.
const ACTION_FIELDS: &[&str] = &["description", "examples"];

/// Characters of context shown before the first hidden character, and at most shown in all.
const EXCERPT_BEFORE: usize = 12;
const EXCERPT_CHARS: usize = 28;

/// The spec profile's code, or the registry profile's when the finding is unambiguous.
fn code_for(profile: Profile, unambiguous: bool, spec: Code, registry: Code) -> Code {
    if profile == Profile::Registry && unambiguous {
        registry
    } else {
        spec
    }
}

/// Runs the text lints over every string and member name of a card document.
pub(crate) fn check_text(doc: &Value, profile: Profile, out: &mut Vec<Diagnostic>) {
    walk(doc, "", None, profile, out);
}

fn walk(
    value: &Value,
    pointer: &str,
    key: Option<&str>,
    profile: Profile,
    out: &mut Vec<Diagnostic>,
) {
    match value {
        Value::Object(fields) => {
            for (name, child) in fields {
                let at = pointer_push(pointer, name);
                hidden_characters(name, &at, "the member name", profile, out);
                walk(child, &at, Some(name), profile, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, &format!("{pointer}/{i}"), key, profile, out);
            }
        }
        Value::String(text) => {
            hidden_characters(text, pointer, "the text", profile, out);
            if key.is_some_and(|k| PROMPT_FIELDS.contains(&k)) {
                let folded = Folded::new(text);
                instruction_phrase(&folded, pointer, out);
                prompt_markup(&folded, pointer, profile, out);
                if key.is_some_and(|k| ACTION_FIELDS.contains(&k)) {
                    exfiltration(&folded, pointer, profile, out);
                }
            }
        }
        _ => {}
    }
}

fn hidden_characters(
    text: &str,
    pointer: &str,
    what: &str,
    profile: Profile,
    out: &mut Vec<Diagnostic>,
) {
    if text.is_ascii() {
        return;
    }
    let chars: Vec<char> = text.chars().collect();
    let found = hidden::invisible(&chars);
    if let Some(&first) = found.hidden.first() {
        let code = code_for(
            profile,
            true,
            Code::HiddenCharacters,
            Code::HiddenCharactersRefused,
        );
        out.push(Diagnostic::new(
            code,
            pointer,
            format!(
                "{what} hides {} invisible characters ({}), from character {}: {}. A model \
                 reads them and people do not; remove them",
                found.hidden.len(),
                hidden::describe(&chars, &found.hidden),
                first + 1,
                excerpt(&chars, first)
            ),
        ));
    } else if let Some(&first) = found.noted.first() {
        // Marks with legitimate uses, alone and outside words: worth a look, never a
        // refusal (right-to-left text needs directional marks).
        out.push(Diagnostic::new(
            Code::HiddenCharactersNoted,
            pointer,
            format!(
                "{what} has {} invisible marks where the text does not need them ({}), from \
                 character {}: {}. They hide nothing here; remove them unless the text's \
                 direction or hyphenation needs them",
                found.noted.len(),
                hidden::describe(&chars, &found.noted),
                first + 1,
                excerpt(&chars, first)
            ),
        ));
    }
}

/// The text around character `first`, invisible characters escaped.
fn excerpt(chars: &[char], first: usize) -> String {
    let from = first.saturating_sub(EXCERPT_BEFORE);
    let to = chars.len().min(from + EXCERPT_CHARS);
    let window: String = chars[from..to].iter().collect();
    format!(
        "{}{}{}",
        if from > 0 { "..." } else { "" },
        shown_escaped(&window, hidden::is_invisible),
        if to < chars.len() { "..." } else { "" }
    )
}

fn instruction_phrase(folded: &Folded, pointer: &str, out: &mut Vec<Diagnostic>) {
    let Some(found) = phrases::find(folded) else {
        return;
    };
    let family = &phrases::FAMILIES[found.family];
    out.push(Diagnostic::new(
        Code::InstructionText,
        pointer,
        format!(
            "the text reads like an instruction to the model that reads the card ({}: \
             \"{}\", family {} of the phrase table in docs/lints.md, in {}): routers and \
             clients put descriptions, names and examples into prompts; say what the agent \
             does, not what its reader should do",
            shown(&found.text),
            family.name,
            found.family + 1,
            found.lang.code()
        ),
    ));
}

fn prompt_markup(folded: &Folded, pointer: &str, profile: Profile, out: &mut Vec<Diagnostic>) {
    let found = markup::find(folded);
    // An unquoted piece decides: quoting markup to explain it is not using it.
    let Some(shown_markup) = found.iter().find(|m| !m.quoted).or(found.first()) else {
        return;
    };
    let code = code_for(
        profile,
        !shown_markup.quoted,
        Code::PromptMarkup,
        Code::PromptMarkupRefused,
    );
    out.push(Diagnostic::new(
        code,
        pointer,
        format!(
            "the text carries the markup of a chat prompt ({}{}), which makes a model take \
             what follows for instructions of its own; remove it",
            shown(&shown_markup.text),
            if found.len() > 1 {
                format!(" and {} more", found.len() - 1)
            } else {
                String::new()
            }
        ),
    ));
}

fn exfiltration(folded: &Folded, pointer: &str, profile: Profile, out: &mut Vec<Diagnostic>) {
    let Some(found) = exfil::find(folded) else {
        return;
    };
    let secrets = found.sent == exfil::Sent::Secrets;
    let code = code_for(
        profile,
        secrets && !found.quoted,
        Code::DataExfiltration,
        Code::DataExfiltrationRefused,
    );
    let what = if secrets {
        "secrets (keys, credentials, tokens, passwords or the system prompt)"
    } else {
        "the conversation or its history"
    };
    out.push(Diagnostic::new(
        code,
        pointer,
        format!(
            "the text tells the agent to send {what} to {}: an agent that follows card text \
             would leak them; remove it, and describe what the skill does with data instead",
            shown(&found.to)
        ),
    ));
}

/// Look-alike names: the card's name, the provider's organization, each skill's name.
pub(crate) fn check_names(card: &AgentCard, profile: Profile, out: &mut Vec<Diagnostic>) {
    let mut names = vec![("/name".to_owned(), card.name.as_str())];
    if let Some(provider) = &card.provider {
        names.push((
            "/provider/organization".to_owned(),
            provider.organization.as_str(),
        ));
    }
    for (k, skill) in card.skills.iter().enumerate() {
        names.push((format!("/skills/{k}/name"), skill.name.as_str()));
    }
    for (pointer, name) in names {
        if let Some(found) = names::look_alike(name) {
            // Only a confusable letter makes a homograph; "μService" is mixed, not a disguise.
            let code = code_for(
                profile,
                found.confusable,
                Code::LookAlikeName,
                Code::LookAlikeNameRefused,
            );
            out.push(Diagnostic::new(
                code,
                pointer,
                format!("{}; write each word in one script", found.message),
            ));
        }
    }
}
