//! Exhaustive analysis: the exact distance to the goal of every state of a
//! finite puzzle, and its connected components.
//!
//! A [`Backward`](crate::Backward) puzzle whose states are numbered `0..len`
//! by a [`DenseSpace`](crate::DenseSpace) can be mapped whole. The engine
//! keeps one byte per state instead of a hash table.
//!
//! | function | needs | finds | how |
//! | --- | --- | --- | --- |
//! | [`distances`] | [`Backward`](crate::Backward) and [`DenseSpace`](crate::DenseSpace) | [`Distances`]: for every state the fewest moves to the nearest goal, or [`UNREACHABLE`] | breadth-first backwards from all goals at once, a rank per move |
//! | [`distances_by_parts`] | a [`PartedSpace`] | the same [`Distances`] | breadth-first per part no move leaves, a hash set of keys instead of a rank per move; symmetric states may share a key |
//! | [`components`] | [`Puzzle`](crate::Puzzle) and [`DenseSpace`](crate::DenseSpace) | [`Components`]: the (weakly) connected components | a concurrent union–find over the rank of every edge; one-way moves allowed |
//! | [`flood`] | a [`Graph`] whose moves can be undone ([`MoveGraph`] makes one of a puzzle and a space) | the same [`Components`] | one component at a time, a hash set of the states reached, each state ranked once |
//! | [`check_distances`] | [`Puzzle`](crate::Puzzle) and [`DenseSpace`](crate::DenseSpace) | whether a table is exactly what [`distances`] makes | every state one move farther than its nearest successor |
//! | [`pattern_database`] | [`Backward`](crate::Backward) and an [`Abstraction`](crate::Abstraction) | the least distance of each pattern: a pattern-database heuristic's table | breadth-first over the abstraction, one bit per abstract state |
//!
//! [`PartedSpace`] and [`Graph`] are both spaces split into parts that no move
//! leaves, with nodes keyed more cheaply than ranked, and kept apart because
//! they serve different searches: a [`PartedSpace`] lists the *goals* of each
//! part and the *predecessors* of a node, and may let one key stand for
//! several ranks (symmetric states), since a distance is the same for all of
//! them; a [`Graph`] lists every *node* in rank order and its *neighbours*
//! (moves that can be undone), and gives each node one rank, since a
//! component label is needed for every state.
//!
//! Every function splits the work over [`Options::threads`] threads and
//! reports [`Progress`] through a callback. The results do not depend on the
//! number of threads or on their timing: a layer's states get the same
//! distance whichever thread finds them first, and each component is labelled
//! by its smallest rank.
//!
//! The engine names no puzzle: the ready-made atlases of all Klotski layouts
//! and of all knight positions are in the `analysis` module of the crate.
//! [`file`](mod@file) saves and loads the tables.
//!
//! # Example
//!
//! The Tower of Hanoi with four disks has 3⁴ = 81 states: a state lists the peg
//! of each disk, smallest first, and its rank reads those pegs as a base-3 number.
//!
//! ```
//! use puzzle_search::atlas::{self, Options};
//! use puzzle_search::{Backward, DenseSpace, Puzzle};
//!
//! struct Hanoi;
//!
//! impl Puzzle for Hanoi {
//!     type State = [u8; 4];
//!     type Move = (u8, u8);
//!     type Key = [u8; 4];
//!
//!     fn encode(&self, state: &[u8; 4]) -> [u8; 4] {
//!         *state
//!     }
//!
//!     fn successors(&self, state: &[u8; 4], mut emit: impl FnMut((u8, u8), [u8; 4])) {
//!         for from in 0..3 {
//!             // The top disk of a peg is the smallest disk on it.
//!             let Some(disk) = state.iter().position(|&peg| peg == from) else { continue };
//!             for to in 0..3 {
//!                 if to != from && !state[..disk].contains(&to) {
//!                     let mut next = *state;
//!                     next[disk] = to;
//!                     emit((from, to), next);
//!                 }
//!             }
//!         }
//!     }
//!
//!     fn is_goal(&self, state: &[u8; 4]) -> bool {
//!         *state == [2; 4]
//!     }
//! }
//!
//! impl Backward for Hanoi {
//!     fn goal_states(&self, _start: &[u8; 4], mut emit: impl FnMut([u8; 4])) {
//!         emit([2; 4]);
//!     }
//!
//!     fn predecessors(&self, state: &[u8; 4], mut emit: impl FnMut((u8, u8), [u8; 4])) {
//!         self.successors(state, |(from, to), previous| emit((to, from), previous));
//!     }
//! }
//!
//! impl DenseSpace for Hanoi {
//!     type State = [u8; 4];
//!
//!     fn len(&self) -> u64 {
//!         81
//!     }
//!
//!     fn rank(&self, state: &[u8; 4]) -> u64 {
//!         state.iter().rev().fold(0, |rank, &peg| rank * 3 + u64::from(peg))
//!     }
//!
//!     fn unrank(&self, mut rank: u64) -> [u8; 4] {
//!         let mut state = [0; 4];
//!         for peg in &mut state {
//!             *peg = (rank % 3) as u8;
//!             rank /= 3;
//!         }
//!         state
//!     }
//!
//!     fn for_each_goal(&self, mut emit: impl FnMut([u8; 4])) {
//!         emit([2; 4]);
//!     }
//! }
//!
//! let mut layers = 0;
//! let distances = atlas::distances(&Hanoi, &Hanoi, &Options::new(), &mut |progress| {
//!     if progress.phase == atlas::Phase::Distances {
//!         layers = layers.max(progress.depth);
//!     }
//! })?;
//! // Moving n disks takes 2ⁿ - 1 moves, and no state is farther than that.
//! assert_eq!(distances.get(Hanoi.rank(&[0; 4])), Some(15));
//! assert_eq!(distances.max(), Some(15));
//! assert_eq!(distances.histogram().iter().sum::<u64>(), 81);
//! assert_eq!(layers, 15);
//!
//! let components = atlas::components(&Hanoi, &Hanoi, &Options::new(), &mut |_| {})?;
//! assert_eq!(components.count(), 1);
//! assert_eq!(components.sizes(), &[81]);
//! # Ok::<(), atlas::AtlasError>(())
//! ```

mod by_parts;
mod check;
mod components;
mod distances;
mod error;
pub mod file;
mod flood;
pub(crate) mod layers;
mod options;
pub(crate) mod parallel;
mod pattern;

pub use by_parts::{distances_by_parts, PartedSpace};
pub use check::check_distances;
pub use components::{components, Components};
pub use distances::{distances, Distances};
pub use error::AtlasError;
pub use flood::{flood, Graph, MoveGraph};
pub use options::{Options, Phase, Progress, MAX_DEPTH, UNREACHABLE};
pub use pattern::pattern_database;

/// States per unit of work handed to a thread.
const CHUNK: u64 = 1 << 14;
