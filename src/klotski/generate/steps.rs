//! The `step` moves of a layout, bit-parallel: the pieces of one shape that
//! can step one way found at once, as a mask, and each move two bit flips.

use crate::klotski::layout::{
    Layout, COLUMNS, COLUMN_0, COLUMN_2, COLUMN_3, HORIZONTAL_SHIFT, SOLDIER_SHIFT, VERTICAL_SHIFT,
};
use crate::klotski::moves::Move;
use crate::klotski::pieces::Shape;

/// Calls `emit` for every `step` move of `layout` but the one that undoes
/// `last`, with the layout after it: the successors of [`Klotski`](crate::klotski::Klotski) under
/// `step`, in another order.
///
/// The pieces of one shape that can step one way are found all at once, as a
/// mask, and each move is two bit flips of the code: no table, no loop over
/// destinations. The flood of the atlas's groups runs on the same code
/// without the soldiers' moves, which it makes in bulk.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klotski::generate::for_each_move;
    use crate::klotski::rank::{for_each_layout, LAYOUT_COUNT};
    use crate::metric::Metric;

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
