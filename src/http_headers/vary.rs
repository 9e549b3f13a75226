//! `Vary` (RFC 9110 §12.5.5): one header naming every request header that chose an answer,
//! so a cache never has to merge lines.

use http::HeaderValue;

/// Every list the card layer sends without trusted proxies, as static values: answers clone
/// them, and a static value's clone touches no reference count, and building one makes no
/// string (this runs per request on the legacy path and for a 412).
const USUAL: [&str; 7] = [
    "A2A-Version",
    "Origin",
    "A2A-Version, Origin",
    "Accept-Encoding",
    "A2A-Version, Accept-Encoding",
    "Origin, Accept-Encoding",
    "A2A-Version, Origin, Accept-Encoding",
];

/// `Vary` naming, in their order, the names switched on (`(true, name)`), or `None` when none
/// is (or when a name cannot be in a header: the caller decides what to send then).
pub(crate) fn vary(names: &[(bool, &str)]) -> Option<HeaderValue> {
    let on = || names.iter().filter(|(on, _)| *on).map(|(_, name)| *name);
    on().next()?;
    if let Some(usual) = USUAL.iter().find(|usual| usual.split(", ").eq(on())) {
        return Some(HeaderValue::from_static(usual));
    }
    let list: Vec<&str> = on().collect();
    HeaderValue::from_str(&list.join(", ")).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_switched_on_in_their_order() {
        assert_eq!(vary(&[(false, "A2A-Version"), (false, "Origin")]), None);
        assert_eq!(vary(&[]), None);
        let origin = vary(&[(false, "A2A-Version"), (true, "Origin")]).unwrap();
        assert_eq!(origin, "Origin");
        let all = [
            (true, "A2A-Version"),
            (true, "Origin"),
            (true, "Accept-Encoding"),
        ];
        assert_eq!(vary(&all).unwrap(), "A2A-Version, Origin, Accept-Encoding");
        let forwarded = [(true, "Accept-Encoding"), (true, "X-Forwarded-Host")];
        assert_eq!(
            vary(&forwarded).unwrap(),
            "Accept-Encoding, X-Forwarded-Host"
        );
        assert_eq!(vary(&[(true, "X-Key"), (true, "bad\nname")]), None);
    }
}
