//! Sliding blocks as a [`Puzzle`] and [`Backward`]: the moves, the goal, an
//! admissible heuristic and the goal states a backward search starts from.

use super::layout::Layout;
use super::moves::Move;
use super::rules::{Blocks, Movement, Target};
use crate::metric::Metric;
use crate::{Backward, Puzzle};

impl Puzzle for Blocks {
    type State = Layout;
    type Move = Move;
    /// The layout itself: interchangeable pieces are folded by the packing.
    type Key = u128;

    /// The layout's code; with mirror folding, the smaller of it and its
    /// mirror image's.
    #[inline]
    fn encode(&self, layout: &Layout) -> u128 {
        if self.mirror_folding && self.symmetric {
            layout.code().min(layout.mirror_code())
        } else {
            layout.code()
        }
    }

    #[inline]
    fn successors(&self, layout: &Layout, emit: impl FnMut(Move, Layout)) {
        self.for_each_move(*layout, None, emit);
    }

    /// Leaves out the moves of the piece `last` moved that the layout before
    /// it reaches in one move: under `piece` every move of that piece, under
    /// `slide` those along the same line, under `step` the step back.
    #[inline]
    fn successors_after(&self, layout: &Layout, last: &Move, emit: impl FnMut(Move, Layout)) {
        self.for_each_move(*layout, Some(*last), emit);
    }

    #[inline]
    fn is_goal(&self, layout: &Layout) -> bool {
        self.is_solved(*layout)
    }

    /// A lower bound on the moves left.
    ///
    /// **Place goals.** Let the goal piece be `h` rows by `w` columns, `dr`
    /// rows and `dc` columns from its goal, and `e` the number of empty cells
    /// (the same in every layout). Under `step` a move carries it one cell:
    /// at least `dr + dc` of its moves. A `slide` of `d` rows sweeps `d · w`
    /// cells that were empty before it, so `d ≤ e / w` (and `d ≤ e / h` for
    /// columns), and it moves along one axis: at least `⌈dr / (e/w)⌉ +
    /// ⌈dc / (e/h)⌉` moves. A `piece` move from one anchor to another
    /// displaced `(a, b)` ends on `h·w − (h − min(a,h))·(w − min(b,w))` cells
    /// that were empty before, at least `min(a, h)·w` of them; when `h·w > e`
    /// that forces `a < h`, so `a ≤ e / w` and likewise `b ≤ e / h`: at least
    /// `max(⌈dr / (e/w)⌉, ⌈dc / (e/h)⌉)` moves (one, if `h·w ≤ e`).
    ///
    /// A goal piece that moves along one axis (a Rush Hour car) must also
    /// cross every cell between it and its goal, so every other piece on
    /// those cells must move out first, at least once each: moves of other
    /// pieces, added to the goal piece's own. That is "the distance to the
    /// exit plus the cars in the way", the distance counted in moves of the
    /// metric.
    ///
    /// **Layout goals.** Every piece not on an anchor of its class in the
    /// target must move at least once: their number.
    #[inline]
    fn heuristic(&self, layout: &Layout) -> u32 {
        match &self.target {
            Target::Place { cell, swept } => self.place_bound(*layout, *cell, swept),
            Target::Layout { class_at, .. } => self
                .decode(*layout)
                .filter(|&(cell, class)| {
                    class_at.get(usize::from(cell)).copied() != class.checked_add(1)
                })
                .count() as u32,
        }
    }
}

impl Blocks {
    /// The heuristic for a place goal.
    fn place_bound(&self, layout: Layout, goal: u8, swept: &[u64]) -> u32 {
        let Some((anchor, _)) = self.decode(layout).find(|&(_, class)| class == 0) else {
            return 0;
        };
        let kind = self.kind(0);
        let (row, column) = self.position(anchor);
        let (goal_row, goal_column) = self.position(goal);
        let rows = row.abs_diff(goal_row) as u32;
        let columns = column.abs_diff(goal_column) as u32;
        let empty = self.empty;
        let row_reach = (empty / u32::from(kind.width)).max(1);
        let column_reach = (empty / u32::from(kind.height)).max(1);
        let own = match self.metric {
            Metric::Step => rows + columns,
            Metric::Slide => rows.div_ceil(row_reach) + columns.div_ceil(column_reach),
            Metric::Piece if kind.movement == Movement::Axis => {
                rows.div_ceil(row_reach) + columns.div_ceil(column_reach)
            }
            Metric::Piece if kind.area() <= empty => u32::from(rows + columns > 0),
            Metric::Piece => rows.div_ceil(row_reach).max(columns.div_ceil(column_reach)),
        };
        let crossed = swept.get(usize::from(anchor)).copied().unwrap_or(0);
        if crossed == 0 {
            return own;
        }
        let blockers = self
            .decode(layout)
            .filter(|&(cell, class)| {
                class != 0 && self.class(class).map_or(0, |class| class.cells(cell)) & crossed != 0
            })
            .count() as u32;
        own + blockers
    }

    /// Calls `emit` with every layout of the pieces of `start` that meets a
    /// place goal: the goal piece there, every piece that moves along one
    /// axis on its own line, the others anywhere they fit.
    ///
    /// # Complexity
    ///
    /// The number of such layouts, which grows exponentially with the free
    /// pieces and the empty cells: fine for Klotski and Rush Hour, not for a
    /// large board with many empty cells.
    fn place_goals(&self, start: Layout, goal: u8, emit: &mut dyn FnMut(Layout)) {
        // The pieces with the anchors each may take: the goal piece first,
        // then the pieces grouped by class and line, so that the pieces of a
        // group, interchangeable, are placed in increasing anchor order only.
        let mut pieces: Vec<(u8, usize, Vec<u8>)> = Vec::new();
        for (cell, class) in self.decode(start) {
            let Some(table) = self.class(class) else {
                continue;
            };
            let kind = table.kind;
            let (row, column) = self.position(cell);
            let (line, anchors): (usize, Vec<u8>) = if class == 0 {
                (0, vec![goal])
            } else if kind.movement == Movement::Axis && kind.width > kind.height {
                (
                    1 + row,
                    (0..self.columns)
                        .map(|c| (row * self.columns() + usize::from(c)) as u8)
                        .collect(),
                )
            } else if kind.movement == Movement::Axis && kind.height > kind.width {
                (
                    100 + column,
                    (0..self.rows)
                        .map(|r| (usize::from(r) * self.columns() + column) as u8)
                        .collect(),
                )
            } else if kind.movement == Movement::Axis {
                (200 + usize::from(cell), vec![cell])
            } else {
                (0, (0..self.rows * self.columns).collect())
            };
            let anchors = anchors
                .into_iter()
                .filter(|&a| table.cells(a) != 0)
                .collect();
            pieces.push((class, line, anchors));
        }
        pieces.sort_by_key(|(class, line, _)| (*class != 0, *class, *line));
        let mut placed: Vec<(u8, u8)> = Vec::with_capacity(pieces.len());
        self.place(&pieces, &mut placed, self.walls, emit);
    }

    fn place(
        &self,
        pieces: &[(u8, usize, Vec<u8>)],
        placed: &mut Vec<(u8, u8)>,
        occupied: u64,
        emit: &mut dyn FnMut(Layout),
    ) {
        let index = placed.len();
        let Some((class, line, anchors)) = pieces.get(index) else {
            emit(self.layout_of(&mut placed.clone()));
            return;
        };
        let Some(table) = self.class(*class) else {
            return;
        };
        // The same group as the piece before: anchors after its anchor only.
        let after = index
            .checked_sub(1)
            .and_then(|before| Some((pieces.get(before)?, placed.get(before)?)))
            .and_then(|((c, l, _), &(anchor, _))| (c == class && l == line).then_some(anchor));
        for &anchor in anchors {
            if after.is_some_and(|after| anchor <= after) {
                continue;
            }
            let cells = table.cells(anchor);
            if cells & occupied == 0 {
                placed.push((anchor, *class));
                self.place(pieces, placed, occupied | cells, emit);
                placed.pop();
            }
        }
    }
}

impl Backward for Blocks {
    /// The target layout; for a place goal, every layout of the pieces of
    /// `start` with the goal piece there (see the complexity note on the
    /// module's documentation: exponential in the free pieces).
    fn goal_states(&self, start: &Layout, mut emit: impl FnMut(Layout)) {
        match &self.target {
            Target::Place { cell, .. } => self.place_goals(*start, *cell, &mut emit),
            Target::Layout { layout, .. } => emit(*layout),
        }
    }

    /// Every move can be undone, so the predecessors are the successors.
    fn predecessors(&self, layout: &Layout, mut emit: impl FnMut(Move, Layout)) {
        self.for_each_move(*layout, None, |mv, previous| emit(mv.reversed(), previous));
    }

    /// The successors after `next` undone, each move reversed.
    fn predecessors_before(
        &self,
        layout: &Layout,
        next: &Move,
        mut emit: impl FnMut(Move, Layout),
    ) {
        self.for_each_move(*layout, Some(next.reversed()), |mv, previous| {
            emit(mv.reversed(), previous)
        });
    }
}
