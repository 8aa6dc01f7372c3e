//! The weighted engines: search over [`Weighted`](crate::cost::Weighted)
//! puzzles, whose moves have costs.
//!
//! | engine | needs | finds |
//! | --- | --- | --- |
//! | [`dijkstra`] | [`Weighted`](crate::cost::Weighted) | a cheapest path |
//! | [`bidirectional_dijkstra`] | and [`Backward`](crate::Backward) | a cheapest path, searched from both ends |
//! | [`astar`] | an admissible [`cost_heuristic`](crate::cost::Weighted::cost_heuristic) | a cheapest path |
//! | [`idastar`] | the same | a cheapest path, in memory linear in its length |
//! | [`weighted_astar`], [`weighted_idastar`] | the same, and a [`Weight`] `w ≥ 1` | a path of at most `w` × the cheapest cost |
//! | [`costs_to`] | [`Weighted`](crate::cost::Weighted) | the cheapest cost to each of a set of targets, by one Dijkstra search |
//! | [`all_optimal`] | [`Weighted`](crate::cost::Weighted) (states compared with `==`) | every cheapest path: the graph of Dijkstra's ties ([`OptimalGraph`](super::OptimalGraph)), counted exactly and listed lazily |
//!
//! Each searches from one start or from several at once
//! ([`Starts`](super::Starts)), each at cost zero: the path begins at the
//! start it left from.
//!
//! They share the unit-cost engines' [`Limits`](super::Limits),
//! [`CancelFlag`](super::CancelFlag), [`Stats`](super::Stats) and
//! [`Outcome`](super::Outcome), and return a [`CostResult`]: the outcome,
//! the path's total cost (the sum of its moves' costs), and the bound
//! guaranteed. A cost that would overflow its type stops the search with
//! [`Limit::CostOverflow`](super::Limit::CostOverflow). [`WeightedEngine`]
//! chooses one at run time. A [`Workspace`] keeps the best-first engines'
//! tables from one search to the next, for programs that run many.
//!
//! A unit-cost puzzle runs here through [`adapt::unit_costs`](crate::adapt::unit_costs),
//! but its own engines ([`super::astar`], [`super::idastar`], …) stay the
//! fast path: they keep moves as small integers, bucket their open list by
//! them, and never add costs.

mod best_first;
mod bidirectional;
mod choice;
mod frontier;
mod idastar;
mod optimal;
mod result;
mod targets;

pub use super::pause::Dijkstra;
pub(super) use best_first::BestFirst;
pub use best_first::Workspace;
pub use choice::{
    astar, bidirectional_dijkstra, dijkstra, idastar, weighted_astar, weighted_idastar,
    UnknownWeightedEngine, WeightedEngine, WeightedSearchable,
};
pub use optimal::all_optimal;
pub use result::{CostResult, CostResultOf, Weight, WeightError};
pub use targets::costs_to;
