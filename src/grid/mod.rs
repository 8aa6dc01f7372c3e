//! Grid maps in the Moving AI format: a map of passable and blocked cells,
//! searched from cell to cell with the benchmark's rules.
//!
//! * [`GridMap::parse`] reads a `.map` file and [`Scenario::parse_file`] a
//!   `.scen` file, with a [`ParseError`] naming the line and column of a
//!   problem;
//! * [`Grid`] is the search to one goal cell: 8-connected by default,
//!   straight moves cost 1 and diagonal ones √2 ([`Octile`](crate::cost::Octile),
//!   exact), and a diagonal needs both straight cells beside it passable
//!   (no corner cutting); [`Connect::Four`] has the straight moves only;
//! * its cost heuristic is the octile distance, and
//!   [`Grid::with_jump_points`] swaps its successors for jump point
//!   search's, which the weighted A* runs unchanged.
//!
//! ```
//! use puzzle_search::grid::{Grid, GridMap, Scenario};
//! use puzzle_search::search::{costs, Limits};
//!
//! let map = GridMap::parse("type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n")?;
//! // Around the blocked centre: four straight steps, as no diagonal cuts its corner.
//! let scenarios = Scenario::parse_file("version 1\n0\tm.map\t3\t3\t0\t0\t2\t2\t4\n")?;
//! for scenario in &scenarios {
//!     scenario.check(&map)?;
//!     let grid = Grid::new(&map, scenario.goal).with_jump_points();
//!     let cost = costs::astar(&grid, scenario.start, &Limits::new()).cost.unwrap();
//!     assert!((cost.to_f64() - scenario.optimal).abs() < 1e-4);
//! }
//! # Ok::<(), puzzle_search::grid::ParseError>(())
//! ```

mod error;
mod jps;
mod map;
mod puzzle;
mod scen;

pub use error::{ParseError, Problem};
pub use map::GridMap;
pub use puzzle::{Connect, Grid, Point, Step};
pub use scen::Scenario;
