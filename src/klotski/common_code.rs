//! CommonCode: the 36-bit code of a layout published by the open-source
//! klotski engine and its layout catalogs.
//!
//! The top 4 bits hold the top-left cell of the general; the low 32 list the
//! other items in row-major order of their top-left cells, two bits each, first
//! item highest: `00` empty cell, `01` horizontal, `10` vertical, `11` soldier.

use crate::util::excerpt::excerpt;
use core::fmt;
use core::str::FromStr;

use super::digits::read_digits;
use super::error::CellPosition;
use super::layout::{Layout, CELLS, FULL};
use super::pieces::Shape;
use super::LayoutError;

/// An item of a CommonCode, in the order of its 2-bit value.
pub(super) const ITEMS: [Option<Shape>; 4] = [
    None,
    Some(Shape::Horizontal),
    Some(Shape::Vertical),
    Some(Shape::Soldier),
];

/// The digits of CommonCode text, upper or lower case.
const HEX_DIGITS: &[u8; 16] = b"0123456789ABCDEF";

/// Why a CommonCode is rejected: as text, or as a value that no legal layout has.
///
/// It is the `reason` of a [`LayoutError::InvalidCommonCode`], which also
/// holds the code as given, so that a caller can tell the failures apart
/// without reading the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommonCodeError {
    /// The text has no digit or more than the nine of a 36-bit code.
    #[error("a CommonCode has 1 to 9 hex digits, found {found}")]
    DigitCount {
        /// Characters found.
        found: usize,
    },
    /// A symbol that is no hex digit.
    #[error("a CommonCode has only hex digits 0-9 and A-F, not {symbol:?}")]
    NotHex {
        /// The first such symbol.
        symbol: char,
    },
    /// The value has bits above the 36 of a CommonCode.
    #[error("the value has more than 36 bits")]
    TooManyBits,
    /// The general's top-left cell is one from which the 2×2 piece would
    /// stick out of the board.
    #[error("the general's top-left cell {at} would put it off the board: it cannot be in row 5 or column 4")]
    GeneralOffBoard {
        /// The top-left cell the code gives the general.
        at: CellPosition,
    },
    /// The next item, at the first free cell, would stick out of the board or
    /// overlap a piece placed before it.
    #[error(
        "a {shape} piece at row {}, column {} does not fit on the board",
        .at.row,
        .at.column
    )]
    PieceDoesNotFit {
        /// The piece's shape.
        shape: Shape,
        /// Its top-left cell.
        at: CellPosition,
    },
    /// The code lists items after every cell is covered.
    #[error("items are left over after the board is full")]
    ItemsLeftOver,
    /// The board leaves fewer than the two empty cells of a legal layout.
    #[error("it leaves {found} empty cells; at least two are needed")]
    TooFewEmptyCells {
        /// Empty cells found.
        found: usize,
    },
}

/// The 36-bit code of a layout used by the open-source klotski engine and its catalogs.
///
/// Its text is 9 hex digits; when parsing, trailing zeros may be left out and
/// case does not matter.
///
/// ```
/// use puzzle_search::klotski::{CommonCode, Layout};
///
/// let code: CommonCode = "1A9BF0C".parse()?;
/// assert_eq!(code.value(), 0x1_A9BF_0C00);
/// assert_eq!(code.to_string(), "1A9BF0C00");
/// assert_eq!(code.layout().to_shape_digits(), "24422442233221121001");
/// assert_eq!(CommonCode::from(code.layout()), code);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommonCode(u64);

impl CommonCode {
    /// The code `value`, if it describes a legal layout.
    pub fn new(value: u64) -> Result<Self, LayoutError> {
        decode(value)
            .map(|_| CommonCode(value))
            .map_err(|reason| LayoutError::InvalidCommonCode {
                code: format!("{value:09X}"),
                reason,
            })
    }

    /// The 36-bit value.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The layout it describes.
    pub fn layout(self) -> Layout {
        // `CommonCode` values are checked on construction.
        decode(self.0).unwrap_or_else(|_| Layout::from_parts(0, 0, 0, 0))
    }
}

impl From<Layout> for CommonCode {
    fn from(layout: Layout) -> Self {
        let mut range = 0u32;
        let mut items = 0;
        let mut covered = Shape::General.footprint() << layout.general();
        for cell in 0..CELLS as u32 {
            let bit = 1 << cell;
            if covered & bit != 0 {
                continue;
            }
            let (item, cells) = if layout.verticals() & bit != 0 {
                (2, Shape::Vertical.footprint() << cell)
            } else if layout.horizontals() & bit != 0 {
                (1, Shape::Horizontal.footprint() << cell)
            } else if layout.soldiers() & bit != 0 {
                (3, bit)
            } else {
                (0, bit)
            };
            covered |= cells;
            range |= item << (30 - 2 * items);
            items += 1;
        }
        CommonCode(u64::from(layout.general()) << 32 | u64::from(range))
    }
}

impl fmt::Display for CommonCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:09X}", self.0)
    }
}

impl FromStr for CommonCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason| LayoutError::InvalidCommonCode {
            code: excerpt(text),
            reason,
        };
        let (value, found) = read_digits(
            text,
            1..=9,
            HEX_DIGITS,
            |found| invalid(CommonCodeError::DigitCount { found }),
            |symbol| invalid(CommonCodeError::NotHex { symbol }),
        )?;
        // Trailing zeros may be left out: the digits are the leading ones of nine.
        let value = value << (4 * (9 - found));
        decode(value).map(|_| CommonCode(value)).map_err(invalid)
    }
}

/// Decodes a CommonCode value into a legal layout.
fn decode(value: u64) -> Result<Layout, CommonCodeError> {
    if value >> 36 != 0 {
        return Err(CommonCodeError::TooManyBits);
    }
    let general = (value >> 32) as u32;
    if general > 14 || general % 4 == 3 {
        return Err(CommonCodeError::GeneralOffBoard {
            at: CellPosition::of(general as usize),
        });
    }
    let mut range = value as u32;
    let mut covered = Shape::General.footprint() << general;
    let (mut verticals, mut horizontals, mut soldiers, mut empty) = (0u32, 0u32, 0u32, 0u32);
    for cell in 0..CELLS as u32 {
        let bit = 1 << cell;
        if covered & bit != 0 {
            continue;
        }
        // The top two bits of the range: an index below 4.
        #[allow(clippy::indexing_slicing)]
        let item = ITEMS[(range >> 30) as usize];
        range <<= 2;
        match item {
            None => empty += 1,
            Some(shape) => {
                let cells = shape.footprint() << cell;
                if shape.fits(!covered & FULL) & bit == 0 {
                    return Err(CommonCodeError::PieceDoesNotFit {
                        shape,
                        at: CellPosition::of(cell as usize),
                    });
                }
                match shape {
                    Shape::Vertical => verticals |= bit,
                    Shape::Horizontal => horizontals |= bit,
                    _ => soldiers |= bit,
                }
                covered |= cells;
            }
        }
        covered |= bit;
    }
    if range != 0 {
        return Err(CommonCodeError::ItemsLeftOver);
    }
    if empty < 2 {
        return Err(CommonCodeError::TooFewEmptyCells {
            found: empty as usize,
        });
    }
    Ok(Layout::from_parts(
        general as u8,
        verticals,
        horizontals,
        soldiers,
    ))
}
