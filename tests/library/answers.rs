//! More answers from one search: several starts, checked against the
//! single-start engines on random graphs.

use crate::costs::{graph as weighted_graph, path_cost, Graph as CostGraph};
use crate::engines::Graph;
use crate::support::{reference_distances, TABLE};

use proptest::prelude::*;
use std::time::Duration;

use puzzle_search::cost::Weighted;
use puzzle_search::search::costs::{CostResult, Weight, WeightedEngine};
use puzzle_search::search::{
    astar, bfs, bidirectional_bfs, costs, distances_to, farthest, idastar, AStar, Bfs,
    DistancesEnd, Engine, IdaStar, Limit, Limits, Outcome, SearchResult, Slice, Stats, Step,
    TwoWay,
};
use puzzle_search::{adapt, Backward, Puzzle};

/// A random graph, a few starts (duplicates allowed) and a few other nodes.
fn graph_with_nodes() -> impl Strategy<Value = (Graph, Vec<u32>, Vec<u32>)> {
    (2usize..30)
        .prop_flat_map(|nodes| {
            (
                Just(nodes),
                prop::collection::vec((0..nodes, 0..nodes), 0..nodes * 3),
                prop::collection::vec(0..nodes, 0..3),
                0u8..3,
                prop::collection::vec(0..nodes as u32, 1..5),
                prop::collection::vec(0..nodes as u32, 0..6),
            )
        })
        .prop_map(|(nodes, edges, goals, kind, starts, others)| {
            (Graph::new(nodes, &edges, &goals, kind), starts, others)
        })
}

/// The limits every engine ends under on these graphs: IDA* needs a table
/// to prove a graph with a cycle unsolvable.
fn limits() -> [Limits; 1] {
    [Limits::new().with_table_capacity(TABLE)]
}

/// The moves of a solved search, `None` for any other outcome.
fn moves<S, M>(result: &SearchResult<S, M>) -> Option<usize> {
    result.outcome.path().map(|path| path.len())
}

/// A search from `starts` finds the fewest moves from any of them, and its
/// path begins at a start that single-start search solves in as few.
fn check_several(
    graph: &Graph,
    starts: &[u32],
    from: impl Fn(&[u32]) -> SearchResult<u32, u32>,
    one: impl Fn(u32) -> SearchResult<u32, u32>,
) -> Result<(), TestCaseError> {
    let singles: Vec<Option<usize>> = starts.iter().map(|&start| moves(&one(start))).collect();
    let nearest = singles.iter().flatten().min().copied();
    let several = from(starts);
    prop_assert_eq!(moves(&several), nearest);
    if let Some(path) = several.outcome.path() {
        prop_assert!(path.replays(graph));
        let begins = starts.iter().position(|start| start == path.start());
        prop_assert!(begins.is_some_and(|index| singles[index] == nearest));
    } else {
        prop_assert!(several.outcome.path().is_none());
    }
    Ok(())
}

/// A random weighted graph (costs below 20, zero among them, and an
/// admissible, mostly inconsistent heuristic), its distances to the goals,
/// and a few of its nodes as starts (duplicates allowed).
fn weighted_graph_with_starts() -> impl Strategy<Value = (CostGraph<u64>, Vec<Option<u64>>, Vec<u8>)>
{
    (weighted_graph(20), prop::collection::vec(0u8..10, 1..5)).prop_map(
        |((graph, distance), starts)| {
            let starts = starts.into_iter().map(|s| s % graph.nodes).collect();
            (graph, distance, starts)
        },
    )
}

/// A weighted graph whose backward search from a start is seeded with the
/// goals that start reaches, and no others (as the contract of
/// [`Backward::goal_states`] allows): a search from several starts that
/// seeds it with the goals of one start only misses the others' goals.
struct Reached<'g>(&'g CostGraph<u64>);

impl Puzzle for Reached<'_> {
    type State = u8;
    type Move = usize;
    type Key = u8;

    fn encode(&self, node: &u8) -> u8 {
        *node
    }

    fn successors(&self, node: &u8, emit: impl FnMut(usize, u8)) {
        self.0.successors(node, emit);
    }

    fn is_goal(&self, node: &u8) -> bool {
        self.0.is_goal(node)
    }
}

impl Weighted for Reached<'_> {
    type Cost = u64;

    fn cost(&self, from: &u8, edge: &usize, to: &u8) -> u64 {
        self.0.cost(from, edge, to)
    }

    fn cost_heuristic(&self, node: &u8) -> u64 {
        self.0.cost_heuristic(node)
    }
}

impl Backward for Reached<'_> {
    fn goal_states(&self, start: &u8, mut emit: impl FnMut(u8)) {
        let mut seen = vec![*start];
        let mut next = 0;
        while let Some(&node) = seen.get(next) {
            next += 1;
            for &(from, to, _) in &self.0.edges {
                if from == node && !seen.contains(&to) {
                    seen.push(to);
                }
            }
        }
        seen.into_iter()
            .filter(|node| self.0.is_goal(node))
            .for_each(&mut emit);
    }

    fn predecessors(&self, node: &u8, emit: impl FnMut(usize, u8)) {
        self.0.predecessors(node, emit);
    }
}

/// A weighted search from `starts` costs the cheapest of their distances
/// (`nearest`, which the single-start searches found), or at most its
/// bound times that for a weighted search; its path begins at one of the
/// starts, replays, and adds up to its cost.
fn check_cheapest(
    graph: &CostGraph<u64>,
    distance: &[Option<u64>],
    starts: &[u8],
    nearest: Option<u64>,
    several: &CostResult<u8, usize, u64>,
    what: &str,
) -> Result<(), TestCaseError> {
    let (p, q) = (
        u64::from(several.bound.numerator()),
        u64::from(several.bound.denominator()),
    );
    match (&several.outcome, several.cost, nearest) {
        (Outcome::Solved(path), Some(cost), Some(best)) => {
            prop_assert!(path.replays(graph), "{}: the path replays", what);
            prop_assert_eq!(path_cost(graph, path), cost, "{}: the costs add up", what);
            prop_assert!(starts.contains(path.start()), "{}: begins at a start", what);
            let from = distance[usize::from(*path.start())];
            if several.bound.is_one() {
                prop_assert_eq!(cost, best, "{}: the cheapest of the starts", what);
                prop_assert_eq!(from, Some(best), "{}: from a nearest start", what);
            } else {
                prop_assert!(
                    cost >= best && cost * q <= best * p,
                    "{}: {} against {} × {}",
                    what,
                    cost,
                    several.bound,
                    best
                );
            }
        }
        (Outcome::Unsolvable, None, None) => {}
        (outcome, cost, _) => prop_assert!(
            false,
            "{}: {:?} at {:?} against {:?}",
            what,
            outcome,
            cost,
            nearest
        ),
    }
    Ok(())
}

/// A search object that runs in slices.
trait Sliced<S, M> {
    fn run(&mut self, slice: Slice) -> Step<SearchResult<S, M>>;
}

impl<P: Puzzle> Sliced<P::State, P::Move> for Bfs<'_, P> {
    fn run(&mut self, slice: Slice) -> Step<SearchResult<P::State, P::Move>> {
        Bfs::run(self, slice)
    }
}

impl<P: Puzzle> Sliced<P::State, P::Move> for AStar<'_, P> {
    fn run(&mut self, slice: Slice) -> Step<SearchResult<P::State, P::Move>> {
        AStar::run(self, slice)
    }
}

impl<P: Puzzle> Sliced<P::State, P::Move> for IdaStar<'_, P> {
    fn run(&mut self, slice: Slice) -> Step<SearchResult<P::State, P::Move>> {
        IdaStar::run(self, slice)
    }
}

/// Runs `search` in `slice`s to its end: the result, and the slices taken.
/// Each pause has expanded no more than the slices so far allow.
fn in_slices<S, M>(mut search: impl Sliced<S, M>, slice: Slice) -> (SearchResult<S, M>, u64) {
    let mut slices = 0;
    loop {
        slices += 1;
        match search.run(slice) {
            Step::Done(result) => return (result, slices),
            Step::Paused(stats) => {
                if let Some(each) = slice_expansions(slice) {
                    assert!(
                        stats.expanded <= each * slices,
                        "{stats:?} after {slices} slices"
                    );
                }
            }
        }
    }
}

/// The states a slice of [`slice_expansions`]'s kind may expand.
fn slice_expansions(slice: Slice) -> Option<u64> {
    [1, 2, 3, 7, 1000]
        .into_iter()
        .find(|&k| slice == Slice::expansions(k))
}

/// A search object made by `new`, run in slices of 1, 2, 3, 7 and 1000
/// states expanded and in slices of no time, ends with `whole`'s outcome
/// and counts.
fn ends_as_one_call<
    S: PartialEq + core::fmt::Debug,
    M: PartialEq + core::fmt::Debug,
    T: Sliced<S, M>,
>(
    whole: &SearchResult<S, M>,
    new: impl Fn() -> T,
) -> Result<(), TestCaseError> {
    let slices = [1, 2, 3, 7, 1000].map(Slice::expansions);
    for slice in slices.into_iter().chain([Slice::time(Duration::ZERO)]) {
        let (paused, _) = in_slices(new(), slice);
        prop_assert_eq!(&paused.outcome, &whole.outcome);
        prop_assert_eq!(counts(&paused.stats), counts(&whole.stats));
    }
    Ok(())
}

/// The statistics but the time.
fn counts(stats: &Stats) -> (u64, u64, usize) {
    (stats.expanded, stats.generated, stats.max_stored)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_paused_bfs_ends_as_one_call((graph, starts, _) in graph_with_nodes(), max_states in 1usize..40) {
        for limits in [Limits::new(), Limits::new().with_max_states(max_states), Limits::new().with_max_depth(3)] {
            ends_as_one_call(&bfs(&graph, &starts[..], &limits), || Bfs::new(&graph, &starts[..], &limits))?;
        }
    }

    #[test]
    fn a_paused_astar_ends_as_one_call((graph, starts, _) in graph_with_nodes(), max_states in 1usize..40) {
        for limits in [Limits::new(), Limits::new().with_max_states(max_states), Limits::new().with_max_depth(3)] {
            ends_as_one_call(&astar(&graph, &starts[..], &limits), || AStar::new(&graph, &starts[..], &limits))?;
        }
    }

    #[test]
    fn a_paused_idastar_ends_as_one_call((graph, starts, _) in graph_with_nodes(), max_states in 1usize..40) {
        // A table, or a depth limit, so that IDA* ends on graphs with cycles.
        let table = Limits::new().with_table_capacity(TABLE);
        let all = [
            table.clone(),
            table.clone().with_max_states(max_states),
            table.with_max_depth(3),
            Limits::new().with_max_depth(6),
            Limits::new().with_max_depth(6).with_max_states(max_states),
        ];
        for limits in all {
            ends_as_one_call(&idastar(&graph, &starts[..], &limits), || IdaStar::new(&graph, &starts[..], &limits))?;
        }
    }

    #[test]
    fn distances_to_targets_are_the_reference_distances((graph, starts, targets) in graph_with_nodes()) {
        let reference = reference_distances(&graph, starts.iter().copied());
        let found = distances_to(&graph, &starts[..], &targets, &Limits::new());
        let expected: Vec<Option<u32>> = targets.iter().map(|target| reference.get(target).copied()).collect();
        prop_assert_eq!(&found.distances, &expected);
        let all = expected.iter().all(Option::is_some);
        prop_assert_eq!(found.end, if all { DistancesEnd::AllReached } else { DistancesEnd::Exhausted });
        // Stopped at the farthest target's layer: nothing beyond it expanded.
        if let Some(farthest) = expected.iter().flatten().max().filter(|_| all) {
            let closer = reference.values().filter(|&&distance| distance < *farthest).count();
            prop_assert_eq!(found.stats.expanded, closer as u64);
        }
    }

    #[test]
    fn several_starts_find_the_nearest_of_single_starts((graph, starts, _) in graph_with_nodes()) {
        for limits in &limits() {
            check_several(&graph, &starts, |s| bfs(&graph, s, limits), |s| bfs(&graph, s, limits))?;
            check_several(&graph, &starts, |s| bidirectional_bfs(&graph, s, limits), |s| bfs(&graph, s, limits))?;
            check_several(&graph, &starts, |s| astar(&graph, s, limits), |s| astar(&graph, s, limits))?;
            check_several(&graph, &starts, |s| idastar(&graph, s, limits), |s| idastar(&graph, s, limits))?;
        }
        let weighted = adapt::unit_costs(&graph);
        let limits = Limits::new();
        let nearest = starts.iter().filter_map(|&start| costs::astar(&weighted, start, &limits).cost).min();
        let several = costs::astar(&weighted, &starts[..], &limits);
        prop_assert_eq!(several.cost, nearest);
        if let Some(path) = several.outcome.path() {
            prop_assert!(starts.contains(path.start()));
        }
    }

    /// Every weighted engine from several starts, on random costs: the
    /// cheapest of the single-start searches (which is the reference
    /// distance), or within the weight of it for weighted A* and IDA*.
    #[test]
    fn weighted_several_starts_find_the_cheapest_of_single_starts((graph, distance, starts) in weighted_graph_with_starts()) {
        // IDA* needs its table to prove a graph with cycles unsolvable.
        let limits = Limits::new().with_table_capacity(64);
        let reached = Reached(&graph);
        let nearest = |one: &dyn Fn(u8) -> Option<u64>| starts.iter().filter_map(|&s| one(s)).min();
        let reference = starts.iter().filter_map(|&s| distance[usize::from(s)]).min();
        let optimum = nearest(&|s| costs::idastar(&graph, s, &limits).cost);
        prop_assert_eq!(optimum, reference);
        let several = &starts[..];
        let check = |result: &CostResult<u8, usize, u64>, best: Option<u64>, what: &str| {
            check_cheapest(&graph, &distance, &starts, best, result, what)
        };
        check(&costs::idastar(&graph, several, &limits), optimum, "idastar")?;
        check(&costs::weighted_idastar(&graph, several, Weight::ONE, &limits), optimum, "weighted_idastar, weight 1")?;
        let bidirectional = nearest(&|s| costs::bidirectional_dijkstra(&reached, s, &limits).cost);
        prop_assert_eq!(bidirectional, reference);
        check(&costs::bidirectional_dijkstra(&reached, several, &limits), bidirectional, "bidirectional_dijkstra")?;
        check(&costs::bidirectional_dijkstra(&graph, several, &limits), reference, "bidirectional_dijkstra, every goal")?;
        let dijkstra = nearest(&|s| costs::dijkstra(&graph, s, &limits).cost);
        check(&costs::dijkstra(&graph, several, &limits), dijkstra, "dijkstra")?;
        let astar = nearest(&|s| costs::astar(&graph, s, &limits).cost);
        check(&costs::astar(&graph, several, &limits), astar, "astar")?;
        if reference.is_some() {
            // Without a table, IDA* ends where there is a goal to find.
            check(&costs::idastar(&graph, several, &Limits::new()), optimum, "idastar, no table")?;
        }
        for (p, q) in [(5, 4), (3, 2), (2, 1), (3, 1)] {
            let weight = Weight::new(p, q).unwrap();
            let result = costs::weighted_idastar(&graph, several, weight, &limits);
            prop_assert_eq!(result.bound, weight);
            check(&result, optimum, "weighted_idastar")?;
            let result = costs::weighted_astar(&graph, several, weight, &limits);
            check(&result, optimum, "weighted_astar")?;
        }
    }
}

/// No starts: unsolvable, nothing expanded; a start that is a goal: a path of
/// no moves, whichever start it is.
#[test]
fn no_starts_and_goal_starts() {
    let walk = adapt::from_fn(|&n: &u32| [n + 1], |&n| n == 5 || n == 9);
    let limits = Limits::new();
    for result in [
        bfs(&walk, [], &limits),
        astar(&walk, [], &limits),
        idastar(&walk, [], &limits),
    ] {
        assert_eq!(result.outcome, Outcome::Unsolvable);
        assert_eq!(result.stats.expanded, 0);
    }
    for result in [
        bfs(&walk, [1, 9, 5], &limits),
        astar(&walk, [1, 9, 5], &limits),
        idastar(&walk, [1, 9, 5], &limits),
    ] {
        let path = result.outcome.path().cloned();
        assert_eq!(path.map(|path| path.states().to_vec()), Some(vec![9]));
    }
    // Bidirectional search too, whose backward side starts from the goals
    // of every start.
    let line = Graph::new(6, &[(0, 1), (1, 2), (3, 2), (4, 5)], &[2], 0);
    let none = bidirectional_bfs(&line, [], &limits);
    assert_eq!(
        (none.outcome, none.stats.expanded),
        (Outcome::Unsolvable, 0)
    );
    let at_goal = bidirectional_bfs(&line, [0, 2, 3], &limits);
    assert_eq!(
        at_goal.outcome.path().map(|path| path.states().to_vec()),
        Some(vec![2])
    );
    let nearest = bidirectional_bfs(&line, [4, 0, 0, 3], &limits);
    assert_eq!(
        nearest.outcome.path().map(|path| path.states().to_vec()),
        Some(vec![3, 2])
    );
    // The weighted engines, on the same walk as a graph that steps back too.
    let chain: Vec<(usize, usize)> = (0..10).map(|n| (n, n + 1)).collect();
    let chain = adapt::unit_costs(Graph::new(11, &chain, &[5, 9], 0));
    let weight = Weight::new(2, 1).unwrap();
    let weighted_from = |starts: &[u32]| {
        [
            costs::dijkstra(&chain, starts, &limits),
            costs::astar(&chain, starts, &limits),
            costs::idastar(&chain, starts, &limits),
            costs::weighted_idastar(&chain, starts, weight, &limits),
            costs::bidirectional_dijkstra(&chain, starts, &limits),
        ]
    };
    for result in weighted_from(&[]) {
        assert_eq!((result.outcome, result.cost), (Outcome::Unsolvable, None));
        assert_eq!(result.stats.expanded, 0);
    }
    for result in weighted_from(&[1, 9, 5]) {
        let path = result.outcome.path().cloned();
        assert_eq!(path.map(|path| path.states().to_vec()), Some(vec![9]));
        assert_eq!((result.cost, result.stats.expanded), (Some(0), 0));
    }
    for result in weighted_from(&[1, 1, 3, 3, 1]) {
        let path = result.outcome.path().cloned();
        assert_eq!(path.map(|path| path.states().to_vec()), Some(vec![3, 4, 5]));
        assert_eq!(result.cost, Some(2));
    }
    // Duplicates count once: the state limit holds two distinct starts.
    let two = Limits::new().with_max_states(2);
    assert_eq!(moves(&bfs(&walk, [1, 1, 3, 3, 1], &two)), None);
    assert_eq!(moves(&bfs(&walk, [1, 1, 3, 3, 1], &Limits::new())), Some(2));
    assert!(walk.is_goal(&5));
}

/// Every form of several starts (an array, a `Vec`, a slice) is the same
/// search, through the engines and through the run-time choices alike; a
/// state that is itself an array is one start.
#[test]
fn every_form_of_starts_is_one_search() {
    let walk = adapt::from_fn(
        |&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m <= 40),
        |&n| n == 20,
    );
    let limits = Limits::new();
    let nearest = bfs(&walk, [3, 17, 5], &limits);
    assert_eq!(
        nearest.outcome.path().map(|path| path.states().to_vec()),
        Some(vec![5, 10, 20])
    );
    let starts = vec![3, 17, 5];
    assert_eq!(bfs(&walk, &starts[..], &limits).outcome, nearest.outcome);
    assert_eq!(bfs(&walk, starts.clone(), &limits).outcome, nearest.outcome);
    for engine in [Engine::Bfs, Engine::AStar, Engine::IdaStar] {
        let chosen = engine.solve(&walk, starts.clone(), &limits);
        assert_eq!(
            chosen.map(|result| result.outcome),
            Ok(nearest.outcome.clone())
        );
    }
    assert_eq!(
        Engine::Bfs
            .solve(&walk, Vec::new(), &limits)
            .map(|result| result.outcome),
        Ok(Outcome::Unsolvable)
    );
    // Both ways, through `TwoWay`: a line whose goal is 2, from 0 or from 5.
    let line = Graph::new(6, &[(0, 1), (1, 2), (3, 2), (4, 3), (5, 4)], &[2], 0);
    for engine in Engine::ALL {
        let result = engine.solve(TwoWay(&line), [5, 0], &limits);
        let path = result.outcome.path().map(|path| path.states().to_vec());
        assert_eq!(path, Some(vec![0, 1, 2]), "{engine}");
    }
    let unit_line = adapt::unit_costs(&line);
    for engine in WeightedEngine::ALL {
        let result = engine.solve(TwoWay(&unit_line), [5, 0], Weight::ONE, &limits);
        let path = result.outcome.path().map(|path| path.states().to_vec());
        assert_eq!(
            (path, result.cost),
            (Some(vec![0, 1, 2]), Some(2)),
            "{engine}"
        );
    }
    let weighted = adapt::unit_costs(walk);
    for engine in [
        WeightedEngine::Dijkstra,
        WeightedEngine::AStar,
        WeightedEngine::IdaStar,
    ] {
        let chosen = engine.solve(&weighted, [3, 17, 5], Weight::ONE, &limits);
        let chosen = chosen.map(|result| (result.outcome, result.cost));
        assert_eq!(chosen, Ok((nearest.outcome.clone(), Some(2))));
    }
    // A state that is an array: `[0, 0]` is one start, `[[0, 0], [5, 5]]` two.
    let pairs = adapt::from_fn(
        |&[a, b]: &[u8; 2]| [[a + 1, b], [a, b + 1]],
        |&s| s == [6, 6],
    );
    assert_eq!(moves(&bfs(&pairs, [0, 0], &limits)), Some(12));
    assert_eq!(moves(&bfs(&pairs, [[0, 0], [5, 5]], &limits)), Some(2));
}

/// A sweep that reaches every state expands each once, as [`farthest`]
/// does; a limit keeps the distances found before it.
#[test]
fn distances_sweep_like_farthest_and_keep_what_a_limit_leaves() {
    let ring = adapt::from_fn(|&n: &u32| [(n + 1) % 100, (n + 7) % 100], |_| false);
    let far = farthest(&ring, 0, &Limits::new());
    let everything = distances_to(&ring, [0], &[1000], &Limits::new());
    assert_eq!(everything.end, DistancesEnd::Exhausted);
    assert_eq!(everything.stats.expanded, far.stats.expanded);
    assert_eq!(everything.stats.generated, far.stats.generated);
    assert_eq!(everything.stats.max_stored, far.stats.max_stored);
    let limited = distances_to(&ring, [0], &[7, 50], &Limits::new().with_max_depth(3));
    assert_eq!(limited.distances, [Some(1), None]);
    assert_eq!(
        limited.end,
        DistancesEnd::LimitReached(Limit::Depth { max: 3 })
    );
    let none = distances_to(&ring, [0], &[], &Limits::new());
    assert_eq!(
        (none.end, none.stats.expanded),
        (DistancesEnd::AllReached, 0)
    );
    let nowhere = distances_to(&ring, [], &[3], &Limits::new());
    assert_eq!(
        (nowhere.distances, nowhere.end),
        (vec![None], DistancesEnd::Exhausted)
    );
}

/// 横刀立马 by BFS and by A* in slices of 100 states expanded: the same
/// path and the same counts as one call, each pause on the slice's budget,
/// and the result given again after the end.
#[test]
fn hengdaolima_in_slices() {
    use puzzle_search::klotski::{Klotski, Metric};
    let klotski = Klotski::new(Metric::Piece);
    let start = crate::support::hengdaolima();
    let limits = Limits::new();
    let check = |mut search: Box<dyn Sliced<_, _> + '_>, whole: SearchResult<_, _>| {
        let mut slices = 0u64;
        let result = loop {
            slices += 1;
            match search.run(Slice::expansions(100)) {
                Step::Paused(stats) => assert_eq!(stats.expanded, 100 * slices),
                Step::Done(result) => break result,
            }
        };
        assert_eq!(result.outcome, whole.outcome);
        assert_eq!(counts(&result.stats), counts(&whole.stats));
        assert_eq!(slices, whole.stats.expanded.div_ceil(100));
        assert!(matches!(search.run(Slice::whole()), Step::Done(again) if again == result));
        assert_eq!(result.outcome.path().map(|path| path.len()), Some(81));
    };
    check(
        Box::new(Bfs::new(&klotski, [start], &limits)),
        bfs(&klotski, start, &limits),
    );
    check(
        Box::new(AStar::new(&klotski, [start], &limits)),
        astar(&klotski, start, &limits),
    );
}
