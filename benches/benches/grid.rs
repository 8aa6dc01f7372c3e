//! Grid maps: our weighted A* (plain, in a workspace kept across the
//! scenarios, and with jump point search) against
//! `pathfinding::directed::astar::astar` given the same successors, on all
//! 160 scenarios of the Moving AI `arena` map.
//!
//! Both sides use the same exact cost type ([`Octile`], wrapped here for
//! `pathfinding`'s `Zero`), the same octile heuristic and the same moves
//! (8-connected, no corner cutting). Every run checks every cost against the
//! scenario file.
//!
//! From the repository root: `cargo bench -p puzzle-search-benches --bench grid`.

use std::hint::black_box;
use std::ops::Add;

use criterion::{criterion_group, criterion_main, Criterion};
use pathfinding::num_traits::Zero;
use puzzle_search::cost::{Cost, Octile, Weighted};
use puzzle_search::grid::{Grid, GridMap, Point, Scenario};
use puzzle_search::search::{costs, Limits};
use puzzle_search::Puzzle;

const MAP: &str = include_str!("../../tests/data/movingai/arena.map");
const SCEN: &str = include_str!("../../tests/data/movingai/arena.map.scen");

/// [`Octile`] with the `Zero` and `Add` that `pathfinding` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Exact(Octile);

impl Add for Exact {
    type Output = Exact;
    fn add(self, other: Exact) -> Exact {
        Exact(self.0.checked_add(other.0).expect("arena costs are small"))
    }
}

impl Zero for Exact {
    fn zero() -> Exact {
        Exact(Octile::ZERO)
    }
    fn is_zero(&self) -> bool {
        self.0 == Octile::ZERO
    }
}

fn check(cost: f64, expected: f64) -> f64 {
    assert!((cost - expected).abs() <= 1e-4, "{cost} against {expected}");
    cost
}

/// Our A* on every scenario: each search on its own, or all of them in one
/// [`costs::Workspace`] (made here, so each batch grows its tables once).
fn ours(map: &GridMap, scenarios: &[Scenario], jump_points: bool, one_workspace: bool) -> f64 {
    let mut total = 0.0;
    let mut workspace = costs::Workspace::new();
    for scenario in scenarios {
        let mut grid = Grid::new(map, scenario.goal);
        if jump_points {
            grid = grid.with_jump_points();
        }
        let result = if one_workspace {
            workspace.astar(&grid, scenario.start, &Limits::new())
        } else {
            costs::astar(&grid, scenario.start, &Limits::new())
        };
        total += check(result.cost.expect("solved").to_f64(), scenario.optimal);
    }
    total
}

fn theirs(map: &GridMap, scenarios: &[Scenario]) -> f64 {
    let mut total = 0.0;
    for scenario in scenarios {
        let grid = Grid::new(map, scenario.goal);
        let successors = |point: &Point| {
            let mut next = Vec::with_capacity(8);
            grid.successors(point, |step, to| {
                next.push((to, Exact(grid.cost(point, &step, &to))))
            });
            next
        };
        let heuristic = |point: &Point| Exact(grid.cost_heuristic(point));
        let (_, cost) =
            pathfinding::directed::astar::astar(&scenario.start, successors, heuristic, |p| {
                *p == scenario.goal
            })
            .expect("solved");
        total += check(cost.0.to_f64(), scenario.optimal);
    }
    total
}

fn arena(c: &mut Criterion) {
    let map = GridMap::parse(MAP).expect("the map parses");
    let scenarios = Scenario::parse_file(SCEN).expect("the scenarios parse");
    let mut group = c.benchmark_group("arena 160 scenarios");
    group.bench_function("puzzle-search astar", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, false, false)))
    });
    group.bench_function("puzzle-search astar, one workspace", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, false, true)))
    });
    group.bench_function("puzzle-search astar jps", |b| {
        b.iter(|| black_box(ours(&map, &scenarios, true, false)))
    });
    group.bench_function("pathfinding astar", |b| {
        b.iter(|| black_box(theirs(&map, &scenarios)))
    });
    group.finish();
}

criterion_group!(benches, arena);
criterion_main!(benches);
