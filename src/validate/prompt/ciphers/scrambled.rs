//! Best-of-N: letters scrambled inside words, and capitals at random.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::super::phrases::{FAMILIES, Lang};
use super::ascii_lower;
use super::tables::COMMON_WORDS;
use super::words::rewrite_words;

/// The changes between capitals and small letters inside the words of `text` (as written)
/// past their first letter, and the pairs of letters looked at. Capitals at random inside
/// words, as spikee's best-of-N plugin writes them (`IGnroe AlL PVEROUIS`), make three
/// changes or more, a sixth of the pairs or more; title case and capitals make none, a
/// name in camel case (`JavaScript`) two.
pub(super) fn case_changes(text: &str) -> (usize, usize) {
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
pub(super) fn unscrambled(chars: &[char]) -> Option<String> {
    let table = scramble_table();
    rewrite_words(chars, char::is_alphanumeric, |_, word, out| {
        let mut buf = [0u8; 16];
        let word = ascii_lower(word, &mut buf)
            .filter(|w| w.len() >= 4 && w.iter().all(u8::is_ascii_lowercase));
        let known = word.and_then(|w| {
            let words = table.get(&scramble_key(w))?;
            (!words.iter().any(|k| k.as_bytes() == w)).then(|| words[0])
        });
        known.inspect(|known| out.push_str(known)).is_some()
    })
}
