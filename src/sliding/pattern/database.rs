//! The heuristic of a partition: [`PatternDatabase`], the sum of its groups'
//! tables looked up (the larger of a board's and its mirror image's sum
//! when the partition mirrors).

use super::numbering::{cells_of_tiles, Numbering};
use crate::adapt::Heuristic;
use crate::sliding::partition::MAX_GROUP;
use crate::sliding::{Board, Partition, MAX_CELLS};

/// A table handed over for a group of a [`PatternDatabase`] does not have
/// one entry per placement of the group's tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the table of group {group} has {found} entries, expected {expected}")]
pub struct TableSizeError {
    /// The group, counted from 1.
    pub group: usize,
    /// The entries it needs (0 for a table beyond the last group).
    pub expected: u64,
    /// The entries found.
    pub found: u64,
}

/// One group's table and how to look a board up in it.
#[derive(Clone, Debug)]
struct GroupTable {
    /// The group's tiles (as many as its numbering places), then zeros.
    tiles: [u8; MAX_GROUP],
    /// For the mirror lookup: the tile whose transposed cell each tile of
    /// the group stands on in the transposed board.
    mirrored: [u8; MAX_GROUP],
    numbering: Numbering,
    table: Box<[u8]>,
}

impl GroupTable {
    /// The entry of the placement that puts the `i`th tile of the group on
    /// `cell(tiles[i])`, `tiles` being the group's tiles or their mirror
    /// images.
    ///
    /// A group holds one to [`MAX_GROUP`] tiles (a partition has no empty
    /// group); each size has its own unrolled ranking, chosen by a branch
    /// that every lookup of the group takes alike.
    #[inline(always)]
    fn lookup(&self, tiles: &[u8; MAX_GROUP], cell: impl Fn(u8) -> u8) -> u32 {
        // One arm a size up to MAX_GROUP: a larger MAX_GROUP needs arms.
        const _: () = assert!(MAX_GROUP == 11);
        let rank = match self.numbering.size {
            1 => self.placement::<1>(tiles, cell),
            2 => self.placement::<2>(tiles, cell),
            3 => self.placement::<3>(tiles, cell),
            4 => self.placement::<4>(tiles, cell),
            5 => self.placement::<5>(tiles, cell),
            6 => self.placement::<6>(tiles, cell),
            7 => self.placement::<7>(tiles, cell),
            8 => self.placement::<8>(tiles, cell),
            9 => self.placement::<9>(tiles, cell),
            10 => self.placement::<10>(tiles, cell),
            // 11; and were a size out of range, the multipliers past the
            // group's size are 0, so the tiles past it would add nothing.
            _ => self.placement::<MAX_GROUP>(tiles, cell),
        };
        self.table
            .get(rank as usize)
            .map_or(0, |&entry| u32::from(entry))
    }

    /// The number of the placement that puts the first `N` of `tiles` on
    /// their `cell`s.
    #[inline(always)]
    fn placement<const N: usize>(&self, tiles: &[u8; MAX_GROUP], cell: impl Fn(u8) -> u8) -> u64 {
        let mut cells = [0u8; N];
        for (slot, &tile) in cells.iter_mut().zip(tiles) {
            *slot = cell(tile);
        }
        self.numbering.rank_of(cells)
    }
}

/// The additive pattern-database heuristic of a [`Partition`]: the sum over
/// its groups of each group's table entry for the board, and on square
/// boards the larger of that sum and the same sum for the board mirrored
/// about its main diagonal.
///
/// Each table holds, for every placement of its group's tiles, the fewest
/// moves *of those tiles* that bring them home (the other tiles moving
/// freely): no solution moves a group's tiles fewer times, and the groups
/// are disjoint, so the sum never exceeds the moves left. It is 0 at the
/// goal. Transposing a square board maps solutions to solutions and the goal
/// to itself, so the mirrored sum is a bound too (Korf and Felner, 2002);
/// the same tables serve both.
///
/// The tables come from the engine: `analysis::build_pattern_database`
/// builds them (and `analysis::save_pattern_database` and
/// `analysis::load_pattern_database` keep them in a file), or hand each
/// group's [`PatternSpace`](super::PatternSpace) to `atlas::pattern_database`. A board of another
/// shape than the partition's gets the bound 0.
#[derive(Clone, Debug)]
pub struct PatternDatabase {
    partition: Partition,
    groups: Vec<GroupTable>,
    /// On square boards, each cell's mirror image about the main diagonal.
    transpose: Option<[u8; MAX_CELLS]>,
}

impl PatternDatabase {
    /// The heuristic of `partition` with `tables`, one per group in order,
    /// each with [`Partition::patterns`] entries.
    ///
    /// # Errors
    ///
    /// [`TableSizeError`] if a table has the wrong length, a group has no
    /// table, or a table has no group.
    pub fn from_tables(
        partition: Partition,
        tables: Vec<Vec<u8>>,
    ) -> Result<PatternDatabase, TableSizeError> {
        let shape = partition.shape();
        let transpose = (shape.rows() == shape.columns()).then(|| {
            let mut transpose = [0u8; MAX_CELLS];
            for (cell, image) in transpose.iter_mut().enumerate().take(shape.cells()) {
                *image = (shape.column_of(cell) * shape.columns() + shape.row_of(cell)) as u8;
            }
            transpose
        });
        let mut tables = tables.into_iter();
        let mut groups = Vec::new();
        for (index, tiles) in partition.groups().enumerate() {
            let expected = partition.patterns(index);
            let table = tables.next().unwrap_or_default();
            if table.len() as u64 != expected {
                return Err(TableSizeError {
                    group: index + 1,
                    expected,
                    found: table.len() as u64,
                });
            }
            let image = |tile: u8| {
                transpose
                    .and_then(|transpose| transpose.get(usize::from(tile)).copied())
                    .unwrap_or(tile)
            };
            let mut members = [0u8; MAX_GROUP];
            let mut mirrored = [0u8; MAX_GROUP];
            for ((member, image_slot), &tile) in members.iter_mut().zip(&mut mirrored).zip(tiles) {
                *member = tile;
                *image_slot = image(tile);
            }
            groups.push(GroupTable {
                tiles: members,
                mirrored,
                numbering: Numbering::new(shape.cells(), tiles.len()),
                table: table.into_boxed_slice(),
            });
        }
        if let Some(extra) = tables.next() {
            return Err(TableSizeError {
                group: groups.len() + 1,
                expected: 0,
                found: extra.len() as u64,
            });
        }
        Ok(PatternDatabase {
            partition,
            groups,
            transpose,
        })
    }

    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The table of group `group` (from 0), indexed by placement.
    pub fn table(&self, group: usize) -> Option<&[u8]> {
        self.groups.get(group).map(|group| &*group.table)
    }

    /// Whether boards are also looked up mirrored (square shapes only).
    pub fn mirrors(&self) -> bool {
        self.transpose.is_some()
    }

    /// The bound for `board`: see [`PatternDatabase`].
    #[inline]
    pub fn estimate(&self, board: &Board) -> u32 {
        let shape = self.partition.shape();
        if board.shape() != shape {
            return 0;
        }
        let cell_of = cells_of_tiles(board);
        // A tile masked to five bits indexes the 32 entries without a check.
        #[allow(clippy::indexing_slicing)]
        let cell = |tile: u8| cell_of[usize::from(tile & 31)];
        let direct: u32 = self
            .groups
            .iter()
            .map(|group| group.lookup(&group.tiles, cell))
            .sum();
        let Some(transpose) = &self.transpose else {
            return direct;
        };
        // A tile's cell is one of the board's, below `MAX_CELLS`.
        #[allow(clippy::indexing_slicing)]
        let image = |tile: u8| {
            debug_assert!(usize::from(cell(tile)) < MAX_CELLS);
            transpose[usize::from(cell(tile))]
        };
        let mirrored: u32 = self
            .groups
            .iter()
            .map(|group| group.lookup(&group.mirrored, image))
            .sum();
        direct.max(mirrored)
    }
}

impl Heuristic<Board> for PatternDatabase {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        PatternDatabase::estimate(self, board)
    }
}

impl Heuristic<Board> for &PatternDatabase {
    #[inline]
    fn estimate(&self, board: &Board) -> u32 {
        PatternDatabase::estimate(self, board)
    }
}
