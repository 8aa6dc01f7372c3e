//! The iterations of IDA*: each bound searched below every start, then
//! raised, until a goal is found or nothing is left within reach; in one
//! go, or in slices that pause between two states expanded.

use super::descent::{Descent, Stop};
use super::memory::{Entry, Memory};
use crate::search::run::Run;
use crate::search::Outcome;
use crate::{Path, Puzzle};

/// The iterations of IDA* from a set of starts, and where they stand.
///
/// Every iteration searches below each start, in their order, whatever its
/// own estimate (a start beyond the bound has its children pruned, and
/// they raise the next bound): the first goal found within the bound is the
/// nearest to any start, as it is to one, and an iteration that meets no
/// state outside a table has seen all that every start reaches.
pub(super) struct Iterations<'w, P: Puzzle, T: Memory<P>> {
    puzzle: &'w P,
    descent: Descent<'w, P, T>,
    starts: Vec<P::State>,
    /// Each start's mark and heuristic.
    roots: Vec<(T::Mark, u32)>,
    /// The start that the iteration under way searches below next, or
    /// now when a descent below it is under way.
    next: usize,
    mode: Mode,
}

/// How the iterations search below each start.
pub(super) enum Mode {
    /// By recursion, allowed `stack_budget` bytes of the stack, to the end.
    Recursion { stack_budget: usize },
    /// On the heap, so that a descent can pause: `top` is the depth of the
    /// path of the descent under way, if one is.
    Slices { top: Option<usize> },
}

/// Where [`Iterations::advance`] stopped.
pub(super) enum Advance<S, M> {
    /// The search is over.
    Ended(Outcome<S, M>),
    /// The count of states expanded reached the slice's end.
    Paused,
    /// A table saw every state the starts reach: one breadth-first pass
    /// from these starts settles the question (with an optimal answer too).
    Exhausted(Vec<S>),
}

impl<'w, P: Puzzle, T: Memory<P>> Iterations<'w, P, T> {
    /// The iterations from `starts` (one per key, none a goal, all
    /// admitted), remembering with `memory`, searched as `mode` says; or the
    /// outcome that ends them before they begin.
    pub(super) fn new(
        puzzle: &'w P,
        starts: Vec<P::State>,
        run: &Run<'w>,
        memory: T,
        mode: Mode,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        let roots: Vec<(T::Mark, u32)> = starts
            .iter()
            .map(|start| (memory.mark(puzzle, start), puzzle.heuristic(start)))
            .collect();
        let first_bound = roots.iter().map(|&(_, heuristic)| heuristic).min();
        // A heuristic of `u32::MAX` says no goal is reachable (as A* reads it):
        // a bound of `u32::MAX` would prune nothing and never end on a cycle.
        let first_bound = match first_bound {
            Some(bound) if bound < u32::MAX => bound,
            _ => return Err(Outcome::Unsolvable),
        };
        let stack_budget = match mode {
            Mode::Recursion { stack_budget } => stack_budget,
            Mode::Slices { .. } => 0,
        };
        let mut descent = Descent::new(run, memory, first_bound, stack_budget);
        // The starts are admitted: each the one state on its path.
        for &(mark, heuristic) in &roots {
            let entry = Entry {
                iteration: 0,
                moves: 0,
                bound: heuristic,
            };
            let room = descent.max_path.saturating_sub(1);
            let _ = descent
                .memory
                .remember(mark, entry, room, &mut descent.budget);
        }
        Ok(Iterations {
            puzzle,
            descent,
            starts,
            roots,
            next: 0,
            mode,
        })
    }

    /// The puzzle searched.
    pub(super) fn puzzle(&self) -> &'w P {
        self.puzzle
    }

    /// Searches until the search ends or `run` counts `until` states
    /// expanded (searched in slices; by recursion it runs to the end), the
    /// statistics written to `run`.
    pub(super) fn advance(&mut self, run: &mut Run<'_>, until: u64) -> Advance<P::State, P::Move> {
        let puzzle = self.puzzle;
        let descent = &mut self.descent;
        let outcome = loop {
            if self.next == 0 && !matches!(self.mode, Mode::Slices { top: Some(_) }) {
                // An iteration begins (again, after a pause here: the same tests).
                if descent.bound > descent.max_depth {
                    break Outcome::LimitReached(run.depth_limit());
                }
                descent.next_bound = u32::MAX;
                descent.depth_cut = false;
                descent.met_new_state = false;
            }
            while let (Some(start), Some(&(mark, heuristic))) =
                (self.starts.get(self.next), self.roots.get(self.next))
            {
                match &mut self.mode {
                    Mode::Slices { top } => {
                        let root = (start, mark, heuristic);
                        if !descent.search_in_slices(puzzle, root, top, until) {
                            descent.write_stats(run);
                            return Advance::Paused;
                        }
                    }
                    Mode::Recursion { .. } => {
                        descent.expanded += 1;
                        descent.search_from(puzzle, start, mark, heuristic);
                    }
                }
                if descent.stopped {
                    break;
                }
                self.next += 1;
            }
            let from = self.next;
            self.next = 0;
            if descent.stopped {
                descent.generated.set_count(descent.generated_at_stop);
            }
            match descent.stop.take() {
                Some(Stop::Found(steps)) => {
                    let mut path = Path::new(self.starts.swap_remove(from));
                    for (mv, state) in steps.into_iter().rev() {
                        path.push(mv, state);
                    }
                    break Outcome::Solved(path);
                }
                Some(Stop::Limit(limit)) => break Outcome::LimitReached(limit),
                None => {}
            }
            if descent.next_bound == u32::MAX {
                break if descent.depth_cut {
                    Outcome::LimitReached(run.depth_limit())
                } else {
                    Outcome::Unsolvable
                };
            }
            if T::REMEMBERS && !descent.met_new_state {
                descent.write_stats(run);
                return Advance::Exhausted(core::mem::take(&mut self.starts));
            }
            // The learned bounds of the starts may jump past several bounds at once.
            let memory = &descent.memory;
            let learned =
                |&(mark, _): &(T::Mark, u32)| memory.recall(mark).map_or(0, |entry| entry.bound);
            let least = self.roots.iter().map(learned).min();
            descent.bound = descent.next_bound.max(least.unwrap_or(0));
            descent.iteration = descent.iteration.saturating_add(1);
        };
        descent.write_stats(run);
        Advance::Ended(outcome)
    }
}
