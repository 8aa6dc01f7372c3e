//! Ranking: where a layout stands among all legal layouts in CommonCode order,
//! and which layout stands at a given place.
//!
//! A ShortCode is this rank, and the dense atlas indexes its tables by it, so
//! ranking must be fast and enumerating all 29,334,498 layouts cheap. Both walk
//! a small automaton over partial fills of the board; ranking also has the row
//! tables of [`rows`].

// This module is ranking tables: every index is a masked bit field, a general's
// index below 12, an item below 4 or an automaton state the tables themselves
// hold, all in bounds by construction; `get` would add a branch to ranking.
#![allow(clippy::indexing_slicing)]

mod rows;

use core::ops::Range;
use std::sync::OnceLock;

use super::common_code::ITEMS;
use super::layout::{
    Layout, CELLS, COLUMNS, FULL, HORIZONTAL_SHIFT, ROWS, SOLDIER_SHIFT, VERTICAL_SHIFT,
};
use super::pieces::Shape;
use rows::Rows;

/// The number of legal layouts: one general, any other pieces, two or more empty cells.
pub const LAYOUT_COUNT: u32 = 29_334_498;

/// The anchors the general may have, in CommonCode order.
pub(crate) const GENERAL_ANCHORS: [u8; 12] = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14];

/// The position of each anchor in [`GENERAL_ANCHORS`] (0 for anchors the general never has).
const ANCHOR_INDEX: [u8; 16] = [0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0];

/// The first row of each piece mask of a layout's code: soldiers, verticals
/// and horizontals.
const ROW_MASKS: u64 = 0xF << SOLDIER_SHIFT | 0xF << VERTICAL_SHIFT | 0xF << HORIZONTAL_SHIFT;

// `Ranking::rank` packs a row's pieces by shifting the verticals 16 bits down
// and the horizontals 32, next to the soldiers.
const _: () = assert!(SOLDIER_SHIFT == 0 && VERTICAL_SHIFT == 20 && HORIZONTAL_SHIFT == 40);

/// The cursor of a full board: one past the last cell.
const END: u32 = CELLS as u32;

/// Partial fills the ranking tells apart: general × cursor (0..=20) × the four
/// cells after the cursor × empty cells so far (0, 1, or 2 and more).
const STATES: usize = 12 * 21 * 16 * 3;

/// The `next` of a [`Step`] whose item does not fit.
const NO_STATE: u16 = u16::MAX;

/// Placing one item at the cursor of a partial fill.
#[derive(Clone, Copy)]
struct Step {
    /// Layouts that put a smaller item at the cursor instead: all rank before this one.
    skip: u32,
    /// The partial fill after the item, or [`NO_STATE`] when the item does not fit.
    next: u16,
    /// The cursor of `next`.
    cursor: u8,
}

const NO_STEP: Step = Step {
    skip: 0,
    next: NO_STATE,
    cursor: END as u8,
};

/// Ranking and unranking as walks over a small automaton.
///
/// Filling a board in CommonCode order, the cells before the first unfilled one
/// (the cursor) are all covered, and of the cells after it only the next four
/// can be covered by anything but the general (by the lower half of a vertical
/// piece). With the general's anchor, the cursor, those four bits and the empty
/// cells so far (capped at two), a partial fill is one of [`STATES`] states.
/// Each state counts its legal completions, and each (state, item) pair is a
/// precomputed [`Step`]: unranking and enumerating layouts walk these steps.
/// Ranking, which the atlas does for every neighbour of every layout (400
/// million times under the `piece` metric), adds up five row contributions
/// from [`Rows`] instead: five lookups where the walk takes a step per cell.
struct Ranking {
    /// Legal completions per state.
    completions: Vec<u32>,
    /// `steps[4 * state + item]`, items in CommonCode order (empty, horizontal, vertical, soldier).
    steps: Vec<Step>,
    /// Layouts whose general's anchor comes before each entry of
    /// [`GENERAL_ANCHORS`]; the last entry is [`LAYOUT_COUNT`].
    offsets: [u32; 13],
    /// The empty-board state and its cursor for each general.
    starts: [(u16, u8); 12],
    /// The same ranks, row by row (see [`Rows`]).
    rows: Rows,
    /// For each state whose cursor is in the last row, where its completions
    /// start in `tail_cells` and how many there are: enumeration lists them
    /// instead of walking the last row cell by cell, which took most of its time.
    tails: Vec<(u32, u8)>,
    /// The completions of the last row, in rank order: the soldiers in the low
    /// four bits, the horizontals in the high four, both by column.
    tail_cells: Vec<u8>,
}

/// The first cell of the last row: states whose cursor is there or beyond
/// have their completions listed in [`Ranking::tails`].
const TAIL: u8 = ((ROWS - 1) * COLUMNS) as u8;

/// A partly filled board.
#[derive(Clone, Copy)]
struct Fill {
    general: usize,
    covered: u32,
    empty: u32,
}

impl Fill {
    fn start(general: usize) -> Self {
        let anchor = GENERAL_ANCHORS.get(general).copied().unwrap_or(0);
        Fill {
            general,
            covered: Shape::General.footprint() << anchor,
            empty: 0,
        }
    }

    /// The first uncovered cell, or [`END`].
    fn cursor(self) -> u32 {
        (!self.covered & FULL).trailing_zeros().min(END)
    }

    fn is_full(self) -> bool {
        self.covered == FULL
    }

    fn index(self) -> usize {
        let cursor = self.cursor();
        let window = (self.covered >> (cursor + 1) & 0xF) as usize;
        ((self.general * 21 + cursor as usize) * 16 + window) * 3 + self.empty.min(2) as usize
    }

    /// The fill after placing `item` at the cursor, if it fits.
    fn place(self, item: Option<Shape>) -> Option<Fill> {
        let cursor = self.cursor();
        if cursor == END {
            return None;
        }
        match item {
            None => Some(Fill {
                covered: self.covered | 1 << cursor,
                empty: self.empty + 1,
                ..self
            }),
            Some(shape) => (shape.fits(!self.covered & FULL) >> cursor & 1 == 1).then(|| Fill {
                covered: self.covered | shape.footprint() << cursor,
                ..self
            }),
        }
    }
}

impl Ranking {
    fn build() -> Self {
        let mut ranking = Ranking {
            completions: vec![u32::MAX; STATES],
            steps: vec![NO_STEP; 4 * STATES],
            offsets: [0; 13],
            starts: [(NO_STATE, 0); 12],
            rows: Rows::default(),
            tails: Vec::new(),
            tail_cells: Vec::new(),
        };
        let mut total = 0;
        for general in 0..GENERAL_ANCHORS.len() {
            ranking.offsets[general] = total;
            total += ranking.count(Fill::start(general));
            let start = Fill::start(general);
            ranking.starts[general] = (start.index() as u16, start.cursor() as u8);
            ranking.add_steps(start);
        }
        ranking.offsets[12] = total;
        ranking.rows = Rows::build(&mut ranking);
        ranking.tails = vec![(0, 0); STATES];
        for state in 0..STATES {
            // A state's index holds its cursor (see `Fill::index`).
            let cursor = (state / 48 % 21) as u8;
            if cursor >= TAIL {
                let start = ranking.tail_cells.len();
                ranking.add_tails(state as u16, cursor, 0);
                let count = ranking.tail_cells.len() - start;
                ranking.tails[state] = (start as u32, count as u8);
            }
        }
        ranking
    }

    /// Appends the completions of `state` (cursor `cursor`, in the last row)
    /// to `tail_cells`, in rank order, after the cells `placed` of the row.
    fn add_tails(&mut self, state: u16, cursor: u8, placed: u8) {
        if u32::from(cursor) == END {
            if self.completions(state) == 1 {
                self.tail_cells.push(placed);
            }
            return;
        }
        let column = cursor - TAIL;
        for item in 0..4 {
            let step = self.step(usize::from(state), item);
            if step.next == NO_STATE || self.completions(step.next) == 0 {
                continue;
            }
            // The item codes: 0 empty, 1 horizontal, 2 vertical, 3 soldier;
            // no vertical fits in the last row.
            let cell = match item {
                1 => 0x10 << column,
                3 => 1 << column,
                _ => 0,
            };
            self.add_tails(step.next, step.cursor, placed | cell);
        }
    }

    /// Legal completions of `fill`, memoised.
    fn count(&mut self, fill: Fill) -> u32 {
        let index = fill.index();
        if let Some(&known) = self.completions.get(index) {
            if known != u32::MAX {
                return known;
            }
        }
        let total = if fill.is_full() {
            u32::from(fill.empty >= 2)
        } else {
            ITEMS
                .iter()
                .filter_map(|&item| fill.place(item))
                .map(|next| self.count(next))
                .sum()
        };
        if let Some(slot) = self.completions.get_mut(index) {
            *slot = total;
        }
        total
    }

    /// Fills in the steps of `fill` and of every fill reachable from it.
    fn add_steps(&mut self, fill: Fill) {
        let index = fill.index();
        if fill.is_full()
            || self
                .steps
                .get(4 * index)
                .is_some_and(|step| step.next != NO_STATE)
        {
            return;
        }
        let mut skip = 0;
        for (value, &item) in ITEMS.iter().enumerate() {
            let Some(next) = fill.place(item) else {
                continue;
            };
            let count = self.count(next);
            if let Some(step) = self.steps.get_mut(4 * index + value) {
                *step = Step {
                    skip,
                    next: next.index() as u16,
                    cursor: next.cursor() as u8,
                };
            }
            skip += count;
            self.add_steps(next);
        }
    }

    #[inline]
    fn step(&self, state: usize, item: usize) -> Step {
        self.steps.get(4 * state + item).copied().unwrap_or(NO_STEP)
    }

    #[inline]
    fn completions(&self, state: u16) -> u32 {
        self.completions
            .get(usize::from(state))
            .copied()
            .unwrap_or(0)
    }

    /// The rank of `layout`: the sum of its rows' contributions.
    #[inline]
    fn rank(&self, layout: Layout) -> u32 {
        let anchor = layout.general() & 0xF;
        let general = usize::from(ANCHOR_INDEX[usize::from(anchor)]);
        let covered = Shape::General.footprint() << anchor | layout.verticals() << COLUMNS;
        let empty = layout.empty();
        let code = layout.code();
        let mut rank = self.offsets[general];
        // Every row's lookup depends on the layout alone, not on the rows
        // before it, so the processor overlaps all five.
        for row in 0..ROWS {
            let shift = (COLUMNS * row) as u32;
            // One shift and mask of the code hold the row's soldiers (bits
            // 0–3), verticals (20–23) and horizontals (40–43); two more shifts
            // pack them as the 12 low bits of the content.
            let masks = code >> shift & ROW_MASKS;
            let pieces = (masks | masks >> 16 | masks >> 32) as usize & 0xFFF;
            let cover = (covered >> shift & 0xF) as usize;
            let empties = (empty & ((1 << shift) - 1)).count_ones().min(2) as usize;
            let start = ((row * 12 + general) * 16 + cover) * 3 + empties;
            // `row < 5`, `general < 12`, `cover < 16` and `empties < 3`: `start`
            // is within `bases`, which has an entry for each.
            debug_assert!(start < self.rows.bases.len(), "{start}");
            let base = self.rows.bases[start] as usize;
            // `ids` has an entry for every 16-bit index.
            let id = self.rows.ids[cover << 12 | pieces];
            // A row's contributions start at its base, one per id it can hold.
            let at = base + usize::from(id);
            debug_assert!(at < self.rows.contributions.len(), "{at}");
            rank += self.rows.contributions[at];
        }
        rank
    }

    /// The rank of `layout` by walking the automaton item by item: the
    /// reference for the row tables.
    #[cfg(test)]
    fn rank_by_items(&self, layout: Layout) -> u32 {
        let general = usize::from(ANCHOR_INDEX[usize::from(layout.general() & 0xF)]);
        let (verticals, horizontals, soldiers) =
            (layout.verticals(), layout.horizontals(), layout.soldiers());
        let mut rank = self.offsets[general];
        let (mut state, mut cursor) = self.starts[general];
        while u32::from(cursor) < END {
            let bit = |mask: u32| (mask >> cursor & 1) as usize;
            // The item codes: 0 empty, 1 horizontal, 2 vertical, 3 soldier.
            let item = bit(horizontals) | bit(verticals) << 1 | (bit(soldiers) * 3);
            let step = self.step(usize::from(state), item);
            if step.next == NO_STATE {
                break;
            }
            rank += step.skip;
            state = step.next;
            cursor = step.cursor;
        }
        rank
    }

    fn unrank(&self, rank: u32) -> Layout {
        let general = self.offsets[..12]
            .iter()
            .rposition(|&offset| offset <= rank)
            .unwrap_or(0);
        let mut rank = rank - self.offsets[general];
        let mut masks = [0u32; 4];
        let (mut state, mut cursor) = self.starts[general];
        while u32::from(cursor) < END {
            let mut chosen = None;
            for item in 0..4 {
                let step = self.step(usize::from(state), item);
                if step.next == NO_STATE {
                    continue;
                }
                let count = self.completions(step.next);
                if rank < count {
                    chosen = Some((item, step));
                    break;
                }
                rank -= count;
            }
            let Some((item, step)) = chosen else { break };
            masks[item] |= 1 << cursor;
            state = step.next;
            cursor = step.cursor;
        }
        Layout::from_parts(GENERAL_ANCHORS[general], masks[2], masks[1], masks[3])
    }

    /// Calls `visit(rank, layout)` for every layout with a rank in `ranks`, in order.
    fn for_each(&self, ranks: Range<u32>, visit: &mut impl FnMut(u32, Layout)) {
        for (general, &anchor) in GENERAL_ANCHORS.iter().enumerate() {
            let (first, end) = (self.offsets[general], self.offsets[general + 1]);
            if end <= ranks.start || first >= ranks.end {
                continue;
            }
            let (state, cursor) = self.starts[general];
            let walk = Walk {
                anchor,
                ranks: &ranks,
            };
            walk.descend(self, state, cursor, first, [0; 4], visit);
        }
    }
}

/// A depth-first walk over the layouts of one general's anchor, in rank order.
struct Walk<'a> {
    anchor: u8,
    ranks: &'a Range<u32>,
}

impl Walk<'_> {
    /// Visits the completions of `state` that lie in `self.ranks`; the first of
    /// them has rank `first`, and `masks` holds the items placed so far.
    fn descend(
        &self,
        ranking: &Ranking,
        state: u16,
        cursor: u8,
        first: u32,
        masks: [u32; 4],
        visit: &mut impl FnMut(u32, Layout),
    ) {
        if cursor >= TAIL {
            let (start, count) = ranking.tails[usize::from(state)];
            let from = self.ranks.start.saturating_sub(first);
            let to = self.ranks.end.saturating_sub(first).min(u32::from(count));
            let shift = u32::from(TAIL);
            for offset in from..to {
                let cells = u32::from(ranking.tail_cells[(start + offset) as usize]);
                let horizontals = masks[1] | (cells >> 4) << shift;
                let soldiers = masks[3] | (cells & 0xF) << shift;
                visit(
                    first + offset,
                    Layout::from_parts(self.anchor, masks[2], horizontals, soldiers),
                );
            }
            return;
        }
        for item in 0..4 {
            let step = ranking.step(usize::from(state), item);
            if step.next == NO_STATE {
                continue;
            }
            let start = first + step.skip;
            if start >= self.ranks.end {
                break;
            }
            let count = ranking.completions(step.next);
            if count == 0 || start + count <= self.ranks.start {
                continue;
            }
            let mut placed = masks;
            placed[item] |= 1 << cursor;
            self.descend(ranking, step.next, step.cursor, start, placed, visit);
        }
    }
}

fn ranking() -> &'static Ranking {
    static RANKING: OnceLock<Ranking> = OnceLock::new();
    RANKING.get_or_init(Ranking::build)
}

/// The rank of `layout` among all legal layouts in CommonCode order (its ShortCode).
#[inline]
pub(crate) fn rank(layout: Layout) -> u32 {
    ranking().rank(layout)
}

/// The layout of rank `rank`; `rank` must be below [`LAYOUT_COUNT`].
pub(crate) fn unrank(rank: u32) -> Layout {
    ranking().unrank(rank)
}

/// Calls `visit(rank, layout)` for every layout with a rank in `ranks`, in rank
/// order, without unranking each one.
pub(crate) fn for_each_layout(ranks: Range<u32>, mut visit: impl FnMut(u32, Layout)) {
    ranking().for_each(ranks, &mut visit);
}

/// The ranks of the solved layouts: the general's anchor is the top of the
/// CommonCode, so they are one contiguous range.
pub(crate) fn solved_ranks() -> Range<u32> {
    let ranking = ranking();
    let general = usize::from(ANCHOR_INDEX[usize::from(super::GOAL_ANCHOR)]);
    ranking.offsets[general]..ranking.offsets[general + 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row tables agree with the item-by-item walk, and ranks follow the
    /// enumeration order, on a spread of ranks.
    #[test]
    fn row_ranks_agree_with_item_ranks() {
        let ranking = ranking();
        let mut checked = 0;
        for start in (0..LAYOUT_COUNT).step_by(9_973) {
            for_each_layout(start..start + 3, |rank, layout| {
                assert_eq!(ranking.rank_by_items(layout), rank, "{layout:?}");
                assert_eq!(ranking.rank(layout), rank, "{layout:?}");
                assert_eq!(ranking.unrank(rank), layout);
                checked += 1;
            });
        }
        assert!(checked > 8_000);
        assert!(ranking.rows.contributions.len() < 1 << 17);
    }
}
