//! The weighted engines against a reference Dijkstra written here, on
//! random small weighted graphs.

use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

use proptest::prelude::*;
use puzzle_search::cost::{Cost, Weighted};
use puzzle_search::search::costs::{self, CostResult, Weight, WeightedEngine};
use puzzle_search::search::{
    DistancesEnd, Limit, Limits, OptimalOutcome, Outcome, PathCount, Slice, Step, TwoWay,
};
use puzzle_search::{adapt, Backward, Path, Puzzle};

/// A directed graph: `edges[i] = (from, to, cost)`, some goal nodes, and a
/// heuristic given per node.
#[derive(Clone, Debug)]
pub(crate) struct Graph<C> {
    pub(crate) nodes: u8,
    pub(crate) edges: Vec<(u8, u8, C)>,
    pub(crate) goals: BTreeSet<u8>,
    pub(crate) heuristic: Vec<C>,
}

impl<C: Cost> Puzzle for Graph<C> {
    type State = u8;
    type Move = usize;
    type Key = u8;

    fn encode(&self, node: &u8) -> u8 {
        *node
    }

    fn successors(&self, node: &u8, mut emit: impl FnMut(usize, u8)) {
        for (index, &(from, to, _)) in self.edges.iter().enumerate() {
            if from == *node {
                emit(index, to);
            }
        }
    }

    fn is_goal(&self, node: &u8) -> bool {
        self.goals.contains(node)
    }
}

impl<C: Cost> Weighted for Graph<C> {
    type Cost = C;

    fn cost(&self, _from: &u8, edge: &usize, _to: &u8) -> C {
        self.edges[*edge].2
    }

    fn cost_heuristic(&self, node: &u8) -> C {
        self.heuristic[usize::from(*node)]
    }
}

impl<C: Cost> Backward for Graph<C> {
    fn goal_states(&self, _start: &u8, mut emit: impl FnMut(u8)) {
        self.goals.iter().copied().for_each(&mut emit);
    }

    fn predecessors(&self, node: &u8, mut emit: impl FnMut(usize, u8)) {
        for (index, &(from, to, _)) in self.edges.iter().enumerate() {
            if to == *node {
                emit(index, from);
            }
        }
    }
}

/// The cheapest cost from each node to a goal, by a plain Dijkstra over
/// the reversed edges, in `u64` (no overflow for these graphs): a quadratic
/// scan, nothing of the library's.
fn distances_to_goals(
    nodes: u8,
    edges: &[(u8, u8, u64)],
    goals: &BTreeSet<u8>,
) -> Vec<Option<u64>> {
    let mut distance: Vec<Option<u64>> = (0..nodes)
        .map(|n| goals.contains(&n).then_some(0))
        .collect();
    let mut done = HashSet::new();
    while let Some(node) = (0..nodes)
        .filter(|n| !done.contains(n))
        .filter_map(|n| distance[usize::from(n)].map(|d| (d, n)))
        .min()
        .map(|(_, n)| n)
    {
        done.insert(node);
        let here = distance[usize::from(node)].unwrap();
        for &(from, to, cost) in edges {
            if to == node {
                let through = here + cost;
                let slot = &mut distance[usize::from(from)];
                if slot.is_none_or(|known| through < known) {
                    *slot = Some(through);
                }
            }
        }
    }
    distance
}

/// A random graph with costs below `max_cost`, and its distances; its
/// heuristic is each distance scaled down by a random fraction (admissible,
/// and mostly inconsistent).
pub(crate) fn graph(max_cost: u64) -> impl Strategy<Value = (Graph<u64>, Vec<Option<u64>>)> {
    (2u8..10).prop_flat_map(move |nodes| {
        let edge = (0..nodes, 0..nodes, 0..max_cost);
        let edges = proptest::collection::vec(edge, 0..(usize::from(nodes) * 3));
        let goals = proptest::collection::btree_set(1..nodes, 1..3);
        let fractions = proptest::collection::vec(0u64..=4, usize::from(nodes));
        (edges, goals, fractions).prop_map(move |(edges, goals, fractions)| {
            let distance = distances_to_goals(nodes, &edges, &goals);
            let heuristic = distance
                .iter()
                .zip(&fractions)
                .map(|(d, f)| d.map_or(0, |d| d * f / 4))
                .collect();
            (
                Graph {
                    nodes,
                    edges,
                    goals,
                    heuristic,
                },
                distance,
            )
        })
    })
}

/// The sum of `path`'s costs, added up here in `u64`.
pub(crate) fn path_cost<C: Cost + Into<u64>>(graph: &Graph<C>, path: &Path<u8, usize>) -> u64 {
    path.moves()
        .iter()
        .map(|&edge| graph.edges[edge].2.into())
        .sum()
}

/// Checks a result against the reference distance from node 0: the same
/// cost (or, for a weighted search, at most `bound` times it), a path that
/// replays and adds up.
fn check(
    graph: &Graph<u64>,
    result: &CostResult<u8, usize, u64>,
    optimum: Option<u64>,
    what: &str,
) -> Result<(), TestCaseError> {
    match (&result.outcome, optimum) {
        (Outcome::Solved(path), Some(best)) => {
            prop_assert!(path.replays(graph), "{}: the path replays", what);
            prop_assert_eq!(path.start(), &0);
            prop_assert_eq!(
                Some(path_cost(graph, path)),
                result.cost,
                "{}: the costs add up",
                what
            );
            let (p, q) = (
                u64::from(result.bound.numerator()),
                u64::from(result.bound.denominator()),
            );
            let cost = result.cost.unwrap_or(u64::MAX);
            prop_assert!(
                cost >= best && cost * q <= best * p,
                "{}: {} against {}",
                what,
                cost,
                best
            );
        }
        (Outcome::Unsolvable, None) => {}
        (outcome, _) => prop_assert!(false, "{}: {:?} against {:?}", what, outcome, optimum),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Every weighted engine's cost is the reference Dijkstra's; weighted A*
    /// and IDA* stay within their weight.
    #[test]
    fn every_engine_costs_what_the_reference_costs((graph, distance) in graph(20)) {
        let optimum = distance[0];
        // IDA* needs its table to prove a graph with cycles unsolvable.
        let limits = Limits::new().with_table_capacity(64);
        for engine in WeightedEngine::ALL {
            let result = engine.solve(TwoWay(&graph), 0, Weight::ONE, &limits);
            check(&graph, &result, optimum, engine.name())?;
        }
        for (p, q) in [(5, 4), (3, 2), (2, 1), (3, 1)] {
            let weight = Weight::new(p, q).unwrap();
            let result = costs::weighted_astar(&graph, 0, weight, &limits);
            prop_assert_eq!(result.bound, weight);
            check(&graph, &result, optimum, "weighted astar")?;
            let result = costs::weighted_idastar(&graph, 0, weight, &limits);
            check(&graph, &result, optimum, "weighted idastar")?;
        }
    }

    /// Dijkstra from several starts costs the cheapest of their distances.
    #[test]
    fn dijkstra_from_several_starts((graph, distance) in graph(20), starts in proptest::collection::vec(0u8..10, 1..4)) {
        let starts: Vec<u8> = starts.into_iter().filter(|&s| s < graph.nodes).collect();
        let best = starts.iter().filter_map(|&s| distance[usize::from(s)]).min();
        let result = costs::dijkstra(&graph, starts.clone(), &Limits::new());
        prop_assert_eq!(result.cost, best);
        if let Some(path) = result.outcome.path() {
            prop_assert!(starts.contains(path.start()));
            prop_assert!(path.replays(&graph));
            prop_assert_eq!(Some(path_cost(&graph, path)), best);
        }
    }

    /// With `u8` costs a path may not fit: the engines then answer right
    /// or stop at the cost limit, never wrong, never in a panic.
    /// One workspace through every start of a graph (a hashed table)
    /// finds what fresh searches find.
    #[test]
    fn a_workspace_searches_as_fresh_searches_do((graph, _distance) in graph(20)) {
        let mut workspace = costs::Workspace::new();
        for start in 0..graph.nodes {
            let other = graph.nodes - 1 - start;
            let kept = workspace.astar(&graph, start, &Limits::new());
            let fresh = costs::astar(&graph, start, &Limits::new());
            prop_assert_eq!(kept.cost, fresh.cost);
            prop_assert_eq!(&kept.outcome, &fresh.outcome);
            prop_assert_eq!((kept.stats.expanded, kept.stats.generated), (fresh.stats.expanded, fresh.stats.generated));
            let kept = workspace.dijkstra(&graph, [start, other], &Limits::new());
            prop_assert_eq!(kept.cost, costs::dijkstra(&graph, [start, other], &Limits::new()).cost);
        }
    }

    #[test]
    fn costs_that_overflow_stop_the_search((graph, distance) in graph(200)) {
        let narrow = Graph {
            nodes: graph.nodes,
            edges: graph.edges.iter().map(|&(a, b, c)| (a, b, c as u8)).collect(),
            goals: graph.goals.clone(),
            heuristic: graph.heuristic.iter().map(|&h| u8::try_from(h).unwrap_or(0)).collect(),
        };
        let limits = Limits::new().with_table_capacity(64);
        for engine in WeightedEngine::ALL {
            for weight in [Weight::ONE, Weight::new(3, 1).unwrap()] {
                let result = engine.solve(TwoWay(&narrow), 0, weight, &limits);
                match &result.outcome {
                    Outcome::LimitReached(limit) => prop_assert_eq!(*limit, Limit::CostOverflow),
                    Outcome::Unsolvable => prop_assert_eq!(distance[0], None, "{}", engine),
                    Outcome::Solved(path) => {
                        prop_assert!(path.replays(&narrow));
                        prop_assert_eq!(result.cost.map(u64::from), Some(path_cost(&narrow, path)));
                        if weight.is_one() || !engine.is_weighted() {
                            prop_assert_eq!(result.cost.map(u64::from), distance[0], "{}", engine);
                        }
                    }
                }
            }
        }
    }
}

/// A unit-cost puzzle through the adapter: the same optimum as BFS.
#[test]
fn unit_costs_agree_with_breadth_first_search() {
    let walk = adapt::from_fn(|&n: &u32| [n + 1, n * 2, n.saturating_sub(3)], |&n| n == 77);
    let moves = puzzle_search::search::bfs(&walk, 1, &Limits::new())
        .outcome
        .path()
        .map(Path::len);
    let unit = adapt::unit_costs(walk);
    for engine in [WeightedEngine::Dijkstra, WeightedEngine::AStar] {
        let result = engine.solve(&unit, 1, Weight::ONE, &Limits::new()).unwrap();
        assert_eq!(result.cost.map(|c| c as usize), moves, "{engine}");
    }
    assert!(WeightedEngine::Bidirectional
        .solve(&unit, 1, Weight::ONE, &Limits::new())
        .is_err());
}

/// The reference cost from any of `starts` to each node: the reference
/// Dijkstra to the starts over the reversed edges.
fn costs_from(graph: &Graph<u64>, starts: &[u8]) -> Vec<Option<u64>> {
    let reversed: Vec<(u8, u8, u64)> = graph.edges.iter().map(|&(a, b, c)| (b, a, c)).collect();
    distances_to_goals(graph.nodes, &reversed, &starts.iter().copied().collect())
}

/// Runs `search` in slices of `slice` to its end.
fn dijkstra_in_slices(
    mut search: costs::Dijkstra<'_, Graph<u64>>,
    slice: Slice,
) -> CostResult<u8, usize, u64> {
    loop {
        match search.run(slice) {
            Step::Done(result) => return result,
            Step::Paused(_) => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `costs_to` gives each target the reference cost from the nearest
    /// start, and says why it ended; under a state limit every cost it
    /// found is still the reference's.
    #[test]
    fn costs_to_targets_are_the_reference_costs(
        (graph, _distance) in graph(20),
        starts in proptest::collection::vec(0u8..10, 0..4),
        targets in proptest::collection::vec(0u8..12, 0..6),
        max_states in 1usize..12,
    ) {
        let starts: Vec<u8> = starts.into_iter().filter(|&s| s < graph.nodes).collect();
        let reference = costs_from(&graph, &starts);
        let expected: Vec<Option<u64>> = targets
            .iter()
            .map(|&t| reference.get(usize::from(t)).copied().flatten())
            .collect();
        let found = costs::costs_to(&graph, starts.clone(), &targets, &Limits::new());
        prop_assert_eq!(&found.distances, &expected);
        let all = expected.iter().all(Option::is_some);
        prop_assert_eq!(&found.end, &if all { DistancesEnd::AllReached } else { DistancesEnd::Exhausted });
        if targets.is_empty() {
            prop_assert_eq!(found.stats.expanded, 0);
        }
        let mut workspace = costs::Workspace::new();
        for _ in 0..2 {
            let kept = workspace.costs_to(&graph, starts.clone(), &targets, &Limits::new());
            prop_assert_eq!((&kept.distances, &kept.end), (&found.distances, &found.end));
            prop_assert_eq!((kept.stats.expanded, kept.stats.generated), (found.stats.expanded, found.stats.generated));
        }
        let limited = costs::costs_to(&graph, starts.clone(), &targets, &Limits::new().with_max_states(max_states));
        for (cost, expected) in limited.distances.iter().zip(&expected) {
            prop_assert!(cost.is_none() || cost == expected);
        }
        if limited.end != found.end {
            prop_assert_eq!(limited.end, DistancesEnd::LimitReached(Limit::States { max: max_states }));
        }
    }

    /// Dijkstra run in slices ends with what one call returns.
    #[test]
    fn a_paused_dijkstra_ends_as_one_call(
        (graph, _distance) in graph(20),
        starts in proptest::collection::vec(0u8..10, 0..4),
        max_states in 1usize..12,
    ) {
        for limits in [Limits::new(), Limits::new().with_max_states(max_states)] {
            let whole = costs::dijkstra(&graph, starts.clone(), &limits);
            let slices = [1, 2, 3, 7, 1000].map(Slice::expansions);
            for slice in slices.into_iter().chain([Slice::time(Duration::ZERO)]) {
                let paused = dijkstra_in_slices(costs::Dijkstra::new(&graph, starts.clone(), &limits), slice);
                prop_assert_eq!(&paused.outcome, &whole.outcome);
                prop_assert_eq!(paused.cost, whole.cost);
                prop_assert_eq!(paused.bound, whole.bound);
                prop_assert_eq!(
                    (paused.stats.expanded, paused.stats.generated, paused.stats.max_stored),
                    (whole.stats.expanded, whole.stats.generated, whole.stats.max_stored)
                );
            }
        }
    }
}

/// Every cheapest path from node 0 of `graph` to a goal, by a depth-first
/// walk along the moves that keep to the reference costs: each as its
/// sequence of nodes (two edges to one node are one step).
fn reference_cheapest_paths(graph: &Graph<u64>) -> Vec<Vec<u8>> {
    let cost = costs_from(graph, &[0]);
    let Some(optimum) = graph
        .goals
        .iter()
        .filter_map(|&g| cost.get(usize::from(g)).copied().flatten())
        .min()
    else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut path = vec![0u8];
    fn walk(
        graph: &Graph<u64>,
        cost: &[Option<u64>],
        optimum: u64,
        path: &mut Vec<u8>,
        found: &mut Vec<Vec<u8>>,
    ) {
        let here = *path.last().unwrap();
        let d = cost[usize::from(here)].unwrap();
        if graph.goals.contains(&here) && d == optimum {
            found.push(path.clone());
            return;
        }
        let mut children: Vec<u8> = graph
            .edges
            .iter()
            .filter(|&&(from, to, c)| {
                from == here && cost[usize::from(to)] == Some(d + c) && d + c <= optimum
            })
            .map(|&(_, to, _)| to)
            .collect();
        children.dedup();
        let mut seen = HashSet::new();
        for child in children {
            if seen.insert(child) {
                path.push(child);
                walk(graph, cost, optimum, path, found);
                path.pop();
            }
        }
    }
    walk(graph, &cost, optimum, &mut path, &mut found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On graphs of positive costs, the graph of every cheapest path holds
    /// exactly the reference's paths: its count, its paths (distinct,
    /// replayable, of the optimal cost), its states and its goals.
    #[test]
    fn all_cheapest_paths_are_the_reference_paths((graph, _distance) in graph(20), few in any::<bool>()) {
        // Costs of 1 to 20, or of 1 to 3 (many ties between paths and goals).
        let graph = Graph {
            edges: graph.edges.iter().map(|&(a, b, c)| (a, b, if few { c % 3 + 1 } else { c + 1 })).collect(),
            ..graph
        };
        let expected = reference_cheapest_paths(&graph);
        let result = costs::all_optimal(&graph, 0, &Limits::new());
        if expected.is_empty() {
            prop_assert_eq!(result.outcome, OptimalOutcome::Unsolvable);
            return Ok(());
        }
        let found = result.outcome.graph().unwrap();
        prop_assert_eq!(found.count(), PathCount::Exact(expected.len() as u128));
        let paths: Vec<Vec<u8>> = found.paths().map(|path| {
            assert!(path.replays(&graph));
            assert_eq!(Some(path_cost(&graph, &path)), Some(found.cost()));
            path.states().to_vec()
        }).collect();
        let listed: HashSet<Vec<u8>> = paths.iter().cloned().collect();
        prop_assert_eq!(listed.len(), paths.len(), "distinct paths");
        prop_assert_eq!(&listed, &expected.iter().cloned().collect::<HashSet<_>>());
        let on_paths: HashSet<u8> = expected.iter().flatten().copied().collect();
        prop_assert_eq!(found.states().iter().copied().collect::<HashSet<u8>>(), on_paths);
        prop_assert_eq!(found.states().len(), found.costs().len());
        let goals: HashSet<u8> = expected.iter().filter_map(|path| path.last().copied()).collect();
        prop_assert_eq!(found.goals().iter().copied().collect::<HashSet<u8>>(), goals);
    }

    /// From several starts: the paths of the starts nearest to a goal (by
    /// the reference costs), as each finds them alone.
    #[test]
    fn several_starts_hold_the_cheapest_paths_of_the_nearest_starts(
        (graph, _distance) in graph(20),
        starts in proptest::collection::vec(0u8..10, 2..5),
    ) {
        // Costs of 1 and 2: starts often tie.
        let graph = Graph {
            edges: graph.edges.iter().map(|&(a, b, c)| (a, b, c % 2 + 1)).collect(),
            ..graph
        };
        let starts: Vec<u8> = starts.into_iter().map(|s| s % graph.nodes).collect();
        let mut distinct = starts.clone();
        let mut seen = HashSet::new();
        distinct.retain(|&s| seen.insert(s));
        let to_goal = |s: u8| {
            let cost = costs_from(&graph, &[s]);
            graph.goals.iter().filter_map(|&g| cost[usize::from(g)]).min()
        };
        let nearest = distinct.iter().filter_map(|&s| to_goal(s)).min();
        let result = costs::all_optimal(&graph, starts.clone(), &Limits::new());
        let Some(nearest) = nearest else {
            prop_assert_eq!(result.outcome, OptimalOutcome::Unsolvable);
            return Ok(());
        };
        let found = result.outcome.into_graph().unwrap();
        prop_assert_eq!(found.cost(), nearest);
        let listed: Vec<Vec<u8>> = found.paths().map(|path| {
            assert!(path.replays(&graph));
            path.states().to_vec()
        }).collect();
        let set: HashSet<Vec<u8>> = listed.iter().cloned().collect();
        prop_assert_eq!(set.len(), listed.len(), "a path listed twice");
        if nearest == 0 {
            let goal = distinct.iter().copied().find(|&s| graph.goals.contains(&s)).unwrap();
            prop_assert_eq!(listed, vec![vec![goal]]);
            return Ok(());
        }
        let mut expected = HashSet::new();
        let mut nearest_starts = Vec::new();
        for &s in &distinct {
            if to_goal(s) == Some(nearest) {
                nearest_starts.push(s);
                let alone = costs::all_optimal(&graph, s, &Limits::new()).outcome.into_graph().unwrap();
                expected.extend(alone.paths().map(|path| path.states().to_vec()));
            }
        }
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(found.count(), PathCount::Exact(expected.len() as u128));
        prop_assert_eq!(found.starts(), &nearest_starts[..]);
    }
}

/// The graph of every cheapest path groups its states by cost, whatever
/// the cost type: here `u32` costs of 2 a step and a 0-cost shortcut, where
/// a cost is not a number of moves.
#[test]
fn cheapest_graphs_group_their_states_by_cost() {
    // 0 →2 1 →2 2 →2 3, and 1 →0 4 →4 3 beside it: two cheapest paths of cost 6.
    let graph = Graph {
        nodes: 5,
        edges: vec![(0, 1, 2u32), (1, 2, 2), (2, 3, 2), (1, 4, 0), (4, 3, 4)],
        goals: BTreeSet::from([3]),
        heuristic: vec![0; 5],
    };
    let found = costs::all_optimal(&graph, 0, &Limits::new());
    let found = found.outcome.into_graph().expect("3 is reachable");
    assert_eq!(found.cost(), 6);
    assert_eq!(found.costs(), &[0, 2, 2, 4, 6]);
    assert_eq!(found.layer(2).len(), 2);
    assert_eq!(found.layer(4), &[2]);
    assert!(found.layer(3).is_empty());
    assert_eq!(found.layer_range(99), 5..5);
    let layers: Vec<usize> = found.layers().map(<[u8]>::len).collect();
    assert_eq!(layers, [1, 2, 1, 1]);
    assert_eq!(found.count(), PathCount::Exact(2));
}
