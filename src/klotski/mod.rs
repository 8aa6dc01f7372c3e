//! Klotski (华容道): the 4×5 sliding-block puzzle.
//!
//! The board is 4 columns by 5 rows; cell `(row, col)` has index `4 * row + col`.
//! One 2×2 general (曹操) must reach the exit at the middle of the bottom edge
//! (cells 13, 14, 17 and 18), past vertical (1×2), horizontal (2×1) and soldier
//! (1×1) pieces. Any mix of pieces is legal as long as at least two cells stay
//! empty: all 29,334,498 layouts.
//!
//! # Text formats
//!
//! [`Layout`] parses every format (see [`Layout::from_str`](#impl-FromStr-for-Layout)),
//! ignoring whitespace, `/`, `|` and `,` between rows:
//!
//! | format | 横刀立马 |
//! | --- | --- |
//! | shape digits (`0` empty, `1` soldier, `2` vertical, `3` horizontal, `4` general) | `2442/2442/2332/2112/1001` |
//! | shape letters (`B` general, `V`, `H`, `S`, `.` empty) | `VBBV/VBBV/VHHV/VSSV/S..S` |
//! | piece labels (each piece its own symbol, `.` empty) | `aBBb/aBBb/cdde/cfge/h..i` |
//! | [`CommonCode`] (36 bits, hex, trailing zeros optional) | `1A9BF0C` |
//! | [`ShortCode`] (rank among all layouts, base 32) | `4WVE1` |
//!
//! # Example
//!
//! ```
//! use puzzle_search::klotski::{catalog, Klotski, Layout, Metric};
//! use puzzle_search::search::{Engine, Limits, TwoWay};
//!
//! let start: Layout = "VBBV/VBBV/VHHV/VSSV/S..S".parse()?;
//! assert_eq!(Some(start), catalog::find("横刀立马").map(|entry| entry.layout()));
//!
//! let result = Engine::Bfs.solve(TwoWay(&Klotski::new(Metric::Piece)), start, &Limits::new());
//! let path = result.outcome.path().expect("横刀立马 is solvable");
//! assert_eq!(path.len(), 81);
//! assert!(path.goal().is_solved());
//!
//! // Every move names its piece and, for people, a route of unit steps.
//! let (before, first, _) = path.steps().next().unwrap();
//! println!("{} {:?}", first.shape, first.route(*before));
//! # Ok::<(), puzzle_search::klotski::LayoutError>(())
//! ```

pub mod catalog;
mod common_code;
mod digits;
mod error;
pub(crate) mod frames;
mod generate;
mod layout;
mod moves;
mod pieces;
mod puzzle;
mod rank;
mod replay;
#[cfg(feature = "serde")]
mod serialize;
mod short_code;
mod space;
mod text;

pub use crate::metric::{Metric, UnknownMetric};
pub use common_code::{CommonCode, CommonCodeError};
pub use error::{CellPosition, Cells, LayoutError};
pub use generate::step_moves;
pub use layout::{Layout, CELLS, COLUMNS, GOAL_ANCHOR, ROWS};
pub use moves::{Direction, Move};
pub use pieces::{Piece, PieceCounts, Shape};
pub use puzzle::Klotski;
pub use rank::LAYOUT_COUNT;
pub use replay::{path_labels, MoveDetail};
pub use short_code::{ShortCode, ShortCodeError};
pub use space::{AllLayouts, PieceSetSpace};
