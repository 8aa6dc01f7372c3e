//! The iterations of IDA*: each bound searched, then raised to the smallest
//! value that exceeded it, until a goal, a limit or a proof of no solution.

use super::descent::{stack_position, Descent, Stop};
use super::frames::Stack;
use super::memory::{Entry, Memory};
use crate::search::bfs;
use crate::search::run::{Countdown, Run};
use crate::search::Outcome;
use crate::{Path, Puzzle};

/// The iterations of IDA* from `start`, remembering with `memory`, the
/// recursion allowed `stack_budget` bytes of the stack.
pub(super) fn deepen<P: Puzzle, T: Memory<P>>(
    puzzle: &P,
    start: P::State,
    run: &mut Run<'_>,
    memory: T,
    stack_budget: usize,
) -> Outcome<P::State, P::Move> {
    let root = memory.mark(puzzle, &start);
    let root_heuristic = puzzle.heuristic(&start);
    let mut descent = Descent {
        memory,
        watch: run.watch(),
        max_depth: run.max_depth(),
        max_path: run.max_states(),
        iteration: 0,
        bound: root_heuristic,
        next_bound: u32::MAX,
        depth_cut: false,
        met_new_state: false,
        generated: Countdown::new(run.stats.generated),
        expanded: run.stats.expanded,
        max_stored: run.stats.max_stored,
        stopped: false,
        generated_at_stop: 0,
        stop: None,
        stack_base: stack_position(),
        stack_budget,
        recursion_depth: 0,
        heap: Stack::default(),
    };
    // The start is admitted: the one state on the path.
    let entry = Entry {
        iteration: 0,
        moves: 0,
        bound: root_heuristic,
    };
    let _ = descent
        .memory
        .remember(root, entry, descent.max_path.saturating_sub(1));
    let outcome = loop {
        if descent.bound > descent.max_depth {
            break Outcome::LimitReached(run.depth_limit());
        }
        descent.next_bound = u32::MAX;
        descent.depth_cut = false;
        descent.met_new_state = false;
        descent.expanded += 1;
        descent.search_from(puzzle, &start, root, root_heuristic);
        if descent.stopped {
            descent.generated = Countdown::new(descent.generated_at_stop);
        }
        match descent.stop.take() {
            Some(Stop::Found(steps)) => {
                let mut path = Path::new(start);
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
            // The memory has seen everything reachable: one breadth-first
            // pass settles the question. The table is not needed any more,
            // so it goes before the pass.
            let Descent {
                generated,
                expanded,
                max_stored,
                ..
            } = descent;
            run.stats.generated = generated.count();
            run.stats.expanded = expanded;
            run.stats.max_stored = max_stored;
            return bfs::search(puzzle, start, run);
        }
        // The learned bound of the start may jump past several bounds at once.
        let learned = descent.memory.recall(root).map_or(0, |entry| entry.bound);
        descent.bound = descent.next_bound.max(learned);
        descent.iteration = descent.iteration.saturating_add(1);
    };
    run.stats.generated = descent.generated.count();
    run.stats.expanded = descent.expanded;
    run.stats.max_stored = descent.max_stored;
    outcome
}
