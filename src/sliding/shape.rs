//! Board shapes (`R` rows by `C` columns, 2 ≤ R, C ≤ 5) and the tables they share.
//!
//! Every table is built at compile time, for all 16 shapes at once: which
//! moves each cell allows, the row and column of each cell, and the Manhattan
//! distance of each tile from its goal cell. A board carries its shape, so a
//! puzzle needs no set-up to serve boards of any size.

use core::fmt;
use core::str::FromStr;

use super::Direction;
use crate::util::excerpt::excerpt;

/// The fewest rows or columns a board may have.
pub const MIN_SIDE: usize = 2;

/// The most rows or columns a board may have.
pub const MAX_SIDE: usize = 5;

/// The most cells a board may have: 5 × 5.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// The number of shapes, 4 × 4: the row counts 2 to 5 by the column counts 2 to 5.
const SHAPES: usize = SIDES * SIDES;

/// Table rows are 32 wide, so that an index masked to 5 bits is always in bounds.
const SLOTS: usize = 32;

/// The shapes of more than 16 cells, one bit each by [`Shape::index`]: their
/// cells take 5 bits in a board's code.
const WIDE: u16 = {
    let mut wide = 0;
    let mut index = 0;
    while index < SHAPES {
        if shape_of_index(index).cells() > 16 {
            wide |= 1 << index;
        }
        index += 1;
    }
    wide
};

/// The size of a board: `rows` × `columns` cells, each side from 2 to 5.
///
/// Cell `i` is row `i / columns`, column `i % columns`, row 0 at the top.
///
/// ```
/// use puzzle_search::sliding::{Shape, ShapeError};
///
/// let shape = Shape::new(3, 4)?;
/// assert_eq!((shape.rows(), shape.columns(), shape.cells()), (3, 4, 12));
/// assert_eq!(shape.to_string(), "3x4");
/// assert_eq!("3x4".parse(), Ok(shape));
/// assert_eq!(Shape::new(4, 4)?, Shape::FIFTEEN);
/// assert_eq!(Shape::new(6, 3), Err(ShapeError { rows: 6, columns: 3 }));
/// # Ok::<(), ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// `(rows - 2) * 4 + (columns - 2)`, below 16 (see [`index_of`]): the
    /// shape's place in the tables, and its order (by rows, then columns).
    /// A search reads its tables from it without arithmetic.
    index: u8,
}

/// A shape with a side outside 2 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a board has 2 to 5 rows and 2 to 5 columns, not {rows}x{columns}")]
pub struct ShapeError {
    /// The rows asked for.
    pub rows: usize,
    /// The columns asked for.
    pub columns: usize,
}

/// Why a text is not a shape (see [`Shape`]'s [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseShapeError {
    /// Not two numbers joined by `x`.
    #[error("expected a size like 3x4 (rows x columns), found {text:?}")]
    Syntax {
        /// The text, shortened to at most 40 characters.
        text: String,
    },
    /// Two numbers, but not a shape: a side outside 2 to 5.
    #[error("a board has {MIN_SIDE} to {MAX_SIDE} rows and {MIN_SIDE} to {MAX_SIDE} columns, not {text}")]
    OutOfRange {
        /// The text, shortened to at most 40 characters (and not quoted).
        text: String,
    },
}

impl Shape {
    /// The 8-puzzle's 3 × 3.
    pub const EIGHT: Shape = shape_of_index(index_of(3, 3));
    /// The 15-puzzle's 4 × 4.
    pub const FIFTEEN: Shape = shape_of_index(index_of(4, 4));
    /// The 24-puzzle's 5 × 5.
    pub const TWENTY_FOUR: Shape = shape_of_index(index_of(5, 5));

    /// The shape of `rows` × `columns` cells, if both are from 2 to 5.
    pub const fn new(rows: usize, columns: usize) -> Result<Shape, ShapeError> {
        if MIN_SIDE <= rows && rows <= MAX_SIDE && MIN_SIDE <= columns && columns <= MAX_SIDE {
            Ok(shape_of_index(index_of(rows, columns)))
        } else {
            Err(ShapeError { rows, columns })
        }
    }

    /// Every shape, 2 × 2 to 5 × 5, by rows then columns.
    pub fn all() -> impl Iterator<Item = Shape> {
        (0..SHAPES).map(shape_of_index)
    }

    /// The number of rows.
    #[inline]
    pub const fn rows(self) -> usize {
        self.index as usize / SIDES + MIN_SIDE
    }

    /// The number of columns.
    #[inline]
    pub const fn columns(self) -> usize {
        self.index as usize % SIDES + MIN_SIDE
    }

    /// The number of cells, `rows × columns`: the tiles and the blank.
    #[inline]
    pub const fn cells(self) -> usize {
        self.rows() * self.columns()
    }

    /// The bits a cell takes in a [`Board::code`](super::Board::code): 4 for
    /// up to 16 cells (the code then fits in a `u64`), 5 for more.
    ///
    /// ```
    /// use puzzle_search::sliding::Shape;
    ///
    /// assert_eq!(Shape::FIFTEEN.bits_per_cell(), 4);
    /// assert_eq!(Shape::TWENTY_FOUR.bits_per_cell(), 5);
    /// ```
    #[inline]
    pub const fn bits_per_cell(self) -> u32 {
        4 + (WIDE >> self.index) as u32 % 2
    }

    /// The row of `cell` (0 at the top); cells off the board give 0.
    #[inline]
    pub fn row_of(self, cell: usize) -> usize {
        self.table()
            .row
            .get(cell)
            .map_or(0, |&row| usize::from(row))
    }

    /// The column of `cell` (0 at the left); cells off the board give 0.
    #[inline]
    pub fn column_of(self, cell: usize) -> usize {
        self.table()
            .column
            .get(cell)
            .map_or(0, |&column| usize::from(column))
    }

    /// The fewest moves tile `tile` needs from `cell` to its goal cell, `tile`:
    /// the rows plus the columns between them. 0 for the blank (tile 0) and for
    /// a tile or cell off the board.
    ///
    /// ```
    /// use puzzle_search::sliding::Shape;
    ///
    /// // Tile 1 belongs at row 0, column 1; cell 15 is row 3, column 3.
    /// assert_eq!(Shape::FIFTEEN.manhattan_distance(1, 15), 3 + 2);
    /// assert_eq!(Shape::FIFTEEN.manhattan_distance(0, 15), 0);
    /// ```
    #[inline]
    pub fn manhattan_distance(self, tile: u8, cell: usize) -> u32 {
        if usize::from(tile) < SLOTS && cell < SLOTS {
            u32::from(distance(self, tile, cell))
        } else {
            0
        }
    }

    /// How the Manhattan distance of a board changes when `tile` slides from
    /// cell `from` to cell `to`: an engine can keep the heuristic up to date
    /// from the move alone instead of summing all the tiles again.
    ///
    /// A move slides one tile one cell, so the change is always `-1` or `+1`.
    /// For a tile or cells off the board the distances are 0. (Within a
    /// search, [`Board::manhattan_after`](super::Board::manhattan_after) does
    /// the same from the two boards.)
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Direction, Shape};
    ///
    /// let board = Board::goal(Shape::EIGHT);
    /// let next = board.play(Direction::Right).unwrap(); // tile 1 slides left, away from home
    /// let tile = board.tile_moved_by(Direction::Right).unwrap();
    /// let delta = Shape::EIGHT.manhattan_delta(tile, next.blank(), board.blank());
    /// assert_eq!((tile, delta), (1, 1));
    /// assert_eq!(i64::from(next.manhattan()), i64::from(board.manhattan()) + i64::from(delta));
    /// ```
    #[inline]
    pub fn manhattan_delta(self, tile: u8, from: usize, to: usize) -> i32 {
        self.manhattan_distance(tile, to) as i32 - self.manhattan_distance(tile, from) as i32
    }

    /// The index of this shape in the tables, below 16.
    #[inline]
    const fn index(self) -> usize {
        self.index as usize
    }

    /// The code of this shape's goal board (see [`Board::code`](super::Board::code)).
    #[inline]
    pub(super) fn goal_code(self) -> u128 {
        self.table().goal
    }

    /// The directions the blank can move from `cell`, a cell of the board, as
    /// a mask of [`Direction::bit`]s.
    #[inline]
    // The cell is masked to 5 bits: in bounds.
    #[allow(clippy::indexing_slicing)]
    pub(super) fn moves_from(self, cell: usize) -> u8 {
        self.table().moves[cell % SLOTS]
    }

    /// The cell next to `cell` in `direction`, or `cell` itself where the
    /// board ends (see [`moves_from`](Shape::moves_from)); 0 for a cell off
    /// the board.
    #[inline]
    // The cell is masked to 5 bits and the direction's discriminant is
    // below 4: in bounds.
    #[allow(clippy::indexing_slicing)]
    pub(super) fn neighbour(self, cell: usize, direction: Direction) -> u8 {
        self.table().neighbours[cell % SLOTS][direction as usize % 4]
    }

    /// The square shape of `cells` cells (3 × 3, 4 × 4 or 5 × 5), the shape a
    /// count of numbers alone names.
    pub(super) fn square(cells: usize) -> Option<Shape> {
        [Shape::EIGHT, Shape::FIFTEEN, Shape::TWENTY_FOUR]
            .into_iter()
            .find(|shape| shape.cells() == cells)
    }
}

impl fmt::Display for Shape {
    /// `RxC`, for example `3x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows(), self.columns())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({self})")
    }
}

impl FromStr for Shape {
    type Err = ParseShapeError;

    /// Reads `RxC`: rows, then columns, joined by `x`, `X` or `×` (`3x4`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || ParseShapeError::Syntax {
            text: excerpt(text),
        };
        let (rows, columns) = text.trim().split_once(['x', 'X', '×']).ok_or_else(syntax)?;
        let side = |side: &str| match side.trim() {
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                // Too many digits for a `usize` is too many for a side.
                Ok(digits.parse().unwrap_or(usize::MAX))
            }
            _ => Err(syntax()),
        };
        Shape::new(side(rows)?, side(columns)?).map_err(|_| ParseShapeError::OutOfRange {
            text: excerpt(text.trim()),
        })
    }
}

/// The number of side lengths, 2 to 5.
const SIDES: usize = MAX_SIDE - MIN_SIDE + 1;

/// The table index of `rows` × `columns`, both from 2 to 5.
const fn index_of(rows: usize, columns: usize) -> usize {
    (rows - MIN_SIDE) * SIDES + (columns - MIN_SIDE)
}

/// The shape of table index `index`, below 16.
const fn shape_of_index(index: usize) -> Shape {
    Shape {
        index: (index % SHAPES) as u8,
    }
}

/// Everything the moves and the Manhattan distance need of one shape, in one
/// place: a search touches one table, and keeps one pointer to it.
///
/// Rows are [`SLOTS`] wide, so that an index masked to 5 bits is always in
/// bounds; entries beyond the board are 0.
struct ShapeTable {
    /// The code of the goal: tile `i` on cell `i`.
    goal: u128,
    /// The row and the column of each cell.
    row: [u8; SLOTS],
    column: [u8; SLOTS],
    /// The directions the blank can move in from each cell, as a mask of
    /// [`Direction::bit`]s.
    moves: [u8; SLOTS],
    /// `neighbours[cell][direction]`: the cell next to `cell` in `direction`
    /// (as [`Direction`]'s discriminant), or `cell` itself where the board ends.
    neighbours: [[u8; 4]; SLOTS],
    /// `distance[tile][cell]`: the Manhattan distance of `tile` on `cell`
    /// from its goal cell `tile`; 0 for the blank.
    distance: [[u8; SLOTS]; SLOTS],
}

/// The table of every shape, by [`Shape::index`].
static TABLES: [ShapeTable; SHAPES] = tables();

impl Shape {
    /// This shape's table.
    #[inline]
    // The shape index is below 16 by `Shape`'s invariant.
    #[allow(clippy::indexing_slicing)]
    fn table(self) -> &'static ShapeTable {
        &TABLES[self.index() % SHAPES]
    }
}

/// The Manhattan distance of `tile` on `cell` from its goal cell, for a tile
/// and a cell below 32 (0 beyond the board).
#[inline]
// Tile and cell are masked to 5 bits: in bounds.
#[allow(clippy::indexing_slicing)]
pub(super) fn distance(shape: Shape, tile: u8, cell: usize) -> u8 {
    shape.table().distance[usize::from(tile) % SLOTS][cell % SLOTS]
}

/// The tables of all shapes, built by the compiler.
// Compile-time tables: every index is checked by the compiler.
#[allow(clippy::indexing_slicing)]
const fn tables() -> [ShapeTable; SHAPES] {
    let mut tables = [const {
        ShapeTable {
            goal: 0,
            row: [0; SLOTS],
            column: [0; SLOTS],
            moves: [0; SLOTS],
            neighbours: [[0; 4]; SLOTS],
            distance: [[0; SLOTS]; SLOTS],
        }
    }; SHAPES];
    let mut index = 0;
    while index < SHAPES {
        fill(&mut tables[index], shape_of_index(index));
        index += 1;
    }
    tables
}

/// Fills `table` for `shape`.
// Compile-time tables: every index is checked by the compiler.
#[allow(clippy::indexing_slicing)]
const fn fill(table: &mut ShapeTable, shape: Shape) {
    let (rows, columns) = (shape.rows(), shape.columns());
    let mut cell = 0;
    while cell < shape.cells() {
        let (row, column) = (cell / columns, cell % columns);
        table.goal |= (cell as u128) << (shape.bits_per_cell() as usize * cell);
        table.row[cell] = row as u8;
        table.column[cell] = column as u8;
        let stay = cell as u8;
        let up = row > 0;
        let left = column > 0;
        let right = column + 1 < columns;
        let down = row + 1 < rows;
        table.moves[cell] = ((up as u8) << Direction::Up as u8)
            | ((left as u8) << Direction::Left as u8)
            | ((right as u8) << Direction::Right as u8)
            | ((down as u8) << Direction::Down as u8);
        table.neighbours[cell] = [
            if up { (cell - columns) as u8 } else { stay },
            if left { (cell - 1) as u8 } else { stay },
            if right { (cell + 1) as u8 } else { stay },
            if down { (cell + columns) as u8 } else { stay },
        ];
        // Tile `cell` belongs on cell `cell`; tile 0, the blank, counts 0.
        if cell > 0 {
            let mut on = 0;
            while on < shape.cells() {
                let across = column.abs_diff(on % columns);
                table.distance[cell][on] = (row.abs_diff(on / columns) + across) as u8;
                on += 1;
            }
        }
        cell += 1;
    }
}
