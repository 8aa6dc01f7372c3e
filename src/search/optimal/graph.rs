//! The graph of every optimal path, and the count of its paths.

use core::fmt;
use core::ops::Range;

use super::paths::OptimalPaths;

/// The states on some optimal path from a start to the nearest goals, and
/// the edges between them: an [`OptimalGraph`] without its costs.
///
/// The states are in an order where every edge goes forward, the starts
/// first and the goals last; the goals have no edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dag<S, M> {
    states: Vec<S>,
    /// How many of the first states are starts.
    starts: u32,
    /// Where the edges of each state start, and where the last ends.
    offsets: Vec<u32>,
    /// Each edge's child and move, grouped by parent.
    edges: Vec<(u32, M)>,
    /// The index of the first goal.
    goals: u32,
}

impl<S, M> Dag<S, M> {
    /// The graph of `states`, the first `starts` of them starts, with the
    /// edges of state `i` at `edges[offsets[i]..offsets[i + 1]]`, the goals
    /// from `goals` on.
    pub(crate) fn new(
        states: Vec<S>,
        starts: u32,
        offsets: Vec<u32>,
        edges: Vec<(u32, M)>,
        goals: u32,
    ) -> Self {
        Dag {
            states,
            starts,
            offsets,
            edges,
            goals,
        }
    }

    /// The graph of a start that is a goal: one state, no edge.
    pub(crate) fn single(start: S) -> Self {
        Dag::new(vec![start], 1, vec![0, 0], Vec::new(), 0)
    }

    #[allow(clippy::indexing_slicing)] // there is always a start, state 0
    pub(crate) fn start(&self) -> &S {
        &self.states[0]
    }

    /// The starts on some optimal path: the first states.
    pub(crate) fn starts(&self) -> &[S] {
        self.states.get(..self.starts as usize).unwrap_or_default()
    }

    pub(crate) fn states(&self) -> &[S] {
        &self.states
    }

    /// The indices of the goals.
    pub(crate) fn goal_range(&self) -> Range<usize> {
        self.goals as usize..self.states.len()
    }

    pub(crate) fn goals(&self) -> &[S] {
        self.states.get(self.goal_range()).unwrap_or_default()
    }

    /// The edges from state `index`: each child's index and the move to it.
    pub(crate) fn edges(&self, index: usize) -> impl ExactSizeIterator<Item = (usize, &M)> + '_ {
        let range = match (self.offsets.get(index), self.offsets.get(index + 1)) {
            (Some(&start), Some(&end)) => start as usize..end as usize,
            _ => 0..0,
        };
        self.edges
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|(child, mv)| (*child as usize, mv))
    }

    pub(crate) fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The number of distinct paths from a start to a goal.
    pub(crate) fn count(&self) -> PathCount {
        let mut counts = vec![PathCount::Exact(0); self.states.len()];
        for start in counts.iter_mut().take(self.starts as usize) {
            *start = PathCount::Exact(1);
        }
        for index in 0..self.states.len() {
            let here = counts.get(index).copied().unwrap_or(PathCount::Exact(0));
            for (child, _) in self.edges(index) {
                if let Some(count) = counts.get_mut(child) {
                    *count = *count + here;
                }
            }
        }
        counts
            .get(self.goal_range())
            .unwrap_or_default()
            .iter()
            .fold(PathCount::Exact(0), |total, &count| total + count)
    }

    pub(crate) fn paths(&self) -> OptimalPaths<'_, S, M> {
        OptimalPaths::new(self)
    }
}

/// The graph of every optimal path from a start to the nearest goals: the
/// states on some optimal path, each with its cost from the start (`C`), and
/// the moves between them.
///
/// [`all_optimal`](super::all_optimal) builds one where every move costs one
/// (`C = u32`, a state's cost is its number of moves): its states lie layer
/// by layer, layer `d` holding those `d` moves from the start; the last
/// layer, [`cost`](Self::cost) moves from the starts, holds the optimal
/// goals and only them. [`costs::all_optimal`](crate::search::costs::all_optimal)
/// builds one with the puzzle's costs, its states in the order of their
/// costs; a move of cost zero between two states of one cost is an edge when
/// it leads to a state the search took up later (so the graph has no cycle,
/// and counts and lists finitely many paths).
///
/// Either way the starts come first (of several starts, those on some
/// optimal path) and the goals last, every state lies on some optimal path
/// and every edge too, and every edge leads to a later state.
/// [`edges`](Self::edges) gives a state's edges in the order the puzzle
/// emitted the moves when the search expanded it, which is the order
/// [`paths`](Self::paths) follows. Each builder says what a path is when
/// the puzzle folds symmetric states into one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalGraph<S, M, C = u32> {
    dag: Dag<S, M>,
    /// The cost from the start of each state.
    costs: Vec<C>,
}

impl<S, M, C> OptimalGraph<S, M, C> {
    /// The graph of `dag`, with the cost from the start of each state.
    pub(crate) fn new(dag: Dag<S, M>, costs: Vec<C>) -> Self {
        debug_assert_eq!(dag.states().len(), costs.len());
        OptimalGraph { dag, costs }
    }

    /// The graph of a start that is a goal, at cost `zero`: one state, no edge.
    pub(crate) fn single(start: S, zero: C) -> Self {
        OptimalGraph::new(Dag::single(start), vec![zero])
    }

    /// The start (the first start, from several).
    pub fn start(&self) -> &S {
        self.dag.start()
    }

    /// The starts on some optimal path: the first states.
    pub fn starts(&self) -> &[S] {
        self.dag.starts()
    }

    /// Every state, by cost, the starts first and the goals last.
    pub fn states(&self) -> &[S] {
        self.dag.states()
    }

    /// The cost from the start of each state of [`states`](Self::states).
    pub fn costs(&self) -> &[C] {
        &self.costs
    }

    /// The optimal goals: the last states.
    pub fn goals(&self) -> &[S] {
        self.dag.goals()
    }

    /// The edges from state `index` (an index into [`states`](Self::states)):
    /// each child's index and the move to it, in the order the puzzle emitted
    /// them. None for a goal or an index past the last state.
    pub fn edges(&self, index: usize) -> impl ExactSizeIterator<Item = (usize, &M)> + '_ {
        self.dag.edges(index)
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.dag.edge_count()
    }

    /// The number of distinct optimal paths: sequences of states from the
    /// start to a goal.
    ///
    /// # Complexity
    ///
    /// Linear in the states and edges of the graph.
    ///
    /// ```
    /// use puzzle_search::adapt;
    /// use puzzle_search::search::{all_optimal, Limits, PathCount};
    ///
    /// // From (0, 0) to (3, 2) on a grid, a step right or up at a time.
    /// let grid = adapt::from_fn(|&(x, y): &(u8, u8)| [(x + 1, y), (x, y + 1)], |&p| p == (3, 2));
    /// let graph = all_optimal(&grid, (0, 0), &Limits::new()).outcome.into_graph().unwrap();
    /// assert_eq!(graph.count(), PathCount::Exact(10)); // 5 choose 2
    /// assert_eq!(graph.count().to_string(), "10");
    /// ```
    pub fn count(&self) -> PathCount {
        self.dag.count()
    }

    /// The optimal paths one by one, lazily, each a [`Path`](crate::Path)
    /// that replays on the puzzle searched.
    ///
    /// # Order
    ///
    /// Depth first along [`edges`](Self::edges): paths come in the
    /// lexicographic order of their edges, each state's edges in the order
    /// the puzzle emitted them. The same puzzle and start give the same order.
    ///
    /// ```
    /// use puzzle_search::adapt;
    /// use puzzle_search::search::{all_optimal, Limits};
    ///
    /// let grid = adapt::from_fn(|&(x, y): &(u8, u8)| [(x + 1, y), (x, y + 1)], |&p| p == (1, 1));
    /// let graph = all_optimal(&grid, (0, 0), &Limits::new()).outcome.into_graph().unwrap();
    /// let paths: Vec<_> = graph.paths().map(|path| path.states().to_vec()).collect();
    /// assert_eq!(paths, [[(0, 0), (1, 0), (1, 1)], [(0, 0), (0, 1), (1, 1)]]);
    /// ```
    pub fn paths(&self) -> OptimalPaths<'_, S, M> {
        self.dag.paths()
    }
}

impl<S, M, C: Copy + Ord> OptimalGraph<S, M, C> {
    /// The cost of every optimal path: for a graph of
    /// [`all_optimal`](super::all_optimal), its number of moves.
    #[allow(clippy::indexing_slicing)] // there is always a start, so a cost
    pub fn cost(&self) -> C {
        self.costs[self.costs.len() - 1]
    }

    /// The indices of the states at `cost` from the start: for a graph of
    /// [`all_optimal`](super::all_optimal), the layer `cost` moves from it.
    /// Empty when no state of the graph is at that cost.
    pub fn layer_range(&self, cost: C) -> Range<usize> {
        // The states come by cost: their costs never decrease.
        let start = self.costs.partition_point(|&c| c < cost);
        let end = self.costs.partition_point(|&c| c <= cost);
        start..end
    }

    /// The states at `cost` from the start on some optimal path: for a
    /// graph of [`all_optimal`](super::all_optimal), those `cost` moves from
    /// it.
    pub fn layer(&self, cost: C) -> &[S] {
        self.states()
            .get(self.layer_range(cost))
            .unwrap_or_default()
    }

    /// The states of each cost, the cheapest first: the starts first and
    /// the goals last. For a graph of [`all_optimal`](super::all_optimal),
    /// layer `d` holds the states `d` moves from the start, and every depth
    /// up to [`cost`](Self::cost) has one.
    pub fn layers(&self) -> impl Iterator<Item = &[S]> + '_ {
        self.costs.chunk_by(|a, b| a == b).scan(0, |start, layer| {
            let range = *start..*start + layer.len();
            *start = range.end;
            Some(self.states().get(range).unwrap_or_default())
        })
    }
}

impl<S, M> OptimalGraph<S, M> {
    /// The graph of `states`, numbered layer by layer (`layers`: where each
    /// starts, and where the last ends), with the edges of state `i` at
    /// `edges[offsets[i]..offsets[i + 1]]`.
    pub(super) fn from_layers(
        states: Vec<S>,
        layers: Vec<u32>,
        offsets: Vec<u32>,
        edges: Vec<(u32, M)>,
    ) -> Self {
        let goals = layers.iter().rev().nth(1).copied().unwrap_or(0);
        let starts = layers.get(1).copied().unwrap_or(1);
        let mut depths = Vec::with_capacity(states.len());
        for (depth, layer) in (0u32..).zip(layers.windows(2)) {
            if let [start, end] = *layer {
                depths.extend(core::iter::repeat_n(depth, (end - start) as usize));
            }
        }
        OptimalGraph::new(Dag::new(states, starts, offsets, edges, goals), depths)
    }
}

/// A number of paths that cannot silently wrap: exact up to `u128::MAX`, or
/// known to be more.
///
/// ```
/// use puzzle_search::search::PathCount;
///
/// let big = PathCount::Exact(u128::MAX);
/// assert_eq!(big + PathCount::Exact(1), PathCount::MoreThanU128);
/// assert_eq!(PathCount::Exact(2) + PathCount::Exact(3), PathCount::Exact(5));
/// assert_eq!(PathCount::MoreThanU128.exact(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathCount {
    /// Exactly this many.
    Exact(u128),
    /// More than `u128::MAX`.
    MoreThanU128,
}

impl PathCount {
    /// The count, if it is exact.
    pub fn exact(self) -> Option<u128> {
        match self {
            PathCount::Exact(count) => Some(count),
            PathCount::MoreThanU128 => None,
        }
    }
}

impl core::ops::Add for PathCount {
    type Output = PathCount;

    /// The sum, [`MoreThanU128`](PathCount::MoreThanU128) past `u128::MAX`.
    fn add(self, other: PathCount) -> PathCount {
        match (self.exact(), other.exact()) {
            (Some(a), Some(b)) => a
                .checked_add(b)
                .map_or(PathCount::MoreThanU128, PathCount::Exact),
            _ => PathCount::MoreThanU128,
        }
    }
}

/// The number, or `more than 340282366920938463463374607431768211455`.
impl fmt::Display for PathCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathCount::Exact(count) => write!(f, "{count}"),
            PathCount::MoreThanU128 => write!(f, "more than {}", u128::MAX),
        }
    }
}

/// With the `serde` feature: an exact count is a number (JSON writes it in
/// full, however large), a count past `u128::MAX` the text of
/// [`Display`](fmt::Display).
#[cfg(feature = "serde")]
impl serde::Serialize for PathCount {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self {
            PathCount::Exact(count) => serializer.serialize_u128(*count),
            PathCount::MoreThanU128 => serializer.collect_str(self),
        }
    }
}
