//! Adapters: a puzzle changed in one respect, everything else passed through.
//!
//! Each adapter replaces one part of a [`Puzzle`] (or [`Backward`]) and forwards
//! every other method, so no pruning, goal listing or heuristic is lost on the
//! way. They are made by the provided methods of the traits:
//!
//! | made by | replaces |
//! | --- | --- |
//! | [`Puzzle::with_heuristic`] | the heuristic ([`WithHeuristic`]) |
//! | [`Puzzle::with_goal`] | the goal test ([`WithGoal`]) |
//! | [`Puzzle::unpruned`] | successor pruning, dropped ([`Unpruned`]) |
//! | [`Puzzle::checked_heuristic`] | nothing: the heuristic is checked as a search runs ([`CheckedHeuristic`]) |
//! | [`Backward::with_goal_states`] | the seeds of a backward search ([`WithGoalStates`]) |
//! | [`from_fn`] | a whole puzzle from two closures ([`FnPuzzle`]) |
//! | [`unit_costs`] | nothing: adds a cost of 1 a move ([`UnitCosts`], a [`Weighted`] puzzle) |
//!
//! A borrowed puzzle is a puzzle too, so `(&puzzle).with_heuristic(h)` adapts
//! a puzzle without taking it.

use core::hash::Hash;
use core::marker::PhantomData;

use crate::cost::Weighted;
use crate::puzzle::{Backward, Puzzle};

mod checked;
// The engines make the requests; without them only `from_fn` looks.
#[cfg_attr(not(feature = "engines"), allow(dead_code))]
pub(crate) mod stop;

pub use checked::{CheckedHeuristic, HeuristicError};

/// Writes the listed methods of [`Puzzle`], [`Backward`] and [`Weighted`] as calls to the
/// same method of the puzzle adapted: the one way every adapter here (and a
/// borrowed puzzle) passes on what it does not replace. `inner` reaches it by
/// the adapter's `inner()`, `deref` by dereferencing a `&P`.
macro_rules! forward {
    ($to:ident: $($method:ident),+) => {
        $(forward!(@$to $method);)+
    };
    (@inner $method:ident) => {
        forward!(@signature $method, |this| this.inner());
    };
    (@deref $method:ident) => {
        forward!(@signature $method, |this| **this);
    };
    (@signature encode, $($to:tt)+) => {
        forward!(@fn encode(state: &Self::State) -> Self::Key, $($to)+);
    };
    (@signature successors, $($to:tt)+) => {
        forward!(@fn successors(state: &Self::State, emit: impl FnMut(Self::Move, Self::State)) -> (), $($to)+);
    };
    (@signature successors_after, $($to:tt)+) => {
        forward!(@fn successors_after(state: &Self::State, last: &Self::Move, emit: impl FnMut(Self::Move, Self::State)) -> (), $($to)+);
    };
    (@signature is_goal, $($to:tt)+) => {
        forward!(@fn is_goal(state: &Self::State) -> bool, $($to)+);
    };
    (@signature heuristic, $($to:tt)+) => {
        forward!(@fn heuristic(state: &Self::State) -> u32, $($to)+);
    };
    (@signature heuristic_after, $($to:tt)+) => {
        forward!(@fn heuristic_after(previous: &Self::State, h: u32, mv: &Self::Move, state: &Self::State) -> u32, $($to)+);
    };
    (@signature goal_states, $($to:tt)+) => {
        forward!(@fn goal_states(start: &Self::State, emit: impl FnMut(Self::State)) -> (), $($to)+);
    };
    (@signature predecessors, $($to:tt)+) => {
        forward!(@fn predecessors(state: &Self::State, emit: impl FnMut(Self::Move, Self::State)) -> (), $($to)+);
    };
    (@signature cost, $($to:tt)+) => {
        forward!(@fn cost(from: &Self::State, mv: &Self::Move, to: &Self::State) -> Self::Cost, $($to)+);
    };
    (@signature cost_heuristic, $($to:tt)+) => {
        forward!(@fn cost_heuristic(state: &Self::State) -> Self::Cost, $($to)+);
    };
    (@signature dense_keys, $($to:tt)+) => {
        forward!(@fn dense_keys() -> Option<usize>, $($to)+);
    };
    (@signature dense_key, $($to:tt)+) => {
        forward!(@fn dense_key(key: &Self::Key) -> usize, $($to)+);
    };
    (@signature weighted_successors_after, $($to:tt)+) => {
        forward!(@fn weighted_successors_after(state: &Self::State, last: &Self::Move, emit: impl FnMut(Self::Move, Self::State)) -> (), $($to)+);
    };
    (@signature predecessors_before, $($to:tt)+) => {
        forward!(@fn predecessors_before(state: &Self::State, next: &Self::Move, emit: impl FnMut(Self::Move, Self::State)) -> (), $($to)+);
    };
    (@fn $method:ident($($arg:ident: $type:ty),*) -> $output:ty, |$this:ident| $inner:expr) => {
        #[inline]
        fn $method(&self, $($arg: $type),*) -> $output {
            let $this = self;
            $inner.$method($($arg),*)
        }
    };
}

pub(crate) use forward;

/// A lower bound on the moves from a state to the nearest goal.
///
/// Any `Fn(&S) -> u32` is one. A heuristic handed to A* or IDA* must be
/// admissible (never above the true number of moves left) and 0 at a goal.
pub trait Heuristic<S> {
    /// The bound for `state`.
    fn estimate(&self, state: &S) -> u32;
}

impl<S, F: Fn(&S) -> u32> Heuristic<S> for F {
    #[inline]
    fn estimate(&self, state: &S) -> u32 {
        self(state)
    }
}

/// A puzzle with another heuristic: see [`Puzzle::with_heuristic`].
#[derive(Clone, Copy, Debug)]
#[must_use = "an adapted puzzle does nothing until it is searched"]
pub struct WithHeuristic<P, H> {
    puzzle: P,
    heuristic: H,
}

impl<P, H> WithHeuristic<P, H> {
    pub(crate) fn new(puzzle: P, heuristic: H) -> Self {
        WithHeuristic { puzzle, heuristic }
    }

    /// The puzzle adapted.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }
}

impl<P: Puzzle, H: Heuristic<P::State>> Puzzle for WithHeuristic<P, H> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, successors, successors_after, is_goal);

    #[inline]
    fn heuristic(&self, state: &P::State) -> u32 {
        self.heuristic.estimate(state)
    }
}

impl<P: Backward, H: Heuristic<P::State>> Backward for WithHeuristic<P, H> {
    forward!(inner: goal_states, predecessors, predecessors_before);
}

/// A puzzle with another goal test: see [`Puzzle::with_goal`].
///
/// Its heuristic is 0: the puzzle's own heuristic bounds the distance to its
/// own goals, not to these. Give it one that fits with
/// [`with_heuristic`](Puzzle::with_heuristic).
#[derive(Clone, Copy, Debug)]
#[must_use = "an adapted puzzle does nothing until it is searched"]
pub struct WithGoal<P, G> {
    puzzle: P,
    is_goal: G,
}

impl<P, G> WithGoal<P, G> {
    pub(crate) fn new(puzzle: P, is_goal: G) -> Self {
        WithGoal { puzzle, is_goal }
    }

    /// The puzzle adapted.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }
}

impl<P: Puzzle, G: Fn(&P::State) -> bool> Puzzle for WithGoal<P, G> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, successors, successors_after);

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        (self.is_goal)(state)
    }
}

/// A puzzle without successor pruning: see [`Puzzle::unpruned`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use = "an adapted puzzle does nothing until it is searched"]
pub struct Unpruned<P> {
    puzzle: P,
}

impl<P> Unpruned<P> {
    pub(crate) fn new(puzzle: P) -> Self {
        Unpruned { puzzle }
    }

    /// The puzzle adapted.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }
}

impl<P: Puzzle> Puzzle for Unpruned<P> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, successors, is_goal, heuristic, heuristic_after);
}

impl<P: Backward> Backward for Unpruned<P> {
    forward!(inner: goal_states, predecessors);
}

/// A puzzle whose backward search starts from other goal states: see
/// [`Backward::with_goal_states`].
#[derive(Clone, Copy, Debug)]
#[must_use = "an adapted puzzle does nothing until it is searched"]
pub struct WithGoalStates<P, G> {
    puzzle: P,
    goal_states: G,
}

impl<P, G> WithGoalStates<P, G> {
    pub(crate) fn new(puzzle: P, goal_states: G) -> Self {
        WithGoalStates {
            puzzle,
            goal_states,
        }
    }

    /// The puzzle adapted.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }
}

impl<P: Puzzle, G> Puzzle for WithGoalStates<P, G> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, successors, successors_after, is_goal, heuristic, heuristic_after);
}

impl<P, G> Backward for WithGoalStates<P, G>
where
    P: Backward,
    G: Fn(&P::State, &mut dyn FnMut(P::State)),
{
    forward!(inner: predecessors, predecessors_before);

    fn goal_states(&self, start: &P::State, mut emit: impl FnMut(P::State)) {
        (self.goal_states)(start, &mut emit);
    }
}

/// A one-off puzzle from two closures, as [`from_fn`] makes it.
#[derive(Clone, Copy, Debug)]
#[must_use = "an adapted puzzle does nothing until it is searched"]
pub struct FnPuzzle<S, F, G> {
    successors: F,
    is_goal: G,
    states: PhantomData<fn(&S) -> S>,
}

/// A puzzle made of two closures, without declaring a type: `successors`
/// lists the states one move from a state, `is_goal` tells a goal.
///
/// A state is its own key, so it must be `Copy + Eq + Hash`; a move is `()`,
/// and a solution is read from [`Path::states`](crate::Path::states). Add a
/// heuristic with [`with_heuristic`](Puzzle::with_heuristic). Every move costs one.
///
/// The iterator may be endless: the engines count the states it yields and
/// look at their limits (time, cancel flag, states, memory) as they come,
/// and once a search has its answer or a limit, the puzzle pulls no more
/// from it. An endless iterator with no limit at all runs for ever, as any
/// search of an endless space does.
///
/// ```
/// use puzzle_search::{adapt, search::{bfs, Limits}};
///
/// // A knight from one corner of a chessboard to the other.
/// let knight = adapt::from_fn(
///     |&(x, y): &(i8, i8)| {
///         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///             .into_iter()
///             .map(move |(dx, dy)| (x + dx, y + dy))
///             .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
///     },
///     |&square| square == (7, 7),
/// );
/// let path = bfs(&knight, (0, 0), &Limits::new()).outcome.into_path().unwrap();
/// assert_eq!(path.len(), 6);
/// assert_eq!(path.states().first(), Some(&(0, 0)));
/// assert_eq!(path.goal(), &(7, 7));
/// ```
pub fn from_fn<S, I, F, G>(successors: F, is_goal: G) -> FnPuzzle<S, F, G>
where
    S: Copy + Eq + Hash,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    G: Fn(&S) -> bool,
{
    FnPuzzle {
        successors,
        is_goal,
        states: PhantomData,
    }
}

impl<S, I, F, G> Puzzle for FnPuzzle<S, F, G>
where
    S: Copy + Eq + Hash,
    F: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    G: Fn(&S) -> bool,
{
    type State = S;
    type Move = ();
    type Key = S;

    #[inline]
    fn encode(&self, state: &S) -> S {
        *state
    }

    #[inline]
    fn successors(&self, state: &S, mut emit: impl FnMut((), S)) {
        for next in (self.successors)(state) {
            emit((), next);
            // The engine has what it needs: the rest may never end.
            if stop::requested() {
                break;
            }
        }
    }

    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }
}

/// A unit-cost puzzle seen as a [`Weighted`] one: see [`unit_costs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitCosts<P> {
    puzzle: P,
}

/// `puzzle` with a cost of 1 (a `u32`) for every move and its own
/// [`heuristic`](Puzzle::heuristic) as its cost heuristic, so that the
/// weighted engines (weighted A* and IDA* above all) run on it. Its
/// [`weighted_successors_after`](Weighted::weighted_successors_after) is the
/// puzzle's own [`successors_after`](Puzzle::successors_after), whose pruning
/// holds when every move costs the same.
///
/// ```
/// use puzzle_search::{adapt, search::{costs, Limits}};
///
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 3], |&n| n == 20);
/// let result = costs::dijkstra(&adapt::unit_costs(walk), 1, &Limits::new());
/// assert_eq!(result.cost, Some(5));
/// ```
pub fn unit_costs<P: Puzzle>(puzzle: P) -> UnitCosts<P> {
    UnitCosts { puzzle }
}

impl<P> UnitCosts<P> {
    /// The puzzle adapted.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }
}

impl<P: Puzzle> Puzzle for UnitCosts<P> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, successors, successors_after, is_goal, heuristic, heuristic_after);
}

impl<P: Backward> Backward for UnitCosts<P> {
    forward!(inner: goal_states, predecessors, predecessors_before);
}

impl<P: Puzzle> Weighted for UnitCosts<P> {
    type Cost = u32;

    #[inline]
    fn cost(&self, _from: &P::State, _mv: &P::Move, _to: &P::State) -> u32 {
        1
    }

    #[inline]
    fn cost_heuristic(&self, state: &P::State) -> u32 {
        self.puzzle.heuristic(state)
    }

    #[inline]
    fn weighted_successors_after(
        &self,
        state: &P::State,
        last: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.successors_after(state, last, emit);
    }
}
