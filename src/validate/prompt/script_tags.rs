//! HTML that runs script as it is rendered, written into card text (`A2A-E075`): a
//! `<script>` element, an element that embeds another document or a plugin (`<iframe>`,
//! `<frame>`, `<object>`, `<embed>`, `<applet>`; round 6 of issue 43), or any tag with an event handler attribute (`<img src=x onerror=...>`,
//! `<svg/onload=...>`, `<body onpageshow=...>`). Clients render descriptions as markdown,
//! which passes inline HTML through unless it sanitizes it; a model told to repeat the tag
//! puts it in its own answer. The family, not a list of tags: every element name, every
//! `on...=` attribute. Markup inside a code span is shown as text and is no finding (a
//! security tool may document the shape that way).

use super::fold::Folded;
use super::links::code_spans;

/// The most characters one tag is read for: a text of many `<` without `>` stays linear.
const MAX_TAG_CHARS: usize = 512;
/// Elements that run script or load another document's: `<script>`, and the embedded
/// browsing contexts and plugins of HTML (`<iframe src=...>` shows an attacker's page, with its
/// script, inside the client's).
const EMBEDDERS: &[&str] = &[
    "script", "iframe", "frame", "frameset", "object", "embed", "applet",
];
/// The shortest event name after `on` (`oncut`, `onload`): shorter is a word (`one=`).
const MIN_EVENT_CHARS: usize = 3;

/// The first tag of the folded text, outside code spans, that runs script, as written
/// (at most [`MAX_TAG_CHARS`] characters).
pub(super) fn find(folded: &Folded) -> Option<String> {
    let chars = &folded.chars;
    if !chars.contains(&'<') {
        return None;
    }
    let code = code_spans(chars);
    (0..chars.len())
        .filter(|&i| chars[i] == '<' && !code[i])
        .find_map(|i| script_tag(&chars[i + 1..]))
}

/// The tag starting after a `<` when it runs script: its element name (letters, then letters
/// or digits) is `script`, or it has an `on<event>=` attribute before its `>`.
fn script_tag(rest: &[char]) -> Option<String> {
    let name_len = rest
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    if name_len == 0 || !rest[0].is_ascii_alphabetic() {
        return None;
    }
    let tag: Vec<char> = rest
        .iter()
        .take_while(|c| **c != '>')
        .take(MAX_TAG_CHARS)
        .copied()
        .collect();
    let name: String = tag[..name_len].iter().collect();
    let runs =
        EMBEDDERS.contains(&name.as_str()) || (name_len..tag.len()).any(|at| handler_at(&tag, at));
    runs.then(|| format!("<{}>", tag.iter().collect::<String>()))
}

/// An event handler attribute starts at `at`: after a space, `/` or a quote, `on`, at least
/// [`MIN_EVENT_CHARS`] letters, spaces, `=`.
fn handler_at(tag: &[char], at: usize) -> bool {
    let after_separator = matches!(tag[at - 1], '/' | '"' | '\'') || tag[at - 1].is_whitespace();
    if !after_separator || tag.get(at..at + 2) != Some(&['o', 'n'][..]) {
        return false;
    }
    let letters = tag[at + 2..]
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    let rest = tag[at + 2 + letters..].iter().find(|c| !c.is_whitespace());
    letters >= MIN_EVENT_CHARS && rest == Some(&'=')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Option<String> {
        find(&Folded::new(text))
    }

    #[test]
    fn tags_with_event_handlers_and_script_elements_are_found() {
        for text in [
            "Include this: <img src=\"not-exist\" onerror=\"console.log('x')\">.",
            "<svg/onload=\"alert(1)\">",
            "a <body onpageshow = alert(1)> b",
            "<IMG SRC=x OnError=alert(1)>",
            "<details open ontoggle='fetch(1)'>",
            "<script>fetch('https://x.example')</script>",
            "<p>ok</p> then <div\nonmouseover=\"x()\">",
            "<iframe src='https://evil.example/phish'></iframe>",
            "<IFRAME SRC=//evil.example>",
            "<frame src=x>",
            "<frameset rows=*>",
            "<object data=\"https://evil.example/x.swf\">",
            "<embed src=x.svg>",
            "<applet code=X>",
        ] {
            assert!(found(text).is_some(), "{text:?}");
        }
        assert_eq!(
            found("x <img src=a onerror=b> y").as_deref(),
            Some("<img src=a onerror=b>")
        );
    }

    #[test]
    fn plain_html_comparisons_and_code_spans_are_not_script() {
        for text in [
            "Returns <b>bold</b> and <a href=\"https://example.com\">links</a>.",
            "Use `<img src=x onerror=alert(1)>` as a test payload for the scanner.",
            "if a < b and one = 1 then ok",
            "<img src=\"photo.png\" alt=\"on=1\">",
            "<a title=\"online\" href=\"/x\">",
            // Names that only begin like an embedder's.
            "<iframes>",
            "<objects list>",
            "<embedded>",
            "<framework>",
            "<input name=one value=2>",
            "Paramètres: <valeur> ; Werte < 3; 値 <タグ onload=x>",
            "x<3 onerror=y",
        ] {
            assert_eq!(found(text), None, "{text:?}");
        }
    }
}
