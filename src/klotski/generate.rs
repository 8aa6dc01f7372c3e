//! Move generation: every move of a layout, as fast as the search needs it.
//!
//! Three things make it fast. Shapes are handled by arithmetic rather than by
//! branches ([`PieceClass`]), so the branch predictor only meets loops over
//! pieces and destinations. A layout with exactly two empty cells, as in
//! every classic layout, looks its moves up in a table by the pair of empty
//! cells ([`PairTable`]), since where a piece can go depends on nothing else.
//! And each move, with the bits of the code it flips, is looked up by the
//! piece and its destination ([`PIECE_MOVES`]): making it is one exclusive or.

use super::layout::{
    Layout, CELLS, COLUMNS, COLUMN_0, COLUMN_2, COLUMN_3, FULL, GENERAL_SHIFT, HORIZONTAL_SHIFT,
    ROWS_0_TO_3, SOLDIER_SHIFT, VERTICAL_SHIFT,
};
use super::moves::{neighbours, Direction, Metric, Move};
use super::pieces::Shape;

/// Calls `emit` for every move of `layout` under `metric`, with the layout after
/// it; after `last`, only for those that [`Puzzle::successors_after`] asks for.
///
/// [`Puzzle::successors_after`]: crate::Puzzle::successors_after
#[inline(always)]
pub(crate) fn for_each_move(
    layout: Layout,
    metric: Metric,
    last: Option<Move>,
    mut emit: impl FnMut(Move, Layout),
) {
    let code = layout.code();
    let empty = layout.empty();
    let general = layout.general();
    let pair = PairTable::lookup(metric, empty);
    // Every piece that can move, as the bit of the code that records it (the
    // general as bit GENERAL_SHIFT): one loop over these bits and a single call
    // of `emit`, which the compiler then inlines once.
    let mut movable = match pair {
        Some((table, pair)) => table.movable(pair, code, general),
        None => {
            // Only a piece that can make a unit step can move at all; these are
            // found for all pieces of a shape at once.
            u64::from(layout.soldiers() & Shape::Soldier.steppable(empty)) << SOLDIER_SHIFT
                | u64::from(layout.verticals() & Shape::Vertical.steppable(empty)) << VERTICAL_SHIFT
                | u64::from(layout.horizontals() & Shape::Horizontal.steppable(empty))
                    << HORIZONTAL_SHIFT
                | u64::from(Shape::General.steppable(empty) >> general & 1) << GENERAL_SHIFT
        }
    };
    // The piece `last` moved, unless `last` cannot have led here (a caller's
    // mistake, which then bars nothing).
    let moved_here = |last: &Move| {
        usize::from(last.to) < CELLS && (last.shape != Shape::General || last.to == general)
    };
    let (barred_bit, barred) = match last {
        Some(last) if moved_here(&last) => (
            PieceClass::of(last.shape).bit(last.to),
            last.barred_targets(metric),
        ),
        _ => (u32::MAX, 0),
    };
    if barred == FULL {
        movable &= !(1 << barred_bit);
    }
    while movable != 0 {
        let bit = movable.trailing_zeros();
        movable &= movable - 1;
        let list = list_of(bit, general);
        let targets = match pair {
            Some((table, pair)) => table.targets(pair, bit, general),
            None => {
                let (class, from) = list_piece(list);
                targets_of(metric, class, from, empty)
            }
        };
        let mut targets = targets & if bit == barred_bit { !barred } else { FULL };
        let Some(moves) = PIECE_MOVES.get(list) else {
            continue;
        };
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            // `to` is below 32: in bounds.
            #[allow(clippy::indexing_slicing)]
            let PieceMove { mv, change } = moves[(to & 31) as usize];
            emit(mv, Layout::from_code(code ^ change));
        }
    }
}

/// Calls `emit` for every `step` move of `layout` but the one that undoes
/// `last`, with the layout after it: the successors of [`Klotski`](super::Klotski) under
/// `step`, in another order.
///
/// The pieces of one shape that can step one way are found all at once, as a
/// mask, and each move is two bit flips of the code: no table, no loop over
/// destinations. This is what the flood of the atlas's groups runs on, some
/// 200 million times.
///
/// ```
/// use puzzle_search::klotski::{step_moves, Klotski, Layout, Metric};
/// use puzzle_search::Puzzle;
///
/// let start: Layout = "2442/2442/2332/2112/1001".parse()?;
/// let mut steps = Vec::new();
/// step_moves(start, None, |_, next| steps.push(next));
/// let mut expected = Vec::new();
/// Klotski::new(Metric::Step).successors(&start, |_, next| expected.push(next));
/// steps.sort();
/// expected.sort();
/// assert_eq!(steps, expected);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[inline(always)]
pub fn step_moves(layout: Layout, last: Option<Move>, emit: impl FnMut(Move, Layout)) {
    steps_of(layout, last, true, emit);
}

/// The `step` moves of [`step_moves`] but the soldiers': the moves that change
/// where the general, the verticals and the horizontals stand. The flood of
/// the groups makes the soldiers' moves in bulk: in a region of free cells
/// with an empty one, soldiers can be arranged every way by their steps.
// Used by the frame index, which only the analyses use.
#[cfg_attr(not(feature = "analysis"), allow(dead_code))]
#[inline(always)]
pub(crate) fn frame_step_moves(layout: Layout, emit: impl FnMut(Move, Layout)) {
    steps_of(layout, None, false, emit);
}

/// The `step` moves of `layout` but the one that undoes `last`, the soldiers'
/// only if `soldiers` (a constant once inlined).
#[inline(always)]
fn steps_of(
    layout: Layout,
    last: Option<Move>,
    soldiers: bool,
    mut emit: impl FnMut(Move, Layout),
) {
    let e = layout.empty();
    let (v, h, s) = (layout.verticals(), layout.horizontals(), layout.soldiers());
    // The move that undoes `last`, as a key: `u32::MAX` when none is barred.
    let back = last.map_or(u32::MAX, |last| move_key(last.shape, last.to, last.from));
    let c = COLUMNS as u32;
    let code = layout.code();
    let mut steps = |shape: Shape, field: u32, mut movers: u32, offset: i32| {
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let to = from.wrapping_add_signed(offset);
            if move_key(shape, from as u8, to as u8) != back {
                let next = code ^ (1 << (field + from) | 1 << (field + to));
                let mv = Move {
                    shape,
                    from: from as u8,
                    to: to as u8,
                };
                emit(mv, Layout::from_code(next));
            }
        }
    };
    // Which pieces can step each way: the cells they would enter are empty.
    if soldiers {
        steps(Shape::Soldier, SOLDIER_SHIFT, s & e << c, -4);
        steps(Shape::Soldier, SOLDIER_SHIFT, s & e >> c, 4);
        steps(Shape::Soldier, SOLDIER_SHIFT, s & e << 1 & !COLUMN_0, -1);
        steps(Shape::Soldier, SOLDIER_SHIFT, s & e >> 1 & !COLUMN_3, 1);
    }
    steps(Shape::Vertical, VERTICAL_SHIFT, v & e << c, -4);
    steps(Shape::Vertical, VERTICAL_SHIFT, v & e >> (2 * c), 4);
    let sideways = e << 1 & e >> (c - 1) & !COLUMN_0;
    steps(Shape::Vertical, VERTICAL_SHIFT, v & sideways, -1);
    let sideways = e >> 1 & e >> (c + 1) & !COLUMN_3;
    steps(Shape::Vertical, VERTICAL_SHIFT, v & sideways, 1);
    steps(
        Shape::Horizontal,
        HORIZONTAL_SHIFT,
        h & e << c & e << (c - 1),
        -4,
    );
    steps(
        Shape::Horizontal,
        HORIZONTAL_SHIFT,
        h & e >> c & e >> (c + 1),
        4,
    );
    steps(
        Shape::Horizontal,
        HORIZONTAL_SHIFT,
        h & e << 1 & !COLUMN_0,
        -1,
    );
    let right = e >> 2 & !(COLUMN_2 | COLUMN_3);
    steps(Shape::Horizontal, HORIZONTAL_SHIFT, h & right, 1);
    // The general: its anchor is a number, not a bit of a mask.
    let general = u32::from(layout.general() & 0xF);
    let column = general % c;
    let free = |cell: u32| e >> cell & 1 == 1;
    let general_moves = [
        (general >= 4 && free(general - 4) && free(general - 3), -4),
        (general <= 10 && free(general + 8) && free(general + 9), 4),
        (column >= 1 && free(general - 1) && free(general + 3), -1),
        (column <= 1 && free(general + 2) && free(general + 6), 1),
    ];
    for (possible, offset) in general_moves {
        let to = general.wrapping_add_signed(offset);
        if possible && move_key(Shape::General, general as u8, to as u8) != back {
            let mv = Move {
                shape: Shape::General,
                from: general as u8,
                to: to as u8,
            };
            emit(mv, layout.with_piece(Shape::General, to as u8));
        }
    }
}

/// A move as one number, to compare with the way back.
#[inline(always)]
fn move_key(shape: Shape, from: u8, to: u8) -> u32 {
    (shape as u32) << 16 | u32::from(from) << 8 | u32::from(to)
}

/// Bits per shape mask in a layout's code.
const MASK_BITS: u32 = CELLS as u32;

// `PieceClass` numbers the masks in the order the code stores them.
const _: () = assert!(
    SOLDIER_SHIFT == 0
        && VERTICAL_SHIFT == MASK_BITS
        && HORIZONTAL_SHIFT == 2 * MASK_BITS
        && GENERAL_SHIFT == 3 * MASK_BITS
);

/// A shape as a number: 0 soldier, 1 vertical, 2 horizontal, 3 general, the
/// order of the masks in a layout's code. Bit 0 says the piece is two rows
/// tall, bit 1 that it is two columns wide, so geometry is arithmetic.
#[derive(Clone, Copy)]
struct PieceClass(u32);

impl PieceClass {
    #[inline]
    fn of(shape: Shape) -> Self {
        // A table rather than a match, which compiles to a jump. Evaluated at
        // compile time, where an index out of bounds fails the build.
        #[allow(clippy::indexing_slicing)]
        const CLASSES: [u32; 4] = {
            let mut classes = [0; 4];
            classes[Shape::General as usize] = 3;
            classes[Shape::Vertical as usize] = 1;
            classes[Shape::Horizontal as usize] = 2;
            classes
        };
        PieceClass(CLASSES.get(shape as usize).map_or(0, |&class| class))
    }

    #[inline]
    const fn shape(self) -> Shape {
        match self.0 {
            0 => Shape::Soldier,
            1 => Shape::Vertical,
            2 => Shape::Horizontal,
            _ => Shape::General,
        }
    }

    #[inline]
    const fn is_general(self) -> bool {
        self.0 == 3
    }

    /// The bit of a layout's code that records this piece at `anchor`
    /// ([`GENERAL_SHIFT`] for the general, which the code records by its anchor).
    #[inline]
    const fn bit(self, anchor: u8) -> u32 {
        if self.is_general() {
            GENERAL_SHIFT
        } else {
            self.0 * MASK_BITS + anchor as u32
        }
    }

    /// What the move from anchor `from` to anchor `to` changes in a layout's
    /// code, as the bits to flip: the piece's bit at both anchors, or for the
    /// general the bits that turn one anchor number into the other.
    #[inline]
    const fn change(self, from: u8, to: u8) -> u64 {
        if self.is_general() {
            ((from ^ to) as u64 & 0xF) << GENERAL_SHIFT
        } else {
            let base = self.0 * MASK_BITS;
            1 << ((base + from as u32) & 63) | 1 << ((base + to as u32) & 63)
        }
    }

    /// All ones if the piece is two columns wide, else 0.
    #[inline]
    const fn wide(self) -> u32 {
        0u32.wrapping_sub(self.0 >> 1)
    }

    /// All ones if the piece is two rows tall, else 0.
    #[inline]
    const fn tall(self) -> u32 {
        0u32.wrapping_sub(self.0 & 1)
    }

    /// The anchors at which the piece fits inside `free` (see [`Shape::fits`]).
    #[inline]
    const fn fits(self, free: u32) -> u32 {
        let row = free & (free >> 1 & !COLUMN_3 | !self.wide());
        row & (row >> COLUMNS & ROWS_0_TO_3 | !self.tall())
    }

    /// The cells it covers when anchored at bit 0 (see [`Shape::footprint`]).
    #[inline]
    const fn footprint(self) -> u32 {
        let (wide, tall) = (self.wide(), self.tall());
        1 | 0x2 & wide | 0x10 & tall | 0x20 & wide & tall
    }
}

/// `NEIGHBOURS[cell]`: the cells one unit step from `cell` (32 entries, so any
/// five-bit index is in bounds).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
const NEIGHBOURS: [u32; 32] = {
    let mut table = [0; 32];
    let mut cell = 0;
    while cell < CELLS {
        table[cell] = neighbours(1 << cell);
        cell += 1;
    }
    table
};

/// The anchors the piece of `class` at `anchor` can reach in one move (never
/// `anchor` itself), `empty` being the empty cells. A `const fn`, so that the
/// pair tables are built by the compiler.
// A `const fn` cannot call `get`: `NEIGHBOURS` has 32 entries for any five-bit
// index, and `index` stays below the length of `Direction::ALL`.
#[allow(clippy::indexing_slicing)]
#[inline(always)]
const fn targets_of(metric: Metric, class: PieceClass, anchor: u8, empty: u32) -> u32 {
    let start = 1u32 << (anchor & 31);
    let fit = class.fits(empty | class.footprint() << (anchor & 31)) & !start;
    let first = NEIGHBOURS[(anchor & 31) as usize];
    let mut targets = first & fit;
    match metric {
        Metric::Step => {}
        Metric::Slide => {
            let mut index = 0;
            while index < Direction::ALL.len() {
                let direction = Direction::ALL[index];
                let mut at = direction.shift(start) & fit;
                while at != 0 {
                    at = direction.shift(at) & fit;
                    targets |= at;
                }
                index += 1;
            }
        }
        Metric::Piece => {
            // Flood the places the piece fits, stopping as soon as all are reached.
            let mut frontier = targets;
            let mut rest = fit & !targets;
            while rest != 0 && frontier != 0 {
                frontier = neighbours(frontier) & rest;
                targets |= frontier;
                rest &= !frontier;
            }
        }
    }
    targets
}

/// Unordered pairs of cells.
const PAIRS: usize = CELLS * (CELLS - 1) / 2;

/// Anchors the general's field can hold (16, of which 12 are legal).
const GENERAL_ANCHORS: usize = 16;

/// The pieces a layout can have, each numbered by its *list*: a piece other
/// than the general by the bit of the code that records it (below
/// [`GENERAL_SHIFT`]), the general by [`GENERAL_SHIFT`] plus its anchor.
const LISTS: usize = GENERAL_SHIFT as usize + GENERAL_ANCHORS;

/// The list of the piece recorded by code bit `bit`, the general being at `general`.
#[inline(always)]
const fn list_of(bit: u32, general: u8) -> usize {
    if bit == GENERAL_SHIFT {
        GENERAL_SHIFT as usize + (general & 15) as usize
    } else {
        bit as usize
    }
}

/// The class and anchor of the piece of list `list`.
#[inline(always)]
const fn list_piece(list: usize) -> (PieceClass, u8) {
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
struct PieceMove {
    mv: Move,
    change: u64,
}

/// `PIECE_MOVES[list][to]`: the move of the piece of `list` to anchor `to`,
/// so that making a move is a look-up and one exclusive or (32 anchors, so
/// any five-bit one is in bounds; those off the board are never looked up).
// Evaluated at compile time, where an index out of bounds fails the build.
#[allow(clippy::indexing_slicing)]
static PIECE_MOVES: [[PieceMove; 32]; LISTS] = {
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
struct PairTable {
    /// Per pair: the pieces that can move.
    movers: [Movers; PAIRS],
    /// Where they can move: per pair from [`Movers::start`], those of the
    /// pieces other than the general in the order of their code bits, then
    /// those of the general in the order of its anchors.
    targets: [u32; MOST_MOVERS],
}

/// The pieces that can move when one pair of cells is empty.
#[derive(Clone, Copy)]
struct Movers {
    /// Their code bits, the general's left out.
    pieces: u64,
    /// The anchors from which the general can move, as a mask.
    general: u16,
    /// The first of their entries in [`PairTable::targets`].
    start: u16,
    /// The first of the general's entries there.
    general_start: u16,
}

/// The number of entries of the pair table of `metric`: pieces that can move,
/// by the pair of empty cells.
const fn movers(metric: Metric) -> usize {
    let mut count = 0;
    let mut pair = 0;
    while pair < PAIRS {
        let mut list = 0;
        while list < LISTS {
            if pair_targets(metric, pair_cells(pair), list) != 0 {
                count += 1;
            }
            list += 1;
        }
        pair += 1;
    }
    count
}

/// The most entries a pair table has: a piece moves under one metric if and
/// only if it can make a unit step, so under all of them alike, but the
/// largest of the three is taken rather than assumed.
const MOST_MOVERS: usize = {
    let (step, slide, piece) = (
        movers(Metric::Step),
        movers(Metric::Slide),
        movers(Metric::Piece),
    );
    let most = if step > slide { step } else { slide };
    if piece > most {
        piece
    } else {
        most
    }
};

// The starts are `u16`.
const _: () = assert!(MOST_MOVERS <= u16::MAX as usize);

/// Where the piece of `list` can move under `metric` when the cells of `empty`
/// are empty; 0 if it cannot stand there.
const fn pair_targets(metric: Metric, empty: u32, list: usize) -> u32 {
    let (class, anchor) = list_piece(list);
    let on_board = class.fits(FULL) >> anchor & 1 == 1;
    if on_board && class.footprint() << anchor & empty == 0 {
        targets_of(metric, class, anchor, empty)
    } else {
        0
    }
}

/// The two cells of pair `pair`, the inverse of [`pair_index`].
const fn pair_cells(pair: usize) -> u32 {
    let mut second = 1;
    while second * (second + 1) / 2 <= pair {
        second += 1;
    }
    1 << (pair - second * (second - 1) / 2) | 1 << second
}

/// The tables of the three metrics, in [`Metric`] order.
static PAIR_TABLES: [PairTable; 3] = [
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
    fn lookup(metric: Metric, empty: u32) -> Option<(&'static PairTable, usize)> {
        let second = empty & empty.wrapping_sub(1);
        if second == 0 || second & (second - 1) != 0 {
            return None;
        }
        Some((&PAIR_TABLES[metric as usize], pair_index(empty)))
    }

    const fn new(metric: Metric) -> PairTable {
        let none = Movers {
            pieces: 0,
            general: 0,
            start: 0,
            general_start: 0,
        };
        let mut table = PairTable {
            movers: [none; PAIRS],
            targets: [0; MOST_MOVERS],
        };
        // `while` loops: a `const fn` has no `for`. Lists are in the order of
        // the entries: the code bits first, then the general's anchors.
        let mut count = 0;
        let mut pair = 0;
        while pair < PAIRS {
            let empty = pair_cells(pair);
            let movers = &mut table.movers[pair];
            movers.start = count as u16;
            let mut list = 0;
            while list < LISTS {
                if list == GENERAL_SHIFT as usize {
                    movers.general_start = count as u16;
                }
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
                list += 1;
            }
            pair += 1;
        }
        table
    }

    /// The pieces of the layout with this `code` that can move, as in
    /// [`for_each_move`].
    #[inline]
    fn movable(&self, pair: usize, code: u64, general: u8) -> u64 {
        let movers = &self.movers[pair];
        let general = movers.general >> (general & 15) & 1;
        movers.pieces & code | u64::from(general) << GENERAL_SHIFT
    }

    /// Where the piece recorded by code bit `bit` can move (for the general,
    /// anchored at `general`): its entry is found by counting the entries
    /// before it.
    #[inline]
    fn targets(&self, pair: usize, bit: u32, general: u8) -> u32 {
        let movers = &self.movers[pair];
        let entry = if bit == GENERAL_SHIFT {
            let before = movers.general & !(u16::MAX << (general & 15));
            usize::from(movers.general_start) + before.count_ones() as usize
        } else {
            let before = movers.pieces & !(u64::MAX << (bit & 63));
            usize::from(movers.start) + before.count_ones() as usize
        };
        self.targets.get(entry).copied().unwrap_or(0)
    }
}

/// The index of the pair of cells in `empty`, which holds exactly two.
#[inline]
const fn pair_index(empty: u32) -> usize {
    let first = empty.trailing_zeros() as usize;
    let second = (empty & empty.wrapping_sub(1)).trailing_zeros() as usize;
    second * (second - 1) / 2 + first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klotski::rank::{for_each_layout, LAYOUT_COUNT};

    /// The bit-parallel `step` moves are the generator's, and after a move
    /// they leave out exactly the way back.
    #[test]
    fn step_moves_are_the_generators() {
        let mut checked = 0;
        for start in (0..LAYOUT_COUNT).step_by(4_099) {
            for_each_layout(start..start + 2, |_, layout| {
                let mut expected = Vec::new();
                for_each_move(layout, Metric::Step, None, |mv, next| {
                    expected.push((mv, next))
                });
                let mut found = Vec::new();
                step_moves(layout, None, |mv, next| found.push((mv, next)));
                expected.sort_by_key(|&(_, next)| next);
                found.sort_by_key(|&(_, next)| next);
                assert_eq!(found, expected, "{layout:?}");
                for &(mv, next) in &expected {
                    let mut back = Vec::new();
                    step_moves(next, Some(mv), |_, previous| back.push(previous));
                    let mut all = 0;
                    step_moves(next, None, |_, _| all += 1);
                    assert!(!back.contains(&layout), "{layout:?} {mv:?}");
                    assert_eq!(back.len() + 1, all, "{layout:?} {mv:?}");
                }
                checked += 1;
            });
        }
        assert!(checked > 10_000);
    }
}
