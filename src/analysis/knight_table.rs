//! The knight table: the exact distance to the target of all 67,603,900
//! positions of the 5×5 knight puzzle, one byte each.
//!
//! Indexed by [`Position::index`], and built breadth-first from the target by a
//! layered pass made for this puzzle (the generic [`atlas::distances`](crate::atlas::distances) over
//! [`Knights`] gives the same table with about twice the work; the README's
//! performance section gives its time and memory). Every position can reach the target, in at most 39 moves.
//!
//! The table is split into 25 blocks by empty cell: block `e` holds the
//! [`ARRANGEMENTS`] positions with `e` empty, in index order. A jump moves the
//! empty cell, so every neighbour of a position lies in another block, reached
//! from a knight's move away. Each block is one unit of work, owned by one
//! thread for the layer: it takes the frontier positions of the neighbouring
//! blocks and marks their unreached neighbours in its own block. So
//!
//! * no two threads write the same block: no atomic operations, no races, and
//!   the same table whatever the number of threads;
//! * all probes of a unit land in one block's 2.7 MB of the table, which stays in
//!   cache, instead of anywhere in 67.6 MB.
//!
//! Only pushing is done: pulling (scanning the unreached positions of a block
//! for one with a neighbour in the frontier) was measured slower at every
//! layer, as positions have only 3.84 neighbours on average and the unreached
//! ones rarely find the frontier at the first try.
//!
//! ```no_run
//! use puzzle_search::analysis::KnightTable;
//! use puzzle_search::atlas::Options;
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
use std::sync::Mutex;

use crate::atlas::{
    file, layers::breadth_first, parallel::run_chunks, AtlasError, Distances, Options, Phase,
    Progress, MAX_DEPTH, UNREACHABLE,
};
use crate::knights::{
    knight_neighbours, Jump, Knights, Position, ARRANGEMENTS, CELLS, POSITION_COUNT,
};
use crate::{DenseSpace, Puzzle};

/// The distance to [`Position::TARGET`] of every position.
///
/// ```no_run
/// use puzzle_search::analysis::KnightTable;
/// use puzzle_search::atlas::Options;
/// use puzzle_search::knights::Position;
///
/// // All 67,603,900 positions, on every core, in a second or two.
/// let table = KnightTable::build(&Options::new(), &mut |_| {})?;
/// let start: Position = "01011/110*1/01110/01010/00100".parse()?;
/// assert_eq!(table.distance(start), Some(18));
/// assert_eq!(table.path(start).map(|path| path.len()), Some(19)); // start and target included
/// assert_eq!(table.diameter(), 39);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightTable {
    distances: Distances,
}

impl KnightTable {
    /// The space's name of the knight table in a [table file](crate::atlas::file),
    /// which [`save`](Self::save) writes and [`load`](Self::load) expects.
    pub const SPACE_NAME: &'static str = "knights";

    /// Computes the table: breadth-first from the target over all positions.
    ///
    /// With [`Options::with_max_depth`], positions farther than the limit are
    /// left without a distance, which makes a partial table cheap.
    ///
    /// # Errors
    ///
    /// [`AtlasError::Cancelled`] if the options' cancel flag was set; no other
    /// in practice, since the space fits and is far shallower than
    /// [`MAX_DEPTH`].
    pub fn build(
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Self, AtlasError> {
        Ok(KnightTable {
            distances: layered_distances(options, progress)?,
        })
    }

    /// The table from its distances, by [`Position::index`].
    ///
    /// # Errors
    ///
    /// [`AtlasError::TableSize`] unless there is one entry per position.
    pub fn from_distances(distances: Distances) -> Result<Self, AtlasError> {
        if distances.len() != POSITION_COUNT {
            return Err(AtlasError::TableSize {
                expected: POSITION_COUNT,
                found: distances.len(),
            });
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

    /// Writes the table as a [table file](crate::atlas::file) named [`SPACE_NAME`](Self::SPACE_NAME).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn save(&self, writer: impl Write) -> Result<(), AtlasError> {
        file::save(writer, Self::SPACE_NAME, &self.distances, None)
    }

    /// Reads a table written by [`save`](KnightTable::save).
    ///
    /// # Errors
    ///
    /// A [`file::FileError`] naming what is wrong with the file, or the reader's error.
    pub fn load(reader: impl Read) -> Result<Self, AtlasError> {
        let (distances, _) = file::load(reader, Self::SPACE_NAME, Knights.len())?;
        Ok(KnightTable { distances })
    }
}

/// Positions per block.
const BLOCK_LEN: usize = ARRANGEMENTS as usize;

/// One block and the frontier it builds in a layer.
struct Target<'a> {
    cell: usize,
    table: &'a mut [u8],
    next: &'a mut Vec<Position>,
}

/// The distance of every position to [`Position::TARGET`], by index.
// `frontier` has one list per cell, and cells (the target's empty cell,
// `neighbours`) are below `CELLS`.
#[allow(clippy::indexing_slicing)]
fn layered_distances(
    options: &Options,
    progress: &mut dyn FnMut(Progress),
) -> Result<Distances, AtlasError> {
    let mut table = vec![UNREACHABLE; CELLS * BLOCK_LEN];
    // The frontier of each block: its positions in the last layer.
    let mut first: Vec<Vec<Position>> = vec![Vec::new(); CELLS];
    let target = Position::TARGET;
    if let Some(slot) = table.get_mut(target.index() as usize) {
        *slot = 0;
    }
    first[target.empty()].push(target);
    let mut report = |depth: u8, done: u64| {
        progress(Progress {
            phase: Phase::Distances,
            depth: u32::from(depth),
            done,
            total: POSITION_COUNT,
        })
    };
    let end = breadth_first(
        first,
        options.max_depth().min(MAX_DEPTH),
        |frontier| frontier.iter().map(|block| block.len() as u64).sum(),
        |frontier, depth| expand_layer(&mut table, frontier, depth, options),
        &mut report,
    )?;
    report(end.depth, POSITION_COUNT);
    Ok(Distances::from_bytes(table))
}

/// Marks with `depth` the unreached neighbours of `frontier`, block by block
/// on the threads, and returns them as the next frontier.
// `frontier` and `next` have one list per cell, and `neighbours` yields cells.
#[allow(clippy::indexing_slicing)]
fn expand_layer(
    table: &mut [u8],
    frontier: &[Vec<Position>],
    depth: u8,
    options: &Options,
) -> Result<Vec<Vec<Position>>, AtlasError> {
    let mut next: Vec<Vec<Position>> = vec![Vec::new(); CELLS];
    let incoming =
        |cell: usize| -> usize { neighbours(cell).map(|from| frontier[from].len()).sum() };
    let mut work: Vec<Target<'_>> = table
        .chunks_mut(BLOCK_LEN)
        .zip(next.iter_mut())
        .enumerate()
        .map(|(cell, (table, next))| Target { cell, table, next })
        .filter(|target| incoming(target.cell) > 0)
        .collect();
    // Heaviest blocks first, so that the threads finish together.
    work.sort_by_key(|target| core::cmp::Reverse(incoming(target.cell)));
    let blocks = work.len() as u64;
    let work: Vec<Mutex<Option<Target<'_>>>> = work
        .into_iter()
        .map(|target| Mutex::new(Some(target)))
        .collect();
    run_chunks(
        options,
        blocks,
        1,
        || (),
        |range, _| {
            for slot in work
                .get(range.start as usize..range.end as usize)
                .unwrap_or(&[])
            {
                // A poisoned lock means another thread panicked; its panic is passed on.
                if let Some(target) = slot.lock().ok().and_then(|mut slot| slot.take()) {
                    expand_block(target, frontier, depth);
                }
            }
        },
        &mut |_| {},
    )?;
    drop(work);
    Ok(next)
}

/// The cells a knight's move from `cell`.
fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let mut mask = knight_neighbours(cell);
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let next = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            next
        })
    })
}

/// Marks with `depth` the unreached positions of `target`'s block one jump
/// from the frontier, and lists them as its next frontier.
// `neighbours` yields cells below `CELLS`, and `frontier` has one list per cell.
#[allow(clippy::indexing_slicing)]
fn expand_block(target: Target<'_>, frontier: &[Vec<Position>], depth: u8) {
    let Target { cell, table, next } = target;
    let block_start = (cell * BLOCK_LEN) as u64;
    for from in neighbours(cell) {
        // The knight on `cell` jumps into `from`, the frontier position's
        // empty cell, leaving `cell` empty.
        let jump = Jump {
            from: cell as u8,
            to: from as u8,
        };
        for &position in &frontier[from] {
            let Some(moved) = position.play(jump) else {
                continue;
            };
            let slot = (moved.index() - block_start) as usize;
            if let Some(slot) = table.get_mut(slot) {
                if *slot == UNREACHABLE {
                    *slot = depth;
                    next.push(moved);
                }
            }
        }
    }
}
