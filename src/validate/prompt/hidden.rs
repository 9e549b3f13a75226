//! Invisible and reordering characters (`A2A-W070`, `A2A-E070` in the registry profile):
//! text a model reads and a person does not see. Unicode tag characters spell ASCII
//! invisibly; zero-width and other format characters split or hide words; bidirectional
//! controls show text in another order than it is read ("Trojan Source"); a run of
//! variation selectors can carry bytes after one emoji.
//!
//! Left alone, because text needs them: a zero-width joiner between two emoji (family and
//! profession sequences) or after a virama (Indic conjuncts); a zero-width non-joiner after a
//! virama or between two letters of a joining script (Persian `می‌خواهم`); one variation
//! selector after a visible character (`❤️`); the tag sequences of the three subdivision
//! flags (England, Scotland, Wales); and the prepended concatenation marks (U+0600..U+0605
//! and the like), which are visible signs of Arabic and other scripts.

use unicode_normalization::char::canonical_combining_class;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

const ZWNJ: char = '\u{200c}';
const ZWJ: char = '\u{200d}';
const BLACK_FLAG: char = '\u{1f3f4}';
const CANCEL_TAG: char = '\u{e007f}';
/// The tag specs of the subdivision flags Unicode recommends for general interchange.
const FLAG_TAGS: &[&str] = &["gbeng", "gbsct", "gbwls"];
/// Canonical combining class 9: a virama.
const VIRAMA: u8 = 9;

/// True for a character that shows nothing by itself: a format character (Cf), a
/// default-ignorable code point (UTS #39 identifier type `Default_Ignorable`: variation
/// selectors, Hangul fillers, the combining grapheme joiner...), or one of the unassigned
/// default-ignorable planes' code points (U+E0000..U+E0FFF). Context decides whether one is
/// hidden text ([`hidden_positions`]).
pub(super) fn is_invisible(c: char) -> bool {
    if is_prepended_concatenation_mark(c) {
        return false;
    }
    c.general_category() == GeneralCategory::Format
        || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
        || ('\u{e0000}'..='\u{e0fff}').contains(&c)
}

/// Visible format characters: signs written before digits (Arabic number sign...).
fn is_prepended_concatenation_mark(c: char) -> bool {
    matches!(
        c,
        '\u{0600}'..='\u{0605}'
            | '\u{06dd}'
            | '\u{070f}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08e2}'
            | '\u{110bd}'
            | '\u{110cd}'
    )
}

fn is_tag(c: char) -> bool {
    ('\u{e0000}'..='\u{e007f}').contains(&c)
}

fn is_variation_selector(c: char) -> bool {
    matches!(
        c,
        '\u{180b}'..='\u{180d}' | '\u{180f}' | '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}'
    )
}

fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// An emoji for joining: a pictograph, or a part of one (skin tone, VS16) before a joiner.
fn is_emoji(c: char) -> bool {
    !c.is_ascii() && c.is_emoji_char_or_emoji_component()
}

/// Scripts whose letters join (Arabic-like shaping), where a ZWNJ between letters breaks a
/// join on purpose.
fn is_joining_letter(c: char) -> bool {
    c.is_alphabetic()
        && matches!(
            c.script(),
            Script::Arabic
                | Script::Syriac
                | Script::Nko
                | Script::Mongolian
                | Script::Mandaic
                | Script::Manichaean
                | Script::Psalter_Pahlavi
                | Script::Adlam
                | Script::Hanifi_Rohingya
                | Script::Sogdian
                | Script::Old_Uyghur
                | Script::Phags_Pa
        )
}

/// The positions (in characters) of the hidden characters of `chars`: the invisible ones
/// the text does not need where they stand.
pub(super) fn hidden_positions(chars: &[char]) -> Vec<usize> {
    let mut needed = vec![false; chars.len()];
    for (i, c) in chars.iter().enumerate() {
        if *c == BLACK_FLAG {
            for spec in FLAG_TAGS {
                let tags: Vec<char> = spec
                    .chars()
                    .map(|l| char::from_u32(0xe0000 + l as u32).unwrap_or(l))
                    .chain([CANCEL_TAG])
                    .collect();
                if chars[i + 1..].starts_with(&tags) {
                    needed[i + 1..i + 1 + tags.len()].fill(true);
                }
            }
        }
    }
    let mut hidden = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if needed[i] || !is_invisible(c) {
            continue;
        }
        let before = i.checked_sub(1).map(|p| chars[p]);
        let after = chars.get(i + 1).copied();
        let after_virama = before.is_some_and(|b| canonical_combining_class(b) == VIRAMA);
        let fine = match c {
            ZWJ => after_virama || (before.is_some_and(is_emoji) && after.is_some_and(is_emoji)),
            ZWNJ => {
                after_virama
                    || (before.is_some_and(is_joining_letter)
                        && after.is_some_and(is_joining_letter))
            }
            c if is_variation_selector(c) => before.is_some_and(|b| !is_invisible(b)),
            _ => false,
        };
        if !fine {
            hidden.push(i);
        }
    }
    hidden
}

/// What the hidden characters are, for a message: kinds in a fixed order, and the ASCII the
/// tag characters spell.
pub(super) fn describe(chars: &[char], hidden: &[usize]) -> String {
    let count = |test: fn(char) -> bool| hidden.iter().filter(|&&i| test(chars[i])).count();
    let tags = count(is_tag);
    let bidi = count(is_bidi_control);
    let selectors = count(is_variation_selector);
    let other = hidden.len() - tags - bidi - selectors;
    let mut kinds = Vec::new();
    if tags > 0 {
        let spelled: String = hidden
            .iter()
            .map(|&i| chars[i])
            .filter(|c| ('\u{e0020}'..='\u{e007e}').contains(c))
            .map(|c| char::from_u32(c as u32 - 0xe0000).unwrap_or('?'))
            .collect();
        let spelled = crate::diagnostic::shown(&spelled);
        kinds.push(format!(
            "{tags} Unicode tag characters, which spell {spelled}"
        ));
    }
    if bidi > 0 {
        kinds.push(format!(
            "{bidi} bidirectional controls, which show text in another order than it is read"
        ));
    }
    if selectors > 0 {
        kinds.push(format!(
            "{selectors} variation selectors after another invisible character, which can \
             carry data"
        ));
    }
    if other > 0 {
        kinds.push(format!("{other} zero-width or other format characters"));
    }
    kinds.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(text: &str) -> Vec<usize> {
        let chars: Vec<char> = text.chars().collect();
        hidden_positions(&chars)
    }

    #[test]
    fn every_kind_of_invisible_character_is_found() {
        for c in [
            '\u{e0000}', // first of the tag block
            '\u{e0001}', // language tag
            '\u{e0020}', // tag space
            '\u{e0041}', // tag A
            '\u{e007e}',
            '\u{e007f}', // cancel tag, last of the block
            '\u{200b}',  // zero width space
            '\u{200c}',  // ZWNJ between Latin letters
            '\u{200d}',  // ZWJ between Latin letters
            '\u{2060}',  // word joiner
            '\u{2061}',  // invisible function application
            '\u{2064}',  // invisible plus
            '\u{feff}',  // BOM inside text
            '\u{00ad}',  // soft hyphen
            '\u{180e}',  // Mongolian vowel separator
            '\u{061c}',  // Arabic letter mark
            '\u{200e}',  // LRM
            '\u{200f}',  // RLM
            '\u{202a}',  // LRE
            '\u{202e}',  // RLO
            '\u{2066}',  // LRI
            '\u{2069}',  // PDI
            '\u{206a}',  // deprecated format
            '\u{fff9}',  // interlinear annotation anchor
            '\u{1d173}', // musical symbol begin beam
            '\u{034f}',  // combining grapheme joiner
            '\u{3164}',  // Hangul filler
            '\u{ffa0}',  // halfwidth Hangul filler
            '\u{e0fff}', // last default-ignorable code point
        ] {
            assert_eq!(hidden(&format!("ab{c}cd")), [2], "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn neighbours_of_the_ranges_are_visible() {
        for c in [
            '\u{dffff}',
            '\u{e1000}',
            '\u{2070}',
            '\u{200a}',
            '\u{2010}',
            'a',
            '東',
        ] {
            assert!(hidden(&format!("ab{c}cd")).is_empty(), "U+{:04X}", c as u32);
        }
        // The Arabic number sign is a visible format character.
        assert!(hidden("\u{0600}١٢٣").is_empty());
    }

    #[test]
    fn joiners_in_emoji_and_scripts_that_need_them_are_fine() {
        assert!(hidden("👨\u{200d}👩\u{200d}👧\u{200d}👦").is_empty()); // family
        assert!(hidden("🏳\u{fe0f}\u{200d}🌈").is_empty()); // rainbow flag
        assert!(hidden("👩🏽\u{200d}💻").is_empty()); // technologist, skin tone
        assert!(hidden("❤\u{fe0f}").is_empty());
        assert!(hidden("🇯🇵🇫🇷").is_empty()); // regional indicator flags
        assert!(hidden("क्\u{200d}ष").is_empty()); // ZWJ after a virama
        assert!(hidden("क्\u{200c}ष").is_empty()); // ZWNJ after a virama
        assert!(hidden("می\u{200c}خواهم").is_empty()); // Persian ZWNJ
        assert!(hidden("葛\u{e0100}").is_empty()); // an ideographic variation sequence
        // ...and the same characters out of place are not.
        assert_eq!(hidden("a\u{200d}👩"), [1]);
        assert_eq!(hidden("👨\u{200d}b"), [1]);
        assert_eq!(hidden("1\u{200d}2"), [1]); // digits are emoji components, ASCII
        assert_eq!(hidden("\u{200d}👩"), [0]);
        assert_eq!(hidden("a\u{200c}b"), [1]);
        assert_eq!(hidden("م\u{200c}b"), [1]);
        assert_eq!(hidden("\u{fe0f}"), [0]);
        assert_eq!(hidden("👍\u{fe0f}\u{fe0f}"), [2]);
        assert_eq!(hidden("👍\u{e0100}\u{e0101}\u{e0102}"), [2, 3]);
    }

    #[test]
    fn only_the_recommended_subdivision_flags_keep_their_tags() {
        let flag = |spec: &str| -> String {
            let tags: String = spec
                .chars()
                .map(|l| char::from_u32(0xe0000 + l as u32).unwrap())
                .collect();
            format!("{BLACK_FLAG}{tags}{CANCEL_TAG}")
        };
        for spec in FLAG_TAGS {
            assert!(hidden(&flag(spec)).is_empty(), "{spec}");
        }
        assert_eq!(hidden(&flag("ignore")).len(), 7);
        assert_eq!(hidden(&flag("gbengx")).len(), 7);
        // Without the cancel tag, or without the black flag, the tags are hidden text.
        let open: String = flag("gbeng").chars().take(6).collect();
        assert_eq!(hidden(&open).len(), 5);
        let headless: String = flag("gbeng").chars().skip(1).collect();
        assert_eq!(hidden(&headless).len(), 6);
    }

    #[test]
    fn descriptions_spell_out_the_tags() {
        let text: String = "Hi"
            .chars()
            .chain(
                "ignore"
                    .chars()
                    .map(|c| char::from_u32(0xe0000 + c as u32).unwrap()),
            )
            .chain(['\u{202e}', '\u{200b}'])
            .collect();
        let chars: Vec<char> = text.chars().collect();
        let found = hidden_positions(&chars);
        let said = describe(&chars, &found);
        assert!(
            said.contains("6 Unicode tag characters, which spell \"ignore\""),
            "{said}"
        );
        assert!(said.contains("1 bidirectional controls"), "{said}");
        assert!(said.contains("1 zero-width or other format"), "{said}");
    }
}
