//! Positions as `u32` codes, the cells they hold and the jumps between them.

use core::fmt;

use super::{CELLS, CENTRE, COLOUR_MASK, EMPTY_SHIFT, KNIGHTS_PER_COLOUR, SIDE};

/// What stands on one cell.
///
/// The SCOI2005 statement writes a white knight as `0` and a black knight as `1`.
/// Every text format uses only the symbols; the colour names are just names for
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black knight, written `1`.
    Black,
    /// A white knight, written `0`.
    White,
    /// The empty cell, written `*`.
    Empty,
}

impl Cell {
    /// The symbol of the cell in every text format: `'1'`, `'0'` or `'*'`.
    ///
    /// ```
    /// use puzzle_search::knights::Cell;
    ///
    /// assert_eq!(Cell::Black.symbol(), '1');
    /// assert_eq!(Cell::from_symbol('*'), Some(Cell::Empty));
    /// assert_eq!(Cell::from_symbol('x'), None);
    /// ```
    pub const fn symbol(self) -> char {
        match self {
            Cell::Black => '1',
            Cell::White => '0',
            Cell::Empty => '*',
        }
    }

    /// The cell written `symbol`, if it is one of `'1'`, `'0'` and `'*'`.
    pub const fn from_symbol(symbol: char) -> Option<Cell> {
        match symbol {
            '1' => Some(Cell::Black),
            '0' => Some(Cell::White),
            '*' => Some(Cell::Empty),
            _ => None,
        }
    }
}

/// A position: where the knights stand and which cell is empty.
///
/// Cell `i = 5 * row + column` (row 0 at the top). The code is a `u32`:
/// bit `i` (for `i` in 0..=24) is set when cell `i` holds a black knight (`1`),
/// bits 25..=29 hold the index of the empty cell, whose bit 0..=24 is clear, and
/// bits 30 and 31 are clear. Every value of this type holds exactly 12 knights of
/// each colour, so its methods need no checks.
///
/// ```
/// use puzzle_search::knights::{Cell, Position};
///
/// let position: Position = "10110/01*11/10111/01001/00000".parse()?;
/// assert_eq!(position.empty(), 7);
/// assert_eq!(position.cell(0), Some(Cell::Black));
/// assert_eq!(position.to_row_string(), "1011001*11101110100100000");
/// assert_eq!(Position::from_code(position.code()), Some(position));
/// println!("{position}"); // the 5-line grid
/// # Ok::<(), puzzle_search::knights::ParsePositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u32);

impl Position {
    /// The goal: rows `11111`, `01111`, `00*11`, `00001`, `00000`.
    pub const TARGET: Position = Position(
        0b11111 // row 0
            | 0b11110 << 5 // row 1: columns 1 to 4
            | 0b11000 << 10 // row 2: columns 3 and 4
            | 0b10000 << 15 // row 3: column 4
            | (CENTRE as u32) << EMPTY_SHIFT,
    );

    /// The position with this [`code`](Position::code), or `None` when `code` is
    /// not one: the empty index must be below 25, its cell's bit clear, exactly 12
    /// of bits 0..=24 set and bits 30 and 31 clear.
    ///
    /// ```
    /// use puzzle_search::knights::Position;
    ///
    /// let target = Position::TARGET.code();
    /// assert_eq!(Position::from_code(target), Some(Position::TARGET));
    /// assert_eq!(Position::from_code(target ^ 1), None); // 11 knights of colour 1
    /// ```
    pub const fn from_code(code: u32) -> Option<Position> {
        // Bits 30 and 31 land in the empty index, which then exceeds 24.
        let empty = code >> EMPTY_SHIFT;
        let colours = code & COLOUR_MASK;
        if empty as usize >= CELLS
            || colours.count_ones() != KNIGHTS_PER_COLOUR
            || colours >> empty & 1 != 0
        {
            return None;
        }
        Some(Position(code))
    }

    /// The code of this position (see [`Position`] for its layout).
    #[inline]
    pub const fn code(self) -> u32 {
        self.0
    }

    /// The index of the empty cell, `5 * row + column`.
    pub const fn empty(self) -> usize {
        (self.0 >> EMPTY_SHIFT) as usize
    }

    /// What stands on cell `index` (`5 * row + column`), or `None` off the board.
    pub fn cell(self, index: usize) -> Option<Cell> {
        (index < CELLS).then(|| self.cell_on_board(index))
    }

    /// What stands on cell `index`, which is below 25.
    fn cell_on_board(self, index: usize) -> Cell {
        if index == self.empty() {
            Cell::Empty
        } else if self.0 >> index & 1 == 1 {
            Cell::Black
        } else {
            Cell::White
        }
    }

    /// The 25 cells in row-major order.
    pub fn cells(self) -> impl ExactSizeIterator<Item = Cell> {
        (0..CELLS).map(move |index| self.cell_on_board(index))
    }

    /// The 25 symbols in row-major order (`0`, `1`, `*`), without separators: the
    /// form positions take in JSON. [`FromStr`](core::str::FromStr) reads it back.
    pub fn to_row_string(self) -> String {
        self.cells().map(Cell::symbol).collect()
    }

    /// The number of knights standing on a cell whose target symbol differs from their own.
    ///
    /// The empty cell is not counted; a knight on the centre, where the target
    /// has its empty cell, always is.
    pub const fn misplaced(self) -> u32 {
        let empty = self.empty();
        let ignored = 1 << empty | 1 << CENTRE;
        let differing = (self.0 ^ Position::TARGET.0) & COLOUR_MASK & !ignored;
        differing.count_ones() + (empty != CENTRE) as u32
    }

    /// A lower bound on the moves to [`Position::TARGET`]: [`misplaced`](Position::misplaced),
    /// raised by one when its parity is impossible.
    ///
    /// # Why it is admissible
    ///
    /// A jump moves one knight, so it puts at most one misplaced knight in place:
    /// at least `misplaced()` moves remain. Counting the empty cell as a misplaced
    /// piece too, as some classic solutions do, would overestimate by one on the
    /// last move, where one jump fixes both the knight and the empty centre.
    ///
    /// A knight's move changes `row + column` by an odd number, so every jump
    /// flips the colour of the empty cell's square. The target's empty cell is
    /// the centre, `(2, 2)`, an even square; so the number of moves left is even
    /// exactly when the empty cell is on an even square. When `misplaced()` has
    /// the other parity it cannot be the exact distance, and the distance is at
    /// least one more.
    ///
    /// The bound is also consistent: it changes by exactly one per move.
    #[inline]
    pub const fn lower_bound(self) -> u32 {
        let empty = self.empty();
        let parity = ((empty / SIDE + empty % SIDE) % 2) as u32;
        let misplaced = self.misplaced();
        misplaced + ((misplaced ^ parity) & 1)
    }

    /// The jumps possible from this position, in increasing order of `from`.
    #[inline]
    pub fn jumps(self) -> impl Iterator<Item = Jump> {
        let to = self.empty();
        let mut sources = knight_moves_to(to);
        core::iter::from_fn(move || {
            if sources == 0 {
                return None;
            }
            let from = sources.trailing_zeros();
            sources &= sources - 1;
            Some(Jump {
                from: from as u8,
                to: to as u8,
            })
        })
    }

    /// The position after `jump`, or `None` when `jump` is not legal here: its
    /// `to` must be the empty cell and its `from` a knight's move away.
    ///
    /// ```
    /// use puzzle_search::knights::{Jump, Position};
    ///
    /// let jump = Jump { from: 1, to: 12 }; // row 0, column 1 into the centre
    /// let next = Position::TARGET.play(jump).unwrap();
    /// assert_eq!(next.empty(), 1);
    /// assert_eq!(next.play(jump.reversed()), Some(Position::TARGET));
    /// assert_eq!(Position::TARGET.play(Jump { from: 0, to: 12 }), None);
    /// ```
    pub fn play(self, jump: Jump) -> Option<Position> {
        let (from, to) = (usize::from(jump.from), usize::from(jump.to));
        let legal = to == self.empty() && from < CELLS && knight_moves_to(to) >> from & 1 == 1;
        legal.then(|| self.jump(from, to))
    }

    /// The position of `code`, which the caller knows to be one.
    #[inline]
    pub(super) const fn from_valid_code(code: u32) -> Position {
        Position(code)
    }

    /// Moves the knight on `from` into the empty cell `to`; the caller checks legality.
    #[inline]
    pub(super) const fn jump(self, from: usize, to: usize) -> Position {
        let colours = self.0 & COLOUR_MASK;
        let knight = colours >> from & 1;
        let colours = colours & !(1 << from) | knight << to;
        Position(colours | (from as u32) << EMPTY_SHIFT)
    }

    /// Builds a position from its cells in row-major order, checking the counts.
    ///
    /// `Err` holds the counts of `1`, `0` and `*` found when they are not 12, 12 and 1.
    pub(super) fn from_cells(cells: [Cell; CELLS]) -> Result<Position, Counts> {
        let mut counts = Counts::default();
        let mut colours = 0u32;
        let mut empty = 0u32;
        for (index, cell) in (0u32..).zip(cells) {
            match cell {
                Cell::Black => {
                    counts.ones += 1;
                    colours |= 1 << index;
                }
                Cell::White => counts.zeros += 1,
                Cell::Empty => {
                    counts.empties += 1;
                    empty = index;
                }
            }
        }
        let expected = Counts {
            ones: KNIGHTS_PER_COLOUR as usize,
            zeros: KNIGHTS_PER_COLOUR as usize,
            empties: 1,
        };
        if counts != expected {
            return Err(counts);
        }
        Position::from_code(colours | empty << EMPTY_SHIFT).ok_or(counts)
    }
}

/// How many of each symbol a board holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    pub(super) ones: usize,
    pub(super) zeros: usize,
    pub(super) empties: usize,
}

impl fmt::Display for Position {
    /// The 5-line grid, rows separated by `\n`, no newline after the last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, cell) in self.cells().enumerate() {
            if index > 0 && index % SIDE == 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}", cell.symbol())?;
        }
        Ok(())
    }
}

/// One move: the knight on cell `from` jumps into the empty cell `to`.
///
/// Cells are indexed `5 * row + column`. A jump undoes itself: after it, the
/// knight stands on `to`, `from` is empty, and [`reversed`](Jump::reversed)
/// takes it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The cell the knight leaves, which becomes empty.
    pub from: u8,
    /// The empty cell the knight lands on.
    pub to: u8,
}

impl Jump {
    /// The jump that undoes this one.
    pub const fn reversed(self) -> Jump {
        Jump {
            from: self.to,
            to: self.from,
        }
    }
}

/// For each cell, a bit mask of the cells a knight's move away.
const KNIGHT_MOVES: [u32; CELLS] = knight_moves();

/// The cells a knight's move away from `cell` (none off the board).
#[inline]
fn knight_moves_to(cell: usize) -> u32 {
    KNIGHT_MOVES.get(cell).copied().unwrap_or(0)
}

/// The cells a knight's move away from `cell`, as a mask with bit `i` for
/// cell `i` (`5 * row + column`); 0 off the board.
///
/// ```
/// use puzzle_search::knights::knight_neighbours;
///
/// // The corner reaches row 1, column 2 and row 2, column 1.
/// assert_eq!(knight_neighbours(0), 1 << 7 | 1 << 11);
/// assert_eq!(knight_neighbours(12).count_ones(), 8);
/// assert_eq!(knight_neighbours(25), 0);
/// ```
#[inline]
pub fn knight_neighbours(cell: usize) -> u32 {
    knight_moves_to(cell)
}

// Runs at compile time, where every index is checked by the compiler.
#[allow(clippy::indexing_slicing)]
const fn knight_moves() -> [u32; CELLS] {
    const OFFSETS: [(i32, i32); 8] = [
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
    let side = SIDE as i32;
    let mut table = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, column) = ((cell / SIDE) as i32, (cell % SIDE) as i32);
        let mut k = 0;
        while k < OFFSETS.len() {
            let (r, c) = (row + OFFSETS[k].0, column + OFFSETS[k].1);
            if 0 <= r && r < side && 0 <= c && c < side {
                table[cell] |= 1 << (r * side + c);
            }
            k += 1;
        }
        cell += 1;
    }
    table
}
