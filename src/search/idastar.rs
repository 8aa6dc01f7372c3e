//! Iterative-deepening A*.

// Indices in this module point into the engine's own stack and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::bfs;
use super::run::{Countdown, Run, Watch};
use super::table::KeyMap;
use super::{Limit, Limits, Outcome, SearchResult};
use crate::{Path, Puzzle};

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
/// that much of the thread's stack and no more. It skips the successors
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
/// Memory: the path (on the thread's stack, then the heap), plus the table
/// if one is asked for. Time: the states within each bound, summed over the bounds
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
    search_within(puzzle, start, run, RECURSION_STACK)
}

/// [`search`], the recursion allowed `stack_budget` bytes of the stack.
fn search_within<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    run: &mut Run<'_>,
    stack_budget: usize,
) -> Outcome<P::State, P::Move> {
    match run.table_capacity() {
        None => deepen(puzzle, start, run, NoTable, stack_budget),
        Some(capacity) => deepen(puzzle, start, run, Table::new(capacity), stack_budget),
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

/// How much of the thread's stack the recursive descent may use before it
/// goes on with a stack of its own on the heap: a sixteenth of the 2 MiB Rust
/// gives a new thread, hundreds of levels (some 400 for the 15-puzzle, whose
/// solutions are at most 80 moves long).
const RECURSION_STACK: usize = 128 * 1024;

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
enum Stop<S, M> {
    /// A goal was found: the moves and states from the state the descent was
    /// entered at (not included) down to the goal, the goal first.
    Found(Vec<(M, S)>),
    /// A limit was reached.
    Limit(Limit),
}

/// What [`Descent::consider`] makes of a child.
enum Child<K> {
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
struct Descent<'w, P: Puzzle, T: Memory<P>> {
    memory: T,
    watch: Watch<'w>,
    max_depth: u32,
    max_path: usize,
    /// The iteration under way, and its bound on moves made plus heuristic.
    iteration: u32,
    bound: u32,
    /// The smallest f above the bound (and within the depth limit) met.
    next_bound: u32,
    /// Whether the depth limit cut a child off.
    depth_cut: bool,
    /// Whether a child was met that the memory did not know (kept only by
    /// a memory that knows states).
    met_new_state: bool,
    /// The children generated, and when to look at the watch.
    generated: Countdown,
    expanded: u64,
    max_stored: usize,
    /// Whether the search must stop, why, and the children generated when
    /// it stopped.
    stopped: bool,
    generated_at_stop: u64,
    stop: Option<Stop<P::State, P::Move>>,
    /// Where the stack was when the search began, and how far from it the
    /// recursion may go.
    stack_base: usize,
    stack_budget: usize,
    /// The depth below which the recursion goes on without measuring the
    /// stack: what the budget left allows at the stack used per level.
    recursion_depth: usize,
    /// The heap stack's frames, kept from one use to the next.
    heap: Stack<P::State, P::Move, T::Mark>,
}

impl<P: Puzzle, T: Memory<P>> Descent<'_, P, T> {
    /// Looks at `child`, reached by `mv` from `parent` (whose heuristic is
    /// `heuristic`, at `depth`): counts it, checks the limits, and tells what
    /// to do with it. Lower bounds it learns go to `backed_up`, the parent's.
    #[inline(always)]
    fn consider(
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
        if below >= self.max_path || self.memory.remember(mark, entry, self.max_path).is_err() {
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
    fn halt(&mut self, why: Stop<P::State, P::Move>) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        self.stop = Some(why);
        self.bound = 0;
        self.generated_at_stop = self.generated.count();
    }

    /// Searches below the start, whose heuristic is `heuristic`: one
    /// iteration.
    fn search_from(&mut self, puzzle: &P, start: &P::State, mark: T::Mark, heuristic: u32) {
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

    /// [`recurse`](Descent::recurse) from `root`, at `depth`, with the
    /// frames of the path on the heap.
    fn descend_on_heap(
        &mut self,
        puzzle: &P,
        root: (P::State, P::Move, T::Mark, u32),
        depth: usize,
    ) -> u32 {
        let prune = !T::REMEMBERS;
        let mut stack = core::mem::take(&mut self.heap);
        stack.enter(puzzle, 0, root, prune);
        let mut top = 0;
        let learned = loop {
            let frame = &mut stack.frames[top];
            let Some((mv, child)) = frame.children.get(frame.taken) else {
                let learned = frame.backed_up;
                if T::REMEMBERS {
                    self.memory.learn(frame.mark, learned);
                }
                if top == 0 {
                    break learned;
                }
                top -= 1;
                if T::REMEMBERS {
                    back_up(&mut stack.frames[top].backed_up, learned);
                }
                continue;
            };
            frame.taken += 1;
            let parent = (&frame.state, frame.heuristic, depth + top);
            match self.consider(puzzle, parent, mv, child, &mut frame.backed_up) {
                Child::Skip if self.stopped => break u32::MAX,
                Child::Skip => {}
                Child::Goal => {
                    let (mv, child) = (mv.clone(), child.clone());
                    let steps = stack.steps(top, mv, child);
                    self.halt(Stop::Found(steps));
                    break u32::MAX;
                }
                Child::Enter { mark, heuristic } => {
                    let next = (child.clone(), mv.clone(), mark, heuristic);
                    top += 1;
                    stack.enter(puzzle, top, next, prune);
                }
            }
        };
        self.heap = stack;
        learned
    }
}

/// Lowers `backed_up`, a state's learned bound, to one more than `bound`,
/// a child's.
#[inline(always)]
fn back_up(backed_up: &mut u32, bound: u32) {
    *backed_up = (*backed_up).min(bound.saturating_add(1));
}

/// One state of a path on the heap: the state, how it was reached, and its
/// children not tried yet.
struct Frame<S, M, K> {
    state: S,
    /// The move that reached `state`.
    last: M,
    /// What the memory calls `state`.
    mark: K,
    /// The heuristic of `state`.
    heuristic: u32,
    /// The children of `state`, and how many were taken.
    children: Vec<(M, S)>,
    taken: usize,
    /// The smallest of one plus the bound of each child taken so far.
    backed_up: u32,
}

/// A depth-first path on the heap: `frames[d]` is the state `d` moves below
/// the one the descent began at. Frames are kept from one descent to the
/// next, so their children's vectors are allocated once per depth, not once
/// per state.
struct Stack<S, M, K> {
    frames: Vec<Frame<S, M, K>>,
}

impl<S, M, K> Default for Stack<S, M, K> {
    fn default() -> Self {
        Stack { frames: Vec::new() }
    }
}

impl<S: Clone, M: Clone, K: Copy> Stack<S, M, K> {
    /// Makes `state`, reached by `last`, the state at `depth`, and lists its
    /// children: all of them, or those `successors_after` keeps when `prune`.
    fn enter<P: Puzzle<State = S, Move = M>>(
        &mut self,
        puzzle: &P,
        depth: usize,
        (state, last, mark, heuristic): (S, M, K, u32),
        prune: bool,
    ) {
        if self.frames.len() <= depth {
            self.frames.push(Frame {
                state,
                last,
                mark,
                heuristic,
                children: Vec::new(),
                taken: 0,
                backed_up: u32::MAX,
            });
        } else {
            let frame = &mut self.frames[depth];
            frame.state = state;
            frame.last = last;
            frame.mark = mark;
            frame.heuristic = heuristic;
            frame.taken = 0;
            frame.backed_up = u32::MAX;
        }
        let frame = &mut self.frames[depth];
        let children = &mut frame.children;
        children.clear();
        let keep = |mv, child| children.push((mv, child));
        if prune {
            puzzle.successors_after(&frame.state, &frame.last, keep);
        } else {
            puzzle.successors(&frame.state, keep);
        }
    }

    /// The steps below the first frame down to the one at `depth`, then `mv`
    /// to `goal`, the goal first (as [`Stop::Found`] holds them).
    fn steps(&self, depth: usize, mv: M, goal: S) -> Vec<(M, S)> {
        let mut steps = vec![(mv, goal)];
        for frame in self.frames[1..=depth].iter().rev() {
            steps.push((frame.last.clone(), frame.state.clone()));
        }
        steps
    }
}

/// The iterations of IDA* from `start`, remembering with `memory`, the
/// recursion allowed `stack_budget` bytes of the stack.
fn deepen<P: Puzzle, T: Memory<P>>(
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::search::{idastar, Limits};

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
        Run::search(&Letters, start, limits, |puzzle, start, run| {
            search_within(puzzle, start, run, budget)
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
