//! The model of a proto `oneof` (`SecurityScheme`, `OAuthFlows`): every variant as an optional
//! field, so a card with no variant or with several can be read and the mistake pointed at,
//! plus an enum view for when exactly one is set.

/// Declares a `oneof` message: the struct (variants as optional camelCase fields, unknown
/// fields kept in `extra`), the borrowed enum view, the method listing the JSON names of the
/// variants that are set, and the method returning the view when exactly one is set.
macro_rules! oneof {
    (
        $(#[$meta:meta])*
        pub struct $name:ident;
        $(#[$view_meta:meta])*
        pub enum $view:ident;
        $(#[$names_meta:meta])*
        fn $names_fn:ident;
        $(#[$one_meta:meta])*
        fn $one_fn:ident;
        variants {
            $(
                $(#[$field_meta:meta])*
                $field:ident: $ty:ty => $json:literal, $variant:ident;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $(
                $(#[$field_meta])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $field: Option<$ty>,
            )*
            /// Fields this version of the crate does not know.
            #[serde(flatten)]
            pub extra: serde_json::Map<String, serde_json::Value>,
        }

        $(#[$view_meta])*
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub enum $view<'a> {
            $(
                #[doc = concat!("`", $json, "`.")]
                $variant(&'a $ty),
            )*
        }

        impl $name {
            $(#[$names_meta])*
            pub fn $names_fn(&self) -> Vec<&'static str> {
                let mut set = Vec::new();
                $(
                    if self.$field.is_some() {
                        set.push($json);
                    }
                )*
                set
            }

            $(#[$one_meta])*
            pub fn $one_fn(&self) -> Option<$view<'_>> {
                if self.$names_fn().len() != 1 {
                    return None;
                }
                $(
                    if let Some(value) = &self.$field {
                        return Some($view::$variant(value));
                    }
                )*
                None
            }
        }
    };
}

pub(crate) use oneof;
