//! Macros shared across the crate.

/// Implements `Debug` as the `Display` message for error types, so an error returned with
/// `?` from `main` (which prints Debug) reads as the sentence that says what went wrong. The
/// messages never carry secrets, so neither does Debug.
#[cfg_attr(not(any(feature = "tls", feature = "auth-file")), allow(unused_macros))]
macro_rules! debug_as_display {
    ($($error:ty),+ $(,)?) => {$(
        impl ::std::fmt::Debug for $error {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }
    )+};
}
