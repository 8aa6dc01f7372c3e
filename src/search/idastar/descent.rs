//! One iteration's depth-first search of IDA*: by recursion inside the
//! puzzle's successor callback while the thread's stack allows it, then on
//! the heap; or on the heap from the start, for a search run in slices.

use super::frames::Stack;
use super::memory::{Entry, Memory};
use crate::adapt::stop;
use crate::search::grow::Budget;
use crate::search::run::{Countdown, Run, Watch};
use crate::search::Limit;
use crate::Puzzle;

/// How much of the thread's stack the recursive descent may use before it
/// goes on with a stack of its own on the heap: a sixteenth of the 2 MiB Rust
/// gives a new thread, hundreds of levels (some 400 for the 15-puzzle, whose
/// solutions are at most 80 moves long).
pub(super) const RECURSION_STACK: usize = 128 * 1024;

/// Where the stack is now: the address of a local of the caller's frame.
///
/// Stacks grow down on every platform Rust supports, but only the distance
/// between two positions is used, so the direction does not matter.
#[inline(always)]
fn stack_position() -> usize {
    let marker = 0u8;
    core::hint::black_box(&marker) as *const u8 as usize
}

/// Why a descent stopped before its bound was exhausted.
pub(super) enum Stop<S, M> {
    /// A goal was found: the moves and states from the state the descent was
    /// entered at (not included) down to the goal, the goal first.
    Found(Vec<(M, S)>),
    /// A limit was reached.
    Limit(Limit),
}

/// What [`Descent::consider`] makes of a child.
pub(super) enum Child<K> {
    /// Not worth entering (over the bound, a transposition, or a limit was
    /// reached: see [`Descent::stop`]).
    Skip,
    /// The child is a goal within the bound.
    Goal,
    /// The child is within the bound: search below it.
    Enter {
        /// What the memory calls it.
        mark: K,
        /// Its heuristic (not raised by what a table learned).
        heuristic: u32,
    },
}

/// One iteration's depth-first search, and what the iterations share.
///
/// The search recurses inside the puzzle's successor callback, as a
/// hand-written IDA* does: a child is looked at when the puzzle makes it,
/// and nothing is copied; the path is gathered on the way out, once a goal
/// is found. Past [`RECURSION_STACK`] bytes of the thread's stack, it goes
/// on with a [`Stack`] on the heap instead, so a deep bound cannot overflow
/// the thread's stack. Both ways look at children with the same
/// [`consider`](Descent::consider), in the same order, so they generate the
/// same nodes.
pub(super) struct Descent<'w, P: Puzzle, T: Memory<P>> {
    pub(super) memory: T,
    watch: Watch<'w>,
    pub(super) max_depth: u32,
    pub(super) max_path: usize,
    /// The iteration under way, and its bound on moves made plus heuristic.
    pub(super) iteration: u32,
    pub(super) bound: u32,
    /// The smallest f above the bound (and within the depth limit) met.
    pub(super) next_bound: u32,
    /// Whether the depth limit cut a child off.
    pub(super) depth_cut: bool,
    /// Whether a child was met that the memory did not know (kept only by
    /// a memory that knows states).
    pub(super) met_new_state: bool,
    /// The children generated, and when to look at the watch.
    pub(super) generated: Countdown,
    pub(super) expanded: u64,
    pub(super) max_stored: usize,
    /// Whether the search must stop, why, and the children generated when
    /// it stopped.
    pub(super) stopped: bool,
    pub(super) generated_at_stop: u64,
    pub(super) stop: Option<Stop<P::State, P::Move>>,
    /// Where the stack was when the search began, and how far from it the
    /// recursion may go.
    stack_base: usize,
    stack_budget: usize,
    /// The depth below which the recursion goes on without measuring the
    /// stack: what the budget left allows at the stack used per level.
    recursion_depth: usize,
    /// The heap stack's frames, kept from one use to the next.
    pub(super) heap: Stack<P::State, P::Move, T::Mark>,
    /// The bytes of the table and the heap stack, and the limit on them.
    pub(super) budget: Budget,
}

impl<'w, P: Puzzle, T: Memory<P>> Descent<'w, P, T> {
    /// The search of `run`, remembering with `memory`, its first bound
    /// `bound`, the recursion allowed `stack_budget` bytes of the stack
    /// from here.
    pub(super) fn new(run: &Run<'w>, memory: T, bound: u32, stack_budget: usize) -> Self {
        let watch = run.watch();
        Descent {
            memory,
            generated: watch.countdown(run.stats.generated),
            watch,
            max_depth: run.max_depth(),
            max_path: run.max_states(),
            iteration: 0,
            bound,
            next_bound: u32::MAX,
            depth_cut: false,
            met_new_state: false,
            expanded: run.stats.expanded,
            max_stored: run.stats.max_stored,
            stopped: false,
            generated_at_stop: 0,
            stop: None,
            stack_base: stack_position(),
            stack_budget,
            recursion_depth: 0,
            heap: Stack::default(),
            budget: run.budget(),
        }
    }

    /// Writes what the search did to `run`'s statistics.
    pub(super) fn write_stats(&self, run: &mut Run<'_>) {
        run.stats.generated = self.generated.count();
        run.stats.expanded = self.expanded;
        run.stats.max_stored = self.max_stored;
    }
}

impl<P: Puzzle, T: Memory<P>> Descent<'_, P, T> {
    /// Looks at `child`, reached by `mv` from `parent` (whose heuristic is
    /// `heuristic`, at `depth`): counts it, checks the limits, and tells what
    /// to do with it. Lower bounds it learns go to `backed_up`, the parent's.
    #[inline(always)]
    pub(super) fn consider(
        &mut self,
        puzzle: &P,
        (parent, heuristic, depth): (&P::State, u32, usize),
        mv: &P::Move,
        child: &P::State,
        backed_up: &mut u32,
    ) -> Child<T::Mark> {
        if self.generated.step() && self.out_of_time() {
            return Child::Skip;
        }
        // The child's depth: one value serves for all that depends on it.
        let below = depth + 1;
        let moves = below as u32;
        let mark = self.memory.mark(puzzle, child);
        let known = self.memory.recall(mark);
        if T::REMEMBERS {
            self.met_new_state |= known.is_none();
        }
        // The puzzle updates its own heuristic, from the parent's; what a
        // table learned only raises the estimate.
        let heuristic = puzzle.heuristic_after(parent, heuristic, mv, child);
        let estimate = heuristic.max(known.map_or(0, |entry| entry.bound));
        if known.is_some_and(|entry| entry.iteration == self.iteration && entry.moves <= moves) {
            back_up(backed_up, estimate);
            return Child::Skip;
        }
        let f = moves.saturating_add(estimate);
        if f > self.bound {
            if T::REMEMBERS {
                back_up(backed_up, estimate);
            }
            if f > self.max_depth {
                self.depth_cut = true;
            } else {
                self.next_bound = self.next_bound.min(f);
            }
            return Child::Skip;
        }
        if puzzle.is_goal(child) {
            return Child::Goal;
        }
        // The state limit bounds the table as it bounds the path (whose
        // states the table holds too); the table's capacity only stops it
        // from storing more.
        let entry = Entry {
            iteration: self.iteration,
            moves,
            bound: estimate,
        };
        // `below + 1` states are on the path: the start and the states down
        // to this child.
        let room = self.max_path;
        if below >= room
            || self
                .memory
                .remember(mark, entry, room, &mut self.budget)
                .is_err()
        {
            let max = self.max_path;
            self.halt(Stop::Limit(Limit::States { max }));
            return Child::Skip;
        }
        // No look at the clock here: every state but the start is expanded
        // after it was generated, so the look at each 1024th child generated
        // comes often enough.
        self.expanded += 1;
        if below >= self.max_stored || self.memory.stored() > self.max_stored {
            self.max_stored = self.memory.stored().max(below + 1);
        }
        Child::Enter { mark, heuristic }
    }

    /// Looks at the watch: `true`, and the search halted, when time is up or
    /// the search was cancelled.
    ///
    /// A function of its own, so that the recursion's frames do not keep
    /// the watch's address at hand.
    #[cold]
    #[inline(never)]
    fn out_of_time(&mut self) -> bool {
        match self.watch.look() {
            Ok(()) => false,
            Err(limit) => {
                self.halt(Stop::Limit(limit));
                true
            }
        }
    }

    /// Whether the recursion may go on at `depth`, at or beyond
    /// [`recursion_depth`](Descent::recursion_depth): it measures the stack
    /// used, and moves that depth on by half of what the rest of the budget
    /// allows at the stack used per level so far, but never more than
    /// doubles it, so a level that uses more stack than the ones before it
    /// is measured soon.
    #[cold]
    fn may_recurse(&mut self, depth: usize) -> bool {
        let used = self.stack_base.abs_diff(stack_position());
        if used > self.stack_budget {
            return false;
        }
        let per_level = used.div_ceil(depth.max(1)).max(1);
        let more = (self.stack_budget - used) / per_level / 2;
        self.recursion_depth = depth + more.clamp(1, depth.max(1));
        true
    }

    /// Stops the search, for `why` (the first reason stands).
    ///
    /// A stopped search cannot tell the puzzle to stop calling back, so it
    /// makes the bound test that every child meets refuse the children left:
    /// with a bound of 0 none is within it, and no other test of the stop is
    /// needed per child (measured: 3% of the instructions on the 15-puzzle).
    /// Those children are not counted: the count goes back to where it stood
    /// at the stop when the iteration ends.
    #[cold]
    pub(super) fn halt(&mut self, why: Stop<P::State, P::Move>) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        self.stop = Some(why);
        self.bound = 0;
        // Every level's successors may stop: none is within the bound now.
        stop::request();
        self.generated_at_stop = self.generated.count();
    }

    /// Searches below the start, whose heuristic is `heuristic`: one
    /// iteration.
    pub(super) fn search_from(
        &mut self,
        puzzle: &P,
        start: &P::State,
        mark: T::Mark,
        heuristic: u32,
    ) {
        let mut backed_up = u32::MAX;
        puzzle.successors(start, |mv, child| {
            self.descend((puzzle, start, heuristic, 0), mv, child, &mut backed_up);
        });
        if T::REMEMBERS && !self.stopped {
            self.memory.learn(mark, backed_up);
        }
    }

    /// Searches below `state`, at `depth`, reached by `last`, whose
    /// heuristic is `heuristic`; returns the lower bound its children taught
    /// (with a memory; `u32::MAX` without).
    fn recurse(
        &mut self,
        puzzle: &P,
        state: &P::State,
        last: &P::Move,
        mark: T::Mark,
        heuristic: u32,
        depth: usize,
    ) -> u32 {
        if depth >= self.recursion_depth && !self.may_recurse(depth) {
            let root = (state.clone(), last.clone(), mark, heuristic);
            return self.descend_on_heap(puzzle, root, depth);
        }
        let mut backed_up = u32::MAX;
        // The closure is this level's loop body: inlined, the recursion is
        // one function calling itself, as in a hand-written search.
        let each = {
            #[inline(always)]
            |mv, child| self.descend((puzzle, state, heuristic, depth), mv, child, &mut backed_up)
        };
        if T::REMEMBERS {
            puzzle.successors(state, each);
        } else {
            puzzle.successors_after(state, last, each);
        }
        if T::REMEMBERS && !self.stopped {
            // Every child is done: what they taught us bounds this state too.
            self.memory.learn(mark, backed_up);
        }
        backed_up
    }

    /// Looks at `child`, reached by `mv` from `parent`, and searches below
    /// it if it is within the bound; what it learns goes to `backed_up`.
    #[inline(always)]
    fn descend(
        &mut self,
        (puzzle, parent, heuristic, depth): (&P, &P::State, u32, usize),
        mv: P::Move,
        child: P::State,
        backed_up: &mut u32,
    ) {
        match self.consider(puzzle, (parent, heuristic, depth), &mv, &child, backed_up) {
            Child::Skip => {}
            Child::Goal => self.halt(Stop::Found(vec![(mv, child)])),
            Child::Enter { mark, heuristic } => {
                let learned = self.recurse(puzzle, &child, &mv, mark, heuristic, depth + 1);
                if T::REMEMBERS {
                    back_up(backed_up, learned);
                }
                if self.stopped {
                    if let Some(Stop::Found(steps)) = &mut self.stop {
                        steps.push((mv, child));
                    }
                }
            }
        }
    }
}

/// Lowers `backed_up`, a state's learned bound, to one more than `bound`,
/// a child's.
#[inline(always)]
pub(super) fn back_up(backed_up: &mut u32, bound: u32) {
    *backed_up = (*backed_up).min(bound.saturating_add(1));
}

impl<P: Puzzle, T: Memory<P>> Descent<'_, P, T> {
    /// [`recurse`](Descent::recurse) from `root`, at `depth`, with the
    /// frames of the path on the heap.
    ///
    /// Out of line: only deep bounds come here, and the recursion's frames
    /// stay as small as its own work needs.
    #[cold]
    #[inline(never)]
    fn descend_on_heap(
        &mut self,
        puzzle: &P,
        (state, last, mark, heuristic): (P::State, P::Move, T::Mark, u32),
        depth: usize,
    ) -> u32 {
        let mut stack = core::mem::take(&mut self.heap);
        let root = (state, Some(last), mark, heuristic);
        let learned = match stack.enter(puzzle, 0, root, !T::REMEMBERS, &mut self.budget) {
            Err(limit) => {
                self.halt(Stop::Limit(limit));
                u32::MAX
            }
            // It cannot pause: no count of states expanded reaches `u64::MAX`.
            Ok(()) => self
                .climb(puzzle, &mut stack, &mut 0, depth, u64::MAX)
                .unwrap_or(u32::MAX),
        };
        self.heap = stack;
        learned
    }

    /// One iteration's search below a start, whose mark and heuristic are
    /// `root`, with every frame on the heap, so that it can pause: `true`
    /// when it is done (see [`search_from`](Descent::search_from)), `false`
    /// when it paused before expanding a state beyond `until`. `top` is the
    /// depth of the path under way: none before the start is expanded, and
    /// the paused path is kept in the heap stack for the next call.
    pub(super) fn search_in_slices(
        &mut self,
        puzzle: &P,
        (start, mark, heuristic): (&P::State, T::Mark, u32),
        top: &mut Option<usize>,
        until: u64,
    ) -> bool {
        let mut stack = core::mem::take(&mut self.heap);
        let mut depth = match *top {
            Some(depth) => depth,
            None if self.expanded >= until => {
                self.heap = stack;
                return false;
            }
            None => {
                self.expanded += 1;
                let root = (start.clone(), None, mark, heuristic);
                if let Err(limit) = stack.enter(puzzle, 0, root, !T::REMEMBERS, &mut self.budget) {
                    self.halt(Stop::Limit(limit));
                    self.heap = stack;
                    return true;
                }
                0
            }
        };
        let done = self
            .climb(puzzle, &mut stack, &mut depth, 0, until)
            .is_some();
        *top = (!done).then_some(depth);
        self.heap = stack;
        done
    }

    /// Searches the path on `stack`, whose first frame is at `depth`, from
    /// its frame at `top`: the bound its first frame learned (as
    /// [`recurse`](Descent::recurse) returns it), or `None` when it paused,
    /// `until` states expanded, with `top` where it stands.
    fn climb(
        &mut self,
        puzzle: &P,
        stack: &mut Stack<P::State, P::Move, T::Mark>,
        top: &mut usize,
        depth: usize,
        until: u64,
    ) -> Option<u32> {
        let prune = !T::REMEMBERS;
        loop {
            if self.expanded >= until {
                return None;
            }
            let Some((mv, child)) = stack.next_child(puzzle, *top) else {
                let frame = &stack.frames[*top];
                let learned = frame.backed_up;
                if T::REMEMBERS {
                    self.memory.learn(frame.mark, learned);
                }
                if *top == 0 {
                    return Some(learned);
                }
                *top -= 1;
                if T::REMEMBERS {
                    back_up(&mut stack.frames[*top].backed_up, learned);
                }
                continue;
            };
            let frame = &mut stack.frames[*top];
            let parent = (&frame.state, frame.heuristic, depth + *top);
            match self.consider(puzzle, parent, &mv, &child, &mut frame.backed_up) {
                Child::Skip if self.stopped => return Some(u32::MAX),
                Child::Skip => {}
                Child::Goal => {
                    let steps = stack.steps(*top, mv, child);
                    self.halt(Stop::Found(steps));
                    return Some(u32::MAX);
                }
                Child::Enter { mark, heuristic } => {
                    let next = (child, Some(mv), mark, heuristic);
                    *top += 1;
                    if let Err(limit) = stack.enter(puzzle, *top, next, prune, &mut self.budget) {
                        self.halt(Stop::Limit(limit));
                        return Some(u32::MAX);
                    }
                }
            }
        }
    }
}
