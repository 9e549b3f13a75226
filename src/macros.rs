//! Macros shared by the middlewares.

/// Defines `get_ref`, `get_mut` and `into_inner` on a service whose wrapped service is the
/// field `inner` (as tower-http's services have them). `$layer` is doc-test code, hidden in
/// the examples, that binds `layer`: a layer making this service.
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
