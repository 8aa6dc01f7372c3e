//! Iterative-deepening A*.

use super::limits::Budget;
use super::table::KeyMap;
use super::{Limits, Outcome, Path, SearchResult, Stats};
use crate::Puzzle;

/// Iterative-deepening A*: depth-first searches bounded by moves made plus
/// [`Puzzle::heuristic`], the bound raised to the smallest value that exceeded it.
///
/// Within one iteration a table keeps, per key, the fewest moves it was reached
/// with, so transpositions are searched once. The table also makes the search
/// decidable: an iteration that cuts nothing by the bound has seen every
/// reachable state, and the puzzle is reported unsolvable instead of deepening
/// forever.
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
pub fn idastar<P: Puzzle>(
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

/// The depth-first stack: `frames[d]` holds the children of the state at depth `d`
/// of the current path, and `cursors[d]` how many of them were taken. The state at
/// depth `d + 1` is `frames[d][cursors[d] - 1]`, so the path is never copied.
struct Stack<M, S> {
    frames: Vec<Vec<(M, S)>>,
    cursors: Vec<usize>,
}

impl<M: Clone, S: Clone> Stack<M, S> {
    fn state_at<'a>(&'a self, start: &'a S, depth: usize) -> &'a S {
        if depth == 0 {
            start
        } else {
            &self.frames[depth - 1][self.cursors[depth - 1] - 1].1
        }
    }

    /// Replaces frame `depth` with the children of the state at `depth`.
    fn expand<P: Puzzle<State = S, Move = M>>(&mut self, puzzle: &P, start: &S, depth: usize) {
        if self.frames.len() <= depth {
            self.frames.resize_with(depth + 1, Vec::new);
            self.cursors.resize(depth + 1, 0);
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

fn run<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    budget: &mut Budget<'_>,
    stats: &mut Stats,
) -> Outcome<P::State, P::Move> {
    if let Err(limit) = budget.admit(1) {
        return Outcome::LimitReached(limit);
    }
    stats.max_stored = 1;
    if puzzle.is_goal(&start) {
        return Outcome::Solved(Path::new(start));
    }
    let max_depth = budget.max_depth();
    let start_key = puzzle.encode(&start);
    let mut bound = puzzle.heuristic(&start);
    let mut table: KeyMap<P::Key, u32> = KeyMap::default();
    let mut stack = Stack {
        frames: Vec::new(),
        cursors: Vec::new(),
    };
    loop {
        if bound > max_depth {
            return Outcome::LimitReached(budget.depth_limit());
        }
        table.clear();
        table.insert(start_key, 0);
        let mut next_bound = u32::MAX;
        let mut depth_cut = false;
        stack.expand(puzzle, &start, 0);
        stats.expanded += 1;
        let mut depth = 0;
        loop {
            let cursor = stack.cursors[depth];
            if cursor == stack.frames[depth].len() {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                continue;
            }
            stack.cursors[depth] += 1;
            stats.generated += 1;
            let child = stack.state_at(&start, depth + 1);
            let moves = depth as u32 + 1;
            let key = puzzle.encode(child);
            if table.get(&key).is_some_and(|&seen| seen <= moves) {
                continue;
            }
            let f = moves.saturating_add(puzzle.heuristic(child));
            if f > bound {
                if f > max_depth {
                    depth_cut = true;
                } else {
                    next_bound = next_bound.min(f);
                }
                continue;
            }
            if puzzle.is_goal(child) {
                stats.max_stored = stats.max_stored.max(table.len() + depth + 1);
                return Outcome::Solved(stack.path(&start, depth));
            }
            if !table.contains_key(&key) {
                if let Err(limit) = budget.admit(table.len() + depth + 2) {
                    return Outcome::LimitReached(limit);
                }
            }
            table.insert(key, moves);
            if let Err(limit) = budget.tick() {
                return Outcome::LimitReached(limit);
            }
            depth += 1;
            stack.expand(puzzle, &start, depth);
            stats.expanded += 1;
            stats.max_stored = stats.max_stored.max(table.len() + depth);
        }
        if next_bound == u32::MAX {
            return if depth_cut {
                Outcome::LimitReached(budget.depth_limit())
            } else {
                Outcome::Unsolvable
            };
        }
        bound = next_bound;
    }
}
