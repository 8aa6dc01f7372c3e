//! Solvability: which half of the boards can reach the goal (the proof is in
//! [`Board::is_solvable`]'s documentation).

use super::Board;

impl Board {
    /// Whether the goal can be reached from this board: the parity rule of
    /// SPEC §4. Half of all boards of every shape are solvable.
    ///
    /// # Why half
    ///
    /// Read a board's tiles in row-major order, leaving out the blank, and
    /// count the *inversions*: the pairs of tiles in the wrong order. A move
    /// left or right keeps that order, so keeps the count. A move up or down
    /// carries one tile past the `C - 1` tiles between its old and new cell,
    /// changing the count by `C - 1` plus or minus an even number, while the
    /// blank changes row. So
    ///
    /// * with `C` odd, the parity of the inversions never changes;
    /// * with `C` even, the parity of inversions + blank row never changes.
    ///
    /// The goal has no inversions and its blank in row 0, so a board whose
    /// parity is odd can never reach it. On every board of at least 2 × 2 the
    /// converse holds too (Johnson and Story, 1879; Archer, 1999): every
    /// board of even parity is solvable, exactly half of them.
    ///
    /// Both cases are one formula: `inversions + row × (C + 1)` is even. (It
    /// is also the parity of the permutation of all the cells, blank
    /// included, plus the blank's distance from its goal cell: each move
    /// swaps two cells and moves the blank one cell, changing both by one.)
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Shape};
    ///
    /// let goal = Board::goal(Shape::FIFTEEN);
    /// assert!(goal.is_solvable());
    ///
    /// // Sam Loyd's 14-15 puzzle: the goal with two tiles swapped.
    /// let loyd: Board = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14".parse()?;
    /// assert!(!loyd.is_solvable());
    /// # Ok::<(), puzzle_search::sliding::BoardError>(())
    /// ```
    pub fn is_solvable(self) -> bool {
        let row = self.shape().row_of(self.blank());
        (self.inversions() + row * (self.shape().columns() + 1)) % 2 == 0
    }

    /// The number of pairs of tiles (the blank left out) in the wrong
    /// row-major order.
    pub(super) fn inversions(self) -> usize {
        let mut seen = 0u32;
        let mut inversions = 0;
        for tile in self.tiles() {
            if tile != 0 {
                // The tiles seen so far that are larger than this one.
                inversions += (seen.wrapping_shr(u32::from(tile))).count_ones() as usize;
                seen |= 1u32.wrapping_shl(u32::from(tile));
            }
        }
        inversions
    }
}
