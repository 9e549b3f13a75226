//! Look-alike names (`A2A-W074`, `A2A-E074`): a word of the card's `name`,
//! `provider.organization` or a skill's `name` that mixes scripts the way homographs do
//! ("Pаypal" with a Cyrillic `а`). Unicode's rules (UTS #39): a word whose resolved script
//! set is empty is mixed-script; it is fine when its restriction level is at most "highly
//! restrictive" (Latin with Han, Hiragana and Katakana, Bopomofo, or Hangul, as Japanese,
//! Chinese and Korean are written). A name wholly in one script, any script, is fine, and so
//! is a name of words each in its own script ("Weather Агент").
//!
//! A mixed word is a homograph ([`LookAlike::confusable`], the registry profile's error)
//! only when one of its odd letters is a UTS #39 confusable of a letter of the word's main
//! script: the Cyrillic `о` of "Rоute" has the skeleton of the Latin `o`. A Greek `μ` used as
//! a prefix ("μService") looks like no Latin letter: the word is mixed, worth a warning, but
//! passes for no other name.

use std::collections::BTreeMap;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;
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

/// A look-alike word of a name: what is wrong, for a message, and whether an odd letter
/// is a confusable of a letter of the word's main script.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct LookAlike {
    pub(super) message: String,
    pub(super) confusable: bool,
}

/// True when a letter of `script` in the Basic Multilingual Plane has the confusable
/// skeleton of `odd`, or `odd`'s skeleton is written in `script` (Cyrillic `о` and Latin
/// `o`). Scans the plane, which only names with a mixed word pay for.
fn confusable_with(odd: char, script: Script) -> bool {
    let mut buffer = [0; 4];
    let shape: String = skeleton(odd.encode_utf8(&mut buffer)).collect();
    if shape.chars().all(|c| c.script() == script) {
        return true;
    }
    ('\u{0}'..='\u{ffff}')
        .filter(|c| c.is_alphabetic() && c.script() == script)
        .any(|c| skeleton(c.encode_utf8(&mut buffer)).eq(shape.chars()))
}

fn judge(word: &str) -> Option<LookAlike> {
    // By script name, so that messages list the scripts in a fixed order.
    let mut by_script: BTreeMap<&'static str, (Script, Vec<char>)> = BTreeMap::new();
    for c in word.chars() {
        if let Some(script) = script_of(c) {
            by_script
                .entry(script.full_name())
                .or_insert((script, Vec::new()))
                .1
                .push(c);
        }
    }
    let main = by_script
        .values()
        .max_by_key(|(_, chars)| chars.len())
        .map(|(script, _)| *script)?;
    let odd = by_script.values().filter(|(script, _)| *script != main);
    let confusable = odd
        .clone()
        .flat_map(|(_, chars)| chars.iter())
        .any(|c| confusable_with(*c, main));
    let others: Vec<String> = odd
        .map(|(script, chars)| {
            let chars: String = chars.iter().collect();
            format!(
                "{} {}",
                script.full_name(),
                shown_escaped(&chars, |c| !c.is_ascii())
            )
        })
        .collect();
    let shown_word = shown_escaped(word, |c| script_of(c).is_some_and(|s| s != main));
    let message = if confusable {
        format!(
            "the word {shown_word} mixes {} letters with {}, which look alike but are other \
             characters: a way to pass for another name",
            main.full_name(),
            others.join(" and ")
        )
    } else {
        format!(
            "the word {shown_word} mixes {} letters with {}, which look like no {} letter \
             (no UTS #39 confusable) but make the name hard to tell from its plain spelling",
            main.full_name(),
            others.join(" and "),
            main.full_name()
        )
    };
    Some(LookAlike {
        message,
        confusable,
    })
}

/// What is wrong with the look-alike words of `name`: the first confusable one, or else the
/// first mixed one.
pub(super) fn look_alike(name: &str) -> Option<LookAlike> {
    let judged: Vec<LookAlike> = words(name)
        .into_iter()
        .filter(|w| is_look_alike(w))
        .filter_map(judge)
        .collect();
    let first_confusable = judged.iter().position(|j| j.confusable);
    judged.into_iter().nth(first_confusable.unwrap_or(0))
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
        ] {
            let found = look_alike(name);
            assert!(
                found.as_ref().is_some_and(|f| f.confusable),
                "{name:?}: {found:?}"
            );
        }
    }

    #[test]
    fn mixed_words_without_confusable_letters_are_only_mixed() {
        for name in [
            "μService", // Greek mu as a prefix: no Latin letter looks like it
            "مcafe",    // an Arabic letter with Latin ones
            "Weatherж", // Cyrillic zhe
        ] {
            let found = look_alike(name);
            assert!(
                found.as_ref().is_some_and(|f| !f.confusable),
                "{name:?}: {found:?}"
            );
        }
        // One confusable letter among others decides, in any word of the name.
        assert!(look_alike("μService Pаy").unwrap().confusable);
        assert!(look_alike("μSеrvice").unwrap().confusable); // Cyrillic е beside the mu
        // In a Cyrillic word, a Latin letter that looks like a Cyrillic one.
        assert!(look_alike("Агентa").unwrap().confusable);
        assert!(look_alike("Агентs").unwrap().confusable); // Latin s, Cyrillic ѕ
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
        let said = look_alike("Pаypal").unwrap().message;
        assert!(said.contains("mixes Latin letters with Cyrillic"), "{said}");
        assert!(said.contains("\"P\\u{430}ypal\""), "{said}");
        let said = look_alike("μService").unwrap().message;
        assert!(said.contains("mixes Latin letters with Greek"), "{said}");
        assert!(said.contains("look like no Latin letter"), "{said}");
    }
}
