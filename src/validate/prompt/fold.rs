//! Text as the rules read it, the one normalization every string of a card goes through
//! ([`readings`]): HTML character references and percent-encoding decoded ([`super::decode`]),
//! a URL read by its query and fragment, invisible characters removed, NFKC (so fullwidth
//! `ｉｇｎｏｒｅ`, ligatures and the long s read as plain letters), case folded, a look-alike
//! letter of another script inside a Latin word read as its Latin skeleton (UTS #39:
//! `ѕystem` with a Cyrillic `ѕ` reads `system`), markdown emphasis inside words removed and
//! spaced letters joined; and which parts stand inside quotation marks (a description may
//! quote an attack to explain what it guards against). Base64 runs that decode to text are a
//! reading of their own.

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};

use super::ciphers;
use super::decode;
use super::hidden::as_shown;

/// How a reading was obtained, which a finding's message tells when it is not the text as
/// written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Via {
    /// The text as written, case and compatibility forms aside.
    AsWritten,
    /// The text once decoded: character references, percent-encoding, markdown inside
    /// words, spaced letters or look-alike letters read as plain text.
    Decoded,
    /// Escape sequences of a programming language written in the text (`\u0069`, `\x69`,
    /// `\151`), decoded.
    Escapes,
    /// A base64 run of the text, decoded.
    Base64,
    /// A base32 run of the text, decoded.
    Base32,
    /// A run of hexadecimal digits, decoded as bytes of text.
    Hex,
    /// A base85 token (Ascii85 or RFC 1924), decoded.
    Base85,
    /// Uuencoded lines, decoded.
    Uuencode,
    /// Digits among letters read as the letters they stand for (`1gn0r3`).
    Leetspeak,
    /// Letters shifted back in the alphabet (ROT13 and the other Caesar shifts).
    Rotated,
    /// Each letter swapped with its mirror in the alphabet (Atbash).
    Atbash,
    /// The text, or each of its words, read backwards.
    Backwards,
    /// Combining marks stacked on its letters removed (zalgo).
    StackedMarks,
    /// Dots and dashes read as Morse code.
    Morse,
    /// Braille cells read as letters.
    Braille,
    /// Runs of numbers read as character codes (binary, octal or decimal).
    CharacterCodes,
    /// Words whose middle letters are scrambled read as the words they scramble.
    Scrambled,
    /// The letters marked one by one in parentheses, read together.
    MarkedLetters,
}

impl Via {
    /// How a message says where the finding was read; empty for the text as written.
    pub(super) fn said(self) -> &'static str {
        match self {
            Via::AsWritten => "",
            Via::Decoded => {
                "once decoded (character references, percent-encoding, markdown inside \
                 words, spaced or look-alike letters read as plain text)"
            }
            Via::Escapes => {
                "once its escape sequences are decoded (\\u, \\x or octal escapes of a \
                 programming language)"
            }
            Via::Base64 => "once base64-decoded",
            Via::Base32 => "once base32-decoded",
            Via::Hex => "once hex-decoded",
            Via::Base85 => "once base85-decoded",
            Via::Uuencode => "once uudecoded",
            Via::Leetspeak => "once its digits are read as the letters they stand for (leetspeak)",
            Via::Rotated => "once its letters are shifted back (ROT13 or another Caesar shift)",
            Via::Atbash => {
                "once Atbash-decoded (each letter swapped with its mirror in the alphabet)"
            }
            Via::Backwards => "once read backwards",
            Via::StackedMarks => "once the combining marks stacked on its letters are removed",
            Via::Morse => "once read as Morse code",
            Via::Braille => "once read as Braille",
            Via::CharacterCodes => {
                "once its numbers are read as character codes (binary, octal or decimal)"
            }
            Via::Scrambled => "once the scrambled letters inside its words are put back in order",
            Via::MarkedLetters => "once the letters marked in parentheses are read together",
        }
    }
}

/// One reading of a string: the folded text and how it was obtained.
#[derive(Debug)]
pub(super) struct Reading {
    pub(super) folded: Folded,
    pub(super) via: Via,
}

/// Every reading of `text` the rules run on, the text as written (decoded) first: then the
/// same with underscores and hyphens inside words removed (`i_gno_re`; `Ig-nore` when
/// [`decode::hyphens_break_words`]; identifiers such as `system_prompt` and compounds such
/// as `pre-authorized` keep theirs in the first reading), then the text with its escape
/// sequences decoded (`\u0069gnore`), then the text of its base64 runs. A
/// URL is read by its query and fragment only: its host and path are names, not prose.
pub(super) fn readings(text: &str) -> Vec<Reading> {
    let url = decode::url_text(text);
    let text = url.as_deref().unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    let mut decoded = false;
    let referenced = decode::html_references(text);
    decoded |= referenced.is_some();
    let text = referenced.as_deref().unwrap_or(text);
    let unescaped = decode::percent(text);
    decoded |= unescaped.is_some();
    let text = unescaped.as_deref().unwrap_or(text);

    let (chars, changed) = fold_chars(text, false);
    let via = if decoded || changed {
        Via::Decoded
    } else {
        Via::AsWritten
    };
    let mut found = vec![Reading {
        folded: Folded::from_chars(chars),
        via,
    }];
    if text.contains('_') || decode::hyphens_break_words(text) {
        let (chars, changed) = fold_chars(text, true);
        if changed && chars != found[0].folded.chars {
            found.push(Reading {
                folded: Folded::from_chars(chars),
                via: Via::Decoded,
            });
        }
    }
    // Escapes of a programming language are a reading of their own, the whole text with
    // its runs decoded: the first reading keeps a regex or a path as written.
    if let Some(unescaped) = decode::escape_sequences(text) {
        let (chars, _) = fold_chars(&unescaped, false);
        found.push(Reading {
            folded: Folded::from_chars(chars),
            via: Via::Escapes,
        });
    }
    let mut decoded = decode::encoded_runs(text);
    decoded.extend(ciphers::readings(text, &found[0].folded.chars));
    const ENCODINGS: [Via; 5] = [
        Via::Base64,
        Via::Base32,
        Via::Hex,
        Via::Base85,
        Via::Uuencode,
    ];
    if decoded.is_empty() {
        return found;
    }
    for via in ENCODINGS {
        let texts: Vec<&str> = decoded
            .iter()
            .filter(|(_, v)| *v == via)
            .map(|(t, _)| t.as_str())
            .collect();
        if !texts.is_empty() {
            let (chars, _) = fold_chars(&texts.join("\n"), true);
            found.push(Reading {
                folded: Folded::from_chars(chars),
                via,
            });
        }
    }
    for (text, via) in decoded {
        if !ENCODINGS.contains(&via) {
            let (chars, _) = fold_chars(&text, true);
            found.push(Reading {
                folded: Folded::from_chars(chars),
                via,
            });
        }
    }
    found
}

/// The folded characters of `text`, and whether a decoding beyond case and NFKC changed
/// them (look-alike letters, markdown inside words, spaced letters).
fn fold_chars(text: &str, joiners: bool) -> (Vec<char>, bool) {
    let mut chars: Vec<char> = if text.is_ascii() {
        text.chars().map(|c| c.to_ascii_lowercase()).collect()
    } else {
        let visible = as_shown(text);
        visible
            .nfkc()
            .flat_map(char::to_uppercase)
            .flat_map(char::to_lowercase)
            .collect()
    };
    let mut changed = !text.is_ascii() && latin_skeletons(&mut chars);
    if let Some(plain) = decode::emphasis_inside_words(&chars, joiners) {
        chars = plain;
        changed = true;
    }
    if let Some(joined) = decode::spaced_letters(&chars) {
        chars = joined;
        changed = true;
    }
    (chars, changed)
}

/// Reads each letter of another script inside a word that has Latin letters as the Latin
/// letter it is confusable with (its UTS #39 skeleton), when that is one ASCII letter. A
/// word wholly in another script stays itself: Russian text is Russian. Returns whether a
/// letter was changed.
fn latin_skeletons(chars: &mut [char]) -> bool {
    let mut changed = false;
    for c in chars.iter_mut() {
        if let Some(latin) = decorative_letter(*c) {
            *c = latin;
            changed = true;
        }
    }
    let mut start = 0;
    while start < chars.len() {
        let len = chars[start..]
            .iter()
            .take_while(|c| c.is_alphanumeric())
            .count();
        if len == 0 {
            start += 1;
            continue;
        }
        let word = &mut chars[start..start + len];
        if word.iter().any(char::is_ascii_alphabetic) {
            for c in word.iter_mut() {
                if let Some(latin) = latin_look_alike(*c) {
                    *c = latin;
                    changed = true;
                }
            }
        }
        start += len;
    }
    changed
}

/// The ASCII letter a decorative Latin letter stands for, which neither NFKC nor the UTS #39
/// skeleton maps (they are letters of their own, or symbols): small capitals (`ɪɢɴᴏʀᴇ`, as
/// "fancy text" generators write), the script g of spikee's homoglyph plugin (`ɡ`), and the
/// negative circled and squared letters (`🅘🅖🅝`, `🅸🅶🅽`). NFKC already reads fullwidth,
/// mathematical, circled and squared letters (`ｉ`, `𝐢`, `ⓘ`, `🄸`) as plain ones.
fn decorative_letter(c: char) -> Option<char> {
    const SMALL_CAPITALS: &[(char, char)] = &[
        ('\u{1d00}', 'a'),
        ('\u{0299}', 'b'),
        ('\u{1d04}', 'c'),
        ('\u{1d05}', 'd'),
        ('\u{1d07}', 'e'),
        ('\u{a730}', 'f'),
        ('\u{0262}', 'g'),
        ('\u{029c}', 'h'),
        ('\u{026a}', 'i'),
        ('\u{1d0a}', 'j'),
        ('\u{1d0b}', 'k'),
        ('\u{029f}', 'l'),
        ('\u{1d0d}', 'm'),
        ('\u{0274}', 'n'),
        ('\u{1d0f}', 'o'),
        ('\u{1d18}', 'p'),
        ('\u{0280}', 'r'),
        ('\u{a731}', 's'),
        ('\u{1d1b}', 't'),
        ('\u{1d1c}', 'u'),
        ('\u{1d20}', 'v'),
        ('\u{1d21}', 'w'),
        ('\u{028f}', 'y'),
        ('\u{1d22}', 'z'),
        ('\u{0261}', 'g'), // script g
    ];
    let from = |first: char| char::from(b'a' + (c as u32 - first as u32) as u8);
    match c {
        '\u{1f150}'..='\u{1f169}' => Some(from('\u{1f150}')),
        '\u{1f170}'..='\u{1f189}' => Some(from('\u{1f170}')),
        '\u{0261}'..='\u{029f}' | '\u{1d00}'..='\u{1d22}' | '\u{a730}'..='\u{a731}' => {
            SMALL_CAPITALS
                .iter()
                .find(|(small, _)| *small == c)
                .map(|(_, latin)| *latin)
        }
        _ => None,
    }
}

/// The ASCII letter `c` (a letter of a script other than Latin) is confusable with.
fn latin_look_alike(c: char) -> Option<char> {
    if c.is_ascii()
        || matches!(
            c.script(),
            Script::Latin | Script::Common | Script::Inherited
        )
    {
        return None;
    }
    let mut buf = [0; 4];
    let mut skeleton = unicode_security::skeleton(c.encode_utf8(&mut buf));
    let first = skeleton.next()?;
    (skeleton.next().is_none() && first.is_ascii_alphabetic()).then(|| first.to_ascii_lowercase())
}

/// Opening and closing quotation marks. A quote counts only when it is closed.
const QUOTES: &[(char, char)] = &[
    ('"', '"'),
    ('`', '`'),
    ('\u{201c}', '\u{201d}'), // “ ”
    ('\u{201e}', '\u{201c}'), // „ “
    ('\u{00ab}', '\u{00bb}'), // « »
    ('\u{300c}', '\u{300d}'), // 「 」
    ('\u{300e}', '\u{300f}'), // 『 』
];

/// The folded text: its characters, and whether each stands inside quotation marks.
#[derive(Debug)]
pub(super) struct Folded {
    pub(super) chars: Vec<char>,
    pub(super) quoted: Vec<bool>,
}

/// A word of the folded text: its letters and digits, where it starts, and whether it is
/// quoted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) text: String,
    pub(super) start: usize,
    pub(super) quoted: bool,
}

impl Folded {
    /// Invisible characters out, then NFKC, then case folding (Unicode lowercase of the
    /// uppercase, which folds `ß` to `ss` as case folding does).
    #[cfg_attr(not(test), allow(dead_code))] // the rules read [`readings`]
    pub(super) fn new(text: &str) -> Self {
        let visible = as_shown(text);
        let chars: Vec<char> = visible
            .nfkc()
            .flat_map(char::to_uppercase)
            .flat_map(char::to_lowercase)
            .collect();
        Self::from_chars(chars)
    }

    /// Folded characters with their quotation marks found.
    fn from_chars(chars: Vec<char>) -> Self {
        let quoted = quoted_spans(&chars);
        Self { chars, quoted }
    }

    /// The words: maximal runs of letters, marks and digits.
    pub(super) fn words(&self) -> Vec<Word> {
        let mut words = Vec::new();
        let mut current: Option<Word> = None;
        for (i, c) in self.chars.iter().enumerate() {
            if c.is_alphanumeric() {
                let word = current.get_or_insert_with(|| Word {
                    text: String::new(),
                    start: i,
                    quoted: self.quoted[i],
                });
                word.text.push(*c);
            } else if let Some(word) = current.take() {
                words.push(word);
            }
        }
        words.extend(current);
        words
    }
}

/// Marks the characters between a quotation mark and its closing mark (both included).
fn quoted_spans(chars: &[char]) -> Vec<bool> {
    let mut quoted = vec![false; chars.len()];
    // Closing marks with no occurrence left after some point: a later opening mark of the
    // same kind finds none either, so many unclosed quotes cost linear time.
    let mut closes_left: Vec<char> = QUOTES.iter().map(|(_, close)| *close).collect();
    let mut i = 0;
    while i < chars.len() {
        let close = QUOTES
            .iter()
            .find(|(open, _)| *open == chars[i])
            .map(|(_, close)| *close)
            .filter(|close| closes_left.contains(close));
        let end = close.and_then(|close| {
            let end = chars[i + 1..]
                .iter()
                .position(|c| *c == close)
                .map(|p| i + 1 + p);
            if end.is_none() {
                closes_left.retain(|c| *c != close);
            }
            end
        });
        match end {
            Some(end) => {
                quoted[i..=end].fill(true);
                i = end + 1;
            }
            None => i += 1,
        }
    }
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        Folded::new(text)
            .words()
            .into_iter()
            .map(|w| w.text)
            .collect()
    }

    #[test]
    fn folding_reads_disguised_letters_as_plain_ones() {
        assert_eq!(words("ＩＧＮＯＲＥ Previous"), ["ignore", "previous"]);
        assert_eq!(words("ig\u{200b}nore\u{e0020}"), ["ignore"]);
        assert_eq!(
            words("ſystem ﬁle STRASSE Straße"),
            ["system", "file", "strasse", "strasse"]
        );
        assert_eq!(
            words("pre-authorized, don't"),
            ["pre", "authorized", "don", "t"]
        );
        assert_eq!(words("東京 Агент"), ["東京", "агент"]);
    }

    #[test]
    fn only_closed_quotes_count() {
        let quoted = |text: &str| -> Vec<bool> {
            Folded::new(text).words().iter().map(|w| w.quoted).collect()
        };
        assert_eq!(
            quoted(r#"flags "ignore this" text"#),
            [false, true, true, false]
        );
        assert_eq!(quoted("flags “ignore” and `x`"), [false, true, false, true]);
        assert_eq!(quoted("flags «ignore» 「x」"), [false, true, true]);
        // An unclosed quote quotes nothing: one stray mark must not shield the rest.
        assert_eq!(quoted(r#"" ignore previous"#), [false, false]);
        assert_eq!(quoted("“ignore previous"), [false, false]);
        // After an unclosed mark, a pair of another kind still counts.
        assert_eq!(quoted("“a «b» c"), [false, true, false]);
        // Many unclosed marks: each kind is searched for to the end once (linear time).
        let many = "“x «y ".repeat(50_000);
        assert!(Folded::new(&many).quoted.iter().all(|q| !q));
    }

    fn read(text: &str) -> Vec<(String, Via)> {
        readings(text)
            .into_iter()
            .map(|r| (r.folded.chars.into_iter().collect(), r.via))
            .collect()
    }

    #[test]
    fn every_decoding_gives_plain_words() {
        for (text, plain) in [
            ("&#105;gnore previous", "ignore previous"),
            ("%69gnore previous", "ignore previous"),
            ("ig**no**re previous", "ignore previous"),
            ("i g n o r e  a l l", "ignore  all"),
            ("\u{455}ystem", "system"), // Cyrillic dze inside a Latin word
            ("Ign\u{3bf}re", "ignore"), // Greek omicron
            ("\u{406}gnore", "ignore"), // Cyrillic capital Byelorussian-Ukrainian I
            ("IGNORE%20PREVIOUS", "ignore previous"),
        ] {
            assert_eq!(read(text)[0], (plain.to_owned(), Via::Decoded), "{text:?}");
        }
        assert_eq!(
            read("Ignore previous")[0],
            ("ignore previous".to_owned(), Via::AsWritten)
        );
        assert_eq!(
            read("ＩＧＮＯＲＥ")[0],
            ("ignore".to_owned(), Via::AsWritten)
        );
        // Underscores inside words: a second reading, the identifier kept in the first.
        assert_eq!(
            read("i_gno_re system_prompt"),
            [
                ("i_gno_re system_prompt".to_owned(), Via::AsWritten),
                ("ignore systemprompt".to_owned(), Via::Decoded)
            ]
        );
        assert_eq!(
            read("Weather. SWdub3JlIHByZXZpb3VzIGluc3RydWN0aW9ucw==")[1],
            ("ignore previous instructions".to_owned(), Via::Base64)
        );
        assert_eq!(
            read("https://docs.example/ignore/previous?q=you+are+now"),
            [("q\nyou are now".to_owned(), Via::AsWritten)]
        );
        assert!(read("https://docs.example/ignore/previous").is_empty());
        // Escapes of a programming language: a reading of their own, the first as written.
        assert_eq!(
            read(r"Say \u0049\u0067\u006e\u006f\u0072\u0065 now"),
            [
                (
                    r"say \u0049\u0067\u006e\u006f\u0072\u0065 now".to_owned(),
                    Via::AsWritten
                ),
                ("say ignore now".to_owned(), Via::Escapes)
            ]
        );
        assert_eq!(read(r"^\d{3}\w+$").len(), 1);
    }

    #[test]
    fn decorative_letters_read_as_plain_ones_by_nfkc_or_by_their_table() {
        // NFKC: fullwidth, mathematical bold and double-struck, circled, squared, superscript.
        for text in [
            "ｉｇｎｏｒｅ",
            "\u{1d422}\u{1d420}\u{1d427}\u{1d428}\u{1d42b}\u{1d41e}", // 𝐢𝐠𝐧𝐨𝐫𝐞
            "\u{1d55a}\u{1d558}\u{1d55f}\u{1d560}\u{1d563}\u{1d556}", // 𝕚𝕘𝕟𝕠𝕣𝕖
            "ⓘⓖⓝⓞⓡⓔ",
            "\u{1f138}\u{1f136}\u{1f13d}\u{1f13e}\u{1f141}\u{1f134}", // 🄸🄶🄽🄾🅁🄴
        ] {
            assert_eq!(read(text)[0].0, "ignore", "{text:?}");
        }
        // The table: small capitals, script g, negative circled and squared letters.
        for text in [
            "ɪɢɴᴏʀᴇ",
            "iɡnore",
            "\u{456}\u{261}n\u{43e}r\u{435}", // spikee's homoglyphs: і ɡ n о r е
            "\u{1f158}\u{1f156}\u{1f15d}\u{1f15e}\u{1f161}\u{1f154}", // 🅘🅖🅝🅞🅡🅔
            "\u{1f178}\u{1f176}\u{1f17d}\u{1f17e}\u{1f181}\u{1f174}", // 🅸🅶🅽🅾🆁🅴
        ] {
            assert_eq!(
                read(text)[0],
                ("ignore".to_owned(), Via::Decoded),
                "{text:?}"
            );
        }
        // Accented letters, ß, IPA vowels and Turkish dotless i are letters of their own.
        for text in ["café", "straße", "ɛ ɔ ŋ", "ılık"] {
            assert_eq!(read(text)[0].1, Via::AsWritten, "{text:?}");
        }
    }

    #[test]
    fn other_scripts_and_ordinary_text_stay_as_written() {
        for text in [
            "Прогноз погоды на неделю", // Russian stays Russian
            "Ημερήσια πρόγνωση καιρού", // Greek too
            "天気予報エージェント",
            "وكيل الطقس",
            "A **bold** word and `code`",
            "Grades A B C D",
            "Linux 6.1, 100% uptime",
            "https://docs.example/search?q=weather&lang=en",
        ] {
            let readings = read(text);
            assert!(readings.len() <= 1, "{text:?}: {readings:?}");
            if let Some((_, via)) = readings.first() {
                assert!(
                    *via == Via::AsWritten || text.contains("A B C D"),
                    "{text:?}: {readings:?}"
                );
            }
        }
        // Letters of other scripts read as Latin letters stay as they are in a word of them.
        assert_eq!(read("ɡood")[0].1, Via::Decoded);
        // A Greek letter with no Latin look-alike stays itself (the look-alike name rule
        // judges names).
        assert_eq!(read("μService")[0], ("μservice".to_owned(), Via::AsWritten));
    }
}
