//! The solution path every engine returns.

use crate::puzzle::Puzzle;

/// A solution: the states from the start to a goal (both included) and the move between each pair.
///
/// `moves()[i]` leads from `states()[i]` to `states()[i + 1]`, so there is always
/// one more state than there are moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path<S, M> {
    states: Vec<S>,
    moves: Vec<M>,
}

impl<S, M> Path<S, M> {
    /// A path of no moves that starts (and ends) at `start`.
    ///
    /// The engines build their paths this way; nothing checks that the moves
    /// pushed are the puzzle's: [`replays`](Path::replays) does.
    pub fn new(start: S) -> Self {
        Path {
            states: vec![start],
            moves: Vec::new(),
        }
    }

    /// The path whose states and moves are `states` and `moves` from last
    /// to first: one more state than moves.
    #[cfg(feature = "engines")]
    pub(crate) fn from_reversed(mut states: Vec<S>, mut moves: Vec<M>) -> Self {
        debug_assert_eq!(states.len(), moves.len() + 1);
        states.reverse();
        moves.reverse();
        Path { states, moves }
    }

    /// Appends one move and the state it leads to.
    pub fn push(&mut self, mv: M, next: S) {
        self.moves.push(mv);
        self.states.push(next);
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path has no moves (the start was already a goal).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The states, from the start to the goal.
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// The first state.
    #[allow(clippy::indexing_slicing)] // `new` puts the start there and nothing removes it
    pub fn start(&self) -> &S {
        &self.states[0]
    }

    /// The last state: the goal.
    #[allow(clippy::indexing_slicing)] // never empty: see `start`
    pub fn goal(&self) -> &S {
        &self.states[self.states.len() - 1]
    }

    /// Each move with the states before and after it.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = (&S, &M, &S)> + '_ {
        let afters = self.states.iter().skip(1);
        self.states
            .iter()
            .zip(afters)
            .zip(&self.moves)
            .map(|((before, after), mv)| (before, mv, after))
    }

    /// The states and the moves.
    pub fn into_parts(self) -> (Vec<S>, Vec<M>) {
        (self.states, self.moves)
    }

    /// Whether the path replays on `puzzle`: each move is one of the successors of
    /// the state before it, it leads to the state after it, and the last state is a goal.
    ///
    /// ```
    /// # use puzzle_search::{Puzzle, search::{bfs, Limits}};
    /// # struct Counter;
    /// # impl Puzzle for Counter {
    /// #     type State = i32; type Move = i32; type Key = i32;
    /// #     fn encode(&self, s: &i32) -> i32 { *s }
    /// #     fn successors(&self, s: &i32, mut emit: impl FnMut(i32, i32)) { emit(1, s + 1); emit(-1, s - 1) }
    /// #     fn is_goal(&self, s: &i32) -> bool { *s == 10 }
    /// # }
    /// let path = bfs(&Counter, 7, &Limits::new()).outcome.into_path().unwrap();
    /// assert!(path.replays(&Counter));
    /// ```
    pub fn replays<P>(&self, puzzle: &P) -> bool
    where
        P: Puzzle<State = S, Move = M>,
        S: PartialEq,
        M: PartialEq,
    {
        self.steps().all(|(before, mv, after)| {
            let mut found = false;
            puzzle.successors(before, |candidate_move, candidate| {
                found |= candidate_move == *mv && candidate == *after;
            });
            found
        }) && puzzle.is_goal(self.goal())
    }
}
