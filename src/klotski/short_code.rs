//! ShortCode: a layout's rank among all legal layouts ordered by CommonCode,
//! written as five characters people can read out and type.

use crate::util::excerpt::excerpt;
use core::fmt;
use core::str::FromStr;

use super::digits::read_digits;
use super::layout::Layout;
use super::rank::{rank, unrank, LAYOUT_COUNT};
use super::LayoutError;

/// The alphabet of ShortCode text: base 32 without `0`, `I`, `L` and `O`.
const SHORT_ALPHABET: &[u8; 32] = b"123456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Why a ShortCode is rejected.
///
/// It is the `reason` of a [`LayoutError::InvalidShortCode`], which also
/// holds the code as given, so that a caller can tell the failures apart
/// without reading the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShortCodeError {
    /// The text is not the five characters that hold every rank.
    #[error("a ShortCode has exactly 5 characters, found {found}")]
    CharacterCount {
        /// Characters found.
        found: usize,
    },
    /// A symbol outside the alphabet, which leaves out `0`, `I`, `L` and `O`
    /// as too easily misread.
    #[error("{symbol:?} is not a ShortCode character (1-9 and A-Z without I, L, O)")]
    BadCharacter {
        /// The first such symbol.
        symbol: char,
    },
    /// Five characters can spell more ranks than there are legal layouts.
    #[error("rank {rank} is not below the {} legal layouts", LAYOUT_COUNT)]
    RankOutOfRange {
        /// The rank given.
        rank: u32,
    },
}

/// A layout's rank among all [`LAYOUT_COUNT`] legal layouts ordered by CommonCode.
///
/// Its text is five base-32 characters, most significant first.
///
/// ```
/// use puzzle_search::klotski::{Layout, ShortCode};
///
/// let layout: Layout = "1A9BF0C".parse()?;
/// let short = ShortCode::from(layout);
/// assert_eq!(short.rank(), 4_091_296);
/// assert_eq!(short.to_string(), "4WVE1");
/// assert_eq!("4WVE1".parse::<ShortCode>()?.layout(), layout);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShortCode(u32);

impl ShortCode {
    /// The code of rank `rank`, if `rank < LAYOUT_COUNT`.
    pub fn new(rank: u32) -> Result<Self, LayoutError> {
        ShortCode::checked(rank).map_err(|reason| LayoutError::InvalidShortCode {
            code: rank.to_string(),
            reason,
        })
    }

    /// The one range check behind both [`ShortCode::new`] and parsing, which
    /// name the code differently.
    fn checked(rank: u32) -> Result<Self, ShortCodeError> {
        if rank < LAYOUT_COUNT {
            Ok(ShortCode(rank))
        } else {
            Err(ShortCodeError::RankOutOfRange { rank })
        }
    }

    /// The rank.
    pub fn rank(self) -> u32 {
        self.0
    }

    /// The layout of this rank.
    pub fn layout(self) -> Layout {
        unrank(self.0)
    }
}

impl From<Layout> for ShortCode {
    fn from(layout: Layout) -> Self {
        ShortCode(rank(layout))
    }
}

impl fmt::Display for ShortCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = [b'1'; 5];
        let mut rest = self.0;
        for digit in digits.iter_mut().rev() {
            // A remainder of 32: an index into the 32 letters.
            #[allow(clippy::indexing_slicing)]
            let letter = SHORT_ALPHABET[(rest % 32) as usize];
            *digit = letter;
            rest /= 32;
        }
        f.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for ShortCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason| LayoutError::InvalidShortCode {
            code: excerpt(text),
            reason,
        };
        let (rank, _) = read_digits(
            text,
            5..=5,
            SHORT_ALPHABET,
            |found| invalid(ShortCodeError::CharacterCount { found }),
            |symbol| invalid(ShortCodeError::BadCharacter { symbol }),
        )?;
        // Five base-32 digits: 25 bits.
        ShortCode::checked(rank as u32).map_err(invalid)
    }
}
