//! Sliding-tile puzzles: the 8-, 15- and 24-puzzle, and every board from
//! 2 × 2 to 5 × 5.
//!
//! A board of `R` rows and `C` columns holds the tiles `1` … `R·C − 1` and a
//! blank, written `0`. A move slides a tile next to the blank into it. The
//! goal has the blank top-left and the tiles in row-major order, as in
//! Korf's 100 instances of the 15-puzzle (1985):
//!
//! ```text
//!  0  1  2  3
//!  4  5  6  7
//!  8  9 10 11
//! 12 13 14 15
//! ```
//!
//! * [`Shape`] is a size. [`Board`] packs a board into an integer (4 bits a
//!   cell up to 16 cells, 5 beyond) and moves the blank by a [`Direction`]
//!   with a few bit operations; [`Board::is_solvable`] tells the half of the
//!   boards that can reach the goal.
//! * [`parse_board`] reads the numbers of a board (SPEC §4), with or without
//!   an instance number first, and names what is wrong in a [`BoardError`];
//!   `Display` writes the rows, [`Board::to_row_string`] one line.
//! * [`Board::manhattan`] and [`Board::linear_conflict`] are lower bounds on
//!   the moves left ([`HeuristicKind`] names them);
//!   [`Board::manhattan_after`] and [`Shape::manhattan_delta`] update the
//!   Manhattan distance move by move.
//! * [`Sliding`] is the [`Puzzle`](crate::Puzzle) (and
//!   [`Backward`](crate::Backward)) to hand to any search engine, for boards
//!   of every shape; [`moved_tiles`] lists the tiles a solution slides.
//! * [`Partition`] splits the tiles into disjoint groups; each group's
//!   [`PatternSpace`] is the abstraction its pattern database is built over
//!   (by the engine, `atlas::pattern_database`), and [`PatternDatabase`] sums
//!   the tables into the strongest of the heuristics (built, saved and
//!   loaded by `analysis::build_pattern_database` and its neighbours).
//! * [`SolvableBoards`] numbers the (R·C)!/2 solvable boards of a shape: the
//!   [`DenseSpace`](crate::DenseSpace) for mapping a whole shape.
//!
//! # Example
//!
//! ```
//! use puzzle_search::sliding::{moved_tiles, parse_board, Sliding};
//! use puzzle_search::search::{Engine, Limits, TwoWay};
//!
//! let start = parse_board("1 2 5  3 4 0  6 7 8", None)?.board;
//! assert!(start.is_solvable());
//! let result = Engine::AStar.solve(TwoWay(&Sliding::new()), start, &Limits::new());
//! let path = result.outcome.path().unwrap();
//! assert_eq!(path.len(), 3);
//! assert!(path.goal().tiles().eq(0..9));
//! assert!(moved_tiles(path).eq([5, 2, 1]));
//! # Ok::<(), puzzle_search::sliding::BoardError>(())
//! ```

mod board;
mod heuristic;
mod index;
mod parity;
mod parse;
mod partition;
mod pattern;
mod puzzle;
mod shape;

pub use board::{Board, Direction};
pub use heuristic::{HeuristicKind, UnknownHeuristic};
pub use index::{SolvableBoards, TooManyBoards, MAX_INDEXED_CELLS};
pub use parse::{parse_board, BoardError, ParsedBoard};
pub use partition::{Partition, PartitionError, MAX_GROUP};
pub use pattern::{PatternDatabase, PatternSpace, PatternState, TableSizeError};
pub use puzzle::{moved_tiles, Sliding};
pub use shape::{ParseShapeError, Shape, ShapeError, MAX_CELLS, MAX_SIDE, MIN_SIDE};
