//! Readings of text written in the codes that public attack kits use to get an instruction
//! past a filter (garak's encoding probes, spikee's obfuscation plugins): leetspeak
//! (`1gn0r3`), a Caesar shift (ROT13 among them), Atbash, text written backwards, combining
//! marks stacked on letters (zalgo), Morse, Braille, character codes written as binary,
//! octal or decimal numbers, words with their middle letters scrambled and capitals at
//! random (best-of-N), and letters marked in parentheses one by one (garak's DRA). Each reading is an extra one ([`super::fold::readings`]) and each
//! has a gate that ordinary text fails in one scan, so a card written in plain words pays no
//! second pass: a code is read only when the text has its shape (digits among letters, dots
//! and dashes only, Braille cells, runs of numbers) or, for the letter ciphers, when common
//! English words appear once the cipher is undone and not as written.

use std::collections::HashMap;
use std::sync::OnceLock;

use unicode_normalization::char::decompose_canonical;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

use super::fold::Via;
use super::phrases::{FAMILIES, Lang};

/// The readings of `chars` (the folded first reading of a string) in each code whose shape
/// it has, each with the code it was read in; empty for ordinary text.
pub(super) fn readings(text: &str, chars: &[char]) -> Vec<(String, Via)> {
    let mut found = Vec::new();
    // Every code here spells two words or more: one word (a member name, a tag, a version)
    // is not read again.
    let shape = if text.is_ascii() {
        if !text.bytes().any(|b| b.is_ascii_whitespace()) {
            return found;
        }
        Shape::of_ascii(text.as_bytes())
    } else {
        if !chars.iter().any(|c| c.is_whitespace()) {
            return found;
        }
        let mut shape = Shape::of(chars);
        (shape.case_changes, shape.case_pairs) = case_changes(text);
        shape
    };
    if shape.case_changes >= 3
        && shape.case_changes * 6 >= shape.case_pairs
        && let Some(text) = unscrambled(chars)
    {
        found.push((text, Via::Scrambled));
    }
    if shape.strong_leet_words > 0 {
        if let Some(text) = leetspeak(chars) {
            found.push((text, Via::Leetspeak));
        }
    }
    if shape.cipher_words >= 2 && (shape.names_a_cipher || shape.common_words * 8 < shape.words) {
        let shifted = shape.names_a_cipher || shape.vowels * 100 < shape.letters * 33;
        found.extend(letter_ciphers(chars, shifted));
    }
    if shape.stacked_marks {
        if let Some(text) = without_stacked_marks(chars) {
            found.push((text, Via::StackedMarks));
        }
    }
    if shape.morse_symbols >= 8 {
        if let Some(text) = morse(chars) {
            found.push((text, Via::Morse));
        }
    }
    if shape.braille_cells >= 4 {
        if let Some(text) = braille(chars) {
            found.push((text, Via::Braille));
        }
    }
    if shape.marked_letters >= 8 {
        found.push((marked_letters(chars), Via::MarkedLetters));
    }
    if shape.number_tokens >= 6 {
        if let Some(text) = character_codes(chars) {
            found.push((text, Via::CharacterCodes));
        }
    }
    found
}

/// What one scan of the text tells about the codes it may be written in.
#[derive(Debug, Default)]
struct Shape {
    /// Words of ASCII letters and digits with digits in two places or more among letters
    /// (`1gn0r3`), which no product name or numeronym (`mp3`, `k8s`, `i18n`) has
    /// ([`leet_word`]).
    strong_leet_words: usize,
    /// Words of ASCII letters.
    words: usize,
    /// Words of three ASCII letters or more: what a letter cipher is judged on.
    cipher_words: usize,
    /// Words as written that are among the most frequent of English ([`is_frequent`]).
    common_words: usize,
    /// The text names a cipher or a reversal (`rot13`, `caesar`, `atbash`, `backwards`...).
    names_a_cipher: bool,
    /// Latin letters carry stacks of combining marks ([`without_stacked_marks`]).
    stacked_marks: bool,
    /// Dots and dashes.
    morse_symbols: usize,
    /// Braille cells.
    braille_cells: usize,
    /// Words that are numbers.
    number_tokens: usize,
    /// ASCII letters in words, and the vowels among them: English, German or French has a
    /// vowel in three letters or more, English shifted or mirrored (Caesar, Atbash) one in
    /// four or fewer.
    letters: usize,
    vowels: usize,
    /// Characters alone between parentheses (`happy (h)our`).
    marked_letters: usize,
    /// Changes between capitals and small letters inside words past their first letter, and
    /// the pairs of letters looked at ([`case_changes`]).
    case_changes: usize,
    case_pairs: usize,
}

impl Shape {
    fn of(chars: &[char]) -> Self {
        let mut shape = Shape::default();
        let mut marked_letters = 0;
        let mut stacked_letters = 0;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_alphanumeric() {
                let len = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .count();
                // Part of a word with other letters (`Menschenwürde`) is no word of ASCII.
                let inside =
                    |c: Option<&char>| c.is_some_and(|c| !c.is_ascii() && c.is_alphanumeric());
                if !inside(i.checked_sub(1).map(|p| &chars[p])) && !inside(chars.get(i + len)) {
                    shape.word(&chars[i..i + len], chars, i);
                }
                i += len;
                continue;
            }
            if c == '.' || c == '-' {
                shape.morse_symbols += 1;
            } else if c == '(' && chars.get(i + 2) == Some(&')') {
                shape.marked_letters += 1;
            } else if !c.is_ascii() {
                if is_braille(c) {
                    shape.braille_cells += 1;
                } else if is_diacritic(c) {
                    // Marks after a letter (marks are not alphanumeric: they end its word).
                    let marks = chars[i..].iter().take_while(|m| is_diacritic(**m)).count();
                    let after_latin = i > 0 && is_latin_letter(chars[i - 1]);
                    if after_latin {
                        marked_letters += 1;
                        stacked_letters += usize::from(marks > 1);
                    }
                    i += marks;
                    continue;
                }
            }
            i += 1;
        }
        shape.stacked_marks = stacked_letters >= 2
            || (marked_letters >= 4 && marked_letters * 2 >= latin_letters(chars));
        shape
    }

    /// The shape of a text of ASCII, read as bytes: the common case, and the cheap one.
    fn of_ascii(text: &[u8]) -> Self {
        let mut shape = Shape::default();
        let mut i = 0;
        while i < text.len() {
            let b = text[i];
            if b.is_ascii_alphanumeric() {
                let len = text[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric())
                    .count();
                let word = &text[i..i + len];
                shape.ascii_word(
                    word,
                    i.checked_sub(1).map(|p| text[p]),
                    text.get(i + len).copied(),
                );
                i += len;
                continue;
            }
            if b == b'.' || b == b'-' {
                shape.morse_symbols += 1;
            } else if b == b'(' && text.get(i + 2) == Some(&b')') {
                shape.marked_letters += 1;
            }
            i += 1;
        }
        shape
    }

    /// Counts one word (`chars[at..]`, maximal) of the text: only words of ASCII letters and
    /// digits count.
    fn word(&mut self, word: &[char], chars: &[char], at: usize) {
        if !word.iter().all(char::is_ascii) {
            return;
        }
        let before = at
            .checked_sub(1)
            .map(|p| chars[p])
            .filter(char::is_ascii)
            .map(|c| c as u8);
        let after = chars
            .get(at + word.len())
            .filter(|c| c.is_ascii())
            .map(|c| *c as u8);
        // Past 32 characters a word is counted on its first 32: no code reads it as a word.
        let mut buf = [0u8; 32];
        let len = word.len().min(buf.len());
        for (b, c) in buf.iter_mut().zip(word) {
            *b = *c as u8;
        }
        self.ascii_word(&buf[..len], before, after);
    }

    /// Counts one word of ASCII letters and digits, with the characters around it; common
    /// words are told by [`is_frequent`], a match on bytes, as most texts are English prose
    /// that leaves here.
    fn ascii_word(&mut self, word: &[u8], before: Option<u8>, after: Option<u8>) {
        // Letters, vowels, and changes of case between two letters past the first.
        let (mut letters, mut vowels) = (0, 0);
        let mut case_before: Option<bool> = None;
        for (k, b) in word.iter().enumerate() {
            if !b.is_ascii_alphabetic() {
                case_before = None;
                continue;
            }
            letters += 1;
            vowels += usize::from(matches!(b | 0x20, b'a' | b'e' | b'i' | b'o' | b'u'));
            let upper = b.is_ascii_uppercase();
            if k >= 2
                && let Some(was) = case_before
            {
                self.case_pairs += 1;
                self.case_changes += usize::from(was != upper);
            }
            case_before = Some(upper);
        }
        if letters == 0 {
            self.number_tokens += 1;
            return;
        }
        self.letters += letters;
        self.vowels += vowels;
        // Only short words are names of ciphers or frequent words.
        let mut buf = [0u8; 9];
        let lower = (word.len() <= buf.len()).then(|| {
            let buf = &mut buf[..word.len()];
            buf.copy_from_slice(word);
            buf.make_ascii_lowercase();
            &*buf
        });
        if let Some(word) = lower {
            self.names_a_cipher |= matches!(
                word,
                b"rot13"
                    | b"rot"
                    | b"caesar"
                    | b"atbash"
                    | b"cipher"
                    | b"backwards"
                    | b"reversed"
                    | b"reverse"
            );
        }
        if letters < word.len() {
            self.strong_leet_words += usize::from(leet_word(word, before, after) == Some(true));
            return;
        }
        self.words += 1;
        if letters >= 3 {
            self.cipher_words += 1;
        }
        if let Some(word) = lower {
            self.common_words += usize::from(is_frequent(word));
        }
    }
}

/// The Latin letters of `chars`.
fn latin_letters(chars: &[char]) -> usize {
    chars
        .iter()
        .filter(|c| {
            c.is_ascii_alphabetic()
                || (!c.is_ascii() && c.is_alphabetic() && c.script() == Script::Latin)
        })
        .count()
}

/// The most frequent words of English prose: a text with few of them as written (one word in
/// eight) is not plain English, and may be English in a letter cipher.
fn is_frequent(word: &[u8]) -> bool {
    matches!(
        word,
        b"the"
            | b"and"
            | b"for"
            | b"with"
            | b"from"
            | b"that"
            | b"this"
            | b"are"
            | b"you"
            | b"your"
            | b"all"
            | b"any"
            | b"not"
            | b"can"
            | b"will"
            | b"has"
            | b"have"
            | b"its"
            | b"our"
            | b"into"
            | b"was"
            | b"were"
            | b"of"
            | b"to"
            | b"in"
            | b"on"
            | b"is"
            | b"it"
            | b"by"
            | b"as"
            | b"at"
            | b"or"
            | b"an"
            | b"be"
            | b"a"
    )
}

/// A combining mark: what zalgo stacks on letters.
fn is_mark(c: char) -> bool {
    !c.is_ascii()
        && matches!(
            c.general_category(),
            GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
        )
}

/// A combining diacritical mark of the blocks zalgo text draws from: what the shape counts,
/// by range, as most characters of a card are looked at here.
fn is_diacritic(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36f}'
            | '\u{1ab0}'..='\u{1aff}'
            | '\u{1dc0}'..='\u{1dff}'
            | '\u{20d0}'..='\u{20ff}'
            | '\u{fe20}'..='\u{fe2f}'
    )
}

/// A letter of the Latin blocks (ASCII, Latin-1, Extended A and B, Extended Additional).
fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || (matches!(c, '\u{c0}'..='\u{24f}' | '\u{1e00}'..='\u{1eff}') && c.is_alphabetic())
}

fn is_braille(c: char) -> bool {
    ('\u{2801}'..='\u{28ff}').contains(&c)
}

/// The word, ASCII lowercase, in `buf`; `None` when it is longer than `buf` or not all
/// ASCII letters and digits.
fn ascii_lower<'a>(word: &[char], buf: &'a mut [u8; 16]) -> Option<&'a [u8]> {
    if word.len() > buf.len() {
        return None;
    }
    for (k, c) in word.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            return None;
        }
        buf[k] = c.to_ascii_lowercase() as u8;
    }
    Some(&buf[..word.len()])
}

// ---------------------------------------------------------------------------------------
// Leetspeak

/// The letter a digit stands for in leetspeak, as garak (`ieaost` as `134057`) and spikee
/// (also `b`, `g`, `z` as `8`, `6`, `2`) write it. `1` is read as `i`: neither kit writes
/// `l` as `1`. `9` stands for no letter in either.
fn leet_letter(c: char) -> Option<char> {
    Some(match c {
        '0' => 'o',
        '1' => 'i',
        '2' => 'z',
        '3' => 'e',
        '4' => 'a',
        '5' => 's',
        '6' => 'g',
        '7' => 't',
        '8' => 'b',
        _ => return None,
    })
}

/// Whether `word` (ASCII letters and digits, at `at` in `chars`) may be a word in leetspeak:
/// `Some(true)` when strongly so (digits in two places or more, among as many letters),
/// `Some(false)` when it may be (`4ll`, `y0ur`), `None` when it is not. Not leetspeak: a word
/// whose only digits stand together at its end or are two or more (`mp3`, `arm64`, `h264`,
/// `i18n`, `a11y`), a word with a `9`, a long one, a hexadecimal id (seven hex digits or more,
/// or joined by dashes as in a UUID).
fn leet_word(word: &[u8], before: Option<u8>, after: Option<u8>) -> Option<bool> {
    if word.len() < 3 || word.len() > 16 || word.contains(&b'9') {
        return None;
    }
    let hex = word.iter().all(u8::is_ascii_hexdigit);
    let dashed = before == Some(b'-') || after == Some(b'-');
    if hex && (word.len() >= 7 || dashed) {
        return None;
    }
    let mut runs = 0;
    let mut run_len = 0;
    let mut ends_with_digits = false;
    for (k, b) in word.iter().enumerate() {
        if b.is_ascii_digit() {
            if k == 0 || !word[k - 1].is_ascii_digit() {
                runs += 1;
            }
            run_len += 1;
            ends_with_digits = k + 1 == word.len();
        }
    }
    let letters = word.len() - run_len;
    if runs == 1 && (ends_with_digits || run_len >= 2) {
        return None;
    }
    Some(runs >= 2 && letters >= runs)
}

/// `chars` with the digits of each leetspeak word read as letters; `None` when no word is.
fn leetspeak(chars: &[char]) -> Option<String> {
    let mut out = String::with_capacity(chars.len());
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        let len = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        if len == 0 {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let word = &chars[i..i + len];
        let whole = chars.get(i + len).is_none_or(|c| !c.is_alphanumeric());
        let bytes: Vec<u8> = word.iter().map(|c| *c as u8).collect();
        let around = |c: Option<&char>| c.filter(|c| c.is_ascii()).map(|c| *c as u8);
        let leet = whole
            && word.iter().any(char::is_ascii_alphabetic)
            && word.iter().any(char::is_ascii_digit)
            && leet_word(
                &bytes,
                around(i.checked_sub(1).map(|p| &chars[p])),
                around(chars.get(i + len)),
            )
            .is_some();
        if leet {
            changed = true;
            out.extend(word.iter().map(|c| leet_letter(*c).unwrap_or(*c)));
        } else {
            out.extend(word);
        }
        i += len;
    }
    changed.then_some(out)
}

// ---------------------------------------------------------------------------------------
// Letter ciphers: Caesar shifts (ROT13 is one), Atbash, text written backwards

/// Words of English that instructions are made of: what a deciphered text shows and a
/// ciphered one does not. Sorted, lowercase, three letters or more.
const COMMON_WORDS: &[&str] = &[
    "about",
    "above",
    "all",
    "and",
    "answer",
    "any",
    "are",
    "assistant",
    "before",
    "but",
    "can",
    "command",
    "data",
    "decode",
    "disregard",
    "earlier",
    "email",
    "every",
    "following",
    "for",
    "forget",
    "from",
    "give",
    "has",
    "have",
    "how",
    "ignore",
    "information",
    "instead",
    "instruction",
    "instructions",
    "into",
    "just",
    "key",
    "message",
    "must",
    "new",
    "not",
    "now",
    "only",
    "other",
    "output",
    "password",
    "please",
    "previous",
    "print",
    "prior",
    "prompt",
    "repeat",
    "reply",
    "respond",
    "reveal",
    "rules",
    "say",
    "secret",
    "send",
    "should",
    "system",
    "tell",
    "text",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "token",
    "user",
    "was",
    "were",
    "what",
    "when",
    "which",
    "will",
    "with",
    "word",
    "would",
    "write",
    "you",
    "your",
];

fn is_common(word: &[u8]) -> bool {
    COMMON_WORDS
        .binary_search_by(|w| w.as_bytes().cmp(word))
        .is_ok()
}

/// [`COMMON_WORDS`] shifted so that each starts with `a`, sorted, each with the shift that
/// took it there: a word of the text shifted the same way finds the common words it is a
/// Caesar shift of.
fn shifted_common_words() -> &'static [(Vec<u8>, u8)] {
    static TABLE: OnceLock<Vec<(Vec<u8>, u8)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<(Vec<u8>, u8)> = COMMON_WORDS
            .iter()
            .map(|w| {
                let first = w.as_bytes()[0] - b'a';
                (shift(w.as_bytes(), 26 - first), first)
            })
            .collect();
        table.sort();
        table
    })
}

/// `word` (ASCII lowercase) with each letter moved `by` places on in the alphabet.
fn shift(word: &[u8], by: u8) -> Vec<u8> {
    word.iter().map(|b| (b - b'a' + by) % 26 + b'a').collect()
}

fn atbash(b: u8) -> u8 {
    b'z' - (b - b'a')
}

/// Votes of the text's words for each way of reading it: as written or Caesar-shifted by
/// `k` (`caesar[k]`), Atbash, backwards.
#[derive(Debug, Default)]
struct Votes {
    caesar: [usize; 26],
    atbash: usize,
    backwards: usize,
}

/// The readings of `chars` in the letter ciphers that make two of its words or more, and a
/// tenth of them, [`COMMON_WORDS`]: written backwards (each word, and the whole text), and
/// when `shifted` (few vowels, or the text names a cipher) shifted back (ROT13 and the other
/// Caesar shifts) and Atbash-decoded.
fn letter_ciphers(chars: &[char], shifted: bool) -> Vec<(String, Via)> {
    let table = shifted_common_words();
    let mut votes = Votes::default();
    let mut words = 0;
    let mut i = 0;
    while i < chars.len() {
        let len = chars[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric())
            .count();
        if len == 0 {
            i += 1;
            continue;
        }
        let mut buf = [0u8; 16];
        let word = ascii_lower(&chars[i..i + len], &mut buf)
            .filter(|w| w.len() >= 3 && w.iter().all(u8::is_ascii_lowercase));
        if let Some(word) = word {
            words += 1;
            let n = word.len();
            let mut other = [0u8; 16];
            for (k, b) in word.iter().rev().enumerate() {
                other[k] = *b;
            }
            votes.backwards += usize::from(&other[..n] != word && is_common(&other[..n]));
            if !shifted {
                i += len;
                continue;
            }
            let first = word[0] - b'a';
            for (k, b) in word.iter().enumerate() {
                other[k] = (b - b'a' + 26 - first) % 26 + b'a';
            }
            let normal = &other[..n];
            let at = table.partition_point(|(w, _)| w.as_slice() < normal);
            for (_, common_first) in table[at..].iter().take_while(|(w, _)| w == normal) {
                votes.caesar[usize::from((first + 26 - common_first) % 26)] += 1;
            }
            for (k, b) in word.iter().enumerate() {
                other[k] = atbash(*b);
            }
            votes.atbash += usize::from(is_common(&other[..n]));
        }
        i += len;
    }
    let enough = |n: usize| n >= 2 && n * 10 >= words;
    let mut found = Vec::new();
    for (by, &n) in votes.caesar.iter().enumerate().skip(1) {
        if enough(n) && n > votes.caesar[0] / 2 {
            let back = 26 - by as u8;
            let text = map_ascii_letters(chars, |b| (b - b'a' + back) % 26 + b'a');
            found.push((text, Via::Rotated));
        }
    }
    if enough(votes.atbash) {
        found.push((map_ascii_letters(chars, atbash), Via::Atbash));
    }
    if enough(votes.backwards) {
        found.push((chars.iter().rev().collect(), Via::Backwards));
        let mut each = String::with_capacity(chars.len());
        let mut i = 0;
        while i < chars.len() {
            let len = chars[i..]
                .iter()
                .take_while(|c| c.is_alphanumeric())
                .count();
            if len == 0 {
                each.push(chars[i]);
                i += 1;
            } else {
                each.extend(chars[i..i + len].iter().rev());
                i += len;
            }
        }
        found.push((each, Via::Backwards));
    }
    found
}

/// `chars` with each ASCII lowercase letter mapped by `f`.
fn map_ascii_letters(chars: &[char], f: impl Fn(u8) -> u8) -> String {
    chars
        .iter()
        .map(|c| {
            if c.is_ascii_lowercase() {
                f(*c as u8) as char
            } else {
                *c
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Best-of-N: letters scrambled inside words, and capitals at random

/// The changes between capitals and small letters inside the words of `text` (as written)
/// past their first letter, and the pairs of letters looked at. Capitals at random inside
/// words, as spikee's best-of-N plugin writes them (`IGnroe AlL PVEROUIS`), make three
/// changes or more, a sixth of the pairs or more; title case and capitals make none, a
/// name in camel case (`JavaScript`) two.
fn case_changes(text: &str) -> (usize, usize) {
    let (mut changes, mut pairs) = (0, 0);
    // Letters of the word so far, and whether the last was a capital.
    let (mut letters, mut upper) = (0, false);
    for b in text.bytes() {
        if !b.is_ascii_alphabetic() {
            letters = 0;
            continue;
        }
        let capital = b.is_ascii_uppercase();
        if letters >= 2 {
            pairs += 1;
            changes += usize::from(capital != upper);
        }
        letters += 1;
        upper = capital;
    }
    (changes, pairs)
}

/// The words a scrambled word is read as: [`COMMON_WORDS`] and the English words of the
/// phrase table, four letters or more, by their first and last letters and the sorted
/// letters between.
fn scramble_table() -> &'static HashMap<Vec<u8>, Vec<&'static str>> {
    static TABLE: OnceLock<HashMap<Vec<u8>, Vec<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: HashMap<Vec<u8>, Vec<&'static str>> = HashMap::new();
        let english = FAMILIES.iter().flat_map(|family| {
            family
                .patterns
                .iter()
                .filter(|(lang, _)| *lang == Lang::En)
                .flat_map(|(_, source)| {
                    source.split(|c: char| !c.is_ascii_alphabetic() && c != '*')
                })
        });
        for word in COMMON_WORDS.iter().copied().chain(english) {
            if word.len() >= 4 && word.bytes().all(|b| b.is_ascii_lowercase()) {
                let words = table.entry(scramble_key(word.as_bytes())).or_default();
                if !words.contains(&word) {
                    words.push(word);
                }
            }
        }
        table
    })
}

/// A word's first and last letters, then the letters between, sorted.
fn scramble_key(word: &[u8]) -> Vec<u8> {
    let mut key = Vec::with_capacity(word.len());
    key.push(word[0]);
    key.push(word[word.len() - 1]);
    let mut middle = word[1..word.len() - 1].to_vec();
    middle.sort_unstable();
    key.extend(middle);
    key
}

/// `chars` with each word of four letters or more whose middle letters are a scramble of a
/// known word's read as that word (`intsrcuoitns` as `instructions`); `None` when none is.
fn unscrambled(chars: &[char]) -> Option<String> {
    let table = scramble_table();
    let mut out = String::with_capacity(chars.len());
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        let len = chars[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric())
            .count();
        if len == 0 {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let mut buf = [0u8; 16];
        let word = ascii_lower(&chars[i..i + len], &mut buf)
            .filter(|w| w.len() >= 4 && w.iter().all(u8::is_ascii_lowercase));
        let known = word.and_then(|w| {
            let words = table.get(&scramble_key(w))?;
            (!words.iter().any(|k| k.as_bytes() == w)).then(|| words[0])
        });
        match known {
            Some(known) => {
                out.push_str(known);
                changed = true;
            }
            None => out.extend(&chars[i..i + len]),
        }
        i += len;
    }
    changed.then_some(out)
}

// ---------------------------------------------------------------------------------------
// Combining marks stacked on letters (zalgo)

/// `chars` with the combining marks after Latin letters removed and each Latin letter read as
/// its base letter (`ï̸̢` as `i`); `None` when nothing changes.
fn without_stacked_marks(chars: &[char]) -> Option<String> {
    let mut out = String::with_capacity(chars.len());
    let mut changed = false;
    let mut latin_before = false;
    for c in chars {
        if is_mark(*c) && latin_before {
            changed = true;
            continue;
        }
        latin_before = c.is_alphabetic() && c.script() == Script::Latin;
        if latin_before && !c.is_ascii() {
            let mut base = None;
            decompose_canonical(*c, |d| {
                base.get_or_insert(d);
            });
            let base = base.unwrap_or(*c);
            changed |= base != *c;
            out.push(base);
        } else {
            out.push(*c);
        }
    }
    changed.then_some(out)
}

// ---------------------------------------------------------------------------------------
// Morse

/// International Morse code, letters and digits.
const MORSE: &[(&str, char)] = &[
    (".-", 'a'),
    ("-...", 'b'),
    ("-.-.", 'c'),
    ("-..", 'd'),
    (".", 'e'),
    ("..-.", 'f'),
    ("--.", 'g'),
    ("....", 'h'),
    ("..", 'i'),
    (".---", 'j'),
    ("-.-", 'k'),
    (".-..", 'l'),
    ("--", 'm'),
    ("-.", 'n'),
    ("---", 'o'),
    (".--.", 'p'),
    ("--.-", 'q'),
    (".-.", 'r'),
    ("...", 's'),
    ("-", 't'),
    ("..-", 'u'),
    ("...-", 'v'),
    (".--", 'w'),
    ("-..-", 'x'),
    ("-.--", 'y'),
    ("--..", 'z'),
    ("-----", '0'),
    (".----", '1'),
    ("..---", '2'),
    ("...--", '3'),
    ("....-", '4'),
    (".....", '5'),
    ("-....", '6'),
    ("--...", '7'),
    ("---..", '8'),
    ("----.", '9'),
    (".-.-.-", '.'),
    ("--..--", ','),
    ("..--..", '?'),
];

/// The text of each run of Morse code in `chars` (codes split by one space; a `/` or a wider
/// space between words), one line each; runs of fewer than four letters (an ellipsis, a
/// dash) are not read.
fn morse(chars: &[char]) -> Option<String> {
    let text: String = chars.iter().collect();
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut letters = 0;
    let flush = |line: &mut String, letters: &mut usize, lines: &mut Vec<String>| {
        if *letters >= 4 {
            lines.push(line.trim().to_owned());
        }
        line.clear();
        *letters = 0;
    };
    for token in text.split([' ', '\n', '\t']) {
        if token.is_empty() || token == "/" || token == "|" {
            if !line.ends_with(' ') && !line.is_empty() {
                line.push(' ');
            }
            continue;
        }
        match MORSE.iter().find(|(code, _)| *code == token) {
            Some((_, c)) => {
                line.push(*c);
                letters += 1;
            }
            None => flush(&mut line, &mut letters, &mut lines),
        }
    }
    flush(&mut line, &mut letters, &mut lines);
    (!lines.is_empty()).then(|| lines.join("\n"))
}

// ---------------------------------------------------------------------------------------
// Braille

/// Grade 1 Braille: the cell of each letter, in the order of the alphabet.
const BRAILLE_LETTERS: [char; 26] = [
    '\u{2801}', '\u{2803}', '\u{2809}', '\u{2819}', '\u{2811}', '\u{280b}', '\u{281b}', '\u{2813}',
    '\u{280a}', '\u{281a}', '\u{2805}', '\u{2807}', '\u{280d}', '\u{281d}', '\u{2815}', '\u{280f}',
    '\u{281f}', '\u{2817}', '\u{280e}', '\u{281e}', '\u{2825}', '\u{2827}', '\u{283a}', '\u{282d}',
    '\u{283d}', '\u{2835}',
];
/// The cell that makes the next one a capital, and the one that makes the cells after it
/// digits (`a` to `j` as `1` to `0`).
const BRAILLE_CAPITAL: char = '\u{2820}';
const BRAILLE_NUMBER: char = '\u{283c}';

/// `chars` with Braille cells read as letters (grade 1: one cell a letter, the capital and
/// number signs); `None` when fewer than four cells are letters.
fn braille(chars: &[char]) -> Option<String> {
    let mut out = String::with_capacity(chars.len());
    let mut letters = 0;
    let mut digits = false;
    for c in chars {
        if *c == BRAILLE_CAPITAL {
            continue;
        }
        if *c == BRAILLE_NUMBER {
            digits = true;
            continue;
        }
        match BRAILLE_LETTERS.iter().position(|cell| cell == c) {
            Some(k) if digits && k < 10 => out.push(char::from(b"1234567890"[k])),
            Some(k) => {
                out.push(char::from(b'a' + k as u8));
                letters += 1;
            }
            None => {
                digits &= !c.is_whitespace();
                out.push(match c {
                    '\u{2802}' => ',',
                    '\u{2832}' => '.',
                    '\u{2804}' => '\'',
                    '\u{2816}' => '!',
                    '\u{2826}' => '?',
                    '\u{2812}' => ':',
                    '\u{2824}' => '-',
                    c => *c,
                });
            }
        }
    }
    (letters >= 4).then_some(out)
}

// ---------------------------------------------------------------------------------------
// Letters marked in parentheses

/// The characters of `chars` that stand alone between parentheses, read together: garak's
/// DRA probe hides a sentence so, one letter a line in a word (`happy (h)our`, `( )` for a
/// space).
fn marked_letters(chars: &[char]) -> String {
    chars
        .windows(3)
        .filter(|w| w[0] == '(' && w[2] == ')')
        .map(|w| w[1])
        .collect()
}

// ---------------------------------------------------------------------------------------
// Character codes written as numbers

/// The text of each run of six numbers or more in `chars` read as character codes, in
/// binary (`01001001`, eight digits or seven), decimal (`73 103`) or octal (`111 147`), the
/// first that reads as text (mostly letters and spaces); one line each.
fn character_codes(chars: &[char]) -> Option<String> {
    let text: String = chars.iter().collect();
    let mut lines = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    let mut flush = |run: &mut Vec<&str>| {
        if run.len() >= 6
            && let Some(line) = [2, 10, 8]
                .into_iter()
                .find_map(|radix| codes_text(run, radix))
        {
            lines.push(line);
        }
        run.clear();
    };
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        if token.len() <= 8 && token.bytes().all(|b| b.is_ascii_digit()) {
            run.push(token);
        } else {
            flush(&mut run);
        }
    }
    flush(&mut run);
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// `codes` read in `radix` as text, when it reads as text: every code a printable character
/// or a line break, at least half of them letters. Binary codes have seven digits or more.
fn codes_text(codes: &[&str], radix: u32) -> Option<String> {
    if radix == 2 && !codes.iter().all(|c| c.len() >= 7) {
        return None;
    }
    let text: String = codes
        .iter()
        .map(|c| {
            u32::from_str_radix(c, radix)
                .ok()
                .and_then(char::from_u32)
                .filter(|c| !c.is_control() || *c == '\n')
        })
        .collect::<Option<String>>()?;
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    (letters * 2 >= text.chars().count()).then_some(text)
}

#[cfg(test)]
#[path = "ciphers_tests.rs"]
mod tests;
