//! Combining marks stacked on letters (zalgo).

use unicode_normalization::char::decompose_canonical;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

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
pub(super) fn is_diacritic(c: char) -> bool {
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
pub(super) fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || (matches!(c, '\u{c0}'..='\u{24f}' | '\u{1e00}'..='\u{1eff}') && c.is_alphabetic())
}

/// `chars` with the combining marks after Latin letters removed and each Latin letter read as
/// its base letter (`ï̸̢` as `i`); `None` when nothing changes.
pub(super) fn without_stacked_marks(chars: &[char]) -> Option<String> {
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
