//! Bidirectional breadth-first search.

use hashbrown::hash_table::Entry;

use super::bfs::Breadth;
use super::grow::Budget;
use super::resumable::run_to_end;
use super::run::{Lookout, Run};
use super::table::{KeyTable, INITIAL_CAPACITY};
use super::tree::Tree;
use super::{Limit, Outcome};
use crate::adapt::stop;
use crate::{Backward, Path};

/// One direction of the search: a breadth-first tree whose states are indexed by key.
struct Side<P: Backward> {
    tree: Tree<P::State, P::Move>,
    index: KeyTable<P::Key, u32>,
    /// The tree's states from `layer_start` on are the layer expanded next.
    layer_start: usize,
    depth: u32,
}

impl<P: Backward> Side<P> {
    fn new(budget: &mut Budget) -> Result<Self, Limit> {
        Ok(Side {
            tree: Tree::new_in(budget, INITIAL_CAPACITY)?,
            index: budget.table(INITIAL_CAPACITY)?,
            layer_start: 0,
            depth: 0,
        })
    }

    /// Adds a root, whose `key` this side does not hold yet.
    fn insert_root(
        &mut self,
        key: P::Key,
        state: P::State,
        budget: &mut Budget,
    ) -> Result<(), Limit> {
        let index = self.tree.push_root(state);
        self.index.insert_new(key, index);
        budget.table_room(&mut self.index)
    }

    fn len(&self) -> usize {
        self.tree.len()
    }

    fn frontier(&self) -> usize {
        self.tree.len() - self.layer_start
    }
}

/// Where the two searches touched: a state of the forward tree and the key of a
/// state of the backward tree one move beyond it.
struct Meeting {
    forward: usize,
    backward: usize,
}

/// Bidirectional BFS from `starts`, one per key, none a goal, all admitted.
pub(super) fn search<'p, P: Backward>(
    puzzle: &'p P,
    starts: Vec<P::State>,
    run: &mut Run<'p>,
) -> Outcome<P::State, P::Move> {
    if starts.is_empty() {
        return Outcome::Unsolvable;
    }
    // Both sides grow within one budget.
    let mut budget = run.budget();
    let sides =
        Side::<P>::new(&mut budget).and_then(|forward| Ok((forward, Side::<P>::new(&mut budget)?)));
    let (mut forward, mut backward) = match sides {
        Ok(sides) => sides,
        Err(limit) => return Outcome::LimitReached(limit),
    };
    // The starts are admitted; each seed must fit beside them. Starts of
    // the same goal set share its seeds.
    let mut seeding = Ok(());
    for start in &starts {
        puzzle.goal_states(start, |goal| {
            let key = puzzle.encode(&goal);
            if seeding.is_ok() && !backward.index.contains(&key) {
                seeding = run.admit(backward.len() + 1 + starts.len());
                if seeding.is_ok() {
                    seeding = backward.insert_root(key, goal, &mut budget);
                }
            }
        });
        if seeding.is_err() {
            break;
        }
    }
    run.stats.max_stored = backward.len();
    if let Err(limit) = seeding {
        return Outcome::LimitReached(limit);
    }
    let roots = starts.len();
    for start in starts {
        run.stats.max_stored += 1;
        let key = puzzle.encode(&start);
        if let Err(limit) = forward.insert_root(key, start, &mut budget) {
            return Outcome::LimitReached(limit);
        }
    }
    if backward.len() == 0 {
        return Outcome::Unsolvable;
    }
    let max_depth = run.max_depth();
    loop {
        if forward.frontier() == 0 || backward.frontier() == 0 {
            return Outcome::Unsolvable;
        }
        if forward.depth.saturating_add(backward.depth) >= max_depth {
            return Outcome::LimitReached(run.depth_limit());
        }
        let expand_forward = forward.frontier() <= backward.frontier();
        let step = if expand_forward {
            expand_layer(puzzle, &mut forward, &backward, &mut budget, run, true)
        } else {
            expand_layer(puzzle, &mut backward, &forward, &mut budget, run, false)
        };
        run.stats.max_stored = forward.len() + backward.len();
        match step {
            Err(limit) => return Outcome::LimitReached(limit),
            Ok(Some(meeting)) => {
                // The meeting stopped the layer; the path is rebuilt by
                // asking the puzzle again.
                stop::withdraw();
                return match join(puzzle, &forward, &backward, meeting) {
                    Some(path) => Outcome::Solved(path),
                    // A broken `encode` contract: a path of real moves from BFS instead.
                    None => {
                        let starts = (0..roots)
                            .map(|root| forward.tree.state(root).clone())
                            .collect();
                        drop((forward, backward));
                        run_to_end::<P, Breadth<'p, P>>(puzzle, starts, run)
                    }
                };
            }
            Ok(None) => {}
        }
    }
}

/// Expands the frontier layer of `side`; stops at the first state `other` already holds.
fn expand_layer<P: Backward>(
    puzzle: &P,
    side: &mut Side<P>,
    other: &Side<P>,
    budget: &mut Budget,
    run: &mut Run<'_>,
    is_forward: bool,
) -> Result<Option<Meeting>, Limit> {
    let layer_end = side.len();
    let mut layer = Layer {
        puzzle,
        lookout: Lookout::new(run),
        budget,
        index: &mut side.index,
        tree: &mut side.tree,
        other: &other.index,
        other_holds_goals_only: is_forward && other.depth == 0,
        skip_goals: !is_forward,
        max_states: run.max_states(),
        stop: None,
    };
    let mut outcome = Ok(None);
    for from in side.layer_start..layer_end {
        if let Err(limit) = layer.lookout.check() {
            outcome = Err(limit);
            break;
        }
        run.stats.expanded += 1;
        // A copy, so that the new states can join the tree while it is read.
        let (state, last) = layer.tree.node(from);
        let (state, last) = (state.clone(), last.cloned());
        let from = from as u32;
        // One closure per call: each is inlined into its own generator.
        match (&last, is_forward) {
            (Some(last), true) => {
                puzzle.successors_after(&state, last, |mv, next| layer.visit(from, mv, next))
            }
            (None, true) => puzzle.successors(&state, |mv, next| layer.visit(from, mv, next)),
            (Some(next), false) => puzzle
                .predecessors_before(&state, next, |mv, previous| layer.visit(from, mv, previous)),
            (None, false) => {
                puzzle.predecessors(&state, |mv, previous| layer.visit(from, mv, previous))
            }
        }
        match layer.stop.take() {
            Some(Ok(there)) => {
                outcome = Ok(Some(if is_forward {
                    Meeting {
                        forward: from as usize,
                        backward: there,
                    }
                } else {
                    Meeting {
                        forward: there,
                        backward: from as usize,
                    }
                }));
                break;
            }
            Some(Err(limit)) => {
                outcome = Err(limit);
                break;
            }
            None => {}
        }
    }
    run.stats.generated += layer.lookout.generated.count();
    side.layer_start = layer_end;
    side.depth += 1;
    outcome
}

/// The layer one side is adding, and what both sides hold.
struct Layer<'a, P: Backward> {
    puzzle: &'a P,
    lookout: Lookout<'a>,
    index: &'a mut KeyTable<P::Key, u32>,
    /// This side's tree, which the layer grows.
    tree: &'a mut Tree<P::State, P::Move>,
    /// The bytes both sides hold, and the limit on them.
    budget: &'a mut Budget,
    other: &'a KeyTable<P::Key, u32>,
    /// Whether the other side holds only goal states, so that a state that is
    /// no goal need not be looked up there.
    other_holds_goals_only: bool,
    /// Whether to pass over goals: the backward side does, as every goal it
    /// needs is among its seeds.
    skip_goals: bool,
    max_states: usize,
    /// Why the layer ends early: the other side's index of a state both hold,
    /// or the limit reached.
    stop: Option<Result<usize, Limit>>,
}

impl<P: Backward> Layer<'_, P> {
    /// Records `state`, one move from state `parent` of this side's frontier.
    #[inline(always)]
    fn visit(&mut self, parent: u32, mv: P::Move, state: P::State) {
        if !self.lookout.arrive(&mut self.stop, Err) {
            return;
        }
        if self.skip_goals && self.puzzle.is_goal(&state) {
            return;
        }
        let key = self.puzzle.encode(&state);
        if !self.other_holds_goals_only || self.puzzle.is_goal(&state) {
            if let Some(&there) = self.other.get(&key) {
                self.stop = Some(Ok(there as usize));
                return;
            }
        }
        let full = self.index.len() + self.other.len() >= self.max_states;
        let Entry::Vacant(vacancy) = self.index.entry(key) else {
            return;
        };
        if full {
            self.stop = Some(Err(Limit::States {
                max: self.max_states,
            }));
            return;
        }
        if let Err(limit) = self.tree.room(self.budget) {
            self.stop = Some(Err(limit));
            return;
        }
        vacancy.insert((key, self.tree.push(state, parent, mv)));
        // Room for the next key, where growing can fail.
        if let Err(limit) = self.budget.table_room(self.index) {
            self.stop = Some(Err(limit));
        }
    }
}

/// The forward path to the meeting state, then real moves through the
/// backward tree's keys; `None` if those keys lead nowhere or not to a goal,
/// which only a puzzle that breaks the `encode` contract can make happen.
fn join<P: Backward>(
    puzzle: &P,
    forward: &Side<P>,
    backward: &Side<P>,
    meeting: Meeting,
) -> Option<Path<P::State, P::Move>> {
    let mut path = forward.tree.path_to(meeting.forward);
    let keys = backward
        .tree
        .ancestry(meeting.backward)
        .map(|index| puzzle.encode(backward.tree.state(index)));
    for key in keys {
        // The backward tree knows only which key classes its path passes
        // through: each step takes a successor with the next key, so every step
        // is a real move even when `encode` folds symmetric states together.
        let mut step = None;
        puzzle.successors(path.goal(), |mv, next| {
            if step.is_none() && puzzle.encode(&next) == key {
                step = Some((mv, next));
            }
        });
        let (mv, next) = step?;
        path.push(mv, next);
    }
    puzzle.is_goal(path.goal()).then_some(path)
}
