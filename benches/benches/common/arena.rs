//! The Moving AI `arena` map's 160 scenarios, searched by our weighted A*
//! and by `pathfinding`'s with the same successors, costs and heuristic.

use std::ops::Add;

use pathfinding::num_traits::Zero;
use puzzle_search::cost::{Cost, Octile, Weighted};
use puzzle_search::grid::{Grid, GridMap, Point, Scenario};
use puzzle_search::search::{costs, Limits};
use puzzle_search::Puzzle;

pub const MAP: &str = include_str!("../../../tests/data/movingai/arena.map");
pub const SCEN: &str = include_str!("../../../tests/data/movingai/arena.map.scen");

/// [`Octile`] with the `Zero` and `Add` that `pathfinding` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Exact(pub Octile);

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

pub fn check(cost: f64, expected: f64) -> f64 {
    assert!((cost - expected).abs() <= 1e-4, "{cost} against {expected}");
    cost
}

/// Our A* on every scenario: each search on its own, or all of them in one
/// [`costs::Workspace`] (made here, so each batch grows its tables once).
pub fn ours(map: &GridMap, scenarios: &[Scenario], jump_points: bool, one_workspace: bool) -> f64 {
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

pub fn theirs(map: &GridMap, scenarios: &[Scenario]) -> f64 {
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
