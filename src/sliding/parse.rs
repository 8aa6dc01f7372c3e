//! Boards from outside: tiles, and text (the numbers in row-major order,
//! SPEC §4), read and written.

use core::fmt;
use core::str::FromStr;

use super::{Board, Shape, MAX_CELLS};
use crate::util::excerpt::excerpt;

/// Why tiles or a text are not a board (see [`parse_board`]).
///
/// Positions count the numbers of the text from 1, the instance number
/// included.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A grid of lines (one row a line, as many numbers on each) whose shape
    /// no board has.
    #[error("the board is drawn as {rows} rows of {columns} numbers, a {rows}x{columns} board: boards have 2 to 5 rows and 2 to 5 columns")]
    UnsupportedShape {
        /// The lines of the grid.
        rows: usize,
        /// The numbers on each line.
        columns: usize,
    },
    /// A grid of lines whose shape is not the shape given.
    #[error("the board is drawn as a {drawn} board, not the {given} board asked for")]
    ShapeMismatch {
        /// The grid's shape.
        drawn: Shape,
        /// The shape given.
        given: Shape,
    },
    /// Not as many numbers as the board has cells (or one more).
    #[error("{}, found {found}", expected(*.shape))]
    WrongCount {
        /// The shape given, or `None` when the count had to decide it.
        shape: Option<Shape>,
        /// The numbers found.
        found: usize,
    },
    /// A word that is not a whole number.
    #[error("position {position}: {token:?} is not a whole number")]
    NotANumber {
        /// Its position, from 1.
        position: usize,
        /// The word, shortened to at most 40 characters.
        token: String,
    },
    /// An instance number that is negative or does not fit in 64 bits.
    #[error("position 1: the instance number {token} is out of range")]
    InstanceOutOfRange {
        /// The number as written, shortened to at most 40 characters.
        token: String,
    },
    /// A tile below 0 or above the largest tile of the board.
    #[error("position {position}: tile {token} is out of range (0 to {largest})")]
    TileOutOfRange {
        /// Its position, from 1.
        position: usize,
        /// The number as written, shortened to at most 40 characters.
        token: String,
        /// The largest tile of the board, `cells - 1`.
        largest: u8,
    },
    /// A tile found twice; with as many numbers as cells, another tile is
    /// then missing.
    #[error(
        "positions {first} and {second}: tile {tile} appears twice, so tile {missing} is missing"
    )]
    RepeatedTile {
        /// The tile.
        tile: u8,
        /// The position of its first occurrence, from 1.
        first: usize,
        /// The position of its second occurrence.
        second: usize,
        /// The smallest tile that does not appear.
        missing: u8,
    },
}

/// What [`BoardError::WrongCount`] expected.
fn expected(shape: Option<Shape>) -> String {
    match shape {
        Some(shape) => format!(
            "expected {} numbers for a {shape} board (or {}: an instance number, then the board)",
            shape.cells(),
            shape.cells() + 1
        ),
        None => "expected 9, 16 or 25 numbers for a 3x3, 4x4 or 5x5 board \
                 (or one more: an instance number, then the board)"
            .to_owned(),
    }
}

/// A board read from text, with the instance number that came before it, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParsedBoard {
    /// The instance number (the first of `cells + 1` numbers), if there was one.
    pub instance: Option<u64>,
    /// The board.
    pub board: Board,
}

/// Reads one board: its numbers in row-major order, the blank written `0`,
/// separated by whitespace (line breaks included) or commas (SPEC §4, §3.5).
///
/// With `cells + 1` numbers the first is an instance number, as in Korf's
/// instance files. A text of two or more lines with the same count (two or
/// more) of numbers on each is a grid, one row a line (what [`Board`]'s
/// `Display` writes): its shape is the board's, and must be `shape` when one
/// is given; a grid of a shape no board has is refused, unless `shape` is
/// given. Otherwise the shape is `shape` when given, else the count decides:
/// 9 or 10 numbers are a 3 × 3 board, 16 or 17 a 4 × 4, 25 or 26 a 5 × 5.
///
/// # Errors
///
/// In this order: a word that is not a whole number ([`BoardError::NotANumber`],
/// the first one), a grid of a shape no board has without a shape given
/// ([`BoardError::UnsupportedShape`]) or not the shape given
/// ([`BoardError::ShapeMismatch`]), a wrong count, an instance number or a tile out of range,
/// a repeated tile (which names the tile missing). Words are quoted up to 40
/// characters.
///
/// # Example
///
/// ```
/// use puzzle_search::sliding::{parse_board, Shape};
///
/// // Korf's instance 1: its number, then the 16 tiles.
/// let parsed = parse_board("1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", None)?;
/// assert_eq!(parsed.instance, Some(1));
/// assert_eq!(parsed.board.shape(), Shape::FIFTEEN);
/// assert_eq!(parsed.board.blank(), 9);
///
/// // Ten numbers are a 2x5 board when the shape says so.
/// let wide = parse_board("0,1,2,3,4,5,6,7,8,9", Some(Shape::new(2, 5)?))?;
/// assert_eq!((wide.instance, wide.board.shape().columns()), (None, 5));
///
/// let error = parse_board("1 2 3 4 x 6 7 8 0", None).unwrap_err();
/// assert_eq!(error.to_string(), r#"position 5: "x" is not a whole number"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_board(text: &str, shape: Option<Shape>) -> Result<ParsedBoard, BoardError> {
    let words = || words(text);
    if let Some((position, word)) = (1..).zip(words()).find(|(_, word)| !is_number(word)) {
        return Err(BoardError::NotANumber {
            position,
            token: excerpt(word),
        });
    }
    let found = words().count();
    // A grid of one number a line is numbers separated by line breaks; one
    // of a shape no board has is refused unless `shape` says how to read it.
    let drawn = match grid(text).filter(|&(_, columns)| columns > 1) {
        Some((rows, columns)) => match (Shape::new(rows, columns), shape) {
            (Ok(drawn), _) => Some(drawn),
            (Err(_), None) => return Err(BoardError::UnsupportedShape { rows, columns }),
            (Err(_), Some(_)) => None,
        },
        None => None,
    };
    if let (Some(drawn), Some(given)) = (drawn, shape) {
        if drawn != given {
            return Err(BoardError::ShapeMismatch { drawn, given });
        }
    }
    let shape = shape
        .or(drawn)
        .or_else(|| Shape::square(found).or_else(|| Shape::square(found.wrapping_sub(1))));
    let Some(shape) = shape.filter(|shape| found == shape.cells() || found == shape.cells() + 1)
    else {
        return Err(BoardError::WrongCount { shape, found });
    };
    let mut words = (1..).zip(words());
    let instance = if found > shape.cells() {
        let token = words.next().map_or("", |(_, word)| word);
        let number = token.parse().map_err(|_| BoardError::InstanceOutOfRange {
            token: excerpt(token),
        })?;
        Some(number)
    } else {
        None
    };
    let mut builder = Builder::new(shape);
    for (position, word) in words {
        // Out of `u8` is out of range: the builder reports it with the word.
        let tile = word.parse().unwrap_or(u8::MAX);
        builder.place(position, tile, || excerpt(word))?;
    }
    let board = builder.finish()?;
    Ok(ParsedBoard { instance, board })
}

/// The words of `text`: what whitespace and commas separate.
fn words(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
}

/// Whether `word` is a whole number: digits, perhaps after a minus sign.
fn is_number(word: &str) -> bool {
    let digits = word.strip_prefix('-').unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
}

/// The rows and columns of a grid: two or more non-blank lines, as many
/// numbers on each.
fn grid(text: &str) -> Option<(usize, usize)> {
    let mut lines = text
        .lines()
        .map(|line| words(line).count())
        .filter(|&count| count > 0);
    let columns = lines.next()?;
    let mut rows = 1;
    for count in lines {
        if count != columns {
            return None;
        }
        rows += 1;
    }
    (rows > 1).then_some((rows, columns))
}

impl FromStr for Board {
    type Err = BoardError;

    /// Reads a board whose shape the text shows: see [`parse_board`] without a
    /// shape. An instance number before the tiles is allowed and dropped.
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, Shape};
    ///
    /// let board = Board::goal(Shape::new(2, 3)?);
    /// assert_eq!(board.to_string(), "0 1 2\n3 4 5");
    /// assert_eq!(board.to_string().parse(), Ok(board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_board(text, None).map(|parsed| parsed.board)
    }
}

impl Board {
    /// The board of `shape` holding `tiles` in row-major order, the blank as 0.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] when `tiles` is not every number from 0 to
    /// `cells - 1` once: a wrong count, a tile out of range (its position
    /// counted from 1), or a repeated tile.
    ///
    /// ```
    /// use puzzle_search::sliding::{Board, BoardError, Shape};
    ///
    /// let shape = Shape::new(2, 2)?;
    /// let board = Board::from_tiles(shape, &[3, 1, 2, 0])?;
    /// assert_eq!(board.blank(), 3);
    /// assert_eq!(
    ///     Board::from_tiles(shape, &[3, 1, 1, 0]).unwrap_err().to_string(),
    ///     "positions 2 and 3: tile 1 appears twice, so tile 2 is missing"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_tiles(shape: Shape, tiles: &[u8]) -> Result<Board, BoardError> {
        if tiles.len() != shape.cells() {
            return Err(BoardError::WrongCount {
                shape: Some(shape),
                found: tiles.len(),
            });
        }
        let mut builder = Builder::new(shape);
        for (position, &tile) in (1..).zip(tiles) {
            builder.place(position, tile, || tile.to_string())?;
        }
        builder.finish()
    }

    /// The tiles in row-major order separated by single spaces, on one line:
    /// the form of a board in one-line output. [`parse_board`] with the shape
    /// reads it back (and without one for 3 × 3, 4 × 4 and 5 × 5).
    ///
    /// ```
    /// use puzzle_search::sliding::{parse_board, Board, Shape};
    ///
    /// let shape = Shape::new(3, 4)?;
    /// let goal = Board::goal(shape);
    /// assert_eq!(goal.to_row_string(), "0 1 2 3 4 5 6 7 8 9 10 11");
    /// assert_eq!(parse_board(&goal.to_row_string(), Some(shape))?.board, goal);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_row_string(self) -> String {
        let mut text = String::with_capacity(3 * self.shape().cells());
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                text.push(' ');
            }
            text.push_str(&tile.to_string());
        }
        text
    }
}

impl fmt::Display for Board {
    /// The rows on separate lines (no line break after the last), the numbers
    /// right-aligned to the width of the largest tile and separated by spaces:
    ///
    /// ```text
    ///  0  1  2  3
    ///  4  5  6  7
    ///  8  9 10 11
    /// 12 13 14 15
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape();
        let width = (shape.cells() - 1).to_string().len();
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                f.write_str(if cell % shape.columns() == 0 {
                    "\n"
                } else {
                    " "
                })?;
            }
            write!(f, "{tile:>width$}")?;
        }
        Ok(())
    }
}

/// Checks tiles one by one and packs them: the one place a board is built from
/// outside input (tiles or text).
///
/// A tile out of range is reported at once; a repeated tile at the end, once
/// every tile is known, so that the error can name the tile that is missing.
struct Builder {
    shape: Shape,
    code: u128,
    cells: usize,
    blank: usize,
    /// `positions[tile]`: where the tile was first found, counted from 1; 0 if not yet.
    positions: [usize; MAX_CELLS],
    /// The first tile found twice, with the position of its second occurrence.
    repeated: Option<(u8, usize)>,
}

impl Builder {
    fn new(shape: Shape) -> Self {
        Builder {
            shape,
            code: 0,
            cells: 0,
            blank: 0,
            positions: [0; MAX_CELLS],
            repeated: None,
        }
    }

    /// Places `tile` on the next cell; `position` counts the numbers read
    /// from 1, and `token` is the text to quote if the tile is out of range.
    fn place(
        &mut self,
        position: usize,
        tile: u8,
        token: impl FnOnce() -> String,
    ) -> Result<(), BoardError> {
        let cells = self.shape.cells();
        let slot = usize::from(tile);
        let Some(seen) = self.positions.get_mut(slot).filter(|_| slot < cells) else {
            return Err(BoardError::TileOutOfRange {
                position,
                token: token(),
                largest: (cells - 1) as u8,
            });
        };
        if *seen == 0 {
            *seen = position;
        } else if self.repeated.is_none() {
            self.repeated = Some((tile, position));
        }
        if self.cells < cells {
            if tile == 0 {
                self.blank = self.cells;
            }
            self.code |= u128::from(tile) << (self.shape.bits_per_cell() * self.cells as u32);
        }
        self.cells += 1;
        Ok(())
    }

    /// The board, once every cell holds a tile and none is repeated.
    fn finish(self) -> Result<Board, BoardError> {
        let cells = self.shape.cells();
        if self.cells != cells {
            return Err(BoardError::WrongCount {
                shape: Some(self.shape),
                found: self.cells,
            });
        }
        if let Some((tile, second)) = self.repeated {
            let first = self.positions.get(usize::from(tile)).copied().unwrap_or(0);
            let missing = self.positions.iter().take(cells).position(|&p| p == 0);
            return Err(BoardError::RepeatedTile {
                tile,
                first,
                second,
                missing: missing.unwrap_or(0) as u8,
            });
        }
        Ok(Board::from_parts(self.shape, self.code, self.blank))
    }
}
