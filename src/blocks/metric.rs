//! What counts as one move, and the four directions a piece steps in.

use crate::util::named::by_name;

/// What counts as one move: the three metrics of the `klotski` module, with
/// the same meaning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One piece moves one cell up, down, left or right.
    Step,
    /// One piece moves any number of cells in one straight direction.
    Slide,
    /// One piece moves along any path of unit steps through empty cells. For a
    /// piece that moves along one axis only, the same as [`Metric::Slide`].
    #[default]
    Piece,
}

impl Metric {
    /// All metrics.
    pub const ALL: [Metric; 3] = [Metric::Step, Metric::Slide, Metric::Piece];

    /// `step`, `slide` or `piece`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Slide => "slide",
            Metric::Piece => "piece",
        }
    }
}

/// The error for a metric name other than `step`, `slide` or `piece`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown metric {0:?}: expected step, slide or piece")]
pub struct UnknownMetric(pub String);

by_name!(Metric, UnknownMetric);

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
