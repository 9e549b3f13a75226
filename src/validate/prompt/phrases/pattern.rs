//! The pattern language of the phrase table (syntax in the parent module's documentation),
//! compiled once, and the two streams it runs over: the words of a text, or its letters and
//! digits one by one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::fold::{Folded, Word};
use super::Lang;

/// The most units a quoted string (`"`) covers: a canary is a few words, and the bound keeps
/// an unclosed single quote from being looked for to the end of the text.
const MAX_QUOTED_UNITS: usize = 40;

/// What `İ` lowercases to after the `i`.
const COMBINING_DOT_ABOVE: char = '\u{307}';

/// The number of a unit that is none of the table's words.
const UNKNOWN: u32 = u32::MAX;

/// The words of the table, each numbered once when the table is compiled. A stream numbers
/// its units with it once per text, so that a pattern's word compares two numbers where it
/// would compare two strings at each place each pattern is tried.
#[derive(Debug, Default)]
pub(super) struct Vocabulary {
    numbers: HashMap<String, u32, BuildHasherDefault<WordHasher>>,
}

/// FNV-1a: every word of every text is looked up once, and words are short. The map's keys
/// are the table's, fixed when it is compiled, so a text cannot crowd them into one bucket.
pub(super) struct WordHasher(u64);

impl Default for WordHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Vocabulary {
    fn number(&mut self, word: &str) -> u32 {
        let next = u32::try_from(self.numbers.len()).expect("fewer table words than u32::MAX");
        *self.numbers.entry(word.to_owned()).or_insert(next)
    }

    /// The number of `unit` if it is a word of the table, else [`UNKNOWN`].
    fn lookup(&self, unit: &str) -> u32 {
        self.numbers.get(unit).copied().unwrap_or(UNKNOWN)
    }
}

/// What one unit of a stream must be.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    /// `number` is the word's in the [`Vocabulary`].
    Exact {
        text: String,
        number: u32,
    },
    /// An English word of [`TYPO_TOLERANT_CHARS`] or more, also matched one typo away.
    Tolerant {
        text: String,
        number: u32,
        chars: usize,
    },
    Prefix(String),
}

impl Token {
    fn accepts(&self, stream: &Stream, at: usize) -> bool {
        match self {
            Token::Exact { number, .. } => stream.numbers[at] == *number,
            Token::Tolerant {
                text,
                number,
                chars,
            } => {
                stream.numbers[at] == *number
                    // Most words are of other lengths: told apart before reading them.
                    || (chars.abs_diff(stream.chars[at]) <= 1
                        && one_typo_apart(text, stream.unit(at)))
            }
            Token::Prefix(stem) => stream.unit(at).starts_with(stem.as_str()),
        }
    }

    fn text(&self) -> &str {
        match self {
            Token::Exact { text, .. } | Token::Tolerant { text, .. } | Token::Prefix(text) => text,
        }
    }

    fn first_char(&self) -> Option<char> {
        self.text().chars().next()
    }

    /// The keys under which the index files a pattern that starts with this token: what a
    /// unit it accepts starts with ([`Stream::start_keys`] gives a unit's).
    fn start_keys(&self) -> Vec<StartKey> {
        match self {
            Token::Exact { number, .. } => vec![StartKey::Word(*number)],
            Token::Tolerant {
                text,
                number,
                chars,
            } => {
                // A typo changes the length by one at most. Only units that start with the
                // word's first letter are tried (as when the index went by first letters): a
                // typo in the first letter is not looked for.
                let first = text.chars().next().expect("a word of the table");
                let mut keys = vec![StartKey::Word(*number)];
                keys.extend((chars - 1..=chars + 1).map(|n| StartKey::Typo(first, n)));
                keys
            }
            Token::Prefix(stem) => {
                let mut letters = stem.chars();
                let first = letters.next().expect("a stem of one letter or more");
                vec![StartKey::Stem(first, letters.next())]
            }
        }
    }
}

/// What a pattern's first unit starts with, as the index files it: most units of a text are
/// turned away by the two or three keys they have, where filing by the first letter alone
/// tried every pattern of that letter at every word ("i" for "in", "is", "it").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum StartKey {
    /// A word of the table, by its number in the [`Vocabulary`].
    Word(u32),
    /// A long English word one typo away: its first letter and a length (in characters).
    Typo(char, usize),
    /// A stem: its first two letters (its only one, for a stem of one letter).
    Stem(char, Option<char>),
}

/// English words of the table at least this long also match a word one typo away (a letter
/// added, left out or changed: "iunstructions"); published injections carry such typos, on
/// purpose or not, and a model reads through them. Shorter words would meet too many real
/// words, and in languages that inflect (Turkish, Polish...) one letter changes the meaning.
const TYPO_TOLERANT_CHARS: usize = 8;

/// True when `unit` is `word` with one letter added, left out or changed, and `word` is long
/// enough for that to be a typo rather than another word.
fn one_typo_apart(word: &str, unit: &str) -> bool {
    let (word_chars, unit_chars) = (word.chars().count(), unit.chars().count());
    if word_chars < TYPO_TOLERANT_CHARS || word_chars.abs_diff(unit_chars) > 1 {
        return false;
    }
    // Compared as UTF-8 without collecting characters: equal character sequences are equal
    // bytes, and the first character that differs starts at the same byte in both.
    let head = word
        .char_indices()
        .zip(unit.chars())
        .find(|((_, a), b)| a != b)
        .map(|((i, _), _)| i);
    let (short, long) = if word_chars <= unit_chars {
        (word, unit)
    } else {
        (unit, word)
    };
    // Past the first difference (or the end of the shorter, for an added last letter).
    let head = head.unwrap_or(short.len());
    let after_one = |text| past_one_char(text, head);
    if word_chars == unit_chars {
        // One letter changed: the rest after it is equal.
        head < word.len() && after_one(word) == after_one(unit)
    } else {
        // One letter added: dropping it from the longer word gives the shorter.
        after_one(long) == Some(&short[head..])
    }
}

/// `text` from the character after the one at byte `at`, if there is one.
fn past_one_char(text: &str, at: usize) -> Option<&str> {
    let rest = &text[at..];
    rest.chars().next().map(|c| &rest[c.len_utf8()..])
}

/// One alternative: the units it covers, in a row.
type Alternative = Vec<Token>;

#[derive(Debug)]
enum Slot {
    Units {
        alternatives: Vec<Alternative>,
        firsts: Firsts,
        optional: bool,
    },
    Gap(usize),
    Not {
        alternatives: Vec<Alternative>,
        firsts: Firsts,
    },
    Colon,
    Start,
    /// `"`: a string set apart in quotation marks (or single quotes), the canary a planted
    /// text asks to see repeated; its words are anything.
    Quoted,
}

/// The numbers of the words a slot's alternatives start with, sorted, when each starts
/// with an exact word: most units (words of no pattern) are turned away by one search
/// before any alternative is tried, where a slot after a gap is tried at each unit.
#[derive(Debug)]
struct Firsts(Option<Vec<u32>>);

impl Firsts {
    fn of(alternatives: &[Alternative]) -> Self {
        let numbers: Option<Vec<u32>> = alternatives
            .iter()
            .map(|alternative| match alternative.first()? {
                Token::Exact { number, .. } => Some(*number),
                Token::Tolerant { .. } | Token::Prefix(_) => None,
            })
            .collect();
        Self(numbers.map(|mut numbers| {
            numbers.sort_unstable();
            numbers.dedup();
            numbers
        }))
    }

    /// False when no alternative can fit at unit `at` (true when it cannot tell).
    fn may_fit(&self, stream: &Stream, at: usize) -> bool {
        self.0.as_ref().is_none_or(|numbers| {
            stream
                .numbers
                .get(at)
                .is_some_and(|number| numbers.binary_search(number).is_ok())
        })
    }
}

/// The alternatives of a slot that fit at unit `at`, each as the index past it, in order.
fn fitting<'a>(
    alternatives: &'a [Alternative],
    firsts: &Firsts,
    stream: &'a Stream,
    at: usize,
) -> impl Iterator<Item = usize> + 'a {
    let alternatives = if firsts.may_fit(stream, at) {
        alternatives
    } else {
        &[]
    };
    alternatives.iter().filter_map(move |a| fits(a, stream, at))
}

/// A pattern of the table, compiled for its stream.
#[derive(Debug)]
pub(super) struct Compiled {
    pub(super) family: usize,
    pub(super) lang: Lang,
    slots: Vec<Slot>,
}

fn alternatives(
    source: &str,
    unspaced: bool,
    tolerant: bool,
    vocabulary: &mut Vocabulary,
) -> Vec<Alternative> {
    source
        .split('|')
        .map(|alternative| {
            if unspaced {
                // The stream's units are single characters; `+` joins nothing there.
                alternative
                    .chars()
                    .filter(|c| *c != '+')
                    .map(|c| {
                        let text = c.to_string();
                        let number = vocabulary.number(&text);
                        Token::Exact { text, number }
                    })
                    .collect()
            } else {
                alternative
                    .split('+')
                    .map(|word| match word.strip_suffix('*') {
                        Some(stem) => Token::Prefix(stem.to_owned()),
                        None if tolerant && word.chars().count() >= TYPO_TOLERANT_CHARS => {
                            Token::Tolerant {
                                text: word.to_owned(),
                                number: vocabulary.number(word),
                                chars: word.chars().count(),
                            }
                        }
                        None => Token::Exact {
                            text: word.to_owned(),
                            number: vocabulary.number(word),
                        },
                    })
                    .collect()
            }
        })
        .collect()
}

impl Compiled {
    /// Compiles a pattern of the table, numbering its words in `vocabulary`.
    ///
    /// # Panics
    ///
    /// When the pattern does not start with a required slot of words (after `^`), which the
    /// index needs; the table's tests compile every pattern.
    pub(super) fn new(
        family: usize,
        lang: Lang,
        source: &str,
        vocabulary: &mut Vocabulary,
    ) -> Self {
        let unspaced = lang.unspaced();
        let tolerant = lang == Lang::En;
        let slots: Vec<Slot> = source
            .split_whitespace()
            .map(|slot| {
                if slot == "^" {
                    Slot::Start
                } else if slot == ":" {
                    Slot::Colon
                } else if slot == "\"" {
                    Slot::Quoted
                } else if let Some(n) = slot.strip_prefix('~').and_then(|n| n.parse().ok()) {
                    Slot::Gap(n)
                } else if let Some(not) = slot.strip_prefix('!') {
                    let alternatives = alternatives(not, unspaced, false, vocabulary);
                    Slot::Not {
                        firsts: Firsts::of(&alternatives),
                        alternatives,
                    }
                } else if let Some(inner) = slot.strip_prefix('[').and_then(|s| s.strip_suffix(']'))
                {
                    let alternatives = alternatives(inner, unspaced, tolerant, vocabulary);
                    Slot::Units {
                        firsts: Firsts::of(&alternatives),
                        alternatives,
                        optional: true,
                    }
                } else {
                    let alternatives = alternatives(slot, unspaced, tolerant, vocabulary);
                    Slot::Units {
                        firsts: Firsts::of(&alternatives),
                        alternatives,
                        optional: false,
                    }
                }
            })
            .collect();
        let compiled = Self {
            family,
            lang,
            slots,
        };
        assert!(
            compiled.first_chars().next().is_some(),
            "phrase family {} ({}): {source:?} must start with a required slot of words",
            family + 1,
            lang.code()
        );
        compiled
    }

    /// The first slot of words (after `^`), with the numbers of its first words.
    fn leading(&self) -> Option<(&[Alternative], &Firsts)> {
        let first = match self.slots.first()? {
            Slot::Start => self.slots.get(1)?,
            other => other,
        };
        match first {
            Slot::Units {
                alternatives,
                firsts,
                optional: false,
            } => Some((alternatives, firsts)),
            _ => None,
        }
    }

    /// The characters a match can start with.
    fn first_chars(&self) -> impl Iterator<Item = char> + '_ {
        self.leading()
            .into_iter()
            .flat_map(|(alternatives, _)| alternatives)
            .filter_map(|alternative| alternative.first()?.first_char())
    }

    /// The keys under which the index files the pattern: one or more for each alternative
    /// of its first slot. A unit that has none of them cannot start a match.
    pub(super) fn start_keys(&self) -> Vec<StartKey> {
        self.leading()
            .into_iter()
            .flat_map(|(alternatives, _)| alternatives)
            .filter_map(|alternative| alternative.first())
            .flat_map(Token::start_keys)
            .collect()
    }

    /// Where a match starting at unit `at` ends (the index past it), if there is one.
    pub(super) fn match_at(&self, stream: &Stream, at: usize) -> Option<usize> {
        match_slots(&self.slots, stream, at).filter(|past| *past > at)
    }

    /// Each alternative of each slot, as text that slot alone would match (for the test that
    /// builds a sentence per alternative); gaps and look-aheads give nothing.
    #[cfg(test)]
    pub(super) fn slot_choices(&self) -> Vec<Vec<String>> {
        let joiner = if self.lang.unspaced() { "" } else { " " };
        self.slots
            .iter()
            .map(|slot| match slot {
                Slot::Units { alternatives, .. } => alternatives
                    .iter()
                    .map(|alternative| {
                        alternative
                            .iter()
                            .map(|token| match token {
                                Token::Exact { text, .. } | Token::Tolerant { text, .. } => {
                                    text.clone()
                                }
                                Token::Prefix(stem) => format!("{stem}x"),
                            })
                            .collect::<Vec<_>>()
                            .join(joiner)
                    })
                    .collect(),
                Slot::Colon => vec![":".to_owned()],
                Slot::Quoted => vec!["\"x\"".to_owned()],
                Slot::Gap(_) | Slot::Not { .. } | Slot::Start => vec![String::new()],
            })
            .collect()
    }

    /// The literal words of the pattern (alternatives' tokens), to check they are folded.
    #[cfg(test)]
    pub(super) fn literals(&self) -> Vec<String> {
        self.slots
            .iter()
            .flat_map(|slot| match slot {
                Slot::Units { alternatives, .. } | Slot::Not { alternatives, .. } => {
                    alternatives.iter().flatten().collect()
                }
                _ => Vec::new(),
            })
            .map(|token| token.text().to_owned())
            .collect()
    }
}

/// The end of `alternative` placed at unit `at`, if it fits there.
fn fits(alternative: &[Token], stream: &Stream, at: usize) -> Option<usize> {
    let end = at + alternative.len();
    (end <= stream.len()
        && alternative
            .iter()
            .enumerate()
            .all(|(k, token)| token.accepts(stream, at + k)))
    .then_some(end)
}

fn match_slots(slots: &[Slot], stream: &Stream, at: usize) -> Option<usize> {
    let Some((slot, rest)) = slots.split_first() else {
        return Some(at);
    };
    match slot {
        Slot::Start => stream
            .starts_sentence(at)
            .then(|| match_slots(rest, stream, at))
            .flatten(),
        Slot::Colon => (at > 0 && stream.colon_after(at - 1))
            .then(|| match_slots(rest, stream, at))
            .flatten(),
        Slot::Not {
            alternatives,
            firsts,
        } => {
            if fitting(alternatives, firsts, stream, at).next().is_some() {
                None
            } else {
                match_slots(rest, stream, at)
            }
        }
        Slot::Quoted => stream
            .quoted_run(at)
            .and_then(|past| match_slots(rest, stream, past)),
        Slot::Gap(most) => (0..=*most)
            .take_while(|skip| at + skip <= stream.len())
            .find_map(|skip| match_slots(rest, stream, at + skip)),
        Slot::Units {
            alternatives,
            firsts,
            optional,
        } => fitting(alternatives, firsts, stream, at)
            .find_map(|end| match_slots(rest, stream, end))
            .or_else(|| optional.then(|| match_slots(rest, stream, at)).flatten()),
    }
}

/// The units a pattern runs over, kept in one string: words, or letters and digits one by
/// one; each with its place in the folded text.
#[derive(Debug)]
pub(super) struct Stream<'f> {
    folded: &'f Folded,
    text: String,
    /// Byte range of each unit in `text`.
    bounds: Vec<(usize, usize)>,
    /// Character range of each unit in the folded text.
    places: Vec<(usize, usize)>,
    /// Each unit's number in the table's [`Vocabulary`] ([`UNKNOWN`] for most).
    numbers: Vec<u32>,
    /// Each unit's length in characters.
    chars: Vec<usize>,
    joiner: &'static str,
}

impl<'f> Stream<'f> {
    fn empty(folded: &'f Folded, joiner: &'static str) -> Self {
        Self {
            folded,
            text: String::new(),
            bounds: Vec::new(),
            places: Vec::new(),
            numbers: Vec::new(),
            chars: Vec::new(),
            joiner,
        }
    }

    /// Numbers and measures the units, once they are all in.
    fn finish(mut self, vocabulary: &Vocabulary) -> Self {
        let (numbers, chars) = (0..self.len())
            .map(|at| {
                let unit = self.unit(at);
                (vocabulary.lookup(unit), unit.chars().count())
            })
            .unzip();
        (self.numbers, self.chars) = (numbers, chars);
        self
    }

    fn push(&mut self, unit: impl Iterator<Item = char>, place: (usize, usize)) {
        let from = self.text.len();
        self.text.extend(unit);
        self.bounds.push((from, self.text.len()));
        self.places.push(place);
    }

    /// The words of the text. A dotted capital I (`İ`, Turkish, or put in an English word to
    /// split it) lowercases to `i` and a combining dot, which is no letter and would cut
    /// the word in two: the two halves are read as one word, without the dot.
    pub(super) fn of_words(folded: &'f Folded, words: &[Word], vocabulary: &Vocabulary) -> Self {
        let mut stream = Self::empty(folded, " ");
        for word in words {
            let end = word.start + word.text.chars().count();
            let joins_previous = word.start > 0
                && folded.chars[word.start - 1] == COMBINING_DOT_ABOVE
                && stream
                    .places
                    .last()
                    .is_some_and(|(_, e)| *e == word.start - 1)
                && stream.text.ends_with('i');
            if joins_previous {
                stream.text.push_str(&word.text);
                let last = stream.len() - 1;
                stream.bounds[last].1 = stream.text.len();
                stream.places[last].1 = end;
            } else {
                stream.push(word.text.chars(), (word.start, end));
            }
        }
        stream.finish(vocabulary)
    }

    /// The letters and digits of the text, one unit each; empty when `wanted` is false for
    /// every character (a text with nothing the stream's patterns are written for).
    pub(super) fn of_chars(
        folded: &'f Folded,
        wanted: impl Fn(char) -> bool,
        vocabulary: &Vocabulary,
    ) -> Self {
        let mut stream = Self::empty(folded, "");
        if !folded.chars.iter().any(|c| wanted(*c)) {
            return stream;
        }
        for (i, c) in folded.chars.iter().enumerate() {
            if c.is_alphanumeric() {
                stream.push(std::iter::once(*c), (i, i + 1));
            }
        }
        stream.finish(vocabulary)
    }

    pub(super) fn len(&self) -> usize {
        self.bounds.len()
    }

    fn unit(&self, at: usize) -> &str {
        let (from, to) = self.bounds[at];
        &self.text[from..to]
    }

    /// The number of unit `at` in the table's [`Vocabulary`] (`None` when it is no word of
    /// the table).
    pub(super) fn number(&self, at: usize) -> Option<u32> {
        Some(self.numbers[at]).filter(|number| *number != UNKNOWN)
    }

    /// The keys of unit `at` that the index looks patterns up by ([`Token::start_keys`]
    /// gives the patterns'): its number, and its first letters for stems and typos.
    pub(super) fn start_keys(&self, at: usize) -> impl Iterator<Item = StartKey> {
        let mut letters = self.unit(at).chars();
        let (first, second) = (letters.next(), letters.next());
        let word = self.number(at).map(StartKey::Word);
        let typo = first.map(|c| StartKey::Typo(c, self.chars[at]));
        let stems = first.into_iter().flat_map(move |c| {
            [StartKey::Stem(c, None)]
                .into_iter()
                .chain(second.map(|d| StartKey::Stem(c, Some(d))))
        });
        word.into_iter().chain(typo).chain(stems)
    }

    /// Where unit `at` starts in the folded text.
    pub(super) fn folded_start(&self, at: usize) -> usize {
        self.places[at].0
    }

    /// True when unit `at` starts the text, a line or a sentence: nothing but spaces before
    /// it since a line break or a `.`, `!`, `?` or `;`. Card text is usually one field's
    /// sentences run together, and an order reads the same at the start of any of them.
    fn starts_sentence(&self, at: usize) -> bool {
        let start = self.places[at].0;
        self.folded.chars[..start]
            .iter()
            .rev()
            .find(|c| *c != &' ' && *c != &'\t')
            .is_none_or(|c| matches!(c, '\n' | '.' | '!' | '?' | ';' | '。'))
    }

    /// True when the first character after unit `at` that is not a space is a colon.
    fn colon_after(&self, at: usize) -> bool {
        self.folded.chars[self.places[at].1..]
            .iter()
            .find(|c| !c.is_whitespace())
            .is_some_and(|c| *c == ':')
    }

    /// Where the string set apart that starts at unit `at` ends (the index past it): units in
    /// the quotation marks the folded text knows, or between single quotes (`'x'`, `‘x’`),
    /// which it leaves to apostrophes; at most [`MAX_QUOTED_UNITS`] units.
    fn quoted_run(&self, at: usize) -> Option<usize> {
        let chars = &self.folded.chars;
        let (start, _) = *self.places.get(at)?;
        let last = (at + MAX_QUOTED_UNITS).min(self.len());
        if self.folded.quoted[start] {
            let past = (at..last)
                .find(|&k| !self.folded.quoted[self.places[k].0])
                .unwrap_or(last);
            return Some(past);
        }
        // An opening single quote is not an apostrophe: no letter before it ("don't").
        let opens = start > 0
            && matches!(chars[start - 1], '\'' | '‘')
            && (start < 2 || !chars[start - 2].is_alphanumeric());
        if !opens {
            return None;
        }
        (at..last)
            .take_while(|&k| {
                k == at || !chars[self.places[k - 1].1..self.places[k].0].contains(&'\n')
            })
            .find(|&k| {
                let end = self.places[k].1;
                chars.get(end).is_some_and(|c| matches!(c, '\'' | '’'))
                    && chars.get(end + 1).is_none_or(|c| !c.is_alphanumeric())
            })
            .map(|k| k + 1)
    }

    /// The units `from..past`, as the message shows them.
    pub(super) fn text(&self, from: usize, past: usize) -> String {
        (from..past)
            .map(|at| self.unit(at))
            .collect::<Vec<_>>()
            .join(self.joiner)
    }
}

#[cfg(test)]
mod tests {
    use super::one_typo_apart;

    #[test]
    fn a_long_word_matches_one_typo_away_and_no_further() {
        for typo in [
            "iunstructions", // a letter added
            "instructons",   // one left out
            "instrwctions",  // one changed
            "xinstructions", // added first
            "instructionsx", // added last
            "nstructions",   // first left out
            "instruction",   // last left out
        ] {
            assert!(one_typo_apart("instructions", typo), "{typo}");
        }
        for other in [
            "instructions", // the same word is matched as it is, not as a typo
            "iunstructons", // two typos
            "instrucXions2",
            "constructions", // two letters changed
            "instruct",
        ] {
            assert!(!one_typo_apart("instructions", other), "{other}");
        }
        // Below eight letters a typo is too often another word.
        assert!(!one_typo_apart("ignore", "ignora"));
        assert!(!one_typo_apart("previou", "previous"));
        assert!(one_typo_apart("previous", "previouz"));
    }
}
