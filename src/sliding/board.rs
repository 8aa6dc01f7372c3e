//! Boards as packed integers, and the moves of the blank.

use core::fmt;

use super::Shape;

/// A move: the direction **the blank** moves.
///
/// The tile next to the blank in that direction slides the other way, into
/// the blank: after [`Direction::Up`] the blank is one row higher and the
/// tile that was above it is one row lower. Every move undoes itself:
/// [`reversed`](Direction::reversed) takes it back.
///
/// [`Direction::ALL`] lists them in the order the puzzle generates them: up,
/// left, right, down, as in Korf's IDA* experiments (1985).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    // The values are the directions' bits in a mask of moves and their
    // places in the shape's neighbour table.
    /// The blank moves one row up (the tile above it slides down).
    Up = 0,
    /// The blank moves one column left (the tile on its left slides right).
    Left = 1,
    /// The blank moves one column right (the tile on its right slides left).
    Right = 2,
    /// The blank moves one row down (the tile below it slides up).
    Down = 3,
}

impl Direction {
    /// The four directions, in the order moves are generated: up, left, right, down.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Left,
        Direction::Right,
        Direction::Down,
    ];

    /// The move that undoes this one: up and down, left and right.
    ///
    /// ```
    /// use puzzle_search::sliding::Direction;
    ///
    /// assert_eq!(Direction::Up.reversed(), Direction::Down);
    /// assert_eq!(Direction::Left.reversed().reversed(), Direction::Left);
    /// ```
    #[inline]
    pub const fn reversed(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::Down => Direction::Up,
        }
    }

    /// `up`, `left`, `right` or `down`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Down => "down",
        }
    }

    /// This direction's bit in a mask of directions.
    #[inline]
    pub(super) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The direction whose [`bit`](Direction::bit) is `1 << index`; the
    /// index is taken modulo 4.
    #[inline]
    pub(super) const fn from_bit_index(index: u32) -> Direction {
        match index % 4 {
            0 => Direction::Up,
            1 => Direction::Left,
            2 => Direction::Right,
            _ => Direction::Down,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board: its [`Shape`] and the tile on each cell, the blank written `0`.
///
/// Cell `i` is row `i / columns`, column `i % columns`. The tiles are packed
/// into an integer, [`code`](Board::code): cell `i`'s tile in bits
/// `wi..wi + w`, where `w` is [`Shape::bits_per_cell`]: 4 bits a cell, a
/// `u64`, for up to 16 cells (the 15-puzzle and everything smaller), and 5 bits
/// a cell, 125 bits of a `u128`, beyond. A move is a few bit operations on
/// that integer: the blank's field holds 0, so sliding tile `t` from cell `n`
/// into the blank on cell `b` is `code ^ (t << wn) ^ (t << wb)`. The blank's
/// cell is kept beside the code, so finding it costs nothing.
///
/// Every value of this type holds each tile `0..cells` exactly once.
///
/// ```
/// use puzzle_search::sliding::{Board, Direction, Shape};
///
/// let board: Board = "1 2 0\n3 4 5\n6 7 8".parse()?;
/// assert_eq!(board.shape(), Shape::EIGHT);
/// assert_eq!(board.blank(), 2);
/// assert_eq!(board.tile_at(0), Some(1));
/// assert_eq!(board.tiles().collect::<Vec<_>>(), [1, 2, 0, 3, 4, 5, 6, 7, 8]);
///
/// // The blank moves left: tile 2 slides right.
/// assert_eq!(board.tile_moved_by(Direction::Left), Some(2));
/// let next = board.play(Direction::Left).unwrap();
/// assert_eq!(next.to_row_string(), "1 0 2 3 4 5 6 7 8");
/// assert_eq!(board.play(Direction::Up), None); // the top row
/// assert_eq!(Board::from_code(Shape::EIGHT, next.code()), Some(next));
/// println!("{next}"); // three rows of three
/// # Ok::<(), puzzle_search::sliding::BoardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    // The code in two halves keeps the board at 24 bytes (a `u128` field would
    // align it to 16 and make it 32).
    low: u64,
    high: u64,
    blank: u8,
    shape: Shape,
}

impl Board {
    /// The goal of `shape`: the blank top-left, then the tiles 1, 2, … in
    /// row-major order (`0 1 2 / 3 4 5 / 6 7 8` for 3 × 3).
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Shape};
    ///
    /// let goal = Board::goal(Shape::FIFTEEN);
    /// assert!(goal.tiles().eq(0..16));
    /// assert_eq!(goal.blank(), 0);
    /// ```
    pub fn goal(shape: Shape) -> Board {
        Board::from_parts(shape, shape.goal_code(), 0)
    }

    /// The board of `shape` whose [`code`](Board::code) is `code`, or `None`
    /// when `code` is not one: each of its `cells` fields must hold a
    /// different number below `cells`, and the bits above them must be clear.
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Shape};
    ///
    /// let goal = Board::goal(Shape::EIGHT);
    /// assert_eq!(Board::from_code(Shape::EIGHT, goal.code()), Some(goal));
    /// assert_eq!(Board::from_code(Shape::EIGHT, goal.code() ^ 1), None); // tile 1 twice
    /// ```
    pub fn from_code(shape: Shape, code: u128) -> Option<Board> {
        let cells = shape.cells();
        let bits = shape.bits_per_cell();
        if code.checked_shr(bits * cells as u32).unwrap_or(0) != 0 {
            return None;
        }
        let mut seen = 0u32;
        let mut blank = 0;
        for cell in 0..cells {
            let tile = field(code, bits, cell);
            if usize::from(tile) >= cells || seen >> tile & 1 == 1 {
                return None;
            }
            seen |= 1 << tile;
            if tile == 0 {
                blank = cell;
            }
        }
        Some(Board::from_parts(shape, code, blank))
    }

    /// The packed tiles: cell `i`'s tile in bits `wi..wi + w`, `w` being
    /// [`Shape::bits_per_cell`] (see [`Board`]).
    ///
    /// Two boards of one shape are equal exactly when their codes are.
    #[inline]
    pub const fn code(self) -> u128 {
        (self.high as u128) << 64 | self.low as u128
    }

    /// The shape.
    #[inline]
    pub const fn shape(self) -> Shape {
        self.shape
    }

    /// The cell of the blank.
    #[inline]
    pub const fn blank(self) -> usize {
        self.blank as usize
    }

    /// The tile on `cell` (0 for the blank), or `None` off the board.
    #[inline]
    pub fn tile_at(self, cell: usize) -> Option<u8> {
        (cell < self.shape.cells()).then(|| self.field(cell))
    }

    /// The tiles in row-major order, the blank as 0.
    pub fn tiles(self) -> impl ExactSizeIterator<Item = u8> + Clone {
        (0..self.shape.cells()).map(move |cell| self.field(cell))
    }

    /// The directions the blank can move, in the order [`Direction::ALL`]
    /// lists them (up, left, right, down).
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Direction, Shape};
    ///
    /// let corner = Board::goal(Shape::EIGHT); // the blank top-left
    /// assert!(corner.directions().eq([Direction::Right, Direction::Down]));
    /// ```
    pub fn directions(self) -> impl Iterator<Item = Direction> {
        let moves = self.moves();
        Direction::ALL
            .into_iter()
            .filter(move |direction| moves & direction.bit() != 0)
    }

    /// The cell the blank moves to in `direction`, or `None` off the board.
    #[inline]
    pub fn neighbour(self, direction: Direction) -> Option<usize> {
        self.can_move(direction)
            .then(|| usize::from(self.target(direction)))
    }

    /// The board after the blank moves in `direction`, or `None` when that
    /// would leave the board.
    #[inline]
    pub fn play(self, direction: Direction) -> Option<Board> {
        self.can_move(direction)
            .then(|| self.slide(self.target(direction)))
    }

    /// The tile that moves when the blank moves in `direction` (the one that
    /// [`play`](Board::play) slides into the blank), or `None` off the board.
    #[inline]
    pub fn tile_moved_by(self, direction: Direction) -> Option<u8> {
        self.can_move(direction)
            .then(|| self.field(usize::from(self.target(direction))))
    }

    /// The directions the blank can move, as a mask of [`Direction::bit`]s.
    #[inline]
    pub(super) fn moves(self) -> u8 {
        self.shape.moves_from(self.blank())
    }

    /// Whether the blank can move in `direction`.
    #[inline]
    pub(super) fn can_move(self, direction: Direction) -> bool {
        self.moves() & direction.bit() != 0
    }

    /// The cell next to the blank in `direction`; the caller checks that it
    /// is on the board ([`can_move`](Board::can_move)).
    #[inline]
    pub(super) fn target(self, direction: Direction) -> u8 {
        self.shape.neighbour(self.blank(), direction)
    }

    /// Slides the tile on `cell`, a neighbour of the blank, into the blank.
    #[inline]
    pub(super) fn slide(self, cell: u8) -> Board {
        let (low, high) = if self.shape.bits_per_cell() == 4 {
            // Up to 16 cells: all in `low`, one 64-bit word. The tile goes
            // from its field to the blank's: one multiplication writes it
            // into both, where the XOR clears the one and fills the other.
            let shift = 4 * u32::from(cell);
            let tile = self.low.wrapping_shr(shift) & 0xf;
            let fields = 1u64.wrapping_shl(shift) | 1u64.wrapping_shl(4 * u32::from(self.blank));
            (self.low ^ (tile * fields), 0)
        } else {
            let shift = 5 * u32::from(cell);
            let code = self.code();
            let tile = code.wrapping_shr(shift) & 0x1f;
            let code =
                code ^ tile.wrapping_shl(shift) ^ tile.wrapping_shl(5 * u32::from(self.blank));
            (code as u64, (code >> 64) as u64)
        };
        Board {
            low,
            high,
            blank: cell,
            shape: self.shape,
        }
    }

    /// The tile on `cell`, a cell of the board.
    #[inline]
    pub(super) fn field(self, cell: usize) -> u8 {
        if self.shape.bits_per_cell() == 4 {
            (self.low.wrapping_shr(4 * cell as u32) & 0xf) as u8
        } else {
            field(self.code(), 5, cell)
        }
    }

    /// The board of `shape` with `code`, whose blank is on `blank`: the
    /// caller knows them to agree.
    pub(super) fn from_parts(shape: Shape, code: u128, blank: usize) -> Board {
        Board {
            low: code as u64,
            high: (code >> 64) as u64,
            blank: blank as u8,
            shape,
        }
    }
}

/// The tile in cell `cell`'s field of `code`, at `bits` bits a cell.
#[inline]
fn field(code: u128, bits: u32, cell: usize) -> u8 {
    (code.wrapping_shr(bits * cell as u32) & ((1 << bits) - 1)) as u8
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("shape", &self.shape)
            .field("tiles", &Tiles(*self))
            .finish()
    }
}

/// A board's tiles for [`Board`]'s `Debug`: a list.
struct Tiles(Board);

impl fmt::Debug for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.tiles()).finish()
    }
}
