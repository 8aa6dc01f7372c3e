//! Breadth-first search.

use hashbrown::hash_table::Entry;

use super::reach::Reach;
use super::resumable::Resumable;
use super::run::Run;
use super::{Limit, Outcome, Stats};
use crate::Puzzle;

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

impl<'p, P: Puzzle> Resumable<'p, P> for Breadth<'p, P> {
    type Answer = Outcome<P::State, P::Move>;

    fn begin(puzzle: &'p P, starts: Vec<P::State>, run: &Run<'p>) -> Result<Self, Self::Answer> {
        let reach = Reach::new(puzzle, starts, run, |_| ()).map_err(Outcome::LimitReached)?;
        let layer = Layer { reach, stop: None };
        Ok(Breadth {
            layer,
            layer_start: 0,
            layer_end: 0,
            next: 0,
            depth: 0,
        })
    }

    // A layer is expanded in runs of at most the slice's states: the test
    // for `until` costs one comparison a run whether `PAUSE` or not.
    #[inline(always)]
    fn advance<const PAUSE: bool>(
        &mut self,
        run: &mut Run<'p>,
        until: u64,
    ) -> Option<Self::Answer> {
        let puzzle = self.layer.reach.puzzle;
        let layer = &mut self.layer;
        let outcome = loop {
            if self.next == self.layer_start {
                // A layer begins (again, after a pause here: the same tests).
                self.layer_end = layer.reach.tree.len();
                if self.layer_start == self.layer_end {
                    break Outcome::Unsolvable;
                }
                if self.depth >= run.max_depth() {
                    break match layer.reach.leads_beyond(self.layer_start, run) {
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
                if let Err(limit) = layer.reach.lookout.check() {
                    layer.stop = Some(Stop::Limit(limit));
                    break;
                }
                run.stats.expanded += 1;
                // A copy, so that the children can join the tree while it is read:
                // one clone per state expanded, against one new state per child.
                let (state, last) = layer.reach.tree.node(parent);
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
                    let mut path = layer.reach.tree.path_to(parent as usize);
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
        layer.reach.record(&mut run.stats);
        Some(outcome)
    }

    fn stats(&self, run: &Run<'_>) -> Stats {
        let mut stats = run.stats;
        self.layer.reach.record(&mut stats);
        stats
    }
}

/// The next layer as it grows, and what the search has seen so far.
struct Layer<'p, P: Puzzle> {
    reach: Reach<'p, P, ()>,
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
        let reach = &mut self.reach;
        if !reach.lookout.arrive(&mut self.stop, Stop::Limit) {
            return;
        }
        let key = reach.puzzle.encode(&child);
        let Entry::Vacant(vacancy) = reach.seen.entry(key) else {
            return;
        };
        if let Err(limit) = reach.states_left.claim() {
            self.stop = Some(Stop::Limit(limit));
            return;
        }
        vacancy.insert((key, ()));
        if reach.puzzle.is_goal(&child) {
            self.stop = Some(Stop::Found {
                parent,
                mv,
                goal: child,
            });
            return;
        }
        // Room in the tree for this child, and in the table for the next
        // key: neither grows where it could not fail.
        let room = reach.tree.room(&mut reach.budget);
        if let Err(limit) = room.and_then(|()| reach.budget.table_room(&mut reach.seen)) {
            self.stop = Some(Stop::Limit(limit));
            return;
        }
        reach.tree.push(child, parent, mv);
    }
}
