//! Analyses: the only floor that joins a puzzle to an engine.
//!
//! * [`KlotskiAtlas`] maps all 29,334,498 Klotski layouts (or one piece set)
//!   with the [`atlas`](crate::atlas) engine, and [`KlotskiSummary`] counts
//!   them per piece set.
//! * [`KnightTable`] holds the exact distance of all 67,603,900 knight positions.
//! * [`EndgameTable`] sharpens the knight heuristic near the target
//!   ([`TabledKnights`]), and [`min_moves`] answers a SCOI2005 board.

mod klotski_atlas;
mod klotski_graph;
mod klotski_summary;
mod knight_endgame;
mod knight_table;

pub use klotski_atlas::{klotski_groups, KlotskiAtlas, PhaseTimes};
pub use klotski_summary::{KlotskiSummary, PieceSetSummary, HARDEST_LIMIT};
pub use knight_endgame::{min_moves, EndgameTable, TabledKnights};
pub use knight_table::KnightTable;
