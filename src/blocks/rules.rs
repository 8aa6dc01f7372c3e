//! The rules of one puzzle: the board, its walls, the kinds of pieces with
//! their move tables, the goal and the metric.

use super::direction::Direction;
use super::layout::{self, Layout};
use crate::metric::Metric;

/// The most cells a board may have: one bit each in a `u64`.
pub const MAX_CELLS: usize = 64;

/// The mark of "no cell" in the move tables.
pub(super) const NONE: u8 = u8::MAX;

/// How a piece may move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Movement {
    /// Up, down, left and right.
    #[default]
    Free,
    /// Only along its long side, as a Rush Hour vehicle; a square piece so
    /// marked cannot move at all.
    Axis,
}

/// A piece's size and movement. Pieces of one kind are interchangeable unless
/// the puzzle makes them distinct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind {
    /// Rows the piece covers.
    pub height: u8,
    /// Columns the piece covers.
    pub width: u8,
    /// How it moves.
    pub movement: Movement,
}

impl Kind {
    /// Whether the piece may step in `direction`.
    pub(super) fn may_step(self, direction: Direction) -> bool {
        match self.movement {
            Movement::Free => true,
            Movement::Axis if self.width > self.height => !direction.vertical(),
            Movement::Axis if self.height > self.width => direction.vertical(),
            Movement::Axis => false,
        }
    }

    /// The number of cells it covers.
    pub fn area(self) -> u32 {
        u32::from(self.height) * u32::from(self.width)
    }
}

/// One unit step of a piece: the cells it enters, the anchor it ends on.
/// A step that does not exist ends on [`NONE`] and "enters" every cell, so
/// that the one test "every cell it enters is empty" rules it out too (the
/// cells of the piece that would take it are never empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) enter: u64,
    pub(super) to: u8,
}

/// A class of interchangeable pieces and its move tables: where a piece of it
/// covers with each anchor (top-left cell), and the anchor one step away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Class {
    pub(super) kind: Kind,
    /// The cells covered from each anchor; 0 where the piece does not fit on
    /// the board beside the walls.
    pub(super) footprint: [u64; MAX_CELLS],
    /// For each anchor and each [`Direction`], the cells a unit step enters
    /// and the anchor after it, or ([`NONE`]) where the step leaves the
    /// board, meets a wall or is not a way the piece moves: the four steps of
    /// an anchor in one cache line.
    pub(super) steps: [[Step; 4]; MAX_CELLS],
    /// The anchor of the mirror image of a piece at each anchor, left and
    /// right swapped ([`NONE`] where it does not fit).
    pub(super) mirror: [u8; MAX_CELLS],
    /// The anchors where the piece fits on the board beside the walls.
    pub(super) anchors: u64,
    /// Whether it steps left and right; up and down.
    pub(super) horizontal: bool,
    pub(super) vertical: bool,
}

impl Class {
    pub(super) fn new(kind: Kind, rows: u8, columns: u8, walls: u64) -> Self {
        let mut footprint = [0u64; MAX_CELLS];
        let (rows, columns) = (u32::from(rows), u32::from(columns));
        let (height, width) = (u32::from(kind.height), u32::from(kind.width));
        for row in 0..rows.saturating_sub(height - 1) {
            for column in 0..columns.saturating_sub(width - 1) {
                let mut cells = 0u64;
                for r in row..row + height {
                    for c in column..column + width {
                        cells |= 1 << (r * columns + c);
                    }
                }
                if cells & walls == 0 {
                    if let Some(slot) = footprint.get_mut((row * columns + column) as usize) {
                        *slot = cells;
                    }
                }
            }
        }
        let mut next = [[NONE; MAX_CELLS]; 4];
        for (direction, table) in Direction::ALL.into_iter().zip(next.iter_mut()) {
            if !kind.may_step(direction) {
                continue;
            }
            for cell in 0..rows * columns {
                let (row, column) = (cell / columns, cell % columns);
                let target = match direction {
                    Direction::Up if row > 0 => cell - columns,
                    Direction::Down if row + 1 < rows => cell + columns,
                    Direction::Left if column > 0 => cell - 1,
                    Direction::Right if column + 1 < columns => cell + 1,
                    _ => continue,
                };
                let fits = |cell: u32| footprint.get(cell as usize).is_some_and(|&f| f != 0);
                if fits(cell) && fits(target) {
                    if let Some(slot) = table.get_mut(cell as usize) {
                        *slot = target as u8;
                    }
                }
            }
        }
        let mut steps = [[Step {
            enter: u64::MAX,
            to: NONE,
        }; 4]; MAX_CELLS];
        for (anchor, (cell_steps, &here)) in steps.iter_mut().zip(&footprint).enumerate() {
            for (step, table) in cell_steps.iter_mut().zip(&next) {
                let to = table.get(anchor).copied().unwrap_or(NONE);
                if to != NONE {
                    let there = footprint.get(usize::from(to)).copied().unwrap_or(0);
                    *step = Step {
                        enter: there & !here,
                        to,
                    };
                }
            }
        }
        let mut mirror = [NONE; MAX_CELLS];
        for (anchor, slot) in mirror.iter_mut().enumerate() {
            let (row, column) = (
                anchor as u32 / columns.max(1),
                anchor as u32 % columns.max(1),
            );
            if let Some(mirrored) = (columns + 1).checked_sub(width + column + 1) {
                let mirrored = row * columns + mirrored;
                if footprint.get(anchor).is_some_and(|&f| f != 0) {
                    *slot = mirrored as u8;
                }
            }
        }
        let anchors = footprint
            .iter()
            .enumerate()
            .filter(|(_, cells)| **cells != 0)
            .fold(0, |anchors, (anchor, _)| anchors | 1 << anchor);
        Class {
            kind,
            footprint,
            steps,
            mirror,
            anchors,
            horizontal: kind.may_step(Direction::Left),
            vertical: kind.may_step(Direction::Up),
        }
    }

    /// The cells covered from `anchor` (0 where the piece does not fit).
    #[inline(always)]
    pub(super) fn cells(&self, anchor: u8) -> u64 {
        // Masked to 0..64: in bounds.
        #[allow(clippy::indexing_slicing)]
        self.footprint[usize::from(anchor & 63)]
    }

    /// The four unit steps from `anchor`, in [`Direction`] order: the anchor
    /// after each and the cells it enters (see [`Step`] for those that do
    /// not exist).
    #[inline(always)]
    pub(super) fn steps_from(&self, anchor: u8) -> &[Step; 4] {
        // Masked to 0..64: in bounds.
        #[allow(clippy::indexing_slicing)]
        &self.steps[usize::from(anchor & 63)]
    }

    /// The anchor of the mirror image of a piece anchored at `anchor`.
    #[inline(always)]
    pub(super) fn mirrored(&self, anchor: u8) -> u8 {
        // Masked to 0..64: in bounds.
        #[allow(clippy::indexing_slicing)]
        self.mirror[usize::from(anchor & 63)]
    }

    /// The anchor one step from `anchor` in `direction` (0 to 3), or [`NONE`];
    /// and the cells the step enters (every cell, where it does not exist).
    #[inline(always)]
    pub(super) fn step(&self, direction: usize, anchor: u8) -> (u8, u64) {
        let (direction, anchor) = (direction & 3, usize::from(anchor & 63));
        // Masked to 0..4 and 0..64: in bounds.
        #[allow(clippy::indexing_slicing)]
        let step = self.steps[anchor][direction];
        (step.to, step.enter)
    }
}

/// For each cell, the anchors from which a piece of one of `classes` steps
/// into it: a piece that can move has such a cell empty, since every move
/// starts with a unit step.
pub(super) fn touch_table(classes: &[Class]) -> [u64; MAX_CELLS] {
    let mut touch = [0u64; MAX_CELLS];
    for class in classes {
        for (anchor, steps) in class.steps.iter().enumerate() {
            for step in steps.iter().filter(|step| step.to != NONE) {
                let mut entered = step.enter;
                while entered != 0 {
                    let cell = entered.trailing_zeros() as usize;
                    if let Some(anchors) = touch.get_mut(cell) {
                        *anchors |= 1 << anchor;
                    }
                    entered &= entered - 1;
                }
            }
        }
    }
    touch
}

/// When a layout is solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// The goal piece, class 0, anchored at `cell`. `swept[a]` holds, for a
    /// goal piece that moves along one axis, the cells it must cross from
    /// anchor `a` to the goal (0 where the goal is not on its line).
    Place { cell: u8, swept: Vec<u64> },
    /// Every piece where this layout has one of its class. `class_at[c]` is
    /// the class anchored at cell `c` in it, plus one, or 0.
    Layout {
        layout: Layout,
        class_at: [u8; MAX_CELLS],
    },
}

/// A sliding-block puzzle as a [`Puzzle`](crate::Puzzle): the board, the
/// kinds of pieces, the goal and the [`Metric`].
///
/// Build one by parsing a [`Setup`](super::Setup), which also gives the start
/// layout and the pieces' letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocks {
    pub(super) rows: u8,
    pub(super) columns: u8,
    pub(super) walls: u64,
    pub(super) metric: Metric,
    /// Class 0 is the goal piece's when the goal is a place.
    pub(super) classes: Vec<Class>,
    /// Bits per class number in a layout.
    pub(super) bits: u32,
    /// Empty cells in every layout.
    pub(super) empty: u32,
    /// Every cell of the board; those of its first and of its last column.
    pub(super) board: u64,
    pub(super) first_column: u64,
    pub(super) last_column: u64,
    /// For each cell, the anchors from which a piece of some class steps
    /// into it ([`touch_table`]); used when `from_empty` is set.
    pub(super) touch: [u64; MAX_CELLS],
    /// Whether the moves of a layout are looked for from its empty cells,
    /// which are then no more than its pieces (the Klotski boards, Rush
    /// Hour); otherwise every piece is looked at.
    pub(super) from_empty: bool,
    pub(super) target: Target,
    /// Whether the walls and the goal are symmetric left to right: layouts
    /// then carry the code of their mirror image.
    pub(super) symmetric: bool,
    /// Whether a layout and its mirror image share a key (when symmetric).
    pub(super) mirror_folding: bool,
}

impl Blocks {
    /// The anchors of `layout` whose pieces may have a move: those from
    /// which a piece steps into one of its empty cells; on a board with more
    /// empty cells than pieces, every anchor.
    #[inline(always)]
    pub(super) fn may_move(&self, layout: Layout) -> u64 {
        if !self.from_empty {
            return layout.anchors();
        }
        let mut empty = layout.empty();
        let mut near = 0;
        while empty != 0 {
            // Masked to 0..64: in bounds.
            #[allow(clippy::indexing_slicing)]
            let anchors = self.touch[(empty.trailing_zeros() & 63) as usize];
            near |= anchors;
            empty &= empty - 1;
        }
        layout.anchors() & near
    }

    /// The layout of `pieces`, (anchor, class) pairs (sorted on the way).
    pub(super) fn layout_of(&self, pieces: &mut [(u8, u8)]) -> Layout {
        let code = layout::pack(pieces, self.bits);
        let mirror = if self.symmetric {
            let mut mirrored: Vec<(u8, u8)> = pieces
                .iter()
                .map(|&(cell, class)| (self.class(class).map_or(NONE, |c| c.mirrored(cell)), class))
                .collect();
            layout::pack(&mut mirrored, self.bits)
        } else {
            0
        };
        let covered = pieces
            .iter()
            .map(|&(cell, class)| self.class(class).map_or(0, |class| class.cells(cell)))
            .fold(0, |cells, piece| cells | piece);
        Layout::new(code, mirror, self.board & !self.walls & !covered)
    }

    /// `layout` with the piece of rank `rank` and class `class` moved from
    /// anchor `from` to anchor `to`, which is free; its mirror image and its
    /// empty cells too.
    #[inline(always)]
    pub(super) fn moved(
        &self,
        layout: Layout,
        rank: u32,
        class: &Class,
        number: u8,
        from: u8,
        to: u8,
    ) -> Layout {
        let code = layout::moved(layout.halves(), rank, number, from, to, self.bits);
        let empty = (layout.empty() | class.cells(from)) & !class.cells(to);
        if !self.symmetric {
            return Layout::from_halves(code, [0; 2], empty);
        }
        let mirror = layout.mirror_halves();
        let (mirrored_from, mirrored_to) = (class.mirrored(from), class.mirrored(to));
        let below = (1u64 << (mirrored_from & 63)) - 1;
        let mirrored_rank = (mirror[0] & below).count_ones();
        let mirror = layout::moved(
            mirror,
            mirrored_rank,
            number,
            mirrored_from,
            mirrored_to,
            self.bits,
        );
        Layout::from_halves(code, mirror, empty)
    }

    /// The same puzzle with mirror folding on (the default) or off: on a
    /// board whose walls and goal are symmetric left to right, a layout and
    /// its mirror image then share one key, which halves the layouts a
    /// search stores. Paths still replay move by move. On other boards it
    /// changes nothing.
    #[must_use]
    pub fn with_mirror_folding(self, mirror_folding: bool) -> Self {
        Blocks {
            mirror_folding,
            ..self
        }
    }

    /// Whether a layout and its mirror image share a key: mirror folding is
    /// on and the board, walls and goal, is symmetric left to right.
    pub fn mirror_folding(&self) -> bool {
        self.mirror_folding && self.symmetric
    }

    /// The same puzzle under `metric`.
    #[must_use]
    pub fn with_metric(self, metric: Metric) -> Self {
        Blocks { metric, ..self }
    }

    /// The move metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Rows on the board.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns on the board.
    pub fn columns(&self) -> usize {
        usize::from(self.columns)
    }

    /// The walls, bit `row * columns + column` for each.
    pub fn walls(&self) -> u64 {
        self.walls
    }

    /// The number of empty cells, the same in every layout.
    pub fn empty_cells(&self) -> usize {
        self.empty as usize
    }

    /// The row and column, from 0, of cell `cell`.
    pub fn position(&self, cell: u8) -> (usize, usize) {
        let columns = usize::from(self.columns.max(1));
        (usize::from(cell) / columns, usize::from(cell) % columns)
    }

    /// The pieces of `layout`: each anchor (top-left cell), its class and the class's [`Kind`], by anchor.
    pub fn pieces(&self, layout: Layout) -> impl Iterator<Item = (u8, Kind)> + '_ {
        self.decode(layout)
            .map(|(cell, class)| (cell, self.kind(class)))
    }

    /// The pieces of `layout` as (anchor, class), by anchor.
    #[inline(always)]
    pub(super) fn decode(&self, layout: Layout) -> impl Iterator<Item = (u8, u8)> {
        let mut anchors = layout.anchors();
        let mut sequence = layout.sequence();
        let bits = self.bits;
        let mask = (1u64 << bits) - 1;
        core::iter::from_fn(move || {
            if anchors == 0 {
                return None;
            }
            let cell = anchors.trailing_zeros() as u8;
            anchors &= anchors - 1;
            let class = (sequence & mask) as u8;
            sequence >>= bits;
            Some((cell, class))
        })
    }

    pub(super) fn class(&self, class: u8) -> Option<&Class> {
        self.classes.get(usize::from(class))
    }

    pub(super) fn kind(&self, class: u8) -> Kind {
        self.class(class).map_or(
            Kind {
                height: 1,
                width: 1,
                movement: Movement::Free,
            },
            |class| class.kind,
        )
    }

    /// The cells the goal piece covers at its goal, for a place goal.
    pub fn goal_cells(&self) -> Option<u64> {
        match &self.target {
            Target::Place { cell, .. } => self.class(0).map(|class| class.cells(*cell)),
            Target::Layout { .. } => None,
        }
    }

    /// The cells the pieces of `layout` cover, walls left out.
    pub fn occupied(&self, layout: Layout) -> u64 {
        self.board & !self.walls & !layout.empty()
    }

    /// Whether the goal piece is anchored at the goal place, or every piece is
    /// where the target layout has one of its class.
    #[inline]
    pub fn is_solved(&self, layout: Layout) -> bool {
        match &self.target {
            Target::Place { cell, .. } => {
                let Some(bit) = 1u64.checked_shl(u32::from(*cell)) else {
                    return false;
                };
                let anchors = layout.anchors();
                anchors & bit != 0 && {
                    let rank = (anchors & (bit - 1)).count_ones();
                    layout.class_at_rank(rank, self.bits) == 0
                }
            }
            Target::Layout { layout: target, .. } => layout == *target,
        }
    }
}
