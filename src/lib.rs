//! # puzzle-search
//!
//! One generic state-space search core, four engines, and two classic puzzles
//! built on it.
//!
//! * [`Puzzle`] describes a puzzle: how a state is keyed, its successors, the
//!   goal and an optional heuristic. [`Backward`] adds what a backward search needs.
//! * [`search`] holds the engines — [`bfs`](search::bfs),
//!   [`bidirectional_bfs`](search::bidirectional_bfs), [`astar`](search::astar)
//!   and [`idastar`](search::idastar) — and what they share: [`Limits`](search::Limits),
//!   [`Outcome`](search::Outcome), [`Path`](search::Path) and [`Stats`](search::Stats).
//! * [`klotski`] solves Klotski (华容道): every legal layout, three move metrics,
//!   five text formats, mirror folding and the catalog of named layouts.
//! * [`knights`] solves the 5×5 knight puzzle (骑士精神) and reads its SCOI2005 input format.
//! * [`atlas`] maps whole state spaces: the exact distance to the goal of every
//!   state and the connected components, for any puzzle ranked into a dense index,
//!   with ready-made atlases of all Klotski layouts and all knight positions.
//!
//! ## A puzzle of your own in a few lines
//!
//! Three pegs and three disks: the Tower of Hanoi. A state lists the peg of each
//! disk, smallest first.
//!
//! ```
//! use puzzle_search::{Backward, Puzzle};
//! use puzzle_search::search::{Engine, Limits, Outcome};
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
//!     let result = engine.solve(&Hanoi, [0, 0, 0], &Limits::new());
//!     let Outcome::Solved(path) = &result.outcome else { panic!("Hanoi is solvable") };
//!     assert_eq!(path.len(), 7);
//!     assert!(path.replays(&Hanoi));
//!     println!("{engine}: {} moves, {} states expanded", path.len(), result.stats.expanded);
//! }
//!
//! // A limit is an outcome of its own, distinct from "no solution".
//! let result = Engine::Bfs.solve(&Hanoi, [0, 0, 0], &Limits::new().with_max_depth(5));
//! assert_eq!(result.outcome.limit().map(|limit| limit.name()), Some("depth"));
//! ```

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

pub mod atlas;
pub mod klotski;
pub mod knights;
mod puzzle;
pub mod search;

pub use puzzle::{Backward, Puzzle};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
