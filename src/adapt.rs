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
//! | [`Backward::with_goal_states`] | the seeds of a backward search ([`WithGoalStates`]) |
//! | [`from_fn`] | a whole puzzle from two closures ([`FnPuzzle`]) |
//!
//! A borrowed puzzle is a puzzle too, so `(&puzzle).with_heuristic(h)` adapts
//! a puzzle without taking it.

use core::hash::Hash;
use core::marker::PhantomData;

use crate::{Backward, Puzzle};

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

    #[inline]
    fn encode(&self, state: &P::State) -> P::Key {
        self.puzzle.encode(state)
    }

    #[inline]
    fn successors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.successors(state, emit);
    }

    #[inline]
    fn successors_after(
        &self,
        state: &P::State,
        last: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.successors_after(state, last, emit);
    }

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.puzzle.is_goal(state)
    }

    #[inline]
    fn heuristic(&self, state: &P::State) -> u32 {
        self.heuristic.estimate(state)
    }
}

impl<P: Backward, H: Heuristic<P::State>> Backward for WithHeuristic<P, H> {
    fn goal_states(&self, start: &P::State, emit: impl FnMut(P::State)) {
        self.puzzle.goal_states(start, emit);
    }

    #[inline]
    fn predecessors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.predecessors(state, emit);
    }

    #[inline]
    fn predecessors_before(
        &self,
        state: &P::State,
        next: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.predecessors_before(state, next, emit);
    }
}

/// A puzzle with another goal test: see [`Puzzle::with_goal`].
///
/// Its heuristic is 0: the puzzle's own heuristic bounds the distance to its
/// own goals, not to these. Give it one that fits with
/// [`with_heuristic`](Puzzle::with_heuristic).
#[derive(Clone, Copy, Debug)]
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

    #[inline]
    fn encode(&self, state: &P::State) -> P::Key {
        self.puzzle.encode(state)
    }

    #[inline]
    fn successors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.successors(state, emit);
    }

    #[inline]
    fn successors_after(
        &self,
        state: &P::State,
        last: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.successors_after(state, last, emit);
    }

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        (self.is_goal)(state)
    }
}

/// A puzzle without successor pruning: see [`Puzzle::unpruned`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    #[inline]
    fn encode(&self, state: &P::State) -> P::Key {
        self.puzzle.encode(state)
    }

    #[inline]
    fn successors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.successors(state, emit);
    }

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.puzzle.is_goal(state)
    }

    #[inline]
    fn heuristic(&self, state: &P::State) -> u32 {
        self.puzzle.heuristic(state)
    }
}

impl<P: Backward> Backward for Unpruned<P> {
    fn goal_states(&self, start: &P::State, emit: impl FnMut(P::State)) {
        self.puzzle.goal_states(start, emit);
    }

    #[inline]
    fn predecessors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.predecessors(state, emit);
    }
}

/// A puzzle whose backward search starts from other goal states: see
/// [`Backward::with_goal_states`].
#[derive(Clone, Copy, Debug)]
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

    #[inline]
    fn encode(&self, state: &P::State) -> P::Key {
        self.puzzle.encode(state)
    }

    #[inline]
    fn successors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.successors(state, emit);
    }

    #[inline]
    fn successors_after(
        &self,
        state: &P::State,
        last: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.successors_after(state, last, emit);
    }

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.puzzle.is_goal(state)
    }

    #[inline]
    fn heuristic(&self, state: &P::State) -> u32 {
        self.puzzle.heuristic(state)
    }
}

impl<P, G> Backward for WithGoalStates<P, G>
where
    P: Backward,
    G: Fn(&P::State, &mut dyn FnMut(P::State)),
{
    fn goal_states(&self, start: &P::State, mut emit: impl FnMut(P::State)) {
        (self.goal_states)(start, &mut emit);
    }

    #[inline]
    fn predecessors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.puzzle.predecessors(state, emit);
    }

    #[inline]
    fn predecessors_before(
        &self,
        state: &P::State,
        next: &P::Move,
        emit: impl FnMut(P::Move, P::State),
    ) {
        self.puzzle.predecessors_before(state, next, emit);
    }
}

/// A one-off puzzle from two closures, as [`from_fn`] makes it.
#[derive(Clone, Copy, Debug)]
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
        }
    }

    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }
}
