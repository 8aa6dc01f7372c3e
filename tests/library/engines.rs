//! The four engines against each other and against an independent reference, on
//! generated puzzles: random directed graphs and a mirror-folded grid walk.

use crate::support;

use std::time::Duration;

use proptest::prelude::*;
use puzzle_search::search::{CancelFlag, Engine, Limit, Limits, Outcome, TwoWay};
use puzzle_search::{adapt, Backward, Puzzle};
use support::{reference_distances, reference_moves, TABLE};

/// A directed graph with some goal nodes; a move names the edge's target.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    edges: Vec<Vec<u32>>,
    reverse: Vec<Vec<u32>>,
    goals: Vec<bool>,
    /// Exact distance to the nearest goal, or `None`; used to build heuristics.
    distance: Vec<Option<u32>>,
    /// 0: no heuristic; 1: exact distance; 2: half of it (admissible, inconsistent-ish).
    heuristic_kind: u8,
}

impl Graph {
    pub(crate) fn new(
        nodes: usize,
        raw_edges: &[(usize, usize)],
        goals: &[usize],
        heuristic_kind: u8,
    ) -> Self {
        let mut edges = vec![Vec::new(); nodes];
        let mut reverse = vec![Vec::new(); nodes];
        for &(a, b) in raw_edges {
            let (a, b) = (a % nodes, b % nodes);
            if !edges[a].contains(&(b as u32)) {
                edges[a].push(b as u32);
                reverse[b].push(a as u32);
            }
        }
        let mut is_goal = vec![false; nodes];
        for &g in goals {
            is_goal[g % nodes] = true;
        }
        // Reference distances: the reference BFS over reversed edges from every goal.
        let reversed = {
            let reverse = &reverse;
            adapt::from_fn(
                move |&node: &u32| reverse[node as usize].iter().copied(),
                |_: &u32| false,
            )
        };
        let goal_nodes = (0..nodes as u32).filter(|&node| is_goal[node as usize]);
        let to_goal = reference_distances(&reversed, goal_nodes);
        let distance = (0..nodes as u32)
            .map(|node| to_goal.get(&node).copied())
            .collect();
        Graph {
            edges,
            reverse,
            goals: is_goal,
            distance,
            heuristic_kind,
        }
    }
}

impl Puzzle for Graph {
    type State = u32;
    type Move = u32;
    type Key = u32;

    fn encode(&self, state: &u32) -> u32 {
        *state
    }
    fn successors(&self, state: &u32, mut emit: impl FnMut(u32, u32)) {
        for &next in &self.edges[*state as usize] {
            emit(next, next);
        }
    }
    fn is_goal(&self, state: &u32) -> bool {
        self.goals[*state as usize]
    }
    fn heuristic(&self, state: &u32) -> u32 {
        let exact = self.distance[*state as usize].unwrap_or(0);
        match self.heuristic_kind {
            1 => exact,
            2 => exact / 2,
            _ => 0,
        }
    }
}

impl Backward for Graph {
    fn goal_states(&self, _start: &u32, mut emit: impl FnMut(u32)) {
        for (node, &goal) in self.goals.iter().enumerate() {
            if goal {
                emit(node as u32);
            }
        }
    }
    fn predecessors(&self, state: &u32, mut emit: impl FnMut(u32, u32)) {
        for &previous in &self.reverse[*state as usize] {
            emit(*state, previous);
        }
    }
}

/// The same graph, with moves that name both ends, leaving out every successor
/// that `successors_after` may leave out and every goal that `goal_states` may
/// leave out: the strongest pruning the contracts allow.
#[derive(Debug, Clone)]
struct Pruned(Graph);

impl Puzzle for Pruned {
    type State = u32;
    type Move = (u32, u32);
    type Key = u32;

    fn encode(&self, state: &u32) -> u32 {
        *state
    }
    fn successors(&self, state: &u32, mut emit: impl FnMut((u32, u32), u32)) {
        self.0
            .successors(state, |_, next| emit((*state, next), next));
    }
    fn successors_after(
        &self,
        state: &u32,
        &(before, _): &(u32, u32),
        mut emit: impl FnMut((u32, u32), u32),
    ) {
        let near = &self.0.edges[before as usize];
        self.successors(state, |mv, next| {
            if next != before && !near.contains(&next) {
                emit(mv, next);
            }
        });
    }
    fn is_goal(&self, state: &u32) -> bool {
        self.0.is_goal(state)
    }
    fn heuristic(&self, state: &u32) -> u32 {
        self.0.heuristic(state)
    }
}

impl Backward for Pruned {
    fn goal_states(&self, start: &u32, mut emit: impl FnMut(u32)) {
        let Graph { reverse, goals, .. } = &self.0;
        self.0.goal_states(start, |goal| {
            if reverse[goal as usize]
                .iter()
                .any(|&previous| !goals[previous as usize])
            {
                emit(goal);
            }
        });
    }
    fn predecessors(&self, state: &u32, mut emit: impl FnMut((u32, u32), u32)) {
        self.0
            .predecessors(state, |_, previous| emit((previous, *state), previous));
    }
    fn predecessors_before(
        &self,
        state: &u32,
        &(_, after): &(u32, u32),
        mut emit: impl FnMut((u32, u32), u32),
    ) {
        let near = &self.0.reverse[after as usize];
        self.predecessors(state, |mv, previous| {
            if previous != after && !near.contains(&previous) {
                emit(mv, previous);
            }
        });
    }
}

fn graph_strategy() -> impl Strategy<Value = (Graph, u32)> {
    (2usize..40)
        .prop_flat_map(|nodes| {
            (
                Just(nodes),
                prop::collection::vec((0..nodes, 0..nodes), 0..nodes * 3),
                prop::collection::vec(0..nodes, 0..3),
                0u8..3,
                0..nodes as u32,
            )
        })
        .prop_map(|(nodes, edges, goals, kind, start)| {
            (Graph::new(nodes, &edges, &goals, kind), start)
        })
}

/// A walk on a grid with walls placed symmetrically about the vertical axis, keyed
/// by the mirror-folded position: states that share a key are mirror images.
#[derive(Debug, Clone)]
struct MirrorWalk {
    width: i32,
    height: i32,
    walls: Vec<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Up,
    Down,
    Left,
    Right,
}

impl Step {
    fn reversed(self) -> Step {
        match self {
            Step::Up => Step::Down,
            Step::Down => Step::Up,
            Step::Left => Step::Right,
            Step::Right => Step::Left,
        }
    }
}

impl MirrorWalk {
    fn open(&self, x: i32, y: i32) -> bool {
        (0..self.width).contains(&x)
            && (0..self.height).contains(&y)
            && !self.walls[(y * self.width + x) as usize]
    }
}

impl Puzzle for MirrorWalk {
    type State = (i32, i32);
    type Move = Step;
    type Key = (i32, i32);

    fn encode(&self, &(x, y): &(i32, i32)) -> (i32, i32) {
        (x.min(self.width - 1 - x), y)
    }
    fn successors(&self, &(x, y): &(i32, i32), mut emit: impl FnMut(Step, (i32, i32))) {
        for (step, dx, dy) in [
            (Step::Up, 0, -1),
            (Step::Down, 0, 1),
            (Step::Left, -1, 0),
            (Step::Right, 1, 0),
        ] {
            if self.open(x + dx, y + dy) {
                emit(step, (x + dx, y + dy));
            }
        }
    }
    /// Never steps straight back: that returns to the state before `last`.
    fn successors_after(
        &self,
        state: &(i32, i32),
        last: &Step,
        mut emit: impl FnMut(Step, (i32, i32)),
    ) {
        let back = last.reversed();
        self.successors(state, |step, next| {
            if step != back {
                emit(step, next);
            }
        });
    }
    fn is_goal(&self, &(_, y): &(i32, i32)) -> bool {
        y == self.height - 1
    }
    fn heuristic(&self, &(_, y): &(i32, i32)) -> u32 {
        (self.height - 1 - y) as u32
    }
}

impl Backward for MirrorWalk {
    fn goal_states(&self, _start: &(i32, i32), mut emit: impl FnMut((i32, i32))) {
        for x in 0..self.width {
            if self.open(x, self.height - 1) {
                emit((x, self.height - 1));
            }
        }
    }
    fn predecessors(&self, state: &(i32, i32), mut emit: impl FnMut(Step, (i32, i32))) {
        self.successors(state, |step, previous| emit(step.reversed(), previous));
    }
    /// Never steps straight back to the state after `next`.
    fn predecessors_before(
        &self,
        state: &(i32, i32),
        next: &Step,
        mut emit: impl FnMut(Step, (i32, i32)),
    ) {
        self.predecessors(state, |step, previous| {
            if step != next.reversed() {
                emit(step, previous);
            }
        });
    }
}

fn mirror_walk_strategy() -> impl Strategy<Value = (MirrorWalk, (i32, i32))> {
    (2i32..7, 2i32..7)
        .prop_flat_map(|(width, height)| {
            let half = (width + 1) / 2;
            (
                Just((width, height)),
                prop::collection::vec(prop::bool::weighted(0.3), (half * height) as usize),
                0..width,
            )
        })
        .prop_map(|((width, height), half_walls, start_x)| {
            let half = (width + 1) / 2;
            let mut walls = vec![false; (width * height) as usize];
            for y in 0..height {
                for x in 0..width {
                    let folded = x.min(width - 1 - x);
                    walls[(y * width + x) as usize] = half_walls[(y * half + folded) as usize];
                }
            }
            walls[start_x as usize] = false;
            (
                MirrorWalk {
                    width,
                    height,
                    walls,
                },
                (start_x, 0),
            )
        })
}

fn check_all_engines<P>(puzzle: &P, start: P::State) -> Result<(), TestCaseError>
where
    P: Backward,
    P::State: PartialEq + std::fmt::Debug,
    P::Move: PartialEq + std::fmt::Debug,
{
    let expected = reference_moves(puzzle, &start);
    for engine in Engine::ALL {
        let result = engine.solve(
            TwoWay(puzzle),
            start.clone(),
            &Limits::new().with_table_capacity(TABLE),
        );
        match (&result.outcome, expected) {
            (Outcome::Solved(path), Some(moves)) => {
                prop_assert_eq!(path.len(), moves, "{} found a non-optimal path", engine);
                prop_assert!(
                    path.replays(puzzle),
                    "{} returned a path that does not replay: {:?}",
                    engine,
                    path
                );
                prop_assert_eq!(path.start(), &start);
            }
            (Outcome::Unsolvable, None) => {}
            (outcome, expected) => {
                return Err(TestCaseError::fail(format!(
                    "{engine}: {outcome:?}, expected {expected:?}"
                )));
            }
        }
        prop_assert!(
            result.stats.generated >= result.stats.expanded.saturating_sub(1)
                || result.stats.expanded <= 1
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engines_agree_on_random_graphs((graph, start) in graph_strategy()) {
        check_all_engines(&graph, start)?;
    }

    #[test]
    fn engines_stay_optimal_under_the_strongest_pruning_allowed((graph, start) in graph_strategy()) {
        check_all_engines(&Pruned(graph), start)?;
    }

    #[test]
    fn paths_replay_under_mirror_folding((walk, start) in mirror_walk_strategy()) {
        check_all_engines(&walk, start)?;
    }

    #[test]
    fn depth_limit_is_an_outcome_of_its_own((graph, start) in graph_strategy(), max_depth in 0u32..6) {
        let expected = reference_moves(&graph, &start);
        for engine in Engine::ALL {
            let limits = Limits::new().with_max_depth(max_depth).with_table_capacity(TABLE);
            let outcome = engine.solve(TwoWay(&graph), start, &limits).outcome;
            match expected {
                Some(moves) if moves <= max_depth as usize => {
                    prop_assert_eq!(outcome.path().map(|p| p.len()), Some(moves), "{}", engine);
                }
                Some(_) => prop_assert_eq!(outcome, Outcome::LimitReached(Limit::Depth { max: max_depth }), "{}", engine),
                // Unreachable goals: either proved unsolvable or cut by the depth limit.
                None => prop_assert!(
                    matches!(outcome, Outcome::Unsolvable | Outcome::LimitReached(Limit::Depth { .. })),
                    "{}: {:?}", engine, outcome
                ),
            }
        }
    }

    #[test]
    fn state_limit_is_respected((graph, start) in graph_strategy(), max_states in 0usize..12) {
        check_state_limit(&graph, start, max_states)?;
    }

    #[test]
    fn state_limit_is_respected_under_pruning((graph, start) in graph_strategy(), max_states in 0usize..12) {
        check_state_limit(&Pruned(graph), start, max_states)?;
    }

    #[test]
    fn state_limit_is_respected_under_mirror_folding((walk, start) in mirror_walk_strategy(), max_states in 0usize..40) {
        check_state_limit(&walk, start, max_states)?;
    }
}

/// Under a limit of `max_states`, every engine stores at most `max_states`
/// states at once (`Stats::max_stored`), stops with exactly that limit when it
/// stops, and is right when it answers.
fn check_state_limit<P>(puzzle: &P, start: P::State, max_states: usize) -> Result<(), TestCaseError>
where
    P: Backward,
    P::State: PartialEq + std::fmt::Debug,
    P::Move: PartialEq + std::fmt::Debug,
{
    let expected = reference_moves(puzzle, &start);
    // A start that is a goal is a path of no moves under any limits, even 0:
    // the one state it holds is the start.
    let room = if puzzle.is_goal(&start) {
        max_states.max(1)
    } else {
        max_states
    };
    let limits = Limits::new()
        .with_max_states(max_states)
        .with_table_capacity(TABLE);
    for engine in Engine::ALL {
        let result = engine.solve(TwoWay(puzzle), start.clone(), &limits);
        prop_assert!(
            result.stats.max_stored <= room,
            "{} stored {} states under a limit of {}: {:?}",
            engine,
            result.stats.max_stored,
            max_states,
            result
        );
        match &result.outcome {
            Outcome::Solved(path) => {
                prop_assert_eq!(Some(path.len()), expected, "{}", engine);
                prop_assert!(path.replays(puzzle), "{}", engine);
            }
            Outcome::Unsolvable => prop_assert_eq!(expected, None, "{}", engine),
            Outcome::LimitReached(limit) => {
                prop_assert_eq!(*limit, Limit::States { max: max_states }, "{}", engine)
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- inconsistent heuristics

/// A graph where A* must often reopen states, with a start: 10 to 59 nodes,
/// one to three edges per node, undirected as often as not (more ways of
/// different lengths to the same node), one or two goals; and a heuristic that
/// is admissible but inconsistent. Each node with a way to a goal gets its
/// exact distance one time in four and 0 otherwise, so that bounds drop by
/// many moves along an edge; a node with no way to a goal gets any bound
/// (anything is below infinity).
///
/// A* then meets, now and then, a node first by a long way of low bounds and
/// only later by a shorter way through a node of high bound: 1.5% of the cases
/// are answered wrongly by an A* that does not reopen expanded nodes, so a
/// thousand cases catch it every time.
fn inconsistent_strategy() -> impl Strategy<Value = (Graph, u32, Vec<u32>)> {
    (10usize..60)
        .prop_flat_map(|nodes| {
            (
                Just(nodes),
                prop::collection::vec((0..nodes, 0..nodes), nodes..nodes * 3),
                any::<bool>(),
                prop::collection::vec(0..nodes, 1..3),
                0..nodes as u32,
                prop::collection::vec(any::<u16>(), nodes),
            )
        })
        .prop_map(|(nodes, mut edges, undirected, goals, start, choices)| {
            if undirected {
                let back: Vec<_> = edges.iter().map(|&(a, b)| (b, a)).collect();
                edges.extend(back);
            }
            let graph = Graph::new(nodes, &edges, &goals, 0);
            let heuristic = graph
                .distance
                .iter()
                .zip(&choices)
                .map(|(&distance, &choice)| match distance {
                    Some(exact) if choice % 4 == 0 => exact,
                    Some(_) => 0,
                    None => u32::from(choice / 4),
                })
                .collect();
            (graph, start, heuristic)
        })
}

/// `puzzle` searched with `heuristic` (by node) in place of its own.
fn with_table<P: Puzzle<State = u32>>(
    puzzle: P,
    heuristic: Vec<u32>,
) -> adapt::WithHeuristic<P, impl Fn(&u32) -> u32> {
    puzzle.with_heuristic(move |&node: &u32| heuristic[node as usize])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// An admissible heuristic need not be consistent: A* must reopen a state
    /// that a shorter way reaches after a longer one, or it may return a
    /// longer path than BFS.
    #[test]
    fn engines_stay_optimal_with_an_inconsistent_heuristic(
        (graph, start, heuristic) in inconsistent_strategy(),
    ) {
        for (node, &h) in heuristic.iter().enumerate() {
            if let Some(exact) = graph.distance[node] {
                prop_assert!(h <= exact, "node {}: h = {} > {}", node, h, exact);
            }
        }
        check_all_engines(&with_table(graph.clone(), heuristic.clone()), start)?;
        check_all_engines(&with_table(Pruned(graph), heuristic), start)?;
    }

    /// Reopened states are stored states too.
    #[test]
    fn state_limit_is_respected_with_an_inconsistent_heuristic(
        (graph, start, heuristic) in inconsistent_strategy(),
        max_states in 0usize..60,
    ) {
        check_state_limit(&with_table(graph, heuristic), start, max_states)?;
    }
}

/// The smallest graph where A* must reopen a state: `C` is first reached the
/// long way, `S → X → Y → C`, whose low bounds put it ahead of `B`, the start
/// of the short way `S → B → C`; then `C → D → G`. The bound of `B` is exact
/// (3), every other bound is 0: admissible, and inconsistent at `B → C`.
///
/// A* expands `S`, `X`, `Y` and `C` (bounds 0 to 3) before `B` (bound 4), so
/// `D` and `G` are first reached at 4 and 5 moves; only by reopening `C` from
/// `B` (2 moves instead of 3), and then `D` and `G`, does it find the 4-move
/// path, whatever the order among equal bounds.
#[test]
fn astar_reopens_a_state_reached_again_by_a_shorter_path() {
    const S: usize = 0;
    const X: usize = 1;
    const Y: usize = 2;
    const C: usize = 3;
    const D: usize = 4;
    const G: usize = 5;
    const B: usize = 6;
    let edges = [(S, X), (X, Y), (Y, C), (S, B), (B, C), (C, D), (D, G)];
    let graph = Graph::new(7, &edges, &[G], 0);
    let mut heuristic = vec![0; 7];
    heuristic[B] = 3;
    assert_eq!(graph.distance[B], Some(3), "admissible");
    assert!(heuristic[B] > 1 + heuristic[C], "inconsistent");
    let puzzle = with_table(graph, heuristic);
    let result = Engine::AStar.solve(TwoWay(&puzzle), S as u32, &Limits::new());
    let path = result.outcome.path().expect("G is reachable");
    assert_eq!(path.states(), &[S, B, C, D, G].map(|node| node as u32));
    assert!(path.replays(&puzzle));
    for engine in Engine::ALL {
        let outcome = engine
            .solve(
                TwoWay(&puzzle),
                S as u32,
                &Limits::new().with_table_capacity(TABLE),
            )
            .outcome;
        assert_eq!(outcome.path().map(|path| path.len()), Some(4), "{engine}");
    }
}

/// An endless line of states: 0, 1, 2, ... and no goal at all.
struct Endless;

impl Puzzle for Endless {
    type State = u64;
    type Move = ();
    type Key = u64;
    fn encode(&self, state: &u64) -> u64 {
        *state
    }
    fn successors(&self, state: &u64, mut emit: impl FnMut((), u64)) {
        emit((), state + 1);
        emit((), state * 2 + 1);
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

impl Backward for Endless {
    fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) {
        emit(u64::MAX);
    }
    fn predecessors(&self, state: &u64, mut emit: impl FnMut((), u64)) {
        emit((), state.wrapping_sub(1));
    }
}

#[test]
fn infinite_space_stops_at_the_state_limit() {
    for engine in Engine::ALL {
        // IDA* holds only its path unless it keeps a table: the table fills up.
        let limits = Limits::new()
            .with_max_states(5_000)
            .with_table_capacity(TABLE);
        let result = engine.solve(TwoWay(&Endless), 0, &limits);
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::States { max: 5_000 }),
            "{engine}"
        );
        assert!(
            result.stats.max_stored <= 5_000,
            "{engine}: {:?}",
            result.stats
        );
    }
}

#[test]
fn cancel_flag_stops_a_running_search() {
    for engine in Engine::ALL {
        let flag = CancelFlag::new();
        let limits = Limits::new().with_cancel_flag(flag.clone());
        let canceller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            flag.cancel();
        });
        let result = engine.solve(TwoWay(&Endless), 0, &limits);
        canceller.join().unwrap();
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::Cancelled),
            "{engine}"
        );
    }
}

#[test]
fn time_budget_stops_a_running_search() {
    for engine in Engine::ALL {
        let budget = Duration::from_millis(30);
        let result = engine.solve(TwoWay(&Endless), 0, &Limits::new().with_time_budget(budget));
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::Time { budget }),
            "{engine}"
        );
    }
}

#[test]
fn idastar_proves_a_cyclic_space_unsolvable() {
    // A cycle of 50 states with a chord and no goal: deepening alone would never end.
    let edges: Vec<(usize, usize)> = (0..50)
        .map(|i| (i, (i + 1) % 50))
        .chain([(10, 3)])
        .collect();
    let graph = Graph::new(50, &edges, &[], 0);
    for engine in Engine::ALL {
        assert_eq!(
            engine
                .solve(TwoWay(&graph), 0, &Limits::new().with_table_capacity(TABLE))
                .outcome,
            Outcome::Unsolvable,
            "{engine}"
        );
    }
}

#[test]
fn start_at_goal_is_a_path_of_no_moves_under_any_limits() {
    let graph = Graph::new(3, &[(0, 1), (1, 2)], &[1], 0);
    let cancelled = CancelFlag::new();
    cancelled.cancel();
    let tightest = [
        Limits::new(),
        Limits::new().with_max_states(0),
        Limits::new().with_max_depth(0),
        Limits::new().with_time_budget(Duration::ZERO),
        Limits::new().with_cancel_flag(cancelled),
    ];
    for engine in Engine::ALL {
        for limits in &tightest {
            let path = engine
                .solve(TwoWay(&graph), 1, limits)
                .outcome
                .into_path()
                .unwrap_or_else(|| panic!("{engine} under {limits:?}"));
            assert!(path.is_empty());
            assert_eq!(path.states(), &[1]);
        }
    }
}
