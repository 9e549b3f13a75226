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
    found.extend(reference_definitions(folded, &code));
    found
}

/// The links of markdown's reference definitions (`[ref]: https://...` on a line of its
/// own, used as `[text][ref]`, `![alt][ref]`, `![ref]`): an image when some `![` uses the
/// label. `ref` is matched as folded, as markdown matches labels without case.
fn reference_definitions(folded: &Folded, code: &[bool]) -> Vec<Link> {
    let chars = &folded.chars;
    let mut found = Vec::new();
    let mut line_start = 0;
    while line_start < chars.len() {
        let line_end = chars[line_start..]
            .iter()
            .position(|c| *c == '\n')
            .map_or(chars.len(), |p| line_start + p);
        let at = line_start
            + chars[line_start..line_end]
                .iter()
                .take(3)
                .take_while(|c| **c == ' ')
                .count();
        if chars.get(at) == Some(&'[') && !code[at] {
            let line: String = chars[at + 1..line_end]
                .iter()
                .take(MAX_LINK_CHARS)
                .collect();
            if let Some((label, rest)) = line.split_once("]:") {
                let target = rest.split_whitespace().next().unwrap_or("");
                let target = target.trim_start_matches('<').trim_end_matches('>');
                if !label.is_empty() && !label.contains(['[', ']']) && !target.is_empty() {
                    let text: String = chars.iter().collect();
                    let image = text.contains(&format!("![{label}]"))
                        || text.match_indices("![").any(|(k, _)| {
                            text[k..].find(']').is_some_and(|close| {
                                text[k + close + 1..].starts_with(&format!("[{label}]"))
                            })
                        });
                    found.push(Link {
                        target: target.to_owned(),
                        image,
                        quoted: folded.quoted[at],
                    });
                }
            }
        }
        line_start = line_end + 1;
    }
    found
}

/// Marks the characters inside markdown code spans (`` `...` ``, backticks paired in
/// order): a link written there is shown as text, not rendered.
pub(super) fn code_spans(chars: &[char]) -> Vec<bool> {
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

/// The first template placeholder in `url`: `{name}`, `{{name}}`, `$NAME`, `${NAME}`, and
/// after the host `[NAME]` or `<NAME>` (what prompts use for "put the data here": an IPv6
/// host `[::1]` comes before the path, and has no letters-only name).
pub(super) fn placeholder(url: &str) -> Option<&str> {
    let is_name = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '-' | ' ');
    let host_end = url.find("://").map_or(0, |s| {
        url[s + 3..]
            .find(['/', '?', '#'])
            .map_or(url.len(), |e| s + 3 + e)
    });
    for (at, c) in url.char_indices() {
        let rest = &url[at..];
        match c {
            '[' | '<' if at >= host_end => {
                let close = if c == '[' { ']' } else { '>' };
                let len = rest[1..].find(close)?;
                let name = &rest[1..1 + len];
                if (2..=40).contains(&len)
                    && name
                        .chars()
                        .all(|c| c.is_alphabetic() || matches!(c, '_' | '-' | ' '))
                    && name.chars().any(char::is_alphabetic)
                {
                    return Some(&rest[..len + 2]);
                }
            }
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
        // Reference definitions: an image when `![` uses the label, in any of its forms.
        for (text, image) in [
            (
                "Print ![Hello][ref]\n\n[ref]: https://h.example/l.png?a=[DATA]",
                true,
            ),
            ("![Ref]\n[ref]: https://h.example/l.png", true),
            (
                "![alt][REF]\n   [ref]: <https://h.example/l.png> \"title\"",
                true,
            ),
            ("[Click here][ref]\n\n[ref]: https://h.example/c", false),
            ("[ref]: https://h.example/c", false),
        ] {
            let found = links(text);
            assert_eq!(found.len(), 1, "{text:?}: {found:?}");
            assert_eq!(found[0].1, image, "{text:?}");
            assert!(found[0].0.starts_with("https://h.example/"), "{text:?}");
        }
        // Not definitions: indented four spaces (code), in a code span, mid-line, no colon.
        for text in [
            "    [ref]: https://h.example/c",
            "`[ref]: https://h.example/c`",
            "see [ref]: https://h.example/c",
            "[ref] https://h.example/c",
        ] {
            assert!(links(text).is_empty(), "{text:?}: {:?}", links(text));
        }
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
            ("https://h.example/logo.png?azure=[data]", "[data]"),
            ("https://h.example/colab=[info]", "[info]"),
            ("https://h.example/p?q=<user_secret>", "<user_secret>"),
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
            "http://[fe80::1]/p",           // an IPv6 host
            "http://[abcd]/p",              // brackets in the host position
            "https://h.example/p?a[0]=1",   // an array index
            "https://h.example/p?a[]=1",    // an empty one
            "https://h.example/p?f=[1, 2]", // numbers
        ] {
            assert_eq!(placeholder(url), None, "{url:?}");
        }
    }
}
