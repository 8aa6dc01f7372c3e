//! Every cheapest solution at once: Dijkstra's algorithm run to the end of
//! the optimal cost, then the graph of every cheapest path through the
//! states it settled.

use core::cmp::Reverse;
use std::collections::BinaryHeap;

use hashbrown::hash_table::Entry;

use super::best_first::{BestFirst, Ended};
use crate::cost::{Cost, Weighted};
use crate::search::optimal::{self, Dag};
use crate::search::run::{Run, Watch};
use crate::search::table::KeyTable;
use crate::search::{Limit, Limits, OptimalGraph, OptimalOutcome, OptimalResult, Starts};

/// The graph of every cheapest path of a puzzle `P`.
type GraphOf<P> =
    OptimalGraph<<P as crate::Puzzle>::State, <P as crate::Puzzle>::Move, <P as Weighted>::Cost>;

/// Every cheapest solution from the start: the graph of all cheapest paths
/// to the nearest goals, which counts them ([`OptimalGraph::count`]) and
/// lists them ([`OptimalGraph::paths`]). The weighted
/// [`search::all_optimal`](crate::search::all_optimal).
///
/// Dijkstra's algorithm runs on keys until every key no dearer than the
/// cheapest goal is settled; then, from the starts, every successor of a
/// state that reaches its key's cost (the cost of its state plus the move's)
/// joins the graph, each state kept once (compared with `==`), and only
/// the states that lead on to a cheapest goal stay. As in
/// [`search::all_optimal`](crate::search::all_optimal), paths are of real
/// states even where [`Puzzle::encode`](crate::Puzzle::encode) folds
/// symmetric states into one key.
///
/// # Limits
///
/// The state limit bounds the keys of the search and the real states of the
/// graph, each; the byte limit bounds the search; time and the cancel flag
/// both. The depth limit is not used.
///
/// # Returns
///
/// [`OptimalOutcome::Solved`] with the graph, [`OptimalOutcome::Unsolvable`]
/// once every reachable state has been seen, or
/// [`OptimalOutcome::LimitReached`] (with
/// [`Limit::CostOverflow`] when a cost does not fit its type). A start that
/// is a goal is solved with a graph of one state under any limits.
///
/// # Examples
///
/// ```
/// use puzzle_search::cost::Octile;
/// use puzzle_search::grid::{Grid, GridMap, Point};
/// use puzzle_search::search::{costs, Limits, PathCount};
///
/// // Three columns, two rows, no wall: from the top left to the bottom
/// // right, a diagonal step and a straight one, in either order.
/// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n...\n")?;
/// let grid = Grid::new(&map, Point { x: 2, y: 1 });
/// let result = costs::all_optimal(&grid, Point { x: 0, y: 0 }, &Limits::new());
/// let graph = result.outcome.graph().unwrap();
/// assert_eq!(graph.cost(), Octile::new(1, 1));
/// assert_eq!(graph.count(), PathCount::Exact(2));
/// assert!(graph.paths().all(|path| path.replays(&grid)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// From several starts, the graph begins at the starts that lie on some
/// cheapest path:
///
/// ```
/// use puzzle_search::grid::{Grid, GridMap, Point};
/// use puzzle_search::search::{costs, Limits, PathCount};
///
/// // A corridor of five cells; from either end to the middle is two steps.
/// let map = GridMap::parse("type octile\nheight 1\nwidth 5\nmap\n.....\n")?;
/// let grid = Grid::new(&map, Point { x: 2, y: 0 });
/// let ends = [Point { x: 0, y: 0 }, Point { x: 4, y: 0 }, Point { x: 1, y: 0 }];
/// let result = costs::all_optimal(&grid, ends, &Limits::new());
/// let graph = result.outcome.into_graph().unwrap();
/// // The third start is nearer: the graph holds its path alone.
/// assert_eq!(graph.starts(), &[Point { x: 1, y: 0 }]);
/// assert_eq!(graph.count(), PathCount::Exact(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn all_optimal<P>(
    puzzle: &P,
    start: impl Starts<P::State>,
    limits: &Limits,
) -> OptimalResult<GraphOf<P>>
where
    P: Weighted,
    P::State: PartialEq,
{
    let single = |start| OptimalGraph::single(start, P::Cost::ZERO);
    optimal::begin(puzzle, start, limits, single, search)
}

/// The search from `starts` (one per key, none a goal, all admitted).
fn search<P>(puzzle: &P, starts: Vec<P::State>, run: &mut Run<'_>) -> OptimalOutcome<GraphOf<P>>
where
    P: Weighted,
    P::State: PartialEq,
{
    let mut dijkstra = match BestFirst::dijkstra(puzzle, starts.clone(), run) {
        Ok(search) => search,
        Err(limit) => return OptimalOutcome::LimitReached(limit),
    };
    // Every key no dearer than the cheapest goal is settled when the
    // first dearer one comes out.
    let mut optimum = None;
    let ended = dijkstra.advance::<false>(run, u64::MAX, |state, cost| {
        if optimum.is_some_and(|optimum| cost > optimum) {
            return true;
        }
        if optimum.is_none() && puzzle.is_goal(state) {
            optimum = Some(cost);
        }
        false
    });
    let optimum = match (ended, optimum) {
        (Some(Ended::Stopped(limit)), _) => return OptimalOutcome::LimitReached(limit),
        (_, Some(optimum)) => optimum,
        (_, None) => return OptimalOutcome::Unsolvable,
    };
    let settled = |key: &P::Key| dijkstra.cheapest(key).filter(|&cost| cost <= optimum);
    let mut watch = run.watch();
    match Lift::new(puzzle, starts, run.max_states()).run(&settled, optimum, &mut watch, run) {
        Ok(graph) => OptimalOutcome::Solved(graph),
        Err(limit) => OptimalOutcome::LimitReached(limit),
    }
}

/// The graph of real states as it grows: every state reached through moves
/// that keep to the settled keys' costs, with the edges between them.
struct Lift<'p, P: Weighted> {
    puzzle: &'p P,
    states: Vec<P::State>,
    costs: Vec<P::Cost>,
    /// The real states of each key.
    members: KeyTable<P::Key, Vec<u32>>,
    /// Whether each state has been expanded (or, a goal, taken up).
    taken: Vec<bool>,
    /// Each edge: parent, child and move, grouped by parent in the order
    /// the parents were taken up.
    edges: Vec<(u32, u32, P::Move)>,
    /// The states in the order they were taken up.
    order: Vec<u32>,
    /// How many of the first states are starts.
    starts: usize,
    max_states: usize,
}

impl<'p, P> Lift<'p, P>
where
    P: Weighted,
    P::State: PartialEq,
{
    /// The graph of `starts` (one per key) alone, none taken up yet.
    fn new(puzzle: &'p P, starts: Vec<P::State>, max_states: usize) -> Self {
        let starts_len = starts.len();
        let mut members = KeyTable::new();
        for (index, start) in starts.iter().enumerate() {
            members.insert_new(puzzle.encode(start), vec![index as u32]);
        }
        Lift {
            puzzle,
            costs: vec![P::Cost::ZERO; starts.len()],
            taken: vec![false; starts.len()],
            states: starts,
            members,
            edges: Vec::new(),
            order: Vec::new(),
            starts: starts_len,
            max_states,
        }
    }

    /// Takes the states up by cost (then by when they were reached), from
    /// the starts: a goal at `optimum` ends its paths, any other state adds
    /// its successors that reach their key's settled cost.
    fn run(
        mut self,
        settled: &impl Fn(&P::Key) -> Option<P::Cost>,
        optimum: P::Cost,
        watch: &mut Watch<'_>,
        run: &mut Run<'_>,
    ) -> Result<GraphOf<P>, Limit> {
        let starts = 0..self.states.len() as u32;
        let mut waiting: BinaryHeap<_> = starts
            .map(|start| Reverse((P::Cost::ZERO, start)))
            .collect();
        while let Some(Reverse((cost, index))) = waiting.pop() {
            let here = index as usize;
            if self.taken.get(here) != Some(&false) {
                continue;
            }
            if let Some(taken) = self.taken.get_mut(here) {
                *taken = true;
            }
            self.order.push(index);
            let Some(state) = self.states.get(here).cloned() else {
                continue;
            };
            if cost == optimum && self.puzzle.is_goal(&state) {
                continue;
            }
            watch.check()?;
            run.stats.expanded += 1;
            let mut stop = Ok(());
            let from = self.edges.len();
            self.puzzle.successors(&state, |mv, next| {
                run.stats.generated += 1;
                if stop.is_err() {
                    return;
                }
                let key = self.puzzle.encode(&next);
                let Some(reached) = settled(&key) else {
                    return;
                };
                let step = self.puzzle.cost(&state, &mv, &next);
                if cost.checked_add(step) != Some(reached) {
                    return;
                }
                match self.member(key, next, reached, &mut waiting) {
                    Ok(Some(child)) => {
                        // Two moves to one state are one step.
                        let known = self.edges.get(from..).unwrap_or_default();
                        if !known.iter().any(|&(_, other, _)| other == child) {
                            self.edges.push((index, child, mv));
                        }
                    }
                    Ok(None) => {}
                    Err(limit) => stop = Err(limit),
                }
            });
            stop?;
        }
        run.stats.max_stored = run.stats.max_stored.max(self.states.len());
        Ok(self.graph(optimum))
    }

    /// The index of `state` (of `key`, at `cost`), a new state if its key
    /// holds none equal to it; `None` if it was taken up already, which only
    /// a move of cost zero leads back to.
    fn member(
        &mut self,
        key: P::Key,
        state: P::State,
        cost: P::Cost,
        waiting: &mut BinaryHeap<Reverse<(P::Cost, u32)>>,
    ) -> Result<Option<u32>, Limit> {
        let states = &self.states;
        let known = match self.members.entry(key) {
            Entry::Occupied(entry) => {
                let found = entry
                    .get()
                    .1
                    .iter()
                    .copied()
                    .find(|&index| states.get(index as usize) == Some(&state));
                (found, Some(entry))
            }
            Entry::Vacant(_) => (None, None),
        };
        if let (Some(index), _) = known {
            let taken = self.taken.get(index as usize) == Some(&true);
            return Ok((!taken).then_some(index));
        }
        if self.states.len() >= self.max_states {
            return Err(Limit::States {
                max: self.max_states,
            });
        }
        let index = self.states.len() as u32;
        match known.1 {
            Some(mut entry) => entry.get_mut().1.push(index),
            None => self.members.insert_new(key, vec![index]),
        }
        self.states.push(state);
        self.costs.push(cost);
        self.taken.push(false);
        waiting.push(Reverse((cost, index)));
        Ok(Some(index))
    }

    /// The graph of the states that lead to a goal at `optimum`: the other
    /// states first, in the order they were taken up, then the goals.
    fn graph(self, optimum: P::Cost) -> GraphOf<P> {
        let count = self.states.len();
        // Which states are cheapest goals, asked of the puzzle once each.
        let goal: Vec<bool> = self
            .states
            .iter()
            .zip(&self.costs)
            .map(|(state, &cost)| cost == optimum && self.puzzle.is_goal(state))
            .collect();
        let is_goal = |index: usize| goal.get(index) == Some(&true);
        // The edges of each state: a run of `self.edges`.
        let mut runs = vec![0..0; count];
        let mut start = 0;
        for (position, &(parent, _, _)) in self.edges.iter().enumerate() {
            let next = self.edges.get(position + 1).map(|&(next, _, _)| next);
            if next != Some(parent) {
                if let Some(run) = runs.get_mut(parent as usize) {
                    *run = start..position + 1;
                }
                start = position + 1;
            }
        }
        let children = |index: usize| {
            let run = runs.get(index).cloned().unwrap_or(0..0);
            self.edges.get(run).unwrap_or_default().iter()
        };
        // Whether each state leads to a goal: children are taken up after
        // their parents, so the reverse order sees them first.
        let mut useful = vec![false; count];
        for &index in self.order.iter().rev() {
            let index = index as usize;
            let leads = is_goal(index)
                || children(index).any(|&(_, child, _)| useful.get(child as usize) == Some(&true));
            if let Some(slot) = useful.get_mut(index) {
                *slot = leads;
            }
        }
        // The new numbers: the useful states but the goals, in the order
        // they were taken up, then the goals.
        let kept = |goals: bool| {
            let useful = &useful;
            self.order
                .iter()
                .map(|&index| index as usize)
                .filter(move |&index| useful.get(index) == Some(&true) && is_goal(index) == goals)
        };
        let numbered: Vec<usize> = kept(false).chain(kept(true)).collect();
        let goals = kept(false).count() as u32;
        // The starts are taken up first (cost zero, the lowest indices).
        let starts = numbered
            .iter()
            .take_while(|&&old| old < self.starts)
            .count() as u32;
        let mut number = vec![u32::MAX; count];
        for (new, &old) in numbered.iter().enumerate() {
            if let Some(slot) = number.get_mut(old) {
                *slot = new as u32;
            }
        }
        let mut offsets = Vec::with_capacity(numbered.len() + 1);
        offsets.push(0u32);
        let mut edges = Vec::new();
        for &old in &numbered {
            for (_, child, mv) in children(old) {
                if let Some(&new) = number.get(*child as usize).filter(|&&new| new != u32::MAX) {
                    edges.push((new, mv.clone()));
                }
            }
            offsets.push(edges.len() as u32);
        }
        let costs = numbered
            .iter()
            .map(|&old| self.costs.get(old).copied().unwrap_or(P::Cost::ZERO))
            .collect();
        let states = numbered
            .iter()
            .filter_map(|&old| self.states.get(old).cloned())
            .collect();
        OptimalGraph::new(Dag::new(states, starts, offsets, edges, goals), costs)
    }
}
