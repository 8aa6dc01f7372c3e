//! The engines' entry points: one function per engine, from one start or
//! several, and [`Engine`], which chooses one at run time.

use crate::util::named::by_name;

use super::astar::Relax;
use super::bfs::Breadth;
use super::resumable::run_to_end;
use super::run::Run;
use super::{Limits, SearchResult, Starts};
use crate::{Backward, Puzzle};

/// Breadth-first search from the start to the nearest goal.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states, depth and time.
///
/// # Returns
///
/// [`Outcome::Solved`](super::Outcome::Solved) with a shortest path from the start to a goal (both included),
/// [`Outcome::Unsolvable`](super::Outcome::Unsolvable) once every reachable state has been seen, or
/// [`Outcome::LimitReached`](super::Outcome::LimitReached). States are compared by [`Puzzle::encode`].
///
/// # Complexity
///
/// Time and memory linear in the number of states closer to the start than the
/// nearest goal, plus those one move further.
///
/// # Examples
///
/// ```
/// use puzzle_search::{Puzzle, search::{bfs, Limits}};
///
/// /// Reach `target` from 1 by doubling or adding one.
/// struct Doubling { target: u64 }
///
/// impl Puzzle for Doubling {
///     type State = u64;
///     type Move = &'static str;
///     type Key = u64;
///     fn encode(&self, n: &u64) -> u64 { *n }
///     fn successors(&self, n: &u64, mut emit: impl FnMut(&'static str, u64)) {
///         if *n < self.target {
///             emit("*2", n * 2);
///             emit("+1", n + 1);
///         }
///     }
///     fn is_goal(&self, n: &u64) -> bool { *n == self.target }
/// }
///
/// let result = bfs(&Doubling { target: 10 }, 1, &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.states(), &[1, 2, 4, 5, 10]);
/// assert_eq!(path.moves(), &["*2", "*2", "+1", "*2"]);
/// assert!(result.stats.expanded > 0);
/// ```
///
/// From several starts, the path begins at the one nearest to a goal:
///
/// ```
/// use puzzle_search::{adapt, search::{bfs, Limits, Outcome}};
///
/// // +1 or ×2 up to 40: from 3, 17 or 5, the nearest to 20 is 5 (5 → 10 → 20).
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m <= 40), |&n| n == 20);
/// let result = bfs(&walk, [3, 17, 5], &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.states(), &[5, 10, 20]);
/// assert_eq!(bfs(&walk, [], &Limits::new()).outcome, Outcome::Unsolvable);
/// ```
pub fn bfs<P: Puzzle>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    Run::search_from(puzzle, start, limits, run_to_end::<P, Breadth<'_, P>>)
}

/// Breadth-first search from the start and from the goal states at once.
///
/// Each round expands one whole layer of the side with the smaller frontier, so
/// the two searches meet near the middle of a shortest path. The backward side
/// starts from [`Backward::goal_states`] and never steps onto another goal: a
/// shortest path meets the goals once, at its end.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; [`Backward`] supplies the goal states and predecessors.
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states (both sides together), depth and time.
///
/// # Returns
///
/// [`Outcome::Solved`](super::Outcome::Solved) with a shortest path from the start to a goal (both included),
/// [`Outcome::Unsolvable`](super::Outcome::Unsolvable) when either side runs out of states, or
/// [`Outcome::LimitReached`](super::Outcome::LimitReached).
///
/// # Complexity
///
/// Time and memory linear in the states the two searches store; on spaces that
/// branch evenly, about the square root of what [`bfs`] stores.
///
/// # Examples
///
/// ```
/// use puzzle_search::{Backward, Puzzle, search::{bidirectional_bfs, Limits}};
///
/// /// A ring of 1000 positions; the goal is opposite the start.
/// struct Ring;
///
/// impl Puzzle for Ring {
///     type State = u32;
///     type Move = i8;
///     type Key = u32;
///     fn encode(&self, s: &u32) -> u32 { *s }
///     fn successors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 1) % 1000);
///         emit(-1, (s + 999) % 1000);
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 500 }
/// }
///
/// impl Backward for Ring {
///     fn goal_states(&self, _start: &u32, mut emit: impl FnMut(u32)) { emit(500) }
///     fn predecessors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 999) % 1000);
///         emit(-1, (s + 1) % 1000);
///     }
/// }
///
/// let result = bidirectional_bfs(&Ring, 0, &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.len(), 500);
/// assert!(path.replays(&Ring));
/// ```
///
/// From several starts, the backward side begins at the goal states of
/// every start (each key once):
///
/// ```
/// use puzzle_search::{Backward, Puzzle, search::{bidirectional_bfs, Limits}};
///
/// /// A ring of 1000 positions; the goal is 500.
/// struct Ring;
///
/// impl Puzzle for Ring {
///     type State = u32;
///     type Move = i8;
///     type Key = u32;
///     fn encode(&self, s: &u32) -> u32 { *s }
///     fn successors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 1) % 1000);
///         emit(-1, (s + 999) % 1000);
///     }
///     fn is_goal(&self, s: &u32) -> bool { *s == 500 }
/// }
///
/// impl Backward for Ring {
///     fn goal_states(&self, _start: &u32, mut emit: impl FnMut(u32)) { emit(500) }
///     fn predecessors(&self, s: &u32, mut emit: impl FnMut(i8, u32)) {
///         emit(1, (s + 999) % 1000);
///         emit(-1, (s + 1) % 1000);
///     }
/// }
///
/// // 0 is 500 moves away, 900 only 400.
/// let result = bidirectional_bfs(&Ring, [0, 900], &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!((path.start(), path.len()), (&900, 400));
/// assert!(path.replays(&Ring));
/// ```
pub fn bidirectional_bfs<P: Backward>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    Run::search_from(puzzle, start, limits, super::bidirectional::search)
}

/// A* search: expands states in order of moves made plus [`Puzzle::heuristic`].
///
/// A state reached again by a shorter path is reopened, so the result stays
/// optimal with any admissible heuristic, consistent or not.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible (an
///   inadmissible one gives paths that may be longer than the optimum, with
///   no word: [`Puzzle::checked_heuristic`] finds where one breaks the rule).
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on stored states, depth (states whose lower bound exceeds
///   it are pruned) and time.
///
/// # Returns
///
/// [`Outcome::Solved`](super::Outcome::Solved) with a shortest path from the start to a goal (both included),
/// [`Outcome::Unsolvable`](super::Outcome::Unsolvable), or [`Outcome::LimitReached`](super::Outcome::LimitReached).
///
/// # Examples
///
/// ```
/// use puzzle_search::{Puzzle, search::{astar, Limits}};
///
/// /// A king walking on an 8×8 board to the far corner.
/// struct King;
///
/// impl Puzzle for King {
///     type State = (i8, i8);
///     type Move = (i8, i8);
///     type Key = (i8, i8);
///     fn encode(&self, s: &(i8, i8)) -> (i8, i8) { *s }
///     fn successors(&self, &(x, y): &(i8, i8), mut emit: impl FnMut((i8, i8), (i8, i8))) {
///         for dx in -1..=1 {
///             for dy in -1..=1 {
///                 let (nx, ny) = (x + dx, y + dy);
///                 if (dx, dy) != (0, 0) && (0..8).contains(&nx) && (0..8).contains(&ny) {
///                     emit((dx, dy), (nx, ny));
///                 }
///             }
///         }
///     }
///     fn is_goal(&self, s: &(i8, i8)) -> bool { *s == (7, 7) }
///     fn heuristic(&self, &(x, y): &(i8, i8)) -> u32 { (7 - x).max(7 - y) as u32 }
/// }
///
/// let result = astar(&King, (0, 3), &Limits::new());
/// assert_eq!(result.outcome.path().unwrap().len(), 7);
/// ```
///
/// From several starts, each at zero moves:
///
/// ```
/// use puzzle_search::{adapt, Puzzle, search::{astar, Limits}};
///
/// // Steps of ±1 towards 50; the distance is an exact heuristic.
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = astar(&line, [10, 57, 44], &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!((path.start(), path.len()), (&44, 6));
/// ```
pub fn astar<P: Puzzle>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    Run::search_from(puzzle, start, limits, run_to_end::<P, Relax<'_, P>>)
}

/// Iterative-deepening A*: depth-first searches bounded by moves made plus
/// [`Puzzle::heuristic`], the bound raised each time to the smallest value that
/// exceeded it.
///
/// By default it holds nothing but its path and a few numbers. Its memory
/// does not grow with the states it generates, only with the length of the
/// path, so it solves puzzles far too large for the other engines (the
/// 15-puzzle). It searches depth-first by recursion inside the puzzle's
/// successor callback, as a hand-written IDA* does, so a child is looked at
/// when the puzzle makes it and nothing is copied (so the puzzle's successor
/// function is called again from inside its own callback). Past about
/// 128 KiB of stack (from where it was called; measured as the depth grows)
/// it goes on with a stack of frames on the heap, so a deep bound needs about
/// that much of the thread's stack and no more. A frame on the heap holds its
/// state and a window of at most 32 of its children, never all of them: a
/// path `d` deep takes memory linear in `d` whatever the branching factor,
/// and a state with more than 32 children is asked for its successors again
/// (the ones tried skipped) for each further window, so its successors must
/// come in the same order each time. The path's frames count towards
/// [`Limits::with_max_bytes`]; a frame that cannot be had is
/// [`Limit::Memory`](super::Limit::Memory). It skips the successors
/// [`Puzzle::successors_after`] leaves out (the move back), and asks
/// for each child's heuristic with [`Puzzle::heuristic_after`], so a puzzle can
/// update it from the move. Like every IDA*, it cannot tell a puzzle that
/// cycles without end from one whose solution is far: on such a puzzle give
/// it a depth, time or state limit, or a table.
///
/// With [`Limits::with_table_capacity`] it keeps a transposition table of at
/// most that many states, keyed by [`Puzzle::encode`], for two purposes:
///
/// * within an iteration, the fewest moves each key was reached with, so
///   transpositions are searched once;
/// * across iterations, a learned lower bound for each state searched: when a
///   state's children are exhausted, its bound becomes the smallest of one
///   plus each child's bound. That value never exceeds the true distance, so
///   paths stay optimal, and later iterations prune searched regions early.
///
/// The table proves a puzzle unsolvable: an iteration that meets no state
/// outside it shows the search is only circling what it knows, and one
/// breadth-first pass then settles the question (with an optimal answer too).
/// A full table stores nothing more, and the search goes on. With the table,
/// every successor is tried, since a learned bound must not depend on how its
/// state was reached.
///
/// **When it needs a table, and how large.** Without one, IDA* searches a
/// tree: every path to a state is searched again, so a puzzle whose states are
/// reached by many paths (transpositions: Klotski, Rush Hour, most sliding-
/// block puzzles, anything with independent moves that commute) makes it
/// search the same states over and over, and on a weak heuristic it gets
/// nowhere. The sliding tiles, whose move back is skipped and whose other
/// transpositions are few, need none. For the others, give it room for the
/// states within the last bounds: about as many as A* would store (one
/// entry is 12 bytes and the key, in a hash table), for example
/// `Limits::new().with_table_capacity(1 << 22)` for a few million states. A
/// table too small only makes it slower; it never makes an answer wrong.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible (an
///   inadmissible one gives paths that may be longer than the optimum, with
///   no word: [`Puzzle::checked_heuristic`] finds where one breaks the rule).
/// * `start` – the state to start from, or several at once ([`Starts`]).
/// * `limits` – bounds on the states on the path, depth (the last bound
///   tried) and time, and the table's capacity.
///
/// # Returns
///
/// [`Outcome::Solved`](super::Outcome::Solved) with a shortest path from the start to a goal (both included),
/// [`Outcome::Unsolvable`](super::Outcome::Unsolvable), or [`Outcome::LimitReached`](super::Outcome::LimitReached).
///
/// # Complexity
///
/// Memory: the path (on the thread's stack, then the heap, a window of at
/// most 32 children a frame), plus the table if one is asked for. Time: the states within each bound, summed over the bounds
/// tried; small when the heuristic is tight.
///
/// # Examples
///
/// ```
/// use puzzle_search::{Puzzle, search::{idastar, Limits, Outcome}};
///
/// /// Sort three letters by swapping neighbours.
/// struct Letters;
///
/// impl Puzzle for Letters {
///     type State = [u8; 3];
///     type Move = usize;
///     type Key = [u8; 3];
///     fn encode(&self, s: &[u8; 3]) -> [u8; 3] { *s }
///     fn successors(&self, s: &[u8; 3], mut emit: impl FnMut(usize, [u8; 3])) {
///         for i in 0..2 {
///             let mut next = *s;
///             next.swap(i, i + 1);
///             emit(i, next);
///         }
///     }
///     fn is_goal(&self, s: &[u8; 3]) -> bool { s == b"abc" }
///     fn heuristic(&self, s: &[u8; 3]) -> u32 {
///         // Each swap puts at most two letters in place.
///         (s.iter().zip(b"abc").filter(|(a, b)| a != b).count() as u32 + 1) / 2
///     }
/// }
///
/// let result = idastar(&Letters, *b"cba", &Limits::new());
/// assert_eq!(result.outcome.path().unwrap().len(), 3);
/// ```
///
/// From several starts, each iteration searches below every start, in
/// their order, the first bound the smallest of their heuristics:
///
/// ```
/// use puzzle_search::{adapt, Puzzle, search::{idastar, Limits}};
///
/// // Steps of ±1 towards 50; the distance is an exact heuristic.
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = idastar(&line, [10, 57, 44], &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!((path.start(), path.len()), (&44, 6));
/// ```
pub fn idastar<P: Puzzle>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    Run::search_from(puzzle, start, limits, super::idastar::search)
}

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
    /// * `start`: the state the path starts from, or several at once ([`Starts`]).
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
        start: impl Starts<<S::Puzzle as Puzzle>::State>,
        limits: &Limits,
    ) -> S::Output {
        puzzle.solve_with(self, start, limits)
    }

    /// The engine as a function, if it needs nothing beyond [`Puzzle`].
    fn forward<P: Puzzle, S: Starts<P::State>>(self) -> Option<EngineFn<P, S>> {
        match self {
            Engine::Bfs => Some(bfs),
            Engine::AStar => Some(astar),
            Engine::IdaStar => Some(idastar),
            Engine::Bidirectional => None,
        }
    }
}

/// The signature every engine shares.
type EngineFn<P, S> = fn(&P, S, &Limits) -> SearchResult<<P as Puzzle>::State, <P as Puzzle>::Move>;

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

    /// Searches the puzzle from `start` (one state or several) with `engine`.
    fn solve_with(
        self,
        engine: Engine,
        start: impl Starts<<Self::Puzzle as Puzzle>::State>,
        limits: &Limits,
    ) -> Self::Output;
}

// The engines run on `P` itself, not on `&P`: a borrowed puzzle forwards
// every call, and in IDA*'s recursion that extra step cost a third more
// instructions.
impl<P: Puzzle> Searchable for &P {
    type Puzzle = P;
    type Output = Result<SearchResult<P::State, P::Move>, NeedsBackward>;

    fn solve_with(
        self,
        engine: Engine,
        start: impl Starts<P::State>,
        limits: &Limits,
    ) -> Self::Output {
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

    fn solve_with(
        self,
        engine: Engine,
        start: impl Starts<P::State>,
        limits: &Limits,
    ) -> Self::Output {
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
