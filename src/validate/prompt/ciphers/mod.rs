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

mod codes;
mod leetspeak;
mod letter_ciphers;
mod marks;
mod scrambled;
mod tables;
#[cfg(test)]
mod tests;
mod words;

use unicode_script::{Script, UnicodeScript};

use super::fold::Via;
use codes::{braille, character_codes, is_braille, marked_letters, morse};
use leetspeak::{leet_word, leetspeak};
use letter_ciphers::letter_ciphers;
use marks::{is_diacritic, is_latin_letter, without_stacked_marks};
use scrambled::{case_changes, unscrambled};

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
