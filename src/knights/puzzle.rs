//! The knight puzzle as a [`Puzzle`] and [`Backward`].

use super::{Jump, Position};
use crate::{Backward, Puzzle};

/// The knight puzzle, to hand to any search engine.
///
/// States are [`Position`]s, moves [`Jump`]s and keys the positions' codes. No
/// symmetry is folded: the only one that keeps the target is the half turn with
/// `0` and `1` exchanged, and folding it would at best halve the states stored
/// while making keys name pairs of positions. The heuristic is
/// [`Position::lower_bound`].
///
/// ```
/// use puzzle_search::knights::{Knights, Position};
/// use puzzle_search::search::{Engine, Limits, TwoWay};
///
/// let start: Position = "10110/01*11/10111/01001/00000".parse()?;
/// let result = Engine::AStar.solve(TwoWay(&Knights), start, &Limits::new().with_max_depth(15));
/// let path = result.outcome.path().unwrap();
/// assert_eq!(path.len(), 7);
/// assert_eq!(path.goal(), &Position::TARGET);
/// # Ok::<(), puzzle_search::knights::ParsePositionError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Knights;

impl Puzzle for Knights {
    type State = Position;
    type Move = Jump;
    /// The position's 30-bit [`code`](Position::code): a board fits one word,
    /// so the engines hash and store four bytes a position.
    type Key = u32;

    #[inline]
    fn encode(&self, state: &Position) -> u32 {
        state.code()
    }

    #[inline]
    fn successors(&self, state: &Position, mut emit: impl FnMut(Jump, Position)) {
        for jump in state.jumps() {
            emit(
                jump,
                state.jump(usize::from(jump.from), usize::from(jump.to)),
            );
        }
    }

    /// Never jumps straight back, which would undo `last`.
    #[inline]
    fn successors_after(
        &self,
        state: &Position,
        last: &Jump,
        mut emit: impl FnMut(Jump, Position),
    ) {
        let back = last.reversed();
        self.successors(state, |jump, next| {
            if jump != back {
                emit(jump, next);
            }
        });
    }

    #[inline]
    fn is_goal(&self, state: &Position) -> bool {
        *state == Position::TARGET
    }

    #[inline]
    fn heuristic(&self, state: &Position) -> u32 {
        state.lower_bound()
    }
}

impl Backward for Knights {
    fn goal_states(&self, _start: &Position, mut emit: impl FnMut(Position)) {
        emit(Position::TARGET);
    }

    /// A jump undoes itself, so the predecessors are the successors: if `state`
    /// goes to `previous` by a jump, `previous` goes to `state` by its reverse.
    fn predecessors(&self, state: &Position, mut emit: impl FnMut(Jump, Position)) {
        self.successors(state, |jump, previous| emit(jump.reversed(), previous));
    }

    /// Never steps back to the position `next` leads to.
    fn predecessors_before(
        &self,
        state: &Position,
        next: &Jump,
        mut emit: impl FnMut(Jump, Position),
    ) {
        self.successors(state, |jump, previous| {
            if jump != *next {
                emit(jump.reversed(), previous);
            }
        });
    }
}
