//! The knight table: the exact distance to the target of all 67,603,900
//! positions of the 5×5 knight puzzle, one byte each.
//!
//! Indexed by [`Position::index`], and built breadth-first from the target by a
//! layered search made for this puzzle (the generic
//! [`distances`](super::distances) over [`Knights`] as a [`DenseSpace`] gives
//! the same table with about twice the work): under 2 s and 140 MB on two
//! cores. Every position can reach the target, in at most 39 moves.
//!
//! ```no_run
//! use puzzle_search::atlas::{knights::KnightTable, Options};
//! use puzzle_search::knights::Position;
//!
//! let table = KnightTable::build(&Options::new(), &mut |_| {})?;
//! let start: Position = "01011/110*1/01110/01010/00100".parse()?;
//! assert_eq!(table.distance(start), Some(18));
//! let path = table.path(start).unwrap();
//! assert_eq!(path.len(), 19);
//! assert_eq!(path.last(), Some(&Position::TARGET));
//! println!("diameter {}", table.diameter());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{Read, Write};

use super::{file, AtlasError, DenseSpace, Distances, Options, Progress};
use crate::knights::{Knights, Position, POSITION_COUNT};
use crate::Puzzle;

/// The name of the knight table in a [table file](super::file).
pub const FILE_NAME: &str = "knights";

/// The distance to [`Position::TARGET`] of every position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightTable {
    distances: Distances,
}

impl KnightTable {
    /// Computes the table: breadth-first from the target over all positions.
    ///
    /// With [`Options::with_max_depth`], positions farther than the limit are
    /// left without a distance, which makes a partial table cheap.
    ///
    /// # Errors
    ///
    /// None in practice: the space fits and is far shallower than
    /// [`MAX_DEPTH`](super::MAX_DEPTH).
    pub fn build(
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        Ok(KnightTable {
            distances: crate::knights::layered_distances(options, progress),
        })
    }

    /// The table from its distances, by [`Position::index`].
    ///
    /// # Errors
    ///
    /// [`file::FileError::WrongSize`] unless there is one entry per position.
    pub fn from_distances(distances: Distances) -> Result<Self, AtlasError> {
        if distances.len() != POSITION_COUNT {
            return Err(file::FileError::WrongSize {
                expected: POSITION_COUNT,
                found: distances.len(),
            }
            .into());
        }
        Ok(KnightTable { distances })
    }

    /// The distances, by [`Position::index`].
    pub fn distances(&self) -> &Distances {
        &self.distances
    }

    /// The fewest moves from `position` to the target, or `None` if the table
    /// does not know (a partial table).
    pub fn distance(&self, position: Position) -> Option<u32> {
        self.distances.get(position.index()).map(u32::from)
    }

    /// The largest distance: the diameter as seen from the target.
    pub fn diameter(&self) -> u32 {
        self.distances.max().map_or(0, u32::from)
    }

    /// The number of positions at each distance, from 0 to the diameter.
    pub fn histogram(&self) -> Vec<u64> {
        self.distances.histogram()
    }

    /// An optimal path from `position` to the target, both included: each step
    /// goes to a neighbour one move closer. `None` if the table does not know
    /// `position`.
    pub fn path(&self, position: Position) -> Option<Vec<Position>> {
        let mut distance = self.distance(position)?;
        let mut path = vec![position];
        let mut here = position;
        while distance > 0 {
            let mut closer = None;
            Knights.successors(&here, |_, next| {
                if closer.is_none() && self.distance(next) == Some(distance - 1) {
                    closer = Some(next);
                }
            });
            here = closer?;
            path.push(here);
            distance -= 1;
        }
        Some(path)
    }

    /// Writes the table as a [table file](super::file) named [`FILE_NAME`].
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn save(&self, writer: impl Write) -> Result<(), AtlasError> {
        file::save(writer, FILE_NAME, &self.distances, None)
    }

    /// Reads a table written by [`save`](KnightTable::save).
    ///
    /// # Errors
    ///
    /// A [`file::FileError`] naming what is wrong with the file, or the reader's error.
    pub fn load(reader: impl Read) -> Result<Self, AtlasError> {
        let (distances, _) = file::load(reader, FILE_NAME, Knights.len())?;
        Ok(KnightTable { distances })
    }
}
