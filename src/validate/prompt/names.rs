//! Look-alike names (`A2A-W074`, `A2A-E074`): a word of the card's `name`,
//! `provider.organization` or a skill's `name` that mixes scripts the way homographs do
//! ("Pаypal" with a Cyrillic `а`). Unicode's rules (UTS #39): a word whose resolved script
//! set is empty is mixed-script; it is fine when its restriction level is at most "highly
//! restrictive" (Latin with Han, Hiragana and Katakana, Bopomofo, or Hangul, as Japanese,
//! Chinese and Korean are written). A name wholly in one script, any script, is fine, and so
//! is a name of words each in its own script ("Weather Агент").

use std::collections::BTreeMap;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};
use unicode_security::{MixedScript, RestrictionLevel, RestrictionLevelDetection};

use crate::diagnostic::shown_escaped;

/// The words of a name: runs of letters, marks and digits.
fn words(name: &str) -> Vec<&str> {
    name.split(|c: char| {
        !(c.is_alphanumeric() || c.general_category_group() == GeneralCategoryGroup::Mark)
    })
    .filter(|w| !w.is_empty())
    .collect()
}

/// True when `word` mixes scripts beyond what UTS #39's "highly restrictive" level allows.
fn is_look_alike(word: &str) -> bool {
    !word.is_single_script()
        && word.detect_restriction_level() > RestrictionLevel::HighlyRestrictive
}

/// The script of a character, for messages; `None` for Common and Inherited ones (digits,
/// marks) that belong to no script.
fn script_of(c: char) -> Option<Script> {
    match c.script() {
        Script::Common | Script::Inherited | Script::Unknown => None,
        script => Some(script),
    }
}

/// What is wrong with the first look-alike word of `name`, for a message.
pub(super) fn look_alike(name: &str) -> Option<String> {
    let word = words(name).into_iter().find(|w| is_look_alike(w))?;
    let mut by_script: BTreeMap<&'static str, Vec<char>> = BTreeMap::new();
    for c in word.chars() {
        if let Some(script) = script_of(c) {
            by_script.entry(script.full_name()).or_default().push(c);
        }
    }
    let main = by_script
        .iter()
        .max_by_key(|(_, chars)| chars.len())
        .map(|(script, _)| *script)?;
    let others: Vec<String> = by_script
        .iter()
        .filter(|(script, _)| **script != main)
        .map(|(script, chars)| {
            let chars: String = chars.iter().collect();
            format!("{script} {}", shown_escaped(&chars, |c| !c.is_ascii()))
        })
        .collect();
    Some(format!(
        "the word {} mixes {main} letters with {}, which look alike but are other \
         characters: a way to pass for another name",
        shown_escaped(word, |c| script_of(c)
            .is_some_and(|s| s.full_name() != main)),
        others.join(" and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_script_words_are_look_alikes() {
        for name in [
            "Pаypal Payments", // Cyrillic а
            "Microsоft Agent", // Cyrillic о
            "Αpple Support",   // Greek Alpha
            "Gооgle",          // two Cyrillic о
            "Agent Wеather",   // in the second word
            "Shopify\u{0578}", // Armenian vo
            "Ρaypal",          // Greek Rho
            "Pаy-Pal",         // hyphenated: "Pаy" is a word of its own
            "مcafe",           // Arabic with Latin in one word
        ] {
            assert!(look_alike(name).is_some(), "{name:?}");
        }
    }

    #[test]
    fn names_in_one_script_or_one_script_per_word_are_fine() {
        for name in [
            "Route Planner",
            "天気エージェント", // Japanese: Han and Katakana
            "東京Weather",      // Latin with Han: highly restrictive
            "한국어 Agent",
            "Агент погоды",     // Cyrillic
            "وكيل الطقس",       // Arabic
            "Weather Агент",    // each word in its own script
            "Ελληνικός Βοηθός", // Greek
            "Agent 007",
            "Café Zürich",
            "ᏣᎳᎩ Agent", // Cherokee, a script of its own
            "Müller & Söhne GmbH",
        ] {
            assert_eq!(look_alike(name), None, "{name:?}");
        }
    }

    #[test]
    fn the_message_names_the_scripts_and_escapes_the_odd_letters() {
        let said = look_alike("Pаypal").unwrap();
        assert!(said.contains("mixes Latin letters with Cyrillic"), "{said}");
        assert!(said.contains("\"P\\u{430}ypal\""), "{said}");
    }
}
