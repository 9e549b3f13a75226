//! The v0.3 card shape. This module is the one place that says how a v0.3 field corresponds
//! to a v1.0 one (the table below); each direction calls it:
//!
//! - [`read`]: a v0.3 card read as v1.0 (the top-level fields; the security requirements
//!   and schemes, whose older spellings v1.0 cards carry too, are read in
//!   [`upgrade`](super::upgrade), with the names from this table);
//! - [`render`]: a v1.0 card rendered as v0.3, for clients that only know v0.3 (the legacy
//!   `/.well-known/agent.json` path serves it).
//!
//! The migration with diagnostics (`a2a_card::migrate`) calls both through
//! [`AgentCard::read`](super::AgentCard::read) and [`AgentCard::to_v03`](super::AgentCard::to_v03).

pub(crate) mod read;
mod render;

pub use render::V03Rendering;
pub(crate) use render::render;

/// A field v0.3 and v1.0 spell differently.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field {
    /// The v0.3 name.
    pub(crate) v03: &'static str,
    /// The v1.0 name.
    pub(crate) v1: &'static str,
}

/// The card's main interface: three top-level fields in v0.3, the members of
/// `supportedInterfaces[0]` in v1.0.
pub(crate) const MAIN_URL: Field = Field {
    v03: "url",
    v1: "url",
};
/// See [`MAIN_URL`].
pub(crate) const MAIN_BINDING: Field = Field {
    v03: "preferredTransport",
    v1: "protocolBinding",
};
/// See [`MAIN_URL`]; the version is `Major.Minor.Patch` in v0.3 and `Major.Minor` in v1.0
/// ([`version_to_v1`], [`version_to_v03`]).
pub(crate) const MAIN_VERSION: Field = Field {
    v03: "protocolVersion",
    v1: "protocolVersion",
};
/// The other interfaces: a list of their own in v0.3, the rest of `supportedInterfaces`
/// (after the main one) in v1.0.
pub(crate) const INTERFACES: Field = Field {
    v03: "additionalInterfaces",
    v1: "supportedInterfaces",
};
/// An interface's binding (in `additionalInterfaces` / `supportedInterfaces`).
pub(crate) const TRANSPORT: Field = Field {
    v03: "transport",
    v1: "protocolBinding",
};
/// A top-level flag in v0.3, a member of `capabilities` in v1.0.
pub(crate) const EXTENDED_CARD: Field = Field {
    v03: "supportsAuthenticatedExtendedCard",
    v1: "extendedAgentCard",
};
/// The v1.0 object that holds [`EXTENDED_CARD`].
pub(crate) const CAPABILITIES: &str = "capabilities";
/// The security requirements of the card and of each skill. One requirement is
/// `{"name": [scopes]}` in v0.3 and `{"schemes": {"name": {"list": [scopes]}}}` in v1.0
/// ([`REQUIREMENT_SCHEMES`], [`REQUIREMENT_SCOPES`]).
pub(crate) const SECURITY: Field = Field {
    v03: "security",
    v1: "securityRequirements",
};
/// The member of a v1.0 security requirement that maps scheme names to their scopes.
pub(crate) const REQUIREMENT_SCHEMES: &str = "schemes";
/// The member of a v1.0 requirement's scheme entry that holds the scopes.
pub(crate) const REQUIREMENT_SCOPES: &str = "list";
/// Where an API key is sent, in an API-key scheme.
pub(crate) const KEY_LOCATION: Field = Field {
    v03: "in",
    v1: "location",
};
/// The member naming a scheme's kind in v0.3 (`"type": "apiKey"`); v1.0 wraps the scheme in
/// one member named for its kind instead ([`SCHEME_WRAPPERS`]).
pub(crate) const SCHEME_TYPE: &str = "type";
/// v0.3 `type` discriminators and the v1.0 wrapper keys that replace them.
pub(crate) const SCHEME_WRAPPERS: &[Field] = &[
    Field {
        v03: "apiKey",
        v1: "apiKeySecurityScheme",
    },
    Field {
        v03: "http",
        v1: "httpAuthSecurityScheme",
    },
    Field {
        v03: "oauth2",
        v1: "oauth2SecurityScheme",
    },
    Field {
        v03: "openIdConnect",
        v1: "openIdConnectSecurityScheme",
    },
    Field {
        v03: "mutualTLS",
        v1: "mtlsSecurityScheme",
    },
];

/// Top-level fields only a pre-v1.0 card has.
pub(crate) const V03_TOP_LEVEL: &[&str] = &[
    MAIN_URL.v03,
    MAIN_BINDING.v03,
    INTERFACES.v03,
    MAIN_VERSION.v03,
    EXTENDED_CARD.v03,
];

/// The v1.0 wrapper key for a v0.3 `type` discriminator.
pub(crate) fn wrapper_of_type(kind: &str) -> Option<&'static str> {
    SCHEME_WRAPPERS.iter().find(|f| f.v03 == kind).map(|f| f.v1)
}

/// The v0.3 `type` for a v1.0 wrapper key.
pub(crate) fn type_of_wrapper(wrapper: &str) -> Option<&'static str> {
    SCHEME_WRAPPERS
        .iter()
        .find(|f| f.v1 == wrapper)
        .map(|f| f.v03)
}

/// The pointer of a main-interface field ([`MAIN_URL`], [`MAIN_BINDING`], [`MAIN_VERSION`])
/// in the v0.3 shape: `/url`.
pub(crate) fn main_pointer_v03(field: Field) -> String {
    format!("/{}", field.v03)
}

/// The pointer of a main-interface field in the v1.0 shape: `/supportedInterfaces/0/url`.
pub(crate) fn main_pointer_v1(field: Field) -> String {
    format!("/{}/0/{}", INTERFACES.v1, field.v1)
}

/// A v0.3 protocol version (`Major.Minor.Patch`) as v1.0 writes it: `(Major.Minor, patch)`,
/// or `None` when it is not three numbers.
pub(crate) fn version_to_v1(version: &str) -> Option<(String, &str)> {
    let mut parts = version.split('.');
    let (major, minor, patch) = (parts.next()?, parts.next()?, parts.next()?);
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let whole = parts.next().is_none() && numeric(major) && numeric(minor) && numeric(patch);
    whole.then(|| (format!("{major}.{minor}"), patch))
}

/// A v1.0 protocol version (`Major.Minor`) as v0.3 writes it, with a patch part (`0.3.0`).
pub(crate) fn version_to_v03(version: &str) -> String {
    if version.matches('.').count() == 1 {
        format!("{version}.0")
    } else {
        version.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_round_trip_between_the_shapes() {
        assert_eq!(version_to_v1("0.3.0"), Some(("0.3".to_owned(), "0")));
        assert_eq!(version_to_v1("0.3.2"), Some(("0.3".to_owned(), "2")));
        assert_eq!(version_to_v1("0.3"), None);
        assert_eq!(version_to_v1("0.3.x"), None);
        assert_eq!(version_to_v1("0.3.0.1"), None);
        assert_eq!(version_to_v03("0.3"), "0.3.0");
        assert_eq!(version_to_v03("0.3.1"), "0.3.1");
        assert_eq!(version_to_v03("1"), "1");
    }

    #[test]
    fn every_scheme_type_has_one_wrapper_and_back() {
        for field in SCHEME_WRAPPERS {
            assert_eq!(wrapper_of_type(field.v03), Some(field.v1));
            assert_eq!(type_of_wrapper(field.v1), Some(field.v03));
        }
        assert_eq!(wrapper_of_type("bearer"), None);
        assert_eq!(
            main_pointer_v1(MAIN_BINDING),
            "/supportedInterfaces/0/protocolBinding"
        );
        assert_eq!(main_pointer_v03(MAIN_BINDING), "/preferredTransport");
    }
}
