//! What `check` reports: findings with a stable code, a severity, and where (a URL, plus a
//! header name or a JSON pointer into the body).

use std::fmt;

use serde::Serialize;

/// How serious a finding is. Errors make `check` exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Level {
    Error,
    Warning,
    /// Something worth knowing that is not wrong.
    Note,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        })
    }
}

macro_rules! checks {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, $level:ident; )*) => {
        /// The stable codes of `check`'s own findings (validation keeps its A2A-E/W codes).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Check {
            $( $(#[$doc])* $variant, )*
        }

        impl Check {
            /// Every code, in order (for the table in the help text and the tests).
            #[cfg(test)]
            pub(crate) const ALL: &'static [Check] = &[$(Check::$variant),*];

            pub(crate) fn as_str(self) -> &'static str {
                match self { $( Check::$variant => $text, )* }
            }

            pub(crate) fn level(self) -> Level {
                match self { $( Check::$variant => Level::$level, )* }
            }
        }
    };
}

checks! {
    /// The card is not served at the canonical path (no 200).
    CardMissing = "A2A-C100", Error;
    /// The body is not JSON or not a card object.
    CardUnreadable = "A2A-C101", Error;
    /// Served as application/json rather than application/a2a+json.
    PlainJsonType = "A2A-C102", Warning;
    /// No Content-Type, or one that is not JSON.
    WrongContentType = "A2A-C103", Error;
    /// No Cache-Control.
    NoCacheControl = "A2A-C104", Warning;
    /// Cache-Control without max-age, or forbidding storage.
    NoMaxAge = "A2A-C105", Warning;
    /// No ETag.
    NoEtag = "A2A-C106", Warning;
    /// Only a weak ETag.
    WeakEtag = "A2A-C107", Warning;
    /// An ETag that is not a quoted entity-tag.
    MalformedEtag = "A2A-C108", Warning;
    /// No Last-Modified (optional, but clients can then only revalidate by ETag).
    NoLastModified = "A2A-C109", Note;
    /// No CORS header for a cross-origin request.
    NoCors = "A2A-C110", Warning;
    /// The request was redirected.
    Redirected = "A2A-C111", Note;
    /// Nothing at the legacy path (clients before v0.3 look there).
    LegacyMissing = "A2A-C112", Warning;
    /// The legacy path serves another card than the canonical path.
    LegacyDiffers = "A2A-C113", Warning;
    /// If-None-Match with the received ETag does not give 304.
    NoNotModified = "A2A-C200", Error;
    /// A 304 without the ETag of the representation.
    NotModifiedWithoutEtag = "A2A-C201", Error;
    /// If-Modified-Since with the received Last-Modified does not give 304.
    NoNotModifiedByDate = "A2A-C202", Warning;
    /// HEAD answers with another status or other headers than GET.
    HeadDiffers = "A2A-C203", Error;
    /// HEAD's answer seems to carry a body.
    HeadWithBody = "A2A-C204", Warning;
    /// An unsupported method is not answered with 405.
    MethodNotRefused = "A2A-C205", Warning;
    /// A 405 without Allow.
    NoAllow = "A2A-C206", Warning;
    /// Keys were given but the card carries no signature.
    Unsigned = "A2A-C300", Error;
    /// No signature verifies with the given keys.
    SignatureInvalid = "A2A-C301", Error;
    /// A signature verifies.
    SignatureVerified = "A2A-C302", Note;
    /// The card is signed; no keys were given to verify it.
    SignatureNotChecked = "A2A-C303", Note;
    /// A key of the --jwks that cannot be used (left out).
    KeyLeftOut = "A2A-C304", Note;
    /// A signature verifies, but the card carries fields no signature covers.
    UnsignedFields = "A2A-C305", Warning;
    /// A declared interface does not answer.
    InterfaceUnreachable = "A2A-C400", Error;
    /// The extended card is handed out without credentials.
    ExtendedCardUnprotected = "A2A-C401", Error;
    /// An unauthenticated extended-card request is not refused with 401 or 403.
    ExtendedNotRefused = "A2A-C402", Error;
    /// A 401 without WWW-Authenticate.
    NoChallenge = "A2A-C403", Warning;
    /// The capability is off but the answer is not UnsupportedOperationError.
    CapabilityOffAnswer = "A2A-C404", Warning;
    /// An interface this command cannot probe (gRPC gets a TCP connect, custom bindings
    /// nothing).
    InterfaceNotProbed = "A2A-C405", Note;
    /// With the given credentials, the extended card is still not returned.
    ExtendedCardRefused = "A2A-C406", Error;
    /// The extended card returned is not JSON or not a card.
    ExtendedCardUnreadable = "A2A-C407", Error;
    /// The extended card may be stored by shared caches.
    ExtendedCardCacheable = "A2A-C408", Warning;
    /// The capability is on but no --header was given, so the extended card was not fetched.
    ExtendedCardNotFetched = "A2A-C409", Note;
    /// An HTTP interface whose URL cannot be used (not absolute http(s), no route).
    InterfaceUrlUnusable = "A2A-C410", Warning;
    /// The --header credentials were withheld from an interface (another origin, or plain
    /// http beyond loopback).
    CredentialsWithheld = "A2A-C411", Note;
    /// A Last-Modified that is not an HTTP date.
    MalformedLastModified = "A2A-C114", Warning;
}

/// Where a finding is: a URL, and in it a header or a JSON pointer into the body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Place {
    pub(crate) url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) header: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pointer: Option<String>,
}

impl Place {
    pub(crate) fn url(url: impl ToString) -> Self {
        Self {
            url: url.to_string(),
            header: None,
            pointer: None,
        }
    }

    pub(crate) fn header(url: impl ToString, name: &str) -> Self {
        Self {
            header: Some(name.to_owned()),
            ..Self::url(url)
        }
    }

    pub(crate) fn pointer(url: impl ToString, pointer: impl Into<String>) -> Self {
        Self {
            pointer: Some(pointer.into()),
            ..Self::url(url)
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)?;
        if let Some(header) = &self.header {
            write!(f, " [{header}]")?;
        }
        if let Some(pointer) = &self.pointer {
            // A fragment names the place in the body, as in `card.json#/skills/0`.
            write!(f, "#{pointer}")?;
        }
        Ok(())
    }
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Finding {
    pub(crate) level: Level,
    pub(crate) code: &'static str,
    #[serde(flatten)]
    pub(crate) place: Place,
    pub(crate) message: String,
}

impl Finding {
    pub(crate) fn new(check: Check, place: Place, message: impl Into<String>) -> Self {
        Self {
            level: check.level(),
            code: check.as_str(),
            place,
            message: message.into(),
        }
    }

    /// A validation diagnostic of a card found at `url`; `prefix` is the pointer of the card
    /// inside the body (`/result` in a JSON-RPC answer, empty otherwise).
    pub(crate) fn from_diagnostic(
        diagnostic: &a2a_card::Diagnostic,
        url: &str,
        prefix: &str,
    ) -> Self {
        Self {
            level: match diagnostic.severity {
                a2a_card::Severity::Error => Level::Error,
                _ => Level::Warning,
            },
            code: diagnostic.code.as_str(),
            place: Place::pointer(url, format!("{prefix}{}", diagnostic.pointer)),
            message: diagnostic.message.clone(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Places and messages quote what servers and cards sent; a control character in any
        // of them must not forge a line.
        let line = format!(
            "{} {} {}: {}",
            self.level, self.code, self.place, self.message
        );
        f.write_str(&escape_controls(&line))
    }
}

/// Control characters as escapes (`\n`, `\u{1b}`), everything else as is.
pub(crate) fn escape_controls(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// A value a server sent, quoted for a message: escaped, and cut after 80 characters.
pub(crate) fn quoted(value: &str) -> String {
    let cut: String = value.chars().take(80).collect();
    if cut.len() < value.len() {
        format!("{cut:?}…")
    } else {
        format!("{cut:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for check in Check::ALL {
            let text = check.as_str();
            assert!(seen.insert(text), "{text} twice");
            assert!(text.starts_with("A2A-C") && text.len() == 8, "{text}");
        }
    }

    #[test]
    fn a_finding_is_one_line_naming_its_place() {
        let finding = Finding::new(
            Check::NoEtag,
            Place::header("http://a.example/.well-known/agent-card.json", "ETag"),
            "none\nerror A2A-C100 forged",
        );
        let line = finding.to_string();
        assert_eq!(line.lines().count(), 1);
        let forged_place = Finding::new(
            Check::InterfaceNotProbed,
            Place::url("x\nerror A2A-C100 forged"),
            "m",
        );
        assert_eq!(forged_place.to_string().lines().count(), 1);
        assert!(line.starts_with(
            "warning A2A-C106 http://a.example/.well-known/agent-card.json [ETag]: none"
        ));
    }

    #[test]
    fn long_values_are_cut_when_quoted() {
        assert_eq!(quoted("a\"b"), "\"a\\\"b\"");
        assert!(quoted(&"x".repeat(200)).ends_with("\"…"));
    }
}
