//! The dense index of the solvable boards of one shape, (R·C)!/2 of them
//! (the numbering is in [`SolvableBoards`]' documentation).

use core::ops::Range;

use super::{Board, Shape, MAX_CELLS};
use crate::DenseSpace;

/// The most cells a shape may have for its boards to be numbered in a `u64`:
/// 20! / 2 fits, 25! / 2 does not.
pub const MAX_INDEXED_CELLS: usize = 20;

/// `FACTORIAL[k]` = k! for k ≤ 20.
const FACTORIAL: [u64; MAX_INDEXED_CELLS + 1] = factorials();

// Compile-time table: every index is checked by the compiler.
#[allow(clippy::indexing_slicing)]
const fn factorials() -> [u64; MAX_INDEXED_CELLS + 1] {
    let mut table = [1; MAX_INDEXED_CELLS + 1];
    let mut k = 1;
    while k <= MAX_INDEXED_CELLS {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
}

/// `k!`, for `k` ≤ [`MAX_INDEXED_CELLS`]: the callers' `k` counts cells of
/// a board, and only boards of at most that many cells are indexed.
#[inline]
// `k <= MAX_INDEXED_CELLS`, the callers' invariant, is within the table.
#[allow(clippy::indexing_slicing)]
fn factorial(k: usize) -> u64 {
    debug_assert!(k < FACTORIAL.len(), "{k}!");
    FACTORIAL[k]
}

/// A shape too large to number its boards in a `u64`: 5 × 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the boards of a {shape} puzzle are too many to number: at most 20 cells, not {}", .shape.cells())]
pub struct TooManyBoards {
    /// The shape asked for.
    pub shape: Shape,
}

/// The solvable boards of one shape as a [`DenseSpace`]: (R·C)!/2 boards;
/// the goal is rank 0.
///
/// # The numbering
///
/// A solvable board is ranked by its blank's cell and by the order of its
/// tiles read row-major without the blank, a permutation of `n - 1` tiles
/// (`n` = R·C):
///
/// ```text
/// rank = blank × (n - 1)!/2 + lex / 2
/// ```
///
/// where `lex` is the permutation's lexicographic rank (its Lehmer code read
/// in the factorial number system). Lexicographic ranks `2k` and `2k + 1`
/// differ by a swap of the last two tiles, so they have opposite inversion
/// parities; with the blank fixed, the parity decides solvability (see
/// [`Board::is_solvable`]), so exactly one of each pair is solvable and
/// `lex / 2` numbers the solvable ones without a gap. The sum of the Lehmer
/// digits is the number of inversions, so ranking checks solvability for
/// free. [`for_each_state`](DenseSpace::for_each_state) steps from one
/// permutation to the next instead of unranking each.
///
/// With [`Sliding`](super::Sliding) it lets the crate's
/// exhaustive `atlas` engine map every board of a shape with one byte each:
/// 181,440 for 3 × 3, 239,500,800 for 3 × 4. Unsolvable boards and boards of
/// other shapes are outside the space: they rank at [`len`](DenseSpace::len)
/// or above.
///
/// # Example
///
/// ```
/// use puzzle_search::DenseSpace;
/// use puzzle_search::sliding::{Board, Shape, SolvableBoards};
///
/// let space = SolvableBoards::new(Shape::EIGHT)?;
/// assert_eq!(space.len(), 181_440);
/// let board: Board = "8 0 6 5 4 7 2 3 1".parse()?;
/// let rank = space.rank(&board);
/// assert!(rank < space.len());
/// assert_eq!(space.unrank(rank), board);
/// assert_eq!(space.rank(&Board::goal(Shape::EIGHT)), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolvableBoards {
    shape: Shape,
    /// The solvable boards with one given blank cell: (n - 1)!/2.
    per_blank: u64,
}

impl SolvableBoards {
    /// The space of `shape`'s solvable boards.
    ///
    /// # Errors
    ///
    /// [`TooManyBoards`] for more than 20 cells (5 × 5), whose 25!/2 boards
    /// do not fit in a `u64`. (Long before that they do not fit in memory: a
    /// 4 × 4 atlas would take 16!/2 bytes, 10 TB.)
    pub fn new(shape: Shape) -> Result<Self, TooManyBoards> {
        if shape.cells() > MAX_INDEXED_CELLS {
            return Err(TooManyBoards { shape });
        }
        Ok(SolvableBoards {
            shape,
            per_blank: factorial(shape.cells() - 1) / 2,
        })
    }

    /// The shape.
    pub const fn shape(&self) -> Shape {
        self.shape
    }
}

/// A place in the numbering: a blank cell and a permutation of the other
/// tiles of lexicographic rank `2k`, whose solvable member of the pair
/// (`2k` or `2k + 1`) is the board of rank `blank × (n - 1)!/2 + k`.
struct Walk {
    space: SolvableBoards,
    blank: usize,
    /// The tiles in row-major order without the blank, as values `tile - 1`.
    order: [u8; MAX_CELLS],
    /// The parity of the inversions of `order`.
    odd: bool,
}

impl Walk {
    /// The place of rank `rank`, below the space's length.
    fn at(space: SolvableBoards, rank: u64) -> Walk {
        let tiles = space.shape.cells() - 1;
        let mut lex = (rank % space.per_blank) * 2;
        let mut order = [0u8; MAX_CELLS];
        let mut unused = (1u32 << tiles) - 1;
        let mut inversions = 0;
        for (i, slot) in order.iter_mut().enumerate().take(tiles) {
            // The Lehmer digit: the unused values below this one.
            let weight = factorial(tiles - 1 - i);
            let digit = lex.checked_div(weight).unwrap_or(0);
            lex -= digit * weight;
            inversions += digit;
            *slot = nth_set_bit(unused, digit as u32);
            unused &= !(1 << *slot);
        }
        Walk {
            space,
            blank: (rank / space.per_blank) as usize,
            order,
            odd: inversions % 2 == 1,
        }
    }

    /// The board here: the permutation, or its last two tiles swapped when
    /// that is the solvable one.
    fn board(&self) -> Board {
        let shape = self.space.shape;
        let cells = shape.cells();
        let row_odd = shape.row_of(self.blank) * (shape.columns() + 1) % 2 == 1;
        let mut order = self.order;
        if self.odd != row_odd {
            order.swap(cells - 3, cells - 2);
        }
        // The tiles packed without the blank, then split at the blank's cell
        // to make room for its (zero) field.
        let bits = shape.bits_per_cell();
        let packed = order
            .iter()
            .take(cells - 1)
            .rev()
            .fold(0u128, |code, &value| code << bits | (u128::from(value) + 1));
        let split = bits * self.blank as u32;
        let below = (1u128 << split) - 1;
        let code = packed & below | (packed & !below) << bits;
        Board::from_parts(shape, code, self.blank)
    }

    /// Moves on to the next rank: two permutations on, or the first
    /// permutation of the next blank cell.
    fn advance(&mut self) {
        let tiles = self.space.shape.cells() - 1;
        let Some(order) = self.order.get_mut(..tiles) else {
            return;
        };
        for _ in 0..2 {
            match next_permutation(order) {
                Some(flips) => self.odd ^= flips % 2 == 1,
                None => {
                    for (value, slot) in (0..).zip(order.iter_mut()) {
                        *slot = value;
                    }
                    self.odd = false;
                    self.blank += 1;
                    return;
                }
            }
        }
    }
}

/// Turns `items` into the next permutation in lexicographic order and returns
/// the number of transpositions that took (its parity is the change of
/// inversion parity); `None` for the last permutation, left as it is.
// `pivot + 1 < len` and `swap < len` by the searches that find them.
#[allow(clippy::indexing_slicing)]
fn next_permutation(items: &mut [u8]) -> Option<usize> {
    let len = items.len();
    let pivot = (0..len.checked_sub(1)?)
        .rev()
        .find(|&i| items[i] < items[i + 1])?;
    let swap = (pivot + 1..len).rev().find(|&j| items[j] > items[pivot])?;
    items.swap(pivot, swap);
    items[pivot + 1..].reverse();
    Some(1 + (len - pivot - 1) / 2)
}

/// The position of the `n`-th set bit of `mask` (from 0), or 31 if it has fewer.
#[inline]
fn nth_set_bit(mut mask: u32, n: u32) -> u8 {
    for _ in 0..n {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros().min(31) as u8
}

impl DenseSpace for SolvableBoards {
    type State = Board;

    fn len(&self) -> u64 {
        self.per_blank * self.shape.cells() as u64
    }

    /// The rank of a solvable board of this shape; `u64::MAX` for any other.
    #[inline]
    fn rank(&self, board: &Board) -> u64 {
        if board.shape() != self.shape {
            return u64::MAX;
        }
        let cells = self.shape.cells();
        let blank = board.blank();
        let mut unused = (1u32 << (cells - 1)) - 1;
        let mut lex = 0;
        let mut inversions = 0;
        let mut i = 0;
        for cell in 0..cells {
            let tile = board.field(cell);
            if tile == 0 {
                continue;
            }
            let value = u32::from(tile - 1);
            // The unused values below this one: its Lehmer digit.
            let digit = u64::from((unused & ((1 << value) - 1)).count_ones());
            unused &= !(1 << value);
            inversions += digit;
            lex += digit * factorial(cells - 2 - i);
            i += 1;
        }
        let row = self.shape.row_of(blank) as u64;
        if (inversions + row * (self.shape.columns() as u64 + 1)) % 2 != 0 {
            return u64::MAX;
        }
        blank as u64 * self.per_blank + lex / 2
    }

    fn unrank(&self, rank: u64) -> Board {
        // Out of range is a broken contract; the last board is as good as any.
        Walk::at(*self, rank.min(self.len() - 1)).board()
    }

    /// Steps from one board to the next by the next permutation, amortised
    /// constant time, instead of unranking each.
    fn for_each_state(&self, ranks: Range<u64>, mut visit: impl FnMut(u64, Board)) {
        let ranks = ranks.start..ranks.end.min(self.len());
        if ranks.is_empty() {
            return;
        }
        let mut walk = Walk::at(*self, ranks.start);
        for rank in ranks {
            visit(rank, walk.board());
            walk.advance();
        }
    }

    fn for_each_goal(&self, mut emit: impl FnMut(Board)) {
        emit(Board::goal(self.shape));
    }
}
