//! Reading positions: one board ([`FromStr`]) and the SCOI2005 input format.

use super::position::Counts;
use super::{Cell, Position, CELLS, SIDE};
use core::str::FromStr;

use crate::util::excerpt::excerpt;

/// Why a text is not one board (see [`Position`]'s [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// A character other than `0`, `1`, `*` and the separators.
    #[error(
        "row {row}, column {column}: unexpected character {character:?} (expected '0', '1' or '*')"
    )]
    UnexpectedCharacter {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        character: char,
    },
    /// No separators, and not 25 symbols.
    #[error("expected 25 symbols, or 5 rows of 5 separated by '/' or line breaks; found {found} symbols")]
    Length {
        /// The symbols found.
        found: usize,
    },
    /// A row that does not hold 5 symbols.
    #[error("row {row}: expected 5 symbols, found {found}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// The symbols found in it.
        found: usize,
    },
    /// Not 5 rows.
    #[error("expected 5 rows, found {found}")]
    RowCount {
        /// The rows found.
        found: usize,
    },
    /// Not 12 `1`, 12 `0` and one `*`.
    #[error(
        "expected 12 '1', 12 '0' and one '*', found {ones} '1', {zeros} '0' and {empties} '*'"
    )]
    WrongCounts {
        /// The `1`s found.
        ones: usize,
        /// The `0`s found.
        zeros: usize,
        /// The `*`s found.
        empties: usize,
    },
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads one board: 25 symbols (`0`, `1`, `*`) in row-major order, either
    /// without separators or as 5 rows of 5 separated by `/` or line breaks
    /// (`\n` or `\r\n`). Whitespace around the board is ignored.
    ///
    /// ```
    /// use puzzle_search::knights::Position;
    ///
    /// let slashes: Position = "10110/01*11/10111/01001/00000".parse()?;
    /// let lines: Position = "10110\n01*11\n10111\n01001\n00000\n".parse()?;
    /// let plain: Position = "1011001*11101110100100000".parse()?;
    /// assert_eq!(slashes, lines);
    /// assert_eq!(slashes, plain);
    /// assert_eq!(slashes.to_string().parse(), Ok(slashes));
    ///
    /// let error = "10110/01*11/10x11/01001/00000".parse::<Position>().unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "row 3, column 3: unexpected character 'x' (expected '0', '1' or '*')"
    /// );
    /// # Ok::<(), puzzle_search::knights::ParsePositionError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let mut cells = [Cell::Empty; CELLS];
        if text.contains(['/', '\n']) {
            let mut rows = 0;
            for (row, line) in (1..).zip(text.split(['/', '\n'])) {
                let line = line.strip_suffix('\r').unwrap_or(line);
                let slots = cells.chunks_mut(SIDE).nth(row - 1).unwrap_or_default();
                read_row(line, slots, SIDE).map_err(|error| match error {
                    RowError::Character { column, character } => {
                        ParsePositionError::UnexpectedCharacter {
                            row,
                            column,
                            character,
                        }
                    }
                    RowError::Length { found } => ParsePositionError::RowLength { row, found },
                })?;
                rows = row;
            }
            if rows != SIDE {
                return Err(ParsePositionError::RowCount { found: rows });
            }
        } else {
            read_row(text, &mut cells, CELLS).map_err(|error| match error {
                RowError::Character { column, character } => {
                    ParsePositionError::UnexpectedCharacter {
                        row: (column - 1) / SIDE + 1,
                        column: (column - 1) % SIDE + 1,
                        character,
                    }
                }
                RowError::Length { found } => ParsePositionError::Length { found },
            })?;
        }
        Position::from_cells(cells).map_err(|counts| ParsePositionError::WrongCounts {
            ones: counts.ones,
            zeros: counts.zeros,
            empties: counts.empties,
        })
    }
}

/// Why a row of symbols was rejected.
enum RowError {
    /// `character`, at `column` (from 1), is not a symbol.
    Character { column: usize, character: char },
    /// The row holds `found` symbols, not the number expected.
    Length { found: usize },
}

/// Reads the symbols of `row` into `slots`, checking that there are `expected` of them.
///
/// Every character is checked, so a bad symbol is reported before a bad length;
/// symbols beyond `slots` are counted, not stored.
fn read_row(row: &str, slots: &mut [Cell], expected: usize) -> Result<(), RowError> {
    let mut found = 0;
    for (column, character) in (1..).zip(row.chars()) {
        let cell = Cell::from_symbol(character).ok_or(RowError::Character { column, character })?;
        if let Some(slot) = slots.get_mut(found) {
            *slot = cell;
        }
        found = column;
    }
    if found == expected {
        Ok(())
    } else {
        Err(RowError::Length { found })
    }
}

/// Why a text is not valid SCOI2005 input (see [`parse_input`]).
///
/// Lines are numbered from 1, counting every physical line (blank ones too);
/// boards from 1 in input order; columns from 1 in characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KnightsInputError {
    /// The bytes are not UTF-8.
    #[error(
        "{}line {line}, column {column}: the input is not valid UTF-8",
        .board.map(|board| format!("board {board}, ")).unwrap_or_default()
    )]
    InvalidUtf8 {
        /// The board the first invalid byte falls in, if it falls in one (rather
        /// than on the first line or after the last announced board).
        board: Option<u64>,
        /// The line of the first invalid byte.
        line: usize,
        /// The column (in characters) of the first invalid byte.
        column: usize,
    },
    /// Nothing but blank lines.
    #[error("the input is empty: expected the number of boards on line 1")]
    Empty,
    /// The first line is a row of a board: the line with the number of boards
    /// is missing.
    #[error("line {line}: expected the number of boards first, found the board row {text:?}: the input must start with a line holding the count of boards")]
    MissingCount {
        /// The line.
        line: usize,
        /// Its text.
        text: String,
    },
    /// The first line is not a plain non-negative decimal integer.
    #[error("line {line}: expected the number of boards (a non-negative decimal integer), found {text:?}")]
    BadCount {
        /// The line.
        line: usize,
        /// Its text, shortened to at most 40 characters.
        text: String,
    },
    /// The number of boards does not fit in 64 bits.
    #[error("line {line}: the number of boards {text} is too large")]
    CountTooLarge {
        /// The line.
        line: usize,
        /// Its text, shortened to at most 40 characters.
        text: String,
    },
    /// A character other than `0`, `1` and `*` in a board.
    #[error("board {board}, line {line}, column {column}: unexpected character {character:?} (expected '0', '1' or '*')")]
    UnexpectedCharacter {
        /// The board.
        board: u64,
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        character: char,
    },
    /// A board line that does not hold 5 symbols.
    #[error("board {board}, line {line}: expected 5 characters, found {found}")]
    WrongLength {
        /// The board.
        board: u64,
        /// The line.
        line: usize,
        /// The characters found.
        found: usize,
    },
    /// A board that does not hold 12 `1`, 12 `0` and one `*`.
    #[error("board {board}, starting on line {line}: expected 12 '1', 12 '0' and one '*', found {ones} '1', {zeros} '0' and {empties} '*'")]
    WrongCounts {
        /// The board.
        board: u64,
        /// Its first line.
        line: usize,
        /// The `1`s found.
        ones: usize,
        /// The `0`s found.
        zeros: usize,
        /// The `*`s found.
        empties: usize,
    },
    /// The input ended before the announced number of boards began.
    #[error(
        "board {}, line {line}: the input ended after {found} of the {announced} announced boards",
        .found.saturating_add(1)
    )]
    MissingBoards {
        /// The number of boards the first line announced.
        announced: u64,
        /// The complete boards found.
        found: u64,
        /// The line where the next board would have begun: the one after the last.
        line: usize,
    },
    /// The input ended in the middle of a board.
    #[error("board {board}, starting on line {line}: the input ended after {rows} of its 5 lines")]
    TruncatedBoard {
        /// The board.
        board: u64,
        /// Its first line.
        line: usize,
        /// The lines of it found.
        rows: usize,
    },
    /// Text after the last announced board.
    #[error("line {line}: unexpected text after the last board ({announced} announced)")]
    TrailingText {
        /// The line.
        line: usize,
        /// The number of boards the first line announced.
        announced: u64,
    },
}

/// Reads the SCOI2005 input format: a line holding the number of boards `T`, then
/// `T` boards of 5 lines of 5 symbols (`0`, `1`, `*`).
///
/// Blank lines anywhere, trailing spaces and tabs, Windows line endings and a
/// leading byte-order mark are tolerated; anything else out of place is an error
/// naming the line (and the board, column and character where they apply). The
/// boards are checked for 12 `1`, 12 `0` and one `*`. Memory grows with the boards
/// actually present, never with the announced `T`.
///
/// # Example
///
/// ```
/// use puzzle_search::knights::{parse_input, KnightsInputError};
///
/// let boards = parse_input("1\r\n10110\r\n01*11\r\n10111\r\n01001\r\n00000\r\n")?;
/// assert_eq!(boards[0].to_row_string(), "1011001*11101110100100000");
///
/// let error = parse_input("1\n10110\n01*11\n10x11\n01001\n00000\n").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "board 1, line 4, column 3: unexpected character 'x' (expected '0', '1' or '*')"
/// );
/// # Ok::<(), KnightsInputError>(())
/// ```
pub fn parse_input(text: &str) -> Result<Vec<Position>, KnightsInputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    parse_counted(text).map_err(|error| {
        // A first line of 0s and 1s may be a count (10110 boards) or the first
        // row of a board with the count line left out: it was a row when the
        // input, given the count it lacks, reads as whole boards.
        let mut lines = text
            .split('\n')
            .map(|line| line.trim_end_matches([' ', '\t', '\r']))
            .filter(|line| !line.is_empty());
        let Some(first) = lines.next().filter(|first| is_row(first)) else {
            return error;
        };
        let rows = lines.count() + 1;
        if rows % SIDE == 0 && parse_counted(&format!("{}\n{text}", rows / SIDE)).is_ok() {
            KnightsInputError::MissingCount {
                line: 1 + text
                    .split('\n')
                    .take_while(|line| line.trim().is_empty())
                    .count(),
                text: first.to_owned(),
            }
        } else {
            error
        }
    })
}

/// Whether `text` can be a row of a board: five of `0`, `1` and `*`.
fn is_row(text: &str) -> bool {
    text.len() == SIDE && text.bytes().all(|byte| matches!(byte, b'0' | b'1' | b'*'))
}

/// [`parse_input`] of a text without its byte-order mark.
fn parse_counted(text: &str) -> Result<Vec<Position>, KnightsInputError> {
    let mut lines = (1..)
        .zip(text.split('\n'))
        .map(|(number, line)| (number, line.trim_end_matches([' ', '\t', '\r'])))
        .filter(|(_, line)| !line.is_empty());
    let (count_line, count_text) = lines.next().ok_or(KnightsInputError::Empty)?;
    let announced = parse_count(count_line, count_text)?;
    let mut boards = Vec::new();
    for board in 1..=announced {
        let mut cells = [Cell::Empty; CELLS];
        let mut first_line = 0;
        for (row, slots) in cells.chunks_mut(SIDE).enumerate() {
            let Some((line, text)) = lines.next() else {
                return Err(if row == 0 {
                    KnightsInputError::MissingBoards {
                        announced,
                        found: board - 1,
                        line: text.lines().count() + 1,
                    }
                } else {
                    KnightsInputError::TruncatedBoard {
                        board,
                        line: first_line,
                        rows: row,
                    }
                });
            };
            if row == 0 {
                first_line = line;
            }
            read_row(text, slots, SIDE).map_err(|error| match error {
                RowError::Character { column, character } => {
                    KnightsInputError::UnexpectedCharacter {
                        board,
                        line,
                        column,
                        character,
                    }
                }
                RowError::Length { found } => KnightsInputError::WrongLength { board, line, found },
            })?;
        }
        let position = Position::from_cells(cells).map_err(|counts: Counts| {
            KnightsInputError::WrongCounts {
                board,
                line: first_line,
                ones: counts.ones,
                zeros: counts.zeros,
                empties: counts.empties,
            }
        })?;
        boards.push(position);
    }
    match lines.next() {
        Some((line, _)) => Err(KnightsInputError::TrailingText { line, announced }),
        None => Ok(boards),
    }
}

/// [`parse_input`] on bytes, reporting where they stop being UTF-8.
///
/// ```
/// use puzzle_search::knights::{parse_input_bytes, KnightsInputError};
///
/// let error = parse_input_bytes(b"1\n10110\n01*\xff1\n").unwrap_err();
/// assert_eq!(
///     error,
///     KnightsInputError::InvalidUtf8 { board: Some(1), line: 3, column: 4 }
/// );
/// assert_eq!(
///     error.to_string(),
///     "board 1, line 3, column 4: the input is not valid UTF-8"
/// );
/// ```
pub fn parse_input_bytes(bytes: &[u8]) -> Result<Vec<Position>, KnightsInputError> {
    match core::str::from_utf8(bytes) {
        Ok(text) => parse_input(text),
        Err(error) => {
            let valid = bytes.get(..error.valid_up_to()).unwrap_or_default();
            // The bytes before the error are UTF-8 by definition of `valid_up_to`.
            let valid = core::str::from_utf8(valid).unwrap_or_default();
            let line = 1 + valid.matches('\n').count();
            let last_line = valid.rsplit('\n').next().unwrap_or_default();
            let last_line = last_line.strip_prefix('\u{feff}').unwrap_or(last_line);
            let column = 1 + last_line.chars().count();
            let board = board_of_line(valid, line);
            Err(KnightsInputError::InvalidUtf8 {
                board,
                line,
                column,
            })
        }
    }
}

/// The board that line `line` belongs to, `text` holding at least the lines
/// before it: boards follow the count line, five non-blank lines each.
fn board_of_line(text: &str, line: usize) -> Option<u64> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut before = text
        .split('\n')
        .take(line.saturating_sub(1))
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
        .filter(|line| !line.is_empty());
    let announced = parse_count(1, before.next()?).ok()?;
    let board = before.count() as u64 / SIDE as u64 + 1;
    (board <= announced).then_some(board)
}

/// The number of boards on the first line.
fn parse_count(line: usize, text: &str) -> Result<u64, KnightsInputError> {
    if text.contains('*') && is_row(text) {
        return Err(KnightsInputError::MissingCount {
            line,
            text: text.to_owned(),
        });
    }
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(KnightsInputError::BadCount {
            line,
            text: excerpt(text),
        });
    }
    text.parse().map_err(|_| KnightsInputError::CountTooLarge {
        line,
        text: excerpt(text),
    })
}
