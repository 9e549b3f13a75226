//! Diagnostics: what is wrong, where (an RFC 6901 JSON pointer), how bad, and a stable code.

use std::fmt;

mod quote;
mod secrets;

pub(crate) use quote::shown;
pub(crate) use secrets::secret_kind;

use serde::Serialize;

/// How serious a diagnostic is. Errors make a card invalid; warnings are advice.
///
/// ```
/// use a2a_card::Severity;
/// assert!(Severity::Error < Severity::Warning); // errors sort first
/// assert_eq!(Severity::Warning.to_string(), "warning");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The card breaks the specification (or the chosen profile) and must be fixed.
    Error,
    /// The card is valid but has a common mistake or something lost in a conversion.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, $severity:ident; )*) => {
        /// Stable diagnostic codes. The text form (`A2A-E010`) never changes meaning.
        ///
        /// ```
        /// use a2a_card::Code;
        /// assert_eq!(Code::DuplicateSkillId.to_string(), "A2A-E032");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in order.
            ///
            /// ```
            /// assert!(a2a_card::Code::ALL.contains(&a2a_card::Code::MissingField));
            /// ```
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable text form, such as `A2A-E010`.
            ///
            /// ```
            /// assert_eq!(a2a_card::Code::MissingField.as_str(), "A2A-E010");
            /// ```
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $text, )* }
            }

            /// The severity diagnostics with this code carry.
            ///
            /// ```
            /// use a2a_card::{Code, Severity};
            /// assert_eq!(Code::GenericName.severity(), Severity::Warning);
            /// ```
            pub fn severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }
        }
    };
}

codes! {
    /// A value has the wrong JSON type (a number where a string belongs, ...).
    WrongType = "A2A-E002", Error;
    /// The document is JSON but not an object.
    NotAnObject = "A2A-E003", Error;
    /// A REQUIRED field is missing, null or an empty string.
    MissingField = "A2A-E010", Error;
    /// A REQUIRED array is empty; the spec requires at least one element.
    EmptyArray = "A2A-E011", Error;
    /// A security scheme sets no variant, or more than one.
    SchemeVariantCount = "A2A-E020", Error;
    /// OAuth flows set no flow, or more than one.
    OAuthFlowCount = "A2A-E021", Error;
    /// An API key location is not `query`, `header` or `cookie`.
    ApiKeyLocation = "A2A-E022", Error;
    /// A protocol version is not a `Major.Minor` version number.
    ProtocolVersion = "A2A-E030", Error;
    /// A security requirement names a scheme that `securitySchemes` does not declare.
    UndeclaredScheme = "A2A-E031", Error;
    /// Two skills share one id.
    DuplicateSkillId = "A2A-E032", Error;
    /// A URL is not an absolute URL.
    NotAbsoluteUrl = "A2A-E033", Error;
    /// A media type is not `type/subtype`.
    MediaType = "A2A-E034", Error;
    /// `capabilities.extendedAgentCard` is true but the card requires no authentication.
    ExtendedCardWithoutSecurity = "A2A-E035", Error;
    /// A protocol binding is none of JSONRPC, GRPC, HTTP+JSON and not a URI.
    UnknownBinding = "A2A-E036", Error;
    /// The document is larger than the profile allows.
    TooLarge = "A2A-E040", Error;
    /// The profile does not accept this protocol version.
    UnsupportedVersion = "A2A-E041", Error;
    /// An MCP tool spec has no `tools` array.
    McpToolsMissing = "A2A-E050", Error;
    /// An MCP tool's `inputSchema` is not a JSON Schema object of `"type": "object"`.
    McpInputSchema = "A2A-E051", Error;
    /// An MCP tool annotation hint is not a boolean.
    McpAnnotationHint = "A2A-E052", Error;
    /// Two MCP tools share one name.
    McpDuplicateTool = "A2A-E053", Error;
    /// A protocol version carries a patch part; the spec uses `Major.Minor`.
    ProtocolVersionPatch = "A2A-W001", Warning;
    /// The agent name is generic and gives routers nothing to tell it apart.
    GenericName = "A2A-W010", Warning;
    /// A description is shorter than 20 characters.
    ShortDescription = "A2A-W011", Warning;
    /// An interface URL uses plain http://.
    InsecureUrl = "A2A-W012", Warning;
    /// A security scheme is declared but no requirement uses it.
    UnusedScheme = "A2A-W013", Warning;
    /// A value looks like a credential; the card is a public document.
    CredentialInCard = "A2A-W014", Warning;
    /// A deprecated OAuth flow (implicit, password) is declared.
    DeprecatedFlow = "A2A-W015", Warning;
    /// A pre-v1.0 field or spelling appears in a v1.0 card.
    PreV1Field = "A2A-W016", Warning;
    /// A skill has no examples.
    SkillWithoutExamples = "A2A-W017", Warning;
    /// A field is spelled with its proto name (`supported_interfaces`), which ProtoJSON
    /// readers accept but most A2A clients do not.
    ProtoFieldName = "A2A-W018", Warning;
    /// The card is a v0.3 card; it was checked as its v1.0 migration.
    V03Card = "A2A-W020", Warning;
    /// A conversion between v0.3 and v1.0 could not carry something across.
    ConversionLoss = "A2A-W021", Warning;
    /// Signatures were carried across a conversion and no longer match the card.
    StaleSignatures = "A2A-W022", Warning;
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One finding about a document.
///
/// ```
/// use a2a_card::{Code, Diagnostic};
///
/// let d = Diagnostic::new(Code::MissingField, "/skills/2/tags", "add at least one tag");
/// assert_eq!(d.to_string(), "error A2A-E010 /skills/2/tags: add at least one tag");
///
/// // Text from the document cannot forge a second line.
/// let d = Diagnostic::new(Code::UndeclaredScheme, "/securityRequirements/0/schemes/x\nerror", "bad");
/// assert_eq!(d.to_string().lines().count(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Diagnostic {
    /// Where: an RFC 6901 JSON pointer into the document (`""` is the whole document).
    pub pointer: String,
    /// What kind of finding this is.
    pub code: Code,
    /// Error or warning (always `code.severity()`).
    pub severity: Severity,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic whose severity is the code's own.
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic, Severity};
    /// let d = Diagnostic::new(Code::SkillWithoutExamples, "/skills/0/examples", "add one");
    /// assert_eq!(d.severity, Severity::Warning);
    /// ```
    pub fn new(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            pointer: pointer.into(),
            code,
            severity: code.severity(),
            message: message.into(),
        }
    }

    /// True for errors.
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic};
    /// assert!(!Diagnostic::new(Code::GenericName, "/name", "too generic").is_error());
    /// ```
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // "" (the whole document) would vanish from the line, and "/" means the key "".
        let pointer = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        // Keys and values come from the document: a newline in one must not start what looks
        // like another diagnostic line.
        write!(
            f,
            "{} {} {}: {}",
            self.severity,
            self.code,
            escape_controls(pointer),
            escape_controls(&self.message)
        )
    }
}

/// Control characters written as escapes (`\n`, `\u{1b}`), everything else as is.
fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let escaped = text
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().collect::<String>()
            } else {
                c.to_string()
            }
        })
        .collect();
    std::borrow::Cow::Owned(escaped)
}

/// Appends one reference token to a JSON pointer, escaping `~` and `/` (RFC 6901).
///
/// ```
/// assert_eq!(a2a_card::pointer_push("/securitySchemes", "a/b~c"), "/securitySchemes/a~1b~0c");
/// ```
pub fn pointer_push(base: &str, token: &str) -> String {
    let escaped = token.replace('~', "~0").replace('/', "~1");
    format!("{base}/{escaped}")
}

/// Removes repeated diagnostics, keeping the first of each. Several v1.0 places can map back
/// to one place in a v0.3 document (every interface takes the top-level protocolVersion).
pub(crate) fn dedupe(diagnostics: &mut Vec<Diagnostic>) {
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|d| seen.insert(d.clone()));
}
