//! More answers from one search: several starts, checked against the
//! single-start engines on random graphs.

use crate::engines::Graph;
use crate::support::{reference_distances, TABLE};

use proptest::prelude::*;
use std::time::Duration;

use puzzle_search::search::{
    astar, astar_from, bfs, bfs_from, bidirectional_bfs_from, costs, distances_to, farthest,
    idastar, idastar_from, AStar, Bfs, DistancesEnd, IdaStar, Limit, Limits, Outcome, SearchResult,
    Slice, Stats, Step,
};
use puzzle_search::{adapt, Puzzle};

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
            ends_as_one_call(&bfs_from(&graph, starts.iter().copied(), &limits), || Bfs::new(&graph, starts.iter().copied(), &limits))?;
        }
    }

    #[test]
    fn a_paused_astar_ends_as_one_call((graph, starts, _) in graph_with_nodes(), max_states in 1usize..40) {
        for limits in [Limits::new(), Limits::new().with_max_states(max_states), Limits::new().with_max_depth(3)] {
            ends_as_one_call(&astar_from(&graph, starts.iter().copied(), &limits), || AStar::new(&graph, starts.iter().copied(), &limits))?;
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
            ends_as_one_call(&idastar_from(&graph, starts.iter().copied(), &limits), || IdaStar::new(&graph, starts.iter().copied(), &limits))?;
        }
    }

    #[test]
    fn distances_to_targets_are_the_reference_distances((graph, starts, targets) in graph_with_nodes()) {
        let reference = reference_distances(&graph, starts.iter().copied());
        let found = distances_to(&graph, starts.iter().copied(), &targets, &Limits::new());
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
            check_several(&graph, &starts, |s| bfs_from(&graph, s.iter().copied(), limits), |s| bfs(&graph, s, limits))?;
            check_several(&graph, &starts, |s| bidirectional_bfs_from(&graph, s.iter().copied(), limits), |s| bfs(&graph, s, limits))?;
            check_several(&graph, &starts, |s| astar_from(&graph, s.iter().copied(), limits), |s| astar(&graph, s, limits))?;
            check_several(&graph, &starts, |s| idastar_from(&graph, s.iter().copied(), limits), |s| idastar(&graph, s, limits))?;
        }
        let weighted = adapt::unit_costs(&graph);
        let limits = Limits::new();
        let nearest = starts.iter().filter_map(|&start| costs::astar(&weighted, start, &limits).cost).min();
        let several = costs::astar_from(&weighted, starts.iter().copied(), &limits);
        prop_assert_eq!(several.cost, nearest);
        if let Some(path) = several.outcome.path() {
            prop_assert!(starts.contains(path.start()));
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
        bfs_from(&walk, [], &limits),
        astar_from(&walk, [], &limits),
        idastar_from(&walk, [], &limits),
    ] {
        assert_eq!(result.outcome, Outcome::Unsolvable);
        assert_eq!(result.stats.expanded, 0);
    }
    for result in [
        bfs_from(&walk, [1, 9, 5], &limits),
        astar_from(&walk, [1, 9, 5], &limits),
        idastar_from(&walk, [1, 9, 5], &limits),
    ] {
        let path = result.outcome.path().cloned();
        assert_eq!(path.map(|path| path.states().to_vec()), Some(vec![9]));
    }
    // Bidirectional search too, whose backward side starts from the goals
    // of every start.
    let line = Graph::new(6, &[(0, 1), (1, 2), (3, 2), (4, 5)], &[2], 0);
    let none = bidirectional_bfs_from(&line, [], &limits);
    assert_eq!(
        (none.outcome, none.stats.expanded),
        (Outcome::Unsolvable, 0)
    );
    let at_goal = bidirectional_bfs_from(&line, [0, 2, 3], &limits);
    assert_eq!(
        at_goal.outcome.path().map(|path| path.states().to_vec()),
        Some(vec![2])
    );
    let nearest = bidirectional_bfs_from(&line, [4, 0, 0, 3], &limits);
    assert_eq!(
        nearest.outcome.path().map(|path| path.states().to_vec()),
        Some(vec![3, 2])
    );
    // Duplicates count once: the state limit holds two distinct starts.
    let two = Limits::new().with_max_states(2);
    assert_eq!(moves(&bfs_from(&walk, [1, 1, 3, 3, 1], &two)), None);
    assert_eq!(
        moves(&bfs_from(&walk, [1, 1, 3, 3, 1], &Limits::new())),
        Some(2)
    );
    assert!(walk.is_goal(&5));
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
