//! The abstraction of a group of tiles: [`PatternSpace`], a dense space of
//! [`PatternState`]s, searched backward from the goal to build a table.

use super::numbering::{cells_of_tiles, Numbering, Placed};
use crate::sliding::partition::{placements, MAX_GROUP};
use crate::sliding::{Board, Partition, Shape, MAX_CELLS};
use crate::{Abstraction, Backward, DenseSpace, Puzzle};

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
                    placement: self.numbering.moved(
                        Placed {
                            cells: &state.cells,
                            taken: state.taken,
                            placement: state.placement,
                        },
                        index,
                        from,
                        to,
                    ),
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

#[cfg(test)]
// A test fails by panicking.
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

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
