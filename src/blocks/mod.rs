//! Sliding-block puzzles in general: any board of up to 64 cells,
//! rectangular pieces of any size, walls, pieces that move along one axis
//! only (Rush Hour), and any goal.
//!
//! # `klotski` or `blocks`?
//!
//! [`klotski`](crate::klotski) is the fast special case: the 4×5 board and
//! its four shapes, with move tables, mirror folding and dense numberings of
//! all its 29 million layouts. Use it for Klotski. Use `blocks` for every
//! other board: other sizes, other pieces (a 3×1 bar, a 2×3 block), walls,
//! Rush Hour vehicles, Conway's Century with a full target layout. The two
//! are tested against each other on the catalogued Klotski layouts.
//!
//! # The model
//!
//! A [`Setup`] is a puzzle read from text: the rules ([`Blocks`], a
//! [`Puzzle`](crate::Puzzle) and [`Backward`](crate::Backward) under one
//! [`Metric`]), the start [`Layout`] and the letter of every piece. Pieces
//! of the same size and movement are interchangeable, except the goal piece
//! (and every piece, with `distinct`): a layout records which *kind* stands
//! where, packed with the anchors into one `u128`, so swapping two
//! interchangeable pieces gives the same layout. A search keys each state
//! by that 16-byte code; the layout itself, which also carries its empty
//! cells (the moves are found from them) and, on a symmetric board, its
//! mirror image's code, is 40 bytes.
//!
//! The metrics, [`Metric`], are the `klotski` module's, the same type:
//! `step` (one cell), `slide` (one
//! straight direction, any distance), `piece` (any path of unit steps; for a
//! piece that moves along one axis, the same as `slide`).
//!
//! # The drawing format
//!
//! One line a row, one character a cell: `.` empty, `#` a wall, any other
//! symbol a piece (all its cells, which must fill a rectangle). Lines starting
//! with `;` are comments. Then one directive a line:
//!
//! * `goal P R,C`: solved when piece `P`'s top-left cell is at row `R`,
//!   column `C` (from 1);
//! * `goal` and, on the next lines, a drawing of the solved board: solved when
//!   every cell holds a piece of the same kind as there (with `distinct`, the
//!   same piece);
//! * `axis P Q …` or `axis all`: those pieces move only along their long side;
//! * `distinct`: every piece is its own.
//!
//! Rush Hour strings (`GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo`) are read by
//! [`Setup::from_rush`].
//!
//! # Examples
//!
//! Rush Hour: Michael Fogleman's hardest puzzle without walls, 51 moves,
//! a move being one vehicle slid any distance.
//!
//! ```
//! use puzzle_search::blocks::{Metric, Setup};
//! use puzzle_search::search::{bfs, Limits};
//!
//! let setup = Setup::from_rush("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")?;
//! let result = bfs(&setup.puzzle(Metric::Slide), setup.start(), &Limits::new());
//! assert_eq!(result.outcome.path().map(|path| path.len()), Some(51));
//! # Ok::<(), puzzle_search::blocks::ParseError>(())
//! ```
//!
//! A board of its own: a 3×1 bar `B` that must reach the right edge, past a
//! wall, two dominoes and a vehicle `e` that moves only up and down.
//!
//! ```
//! use puzzle_search::blocks::{Metric, Setup};
//! use puzzle_search::search::{astar, Limits};
//!
//! let setup: Setup = "
//! ; a bar, a wall, dominoes, one that moves only up and down
//! B...#
//! B.cc.
//! Bdd..
//! .e...
//! .e...
//! goal B 3,5
//! axis e
//! ".parse()?;
//! for (metric, moves) in [(Metric::Step, 12), (Metric::Slide, 6), (Metric::Piece, 4)] {
//!     let result = astar(&setup.puzzle(metric), setup.start(), &Limits::new());
//!     assert_eq!(result.outcome.path().map(|path| path.len()), Some(moves));
//! }
//! // Printed back in the same format, it reads the same.
//! assert_eq!(setup.to_string().parse::<Setup>()?, setup);
//! # Ok::<(), puzzle_search::blocks::ParseError>(())
//! ```

mod direction;
mod error;
mod layout;
mod moves;
mod puzzle;
mod rules;
mod rush;
mod setup;
mod text;

pub use crate::metric::{Metric, UnknownMetric};
pub use error::{ParseError, Problem};
pub use layout::Layout;
pub use moves::Move;
pub use rules::{Blocks, Kind, Movement, MAX_CELLS};
pub use setup::{Lettered, Setup};
