//! A Moving AI map: its cells, passable or blocked, and its text format.

use super::error::{ParseError, Problem};
use super::Point;

/// A grid map: `width × height` cells, each passable or blocked.
///
/// The cells are kept with a border of blocked cells around them, so that
/// a neighbour is always a cell of the vector: `x` and `y` count from 0 at
/// the top left, and cell `(x, y)` is at [`index`](GridMap::index)
/// `(y + 1) · (width + 2) + x + 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMap {
    width: u32,
    height: u32,
    open: Vec<bool>,
}

impl GridMap {
    /// A map from its rows: `true` for a passable cell.
    ///
    /// # Errors
    ///
    /// [`Problem::BadSize`] for no rows or columns, more than 65,535, or
    /// rows of unequal lengths (at line 1, the first row).
    pub fn from_rows(rows: &[Vec<bool>]) -> Result<GridMap, ParseError> {
        let width = rows.first().map_or(0, Vec::len);
        let bad = || ParseError::new(1, 1, Problem::BadSize);
        if rows.iter().any(|row| row.len() != width) {
            return Err(bad());
        }
        let mut map = GridMap::blocked(width, rows.len()).ok_or_else(bad)?;
        for (y, row) in rows.iter().enumerate() {
            for (x, &open) in row.iter().enumerate() {
                map.set(x, y, open);
            }
        }
        Ok(map)
    }

    /// A map of blocked cells, if the size is allowed.
    fn blocked(width: usize, height: usize) -> Option<GridMap> {
        let allowed = 1..=usize::from(u16::MAX);
        if !allowed.contains(&width) || !allowed.contains(&height) {
            return None;
        }
        Some(GridMap {
            width: u32::try_from(width).ok()?,
            height: u32::try_from(height).ok()?,
            open: vec![false; (width + 2) * (height + 2)],
        })
    }

    fn set(&mut self, x: usize, y: usize, open: bool) {
        let stride = self.stride();
        if let Some(cell) = self.open.get_mut((y + 1) * stride + x + 1) {
            *cell = open;
        }
    }

    /// Parses a map in the Moving AI format: `type octile`, `height H`,
    /// `width W`, `map`, then `H` rows of `W` cells, `.` and `G` passable,
    /// `@`, `O`, `T`, `S` and `W` blocked.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first problem.
    ///
    /// ```
    /// use puzzle_search::grid::GridMap;
    ///
    /// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\n.T.\n")?;
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert!(map.is_open(0, 0) && !map.is_open(2, 0) && !map.is_open(1, 1));
    /// let error = GridMap::parse("type octile\nheight 1\nwidth 2\nmap\n.x\n").unwrap_err();
    /// assert_eq!((error.line, error.column), (5, 2));
    /// # Ok::<(), puzzle_search::grid::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<GridMap, ParseError> {
        let mut lines = text
            .lines()
            .map(|line| line.strip_suffix('\r').unwrap_or(line));
        let mut number = 0;
        let mut next = |expected: &'static str| {
            number += 1;
            lines
                .next()
                .map(|line| (number, line))
                .ok_or(ParseError::new(number, 1, Problem::Expected(expected)))
        };
        let (line, text) = next("type octile")?;
        header(line, text, "type", "type octile")?
            .filter(|kind| *kind == "octile")
            .ok_or(ParseError::new(line, 1, Problem::Expected("type octile")))?;
        let (line, text) = next("height H")?;
        let height = size(line, text, "height")?;
        let (line, text) = next("width W")?;
        let width = size(line, text, "width")?;
        let (line, text) = next("map")?;
        if text.trim() != "map" {
            return Err(ParseError::new(line, 1, Problem::Expected("map")));
        }
        let mut map = GridMap::blocked(width, height).ok_or(ParseError::new(
            line - 2,
            1,
            Problem::BadSize,
        ))?;
        for y in 0..height {
            let (line, text) = next("a row of the map").map_err(|error| {
                ParseError::new(
                    error.line,
                    1,
                    Problem::MissingRows {
                        expected: height,
                        found: y,
                    },
                )
            })?;
            let mut cells = 0;
            for (x, cell) in text.chars().enumerate() {
                let open = match cell {
                    '.' | 'G' => true,
                    '@' | 'O' | 'T' | 'S' | 'W' => false,
                    other => return Err(ParseError::new(line, x + 1, Problem::BadCell(other))),
                };
                if x >= width {
                    let found = text.chars().count();
                    let problem = Problem::RowLength {
                        expected: width,
                        found,
                    };
                    return Err(ParseError::new(line, x + 1, problem));
                }
                map.set(x, y, open);
                cells += 1;
            }
            if cells < width {
                let problem = Problem::RowLength {
                    expected: width,
                    found: cells,
                };
                return Err(ParseError::new(line, cells + 1, problem));
            }
        }
        while let Ok((line, text)) = next("") {
            if let Some(column) = text.chars().position(|c| !c.is_whitespace()) {
                return Err(ParseError::new(line, column + 1, Problem::ExtraText));
            }
        }
        Ok(map)
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `(x, y)` is a passable cell of the map (`false` outside it).
    pub fn is_open(&self, x: u32, y: u32) -> bool {
        self.contains(x, y) && self.open_at(self.index(Point { x, y }))
    }

    /// Whether `(x, y)` is on the map.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height
    }

    /// The index of `point` among the cells and their border (see [`GridMap`]).
    #[inline]
    pub fn index(&self, point: Point) -> usize {
        (point.y as usize + 1) * self.stride() + point.x as usize + 1
    }

    /// The distance between the indices of two cells one row apart.
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.width as usize + 2
    }

    /// Whether the cell or border at `index` is passable.
    #[inline]
    pub(crate) fn open_at(&self, index: usize) -> bool {
        self.open.get(index).copied().unwrap_or(false)
    }
}

/// The word after `key` on a line `key word`; `None` if the line has no second word.
fn header<'t>(
    line: usize,
    text: &'t str,
    key: &str,
    expected: &'static str,
) -> Result<Option<&'t str>, ParseError> {
    let mut words = text.split_whitespace();
    if words.next() != Some(key) {
        return Err(ParseError::new(line, 1, Problem::Expected(expected)));
    }
    Ok(words.next())
}

/// The number of a `height H` or `width W` line.
fn size(line: usize, text: &str, key: &'static str) -> Result<usize, ParseError> {
    let expected = if key == "height" {
        "height H"
    } else {
        "width W"
    };
    let Some(word) = header(line, text, key, expected)? else {
        return Err(ParseError::new(
            line,
            text.chars().count() + 1,
            Problem::Expected(expected),
        ));
    };
    let column = column_of(text, word);
    let number: usize = word
        .parse()
        .map_err(|_| ParseError::new(line, column, Problem::NotANumber(word.to_owned())))?;
    if number == 0 || number > usize::from(u16::MAX) {
        return Err(ParseError::new(line, column, Problem::BadSize));
    }
    Ok(number)
}

/// The column, from 1, where `word` (a slice of `text`) starts.
pub(super) fn column_of(text: &str, word: &str) -> usize {
    let at = (word.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    text.get(..at)
        .map_or(1, |before| before.chars().count() + 1)
}
