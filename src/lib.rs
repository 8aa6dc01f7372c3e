//! # puzzle-search
//!
//! One generic state-space search core, its engines (unit-cost and
//! weighted), three classic puzzles and grid maps built on it, in four
//! floors whose imports run one way, down:
//!
//! | floor | modules | knows of |
//! | --- | --- | --- |
//! | 4 analyses | [`analysis`]: the Klotski atlas, the knight tables, the sliding-tile pattern databases | everything below |
//! | 3 puzzles | [`klotski`] (华容道), [`knights`] (骑士精神), [`sliding`] (the 8-, 15- and 24-puzzle), [`blocks`] (sliding blocks in general, Rush Hour), [`grid`] (Moving AI maps) | the core only |
//! | 2 engines | [`search`] (BFS, bidirectional BFS, A*, IDA*; with costs in [`search::costs`]), [`atlas`] (whole spaces) | the core only |
//! | 1 core | [`Puzzle`], [`Backward`], [`DenseSpace`], [`Abstraction`], [`Path`], [`adapt`], [`cost`] | nothing |
//!
//! **For a [`Puzzle`], every move costs one**: its engines find the paths
//! with the fewest moves. BFS, A* and IDA* need only [`Puzzle`];
//! bidirectional BFS also needs [`Backward`]; the [`atlas`] needs a
//! [`Backward`] puzzle and a [`DenseSpace`] numbering its states.
//!
//! **Moves with costs** are an extension beside it: a puzzle that also
//! implements [`cost::Weighted`] says what each move costs, in a cost type of
//! its choosing (the unsigned integers, the exact grid cost
//! [`cost::Octile`], the NaN-free [`cost::Real`]), and the weighted engines
//! of [`search::costs`] find its cheapest paths: Dijkstra, bidirectional
//! Dijkstra, A* and IDA*, and weighted A* and IDA* with a proven bound.
//! Unit-cost puzzles change nothing and keep their own engines, whose
//! speed comes from counting moves in small integers (a bucketed open list,
//! no cost arithmetic); [`adapt::unit_costs`] hands one to the weighted
//! engines when a bounded-suboptimal answer is wanted.
//!
//! [`klotski`] is the fast special case of [`blocks`]: use it for the 4×5
//! Klotski board and its four shapes, and [`blocks`] for every other
//! sliding-block puzzle (other boards, pieces and goals, walls, Rush Hour).
//!
//! Cargo features make the floors something the compiler checks: `engines`
//! (floor 2), `puzzles` (floor 3) and `analysis` (floor 4, both below it; the
//! default). Each builds without the others above or beside it. The optional
//! `serde` feature serializes the results: [`Path`], the outcomes, statistics
//! and limits of the engines, layouts and positions as their canonical text,
//! and the atlas summaries.
//!
//! ## A puzzle of your own in a few lines
//!
//! Three pegs and three disks: the Tower of Hanoi. A state lists the peg of each
//! disk, smallest first.
//!
//! ```
//! use puzzle_search::{Backward, Puzzle};
//! use puzzle_search::search::{Engine, Limits, Outcome, TwoWay};
//!
//! struct Hanoi;
//!
//! impl Puzzle for Hanoi {
//!     type State = [u8; 3];
//!     type Move = (u8, u8); // (from peg, to peg)
//!     type Key = [u8; 3];
//!
//!     fn encode(&self, state: &[u8; 3]) -> [u8; 3] {
//!         *state
//!     }
//!
//!     fn successors(&self, state: &[u8; 3], mut emit: impl FnMut((u8, u8), [u8; 3])) {
//!         for from in 0..3 {
//!             // The top disk of a peg is the smallest disk on it.
//!             let Some(disk) = state.iter().position(|&peg| peg == from) else { continue };
//!             for to in 0..3 {
//!                 let blocked = state[..disk].iter().any(|&peg| peg == to);
//!                 if to != from && !blocked {
//!                     let mut next = *state;
//!                     next[disk] = to;
//!                     emit((from, to), next);
//!                 }
//!             }
//!         }
//!     }
//!
//!     fn is_goal(&self, state: &[u8; 3]) -> bool {
//!         *state == [2, 2, 2]
//!     }
//!
//!     fn heuristic(&self, state: &[u8; 3]) -> u32 {
//!         // Every disk off the last peg must move at least once.
//!         state.iter().filter(|&&peg| peg != 2).count() as u32
//!     }
//! }
//!
//! // Moves can be undone, so the predecessors are the successors reversed.
//! impl Backward for Hanoi {
//!     fn goal_states(&self, _start: &[u8; 3], mut emit: impl FnMut([u8; 3])) {
//!         emit([2, 2, 2]);
//!     }
//!
//!     fn predecessors(&self, state: &[u8; 3], mut emit: impl FnMut((u8, u8), [u8; 3])) {
//!         self.successors(state, |(from, to), previous| emit((to, from), previous));
//!     }
//! }
//!
//! for engine in Engine::ALL {
//!     let result = engine.solve(TwoWay(&Hanoi), [0, 0, 0], &Limits::new());
//!     let Outcome::Solved(path) = &result.outcome else { panic!("Hanoi is solvable") };
//!     assert_eq!(path.len(), 7);
//!     assert!(path.replays(&Hanoi));
//!     println!("{engine}: {} moves, {} states expanded", path.len(), result.stats.expanded);
//! }
//!
//! // A limit is an outcome of its own, distinct from "no solution".
//! let result = Engine::Bfs.solve(TwoWay(&Hanoi), [0, 0, 0], &Limits::new().with_max_depth(5));
//! assert_eq!(result.outcome.limit().map(|limit| limit.name()), Some("depth"));
//! ```

// The modules of the floors above `engines` are linked from the table above;
// in a build without them the links go to the full documentation.
#![cfg_attr(
    not(feature = "puzzles"),
    doc = "[`klotski`]: https://docs.rs/puzzle-search/latest/puzzle_search/klotski/",
    doc = "[`knights`]: https://docs.rs/puzzle-search/latest/puzzle_search/knights/",
    doc = "[`sliding`]: https://docs.rs/puzzle-search/latest/puzzle_search/sliding/",
    doc = "[`blocks`]: https://docs.rs/puzzle-search/latest/puzzle_search/blocks/",
    doc = "[`grid`]: https://docs.rs/puzzle-search/latest/puzzle_search/grid/"
)]
#![cfg_attr(
    not(feature = "analysis"),
    doc = "[`analysis`]: https://docs.rs/puzzle-search/latest/puzzle_search/analysis/"
)]
#![cfg_attr(
    not(feature = "engines"),
    doc = "[`search`]: https://docs.rs/puzzle-search/latest/puzzle_search/search/",
    doc = "[`search::costs`]: https://docs.rs/puzzle-search/latest/puzzle_search/search/costs/",
    doc = "[`atlas`]: https://docs.rs/puzzle-search/latest/puzzle_search/atlas/"
)]
#![deny(missing_docs)]
#![warn(rust_2018_idioms)]
#![forbid(unsafe_code)]
// No input may make the library panic: every allow below this is local and says why.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

// Floor 1, the core: what a puzzle implements, and what every floor shares.
pub mod adapt;
pub mod cost;
mod path;
mod puzzle;
mod space;
// Small helpers every floor shares (excerpts of input, enums by name, serde).
mod util;
// What counts as one move of a sliding-block puzzle, for the two families
// of floor 3 that have one (they import the core alone).
#[cfg(feature = "puzzles")]
mod metric;

pub use path::Path;
pub use puzzle::{Backward, Puzzle};
pub use space::{Abstraction, DenseSpace};

// Floor 2, the engines: they know the core only.
#[cfg(feature = "engines")]
pub mod atlas;
#[cfg(feature = "engines")]
pub mod search;

// Floor 3, the puzzles: they know the core only.
#[cfg(feature = "puzzles")]
pub mod blocks;
#[cfg(feature = "puzzles")]
pub mod grid;
#[cfg(feature = "puzzles")]
pub mod klotski;
#[cfg(feature = "puzzles")]
pub mod knights;
#[cfg(feature = "puzzles")]
pub mod sliding;

// Floor 4, the analyses: puzzles joined to engines.
#[cfg(feature = "analysis")]
pub mod analysis;

/// What a puzzle of one's own needs, in one `use`: the core traits, and with
/// the `engines` feature the engines with their limits and results.
///
/// ```
/// use puzzle_search::prelude::*;
///
/// let walk = puzzle_search::adapt::from_fn(|&n: &u32| [n + 1, n * 2], |&n| n == 10);
/// let result = bfs(&walk, 1, &Limits::new());
/// assert!(matches!(result.outcome, Outcome::Solved(ref path) if path.len() == 4));
/// ```
pub mod prelude {
    pub use crate::{Backward, DenseSpace, Path, Puzzle};

    #[cfg(feature = "engines")]
    pub use crate::search::{
        astar, bfs, bidirectional_bfs, idastar, CancelFlag, Engine, Limit, Limits, Outcome,
        SearchResult, Stats, TwoWay,
    };
}

/// The README's examples, compiled and run as doctests.
#[cfg(all(doctest, feature = "analysis"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
