//! Analyses: the only floor that joins a puzzle to an engine.
//!
//! * [`KlotskiAtlas`] maps all 29,334,498 Klotski layouts (or one piece set)
//!   with the [`atlas`](crate::atlas) engine, and [`KlotskiSummary`] counts
//!   them per piece set.
//! * [`KnightTable`] holds the exact distance of all 67,603,900 knight positions.
//! * [`EndgameTable`] sharpens the knight heuristic near the target
//!   ([`TabledKnights`]), and [`min_moves`] answers a SCOI2005 board.
//! * [`build_pattern_database`] builds the sliding-tile pattern databases of
//!   a [`Partition`](crate::sliding::Partition) with the atlas engine;
//!   [`save_pattern_database`] and [`load_pattern_database`] keep them in a
//!   table file.

mod klotski_atlas;
mod klotski_graph;
mod klotski_groups;
mod klotski_summary;
mod knight_endgame;
mod knight_table;
mod piece_slots;
#[cfg(feature = "serde")]
mod serialize;
mod sliding_patterns;

pub use klotski_atlas::{klotski_groups, KlotskiAtlas, PhaseTimes};
pub use klotski_summary::{KlotskiSummary, LayoutStats, PieceSetSummary, HARDEST_LIMIT};
pub use knight_endgame::{min_moves, EndgameTable, TabledKnights};
pub use knight_table::KnightTable;
pub use sliding_patterns::{
    build_pattern_database, load_pattern_database, load_trusted_pattern_database,
    pattern_space_name, save_pattern_database,
};
