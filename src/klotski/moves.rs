//! Moves under the three metrics, computed with bit operations on [`Layout`] masks.

use core::fmt;

use crate::metric::Metric;

use super::layout::{Layout, COLUMNS, COLUMN_0, COLUMN_3, FULL, ROW_0};
use super::pieces::Shape;

/// A unit step on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards row 4.
    Down,
    /// Towards column 0.
    Left,
    /// Towards column 3.
    Right,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// `up`, `down`, `left` or `right`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The mask of cells one step from `cells` in this direction (cells pushed
    /// off the board are dropped).
    #[inline]
    pub(crate) const fn shift(self, cells: u32) -> u32 {
        match self {
            Direction::Up => cells >> COLUMNS,
            Direction::Down => (cells << COLUMNS) & FULL,
            Direction::Left => (cells & !COLUMN_0) >> 1,
            Direction::Right => (cells & !COLUMN_3) << 1,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Cells one unit step from any cell of `cells`.
#[inline]
pub(crate) const fn neighbours(cells: u32) -> u32 {
    (cells >> COLUMNS)
        | ((cells << COLUMNS) & FULL)
        | ((cells & !COLUMN_0) >> 1)
        | ((cells & !COLUMN_3) << 1)
}

/// One move: the piece of `shape` whose top-left cell is `from` ends with its
/// top-left cell on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The shape of the piece that moves.
    pub shape: Shape,
    /// Its top-left cell before the move.
    pub from: u8,
    /// Its top-left cell after the move.
    pub to: u8,
}

impl Move {
    /// The same move undone.
    pub fn reversed(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
            ..self
        }
    }

    /// The destinations of another move of the same piece, right after this one,
    /// that the layout before this move reaches in one move (or is): under
    /// `piece` all of them, under `slide` those on the same line, under `step`
    /// the way back.
    ///
    /// A move off the board (its fields are public) bars nothing rather than
    /// overflow a shift.
    pub(super) fn barred_targets(self, metric: Metric) -> u32 {
        let columns = COLUMNS as u8;
        match metric {
            Metric::Step => 1u32.checked_shl(u32::from(self.from)).unwrap_or(0),
            Metric::Slide if self.from / columns == self.to / columns => ROW_0
                .checked_shl(u32::from(self.to - self.to % columns))
                .unwrap_or(0),
            Metric::Slide => COLUMN_0 << (self.to % columns),
            Metric::Piece => FULL,
        }
    }

    /// A shortest route of unit steps for this move on `before`, the layout it is
    /// made on, or `None` if the move is not possible there.
    ///
    /// ```
    /// use puzzle_search::klotski::{Direction, Layout, Move, Shape};
    ///
    /// let before: Layout = "2442/2442/2332/2102/1101".parse()?;
    /// // The soldier at (4, 1) goes up, then right, in one `piece`-metric move.
    /// let route = Move { shape: Shape::Soldier, from: 17, to: 14 }.route(before);
    /// assert_eq!(route.as_deref(), Some(&[Direction::Right, Direction::Up][..]));
    /// # Ok::<(), puzzle_search::klotski::LayoutError>(())
    /// ```
    pub fn route(self, before: Layout) -> Option<Vec<Direction>> {
        let start = 1u32.checked_shl(u32::from(self.from))?;
        let target = 1u32.checked_shl(u32::from(self.to))?;
        if before.anchors(self.shape) & start == 0 {
            return None;
        }
        let free = before.empty() | (self.shape.footprint() << self.from);
        let fit = self.shape.fits(free);
        // Breadth-first over anchors, remembering how each was first reached.
        let mut reached_by: [Option<(u8, Direction)>; 20] = [None; 20];
        let mut seen = start;
        let mut layer = start;
        while seen & target == 0 {
            let mut next = 0;
            for direction in Direction::ALL {
                let mut moved = direction.shift(layer) & fit & !seen & !next;
                next |= moved;
                while moved != 0 {
                    let cell = moved.trailing_zeros();
                    moved &= moved - 1;
                    let origin = match direction {
                        Direction::Up => cell + COLUMNS as u32,
                        Direction::Down => cell - COLUMNS as u32,
                        Direction::Left => cell + 1,
                        Direction::Right => cell - 1,
                    };
                    *reached_by.get_mut(cell as usize)? = Some((origin as u8, direction));
                }
            }
            if next == 0 {
                return None;
            }
            seen |= next;
            layer = next;
        }
        let mut route = Vec::with_capacity(4);
        let mut cell = self.to;
        while cell != self.from {
            let (origin, direction) = (*reached_by.get(usize::from(cell))?)?;
            route.push(direction);
            cell = origin;
        }
        route.reverse();
        Some(route)
    }
}
