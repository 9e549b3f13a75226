//! Macros shared across the crate.

/// Implements `Debug` as the `Display` message for error types, so an error returned with
/// `?` from `main` (which prints Debug) reads as the sentence that says what went wrong, not
/// as a variant name. The messages never carry secrets, so neither does Debug.
///
/// Exported (hidden) for the server package's errors, so both packages share one definition;
/// not part of the API.
#[doc(hidden)]
#[macro_export]
macro_rules! debug_as_display {
    ($($error:ty),+ $(,)?) => {$(
        impl ::std::fmt::Debug for $error {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }
    )+};
}

/// Defines `get_ref`, `get_mut` and `into_inner` on a service whose wrapped service is the
/// field `inner` (as tower-http's services have them). `$layer` is doc-test code, hidden in
/// the examples, that binds `layer`: a layer making this service.
#[cfg_attr(not(any(feature = "serve", feature = "auth")), allow(unused_macros))]
macro_rules! inner_service_accessors {
    ($layer:literal) => {
        /// The wrapped service.
        ///
        #[doc = concat!("```\n", $layer, "\nuse tower::Layer;\nlet service = layer.layer(42_u8);\nassert_eq!(*service.get_ref(), 42);\n```")]
        pub fn get_ref(&self) -> &S {
            &self.inner
        }

        /// The wrapped service, mutably.
        ///
        #[doc = concat!("```\n", $layer, "\nuse tower::Layer;\nlet mut service = layer.layer(1_u8);\n*service.get_mut() += 1;\nassert_eq!(*service.get_ref(), 2);\n```")]
        pub fn get_mut(&mut self) -> &mut S {
            &mut self.inner
        }

        /// The wrapped service, unwrapped.
        ///
        #[doc = concat!("```\n", $layer, "\nuse tower::Layer;\nassert_eq!(layer.layer(\"inner\").into_inner(), \"inner\");\n```")]
        pub fn into_inner(self) -> S {
            self.inner
        }
    };
}

#[cfg(all(test, feature = "extended"))]
mod tests {
    use crate::extended::{ExtendedCardLayer, ExtendedError};
    use crate::security::{ApiKeys, CardSecurity, SecurityError};
    use crate::serve::AgentCardLayer;
    use crate::{AgentCard, ReadError};

    fn example() -> AgentCard {
        crate::__doctest::example_card()
    }

    /// What `?` from `main` prints: the message, not the variant's name.
    #[test]
    fn debug_is_the_message() {
        let mut card = example();
        card.capabilities.extended_agent_card = None;
        let security = CardSecurity::builder(&card)
            .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
            .build()
            .unwrap();
        let not_declared = ExtendedCardLayer::builder(&card, security)
            .extended_card(example())
            .build()
            .unwrap_err();
        assert!(matches!(not_declared, ExtendedError::NotDeclared));
        assert_eq!(format!("{not_declared:?}"), not_declared.to_string());
        assert!(format!("{not_declared:?}").contains("capabilities.extendedAgentCard"));

        card.security_requirements.clear();
        let no_requirements = CardSecurity::builder(&card).build().unwrap_err();
        assert_eq!(no_requirements, SecurityError::NoRequirements);
        assert!(format!("{no_requirements:?}").contains("has no securityRequirements"));

        let read = AgentCard::from_json_slice(b"{").unwrap_err();
        assert!(matches!(read, ReadError::Syntax { .. }));
        assert!(format!("{read:?}").starts_with("not valid JSON at line 1"));
    }

    #[test]
    fn invalid_card_lists_pointer_and_code() {
        let mut card = example();
        card.skills[0].tags.clear();
        let err = AgentCardLayer::builder(card.clone()).build().unwrap_err();
        let debug = format!("{err:?}");
        assert_eq!(debug, err.to_string());
        assert!(debug.contains("/skills/0/tags"), "{debug}");
        assert!(debug.contains("A2A-E"), "{debug}");
        assert!(!debug.contains("Diagnostic {"), "{debug}");

        let public = example();
        let security = CardSecurity::builder(&public)
            .verifier("apiKey", ApiKeys::new(["k1"]).unwrap())
            .build()
            .unwrap();
        let err = ExtendedCardLayer::builder(&public, security)
            .extended_card(card)
            .build()
            .unwrap_err();
        let debug = format!("{err:?}");
        assert!(
            debug.starts_with("the extended card has 1 error(s):"),
            "{debug}"
        );
        assert!(debug.contains("/skills/0/tags"), "{debug}");
    }
}
