//! Leetspeak: digits written for letters (`1gn0r3`), as garak and spikee write it.

use super::words::rewrite_words;

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
pub(super) fn leet_word(word: &[u8], before: Option<u8>, after: Option<u8>) -> Option<bool> {
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
pub(super) fn leetspeak(chars: &[char]) -> Option<String> {
    rewrite_words(
        chars,
        |c| c.is_ascii_alphanumeric(),
        |i, word, out| {
            let len = word.len();
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
                out.extend(word.iter().map(|c| leet_letter(*c).unwrap_or(*c)));
            }
            leet
        },
    )
}
