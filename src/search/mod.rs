//! The search engines over [`Puzzle`](crate::Puzzle), and the values they share.
//!
//! | engine | needs | memory | best for |
//! | --- | --- | --- | --- |
//! | [`bfs`] | [`Puzzle`](crate::Puzzle) | every state reached | small spaces, exhaustive runs |
//! | [`bidirectional_bfs`] | [`Backward`](crate::Backward) | two frontiers | few goal states, long solutions |
//! | [`astar`] | [`Puzzle::heuristic`](crate::Puzzle::heuristic) | states within the bound | informative heuristics |
//! | [`idastar`] | [`Puzzle::heuristic`](crate::Puzzle::heuristic) | one table per iteration | tight heuristics, short solutions |
//!
//! Beyond one optimal path: [`all_optimal`] keeps the graph of every
//! optimal path (counted exactly, listed lazily; [`costs::all_optimal`]
//! with costs), [`idastar_count`] counts them in memory linear in their
//! length.
//!
//! | answer | function | from |
//! | --- | --- | --- |
//! | the nearest goal from several starts | every engine, handed several starts ([`Starts`]) | the engine itself, every start at zero moves |
//! | the distance to each of a set of targets | [`distances_to`] ([`costs::costs_to`] with costs) | one breadth-first sweep (one Dijkstra search) from the starts, stopped once every target is reached |
//! | the farthest states | [`farthest`] | one breadth-first sweep over everything reachable |
//! | a search run in slices, paused and resumed | [`Bfs`], [`AStar`], [`IdaStar`], [`costs::Dijkstra`] ([`Slice`], [`Step`]) | [`bfs`], [`astar`], [`idastar`], [`costs::dijkstra`], paused between two states expanded |
//!
//! Every move costs one: each engine returns a path with the fewest moves.
//! The engines for moves with costs are in [`costs`].
//! Every engine returns a [`SearchResult`]: an [`Outcome`] (solved with an
//! optimal [`Path`](crate::Path), unsolvable, or stopped by a [`Limit`]) and
//! [`Stats`]. [`Engine`] chooses one at run time.

mod astar;
mod bfs;
mod bidirectional;
pub mod costs;
mod distances;
mod engine;
mod farthest;
mod grow;
mod idastar;
mod limits;
mod open;
mod optimal;
mod outcome;
mod pause;
mod reach;
mod resumable;
mod run;
#[cfg(feature = "serde")]
mod serialize;
mod starts;
mod sweep;
pub(crate) mod table;
mod tree;

pub use distances::{distances_to, Distances, DistancesEnd};
pub use engine::{
    astar, bfs, bidirectional_bfs, idastar, Engine, NeedsBackward, Searchable, TwoWay,
    UnknownEngine,
};
pub use farthest::{farthest, Farthest, FarthestResult};
pub use limits::{CancelFlag, Limit, Limits};
pub use optimal::{
    all_optimal, idastar_count, CountOutcome, CountResult, OptimalGraph, OptimalOutcome,
    OptimalPaths, OptimalResult, PathCount,
};
pub use outcome::{Outcome, SearchResult, Stats};
pub use pause::{AStar, Bfs, IdaStar, Slice, Step};
pub use run::MAX_INDEXED;
pub use starts::Starts;
