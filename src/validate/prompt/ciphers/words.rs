//! The word walk the letter codes share: a text cut into its words (runs of the characters a
//! code reads) and the characters between them, so that each code says only what it does
//! to one word.

/// One piece of a text: a word, with the index of its first character, or one character
/// between words.
pub(super) enum Piece<'a> {
    Word { at: usize, word: &'a [char] },
    Between(char),
}

/// The pieces of `chars`, in order; a word is a longest run of characters `is_word` accepts.
pub(super) fn pieces(chars: &[char], is_word: fn(char) -> bool) -> impl Iterator<Item = Piece<'_>> {
    let mut i = 0;
    std::iter::from_fn(move || {
        let first = chars.get(i)?;
        if !is_word(*first) {
            i += 1;
            return Some(Piece::Between(*first));
        }
        let at = i;
        let len = chars[at..].iter().take_while(|c| is_word(**c)).count();
        i += len;
        Some(Piece::Word {
            at,
            word: &chars[at..at + len],
        })
    })
}

/// `chars` with each word that `rewrite` writes (it returns true) as it wrote it, and the
/// rest as it was; `None` when no word is rewritten. `rewrite` gets the word's first index
/// and the word, and writes nothing when it returns false.
pub(super) fn rewrite_words(
    chars: &[char],
    is_word: fn(char) -> bool,
    mut rewrite: impl FnMut(usize, &[char], &mut String) -> bool,
) -> Option<String> {
    let mut out = String::with_capacity(chars.len());
    let mut changed = false;
    for piece in pieces(chars, is_word) {
        match piece {
            Piece::Between(c) => out.push(c),
            Piece::Word { at, word } => {
                if rewrite(at, word, &mut out) {
                    changed = true;
                } else {
                    out.extend(word);
                }
            }
        }
    }
    changed.then_some(out)
}
