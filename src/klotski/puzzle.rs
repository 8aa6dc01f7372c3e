//! Klotski as a [`Puzzle`] and [`Backward`]: moves under one metric, the goal,
//! the heuristic and the goal states a backward search starts from.

use super::layout::{Layout, GOAL_ANCHOR};
use super::moves::Move;
use super::{generate, space};
use crate::metric::Metric;
use crate::{Backward, Puzzle};

/// Klotski as a [`Puzzle`], under one [`Metric`], with optional mirror folding.
///
/// With mirror folding (the default) a layout and its left–right mirror image
/// share one key, which halves the states a search stores; returned paths still
/// replay move by move, because the engines rebuild them from real moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Klotski {
    metric: Metric,
    mirror_folding: bool,
}

impl Default for Klotski {
    fn default() -> Self {
        Klotski::new(Metric::default())
    }
}

impl Klotski {
    /// Klotski under `metric`, with mirror folding.
    pub fn new(metric: Metric) -> Self {
        Klotski {
            metric,
            mirror_folding: true,
        }
    }

    /// The same puzzle with mirror folding switched on or off.
    #[must_use]
    pub fn with_mirror_folding(self, mirror_folding: bool) -> Self {
        Klotski {
            mirror_folding,
            ..self
        }
    }

    /// The move metric.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Whether a layout and its mirror image share a key.
    pub fn mirror_folding(&self) -> bool {
        self.mirror_folding
    }
}

impl Puzzle for Klotski {
    type State = Layout;
    type Move = Move;
    /// The layout's 64-bit [`code`](Layout::code), or with mirror folding the
    /// smaller of it and its mirror image's, so both share one entry.
    type Key = u64;

    #[inline]
    fn encode(&self, layout: &Layout) -> u64 {
        if self.mirror_folding {
            layout.mirror_folded_code()
        } else {
            layout.code()
        }
    }

    #[inline]
    fn successors(&self, layout: &Layout, emit: impl FnMut(Move, Layout)) {
        generate::for_each_move(*layout, self.metric, None, emit);
    }

    /// Leaves out the moves of the piece `last` moved that the layout before it
    /// reaches in one move: under `piece` every move of that piece, under `slide`
    /// those along the same line, under `step` the step back.
    #[inline]
    fn successors_after(&self, layout: &Layout, last: &Move, emit: impl FnMut(Move, Layout)) {
        generate::for_each_move(*layout, self.metric, Some(*last), emit);
    }

    #[inline]
    fn is_goal(&self, layout: &Layout) -> bool {
        layout.is_solved()
    }

    /// A lower bound from the general's distance to the exit.
    ///
    /// Under `step` each move carries the general at most one cell, so the
    /// Manhattan distance is a bound. A longer move of the general sweeps new
    /// cells: at least two per row (or column) it advances, since the piece is two
    /// cells wide. So one move advances it at most `e / 2` rows and at most `e / 2`
    /// columns, `e` being the number of empty cells, and a `slide` moves along one
    /// axis only. Under `piece` with fewer than four empty cells, the general
    /// moves one cell per move, as under `step`.
    #[inline]
    fn heuristic(&self, layout: &Layout) -> u32 {
        let anchor = u32::from(layout.general());
        let goal = u32::from(GOAL_ANCHOR);
        let rows = goal / 4 - anchor / 4;
        let columns = (anchor % 4).abs_diff(goal % 4);
        let reach = (layout.empty_cells() as u32 / 2).max(1);
        match self.metric {
            Metric::Step => rows + columns,
            Metric::Slide => rows.div_ceil(reach) + columns.div_ceil(reach),
            Metric::Piece if layout.empty_cells() < 4 => rows + columns,
            Metric::Piece => rows.div_ceil(reach).max(columns.div_ceil(reach)),
        }
    }
}

/// The cells the general leaves on its last step into the exit, from above, the
/// left or the right.
const EXIT_ENTRANCES: [u32; 3] = [1 << 9 | 1 << 10, 1 << 12 | 1 << 16, 1 << 15 | 1 << 19];

impl Backward for Klotski {
    /// The solved layouts with the pieces of `start` that an unsolved layout
    /// leads to: those where the general can just have stepped into the exit,
    /// the cells it left (above it, or beside it) being empty. The other solved
    /// layouts are reached from solved ones only. With mirror folding, one of
    /// each mirror pair.
    fn goal_states(&self, start: &Layout, mut emit: impl FnMut(Layout)) {
        let counts = start.counts();
        let Some(more_empty) = counts.empty_cells().checked_sub(2) else {
            return;
        };
        for (index, &entrance) in EXIT_ENTRANCES.iter().enumerate() {
            let earlier = EXIT_ENTRANCES.get(..index).unwrap_or_default();
            space::fill(GOAL_ANCHOR, entrance, counts, more_empty, &mut |goal| {
                let empty = goal.empty();
                let counted = earlier.iter().any(|&cells| cells & !empty == 0);
                if !counted && (!self.mirror_folding || goal.code() <= goal.mirror().code()) {
                    emit(goal);
                }
            });
        }
    }

    /// Every move can be undone, so the predecessors are the successors.
    fn predecessors(&self, layout: &Layout, mut emit: impl FnMut(Move, Layout)) {
        generate::for_each_move(*layout, self.metric, None, |mv, previous| {
            emit(mv.reversed(), previous)
        });
    }

    /// The successors after `next` undone, each move reversed.
    fn predecessors_before(
        &self,
        layout: &Layout,
        next: &Move,
        mut emit: impl FnMut(Move, Layout),
    ) {
        generate::for_each_move(
            *layout,
            self.metric,
            Some(next.reversed()),
            |mv, previous| emit(mv.reversed(), previous),
        );
    }
}
