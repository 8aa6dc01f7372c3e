//! What both benchmarks share.

use puzzle_search::{Backward, Puzzle};

/// A puzzle with nothing but what `pathfinding` gets: its successor function and
/// heuristic. Without [`Puzzle::successors_after`], our engines cannot skip the
/// moves that undo the last one, so the `*-same-successors` rows compare the
/// engines alone.
pub struct SameSuccessors<P>(pub P);

impl<P: Puzzle> Puzzle for SameSuccessors<P> {
    type State = P::State;
    type Move = P::Move;
    type Key = P::Key;
    fn encode(&self, state: &P::State) -> P::Key {
        self.0.encode(state)
    }
    fn successors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.0.successors(state, emit);
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.0.is_goal(state)
    }
    fn heuristic(&self, state: &P::State) -> u32 {
        self.0.heuristic(state)
    }
}

impl<P: Backward> Backward for SameSuccessors<P> {
    fn goal_states(&self, start: &P::State, emit: impl FnMut(P::State)) {
        self.0.goal_states(start, emit);
    }
    fn predecessors(&self, state: &P::State, emit: impl FnMut(P::Move, P::State)) {
        self.0.predecessors(state, emit);
    }
}
