//! Move generation under the three metrics, on the packed layout and the move
//! tables of each class: no allocation; the pieces that may move are found
//! from the empty cells, and each is moved by mask tests against them.

use super::layout::Layout;
use super::rules::{Blocks, Class, NONE};
use crate::metric::Metric;

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

/// What the move that led to a layout bars of the piece it moved, besides
/// every move under `piece`: nothing, the step back, the slides along one
/// line.
#[derive(Clone, Copy)]
enum Barred {
    Nothing,
    Back(u8),
    Line { vertical: bool },
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
        let empty = layout.empty();
        // The piece `last` moved is anchored at `last.to`, if `last` led here.
        let barred_anchor = match last {
            Some(last) if layout.anchors() >> (last.to & 63) & 1 == 1 => last.to,
            _ => NONE,
        };
        let barred_kind = match (last, metric) {
            (Some(last), Metric::Step) => Barred::Back(last.from),
            // A vertical slide moves a whole number of rows, at least one; a
            // horizontal one less than a row.
            (Some(last), Metric::Slide) => Barred::Line {
                vertical: last.from.abs_diff(last.to) >= self.columns,
            },
            (Some(_), Metric::Piece) | (None, _) => Barred::Nothing,
        };
        let mut movable = self.may_move(layout);
        if metric == Metric::Piece && barred_anchor != NONE {
            // Under `piece`, no move of the piece just moved.
            movable &= !(1u64 << (barred_anchor & 63));
        }
        while movable != 0 {
            let from = movable.trailing_zeros() as u8;
            let bit = movable & movable.wrapping_neg();
            movable ^= bit;
            let rank = (layout.anchors() & (bit - 1)).count_ones();
            let class_number = layout.class_at_rank(rank, self.bits);
            let Some(class) = self.class(class_number) else {
                continue;
            };
            let barred = if from == barred_anchor {
                barred_kind
            } else {
                Barred::Nothing
            };
            // The directions of the piece's unit steps into empty cells, one
            // bit each (up and down are directions 0 and 1), less those
            // barred; without branches, since most pieces next to an empty
            // cell cannot move.
            let steps = class.steps_from(from);
            let open = |direction: usize| {
                steps
                    .get(direction)
                    .map_or(0, |step| u8::from(step.enter & !empty == 0) << direction)
            };
            let mut directions = (open(0) | open(1) | open(2) | open(3))
                & match barred {
                    Barred::Line { vertical: true } => 0b1100,
                    Barred::Line { vertical: false } => 0b0011,
                    Barred::Back(_) | Barred::Nothing => 0b1111,
                };
            if directions == 0 {
                continue;
            }
            let mut emit_to = |to: u8| {
                let next = self.moved(layout, rank, class, class_number, from, to);
                emit(Move { from, to }, next);
            };
            match metric {
                Metric::Step => {
                    let back = match barred {
                        Barred::Back(back) => back,
                        _ => NONE,
                    };
                    while directions != 0 {
                        let (to, _) = class.step(directions.trailing_zeros() as usize, from);
                        directions &= directions - 1;
                        if to != back {
                            emit_to(to);
                        }
                    }
                }
                Metric::Slide => {
                    while directions != 0 {
                        let direction = directions.trailing_zeros() as usize;
                        directions &= directions - 1;
                        // A straight slide never enters the cells it left.
                        let (mut to, mut entered) = class.step(direction, from);
                        while entered & !empty == 0 {
                            emit_to(to);
                            (to, entered) = class.step(direction, to);
                        }
                    }
                }
                Metric::Piece => {
                    let free = empty | class.cells(from);
                    let mut reached = self.reachable(class, from, free) & !bit;
                    while reached != 0 {
                        let to = reached.trailing_zeros() as u8;
                        reached &= reached - 1;
                        emit_to(to);
                    }
                }
            }
        }
    }

    /// The anchors a piece of `class` anchored at `from` reaches by unit
    /// steps through the cells `free` (its own and the empty ones), `from`
    /// among them: a flood fill on masks, one round per step of the longest
    /// path, instead of a search anchor by anchor.
    #[inline(always)]
    fn reachable(&self, class: &Class, from: u8, free: u64) -> u64 {
        let columns = u32::from(self.columns);
        // The anchors where the piece fits in `free`: its top row first (a
        // cell and those right of it), then that many rows down. Shifts that
        // wrap to the next row, or off the board, land on anchors where it
        // does not fit on the board at all, which `anchors` leaves out.
        let mut row = free;
        for column in 1..u32::from(class.kind.width) {
            row &= free >> column;
        }
        let mut fits = row;
        for below in 1..u32::from(class.kind.height) {
            fits &= row.checked_shr(below * columns).unwrap_or(0);
        }
        fits &= class.anchors;
        let mut reach = 1u64 << (from & 63);
        loop {
            let mut next = reach;
            if class.horizontal {
                // A step right from the last column would wrap to the first
                // of the next row, a step left from the first to the last.
                next |= (reach << 1 & !self.first_column) | (reach >> 1 & !self.last_column);
            }
            if class.vertical {
                next |= reach.checked_shl(columns).unwrap_or(0)
                    | reach.checked_shr(columns).unwrap_or(0);
            }
            next &= fits;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }
}
