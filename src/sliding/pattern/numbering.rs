//! The numbering of the placements of a group's tiles: a dense rank of the
//! cells they stand on, and the cells of a board's tiles looked up at once.

use crate::sliding::partition::MAX_GROUP;
use crate::sliding::Board;

/// The numbering of the placements of `size` distinct tiles on `cells` cells:
/// the tiles' cells read as digits of a mixed-radix number, each digit
/// counting only the cells the tiles before it left free.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Numbering {
    cells: u32,
    pub(super) size: usize,
    /// `multipliers[i]`: the placements of the tiles after the `i`th.
    multipliers: [u64; MAX_GROUP],
}

impl Numbering {
    pub(super) fn new(cells: usize, size: usize) -> Numbering {
        let mut multipliers = [0u64; MAX_GROUP];
        for (index, multiplier) in multipliers.iter_mut().enumerate().take(size) {
            *multiplier = ((index + 1)..size).fold(1u64, |product, later| {
                product.saturating_mul((cells - later) as u64)
            });
        }
        Numbering {
            cells: cells as u32,
            size,
            multipliers,
        }
    }

    /// The number of the placement that puts the tiles on `cells`, in order,
    /// and the mask of those cells.
    #[inline(always)]
    pub(super) fn rank(&self, cells: impl Iterator<Item = u8>) -> (u64, u32) {
        let mut taken = 0u32;
        let mut rank = 0u64;
        for (cell, &multiplier) in cells.zip(&self.multipliers) {
            let bit = 1u32 << (cell & 31);
            let before = (taken & (bit - 1)).count_ones();
            rank += u64::from(u32::from(cell) - before) * multiplier;
            taken |= bit;
        }
        (rank, taken)
    }

    /// [`rank`](Numbering::rank) of a group of `N` tiles: a fixed count the
    /// compiler unrolls, for the pattern databases' lookups, made for every
    /// board a search meets.
    #[inline(always)]
    pub(super) fn rank_of<const N: usize>(&self, cells: [u8; N]) -> u64 {
        self.rank(cells.iter().copied()).0
    }

    /// The number of the placement of `state` once its tile `index` moves
    /// from cell `from` to the free cell `to`, found from the old number
    /// rather than counted again.
    ///
    /// A tile's digit counts the free cells before its own, so a move
    /// changes the digit of the tile moved by the cells it passes, less the
    /// earlier tiles among them, and the digit of each later tile among them
    /// by one.
    #[inline]
    pub(super) fn moved(&self, state: Placed<'_>, index: usize, from: u8, to: u8) -> u64 {
        let multiplier = |tile: usize| self.multipliers.get(tile).copied().unwrap_or(0);
        let (low, high) = (from.min(to), from.max(to));
        // The cells strictly between the two.
        let between = ((1u32 << (high & 31)) - 1) & !((2u32 << (low & 31)) - 1);
        let mut earlier = 0u64;
        let mut later = 0u64;
        if state.taken & between != 0 {
            for (tile, &cell) in state.cells.iter().enumerate().take(self.size) {
                if between & 1 << (cell & 31) != 0 {
                    if tile < index {
                        earlier += 1;
                    } else {
                        later += multiplier(tile);
                    }
                }
            }
        }
        let step = u64::from(high - low) - earlier;
        let change = step * multiplier(index) + later;
        if to > from {
            state.placement + change
        } else {
            state.placement - change
        }
    }

    /// The cells of the placement numbered `rank`, and their mask.
    pub(super) fn unrank(&self, mut rank: u64) -> ([u8; MAX_GROUP], u32) {
        let mut cells = [0u8; MAX_GROUP];
        let mut taken = 0u32;
        for (slot, &multiplier) in cells.iter_mut().zip(&self.multipliers).take(self.size) {
            let digit = rank / multiplier.max(1);
            rank %= multiplier.max(1);
            *slot = nth_free(taken, digit as u32, self.cells);
            taken |= 1 << *slot;
        }
        (cells, taken)
    }
}

/// A placement as [`Numbering::moved`] reads it: the cell of each tile, their
/// mask, and the placement's number.
pub(super) struct Placed<'s> {
    pub(super) cells: &'s [u8; MAX_GROUP],
    pub(super) taken: u32,
    pub(super) placement: u64,
}

/// The cell of each tile of `board`, by tile (the blank's at 0); 32
/// entries, so that a tile masked to five bits indexes it without a check.
/// The lookups read the entries of the groups' tiles only, never the blank's.
#[inline(always)]
pub(super) fn cells_of_tiles(board: &Board) -> [u8; 32] {
    let mut cell_of = [0u8; 32];
    let mut place = |tile: u8, cell: usize| {
        if let Some(slot) = cell_of.get_mut(usize::from(tile & 31)) {
            *slot = cell as u8;
        }
    };
    if board.shape().bits_per_cell() == 4 {
        // All sixteen fields of the word, a fixed loop the compiler unrolls:
        // those past the board's cells hold 0 (a board's code has no bit set
        // beyond its cells), and going down, the blank's own cell is the last
        // written for tile 0.
        let code = board.code() as u64;
        for cell in (0..16).rev() {
            place((code >> (4 * cell)) as u8 & 0xf, cell);
        }
    } else {
        for cell in 0..board.shape().cells() {
            place(board.field(cell), cell);
        }
    }
    cell_of
}

/// The `n`th cell (from 0) below `cells` that is not in `taken`, or the
/// last cell when there are fewer.
fn nth_free(taken: u32, n: u32, cells: u32) -> u8 {
    let mut left = n;
    for cell in 0..cells {
        if taken & 1 << cell == 0 {
            if left == 0 {
                return cell as u8;
            }
            left -= 1;
        }
    }
    cells.saturating_sub(1) as u8
}

#[cfg(test)]
// A test fails by panicking.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::sliding::partition::placements;
    use crate::sliding::Shape;

    #[test]
    fn numbering_is_a_bijection() {
        for (cells, size) in [(9, 1), (9, 3), (6, 5), (16, 2)] {
            let numbering = Numbering::new(cells, size);
            let count = placements(cells as u64, size as u64);
            for rank in 0..count {
                let (placed, taken) = numbering.unrank(rank);
                assert_eq!(taken.count_ones() as usize, size);
                assert_eq!(
                    numbering.rank(placed.iter().copied().take(size)),
                    (rank, taken)
                );
            }
        }
    }

    /// `rank_of` for `N` tiles numbers back a spread of placements on
    /// 16 and 25 cells.
    fn unrolled_ranking_agrees<const N: usize>() {
        for cells in [16, 25] {
            let numbering = Numbering::new(cells, N);
            let count = placements(cells as u64, N as u64);
            for rank in (0..count).step_by((count / 997).max(1) as usize) {
                let (placed, _) = numbering.unrank(rank);
                let mut tiles_cells = [0u8; N];
                tiles_cells.copy_from_slice(&placed[..N]);
                assert_eq!(
                    numbering.rank_of(tiles_cells),
                    rank,
                    "{N} tiles, {cells} cells"
                );
            }
        }
    }

    #[test]
    fn every_tile_is_placed_on_its_cell() {
        for shape in Shape::all() {
            let goal = Board::goal(shape);
            let mut boards = vec![goal];
            let mut board = goal;
            for step in 0..40 {
                let directions: Vec<_> = board.directions().collect();
                board = board.play(directions[step % directions.len()]).unwrap();
                boards.push(board);
            }
            for board in boards {
                let cell_of = cells_of_tiles(&board);
                for (cell, tile) in board.tiles().enumerate() {
                    assert_eq!(usize::from(cell_of[usize::from(tile)]), cell, "{board:?}");
                }
            }
        }
    }

    #[test]
    fn every_group_size_has_its_ranking() {
        unrolled_ranking_agrees::<1>();
        unrolled_ranking_agrees::<2>();
        unrolled_ranking_agrees::<3>();
        unrolled_ranking_agrees::<4>();
        unrolled_ranking_agrees::<5>();
        unrolled_ranking_agrees::<6>();
        unrolled_ranking_agrees::<7>();
        unrolled_ranking_agrees::<8>();
        unrolled_ranking_agrees::<9>();
        unrolled_ranking_agrees::<10>();
        unrolled_ranking_agrees::<MAX_GROUP>();
    }
}
