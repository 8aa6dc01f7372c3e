//! A* search.

// Indices in this module point into the engine's own arenas and are created by
// the engine itself; none comes from puzzle input, and all are in bounds.
#![allow(clippy::indexing_slicing)]

use super::open::Open;
use super::run::{Run, Watch};
use super::tree::Tree;
use super::{Limit, Limits, Outcome, SearchResult};
use crate::table::{KeyMap, INITIAL_CAPACITY};
use crate::Puzzle;
use hashbrown::hash_map::Entry;

/// The cost of a node that a shorter way to its key replaced: it is skipped
/// when it comes out of the open list. No node that `best` points to has it.
const SUPERSEDED: u32 = u32::MAX;

/// A* search: expands states in order of moves made plus [`Puzzle::heuristic`].
///
/// A state reached again by a shorter path is reopened, so the result stays
/// optimal with any admissible heuristic, consistent or not.
///
/// # Arguments
///
/// * `puzzle` – the puzzle to solve; its heuristic must be admissible.
/// * `start` – the state to start from.
/// * `limits` – bounds on stored states, depth (states whose lower bound exceeds
///   it are pruned) and time.
///
/// # Returns
///
/// [`Outcome::Solved`] with a shortest path from `start` to a goal (both included),
/// [`Outcome::Unsolvable`], or [`Outcome::LimitReached`].
///
/// # Example
///
/// ```
/// use puzzle_search::{Puzzle, search::{astar, Limits}};
///
/// /// A king walking on an 8×8 board to the far corner.
/// struct King;
///
/// impl Puzzle for King {
///     type State = (i8, i8);
///     type Move = (i8, i8);
///     type Key = (i8, i8);
///     fn encode(&self, s: &(i8, i8)) -> (i8, i8) { *s }
///     fn successors(&self, &(x, y): &(i8, i8), mut emit: impl FnMut((i8, i8), (i8, i8))) {
///         for dx in -1..=1 {
///             for dy in -1..=1 {
///                 let (nx, ny) = (x + dx, y + dy);
///                 if (dx, dy) != (0, 0) && (0..8).contains(&nx) && (0..8).contains(&ny) {
///                     emit((dx, dy), (nx, ny));
///                 }
///             }
///         }
///     }
///     fn is_goal(&self, s: &(i8, i8)) -> bool { *s == (7, 7) }
///     fn heuristic(&self, &(x, y): &(i8, i8)) -> u32 { (7 - x).max(7 - y) as u32 }
/// }
///
/// let result = astar(&King, (0, 3), &Limits::new());
/// assert_eq!(result.outcome.path().unwrap().len(), 7);
/// ```
pub fn astar<P>(puzzle: &P, start: P::State, limits: &Limits) -> SearchResult<P::State, P::Move>
where
    P: Puzzle,
{
    Run::search(puzzle, start, limits, search)
}

fn search<P: Puzzle>(puzzle: &P, start: P::State, run: &mut Run<'_>) -> Outcome<P::State, P::Move> {
    let start_bound = puzzle.heuristic(&start);
    if start_bound > run.max_depth() {
        return Outcome::LimitReached(run.depth_limit());
    }
    let mut tree = Tree::with_capacity(INITIAL_CAPACITY);
    let mut open = Open::default();
    let mut relax = Relax {
        puzzle,
        watch: run.watch(),
        best: KeyMap::with_capacity_and_hasher(INITIAL_CAPACITY, Default::default()),
        costs: Vec::with_capacity(INITIAL_CAPACITY),
        fresh: Vec::new(),
        first_fresh: 0,
        child_cost: 0,
        max_depth: run.max_depth(),
        max_states: run.max_states(),
        depth_cut: false,
        generated: 0,
        stop: None,
    };
    relax
        .best
        .insert(puzzle.encode(&start), tree.push_root(start));
    relax.costs.push(0);
    open.push(start_bound, 0, 1);
    let outcome = loop {
        let Some(node) = open.pop() else {
            break if relax.depth_cut {
                Outcome::LimitReached(run.depth_limit())
            } else {
                Outcome::Unsolvable
            };
        };
        let index = node as usize;
        if relax.costs[index] == SUPERSEDED {
            continue;
        }
        let (state, last) = tree.node(index);
        if puzzle.is_goal(state) {
            break Outcome::Solved(tree.path_to(index));
        }
        if let Err(limit) = relax.watch.check(run.stats.expanded) {
            break Outcome::LimitReached(limit);
        }
        run.stats.expanded += 1;
        relax.child_cost = relax.costs[index] + 1;
        relax.first_fresh = tree.len();
        // Two closures, one per call: each is inlined into its own generator.
        match last {
            Some(last) => puzzle.successors_after(state, last, |mv, child| relax.visit(mv, child)),
            None => puzzle.successors(state, |mv, child| relax.visit(mv, child)),
        }
        run.stats.max_stored = run.stats.max_stored.max(relax.best.len());
        if let Some(limit) = relax.stop {
            break Outcome::LimitReached(limit);
        }
        for (mv, child, bound) in relax.fresh.drain(..) {
            let child_index = tree.push(child, node, mv);
            relax.costs.push(relax.child_cost);
            open.push(bound, child_index, tree.len());
        }
    };
    run.stats.generated += relax.generated;
    outcome
}

/// What A* knows while it expands one node: the best node found for each key,
/// and the children that improve on it.
struct Relax<'p, P: Puzzle> {
    puzzle: &'p P,
    watch: Watch<'p>,
    /// For each key, the node that reaches it by the fewest moves found so far;
    /// a node replaced there by a shorter way is marked superseded.
    best: KeyMap<P::Key, u32>,
    /// The moves from the start of each node, by node index, or [`SUPERSEDED`].
    costs: Vec<u32>,
    /// Children that improve on what is known, with their bound, in the order of
    /// the node indices `best` already gives them (from `first_fresh` on).
    fresh: Vec<(P::Move, P::State, u32)>,
    first_fresh: usize,
    child_cost: u32,
    max_depth: u32,
    max_states: usize,
    /// Whether a child was dropped for a bound beyond `max_depth`.
    depth_cut: bool,
    generated: u64,
    stop: Option<Limit>,
}

impl<P: Puzzle> Relax<'_, P> {
    /// Keeps `child`, reached by `mv`, if no node reaches its key as cheaply.
    #[inline(always)]
    fn visit(&mut self, mv: P::Move, child: P::State) {
        self.generated += 1;
        if self.stop.is_some() {
            return;
        }
        if let Err(limit) = self.watch.check(self.generated) {
            self.stop = Some(limit);
            return;
        }
        let child_index = (self.first_fresh + self.fresh.len()) as u32;
        let keys = self.best.len();
        let bound = match self.best.entry(self.puzzle.encode(&child)) {
            Entry::Occupied(mut entry) => {
                // A sibling met earlier has the same cost and is not in `nodes` yet.
                let known = *entry.get() as usize;
                if self
                    .costs
                    .get(known)
                    .is_none_or(|&cost| cost <= self.child_cost)
                {
                    return;
                }
                let Some(bound) =
                    bound_within(self.puzzle, &child, self.child_cost, self.max_depth)
                else {
                    self.depth_cut = true;
                    return;
                };
                self.costs[known] = SUPERSEDED;
                entry.insert(child_index);
                bound
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
                entry.insert(child_index);
                bound
            }
        };
        self.fresh.push((mv, child, bound));
    }
}

/// The lower bound on a solution through `child`, reached at `cost`; `None`
/// when it passes `max_depth`.
#[inline(always)]
fn bound_within<P: Puzzle>(puzzle: &P, child: &P::State, cost: u32, max_depth: u32) -> Option<u32> {
    Some(cost.saturating_add(puzzle.heuristic(child))).filter(|&bound| bound <= max_depth)
}
