//! The pieces: their four shapes, a piece placed on the board, and a piece set.

use core::fmt;

use super::layout::{COLUMNS, COLUMN_0, COLUMN_2, COLUMN_3, FULL, ROWS_0_TO_3};
use super::CELLS;

/// The four piece shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// The 2×2 general, 曹操.
    General,
    /// One column wide, two rows tall.
    Vertical,
    /// Two columns wide, one row tall.
    Horizontal,
    /// 1×1.
    Soldier,
}

impl Shape {
    /// Every shape, largest first.
    pub const ALL: [Shape; 4] = [
        Shape::General,
        Shape::Vertical,
        Shape::Horizontal,
        Shape::Soldier,
    ];

    /// The shape's name in English: `general`, `vertical`, `horizontal` or `soldier`.
    pub fn name(self) -> &'static str {
        match self {
            Shape::General => "general",
            Shape::Vertical => "vertical",
            Shape::Horizontal => "horizontal",
            Shape::Soldier => "soldier",
        }
    }

    /// The shape digit of the text formats: 4, 2, 3 or 1.
    pub fn digit(self) -> char {
        match self {
            Shape::General => '4',
            Shape::Vertical => '2',
            Shape::Horizontal => '3',
            Shape::Soldier => '1',
        }
    }

    /// The shape letter of the text formats: `B`, `V`, `H` or `S`.
    pub fn letter(self) -> char {
        match self {
            Shape::General => 'B',
            Shape::Vertical => 'V',
            Shape::Horizontal => 'H',
            Shape::Soldier => 'S',
        }
    }

    /// The cells covered by a piece of this shape whose top-left cell is bit 0.
    pub(crate) const fn footprint(self) -> u32 {
        match self {
            Shape::General => 0x33,
            Shape::Vertical => 0x11,
            Shape::Horizontal => 0x3,
            Shape::Soldier => 0x1,
        }
    }

    /// The anchors from which a piece of this shape can make a unit step into `empty`
    /// cells, for all anchors at once.
    #[inline]
    pub(crate) fn steppable(self, empty: u32) -> u32 {
        // `wide`: c and c + 1 both empty; `tall`: c and c + 4 both empty.
        let wide = empty & (empty >> 1) & !COLUMN_3;
        let tall = empty & (empty >> COLUMNS);
        let (up, down, left, right) = match self {
            Shape::Soldier => (empty << COLUMNS, empty >> COLUMNS, empty << 1, empty >> 1),
            Shape::Vertical => (
                empty << COLUMNS,
                empty >> (2 * COLUMNS),
                tall << 1,
                tall >> 1,
            ),
            Shape::Horizontal => (wide << COLUMNS, wide >> COLUMNS, empty << 1, empty >> 2),
            Shape::General => (wide << COLUMNS, wide >> (2 * COLUMNS), tall << 1, tall >> 2),
        };
        // A left step never starts in column 0; a right step never ends past column 3.
        let right_edge = match self {
            Shape::Soldier | Shape::Vertical => COLUMN_3,
            Shape::Horizontal | Shape::General => COLUMN_2 | COLUMN_3,
        };
        (up | down) & FULL | left & !COLUMN_0 & FULL | right & !right_edge
    }

    /// The anchors at which this shape fits inside `free` (a mask of usable cells).
    #[inline]
    pub(crate) fn fits(self, free: u32) -> u32 {
        match self {
            Shape::Soldier => free,
            Shape::Vertical => free & (free >> COLUMNS) & ROWS_0_TO_3,
            Shape::Horizontal => free & (free >> 1) & !COLUMN_3,
            Shape::General => {
                let wide = free & (free >> 1) & !COLUMN_3;
                wide & (wide >> COLUMNS) & ROWS_0_TO_3
            }
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One piece on the board: its shape and its top-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// The piece's shape.
    pub shape: Shape,
    /// The index (`4 * row + col`) of its top-left cell.
    pub anchor: u8,
}

impl Piece {
    /// The cells it covers, as a mask.
    pub fn cells(self) -> u32 {
        self.shape.footprint() << self.anchor
    }

    /// The `(row, col)` of its top-left cell.
    pub fn position(self) -> (usize, usize) {
        let anchor = usize::from(self.anchor);
        (anchor / COLUMNS, anchor % COLUMNS)
    }
}

/// How many pieces of each movable shape a layout has (there is always one general).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceCounts {
    /// Vertical pieces.
    pub vertical: u8,
    /// Horizontal pieces.
    pub horizontal: u8,
    /// Soldiers.
    pub soldiers: u8,
}

impl PieceCounts {
    /// Every piece set that leaves two or more cells empty, ordered by
    /// vertical, then horizontal, then soldier count; some of them fit on the
    /// board in no way (seven vertical pieces, for one), and the others are the
    /// 203 piece sets of the 29,334,498 layouts.
    ///
    /// ```
    /// use puzzle_search::klotski::PieceCounts;
    ///
    /// assert!(PieceCounts::all().all(|counts| counts.empty_cells() >= 2));
    /// assert_eq!(PieceCounts::all().count(), 204);
    /// ```
    pub fn all() -> impl Iterator<Item = PieceCounts> {
        // Beside the general's four cells, two or more stay empty: 14 are left.
        const ROOM: u8 = CELLS as u8 - 4 - 2;
        (0..=ROOM / 2).flat_map(|vertical| {
            (0..=ROOM / 2 - vertical).flat_map(move |horizontal| {
                (0..=ROOM - 2 * (vertical + horizontal)).map(move |soldiers| PieceCounts {
                    vertical,
                    horizontal,
                    soldiers,
                })
            })
        })
    }

    /// The same counts with one piece of `shape` fewer, or `None` if there is
    /// none (or `shape` is the general, which is not counted).
    pub(crate) fn without(self, shape: Shape) -> Option<Self> {
        let mut rest = self;
        let count = match shape {
            Shape::General => return None,
            Shape::Vertical => &mut rest.vertical,
            Shape::Horizontal => &mut rest.horizontal,
            Shape::Soldier => &mut rest.soldiers,
        };
        *count = count.checked_sub(1)?;
        Some(rest)
    }

    /// The number of empty cells these pieces leave beside the general.
    pub fn empty_cells(self) -> usize {
        CELLS
            - 4
            - 2 * usize::from(self.vertical)
            - 2 * usize::from(self.horizontal)
            - usize::from(self.soldiers)
    }
}
