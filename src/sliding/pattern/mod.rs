//! Additive pattern databases: the abstraction of a group of tiles, and the
//! heuristic that sums the tables of a partition.
//!
//! | room | job |
//! | --- | --- |
//! | `numbering` | the dense rank of the placements of a group's tiles |
//! | `space` | [`PatternSpace`]: a group's abstraction, the space its table is built over |
//! | `database` | [`PatternDatabase`]: the groups' tables summed into a heuristic |

mod database;
mod numbering;
mod space;

pub use database::{PatternDatabase, TableSizeError};
pub use space::{PatternSpace, PatternState};
