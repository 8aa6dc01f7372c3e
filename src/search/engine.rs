//! Choosing an engine at run time.

use crate::util::named::by_name;

use super::{astar, bfs, bidirectional_bfs, idastar, Limits, SearchResult};
use crate::{Backward, Puzzle};

/// The four engines, for choosing one at run time.
///
/// [`solve`](Engine::solve) runs the chosen engine on any [`Puzzle`]. Three
/// engines need nothing more; [`Bidirectional`](Engine::Bidirectional) also
/// steps backwards from the goals, so it runs on a [`Backward`] puzzle handed
/// over as [`TwoWay`], and on any other puzzle it is the typed error
/// [`NeedsBackward`].
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

    /// Whether the engine searches forwards only, and so runs on any
    /// [`Puzzle`]: every engine but [`Bidirectional`](Engine::Bidirectional).
    pub fn is_forward(self) -> bool {
        self != Engine::Bidirectional
    }

    /// Searches `puzzle` from `start` with this engine.
    ///
    /// * `puzzle`: any [`Puzzle`], borrowed (`&puzzle`), or a [`Backward`]
    ///   puzzle as [`TwoWay`]`(&puzzle)`.
    /// * `start`: the state the path starts from.
    /// * `limits`: the bounds the search stays within.
    ///
    /// # Returns
    ///
    /// For a [`TwoWay`] puzzle, the [`SearchResult`] of any engine. For any
    /// other puzzle, `Ok` with the result, or [`NeedsBackward`] for
    /// [`Engine::Bidirectional`], which must step backwards from the goals.
    ///
    /// ```
    /// use puzzle_search::{adapt, Backward, Puzzle};
    /// use puzzle_search::search::{Engine, Limits, NeedsBackward, TwoWay};
    ///
    /// // A puzzle with forward moves only: three engines of four.
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 3], |&n| n == 20);
    /// for engine in Engine::ALL {
    ///     match engine.solve(&walk, 1, &Limits::new()) {
    ///         Ok(result) => assert_eq!(result.outcome.path().map(|p| p.len()), Some(5)),
    ///         Err(NeedsBackward) => assert_eq!(engine, Engine::Bidirectional),
    ///     }
    /// }
    ///
    /// // A puzzle that also steps back: every engine.
    /// struct Line;
    /// impl Puzzle for Line {
    ///     type State = i32;
    ///     type Move = i32;
    ///     type Key = i32;
    ///     fn encode(&self, n: &i32) -> i32 { *n }
    ///     fn successors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
    ///         emit(1, n + 1);
    ///         emit(-1, n - 1);
    ///     }
    ///     fn is_goal(&self, n: &i32) -> bool { *n == 6 }
    /// }
    /// impl Backward for Line {
    ///     fn goal_states(&self, _start: &i32, mut emit: impl FnMut(i32)) { emit(6) }
    ///     fn predecessors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
    ///         emit(1, n - 1);
    ///         emit(-1, n + 1);
    ///     }
    /// }
    /// for engine in Engine::ALL {
    ///     let result = engine.solve(TwoWay(&Line), 0, &Limits::new());
    ///     assert_eq!(result.outcome.path().map(|p| p.len()), Some(6));
    /// }
    /// ```
    pub fn solve<S: Searchable>(
        self,
        puzzle: S,
        start: <S::Puzzle as Puzzle>::State,
        limits: &Limits,
    ) -> S::Output {
        puzzle.solve_with(self, start, limits)
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

/// What [`Engine::solve`] accepts: any borrowed [`Puzzle`], or a borrowed
/// [`Backward`] one as [`TwoWay`].
///
/// Generic code names it to hand either on: `fn run<S: Searchable>(puzzle: S, …)`.
pub trait Searchable {
    /// The puzzle searched.
    type Puzzle: Puzzle;
    /// What a search returns: a [`SearchResult`], or a `Result` of one when
    /// some engine cannot run.
    type Output;

    /// Searches the puzzle from `start` with `engine`.
    fn solve_with(
        self,
        engine: Engine,
        start: <Self::Puzzle as Puzzle>::State,
        limits: &Limits,
    ) -> Self::Output;
}

// The engines run on `P` itself, not on `&P`: a borrowed puzzle forwards
// every call, and in IDA*'s recursion that extra step cost a third more
// instructions.
impl<P: Puzzle> Searchable for &P {
    type Puzzle = P;
    type Output = Result<SearchResult<P::State, P::Move>, NeedsBackward>;

    fn solve_with(self, engine: Engine, start: P::State, limits: &Limits) -> Self::Output {
        let search = engine.forward().ok_or(NeedsBackward)?;
        Ok(search(self, start, limits))
    }
}

/// A [`Backward`] puzzle for [`Engine::solve`]: every engine runs on it,
/// bidirectional search included, so the search cannot fail to start.
///
/// ```
/// use puzzle_search::klotski::{Klotski, Layout, Metric};
/// use puzzle_search::search::{Engine, Limits, TwoWay};
///
/// let start: Layout = "2442/2442/2332/2112/1001".parse()?;
/// let result = Engine::Bidirectional.solve(TwoWay(&Klotski::new(Metric::Piece)), start, &Limits::new());
/// assert_eq!(result.outcome.path().map(|path| path.len()), Some(81));
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TwoWay<'a, P>(pub &'a P);

impl<P: Backward> Searchable for TwoWay<'_, P> {
    type Puzzle = P;
    type Output = SearchResult<P::State, P::Move>;

    fn solve_with(self, engine: Engine, start: P::State, limits: &Limits) -> Self::Output {
        let search = engine.forward().unwrap_or(bidirectional_bfs);
        search(self.0, start, limits)
    }
}

/// The error for an engine name that is none of `bfs`, `bidir`, `astar`, `idastar`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}: expected bfs, bidir, astar or idastar")]
pub struct UnknownEngine(pub String);

by_name!(Engine, UnknownEngine);

/// The error for the bidirectional engine, [`Engine::Bidirectional`] or
/// [`WeightedEngine::Bidirectional`](super::costs::WeightedEngine::Bidirectional),
/// given a puzzle without [`Backward`]: the only engines that need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the bidir engine searches backwards from the goals: the puzzle must implement Backward and be handed over as TwoWay(&puzzle)")]
pub struct NeedsBackward;
