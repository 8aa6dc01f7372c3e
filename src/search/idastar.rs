//! Iterative-deepening A*.

// Indices in this module point into the engine's own stack and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::bfs;
use super::run::Run;
use super::{Limit, Limits, Outcome, SearchResult};
use crate::table::KeyMap;
use crate::{Path, Puzzle};

/// Iterative-deepening A*: depth-first searches bounded by moves made plus
/// [`Puzzle::heuristic`], the bound raised each time to the smallest value that
/// exceeded it.
///
/// By default it holds nothing but its path: the states on it, the children
/// of each not tried yet, and a few numbers. Its memory does not grow with
/// the states it generates, only with the length of the path, so it solves
/// puzzles far too large for the other engines (the 15-puzzle). It skips the
/// successors [`Puzzle::successors_after`] leaves out (the move back), and asks
/// for each child's heuristic with [`Puzzle::heuristic_after`], so a puzzle can
/// update it from the move. Like every IDA*, it cannot tell a puzzle that
/// cycles without end from one whose solution is far: on such a puzzle give
/// it a depth, time or state limit, or a table.
///
/// With [`Limits::with_table_capacity`] it keeps a transposition table of at
/// most that many states, keyed by [`Puzzle::encode`], for two purposes:
///
/// * within an iteration, the fewest moves each key was reached with, so
///   transpositions are searched once;
/// * across iterations, a learned lower bound for each state searched: when a
///   state's children are exhausted, its bound becomes the smallest of one
///   plus each child's bound. That value never exceeds the true distance, so
///   paths stay optimal, and later iterations prune searched regions early.
///
/// The table proves a puzzle unsolvable: an iteration that meets no state
/// outside it shows the search is only circling what it knows, and one
/// breadth-first pass then settles the question (with an optimal answer too).
/// A full table stores nothing more, and the search goes on. With the table,
/// every successor is tried, since a learned bound must not depend on how its
/// state was reached.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible.
/// * `start` – the state to start from.
/// * `limits` – bounds on the states on the path, depth (the last bound
///   tried) and time, and the table's capacity.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`], or [`Outcome::LimitReached`].
///
/// # Complexity
///
/// Memory: the path and the children of its states, plus the table if one
/// is asked for. Time: the states within each bound, summed over the bounds
/// tried; small when the heuristic is tight.
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

fn search<P: Puzzle>(puzzle: &P, start: P::State, run: &mut Run<'_>) -> Outcome<P::State, P::Move> {
    match run.table_capacity() {
        None => deepen(puzzle, start, run, NoTable),
        Some(capacity) => deepen(puzzle, start, run, Table::new(capacity)),
    }
}

/// What a table knows of a key.
#[derive(Clone, Copy)]
struct Entry {
    /// The iteration that last reached the key.
    iteration: u32,
    /// The fewest moves that iteration reached it with.
    moves: u32,
    /// A lower bound on the moves from the key's states to a goal.
    bound: u32,
}

/// What IDA* remembers of the states it has searched: nothing, or a table.
trait Memory<P: Puzzle> {
    /// Whether it remembers anything (then every successor is tried, and
    /// learned bounds are kept).
    const REMEMBERS: bool;
    /// What names a state for [`recall`](Memory::recall): its key, or nothing.
    type Mark: Copy;

    fn mark(&self, puzzle: &P, state: &P::State) -> Self::Mark;
    fn recall(&self, mark: Self::Mark) -> Option<Entry>;
    /// Records `entry` for `mark`: nothing when full. `Err` when a new
    /// state would make it hold more than `room` states.
    fn remember(&mut self, mark: Self::Mark, entry: Entry, room: usize) -> Result<(), ()>;
    /// Raises the bound known for `mark` to `bound`.
    fn learn(&mut self, mark: Self::Mark, bound: u32);
    /// The states remembered.
    fn stored(&self) -> usize;
}

/// Nothing remembered: IDA* in linear memory.
struct NoTable;

impl<P: Puzzle> Memory<P> for NoTable {
    const REMEMBERS: bool = false;
    type Mark = ();

    #[inline]
    fn mark(&self, _: &P, _: &P::State) {}
    #[inline]
    fn recall(&self, (): ()) -> Option<Entry> {
        None
    }
    #[inline]
    fn remember(&mut self, (): (), _: Entry, _: usize) -> Result<(), ()> {
        Ok(())
    }
    #[inline]
    fn learn(&mut self, (): (), _: u32) {}
    #[inline]
    fn stored(&self) -> usize {
        0
    }
}

/// A transposition table of at most `capacity` keys.
struct Table<K> {
    entries: KeyMap<K, Entry>,
    capacity: usize,
}

impl<K> Table<K> {
    fn new(capacity: usize) -> Self {
        Table {
            entries: KeyMap::default(),
            capacity,
        }
    }
}

impl<P: Puzzle> Memory<P> for Table<P::Key> {
    const REMEMBERS: bool = true;
    type Mark = P::Key;

    #[inline]
    fn mark(&self, puzzle: &P, state: &P::State) -> P::Key {
        puzzle.encode(state)
    }
    #[inline]
    fn recall(&self, key: P::Key) -> Option<Entry> {
        self.entries.get(&key).copied()
    }
    #[inline]
    fn remember(&mut self, key: P::Key, entry: Entry, room: usize) -> Result<(), ()> {
        let stored = self.entries.len();
        match self.entries.entry(key) {
            hashbrown::hash_map::Entry::Occupied(mut known) => {
                known.insert(entry);
            }
            hashbrown::hash_map::Entry::Vacant(_) if stored >= self.capacity => {}
            hashbrown::hash_map::Entry::Vacant(_) if stored >= room => return Err(()),
            hashbrown::hash_map::Entry::Vacant(vacancy) => {
                vacancy.insert(entry);
            }
        }
        Ok(())
    }

    #[inline]
    fn learn(&mut self, key: P::Key, bound: u32) {
        if let Some(entry) = self.entries.get_mut(&key) {
            entry.bound = entry.bound.max(bound);
        }
    }
    fn stored(&self) -> usize {
        self.entries.len()
    }
}

/// One state of the current path: the state, how it was reached, and its
/// children not tried yet.
struct Frame<S, M, K> {
    state: S,
    /// The move that reached `state`; `None` at the start.
    last: Option<M>,
    /// What the memory calls `state`.
    mark: K,
    /// The heuristic of `state`.
    estimate: u32,
    /// The children of `state`, and how many were taken.
    children: Vec<(M, S)>,
    taken: usize,
    /// The smallest of one plus the bound of each child taken so far.
    backed_up: u32,
}

/// The depth-first path: `frames[d]` is the state at depth `d`. Frames are
/// kept from one descent to the next, so their children's vectors are
/// allocated once per depth, not once per state.
struct Stack<S, M, K> {
    frames: Vec<Frame<S, M, K>>,
}

impl<S: Clone, M: Clone, K: Copy> Stack<S, M, K> {
    /// Makes `state`, reached by `last`, the state at `depth`, and lists its
    /// children: all of them, or those `successors_after` keeps when `prune`.
    fn enter<P: Puzzle<State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        depth: usize,
        (state, last, mark, estimate): (S, Option<M>, K, u32),
        prune: bool,
    ) {
        if self.frames.len() <= depth {
            self.frames.push(Frame {
                state,
                last,
                mark,
                estimate,
                children: Vec::new(),
                taken: 0,
                backed_up: u32::MAX,
            });
        } else {
            let frame = &mut self.frames[depth];
            frame.state = state;
            frame.last = last;
            frame.mark = mark;
            frame.estimate = estimate;
            frame.taken = 0;
            frame.backed_up = u32::MAX;
        }
        let frame = &mut self.frames[depth];
        let children = &mut frame.children;
        children.clear();
        let keep = |mv, child| children.push((mv, child));
        match &frame.last {
            Some(last) if prune => puzzle.successors_after(&frame.state, last, keep),
            _ => puzzle.successors(&frame.state, keep),
        }
    }

    /// Records a lower bound `bound` for a child of the state at `depth`.
    fn back_up(&mut self, depth: usize, bound: u32) {
        let best = &mut self.frames[depth].backed_up;
        *best = (*best).min(bound.saturating_add(1));
    }

    /// The path from the start to the state at `depth`, then `mv` to `goal`.
    fn path(&self, depth: usize, mv: M, goal: S) -> Path<S, M> {
        let mut frames = self.frames[..=depth].iter();
        let mut path = match frames.next() {
            Some(start) => Path::new(start.state.clone()),
            None => return Path::new(goal),
        };
        for frame in frames {
            if let Some(last) = &frame.last {
                path.push(last.clone(), frame.state.clone());
            }
        }
        path.push(mv, goal);
        path
    }
}

/// The iterations of IDA* from `start`, remembering with `memory`.
fn deepen<P: Puzzle, T: Memory<P>>(
    puzzle: &P,
    start: P::State,
    run: &mut Run<'_>,
    mut memory: T,
) -> Outcome<P::State, P::Move> {
    let max_depth = run.max_depth();
    let max_path = run.max_states();
    let watch = run.watch();
    let root = memory.mark(puzzle, &start);
    let root_estimate = puzzle.heuristic(&start);
    let mut bound = root_estimate;
    // The start is admitted: the one state on the path.
    let _ = memory.remember(
        root,
        Entry {
            iteration: 0,
            moves: 0,
            bound,
        },
        max_path.saturating_sub(1),
    );
    let mut stack = Stack { frames: Vec::new() };
    // The counts live in locals, which the optimiser keeps in registers,
    // and go back to `run.stats` on the way out.
    let (mut generated, mut expanded, mut max_stored) = (
        run.stats.generated,
        run.stats.expanded,
        run.stats.max_stored,
    );
    macro_rules! leave {
        ($outcome:expr) => {{
            let outcome = $outcome;
            run.stats.generated = generated;
            run.stats.expanded = expanded;
            run.stats.max_stored = max_stored;
            return outcome;
        }};
    }
    for iteration in 0u32.. {
        if bound > max_depth {
            leave!(Outcome::LimitReached(run.depth_limit()));
        }
        let mut next_bound = u32::MAX;
        let mut depth_cut = false;
        let mut met_new_state = false;
        let root_frame = (start.clone(), None, root, root_estimate);
        stack.enter(puzzle, 0, root_frame, !T::REMEMBERS);
        expanded += 1;
        let mut depth = 0;
        loop {
            let frame = &mut stack.frames[depth];
            let Some((mv, child)) = frame.children.get(frame.taken) else {
                if T::REMEMBERS {
                    // Every child is done: what they taught us bounds this state too.
                    let learned = frame.backed_up;
                    memory.learn(frame.mark, learned);
                    if depth > 0 {
                        stack.back_up(depth - 1, learned);
                    }
                }
                if depth == 0 {
                    break;
                }
                depth -= 1;
                continue;
            };
            frame.taken += 1;
            generated += 1;
            if let Err(limit) = watch.check(generated) {
                leave!(Outcome::LimitReached(limit));
            }
            let moves = depth as u32 + 1;
            let mark = memory.mark(puzzle, child);
            let known = memory.recall(mark);
            met_new_state |= known.is_none();
            let estimate = puzzle
                .heuristic_after(&frame.state, frame.estimate, mv, child)
                .max(known.map_or(0, |entry| entry.bound));
            if known.is_some_and(|entry| entry.iteration == iteration && entry.moves <= moves) {
                stack.back_up(depth, estimate);
                continue;
            }
            let f = moves.saturating_add(estimate);
            if f > bound {
                if T::REMEMBERS {
                    stack.back_up(depth, estimate);
                }
                if f > max_depth {
                    depth_cut = true;
                } else {
                    next_bound = next_bound.min(f);
                }
                continue;
            }
            if puzzle.is_goal(child) {
                let (mv, child) = (mv.clone(), child.clone());
                leave!(Outcome::Solved(stack.path(depth, mv, child)));
            }
            // The start and the states down to this child, on the path.
            let on_path = depth + 2;
            if on_path > max_path {
                leave!(Outcome::LimitReached(Limit::States { max: max_path }));
            }
            // The state limit bounds the table as it bounds the path (whose
            // states the table holds too); the table's capacity only stops it
            // from storing more.
            let entry = Entry {
                iteration,
                moves,
                bound: estimate,
            };
            let next = (child.clone(), Some(mv.clone()), mark, estimate);
            if memory.remember(mark, entry, max_path).is_err() {
                leave!(Outcome::LimitReached(Limit::States { max: max_path }));
            }
            if let Err(limit) = watch.check(expanded) {
                leave!(Outcome::LimitReached(limit));
            }
            depth += 1;
            stack.enter(puzzle, depth, next, !T::REMEMBERS);
            expanded += 1;
            max_stored = max_stored.max(on_path.max(memory.stored()));
        }
        if next_bound == u32::MAX {
            leave!(if depth_cut {
                Outcome::LimitReached(run.depth_limit())
            } else {
                Outcome::Unsolvable
            });
        }
        if !met_new_state {
            // The table is not needed any more: free it before the pass.
            drop(memory);
            run.stats.generated = generated;
            run.stats.expanded = expanded;
            run.stats.max_stored = max_stored;
            return bfs::search(puzzle, start, run);
        }
        // The learned bound of the start may jump past several bounds at once.
        let learned = memory.recall(root).map_or(0, |entry| entry.bound);
        bound = next_bound.max(learned);
    }
    leave!(Outcome::LimitReached(run.depth_limit()))
}
