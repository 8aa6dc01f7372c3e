//! What can be wrong with a puzzle text, and where.

use core::fmt;

/// A puzzle text that cannot be read: where (line and column, from 1) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct ParseError {
    /// The line, from 1 (1 for a Rush Hour string).
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a puzzle text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// No drawing at all.
    #[error("no board drawing")]
    NoDrawing,
    /// A row of the drawing is longer or shorter than the first.
    #[error("a row of {found} cells, the first row has {expected}")]
    RowLength {
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// More than 64 cells.
    #[error("{rows} rows of {columns} cells make {} cells, at most 64", rows * columns)]
    TooManyCells {
        /// Rows of the drawing.
        rows: usize,
        /// Columns of the drawing.
        columns: usize,
    },
    /// The cells of one symbol do not fill a rectangle: this cell of the
    /// rectangle around them holds something else.
    #[error(
        "piece {piece:?} is not a filled rectangle: this cell of its rectangle is not part of it"
    )]
    NotRectangle {
        /// The piece's symbol.
        piece: char,
    },
    /// A line after the drawing that is no directive.
    #[error("unknown directive {0:?}: expected goal, axis or distinct")]
    UnknownDirective(String),
    /// A directive with the wrong words after it.
    #[error("{0}")]
    BadDirective(&'static str),
    /// A directive names a symbol that is no piece of the drawing.
    #[error("no piece {0:?} on the board")]
    UnknownPiece(char),
    /// The goal piece does not fit at the goal place.
    #[error("piece {piece:?} does not fit with its top-left cell at row {row}, column {column}")]
    GoalOffBoard {
        /// The goal piece.
        piece: char,
        /// The goal row, from 1.
        row: usize,
        /// The goal column, from 1.
        column: usize,
    },
    /// A second `goal` directive.
    #[error("a second goal")]
    SecondGoal,
    /// No `goal` directive.
    #[error("no goal: add `goal P R,C` or `goal` and a drawing of the solved board")]
    NoGoal,
    /// The goal drawing has another size than the board.
    #[error("the goal drawing is {rows}x{columns}, the board {board_rows}x{board_columns}")]
    GoalSize {
        /// Rows of the goal drawing.
        rows: usize,
        /// Columns of the goal drawing.
        columns: usize,
        /// Rows of the board.
        board_rows: usize,
        /// Columns of the board.
        board_columns: usize,
    },
    /// The goal drawing has other walls, or other pieces, than the board.
    #[error("the goal drawing does not hold the same {0} as the board")]
    GoalPieces(&'static str),
    /// Too many pieces of too many kinds to pack a layout in 128 bits.
    #[error("{pieces} pieces of {classes} kinds: a layout holds at most 64 bits of kinds ({bits} bits per piece)")]
    TooManyPieces {
        /// Pieces on the board.
        pieces: usize,
        /// Classes of interchangeable pieces.
        classes: usize,
        /// Bits per piece.
        bits: u32,
    },
    /// A Rush Hour string of another length than 36.
    #[error("a Rush Hour string has 36 cells, this one {0}")]
    RushLength(usize),
    /// A Rush Hour vehicle that is not a straight line of 2 or more cells.
    #[error("vehicle {0:?} is not a straight line of two or more cells")]
    Vehicle(char),
    /// No red car `A`, or one that is not horizontal.
    #[error("the red car A must lie across the third row")]
    RedCar,
}

/// The position of an error, to build a [`ParseError`] from a [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct At {
    pub(super) line: usize,
    pub(super) column: usize,
}

impl At {
    pub(super) fn error(self, problem: Problem) -> ParseError {
        ParseError {
            line: self.line,
            column: self.column,
            problem,
        }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}
