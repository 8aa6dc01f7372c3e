//! Move generation: every move of a layout, as fast as the search needs it.
//!
//! Three things make it fast. Shapes are handled by arithmetic rather than by
//! branches ([`PieceClass`]), so the branch predictor only meets loops over
//! pieces and destinations. A layout with exactly two empty cells, as in
//! every classic layout, looks its moves up in a table by the pair of empty
//! cells ([`PairTable`]), since where a piece can go depends on nothing else.
//! And each move, with the bits of the code it flips, is looked up by the
//! piece and its destination ([`PIECE_MOVES`]): making it is one exclusive or.

//!
//! | room | job |
//! | --- | --- |
//! | this file | [`for_each_move`]: every move of a layout under a metric |
//! | `steps` | [`step_moves`]: the `step` moves alone, bit-parallel |
//! | `classes` | [`PieceClass`]: shapes as arithmetic, and where a piece can go |
//! | `tables` | [`PIECE_MOVES`] and [`PairTable`], built by the compiler |

mod classes;
mod steps;
mod tables;

use classes::{targets_of, PieceClass};
pub use steps::step_moves;
// Used by the frame index, which only the analyses use.
#[cfg_attr(not(feature = "analysis"), allow(unused_imports))]
pub(crate) use steps::frame_step_moves;
use tables::{list_of, list_piece, PairTable, PieceMove, PIECE_MOVES};

use super::layout::{
    Layout, CELLS, FULL, GENERAL_SHIFT, HORIZONTAL_SHIFT, SOLDIER_SHIFT, VERTICAL_SHIFT,
};
use super::moves::Move;
use super::pieces::Shape;
use crate::metric::Metric;

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
