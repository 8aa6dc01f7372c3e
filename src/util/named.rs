//! Enums known by their names, on command lines and in JSON: one way to print
//! them and to read them back.

/// Implements `Display` as `name()` for an enum; with an error type too,
/// `FromStr`: the value of `ALL` whose `name()` the text is, or the error
/// holding a short excerpt of the text.
// The core alone has no such enum; every floor above it has.
#[cfg_attr(
    not(any(feature = "engines", feature = "puzzles")),
    allow(unused_macros)
)]
macro_rules! by_name {
    ($type:ty) => {
        impl core::fmt::Display for $type {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    ($type:ty, $error:ident) => {
        $crate::util::named::by_name!($type);

        impl core::str::FromStr for $type {
            type Err = $error;

            fn from_str(name: &str) -> Result<Self, $error> {
                <$type>::ALL
                    .into_iter()
                    .find(|value| value.name() == name)
                    .ok_or_else(|| $error($crate::util::excerpt::excerpt(name)))
            }
        }
    };
}

#[cfg_attr(
    not(any(feature = "engines", feature = "puzzles")),
    allow(unused_imports)
)]
pub(crate) use by_name;
