//! Lower bounds on the moves to the goal: the Manhattan distance and the
//! linear conflicts added to it.

use crate::adapt::Heuristic;
use crate::util::named::by_name;

use super::shape::distance;
use super::{Board, MAX_CELLS, MAX_SIDE};

/// A lower bound to hand to A* and IDA*, by name: a [`Heuristic`] for
/// [`Puzzle::with_heuristic`](crate::Puzzle::with_heuristic).
///
/// [`Sliding`](super::Sliding) has the Manhattan distance
/// already, kept up to date move by move; the kind `Manhattan` recomputes it
/// for every state.
///
/// ```
/// use puzzle_search::sliding::{Board, HeuristicKind, Sliding};
/// use puzzle_search::Puzzle;
///
/// let board: Board = "0 2 1\n3 4 5\n6 7 8".parse()?;
/// assert_eq!(HeuristicKind::Manhattan.estimate(&board), 2);
/// assert_eq!(HeuristicKind::LinearConflict.estimate(&board), 4);
/// assert_eq!("linear-conflict".parse(), Ok(HeuristicKind::LinearConflict));
/// let puzzle = Sliding::new().with_heuristic(HeuristicKind::LinearConflict);
/// assert_eq!(puzzle.heuristic(&board), 4);
/// # Ok::<(), puzzle_search::sliding::BoardError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// [`Board::manhattan`]: cheap (and cheaper still as
    /// [`Sliding`](super::Sliding)'s own, updated move by move).
    #[default]
    Manhattan,
    /// [`Board::linear_conflict`]: never below the Manhattan distance, so A*
    /// and IDA* expand fewer states, at some cost per state.
    LinearConflict,
}

impl HeuristicKind {
    /// Both kinds, weakest first.
    pub const ALL: [HeuristicKind; 2] = [HeuristicKind::Manhattan, HeuristicKind::LinearConflict];

    /// `manhattan` or `linear-conflict`.
    pub const fn name(self) -> &'static str {
        match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
        }
    }

    /// The bound for `board`.
    #[inline]
    pub fn estimate(self, board: &Board) -> u32 {
        match self {
            HeuristicKind::Manhattan => board.manhattan(),
            HeuristicKind::LinearConflict => board.linear_conflict(),
        }
    }
}

impl Heuristic<Board> for HeuristicKind {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        HeuristicKind::estimate(*self, board)
    }
}

/// The error for a heuristic name other than `manhattan` and `linear-conflict`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown heuristic {0:?}: expected manhattan or linear-conflict")]
pub struct UnknownHeuristic(pub String);

by_name!(HeuristicKind, UnknownHeuristic);

impl Board {
    /// The Manhattan distance: the sum over the tiles (not the blank) of the
    /// rows and columns between each tile and its goal cell.
    ///
    /// Admissible: a move slides one tile one cell, so it brings the sum down
    /// by at most one. It changes by exactly one per move, and has the parity
    /// of the true distance.
    ///
    /// ```
    /// use puzzle_search::sliding::Board;
    ///
    /// // Korf's instance 1: 41 by Manhattan, 57 moves in fact.
    /// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
    /// assert_eq!(board.manhattan(), 41);
    /// # Ok::<(), puzzle_search::sliding::BoardError>(())
    /// ```
    #[inline]
    pub fn manhattan(&self) -> u32 {
        let shape = self.shape();
        let bits = shape.bits_per_cell();
        let mask = (1 << bits) - 1;
        let mut code = self.code();
        let mut total = 0;
        for cell in 0..shape.cells() {
            total += u32::from(distance(shape, (code & mask) as u8, cell));
            code >>= bits;
        }
        total
    }

    /// The Manhattan distance of `next`, a board one move from this one, given
    /// this board's, `manhattan`: the incremental update of a depth-first
    /// search, two table lookups instead of a sum over the tiles.
    ///
    /// The tile that moved is the one this board holds on `next`'s blank; it
    /// went from there to this board's blank. When `next` is not one move
    /// away the result is meaningless (but no panic).
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Direction};
    ///
    /// let board: Board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse()?;
    /// for direction in Direction::ALL {
    ///     let next = board.play(direction).unwrap();
    ///     assert_eq!(board.manhattan_after(board.manhattan(), &next), next.manhattan());
    /// }
    /// # Ok::<(), puzzle_search::sliding::BoardError>(())
    /// ```
    #[inline]
    pub fn manhattan_after(&self, manhattan: u32, next: &Board) -> u32 {
        let shape = self.shape();
        // The tile read where the move found it, as the move itself read it.
        let tile = self.field(next.blank());
        let to = u32::from(distance(shape, tile, self.blank()));
        let from = u32::from(distance(shape, tile, next.blank()));
        manhattan.wrapping_add(to).wrapping_sub(from)
    }

    /// The Manhattan distance plus the linear conflicts: for every row, twice
    /// the fewest tiles that must leave it so that the tiles whose goal is in
    /// that row are in goal order; and the same for every column.
    ///
    /// # Why it is admissible
    ///
    /// Tiles cannot pass each other within a row: of the tiles now in their
    /// goal row, those that never leave it keep their order until the goal,
    /// so they must be in goal order already. At least `k - l` of the `k`
    /// tiles in their goal row must therefore leave it and come back, `l`
    /// being the most of them that are in goal order among themselves (a
    /// longest increasing subsequence of their goal columns).
    /// Leaving and coming back takes two vertical moves that the Manhattan
    /// distance does not count, since it counts no vertical move for a tile
    /// already in its goal row. Columns alike, with horizontal moves. The
    /// moves added for rows are vertical and those for columns horizontal, so
    /// no move is counted twice. Counting the pairs in conflict instead would
    /// overestimate: 3, 2, 1 in their goal row make three pairs, but two
    /// tiles stepping aside are enough.
    ///
    /// Like the Manhattan distance, it has the parity of the true distance.
    /// It is also consistent, changing by exactly one per move: a tile that
    /// enters or leaves its goal row (or column) changes the Manhattan
    /// distance by one and that line's count of tiles to remove by at most
    /// one, and a move along a line keeps the order of its tiles.
    ///
    /// ```
    /// use puzzle_search::sliding::Board;
    ///
    /// // Tiles 2 and 1 are in their goal row, reversed: one must step aside.
    /// let board: Board = "0 2 1 3 4 5 6 7 8".parse()?;
    /// assert_eq!(board.manhattan(), 2);
    /// assert_eq!(board.linear_conflict(), 2 + 2);
    /// # Ok::<(), puzzle_search::sliding::BoardError>(())
    /// ```
    pub fn linear_conflict(&self) -> u32 {
        self.manhattan() + self.conflicts()
    }

    /// The moves linear conflicts add to the Manhattan distance.
    fn conflicts(self) -> u32 {
        let shape = self.shape();
        let (rows, columns) = (shape.rows(), shape.columns());
        let mut tiles = [0u8; MAX_CELLS];
        for (slot, tile) in tiles.iter_mut().zip(self.tiles()) {
            *slot = tile;
        }
        let mut extra = 0;
        // A line is a row (`rows_first`) or a column; `along` is the
        // coordinate that orders tiles within it.
        for (lines, length, rows_first) in [(rows, columns, true), (columns, rows, false)] {
            for line in 0..lines {
                let mut order = [0u8; MAX_SIDE];
                let mut k = 0;
                for along in 0..length {
                    let cell = if rows_first {
                        line * columns + along
                    } else {
                        along * columns + line
                    };
                    let tile = usize::from(tiles.get(cell).copied().unwrap_or(0));
                    let (home_line, home_along) = if rows_first {
                        (shape.row_of(tile), shape.column_of(tile))
                    } else {
                        (shape.column_of(tile), shape.row_of(tile))
                    };
                    if tile != 0 && home_line == line {
                        if let Some(slot) = order.get_mut(k) {
                            *slot = home_along as u8;
                            k += 1;
                        }
                    }
                }
                let kept = longest_increasing(order.get(..k).unwrap_or_default());
                extra += 2 * (k - kept) as u32;
            }
        }
        extra
    }
}

/// The length of a longest strictly increasing subsequence of `values`
/// (at most five of them: quadratic is fastest).
fn longest_increasing(values: &[u8]) -> usize {
    let mut ending = [0usize; MAX_SIDE];
    let mut best = 0;
    for (i, &value) in values.iter().enumerate().take(MAX_SIDE) {
        let before = values
            .iter()
            .zip(&ending)
            .take(i)
            .filter(|&(&earlier, _)| earlier < value)
            .map(|(_, &length)| length)
            .max()
            .unwrap_or(0);
        if let Some(slot) = ending.get_mut(i) {
            *slot = before + 1;
        }
        best = best.max(before + 1);
    }
    best
}
