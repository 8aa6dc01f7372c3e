//! Jump point search: the successors of a cell are the jump points reached
//! from it in a straight or diagonal line (Harabor and Grastien, 2011), in
//! the variant without corner cutting.
//!
//! Moving in a straight line, a cell is a jump point when a cell beside it
//! is passable but the one behind that is blocked: a path may turn there
//! that no cheaper path avoids. Moving diagonally, a cell is a jump point
//! when a straight line from it, along either of the diagonal's two
//! directions, reaches one. The goal is always a jump point. A cell reached
//! in direction `(dx, dy)` is expanded only in the directions a cheapest
//! path can continue: for a diagonal, `(dx, 0)`, `(0, dy)` and `(dx, dy)`;
//! for a straight move, onwards, the two sides, and the two diagonals
//! between them.

use super::puzzle::{Step, DIRECTIONS};
use super::{Grid, Point};

impl Grid<'_> {
    /// Emits the jump from `state` in each direction worth trying after
    /// `last` (every direction from a start).
    pub(super) fn jumps(
        &self,
        state: &Point,
        last: Option<Step>,
        mut emit: impl FnMut(Step, Point),
    ) {
        let index = self.map.index(*state);
        let mut jump = |dx: i8, dy: i8| {
            if let Some(length) = self.jump(index, dx, dy) {
                let point = Point {
                    x: state.x.wrapping_add_signed(i32::from(dx) * length as i32),
                    y: state.y.wrapping_add_signed(i32::from(dy) * length as i32),
                };
                emit(Step { dx, dy, length }, point);
            }
        };
        match last {
            None => DIRECTIONS.iter().for_each(|&(dx, dy)| jump(dx, dy)),
            Some(Step { dx, dy, .. }) if dx != 0 && dy != 0 => {
                jump(dx, 0);
                jump(0, dy);
                jump(dx, dy);
            }
            Some(Step { dx, dy: 0, .. }) => {
                for (x, y) in [(dx, 0), (0, 1), (0, -1), (dx, 1), (dx, -1)] {
                    jump(x, y);
                }
            }
            Some(Step { dx: _, dy, .. }) => {
                for (x, y) in [(0, dy), (1, 0), (-1, 0), (1, dy), (-1, dy)] {
                    jump(x, y);
                }
            }
        }
    }

    /// The length of the jump from `index` in direction `(dx, dy)`: the
    /// cells to the first jump point, or `None` when a wall comes first.
    fn jump(&self, index: usize, dx: i8, dy: i8) -> Option<u32> {
        if dx == 0 || dy == 0 {
            return self.jump_straight(index, dx, dy);
        }
        let mut at = index;
        let mut length = 0u32;
        loop {
            at = self.step_from(at, dx, dy)?;
            length += 1;
            if at == self.goal_index
                || self.jump_straight(at, dx, 0).is_some()
                || self.jump_straight(at, 0, dy).is_some()
            {
                return Some(length);
            }
        }
    }

    /// [`jump`](Grid::jump) for a straight direction.
    fn jump_straight(&self, index: usize, dx: i8, dy: i8) -> Option<u32> {
        let open =
            |at: usize, x: i8, y: i8| self.map.open_at(at.wrapping_add_signed(self.offset(x, y)));
        // The two sides of the line, and the cell behind each.
        let (side, back) = if dy == 0 {
            ((0, 1), (-dx, 1))
        } else {
            ((1, 0), (1, -dy))
        };
        let mut at = index;
        let mut length = 0u32;
        loop {
            at = self.step_from(at, dx, dy)?;
            length += 1;
            let forced = (open(at, side.0, side.1) && !open(at, back.0, back.1))
                || (open(at, -side.0, -side.1)
                    && !open(at, back.0 - 2 * side.0, back.1 - 2 * side.1));
            if at == self.goal_index || forced {
                return Some(length);
            }
        }
    }
}
