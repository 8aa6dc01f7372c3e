//! Grid maps against the Moving AI benchmark's published optima, every
//! weighted engine on them, and jump point search against plain A* on
//! random maps.

use proptest::prelude::*;
use puzzle_search::cost::{Cost, Octile, Weighted};
use puzzle_search::grid::{Connect, Grid, GridMap, Point, Problem, Scenario, Step};
use puzzle_search::search::costs::{self, CostResult, Weight, WeightedEngine};
use puzzle_search::search::{DistancesEnd, Limits, Outcome, TwoWay};
use puzzle_search::Path;

const ARENA: &str = include_str!("../data/movingai/arena.map");
const ARENA_SCEN: &str = include_str!("../data/movingai/arena.map.scen");
const MAZE: &str = include_str!("../data/movingai/maze512-32-9.map");
const MAZE_SCEN: &str = include_str!("../data/movingai/maze512-32-9.sample100.map.scen");

fn load(map: &str, scen: &str) -> (GridMap, Vec<Scenario>) {
    let map = GridMap::parse(map).expect("the map parses");
    let scenarios = Scenario::parse_file(scen).expect("the scenarios parse");
    for scenario in &scenarios {
        scenario.check(&map).expect("each scenario fits its map");
    }
    (map, scenarios)
}

/// The sum of the costs of `path`'s moves, added up here.
fn path_cost(grid: &Grid<'_>, path: &Path<Point, Step>) -> Octile {
    path.steps().fold(Octile::ZERO, |sum, (from, mv, to)| {
        sum.checked_add(grid.cost(from, mv, to))
            .expect("no overflow")
    })
}

/// Checks a solved result: it replays, its costs add up to its total, and
/// the total agrees with `optimal` within 10⁻⁴.
fn check(
    grid: &Grid<'_>,
    start: Point,
    result: &CostResult<Point, Step, Octile>,
    optimal: f64,
    what: &str,
) {
    let path = result
        .outcome
        .path()
        .unwrap_or_else(|| panic!("{what}: {:?}", result.outcome));
    assert_eq!(path.start(), &start, "{what}");
    assert!(path.replays(grid), "{what}: the path replays");
    let cost = result.cost.expect("a solved result has a cost");
    assert_eq!(
        path_cost(grid, path),
        cost,
        "{what}: the moves add up to the total"
    );
    assert!(
        (cost.to_f64() - optimal).abs() <= 1e-4,
        "{what}: {} against {optimal}",
        cost.to_f64()
    );
}

#[test]
fn arena_matches_every_optimum_with_every_engine() {
    let (map, scenarios) = load(ARENA, ARENA_SCEN);
    assert_eq!(scenarios.len(), 160);
    for (index, scenario) in scenarios.iter().enumerate() {
        let plain = Grid::new(&map, scenario.goal);
        let jumps = plain.with_jump_points();
        let start = scenario.start;
        let runs = [
            (
                "dijkstra",
                plain,
                costs::dijkstra(&plain, start, &Limits::new()),
            ),
            (
                "bidir",
                plain,
                costs::bidirectional_dijkstra(&plain, start, &Limits::new()),
            ),
            ("astar", plain, costs::astar(&plain, start, &Limits::new())),
            (
                "jps astar",
                jumps,
                costs::astar(&jumps, start, &Limits::new()),
            ),
            (
                "jps dijkstra",
                jumps,
                costs::dijkstra(&jumps, start, &Limits::new()),
            ),
        ];
        for (name, grid, result) in &runs {
            check(
                grid,
                start,
                result,
                scenario.optimal,
                &format!("{name} {}", index + 1),
            );
        }
        // Weighted A* within its bound.
        let weight = Weight::new(3, 2).unwrap();
        let result = costs::weighted_astar(&plain, scenario.start, weight, &Limits::new());
        let cost = result.cost.expect("weighted A* solves it").to_f64();
        assert!(
            cost <= 1.5 * scenario.optimal + 1e-4,
            "weighted {}",
            index + 1
        );
        assert!(result.outcome.path().unwrap().replays(&plain));
    }
}

/// One workspace through every arena scenario, and through searches that
/// a state limit stops between them, finds what fresh searches find, with
/// the same statistics.
#[test]
fn a_workspace_searches_as_fresh_searches_do() {
    let (map, scenarios) = load(ARENA, ARENA_SCEN);
    let mut workspace = costs::Workspace::new();
    let same = |kept: &CostResult<Point, Step, Octile>, fresh: &CostResult<Point, Step, Octile>| {
        assert_eq!(kept.cost, fresh.cost);
        assert_eq!(kept.outcome, fresh.outcome);
        let counts = |r: &CostResult<Point, Step, Octile>| {
            (r.stats.expanded, r.stats.generated, r.stats.max_stored)
        };
        assert_eq!(counts(kept), counts(fresh));
    };
    let stopped = Limits::new().with_max_states(50);
    for scenario in &scenarios {
        let grid = Grid::new(&map, scenario.goal);
        let start = scenario.start;
        same(
            &workspace.astar(&grid, start, &Limits::new()),
            &costs::astar(&grid, start, &Limits::new()),
        );
        same(
            &workspace.astar(&grid, start, &stopped),
            &costs::astar(&grid, start, &stopped),
        );
        same(
            &workspace.dijkstra(&grid, start, &Limits::new()),
            &costs::dijkstra(&grid, start, &Limits::new()),
        );
        let jumps = grid.with_jump_points();
        same(
            &workspace.astar(&jumps, start, &Limits::new()),
            &costs::astar(&jumps, start, &Limits::new()),
        );
    }
}

/// One Dijkstra search from three arena starts gives every scenario's goal
/// the cheapest cost that A* finds from any of the three, one search each.
#[test]
fn costs_to_every_arena_goal_are_the_cheapest_of_single_searches() {
    let (map, scenarios) = load(ARENA, ARENA_SCEN);
    let starts: Vec<Point> = scenarios.iter().step_by(50).map(|s| s.start).collect();
    let goals: Vec<Point> = scenarios.iter().map(|s| s.goal).collect();
    // The grid's own goal plays no part.
    let grid = Grid::new(&map, starts[0]);
    let found = costs::costs_to(&grid, &starts[..], &goals, &Limits::new());
    assert_eq!(found.end, DistancesEnd::AllReached);
    for (goal, cost) in goals.iter().zip(&found.distances) {
        let grid = Grid::new(&map, *goal);
        let cheapest = starts
            .iter()
            .filter_map(|&start| costs::astar(&grid, start, &Limits::new()).cost)
            .min();
        assert_eq!(*cost, cheapest, "to {goal:?}");
    }
}

/// IDA* with costs meets an iteration per distinct cost below the optimum:
/// with a table, on the arena, it finishes most scenarios within 0.1 s,
/// and agrees wherever it does.
#[test]
fn arena_idastar_agrees_where_it_finishes() {
    let (map, scenarios) = load(ARENA, ARENA_SCEN);
    let limits = Limits::new()
        .with_time_budget(std::time::Duration::from_millis(100))
        .with_table_capacity(1 << 16);
    let mut finished = 0;
    for (index, scenario) in scenarios.iter().enumerate() {
        let grid = Grid::new(&map, scenario.goal);
        let result = costs::idastar(&grid, scenario.start, &limits);
        if result.outcome.limit().is_none() {
            check(
                &grid,
                scenario.start,
                &result,
                scenario.optimal,
                &format!("idastar {}", index + 1),
            );
            finished += 1;
        }
    }
    eprintln!("IDA* finished {finished} of 160 arena scenarios");
    assert!(finished >= 150, "IDA* finished {finished} scenarios");
}

#[test]
fn maze_matches_every_optimum_with_astar_and_jump_points() {
    let (map, scenarios) = load(MAZE, MAZE_SCEN);
    assert_eq!(scenarios.len(), 100);
    for (index, scenario) in scenarios.iter().enumerate() {
        let plain = Grid::new(&map, scenario.goal);
        let result = costs::astar(&plain, scenario.start, &Limits::new());
        check(
            &plain,
            scenario.start,
            &result,
            scenario.optimal,
            &format!("astar {}", index + 1),
        );
        let jumps = plain.with_jump_points();
        let result = costs::astar(&jumps, scenario.start, &Limits::new());
        check(
            &jumps,
            scenario.start,
            &result,
            scenario.optimal,
            &format!("jps {}", index + 1),
        );
    }
}

/// With corner cutting the benchmark's optima come out wrong: the rule
/// matters. Cutting corners here is a map whose diagonal is checked alone.
#[test]
fn a_diagonal_needs_both_straight_neighbours() {
    let map = GridMap::parse("type octile\nheight 2\nwidth 2\nmap\n.@\n..\n").unwrap();
    let grid = Grid::new(&map, Point { x: 1, y: 1 });
    let result = costs::astar(&grid, Point { x: 0, y: 0 }, &Limits::new());
    assert_eq!(result.cost, Some(Octile::new(2, 0)));
    let four = Grid::new(&map, Point { x: 1, y: 1 }).with_connect(Connect::Four);
    assert_eq!(
        costs::astar(&four, Point { x: 0, y: 0 }, &Limits::new()).cost,
        Some(Octile::new(2, 0))
    );
}

#[test]
fn unreachable_goals_are_unsolvable_with_every_engine() {
    let map = GridMap::parse("type octile\nheight 3\nwidth 3\nmap\n..@\n.@.\n@..\n").unwrap();
    let grid = Grid::new(&map, Point { x: 2, y: 2 });
    let limits = Limits::new().with_table_capacity(1 << 10);
    for engine in WeightedEngine::ALL {
        let result = engine.solve(TwoWay(&grid), Point { x: 0, y: 0 }, Weight::ONE, &limits);
        assert_eq!(result.outcome, Outcome::Unsolvable, "{engine}");
        let result = engine.solve(
            TwoWay(&grid.with_jump_points()),
            Point { x: 0, y: 0 },
            Weight::ONE,
            &limits,
        );
        assert_eq!(result.outcome, Outcome::Unsolvable, "{engine} jps");
    }
}

#[test]
fn bad_files_name_the_line_and_column() {
    let cases: [(&str, usize, usize); 7] = [
        ("type octile\nheight 2\nwidth 2\nmap\n..\n.x\n", 6, 2),
        ("type hex\nheight 2\nwidth 2\nmap\n..\n..\n", 1, 1),
        ("type octile\nheight two\nwidth 2\nmap\n..\n..\n", 2, 8),
        ("type octile\nheight 2\nwidth 2\nmap\n..\n.\n", 6, 2),
        ("type octile\nheight 2\nwidth 2\nmap\n..\n...\n", 6, 3),
        ("type octile\nheight 3\nwidth 2\nmap\n..\n..\n", 7, 1),
        ("type octile\nheight 2\nwidth 2\nmap\n..\n..\n@@\n", 7, 1),
    ];
    for (text, line, column) in cases {
        let error = GridMap::parse(text).unwrap_err();
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text:?}: {error}"
        );
    }
    let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n").unwrap();
    let scen = |line: &str| Scenario::parse_file(&format!("version 1\n{line}\n"));
    assert_eq!(
        scen("0 m 3 2 0 0 1").unwrap_err().problem,
        Problem::Fields(7)
    );
    let error = scen("0\tm\t3\t2\t0\t0\t1\t1\t1").unwrap()[0]
        .check(&map)
        .unwrap_err();
    assert_eq!(
        (error.line, error.column, error.problem),
        (2, 13, Problem::Blocked { x: 1, y: 1 })
    );
    let error = scen("0 m 3 2 0 0 3 1 1").unwrap()[0]
        .check(&map)
        .unwrap_err();
    assert_eq!(error.column, 13);
    let error = scen("0 m 4 2 0 0 2 1 1").unwrap()[0]
        .check(&map)
        .unwrap_err();
    assert_eq!(error.column, 5);
    assert_eq!(Scenario::parse_file("").unwrap_err().line, 1);
}

// ---------------------------------------------------------------- random maps

/// A random map of `width × height` cells, about a third blocked.
fn random_map() -> impl Strategy<Value = (GridMap, Point, Point)> {
    (2usize..12, 2usize..12).prop_flat_map(|(width, height)| {
        let cells = proptest::collection::vec(prop::bool::weighted(0.7), width * height);
        (cells, 0..width, 0..height, 0..width, 0..height).prop_map(
            move |(cells, sx, sy, gx, gy)| {
                let mut rows: Vec<Vec<bool>> = cells.chunks(width).map(<[bool]>::to_vec).collect();
                rows[sy][sx] = true;
                rows[gy][gx] = true;
                let map = GridMap::from_rows(&rows).unwrap();
                let point = |x: usize, y: usize| Point {
                    x: x as u32,
                    y: y as u32,
                };
                (map, point(sx, sy), point(gx, gy))
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Jump point search, and every engine on the plain grid, cost what
    /// Dijkstra costs; weighted A* stays within its weight.
    #[test]
    fn every_engine_costs_what_dijkstra_costs_on_random_maps((map, start, goal) in random_map()) {
        for connect in [Connect::Eight, Connect::Four] {
            let grid = Grid::new(&map, goal).with_connect(connect);
            let reference = costs::dijkstra(&grid, start, &Limits::new()).cost;
            for engine in WeightedEngine::ALL {
                let limits = Limits::new().with_table_capacity(1 << 12);
                let result = engine.solve(TwoWay(&grid), start, Weight::ONE, &limits);
                prop_assert_eq!(result.cost, reference, "{} {:?}", engine, connect);
                if let Some(path) = result.outcome.path() {
                    prop_assert!(path.replays(&grid));
                    prop_assert_eq!(Some(path_cost(&grid, path)), reference);
                }
            }
            let weighted = costs::weighted_astar(&grid, start, Weight::new(2, 1).unwrap(), &Limits::new());
            if let (Some(found), Some(best)) = (weighted.cost, reference) {
                prop_assert!(found <= best.checked_scale(2).unwrap());
            }
        }
        let jumps = Grid::new(&map, goal).with_jump_points();
        let reference = costs::dijkstra(&Grid::new(&map, goal), start, &Limits::new()).cost;
        // A workspace that searched another map first.
        let other = GridMap::from_rows(&[vec![true; 3]]).unwrap();
        let mut workspace = costs::Workspace::new();
        let _ = workspace.dijkstra(&Grid::new(&other, Point { x: 2, y: 0 }), Point { x: 0, y: 0 }, &Limits::new());
        prop_assert_eq!(workspace.astar(&Grid::new(&map, goal), start, &Limits::new()).cost, reference);

        let result = costs::astar(&jumps, start, &Limits::new());
        prop_assert_eq!(result.cost, reference);
        if let Some(path) = result.outcome.path() {
            prop_assert!(path.replays(&jumps));
            prop_assert_eq!(Grid::cells(start, path.moves()).len() as u64 - 1,
                path.moves().iter().map(|s| u64::from(s.length)).sum::<u64>());
        }
    }
}
