//! Iterative-deepening A*.
//!
//! | room | job |
//! | --- | --- |
//! | this file | [`idastar`], the entry point, and its memory chosen by the limits; the search in slices |
//! | `iterations` | the iterations, each bound searched below every start, then raised |
//! | `descent` | one iteration's depth-first search, by recursion or on the heap |
//! | `frames` | the path's frames on the heap, for the descent past the stack budget |
//! | `memory` | what it remembers: nothing, or a transposition table |

// Indices in this module point into the engine's own stack and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

mod descent;
mod frames;
mod iterations;
mod memory;

use descent::RECURSION_STACK;
use iterations::{Advance, Iterations, Mode};
use memory::{Memory, NoTable, Table};

use super::bfs::{self, Breadth};
use super::run::Run;
use super::{Limits, Outcome, SearchResult};
use crate::Puzzle;

/// Iterative-deepening A*: depth-first searches bounded by moves made plus
/// [`Puzzle::heuristic`], the bound raised each time to the smallest value that
/// exceeded it.
///
/// By default it holds nothing but its path and a few numbers. Its memory
/// does not grow with the states it generates, only with the length of the
/// path, so it solves puzzles far too large for the other engines (the
/// 15-puzzle). It searches depth-first by recursion inside the puzzle's
/// successor callback, as a hand-written IDA* does, so a child is looked at
/// when the puzzle makes it and nothing is copied (so the puzzle's successor
/// function is called again from inside its own callback). Past about
/// 128 KiB of stack (from where it was called; measured as the depth grows)
/// it goes on with a stack of frames on the heap, so a deep bound needs about
/// that much of the thread's stack and no more. A frame on the heap holds its
/// state and a window of at most 32 of its children, never all of them: a
/// path `d` deep takes memory linear in `d` whatever the branching factor,
/// and a state with more than 32 children is asked for its successors again
/// (the ones tried skipped) for each further window, so its successors must
/// come in the same order each time. The path's frames count towards
/// [`Limits::with_max_bytes`]; a frame that cannot be had is
/// [`Limit::Memory`](super::Limit::Memory). It skips the successors
/// [`Puzzle::successors_after`] leaves out (the move back), and asks
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
/// **When it needs a table, and how large.** Without one, IDA* searches a
/// tree: every path to a state is searched again, so a puzzle whose states are
/// reached by many paths (transpositions: Klotski, Rush Hour, most sliding-
/// block puzzles, anything with independent moves that commute) makes it
/// search the same states over and over, and on a weak heuristic it gets
/// nowhere. The sliding tiles, whose move back is skipped and whose other
/// transpositions are few, need none. For the others, give it room for the
/// states within the last bounds: about as many as A* would store (one
/// entry is 12 bytes and the key, in a hash table), for example
/// `Limits::new().with_table_capacity(1 << 22)` for a few million states. A
/// table too small only makes it slower; it never makes an answer wrong.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible (an
///   inadmissible one gives paths that may be longer than the optimum, with
///   no word: [`Puzzle::checked_heuristic`] finds where one breaks the rule).
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
/// Memory: the path (on the thread's stack, then the heap, a window of at
/// most 32 children a frame), plus the table if one is asked for. Time: the states within each bound, summed over the bounds
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
    idastar_from(puzzle, [start], limits)
}

/// IDA* from several starts at once, to the goal nearest to any of them.
///
/// As [`idastar`], with every state of `starts` at zero moves: each
/// iteration searches below every start, in their order, the first bound
/// the smallest of their heuristics. The path begins at the
/// start it left from. Starts with the same key count once (the first is
/// kept); a start that is a goal is a path of no moves (the first such
/// start). No starts at all is [`Outcome::Unsolvable`], with nothing
/// expanded.
///
/// # Example
///
/// ```
/// use puzzle_search::{adapt, Puzzle, search::{idastar_from, Limits}};
///
/// // Steps of ±1 towards 50; the distance is an exact heuristic.
/// let line = adapt::from_fn(|&n: &i32| [n - 1, n + 1], |&n| n == 50)
///     .with_heuristic(|&n: &i32| (50 - n).unsigned_abs());
/// let result = idastar_from(&line, [10, 57, 44], &Limits::new());
/// let path = result.outcome.path().unwrap();
/// assert_eq!((path.start(), path.len()), (&44, 6));
/// ```
pub fn idastar_from<P>(
    puzzle: &P,
    starts: impl IntoIterator<Item = P::State>,
    limits: &Limits,
) -> SearchResult<P::State, P::Move>
where
    P: Puzzle,
{
    Run::search_from(puzzle, starts, limits, search)
}

fn search<P: Puzzle>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
) -> Outcome<P::State, P::Move> {
    search_within(puzzle, starts, run, RECURSION_STACK)
}

/// [`search`], the recursion allowed `stack_budget` bytes of the stack.
fn search_within<P: Puzzle>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
    stack_budget: usize,
) -> Outcome<P::State, P::Move> {
    match run.table_capacity() {
        None => deepen(puzzle, starts, run, NoTable, stack_budget),
        Some(capacity) => deepen(puzzle, starts, run, Table::new(capacity), stack_budget),
    }
}

/// The iterations from `starts` (one per key, none a goal, all admitted),
/// remembering with `memory`, run to their end by recursion.
fn deepen<P: Puzzle, T: Memory<P>>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
    memory: T,
    stack_budget: usize,
) -> Outcome<P::State, P::Move> {
    let by_recursion = Mode::Recursion { stack_budget };
    let mut iterations = match Iterations::new(puzzle, starts, run, memory, by_recursion) {
        Ok(iterations) => iterations,
        Err(outcome) => return outcome,
    };
    loop {
        match iterations.advance(run, u64::MAX) {
            Advance::Ended(outcome) => return outcome,
            Advance::Paused => {}
            Advance::Exhausted(starts) => {
                // The table is not needed any more: it goes before the pass.
                drop(iterations);
                return bfs::search(puzzle, starts, run);
            }
        }
    }
}

/// IDA* in slices: its iterations, with the memory the limits choose, every
/// descent on the heap so that it can pause; then the breadth-first pass
/// that may settle it.
pub(super) struct Deepening<'p, P: Puzzle>(Phase<'p, P>);

/// Where IDA* in slices stands.
enum Phase<'p, P: Puzzle> {
    Linear(Iterations<'p, P, NoTable>),
    Table(Iterations<'p, P, Table<P::Key>>),
    Breadth(Breadth<'p, P>),
}

impl<'p, P: Puzzle> Deepening<'p, P> {
    /// A search from `starts` (one per key, none a goal, all admitted), or
    /// the outcome that ends it before it begins.
    pub(super) fn new(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        let in_slices = Mode::Slices { top: None };
        Ok(Deepening(match run.table_capacity() {
            None => Phase::Linear(Iterations::new(puzzle, starts, run, NoTable, in_slices)?),
            Some(capacity) => {
                let table = Table::new(capacity);
                Phase::Table(Iterations::new(puzzle, starts, run, table, in_slices)?)
            }
        }))
    }

    /// Searches until the search ends (its outcome, the statistics written
    /// to `run`) or `run` counts `until` states expanded (`None`: paused).
    pub(super) fn advance(
        &mut self,
        run: &mut Run<'p>,
        until: u64,
    ) -> Option<Outcome<P::State, P::Move>> {
        loop {
            let (puzzle, advance) = match &mut self.0 {
                Phase::Linear(iterations) => (iterations.puzzle(), iterations.advance(run, until)),
                Phase::Table(iterations) => (iterations.puzzle(), iterations.advance(run, until)),
                Phase::Breadth(breadth) => return breadth.advance(run, until),
            };
            match advance {
                Advance::Ended(outcome) => return Some(outcome),
                Advance::Paused => return None,
                Advance::Exhausted(starts) => match Breadth::new(puzzle, starts, run) {
                    Ok(breadth) => self.0 = Phase::Breadth(breadth),
                    Err(outcome) => return Some(outcome),
                },
            }
        }
    }

    /// The statistics so far.
    pub(super) fn stats(&self, run: &Run<'_>) -> super::Stats {
        match &self.0 {
            // Every pause brings `run`'s up to date.
            Phase::Linear(_) | Phase::Table(_) => run.stats,
            Phase::Breadth(breadth) => breadth.stats(run),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::search::{bfs, idastar, Limits};
    use crate::Path;

    /// Seven letters sorted by swapping neighbours. Each swap removes at
    /// most one inversion; the heuristic counts two fewer than there are,
    /// so the search has work to do, and transpositions for a table to
    /// find.
    struct Letters;

    impl Puzzle for Letters {
        type State = [u8; 7];
        type Move = usize;
        type Key = [u8; 7];
        fn encode(&self, s: &[u8; 7]) -> [u8; 7] {
            *s
        }
        fn successors(&self, s: &[u8; 7], mut emit: impl FnMut(usize, [u8; 7])) {
            for i in 0..6 {
                let mut next = *s;
                next.swap(i, i + 1);
                emit(i, next);
            }
        }
        fn successors_after(
            &self,
            s: &[u8; 7],
            last: &usize,
            mut emit: impl FnMut(usize, [u8; 7]),
        ) {
            self.successors(s, |i, next| {
                if i != *last {
                    emit(i, next);
                }
            });
        }
        fn is_goal(&self, s: &[u8; 7]) -> bool {
            s == b"abcdefg"
        }
        fn heuristic(&self, s: &[u8; 7]) -> u32 {
            let inversions = (0..7)
                .flat_map(|i| (i + 1..7).map(move |j| (i, j)))
                .filter(|&(i, j)| s[i] > s[j])
                .count();
            (inversions as u32).saturating_sub(2)
        }
    }

    fn within(limits: &Limits, budget: usize, start: [u8; 7]) -> SearchResult<[u8; 7], usize> {
        Run::search_from(&Letters, [start], limits, |puzzle, starts, run| {
            search_within(puzzle, starts, run, budget)
        })
    }

    /// On the heap from the first level, in a mix, or by recursion alone,
    /// the search generates the same nodes and finds the same path, with a
    /// table or without, and stops at the same state limit.
    #[test]
    fn the_heap_and_the_recursion_search_alike() {
        let starts = [
            *b"cbagfed",
            *b"dcbagfe",
            *b"ecabdgf",
            *b"badcfeg",
            *b"abcdegf",
        ];
        let limits = [
            Limits::new(),
            Limits::new().with_table_capacity(1000),
            Limits::new().with_table_capacity(1 << 20),
            Limits::new().with_max_states(8),
            Limits::new().with_max_depth(8),
        ];
        for start in starts {
            for limits in &limits {
                let recursive = within(limits, usize::MAX, start);
                for budget in [0, 600, 3000] {
                    let mixed = within(limits, budget, start);
                    assert_eq!(mixed.outcome, recursive.outcome, "{start:?} {budget}");
                    assert_eq!(mixed.stats.generated, recursive.stats.generated);
                    assert_eq!(mixed.stats.expanded, recursive.stats.expanded);
                    assert_eq!(mixed.stats.max_stored, recursive.stats.max_stored);
                }
                if let Some(path) = recursive.outcome.path() {
                    assert!(path.replays(&Letters));
                    assert_eq!(
                        path.len(),
                        bfs(&Letters, start, &Limits::new())
                            .outcome
                            .path()
                            .unwrap()
                            .len()
                    );
                }
            }
        }
    }

    /// A walk whose one solution is 100,000 moves deep: by recursion alone
    /// that is tens of megabytes of stack. The search goes on on the heap
    /// past its budget, so it ends well on a thread of 2 MiB, the
    /// default for a new thread.
    #[test]
    fn a_deep_bound_does_not_overflow_the_stack() {
        struct Walk;
        impl Puzzle for Walk {
            type State = u32;
            type Move = ();
            type Key = u32;
            fn encode(&self, n: &u32) -> u32 {
                *n
            }
            fn successors(&self, n: &u32, mut emit: impl FnMut((), u32)) {
                emit((), n + 1);
            }
            fn is_goal(&self, n: &u32) -> bool {
                *n == 100_000
            }
            fn heuristic(&self, n: &u32) -> u32 {
                100_000 - n
            }
        }
        let result = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| idastar(&Walk, 0, &Limits::new()))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(result.outcome.path().map(Path::len), Some(100_000));
        assert_eq!(result.stats.generated, 100_000);
    }
}
