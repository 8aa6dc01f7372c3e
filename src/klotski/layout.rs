//! The board as bit masks: a [`Layout`] holds where every piece stands.
//!
//! Cell `(row, col)` is bit `4 * row + col` of a 20-bit mask. A [`Layout`] packs
//! one mask per shape into a `u64`, so moving a piece is two bit flips and a
//! layout is its own compact hashable code.

use core::fmt;

use super::pieces::{Piece, PieceCounts, Shape};

/// Columns on the board.
pub const COLUMNS: usize = 4;
/// Rows on the board.
pub const ROWS: usize = 5;
/// Cells on the board.
pub const CELLS: usize = COLUMNS * ROWS;

pub(crate) const FULL: u32 = (1 << CELLS) - 1;
pub(crate) const ROW_0: u32 = 0xF;
pub(crate) const COLUMN_0: u32 = 0x11111;
pub(crate) const COLUMN_2: u32 = 0x44444;
pub(crate) const COLUMN_3: u32 = 0x88888;
/// Cells of rows 0–3: where the top of a two-row piece may be.
pub(crate) const ROWS_0_TO_3: u32 = 0xFFFF;

/// The anchor (top-left cell) of the general in a solved layout: rows 3–4, columns 1–2.
pub const GOAL_ANCHOR: u8 = 13;

/// A layout's code holds one mask of `CELLS` bits per shape but the general:
/// soldiers from bit 0, verticals from bit 20, horizontals from bit 40, and
/// then the general's anchor from bit 60.
pub(crate) const SOLDIER_SHIFT: u32 = 0;
pub(crate) const VERTICAL_SHIFT: u32 = CELLS as u32;
pub(crate) const HORIZONTAL_SHIFT: u32 = 2 * CELLS as u32;
pub(crate) const GENERAL_SHIFT: u32 = 3 * CELLS as u32;

/// A legal Klotski layout: one general, any other pieces, at least two empty cells.
///
/// Pieces of the same shape are interchangeable, so a layout is its pattern of
/// shapes. It is a `Copy` value of eight bytes; build one by parsing text (see
/// the [module docs](super)) or from a [`CommonCode`](super::CommonCode).
///
/// ```
/// use puzzle_search::klotski::{Layout, Shape};
///
/// let layout: Layout = "2442/2442/2332/2112/1001".parse()?;
/// assert_eq!(layout.to_shape_digits(), "24422442233221121001");
/// assert_eq!(layout.counts().vertical, 4);
/// assert_eq!(layout.shape_at(0, 1), Some(Shape::General));
/// assert_eq!(layout.shape_at(4, 1), None);
/// assert!(!layout.is_solved());
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layout(u64);

impl Layout {
    /// Packs the masks of a layout already known to be legal.
    pub(crate) fn from_parts(general: u8, verticals: u32, horizontals: u32, soldiers: u32) -> Self {
        Layout(
            u64::from(soldiers) << SOLDIER_SHIFT
                | u64::from(verticals) << VERTICAL_SHIFT
                | u64::from(horizontals) << HORIZONTAL_SHIFT
                | u64::from(general) << GENERAL_SHIFT,
        )
    }

    /// This layout with a piece of `shape` anchored at `cell` (for the general:
    /// moved there), whose cells must be free.
    #[inline]
    pub(crate) fn with_piece(self, shape: Shape, cell: u8) -> Self {
        let cell = u32::from(cell);
        Layout(match shape {
            Shape::General => self.0 & !(0xF << GENERAL_SHIFT) | u64::from(cell) << GENERAL_SHIFT,
            Shape::Vertical => self.0 | 1 << (VERTICAL_SHIFT + cell),
            Shape::Horizontal => self.0 | 1 << (HORIZONTAL_SHIFT + cell),
            Shape::Soldier => self.0 | 1 << (SOLDIER_SHIFT + cell),
        })
    }

    /// The packed code: soldiers, verticals and horizontals as 20-bit anchor masks
    /// from bit 0, 20 and 40, the general's anchor cell in bits 60–63.
    #[inline]
    pub fn code(self) -> u64 {
        self.0
    }

    /// The anchor cell (top-left) of the general.
    #[inline]
    pub fn general(self) -> u8 {
        (self.0 >> GENERAL_SHIFT) as u8
    }

    /// Top cells of the vertical pieces, as a mask.
    #[inline]
    pub fn verticals(self) -> u32 {
        (self.0 >> VERTICAL_SHIFT) as u32 & FULL
    }

    /// Left cells of the horizontal pieces, as a mask.
    #[inline]
    pub fn horizontals(self) -> u32 {
        (self.0 >> HORIZONTAL_SHIFT) as u32 & FULL
    }

    /// Cells of the soldiers, as a mask.
    #[inline]
    pub fn soldiers(self) -> u32 {
        (self.0 >> SOLDIER_SHIFT) as u32 & FULL
    }

    /// The anchors of the pieces of `shape`, as a mask.
    #[inline]
    pub(crate) fn anchors(self, shape: Shape) -> u32 {
        match shape {
            Shape::General => 1 << self.general(),
            Shape::Vertical => self.verticals(),
            Shape::Horizontal => self.horizontals(),
            Shape::Soldier => self.soldiers(),
        }
    }

    /// The cells covered by pieces, as a mask.
    #[inline]
    pub fn occupied(self) -> u32 {
        let verticals = self.verticals();
        let horizontals = self.horizontals();
        self.soldiers()
            | verticals
            | verticals << COLUMNS
            | horizontals
            | horizontals << 1
            | Shape::General.footprint() << self.general()
    }

    /// The empty cells, as a mask.
    #[inline]
    pub fn empty(self) -> u32 {
        !self.occupied() & FULL
    }

    /// The layout with this packed code, which must be a legal layout's.
    #[inline]
    pub(crate) const fn from_code(code: u64) -> Self {
        Layout(code)
    }

    /// The layout seen in a mirror: left and right swapped.
    ///
    /// ```
    /// use puzzle_search::klotski::Layout;
    ///
    /// let layout: Layout = "4412/4412/2330/2011/1111".parse()?;
    /// assert_eq!(layout.mirror().to_shape_digits(), "21442144033211021111");
    /// assert_eq!(layout.mirror().mirror(), layout);
    /// # Ok::<(), puzzle_search::klotski::LayoutError>(())
    /// ```
    #[inline]
    pub fn mirror(self) -> Self {
        // Each row of each mask is a nibble: reversing every nibble mirrors the
        // soldiers and verticals. A horizontal anchored in column c covers c and
        // c + 1, so its mirror is anchored in column 2 - c, one left of the reversed
        // bit; so is the general's, looked up in a table of the 16 anchors.
        const C0: u64 = 0x0111_1111_1111_1111;
        const C1: u64 = C0 << 1;
        const C2: u64 = C0 << 2;
        const C3: u64 = C0 << 3;
        const HORIZONTALS: u64 = (FULL as u64) << HORIZONTAL_SHIFT;
        const MIRRORED_GENERAL: u64 = 0xFCDE_B89A_7456_3012;
        let code = self.0;
        let reversed = (code & C0) << 3 | (code & C1) << 1 | (code & C2) >> 1 | (code & C3) >> 3;
        let masks = reversed & !HORIZONTALS | (reversed & HORIZONTALS) >> 1;
        let general = (MIRRORED_GENERAL >> (4 * (code >> GENERAL_SHIFT))) & 0xF;
        Layout(masks | general << GENERAL_SHIFT)
    }

    /// The smaller code of the layout and its mirror image: one key per mirror pair.
    #[inline]
    pub fn mirror_folded_code(self) -> u64 {
        self.0.min(self.mirror().0)
    }

    /// Whether the general covers the exit: cells 13, 14, 17 and 18.
    #[inline]
    pub fn is_solved(self) -> bool {
        self.general() == GOAL_ANCHOR
    }

    /// The number of pieces of each movable shape.
    pub fn counts(self) -> PieceCounts {
        PieceCounts {
            vertical: self.verticals().count_ones() as u8,
            horizontal: self.horizontals().count_ones() as u8,
            soldiers: self.soldiers().count_ones() as u8,
        }
    }

    /// The number of empty cells.
    #[inline]
    pub fn empty_cells(self) -> usize {
        // The cells the pieces leave: the general covers four, a vertical or a
        // horizontal two, a soldier one.
        const SOLDIERS: u64 = (FULL as u64) << SOLDIER_SHIFT;
        const PAIRS_OF_CELLS: u64 =
            (FULL as u64) << VERTICAL_SHIFT | (FULL as u64) << HORIZONTAL_SHIFT;
        let covered =
            4 + 2 * (self.0 & PAIRS_OF_CELLS).count_ones() + (self.0 & SOLDIERS).count_ones();
        CELLS.saturating_sub(covered as usize)
    }

    /// Every piece, ordered by top-left cell.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        let mut cell = 0u8;
        core::iter::from_fn(move || {
            while usize::from(cell) < CELLS {
                let here = cell;
                cell += 1;
                if let Some(shape) = self.piece_anchored_at(here) {
                    return Some(Piece {
                        shape,
                        anchor: here,
                    });
                }
            }
            None
        })
    }

    /// The shape of the piece whose top-left cell is `cell`, if one is.
    pub(crate) fn piece_anchored_at(self, cell: u8) -> Option<Shape> {
        let bit = 1u32 << cell;
        [
            Shape::General,
            Shape::Vertical,
            Shape::Horizontal,
            Shape::Soldier,
        ]
        .into_iter()
        .find(|&shape| self.anchors(shape) & bit != 0)
    }

    /// The piece covering `cell`, if one does.
    pub fn piece_at_cell(self, cell: usize) -> Option<Piece> {
        if cell >= CELLS {
            return None;
        }
        let bit = 1u32 << cell;
        self.pieces().find(|piece| piece.cells() & bit != 0)
    }

    /// The shape covering `(row, col)`, or `None` for an empty or off-board cell.
    pub fn shape_at(self, row: usize, col: usize) -> Option<Shape> {
        if row >= ROWS || col >= COLUMNS {
            return None;
        }
        self.piece_at_cell(row * COLUMNS + col)
            .map(|piece| piece.shape)
    }

    /// The 20 shape digits, row by row without separators: the canonical text.
    pub fn to_shape_digits(self) -> String {
        self.cell_symbols(|piece| piece.shape.digit(), '0')
            .into_iter()
            .collect()
    }

    /// The shape letters, rows separated by `/`: `VBBV/VBBV/VHHV/VSSV/S..S`.
    pub fn to_shape_letters(self) -> String {
        let symbols = self.cell_symbols(|piece| piece.shape.letter(), '.');
        let rows: Vec<String> = symbols
            .chunks(COLUMNS)
            .map(|row| row.iter().collect())
            .collect();
        rows.join("/")
    }

    /// One symbol per cell: `symbol(piece)` for covered cells, `empty` for the rest.
    fn cell_symbols(self, mut symbol: impl FnMut(Piece) -> char, empty: char) -> [char; CELLS] {
        let mut cells = [empty; CELLS];
        for piece in self.pieces() {
            let label = symbol(piece);
            let mut mask = piece.cells();
            while mask != 0 {
                let cell = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                if let Some(slot) = cells.get_mut(cell) {
                    *slot = label;
                }
            }
        }
        cells
    }

    /// One label per cell: `B` for the general, `a`, `b`, `c`, ... for the other
    /// pieces in the order of their top-left cells, `.` for empty cells.
    pub fn labels(self) -> [char; CELLS] {
        let mut others = ('a'..='z').chain('A'..='Z');
        self.cell_symbols(
            |piece| match piece.shape {
                Shape::General => 'B',
                _ => others.next().unwrap_or('?'),
            },
            '.',
        )
    }
}

/// The grid for people: one row per line, each piece its own label (see
/// [`Layout::labels`]); the text parses back to the same layout.
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, cells) in self.labels().chunks(COLUMNS).enumerate() {
            if row > 0 {
                f.write_str("\n")?;
            }
            for &label in cells {
                write!(f, "{label}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self.to_shape_digits())
    }
}
