//! Iterative-deepening A*.
//!
//! | room | job |
//! | --- | --- |
//! | this file | the search from its starts ([`idastar`](super::idastar) is its entry point), its memory chosen by the limits; the search in slices |
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

use super::bfs::Breadth;
use super::resumable::{run_to_end, Resumable};
use super::run::Run;
use super::{Outcome, Stats};
use crate::Puzzle;

pub(super) fn search<'p, P: Puzzle>(
    puzzle: &'p P,
    starts: Vec<P::State>,
    run: &mut Run<'p>,
) -> Outcome<P::State, P::Move> {
    search_within(puzzle, starts, run, RECURSION_STACK)
}

/// [`search`], the recursion allowed `stack_budget` bytes of the stack.
fn search_within<'p, P: Puzzle>(
    puzzle: &'p P,
    starts: Vec<P::State>,
    run: &mut Run<'p>,
    stack_budget: usize,
) -> Outcome<P::State, P::Move> {
    match run.table_capacity() {
        None => deepen(puzzle, starts, run, NoTable, stack_budget),
        Some(capacity) => deepen(puzzle, starts, run, Table::new(capacity), stack_budget),
    }
}

/// The iterations from `starts` (one per key, none a goal, all admitted),
/// remembering with `memory`, run to their end by recursion.
fn deepen<'p, P: Puzzle, T: Memory<P>>(
    puzzle: &'p P,
    starts: Vec<P::State>,
    run: &mut Run<'p>,
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
                return run_to_end::<P, Breadth<'p, P>>(puzzle, starts, run);
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

impl<'p, P: Puzzle> Resumable<'p, P> for Deepening<'p, P> {
    type Answer = Outcome<P::State, P::Move>;

    fn begin(puzzle: &'p P, starts: Vec<P::State>, run: &Run<'p>) -> Result<Self, Self::Answer> {
        let in_slices = Mode::Slices { top: None };
        Ok(Deepening(match run.table_capacity() {
            None => Phase::Linear(Iterations::new(puzzle, starts, run, NoTable, in_slices)?),
            Some(capacity) => {
                let table = Table::new(capacity);
                Phase::Table(Iterations::new(puzzle, starts, run, table, in_slices)?)
            }
        }))
    }

    // In slices only: the plain call descends by recursion ([`search`]).
    fn advance<const PAUSE: bool>(
        &mut self,
        run: &mut Run<'p>,
        until: u64,
    ) -> Option<Self::Answer> {
        loop {
            let (puzzle, advance) = match &mut self.0 {
                Phase::Linear(iterations) => (iterations.puzzle(), iterations.advance(run, until)),
                Phase::Table(iterations) => (iterations.puzzle(), iterations.advance(run, until)),
                Phase::Breadth(breadth) => return breadth.advance::<PAUSE>(run, until),
            };
            match advance {
                Advance::Ended(outcome) => return Some(outcome),
                Advance::Paused => return None,
                Advance::Exhausted(starts) => match Breadth::begin(puzzle, starts, run) {
                    Ok(breadth) => self.0 = Phase::Breadth(breadth),
                    Err(outcome) => return Some(outcome),
                },
            }
        }
    }

    fn stats(&self, run: &Run<'_>) -> Stats {
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
    use crate::search::{bfs, idastar, Limits, SearchResult};
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
