//! A* search.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::grow::Budget;
use super::open::{Below, Open};
use super::resumable::Resumable;
use super::run::{Lookout, Run, MAX_INDEXED};
use super::table::{KeyTable, INITIAL_CAPACITY};
use super::tree::Tree;
use super::{Limit, Outcome, Stats};
use crate::Puzzle;
use hashbrown::hash_table::Entry;

/// The cost of a node that a shorter way to its key replaced: it is skipped
/// when it comes out of the open list. No node that `best` points to has it.
const SUPERSEDED: u32 = u32::MAX;

impl<'p, P: Puzzle> Resumable<'p, P> for Relax<'p, P> {
    type Answer = Outcome<P::State, P::Move>;

    fn begin(puzzle: &'p P, starts: Vec<P::State>, run: &Run<'p>) -> Result<Self, Self::Answer> {
        let starts: Vec<(u32, P::State)> = starts
            .into_iter()
            .map(|start| (puzzle.heuristic(&start), start))
            .collect();
        // A start whose bound passes the depth limit is cut off at once.
        if !starts.is_empty() && starts.iter().all(|&(bound, _)| bound > run.max_depth()) {
            return Err(Outcome::LimitReached(run.depth_limit()));
        }
        let mut budget = run.budget();
        let (best, tree) =
            Tree::with_table_in(&mut budget, INITIAL_CAPACITY).map_err(Outcome::LimitReached)?;
        let nodes = budget
            .vec(budget.start(INITIAL_CAPACITY))
            .map_err(Outcome::LimitReached)?;
        let mut relax = Relax {
            puzzle,
            lookout: Lookout::new(run),
            best,
            tree,
            nodes,
            open: Open::default(),
            budget,
            parent: 0,
            child_cost: 0,
            max_depth: run.max_depth(),
            max_states: run.max_states(),
            depth_cut: false,
            stop: None,
        };
        relax.plant(starts).map_err(Outcome::LimitReached)?;
        Ok(relax)
    }

    // Inlined, the search in one call keeps its loop's state where a loop
    // of its own would; the test for `until` is there only when `PAUSE`.
    #[inline(always)]
    fn advance<const PAUSE: bool>(
        &mut self,
        run: &mut Run<'p>,
        until: u64,
    ) -> Option<Self::Answer> {
        let puzzle = self.puzzle;
        let outcome = loop {
            if PAUSE && run.stats.expanded >= until {
                return None;
            }
            let nodes = &self.nodes;
            let Some(index) = self.open.pop(|node| nodes[node as usize].below) else {
                break if self.depth_cut {
                    Outcome::LimitReached(run.depth_limit())
                } else {
                    Outcome::Unsolvable
                };
            };
            let node = &self.nodes[index as usize];
            if node.cost == SUPERSEDED {
                continue;
            }
            let child_cost = node.cost + 1;
            let (state, last) = self.tree.node(index as usize);
            if puzzle.is_goal(state) {
                break Outcome::Solved(self.tree.path_to(index as usize));
            }
            if let Err(limit) = self.lookout.check() {
                break Outcome::LimitReached(limit);
            }
            run.stats.expanded += 1;
            // A copy, so that the children can join the tree while it is read:
            // one clone per state expanded, against one new node per child.
            let (state, last) = (state.clone(), last.cloned());
            self.child_cost = child_cost;
            self.parent = index;
            // Two closures, one per call: each is inlined into its own generator.
            match &last {
                Some(last) => {
                    puzzle.successors_after(&state, last, |mv, child| self.visit(mv, child))
                }
                None => puzzle.successors(&state, |mv, child| self.visit(mv, child)),
            }
            run.stats.max_stored = run.stats.max_stored.max(self.best.len());
            if let Some(limit) = self.stop {
                break Outcome::LimitReached(limit);
            }
        };
        run.stats.generated += self.lookout.generated.count();
        Some(outcome)
    }

    fn stats(&self, run: &Run<'_>) -> Stats {
        let mut stats = run.stats;
        stats.generated += self.lookout.generated.count();
        stats
    }
}

/// What A* knows of a state it has reached besides the state and its link,
/// which the search [`Tree`] holds at the same index: the index of a node is
/// its place in both, which the open list and the table of keys hold.
struct Node {
    /// The moves from the start, or [`SUPERSEDED`].
    cost: u32,
    /// The node below it in its bucket of the open list (see [`Open::push`]).
    below: Below,
}

/// What A* knows while it expands one node: every node reached, the best node
/// for each key, and the open list.
pub(super) struct Relax<'p, P: Puzzle> {
    puzzle: &'p P,
    lookout: Lookout<'p>,
    /// For each key, the node that reaches it by the fewest moves found so far;
    /// a node replaced there by a shorter way is marked superseded.
    best: KeyTable<P::Key, u32>,
    /// Every node reached: its state and link, and its cost and place in the
    /// open list, at the same index.
    tree: Tree<P::State, P::Move>,
    nodes: Vec<Node>,
    open: Open,
    /// The bytes of `best`, `tree`, `nodes` and `open`, and the limit on them.
    budget: Budget,
    /// The node being expanded, and the cost of its children.
    parent: u32,
    child_cost: u32,
    max_depth: u32,
    max_states: usize,
    /// Whether a child was dropped for a bound beyond `max_depth`.
    depth_cut: bool,
    stop: Option<Limit>,
}

impl<P: Puzzle> Relax<'_, P> {
    /// Makes each of `starts` (with its bound) a root, at no moves; one
    /// whose bound passes the depth limit is cut off.
    ///
    /// Out of line: the search's loop is compiled as it is for one start.
    #[inline(never)]
    fn plant(&mut self, starts: Vec<(u32, P::State)>) -> Result<(), Limit> {
        for (bound, start) in starts {
            if bound > self.max_depth {
                self.depth_cut = true;
                continue;
            }
            let index = self.tree.len() as u32;
            self.best.insert_new(self.puzzle.encode(&start), index);
            self.budget.table_room(&mut self.best)?;
            self.budget.room(&mut self.nodes)?;
            let below = self.open.push(bound, index, &mut self.budget)?;
            self.tree.push_root(start);
            self.nodes.push(Node { cost: 0, below });
        }
        Ok(())
    }

    /// Keeps `child`, reached by `mv`, if no node reaches its key as cheaply.
    #[inline(always)]
    fn visit(&mut self, mv: P::Move, child: P::State) {
        if !self.lookout.arrive(&mut self.stop, core::convert::identity) {
            return;
        }
        // Nodes outnumber keys by the ones superseded: they too must stay
        // within what a `u32` numbers.
        if self.nodes.len() > MAX_INDEXED {
            self.stop = Some(Limit::States { max: MAX_INDEXED });
            return;
        }
        // At most `MAX_INDEXED`, so the index fits.
        let child_index = self.nodes.len() as u32;
        let keys = self.best.len();
        let key = self.puzzle.encode(&child);
        let mut added = false;
        let pushed = match self.best.entry(key) {
            Entry::Occupied(mut entry) => {
                // A sibling met earlier has the same cost, so it is kept too.
                let known = entry.get().1 as usize;
                if self.nodes[known].cost <= self.child_cost {
                    return;
                }
                let Some(bound) =
                    bound_within(self.puzzle, &child, self.child_cost, self.max_depth)
                else {
                    self.depth_cut = true;
                    return;
                };
                if let Err(limit) = room(&mut self.tree, &mut self.nodes, &mut self.budget) {
                    self.stop = Some(limit);
                    return;
                }
                self.nodes[known].cost = SUPERSEDED;
                entry.get_mut().1 = child_index;
                self.open.push(bound, child_index, &mut self.budget)
            }
            Entry::Vacant(entry) => {
                let Some(bound) =
                    bound_within(self.puzzle, &child, self.child_cost, self.max_depth)
                else {
                    self.depth_cut = true;
                    return;
                };
                if keys >= self.max_states {
                    self.stop = Some(Limit::States {
                        max: self.max_states,
                    });
                    return;
                }
                if let Err(limit) = room(&mut self.tree, &mut self.nodes, &mut self.budget) {
                    self.stop = Some(limit);
                    return;
                }
                entry.insert((key, child_index));
                added = true;
                self.open.push(bound, child_index, &mut self.budget)
            }
        };
        // Room for the next key, where growing can fail.
        let pushed = match pushed {
            Ok(below) if added => self.budget.table_room(&mut self.best).map(|()| below),
            pushed => pushed,
        };
        let below = match pushed {
            Ok(below) => below,
            Err(limit) => {
                self.stop = Some(limit);
                return;
            }
        };
        self.tree.push(child, self.parent, mv);
        self.nodes.push(Node {
            cost: self.child_cost,
            below,
        });
    }
}

/// Room for one more node in `tree` and `nodes`, from `budget`.
#[inline(always)]
fn room<S, M>(
    tree: &mut Tree<S, M>,
    nodes: &mut Vec<Node>,
    budget: &mut Budget,
) -> Result<(), Limit> {
    tree.room(budget)?;
    budget.room(nodes)
}

/// The lower bound on a solution through `child`, reached at `cost`; `None`
/// when it passes `max_depth`.
#[inline(always)]
fn bound_within<P: Puzzle>(puzzle: &P, child: &P::State, cost: u32, max_depth: u32) -> Option<u32> {
    Some(cost.saturating_add(puzzle.heuristic(child))).filter(|&bound| bound <= max_depth)
}
