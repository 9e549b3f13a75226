//! Codes read by table: Morse, Braille, letters marked in parentheses (garak's DRA), and
//! character codes written as numbers.

use super::tables::{BRAILLE_CAPITAL, BRAILLE_LETTERS, BRAILLE_NUMBER, MORSE};

// ---------------------------------------------------------------------------------------
// Morse

/// The text of each run of Morse code in `chars` (codes split by one space; a `/` or a wider
/// space between words), one line each; runs of fewer than four letters (an ellipsis, a
/// dash) are not read.
pub(super) fn morse(chars: &[char]) -> Option<String> {
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

pub(super) fn is_braille(c: char) -> bool {
    ('\u{2801}'..='\u{28ff}').contains(&c)
}

/// `chars` with Braille cells read as letters (grade 1: one cell a letter, the capital and
/// number signs); `None` when fewer than four cells are letters.
pub(super) fn braille(chars: &[char]) -> Option<String> {
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
pub(super) fn marked_letters(chars: &[char]) -> String {
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
pub(super) fn character_codes(chars: &[char]) -> Option<String> {
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
