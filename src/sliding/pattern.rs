//! Additive pattern databases: the abstraction of a group of tiles, and the
//! heuristic that sums the tables of a partition.

use super::partition::{placements, MAX_GROUP};
use super::{Board, Partition, Shape, MAX_CELLS};
use crate::adapt::Heuristic;
use crate::{Abstraction, Backward, DenseSpace, Puzzle};

/// The numbering of the placements of `size` distinct tiles on `cells` cells:
/// the tiles' cells read as digits of a mixed-radix number, each digit
/// counting only the cells the tiles before it left free.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Numbering {
    cells: u32,
    size: usize,
    /// `multipliers[i]`: the placements of the tiles after the `i`th.
    multipliers: [u64; MAX_GROUP],
}

impl Numbering {
    fn new(cells: usize, size: usize) -> Numbering {
        let mut multipliers = [0u64; MAX_GROUP];
        for (index, multiplier) in multipliers.iter_mut().enumerate().take(size) {
            *multiplier = ((index + 1)..size).fold(1u64, |product, later| {
                product.saturating_mul((cells - later) as u64)
            });
        }
        Numbering {
            cells: cells as u32,
            size,
            multipliers,
        }
    }

    /// The number of the placement that puts the tiles on `cells`, in order,
    /// and the mask of those cells.
    #[inline(always)]
    fn rank(&self, cells: impl Iterator<Item = u8>) -> (u64, u32) {
        let mut taken = 0u32;
        let mut rank = 0u64;
        for (cell, &multiplier) in cells.zip(&self.multipliers) {
            let bit = 1u32 << (cell & 31);
            let before = (taken & (bit - 1)).count_ones();
            rank += u64::from(u32::from(cell) - before) * multiplier;
            taken |= bit;
        }
        (rank, taken)
    }

    /// [`rank`](Numbering::rank) of a group of `N` tiles: a fixed count the
    /// compiler unrolls, for the pattern databases' lookups, made for every
    /// board a search meets.
    #[inline(always)]
    fn rank_of<const N: usize>(&self, cells: [u8; N]) -> u64 {
        self.rank(cells.iter().copied()).0
    }

    /// The number of the placement of `state` once its tile `index` moves
    /// from cell `from` to the free cell `to`, found from the old number
    /// rather than counted again.
    ///
    /// A tile's digit counts the free cells before its own, so a move
    /// changes the digit of the tile moved by the cells it passes, less the
    /// earlier tiles among them, and the digit of each later tile among them
    /// by one.
    #[inline]
    fn moved(&self, state: &PatternState, index: usize, from: u8, to: u8) -> u64 {
        let multiplier = |tile: usize| self.multipliers.get(tile).copied().unwrap_or(0);
        let (low, high) = (from.min(to), from.max(to));
        // The cells strictly between the two.
        let between = ((1u32 << (high & 31)) - 1) & !((2u32 << (low & 31)) - 1);
        let mut earlier = 0u64;
        let mut later = 0u64;
        if state.taken & between != 0 {
            for (tile, &cell) in state.cells.iter().enumerate().take(self.size) {
                if between & 1 << (cell & 31) != 0 {
                    if tile < index {
                        earlier += 1;
                    } else {
                        later += multiplier(tile);
                    }
                }
            }
        }
        let step = u64::from(high - low) - earlier;
        let change = step * multiplier(index) + later;
        if to > from {
            state.placement + change
        } else {
            state.placement - change
        }
    }

    /// The cells of the placement numbered `rank`, and their mask.
    fn unrank(&self, mut rank: u64) -> ([u8; MAX_GROUP], u32) {
        let mut cells = [0u8; MAX_GROUP];
        let mut taken = 0u32;
        for (slot, &multiplier) in cells.iter_mut().zip(&self.multipliers).take(self.size) {
            let digit = rank / multiplier.max(1);
            rank %= multiplier.max(1);
            *slot = nth_free(taken, digit as u32, self.cells);
            taken |= 1 << *slot;
        }
        (cells, taken)
    }
}

/// The cell of each tile of `board`, by tile (the blank's at 0); 32
/// entries, so that a tile masked to five bits indexes it without a check.
/// The lookups read the entries of the groups' tiles only, never the blank's.
#[inline(always)]
fn cells_of_tiles(board: &Board) -> [u8; 32] {
    let mut cell_of = [0u8; 32];
    let mut place = |tile: u8, cell: usize| {
        if let Some(slot) = cell_of.get_mut(usize::from(tile & 31)) {
            *slot = cell as u8;
        }
    };
    if board.shape().bits_per_cell() == 4 {
        // All sixteen fields of the word, a fixed loop the compiler unrolls:
        // those past the board's cells hold 0 (a board's code has no bit set
        // beyond its cells), and going down, the blank's own cell is the last
        // written for tile 0.
        let code = board.code() as u64;
        for cell in (0..16).rev() {
            place((code >> (4 * cell)) as u8 & 0xf, cell);
        }
    } else {
        for cell in 0..board.shape().cells() {
            place(board.field(cell), cell);
        }
    }
    cell_of
}

/// The `n`th cell (from 0) below `cells` that is not in `taken`, or the
/// last cell when there are fewer.
fn nth_free(taken: u32, n: u32, cells: u32) -> u8 {
    let mut left = n;
    for cell in 0..cells {
        if taken & 1 << cell == 0 {
            if left == 0 {
                return cell as u8;
            }
            left -= 1;
        }
    }
    cells.saturating_sub(1) as u8
}

/// An abstract board of a [`PatternSpace`]: the cells of the group's tiles,
/// and the cells the blank can reach without moving any of them. The other
/// tiles are not told apart, and the blank's cell within its region does
/// not matter, since the other tiles move freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PatternState {
    /// The cell of each tile of the group, in the group's order.
    cells: [u8; MAX_GROUP],
    /// The cells of the group's tiles, as a mask.
    taken: u32,
    /// The cells the blank can reach, as a mask.
    region: u32,
    /// The number of the placement of the group's tiles.
    placement: u64,
}

impl PatternState {
    /// The cell of each tile of the group, in the group's order.
    pub fn tile_cells(&self) -> &[u8] {
        let size = self.taken.count_ones() as usize;
        self.cells.get(..size).unwrap_or(&self.cells)
    }

    /// The cells the blank can reach without moving a tile of the group, as
    /// a mask (bit `c` for cell `c`).
    pub fn blank_region(&self) -> u32 {
        self.region
    }
}

/// The abstraction behind one group's pattern database: boards on which only
/// the group's tiles are told apart, the blank roaming freely among the
/// others. A move slides one of the group's tiles into a cell the blank can
/// reach, so a path of the abstraction counts exactly the moves of the
/// group's tiles; the other tiles' moves are free.
///
/// An abstract state is numbered by the placement of the group's tiles, then
/// the lowest cell of the blank's region (in as many bits as the cells
/// need, so some numbers name no state); a pattern is a placement, and its
/// entry the fewest moves of the group's tiles that bring them home. Hand it
/// to the engine (`atlas::pattern_database`) to build the table.
///
/// ```
/// use puzzle_search::sliding::{Partition, PatternSpace, Shape};
/// use puzzle_search::{Abstraction, DenseSpace};
///
/// let partition = Partition::named(Shape::FIFTEEN, "6-6-3")?;
/// let space = PatternSpace::new(&partition, 2).unwrap(); // tiles 1, 2, 3
/// assert_eq!(space.patterns(), 16 * 15 * 14);
/// assert_eq!(space.len(), 16 * 15 * 14 * 16); // and the blank's region's first cell
/// # Ok::<(), puzzle_search::sliding::PartitionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PatternSpace<'a> {
    shape: Shape,
    tiles: &'a [u8],
    numbering: Numbering,
    /// Every cell of the board, as a mask.
    board: u32,
    /// The cells off the first and off the last column.
    not_first_column: u32,
    not_last_column: u32,
    /// The neighbours of each cell, as masks.
    neighbours: [u32; MAX_CELLS],
    /// The bits of a rank that number the lowest cell of the blank's region:
    /// enough for every cell, so that a rank splits with shifts.
    slot_bits: u32,
    /// On boards of up to [`CONNECTED_CELLS`] cells, a bit for each set of
    /// cells telling whether it is connected: most sets of free cells are,
    /// and then the blank's region is all of them, with no flood to run.
    connected: Vec<u64>,
}

/// The largest board whose connected sets of cells [`PatternSpace`] lists
/// (one bit for each of the 2¹⁶ sets: 8 KiB).
const CONNECTED_CELLS: usize = 16;

impl<'a> PatternSpace<'a> {
    /// The abstraction of group `group` (from 0) of `partition`, or `None`
    /// when there is no such group.
    pub fn new(partition: &'a Partition, group: usize) -> Option<PatternSpace<'a>> {
        let tiles = partition.groups().nth(group)?;
        let shape = partition.shape();
        let (cells, columns) = (shape.cells(), shape.columns());
        let mut not_first_column = 0;
        let mut not_last_column = 0;
        let mut neighbours = [0u32; MAX_CELLS];
        for cell in 0..cells {
            let column = shape.column_of(cell);
            if column > 0 {
                not_first_column |= 1 << cell;
            }
            if column + 1 < columns {
                not_last_column |= 1 << cell;
            }
            let row = shape.row_of(cell);
            let mut mask = 0u32;
            if row > 0 {
                mask |= 1 << (cell - columns);
            }
            if row + 1 < shape.rows() {
                mask |= 1 << (cell + columns);
            }
            if column > 0 {
                mask |= 1 << (cell - 1);
            }
            if column + 1 < columns {
                mask |= 1 << (cell + 1);
            }
            if let Some(slot) = neighbours.get_mut(cell) {
                *slot = mask;
            }
        }
        let mut space = PatternSpace {
            shape,
            tiles,
            numbering: Numbering::new(cells, tiles.len()),
            board: (1u32 << cells) - 1,
            not_first_column,
            not_last_column,
            neighbours,
            slot_bits: (cells as u32).next_power_of_two().trailing_zeros(),
            connected: Vec::new(),
        };
        if cells <= CONNECTED_CELLS {
            let sets = 1u32 << cells;
            let mut connected = vec![0u64; (sets as usize).div_ceil(64)];
            for set in 1..sets {
                if space.flood(set & set.wrapping_neg(), set) == set {
                    if let Some(word) = connected.get_mut(set as usize / 64) {
                        *word |= 1 << (set % 64);
                    }
                }
            }
            space.connected = connected;
        }
        Some(space)
    }

    /// The abstract board of `board`: where the group's tiles are, and where
    /// the blank can go.
    pub fn abstract_board(&self, board: &Board) -> PatternState {
        let cell_of = cells_of_tiles(board);
        let mut cells = [0u8; MAX_GROUP];
        for (slot, &tile) in cells.iter_mut().zip(self.tiles) {
            *slot = cell_of.get(usize::from(tile)).copied().unwrap_or(0);
        }
        self.state(cells, board.blank() as u8)
    }

    /// The abstract board with the group's tiles on `cells` and the blank on `blank`.
    #[inline]
    fn state(&self, cells: [u8; MAX_GROUP], blank: u8) -> PatternState {
        let (placement, taken) = self
            .numbering
            .rank(cells.iter().copied().take(self.tiles.len()));
        PatternState {
            cells,
            taken,
            region: self.region(1 << (blank & 31), !taken & self.board),
            placement,
        }
    }

    /// The cells of `free` connected to `start` (which is in `free`): all of
    /// them when `free` is connected.
    #[inline]
    fn region(&self, start: u32, free: u32) -> u32 {
        let word = self.connected.get(free as usize / 64).copied().unwrap_or(0);
        if word & 1 << (free % 64) != 0 {
            free
        } else {
            self.flood(start, free)
        }
    }

    /// The cells of `free` connected to `start` (which is in `free`).
    #[inline]
    fn flood(&self, start: u32, free: u32) -> u32 {
        let columns = self.shape.columns() as u32;
        let mut region = start;
        loop {
            let grown = (region
                | (region << 1 & self.not_first_column)
                | (region >> 1 & self.not_last_column)
                | region << columns
                | region >> columns)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The goal, every tile of the group on its own cell (tile `t` on cell
    /// `t`) and the blank top-left.
    fn goal(&self) -> PatternState {
        let mut cells = [0u8; MAX_GROUP];
        for (slot, &tile) in cells.iter_mut().zip(self.tiles) {
            *slot = tile;
        }
        self.state(cells, 0)
    }
}

impl Puzzle for PatternSpace<'_> {
    type State = PatternState;
    /// The index in the group of the tile that slides, and the cell it slides to.
    type Move = (u8, u8);
    type Key = u64;

    #[inline]
    fn encode(&self, state: &PatternState) -> u64 {
        self.rank(state)
    }

    /// Each tile of the group next to the blank's region slides into it;
    /// the blank is then where the tile was.
    #[inline]
    fn successors(&self, state: &PatternState, mut emit: impl FnMut((u8, u8), PatternState)) {
        let size = self.tiles.len();
        for (index, &from) in state.cells.iter().enumerate().take(size) {
            let from_bit = 1u32 << (from & 31);
            let mut targets = self
                .neighbours
                .get(usize::from(from))
                .map_or(0, |&mask| mask & state.region);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut cells = state.cells;
                if let Some(slot) = cells.get_mut(index) {
                    *slot = to;
                }
                let taken = state.taken ^ from_bit ^ 1 << to;
                let next = PatternState {
                    cells,
                    taken,
                    region: self.region(from_bit, !taken & self.board),
                    placement: self.numbering.moved(state, index, from, to),
                };
                emit((index as u8, to), next);
            }
        }
    }

    fn is_goal(&self, state: &PatternState) -> bool {
        let goal = self.goal();
        state.taken == goal.taken && state.placement == goal.placement && state.region & 1 != 0
    }
}

impl Backward for PatternSpace<'_> {
    fn goal_states(&self, _: &PatternState, mut emit: impl FnMut(PatternState)) {
        emit(self.goal());
    }

    /// Every move undoes itself: sliding the tile back leaves the blank's
    /// region as it was.
    #[inline]
    fn predecessors(&self, state: &PatternState, emit: impl FnMut((u8, u8), PatternState)) {
        self.successors(state, emit);
    }
}

impl DenseSpace for PatternSpace<'_> {
    type State = PatternState;

    fn len(&self) -> u64 {
        placements(self.shape.cells() as u64, self.tiles.len() as u64)
            .saturating_mul(1 << self.slot_bits)
    }

    #[inline]
    fn rank(&self, state: &PatternState) -> u64 {
        state.placement << self.slot_bits | u64::from(state.region.trailing_zeros())
    }

    fn unrank(&self, rank: u64) -> PatternState {
        let (placed, _) = self.numbering.unrank(rank >> self.slot_bits);
        let slot = rank & ((1 << self.slot_bits) - 1);
        self.state(placed, slot.min(self.shape.cells() as u64 - 1) as u8)
    }

    fn for_each_goal(&self, mut emit: impl FnMut(PatternState)) {
        emit(self.goal());
    }
}

impl Abstraction for PatternSpace<'_> {
    fn patterns(&self) -> u64 {
        placements(self.shape.cells() as u64, self.tiles.len() as u64)
    }

    #[inline]
    fn pattern_of(&self, rank: u64) -> u64 {
        rank >> self.slot_bits
    }
}

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
/// group's [`PatternSpace`] to `atlas::pattern_database`. A board of another
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
        let cell = |tile: u8| cell_of.get(usize::from(tile & 31)).copied().unwrap_or(0);
        let direct: u32 = self
            .groups
            .iter()
            .map(|group| group.lookup(&group.tiles, cell))
            .sum();
        let Some(transpose) = &self.transpose else {
            return direct;
        };
        let image = |tile: u8| transpose.get(usize::from(cell(tile))).copied().unwrap_or(0);
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

#[cfg(test)]
// A test fails by panicking.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_a_bijection() {
        for (cells, size) in [(9, 1), (9, 3), (6, 5), (16, 2)] {
            let numbering = Numbering::new(cells, size);
            let count = placements(cells as u64, size as u64);
            for rank in 0..count {
                let (placed, taken) = numbering.unrank(rank);
                assert_eq!(taken.count_ones() as usize, size);
                assert_eq!(
                    numbering.rank(placed.iter().copied().take(size)),
                    (rank, taken)
                );
            }
        }
    }

    /// `rank_of` for `N` tiles numbers back a spread of placements on
    /// 16 and 25 cells.
    fn unrolled_ranking_agrees<const N: usize>() {
        for cells in [16, 25] {
            let numbering = Numbering::new(cells, N);
            let count = placements(cells as u64, N as u64);
            for rank in (0..count).step_by((count / 997).max(1) as usize) {
                let (placed, _) = numbering.unrank(rank);
                let mut tiles_cells = [0u8; N];
                tiles_cells.copy_from_slice(&placed[..N]);
                assert_eq!(
                    numbering.rank_of(tiles_cells),
                    rank,
                    "{N} tiles, {cells} cells"
                );
            }
        }
    }

    #[test]
    fn every_tile_is_placed_on_its_cell() {
        for shape in Shape::all() {
            let goal = Board::goal(shape);
            let mut boards = vec![goal];
            let mut board = goal;
            for step in 0..40 {
                let directions: Vec<_> = board.directions().collect();
                board = board.play(directions[step % directions.len()]).unwrap();
                boards.push(board);
            }
            for board in boards {
                let cell_of = cells_of_tiles(&board);
                for (cell, tile) in board.tiles().enumerate() {
                    assert_eq!(usize::from(cell_of[usize::from(tile)]), cell, "{board:?}");
                }
            }
        }
    }

    #[test]
    fn every_group_size_has_its_ranking() {
        unrolled_ranking_agrees::<1>();
        unrolled_ranking_agrees::<2>();
        unrolled_ranking_agrees::<3>();
        unrolled_ranking_agrees::<4>();
        unrolled_ranking_agrees::<5>();
        unrolled_ranking_agrees::<6>();
        unrolled_ranking_agrees::<7>();
        unrolled_ranking_agrees::<8>();
        unrolled_ranking_agrees::<9>();
        unrolled_ranking_agrees::<10>();
        unrolled_ranking_agrees::<MAX_GROUP>();
    }

    #[test]
    fn abstract_states_rank_back() {
        let partition = Partition::parse(Shape::new(2, 3).unwrap(), "1,3").unwrap();
        let space = PatternSpace::new(&partition, 0).unwrap();
        assert_eq!(space.len(), 6 * 5 * 8);
        let mut states = 0;
        for rank in 0..space.len() {
            let state = space.unrank(rank);
            if space.rank(&state) != rank {
                continue; // not the lowest cell of its region, or a tile's
            }
            states += 1;
            assert_eq!(space.pattern_of(rank), rank / 8);
            space.successors(&state, |_, next| {
                assert!(space.rank(&next) < space.len());
                assert_eq!(space.unrank(space.rank(&next)), next);
                let mut back = false;
                space.predecessors(&next, |_, previous| back |= previous == state);
                assert!(back);
            });
        }
        // Two tiles on six cells: 30 placements. The four cells left fall in
        // two regions when the tiles take the middle column, or wall a
        // corner off (the corner's two neighbours): 5 pairs of cells, 2 orders.
        assert_eq!(states, 30 + 5 * 2);
    }
}
