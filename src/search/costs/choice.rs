//! Choosing a weighted engine at run time.

use super::{bidirectional_dijkstra, dijkstra, weighted_astar, weighted_idastar};
use super::{CostResult, CostResultOf, Weight};
use crate::cost::Weighted;
use crate::search::Limits;
use crate::util::named::by_name;
use crate::Backward;

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
    pub fn solve<P: Weighted + Backward>(
        self,
        puzzle: &P,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        match self {
            WeightedEngine::Bidirectional => bidirectional_dijkstra(puzzle, start, limits),
            _ => self.solve_forward_unchecked(puzzle, start, weight, limits),
        }
    }

    /// [`solve`](WeightedEngine::solve) for a puzzle without [`Backward`].
    ///
    /// # Errors
    ///
    /// [`NeedsBackward`] for [`WeightedEngine::Bidirectional`].
    pub fn solve_forward<P: Weighted>(
        self,
        puzzle: &P,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> Result<CostResultOf<P>, NeedsBackward> {
        if self == WeightedEngine::Bidirectional {
            return Err(NeedsBackward);
        }
        Ok(self.solve_forward_unchecked(puzzle, start, weight, limits))
    }

    fn solve_forward_unchecked<P: Weighted>(
        self,
        puzzle: &P,
        start: P::State,
        weight: Weight,
        limits: &Limits,
    ) -> CostResult<P::State, P::Move, P::Cost> {
        match self {
            WeightedEngine::IdaStar => weighted_idastar(puzzle, start, weight, limits),
            WeightedEngine::AStar => weighted_astar(puzzle, start, weight, limits),
            WeightedEngine::Dijkstra | WeightedEngine::Bidirectional => {
                dijkstra(puzzle, start, limits)
            }
        }
    }
}

/// The error for a weighted engine name that is none of `dijkstra`, `bidir`,
/// `astar`, `idastar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}: expected dijkstra, bidir, astar or idastar")]
pub struct UnknownWeightedEngine(pub String);

by_name!(WeightedEngine, UnknownWeightedEngine);

/// The error for bidirectional Dijkstra given a puzzle without [`Backward`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the bidir engine searches backwards from the goals: the puzzle must implement Backward")]
pub struct NeedsBackward;
