//! The dense index of all 67,603,900 positions.
//!
//! The index of a position is `empty * C(24, 12) + r`, where `r` is the colex
//! rank of the set of `1` knights among the 24 cells other than the empty one
//! (cells renumbered 0..24 by skipping the empty cell). Colex order is the
//! numeric order of the 24-bit masks, so the next position in index order comes
//! from the previous one by Gosper's hack instead of an unranking.

use core::ops::Range;

use super::{Knights, Position, CELLS, COLOUR_MASK, EMPTY_SHIFT, KNIGHTS_PER_COLOUR};
use crate::util::binomial::BINOMIAL;
use crate::DenseSpace;

/// The arrangements of the 12 `1` knights on the 24 cells other than the empty
/// one, C(24, 12): the positions with one given cell empty. The indices of the
/// positions with cell `e` empty are `e * ARRANGEMENTS..(e + 1) * ARRANGEMENTS`.
pub const ARRANGEMENTS: u64 = 2_704_156;

/// The number of positions: 25 empty cells × C(24, 12) arrangements.
pub const POSITION_COUNT: u64 = CELLS as u64 * ARRANGEMENTS;

const K: usize = KNIGHTS_PER_COLOUR as usize;

/// The smallest and the largest 12-subset of 24 cells, as masks.
const FIRST_SUBSET: u32 = (1 << K) - 1;
const LAST_SUBSET: u32 = FIRST_SUBSET << K;

/// The colex rank of a 24-bit subset is Σ C(cell, i + 1) over its cells in
/// increasing order, `i` counting from 0. `LOW[m]` is the part of that sum for
/// the cells 0..12 in `m`.
const LOW: [u32; 1 << K] = low_table();

/// `HIGH[m]` is the part for the cells 12..24 in `m`, given that the subset has
/// 12 cells in all, so that `12 - m.count_ones()` of them come before.
const HIGH: [u32; 1 << K] = high_table();

// `mask < 1 << K`, `cell < K` and `i <= K`: in bounds (checked at compile time).
#[allow(clippy::indexing_slicing)]
const fn low_table() -> [u32; 1 << K] {
    let mut table = [0; 1 << K];
    let mut mask = 0;
    while mask < 1 << K {
        let (mut sum, mut i, mut cell) = (0, 0, 0);
        while cell < K {
            if mask >> cell & 1 == 1 {
                i += 1;
                sum += BINOMIAL[cell][i];
            }
            cell += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
}

// `mask < 1 << K`, `K + cell < 24` and `i <= K`: in bounds (checked at compile time).
#[allow(clippy::indexing_slicing)]
const fn high_table() -> [u32; 1 << K] {
    let mut table = [0; 1 << K];
    let mut mask = 0;
    while mask < 1 << K {
        let mut i = K - (mask as u32).count_ones() as usize;
        let (mut sum, mut cell) = (0, 0);
        while cell < K {
            if mask >> cell & 1 == 1 {
                i += 1;
                sum += BINOMIAL[K + cell][i];
            }
            cell += 1;
        }
        table[mask] = sum;
        mask += 1;
    }
    table
}

/// The colex rank of a 24-bit mask with 12 bits set.
#[inline]
// Both halves are masked to `K` bits, indexing tables of `1 << K`; hot in the BFS.
#[allow(clippy::indexing_slicing)]
fn subset_rank(subset: u32) -> u32 {
    let low = (subset & FIRST_SUBSET) as usize;
    let high = (subset >> K) as usize & FIRST_SUBSET as usize;
    LOW[low] + HIGH[high]
}

/// The 24-bit mask with 12 bits set of colex rank `rank` (below [`ARRANGEMENTS`]).
// `cell < 24` and `1 <= k <= K`: within `BINOMIAL`'s 25 × 25.
#[allow(clippy::indexing_slicing)]
fn subset_of_rank(mut rank: u32) -> u32 {
    let mut subset = 0;
    let mut below = 24;
    for k in (1..=K).rev() {
        // The largest cell `c` below the previous one with C(c, k) <= rank;
        // C(k - 1, k) = 0, so the search stops at the latest there.
        let mut cell = below - 1;
        while cell >= k && BINOMIAL[cell][k] > rank {
            cell -= 1;
        }
        subset |= 1 << cell;
        rank -= BINOMIAL[cell][k];
        below = cell;
    }
    subset
}

/// The next 12-subset in colex (numeric) order: Gosper's hack.
#[inline]
fn next_subset(subset: u32) -> u32 {
    let filled = subset | (subset - 1);
    (filled + 1) | (((!filled & (filled + 1)) - 1) >> (subset.trailing_zeros() + 1))
}

/// The `1` knights of a 25-bit colour mask as a mask of the 24 cells other
/// than `empty` (whose bit must be clear): the cells above `empty` move down one.
#[inline]
fn compress(colours: u32, empty: u32) -> u32 {
    let below = (1 << empty) - 1;
    colours & below | (colours >> 1) & !below
}

/// The inverse of [`compress`].
#[inline]
fn expand(subset: u32, empty: u32) -> u32 {
    let below = (1 << empty) - 1;
    subset & below | (subset & !below) << 1
}

/// The position with the empty cell `empty` and the `1` knights on `subset`,
/// a mask of the 24 other cells.
#[inline]
fn position(empty: u32, subset: u32) -> Position {
    Position::from_valid_code(expand(subset, empty) | empty << EMPTY_SHIFT)
}

impl Position {
    /// The dense index of this position: `empty * C(24, 12)` plus the colex rank
    /// of the `1` knights among the other 24 cells, below [`POSITION_COUNT`].
    ///
    /// ```
    /// use puzzle_search::knights::{Position, POSITION_COUNT};
    ///
    /// let index = Position::TARGET.index();
    /// assert!(index < POSITION_COUNT);
    /// assert_eq!(Position::from_index(index), Some(Position::TARGET));
    /// assert_eq!(Position::from_index(POSITION_COUNT), None);
    /// ```
    #[inline]
    pub fn index(self) -> u64 {
        let empty = self.empty() as u32;
        let subset = compress(self.code() & COLOUR_MASK, empty);
        u64::from(empty) * ARRANGEMENTS + u64::from(subset_rank(subset))
    }

    /// The position of dense index `index`, or `None` if `index` is not below
    /// [`POSITION_COUNT`].
    pub fn from_index(index: u64) -> Option<Position> {
        if index >= POSITION_COUNT {
            return None;
        }
        let empty = (index / ARRANGEMENTS) as u32;
        let rank = (index % ARRANGEMENTS) as u32;
        Some(position(empty, subset_of_rank(rank)))
    }
}

/// All positions, indexed by [`Position::index`].
impl DenseSpace for Knights {
    type State = Position;

    fn len(&self) -> u64 {
        POSITION_COUNT
    }

    #[inline]
    fn rank(&self, position: &Position) -> u64 {
        position.index()
    }

    fn unrank(&self, index: u64) -> Position {
        // Out of range is a broken contract; the last position is as good as any.
        Position::from_index(index.min(POSITION_COUNT - 1)).unwrap_or(Position::TARGET)
    }

    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Position)) {
        let ranks = ranks.start..ranks.end.min(POSITION_COUNT);
        if ranks.is_empty() {
            return;
        }
        let mut empty = (ranks.start / ARRANGEMENTS) as u32;
        let mut subset = subset_of_rank((ranks.start % ARRANGEMENTS) as u32);
        for index in ranks {
            visit(index, position(empty, subset));
            if subset == LAST_SUBSET {
                empty += 1;
                subset = FIRST_SUBSET;
            } else {
                subset = next_subset(subset);
            }
        }
    }

    fn for_each_goal(&self, mut emit: impl FnMut(Position)) {
        emit(Position::TARGET);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_tables() {
        assert_eq!(u64::from(BINOMIAL[24][12]), ARRANGEMENTS);
        assert_eq!(subset_rank(FIRST_SUBSET), 0);
        assert_eq!(u64::from(subset_rank(LAST_SUBSET)), ARRANGEMENTS - 1);
        let mut subset = FIRST_SUBSET;
        for rank in 0..5000 {
            assert_eq!(subset_rank(subset), rank);
            assert_eq!(subset_of_rank(rank), subset);
            subset = next_subset(subset);
        }
    }
}
