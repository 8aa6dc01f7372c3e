//! A puzzle whose heuristic is checked as a search runs.

use core::cell::RefCell;
use core::fmt;

use crate::puzzle::{Backward, Puzzle};

use super::forward;

/// How a heuristic broke its contract, first seen at one goal or one move.
///
/// A* and IDA* return optimal paths only with a heuristic that is 0 at every
/// goal and never exceeds the moves left; [`CheckedHeuristic`] checks the
/// stronger, local form of that, which a search can see move by move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HeuristicError<S: fmt::Debug> {
    /// The heuristic of a goal is not 0.
    #[error("the heuristic is {h} at the goal {state:?}, not 0")]
    NotZeroAtGoal {
        /// The goal.
        state: S,
        /// Its heuristic.
        h: u32,
    },
    /// The heuristic drops by more than the cost of one move, 1, along a move:
    /// it overestimates the moves left from `from` (or is inconsistent).
    #[error("the heuristic drops from {from_h} to {to_h} along one move, from {from:?} to {to:?}: by more than the move's cost of 1")]
    DropsTooFast {
        /// The state moved from.
        from: S,
        /// The state moved to.
        to: S,
        /// The heuristic of `from`.
        from_h: u32,
        /// The heuristic of `to`.
        to_h: u32,
    },
    /// [`Puzzle::heuristic_after`] does not give what
    /// [`Puzzle::heuristic`] gives.
    #[error("heuristic_after gives {after} for {state:?} where heuristic gives {h}")]
    UpdateDiffers {
        /// The state.
        state: S,
        /// What `heuristic_after` gave.
        after: u32,
        /// What `heuristic` gives.
        h: u32,
    },
}

/// A puzzle whose heuristic is checked at every goal and every move a search
/// makes: see [`Puzzle::checked_heuristic`].
///
/// It checks that the heuristic is 0 at each goal tested, that it drops by
/// at most 1 along each move generated (a heuristic of `u32::MAX`, "no goal
/// from here", is never checked), and that
/// [`heuristic_after`](Puzzle::heuristic_after) agrees with
/// [`heuristic`](Puzzle::heuristic). The first violation is kept; read it with
/// [`first_violation`](CheckedHeuristic::first_violation) or
/// [`check`](CheckedHeuristic::check) after the search.
///
/// Each move costs a second heuristic evaluation, so this is a tool for
/// tests and debugging, not for production runs. It holds its finding in a
/// [`RefCell`], so it is not [`Sync`] (the atlas's threads cannot share it).
pub struct CheckedHeuristic<P: Puzzle>
where
    P::State: fmt::Debug,
{
    puzzle: P,
    first: RefCell<Option<HeuristicError<P::State>>>,
}

impl<P: Puzzle> CheckedHeuristic<P>
where
    P::State: fmt::Debug,
{
    pub(crate) fn new(puzzle: P) -> Self {
        CheckedHeuristic {
            puzzle,
            first: RefCell::new(None),
        }
    }

    /// The puzzle checked.
    pub fn inner(&self) -> &P {
        &self.puzzle
    }

    /// The first violation seen so far, if any.
    pub fn first_violation(&self) -> Option<HeuristicError<P::State>>
    where
        P::State: Clone,
    {
        self.first.borrow().clone()
    }

    /// `Ok` if no violation was seen so far.
    ///
    /// # Errors
    ///
    /// The first [`HeuristicError`] seen.
    pub fn check(&self) -> Result<(), HeuristicError<P::State>> {
        self.first_violation().map_or(Ok(()), Err)
    }

    /// Keeps `error` if it is the first.
    fn report(&self, error: impl FnOnce() -> HeuristicError<P::State>) {
        // No borrow is held while the puzzle runs, so this cannot clash.
        if let Ok(mut first) = self.first.try_borrow_mut() {
            if first.is_none() {
                *first = Some(error());
            }
        }
    }

    /// Checks the move from `from` (whose heuristic is `from_h`) to `to`.
    fn check_move(&self, from: &P::State, from_h: u32, to: &P::State) {
        if from_h == u32::MAX || self.first.borrow().is_some() {
            return;
        }
        let to_h = self.puzzle.heuristic(to);
        if from_h > to_h.saturating_add(1) {
            self.report(|| HeuristicError::DropsTooFast {
                from: from.clone(),
                to: to.clone(),
                from_h,
                to_h,
            });
        }
    }
}

impl<P: Puzzle> fmt::Debug for CheckedHeuristic<P>
where
    P::State: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckedHeuristic")
            .field("first", &self.first.borrow())
            .finish_non_exhaustive()
    }
}

impl<P: Puzzle> Puzzle for CheckedHeuristic<P>
where
    P::State: fmt::Debug,
{
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    forward!(inner: encode, heuristic);

    fn successors(&self, state: &P::State, mut emit: impl FnMut(P::Move, P::State)) {
        let h = self.puzzle.heuristic(state);
        self.puzzle.successors(state, |mv, next| {
            self.check_move(state, h, &next);
            emit(mv, next);
        });
    }

    fn successors_after(
        &self,
        state: &P::State,
        last: &P::Move,
        mut emit: impl FnMut(P::Move, P::State),
    ) {
        let h = self.puzzle.heuristic(state);
        self.puzzle.successors_after(state, last, |mv, next| {
            self.check_move(state, h, &next);
            emit(mv, next);
        });
    }

    fn is_goal(&self, state: &P::State) -> bool {
        let goal = self.puzzle.is_goal(state);
        if goal {
            let h = self.puzzle.heuristic(state);
            if h != 0 {
                self.report(|| HeuristicError::NotZeroAtGoal {
                    state: state.clone(),
                    h,
                });
            }
        }
        goal
    }

    fn heuristic_after(&self, previous: &P::State, h: u32, mv: &P::Move, state: &P::State) -> u32 {
        let after = self.puzzle.heuristic_after(previous, h, mv, state);
        let fresh = self.puzzle.heuristic(state);
        if after != fresh {
            self.report(|| HeuristicError::UpdateDiffers {
                state: state.clone(),
                after,
                h: fresh,
            });
        }
        after
    }
}

impl<P: Backward> Backward for CheckedHeuristic<P>
where
    P::State: fmt::Debug,
{
    forward!(inner: goal_states, predecessors, predecessors_before);
}
