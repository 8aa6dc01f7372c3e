//! Every optimal solution at once: a breadth-first search that keeps the
//! graph of all shortest paths from the start to the nearest goals.

mod count;
mod graph;
mod lift;
mod paths;

pub use count::{idastar_count, CountOutcome, CountResult};
pub(crate) use graph::Dag;
pub use graph::{OptimalGraph, PathCount};
pub use paths::OptimalPaths;

use hashbrown::hash_table::Entry;

use lift::KeyGraph;

use super::reach::Reach;
use super::run::Run;
use super::{Limit, Limits, Outcome, Starts, Stats};
use crate::Puzzle;

/// How a search for every optimal solution ended: `G` is the graph of
/// every optimal path, an [`OptimalGraph`] (with the puzzle's costs, from
/// [`costs::all_optimal`](super::costs::all_optimal)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimalOutcome<G> {
    /// The goals were reached: the graph of every optimal path.
    Solved(G),
    /// The whole reachable space was explored and holds no goal.
    Unsolvable,
    /// The search stopped at a limit before it could decide.
    LimitReached(Limit),
}

impl<G> OptimalOutcome<G> {
    /// The graph of every optimal path, if the puzzle was solved.
    pub fn graph(&self) -> Option<&G> {
        match self {
            OptimalOutcome::Solved(graph) => Some(graph),
            _ => None,
        }
    }

    /// The graph, if the puzzle was solved, taking ownership.
    pub fn into_graph(self) -> Option<G> {
        match self {
            OptimalOutcome::Solved(graph) => Some(graph),
            _ => None,
        }
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(&self) -> Option<&Limit> {
        match self {
            OptimalOutcome::LimitReached(limit) => Some(limit),
            _ => None,
        }
    }
}

/// What [`all_optimal`] (and [`costs::all_optimal`](super::costs::all_optimal))
/// returns: its outcome and its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a search result says whether the puzzle was solved"]
pub struct OptimalResult<G> {
    /// How the search ended.
    pub outcome: OptimalOutcome<G>,
    /// What it cost.
    pub stats: Stats,
}

/// Breadth-first search for every optimal solution from the start: the graph of
/// all shortest paths to the nearest goals, which counts them
/// ([`OptimalGraph::count`]) and lists them ([`OptimalGraph::paths`]).
///
/// The search runs as [`bfs`](super::bfs) does, but to the end of the layer
/// of the first goal, and keeps every edge from one layer to the next.
///
/// # Keys and symmetry
///
/// A path is a sequence of real states, as a user sees them: two moves from
/// one state to the same state are one step, and where [`Puzzle::encode`]
/// folds symmetric states into one key (as Klotski folds a layout and its
/// mirror image) a state and its mirror image are two states.
///
/// The search itself works on keys, as every engine does, and stores one
/// state per key: it finds the graph of every optimal path of keys. That
/// graph is then lifted to real states: from the start, each state's
/// successors whose key is on the graph of keys, one layer after another, each
/// state kept once (compared with `==`). So the graph, its count, its goals
/// and its paths are of real states, and folding only makes the search
/// smaller. This relies on the contract of [`Puzzle::encode`] (states that
/// share a key are interchangeable), which makes every real optimal path a
/// path of the graph of keys.
///
/// # Limits
///
/// Those of every engine. With a depth limit, a state whose moves from the
/// start plus its [`heuristic`](Puzzle::heuristic) exceed the limit is never
/// stored: it lies on no solution within the limit, as the heuristic is
/// admissible. A strong heuristic makes a bounded search far smaller
/// (A*'s pruning, on the graph of every optimal path); the count stays exact.
///
/// # Returns
///
/// [`OptimalOutcome::Solved`] with the graph, [`OptimalOutcome::Unsolvable`]
/// once every reachable state has been seen, or
/// [`OptimalOutcome::LimitReached`]. A start that is a goal is solved with a
/// graph of one state under any limits.
///
/// # Complexity
///
/// The search stores the states of one breadth-first solve plus the rest of
/// the goal's layer, and every edge between consecutive layers among them;
/// lifting expands the states of the graph once more.
///
/// # Examples
///
/// ```
/// use puzzle_search::adapt;
/// use puzzle_search::search::{all_optimal, Limits, PathCount};
///
/// // From 1 to 12 by +1 or ×2: four moves, and one way only.
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 12);
/// let result = all_optimal(&walk, 1, &Limits::new());
/// let graph = result.outcome.graph().unwrap();
/// assert_eq!(graph.cost(), 4);
/// // 1 → 2 is one edge, though both moves lead there: a path is a sequence of states.
/// let paths: Vec<Vec<u32>> = graph.paths().map(|path| path.states().to_vec()).collect();
/// assert_eq!(paths, [vec![1, 2, 3, 6, 12]]);
/// assert_eq!(graph.count(), PathCount::Exact(1));
/// assert_eq!(graph.goals(), &[12]);
/// ```
///
/// From several starts, the graph begins at the starts that lie on some
/// optimal path ([`OptimalGraph::starts`]):
///
/// ```
/// use puzzle_search::adapt;
/// use puzzle_search::search::{all_optimal, Limits, PathCount};
///
/// // +1 or ×2 to 12: from 3 (3 → 6 → 12) and from 5 (5 → 6 → 12); 1 is farther.
/// let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 12);
/// let graph = all_optimal(&walk, [1, 3, 5], &Limits::new()).outcome.into_graph().unwrap();
/// assert_eq!(graph.starts(), &[3, 5]);
/// assert_eq!(graph.count(), PathCount::Exact(2));
/// ```
pub fn all_optimal<P>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> OptimalResult<OptimalGraph<P::State, P::Move>>
where
    P: Puzzle,
    P::State: PartialEq,
{
    begin(
        puzzle,
        start,
        limits,
        |start| OptimalGraph::single(start, 0),
        search,
    )
}

/// What a search for every optimal path does first, with a graph of its
/// own kind `G`: a start that is a goal is the graph `single` makes of it;
/// a limit before the search is the outcome; else `search` runs from the
/// starts (one per key, none a goal, all admitted; none at all for no
/// starts).
pub(crate) fn begin<'a, P: Puzzle, G>(
    puzzle: &P,
    starts: impl Starts<P::State>,
    limits: &'a Limits,
    single: impl FnOnce(P::State) -> G,
    search: impl FnOnce(&P, Vec<P::State>, &mut Run<'a>) -> OptimalOutcome<G>,
) -> OptimalResult<G> {
    let (mut run, begun) = Run::begin(puzzle, starts, limits);
    let outcome = match begun {
        Ok(starts) if starts.is_empty() => OptimalOutcome::Unsolvable,
        Ok(starts) => search(puzzle, starts, &mut run),
        Err(Outcome::Solved(path)) => OptimalOutcome::Solved(single(path.start().clone())),
        Err(Outcome::LimitReached(limit)) => OptimalOutcome::LimitReached(limit),
        Err(Outcome::Unsolvable) => OptimalOutcome::Unsolvable,
    };
    OptimalResult {
        outcome,
        stats: run.finish(),
    }
}

/// The search from `starts` (one per key, none a goal, all admitted).
fn search<P: Puzzle>(
    puzzle: &P,
    starts: Vec<P::State>,
    run: &mut Run<'_>,
) -> OptimalOutcome<OptimalGraph<P::State, P::Move>>
where
    P::State: PartialEq,
{
    let roots = starts.len() as u32;
    let reach = match Reach::new(puzzle, starts, run, |index| index) {
        Ok(reach) => reach,
        Err(limit) => return OptimalOutcome::LimitReached(limit),
    };
    let mut layers = Layers {
        reach,
        edges: Vec::new(),
        parent_edges: 0,
        next_layer: 1,
        goals: Vec::new(),
        bound: run.max_depth(),
        child_depth: 1,
        pruned: false,
        stop: None,
    };
    let mut bounds = vec![0u32, roots];
    let mut depth = 0u32;
    let outcome = loop {
        let [.., layer_start, layer_end] = bounds[..] else {
            break Some(OptimalOutcome::Unsolvable);
        };
        if layer_start == layer_end {
            break Some(if layers.pruned {
                OptimalOutcome::LimitReached(run.depth_limit())
            } else {
                OptimalOutcome::Unsolvable
            });
        }
        if depth >= run.max_depth() {
            break Some(match layers.reach.leads_beyond(layer_start as usize, run) {
                Ok(beyond) if beyond || layers.pruned => {
                    OptimalOutcome::LimitReached(run.depth_limit())
                }
                Ok(_) => OptimalOutcome::Unsolvable,
                Err(limit) => OptimalOutcome::LimitReached(limit),
            });
        }
        layers.next_layer = layer_end;
        layers.child_depth = depth + 1;
        for parent in layer_start..layer_end {
            if let Err(limit) = layers.reach.lookout.check() {
                layers.stop = Some(limit);
                break;
            }
            run.stats.expanded += 1;
            layers.expand(parent);
            if layers.stop.is_some() {
                break;
            }
        }
        if let Some(limit) = layers.stop.take() {
            break Some(OptimalOutcome::LimitReached(limit));
        }
        bounds.push(layers.reach.tree.len() as u32);
        depth += 1;
        if !layers.goals.is_empty() {
            break None;
        }
    };
    layers.reach.record(&mut run.stats);
    outcome.unwrap_or_else(|| OptimalOutcome::Solved(layers.graph(&bounds)))
}

/// One edge of the search: from state `parent` to state `child`.
struct Edge {
    parent: u32,
    child: u32,
}

/// The layers as they grow, with every edge between consecutive ones.
struct Layers<'p, P: Puzzle> {
    /// The states reached, each key with the index of its state; the budget
    /// holds `edges` too.
    reach: Reach<'p, P, u32>,
    /// Every edge into the next layer, in the order the parents were expanded.
    edges: Vec<Edge>,
    /// Where the edges of the state being expanded start.
    parent_edges: usize,
    /// The index of the first state of the layer being built.
    next_layer: u32,
    /// The goals of the layer being built.
    goals: Vec<u32>,
    /// The depth limit, or `u32::MAX`: a state whose depth plus heuristic
    /// exceeds it is on no path within the limit, and is never stored.
    bound: u32,
    /// The depth of the layer being built.
    child_depth: u32,
    /// Whether the bound left out a state.
    pruned: bool,
    stop: Option<Limit>,
}

impl<P: Puzzle> Layers<'_, P> {
    /// Generates the children of state `parent`.
    fn expand(&mut self, parent: u32) {
        let (state, last) = self.reach.tree.node(parent as usize);
        let (state, last) = (state.clone(), last.cloned());
        self.parent_edges = self.edges.len();
        let puzzle = self.reach.puzzle;
        match &last {
            Some(last) => {
                puzzle.successors_after(&state, last, |mv, child| self.visit(parent, mv, child));
            }
            None => puzzle.successors(&state, |mv, child| self.visit(parent, mv, child)),
        }
    }

    /// Records `child`, reached by `mv` from state `parent` of the current layer.
    #[inline]
    fn visit(&mut self, parent: u32, mv: P::Move, child: P::State) {
        let reach = &mut self.reach;
        if !reach
            .lookout
            .arrive(&mut self.stop, core::convert::identity)
        {
            return;
        }
        if let Err(limit) = reach.budget.room(&mut self.edges) {
            self.stop = Some(limit);
            return;
        }
        // Once a goal is in the next layer, only goals can end an optimal path.
        let goal_layer = !self.goals.is_empty();
        if goal_layer && !reach.puzzle.is_goal(&child) {
            return;
        }
        let key = reach.puzzle.encode(&child);
        let index = match reach.seen.entry(key) {
            Entry::Occupied(entry) => {
                let index = entry.get().1;
                if index < self.next_layer {
                    return;
                }
                // Two moves of one state to one key are one edge.
                let edges = self.edges.get(self.parent_edges..).unwrap_or_default();
                if edges.iter().any(|edge| edge.child == index) {
                    return;
                }
                index
            }
            Entry::Vacant(vacancy) => {
                if self.bound != u32::MAX
                    && self
                        .child_depth
                        .saturating_add(reach.puzzle.heuristic(&child))
                        > self.bound
                {
                    self.pruned = true;
                    return;
                }
                let claimed = reach.states_left.claim();
                if let Err(limit) = claimed.and_then(|()| reach.tree.room(&mut reach.budget)) {
                    self.stop = Some(limit);
                    return;
                }
                let index = reach.tree.len() as u32;
                vacancy.insert((key, index));
                if goal_layer || reach.puzzle.is_goal(&child) {
                    self.goals.push(index);
                }
                reach.tree.push(child, parent, mv);
                // Room for the next key, where growing can fail.
                if let Err(limit) = reach.budget.table_room(&mut reach.seen) {
                    self.stop = Some(limit);
                }
                index
            }
        };
        self.edges.push(Edge {
            parent,
            child: index,
        });
    }

    /// The graph of every optimal path: the keys on some path to a goal of
    /// the last layer, lifted to the real states; `bounds` are where each
    /// layer starts, and where the last ends.
    fn graph(self, bounds: &[u32]) -> OptimalGraph<P::State, P::Move>
    where
        P::State: PartialEq,
    {
        let mut on_path = vec![false; self.reach.tree.len()];
        for &goal in &self.goals {
            if let Some(mark) = on_path.get_mut(goal as usize) {
                *mark = true;
            }
        }
        // An edge's child lies one layer below its parent, and the edges come
        // layer after layer: backwards, a child is marked before its parents are read.
        for edge in self.edges.iter().rev() {
            if on_path.get(edge.child as usize).copied().unwrap_or(false) {
                if let Some(mark) = on_path.get_mut(edge.parent as usize) {
                    *mark = true;
                }
            }
        }
        let keep = |index: u32| on_path.get(index as usize).copied().unwrap_or(false);
        let keys = (0..self.reach.tree.len() as u32)
            .filter(|&index| keep(index))
            .map(|index| {
                self.reach
                    .puzzle
                    .encode(self.reach.tree.state(index as usize))
            });
        let edges = self
            .edges
            .iter()
            .filter(|edge| keep(edge.parent) && keep(edge.child))
            .map(|edge| (edge.parent, edge.child));
        let roots = bounds.get(1).copied().unwrap_or(0);
        let starts = (0..roots)
            .filter(|&index| keep(index))
            .map(|index| self.reach.tree.state(index as usize).clone())
            .collect();
        let keys = KeyGraph::new(keys, &on_path, bounds, edges);
        keys.lift(self.reach.puzzle, starts)
    }
}
