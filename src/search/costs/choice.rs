//! The weighted engines' entry points: one function per engine, from one
//! start or several, and [`WeightedEngine`], which chooses one at run time.

use super::best_first::Workspace;
use super::result::search_with_costs;
use super::{CostResult, CostResultOf, Weight};
use crate::cost::Weighted;
use crate::search::{Limits, NeedsBackward, Starts, TwoWay};
use crate::util::named::by_name;
use crate::{Backward, Puzzle};

/// Dijkstra's algorithm (uniform-cost search): expands states by their cost
/// from the start, the cheapest first, and ignores the heuristic.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve, with its costs.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states and time (the depth limit is not
///   used: costs, not moves, are bounded).
///
/// # Returns
///
/// A [`CostResult`] whose outcome is [`Outcome::Solved`](crate::search::Outcome::Solved) with a cheapest path
/// from the start to a goal (both included) and its cost, [`Outcome::Unsolvable`](crate::search::Outcome::Unsolvable),
/// or [`Outcome::LimitReached`](crate::search::Outcome::LimitReached) (with [`Limit::CostOverflow`](crate::search::Limit::CostOverflow) when a cost
/// does not fit its type).
///
/// # Complexity
///
/// `O(E log V)` time for the `V` states cheaper than the goal and their `E`
/// successors; `O(V)` memory.
///
/// # Examples
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}};
///
/// // Halve, or add three: from 11 to 4 in 11 → 5 → 8 → 4.
/// let walk = adapt::unit_costs(adapt::from_fn(|&n: &u8| [n / 2, n.saturating_add(3)], |&n| n == 4));
/// let result = costs::dijkstra(&walk, 11, &Limits::new());
/// assert_eq!(result.cost, Some(3));
/// assert!(result.outcome.path().unwrap().replays(&walk));
/// ```
///
/// From several starts, each at cost zero, the path begins at the one it
/// left from:
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}};
///
/// let walk = adapt::unit_costs(adapt::from_fn(|&n: &u32| [n + 1], |&n| n == 10));
/// let result = costs::dijkstra(&walk, [2, 7, 4], &Limits::new());
/// assert_eq!(result.cost, Some(3));
/// assert_eq!(result.outcome.path().unwrap().start(), &7);
/// ```
pub fn dijkstra<P: Weighted>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().dijkstra(puzzle, start, limits)
}

/// A* with costs: expands states by their cost from the start plus
/// [`Weighted::cost_heuristic`].
///
/// A state reached again more cheaply is reopened, so the cost is optimal
/// with any admissible heuristic, consistent or not.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its cost heuristic must be admissible.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states and time.
///
/// # Returns
///
/// As [`dijkstra`]: a cheapest path from the start to a goal (both included)
/// and its cost.
///
/// # Complexity
///
/// `O(E log V)` for the states whose cost plus heuristic is below the
/// optimum (more when an inconsistent heuristic reopens states).
///
/// # Examples
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 33);
/// let informed = adapt::unit_costs(walk.with_heuristic(|&n: &u32| u32::from(n != 33)));
/// let result = costs::astar(&informed, 1, &Limits::new());
/// assert_eq!(result.cost, Some(6)); // 1 2 4 8 16 32 33
/// ```
///
/// From several starts, each at cost zero:
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = costs::astar(&adapt::unit_costs(line), [10, 57, 44], &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// assert_eq!(result.outcome.path().unwrap().start(), &44);
/// ```
pub fn astar<P: Weighted>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().astar(puzzle, start, limits)
}

/// Weighted A*: A* on `g + w·h`, whose path costs at most `w` times the
/// optimum (the result's `bound`).
///
/// The order is kept exact: with `w = p/q` the engine compares `q·g + p·h`
/// in the puzzle's cost type (a value that does not fit it is
/// [`Limit::CostOverflow`](crate::search::Limit::CostOverflow)). States are reopened, as in [`astar`]. `w = 1`
/// is [`astar`].
///
/// # Returns
///
/// As [`astar`], with a path of cost at most `w` × the optimal cost.
///
/// # Examples
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, sliding::{Board, Sliding}};
///
/// let board: Board = "1 5 2 3 4 9 6 7 8 13 10 11 12 0 14 15".parse()?;
/// let puzzle = adapt::unit_costs(Sliding::new());
/// let optimal = costs::astar(&puzzle, board, &Limits::new());
/// let weight = "2".parse()?;
/// let quick = costs::weighted_astar(&puzzle, board, weight, &Limits::new());
/// assert_eq!(quick.bound, weight);
/// assert!(quick.cost.unwrap() <= 2 * optimal.cost.unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// From several starts, each at cost zero:
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let weight = costs::Weight::new(3, 2)?;
/// let result = costs::weighted_astar(&adapt::unit_costs(line), [10, 44], weight, &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_astar<P: Weighted>(
    puzzle: &P,
    start: impl Starts<P::State>,
    weight: Weight,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    Workspace::once().weighted_astar(puzzle, start, weight, limits)
}

/// Bidirectional Dijkstra: Dijkstra from the start and, backwards, from the
/// goal states ([`Backward::goal_states`]) at once, each step on the side
/// with fewer states waiting.
///
/// Whenever a side reaches a key the other side has reached, the two costs
/// add up to a path's; the search stops only when the two sides' lowest
/// costs still to expand add up to at least the cheapest such path, so that
/// no cheaper meeting is left (stopping at the first meeting would not be
/// optimal).
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; the cost of a move is asked as
///   `cost(previous, move, state)` in both directions.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states (both sides together) and time.
///
/// # Returns
///
/// As [`dijkstra`](super::dijkstra): a cheapest path from the start to a goal
/// (both included) and its cost.
///
/// # Examples
///
/// ```
/// use puzzle_search::{Backward, Puzzle, cost::Weighted, search::{costs, Limits}};
///
/// /// A line of towns; going east costs 2, west 1.
/// struct Line;
///
/// impl Puzzle for Line {
///     type State = i32;
///     type Move = i32;
///     type Key = i32;
///     fn encode(&self, n: &i32) -> i32 { *n }
///     fn successors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
///         emit(1, n + 1);
///         emit(-1, n - 1);
///     }
///     fn is_goal(&self, n: &i32) -> bool { *n == 30 }
/// }
/// impl Weighted for Line {
///     type Cost = u32;
///     fn cost(&self, _: &i32, step: &i32, _: &i32) -> u32 { if *step > 0 { 2 } else { 1 } }
/// }
/// impl Backward for Line {
///     fn goal_states(&self, _: &i32, mut emit: impl FnMut(i32)) { emit(30) }
///     fn predecessors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
///         emit(1, n - 1);
///         emit(-1, n + 1);
///     }
/// }
///
/// let result = costs::bidirectional_dijkstra(&Line, 0, &Limits::new());
/// assert_eq!(result.cost, Some(60));
/// assert!(result.outcome.path().unwrap().replays(&Line));
/// ```
///
/// From several starts, the backward side begins at the goal states of
/// every start:
///
/// ```
/// use puzzle_search::{Backward, Puzzle, cost::Weighted, search::{costs, Limits}};
///
/// /// A line of towns; going east costs 2, west 1.
/// struct Line;
///
/// impl Puzzle for Line {
///     type State = i32;
///     type Move = i32;
///     type Key = i32;
///     fn encode(&self, n: &i32) -> i32 { *n }
///     fn successors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
///         emit(1, n + 1);
///         emit(-1, n - 1);
///     }
///     fn is_goal(&self, n: &i32) -> bool { *n == 30 }
/// }
/// impl Weighted for Line {
///     type Cost = u32;
///     fn cost(&self, _: &i32, step: &i32, _: &i32) -> u32 { if *step > 0 { 2 } else { 1 } }
/// }
/// impl Backward for Line {
///     fn goal_states(&self, _: &i32, mut emit: impl FnMut(i32)) { emit(30) }
///     fn predecessors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
///         emit(1, n - 1);
///         emit(-1, n + 1);
///     }
/// }
///
/// // 24 is 12 east of 30, 37 is 7 west: the cheaper way is from 37.
/// let result = costs::bidirectional_dijkstra(&Line, [24, 37], &Limits::new());
/// assert_eq!(result.cost, Some(7));
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.start(), &37);
/// assert!(path.replays(&Line));
/// ```
pub fn bidirectional_dijkstra<P>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost>
where
    P: Weighted + Backward,
{
    search_with_costs(
        puzzle,
        start,
        Weight::ONE,
        limits,
        super::bidirectional::search,
    )
}

/// IDA* with costs: depth-first searches bounded by the cost so far plus
/// [`Weighted::cost_heuristic`], each bound the smallest value that exceeded
/// the last one.
///
/// It holds only its path (with the children still to try at each state on
/// it), so its memory grows with the length of the path, not with the
/// states searched; it skips a child already on the path. Every distinct
/// cost below the optimum may need an iteration of its own, so it suits
/// puzzles with few distinct costs and a tight heuristic (on a grid of
/// costs 1 and √2 it is slow).
///
/// With [`Limits::with_table_capacity`] it keeps, within each iteration, the
/// cheapest cost each key was reached with (up to that many keys), and
/// skips a state reached again at no less: each state is then searched
/// about once an iteration, and a puzzle without a solution is proved so
/// (an iteration with nothing beyond its bound). Without a table, a puzzle
/// with cycles and no solution is searched path by path without end: give
/// it a limit.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its cost heuristic must be admissible.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on the states on the path (and in the table) and
///   time, and the table's capacity.
///
/// # Returns
///
/// As [`dijkstra`](super::dijkstra): a cheapest path from the start to a goal
/// (both included) and its cost.
///
/// # Examples
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, sliding::{Board, Sliding}};
///
/// let board: Board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let result = costs::idastar(&adapt::unit_costs(Sliding::new()), board, &Limits::new());
/// assert_eq!(result.cost, Some(2));
/// # Ok::<(), puzzle_search::sliding::BoardError>(())
/// ```
///
/// From several starts, each iteration searches below every start, in
/// their order:
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = costs::idastar(&adapt::unit_costs(line), [10, 57, 44], &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// assert_eq!(result.outcome.path().unwrap().start(), &44);
/// ```
pub fn idastar<P: Weighted>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    weighted_idastar(puzzle, start, Weight::ONE, limits)
}

/// Weighted IDA*: IDA* on `g + w·h` (compared exactly as `q·g + p·h` for
/// `w = p/q`), whose path costs at most `w` times the optimum (the result's
/// `bound`). `w = 1` is [`idastar`].
///
/// # Examples
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, sliding::{Board, Sliding}};
///
/// let board: Board = "1 5 2 3 4 9 6 7 8 13 10 11 12 0 14 15".parse()?;
/// let puzzle = adapt::unit_costs(Sliding::new());
/// let weight = "3".parse()?;
/// let result = costs::weighted_idastar(&puzzle, board, weight, &Limits::new());
/// assert!(result.cost.unwrap() <= 3 * costs::idastar(&puzzle, board, &Limits::new()).cost.unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// From several starts:
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}, Puzzle};
///
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let weight = costs::Weight::new(3, 2)?;
/// let result = costs::weighted_idastar(&adapt::unit_costs(line), [10, 44], weight, &Limits::new());
/// assert_eq!(result.cost, Some(6));
/// assert_eq!(result.bound, weight);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn weighted_idastar<P: Weighted>(
    puzzle: &P,
    start: impl Starts<P::State>,
    weight: Weight,
    limits: &Limits,
) -> CostResult<P::State, P::Move, P::Cost> {
    search_with_costs(puzzle, start, weight, limits, |puzzle, starts, run| {
        super::idastar::search(puzzle, starts, weight, run)
    })
}

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
        start: impl Starts<<S::Puzzle as Puzzle>::State>,
        weight: Weight,
        limits: &Limits,
    ) -> S::Output {
        puzzle.solve_weighted(self, start, weight, limits)
    }

    /// The engine as a function, if it needs nothing beyond [`Weighted`].
    fn forward<P: Weighted, S: Starts<P::State>>(self) -> Option<WeightedFn<P, S>> {
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
type WeightedFn<P, S> = fn(&P, S, Weight, &Limits) -> CostResultOf<P>;

/// What [`WeightedEngine::solve`] accepts: any borrowed [`Weighted`] puzzle,
/// or a borrowed [`Backward`] one as [`TwoWay`].
pub trait WeightedSearchable {
    /// The puzzle searched.
    type Puzzle: Weighted;
    /// What a search returns: a [`CostResult`](super::CostResult), or a `Result` of one when
    /// some engine cannot run.
    type Output;

    /// Searches the puzzle from `start` (one state or several) with `engine`.
    fn solve_weighted(
        self,
        engine: WeightedEngine,
        start: impl Starts<<Self::Puzzle as Puzzle>::State>,
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
        start: impl Starts<P::State>,
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
        start: impl Starts<P::State>,
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
