//! CommonCode and ShortCode: the published codes of Klotski layouts.
//!
//! A CommonCode is 36 bits. The top 4 hold the top-left cell of the general; the
//! low 32 list the other items in row-major order of their top-left cells, two
//! bits each, first item highest: `00` empty cell, `01` horizontal, `10`
//! vertical, `11` soldier. A ShortCode is a layout's rank among all 29,334,498
//! legal layouts ordered by CommonCode.

// This module is ranking tables: every index is a masked bit field, a general's
// index below 12, an item below 4 or an automaton state the tables themselves
// hold, all in bounds by construction; `get` would add a branch to ranking.
#![allow(clippy::indexing_slicing)]

use core::fmt;
use core::ops::Range;
use core::str::FromStr;
use std::sync::OnceLock;

use super::layout::{Layout, Shape, CELLS, COLUMNS, FULL, ROWS};
use super::LayoutError;

/// The number of legal layouts: one general, any other pieces, two or more empty cells.
pub const LAYOUT_COUNT: u32 = 29_334_498;

/// An item of a CommonCode, in the order of its 2-bit value.
const ITEMS: [Option<Shape>; 4] = [
    None,
    Some(Shape::Horizontal),
    Some(Shape::Vertical),
    Some(Shape::Soldier),
];

/// The 36-bit code of a layout used by the open-source klotski engine and its catalogs.
///
/// Its text is 9 hex digits; when parsing, trailing zeros may be left out and
/// case does not matter.
///
/// ```
/// use puzzle_search::klotski::{CommonCode, Layout};
///
/// let code: CommonCode = "1A9BF0C".parse()?;
/// assert_eq!(code.value(), 0x1_A9BF_0C00);
/// assert_eq!(code.to_string(), "1A9BF0C00");
/// assert_eq!(code.layout().to_shape_digits(), "24422442233221121001");
/// assert_eq!(CommonCode::from(code.layout()), code);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CommonCode(u64);

impl CommonCode {
    /// The code `value`, if it describes a legal layout.
    pub fn new(value: u64) -> Result<Self, LayoutError> {
        decode(value).map(|_| CommonCode(value))
    }

    /// The 36-bit value.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The layout it describes.
    pub fn layout(self) -> Layout {
        // `CommonCode` values are checked on construction.
        decode(self.0).unwrap_or_else(|_| Layout::from_parts(0, 0, 0, 0))
    }
}

impl From<Layout> for CommonCode {
    fn from(layout: Layout) -> Self {
        let mut range = 0u32;
        let mut items = 0;
        let mut covered = Shape::General.footprint() << layout.general();
        for cell in 0..CELLS as u32 {
            let bit = 1 << cell;
            if covered & bit != 0 {
                continue;
            }
            let (item, cells) = if layout.verticals() & bit != 0 {
                (2, Shape::Vertical.footprint() << cell)
            } else if layout.horizontals() & bit != 0 {
                (1, Shape::Horizontal.footprint() << cell)
            } else if layout.soldiers() & bit != 0 {
                (3, bit)
            } else {
                (0, bit)
            };
            covered |= cells;
            range |= item << (30 - 2 * items);
            items += 1;
        }
        CommonCode(u64::from(layout.general()) << 32 | u64::from(range))
    }
}

impl fmt::Display for CommonCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:09X}", self.0)
    }
}

impl FromStr for CommonCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason: &str| LayoutError::InvalidCommonCode {
            code: text.to_owned(),
            reason: reason.to_owned(),
        };
        if text.is_empty() || text.len() > 9 {
            return Err(invalid("a CommonCode has 1 to 9 hex digits"));
        }
        if !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(invalid("a CommonCode has only hex digits 0-9 and A-F"));
        }
        let value = u64::from_str_radix(text, 16).map_err(|error| invalid(&error.to_string()))?;
        // Trailing zeros may be left out: the digits are the leading ones of nine.
        let shift = 4 * (9 - text.len() as u32);
        CommonCode::new(value << shift).map_err(|error| match error {
            LayoutError::InvalidCommonCode { reason, .. } => invalid(&reason),
            other => other,
        })
    }
}

/// Decodes a CommonCode value into a legal layout.
fn decode(value: u64) -> Result<Layout, LayoutError> {
    let invalid = |reason: String| LayoutError::InvalidCommonCode {
        code: format!("{value:09X}"),
        reason,
    };
    if value >> 36 != 0 {
        return Err(invalid("the value has more than 36 bits".into()));
    }
    let general = (value >> 32) as u32;
    if general > 14 || general % 4 == 3 {
        return Err(invalid(format!(
            "the general's top-left cell {general} would put it off the board (row 4 or column 3)"
        )));
    }
    let mut range = value as u32;
    let mut covered = Shape::General.footprint() << general;
    let (mut verticals, mut horizontals, mut soldiers, mut empty) = (0u32, 0u32, 0u32, 0u32);
    for cell in 0..CELLS as u32 {
        let bit = 1 << cell;
        if covered & bit != 0 {
            continue;
        }
        let item = ITEMS[(range >> 30) as usize];
        range <<= 2;
        match item {
            None => empty += 1,
            Some(shape) => {
                let cells = shape.footprint() << cell;
                if shape.fits(!covered & FULL) & bit == 0 {
                    let (row, col) = (cell as usize / COLUMNS, cell as usize % COLUMNS);
                    return Err(invalid(format!(
                        "a {shape} piece at row {row}, column {col} does not fit on the board"
                    )));
                }
                match shape {
                    Shape::Vertical => verticals |= bit,
                    Shape::Horizontal => horizontals |= bit,
                    _ => soldiers |= bit,
                }
                covered |= cells;
            }
        }
        covered |= bit;
    }
    if range != 0 {
        return Err(invalid(
            "items are left over after the board is full".into(),
        ));
    }
    if empty < 2 {
        return Err(invalid(format!(
            "it leaves {empty} empty cells; at least two are needed"
        )));
    }
    Ok(Layout::from_parts(
        general as u8,
        verticals,
        horizontals,
        soldiers,
    ))
}

/// The alphabet of ShortCode text: base 32 without `0`, `I`, `L` and `O`.
const SHORT_ALPHABET: &[u8; 32] = b"123456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// A layout's rank among all [`LAYOUT_COUNT`] legal layouts ordered by CommonCode.
///
/// Its text is five base-32 characters, most significant first.
///
/// ```
/// use puzzle_search::klotski::{Layout, ShortCode};
///
/// let layout: Layout = "1A9BF0C".parse()?;
/// let short = ShortCode::from(layout);
/// assert_eq!(short.rank(), 4_091_296);
/// assert_eq!(short.to_string(), "4WVE1");
/// assert_eq!("4WVE1".parse::<ShortCode>()?.layout(), layout);
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShortCode(u32);

impl ShortCode {
    /// The code of rank `rank`, if `rank < LAYOUT_COUNT`.
    pub fn new(rank: u32) -> Result<Self, LayoutError> {
        if rank < LAYOUT_COUNT {
            Ok(ShortCode(rank))
        } else {
            Err(LayoutError::InvalidShortCode {
                code: rank.to_string(),
                reason: format!("rank {rank} is not below the {LAYOUT_COUNT} legal layouts"),
            })
        }
    }

    /// The rank.
    pub fn rank(self) -> u32 {
        self.0
    }

    /// The layout of this rank.
    pub fn layout(self) -> Layout {
        ranking().unrank(self.0)
    }
}

impl From<Layout> for ShortCode {
    fn from(layout: Layout) -> Self {
        ShortCode(ranking().rank(layout))
    }
}

impl fmt::Display for ShortCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut digits = [b'1'; 5];
        let mut rest = self.0;
        for digit in digits.iter_mut().rev() {
            *digit = SHORT_ALPHABET[(rest % 32) as usize];
            rest /= 32;
        }
        f.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for ShortCode {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason: String| LayoutError::InvalidShortCode {
            code: text.to_owned(),
            reason,
        };
        if text.chars().count() != 5 {
            return Err(invalid("a ShortCode has exactly 5 characters".into()));
        }
        let mut rank = 0u32;
        for symbol in text.chars() {
            let digit = SHORT_ALPHABET
                .iter()
                .position(|&letter| char::from(letter) == symbol.to_ascii_uppercase())
                .ok_or_else(|| {
                    invalid(format!(
                        "{symbol:?} is not a ShortCode character (1-9 and A-Z without I, L, O)"
                    ))
                })?;
            rank = rank * 32 + digit as u32;
        }
        ShortCode::new(rank).map_err(|error| match error {
            LayoutError::InvalidShortCode { reason, .. } => invalid(reason),
            other => other,
        })
    }
}

/// The anchors the general may have, in CommonCode order.
const GENERAL_ANCHORS: [u8; 12] = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14];

/// The position of each anchor in [`GENERAL_ANCHORS`] (0 for anchors the general never has).
const ANCHOR_INDEX: [u8; 16] = [0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0];

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
/// from [`Rows`] instead: about 18 ns where the walk takes about 55 ns.
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
}

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
        ranking
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
        let (verticals, horizontals, soldiers) =
            (layout.verticals(), layout.horizontals(), layout.soldiers());
        let covered = Shape::General.footprint() << anchor | verticals << COLUMNS;
        let empty = layout.empty();
        let mut rank = self.offsets[general];
        // Every row's lookup depends on the layout alone, not on the rows
        // before it, so the processor overlaps all five.
        for row in 0..ROWS {
            let shift = (COLUMNS * row) as u32;
            let nibble = |mask: u32| (mask >> shift & 0xF) as usize;
            let content = nibble(covered) << 12
                | nibble(verticals) << 8
                | nibble(horizontals) << 4
                | nibble(soldiers);
            let empties = (empty & ((1 << shift) - 1)).count_ones().min(2) as usize;
            let start = ((row * 12 + general) * 16 + nibble(covered)) * 3 + empties;
            let base = self.rows.bases.get(start).copied().unwrap_or(0) as usize;
            let id = self.rows.ids.get(content).copied().unwrap_or(0);
            rank += self
                .rows
                .contributions
                .get(base + usize::from(id))
                .copied()
                .unwrap_or(0);
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

/// Ranking row by row.
///
/// Walking the automaton item by item makes each lookup wait for the one
/// before. But what a row adds to the rank depends only on the general, the
/// row's cells covered from above, the empty cells before the row (capped at
/// two) and the row's own pieces — all read straight off the layout. So a rank
/// is five independent lookups, one per row, in tables of a few hundred
/// kilobytes.
#[derive(Default)]
struct Rows {
    /// The number of each possible content of a row among the contents with the
    /// same covered cells; indexed by the covered cells, vertical, horizontal and
    /// soldier anchors of the row, four bits each, in that order from the top.
    ids: Vec<u8>,
    /// Where the contributions of each (row, general, covered cells, empty
    /// cells before) start in `contributions`.
    bases: Vec<u32>,
    /// What a row adds to the rank, by base plus content number.
    contributions: Vec<u32>,
}

impl Rows {
    fn build(ranking: &mut Ranking) -> Self {
        // Every way to fill the cells of a row not covered from above.
        let mut contents: Vec<Vec<[u32; 3]>> = Vec::with_capacity(16);
        let mut ids = vec![0u8; 1 << 16];
        for covered in 0..16u32 {
            let mut list = Vec::new();
            row_contents(covered, 0, [0; 3], &mut list);
            for (id, &[verticals, horizontals, soldiers]) in list.iter().enumerate() {
                let key = (covered << 12 | verticals << 8 | horizontals << 4 | soldiers) as usize;
                ids[key] = id as u8;
            }
            contents.push(list);
        }
        let mut bases = vec![0u32; ROWS * 12 * 16 * 3];
        let mut contributions = Vec::new();
        for row in 0..ROWS {
            let shift = (COLUMNS * row) as u32;
            for (general, &anchor) in GENERAL_ANCHORS.iter().enumerate() {
                let general_cells = Shape::General.footprint() << anchor;
                for covered in 0..16u32 {
                    if (general_cells >> shift & 0xF) & !covered != 0 {
                        continue;
                    }
                    for empties in 0..3u32 {
                        let index =
                            ((row * 12 + general) * 16 + covered as usize) * 3 + empties as usize;
                        bases[index] = contributions.len() as u32;
                        let fill = Fill {
                            general,
                            covered: (((1 << shift) - 1) | (covered << shift) | general_cells)
                                & FULL,
                            empty: empties,
                        };
                        for &content in &contents[covered as usize] {
                            contributions.push(ranking.row_contribution(fill, shift, content));
                        }
                    }
                }
            }
        }
        Rows {
            ids,
            bases,
            contributions,
        }
    }
}

/// Lists the fillings of a row's cells from `cell` on, given the `covered`
/// ones, as vertical, horizontal and soldier anchor masks, in a fixed order.
fn row_contents(covered: u32, cell: u32, placed: [u32; 3], out: &mut Vec<[u32; 3]>) {
    if cell >= COLUMNS as u32 {
        out.push(placed);
        return;
    }
    let bit = 1 << cell;
    if covered & bit != 0 {
        row_contents(covered, cell + 1, placed, out);
        return;
    }
    row_contents(covered, cell + 1, placed, out);
    for slot in 0..3 {
        let mut next = placed;
        next[slot] |= bit;
        if slot == 1 {
            // A horizontal piece also takes the next cell of the row.
            if cell + 1 < COLUMNS as u32 && covered & bit << 1 == 0 {
                row_contents(covered | bit << 1, cell + 1, next, out);
            }
        } else {
            row_contents(covered, cell + 1, next, out);
        }
    }
}

impl Ranking {
    /// What placing the row `content` (vertical, horizontal and soldier anchors
    /// of the row at `shift`) onto `fill` adds to the rank; 0 when it does not
    /// fit, as no legal layout asks for it then.
    fn row_contribution(&mut self, mut fill: Fill, shift: u32, content: [u32; 3]) -> u32 {
        let [verticals, horizontals, soldiers] = content.map(|mask| mask << shift);
        let mut sum = 0;
        for cell in shift..shift + COLUMNS as u32 {
            let bit = 1 << cell;
            if fill.covered & bit != 0 {
                continue;
            }
            let item = if horizontals & bit != 0 {
                1
            } else if verticals & bit != 0 {
                2
            } else if soldiers & bit != 0 {
                3
            } else {
                0
            };
            for &smaller in &ITEMS[..item] {
                if let Some(next) = fill.place(smaller) {
                    sum += self.count(next);
                }
            }
            match fill.place(ITEMS[item]) {
                Some(next) => fill = next,
                None => return 0,
            }
        }
        sum
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
        if u32::from(cursor) == END {
            if ranking.completions(state) == 1 {
                visit(
                    first,
                    Layout::from_parts(self.anchor, masks[2], masks[1], masks[3]),
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
