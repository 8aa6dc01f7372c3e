//! The tables the compiler builds: each move with the bits of the code it
//! flips ([`PIECE_MOVES`]), and the moves of a layout by its pair of empty
//! cells ([`PairTable`]).

use crate::klotski::layout::{CELLS, FULL, GENERAL_SHIFT};
use crate::klotski::moves::{neighbours, Move};
use crate::klotski::pieces::Shape;
use crate::metric::Metric;

use super::classes::{targets_of, PieceClass, MASK_BITS};

/// Unordered pairs of cells.
pub(super) const PAIRS: usize = CELLS * (CELLS - 1) / 2;

/// Anchors the general's field can hold (16, of which 12 are legal).
pub(super) const GENERAL_ANCHORS: usize = 16;

/// The pieces a layout can have, each numbered by its *list*: a piece other
/// than the general by the bit of the code that records it (below
/// [`GENERAL_SHIFT`]), the general by [`GENERAL_SHIFT`] plus its anchor.
pub(super) const LISTS: usize = GENERAL_SHIFT as usize + GENERAL_ANCHORS;

/// The list of the piece recorded by code bit `bit`, the general being at `general`.
#[inline(always)]
pub(super) const fn list_of(bit: u32, general: u8) -> usize {
    if bit == GENERAL_SHIFT {
        GENERAL_SHIFT as usize + (general & 15) as usize
    } else {
        bit as usize
    }
}

/// The class and anchor of the piece of list `list`.
#[inline(always)]
pub(super) const fn list_piece(list: usize) -> (PieceClass, u8) {
    if list < GENERAL_SHIFT as usize {
        (
            PieceClass(list as u32 / MASK_BITS),
            (list as u32 % MASK_BITS) as u8,
        )
    } else {
        (PieceClass(3), (list - GENERAL_SHIFT as usize) as u8)
    }
}

/// A move, with the bits of the code it flips. The move follows from the
/// piece and the destination, but a table of both is cheaper: building the
/// move for each destination took 5% more instructions for a BFS of 横刀立马.
#[derive(Clone, Copy)]
pub(super) struct PieceMove {
    pub(super) mv: Move,
    pub(super) change: u64,
}

/// `PIECE_MOVES[list][to]`: the move of the piece of `list` to anchor `to`,
/// so that making a move is a look-up and one exclusive or (32 anchors, so
/// any five-bit one is in bounds; those off the board are never looked up).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
pub(super) static PIECE_MOVES: [[PieceMove; 32]; LISTS] = {
    let blank = PieceMove {
        mv: Move {
            shape: Shape::General,
            from: 0,
            to: 0,
        },
        change: 0,
    };
    let mut table = [[blank; 32]; LISTS];
    let mut list = 0;
    while list < LISTS {
        let (class, from) = list_piece(list);
        let mut to = 0;
        while to < CELLS as u8 {
            table[list][to as usize] = PieceMove {
                mv: Move {
                    shape: class.shape(),
                    from,
                    to,
                },
                change: class.change(from, to),
            };
            to += 1;
        }
        list += 1;
    }
    table
};

/// Every move of every layout with exactly two empty cells, by the pair of
/// empty cells and the piece: where a piece can go depends on nothing else.
///
/// Only the pieces that can move are listed, some ten per pair, so that the
/// table of a metric takes 11 KiB and stays in the first-level cache beside a
/// search's own tables. It is built by the compiler: a process that solves
/// one layout (the `klotski` example) would otherwise spend about a tenth of
/// its search building the table first.
pub(super) struct PairTable {
    /// Per pair: the pieces that can move.
    movers: [Movers; PAIRS],
    /// Where they can move: per pair from [`Movers::start`], those of the
    /// pieces other than the general in the order of their code bits, then
    /// those of the general in the order of its anchors.
    targets: [u32; MOVERS],
}

/// The pieces that can move when one pair of cells is empty.
#[derive(Clone, Copy)]
pub(super) struct Movers {
    /// Their code bits, the general's left out.
    pieces: u64,
    /// The anchors from which the general can move, as a mask.
    general: u16,
    /// The first of their entries in [`PairTable::targets`].
    start: u16,
    /// The first of the general's entries there.
    general_start: u16,
}

/// The number of entries of every metric's pair table: the pieces that can
/// move, by the pair of empty cells. A piece moves under one metric if and
/// only if it can make a unit step, so the count is the step metric's, the
/// cheapest to make: the compiler's interpreter builds these tables in every
/// build of the crate. [`PairTable::new`] checks it for the others.
pub(super) const MOVERS: usize = {
    let mut count = 0;
    let mut pair = 0;
    while pair < PAIRS {
        let empty = pair_cells(pair);
        let mut lists = bordering(empty);
        while lists != 0 {
            if pair_targets(Metric::Step, empty, next_list(&mut lists)) != 0 {
                count += 1;
            }
        }
        pair += 1;
    }
    count
};

// The starts are `u16`.
const _: () = assert!(MOVERS <= u16::MAX as usize);

/// `BORDERING[cell]`: the lists whose piece borders `cell` (as bit `list`),
/// if it can stand on the board at all. A piece moves only if an empty cell
/// borders it: some ten of the 76 for a pair of cells. The tables look at
/// those alone, since the compiler's interpreter makes them in every build
/// of the crate, at some microseconds for each piece it looks at.
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
const BORDERING: [u128; CELLS] = {
    let mut table = [0; CELLS];
    let mut list = 0;
    while list < LISTS {
        let (class, anchor) = list_piece(list);
        if class.fits(FULL) >> anchor & 1 == 1 {
            let cells = class.footprint() << anchor;
            let mut border = neighbours(cells) & !cells;
            while border != 0 {
                table[border.trailing_zeros() as usize] |= 1 << list;
                border &= border - 1;
            }
        }
        list += 1;
    }
    table
};

/// The lists whose piece borders a cell of `empty` (two cells), as bits.
// Both cells are on the board, below `CELLS`.
#[allow(clippy::indexing_slicing)]
const fn bordering(empty: u32) -> u128 {
    let first = empty.trailing_zeros() as usize;
    let second = (empty & (empty - 1)).trailing_zeros() as usize;
    BORDERING[first] | BORDERING[second]
}

/// The lowest list of `lists`, taken out of them.
const fn next_list(lists: &mut u128) -> usize {
    let list = lists.trailing_zeros() as usize;
    *lists &= *lists - 1;
    list
}

/// Where the piece of `list` can move under `metric` when the cells of `empty`
/// are empty; 0 if it cannot stand there.
pub(super) const fn pair_targets(metric: Metric, empty: u32, list: usize) -> u32 {
    let (class, anchor) = list_piece(list);
    let on_board = class.fits(FULL) >> anchor & 1 == 1;
    if on_board && class.footprint() << anchor & empty == 0 {
        targets_of(metric, class, anchor, empty)
    } else {
        0
    }
}

/// The two cells of pair `pair`, the inverse of [`pair_index`].
pub(super) const fn pair_cells(pair: usize) -> u32 {
    let mut second = 1;
    while second * (second + 1) / 2 <= pair {
        second += 1;
    }
    1 << (pair - second * (second - 1) / 2) | 1 << second
}

/// The tables of the three metrics, in [`Metric`] order.
pub(super) static PAIR_TABLES: [PairTable; 3] = [
    PairTable::new(Metric::Step),
    PairTable::new(Metric::Slide),
    PairTable::new(Metric::Piece),
];

// Every index below is a pair index (below `PAIRS`, from `pair_index`) or an
// entry counted by `movers`, and the arrays have exactly these sizes.
#[allow(clippy::indexing_slicing)]
impl PairTable {
    /// The table for `metric` and the index of the pair, if `empty` holds exactly
    /// two cells.
    #[inline]
    pub(super) fn lookup(metric: Metric, empty: u32) -> Option<(&'static PairTable, usize)> {
        let second = empty & empty.wrapping_sub(1);
        if second == 0 || second & (second - 1) != 0 {
            return None;
        }
        Some((&PAIR_TABLES[metric as usize], pair_index(empty)))
    }

    pub(super) const fn new(metric: Metric) -> PairTable {
        let none = Movers {
            pieces: 0,
            general: 0,
            start: 0,
            general_start: 0,
        };
        let mut table = PairTable {
            movers: [none; PAIRS],
            targets: [0; MOVERS],
        };
        // `while` loops: a `const fn` has no `for`. Lists are in the order of
        // the entries: the code bits first, then the general's anchors.
        let mut count = 0;
        let mut pair = 0;
        while pair < PAIRS {
            let empty = pair_cells(pair);
            let movers = &mut table.movers[pair];
            movers.start = count as u16;
            let mut lists = bordering(empty);
            while lists != 0 {
                let list = next_list(&mut lists);
                let targets = pair_targets(metric, empty, list);
                if targets != 0 {
                    table.targets[count] = targets;
                    count += 1;
                    if list < GENERAL_SHIFT as usize {
                        movers.pieces |= 1 << list;
                    } else {
                        movers.general |= 1 << (list - GENERAL_SHIFT as usize);
                    }
                }
            }
            // One entry for each piece other than the general, before its.
            movers.general_start = movers.start + movers.pieces.count_ones() as u16;
            pair += 1;
        }
        // Fewer entries than the step metric's would leave some unused; more
        // would have failed the build at the first one past the end.
        assert!(
            count == MOVERS,
            "a metric moves other pieces than unit steps do"
        );
        table
    }

    /// The pieces of the layout with this `code` that can move, as in
    /// [`for_each_move`](super::for_each_move).
    #[inline]
    pub(super) fn movable(&self, pair: usize, code: u64, general: u8) -> u64 {
        let movers = &self.movers[pair];
        let general = movers.general >> (general & 15) & 1;
        movers.pieces & code | u64::from(general) << GENERAL_SHIFT
    }

    /// Where the piece recorded by code bit `bit` can move (for the general,
    /// anchored at `general`): its entry is found by counting the entries
    /// before it.
    #[inline]
    pub(super) fn targets(&self, pair: usize, bit: u32, general: u8) -> u32 {
        let movers = &self.movers[pair];
        let entry = if bit == GENERAL_SHIFT {
            let before = movers.general & !(u16::MAX << (general & 15));
            usize::from(movers.general_start) + before.count_ones() as usize
        } else {
            let before = movers.pieces & !(u64::MAX << (bit & 63));
            usize::from(movers.start) + before.count_ones() as usize
        };
        // The movers before this one, counted from its pair's start: below
        // `MOVERS`, the table's size, which the compiler checked.
        debug_assert!(entry < MOVERS, "{entry}");
        self.targets[entry]
    }
}

/// The index of the pair of cells in `empty`, which holds exactly two.
#[inline]
pub(super) const fn pair_index(empty: u32) -> usize {
    let first = empty.trailing_zeros() as usize;
    let second = (empty & empty.wrapping_sub(1)).trailing_zeros() as usize;
    second * (second - 1) / 2 + first
}

#[cfg(test)]
// Tests fail loudly.
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Every piece of every pair of empty cells, under every metric: the
    /// table lists it if and only if it moves, with its targets, where
    /// `pair_targets` works them out for all 76 pieces, none skipped.
    #[test]
    fn the_pair_tables_hold_every_piece_that_moves() {
        for metric in Metric::ALL {
            for pair in 0..PAIRS {
                let empty = pair_cells(pair);
                assert_eq!(pair_index(empty), pair);
                let (table, index) = PairTable::lookup(metric, empty).unwrap();
                let mut entries = 0;
                for list in 0..LISTS {
                    let targets = pair_targets(metric, empty, list);
                    let (bit, general) = match list.checked_sub(GENERAL_SHIFT as usize) {
                        Some(anchor) => (GENERAL_SHIFT, anchor as u8),
                        None => (list as u32, 0),
                    };
                    let listed = table.movable(index, 1 << bit, general) >> bit & 1 == 1;
                    assert_eq!(listed, targets != 0, "{metric:?} {empty:#x} {list}");
                    if listed {
                        assert_eq!(table.targets(index, bit, general), targets);
                        entries += 1;
                    }
                }
                let next = table
                    .movers
                    .get(pair + 1)
                    .map_or(MOVERS, |m| m.start.into());
                assert_eq!(usize::from(table.movers[pair].start) + entries, next);
            }
        }
    }
}
