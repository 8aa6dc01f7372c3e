//! Every optimal solution (`search::all_optimal`) against brute force on
//! random small graphs: the count, the paths listed and the graph's states
//! are those of an enumeration of every walk of the optimal length.

use crate::support;

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use puzzle_search::search::{
    all_optimal, bfs, idastar_count, CountOutcome, Limits, OptimalOutcome, PathCount,
};
use puzzle_search::{Path, Puzzle};
use support::{reference_path_count, TABLE};

/// A directed graph with goal nodes; a move names both ends of its edge, and
/// parallel edges are allowed (two moves to one state are one step of a path).
#[derive(Debug, Clone)]
struct Graph {
    edges: Vec<Vec<u32>>,
    goals: Vec<bool>,
    /// Whether `successors_after` leaves out all the contract allows.
    prune: bool,
    /// An admissible heuristic: 0, or a share of the exact distance to a goal.
    heuristic: Vec<u32>,
}

impl Graph {
    fn new(nodes: usize, raw: &[(usize, usize)], goals: &[usize], prune: bool) -> Self {
        let mut edges = vec![Vec::new(); nodes];
        for &(a, b) in raw {
            edges[a % nodes].push((b % nodes) as u32);
        }
        let mut is_goal = vec![false; nodes];
        for &goal in goals {
            is_goal[goal % nodes] = true;
        }
        Graph {
            edges,
            goals: is_goal,
            prune,
            heuristic: vec![0; nodes],
        }
    }

    /// The same graph with `share` (0, 1 or 2) of each node's exact distance to a
    /// goal as its heuristic: none, all of it, half of it.
    fn with_heuristic(mut self, share: u8) -> Self {
        self.heuristic = self.distances();
        for h in &mut self.heuristic {
            *h = match share {
                0 => 0,
                1 => *h,
                _ => *h / 2,
            };
        }
        self
    }

    /// Each node's exact distance to the nearest goal (0 where none is
    /// reachable), by relaxing every edge until nothing changes.
    fn distances(&self) -> Vec<u32> {
        let mut distance: Vec<Option<u32>> =
            self.goals.iter().map(|&goal| goal.then_some(0)).collect();
        loop {
            let mut changed = false;
            for (node, targets) in self.edges.iter().enumerate() {
                for &next in targets {
                    if let Some(d) = distance[next as usize] {
                        if distance[node].is_none_or(|current| d + 1 < current) {
                            distance[node] = Some(d + 1);
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return distance.into_iter().map(|d| d.unwrap_or(0)).collect();
            }
        }
    }
}

/// Every walk of `length` moves from `start`: a sequence of states, two
/// moves to one state being one step.
fn walks<P: Puzzle>(puzzle: &P, start: P::State, length: usize) -> Vec<Vec<P::State>>
where
    P::State: Ord,
{
    let mut walks = vec![vec![start]];
    for _ in 0..length {
        walks = walks
            .into_iter()
            .flat_map(|walk| {
                let mut targets = Vec::new();
                puzzle.successors(walk.last().unwrap(), |_, next| targets.push(next));
                targets.sort_unstable();
                targets.dedup();
                targets.into_iter().map(move |next| {
                    let mut longer = walk.clone();
                    longer.push(next);
                    longer
                })
            })
            .collect();
    }
    walks
}

/// Every shortest path from `start` to a goal, by enumerating walks of
/// growing length: `None` if no walk of fewer than `most` moves reaches one.
fn brute_force<P: Puzzle>(
    puzzle: &P,
    start: P::State,
    most: usize,
) -> Option<BTreeSet<Vec<P::State>>>
where
    P::State: Ord,
{
    (0..most).find_map(|length| {
        let ending: BTreeSet<Vec<P::State>> = walks(puzzle, start.clone(), length)
            .into_iter()
            .filter(|walk| puzzle.is_goal(walk.last().unwrap()))
            .collect();
        (!ending.is_empty()).then_some(ending)
    })
}

impl Puzzle for Graph {
    type State = u32;
    type Move = (u32, u32);
    type Key = u32;

    fn encode(&self, state: &u32) -> u32 {
        *state
    }
    fn successors(&self, state: &u32, mut emit: impl FnMut((u32, u32), u32)) {
        for &next in &self.edges[*state as usize] {
            emit((*state, next), next);
        }
    }
    fn successors_after(
        &self,
        state: &u32,
        &(before, _): &(u32, u32),
        mut emit: impl FnMut((u32, u32), u32),
    ) {
        let near = &self.edges[before as usize];
        self.successors(state, |mv, next| {
            if !self.prune || (next != before && !near.contains(&next)) {
                emit(mv, next);
            }
        });
    }
    fn is_goal(&self, state: &u32) -> bool {
        self.goals[*state as usize]
    }
    fn heuristic(&self, state: &u32) -> u32 {
        self.heuristic[*state as usize]
    }
}

fn graph_strategy() -> impl Strategy<Value = (Graph, u32)> {
    (2usize..11)
        .prop_flat_map(|nodes| {
            (
                Just(nodes),
                prop::collection::vec((0..nodes, 0..nodes), 0..nodes * 3),
                prop::collection::vec(0..nodes, 0..3),
                any::<bool>(),
                0..nodes as u32,
            )
        })
        .prop_map(|(nodes, edges, goals, prune, start)| {
            (Graph::new(nodes, &edges, &goals, prune), start)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The count, the paths and the graph against every walk of the optimal length.
    #[test]
    fn all_optimal_matches_brute_force((graph, start) in graph_strategy()) {
        let result = all_optimal(&graph, start, &Limits::new());
        let Some(expected) = brute_force(&graph, start, graph.edges.len()) else {
            prop_assert_eq!(result.outcome, OptimalOutcome::Unsolvable);
            return Ok(());
        };
        let OptimalOutcome::Solved(found) = result.outcome else {
            return Err(TestCaseError::fail("solvable, yet not solved"));
        };
        let length = expected.iter().next().unwrap().len() - 1;
        prop_assert_eq!(found.cost() as usize, length);
        prop_assert_eq!(found.count(), PathCount::Exact(expected.len() as u128));

        let paths: Vec<Path<u32, (u32, u32)>> = found.paths().collect();
        prop_assert_eq!(found.paths().count(), paths.len());
        for path in &paths {
            prop_assert!(path.replays(&graph));
            prop_assert_eq!(path.len(), length);
        }
        let listed: BTreeSet<Vec<u32>> = paths.iter().map(|path| path.states().to_vec()).collect();
        prop_assert_eq!(listed.len(), paths.len(), "a path listed twice");
        prop_assert_eq!(&listed, &expected);

        // The graph holds exactly the states on the paths, each in its layer,
        // and its last layer exactly their ends.
        for depth in 0..=length {
            let layer: BTreeSet<u32> = found.layer(depth as u32).iter().copied().collect();
            let on_paths: BTreeSet<u32> = expected.iter().map(|walk| walk[depth]).collect();
            prop_assert_eq!(layer.len(), found.layer(depth as u32).len());
            prop_assert_eq!(layer, on_paths);
        }
        let goals: BTreeSet<u32> = found.goals().iter().copied().collect();
        let ends: BTreeSet<u32> = expected.iter().map(|walk| walk[length]).collect();
        prop_assert_eq!(goals, ends);
        prop_assert_eq!(found.states().len(), expected.iter().flatten().collect::<HashSet<_>>().len());
        // Every edge joins consecutive layers and lies on a path.
        let steps: BTreeSet<(u32, u32)> = expected
            .iter()
            .flat_map(|walk| walk.windows(2).map(|pair| (pair[0], pair[1])))
            .collect();
        let mut edges = BTreeSet::new();
        for index in 0..found.states().len() {
            for (child, _) in found.edges(index) {
                edges.insert((found.states()[index], found.states()[child]));
            }
        }
        prop_assert_eq!(edges.len(), found.edge_count());
        prop_assert_eq!(edges, steps);
    }

    /// From several starts: the paths of the starts nearest to a goal,
    /// each found by brute force from its start alone; the graph's starts
    /// are those starts, in their order.
    #[test]
    fn several_starts_hold_the_paths_of_the_nearest_starts(
        (graph, start) in graph_strategy(),
        others in prop::collection::vec(0u32..11, 0..3),
    ) {
        let nodes = graph.edges.len() as u32;
        let mut starts = vec![start];
        starts.extend(others.iter().map(|&other| other % nodes));
        let mut distinct = starts.clone();
        let mut seen = HashSet::new();
        distinct.retain(|&s| seen.insert(s));
        let walks: Vec<Option<BTreeSet<Vec<u32>>>> =
            distinct.iter().map(|&s| brute_force(&graph, s, graph.edges.len())).collect();
        let length = |walks: &BTreeSet<Vec<u32>>| walks.iter().next().map_or(0, |walk| walk.len() - 1);
        let nearest = walks.iter().flatten().map(length).min();
        let result = all_optimal(&graph, starts.clone(), &Limits::new());
        let Some(nearest) = nearest else {
            prop_assert_eq!(result.outcome, OptimalOutcome::Unsolvable);
            return Ok(());
        };
        let found = result.outcome.into_graph().unwrap();
        prop_assert_eq!(found.cost() as usize, nearest);
        let listed: Vec<Vec<u32>> = found.paths().map(|path| {
            assert!(path.replays(&graph));
            path.states().to_vec()
        }).collect();
        if nearest == 0 {
            // The first start that is a goal, alone.
            let goal = distinct.iter().zip(&walks).find(|(_, w)| w.as_ref().is_some_and(|w| length(w) == 0)).unwrap().0;
            prop_assert_eq!(listed, vec![vec![*goal]]);
            return Ok(());
        }
        let mut expected = BTreeSet::new();
        let mut nearest_starts = Vec::new();
        for (&s, walks) in distinct.iter().zip(&walks) {
            if let Some(walks) = walks.as_ref().filter(|walks| length(walks) == nearest) {
                nearest_starts.push(s);
                expected.extend(walks.iter().cloned());
            }
        }
        let set: BTreeSet<Vec<u32>> = listed.iter().cloned().collect();
        prop_assert_eq!(set.len(), listed.len(), "a path listed twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(found.count(), PathCount::Exact(expected.len() as u128));
        prop_assert_eq!(found.starts(), &nearest_starts[..]);
        prop_assert_eq!(found.layer(0), &nearest_starts[..]);
    }

    /// The same optimum as BFS, and the reference count by a plain layered
    /// search; the order of the paths is the same on every run.
    #[test]
    fn all_optimal_agrees_with_bfs_and_the_reference((graph, start) in graph_strategy()) {
        let result = all_optimal(&graph, start, &Limits::new());
        let single = bfs(&graph, start, &Limits::new());
        let reference = reference_path_count(&graph, start);
        match (&result.outcome, reference) {
            (OptimalOutcome::Solved(found), Some((moves, count, goals))) => {
                prop_assert_eq!(Some(found.cost() as usize), single.outcome.path().map(Path::len));
                prop_assert_eq!(found.cost() as usize, moves as usize);
                prop_assert_eq!(found.count(), PathCount::Exact(count));
                prop_assert_eq!(found.goals().iter().copied().collect::<HashSet<_>>(), goals);
                let again = all_optimal(&graph, start, &Limits::new());
                let first: Vec<_> = found.paths().collect();
                let second: Vec<_> = again.outcome.graph().unwrap().paths().collect();
                prop_assert_eq!(first, second);
            }
            (OptimalOutcome::Unsolvable, None) => {}
            (outcome, reference) => {
                return Err(TestCaseError::fail(format!("{outcome:?} against {reference:?}")));
            }
        }
    }

    /// Limits: a depth limit below the optimum stops the search (or proves it
    /// unsolvable within it, as BFS does), a state limit the same as BFS's.
    #[test]
    fn all_optimal_honours_limits((graph, start) in graph_strategy(), depth in 0u32..4, states in 1usize..8) {
        let limits = Limits::new().with_max_depth(depth);
        let bounded = all_optimal(&graph, start, &limits);
        let single = bfs(&graph, start, &limits);
        prop_assert_eq!(bounded.outcome.limit(), single.outcome.limit());
        prop_assert_eq!(bounded.outcome.graph().map(|found| found.cost() as usize), single.outcome.path().map(Path::len));
        let limits = Limits::new().with_max_states(states);
        let bounded = all_optimal(&graph, start, &limits);
        if let OptimalOutcome::Solved(found) = &bounded.outcome {
            prop_assert!(bounded.stats.max_stored <= states);
            prop_assert_eq!(Some(found.cost() as usize), bfs(&graph, start, &Limits::new()).outcome.path().map(Path::len));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A depth limit prunes by the heuristic, yet within it the count, the
    /// goals and the states are those of the search without a limit; below
    /// the optimum the depth limit stops it, as it stops BFS.
    #[test]
    fn a_depth_bound_prunes_without_changing_the_answer(
        (graph, start) in graph_strategy(),
        share in 0u8..3,
        slack in 0u32..3,
    ) {
        let graph = graph.with_heuristic(share);
        let free = all_optimal(&graph, start, &Limits::new());
        let Some(found) = free.outcome.graph() else {
            let bounded = all_optimal(&graph, start, &Limits::new().with_max_depth(slack));
            prop_assert!(bounded.outcome.graph().is_none());
            return Ok(());
        };
        let optimum = found.cost();
        let bounded = all_optimal(&graph, start, &Limits::new().with_max_depth(optimum + slack));
        let within = bounded.outcome.graph().unwrap();
        prop_assert_eq!(within.count(), found.count());
        prop_assert_eq!(within.states(), found.states());
        prop_assert!(bounded.stats.max_stored <= free.stats.max_stored);
        if optimum > 0 {
            let short = all_optimal(&graph, start, &Limits::new().with_max_depth(optimum - 1));
            prop_assert_eq!(short.outcome.limit().map(|limit| limit.name()), Some("depth"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// IDA*'s count, depth first without a table, is the graph's count, with
    /// any admissible heuristic; folded or not.
    #[test]
    fn idastar_counts_as_the_graph_does((graph, start) in graph_strategy(), share in 0u8..3) {
        let graph = graph.with_heuristic(share);
        let limits = Limits::new().with_table_capacity(TABLE);
        let counted = idastar_count(&graph, start, &limits);
        match all_optimal(&graph, start, &Limits::new()).outcome {
            OptimalOutcome::Solved(found) => {
                prop_assert_eq!(counted.outcome.moves(), Some(found.cost() as usize));
                prop_assert_eq!(counted.outcome.count(), Some(found.count()));
                let CountOutcome::Counted { path, .. } = &counted.outcome else { unreachable!() };
                prop_assert!(path.replays(&graph));
            }
            OptimalOutcome::Unsolvable => prop_assert_eq!(counted.outcome, CountOutcome::Unsolvable),
            OptimalOutcome::LimitReached(limit) => panic!("no limit was set: {limit}"),
        }
    }

    #[test]
    fn idastar_counts_real_states_of_a_folded_puzzle((puzzle, start) in two_sided_strategy()) {
        let limits = Limits::new().with_table_capacity(TABLE);
        let counted = idastar_count(&puzzle, start, &limits);
        let expected = brute_force(&puzzle, start, puzzle.edges.len());
        match expected {
            Some(paths) => {
                prop_assert_eq!(counted.outcome.moves(), Some(paths.iter().next().unwrap().len() - 1));
                prop_assert_eq!(counted.outcome.count(), Some(PathCount::Exact(paths.len() as u128)));
            }
            None => prop_assert_eq!(counted.outcome, CountOutcome::Unsolvable),
        }
    }
}

/// Two copies of a graph, its sides, with edges within a side and across:
/// the swap of the sides is a symmetry, and the key folds it away (a state is
/// a node and a side, its key the node), as Klotski folds mirror images.
#[derive(Debug, Clone)]
struct TwoSided {
    /// From each node, the nodes it leads to and whether the edge crosses.
    edges: Vec<Vec<(u32, bool)>>,
    goals: Vec<bool>,
}

impl Puzzle for TwoSided {
    type State = (u32, bool);
    type Move = u8;
    type Key = u32;

    fn encode(&self, &(node, _): &(u32, bool)) -> u32 {
        node
    }
    fn successors(&self, &(node, side): &(u32, bool), mut emit: impl FnMut(u8, (u32, bool))) {
        for (number, &(next, cross)) in self.edges[node as usize].iter().enumerate() {
            emit(number as u8, (next, side ^ cross));
        }
    }
    fn is_goal(&self, &(node, _): &(u32, bool)) -> bool {
        self.goals[node as usize]
    }
}

fn two_sided_strategy() -> impl Strategy<Value = (TwoSided, (u32, bool))> {
    (2usize..9)
        .prop_flat_map(|nodes| {
            (
                prop::collection::vec(
                    prop::collection::vec((0..nodes as u32, any::<bool>()), 0..4),
                    nodes,
                ),
                prop::collection::vec(prop::bool::weighted(0.2), nodes),
                (0..nodes as u32, any::<bool>()),
            )
        })
        .prop_map(|(edges, goals, start)| (TwoSided { edges, goals }, start))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Folding the sides into one key, the graph is still of real states:
    /// its count, paths and states are those of every walk of real states.
    #[test]
    fn a_folded_puzzle_counts_real_states((puzzle, start) in two_sided_strategy()) {
        let result = all_optimal(&puzzle, start, &Limits::new());
        let Some(expected) = brute_force(&puzzle, start, puzzle.edges.len()) else {
            prop_assert_eq!(result.outcome, OptimalOutcome::Unsolvable);
            return Ok(());
        };
        let found = result.outcome.into_graph().unwrap();
        prop_assert_eq!(found.count(), PathCount::Exact(expected.len() as u128));
        let listed: Vec<Vec<(u32, bool)>> = found.paths().map(|path| {
            assert!(path.replays(&puzzle));
            path.states().to_vec()
        }).collect();
        prop_assert_eq!(listed.iter().cloned().collect::<BTreeSet<_>>(), expected.clone());
        prop_assert_eq!(listed.len(), expected.len());
        let states: BTreeSet<(u32, bool)> = expected.iter().flatten().copied().collect();
        prop_assert_eq!(found.states().len(), states.len());
        prop_assert_eq!(found.states().iter().copied().collect::<BTreeSet<_>>(), states);
        let ends: BTreeSet<(u32, bool)> = expected.iter().map(|walk| *walk.last().unwrap()).collect();
        prop_assert_eq!(found.goals().iter().copied().collect::<BTreeSet<_>>(), ends);
    }
}

/// Counts that outgrow `u128` say so: a chain of 130 diamonds has 2^130 paths.
#[test]
fn a_count_past_u128_says_so() {
    let diamonds = 130u32;
    // Node 3i is a diamond's top, 3i+1 and 3i+2 its sides, 3(i+1) the next top.
    let mut edges = Vec::new();
    for i in 0..diamonds as usize {
        for side in [3 * i + 1, 3 * i + 2] {
            edges.push((3 * i, side));
            edges.push((side, 3 * i + 3));
        }
    }
    let last = 3 * diamonds as usize;
    let graph = Graph::new(last + 1, &edges, &[last], false);
    let found = all_optimal(&graph, 0, &Limits::new())
        .outcome
        .into_graph()
        .unwrap();
    assert_eq!(found.cost() as usize, 2 * diamonds as usize);
    assert_eq!(found.count(), PathCount::MoreThanU128);
    // 127 diamonds fit: 2^127.
    let start = 3 * (diamonds - 127);
    let found = all_optimal(&graph, start, &Limits::new())
        .outcome
        .into_graph()
        .unwrap();
    assert_eq!(found.count(), PathCount::Exact(1u128 << 127));
    assert_eq!(found.paths().take(5).count(), 5);
}

/// A start that is a goal: one path of no moves, under any limits.
#[test]
fn a_start_at_a_goal_is_one_path() {
    let graph = Graph::new(2, &[(0, 1)], &[0], false);
    let result = all_optimal(&graph, 0, &Limits::new().with_max_states(0));
    let found = result.outcome.into_graph().unwrap();
    assert_eq!(found.count(), PathCount::Exact(1));
    let paths: Vec<_> = found.paths().collect();
    assert_eq!(paths, [Path::new(0)]);
}
