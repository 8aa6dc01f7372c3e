//! What counts as one move of a sliding-block puzzle: shared by the
//! Klotski solver and the general sliding blocks, which import the core
//! alone, so that both speak of moves in one type.

use crate::util::named::by_name;

/// What counts as one move of a sliding-block puzzle.
///
/// ```
/// use puzzle_search::klotski::Metric;
///
/// assert_eq!("slide".parse::<Metric>(), Ok(Metric::Slide));
/// assert_eq!(Metric::default(), Metric::Piece);
/// // The same type in both families.
/// let _: puzzle_search::blocks::Metric = Metric::Step;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One piece moves one cell up, down, left or right.
    Step,
    /// One piece moves any number of cells in one straight direction.
    Slide,
    /// One piece moves along any path of unit steps through empty cells: the
    /// classic count, in which 横刀立马 takes 81 moves. For a piece that
    /// moves along one axis only, the same as [`Metric::Slide`].
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
