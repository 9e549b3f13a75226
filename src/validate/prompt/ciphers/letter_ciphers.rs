//! Letter ciphers: Caesar shifts (ROT13 is one), Atbash, text written backwards.

use std::sync::OnceLock;

use super::super::fold::Via;
use super::ascii_lower;
use super::tables::COMMON_WORDS;
use super::words::{Piece, pieces, rewrite_words};

/// Whether `word` (ASCII lowercase) is one of [`COMMON_WORDS`].
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
pub(super) fn letter_ciphers(chars: &[char], shifted: bool) -> Vec<(String, Via)> {
    let table = shifted_common_words();
    let mut votes = Votes::default();
    let mut words = 0;
    for piece in pieces(chars, char::is_alphanumeric) {
        let Piece::Word { word, .. } = piece else {
            continue;
        };
        let mut buf = [0u8; 16];
        let word = ascii_lower(word, &mut buf)
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
        // Each word backwards where it stands (there are words: they voted).
        let each = rewrite_words(chars, char::is_alphanumeric, |_, word, out| {
            out.extend(word.iter().rev());
            true
        });
        found.push((
            each.unwrap_or_else(|| chars.iter().collect()),
            Via::Backwards,
        ));
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
