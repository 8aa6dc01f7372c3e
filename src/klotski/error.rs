//! Why a text or a code is not a legal layout, and where.

use core::fmt;

use super::common_code::CommonCodeError;
use super::layout::COLUMNS;
use super::short_code::ShortCodeError;

/// A cell as `(row, column)`, both counted from 1.
///
/// Errors are read by people, who count rows and columns from 1, as the knight
/// puzzle's errors do; a position counted from 0 would point one row or column
/// off. The board's own cell indexes count from 0: this cell's is
/// `4 * (row - 1) + (column - 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellPosition {
    /// Row, 1 at the top to 5 at the bottom.
    pub row: usize,
    /// Column, 1 at the left to 4 at the right.
    pub column: usize,
}

impl CellPosition {
    /// The position of the cell with index `cell`.
    pub(super) fn of(cell: usize) -> Self {
        CellPosition {
            row: cell / COLUMNS + 1,
            column: cell % COLUMNS + 1,
        }
    }
}

impl fmt::Display for CellPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(row {}, column {})", self.row, self.column)
    }
}

/// A list of cells, displayed as `(row 1, column 2), (row 2, column 2)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cells(pub Vec<CellPosition>);

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// Why a text is not a legal Klotski layout. Every variant says what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// The text is empty.
    #[error("empty layout: expected a board (5 rows of 4 cells), a CommonCode or a ShortCode")]
    Empty,
    /// A single word that is no board, CommonCode or ShortCode.
    #[error("{text:?} is not a layout: expected a board (5 rows of 4 cells), a CommonCode (1-9 hex digits) or a ShortCode (5 characters)")]
    Unrecognised {
        /// The text.
        text: String,
    },
    /// The board does not have five rows.
    #[error("expected 5 rows of 4 cells, found {found} rows")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A row does not have four cells.
    #[error("row {row} has {found} cells, expected 4")]
    ColumnCount {
        /// The row, counted from 1 like a [`CellPosition`].
        row: usize,
        /// Cells found in it.
        found: usize,
    },
    /// A board written without separators does not have twenty cells.
    #[error("expected 20 cells (5 rows of 4), found {found}")]
    CellCount {
        /// Cells found.
        found: usize,
    },
    /// A symbol that the board's format does not allow.
    #[error("unknown symbol {symbol:?} at {at}: expected {expected}")]
    UnknownSymbol {
        /// The symbol.
        symbol: char,
        /// Where it is.
        at: CellPosition,
        /// What the format allows there.
        expected: &'static str,
    },
    /// Cells of one shape (or one label) that do not form whole pieces.
    #[error("{what} is cut: cells {cells} do not form a whole {shape_hint}")]
    CutPiece {
        /// The shape or label, e.g. `vertical piece` or `piece 'a'`.
        what: String,
        /// The cells involved.
        cells: Cells,
        /// The rectangle expected.
        shape_hint: &'static str,
    },
    /// No general (2×2 piece) on the board.
    #[error("no general: the board needs one 2×2 piece")]
    NoGeneral,
    /// More than one general.
    #[error("a second general at {at}: the board has exactly one 2×2 piece")]
    SecondGeneral {
        /// The top-left cell of the second one.
        at: CellPosition,
    },
    /// Fewer than two empty cells.
    #[error("too few empty cells: found {found}, at least two are needed")]
    TooFewEmptyCells {
        /// Empty cells found.
        found: usize,
    },
    /// A CommonCode that is malformed or describes no legal layout.
    #[error("invalid CommonCode {code:?}: {reason}")]
    InvalidCommonCode {
        /// The code as given.
        code: String,
        /// Why it is rejected.
        reason: CommonCodeError,
    },
    /// A ShortCode that is malformed or out of range.
    #[error("invalid ShortCode {code:?}: {reason}")]
    InvalidShortCode {
        /// The code as given.
        code: String,
        /// Why it is rejected.
        reason: ShortCodeError,
    },
}
