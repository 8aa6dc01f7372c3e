//! The states farthest from a start: breadth-first search with no goal.

use core::convert::Infallible;
use core::ops::ControlFlow;

use super::run::Run;
use super::sweep::{sweep, Swept};
use super::{Limit, Limits, Stats};
use crate::Puzzle;

/// What [`farthest`] found: the states reachable from the start, and the
/// farthest of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Farthest<S> {
    /// The number of states reachable from the start, the start included
    /// (states compared by [`Puzzle::encode`]).
    pub reached: usize,
    /// The largest distance from the start, in moves.
    pub distance: u32,
    /// Every state at that distance, one per key, in the order reached.
    pub states: Vec<S>,
}

/// The outcome of [`farthest`] and its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct FarthestResult<S> {
    /// The answer, or the limit that stopped the search before it had one:
    /// a limit is not an answer.
    pub outcome: Result<Farthest<S>, Limit>,
    /// What the search did.
    pub stats: Stats,
}

/// Breadth-first search from `start` over every state it reaches, ignoring
/// the goal: how many states there are, how far the farthest lie, and which.
///
/// # Arguments
///
/// * `puzzle` – the puzzle; its goal and heuristic are not used.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states, depth, time and the cancel flag.
///
/// # Returns
///
/// [`Farthest`], or the [`Limit`] that stopped the search: the state limit
/// when the start reaches more states, the depth limit when some state lies
/// beyond it, the time budget or the cancel flag.
///
/// # Complexity
///
/// Time linear in the states reached and the moves between them; memory one
/// key per state reached, plus two layers of states.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, search::{farthest, Limits}};
///
/// // Steps of +1 and +3 modulo 10 from 0: 10 states; 8 alone is 4 moves away.
/// let ring = adapt::from_fn(|&n: &u8| [(n + 1) % 10, (n + 3) % 10], |_| false);
/// let result = farthest(&ring, 0, &Limits::new());
/// let answer = result.outcome.unwrap();
/// assert_eq!((answer.reached, answer.distance), (10, 4));
/// assert_eq!(answer.states, vec![8]);
///
/// // A limit is not an answer.
/// let stopped = farthest(&ring, 0, &Limits::new().with_max_states(5));
/// assert_eq!(stopped.outcome.err().map(|limit| limit.name()), Some("states"));
/// ```
pub fn farthest<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> FarthestResult<P::State> {
    let mut run = Run::start(limits);
    let outcome = search(puzzle, start, &mut run);
    FarthestResult {
        outcome,
        stats: run.finish(),
    }
}

fn search<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    run: &mut Run<'_>,
) -> Result<Farthest<P::State>, Limit> {
    let every_layer = |_: u32, _: &_| ControlFlow::<Infallible>::Continue(());
    match sweep(puzzle, vec![start], run, every_layer)? {
        Swept::Exhausted {
            reached,
            depth,
            last,
        } => Ok(Farthest {
            reached,
            distance: depth,
            states: last.into_iter().map(|(state, _)| state).collect(),
        }),
        Swept::Stopped(never) => match never {},
    }
}
