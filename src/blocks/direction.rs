//! The four directions a piece steps in.

/// The four unit steps, in the order of the move tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub(super) const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Whether the step changes the row rather than the column.
    pub(super) fn vertical(self) -> bool {
        matches!(self, Direction::Up | Direction::Down)
    }
}
