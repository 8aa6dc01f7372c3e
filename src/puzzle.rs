//! The traits a puzzle implements to be searched.

use core::hash::Hash;

use core::fmt::Debug;

use crate::adapt::{
    forward, CheckedHeuristic, Heuristic, Unpruned, WithGoal, WithGoalStates, WithHeuristic,
};

/// A puzzle: states, the moves between them, and the goal.
///
/// **Every move costs one**, so an optimal solution is one with the fewest
/// moves. The engines count moves, not weights.
///
/// # Contract
///
/// * [`encode`](Puzzle::encode) may map several states to one key to fold
///   symmetries (for example a board and its mirror image). States that share a
///   key must be interchangeable for the search: both goals or neither, the same
///   heuristic value, and for every successor of one a successor of the other
///   with the same key. The engines rely on this to rebuild paths that replay
///   move by move.
///
///   A puzzle that breaks this still gets real paths, never a panic: every
///   path an engine reports as solved replays move by move from the start and
///   ends at a goal, but it may be longer than optimal, and a search may miss
///   a solution or report the state limit early.
/// * [`heuristic`](Puzzle::heuristic) must never exceed the true number of
///   moves left (it must be *admissible*), and must be 0 at a goal; otherwise
///   A* and IDA* may return longer than optimal paths.
///
/// # Packing a state into a key
///
/// A key is `Copy`: the engines keep every key they meet in flat hash tables
/// and arrays, so a key of a few bytes (an integer, a small array) is what
/// makes them fast, and a `Vec` or a `String` is refused. A state that holds
/// a vector packs it into an integer: here a row of up to 21 cells of 8
/// colours, 3 bits a cell, in a `u64`. (Several integers make a tuple or an
/// array key; a state too large for 16 bytes or so is rarely one a search
/// can hold many of.)
///
/// ```
/// use puzzle_search::{Puzzle, search::{bfs, Limits}};
///
/// /// Sort a row of coloured cells by swapping neighbours.
/// struct Row;
///
/// impl Puzzle for Row {
///     type State = Vec<u8>;
///     type Move = usize; // swap cells i and i + 1
///     type Key = u64;
///
///     fn encode(&self, cells: &Vec<u8>) -> u64 {
///         // 3 bits a colour, the first cell in the lowest bits; the length
///         // is the same for every state of one search.
///         cells.iter().rev().fold(0, |key, &colour| key << 3 | u64::from(colour & 7))
///     }
///     fn successors(&self, cells: &Vec<u8>, mut emit: impl FnMut(usize, Vec<u8>)) {
///         for i in 0..cells.len().saturating_sub(1) {
///             let mut next = cells.clone();
///             next.swap(i, i + 1);
///             emit(i, next);
///         }
///     }
///     fn is_goal(&self, cells: &Vec<u8>) -> bool {
///         cells.windows(2).all(|pair| pair[0] <= pair[1])
///     }
/// }
///
/// let result = bfs(&Row, vec![3, 1, 2, 0], &Limits::new());
/// assert_eq!(result.outcome.path().map(|path| path.len()), Some(5));
/// ```
///
/// # Example
///
/// A counter that must reach 10, one step up or down at a time:
///
/// ```
/// use puzzle_search::{Puzzle, search::{bfs, Limits}};
///
/// struct Counter;
///
/// impl Puzzle for Counter {
///     type State = i32;
///     type Move = i32;
///     type Key = i32;
///
///     fn encode(&self, state: &i32) -> i32 {
///         *state
///     }
///     fn successors(&self, state: &i32, mut emit: impl FnMut(i32, i32)) {
///         emit(1, state + 1);
///         emit(-1, state - 1);
///     }
///     fn is_goal(&self, state: &i32) -> bool {
///         *state == 10
///     }
///     fn heuristic(&self, state: &i32) -> u32 {
///         (10 - state).unsigned_abs()
///     }
/// }
///
/// let result = bfs(&Counter, 3, &Limits::new());
/// assert_eq!(result.outcome.path().map(|path| path.len()), Some(7));
/// ```
pub trait Puzzle {
    /// A position of the puzzle.
    type State: Clone;
    /// What turns one state into the next.
    type Move: Clone;
    /// A compact, hashable key identifying a state (or a class of symmetric
    /// states): see [packing a state into a key](Puzzle#packing-a-state-into-a-key).
    type Key: Copy + Eq + Hash;

    /// The compact key of `state`.
    fn encode(&self, state: &Self::State) -> Self::Key;

    /// Calls `emit(move, next)` once for every state reachable from `state` in one move.
    ///
    /// An engine may call the puzzle again from inside `emit` (IDA* searches
    /// below each child there, as a recursive search does), so `successors`
    /// must not hold a borrow of shared state, such as a `RefCell` or a lock,
    /// while it calls `emit`.
    fn successors(&self, state: &Self::State, emit: impl FnMut(Self::Move, Self::State));

    /// The successors of `state` worth trying once `last` has led to it from some
    /// state `p`.
    ///
    /// It may leave out `p` itself and any successor of `p`: such a state is one
    /// move from `p`, so no shortest path reaches it through `state`. Leaving them
    /// out spares a search work it would throw away (undoing a move, or moving
    /// the same piece twice). BFS, bidirectional BFS and A* call it for every state
    /// but the start; IDA* does not, because the bounds it learns for a state must
    /// not depend on how the state was reached.
    ///
    /// The default calls [`successors`](Puzzle::successors).
    ///
    /// ```
    /// use puzzle_search::{Puzzle, search::{bfs, Limits}};
    ///
    /// /// A walk on the integers that never steps straight back.
    /// struct Walk;
    ///
    /// impl Puzzle for Walk {
    ///     type State = i32;
    ///     type Move = i32;
    ///     type Key = i32;
    ///     fn encode(&self, n: &i32) -> i32 { *n }
    ///     fn successors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) {
    ///         emit(1, n + 1);
    ///         emit(-1, n - 1);
    ///     }
    ///     // Only onwards: stepping back would return to the state before `last`.
    ///     fn successors_after(&self, n: &i32, last: &i32, mut emit: impl FnMut(i32, i32)) {
    ///         emit(*last, n + last);
    ///     }
    ///     fn is_goal(&self, n: &i32) -> bool { *n == -4 }
    /// }
    ///
    /// let result = bfs(&Walk, 0, &Limits::new());
    /// assert_eq!(result.outcome.path().map(|path| path.len()), Some(4));
    /// assert_eq!(result.stats.generated, 2 + 6); // two from the start, then one each
    /// ```
    fn successors_after(
        &self,
        state: &Self::State,
        _last: &Self::Move,
        emit: impl FnMut(Self::Move, Self::State),
    ) {
        self.successors(state, emit);
    }

    /// Whether `state` solves the puzzle.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// A lower bound on the number of moves from `state` to the nearest goal.
    ///
    /// The default, 0, is always admissible and turns A* into a uniform-cost search.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }

    /// [`heuristic`](Puzzle::heuristic) of `state`, reached from `previous`
    /// by `mv`, given `h`, the heuristic of `previous`.
    ///
    /// IDA* asks for every child this way, so a puzzle whose heuristic changes
    /// little with a move can update it instead of computing it afresh (the
    /// Manhattan distance of a sliding-tile puzzle changes by one). It must
    /// return what `heuristic(state)` returns. The default computes that.
    fn heuristic_after(
        &self,
        _previous: &Self::State,
        _h: u32,
        _mv: &Self::Move,
        state: &Self::State,
    ) -> u32 {
        self.heuristic(state)
    }

    /// The same puzzle with `heuristic` as its [`heuristic`](Puzzle::heuristic);
    /// everything else, [`Backward`] included, is unchanged.
    ///
    /// ```
    /// use puzzle_search::{adapt, Puzzle, search::{astar, Limits}};
    ///
    /// // Reach 50 from 0 by steps of one or two.
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1, n + 2], |&n| n == 50);
    /// let informed = walk.with_heuristic(|&n: &u32| 50u32.saturating_sub(n).div_ceil(2));
    /// let blind = astar(&walk, 0, &Limits::new());
    /// let result = astar(&informed, 0, &Limits::new());
    /// assert_eq!(result.outcome.path().map(|path| path.len()), Some(25));
    /// assert!(result.stats.expanded < blind.stats.expanded);
    /// ```
    fn with_heuristic<H: Heuristic<Self::State>>(self, heuristic: H) -> WithHeuristic<Self, H>
    where
        Self: Sized,
    {
        WithHeuristic::new(self, heuristic)
    }

    /// The same puzzle with `is_goal` as its goal test. It does not implement
    /// [`Backward`], whose goal states would no longer match.
    ///
    /// ```
    /// use puzzle_search::{adapt, Puzzle, search::{bfs, Limits, Outcome}};
    ///
    /// let walk = adapt::from_fn(|&n: &u8| n.checked_add(1), |&n| n == 9);
    /// // No goal at all: BFS explores every state and says so.
    /// let result = bfs(&walk.with_goal(|_: &u8| false), 0, &Limits::new());
    /// assert_eq!(result.outcome, Outcome::Unsolvable);
    /// assert_eq!(result.stats.max_stored, 256);
    /// ```
    fn with_goal<G: Fn(&Self::State) -> bool>(self, is_goal: G) -> WithGoal<Self, G>
    where
        Self: Sized,
    {
        WithGoal::new(self, is_goal)
    }

    /// The same puzzle without its successor pruning: every state, however it
    /// was reached, gets all its [`successors`](Puzzle::successors) (and, for
    /// [`Backward`], all its predecessors).
    ///
    /// ```
    /// use puzzle_search::{Puzzle, search::{bfs, Limits}};
    /// # struct Walk;
    /// # impl Puzzle for Walk {
    /// #     type State = i32; type Move = i32; type Key = i32;
    /// #     fn encode(&self, n: &i32) -> i32 { *n }
    /// #     fn successors(&self, n: &i32, mut emit: impl FnMut(i32, i32)) { emit(1, n + 1); emit(-1, n - 1) }
    /// #     fn successors_after(&self, n: &i32, last: &i32, mut emit: impl FnMut(i32, i32)) { emit(*last, n + last) }
    /// #     fn is_goal(&self, n: &i32) -> bool { *n == -4 }
    /// # }
    /// let pruned = bfs(&Walk, 0, &Limits::new());
    /// let unpruned = bfs(&Walk.unpruned(), 0, &Limits::new());
    /// assert_eq!(pruned.outcome, unpruned.outcome);
    /// assert!(pruned.stats.generated < unpruned.stats.generated);
    /// ```
    fn unpruned(self) -> Unpruned<Self>
    where
        Self: Sized,
    {
        Unpruned::new(self)
    }

    /// The same puzzle, with its heuristic checked at every goal and every
    /// move a search makes: 0 at the goals, a drop of at most 1 along a move,
    /// and [`heuristic_after`](Puzzle::heuristic_after) equal to
    /// [`heuristic`](Puzzle::heuristic). A heuristic that breaks this may make
    /// A* and IDA* return longer paths than the optimum without a word; the
    /// check finds the first place it does (see [`CheckedHeuristic`]).
    ///
    /// ```
    /// use puzzle_search::{adapt, adapt::HeuristicError, Puzzle, search::{astar, Limits}};
    ///
    /// // Reach 12 from 0 by steps of one: three times the distance overestimates.
    /// let walk = adapt::from_fn(|&n: &u32| [n + 1], |&n| n == 12);
    /// let greedy = walk.with_heuristic(|&n: &u32| 3 * 12u32.saturating_sub(n)).checked_heuristic();
    /// let _ = astar(&greedy, 0, &Limits::new());
    /// assert!(matches!(
    ///     greedy.check(),
    ///     Err(HeuristicError::DropsTooFast { from: 0, to: 1, from_h: 36, to_h: 33 })
    /// ));
    ///
    /// let honest = walk.with_heuristic(|&n: &u32| 12u32.saturating_sub(n)).checked_heuristic();
    /// let _ = astar(&honest, 0, &Limits::new());
    /// assert_eq!(honest.check(), Ok(()));
    /// ```
    fn checked_heuristic(self) -> CheckedHeuristic<Self>
    where
        Self: Sized,
        Self::State: Debug,
    {
        CheckedHeuristic::new(self)
    }
}

/// What a backward search needs beyond [`Puzzle`]: where the goals are and how to step back.
///
/// Bidirectional breadth-first search (the `bidirectional_bfs` engine) searches from the start
/// and from the goal states at once. For a puzzle whose moves can all be undone,
/// [`predecessors`](Backward::predecessors) is [`successors`](Puzzle::successors)
/// with each move reversed.
///
/// ```
/// use puzzle_search::{Backward, Puzzle};
/// use puzzle_search::search::{bidirectional_bfs, Limits};
///
/// /// Reach 100 from 1 by doubling or adding one.
/// struct Doubling;
///
/// impl Puzzle for Doubling {
///     type State = u32;
///     type Move = char; // 'd' doubles, 'i' adds one
///     type Key = u32;
///     fn encode(&self, n: &u32) -> u32 { *n }
///     fn successors(&self, &n: &u32, mut emit: impl FnMut(char, u32)) {
///         if n < 100 {
///             emit('d', n * 2);
///             emit('i', n + 1);
///         }
///     }
///     fn is_goal(&self, n: &u32) -> bool { *n == 100 }
/// }
///
/// impl Backward for Doubling {
///     fn goal_states(&self, _start: &u32, mut emit: impl FnMut(u32)) {
///         emit(100);
///     }
///     // The states one move before `n`, with the forward move that leads to it.
///     fn predecessors(&self, &n: &u32, mut emit: impl FnMut(char, u32)) {
///         if n % 2 == 0 && n / 2 < 100 && n > 0 {
///             emit('d', n / 2);
///         }
///         if n > 1 && n - 1 < 100 {
///             emit('i', n - 1);
///         }
///     }
/// }
///
/// let result = bidirectional_bfs(&Doubling, 1, &Limits::new());
/// let path = result.outcome.path().expect("100 is reachable");
/// // 1, 2, 3, 6, 12, 24, 25, 50, 100 is one of the shortest ways.
/// assert_eq!(path.len(), 8);
/// assert!(path.replays(&Doubling));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `Backward`: it cannot be searched backwards from its goals",
    label = "a puzzle without backward steps",
    note = "`bfs`, `astar` and `idastar` need only `Puzzle`: call them, or `Engine::solve(&puzzle, start, &limits)`, which takes any puzzle",
    note = "bidirectional search and the atlas need `Backward`: implement its `goal_states` and `predecessors`"
)]
pub trait Backward: Puzzle {
    /// Calls `emit` with every goal state a search from `start` might reach from
    /// a state that is not a goal.
    ///
    /// Goals whose predecessors are all goals may be left out: a search meets the
    /// goals from outside. Emitting more goals, or goals that `start` cannot
    /// reach, is allowed (it only costs time); leaving out a goal that has a
    /// predecessor outside the goals may make the search miss the optimum. One
    /// goal per key is enough, since states that share a key are interchangeable.
    fn goal_states(&self, start: &Self::State, emit: impl FnMut(Self::State));

    /// Calls `emit(move, previous)` for every state `previous` from which
    /// `move` leads to `state` in one step.
    ///
    /// The move is the forward move, from `previous` to `state`.
    fn predecessors(&self, state: &Self::State, emit: impl FnMut(Self::Move, Self::State));

    /// The predecessors of `state` worth trying once the backward search has
    /// reached it from `n`, `next` being the forward move from `state` to `n`.
    ///
    /// It may leave out `n` itself and any predecessor of `n`: the mirror image of
    /// [`Puzzle::successors_after`]. The default calls
    /// [`predecessors`](Backward::predecessors).
    fn predecessors_before(
        &self,
        state: &Self::State,
        _next: &Self::Move,
        emit: impl FnMut(Self::Move, Self::State),
    ) {
        self.predecessors(state, emit);
    }

    /// The same puzzle with `goal_states` in place of
    /// [`goal_states`](Backward::goal_states): the seeds of a backward search,
    /// for example one goal already known to be the nearest.
    ///
    /// `goal_states(start, emit)` must honour the same contract.
    fn with_goal_states<G>(self, goal_states: G) -> WithGoalStates<Self, G>
    where
        Self: Sized,
        G: Fn(&Self::State, &mut dyn FnMut(Self::State)),
    {
        WithGoalStates::new(self, goal_states)
    }
}

/// A borrowed puzzle is the puzzle: an adapter can wrap `&puzzle` without taking it.
impl<P: Puzzle + ?Sized> Puzzle for &P {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;

    forward!(deref: encode, successors, successors_after, is_goal, heuristic, heuristic_after);
}

impl<P: Backward + ?Sized> Backward for &P {
    forward!(deref: goal_states, predecessors, predecessors_before);
}
