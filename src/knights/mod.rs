//! The 5×5 knight puzzle (骑士精神, SCOI2005).
//!
//! Twelve black knights (`1`), twelve white knights (`0`) and one empty cell (`*`)
//! on a 5×5 board. A move: a knight a knight's move away from the empty cell jumps
//! into it. The goal is [`Position::TARGET`]:
//!
//! ```text
//! 11111
//! 01111
//! 00*11
//! 00001
//! 00000
//! ```
//!
//! * [`Position`] packs a board into a `u32`; a move is a few bit operations.
//! * [`Knights`] is the [`Puzzle`](crate::Puzzle) (and [`Backward`](crate::Backward))
//!   to hand to any search engine, with an admissible heuristic for A* and IDA*,
//!   and the [`DenseSpace`](crate::DenseSpace) of all 67,603,900 positions.
//! * [`parse_input`] and [`parse_input_bytes`] read the SCOI2005 input format and
//!   name the board, line and character at fault when it is broken.
//! * [`DEFAULT_LIMIT`] is the problem's move limit: a board that needs more moves
//!   answers `-1`.
//!
//! # Example
//!
//! The SCOI2005 sample: the first board takes 7 moves, the second more than 15.
//!
//! ```
//! use puzzle_search::knights::{self, Knights, DEFAULT_LIMIT};
//! use puzzle_search::search::{Engine, Limits, Outcome, TwoWay};
//!
//! let input = "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n";
//! let boards = knights::parse_input(input)?;
//! let limits = Limits::new().with_max_depth(DEFAULT_LIMIT);
//! let answers: Vec<i64> = boards
//!     .iter()
//!     .map(|&board| match Engine::IdaStar.solve(TwoWay(&Knights), board, &limits).outcome {
//!         Outcome::Solved(path) => path.len() as i64,
//!         _ => -1,
//!     })
//!     .collect();
//! assert_eq!(answers, [7, -1]);
//!
//! // The second board's true optimum is 18 moves.
//! let deeper = Engine::IdaStar.solve(TwoWay(&Knights), boards[1], &Limits::new().with_max_depth(20));
//! assert_eq!(deeper.outcome.path().map(|path| path.len()), Some(18));
//! # Ok::<(), knights::KnightsInputError>(())
//! ```

mod index;
mod parse;
mod position;
mod puzzle;
#[cfg(feature = "serde")]
mod serialize;

pub use index::{ARRANGEMENTS, POSITION_COUNT};
pub use parse::{parse_input, parse_input_bytes, KnightsInputError, ParsePositionError};
pub use position::{knight_neighbours, Cell, Jump, Position};
pub use puzzle::Knights;

/// The problem's move limit: a board that needs more moves answers `-1`.
pub const DEFAULT_LIMIT: u32 = 15;

/// The number of cells of the board.
pub const CELLS: usize = 25;

/// The width and height of the board.
const SIDE: usize = 5;

/// The knights of each colour.
const KNIGHTS_PER_COLOUR: u32 = 12;

/// Bits 0..=24 of a code: one per cell, set for a black knight (`1`).
const COLOUR_MASK: u32 = (1 << CELLS) - 1;

/// Bits 25..=29 of a code hold the index of the empty cell.
const EMPTY_SHIFT: u32 = 25;

/// The centre cell (row 2, column 2): the target's empty cell.
const CENTRE: usize = 12;
