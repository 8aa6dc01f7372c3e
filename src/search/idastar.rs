//! Iterative-deepening A*.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::bfs;
use super::run::Run;
use super::table::KeyMap;
use super::{Limits, Outcome, SearchResult};
use crate::{Path, Puzzle};

/// Iterative-deepening A*: depth-first searches bounded by moves made plus
/// [`Puzzle::heuristic`], the bound raised each time to the smallest value that exceeded it.
///
/// One table, keyed by [`Puzzle::encode`], serves two purposes:
///
/// * within an iteration it keeps the fewest moves each key was reached with, so
///   transpositions are searched once; an iteration that cuts nothing by the bound
///   has seen every reachable state, so an unsolvable puzzle is reported as such
///   instead of deepening forever;
/// * across iterations it keeps a learned lower bound for each state searched:
///   when a state's children are exhausted, its bound becomes the smallest of
///   one plus each child's bound. That value never exceeds the true distance,
///   so paths stay optimal, and later iterations prune searched regions early.
///
/// Learned bounds grow without end where no goal can be reached, so deepening
/// alone would not notice an unsolvable puzzle. An iteration that meets no state
/// outside the table shows the search is only circling what it knows; it then
/// settles the question with one breadth-first pass, whose answer is optimal too.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible.
/// * `start` – the state to start from.
/// * `limits` – bounds on the table size, depth (the last bound tried) and time.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`], or [`Outcome::LimitReached`].
///
/// # Complexity
///
/// Memory: the table plus the children of the states on the current path. Time:
/// the states within each bound, summed over the bounds tried; small when the
/// heuristic is tight.
///
/// # Example
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
pub fn idastar<P>(puzzle: &P, start: P::State, limits: &Limits) -> SearchResult<P::State, P::Move>
where
    P: Puzzle,
{
    Run::search(puzzle, start, limits, search)
}

/// What the table knows of a key.
#[derive(Clone, Copy)]
struct Entry {
    /// The iteration that last reached the key.
    iteration: u32,
    /// The fewest moves that iteration reached it with.
    moves: u32,
    /// A lower bound on the moves from the key's states to a goal.
    bound: u32,
}

/// The depth-first stack: `frames[d]` holds the children of the state at depth `d`
/// of the current path, and `cursors[d]` how many of them were taken. The state at
/// depth `d + 1` is `frames[d][cursors[d] - 1]`, so the path is never copied.
struct Stack<K, M, S> {
    frames: Vec<Vec<(M, S)>>,
    cursors: Vec<usize>,
    /// The key of the state at each depth.
    keys: Vec<K>,
    /// The smallest of one plus the bound of each child taken so far, per depth.
    backed_up: Vec<u32>,
}

impl<K: Copy, M: Clone, S: Clone> Stack<K, M, S> {
    fn state_at<'a>(&'a self, start: &'a S, depth: usize) -> &'a S {
        if depth == 0 {
            start
        } else {
            &self.frames[depth - 1][self.cursors[depth - 1] - 1].1
        }
    }

    /// Replaces frame `depth` with the children of the state at `depth`.
    fn expand<P: Puzzle<Key = K, State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        start: &S,
        depth: usize,
        key: K,
    ) {
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Vec::new);
            self.cursors.resize(depth + 1, 0);
            self.keys.resize(depth + 1, key);
            self.backed_up.resize(depth + 1, u32::MAX);
        }
        let (below, above) = self.frames.split_at_mut(depth);
        let state = match depth {
            0 => start,
            _ => &below[depth - 1][self.cursors[depth - 1] - 1].1,
        };
        let children = &mut above[0];
        children.clear();
        puzzle.successors(state, |mv, child| children.push((mv, child)));
        self.cursors[depth] = 0;
        self.keys[depth] = key;
        self.backed_up[depth] = u32::MAX;
    }

    /// Records a lower bound `bound` for a child of the state at `depth`.
    fn back_up(&mut self, depth: usize, bound: u32) {
        let best = &mut self.backed_up[depth];
        *best = (*best).min(bound.saturating_add(1));
    }

    /// The path from `start` through the chosen child of every frame up to `depth`.
    fn path(&self, start: &S, depth: usize) -> Path<S, M> {
        let mut path = Path::new(start.clone());
        for d in 0..=depth {
            let (mv, state) = &self.frames[d][self.cursors[d] - 1];
            path.push(mv.clone(), state.clone());
        }
        path
    }
}

fn search<P: Puzzle>(puzzle: &P, start: P::State, run: &mut Run<'_>) -> Outcome<P::State, P::Move> {
    let max_depth = run.max_depth();
    let start_key = puzzle.encode(&start);
    let mut bound = puzzle.heuristic(&start);
    let mut table: KeyMap<P::Key, Entry> = KeyMap::default();
    table.insert(
        start_key,
        Entry {
            iteration: 0,
            moves: 0,
            bound,
        },
    );
    let mut stack = Stack {
        frames: Vec::new(),
        cursors: Vec::new(),
        keys: Vec::new(),
        backed_up: Vec::new(),
    };
    let watch = run.watch();
    for iteration in 0u32.. {
        if bound > max_depth {
            return Outcome::LimitReached(run.depth_limit());
        }
        let mut next_bound = u32::MAX;
        let mut depth_cut = false;
        let mut met_new_state = false;
        stack.expand(puzzle, &start, 0, start_key);
        run.stats.expanded += 1;
        let mut depth = 0;
        loop {
            let cursor = stack.cursors[depth];
            if cursor == stack.frames[depth].len() {
                // Every child is done: what they taught us bounds this state too.
                let key = stack.keys[depth];
                let learned = stack.backed_up[depth];
                if let Some(entry) = table.get_mut(&key) {
                    entry.bound = entry.bound.max(learned);
                }
                if depth == 0 {
                    break;
                }
                depth -= 1;
                stack.back_up(depth, learned);
                continue;
            }
            stack.cursors[depth] += 1;
            run.stats.generated += 1;
            if let Err(limit) = watch.check(run.stats.generated) {
                return Outcome::LimitReached(limit);
            }
            let child = stack.state_at(&start, depth + 1);
            let moves = depth as u32 + 1;
            let key = puzzle.encode(child);
            let known = table.get(&key).copied();
            met_new_state |= known.is_none();
            let estimate = puzzle
                .heuristic(child)
                .max(known.map_or(0, |entry| entry.bound));
            if known.is_some_and(|entry| entry.iteration == iteration && entry.moves <= moves) {
                stack.back_up(depth, estimate);
                continue;
            }
            let f = moves.saturating_add(estimate);
            if f > bound {
                stack.back_up(depth, estimate);
                if f > max_depth {
                    depth_cut = true;
                } else {
                    next_bound = next_bound.min(f);
                }
                continue;
            }
            if puzzle.is_goal(child) {
                run.stats.max_stored = run.stats.max_stored.max(table.len());
                return Outcome::Solved(stack.path(&start, depth));
            }
            if known.is_none() {
                if let Err(limit) = run.admit(table.len() + 1) {
                    return Outcome::LimitReached(limit);
                }
            }
            table.insert(
                key,
                Entry {
                    iteration,
                    moves,
                    bound: estimate,
                },
            );
            if let Err(limit) = watch.check(run.stats.expanded) {
                return Outcome::LimitReached(limit);
            }
            depth += 1;
            stack.expand(puzzle, &start, depth, key);
            run.stats.expanded += 1;
            run.stats.max_stored = run.stats.max_stored.max(table.len());
        }
        if next_bound == u32::MAX {
            return if depth_cut {
                Outcome::LimitReached(run.depth_limit())
            } else {
                Outcome::Unsolvable
            };
        }
        if !met_new_state {
            // The table is not needed any more: free it before the pass.
            drop(table);
            return bfs::search(puzzle, start, run);
        }
        // The learned bound of the start may jump past several bounds at once.
        let learned = table.get(&start_key).map_or(0, |entry| entry.bound);
        bound = next_bound.max(learned);
    }
    Outcome::LimitReached(run.depth_limit())
}
