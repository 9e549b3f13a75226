//! Credentials for the audit written as header lines (`Name: value`), as `--header`,
//! `--header-file` and `--header-env` give them. Values are marked sensitive (never logged by
//! hyper) and no error repeats the text, which holds a secret.

use http::{HeaderMap, HeaderName, HeaderValue};

/// A header line that cannot be used; the message names where it came from, never its text.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(super) struct HeaderLineError(String);

/// `Name: value` into a header; `source` says where it came from (`a --header`, `line 3 of
/// --header-file F`) for the error.
pub(super) fn header_from_line(
    text: &str,
    source: &str,
) -> Result<(HeaderName, HeaderValue), HeaderLineError> {
    let failed = HeaderLineError;
    let (name, value) = text.split_once(':').ok_or_else(|| {
        failed(format!(
            "{source} is not of the form `Name: value` (no colon)"
        ))
    })?;
    let name = HeaderName::from_bytes(name.trim().as_bytes())
        .map_err(|_| failed(format!("{source} has a name that is not a header name")))?;
    let mut value = HeaderValue::from_str(value.trim()).map_err(|_| {
        failed(format!(
            "the value of {name} in {source} has characters a header cannot carry"
        ))
    })?;
    value.set_sensitive(true);
    Ok((name, value))
}

/// Every header of a text of header lines, one per line (blank lines, `#` comments and a
/// trailing `\r` skipped), appended to `headers`; `source` names the text in errors.
pub(super) fn headers_from_lines(
    text: &str,
    source: &str,
    headers: &mut HeaderMap,
) -> Result<(), HeaderLineError> {
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = header_from_line(line, &format!("line {} of {source}", number + 1))?;
        headers.append(name, value);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_line_gives_a_sensitive_header_and_errors_never_repeat_it() {
        let (name, value) = header_from_line("X-API-Key: s3cret", "a --header").unwrap();
        assert_eq!((name.as_str(), value.is_sensitive()), ("x-api-key", true));
        let err = header_from_line("s3cret", "a --header").unwrap_err();
        assert!(!err.to_string().contains("s3cret"));
    }

    #[test]
    fn header_lines_append_to_the_map() {
        let mut headers = HeaderMap::new();
        headers_from_lines(
            "# ours\nX-API-Key: k1\r\n\n",
            "--header-file h",
            &mut headers,
        )
        .unwrap();
        assert_eq!(headers["x-api-key"], "k1");
    }

    #[test]
    fn header_arguments_need_a_name_and_a_value() {
        let (name, value) = header_from_line("X-API-Key: s3cret ", "a --header").unwrap();
        assert_eq!(name, "x-api-key");
        assert_eq!(value, "s3cret");
        assert!(value.is_sensitive());
        assert!(header_from_line("no colon", "a --header").is_err());
        assert!(header_from_line("bad name: v", "a --header").is_err());
        assert!(header_from_line("X: a\u{7}b", "a --header").is_err());
    }

    #[test]
    fn header_lines_skip_blanks_and_comments_and_name_the_line() {
        let mut headers = HeaderMap::new();
        let text = "# the agent's key\r\nX-API-Key: s3cret\r\n\n  Authorization: Bearer t0k\n";
        headers_from_lines(text, "--header-file f", &mut headers).unwrap();
        assert_eq!(headers.len(), 2);
        assert!(headers.values().all(HeaderValue::is_sensitive));
        let error = headers_from_lines("X: 1\nno colon s3cret", "--header-env V", &mut headers)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2 of --header-env V is not of the form `Name: value` (no colon)"
        );
    }
}
