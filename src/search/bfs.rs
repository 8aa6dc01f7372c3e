//! Breadth-first search.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::limits::Budget;
use super::table::{KeySet, INITIAL_CAPACITY};
use super::{Limit, Limits, Outcome, Path, SearchResult, Stats};
use crate::Puzzle;

/// Explored states in discovery order; the vector doubles as the FIFO queue.
struct Tree<S, M> {
    states: Vec<S>,
    /// `parents[i]` is the index of the state `states[i]` was reached from.
    parents: Vec<u32>,
    /// `moves[i - 1]` leads from `states[parents[i]]` to `states[i]` (the root has none).
    moves: Vec<M>,
}

impl<S: Clone, M: Clone> Tree<S, M> {
    /// The path from the root to the state at `index`, followed by one more step.
    fn path_to(&self, mut index: usize, last: Option<(M, S)>) -> Path<S, M> {
        let mut chain = Vec::new();
        while index != 0 {
            chain.push(index);
            index = self.parents[index] as usize;
        }
        let mut path = Path::new(self.states[0].clone());
        for &i in chain.iter().rev() {
            path.push(self.moves[i - 1].clone(), self.states[i].clone());
        }
        if let Some((mv, state)) = last {
            path.push(mv, state);
        }
        path
    }
}

/// Breadth-first search from `start` to the nearest goal.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states, depth and time.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`] once every reachable state has been seen, or
/// [`Outcome::LimitReached`]. States are compared by [`Puzzle::encode`].
///
/// # Complexity
///
/// Time and memory linear in the number of states closer to `start` than the
/// nearest goal, plus those one move further.
///
/// # Example
///
/// ```
/// use puzzle_search::{Puzzle, search::{bfs, Limits, Outcome}};
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
pub fn bfs<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
) -> SearchResult<P::State, P::Move> {
    let mut budget = Budget::start(limits);
    let mut stats = Stats::default();
    let outcome = run(puzzle, start, &mut budget, &mut stats);
    stats.elapsed = budget.elapsed();
    SearchResult { outcome, stats }
}

pub(super) fn run<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    budget: &mut Budget<'_>,
    stats: &mut Stats,
) -> Outcome<P::State, P::Move> {
    if puzzle.is_goal(&start) {
        stats.max_stored = 1;
        return Outcome::Solved(Path::new(start));
    }
    if let Err(limit) = budget.admit(1) {
        return Outcome::LimitReached(limit);
    }
    let max_depth = budget.max_depth();
    let max_states = budget.max_states();
    let mut seen = KeySet::with_capacity_and_hasher(INITIAL_CAPACITY, Default::default());
    seen.insert(puzzle.encode(&start));
    let mut tree = Tree {
        states: Vec::with_capacity(INITIAL_CAPACITY),
        parents: Vec::with_capacity(INITIAL_CAPACITY),
        moves: Vec::with_capacity(INITIAL_CAPACITY),
    };
    tree.states.push(start);
    tree.parents.push(0);
    // Children of the state being expanded, moved into the tree after the callback
    // so the parent can be borrowed in place instead of cloned.
    let mut fresh: Vec<(P::Move, P::State)> = Vec::new();
    let mut depth = 0u32;
    let mut layer_end = 1;
    let mut next = 0;
    let mut depth_cut = false;
    while next < tree.states.len() {
        if next == layer_end {
            depth += 1;
            layer_end = tree.states.len();
        }
        if let Err(limit) = budget.tick() {
            stats.max_stored = seen.len();
            return Outcome::LimitReached(limit);
        }
        let at_limit = depth >= max_depth;
        let parent = next;
        next += 1;
        stats.expanded += 1;
        let mut stop = None;
        puzzle.successors(&tree.states[parent], |mv, state| {
            stats.generated += 1;
            if stop.is_some() {
                return;
            }
            let key = puzzle.encode(&state);
            if at_limit {
                // A new state one move past the depth limit: the space is not exhausted.
                depth_cut |= !seen.contains(&key);
                return;
            }
            if seen.len() >= max_states {
                if !seen.contains(&key) {
                    stop = Some(Err(Limit::States { max: max_states }));
                }
                return;
            }
            if !seen.insert(key) {
                return;
            }
            if puzzle.is_goal(&state) {
                stop = Some(Ok((mv, state)));
                return;
            }
            fresh.push((mv, state));
        });
        match stop {
            Some(Ok(last)) => {
                stats.max_stored = seen.len();
                return Outcome::Solved(tree.path_to(parent, Some(last)));
            }
            Some(Err(limit)) => {
                stats.max_stored = seen.len();
                return Outcome::LimitReached(limit);
            }
            None => {}
        }
        for (mv, state) in fresh.drain(..) {
            tree.states.push(state);
            tree.parents.push(parent as u32);
            tree.moves.push(mv);
        }
    }
    stats.max_stored = seen.len();
    if depth_cut {
        Outcome::LimitReached(budget.depth_limit())
    } else {
        Outcome::Unsolvable
    }
}
