//! Choosing an engine at run time.

use crate::util::named::by_name;

use super::{astar, bfs, bidirectional_bfs, idastar, Limits, SearchResult};
use crate::{Backward, Puzzle};

/// The four engines, for choosing one at run time.
///
/// ```
/// use puzzle_search::search::Engine;
///
/// let engine: Engine = "idastar".parse()?;
/// assert_eq!(engine, Engine::IdaStar);
/// assert_eq!(engine.to_string(), "idastar");
/// # Ok::<(), puzzle_search::search::UnknownEngine>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// [`bfs`]: breadth-first search.
    #[default]
    Bfs,
    /// [`bidirectional_bfs`]: breadth-first from both ends; needs [`Backward`].
    Bidirectional,
    /// [`astar`]: best-first on moves made plus the heuristic.
    AStar,
    /// [`idastar`]: iterative deepening on moves made plus the heuristic.
    IdaStar,
}

impl Engine {
    /// All engines, in the order of this enum.
    pub const ALL: [Engine; 4] = [
        Engine::Bfs,
        Engine::Bidirectional,
        Engine::AStar,
        Engine::IdaStar,
    ];

    /// The short name used on command lines and in JSON: `bfs`, `bidir`, `astar` or `idastar`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bfs => "bfs",
            Engine::Bidirectional => "bidir",
            Engine::AStar => "astar",
            Engine::IdaStar => "idastar",
        }
    }

    /// Whether the engine searches forwards only, so that [`solve_forward`](Engine::solve_forward)
    /// runs it on any [`Puzzle`]: every engine but [`Bidirectional`](Engine::Bidirectional).
    pub fn is_forward(self) -> bool {
        self != Engine::Bidirectional
    }

    /// Searches `puzzle` from `start` with this engine.
    pub fn solve<P: Backward>(
        self,
        puzzle: &P,
        start: P::State,
        limits: &Limits,
    ) -> SearchResult<P::State, P::Move> {
        let search = self.forward().unwrap_or(bidirectional_bfs);
        search(puzzle, start, limits)
    }

    /// Searches a puzzle that implements [`Puzzle`] only, with any engine that
    /// needs nothing more.
    ///
    /// # Errors
    ///
    /// [`NeedsBackward`] for [`Engine::Bidirectional`], which must step
    /// backwards from the goals.
    ///
    /// ```
    /// use puzzle_search::{adapt, search::{Engine, Limits}};
    ///
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 3], |&n| n == 20);
    /// for engine in Engine::ALL {
    ///     match engine.solve_forward(&walk, 1, &Limits::new()) {
    ///         Ok(result) => assert_eq!(result.outcome.path().map(|p| p.len()), Some(5)),
    ///         Err(error) => assert_eq!(error.engine(), Engine::Bidirectional),
    ///     }
    /// }
    /// ```
    pub fn solve_forward<P: Puzzle>(
        self,
        puzzle: &P,
        start: P::State,
        limits: &Limits,
    ) -> Result<SearchResult<P::State, P::Move>, NeedsBackward> {
        let search = self.forward().ok_or(NeedsBackward(self))?;
        Ok(search(puzzle, start, limits))
    }

    /// The engine as a function, if it needs nothing beyond [`Puzzle`].
    fn forward<P: Puzzle>(self) -> Option<EngineFn<P>> {
        match self {
            Engine::Bfs => Some(bfs),
            Engine::AStar => Some(astar),
            Engine::IdaStar => Some(idastar),
            Engine::Bidirectional => None,
        }
    }
}

/// The signature every engine shares.
type EngineFn<P> = fn(
    &P,
    <P as Puzzle>::State,
    &Limits,
) -> SearchResult<<P as Puzzle>::State, <P as Puzzle>::Move>;

/// The error for an engine name that is none of `bfs`, `bidir`, `astar`, `idastar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}: expected bfs, bidir, astar or idastar")]
pub struct UnknownEngine(pub String);

by_name!(Engine, UnknownEngine);

/// The error for an engine that needs [`Backward`] given a puzzle without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {0} engine searches backwards from the goals: the puzzle must implement Backward")]
pub struct NeedsBackward(Engine);

impl NeedsBackward {
    /// The engine asked for.
    pub fn engine(self) -> Engine {
        self.0
    }
}
