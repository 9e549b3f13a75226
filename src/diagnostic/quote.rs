//! Quoting a value from a document in a message.

use super::secret_kind;

/// A value from the document, quoted for a message: control characters escaped, long values
/// cut, and anything that looks like a credential withheld, so messages never leak secrets.
pub(crate) fn shown(text: &str) -> String {
    const MAX_CHARS: usize = 60;
    if secret_kind(None, text).is_some() {
        return "the value (withheld: it looks like a credential)".to_owned();
    }
    if text.chars().count() > MAX_CHARS {
        let cut: String = text.chars().take(MAX_CHARS).collect();
        format!("{:?}...", cut)
    } else {
        format!("{text:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn long_values_are_cut_in_messages() {
        let long = "x".repeat(500);
        assert!(shown(&long).len() < 80);
        assert_eq!(shown("text"), "\"text\"");
        assert_eq!(shown("a\nb"), "\"a\\nb\"");
    }
}
