//! Move generation under the three metrics, on the packed layout and the move
//! tables of each class: no allocation, one pass to find the pieces, one to
//! move them.

use super::layout::Layout;
use super::metric::Metric;
use super::rules::{Blocks, NONE};

/// One move: the piece anchored (top-left cell) at `from` ends anchored at `to`.
///
/// Cells are numbered `row * columns + column` from 0. Replaying moves on the
/// start's letters ([`Setup::apply`](super::Setup::apply))
/// tells which lettered piece each one moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The anchor before the move.
    pub from: u8,
    /// The anchor after the move.
    pub to: u8,
}

impl Move {
    /// The same move undone.
    #[must_use]
    pub fn reversed(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
        }
    }
}

/// The metrics as constants, for [`Blocks::moves_in`].
const STEP: u8 = 0;
const SLIDE: u8 = 1;
const PIECE: u8 = 2;

/// What the move that led to a layout bars: nothing, the step back, the
/// slides along one line, or every move of the piece.
#[derive(Clone, Copy)]
enum Barred {
    Nothing,
    Back(u8),
    Line { vertical: bool },
    All,
}

impl Blocks {
    /// Calls `emit` for every move of `layout`; after `last`, only for those
    /// [`Puzzle::successors_after`](crate::Puzzle::successors_after) asks for:
    /// no move of the piece `last` moved that the layout before `last`
    /// reaches in one move (under `piece` every move of it, under `slide`
    /// those along the same line, under `step` the step back).
    #[inline(always)]
    pub(super) fn for_each_move(
        &self,
        layout: Layout,
        last: Option<Move>,
        emit: impl FnMut(Move, Layout),
    ) {
        // One generator per metric, the metric a constant in each.
        match self.metric {
            Metric::Step => self.moves_in::<STEP>(layout, last, emit),
            Metric::Slide => self.moves_in::<SLIDE>(layout, last, emit),
            Metric::Piece => self.moves_in::<PIECE>(layout, last, emit),
        }
    }

    /// [`for_each_move`](Blocks::for_each_move) under the metric `METRIC`
    /// ([`STEP`], [`SLIDE`] or [`PIECE`]).
    #[inline(always)]
    fn moves_in<const METRIC: u8>(
        &self,
        layout: Layout,
        last: Option<Move>,
        mut emit: impl FnMut(Move, Layout),
    ) {
        let metric = match METRIC {
            STEP => Metric::Step,
            SLIDE => Metric::Slide,
            _ => Metric::Piece,
        };
        let mut occupied = self.walls;
        for (cell, class) in self.decode(layout) {
            occupied |= self.class(class).map_or(0, |class| class.cells(cell));
        }
        // The piece `last` moved is anchored at `last.to`, if `last` led here.
        let barred_anchor = match last {
            Some(last) if layout.anchors() >> (last.to & 63) & 1 == 1 => last.to,
            _ => NONE,
        };
        let barred_kind = match (last, metric) {
            (Some(last), Metric::Step) => Barred::Back(last.from),
            (Some(last), Metric::Slide) => {
                let columns = self.columns.max(1);
                Barred::Line {
                    vertical: last.from / columns != last.to / columns,
                }
            }
            (Some(_), Metric::Piece) => Barred::All,
            (None, _) => Barred::Nothing,
        };
        let near = self.near_empty(occupied);
        for (rank, (from, class_number)) in self.decode(layout).enumerate() {
            let Some(class) = self.class(class_number) else {
                continue;
            };
            let own = class.cells(from);
            if own & near == 0 {
                continue;
            }
            let barred = if from == barred_anchor {
                barred_kind
            } else {
                Barred::Nothing
            };
            let mut emit_to = |to: u8| {
                let next = self.moved(layout, rank as u32, class, class_number, from, to);
                emit(Move { from, to }, next);
            };
            match (metric, barred) {
                (_, Barred::All) => {}
                (Metric::Step, _) => {
                    for direction in 0..4 {
                        let (to, entered) = class.step(direction, from);
                        if to != NONE
                            && entered & occupied == 0
                            && !matches!(barred, Barred::Back(back) if back == to)
                        {
                            emit_to(to);
                        }
                    }
                }
                (Metric::Slide, _) => {
                    for direction in 0..4 {
                        // Up and down are directions 0 and 1.
                        if matches!(barred, Barred::Line { vertical } if vertical == (direction < 2))
                        {
                            continue;
                        }
                        // A straight slide never enters the cells it left.
                        let (mut to, mut entered) = class.step(direction, from);
                        while to != NONE && entered & occupied == 0 {
                            emit_to(to);
                            (to, entered) = class.step(direction, to);
                        }
                    }
                }
                (Metric::Piece, _) => {
                    // Every anchor reachable by unit steps, depth first; the
                    // piece may pass over the cells it leaves.
                    let blocked = occupied & !own;
                    let mut seen = 1u64 << (from & 63);
                    // Reached but not yet looked at from: a mask, lowest first.
                    let mut todo = seen;
                    while todo != 0 {
                        let at = todo.trailing_zeros() as u8;
                        todo &= todo - 1;
                        for direction in 0..4 {
                            let (to, entered) = class.step(direction, at);
                            let bit = 1u64 << (to & 63);
                            if to != NONE && entered & blocked == 0 && seen & bit == 0 {
                                seen |= bit;
                                todo |= bit;
                                emit_to(to);
                            }
                        }
                    }
                }
            }
        }
    }
}
