//! Choosing a weighted engine at run time.

use super::{bidirectional_dijkstra, dijkstra, weighted_astar, weighted_idastar};
use super::{CostResultOf, Weight};
use crate::cost::Weighted;
use crate::search::{Limits, NeedsBackward, TwoWay};
use crate::util::named::by_name;
use crate::{Backward, Puzzle};

/// The four weighted engines, for choosing one at run time.
///
/// ```
/// use puzzle_search::search::costs::WeightedEngine;
///
/// let engine: WeightedEngine = "bidir".parse()?;
/// assert_eq!(engine, WeightedEngine::Bidirectional);
/// assert_eq!(engine.to_string(), "bidir");
/// assert!("bfs".parse::<WeightedEngine>().is_err());
/// # Ok::<(), puzzle_search::search::costs::UnknownWeightedEngine>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WeightedEngine {
    /// [`dijkstra`]: uniform-cost search.
    Dijkstra,
    /// [`bidirectional_dijkstra`]: Dijkstra from both ends; needs [`Backward`].
    Bidirectional,
    /// [`astar`](super::astar), or [`weighted_astar`] with a weight above 1.
    #[default]
    AStar,
    /// [`idastar`](super::idastar), or [`weighted_idastar`] with a weight above 1.
    IdaStar,
}

impl WeightedEngine {
    /// All weighted engines, in the order of this enum.
    pub const ALL: [WeightedEngine; 4] = [
        WeightedEngine::Dijkstra,
        WeightedEngine::Bidirectional,
        WeightedEngine::AStar,
        WeightedEngine::IdaStar,
    ];

    /// The short name used on command lines and in JSON: `dijkstra`, `bidir`,
    /// `astar` or `idastar`.
    pub fn name(self) -> &'static str {
        match self {
            WeightedEngine::Dijkstra => "dijkstra",
            WeightedEngine::Bidirectional => "bidir",
            WeightedEngine::AStar => "astar",
            WeightedEngine::IdaStar => "idastar",
        }
    }

    /// Whether the engine takes a weight: A* and IDA*. Dijkstra and
    /// bidirectional Dijkstra ignore it and are optimal.
    pub fn is_weighted(self) -> bool {
        matches!(self, WeightedEngine::AStar | WeightedEngine::IdaStar)
    }

    /// Searches `puzzle` from `start` with this engine; A* and IDA* order
    /// states by `g + weight·h`, the others ignore `weight` (the result's
    /// `bound` says which applied).
    ///
    /// * `puzzle`: any [`Weighted`] puzzle, borrowed (`&puzzle`), or one that
    ///   also implements [`Backward`] as [`TwoWay`]`(&puzzle)`, as
    ///   [`Engine::solve`](crate::search::Engine::solve) takes them.
    ///
    /// # Returns
    ///
    /// For a [`TwoWay`] puzzle, the [`CostResult`](super::CostResult) of any engine. For any
    /// other puzzle, `Ok` with the result, or [`NeedsBackward`] for
    /// [`WeightedEngine::Bidirectional`].
    pub fn solve<S: WeightedSearchable>(
        self,
        puzzle: S,
        start: <S::Puzzle as Puzzle>::State,
        weight: Weight,
        limits: &Limits,
    ) -> S::Output {
        puzzle.solve_weighted(self, start, weight, limits)
    }

    /// The engine as a function, if it needs nothing beyond [`Weighted`].
    fn forward<P: Weighted>(self) -> Option<WeightedFn<P>> {
        match self {
            WeightedEngine::IdaStar => Some(weighted_idastar),
            WeightedEngine::AStar => Some(weighted_astar),
            WeightedEngine::Dijkstra => {
                Some(|puzzle, start, _, limits| dijkstra(puzzle, start, limits))
            }
            WeightedEngine::Bidirectional => None,
        }
    }
}

/// The signature every weighted engine shares.
type WeightedFn<P> = fn(&P, <P as Puzzle>::State, Weight, &Limits) -> CostResultOf<P>;

/// What [`WeightedEngine::solve`] accepts: any borrowed [`Weighted`] puzzle,
/// or a borrowed [`Backward`] one as [`TwoWay`].
pub trait WeightedSearchable {
    /// The puzzle searched.
    type Puzzle: Weighted;
    /// What a search returns: a [`CostResult`](super::CostResult), or a `Result` of one when
    /// some engine cannot run.
    type Output;

    /// Searches the puzzle from `start` with `engine`.
    fn solve_weighted(
        self,
        engine: WeightedEngine,
        start: <Self::Puzzle as Puzzle>::State,
        weight: Weight,
        limits: &Limits,
    ) -> Self::Output;
}

impl<P: Weighted> WeightedSearchable for &P {
    type Puzzle = P;
    type Output = Result<CostResultOf<P>, NeedsBackward>;

    fn solve_weighted(
        self,
        engine: WeightedEngine,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> Self::Output {
        let search = engine.forward().ok_or(NeedsBackward)?;
        Ok(search(self, start, weight, limits))
    }
}

impl<P: Weighted + Backward> WeightedSearchable for TwoWay<'_, P> {
    type Puzzle = P;
    type Output = CostResultOf<P>;

    fn solve_weighted(
        self,
        engine: WeightedEngine,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> Self::Output {
        let search = engine
            .forward()
            .unwrap_or(|puzzle, start, _, limits| bidirectional_dijkstra(puzzle, start, limits));
        search(self.0, start, weight, limits)
    }
}

/// The error for a weighted engine name that is none of `dijkstra`, `bidir`,
/// `astar`, `idastar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}: expected dijkstra, bidir, astar or idastar")]
pub struct UnknownWeightedEngine(pub String);

by_name!(WeightedEngine, UnknownWeightedEngine);
