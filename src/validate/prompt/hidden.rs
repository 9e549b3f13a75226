//! Invisible and reordering characters (`A2A-W070`, `A2A-E070` in the registry profile,
//! `A2A-N070` for marks with legitimate uses out of their usual place): text a model reads
//! and a person does not see. Unicode tag characters spell ASCII invisibly; zero-width and
//! other format characters split or hide words; bidirectional embeddings, overrides and
//! isolates show text in another order than it is read ("Trojan Source"); a run of variation
//! selectors, or supplementary ones after a Latin letter, can carry bytes.
//!
//! Left alone, because text needs them: a zero-width joiner between two emoji (family and
//! profession sequences); a zero-width joiner or non-joiner next to a virama or between two
//! letters of one Brahmic script (Indic conjuncts, Bengali ra-yaphala `র‍্য`) or of a joining
//! script (Arabic, Persian `می‌خواهم`); one variation selector after a visible character
//! other than a Latin letter (`❤️`, `0︀`), a supplementary one only after an ideograph
//! (ideographic variation sequences), a
//! Mongolian free variation selector only after a Mongolian letter; the Mongolian vowel
//! separator between Mongolian letters; a soft hyphen between two letters
//! (`Donau­dampf­schiff`); the tag sequences of the three subdivision flags (England,
//! Scotland, Wales); and the prepended concatenation marks (U+0600..U+0605 and the like),
//! which are visible signs of Arabic and other scripts.
//!
//! Noted (a [`Verdict::Noted`], never an error): directional marks (LRM, RLM, ALM), which
//! reorder nothing by themselves, and a soft hyphen or Mongolian vowel separator out of its
//! place, when each stands alone and outside a word. Inside a word or in a run of invisible
//! characters, they are hidden text like the rest.

use unicode_normalization::char::canonical_combining_class;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

const ZWSP: char = '\u{200b}';
const ZWNJ: char = '\u{200c}';
const BACKSPACE: char = '\u{8}';
/// NEL, a line break.
const NEXT_LINE: char = '\u{85}';
const CONTROL_SEQUENCE_INTRODUCER: char = '\u{9b}';
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
/// hidden text ([`invisible`]).
pub(super) fn is_invisible(c: char) -> bool {
    if is_prepended_concatenation_mark(c) {
        return false;
    }
    is_control(c)
        || c.general_category() == GeneralCategory::Format
        || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
        || ('\u{e0000}'..='\u{e0fff}').contains(&c)
}

/// A control character other than the tab and the line breaks text uses: a backspace, an
/// escape, a C1 control. A terminal acts on them (a backspace erases the letter before it,
/// so `Ignorx\u{8}e` shows "Ignore") and a model reads them; text for people has no use for
/// them.
fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | NEXT_LINE)
}

/// A C1 control that a terminal does not act on. Alone in text it is nearly always a
/// Windows-1252 character decoded as Latin-1 (U+0092 for `’`: measured in the Universal
/// Declaration of Human Rights corpus, docs/lints.md), so it is noted, not refused; the
/// control sequence introducer (U+009B) starts escape sequences and is hidden text.
fn is_mis_decoded_c1(c: char) -> bool {
    ('\u{80}'..='\u{9f}').contains(&c) && c != NEXT_LINE && c != CONTROL_SEQUENCE_INTRODUCER
}

/// The text as it shows: invisible characters left out, and a backspace erasing the
/// character before it as a terminal does.
pub(super) fn as_shown(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c == BACKSPACE {
            shown.pop();
        } else if !is_invisible(c) {
            shown.push(c);
        }
    }
    shown
}

/// A character of a script written without spaces between words (Thai, Lao, Khmer, Myanmar,
/// Javanese, Balinese, Tibetan, Chinese, Japanese...), where a zero-width space marks where a
/// line may break between two words.
fn is_unspaced_script(c: char) -> bool {
    matches!(
        c.script(),
        Script::Thai
            | Script::Lao
            | Script::Khmer
            | Script::Myanmar
            | Script::Javanese
            | Script::Balinese
            | Script::Buginese
            | Script::Tai_Tham
            | Script::Tai_Le
            | Script::New_Tai_Lue
            | Script::Tai_Viet
            | Script::Tibetan
            | Script::Han
            | Script::Hiragana
            | Script::Katakana
            | Script::Yi
    )
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
    is_mongolian_selector(c) || matches!(c, '\u{fe00}'..='\u{fe0f}') || is_supplementary_selector(c)
}

/// The supplementary variation selectors, which Unicode defines for ideographic variation
/// sequences only.
fn is_supplementary_selector(c: char) -> bool {
    ('\u{e0100}'..='\u{e01ef}').contains(&c)
}

/// The Mongolian free variation selectors (FVS1..FVS4).
fn is_mongolian_selector(c: char) -> bool {
    matches!(c, '\u{180b}'..='\u{180d}' | '\u{180f}')
}

const MONGOLIAN_VOWEL_SEPARATOR: char = '\u{180e}';
const SOFT_HYPHEN: char = '\u{00ad}';

/// Embeddings, overrides and isolates: they change the order text is shown in.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// LRM, RLM and ALM: they set the direction of the neutral characters around them and
/// reorder nothing by themselves; right-to-left text uses them.
fn is_directional_mark(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}')
}

/// An emoji for joining: a pictograph, or a part of one (skin tone, VS16) before a joiner.
fn is_emoji(c: char) -> bool {
    !c.is_ascii() && c.is_emoji_char_or_emoji_component()
}

/// Scripts whose letters join (Arabic-like shaping), where a ZWNJ between letters breaks a
/// join on purpose and a ZWJ keeps one.
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

/// The Brahmic scripts, where joiners choose between a conjunct, a half form and a visible
/// virama (Indic, Sinhala, Myanmar, Khmer...): a letter, vowel sign or virama of one.
fn brahmic_script(c: char) -> Option<Script> {
    let script = c.script();
    let brahmic = matches!(
        script,
        Script::Devanagari
            | Script::Bengali
            | Script::Gurmukhi
            | Script::Gujarati
            | Script::Oriya
            | Script::Tamil
            | Script::Telugu
            | Script::Kannada
            | Script::Malayalam
            | Script::Sinhala
            | Script::Myanmar
            | Script::Khmer
            | Script::Tibetan
            | Script::Tirhuta
            | Script::Grantha
            | Script::Newa
            | Script::Sharada
    );
    brahmic.then_some(script)
}

fn is_virama(c: char) -> bool {
    canonical_combining_class(c) == VIRAMA
}

/// Han and the other ideographic scripts, the bases of ideographic variation sequences.
fn is_ideograph(c: char) -> bool {
    matches!(
        c.script(),
        Script::Han | Script::Tangut | Script::Nushu | Script::Khitan_Small_Script
    )
}

fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic() && c.script() == Script::Latin
}

fn is_mongolian_letter(c: char) -> bool {
    c.is_alphabetic() && c.script() == Script::Mongolian
}

/// What an invisible character is, where it stands (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The text needs it there.
    Fine,
    /// A mark with legitimate uses, alone and outside a word: reported as a note.
    Noted,
    /// Hidden text.
    Hidden,
}

/// The verdict on the invisible character `chars[i]`.
fn verdict(chars: &[char], i: usize) -> Verdict {
    let c = chars[i];
    let before = i.checked_sub(1).map(|p| chars[p]);
    let after = chars.get(i + 1).copied();
    let both = |test: &dyn Fn(char) -> bool| before.is_some_and(test) && after.is_some_and(test);
    let in_run = before.is_some_and(is_invisible) || after.is_some_and(is_invisible);
    let in_word = both(&|c: char| c.is_alphabetic());
    // A mark with legitimate uses: fine in its place, noted alone outside a word, hidden
    // inside a word or in a run.
    let legitimate = |in_place: bool| {
        if in_place {
            Verdict::Fine
        } else if in_run || in_word {
            Verdict::Hidden
        } else {
            Verdict::Noted
        }
    };
    let fine = match c {
        ZWJ | ZWNJ => {
            before.is_some_and(is_virama)
                || (after.is_some_and(is_virama) && before.and_then(brahmic_script).is_some())
                || before
                    .and_then(brahmic_script)
                    .is_some_and(|script| after.and_then(brahmic_script) == Some(script))
                || both(&is_joining_letter)
                || (c == ZWJ && both(&is_emoji))
        }
        // A word break in a script without spaces: after one of its characters, before
        // another, a space or the end.
        ZWSP => {
            // One side a character of such a script, the other no letter or digit of a
            // script with spaces (`ꦤ꧀ \u{200b}ꦏ`, `꧈\u{200b}~`, at the end) and nothing
            // invisible.
            let beside_unspaced = |n: Option<char>| n.is_some_and(is_unspaced_script);
            let no_spaced_word = |n: Option<char>| {
                n.is_none_or(|n| is_unspaced_script(n) || !(n.is_alphanumeric() || is_invisible(n)))
            };
            (beside_unspaced(before) || beside_unspaced(after))
                && no_spaced_word(before)
                && no_spaced_word(after)
        }
        c if is_mis_decoded_c1(c) => {
            return if in_run {
                Verdict::Hidden
            } else {
                Verdict::Noted
            };
        }
        c if is_mongolian_selector(c) => before.is_some_and(is_mongolian_letter),
        c if is_supplementary_selector(c) => before.is_some_and(is_ideograph),
        // No standardized variation sequence has a Latin letter as its base: a selector
        // after one only carries bits (one per letter is a message in the text itself).
        c if is_variation_selector(c) => {
            before.is_some_and(|b| !is_invisible(b) && !is_latin_letter(b))
        }
        SOFT_HYPHEN => return legitimate(in_word && !in_run),
        MONGOLIAN_VOWEL_SEPARATOR => return legitimate(both(&is_mongolian_letter)),
        c if is_directional_mark(c) => return legitimate(false),
        _ => false,
    };
    if fine { Verdict::Fine } else { Verdict::Hidden }
}

/// The invisible characters of a text a reader does not need where they stand: hidden ones
/// (positions in characters), and the legitimate marks out of place that are only noted.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Invisible {
    pub(super) hidden: Vec<usize>,
    pub(super) noted: Vec<usize>,
}

/// The hidden and noted characters of `chars`.
pub(super) fn invisible(chars: &[char]) -> Invisible {
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
    let mut found = Invisible::default();
    for (i, &c) in chars.iter().enumerate() {
        if needed[i] || !is_invisible(c) {
            continue;
        }
        match verdict(chars, i) {
            Verdict::Fine => {}
            Verdict::Noted => found.noted.push(i),
            Verdict::Hidden => found.hidden.push(i),
        }
    }
    found
}

/// A test for a kind of character, and what a message calls the kind.
type Kind = (fn(char) -> bool, &'static str);

/// The kinds of invisible characters a message counts (tag characters aside, which it
/// spells out, and the rest, counted last): a test, and what the message calls them.
const KINDS: &[Kind] = &[
    (
        is_bidi_control,
        "bidirectional controls, which show text in another order than it is read",
    ),
    (
        is_directional_mark,
        "directional marks (LRM, RLM, ALM), which set the direction of what is around them",
    ),
    (
        is_variation_selector,
        "variation selectors where no character takes them, which can carry data",
    ),
    (|c| c == SOFT_HYPHEN, "soft hyphens"),
    (
        is_control,
        "control characters (a backspace erases the letter before it on a terminal)",
    ),
    (
        |c| c == MONGOLIAN_VOWEL_SEPARATOR,
        "Mongolian vowel separators",
    ),
];

/// What the characters at `positions` are, for a message: kinds in a fixed order, and the
/// ASCII the tag characters spell.
pub(super) fn describe(chars: &[char], positions: &[usize]) -> String {
    let count = |test: fn(char) -> bool| positions.iter().filter(|&&i| test(chars[i])).count();
    let mut kinds = Vec::new();
    let tags = count(is_tag);
    if tags > 0 {
        let spelled: String = positions
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
    let mut described = tags;
    for (test, what) in KINDS {
        let n = count(*test);
        if n > 0 {
            kinds.push(format!("{n} {what}"));
            described += n;
        }
    }
    let other = positions.len() - described;
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
        invisible(&chars).hidden
    }

    fn noted(text: &str) -> Vec<usize> {
        let chars: Vec<char> = text.chars().collect();
        invisible(&chars).noted
    }

    #[test]
    fn tabs_and_line_breaks_are_text_and_a_backspace_erases_as_shown() {
        for c in ['\t', '\n', '\r', ' ', '\u{a0}'] {
            assert!(!is_invisible(c), "U+{:04X}", c as u32);
        }
        assert_eq!(as_shown("Ignorx\u{8}e previous"), "Ignore previous");
        assert_eq!(as_shown("\u{8}\u{8}a\u{200b}b"), "ab");
    }

    #[test]
    fn a_lone_c1_control_is_noted_as_mis_decoded_text_and_a_run_is_hidden() {
        for c in ['\u{80}', '\u{92}', '\u{9a}', '\u{9c}', '\u{9f}'] {
            let text = format!("qui{c}ê");
            assert!(hidden(&text).is_empty(), "U+{:04X}", c as u32);
            assert_eq!(noted(&text), [3], "U+{:04X}", c as u32);
            assert_eq!(hidden(&format!("a{c}{c}b")), [1, 2], "U+{:04X}", c as u32);
        }
        assert!(!is_invisible('\u{85}')); // NEL breaks a line
        assert_eq!(hidden("a\u{9b}31mb"), [1]);
    }

    #[test]
    fn a_zero_width_space_breaks_words_of_scripts_without_spaces_only() {
        // Javanese after pada lingsa, before a letter or a space; Thai; Japanese; Khmer.
        for text in [
            "ꦱꦮꦶ꧈\u{200b}ꦥꦒꦸ",
            "ꦧ꧀ꦧꦤ꧀\u{200b} ꦲꦸꦠ",
            "ภาษา\u{200b}ไทย",
            "日本語\u{200b}テキスト",
            "ភាសា\u{200b}ខ្មែរ",
            "ภาษาไทย\u{200b}",
            "ꦤ꧀ \u{200b}ꦏ",
            "꧈\u{200b}~ꦲ",
            "\u{200b}ไทย",
        ] {
            assert!(hidden(text).is_empty(), "{text:?}");
        }
        // Latin, a Thai letter before Latin, Latin before Thai, a run, alone at the start.
        for text in [
            "ab\u{200b}cd",
            "ไทย\u{200b}abc",
            "abc\u{200b}ไทย",
            "ไทย\u{200b}\u{200b}ไทย",
            "ab \u{200b}cd",
            "ab\u{200b} cd",
            "\u{200b}",
        ] {
            assert!(!hidden(text).is_empty(), "{text:?}");
        }
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
            '\u{180e}',  // Mongolian vowel separator between Latin letters
            '\u{180b}',  // Mongolian free variation selectors after a Latin letter
            '\u{180d}',
            '\u{180f}',
            '\u{e0100}', // supplementary variation selectors after a Latin letter
            '\u{e01ef}',
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
            '\u{0}',     // C0 controls: first, a backspace, an escape, the last
            '\u{8}',
            '\u{1b}',
            '\u{1f}',
            '\u{7f}', // delete
            '\u{9b}', // the control sequence introducer
        ] {
            assert_eq!(hidden(&format!("ab{c}cd")), [2], "U+{:04X}", c as u32);
            assert!(noted(&format!("ab{c}cd")).is_empty(), "U+{:04X}", c as u32);
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
        assert_eq!(hidden("👍\u{e0100}\u{e0101}\u{e0102}"), [1, 2, 3]);
    }

    #[test]
    fn joiners_follow_the_script_around_them() {
        for text in [
            "র\u{200d}্য",             // Bengali ra-yaphala: ZWJ before the virama
            "ශ්\u{200d}රී",             // Sinhala: ZWJ after the virama
            "ക\u{200d}ൽ",             // Malayalam, between two letters of the script
            "क\u{200c}ष",             // ZWNJ between two Devanagari letters
            "ل\u{200d}ا",             // Arabic: ZWJ keeps a join
            "ب\u{200c}ه",             // Persian: ZWNJ breaks one
            "🧑\u{200d}🤝\u{200d}🧑", // people holding hands
        ] {
            let chars: Vec<char> = text.chars().collect();
            assert_eq!(invisible(&chars), Invisible::default(), "{text:?}");
        }
        // Across scripts, or with a Latin letter on one side, they hide text.
        assert_eq!(hidden("क\u{200d}ক"), [1]); // Devanagari then Bengali
        assert_eq!(hidden("क\u{200d}a"), [1]);
        assert_eq!(hidden("a\u{200c}ب"), [1]);
        assert_eq!(hidden("ب\u{200c}\u{200c}ه"), [1, 2]); // a run
        assert_eq!(hidden("a\u{200d}\u{094d}"), [1]); // before a virama, after a Latin letter
    }

    #[test]
    fn selectors_after_latin_letters_carry_data() {
        // One selector after each letter spells bytes no one sees.
        assert_eq!(hidden("h\u{fe01}e\u{fe02}y\u{fe0e}"), [1, 3, 5]);
        for c in ['\u{fe00}', '\u{fe0e}', '\u{fe0f}'] {
            assert_eq!(hidden(&format!("a{c}")), [1], "U+{:04X}", c as u32);
            assert_eq!(hidden(&format!("é{c}")), [1], "U+{:04X}", c as u32);
        }
        // Digits and symbols take them (a slashed zero, a keycap, text-style ©).
        assert!(hidden("0\u{fe00}").is_empty());
        assert!(hidden("1\u{fe0f}\u{20e3}").is_empty());
        assert!(hidden("©\u{fe0e}").is_empty());
    }

    #[test]
    fn supplementary_selectors_only_after_an_ideograph() {
        assert!(hidden("葛\u{e0100}城").is_empty());
        assert!(hidden("\u{17000}\u{e0100}").is_empty()); // Tangut
        for base in ['a', 'Z', 'é', 'я', '1', '👍', ' '] {
            assert_eq!(hidden(&format!("{base}\u{e0100}")), [1], "{base:?}");
        }
        // A message smuggled after one Latin letter: every selector is hidden.
        let smuggled: String = "a"
            .chars()
            .chain((0..8).map(|k| char::from_u32(0xe0100 + k).unwrap()))
            .collect();
        assert_eq!(hidden(&smuggled).len(), 8);
        // Two after an ideograph: the second has no base.
        assert_eq!(hidden("葛\u{e0100}\u{e0101}"), [2]);
    }

    #[test]
    fn mongolian_selectors_and_separator_after_mongolian_letters() {
        for c in ['\u{180b}', '\u{180c}', '\u{180d}', '\u{180f}'] {
            assert!(hidden(&format!("ᠭ{c}ᠠ")).is_empty(), "U+{:04X}", c as u32);
            assert_eq!(hidden(&format!("a{c}")), [1], "U+{:04X}", c as u32);
            assert_eq!(hidden(&format!("ᠭ{c}{c}")), [2], "U+{:04X}", c as u32);
        }
        assert!(hidden("ᠬᠠᠷ\u{180e}ᠠ").is_empty()); // before a final a
        assert_eq!(hidden("ab\u{180e}cd"), [2]);
        assert_eq!(noted("ᠬᠠᠷ\u{180e} x"), [3]); // alone, outside a word
        assert_eq!(hidden("x \u{180e}\u{180e} y"), [2, 3]); // a run
    }

    #[test]
    fn soft_hyphens_between_letters_are_fine() {
        assert!(hidden("Donau\u{ad}dampf\u{ad}schiff").is_empty());
        assert!(noted("Donau\u{ad}dampf\u{ad}schiff").is_empty());
        assert!(hidden("Мос\u{ad}ква").is_empty());
        assert_eq!(hidden("Donau\u{ad}\u{ad}dampf"), [5, 6]); // a run
        assert_eq!(noted("Donau\u{ad} dampf"), [5]); // alone, at a word's end
        assert_eq!(noted("12\u{ad}34"), [2]); // between digits: not a word of letters
        assert_eq!(hidden("a\u{ad}\u{200b}b"), [1, 2]);
    }

    #[test]
    fn directional_marks_are_noted_unless_inside_a_word_or_in_a_run() {
        for mark in ['\u{200e}', '\u{200f}', '\u{061c}'] {
            let u = mark as u32;
            assert_eq!(noted(&format!("שלום{mark} (5)")), [4], "U+{u:04X}");
            assert_eq!(noted(&format!("12{mark}%")), [2], "U+{u:04X}");
            assert_eq!(noted(&format!("{mark}עברית")), [0], "U+{u:04X}");
            assert!(hidden(&format!("שלום{mark} (5)")).is_empty(), "U+{u:04X}");
            assert_eq!(hidden(&format!("ig{mark}nore")), [2], "U+{u:04X}");
            assert_eq!(hidden(&format!("a {mark}{mark} b")), [2, 3], "U+{u:04X}");
        }
        // The embeddings, overrides and isolates stay hidden wherever they are.
        for c in [
            '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}',
        ] {
            assert_eq!(hidden(&format!("x {c} y")), [2], "U+{:04X}", c as u32);
            assert!(noted(&format!("x {c} y")).is_empty(), "U+{:04X}", c as u32);
        }
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
        let found = invisible(&chars).hidden;
        let said = describe(&chars, &found);
        assert!(
            said.contains("6 Unicode tag characters, which spell \"ignore\""),
            "{said}"
        );
        assert!(said.contains("1 bidirectional controls"), "{said}");
        assert!(said.contains("1 zero-width or other format"), "{said}");
    }
}
