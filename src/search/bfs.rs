//! Breadth-first search.

use hashbrown::hash_table::Entry;

use super::grow::Budget;
use super::run::{self, Countdown, Run, Watch};
use super::table::{KeyTable, INITIAL_CAPACITY};
use super::tree::Tree;
use super::{Limit, Outcome, Stats};
use crate::adapt::stop;
use crate::Puzzle;

/// BFS from `starts`, one per key, none a goal, all admitted.
pub(super) fn search<P: Puzzle>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
) -> Outcome<P::State, P::Move> {
    let mut breadth = match Breadth::new(puzzle, starts, run) {
        Ok(breadth) => breadth,
        Err(outcome) => return outcome,
    };
    loop {
        if let Some(outcome) = breadth.advance(run, u64::MAX) {
            return outcome;
        }
    }
}

/// A breadth-first search under way, which may pause between two states
/// expanded: the layer being expanded, and what the search holds.
pub(super) struct Breadth<'p, P: Puzzle> {
    layer: Layer<'p, P>,
    /// The layer being expanded, and the next state of it to expand.
    layer_start: usize,
    layer_end: usize,
    next: usize,
    depth: u32,
}

impl<'p, P: Puzzle> Breadth<'p, P> {
    /// A search from `starts` (one per key, none a goal, all admitted), or
    /// the limit that stops it before it begins.
    pub(super) fn new(
        puzzle: &'p P,
        starts: Vec<P::State>,
        run: &Run<'p>,
    ) -> Result<Self, Outcome<P::State, P::Move>> {
        let mut budget = run.budget();
        let (seen, tree) =
            Tree::with_table_in(&mut budget, INITIAL_CAPACITY).map_err(Outcome::LimitReached)?;
        let watch = run.watch();
        let mut layer = Layer {
            puzzle,
            generated: watch.countdown(0),
            watch,
            seen,
            max_states: run.max_states(),
            room: run.max_states().saturating_sub(starts.len()),
            tree,
            budget,
            stop: None,
        };
        for start in starts {
            layer.seen.insert_new(puzzle.encode(&start), ());
            layer
                .budget
                .table_room(&mut layer.seen)
                .map_err(Outcome::LimitReached)?;
            layer.tree.push_root(start);
        }
        Ok(Breadth {
            layer,
            layer_start: 0,
            layer_end: 0,
            next: 0,
            depth: 0,
        })
    }

    /// Expands states until the search ends (its outcome, the statistics
    /// written to `run`) or `run` counts `until` states expanded (`None`:
    /// paused, to go on from the next state).
    pub(super) fn advance(
        &mut self,
        run: &mut Run<'_>,
        until: u64,
    ) -> Option<Outcome<P::State, P::Move>> {
        let puzzle = self.layer.puzzle;
        let layer = &mut self.layer;
        let outcome = loop {
            if self.next == self.layer_start {
                // A layer begins (again, after a pause here: the same tests).
                self.layer_end = layer.tree.len();
                if self.layer_start == self.layer_end {
                    break Outcome::Unsolvable;
                }
                if self.depth >= run.max_depth() {
                    break match layer.leads_beyond(self.layer_start, run) {
                        Ok(true) => Outcome::LimitReached(run.depth_limit()),
                        Ok(false) => Outcome::Unsolvable,
                        Err(limit) => Outcome::LimitReached(limit),
                    };
                }
            }
            // As many states as the slice allows, at most the rest of the layer.
            let room = usize::try_from(until.saturating_sub(run.stats.expanded));
            let end = self
                .layer_end
                .min(self.next.saturating_add(room.unwrap_or(usize::MAX)));
            if end == self.next {
                return None;
            }
            for parent in self.next..end {
                if let Err(limit) = layer.watch.check() {
                    layer.stop = Some(Stop::Limit(limit));
                    break;
                }
                run.stats.expanded += 1;
                // A copy, so that the children can join the tree while it is read:
                // one clone per state expanded, against one new state per child.
                let (state, last) = layer.tree.node(parent);
                let (state, last) = (state.clone(), last.cloned());
                let parent = parent as u32;
                // Two closures, one per call: each is inlined into its own generator.
                match &last {
                    Some(last) => puzzle
                        .successors_after(&state, last, |mv, child| layer.visit(parent, mv, child)),
                    None => puzzle.successors(&state, |mv, child| layer.visit(parent, mv, child)),
                }
                if layer.stop.is_some() {
                    break;
                }
            }
            match layer.stop.take() {
                Some(Stop::Found { parent, mv, goal }) => {
                    let mut path = layer.tree.path_to(parent as usize);
                    path.push(mv, goal);
                    break Outcome::Solved(path);
                }
                Some(Stop::Limit(limit)) => break Outcome::LimitReached(limit),
                None if end == self.layer_end => {
                    self.layer_start = self.layer_end;
                    self.next = self.layer_end;
                    self.depth += 1;
                }
                None => self.next = end,
            }
        };
        run.stats.generated += layer.generated.count();
        // Another engine may have stored more before it handed over to BFS.
        run.stats.max_stored = run.stats.max_stored.max(layer.seen.len());
        Some(outcome)
    }

    /// The statistics so far: `run`'s, with the children generated and the
    /// states stored that the search has not written there yet.
    pub(super) fn stats(&self, run: &Run<'_>) -> Stats {
        let mut stats = run.stats;
        stats.generated += self.layer.generated.count();
        stats.max_stored = stats.max_stored.max(self.layer.seen.len());
        stats
    }
}

/// The next layer as it grows, and what the search has seen so far.
struct Layer<'p, P: Puzzle> {
    puzzle: &'p P,
    watch: Watch<'p>,
    seen: KeyTable<P::Key>,
    max_states: usize,
    /// How many more states the state limit lets the search store.
    room: usize,
    /// Every state reached, layer after layer.
    tree: Tree<P::State, P::Move>,
    /// The bytes `seen` and `tree` hold, and the limit on them.
    budget: Budget,
    /// The children generated, and when to look at the watch.
    generated: Countdown,
    stop: Option<Stop<P::State, P::Move>>,
}

/// Why the search stops before the layer is done.
enum Stop<S, M> {
    /// A goal, reached by `mv` from state `parent` of the current layer.
    Found { parent: u32, mv: M, goal: S },
    /// A limit.
    Limit(Limit),
}

impl<P: Puzzle> Layer<'_, P> {
    /// Records `child`, reached by `mv` from state `parent` of the current layer.
    #[inline(always)]
    fn visit(&mut self, parent: u32, mv: P::Move, child: P::State) {
        let look = self.generated.step();
        if self.stop.is_some() {
            // The search has stopped: the rest of the children need not come.
            stop::request();
            return;
        }
        if look {
            if let Err(limit) = self.watch.look() {
                self.stop = Some(Stop::Limit(limit));
                return;
            }
        }
        let key = self.puzzle.encode(&child);
        let Entry::Vacant(vacancy) = self.seen.entry(key) else {
            return;
        };
        if self.room == 0 {
            self.stop = Some(Stop::Limit(Limit::States {
                max: self.max_states,
            }));
            return;
        }
        self.room -= 1;
        vacancy.insert((key, ()));
        if self.puzzle.is_goal(&child) {
            self.stop = Some(Stop::Found {
                parent,
                mv,
                goal: child,
            });
            return;
        }
        // Room in the tree for this child, and in the table for the next
        // key: neither grows where it could not fail.
        let room = self.tree.room(&mut self.budget);
        if let Err(limit) = room.and_then(|()| self.budget.table_room(&mut self.seen)) {
            self.stop = Some(Stop::Limit(limit));
            return;
        }
        self.tree.push(child, parent, mv);
    }

    /// Whether a state of the layer from `layer_start` on has a successor not
    /// seen yet; stops at the first.
    fn leads_beyond(&mut self, layer_start: usize, run: &mut Run<'_>) -> Result<bool, Limit> {
        let states = (layer_start..self.tree.len()).map(|index| self.tree.state(index));
        let seen = |key: &P::Key| self.seen.contains(key);
        run::leads_beyond(
            self.puzzle,
            states,
            seen,
            &mut self.watch,
            &mut self.generated,
            run,
        )
    }
}
