//! Small helpers every floor shares: no puzzle, engine or search concept here.
//!
//! | helper | job |
//! | --- | --- |
//! | `binomial` | binomial coefficients, for the ranks of subsets of cells |
//! | [`excerpt`](excerpt::excerpt) | quoting user input in error messages: a short excerpt, never the whole text |
//! | `by_name!` | enums known by their names: `Display` and `FromStr` from `name()` and `ALL` |
//! | `serialize` | with the `serde` feature: [`Path`](crate::Path) as JSON, and `serialize_fields!` for the structs of every floor |

#[cfg_attr(not(feature = "puzzles"), allow(dead_code))]
pub(crate) mod binomial;
pub(crate) mod excerpt;
pub(crate) mod named;
#[cfg(feature = "serde")]
pub(crate) mod serialize;
