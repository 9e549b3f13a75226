//! Script and data URLs where a URL is expected (`A2A-E075`): a `javascript:` or `vbscript:`
//! link runs code where a client renders it, and a `data:` URL carries a document of its own
//! instead of pointing at one. Browsers strip tabs and newlines anywhere in a URL and leading
//! spaces and control characters, and compare schemes without case, so this does too.

use crate::diagnostic::{Code, Diagnostic, shown};

/// The schemes refused, as written in messages.
const SCRIPT_SCHEMES: &[&str] = &["javascript", "vbscript", "data"];

/// What a URL field may hold besides an ordinary URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UrlField {
    /// A link or an endpoint: no script or data URL.
    Link,
    /// An icon or logo: an inline raster image (`data:image/png;base64,...`) is fine; SVG is
    /// not, since an SVG document can carry script.
    Image,
}

/// The scheme of `url` when it is one of [`SCRIPT_SCHEMES`], read as a browser reads it.
fn script_scheme(url: &str) -> Option<&'static str> {
    let cleaned: String = url
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .take(16)
        .collect();
    let (scheme, _) = cleaned.split_once(':')?;
    SCRIPT_SCHEMES
        .iter()
        .copied()
        .find(|s| s.eq_ignore_ascii_case(scheme))
}

/// True for a `data:` URL of a raster image (`image/...`, SVG excepted). Read as browsers
/// read it: tabs and newlines anywhere dropped, so `data:image/s\nvg+xml` is SVG.
fn is_inline_raster_image(url: &str) -> bool {
    let cleaned: String = url
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some((_, rest)) = cleaned.trim_start().split_once(':') else {
        return false;
    };
    let media_type = rest
        .split([',', ';'])
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    media_type
        .strip_prefix("image/")
        .is_some_and(|sub| !sub.is_empty() && !sub.starts_with("svg"))
}

/// An `A2A-E075` for `url` at `pointer` when it is a script or data URL the field does not
/// allow; `None` otherwise (other rules judge the URL's form).
pub(crate) fn script_url(url: &str, pointer: &str, field: UrlField) -> Option<Diagnostic> {
    let scheme = script_scheme(url)?;
    if scheme == "data" && field == UrlField::Image && is_inline_raster_image(url) {
        return None;
    }
    let what = match scheme {
        "data" => {
            "a data: URL carries a document of its own (which a client may render or \
                   run) instead of pointing at one"
        }
        _ => "a script URL runs code wherever a client renders the link",
    };
    let allowed = match field {
        UrlField::Image => {
            "; an icon may be an https:// URL or a data:image/png (jpeg, gif, \
                            webp) URL"
        }
        UrlField::Link => "",
    };
    Some(Diagnostic::new(
        Code::ScriptUrl,
        pointer,
        format!(
            "{} is a {scheme}: URL where a URL to fetch or open is expected: {what}; use an \
             https:// URL{allowed}",
            shown(url)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(url: &str, field: UrlField) -> bool {
        script_url(url, "/documentationUrl", field).is_some()
    }

    #[test]
    fn every_script_scheme_is_refused_however_it_is_written() {
        for url in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "JAVASCRIPT:alert(1)",
            " javascript:alert(1)",
            "\u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "java\rscript:alert(1)",
            "vbscript:msgbox(1)",
            "VBScript:msgbox(1)",
            "data:text/html,<script>alert(1)</script>",
            "DATA:text/html;base64,PHNjcmlwdD4=",
        ] {
            assert!(refused(url, UrlField::Link), "{url:?}");
            assert!(refused(url, UrlField::Image), "{url:?}");
        }
    }

    #[test]
    fn near_misses_are_left_to_the_other_url_rules() {
        for url in [
            "https://agent.example.com/javascript:docs",
            "https://example.com/?next=javascript:x",
            "javascripts://example.com/",
            "java script:alert(1)", // a space inside the scheme: not a scheme browsers read
            "datax:foo",
            "https://data.example.com/",
            "",
        ] {
            assert!(!refused(url, UrlField::Link), "{url:?}");
        }
    }

    #[test]
    fn icons_may_be_inline_raster_images_but_not_svg_or_documents() {
        for url in [
            "data:image/png;base64,iVBORw0KGgo=",
            "data:image/jpeg;base64,/9j/4AAQ",
            "data:IMAGE/GIF;base64,R0lGOD",
            "data:image/webp,xyz",
            "data:image/pn\tg;base64,iVBORw0KGgo=", // still PNG once the tab is dropped
        ] {
            assert!(!refused(url, UrlField::Image), "{url:?}");
            assert!(refused(url, UrlField::Link), "{url:?}");
        }
        for url in [
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:image/svg+xml,<svg onload=alert(1)>",
            "data:text/html;base64,PGh0bWw+",
            "data:image/;base64,AAAA",
            "data:,hello",
            "data:image/svg\t+xml;base64,PHN2Zz4=", // browsers drop the tab: SVG
            "data:image/s\nvg+xml;base64,PHN2Zz4=",
            "data:image/svg+x\r\nml,<svg>",
            "data:ima\tge/svg+xml,<svg>",
        ] {
            assert!(refused(url, UrlField::Image), "{url:?}");
        }
    }

    #[test]
    fn the_message_names_the_scheme_and_the_way_out() {
        let d = script_url("javascript:alert(1)", "/provider/url", UrlField::Link).unwrap();
        assert_eq!(d.code, Code::ScriptUrl);
        assert_eq!(d.pointer, "/provider/url");
        assert!(d.message.contains("javascript: URL"), "{}", d.message);
        assert!(d.message.contains("use an https:// URL"), "{}", d.message);
    }
}
