//! Text as the phrase and markup rules read it: invisible characters removed, NFKC (so
//! fullwidth `ｉｇｎｏｒｅ`, ligatures and the long s read as plain letters), case folded, and
//! which parts stand inside quotation marks (a description may quote an attack to explain
//! what it guards against).

use unicode_normalization::UnicodeNormalization;

use super::hidden::is_invisible;

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
    pub(super) fn new(text: &str) -> Self {
        let visible: String = text.chars().filter(|c| !is_invisible(*c)).collect();
        let chars: Vec<char> = visible
            .nfkc()
            .flat_map(char::to_uppercase)
            .flat_map(char::to_lowercase)
            .collect();
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
    let mut i = 0;
    while i < chars.len() {
        let close = QUOTES
            .iter()
            .find(|(open, _)| *open == chars[i])
            .map(|(_, close)| *close);
        let end = close.and_then(|close| {
            chars[i + 1..]
                .iter()
                .position(|c| *c == close)
                .map(|p| i + 1 + p)
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
    }
}
